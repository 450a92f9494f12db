"""How many free cards of each release every seat holds, drawn with exact weights: :class:`Deals`.

The free cards of one release (see :mod:`~chicago_poker.referee.ledger`) are alike for every
rule about hidden cards: they entered the deck at once and were never seen since. So a seat's
history can be told with the cards it holds as soon as it can with their numbers per release,
and with the release each unrevealed face-down play's card came from. :class:`Deals` weighs
every such *configuration* of every seat exactly:

- the number of ways to deal each release's cards in those numbers is a multinomial
  coefficient, a product of one factor per seat (``1 / x!`` for ``x`` cards) and one for the
  deck;
- the number of ways to give the plays their cards is, for each release, a falling factorial
  of the cards held (the plays choose different cards);
- a configuration the seat's history cannot be told with
  (:func:`~chicago_poker.referee.assignment.schedule`) weighs nothing.

A dynamic program over the seats, whose state is how many cards of each release are dealt so
far, sums the weights of the configurations that fit the releases' sizes; :meth:`Deals.draw`
then draws each seat's configuration backwards, exactly in proportion to the number of deals it
stands for. The number of configurations is small: a seat holds a few cards of a deck with more
than one release only after a Bribery.

The module is pure.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Final, Protocol, TypeVar

from attrs import Factory, define

from chicago_poker.referee.assignment import Job, schedule
from chicago_poker.referee.ledger import NEVER, Facts, Need, Release, Slot, Token

__all__ = ["MAX_CONFIGURATIONS", "Chooser", "Configuration", "Deals", "SeatHistory"]

MAX_CONFIGURATIONS: Final = 20_000
"""The most configurations weighed for one seat."""

_T = TypeVar("_T")


class Chooser(Protocol):
    """A source of chance, such as :class:`random.Random`."""

    def randrange(self, stop: int, /) -> int:
        """A number from 0 to ``stop - 1``."""


@define(eq=False)
class SeatHistory:
    """What one other seat's history fixes: its slots, needs, plays and cards per deck."""

    seat: int
    """The seat."""

    slots: list[Slot] = Factory(list)
    """Its slots, in order."""

    needs: list[Need] = Factory(list)
    """Its needs."""

    plays: list[Token] = Factory(list)
    """Its unrevealed plays, earliest first."""

    counts: dict[int, int] = Factory(dict)
    """How many free cards of each deck (epoch) the seat holds."""


@define(eq=False)
class Configuration:
    """One seat's numbers of cards per release, and its plays' releases, with their weights."""

    counts: dict[Release, int]
    """How many cards of each release the seat holds."""

    plays: list[tuple[tuple[Release, ...], float]]
    """Each way to give the plays their releases (in play order), with its weight."""

    weight: float
    """The number of deals it stands for, up to a factor common to all."""


class Deals:
    """Exact weights of who holds how many cards of each release, and draws from them."""

    def __init__(
        self,
        facts: Facts,
        seats: Sequence[SeatHistory],
        releases: dict[Release, int],
    ) -> None:
        """Weigh every configuration of ``seats`` for releases of these sizes."""
        self.facts = facts
        self.seats = list(seats)
        self.releases = releases
        """How many free cards each release has."""
        self.order = sorted(releases, key=lambda release: release.seq)
        self.index = {release: i for i, release in enumerate(self.order)}
        """The position of each release in :attr:`order`."""
        self.configurations = [self._configure(seat) for seat in self.seats]
        self.tables = self._tables()
        self.finals = self._finals()
        """Every number of cards dealt per release, with its weight (the deck's included)."""

    # --- one seat

    def _configure(self, seat: SeatHistory) -> list[Configuration]:
        by_epoch: dict[int, list[Release]] = {}
        for release in self.order:
            if seat.counts.get(release.epoch, 0):
                by_epoch.setdefault(release.epoch, []).append(release)
        splits = [
            list(_splits(seat.counts[epoch], [self.releases[r] for r in found]))
            for epoch, found in by_epoch.items()
        ]
        found_releases = [r for found in by_epoch.values() for r in found]
        configurations = []
        for parts in itertools.islice(itertools.product(*splits), MAX_CONFIGURATIONS):
            counts = dict(zip(found_releases, itertools.chain.from_iterable(parts), strict=True))
            plays = self._plays(seat, counts)
            total = sum(weight for _, weight in plays)
            if total:
                scale = math.prod(1 / math.factorial(count) for count in counts.values())
                configurations.append(Configuration(counts, plays, total * scale))
        return configurations

    def _plays(
        self, seat: SeatHistory, counts: dict[Release, int]
    ) -> list[tuple[tuple[Release, ...], float]]:
        """Every way to give the plays releases that the seat's history can be told with."""
        options = [
            [release for release in counts if counts[release] and release.seq < play.seq]
            for play in seat.plays
        ]
        found = []
        for chosen in itertools.islice(itertools.product(*options), MAX_CONFIGURATIONS):
            taken: dict[Release, int] = {}
            for release in chosen:
                taken[release] = taken.get(release, 0) + 1
            if any(taken[release] > counts[release] for release in taken):
                continue
            if self._told(seat, counts, seat.plays, chosen):
                ways = math.prod(math.perm(counts[r], taken[r]) for r in taken)
                found.append((tuple(chosen), float(ways)))
        return found

    def _told(
        self,
        seat: SeatHistory,
        counts: dict[Release, int],
        plays: Sequence[Token],
        chosen: Sequence[Release],
    ) -> bool:
        """Whether the seat's slots can bring its needs' cards and these cards in time."""
        jobs = [Job(self.facts.deadline(need), need, None) for need in seat.needs]
        left = dict(counts)
        for play, release in zip(plays, chosen, strict=True):
            jobs.append(Job(play.seq, None, None, release=release))
            left[release] -= 1
        for release, count in left.items():
            jobs.extend(Job(NEVER, None, None, release=release) for _ in range(count))
        return not isinstance(schedule(seat.slots, jobs), Job)

    # --- all seats

    def _tables(self) -> list[dict[tuple[int, ...], float]]:
        """For each seat index, the total weight of the seats before it per numbers dealt."""
        tables: list[dict[tuple[int, ...], float]] = [{(0,) * len(self.order): 1.0}]
        index = self.index
        sizes = [self.releases[release] for release in self.order]
        for configurations in self.configurations:
            nxt: dict[tuple[int, ...], float] = {}
            for state, weight in tables[-1].items():
                for configuration in configurations:
                    new = list(state)
                    for release, count in configuration.counts.items():
                        new[index[release]] += count
                    if all(n <= size for n, size in zip(new, sizes, strict=True)):
                        key = tuple(new)
                        nxt[key] = nxt.get(key, 0.0) + weight * configuration.weight
            tables.append(nxt)
        return tables

    def _finals(self) -> list[tuple[tuple[int, ...], float]]:
        closed = self.facts.closed
        found: list[tuple[tuple[int, ...], float]] = []
        for state, weight in self.tables[-1].items():
            rest = [self.releases[r] - n for r, n in zip(self.order, state, strict=True)]
            if any(left and r.epoch < closed for r, left in zip(self.order, rest, strict=True)):
                continue  # a deck that ran out keeps no card
            found.append((state, weight / math.prod(math.factorial(left) for left in rest)))
        return found

    def draw(self, chooser: Chooser) -> list[tuple[Configuration, tuple[Release, ...]]]:
        """Each seat's configuration and its plays' releases, drawn by their weights."""
        state = _pick(self.finals, chooser)
        index = self.index
        drawn: list[tuple[Configuration, tuple[Release, ...]]] = []
        for position in range(len(self.seats) - 1, -1, -1):
            table = self.tables[position]
            options = []
            for configuration in self.configurations[position]:
                before = list(state)
                for release, count in configuration.counts.items():
                    before[index[release]] -= count
                weight = table.get(tuple(before), 0.0)
                if weight:
                    options.append(((configuration, tuple(before)), weight * configuration.weight))
            configuration, state = _pick(options, chooser)
            plays = _pick(configuration.plays, chooser) if configuration.plays else ()
            drawn.append((configuration, plays))
        drawn.reverse()
        return drawn


def _splits(total: int, sizes: list[int]) -> list[tuple[int, ...]]:
    """Every way to write ``total`` as numbers of cards from releases of these sizes."""
    if len(sizes) == 1:
        return [(total,)] if total <= sizes[0] else []
    found: list[tuple[int, ...]] = []
    for first in range(min(total, sizes[0]) + 1):
        found.extend((first, *rest) for rest in _splits(total - first, sizes[1:]))
    return found


_UNIT: Final = 1 << 53


def _pick(options: Sequence[tuple[_T, float]], chooser: Chooser) -> _T:
    """One of ``options``, each with a chance in proportion to its weight."""
    total = sum(weight for _, weight in options)
    target = chooser.randrange(_UNIT) / _UNIT * total
    for value, weight in options:
        target -= weight
        if target < 0:
            return value
    return options[-1][0]
