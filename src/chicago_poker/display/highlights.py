"""What a picture of the table rings: the last move in gold, the marks in dashed blue.

``lastmove=`` names commands or events (:data:`Move`): each involves cards, places, columns,
businesses and seats (:func:`involved`), which the picture rings where it draws them.
``marks=`` names them directly (:data:`Mark`: a card, a business, a :class:`Place` or a seat).
Both are matched with what the picture of a seat's view draws, and only there: a card the
view hides is never drawn, so it is never found.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from typing import Final, TypeAlias, get_args

from attrs import frozen

from chicago_poker.core.cards import BusinessTile, Card, GangsterCard, SpecialCard
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
from chicago_poker.core.views import PlayerView
from chicago_poker.display.shapes import GOLD, MARK, draw_rect

__all__ = [
    "Box",
    "Key",
    "Mark",
    "Move",
    "Place",
    "Spots",
    "draw_highlights",
    "involved",
    "marked_key",
    "marks_of",
    "moved_keys",
    "moves_of",
]


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

Key: TypeAlias = tuple[str | int, ...]
"""Something drawn that can be highlighted: ("card", text), ("place", tile, seat, position),
("column", tile, seat), ("business", tile) or ("seat", seat)."""

Box: TypeAlias = tuple[float, float, float, float]
Spots: TypeAlias = list[tuple[Key, Box]]


def moves_of(lastmove: object) -> list[Move]:
    """The commands and events of ``lastmove``: none, one or several, checked."""
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


def marks_of(marks: object) -> list[Mark]:
    """The marks of ``marks``, checked: cards, businesses, places and seats."""
    if isinstance(marks, Iterable) and not isinstance(marks, str | bytes | Place):
        listed = list(marks)
        if all(isinstance(m, _MARKS) and not isinstance(m, bool) for m in listed):
            return listed
    raise ArgumentTypeError(
        "render: marks must be cards, businesses, places and seats, not " + short_repr(marks)
    )


def marked_key(mark: Mark) -> Key:
    """What a picture draws of ``mark``, as the key it is kept under."""
    if isinstance(mark, BusinessTile):
        return ("business", str(mark))
    if isinstance(mark, Place):
        if mark.position is None:
            return ("column", str(mark.business), mark.seat)
        return ("place", str(mark.business), mark.seat, mark.position)
    if isinstance(mark, int):
        return ("seat", mark)
    return ("card", str(mark))


def moved_keys(moves: Sequence[Move], seen: PlayerView) -> frozenset[Key]:
    """What ``moves`` involve, as keys of what a picture of ``seen`` draws."""
    keys: set[Key] = set()
    for move in moves:
        keys |= involved(move, seen)
    return frozenset(keys)


def involved(move: Move, seen: PlayerView) -> set[Key]:
    """The things one command or event involves: where cards went, who acted, what it hit.

    A card is named by its text; it is ringed only where the picture draws its face, so a
    card the view hides is never found.
    """
    for things in (_placed(move, seen), _at_business(move), _by_seat(move)):
        if things is not None:
            return things
    return set()


def _placed(move: Move, seen: PlayerView) -> set[Key] | None:
    """Where a card was placed, moved or struck, and who did it; None for other moves."""
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
    return None


def _at_business(move: Move) -> set[Key] | None:
    """The business of a shootout or of a tile revealed, and a shootout's winner; else None."""
    match move:
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
    return None


def _by_seat(move: Move) -> set[Key] | None:
    """The seat that drew, sent, played or ended, and the card it drew or sent; else None."""
    match move:
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
    return None


def _card_keys(cards: Iterable[Card | None]) -> set[Key]:
    return {("card", str(card)) for card in cards if card is not None}


def _last_place(seen: PlayerView, tile: BusinessTile, seat: int) -> Key:
    """The place of the card last placed in ``seat``'s column at ``tile``, as ``seen`` shows."""
    for business in seen.businesses:
        if business.tile == tile and seat < len(business.columns):
            slots = len(business.columns[seat].slots)
            if slots:
                return ("place", str(tile), seat, slots - 1)
    return ("column", str(tile), seat)


def draw_highlights(spots: Spots, moved: frozenset[Key], marked: frozenset[Key]) -> ET.Element:
    """Rings over what was drawn: gold for the last move, dashed blue for a mark."""
    group = ET.Element("g", {"class": "highlights"})
    for key, (x, y, width, height) in spots:
        for wanted, name, color in ((moved, "lastmove", GOLD), (marked, "mark", MARK)):
            if key in wanted:
                ring = draw_rect(x - 3, y - 3, width + 6, height + 6, fill="none", stroke=color)
                ring.attrib.update({"class": name, "stroke-width": "3", "rx": "6"})
                if name == "mark":
                    ring.set("stroke-dasharray", "6 3")
                group.append(ring)
    return group
