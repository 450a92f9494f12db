"""How the page shows a view and an event: the table as SVG, and each event in words.

These functions are the only places the server turns a view, an event or a command into
something to look at. The words are the library's own
(:func:`chicago_poker.display.words.describe`).
The picture is the library's SVG rendering (:func:`chicago_poker.display.svg.render`), which
the page plays on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from chicago_poker.core.cards import BUSINESS_TILES, SPECIAL_CARDS
from chicago_poker.core.commands import Command
from chicago_poker.core.redacted_events import SeenEvent
from chicago_poker.core.views import PlayerView
from chicago_poker.display.board import COMPACT
from chicago_poker.display.svg import NARROW, render
from chicago_poker.display.words import describe

__all__ = ["LAYOUTS", "command_words", "event_words", "labels", "table_svg"]

LAYOUTS: Final = {"wide": None, "narrow": NARROW, "compact": COMPACT}
"""The layouts a page may ask the picture in, and the size each asks of the library: wide (two
businesses to a row, 772 pixels), narrow (one to a row, 390) and compact (one to a row, each
seat's name above its cards, 296), so that a page can show its text at 12 pixels or more at
any width from 300 pixels."""


def table_svg(
    seen: PlayerView,
    names: Sequence[str],
    *,
    lastmove: Sequence[SeenEvent] = (),
    layout: str = "wide",
) -> str:
    """The table as ``seen`` shows it, drawn by the library as an SVG document.

    ``lastmove`` is the last move's events as the viewer was told them (redacted), ringed in
    gold; ``layout`` is one of :data:`LAYOUTS`.

    >>> from chicago_poker import Game, view
    >>> table_svg(view(Game.new(["Al", "Bugs"], seed=1).state, 0), ["Al", "Bugs"])[:4]
    '<svg'
    """
    size = LAYOUTS[layout]
    return str(render(seen, names=list(names), lastmove=lastmove, size=size))


def labels() -> dict[str, str]:
    """How the page writes each business tile and special card that the JSON gives in notation.

    The JSON writes ``Speakeasy#1`` and ``PoliceRaid1``; people read "Speakeasy #1" and
    "Police Raid", as the library's words write them. Gangster cards (``9R``) read as they are.

    >>> names = labels()
    >>> names["Speakeasy#1"], names["PoliceRaid1"]
    ('Speakeasy #1', 'Police Raid')
    """
    tiles = {str(tile): tile.name for tile in BUSINESS_TILES}
    return tiles | {str(card): card.kind.label for card in SPECIAL_CARDS}


def event_words(
    event: SeenEvent, names: Sequence[str], viewer: int | None, before: PlayerView | None = None
) -> str:
    """``event`` in words, with the players' names, as told to ``viewer``.

    ``before`` is the viewer's view before the event, which the words need to name another
    seat's card played face up (see :func:`~chicago_poker.display.words.needs_view`).

    >>> from chicago_poker import TurnStarted
    >>> event_words(TurnStarted(player=1, number=3, actions=2), ["Al", "Bugs"], 0)
    "Turn 4: Bugs's turn, 2 actions."
    """
    return _words(event, names, viewer, before)


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
