"""How the page shows a view and an event: the table as SVG, and each event in words.

These two functions are the only places the server turns a view or an event into something
to look at. They use the library's own rendering and descriptions when the installed
library has them (``chicago_poker.display``), and a plain fallback otherwise, so the page
needs no change when they arrive.
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable, Sequence
from typing import Any

from chicago_poker.core.commands import Command
from chicago_poker.core.redacted_events import SeenEvent
from chicago_poker.core.views import PlayerView
from chicago_poker.formats.jsonio import to_json

__all__ = ["command_words", "event_words", "table_svg"]


@functools.cache
def _display(module: str, name: str) -> Callable[..., Any] | None:
    """``chicago_poker.display.<module>.<name>`` if the library has it, else None (once)."""
    try:
        found = importlib.import_module(f"chicago_poker.display.{module}")
    except ImportError:
        return None
    function = getattr(found, name, None)
    return function if callable(function) else None


def table_svg(seen: PlayerView, names: Sequence[str]) -> str | None:
    """The table as ``seen`` shows it, as an SVG document; None where the library has no SVG.

    >>> from chicago_poker import Game, view
    >>> svg = table_svg(view(Game.new(["Al", "Bugs"], seed=1).state, 0), ["Al", "Bugs"])
    >>> svg is None or svg.startswith("<svg")
    True
    """
    render = _display("svg", "render")
    if render is None:
        return None
    return str(render(seen, names=list(names)))


def event_words(event: SeenEvent, names: Sequence[str], viewer: int | None) -> str:
    """``event`` in words, with the players' names, as told to ``viewer``.

    >>> from chicago_poker import TurnStarted
    >>> event_words(TurnStarted(player=1, number=3, actions=2), ["Al", "Bugs"], 0)
    '...Bugs...'
    """
    return _words(event, names, viewer, None)


def command_words(command: Command, names: Sequence[str], viewer: int, before: PlayerView) -> str:
    """One of ``viewer``'s commands in words, to offer it as a choice; ``before`` is its view.

    >>> from chicago_poker import DrawCard, Game, view
    >>> game = Game.new(["Al", "Bugs"], seed=1)
    >>> command_words(DrawCard(0), ["Al", "Bugs"], 0, view(game.state, 0))
    '...raw...'
    """
    return _words(command, names, viewer, before)


def _words(
    item: SeenEvent | Command, names: Sequence[str], viewer: int | None, before: PlayerView | None
) -> str:
    describe = _display("words", "describe")
    if describe is not None:
        return str(describe(item, list(names), viewer=viewer, before=before))
    data = to_json(item)
    kind = re.sub(r"(?<!^)(?=[A-Z])", " ", str(data.pop("type"))).lower()
    kind = kind.removeprefix("redacted ")
    parts = [_field(key, value, names) for key, value in data.items()]
    return f"{kind}: {', '.join(parts)}" if parts else kind


def _field(key: str, value: object, names: Sequence[str]) -> str:
    if key in {"player", "winner", "target", "chooser"} and type(value) is int:
        return names[value] if 0 <= value < len(names) else str(value)
    if isinstance(value, list):
        value = " ".join("?" if item is None else str(item) for item in value)
    shown = "?" if value is None else str(value)
    return f"{key.replace('_', ' ')} {shown}"
