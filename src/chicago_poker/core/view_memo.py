"""The memos of :mod:`chicago_poker.core.views`: how they keep views, and the tables they read.

Views are immutable, so a view made once may be handed out again to every viewer who knows
as much (see :mod:`~chicago_poker.core.views`); these are the parts of that bookkeeping that
hold no view class: the bound of a memo, and what a column's positions and a viewer's seat
tell about which cards the viewer may know there.
"""

from __future__ import annotations

from typing import Final, TypeVar

from chicago_poker.core.cards import BUSINESS_TILES, BusinessTile, lands_face_down
from chicago_poker.core.rules import MAX_COLUMN, MAX_PLAYERS

__all__ = ["DOWN_AT", "FIRST_DOWN", "FLAGS", "HELD", "NO_COLUMNS", "keep"]

HELD: Final = 256
"""The most views each memo of :mod:`~chicago_poker.core.views` keeps; it starts afresh when
full.

A loop meets the same few businesses again and again, from one state to the next: 256 views
hit as often as 4,096 did (the search bot's games, 2026-11-29), and keep a sixteenth of the
objects the garbage collector walks at each full collection."""

_Key = TypeVar("_Key")
_Holder = TypeVar("_Holder")
_Made = TypeVar("_Made")


def keep(memo: dict[_Key, tuple[_Holder, _Made]], key: _Key, holder: _Holder, made: _Made) -> _Made:
    """Keep ``made`` in ``memo`` under ``key``, and return it.

    ``key`` holds the ``id`` of ``holder``, which is kept with ``made`` so that no other
    object can take that ``id`` while the key is held. A memo that holds :data:`HELD` views
    starts afresh.

    >>> memo: dict[int, tuple[str, int]] = {}
    >>> name = "Al"
    >>> keep(memo, id(name), name, 7), memo[id(name)] == (name, 7)
    (7, True)
    """
    if len(memo) >= HELD:
        memo.clear()
    memo[key] = (holder, made)
    return made


DOWN_AT: Final[dict[BusinessTile, tuple[bool, ...]]] = {
    tile: tuple(lands_face_down(tile, index) for index in range(MAX_COLUMN))
    for tile in BUSINESS_TILES
}
"""For each tile, :func:`~chicago_poker.core.cards.lands_face_down` of each position of a
column there (R-4.2)."""

FIRST_DOWN: Final[dict[BusinessTile, int]] = {
    tile: next(index for index in range(MAX_COLUMN + 1) if lands_face_down(tile, index))
    for tile in BUSINESS_TILES
}
"""For each tile, the first position of a column there that lies face down (R-4.2): a
seat whose column is no longer holds no face-down card there."""


def _flags(count: int) -> tuple[tuple[bool, ...], ...]:
    """Whether the viewer knows every card of each column, by the index of a business's views.

    The spectator's first (index 0: no column), then each seat's (index ``seat + 1``: its own
    column, R-4.3), then everyone's while a shootout is in progress there (all, R-6.3).
    """
    seats = range(count)
    return (
        tuple(False for _ in seats),
        *(tuple(owner == seat for owner in seats) for seat in seats),
        tuple(True for _ in seats),
    )


FLAGS: Final = {count: _flags(count) for count in range(MAX_PLAYERS + 1)}
""":func:`_flags` of each table size."""
NO_COLUMNS: Final[dict[int, tuple[None, ...]]] = {
    count: (None,) * count for count in range(MAX_PLAYERS + 1)
}
"""No column, for each table size: where no view is kept to make a business's view from,
every column of it is made."""
