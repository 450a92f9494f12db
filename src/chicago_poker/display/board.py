"""The picture of the table: the turn, the businesses with every column, the players' strips.

:func:`draw_table` draws what :mod:`chicago_poker.core.tables` gathers of a seat's view (or
of a whole state): a line for the turn and the piles, the shootout if one is on, a panel for
each business with its placement pattern and every seat's column (cards, places, shootout
markers), and a strip for each player with the businesses they control and the cards shown.
Each thing drawn is kept with its box, so that the highlights ring it
(:mod:`~chicago_poker.display.highlights`).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import Final

from attrs import frozen

from chicago_poker.core.cards import BusinessTile, Card, Face
from chicago_poker.core.errors import ArgumentTypeError, InvalidArgumentError, short_repr
from chicago_poker.core.rules import MAX_COLUMN
from chicago_poker.core.tables import (
    TableContents,
    display_name,
    piles_text,
    shootout_text,
    turn_text,
)
from chicago_poker.core.views import BusinessView, ColumnView, PlayerView, SlotView
from chicago_poker.display.highlights import Box, Key, Spots, draw_highlights
from chicago_poker.display.shapes import (
    CARD_HEIGHT,
    CARD_WIDTH,
    DARK,
    GAP,
    GOLD,
    INK,
    KIND_COLORS,
    MARGIN,
    MUTED,
    PANEL,
    PANEL_EDGE,
    PLACE,
    ROW,
    SHOOTOUT,
    STEP,
    SvgImage,
    draw_card,
    draw_rect,
    draw_text,
    svg_image,
    svg_number,
    text_width,
    wrap_words,
)

__all__ = ["COMPACT", "HEADER", "NARROW", "draw_header", "draw_table", "names_of"]

NARROW: Final = 560
"""A picture asked for at most this many pixels wide lays the businesses out one above another."""

COMPACT: Final = 340
"""A picture asked for at most this many pixels wide also writes each seat's name above its
column's cards, not beside them: it is 296 pixels wide, for the narrowest phones."""

_NAME_WIDTH: Final = 104
_MARKER_WIDTH: Final = 42
_CARDS_WIDTH: Final = MAX_COLUMN * STEP - GAP
_NAME_LINE: Final = 18
"""The height of a name written above its column's cards (compact pictures)."""


@frozen
class _Layout:
    """Where a column's name goes: beside its cards (``name_width`` wide) or above them."""

    name_width: int
    name_line: int

    @property
    def panel_width(self) -> int:
        """The width of a business's panel."""
        return self.name_width + _CARDS_WIDTH + _MARKER_WIDTH


_BESIDE: Final = _Layout(_NAME_WIDTH, 0)
_ABOVE: Final = _Layout(10, _NAME_LINE)
HEADER: Final = 26
"""The height of the band that names a business."""
_PANEL_TOP: Final = 48
_EMPTY_ROW: Final = 22


def names_of(contents: TableContents, names: Sequence[str] | None) -> list[str]:
    """The names to show, one per seat: ``names`` checked, or the players' own."""
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


def draw_table(
    contents: TableContents,
    names: Sequence[str],
    size: int | None,
    moved: frozenset[Key],
    marked: frozenset[Key],
) -> SvgImage:
    """The picture of the table of ``contents``, the last move and the marks ringed."""
    seen = contents.view
    narrow = size is not None and size <= NARROW
    layout = _ABOVE if size is not None and size <= COMPACT else _BESIDE
    columns = 1 if narrow or len(seen.businesses) < 2 else 2
    width = 2 * MARGIN + columns * layout.panel_width + (columns - 1) * 2 * GAP
    room = width - 2 * MARGIN
    picture = ET.Element("g", {"class": "table"})
    y = MARGIN
    for line in wrap_words(turn_text(seen, names), 15, bold=True, room=room):
        picture.append(draw_text(MARGIN, y + 15, line, size=15, bold=True, fill=INK, room=room))
        y += 20
    for line in wrap_words(piles_text(seen, discards=False), 12, bold=False, room=room):
        picture.append(draw_text(MARGIN, y + 12, line, size=12, fill=MUTED, room=room))
        y += 16
    y += 6
    if seen.shootout is not None:
        y = _shootout(picture, contents, names, y, room)
    spots: Spots = []
    y = _businesses(picture, seen, names, y, (columns, layout), spots)
    y = _players(picture, contents, names, y, width, spots)
    picture.append(draw_highlights(spots, moved, marked))
    return svg_image(picture, width, y + MARGIN - GAP, size, _title(contents, names))


def _shootout(
    picture: ET.Element, contents: TableContents, names: Sequence[str], y: int, room: int
) -> int:
    """Draw the banner of the shootout on, from ``y``, ``room`` pixels wide; where it ends."""
    assert contents.view.shootout is not None
    shootout = shootout_text(contents.view.shootout, contents.choices, names)
    lines = wrap_words(shootout, 12, bold=True, room=room - 16)
    picture.append(draw_rect(MARGIN, y, room, 10 + 16 * len(lines), fill=SHOOTOUT, radius=6))
    for line in lines:
        picture.append(
            draw_text(MARGIN + 8, y + 17, line, size=12, bold=True, fill=INK, room=room - 16)
        )
        y += 16
    return y + 18


def _businesses(
    picture: ET.Element,
    seen: PlayerView,
    names: Sequence[str],
    top: int,
    shape: tuple[int, _Layout],
    spots: Spots,
) -> int:
    """Draw the businesses' panels, ``columns`` to a row from ``top``; where they end."""
    businesses = seen.businesses
    columns, layout = shape
    for first in range(0, len(businesses), columns):
        row = businesses[first : first + columns]
        for index, business in enumerate(row):
            x = MARGIN + index * (layout.panel_width + 2 * GAP)
            picture.append(_business(business, seen, names, (x, top), spots, layout))
        top += max(_panel_height(business, layout) for business in row) + 2 * GAP
    return top


def _title(contents: TableContents, names: Sequence[str]) -> str:
    seat = contents.view.seat
    if contents.everything:
        return "Chicago Poker: the whole table"
    return f"Chicago Poker: the table as {'a spectator' if seat is None else names[seat]} sees it"


def _filled(column: ColumnView) -> bool:
    return bool(column.slots) or column.marker is not None


def _row_height(column: ColumnView, layout: _Layout) -> int:
    return ROW + layout.name_line if _filled(column) else _EMPTY_ROW


def _panel_height(business: BusinessView, layout: _Layout) -> int:
    rows = sum(_row_height(column, layout) for column in business.columns)
    return _PANEL_TOP + rows + 4


def _business(
    business: BusinessView,
    seen: PlayerView,
    names: Sequence[str],
    where: tuple[int, int],
    spots: Spots,
    layout: _Layout,
) -> ET.Element:
    tile = business.tile
    x, y = where
    width = layout.panel_width
    panel = ET.Element("g", {"class": "business", "data-tile": str(tile)})
    height = _panel_height(business, layout)
    edge = SHOOTOUT if business.revealed else PANEL_EDGE
    panel.append(draw_rect(x, y, width, height, fill=PANEL, stroke=edge, radius=8))
    spots.append((("business", str(tile)), (x, y, width, height)))
    note = (
        ("shootout" if layout.name_line else "shootout: all face up") if business.revealed else ""
    )
    panel.extend(draw_header(tile, x, y, width, note))
    for position, face in enumerate(tile.pattern):
        cx = x + layout.name_width + position * STEP + CARD_WIDTH / 2
        sign = "▼ down" if face is Face.DOWN else "▲ up"
        panel.append(
            draw_text(
                cx, y + _PANEL_TOP - 8, sign, size=12, anchor="middle", fill=MUTED, room=STEP - 4
            )
        )
    row_y = y + _PANEL_TOP
    turn = seen.turn.player if seen.victory is None else None
    for seat, column in enumerate(business.columns):
        drawn = _column(column, names[seat], seat == turn, (x, row_y), tile, seat, spots, layout)
        panel.append(drawn)
        row_y += _row_height(column, layout)
    return panel


def draw_header(tile: BusinessTile, x: int, y: int, width: int, note: str) -> list[ET.Element]:
    """A business's name on a band of its kind's colour, and a note at the right."""
    color = KIND_COLORS[tile.kind]
    drawn = [
        draw_rect(x, y, width, HEADER, fill=color, radius=8),
        draw_rect(x, y + HEADER - 8, width, 8, fill=color),
    ]
    note_width = text_width(note, 12, bold=False) + 12 if note else 0
    room = width - 20 - note_width
    drawn.append(draw_text(x + 10, y + 18, tile.name, size=13, bold=True, fill=INK, room=room))
    if note:
        drawn.append(draw_text(x + width - 10, y + 17, note, size=12, anchor="end", fill=INK))
    return drawn


def _column(
    column: ColumnView,
    name: str,
    turn: bool,
    where: tuple[int, int],
    tile: BusinessTile,
    seat: int,
    spots: Spots,
    layout: _Layout,
) -> ET.Element:
    group = ET.Element("g", {"class": "column"})
    x, y = where
    width = layout.panel_width
    room = (width - 20) if layout.name_line else _NAME_WIDTH - 14
    color = GOLD if turn else INK
    if not _filled(column):
        group.append(draw_text(x + 10, y + 15, name, size=12, bold=turn, fill=color, room=room))
        spots.append((("column", str(tile), seat), (x + 4, y + 1, width - 8, 18)))
        return group
    middle = y + 13 if layout.name_line else y + CARD_HEIGHT / 2 + 4
    group.append(draw_text(x + 10, middle, name, size=12, bold=turn, fill=color, room=room))
    height = CARD_HEIGHT + layout.name_line
    spots.append((("column", str(tile), seat), (x + 4, y, width - 8, height)))
    y += layout.name_line
    _places(group, column, x + layout.name_width, y, tile, seat, spots)
    if column.marker is not None:
        cx = x + width - _MARKER_WIDTH / 2 - 2
        group.append(_marker(column.marker, cx, y + CARD_HEIGHT / 2))
    return group


def _slot(group: ET.Element, slot: SlotView, box: Box, spots: Spots) -> None:
    """The card placed in ``box``, face up or down, and its spot if it is seen."""
    group.append(draw_card(slot.card, box[0], box[1], slot.face))
    if slot.card is not None:
        spots.append((("card", str(slot.card)), box))


def _places(
    group: ET.Element,
    column: ColumnView,
    x: int,
    y: int,
    tile: BusinessTile,
    seat: int,
    spots: Spots,
) -> None:
    """Each place of a column from ``x``: the card placed there, face up or down, or nothing."""
    for position in range(len(tile.pattern)):
        left = x + position * STEP
        box = (left, y, CARD_WIDTH, CARD_HEIGHT)
        if position < len(column.slots):
            _slot(group, column.slots[position], box, spots)
        else:
            group.append(draw_rect(left, y, CARD_WIDTH, CARD_HEIGHT, fill=PLACE, radius=4))
        spots.append((("place", str(tile), seat, position), box))


def _marker(number: int, cx: float, cy: float) -> ET.Element:
    group = ET.Element("g", {"class": "marker"})
    ET.SubElement(group, "title").text = f"shootout marker #{number}"
    ET.SubElement(
        group, "circle", {"cx": svg_number(cx), "cy": svg_number(cy), "r": "14", "fill": INK}
    )
    group.append(
        draw_text(cx, cy + 4, f"#{number}", size=12, bold=True, anchor="middle", fill=DARK)
    )
    return group


def _players(
    picture: ET.Element,
    contents: TableContents,
    names: Sequence[str],
    top: int,
    width: int,
    spots: Spots,
) -> int:
    """Draw a strip for each player from ``top``: name, hand size, businesses, cards shown."""
    group = ET.Element("g", {"class": "players"})
    for seat in range(len(contents.view.players)):
        top = _player(group, contents, seat, names[seat], top, width, spots) + GAP
    picture.append(group)
    return top


class _Flow:
    """Places boxes left to right on lines of ``line`` pixels, starting a line when one is full."""

    def __init__(self, left: float, right: float, top: float, line: float) -> None:
        self.left, self.right, self.line = left, right, line
        self.x, self.y = left, top

    def place(self, width: float, gap: float) -> tuple[float, float]:
        """Where a box ``width`` wide goes; the next one goes ``gap`` after it."""
        if self.x > self.left and self.x + width > self.right:
            self.x, self.y = self.left, self.y + self.line
        where = (self.x, self.y)
        self.x += width + gap
        return where

    def room(self) -> float:
        """The width left on the current line."""
        return self.right - self.x


def _player(
    group: ET.Element,
    contents: TableContents,
    seat: int,
    name: str,
    top: int,
    width: int,
    spots: Spots,
) -> int:
    """Draw the strip of the player at ``seat`` from ``top``; where it ends."""
    seen, hand = contents.view, contents.hands[seat]
    turn = seen.victory is None and seat == seen.turn.player
    strip = draw_rect(MARGIN, top, width - 2 * MARGIN, 0, fill=PANEL, radius=8)
    strip.set("stroke", GOLD if turn else PANEL_EDGE)
    if turn:
        strip.set("stroke-width", "2")
    group.append(strip)
    left, right = MARGIN + 10, width - MARGIN - 10
    flow = _Flow(left, right, top + 6, 24)
    _details(group, flow, contents, seat, name, turn)
    _controlled(group, flow, seen.players[seat].controlled)
    bottom = flow.y + 24
    if hand:
        bottom = _hand(group, hand, _Flow(left, right, bottom + 2, ROW), spots)
    strip.set("height", svg_number(bottom - top))
    spots.append((("seat", seat), (MARGIN, top, width - 2 * MARGIN, bottom - top)))
    return int(bottom)


def _details(
    group: ET.Element, flow: _Flow, contents: TableContents, seat: int, name: str, turn: bool
) -> None:
    """The player's name, pointed at on their turn, and how many cards they hold."""
    seen, hand = contents.view, contents.hands[seat]
    line = flow.right - flow.left
    shown = f"▶ {name}" if turn else name
    name_width = min(text_width(shown, 14, bold=True), line)
    x, y = flow.place(name_width, 12)
    fill = GOLD if turn else INK
    group.append(draw_text(x, y + 14, shown, size=14, bold=True, fill=fill, room=name_width))
    count = seen.players[seat].hand_size if hand is None else len(hand)
    whose = "in your hand" if seat == seen.seat and not contents.everything else "in hand"
    about = f"{count} card{'s' if count != 1 else ''} {whose}"
    if seat in seen.pending_draws:
        about += " · waiting for a card"
    about_width = min(text_width(about, 12, bold=False), line)
    x, y = flow.place(about_width, 10)
    group.append(draw_text(x, y + 14, about, size=12, fill=MUTED, room=about_width))


def _controlled(group: ET.Element, flow: _Flow, tiles: Sequence[BusinessTile]) -> None:
    """A chip for each business the player controls, in the colour of its kind."""
    for tile in tiles:
        chip_width = min(text_width(tile.name, 12, bold=True) + 14, flow.right - flow.left)
        x, y = flow.place(chip_width, 6)
        chip = draw_rect(x, y + 1, chip_width, 18, fill=KIND_COLORS[tile.kind], radius=9)
        chip.set("class", "controlled")
        group.append(chip)
        middle = x + chip_width / 2
        group.append(
            draw_text(
                middle, y + 14, tile.name, size=12, bold=True, anchor="middle", room=chip_width - 14
            )
        )


def _hand(group: ET.Element, hand: Sequence[Card], flow: _Flow, spots: Spots) -> float:
    """The cards of a hand shown to the viewer, face up, placed by ``flow``; where they end."""
    row = ET.Element("g", {"class": "hand"})
    for card in hand:
        x, y = flow.place(CARD_WIDTH, GAP)
        row.append(draw_card(card, x, y, Face.UP))
        spots.append((("card", str(card)), (x, y, CARD_WIDTH, CARD_HEIGHT)))
    group.append(row)
    return flow.y + ROW + 2
