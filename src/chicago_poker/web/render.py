"""How the page shows a view and an event: the table as SVG, and each event in words.

These functions are the only places the server turns a view, an event or a command into
something to look at. The words are the library's own
(:func:`chicago_poker.display.words.describe`).
The picture is the library's SVG rendering (``chicago_poker.display.svg.render``) where the
installed library has it; without it the page lists the view as text.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Sequence
from typing import Any

from chicago_poker.core.commands import Command
from chicago_poker.core.redacted_events import SeenEvent
from chicago_poker.core.views import PlayerView
from chicago_poker.display.words import describe

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
    "Turn 4: Bugs's turn, 2 actions."
    """
    return _words(event, names, viewer, None)


def command_words(command: Command, names: Sequence[str], viewer: int, before: PlayerView) -> str:
    """One of ``viewer``'s commands in words, to offer it as a choice; ``before`` is its view.

    >>> from chicago_poker import DrawCard, Game, view
    >>> game = Game.new(["Al", "Bugs"], seed=1)
    >>> command_words(DrawCard(0), ["Al", "Bugs"], 0, view(game.state, 0))
    'Draw a card.'
    """
    return _words(command, names, viewer, before)


def _words(
    item: SeenEvent | Command, names: Sequence[str], viewer: int | None, before: PlayerView | None
) -> str:
    return describe(item, names, viewer=viewer, before=before)
