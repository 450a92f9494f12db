"""A column as a viewer sees it: its slot views, and the tables they are read from.

A :class:`ColumnView` is one player's column at one business, position by position
(:class:`SlotView`): each card is shown where the viewer may know it (:func:`knows_slot`,
the rule of :func:`~chicago_poker.core.views.knows_card`) and hidden elsewhere. Views are
immutable, so each slot view is made once and shared by every view: :func:`column_view` reads
a column's slot views by position from tables listing every gangster card
(:data:`SLOT_TABLES`), and :func:`seen_column_view` makes the view of a column that the
viewer's Police Raids saw into (R-5.3). :mod:`~chicago_poker.core.views` makes the views of
businesses and players from these, and is where both classes are documented and imported from.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import getitem
from typing import Final

from attrs import frozen

from chicago_poker.core.cards import GANGSTER_CARDS, BusinessTile, Face, GangsterCard
from chicago_poker.core.instances import slot_setter
from chicago_poker.core.rules import MAX_COLUMN
from chicago_poker.core.state import Column
from chicago_poker.core.view_memo import DOWN_AT

__all__ = [
    "EMPTY_COLUMN_VIEW",
    "SLOT_TABLES",
    "ColumnView",
    "SlotView",
    "column_view",
    "knows_slot",
    "seen_column_view",
]


@frozen
class SlotView:
    """One position of a column, as the viewer sees it."""

    face: Face
    """Whether the position lies face up or face down, from the tile's pattern (R-4.2)."""

    card: GangsterCard | None
    """The card, where the viewer may know it (R-4.3, R-4.4, R-5.3, R-6.3); otherwise None."""


@frozen
class ColumnView:
    """One player's column at one business, as the viewer sees it (R-4.4)."""

    slots: tuple[SlotView, ...]
    """The positions, first placed first; their number is public (R-4.4)."""

    marker: int | None
    """The number of the shootout marker on the column, if any (R-4.6, R-6.2)."""

    def __len__(self) -> int:
        """The number of cards in the column."""
        return len(self.slots)


# A ColumnView made as a bare instance given its slots (see core.instances): the frozen
# __init__ of attrs sets each field through object.__setattr__, which costs a third more.
_new_instance: Final = object.__new__
_set_slots: Final = slot_setter(ColumnView, "slots")
_set_marker: Final = slot_setter(ColumnView, "marker")


def knows_slot(
    tile: BusinessTile,
    owner: int,
    cards: tuple[GangsterCard, ...],
    position: int,
    down: bool,
    everything: bool,
    seen: frozenset[tuple[BusinessTile, int, GangsterCard]],
) -> bool:
    """The rule of :func:`~chicago_poker.core.views.knows_card`, for the card at ``position``.

    ``cards`` are ``owner``'s column at ``tile``, ``down`` is whether the position lies face
    down, ``everything`` whether the viewer owns the column or a shootout is in progress at
    the business, ``seen`` what their raids saw.

    >>> from chicago_poker.core.cards import BUSINESS_TILES, GANGSTER_CARDS
    >>> tile, card = BUSINESS_TILES[0], GANGSTER_CARDS[0]
    >>> knows_slot(tile, 1, (card,), 0, True, False, frozenset())
    False
    >>> knows_slot(tile, 1, (card,), 0, True, False, frozenset({(tile, 1, card)}))
    True
    """
    return _open(down, everything) or (tile, owner, cards[position]) in seen


def _open(down: bool, everything: bool) -> bool:
    """Whether a card is known without a raid: it lies face up (R-4.4), or ``everything``.

    ``everything`` is whether the viewer owns the column (R-4.3) or a shootout is in
    progress at the business (R-6.3).
    """
    return everything or not down


class _Slots(dict[GangsterCard, SlotView]):
    """The slot view of each card lying face up, or face down and known, or face down unknown.

    One slot view for each, made the first time it is asked for: views are immutable, so
    every view shares them (at most 3 x 77). Cards are interned, so the keys are cheap.
    """

    def __init__(self, down: bool, known: bool) -> None:
        super().__init__()
        self.face: Final = Face.DOWN if down else Face.UP
        self.known: Final = known

    def __missing__(self, card: GangsterCard) -> SlotView:
        slot = self[card] = SlotView(self.face, card) if self.known else _HIDDEN
        return slot


_HIDDEN: Final = SlotView(Face.DOWN, None)
"""The slot view of every face-down card the viewer may not know."""
_FACE_UP: Final = _Slots(down=False, known=True)
_SLOTS: Final = (
    (_FACE_UP, _FACE_UP),
    (_Slots(down=True, known=False), _Slots(down=True, known=True)),
)
"""The slot tables by whether the position lies face down, then whether the viewer knows the
card there (a face-up card is known to all: both tables of face-up cards are the same)."""


_Table = dict[GangsterCard, SlotView]


def _listing(slots: _Slots) -> _Table:
    """A plain dict of ``slots``' view of every gangster card (filling ``slots`` too).

    A plain dict's look-up is cheaper than a subclass's; :data:`_LAZY` finds ``slots`` again.
    """
    listing = {card: slots[card] for card in GANGSTER_CARDS}
    _LAZY[id(listing)] = slots
    return listing


_LAZY: Final[dict[int, _Slots]] = {}
"""The :class:`_Slots` of each plain table of :data:`_LISTED`, by the table's ``id`` (every
table is a constant of this module, kept as long as it is)."""
_LISTED_UP: Final = _listing(_FACE_UP)
_LISTED: Final = ((_LISTED_UP, _LISTED_UP), tuple(_listing(slots) for slots in _SLOTS[1]))
""":data:`_SLOTS` as plain dicts listing every gangster card (R-1.1)."""


def _tables(down_at: tuple[bool, ...], everything: bool) -> tuple[_Table, ...]:
    """The slot table of each position, by a viewer who knows ``everything`` there or not."""
    return tuple(_LISTED[down][_open(down, everything)] for down in down_at)


SLOT_TABLES: Final[dict[BusinessTile, tuple[tuple[_Table, ...], tuple[_Table, ...]]]] = {
    tile: (_tables(down_at, everything=False), _tables(down_at, everything=True))
    for tile, down_at in DOWN_AT.items()
}
"""For each tile, the slot table of each position of a column there (:data:`_LISTED`), for
a viewer who knows the column only as others do, and for one who knows everything there (its
owner, or anyone while a shootout is in progress there, R-4.3, R-6.3)."""

EMPTY_COLUMN_VIEW: Final = ColumnView((), None)
"""The view of every empty column without a marker."""


def seen_column_view(
    tile: BusinessTile,
    owner: int,
    column: Column,
    down_at: tuple[bool, ...],
    seen: frozenset[tuple[BusinessTile, int, GangsterCard]],
) -> ColumnView:
    """The view of another's ``column`` at ``tile``, by a viewer whose raids saw ``seen``.

    ``owner`` is the column's seat and ``down_at`` whether each position there lies face
    down (:data:`~chicago_poker.core.view_memo.DOWN_AT`); the cards of ``seen`` (R-5.3) are
    shown with the face-up ones.

    >>> from chicago_poker.core.cards import BUSINESS_TILES, GANGSTER_CARDS
    >>> from chicago_poker.core.state import Column
    >>> tile, cards = BUSINESS_TILES[0], GANGSTER_CARDS[:2]
    >>> down_at = DOWN_AT[tile]
    >>> column = Column(cards, None)
    >>> made = seen_column_view(tile, 1, column, down_at, frozenset({(tile, 1, cards[1])}))
    >>> [slot.card is not None for slot in made.slots]
    [False, True]
    >>> made == column_view(column, SLOT_TABLES[tile][0])
    False
    """
    cards = column.cards
    slots = []
    for position, card in enumerate(cards):
        down = down_at[position]
        known = knows_slot(tile, owner, cards, position, down, False, seen)
        slots.append(_SLOTS[down][known][card])
    return _column_view_of(tuple(slots), column.marker)


def column_view(column: Column, tables: tuple[_Table, ...]) -> ColumnView:
    """The view of ``column`` by a viewer whose raids saw nothing in it.

    ``tables`` gives the slot view of a card at each position (:data:`SLOT_TABLES`): with
    nothing seen, whether the viewer knows a card depends only on where it lies. The slots
    are read position by position, each a look-up in a plain dict (a third of what mapping
    ``getitem`` costs); a card no table lists is read from :class:`_Slots` instead. The view
    is made as :func:`_column_view_of` makes one, without the call.

    >>> from chicago_poker.core.cards import BUSINESS_TILES, GANGSTER_CARDS
    >>> from chicago_poker.core.state import Column
    >>> tile = BUSINESS_TILES[0]
    >>> column = Column(GANGSTER_CARDS[:3], None)
    >>> [slot.card is not None for slot in column_view(column, SLOT_TABLES[tile][0]).slots]
    [False, False, True]
    >>> [slot.card is not None for slot in column_view(column, SLOT_TABLES[tile][1]).slots]
    [True, True, True]
    """
    cards = column.cards
    count = len(cards)
    try:
        if count == 1:
            slots: tuple[SlotView, ...] = (tables[0][cards[0]],)
        elif count == 2:
            slots = (tables[0][cards[0]], tables[1][cards[1]])
        elif count == 3:
            slots = (tables[0][cards[0]], tables[1][cards[1]], tables[2][cards[2]])
        elif not count:
            marker = column.marker
            return EMPTY_COLUMN_VIEW if marker is None else _column_view_of((), marker)
        else:
            slots = _longer_slots(cards, tables)
    except KeyError:  # not a gangster card (a state made by hand): no table lists it
        slots = _longer_slots(cards, tuple(_LAZY[id(table)] for table in tables))
    made = _new_instance(ColumnView)
    _set_slots(made, slots)
    _set_marker(made, column.marker)
    return made


def _longer_slots(
    cards: tuple[GangsterCard, ...], tables: Sequence[_Table]
) -> tuple[SlotView, ...]:
    """The slot views of ``cards``, read from ``tables``, for a column of any length."""
    slots = tuple(map(getitem, tables, cards))
    if len(slots) != len(cards):
        raise IndexError(f"a column holds {len(cards)} cards, more than {MAX_COLUMN} (R-4.5)")
    return slots


def _column_view_of(slots: tuple[SlotView, ...], marker: int | None) -> ColumnView:
    """``ColumnView(slots, marker)``, made as a bare instance given its slots.

    ColumnView has no validator, converter or post-init (``tests/test_engine_internals.py``).
    """
    made = _new_instance(ColumnView)
    _set_slots(made, slots)
    _set_marker(made, marker)
    return made
