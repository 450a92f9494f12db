"""Cards and business tiles of Chicago Poker (rules R-1, R-4.2 and R-9.1).

The game has 75 gangster cards, values 1 to 15 in five colours (R-1.1), and six special
cards (R-1.2); together they make the 81-card deck (R-1.3). There are 20 business tiles,
five of each of four kinds (R-1.4), and each kind fixes which of a player's five cards at
the business lie face up (R-4.2).

Cards and tiles are interned: there is exactly one object for each of the 81 cards and the
20 tiles, and the constructors return it. Equality is therefore identity, and hashing a card
or a tile costs no more than hashing any plain object, which keeps them cheap as dict keys
and lets the hand evaluator spot a repeated card with ``is``.

>>> card = parse_card("9R")
>>> card
GangsterCard(9, Color.RED)
>>> card is GangsterCard(9, Color.RED)
True
>>> sorted([parse_card("Revolver"), parse_card("15B"), parse_card("2Y")])
[GangsterCard(2, Color.YELLOW), GangsterCard(15, Color.BLUE), SpecialCard(SpecialKind.REVOLVER)]
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterable
from enum import Enum
from functools import total_ordering
from typing import Final, Self, TypeAlias

from attrs import field, frozen

from chicago_poker.core.errors import (
    CardParseError,
    InvalidCardError,
    InvalidPositionError,
    InvalidTileError,
    TileParseError,
)

__all__ = [
    "BRIBERY",
    "BUSINESS_TILES",
    "CARD_ORDER_KEY",
    "GANGSTER_CARDS",
    "LIMOUSINE",
    "LIQUIDATION",
    "MAX_VALUE",
    "MIN_VALUE",
    "REVOLVER",
    "SPECIAL_CARDS",
    "BusinessKind",
    "BusinessTile",
    "Card",
    "Color",
    "Face",
    "GangsterCard",
    "SpecialCard",
    "SpecialKind",
    "card_order",
    "full_deck",
    "gangsters",
    "lands_face_down",
    "parse_card",
    "parse_tile",
    "tactical_deck",
]

MIN_VALUE: Final = 1
"""Lowest gangster value (R-1.1)."""

MAX_VALUE: Final = 15
"""Highest gangster value (R-1.1)."""

_VALUE_PRIMES: Final = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47)
"""One prime per value, so that a product of primes names a multiset of values."""


class Color(Enum):
    """Colour of a gangster card (R-1.6).

    The rulebooks do not name the five colours, so the project calls them red, yellow,
    green, blue and purple, with the letters R, Y, G, B and P. Colours have no rank and
    never break a tie (R-7.6); the order of the members only fixes how cards sort.
    """

    RED = "R"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"
    PURPLE = "P"

    @property
    def code(self) -> str:
        """One-letter code used in card text.

        >>> Color.PURPLE.code
        'P'
        """
        return self.value

    @property
    def label(self) -> str:
        """Lower-case English name.

        >>> Color.GREEN.label
        'green'
        """
        return self.name.lower()


_COLOR_INDEX: Final = {color: index for index, color in enumerate(Color)}
_COLOR_CODES: Final = ", ".join(color.code for color in Color)


class SpecialKind(Enum):
    """Kind of special card (R-1.2); the value is the card's text without copy number."""

    LIQUIDATION = "Liquidation"
    POLICE_RAID = "PoliceRaid"
    LIMOUSINE = "Limousine"
    REVOLVER = "Revolver"
    BRIBERY = "Bribery"

    @property
    def copies(self) -> int:
        """How many cards of this kind the deck holds: two Police Raids, one of the rest.

        >>> SpecialKind.POLICE_RAID.copies, SpecialKind.BRIBERY.copies
        (2, 1)
        """
        return 2 if self is SpecialKind.POLICE_RAID else 1

    @property
    def label(self) -> str:
        """English name as printed on the card.

        >>> SpecialKind.POLICE_RAID.label
        'Police Raid'
        """
        return "Police Raid" if self is SpecialKind.POLICE_RAID else self.value


class _Interned:
    """A value of which there is one object (a card, a tile): copying it returns it."""

    __slots__ = ()

    def __copy__(self) -> Self:
        """Return the object itself: there is one object per value."""
        return self

    def __deepcopy__(self, memo: object) -> Self:
        """Return the object itself: there is one object per value."""
        return self


@total_ordering
class _CardOrder(_Interned):
    """Total order shared by all cards: gangster cards by value then colour, then specials.

    The order is for sorting displays; it is not a rule of the game (colours have no rank).
    """

    __slots__ = ()
    order: int

    def __lt__(self, other: object) -> bool:
        """Tell whether this card sorts before the other."""
        if isinstance(other, _CardOrder):
            return self.order < other.order
        return NotImplemented


# eq=False keeps object's identity equality and hash, which are right because the
# constructors intern; init=False because __new__ hands out the interned objects.
@frozen(init=False, eq=False, repr=False)
class GangsterCard(_CardOrder):
    """A gangster card: a value from 1 to 15 in one of five colours (R-1.1).

    >>> GangsterCard(15, Color.BLUE)
    GangsterCard(15, Color.BLUE)
    >>> str(GangsterCard(15, Color.BLUE))
    '15B'
    """

    value: int
    """Value from 1 to 15; it alone counts in hand ranking."""

    color: Color
    """Colour; it matters only for flushes and rainbow straights (R-7.2)."""

    order: int = field(init=False)
    """Position in the display order of all cards, 0 to 74 (the specials follow): a sort key."""

    _prime: int = field(init=False)
    """Prime standing for the value; the hand evaluator multiplies these."""

    _color_bit: int = field(init=False)
    """One bit for the colour; the hand evaluator ANDs these to spot a flush."""

    _text: str = field(init=False)
    """The text form, made once: cards are written out often (logs, views, messages)."""

    def __new__(cls, value: int, color: Color) -> GangsterCard:
        """Return the gangster card of this value and colour.

        Raises:
            InvalidCardError: If the value is not 1 to 15 (R-1.1).
            TypeError: If the value is not an int or the colour not a Color.

        >>> GangsterCard(9, Color.RED).value
        9
        """
        if type(value) is not int:
            raise TypeError(f"a gangster value is an int, not {type(value).__name__}")
        if not isinstance(color, Color):
            raise TypeError(f"a gangster colour is a Color, not {type(color).__name__}")
        card = _GANGSTERS.get((value, color))
        if card is None:
            raise InvalidCardError(
                f"there is no gangster card with value {value}: "
                f"gangster values run from {MIN_VALUE} to {MAX_VALUE} (R-1.1)",
                rule="R-1.1",
            )
        return card

    @classmethod
    def _create(cls, value: int, color: Color) -> GangsterCard:
        card = object.__new__(cls)
        color_index = _COLOR_INDEX[color]
        object.__setattr__(card, "value", value)
        object.__setattr__(card, "color", color)
        object.__setattr__(card, "order", (value - MIN_VALUE) * len(Color) + color_index)
        object.__setattr__(card, "_prime", _VALUE_PRIMES[value - MIN_VALUE])
        object.__setattr__(card, "_color_bit", 1 << color_index)
        object.__setattr__(card, "_text", f"{value}{color.code}")
        return card

    @classmethod
    def parse(cls, text: str) -> GangsterCard:
        """Parse the text form of a gangster card: the value, then the colour letter.

        Raises:
            CardParseError: If the text is not a gangster card, saying why.

        >>> GangsterCard.parse("15B")
        GangsterCard(15, Color.BLUE)
        """
        card = parse_card(text)
        if not isinstance(card, GangsterCard):
            raise CardParseError(f"{text!r} is a special card, not a gangster card")
        return card

    def __reduce__(self) -> tuple[type[GangsterCard], tuple[int, Color]]:
        """Pickle as a constructor call, so unpickling returns the interned card."""
        return GangsterCard, (self.value, self.color)

    def __repr__(self) -> str:
        """Return the constructor call that gives this card."""
        return f"GangsterCard({self.value}, Color.{self.color.name})"

    def __str__(self) -> str:
        """Return the text form: value, then colour letter, such as ``9R``."""
        return self._text


@frozen(init=False, eq=False, repr=False)
class SpecialCard(_CardOrder):
    """A special card (R-1.2): played for its effect, never part of a poker hand.

    >>> SpecialCard(SpecialKind.POLICE_RAID, 2)
    SpecialCard(SpecialKind.POLICE_RAID, 2)
    >>> str(SpecialCard(SpecialKind.LIQUIDATION))
    'Liquidation'
    """

    kind: SpecialKind
    """What the card does when played."""

    copy: int
    """Which copy of its kind: 1 or 2 for Police Raid, always 1 for the others."""

    order: int = field(init=False)
    """Position in the display order of all cards, 75 to 80: a sort key."""

    _text: str = field(init=False)
    """The text form, made once: cards are written out often (logs, views, messages)."""

    def __new__(cls, kind: SpecialKind, copy: int = 1) -> SpecialCard:
        """Return the special card of this kind and copy number.

        Raises:
            InvalidCardError: If the deck has no such copy (R-1.2).
            TypeError: If the kind is not a SpecialKind or the copy not an int.

        >>> SpecialCard(SpecialKind.REVOLVER).kind
        <SpecialKind.REVOLVER: 'Revolver'>
        """
        if not isinstance(kind, SpecialKind):
            raise TypeError(f"a special card kind is a SpecialKind, not {type(kind).__name__}")
        if type(copy) is not int:
            raise TypeError(f"a copy number is an int, not {type(copy).__name__}")
        card = _SPECIALS.get((kind, copy))
        if card is None:
            raise InvalidCardError(
                f"there is no {kind.label} card number {copy}: "
                f"the deck holds {_copies_text(kind)} (R-1.2)",
                rule="R-1.2",
            )
        return card

    @classmethod
    def _create(cls, kind: SpecialKind, copy: int, index: int) -> SpecialCard:
        card = object.__new__(cls)
        object.__setattr__(card, "kind", kind)
        object.__setattr__(card, "copy", copy)
        object.__setattr__(card, "order", index)
        object.__setattr__(card, "_text", kind.value + (str(copy) if kind.copies > 1 else ""))
        return card

    @classmethod
    def parse(cls, text: str) -> SpecialCard:
        """Parse the text form of a special card, such as ``"PoliceRaid2"``.

        Raises:
            CardParseError: If the text is not a special card, saying why.

        >>> SpecialCard.parse("Bribery")
        SpecialCard(SpecialKind.BRIBERY)
        """
        card = parse_card(text)
        if not isinstance(card, SpecialCard):
            raise CardParseError(f"{text!r} is a gangster card, not a special card")
        return card

    def __reduce__(self) -> tuple[type[SpecialCard], tuple[SpecialKind, int]]:
        """Pickle as a constructor call, so unpickling returns the interned card."""
        return SpecialCard, (self.kind, self.copy)

    def __repr__(self) -> str:
        """Return the constructor call that gives this card."""
        copy = f", {self.copy}" if self.kind.copies > 1 else ""
        return f"SpecialCard(SpecialKind.{self.kind.name}{copy})"

    def __str__(self) -> str:
        """Return the text form, the card's name, such as ``PoliceRaid2``."""
        return self._text


Card: TypeAlias = GangsterCard | SpecialCard
"""Any of the 81 cards of the deck (R-1.3)."""


def _copies_text(kind: SpecialKind) -> str:
    if kind.copies == 1:
        return "only one"
    return f"{_NUMBER_WORDS[kind.copies]}, {_numbered(kind, ' and ')}"


def _numbered(kind: SpecialKind, joiner: str) -> str:
    return joiner.join(f"{kind.value}{copy}" for copy in range(1, kind.copies + 1))


_NUMBER_WORDS: Final = {1: "one", 2: "two"}


_GANGSTERS: Final = {
    (value, color): GangsterCard._create(value, color)
    for value in range(MIN_VALUE, MAX_VALUE + 1)
    for color in Color
}
_SPECIALS: Final = {
    (kind, copy): SpecialCard._create(kind, copy, len(_GANGSTERS) + index)
    for index, (kind, copy) in enumerate(
        (kind, copy) for kind in SpecialKind for copy in range(1, kind.copies + 1)
    )
}

GANGSTER_CARDS: Final[tuple[GangsterCard, ...]] = tuple(_GANGSTERS.values())
"""The 75 gangster cards (R-1.1), by value, then colour."""

SPECIAL_CARDS: Final[tuple[SpecialCard, ...]] = tuple(_SPECIALS.values())
"""The six special cards (R-1.2), in SpecialKind order."""

LIQUIDATION: Final = SpecialCard(SpecialKind.LIQUIDATION, 1)
"""The Liquidation card: the deck holds one (R-1.2)."""

LIMOUSINE: Final = SpecialCard(SpecialKind.LIMOUSINE, 1)
"""The Limousine card: the deck holds one (R-1.2)."""

REVOLVER: Final = SpecialCard(SpecialKind.REVOLVER, 1)
"""The Revolver card: the deck holds one (R-1.2)."""

BRIBERY: Final = SpecialCard(SpecialKind.BRIBERY, 1)
"""The Bribery card: the deck holds one (R-1.2)."""


def full_deck() -> tuple[Card, ...]:
    """Return the 81 cards of the standard game (R-1.3), in display order.

    Shuffle a copy: ``random.shuffle(deck := list(full_deck()))``.

    >>> len(full_deck())
    81
    """
    return GANGSTER_CARDS + SPECIAL_CARDS


def tactical_deck() -> tuple[Card, ...]:
    """Return the 75 cards of the tactical variant, the gangster cards only (R-9.1).

    >>> len(tactical_deck())
    75
    """
    return GANGSTER_CARDS


_CARDS_BY_TEXT: Final[dict[str, Card]] = {str(card): card for card in full_deck()}
_GANGSTER_TEXT: Final = re.compile(r"([0-9]+)(.*)", re.DOTALL)
_SPECIAL_TEXT: Final = re.compile(r"([A-Za-z]+)([0-9]*)")
_CARD_FORMS: Final = (
    "write a gangster card as its value and colour letter, such as 9R or 15B, "
    "or a special card by name: " + ", ".join(str(card) for card in SPECIAL_CARDS)
)


def parse_card(text: str) -> Card:
    """Parse the text form of a card, as produced by ``str(card)``.

    Gangster cards are written as value and colour letter (``"9R"``, ``"15B"``), special
    cards by name (``"Liquidation"``, ``"PoliceRaid1"``, ``"PoliceRaid2"``,
    ``"Limousine"``, ``"Revolver"``, ``"Bribery"``). Only this exact form is accepted.

    Raises:
        CardParseError: If the text is not a card; the message says what is wrong.

    >>> parse_card("15B")
    GangsterCard(15, Color.BLUE)
    >>> parse_card("PoliceRaid2")
    SpecialCard(SpecialKind.POLICE_RAID, 2)
    >>> parse_card("9X")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    chicago_poker.core.errors.CardParseError: '9X' is not a card: 'X' is not a colour letter; ...
    """
    if not isinstance(text, str):
        raise CardParseError(f"a card is written as text, not {type(text).__name__}")
    card = _CARDS_BY_TEXT.get(text)
    if card is not None:
        return card
    problem, rule = _card_problem(text)
    raise CardParseError(f"{text!r} is not a card: {problem}", rule=rule)


def _card_problem(text: str) -> tuple[str, str | None]:
    """Say why text that is not a card fails, and which rule it breaks, if any."""
    if not text:
        return "the text is empty", None
    gangster = _GANGSTER_TEXT.fullmatch(text)
    if gangster:
        return _gangster_problem(gangster[1], gangster[2])
    special = _SPECIAL_TEXT.fullmatch(text)
    if special:
        return _special_problem(special[1], special[2])
    return _CARD_FORMS, None


def _gangster_problem(digits: str, rest: str) -> tuple[str, str | None]:
    if len(digits) > 1 and digits.startswith("0"):
        return "write the value without leading zeros", None
    if not MIN_VALUE <= int(digits) <= MAX_VALUE:
        return f"gangster values run from {MIN_VALUE} to {MAX_VALUE}", "R-1.1"
    if not rest:
        return f"the value must be followed by a colour letter: {_COLOR_CODES}", None
    return f"{rest!r} is not a colour letter; the colours are {_COLOR_CODES}", "R-1.6"


def _special_problem(name: str, digits: str) -> tuple[str, str | None]:
    kind = next((kind for kind in SpecialKind if kind.value == name), None)
    if kind is None:
        return _CARD_FORMS, None
    if kind.copies == 1:
        return f"there is only one {kind.label} card; write it {kind.value}", "R-1.2"
    if not digits:
        return f"say which {kind.label} card: {_numbered(kind, ' or ')}", None
    words = _NUMBER_WORDS[kind.copies]
    return f"there are only {words} {kind.label} cards: {_numbered(kind, ' and ')}", "R-1.2"


class Face(Enum):
    """Which way a card at a business lies (R-4.2)."""

    UP = "up"
    DOWN = "down"


_UP: Final = Face.UP
_DOWN: Final = Face.DOWN


class BusinessKind(Enum):
    """Kind of business tile (R-1.4); the value is the tile's text without its number."""

    SPEAKEASY = "Speakeasy"
    JAZZ_CLUB = "JazzClub"
    BREWERY = "Brewery"
    GAMBLING_HOUSE = "GamblingHouse"

    @property
    def label(self) -> str:
        """English name; the rulebook calls the brewery a brewery/distillery.

        >>> BusinessKind.GAMBLING_HOUSE.label
        'Gambling House'
        """
        return _KIND_LABELS[self]

    @property
    def pattern(self) -> tuple[Face, ...]:
        """How a player's first to fifth card at this kind of business lie (R-4.2.1-4).

        >>> [face.value for face in BusinessKind.SPEAKEASY.pattern]
        ['down', 'down', 'up', 'up', 'up']
        """
        return _PATTERNS[self]

    @property
    def rule(self) -> str:
        """ID of the rule that fixes this kind's placement pattern.

        >>> BusinessKind.BREWERY.rule
        'R-4.2.3'
        """
        return _PATTERN_RULES[self]

    def face_for(self, position: int) -> Face:
        """Return how a player's card at this position (1 to 5) lies (R-4.2).

        Raises:
            InvalidPositionError: If the position is not 1 to 5.

        >>> BusinessKind.GAMBLING_HOUSE.face_for(2)
        <Face.DOWN: 'down'>
        """
        pattern = _PATTERNS[self]
        if type(position) is not int or not 1 <= position <= len(pattern):
            raise InvalidPositionError(
                f"position {position!r} does not exist: a player has at most five cards "
                f"at a business, in positions 1 to 5 (R-4.5)",
                rule="R-4.5",
            )
        return pattern[position - 1]


_KIND_LABELS: Final = {
    BusinessKind.SPEAKEASY: "Speakeasy",
    BusinessKind.JAZZ_CLUB: "Jazz Club",
    BusinessKind.BREWERY: "Brewery",
    BusinessKind.GAMBLING_HOUSE: "Gambling House",
}
_PATTERNS: Final = {
    BusinessKind.SPEAKEASY: (_DOWN, _DOWN, _UP, _UP, _UP),
    BusinessKind.JAZZ_CLUB: (_UP, _UP, _UP, _DOWN, _DOWN),
    BusinessKind.BREWERY: (_UP, _UP, _UP, _UP, _UP),
    BusinessKind.GAMBLING_HOUSE: (_UP, _DOWN, _UP, _DOWN, _UP),
}
_PATTERN_RULES: Final = {
    BusinessKind.SPEAKEASY: "R-4.2.1",
    BusinessKind.JAZZ_CLUB: "R-4.2.2",
    BusinessKind.BREWERY: "R-4.2.3",
    BusinessKind.GAMBLING_HOUSE: "R-4.2.4",
}
_KIND_INDEX: Final = {kind: index for index, kind in enumerate(BusinessKind)}
_TILES_PER_KIND: Final = 5


# eq=False keeps object's identity equality and hash, which are right because the constructor
# interns, as for cards; init=False because __new__ hands out the interned objects.
@total_ordering
@frozen(init=False, eq=False, repr=False)
class BusinessTile(_Interned):
    """One of the 20 business tiles (R-1.4); the number tells apart tiles of one kind.

    There is one object per tile: ``BusinessTile(kind, number)`` and :func:`parse_tile`
    return it, so tiles hash by identity and are told apart fastest with ``is``. (``==`` is
    slower: the order methods make Python compare tiles through Python-level code.)

    >>> tile = BusinessTile(BusinessKind.SPEAKEASY, 3)
    >>> str(tile), tile.name
    ('Speakeasy#3', 'Speakeasy #3')
    >>> tile is parse_tile("Speakeasy#3")
    True
    """

    kind: BusinessKind
    """Kind of business, which fixes the placement pattern (R-4.2)."""

    number: int
    """Number from 1 to 5 that tells apart the five tiles of a kind."""

    _index: int = field(init=False)
    """Position in the display order of all tiles, 0 to 19; tiles sort by it."""

    _text: str = field(init=False)
    """The text form, made once: tiles are written out often (logs, views, messages)."""

    def __new__(cls, kind: BusinessKind, number: int) -> BusinessTile:
        """Return the tile of this kind and number.

        Raises:
            InvalidTileError: If the number is not 1 to 5 (R-1.4).
            TypeError: If the kind is not a BusinessKind or the number not an int.
        """
        if not isinstance(kind, BusinessKind):
            raise TypeError(f"a business kind is a BusinessKind, not {type(kind).__name__}")
        if type(number) is not int:
            raise TypeError(f"a tile number is an int, not {type(number).__name__}")
        tile = _TILES.get((kind, number))
        if tile is None:
            raise InvalidTileError(
                f"there is no {kind.label} #{number}: each kind of business has five "
                f"tiles, numbered 1 to {_TILES_PER_KIND} (R-1.4)",
                rule="R-1.4",
            )
        return tile

    @classmethod
    def _create(cls, kind: BusinessKind, number: int) -> BusinessTile:
        tile = object.__new__(cls)
        object.__setattr__(tile, "kind", kind)
        object.__setattr__(tile, "number", number)
        object.__setattr__(tile, "_index", _KIND_INDEX[kind] * _TILES_PER_KIND + number - 1)
        object.__setattr__(tile, "_text", f"{kind.value}#{number}")
        return tile

    def __lt__(self, other: object) -> bool:
        """Tell whether this tile comes before the other: by kind, then number."""
        if isinstance(other, BusinessTile):
            return self._index < other._index
        return NotImplemented

    def __reduce__(self) -> tuple[type[BusinessTile], tuple[BusinessKind, int]]:
        """Pickle as a constructor call, so unpickling returns the interned tile."""
        return BusinessTile, (self.kind, self.number)

    @classmethod
    def parse(cls, text: str) -> BusinessTile:
        """Parse the text form of a tile, as produced by ``str(tile)``.

        Raises:
            TileParseError: If the text is not a tile; the message says what is wrong.

        >>> BusinessTile.parse("GamblingHouse#5")
        BusinessTile(BusinessKind.GAMBLING_HOUSE, 5)
        """
        return parse_tile(text)

    @property
    def name(self) -> str:
        """Name for players, such as ``"Jazz Club #1"``.

        >>> BusinessTile(BusinessKind.JAZZ_CLUB, 1).name
        'Jazz Club #1'
        """
        return f"{self.kind.label} #{self.number}"

    @property
    def pattern(self) -> tuple[Face, ...]:
        """Placement pattern of the tile's kind (R-4.2).

        >>> BusinessTile(BusinessKind.BREWERY, 2).pattern[0]
        <Face.UP: 'up'>
        """
        return self.kind.pattern

    def __repr__(self) -> str:
        """Return the constructor call that gives this tile."""
        return f"BusinessTile(BusinessKind.{self.kind.name}, {self.number})"

    def __str__(self) -> str:
        """Return the text form: kind, ``#``, number, such as ``Speakeasy#3``."""
        return self._text


_TILES: Final = {
    (kind, number): BusinessTile._create(kind, number)
    for kind in BusinessKind
    for number in range(1, _TILES_PER_KIND + 1)
}

BUSINESS_TILES: Final[tuple[BusinessTile, ...]] = tuple(_TILES.values())
"""The 20 business tiles (R-1.4), by kind, then number."""

_TILES_BY_TEXT: Final = {str(tile): tile for tile in BUSINESS_TILES}
_TILE_TEXT: Final = re.compile(r"([^#]*)#(.*)", re.DOTALL)
_KIND_NAMES: Final = ", ".join(kind.value for kind in BusinessKind)


def card_order(card: Card) -> int:
    """A sort key giving the display order of cards (value, then colour, then specials).

    >>> sorted([parse_card("Revolver"), parse_card("9R"), parse_card("2B")], key=card_order)
    [GangsterCard(2, Color.BLUE), GangsterCard(9, Color.RED), SpecialCard(SpecialKind.REVOLVER)]
    """
    return card.order


def gangsters(hand: Iterable[Card]) -> list[GangsterCard]:
    """The gangster cards of a hand, in display order (see :func:`card_order`)."""
    return sorted([card for card in hand if isinstance(card, GangsterCard)], key=CARD_ORDER_KEY)


CARD_ORDER_KEY: Final[Callable[[Card], int]] = operator.attrgetter("order")
""":func:`card_order` done in C: the key of the sorts and bisections on hot paths (the engine's
legal commands, the dealer's draw pile, the referee's ledger)."""


def lands_face_down(tile: BusinessTile, index: int) -> bool:
    """Whether a player's card at ``index`` (from 0) of their column at ``tile`` lies face down.

    The business's kind fixes which of the first to fifth cards lie face down (R-4.2); a
    card moved by a Limousine lies as its new place says (R-5.4.3). An index past the fifth
    card, which only a refused play could reach, counts as face down, so that nothing about
    it is shown. This is the one test of a card's face; views and redaction use it.

    >>> tile = parse_tile("Speakeasy#1")
    >>> [lands_face_down(tile, index) for index in range(6)]
    [True, True, False, False, False, True]
    """
    pattern = _PATTERNS[tile.kind]
    return index >= len(pattern) or pattern[index] is Face.DOWN


def parse_tile(text: str) -> BusinessTile:
    """Parse the text form of a business tile: kind, ``#``, number (``"JazzClub#1"``).

    Raises:
        TileParseError: If the text is not a tile; the message says what is wrong.

    >>> parse_tile("Brewery#2")
    BusinessTile(BusinessKind.BREWERY, 2)
    >>> parse_tile("Brewery#6")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    chicago_poker.core.errors.TileParseError: 'Brewery#6' is not a business tile: tiles are ...
    """
    if not isinstance(text, str):
        raise TileParseError(f"a business tile is written as text, not {type(text).__name__}")
    tile = _TILES_BY_TEXT.get(text)
    if tile is not None:
        return tile
    problem, rule = _tile_problem(text)
    raise TileParseError(f"{text!r} is not a business tile: {problem}", rule=rule)


def _tile_problem(text: str) -> tuple[str, str | None]:
    """Say why text that is not a tile fails, and which rule it breaks, if any."""
    match = _TILE_TEXT.fullmatch(text)
    if not match:
        return "write a tile as its kind, '#' and its number, such as Speakeasy#3", None
    if match[1] not in _KIND_VALUES:
        return f"{match[1]!r} is not a kind of business; the kinds are {_KIND_NAMES}", "R-1.4"
    return f"tiles are numbered 1 to {_TILES_PER_KIND}", "R-1.4"


_KIND_VALUES: Final = frozenset(kind.value for kind in BusinessKind)
