"""What ``str()`` of a state or a view prints: the functions that draw their tables.

The tables are drawn by :mod:`chicago_poker.core.tables`, from views: above
:mod:`chicago_poker.core.state` and :mod:`chicago_poker.core.views`, which therefore do not
import it. Their ``__str__`` calls the function held here instead, which
:mod:`chicago_poker.core` sets when it is first imported, before any of its modules is used.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["Tables"]


class Tables:
    """The functions that draw a state's table and a view's (``repr`` until they are set)."""

    state: Callable[[Any], str] = repr
    """Draws a :class:`~chicago_poker.core.state.GameState`, every secret shown."""

    view: Callable[[Any], str] = repr
    """Draws a :class:`~chicago_poker.core.views.PlayerView`: what its seat may know."""
