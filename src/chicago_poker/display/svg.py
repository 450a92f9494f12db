"""SVG pictures of Chicago Poker: the table as a seat sees it, cards, businesses, hands.

:func:`render` draws a seat's :class:`~chicago_poker.core.views.PlayerView` as a card table:
each business with its placement pattern, every column's cards (face up, or the back of a
face-down card whose face the seat may not know), the shootout markers, each player with the
businesses they control, the seat's own hand and whose turn it is. Like python-chess's
``chess.svg.board``, it can highlight the last move (``lastmove=``) and mark cards and places
(``marks=``), so that a front end shows what just happened. It draws from the view alone, so a
picture shows no more than the seat may know, whatever it is asked to highlight.
:func:`render_state` draws a whole state, every secret shown.

Every picture is an :class:`SvgImage`: a string of SVG that a notebook shows as a picture.

>>> from chicago_poker.players.game import Game
>>> from chicago_poker.core.views import view
>>> game = Game.new(["Al", "Bugs"], seed=7)
>>> picture = render(view(game.state, 0))
>>> picture.startswith("<svg") and picture._repr_svg_() is picture
True

Everything here is pure string building with :mod:`xml.etree.ElementTree`, which escapes
every name it writes. Nothing is drawn outside the picture: a text that might not fit its
room is given a ``textLength`` that squeezes it in, and a line of players' details wraps.

The pictures are drawn with :mod:`~chicago_poker.display.shapes` (cards, text, the palette);
the table by :mod:`~chicago_poker.display.board`, ringing what
:mod:`~chicago_poker.display.highlights` finds of the last move and the marks.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from typing import Final

from chicago_poker.core.cards import BusinessTile, Card, Face, parse_card
from chicago_poker.core.errors import ArgumentTypeError, check_count, short_repr
from chicago_poker.core.hands import HandCategory
from chicago_poker.core.rules import MAX_COLUMN
from chicago_poker.core.state import GameState
from chicago_poker.core.tables import TableContents, contents_of_state, contents_of_view
from chicago_poker.core.views import PlayerView
from chicago_poker.display.board import HEADER, NARROW, draw_header, draw_table, names_of
from chicago_poker.display.highlights import (
    Mark,
    Move,
    Place,
    marked_key,
    marks_of,
    moved_keys,
    moves_of,
)
from chicago_poker.display.shapes import (
    CARD_HEIGHT,
    CARD_WIDTH,
    GAP,
    INK,
    MARGIN,
    ROW,
    STEP,
    SvgImage,
    draw_card,
    draw_place,
    draw_text,
    svg_image,
)

__all__ = [
    "HAND_EXAMPLES",
    "NARROW",
    "Mark",
    "Move",
    "Place",
    "SvgImage",
    "render",
    "render_business",
    "render_card",
    "render_hand",
    "render_hand_ranking",
    "render_state",
]

HAND_EXAMPLES: Final[tuple[tuple[HandCategory, str], ...]] = (
    (HandCategory.CHICAGO_POKER, "9R 9Y 9G 9B 9P"),
    (HandCategory.STRAIGHT_FLUSH, "4R 5R 6R 7R 8R"),
    (HandCategory.RAINBOW_STRAIGHT, "4R 5Y 6G 7B 8P"),
    (HandCategory.FOUR_OF_A_KIND, "9R 9Y 9G 9B 3P"),
    (HandCategory.FULL_HOUSE, "8R 8Y 8G 1B 1P"),
    (HandCategory.FLUSH, "2R 5R 9R 11R 14R"),
    (HandCategory.STRAIGHT, "4R 5R 6G 7B 8P"),
    (HandCategory.THREE_OF_A_KIND, "7R 7Y 7G 12B 3P"),
    (HandCategory.TWO_PAIR, "11R 11Y 6G 6B 4P"),
    (HandCategory.PAIR, "9R 9Y 7G 5B 2P"),
    (HandCategory.HIGH_CARD, "15R 9Y 6G 4B 2P"),
)
"""An example hand of each category, highest first, as the hand ranking picture shows them."""


# ------------------------------------------------------------------------- public pictures


def render(
    view: PlayerView | GameState,
    *,
    names: Sequence[str] | None = None,
    size: int | None = None,
    lastmove: Move | Iterable[Move] | None = None,
    marks: Iterable[Mark] = (),
) -> SvgImage:
    """The table as ``view``'s seat sees it; a :class:`GameState` is drawn whole.

    The highlights are drawn over what the view shows, and only there: a card of ``marks`` or
    of ``lastmove`` that the view hides is not drawn, so highlighting shows nothing new.

    Args:
        view: A seat's (or a spectator's) view, or a whole state.
        names: The players' names to show, one per seat; by default the names in the game.
        size: The width of the picture in pixels; by default its natural width. At most
            :data:`NARROW` pixels, the businesses stand one above another, so that the
            text stays readable on a phone; at most 340, each seat's name is also written
            above its column's cards, which makes the picture 296 pixels wide.
        lastmove: The command or event that led to ``view``, or several (a turn's events):
            the cards, places, businesses and players involved are ringed in gold. A
            gangster played rings the place where it lies; a Liquidation or a Police Raid
            the column it struck; a shootout its business; a draw the player.
        marks: Cards, businesses, places (:class:`Place`) and seats (their numbers) to ring
            in blue, as ``squares=`` marks squares on a chess board.

    Raises:
        ArgumentTypeError: ``view`` is neither a view nor a state, or ``names``, ``size``,
            ``lastmove`` or ``marks`` is of the wrong type.
        InvalidArgumentError: ``names`` does not hold one name per seat, or ``size`` is not
            positive.
    """
    contents = _contents(view)
    if size is not None:
        check_count("render", "size", size, 1)
    moved = moved_keys(moves_of(lastmove), contents.view)
    marked = frozenset(marked_key(mark) for mark in marks_of(marks))
    return draw_table(contents, names_of(contents, names), size, moved, marked)


def _contents(view: object) -> TableContents:
    if isinstance(view, GameState):
        return contents_of_state(view)
    if isinstance(view, PlayerView):
        return contents_of_view(view)
    raise ArgumentTypeError(
        f"render: view must be a PlayerView or a GameState, not {short_repr(view)}"
    )


def render_state(
    state: GameState,
    *,
    names: Sequence[str] | None = None,
    size: int | None = None,
    lastmove: Move | Iterable[Move] | None = None,
    marks: Iterable[Mark] = (),
) -> SvgImage:
    """The whole table with every card and hand shown: for a referee, a replay, the docs.

    Raises:
        ArgumentTypeError, InvalidArgumentError: as :func:`render`.
    """
    if not isinstance(state, GameState):
        raise ArgumentTypeError(f"render_state: state must be a GameState, not {short_repr(state)}")
    return render(state, names=names, size=size, lastmove=lastmove, marks=marks)


def render_card(card: Card | None, *, face: Face = Face.UP, size: int | None = None) -> SvgImage:
    """One card: its face, or its back for ``None`` (a face-down card whose face is unknown).

    ``face=Face.DOWN`` draws a known card as lying face down: its face, framed as hidden.

    >>> "9R" in render_card(parse_card("9R"))
    True
    """
    return svg_image(draw_card(card, 4, 4, face), CARD_WIDTH + 8, CARD_HEIGHT + 8, size, "card")


def render_business(tile: BusinessTile, *, size: int | None = None) -> SvgImage:
    """A business tile with its placement pattern: which of five cards lie face up (R-4.2)."""
    panel = ET.Element("g", {"class": "business", "data-tile": str(tile)})
    width = MAX_COLUMN * STEP - GAP
    panel.extend(draw_header(tile, MARGIN, MARGIN, width, ""))
    top = MARGIN + HEADER + 8
    for position, face in enumerate(tile.pattern):
        x = MARGIN + position * STEP
        panel.append(draw_place(x, top, face))
        label = f"{_ordinal(position)}: {face.value}"
        panel.append(
            draw_text(x + CARD_WIDTH / 2, top + CARD_HEIGHT + 16, label, size=10, anchor="middle")
        )
    height = top + CARD_HEIGHT + 22 + MARGIN
    return svg_image(panel, width + 2 * MARGIN, height, size, f"{tile.name}: placement")


def render_hand(
    cards: Sequence[Card], *, label: str | None = None, size: int | None = None
) -> SvgImage:
    """A row of cards, face up, with an optional label before them."""
    row, width = _hand_row(cards, label or "", MARGIN)
    return svg_image(row, width + MARGIN, CARD_HEIGHT + 2 * MARGIN, size, label or "hand")


def render_hand_ranking(*, size: int | None = None) -> SvgImage:
    """The hand ranking, highest first (R-7.3): each category with an example hand."""
    picture = ET.Element("g", {"class": "hand-ranking"})
    width = 0
    for place, (category, example) in enumerate(HAND_EXAMPLES):
        cards = [parse_card(text) for text in example.split()]
        label = f"{place + 1}. {category.label}"
        row, row_width = _hand_row(cards, label, MARGIN + place * ROW)
        picture.append(row)
        width = max(width, row_width)
    height = len(HAND_EXAMPLES) * ROW - GAP + 2 * MARGIN
    return svg_image(picture, width + MARGIN, height, size, "hand ranking")


def _ordinal(position: int) -> str:
    return ("1st", "2nd", "3rd", "4th", "5th")[position]


def _hand_row(cards: Sequence[Card], label: str, y: int) -> tuple[ET.Element, int]:
    row = ET.Element("g", {"class": "hand"})
    x = MARGIN
    if label:
        row.append(draw_text(x, y + CARD_HEIGHT / 2 + 5, label, size=13, fill=INK, room=150))
        x += 156
    for card in cards:
        row.append(draw_card(card, x, y, Face.UP))
        x += STEP
    return row, x - GAP
