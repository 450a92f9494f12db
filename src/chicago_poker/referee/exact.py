"""The exact search behind :func:`~chicago_poker.referee.assignment.assign`: :func:`search`.

The fast steps of :mod:`~chicago_poker.referee.assignment` place each seat's unrevealed
face-down plays, then fill the decks; when that fails, this search decides. It holds one
bipartite matching of slots to cards (each need's card, each free card; every slot matched,
every card of a deck that ran out matched) and chooses, play by play, the slot whose card the
play took, which must then be a free gangster card. Each choice keeps the matching by
augmenting paths, and a choice that breaks it is undone: a depth-first search over the plays'
slots, latest slot first. It is exact, and exponential only in the number of unrevealed plays
whose slots the matching cannot settle at once; a :class:`~chicago_poker.referee.replay.Budget`
bounds it.

The module is pure.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final

from chicago_poker.core.cards import Card, GangsterCard
from chicago_poker.referee.ledger import NEVER, Facts, Need, Release, Slot, Token
from chicago_poker.referee.matching import augmenting_path

__all__ = ["BudgetSpentError", "Rule", "SearchBoundError", "search", "work_bound"]

WORK_PER_ITEM: Final = 4
"""The search's work bound, per slot and token (see :func:`work_bound`)."""


class BudgetSpentError(Exception):
    """The caller's budget ran out: the search or replay stops where it is."""


class SearchBoundError(Exception):
    """The search reached its work bound (:func:`work_bound`) without an answer."""


def work_bound(facts: Facts) -> int:
    """The most choices the search makes for ``facts``: linear in the history's length.

    :data:`WORK_PER_ITEM` times the slots and tokens, at least 256. Each choice restricts one
    slot of the matching (one augmenting path, linear in its edges, and a copy of the
    matching), so a search costs O(n) choices of O(n^2) each on a history of n entries: O(n^3).
    """
    return max(256, WORK_PER_ITEM * (len(facts.slots) + len(facts.tokens)))


class _Item:
    __slots__ = (
        "banned",
        "card",
        "deadline",
        "free",
        "gangster",
        "left",
        "mandatory",
        "release",
        "required",
        "seat",
    )

    def __init__(
        self,
        card: Card,
        release: Release,
        seat: int | None,
        deadline: int,
        left: int,
        *,
        mandatory: bool,
    ) -> None:
        self.card = card
        self.release = release
        self.seat = seat
        self.deadline = deadline
        """The event before which the card arrived (see :meth:`.ledger.Facts.deadline`)."""
        self.left = left
        """The event at which the card left the seat's hand: it stays there until then, past
        the end of its deck too (a deck that runs out bounds when the card arrived, not how
        long it stays)."""
        self.mandatory = mandatory
        self.free = seat is None
        self.gangster = self.free and isinstance(card, GangsterCard)
        self.banned: list[tuple[int, int]] = []
        """(seat, event): the card may not reach that seat's hand before that event."""
        self.required: tuple[int, int] | None = None
        """(seat, event): the card must reach that seat's hand before that event (and is then
        mandatory, free or not)."""

    def covers(self, seat: int, seq: int) -> bool:
        """Whether this journey of the card could have it in ``seat``'s hand at event ``seq``."""
        if self.release.seq >= seq:
            return False
        return self.seat is None or (self.seat == seat and self.left >= seq)

    def fits(self, slot: Slot) -> bool:
        if self.seat is not None and (slot.seat != self.seat or slot.seq >= self.deadline):
            return False
        if not slot.takes(self.release):
            return False
        if any(slot.seat == seat and slot.seq < seq for seat, seq in self.banned):
            return False
        required = self.required
        return required is None or (slot.seat == required[0] and slot.seq < required[1])


class _Matching:
    """A matching of slots to items, every slot and every mandatory item matched."""

    def __init__(self, slots: Sequence[Slot], items: list[_Item]) -> None:
        self.slots = slots
        self.items = items
        self.groups: dict[object, list[int]] = {}
        """The items by seat (needs) and by release (free cards)."""
        for i, item in enumerate(items):
            key = ("seat", item.seat) if item.seat is not None else item.release
            self.groups.setdefault(key, []).append(i)
        self.slot_options = [self._options(slot) for slot in slots]
        self.item_options: list[list[int]] = [[] for _ in items]
        for s, options in enumerate(self.slot_options):
            for i in options:
                self.item_options[i].append(s)
        self.item_at = [-1] * len(slots)
        self.slot_of = [-1] * len(items)
        self.restricted = [False] * len(slots)

    def _options(self, slot: Slot) -> list[int]:
        """The items ``slot`` can bring: those of its seat and those released into its deck."""
        groups = self.groups
        found = [i for i in groups.get(("seat", slot.seat), ()) if self.items[i].fits(slot)]
        for release, members in groups.items():
            if isinstance(release, Release) and slot.takes(release):
                found.extend(i for i in members if self.items[i].fits(slot))
        return found

    def allowed(self, s: int, i: int) -> bool:
        return not self.restricted[s] or self.items[i].gangster

    def fill_slot(self, s: int) -> bool:
        """Give slot ``s`` an item, re-homing others along an augmenting path."""
        path = augmenting_path(
            s, self.slot_options[s], self.slot_options.__getitem__, self._slot_holding, self.allowed
        )
        if path is None:
            return False
        self._put(path)
        return True

    def place_item(self, i: int) -> bool:
        """Give item ``i`` a slot, dropping an optional item or re-homing a mandatory one."""
        path = augmenting_path(
            i,
            self.item_options[i],
            self.item_options.__getitem__,
            self._mandatory_at,
            lambda item, s: self.allowed(s, item),
        )
        if path is None:
            return False
        dropped = self.item_at[path[-1][1]]
        if dropped != -1:
            self.slot_of[dropped] = -1  # an optional item: it stays in the deck
        self._put((slot, item) for item, slot in path)
        return True

    def _put(self, moves: Iterable[tuple[int, int]]) -> None:
        """Apply an augmenting path's ``moves``: each (slot, item) matched to each other."""
        for slot, item in moves:
            self.item_at[slot] = item
            self.slot_of[item] = slot

    def _slot_holding(self, i: int) -> int | None:
        """The slot that holds item ``i`` and must take another for it to move, if any."""
        s = self.slot_of[i]
        return None if s == -1 else s

    def _mandatory_at(self, s: int) -> int | None:
        """The item at slot ``s`` if it must move elsewhere; None if ``s`` is free or optional."""
        i = self.item_at[s]
        return i if i != -1 and self.items[i].mandatory else None

    def complete(self) -> bool:
        """Match every slot, then every mandatory item."""
        for s in range(len(self.slots)):
            if self.item_at[s] == -1 and not self.fill_slot(s):
                return False
        for i, item in enumerate(self.items):
            if item.mandatory and self.slot_of[i] == -1 and not self.place_item(i):
                return False
        return True

    def restrict(self, s: int) -> bool:
        """Let slot ``s`` hold free gangster cards only; False if the matching breaks."""
        self.restricted[s] = True
        current = self.item_at[s]
        if current != -1 and self.items[current].gangster:
            return True
        self.item_at[s] = -1
        if current != -1:
            self.slot_of[current] = -1
        if not self.fill_slot(s):
            return False
        if current == -1 or self.slot_of[current] != -1 or not self.items[current].mandatory:
            return True  # nothing was displaced, or the path found it another slot
        return self.place_item(current)

    def snapshot(self) -> tuple[list[int], list[int], list[bool]]:
        return list(self.item_at), list(self.slot_of), list(self.restricted)

    def restore(self, saved: tuple[list[int], list[int], list[bool]]) -> None:
        self.item_at = list(saved[0])
        self.slot_of = list(saved[1])
        self.restricted = list(saved[2])


Rule = tuple[Card, int, int, bool]
"""(card, seat, event, present): the card is (or is not) in the seat's hand at that event."""


def search(
    facts: Facts,
    needs: Sequence[Need],
    tokens: Sequence[Token],
    expired: Callable[[], bool] | None = None,
    rules: Sequence[Rule] = (),
    work: list[int] | None = None,
) -> tuple[dict[Slot, Card], dict[Token, Slot]] | None:
    """A card for every slot and a slot for every unrevealed play, or None if there is none.

    ``needs`` have their plays settled (the Limousine orders chosen); ``tokens`` are the plays
    no reveal shows; ``rules`` say where special cards must or may not be. ``expired``, if
    given, is called now and then, and the search raises :class:`BudgetSpentError` once it
    returns True. ``work`` holds the choices the search may still make (shared by the
    searches of one question); once it reaches 0 the search raises :class:`SearchBoundError`.
    """
    items = _journeys(facts, needs)
    if not _apply_rules(items, rules):
        return None
    slots = list(facts.slots)
    matching = _Matching(slots, items)
    if not matching.complete():
        return None
    plays = sorted(tokens, key=lambda token: token.seq)
    windows = _windows(slots, plays)
    if not _room(matching, windows):
        return None
    placement = _PlaySearch(matching, windows, expired, work)
    if not placement.place(0):
        return None
    chosen = placement.chosen
    cards = {slots[s]: items[i].card for s, i in enumerate(matching.item_at)}
    return cards, {play: slots[s] for play, s in zip(plays, chosen, strict=True)}


def _journeys(facts: Facts, needs: Sequence[Need]) -> list[_Item]:
    """The items to match: each need's card, bound for its seat, then each free card."""
    items = [
        _Item(
            need.card, need.release, need.seat, facts.deadline(need), need.deadline, mandatory=True
        )
        for need in needs
    ]
    items.extend(
        _Item(card, release, None, 0, NEVER, mandatory=release.epoch < facts.closed)
        for card, release in facts.free.items()
    )
    return items


def _windows(slots: list[Slot], plays: list[Token]) -> list[list[int]]:
    """For each play, the slots (by index) its card may have come from, latest first."""
    index = {slot: s for s, slot in enumerate(slots)}
    return [
        [
            index[slot]
            for slot in reversed(slots)
            if slot.seat == token.seat and slot.seq < token.seq
        ]
        for token in plays
    ]


def _room(matching: _Matching, windows: list[list[int]]) -> bool:
    """Whether each play, and each card that must take a slot and is no play's, has a slot.

    A test that every answer passes, made without search. In an answer, each play's slot
    holds a free gangster card, and every mandatory card that is not one (a card seen leaving
    a hand, a special card bound to a hand or to a deck that ran out) holds a slot; all these
    slots differ. So those plays and cards can be matched to distinct slots, each within its
    window (a play: a slot of its window that some free gangster card fits; a card: a slot
    it fits). Where they cannot (a seat made more face-down plays than its hand could have
    held gangster cards for, besides the cards it was seen to play), there is no answer,
    however many ways the search could try to place the plays. One bipartite matching by
    augmenting paths (:func:`.matching.augmenting_path`): O(demands x edges).
    """
    items = matching.items
    takes_gangster = [any(items[i].gangster for i in options) for options in matching.slot_options]
    demands = [
        matching.item_options[i]
        for i, item in enumerate(items)
        if item.mandatory and not item.gangster
    ]
    demands.extend([s for s in window if takes_gangster[s]] for window in windows)
    holder = [-1] * len(matching.slots)

    def taker(s: int) -> int | None:
        return None if holder[s] == -1 else holder[s]

    for d, options in enumerate(demands):
        path = augmenting_path(d, options, demands.__getitem__, taker)
        if path is None:
            return False
        for demand, s in path:
            holder[s] = demand
    return True


class _PlaySearch:
    """A depth-first search for a slot for each play, in order, that keeps the matching whole.

    Each play tries the slots of its window, latest first, restricting the chosen slot to free
    gangster cards, and undoes the choice when the later plays cannot follow. A set of chosen
    slots that failed at a play is remembered, so that it is not tried again.
    """

    __slots__ = ("chosen", "expired", "failed", "matching", "windows", "work")

    def __init__(
        self,
        matching: _Matching,
        windows: list[list[int]],
        expired: Callable[[], bool] | None,
        work: list[int] | None = None,
    ) -> None:
        self.matching = matching
        self.windows = windows
        self.expired = expired
        self.work = work
        self.chosen: list[int] = []
        """The slot of each play placed so far."""
        self.failed: set[tuple[int, frozenset[int]]] = set()

    def _place_at(self, k: int, s: int) -> bool:
        """Place play ``k`` at ``s``, then the plays after it; undone if they cannot be."""
        chosen, matching = self.chosen, self.matching
        self._spend()
        saved = matching.snapshot()
        if matching.restrict(s):
            chosen.append(s)
            if self.place(k + 1):
                return True
            chosen.pop()
        matching.restore(saved)
        return False

    def place(self, k: int) -> bool:
        """Place plays ``k`` onwards after those in :attr:`chosen`; False if they cannot be."""
        if k == len(self.windows):
            return True
        chosen = self.chosen
        key = (k, frozenset(chosen))
        if key in self.failed:
            return False
        if self.expired is not None and self.expired():
            raise BudgetSpentError
        for s in self.windows[k]:
            if s not in chosen and self._place_at(k, s):
                return True
        self.failed.add(key)
        return False

    def _spend(self) -> None:
        """Count one choice against the work bound."""
        work = self.work
        if work is not None:
            work[0] -= 1
            if work[0] < 0:
                raise SearchBoundError


def _apply_rules(items: list[_Item], rules: Sequence[Rule]) -> bool:
    """Bind each rule to the journey of its card that could be in the hand then."""
    for card, seat, seq, present in rules:
        covering = [item for item in items if item.card is card and item.covers(seat, seq)]
        if present:
            if len(covering) != 1:
                return False
            item = covering[0]
            if item.required is not None and item.required[0] != seat:
                return False  # one journey of the card, in two hands
            if item.required is None or seq < item.required[1]:
                item.required = (seat, seq)  # in the hand by the first event it is required
            item.mandatory = True  # a free card too: it is in that hand, not in the deck
        else:
            for item in covering:
                item.banned.append((seat, seq))
    return True
