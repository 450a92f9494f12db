"""The pure rules engine: what the game is, and nothing that touches the world.

The core holds the cards and business tiles (:mod:`~chicago_poker.core.cards`), hand
ranking (:mod:`~chicago_poker.core.hands`), the rule options and rule constants
(:mod:`~chicago_poker.core.rules`), the game state (:mod:`~chicago_poker.core.state`),
commands and events (:mod:`~chicago_poker.core.commands`,
:mod:`~chicago_poker.core.events`), the rule checks that both decide and legal use
(:mod:`~chicago_poker.core.checks`), the three functions that play the game
(:mod:`~chicago_poker.core.decide`, :mod:`~chicago_poker.core.apply`,
:mod:`~chicago_poker.core.legal`), a game's history of commands and events
(:mod:`~chicago_poker.core.history`), victory (:mod:`~chicago_poker.core.victory`), what
each seat may know (:mod:`~chicago_poker.core.views`,
:mod:`~chicago_poker.core.redacted_events`, :mod:`~chicago_poker.core.redacted_commands`,
:mod:`~chicago_poker.core.fold`) and the library's errors
(:mod:`~chicago_poker.core.errors`).

Everything here is a pure function of its arguments: no file or network I/O, no clock,
no random module. Chance enters as data, in commands and events. The core imports
nothing from the rest of the package; ``tests/test_layers.py`` keeps it that way.

``str()`` of a state or a view prints its table (:mod:`~chicago_poker.core.tables`). The
tables are drawn from views, so neither :mod:`~chicago_poker.core.state` nor
:mod:`~chicago_poker.core.views` imports them: their ``__str__`` calls the drawing of
:class:`~chicago_poker.core.drawing.Tables`, which the core sets here, before any of its
modules is used. The tables' module itself is imported by the first ``str()``: a program or
worker that never prints a table does not pay for it.
"""

from __future__ import annotations

from typing import Any

from chicago_poker.core.drawing import Tables


def _state_table(state: Any) -> str:
    from chicago_poker.core.tables import format_state  # on the first str(), see above

    return format_state(state)


def _view_table(view: Any) -> str:
    from chicago_poker.core.tables import format_view  # on the first str(), see above

    return format_view(view)


Tables.state = _state_table
Tables.view = _view_table
