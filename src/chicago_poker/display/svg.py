"""SVG pictures of Chicago Poker: the table as a seat sees it, cards, businesses, hands.

:func:`render` draws a seat's :class:`~chicago_poker.core.views.PlayerView`: each business with
its placement pattern, every column's cards (face up, or the back of a face-down card whose
face the seat may not know), the shootout markers, the businesses each player controls, the
seat's own hand and whose turn it is. It draws from the view alone, so a picture shows no more
than the seat may know. :func:`render_state` draws a whole state, every secret shown.

Every picture is an :class:`SvgImage`: a string of SVG that a notebook shows as a picture.

>>> from chicago_poker.players.game import Game
>>> from chicago_poker.core.views import view
>>> game = Game.new(["Al", "Bugs"], seed=7)
>>> picture = render(view(game.state, 0))
>>> picture.startswith("<svg") and picture._repr_svg_() is picture
True

Everything here is pure string building with :mod:`xml.etree.ElementTree`, which escapes
every name it writes.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import Final

from chicago_poker.core.cards import (
    BusinessKind,
    BusinessTile,
    Card,
    Color,
    Face,
    GangsterCard,
    SpecialCard,
    parse_card,
)
from chicago_poker.core.errors import (
    ArgumentTypeError,
    InvalidArgumentError,
    check_count,
    short_repr,
)
from chicago_poker.core.hands import HandCategory
from chicago_poker.core.rules import MAX_COLUMN
from chicago_poker.core.state import GameState
from chicago_poker.core.tables import (
    TableContents,
    contents_of_state,
    contents_of_view,
    display_name,
    piles_text,
    shootout_text,
    turn_text,
)
from chicago_poker.core.views import BusinessView, ColumnView, PlayerView, SlotView

__all__ = [
    "HAND_EXAMPLES",
    "SvgImage",
    "render",
    "render_business",
    "render_card",
    "render_hand",
    "render_hand_ranking",
    "render_state",
]

CARD_WIDTH: Final = 40
CARD_HEIGHT: Final = 56
_GAP: Final = 6
_MARGIN: Final = 12
_NAME_WIDTH: Final = 110
_MARKER_WIDTH: Final = 40
_ROW: Final = CARD_HEIGHT + _GAP
_PANEL_WIDTH: Final = _NAME_WIDTH + MAX_COLUMN * (CARD_WIDTH + _GAP) + _MARKER_WIDTH
_PANEL_TOP: Final = 44
_FONT: Final = "font-family:sans-serif"

_COLORS: Final = {
    Color.RED: "#c62828",
    Color.YELLOW: "#e0a800",
    Color.GREEN: "#2e7d32",
    Color.BLUE: "#1565c0",
    Color.PURPLE: "#6a1b9a",
}
_KIND_COLORS: Final = {
    BusinessKind.SPEAKEASY: "#6d4c41",
    BusinessKind.JAZZ_CLUB: "#283593",
    BusinessKind.BREWERY: "#b26a00",
    BusinessKind.GAMBLING_HOUSE: "#00695c",
}
_SPECIAL_COLOR: Final = "#37474f"
_BACK_COLOR: Final = "#7b1f1f"
_TABLE_COLOR: Final = "#f4f1e8"

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


class SvgImage(str):
    """A string of SVG that Jupyter and IPython show as a picture (``_repr_svg_``)."""

    __slots__ = ()

    def _repr_svg_(self) -> SvgImage:
        """The SVG itself, for notebooks."""
        return self


# ------------------------------------------------------------------------- public pictures


def render(
    view: PlayerView | GameState, *, names: Sequence[str] | None = None, size: int | None = None
) -> SvgImage:
    """The table as ``view``'s seat sees it; a :class:`GameState` is drawn whole.

    Args:
        view: A seat's (or a spectator's) view, or a whole state.
        names: The players' names to show, one per seat; by default the names in the game.
        size: The width of the picture in pixels; by default its natural width.

    Raises:
        ArgumentTypeError: ``view`` is neither a view nor a state, or ``names`` or ``size``
            is of the wrong type.
        InvalidArgumentError: ``names`` does not hold one name per seat, or ``size`` is not
            positive.
    """
    contents = _contents(view)
    return _table(contents, _names(contents, names), size)


def _contents(view: object) -> TableContents:
    if isinstance(view, GameState):
        return contents_of_state(view)
    if isinstance(view, PlayerView):
        return contents_of_view(view)
    raise ArgumentTypeError(
        f"render: view must be a PlayerView or a GameState, not {short_repr(view)}"
    )


def render_state(
    state: GameState, *, names: Sequence[str] | None = None, size: int | None = None
) -> SvgImage:
    """The whole table with every card and hand shown: for a referee, a replay, the docs.

    Raises:
        ArgumentTypeError, InvalidArgumentError: as :func:`render`.
    """
    if not isinstance(state, GameState):
        raise ArgumentTypeError(f"render_state: state must be a GameState, not {short_repr(state)}")
    return render(state, names=names, size=size)


def render_card(card: Card | None, *, face: Face = Face.UP, size: int | None = None) -> SvgImage:
    """One card: its face, or its back for ``None`` (a face-down card whose face is unknown).

    ``face=Face.DOWN`` draws a known card as lying face down: its face, framed as hidden.

    >>> "9R" in render_card(parse_card("9R"))
    True
    """
    group = _card(card, 0, 0, face)
    return _svg(group, CARD_WIDTH + 2, CARD_HEIGHT + 2, size, "card", translate=(1, 1))


def render_business(tile: BusinessTile, *, size: int | None = None) -> SvgImage:
    """A business tile with its placement pattern: which of five cards lie face up (R-4.2)."""
    panel = ET.Element("g", {"class": "business", "data-tile": str(tile)})
    panel.append(_business_frame(tile, 1, _PANEL_WIDTH - _NAME_WIDTH - _MARKER_WIDTH + 8))
    for position, face in enumerate(tile.pattern):
        x = 4 + position * (CARD_WIDTH + _GAP)
        panel.append(_place(x, _PANEL_TOP - 6, face))
        label = f"{_ordinal(position)}: {face.value}"
        panel.append(_text(x + CARD_WIDTH / 2, _PANEL_TOP + 62, label, size=10, anchor="middle"))
    width = MAX_COLUMN * (CARD_WIDTH + _GAP) + 4
    return _svg(panel, width, _PANEL_TOP + CARD_HEIGHT + 14, size, f"{tile.name}: placement")


def render_hand(
    cards: Sequence[Card], *, label: str | None = None, size: int | None = None
) -> SvgImage:
    """A row of cards, face up, with an optional label before them."""
    row, width = _hand_row(cards, label or "", 1)
    return _svg(row, width + 4, CARD_HEIGHT + 4, size, label or "hand")


def render_hand_ranking(*, size: int | None = None) -> SvgImage:
    """The hand ranking, highest first (R-7.3): each category with an example hand."""
    picture = ET.Element("g", {"class": "hand-ranking"})
    width = 0
    for place, (category, example) in enumerate(HAND_EXAMPLES):
        cards = [parse_card(text) for text in example.split()]
        row, row_width = _hand_row(cards, f"{place + 1}. {category.label}", place * _ROW + 4)
        picture.append(row)
        width = max(width, row_width)
    return _svg(picture, width + 4, len(HAND_EXAMPLES) * _ROW + 4, size, "hand ranking")


# ------------------------------------------------------------------------- the table


def _names(contents: TableContents, names: Sequence[str] | None) -> list[str]:
    players = contents.view.players
    if names is None:
        return [display_name(player.name) for player in players]
    if isinstance(names, str) or not all(isinstance(name, str) for name in names):
        raise ArgumentTypeError(f"render: names must be a sequence of str, not {short_repr(names)}")
    if len(names) != len(players):
        raise InvalidArgumentError(
            f"render: names must hold one name per seat, {len(players)}, not {len(names)}"
        )
    return [display_name(name) for name in names]


def _table(contents: TableContents, names: Sequence[str], size: int | None) -> SvgImage:
    seen = contents.view
    picture = ET.Element("g", {"class": "table"})
    picture.append(_text(_MARGIN, 22, turn_text(seen, names), size=16, bold=True))
    picture.append(_text(_MARGIN, 42, piles_text(seen, discards=False), size=12))
    top = 56
    if seen.shootout is not None:
        shootout = shootout_text(seen.shootout, contents.choices, names)
        picture.append(_text(_MARGIN, 60, shootout, size=12, fill="#b71c1c"))
        top = 72
    columns = 2 if len(seen.businesses) > 1 else 1
    panels, bottom = _businesses(seen.businesses, names, top, columns)
    picture.extend(panels)
    players, bottom = _players(contents, names, bottom)
    picture.append(players)
    width = _MARGIN * 2 + columns * _PANEL_WIDTH + (columns - 1) * _GAP * 2
    return _svg(picture, width, bottom + _MARGIN, size, _title(contents, names))


def _businesses(
    businesses: Sequence[BusinessView], names: Sequence[str], top: int, columns: int
) -> tuple[list[ET.Element], int]:
    """The businesses' panels, ``columns`` to a row from ``top``, and where they end."""
    panels, bottom = [], top
    for index, business in enumerate(businesses):
        x = _MARGIN + (index % columns) * (_PANEL_WIDTH + _GAP * 2)
        y = top + (index // columns) * (_panel_height(business) + _GAP * 2)
        panels.append(_business(business, names, x, y))
        bottom = max(bottom, y + _panel_height(business) + _GAP * 2)
    return panels, bottom


def _title(contents: TableContents, names: Sequence[str]) -> str:
    seat = contents.view.seat
    if contents.everything:
        return "Chicago Poker: the whole table"
    return f"Chicago Poker: the table as {'a spectator' if seat is None else names[seat]} sees it"


def _panel_height(business: BusinessView) -> int:
    return _PANEL_TOP + len(business.columns) * _ROW + 4


def _business(business: BusinessView, names: Sequence[str], x: int, y: int) -> ET.Element:
    tile = business.tile
    panel = ET.Element("g", {"class": "business", "data-tile": str(tile)})
    panel.set("transform", f"translate({x},{y})")
    panel.append(_frame(business, _panel_height(business)))
    for position, face in enumerate(tile.pattern):
        sign = "face up" if face is Face.UP else "face down"
        cx = _NAME_WIDTH + position * (CARD_WIDTH + _GAP) + CARD_WIDTH / 2
        panel.append(_text(cx, _PANEL_TOP - 4, sign, size=9, anchor="middle"))
    for seat, column in enumerate(business.columns):
        panel.append(_column(column, names[seat], _PANEL_TOP + seat * _ROW, tile))
    return panel


def _frame(business: BusinessView, height: int) -> ET.Element:
    group = ET.Element("g")
    revealed = business.revealed
    group.append(
        _rect(0, 0, _PANEL_WIDTH, height, fill="#fffdf7", stroke="#b71c1c" if revealed else "#999")
    )
    group.append(_business_frame(business.tile, 0, _PANEL_WIDTH))
    if revealed:
        group.append(
            _text(_PANEL_WIDTH - 8, 17, "shootout: all face up", size=11, anchor="end", fill="#fff")
        )
    return group


def _business_frame(tile: BusinessTile, x: int, width: int) -> ET.Element:
    group = ET.Element("g")
    group.append(_rect(x, 0, width, 24, fill=_KIND_COLORS[tile.kind]))
    group.append(_text(x + 8, 17, tile.name, size=13, bold=True, fill="#fff"))
    return group


def _column(column: ColumnView, name: str, y: int, tile: BusinessTile) -> ET.Element:
    group = ET.Element("g", {"class": "column"})
    group.append(_text(8, y + CARD_HEIGHT / 2 + 4, name, size=12))
    for position, face in enumerate(tile.pattern):
        x = _NAME_WIDTH + position * (CARD_WIDTH + _GAP)
        slot = column.slots[position] if position < len(column.slots) else None
        group.append(_place(x, y, face) if slot is None else _slot(slot, x, y))
    if column.marker is not None:
        group.append(_marker(column.marker, _PANEL_WIDTH - _MARKER_WIDTH / 2, y + CARD_HEIGHT / 2))
    return group


def _slot(slot: SlotView, x: float, y: float) -> ET.Element:
    return _card(slot.card, x, y, slot.face)


def _marker(number: int, cx: float, cy: float) -> ET.Element:
    group = ET.Element("g", {"class": "marker"})
    ET.SubElement(group, "title").text = f"shootout marker #{number}"
    ET.SubElement(group, "circle", {"cx": _n(cx), "cy": _n(cy), "r": "13", "fill": "#212121"})
    group.append(_text(cx, cy + 4, f"#{number}", size=11, bold=True, anchor="middle", fill="#fff"))
    return group


def _players(contents: TableContents, names: Sequence[str], top: int) -> tuple[ET.Element, int]:
    group = ET.Element("g", {"class": "players"})
    y = top
    for seat in range(len(contents.view.players)):
        group.extend(_player(contents, seat, names[seat], y))
        y += 24 + (_ROW if contents.hands[seat] else 0)
    return group, y


def _player(contents: TableContents, seat: int, name: str, y: int) -> list[ET.Element]:
    seen, hand = contents.view, contents.hands[seat]
    player = seen.players[seat]
    turn = seen.victory is None and seat == seen.turn.player
    owned = ", ".join(tile.name for tile in player.controlled) or "no business"
    waiting = " · waiting for a card" if seat in seen.pending_draws else ""
    count = player.hand_size if hand is None else len(hand)
    about = f"{count} card{'s' if count != 1 else ''} in hand · controls {owned}{waiting}"
    drawn = [
        _text(_MARGIN, y + 16, f"{'▶ ' if turn else ''}{name}", size=13, bold=turn),
        _text(_MARGIN + 130, y + 16, about, size=12),
    ]
    if hand:
        row, _ = _hand_row(hand, "", y + 24)
        row.set("transform", f"translate({_MARGIN + 130},0)")
        drawn.append(row)
    return drawn


def _hand_row(cards: Sequence[Card], label: str, y: int) -> tuple[ET.Element, int]:
    row = ET.Element("g", {"class": "hand"})
    x = 0
    if label:
        row.append(_text(4, y + CARD_HEIGHT / 2 + 4, label, size=13))
        x = 150
    x += 2
    for card in cards:
        row.append(_card(card, x, y, Face.UP))
        x += CARD_WIDTH + _GAP
    return row, x


# ------------------------------------------------------------------------- cards and shapes


def _card(card: Card | None, x: float, y: float, face: Face) -> ET.Element:
    if card is None:
        return _back(x, y)
    down = face is Face.DOWN
    group = ET.Element("g", {"class": "card face-down" if down else "card", "data-card": str(card)})
    ET.SubElement(group, "title").text = f"{card}{', face down' if down else ''}"
    group.append(_rect(x, y, CARD_WIDTH, CARD_HEIGHT, fill="#fff", stroke="#333", radius=4))
    if down:  # a face-down card the viewer knows: its face, in a hatched frame
        group[-1].set("stroke-dasharray", "4 2")
        group[-1].set("fill", "#e8e3d3")
    group.extend(_face(card, x, y))
    return group


def _face(card: Card, x: float, y: float) -> list[ET.Element]:
    middle = x + CARD_WIDTH / 2
    if isinstance(card, GangsterCard):
        color = _COLORS[card.color]
        return [
            _rect(x + 3, y + 3, CARD_WIDTH - 6, 8, fill=color),
            _text(middle, y + 36, str(card.value), size=18, bold=True, anchor="middle", fill=color),
            _text(middle, y + 50, card.color.code, size=10, anchor="middle", fill=color),
        ]
    assert isinstance(card, SpecialCard)
    words = card.kind.label.split()
    lines = [*words, str(card.copy)] if card.kind.copies > 1 else words
    return [
        _rect(x + 3, y + 3, CARD_WIDTH - 6, CARD_HEIGHT - 6, fill=_SPECIAL_COLOR, radius=2),
        *(_special_line(line, x, y + 20 + 11 * index) for index, line in enumerate(lines)),
    ]


def _special_line(line: str, x: float, y: float) -> ET.Element:
    text = _text(x + CARD_WIDTH / 2, y, line, size=8, anchor="middle", fill="#fff")
    if len(line) > 7:  # squeeze a long word (Liquidation) into the card
        text.set("textLength", str(CARD_WIDTH - 8))
        text.set("lengthAdjust", "spacingAndGlyphs")
    return text


def _back(x: float, y: float) -> ET.Element:
    group = ET.Element("g", {"class": "card back"})
    ET.SubElement(group, "title").text = "a face-down card"
    group.append(_rect(x, y, CARD_WIDTH, CARD_HEIGHT, fill=_BACK_COLOR, stroke="#333", radius=4))
    group.append(
        _rect(x + 5, y + 5, CARD_WIDTH - 10, CARD_HEIGHT - 10, fill="none", stroke="#e0c080")
    )
    group.append(
        _text(
            x + CARD_WIDTH / 2,
            y + CARD_HEIGHT / 2 + 5,
            "♠",
            size=16,
            anchor="middle",
            fill="#e0c080",
        )
    )
    return group


def _place(x: float, y: float, face: Face) -> ET.Element:
    """An empty place of a column, showing whether a card placed there lies face up or down."""
    down = face is Face.DOWN
    group = ET.Element("g", {"class": f"place {face.value}"})
    ET.SubElement(group, "title").text = f"a card here lies face {face.value}"
    fill = "#d7ccc8" if down else "#fff"
    group.append(_rect(x, y, CARD_WIDTH, CARD_HEIGHT, fill=fill, stroke="#aaa", radius=4))
    group[-1].set("stroke-dasharray", "3 3")
    sign = "▼" if down else "▲"
    middle = (x + CARD_WIDTH / 2, y + CARD_HEIGHT / 2 + 5)
    group.append(_text(*middle, sign, size=14, anchor="middle", fill="#8d8d8d"))
    return group


def _ordinal(position: int) -> str:
    return ("1st", "2nd", "3rd", "4th", "5th")[position]


def _rect(
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    fill: str,
    stroke: str | None = None,
    radius: int = 0,
) -> ET.Element:
    attributes = {"x": _n(x), "y": _n(y), "width": _n(width), "height": _n(height), "fill": fill}
    if stroke is not None:
        attributes["stroke"] = stroke
    if radius:
        attributes["rx"] = str(radius)
    return ET.Element("rect", attributes)


def _text(
    x: float,
    y: float,
    content: str,
    *,
    size: int = 12,
    bold: bool = False,
    anchor: str = "start",
    fill: str = "#212121",
) -> ET.Element:
    element = ET.Element("text", {"x": _n(x), "y": _n(y), "font-size": str(size), "fill": fill})
    if bold:
        element.set("font-weight", "bold")
    if anchor != "start":
        element.set("text-anchor", anchor)
    element.text = content
    return element


def _n(number: float) -> str:
    """A coordinate as SVG text: whole numbers without a decimal point."""
    return str(int(number)) if number == int(number) else f"{number:.1f}"


def _svg(
    content: ET.Element,
    width: int,
    height: int,
    size: int | None,
    title: str,
    translate: tuple[int, int] = (0, 0),
) -> SvgImage:
    shown = (width, height) if size is None else _scaled(width, height, size)
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg"})
    root.attrib.update(viewBox=f"0 0 {width} {height}", style=_FONT)
    root.attrib.update(width=str(shown[0]), height=str(shown[1]))
    ET.SubElement(root, "title").text = title
    ET.SubElement(root, "rect", {"width": "100%", "height": "100%", "fill": _TABLE_COLOR})
    if translate != (0, 0):
        content.set("transform", f"translate({translate[0]},{translate[1]})")
    root.append(content)
    return SvgImage(ET.tostring(root, encoding="unicode"))


def _scaled(width: int, height: int, size: object) -> tuple[int, int]:
    """The picture's size in pixels for a width of ``size``, the proportions kept."""
    size = check_count("render", "size", size, 1)
    return size, round(size * height / width)
