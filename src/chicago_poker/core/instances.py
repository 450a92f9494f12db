"""Instances made without their ``__init__``: the setters of their slots.

``apply`` makes the parts of each new state (players, columns, businesses), and ``view`` the
parts of each view, as bare instances (``object.__new__``) whose slots it sets directly: the
frozen ``__init__`` of attrs sets each field through ``object.__setattr__``, the slowest way
to make an instance. Only classes with no validator, converter or post-init are made so
(``tests/test_engine_internals.py`` and ``tests/test_views.py`` check them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["slot_setter"]


def slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The function that sets the slot ``name`` of an instance of ``cls``.

    >>> from chicago_poker.core.state import Column
    >>> column = object.__new__(Column)
    >>> slot_setter(Column, "marker")(column, 3)
    >>> column.marker
    3
    """
    setter: Callable[[Any, Any], None] = vars(cls)[name].__set__
    return setter
