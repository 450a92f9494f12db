"""The values of the words of a statement: numbers, cards, tiles, lists, and ``key=value`` fields.

The grammar has checked the form of every word before these run, so they only turn text into
values, and check what the grammar leaves to the reader: a number of at most six characters
and at least its least, a key at most once, the keys a statement needs, and a gangster card
where only a gangster card may lie. Each takes the token that holds the text, so that an
error gives its line and column.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from chicago_poker.core.cards import BusinessTile, Card, GangsterCard, parse_card, parse_tile
from chicago_poker.core.errors import PositionInvariantError
from chicago_poker.core.state import ShootoutStage, TurnPhase, Victory
from chicago_poker.formats.notation.statements import Statement, Token, syntax
from chicago_poker.formats.notation.vocabulary import EMPTY, PHASES, STAGES, VICTORIES

__all__ = [
    "Fields",
    "card",
    "card_list",
    "choices",
    "fields",
    "gangster",
    "get",
    "items",
    "number",
    "phase",
    "required",
    "seat_list",
    "seen_list",
    "stage",
    "tile",
    "tile_list",
    "victory",
]

T = TypeVar("T")

Fields = dict[str, tuple[Token, str]]
"""The ``key=value`` words of a statement: each key with its token and its value's text."""


def number(token: Token, text: str | None = None, *, low: int = 0) -> int:
    """A whole number of at most six characters, at least ``low``."""
    text = token.text if text is None else text
    if len(text) > 6:
        raise syntax(token, f"{text!r} is not a whole number")
    value = int(text)
    if value < low:
        raise syntax(token, f"{value} is below {low}")
    return value


def items(text: str) -> list[str]:
    """The items of a list: joined by commas, or ``-`` for none."""
    return [] if text == EMPTY else text.split(",")


def card(token: Token, text: str) -> Card:
    """A card, as ``str`` writes it."""
    return parse_card(text)


def tile(token: Token, text: str) -> BusinessTile:
    """A business tile, as ``str`` writes it."""
    return parse_tile(text)


def card_list(token: Token, text: str) -> list[Card]:
    """A list of cards."""
    return [parse_card(item) for item in items(text)]


def gangster(token: Token, text: str) -> GangsterCard:
    """A card at a business, which is a gangster card (R-4.1)."""
    found = parse_card(text)
    if not isinstance(found, GangsterCard):
        raise PositionInvariantError(
            "columns",
            f"{found} is a special card: only gangster cards are placed at businesses",
            rule="R-4.1",
            line=token.line,
        )
    return found


def seat_list(token: Token, text: str) -> tuple[int, ...]:
    """A list of seats."""
    return tuple(number(token, item) for item in items(text))


def tile_list(token: Token, text: str) -> list[BusinessTile]:
    """A list of tiles."""
    return [parse_tile(item) for item in items(text)]


def seen_list(token: Token, text: str) -> list[tuple[BusinessTile, int, GangsterCard]]:
    """What Police Raids showed: ``tile:owner:card`` items."""
    seen = []
    for item in items(text):
        where, owner, seen_card = item.split(":")
        seen.append((parse_tile(where), number(token, owner), gangster(token, seen_card)))
    return seen


def choices(token: Token, text: str) -> tuple[tuple[int, GangsterCard | None], ...]:
    """The reinforcements chosen in a shootout: ``seat:card`` items, ``seat:-`` for none."""
    chosen: list[tuple[int, GangsterCard | None]] = []
    for item in items(text):
        seat, _, sent = item.partition(":")
        chosen.append((number(token, seat), None if sent == EMPTY else gangster(token, sent)))
    return tuple(chosen)


def phase(token: Token, value: str) -> TurnPhase:
    """The phase of a turn."""
    return PHASES[value]


def victory(token: Token, value: str) -> Victory:
    """How a game ended."""
    return VICTORIES[value]


def stage(token: Token, value: str) -> ShootoutStage:
    """The stage of a shootout."""
    return STAGES[value]


def fields(tokens: Sequence[Token]) -> Fields:
    """The ``key=value`` words of a statement, each key at most once."""
    found: Fields = {}
    for token in tokens:
        key, _, value = token.text.partition("=")
        if key in found:
            raise syntax(token, f"{key!r} is given twice")
        found[key] = (token, value)
    return found


def get(found: Fields, key: str, read: Callable[[Token, str], T], default: T) -> T:
    """The value of field ``key`` read with ``read``, or ``default`` when it is not given."""
    if key not in found:
        return default
    token, value = found[key]
    return read(token, value)


def required(statement: Statement, found: Fields, key: str) -> None:
    """Refuse a statement without field ``key``."""
    if key not in found:
        raise syntax(statement.keyword, f"{statement.keyword.text} needs {key}=")
