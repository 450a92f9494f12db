"""The words of a command in the move notation, read by the grammar into a pattern.

:func:`read_pattern` checks a command's text against the grammar's rule ``command``, whatever
the case of its words, and reads it into a :class:`Pattern`: the command's class, the
seat if written, and the values of its fields, where a business may be only its kind. Which
command of a state the pattern names is for :mod:`chicago_poker.formats.moves` to find. A
text that breaks the grammar raises :class:`~chicago_poker.core.errors.NotationSyntaxError`,
which quotes the text, names the word at fault and says what was expected there.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, NamedTuple

from chicago_poker.core.cards import (
    BUSINESS_TILES,
    GANGSTER_CARDS,
    SPECIAL_CARDS,
    BusinessKind,
    BusinessTile,
    Card,
    SpecialKind,
)
from chicago_poker.core.commands import (
    DEAL,
    DECLINE,
    DRAW,
    END,
    REVEAL,
    SEND,
    DealCard,
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
from chicago_poker.core.errors import NotationSyntaxError
from chicago_poker.formats.notation.grammar import follows

if TYPE_CHECKING:
    from chicago_poker.formats.notation.diagnosis import Slot
    from chicago_poker.formats.notation.grammar import Grammar

__all__ = ["CHANCE", "FIELDS", "FORMS", "Pattern", "TileSpec", "read_pattern"]

CHANCE: Final = (DealCard, RevealTile)
"""The commands of chance, which have no seat."""

FIELDS: Final[dict[type, tuple[str, ...]]] = {
    DrawCard: (),
    PlayGangster: ("card", "business"),
    PlayLiquidation: ("business", "victim"),
    PlayPoliceRaid: ("business", "target"),
    PlayLimousine: ("source", "destination", "cards"),
    PlayRevolver: (),
    PlayBribery: ("card",),
    EndTurn: (),
    SendReinforcement: ("card",),
    DeclineReinforcement: (),
    DealCard: ("card",),
    RevealTile: ("tile",),
}
"""The fields each command's text writes, in order, after the word that names it (no seat)."""

FORMS: Final = {
    DrawCard: DRAW,
    PlayGangster: "9R Speakeasy#1",
    PlayLiquidation: "Liquidation Speakeasy#1 2",
    PlayPoliceRaid: "PoliceRaid Speakeasy#1 2",
    PlayLimousine: "Limousine Speakeasy#1 Brewery#2 9R,10B",
    PlayRevolver: "Revolver",
    PlayBribery: "Bribery 9R",
    EndTurn: END,
    SendReinforcement: "send 9R",
    DeclineReinforcement: DECLINE,
    DealCard: "deal 9R",
    RevealTile: "reveal Speakeasy#1",
}
"""An example of each command's text, for the messages."""

_WHAT: Final[dict[type, tuple[str, ...]]] = {
    PlayGangster: ("the business",),
    PlayLiquidation: ("the business", "the victim's seat"),
    PlayPoliceRaid: ("the business", "the seat raided"),
    PlayLimousine: ("the source", "the destination", "the cards moved"),
    PlayBribery: ("the card taken",),
    SendReinforcement: ("the card sent",),
    DealCard: ("the card dealt",),
    RevealTile: ("the tile revealed",),
}
"""How a message names each word after the one that names the command."""

_MOVES: Final = (
    "a move is draw, end, a gangster card and a business (9R Speakeasy#1), a special card "
    "(Liquidation, PoliceRaid, Limousine, Revolver, Bribery) and what it is played on, "
    "send and a card, decline, deal and a card, or reveal and a tile"
)

TileSpec = BusinessTile | BusinessKind
"""A tile as written: the tile, or only its kind, which the state must make plain."""


class Pattern(NamedTuple):
    """A command as read from text, before the state fills in what the text leaves out."""

    kind: type
    """The command's class."""
    seat: int | None
    """The seat written, or None."""
    values: tuple[object, ...]
    """The values of the fields of :data:`FIELDS`, in order; a tile may be a kind."""


_CARDS: Final[dict[str, Card]] = {str(card).lower(): card for card in GANGSTER_CARDS}
_CARDS.update({str(card).lower(): card for card in SPECIAL_CARDS})
_PLACES: Final[dict[str, TileSpec]] = {str(tile).lower(): tile for tile in BUSINESS_TILES}
_PLACES.update({kind.value.lower(): kind for kind in BusinessKind})
_VERBS: Final[dict[str, type]] = {
    DRAW: DrawCard,
    END: EndTurn,
    DECLINE: DeclineReinforcement,
    SEND: SendReinforcement,
    DEAL: DealCard,
    REVEAL: RevealTile,
} | {
    word.lower(): {
        SpecialKind.LIQUIDATION: PlayLiquidation,
        SpecialKind.POLICE_RAID: PlayPoliceRaid,
        SpecialKind.LIMOUSINE: PlayLimousine,
        SpecialKind.REVOLVER: PlayRevolver,
        SpecialKind.BRIBERY: PlayBribery,
    }[kind]
    for kind in SpecialKind
    for word in (kind.value, *(str(card) for card in SPECIAL_CARDS if card.kind is kind))
}
"""The class of command that each word names, but a gangster card's."""

_SEAT_PREFIX: Final = re.compile(r"\s*(\S*?):(.*)", re.DOTALL)


def read_pattern(text: str) -> Pattern:
    """The pattern ``text`` writes, by the grammar alone.

    Raises:
        NotationSyntaxError: The text does not follow the grammar; the message quotes it,
            names the word at fault and says what was expected.
    """
    if not follows(text.strip(), "command"):
        raise _refusal(text)
    written, colon, move = text.partition(":")
    seat = _seat(written.strip(), text, "the seat before ':'") if colon else None
    verb, *words = (move if colon else text).split()
    kind = _kind(verb)
    values: list[object] = [_CARDS[verb.lower()]] if kind is PlayGangster else []
    for field, word in zip(FIELDS[kind][len(values) :], words, strict=True):
        values.append(_VALUES[field](word, text))
    return Pattern(kind, seat, tuple(values))


def _kind(verb: str) -> type:
    """The class of command that the first word of a move names, which the grammar read."""
    return _VERBS.get(verb.lower(), PlayGangster)  # else the word is a gangster card


def _seat(word: str, text: str, what: str) -> int:
    """A seat: the grammar reads a number; no table has more than two digits of seats."""
    if len(word) > 2:  # more than any table has: no need to read a thousand digits
        raise NotationSyntaxError(
            f"{text.strip()!r}: {what} {word[:10]} is no seat: a table has 2 to 6 seats"
        )
    return int(word)


_VALUES: Final[dict[str, Callable[[str, str], object]]] = {
    "card": lambda word, _: _CARDS[word.lower()],
    "cards": lambda word, _: tuple(_CARDS[item.lower()] for item in word.split(",")),
    "business": lambda word, _: _PLACES[word.lower()],
    "source": lambda word, _: _PLACES[word.lower()],
    "destination": lambda word, _: _PLACES[word.lower()],
    "tile": lambda word, _: _PLACES[word.lower()],
    "victim": lambda word, text: _seat(word, text, "a seat"),
    "target": lambda word, text: _seat(word, text, "a seat"),
}
"""How each field's word is read, once the grammar has read the text."""


def _refusal(text: str) -> NotationSyntaxError:
    """The error of a command that the grammar refused: the text quoted, and why."""
    return NotationSyntaxError(f"{text.strip()!r}: {_why(text)}")


def _why(text: str) -> str:
    """Why the grammar refuses a command, said word by word."""
    from chicago_poker.formats.notation.diagnosis import matches
    from chicago_poker.formats.notation.grammar import grammar

    source = grammar()
    prefix = _SEAT_PREFIX.fullmatch(text)
    if prefix is not None:
        if not matches(source, prefix[1], source["SEAT"].expression, ignore_case=True):
            return f"the seat before ':' is a number from 0, not {prefix[1]!r}"
        _seat(prefix[1], text, "the seat before ':'")
    words = (text if prefix is None else prefix[2]).split()
    if not words:
        return f"there is no move: {_MOVES}"
    found = _option(source, words[0], seated=prefix is not None)
    return found if isinstance(found, str) else _word_fault(source, words, *found)


def _word_fault(source: Grammar, words: list[str], kind: type, expected: list[Slot]) -> str:
    """Which word of a command does not fit the grammar's words for its kind, and why."""
    from chicago_poker.formats.notation.diagnosis import describe, walk

    failure = walk(source, words, expected, ignore_case=True)
    if failure is None or failure.slot is None:
        extra = words[failure.at] if failure is not None else words[-1]
        return f"{extra!r} is one word too many: write {FORMS[kind]}"
    if failure.missing:
        return f"{_WHAT[kind][failure.at - 1]} is missing: write it as {FORMS[kind]}"
    slot = failure.slot.expression
    return describe(source, words[failure.at], slot, words[0], ignore_case=True)


def _option(source: Grammar, verb: str, *, seated: bool) -> tuple[type, list[Slot]] | str:
    """The kind and the words of the command that the grammar starts with ``verb``, or why none."""
    from chicago_poker.formats.notation.diagnosis import matches, slots
    from chicago_poker.formats.notation.grammar import Series

    for name in ("MOVE", "CHANCE"):
        for option in source.options(name):
            expected = slots(source, option.items if isinstance(option, Series) else (option,))
            if matches(source, verb, expected[0].expression, ignore_case=True):
                kind = _kind(verb)
                if name == "CHANCE" and seated:
                    return f"{verb!r} is chance's, which has no seat: write {FORMS[kind]}"
                return kind, expected
    if verb.lower() == "start":
        return "a set-up has no move text: it is a log's first entry, or a position"
    return f"{verb!r} is not a move: {_MOVES}"
