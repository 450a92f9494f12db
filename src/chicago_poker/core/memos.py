"""The core's memo tables, and loops that own them for a while.

The core keeps what it makes again and again in module-level tables: the commands that
:func:`~chicago_poker.core.legal.legal_commands` lists, the events that
:func:`~chicago_poker.core.decide.decide` makes on every turn, the views of businesses and
players. Each is a memo: every entry is valid for every caller, so a missing entry costs
the work of making it again, never a different result. Each module registers its tables
here (:func:`register`).

A loop that makes many states no other loop will meet, such as a search bot's move, runs
under :func:`owned`: as it enters, the registered tables are emptied and their entries set
aside; as it leaves, even by an exception, what the loop put there is dropped and the
entries set aside are put back. What the loop made is then free as soon as the loop lets
it go, rather than held by the process's tables until they start afresh, and the garbage
collector does not walk it at every full collection.

The tables stay the same objects, so the paths that read them read them as before: a
loop's ownership costs a copy of each table as it enters and as it leaves, and nothing per
call.

>>> table: dict[int, str] = {1: "kept"}
>>> register(table)
>>> with owned():
...     table[2] = "the loop's"
>>> table
{1: 'kept'}
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["owned", "register", "registered"]

_TABLES: Final[list[dict[object, object]]] = []
"""Every registered table, in the order registered."""

_FRAMES: Final[list[_Frame]] = []
"""The loops inside :func:`owned`, the one that entered first at the bottom."""


def register(*tables: dict[Any, Any]) -> None:
    """Make ``tables`` memos that a loop under :func:`owned` sets aside and gives back.

    Tables that depend on one another (a command kept by one table and known as checked by
    another) are set aside together, since every loop sets aside every table. Each table
    must be a memo: an entry any caller may find and use, keyed either by values or by the
    ``id`` of an object the entry itself holds (so that no other object can take that
    ``id`` while the entry lives, set aside or not).

    >>> register({})
    """
    for table in tables:
        if not any(table is known for known in _TABLES):
            _TABLES.append(table)


def registered() -> tuple[dict[object, object], ...]:
    """The registered tables, in the order registered.

    >>> all(isinstance(table, dict) for table in registered())
    True
    """
    return tuple(_TABLES)


class _Frame:
    """The entries a loop under :func:`owned` set aside, table by table."""

    __slots__ = ("aside",)

    def __init__(self) -> None:
        self.aside: list[tuple[dict[object, object], dict[object, object]]] = []

    def enter(self) -> None:
        for table in list(_TABLES):
            self.aside.append((table, table.copy()))
            table.clear()
        _FRAMES.append(self)

    def leave(self) -> None:
        frames = _FRAMES.copy()  # one call, so another thread's loop cannot change it halfway
        at = next((index for index, frame in enumerate(frames) if frame is self), len(frames))
        if at + 1 < len(frames):
            # A loop that entered after this one (in another thread) is still running: it
            # set aside this loop's entries, which are to be dropped; it gives back these.
            frames[at + 1].aside = self.aside
        else:
            for table, aside in self.aside:
                table.clear()
                table.update(aside)
        try:  # noqa: SIM105  # contextlib is not among the imports the core may use
            _FRAMES.remove(self)  # one call: no other thread runs inside it
        except ValueError:  # pragma: no cover  # only if it was never entered
            pass
        self.aside = []


class owned:  # noqa: N801  # used as a function: ``with owned():``
    """Run a loop that owns the core's memo tables (see the module's doc).

    Nested loops each own them in turn. Loops in several threads at once are safe: each
    entry is valid for every caller, so what a thread meets in a table is right whoever put
    it there. A thread that leaves while a loop it did not nest started after it hands its
    entries to that loop, which gives them back as it leaves; entries that one thread adds
    while another thread's loop owns the tables are dropped with that loop's. Between two
    calls of a table's methods another thread may run, so threads that enter and leave at
    the very same moment may lose entries, which only costs their making again.

    >>> from chicago_poker.core.commands import check_form, DrawCard
    >>> with owned():
    ...     check_form(DrawCard(player=0))
    """

    __slots__ = ("_frame",)

    def __init__(self) -> None:
        """A loop's ownership, not yet entered."""
        self._frame = _Frame()

    def __enter__(self) -> None:
        """Set the tables' entries aside and empty them."""
        self._frame.enter()

    def __exit__(self, *raised: object) -> None:
        """Drop the loop's entries and give back those set aside as it entered."""
        self._frame.leave()
