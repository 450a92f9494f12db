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
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from typing import Final, TypeAlias, get_args

from attrs import frozen

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
from chicago_poker.core.commands import (
    DeclineReinforcement,
    DrawCard,
    EndTurn,
    PlayBribery,
    PlayGangster,
    PlayLimousine,
    PlayLiquidation,
    PlayPoliceRaid,
    PlayRevolver,
    RevealTile,
    SendReinforcement,
)
from chicago_poker.core.errors import (
    ArgumentTypeError,
    InvalidArgumentError,
    check_count,
    short_repr,
)
from chicago_poker.core.events import (
    ActionPhaseStarted,
    BriberyPlayed,
    CardDrawn,
    DrawRequested,
    GameWon,
    GangsterPlayed,
    LimousinePlayed,
    LiquidationPlayed,
    MarkerPlaced,
    PoliceRaidPlayed,
    ReinforcementChosen,
    ReinforcementDeclined,
    ReinforcementRequested,
    ReinforcementsRevealed,
    RevolverPlayed,
    ShootoutStarted,
    ShootoutVoided,
    ShootoutWon,
    TileRevealed,
    TurnEnded,
    TurnStarted,
)
from chicago_poker.core.hands import HandCategory
from chicago_poker.core.redacted_commands import (
    RedactedPlayBribery,
    RedactedPlayGangster,
    RedactedPlayLimousine,
    RedactedSendReinforcement,
    SeenCommand,
)
from chicago_poker.core.redacted_events import (
    RedactedBriberyPlayed,
    RedactedCardDrawn,
    RedactedGangsterPlayed,
    RedactedLimousinePlayed,
    RedactedPoliceRaidPlayed,
    RedactedReinforcementChosen,
    SeenEvent,
)
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
from chicago_poker.core.views import BusinessView, ColumnView, PlayerView

__all__ = [
    "HAND_EXAMPLES",
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

CARD_WIDTH: Final = 40
CARD_HEIGHT: Final = 56
NARROW: Final = 560
"""A picture asked for at most this many pixels wide lays the businesses out one above another."""

_GAP: Final = 6
_STEP: Final = CARD_WIDTH + _GAP
_MARGIN: Final = 10
_NAME_WIDTH: Final = 104
_MARKER_WIDTH: Final = 42
_PANEL_WIDTH: Final = _NAME_WIDTH + MAX_COLUMN * _STEP - _GAP + _MARKER_WIDTH
_HEADER: Final = 26
_PANEL_TOP: Final = 48
_ROW: Final = CARD_HEIGHT + _GAP
_EMPTY_ROW: Final = 22
_FONT: Final = "font-family:sans-serif"

# The palette. Every text and card colour is chosen against the colour it lies on; the
# contrast ratios (WCAG 2) are tested in tests/test_svg.py and listed in docs/pictures.md.
_FELT: Final = "#1e5631"
_PANEL: Final = "#174a2b"
_PANEL_EDGE: Final = "#3d7a55"
_PLACE: Final = "#123c22"
_INK: Final = "#f5f1e6"
_MUTED: Final = "#b5d3bf"
_GOLD: Final = "#ffd54f"
_MARK: Final = "#4fc3f7"
_CARD: Final = "#ffffff"
_CARD_DOWN: Final = "#f1ece0"
_CARD_EDGE: Final = "#263238"
_DARK: Final = "#212121"
_SHOOTOUT: Final = "#b71c1c"
_SPECIAL: Final = "#37474f"
_BACK: Final = "#8e2424"
_BACK_INK: Final = "#f0d890"

_COLORS: Final = {
    Color.RED: "#b71c1c",
    Color.YELLOW: "#8a6500",
    Color.GREEN: "#1b6e20",
    Color.BLUE: "#1565c0",
    Color.PURPLE: "#6a1b9a",
}
_KIND_COLORS: Final = {
    BusinessKind.SPEAKEASY: "#6d4c41",
    BusinessKind.JAZZ_CLUB: "#283593",
    BusinessKind.BREWERY: "#8a4f00",
    BusinessKind.GAMBLING_HOUSE: "#00695c",
}

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


@frozen
class Place:
    """A place on the table: a seat's column at a business, or one place in that column.

    ``position`` counts from 0, the first card placed; None is the whole column.
    """

    business: BusinessTile
    """The business."""

    seat: int
    """Whose column."""

    position: int | None = None
    """Which place in the column, from 0; None for the whole column."""


Move: TypeAlias = SeenCommand | SeenEvent
"""What ``lastmove=`` highlights: a command, or an event, as a seat sees it."""

Mark: TypeAlias = Card | BusinessTile | Place | int
"""What ``marks=`` marks: a card, a business, a place, or a seat (its number)."""

_MOVES: Final = (*get_args(SeenCommand), *get_args(SeenEvent))
_MARKS: Final = (GangsterCard, SpecialCard, BusinessTile, Place, int)

_Key: TypeAlias = tuple[str | int, ...]
"""Something drawn that can be highlighted: ("card", text), ("place", tile, seat, position),
("column", tile, seat), ("business", tile) or ("seat", seat)."""

_Box: TypeAlias = tuple[float, float, float, float]
_Spots: TypeAlias = list[tuple[_Key, _Box]]


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
            text stays readable on a phone.
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
    moved = _moved(_moves(lastmove), contents.view)
    marked = frozenset(_marked(mark) for mark in _marks(marks))
    return _table(contents, _names(contents, names), size, moved, marked)


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
    return _svg(_card(card, 4, 4, face), CARD_WIDTH + 8, CARD_HEIGHT + 8, size, "card")


def render_business(tile: BusinessTile, *, size: int | None = None) -> SvgImage:
    """A business tile with its placement pattern: which of five cards lie face up (R-4.2)."""
    panel = ET.Element("g", {"class": "business", "data-tile": str(tile)})
    width = MAX_COLUMN * _STEP - _GAP
    panel.extend(_header(tile, _MARGIN, _MARGIN, width, ""))
    top = _MARGIN + _HEADER + 8
    for position, face in enumerate(tile.pattern):
        x = _MARGIN + position * _STEP
        panel.append(_place(x, top, face))
        label = f"{_ordinal(position)}: {face.value}"
        panel.append(
            _text(x + CARD_WIDTH / 2, top + CARD_HEIGHT + 16, label, size=10, anchor="middle")
        )
    height = top + CARD_HEIGHT + 22 + _MARGIN
    return _svg(panel, width + 2 * _MARGIN, height, size, f"{tile.name}: placement")


def render_hand(
    cards: Sequence[Card], *, label: str | None = None, size: int | None = None
) -> SvgImage:
    """A row of cards, face up, with an optional label before them."""
    row, width = _hand_row(cards, label or "", _MARGIN)
    return _svg(row, width + _MARGIN, CARD_HEIGHT + 2 * _MARGIN, size, label or "hand")


def render_hand_ranking(*, size: int | None = None) -> SvgImage:
    """The hand ranking, highest first (R-7.3): each category with an example hand."""
    picture = ET.Element("g", {"class": "hand-ranking"})
    width = 0
    for place, (category, example) in enumerate(HAND_EXAMPLES):
        cards = [parse_card(text) for text in example.split()]
        label = f"{place + 1}. {category.label}"
        row, row_width = _hand_row(cards, label, _MARGIN + place * _ROW)
        picture.append(row)
        width = max(width, row_width)
    height = len(HAND_EXAMPLES) * _ROW - _GAP + 2 * _MARGIN
    return _svg(picture, width + _MARGIN, height, size, "hand ranking")


# ------------------------------------------------------------------------- highlights


def _moves(lastmove: object) -> list[Move]:
    if lastmove is None:
        return []
    if isinstance(lastmove, _MOVES):
        return [lastmove]
    if isinstance(lastmove, Iterable) and not isinstance(lastmove, str | bytes):
        moves = list(lastmove)
        if all(isinstance(move, _MOVES) for move in moves):
            return moves
    raise ArgumentTypeError(
        f"render: lastmove must be a command, an event or several, not {short_repr(lastmove)}"
    )


def _marks(marks: object) -> list[Mark]:
    if isinstance(marks, Iterable) and not isinstance(marks, str | bytes | Place):
        listed = list(marks)
        if all(isinstance(m, _MARKS) and not isinstance(m, bool) for m in listed):
            return listed
    raise ArgumentTypeError(
        "render: marks must be cards, businesses, places and seats, not " + short_repr(marks)
    )


def _marked(mark: Mark) -> _Key:
    if isinstance(mark, BusinessTile):
        return ("business", str(mark))
    if isinstance(mark, Place):
        if mark.position is None:
            return ("column", str(mark.business), mark.seat)
        return ("place", str(mark.business), mark.seat, mark.position)
    if isinstance(mark, int):
        return ("seat", mark)
    return ("card", str(mark))


def _moved(moves: Sequence[Move], seen: PlayerView) -> frozenset[_Key]:
    """What ``moves`` involve, as keys of what a picture of ``seen`` draws."""
    keys: set[_Key] = set()
    for move in moves:
        keys |= _involved(move, seen)
    return frozenset(keys)


def _involved(move: Move, seen: PlayerView) -> set[_Key]:
    """The things one command or event involves: where cards went, who acted, what it hit.

    A card is named by its text; it is ringed only where the picture draws its face, so a
    card the view hides is never found.
    """
    match move:
        case (
            PlayGangster(player=p, business=b)
            | RedactedPlayGangster(player=p, business=b)
            | GangsterPlayed(player=p, business=b)
            | RedactedGangsterPlayed(player=p, business=b)
        ):
            return {("seat", p), _last_place(seen, b, p)}
        case (
            PlayLiquidation(player=p, business=b, victim=v)
            | LiquidationPlayed(player=p, business=b, victim=v)
        ):
            return {("seat", p), ("column", str(b), v)}
        case PlayPoliceRaid(player=p, business=b, target=t):
            return {("seat", p), ("column", str(b), t)}
        case (
            PoliceRaidPlayed(player=p, business=b, target=t, seen=cards)
            | RedactedPoliceRaidPlayed(player=p, business=b, target=t, seen=cards)
        ):
            return {("seat", p), ("column", str(b), t), *_card_keys(cards)}
        case (
            PlayLimousine(player=p, source=s, destination=d, cards=cards)
            | RedactedPlayLimousine(player=p, source=s, destination=d, cards=cards)
            | LimousinePlayed(player=p, source=s, destination=d, cards=cards)
            | RedactedLimousinePlayed(player=p, source=s, destination=d, cards=cards)
        ):
            columns = {("column", str(s), p), ("column", str(d), p)}
            return {("seat", p), *columns, *_card_keys(cards)}
        case MarkerPlaced(player=p, business=b):
            return {("column", str(b), p)}
        case (
            ShootoutStarted(business=b)
            | ReinforcementRequested(business=b)
            | ReinforcementsRevealed(business=b)
            | ShootoutVoided(business=b)
        ):
            return {("business", str(b))}
        case ShootoutWon(business=b, player=p):
            return {("business", str(b)), ("seat", p)}
        case TileRevealed(tile=t) | RevealTile(tile=t):
            return {("business", str(t))}
        case (
            CardDrawn(player=p, card=c)
            | RedactedCardDrawn(player=p, card=c)
            | SendReinforcement(player=p, card=c)
            | RedactedSendReinforcement(player=p, card=c)
            | ReinforcementChosen(player=p, card=c)
            | RedactedReinforcementChosen(player=p, card=c)
        ):
            return {("seat", p), *_card_keys((c,))}
        case (
            DrawCard(player=p)
            | PlayRevolver(player=p)
            | PlayBribery(player=p)
            | RedactedPlayBribery(player=p)
            | EndTurn(player=p)
            | DeclineReinforcement(player=p)
            | TurnStarted(player=p)
            | ActionPhaseStarted(player=p)
            | DrawRequested(player=p)
            | RevolverPlayed(player=p)
            | BriberyPlayed(player=p)
            | RedactedBriberyPlayed(player=p)
            | ReinforcementDeclined(player=p)
            | TurnEnded(player=p)
            | GameWon(player=p)
        ):
            return {("seat", p)}
    return set()


def _card_keys(cards: Iterable[Card | None]) -> set[_Key]:
    return {("card", str(card)) for card in cards if card is not None}


def _last_place(seen: PlayerView, tile: BusinessTile, seat: int) -> _Key:
    """The place of the card last placed in ``seat``'s column at ``tile``, as ``seen`` shows."""
    for business in seen.businesses:
        if business.tile == tile and seat < len(business.columns):
            slots = len(business.columns[seat].slots)
            if slots:
                return ("place", str(tile), seat, slots - 1)
    return ("column", str(tile), seat)


def _highlights(spots: _Spots, moved: frozenset[_Key], marked: frozenset[_Key]) -> ET.Element:
    """Rings over what was drawn: gold for the last move, dashed blue for a mark."""
    group = ET.Element("g", {"class": "highlights"})
    for key, (x, y, width, height) in spots:
        for wanted, name, color in ((moved, "lastmove", _GOLD), (marked, "mark", _MARK)):
            if key in wanted:
                ring = _rect(x - 3, y - 3, width + 6, height + 6, fill="none", stroke=color)
                ring.attrib.update({"class": name, "stroke-width": "3", "rx": "6"})
                if name == "mark":
                    ring.set("stroke-dasharray", "6 3")
                group.append(ring)
    return group


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


def _table(
    contents: TableContents,
    names: Sequence[str],
    size: int | None,
    moved: frozenset[_Key],
    marked: frozenset[_Key],
) -> SvgImage:
    seen = contents.view
    narrow = size is not None and size <= NARROW
    columns = 1 if narrow or len(seen.businesses) < 2 else 2
    width = 2 * _MARGIN + columns * _PANEL_WIDTH + (columns - 1) * 2 * _GAP
    room = width - 2 * _MARGIN
    picture = ET.Element("g", {"class": "table"})
    y = _MARGIN
    for line in _wrap(turn_text(seen, names), 15, bold=True, room=room):
        picture.append(_text(_MARGIN, y + 15, line, size=15, bold=True, fill=_INK, room=room))
        y += 20
    for line in _wrap(piles_text(seen, discards=False), 12, bold=False, room=room):
        picture.append(_text(_MARGIN, y + 12, line, size=12, fill=_MUTED, room=room))
        y += 16
    y += 6
    if seen.shootout is not None:
        shootout = shootout_text(seen.shootout, contents.choices, names)
        lines = _wrap(shootout, 12, bold=True, room=room - 16)
        picture.append(_rect(_MARGIN, y, room, 10 + 16 * len(lines), fill=_SHOOTOUT, radius=6))
        for line in lines:
            picture.append(
                _text(_MARGIN + 8, y + 17, line, size=12, bold=True, fill=_INK, room=room - 16)
            )
            y += 16
        y += 18
    spots: _Spots = []
    y = _businesses(picture, seen, names, y, columns, spots)
    y = _players(picture, contents, names, y, width, spots)
    picture.append(_highlights(spots, moved, marked))
    return _svg(picture, width, y + _MARGIN - _GAP, size, _title(contents, names))


def _businesses(
    picture: ET.Element,
    seen: PlayerView,
    names: Sequence[str],
    top: int,
    columns: int,
    spots: _Spots,
) -> int:
    """Draw the businesses' panels, ``columns`` to a row from ``top``; where they end."""
    businesses = seen.businesses
    for first in range(0, len(businesses), columns):
        row = businesses[first : first + columns]
        for index, business in enumerate(row):
            x = _MARGIN + index * (_PANEL_WIDTH + 2 * _GAP)
            picture.append(_business(business, seen, names, x, top, spots))
        top += max(_panel_height(business) for business in row) + 2 * _GAP
    return top


def _title(contents: TableContents, names: Sequence[str]) -> str:
    seat = contents.view.seat
    if contents.everything:
        return "Chicago Poker: the whole table"
    return f"Chicago Poker: the table as {'a spectator' if seat is None else names[seat]} sees it"


def _filled(column: ColumnView) -> bool:
    return bool(column.slots) or column.marker is not None


def _panel_height(business: BusinessView) -> int:
    rows = sum(_ROW if _filled(column) else _EMPTY_ROW for column in business.columns)
    return _PANEL_TOP + rows + 4


def _business(
    business: BusinessView,
    seen: PlayerView,
    names: Sequence[str],
    x: int,
    y: int,
    spots: _Spots,
) -> ET.Element:
    tile = business.tile
    panel = ET.Element("g", {"class": "business", "data-tile": str(tile)})
    height = _panel_height(business)
    edge = _SHOOTOUT if business.revealed else _PANEL_EDGE
    panel.append(_rect(x, y, _PANEL_WIDTH, height, fill=_PANEL, stroke=edge, radius=8))
    spots.append((("business", str(tile)), (x, y, _PANEL_WIDTH, height)))
    note = "shootout: all face up" if business.revealed else ""
    panel.extend(_header(tile, x, y, _PANEL_WIDTH, note))
    for position, face in enumerate(tile.pattern):
        cx = x + _NAME_WIDTH + position * _STEP + CARD_WIDTH / 2
        sign = "▼ down" if face is Face.DOWN else "▲ up"
        panel.append(
            _text(
                cx, y + _PANEL_TOP - 8, sign, size=12, anchor="middle", fill=_MUTED, room=_STEP - 4
            )
        )
    row_y = y + _PANEL_TOP
    turn = seen.turn.player if seen.victory is None else None
    for seat, column in enumerate(business.columns):
        panel.append(_column(column, names[seat], seat == turn, x, row_y, tile, seat, spots))
        row_y += _ROW if _filled(column) else _EMPTY_ROW
    return panel


def _header(tile: BusinessTile, x: int, y: int, width: int, note: str) -> list[ET.Element]:
    """A business's name on a band of its kind's colour, and a note at the right."""
    color = _KIND_COLORS[tile.kind]
    drawn = [
        _rect(x, y, width, _HEADER, fill=color, radius=8),
        _rect(x, y + _HEADER - 8, width, 8, fill=color),
    ]
    note_width = _text_width(note, 12, bold=False) + 12 if note else 0
    room = width - 20 - note_width
    drawn.append(_text(x + 10, y + 18, tile.name, size=13, bold=True, fill=_INK, room=room))
    if note:
        drawn.append(_text(x + width - 10, y + 17, note, size=12, anchor="end", fill=_INK))
    return drawn


def _column(
    column: ColumnView,
    name: str,
    turn: bool,
    x: int,
    y: int,
    tile: BusinessTile,
    seat: int,
    spots: _Spots,
) -> ET.Element:
    group = ET.Element("g", {"class": "column"})
    room = _NAME_WIDTH - 14
    color = _GOLD if turn else _INK
    if not _filled(column):
        group.append(_text(x + 10, y + 15, name, size=12, bold=turn, fill=color, room=room))
        spots.append((("column", str(tile), seat), (x + 4, y + 1, _PANEL_WIDTH - 8, 18)))
        return group
    middle = y + CARD_HEIGHT / 2 + 4
    group.append(_text(x + 10, middle, name, size=12, bold=turn, fill=color, room=room))
    spots.append((("column", str(tile), seat), (x + 4, y, _PANEL_WIDTH - 8, CARD_HEIGHT)))
    for position in range(len(tile.pattern)):
        left = x + _NAME_WIDTH + position * _STEP
        box = (left, y, CARD_WIDTH, CARD_HEIGHT)
        if position < len(column.slots):
            slot = column.slots[position]
            group.append(_card(slot.card, left, y, slot.face))
            if slot.card is not None:
                spots.append((("card", str(slot.card)), box))
        else:
            group.append(_rect(left, y, CARD_WIDTH, CARD_HEIGHT, fill=_PLACE, radius=4))
        spots.append((("place", str(tile), seat, position), box))
    if column.marker is not None:
        cx = x + _PANEL_WIDTH - _MARKER_WIDTH / 2 - 2
        group.append(_marker(column.marker, cx, y + CARD_HEIGHT / 2))
    return group


def _marker(number: int, cx: float, cy: float) -> ET.Element:
    group = ET.Element("g", {"class": "marker"})
    ET.SubElement(group, "title").text = f"shootout marker #{number}"
    ET.SubElement(group, "circle", {"cx": _n(cx), "cy": _n(cy), "r": "14", "fill": _INK})
    group.append(_text(cx, cy + 4, f"#{number}", size=12, bold=True, anchor="middle", fill=_DARK))
    return group


def _players(
    picture: ET.Element,
    contents: TableContents,
    names: Sequence[str],
    top: int,
    width: int,
    spots: _Spots,
) -> int:
    """Draw a strip for each player from ``top``: name, hand size, businesses, cards shown."""
    group = ET.Element("g", {"class": "players"})
    for seat in range(len(contents.view.players)):
        top = _player(group, contents, seat, names[seat], top, width, spots) + _GAP
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
    spots: _Spots,
) -> int:
    seen, hand = contents.view, contents.hands[seat]
    player = seen.players[seat]
    turn = seen.victory is None and seat == seen.turn.player
    strip = _rect(_MARGIN, top, width - 2 * _MARGIN, 0, fill=_PANEL, radius=8)
    strip.set("stroke", _GOLD if turn else _PANEL_EDGE)
    if turn:
        strip.set("stroke-width", "2")
    group.append(strip)
    left, right = _MARGIN + 10, width - _MARGIN - 10
    flow = _Flow(left, right, top + 6, 24)
    shown = f"▶ {name}" if turn else name
    name_width = min(_text_width(shown, 14, bold=True), right - left)
    x, y = flow.place(name_width, 12)
    fill = _GOLD if turn else _INK
    group.append(_text(x, y + 14, shown, size=14, bold=True, fill=fill, room=name_width))
    count = player.hand_size if hand is None else len(hand)
    whose = "in your hand" if seat == seen.seat and not contents.everything else "in hand"
    about = f"{count} card{'s' if count != 1 else ''} {whose}"
    if seat in seen.pending_draws:
        about += " · waiting for a card"
    about_width = min(_text_width(about, 12, bold=False), right - left)
    x, y = flow.place(about_width, 10)
    group.append(_text(x, y + 14, about, size=12, fill=_MUTED, room=about_width))
    for tile in player.controlled:
        chip_width = min(_text_width(tile.name, 12, bold=True) + 14, right - left)
        x, y = flow.place(chip_width, 6)
        chip = _rect(x, y + 1, chip_width, 18, fill=_KIND_COLORS[tile.kind], radius=9)
        chip.set("class", "controlled")
        group.append(chip)
        middle = x + chip_width / 2
        group.append(
            _text(
                middle, y + 14, tile.name, size=12, bold=True, anchor="middle", room=chip_width - 14
            )
        )
    bottom = flow.y + 24
    if hand:
        cards = _Flow(left, right, bottom + 2, _ROW)
        row = ET.Element("g", {"class": "hand"})
        for card in hand:
            x, y = cards.place(CARD_WIDTH, _GAP)
            row.append(_card(card, x, y, Face.UP))
            spots.append((("card", str(card)), (x, y, CARD_WIDTH, CARD_HEIGHT)))
        group.append(row)
        bottom = cards.y + _ROW + 2
    strip.set("height", _n(bottom - top))
    spots.append((("seat", seat), (_MARGIN, top, width - 2 * _MARGIN, bottom - top)))
    return int(bottom)


def _hand_row(cards: Sequence[Card], label: str, y: int) -> tuple[ET.Element, int]:
    row = ET.Element("g", {"class": "hand"})
    x = _MARGIN
    if label:
        row.append(_text(x, y + CARD_HEIGHT / 2 + 5, label, size=13, fill=_INK, room=150))
        x += 156
    for card in cards:
        row.append(_card(card, x, y, Face.UP))
        x += _STEP
    return row, x - _GAP


# ------------------------------------------------------------------------- cards and shapes


def _card(card: Card | None, x: float, y: float, face: Face) -> ET.Element:
    if card is None:
        return _back(x, y)
    down = face is Face.DOWN
    group = ET.Element("g", {"class": "card face-down" if down else "card", "data-card": str(card)})
    ET.SubElement(group, "title").text = f"{card}{', face down' if down else ''}"
    fill = _CARD_DOWN if down else _CARD
    group.append(_rect(x, y, CARD_WIDTH, CARD_HEIGHT, fill=fill, stroke=_CARD_EDGE, radius=4))
    if down:  # a face-down card the viewer knows: its face, in a dashed frame
        group[-1].set("stroke-dasharray", "4 2")
    group.extend(_face(card, x, y))
    return group


def _face(card: Card, x: float, y: float) -> list[ET.Element]:
    middle = x + CARD_WIDTH / 2
    if isinstance(card, GangsterCard):
        color = _COLORS[card.color]
        return [
            _rect(x + 3, y + 3, CARD_WIDTH - 6, 7, fill=color, radius=2),
            _text(middle, y + 34, str(card.value), size=19, bold=True, anchor="middle", fill=color),
            _text(middle, y + 49, card.color.code, size=12, bold=True, anchor="middle", fill=color),
        ]
    assert isinstance(card, SpecialCard)
    words = _FACE_LINES.get(card.kind.label) or tuple(card.kind.label.split())
    lines = [*words, str(card.copy)] if card.kind.copies > 1 else list(words)
    first = y + 31 - 6.5 * (len(lines) - 1)
    return [
        _rect(x + 3, y + 3, CARD_WIDTH - 6, CARD_HEIGHT - 6, fill=_SPECIAL, radius=2),
        *(
            _text(middle, first + 13 * index, line, size=12, anchor="middle", fill=_CARD, room=34)
            for index, line in enumerate(lines)
        ),
    ]


_FACE_LINES: Final = {
    "Liquidation": ("Liqui-", "dation"),
    "Limousine": ("Limou-", "sine"),
    "Revolver": ("Revol-", "ver"),
    "Bribery": ("Bri-", "bery"),
}
"""How a special card's name is broken over the lines of its face, where one word is too long
for a card's width at 12 pixels; the card's ``title`` gives the name whole."""


def _back(x: float, y: float) -> ET.Element:
    group = ET.Element("g", {"class": "card back"})
    ET.SubElement(group, "title").text = "a face-down card"
    group.append(_rect(x, y, CARD_WIDTH, CARD_HEIGHT, fill=_CARD, stroke=_CARD_EDGE, radius=4))
    group.append(_rect(x + 4, y + 4, CARD_WIDTH - 8, CARD_HEIGHT - 8, fill=_BACK, radius=2))
    middle = x + CARD_WIDTH / 2
    group.append(_text(middle, y + CARD_HEIGHT / 2 + 6, "♠", size=17, anchor="middle"))
    group[-1].set("fill", _BACK_INK)
    return group


def _place(x: float, y: float, face: Face) -> ET.Element:
    """An empty place of a column, showing whether a card placed there lies face up or down."""
    down = face is Face.DOWN
    group = ET.Element("g", {"class": f"place {face.value}"})
    ET.SubElement(group, "title").text = f"a card here lies face {face.value}"
    group.append(_rect(x, y, CARD_WIDTH, CARD_HEIGHT, fill=_PLACE, radius=4))
    sign = "▼" if down else "▲"
    middle = (x + CARD_WIDTH / 2, y + CARD_HEIGHT / 2 + 5)
    group.append(_text(*middle, sign, size=15, anchor="middle", fill=_MUTED))
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
    fill: str = _INK,
    room: float | None = None,
) -> ET.Element:
    """A line of text at ``x``, ``y`` (its baseline); squeezed into ``room`` pixels if given."""
    element = ET.Element("text", {"x": _n(x), "y": _n(y), "font-size": str(size), "fill": fill})
    if bold:
        element.set("font-weight", "bold")
    if anchor != "start":
        element.set("text-anchor", anchor)
    if room is not None:
        element.attrib.update(_squeeze(content, size, bold=bold, room=room))
    element.text = content
    return element


def _squeeze(content: str, size: int, *, bold: bool, room: float) -> dict[str, str]:
    """The attributes that fit a text into ``room`` pixels, none if it fits as it is."""
    if _text_width(content, size, bold=bold) <= room:
        return {}
    return {"textLength": _n(room), "lengthAdjust": "spacingAndGlyphs"}


_NARROW_LETTERS: Final = frozenset("fijlrtI.,:;!|'()[] ")
_WIDE_LETTERS: Final = frozenset("mwMW@%")


def _text_width(content: str, size: int, *, bold: bool) -> float:
    """A generous guess at how wide ``content`` is drawn, without the font at hand.

    Each letter counts by its kind (wide, capital, narrow, other; any letter outside ASCII as
    a whole em), and never less than 0.62 em a letter (0.68 bold) on average.
    """
    ems = 0.0
    for letter in content:
        if not letter.isascii():
            ems += 1.0
        elif letter in _WIDE_LETTERS:
            ems += 0.95
        elif letter in _NARROW_LETTERS:
            ems += 0.34
        elif letter.isupper():
            ems += 0.74
        else:
            ems += 0.6
    if bold:
        ems *= 1.08
    return size * max(ems, len(content) * (0.68 if bold else 0.62))


def _wrap(content: str, size: int, *, bold: bool, room: float) -> list[str]:
    """``content`` broken at spaces into lines that each fit ``room`` pixels, where they can."""
    lines: list[str] = []
    for word in content.split(" "):
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and _text_width(joined, size, bold=bold) <= room:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines


def _n(number: float) -> str:
    """A coordinate as SVG text: whole numbers without a decimal point."""
    return str(int(number)) if number == int(number) else f"{number:.1f}"


def _svg(content: ET.Element, width: int, height: int, size: int | None, title: str) -> SvgImage:
    shown = (width, height) if size is None else _scaled(width, height, size)
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg"})
    root.attrib.update(viewBox=f"0 0 {width} {height}", style=_FONT)
    root.attrib.update(width=str(shown[0]), height=str(shown[1]))
    ET.SubElement(root, "title").text = title
    ET.SubElement(root, "rect", {"width": str(width), "height": str(height), "fill": _FELT})
    root.append(content)
    return SvgImage(ET.tostring(root, encoding="unicode"))


def _scaled(width: int, height: int, size: object) -> tuple[int, int]:
    """The picture's size in pixels for a width of ``size``, the proportions kept."""
    size = check_count("render", "size", size, 1)
    return size, round(size * height / width)
