"""Give every hidden card of a seat's history an identity: :func:`assign`.

The ledger's facts (:mod:`~chicago_poker.referee.ledger`) make an assignment problem: each slot
(a card arriving unseen in a hand) takes one card, each need (a card seen leaving a hand) one slot
of its seat between its release and its departure, each unrevealed face-down play one slot of its
seat before it whose card is a gangster card seen nowhere else, and every card released into a
deck that ran out one slot of that deck. Cards are otherwise interchangeable.

It is solved in three steps, each exact for the structure it handles:

1. **The orders of Limousine moves** the viewer could not follow (:class:`~.ledger.Shuffle`):
   each order found consistent with what the log later shows gives each revealed card the
   face-down play it left by. Moves are few and small (at most four cards), so their orders
   are enumerated, fewest first.
2. **Each seat's line of slots** (:func:`schedule`): the needs and unrevealed plays of one seat
   are jobs with a window on the seat's slots (a need from its release to its departure, a play
   up to the play), and each slot does at most one job. The earliest-deadline-first rule
   places every job if any placement does, on such windows (Jackson's rule; a bipartite graph
   whose neighbourhoods are intervals).
3. **The cards nobody sees again** (:func:`fill`): each deck's slots left over (those of the
   unrevealed plays included, which need gangster cards) take the free cards of that deck, a
   bipartite matching by augmenting paths (Kuhn's algorithm): every slot gets a card, and in a
   deck that ran out every card gets a slot.

Everything is polynomial: a log of n entries has O(n) slots, jobs and cards, step 2 costs
O(n log n) and step 3 O(n^3) at worst. What step 2's argument does not cover is a slot that only
some jobs may take, an unseen Bribery's (it takes a card of the discard pile only): a seat has
one at a time at most, and :func:`schedule` tries it both ways. The rules that look at a hand's
make-up rather than its cards (the hand limit, which Police Raid is played, ending a turn) are
not part of this problem; the engine judges them on the witness, and the special cards are
placed so as to meet them (see :mod:`~chicago_poker.referee.information`).

The module is pure.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Final

from attrs import define

from chicago_poker.core.cards import Card, GangsterCard
from chicago_poker.referee.exact import Rule, search, work_bound
from chicago_poker.referee.ledger import (
    Facts,
    Makeup,
    Need,
    Place,
    Release,
    Shuffle,
    Slot,
    Token,
)
from chicago_poker.referee.matching import augmenting_path

__all__ = [
    "MAX_ORDERS",
    "Assignment",
    "Infeasible",
    "Job",
    "assign",
    "atom_of",
    "equivalent_orders",
    "fill",
    "schedule",
]

MAX_ORDERS: Final = 2_000
"""The most combinations of Limousine orders tried for one history."""


@define(eq=False)
class Assignment:
    """An identity for every hidden card of a history."""

    facts: Facts
    """The facts it gives identities to."""

    slot_cards: dict[Slot, Card]
    """The card each slot brought."""

    token_cards: dict[Token, Card | None]
    """The card each token holds (None: a reinforcement declined)."""

    orders: dict[Shuffle, list[int]]
    """For each Shuffle, the moved place each of its places holds."""

    deck: list[Card]
    """The free cards still in the draw deck."""

    needs: list[Need]
    """The needs, each with the face-down play it left by where a Limousine mixed them."""

    def card_at(self, place: Place) -> Card | None:
        """The card that lies at ``place``."""
        origin = atom_of(place, self.orders)
        if isinstance(origin, Token):
            return self.token_cards.get(origin)
        return origin


@define
class Infeasible:
    """No identities fit the facts: why, in words."""

    reason: str
    """Why."""

    bounded: bool = False
    """Whether the search stopped at its work bound: then no proof that none fit."""


def atom_of(place: Place, orders: dict[Shuffle, list[int]]) -> Card | Token | None:
    """What lies at ``place``: a known card or a token, following the Shuffles' orders."""
    while place.origin is None and place.shuffle is not None:
        shuffle = place.shuffle
        order = orders.get(shuffle)
        if order is None:
            return None
        place = shuffle.moved[order[shuffle.placed.index(place)]]
    return place.origin


def equivalent_orders(
    facts: Facts, orders: dict[Shuffle, list[int]]
) -> Iterator[dict[Shuffle, list[int]]]:
    """Every combination of Limousine orders that settles the needs and tokens as ``orders`` do.

    Put in place of the orders of an assignment, each leaves its slots, needs and tokens'
    cards as they are: only which card lies at which place a Limousine filled changes. At
    most :data:`MAX_ORDERS` combinations are tried.
    """
    wanted = _binding_key(_bindings(facts, orders))
    for other in itertools.islice(_orders(facts), MAX_ORDERS):
        if _binding_key(_bindings(facts, other)) == wanted:
            yield other


def _binding_key(bound: tuple[list[Need], dict[Token, Card | None]] | Infeasible) -> object:
    """What :func:`_bindings` settled, comparable from one call to the next."""
    if isinstance(bound, Infeasible):
        return None
    needs, token_cards = bound
    return [(need.card, need.token, need.deadline) for need in needs], token_cards


def assign(
    facts: Facts,
    expired: Callable[[], bool] | None = None,
    makeups: Sequence[Makeup] = (),
    *,
    exact: bool = True,
    bounded: bool = False,
) -> Assignment | Infeasible:
    """Identities for the hidden cards of ``facts``, or why there are none.

    ``makeups`` are what the engine taught about hands' make-up (see
    :class:`~.ledger.Makeup`). The fast steps first; where they fail, the exact search
    (:func:`.exact.search`), which calls ``expired`` now and then and raises
    :class:`~.exact.BudgetSpentError` once it says so. ``exact=False`` leaves the search out: an
    Infeasible answer is then not a proof. ``bounded``: the searches together make at most
    :func:`~.exact.work_bound` choices, and raise :class:`~.exact.SearchBoundError` past it.
    """
    work = [work_bound(facts)] if bounded else None
    failure: Infeasible | None = None
    bans = _bans(makeup for makeup in makeups if makeup.simple)
    branches = list(itertools.islice(_branches(makeups), MAX_ORDERS))
    for orders in itertools.islice(_orders(facts), MAX_ORDERS):
        bound = _bindings(facts, orders)
        if isinstance(bound, Infeasible):
            failure = failure or bound
            continue
        needs, token_cards = bound
        result = _fast_steps(facts, needs, token_cards, orders, bans, makeups)
        if isinstance(result, Assignment):
            return result
        failure = failure or result
        for rules in branches if exact else ():
            found = _search(facts, needs, token_cards, orders, expired, rules, work)
            if found is not None:
                return found
    return failure or Infeasible("no order of the Limousine moves fits what the log shows")


def _fast_steps(
    facts: Facts,
    needs: list[Need],
    token_cards: dict[Token, Card | None],
    orders: dict[Shuffle, list[int]],
    bans: _Bans,
    makeups: Sequence[Makeup],
) -> Assignment | Infeasible | None:
    """Steps 2 and 3's assignment, if it holds every make-up; why they found none, if so.

    None where they do not apply (they keep only the bans of simple make-ups) or where their
    assignment misses a make-up: the exact search may still find one.
    """
    if not all(makeup.simple for makeup in makeups):
        return None
    result = _solve(facts, needs, dict(token_cards), orders, bans)
    if isinstance(result, Assignment) and not all(_held(result, m) for m in makeups):
        return None
    return result


def _arrived(assignment: Assignment, makeup: Makeup, card: Card) -> int | None:
    """The last slot through which ``card`` reached the make-up's seat before it; or None."""
    return max(
        (
            slot.seq
            for slot, found in assignment.slot_cards.items()
            if slot.seat == makeup.seat and slot.seq < makeup.seq and found is card
        ),
        default=None,
    )


def _held(assignment: Assignment, makeup: Makeup) -> bool:
    """Whether ``assignment`` has the cards ``makeup`` requires in its seat's hand then.

    Each arrived through a slot of the seat before the make-up's event, and did not leave the
    hand after the last such slot: a card the seat played, which came back to the deck and
    which the identities leave there, is no longer in the hand for having been there once.
    """
    for card in makeup.required:
        arrived = _arrived(assignment, makeup, card)
        if arrived is None or any(
            need.card is card and need.seat == makeup.seat and arrived < need.deadline < makeup.seq
            for need in assignment.needs
        ):
            return False
    return True


_Bans = dict[Card, list[tuple[int, int]]]
"""For each special card, the (seat, event) pairs it may not be held at."""


def _bans(makeups: Iterable[Makeup]) -> _Bans:
    bans: _Bans = {}
    for makeup in makeups:
        for card in makeup.forbidden:
            bans.setdefault(card, []).append((makeup.seat, makeup.seq))
    return bans


def _branches(makeups: Sequence[Makeup]) -> Iterator[list[Rule]]:
    """The rules of each choice of an allowed set for every make-up."""
    choices = [
        sorted(makeup.allowed, key=len) if not makeup.simple else [makeup.required]
        for makeup in makeups
    ]
    for chosen in itertools.product(*choices):
        rules: list[Rule] = []
        for makeup, allowed in zip(makeups, chosen, strict=True):
            kept_out = makeup.forbidden if makeup.simple else makeup.candidates - allowed
            held = allowed
            rules.extend((card, makeup.seat, makeup.seq, False) for card in kept_out)
            rules.extend((card, makeup.seat, makeup.seq, True) for card in held)
        yield rules


def _search(
    facts: Facts,
    needs: list[Need],
    token_cards: dict[Token, Card | None],
    orders: dict[Shuffle, list[int]],
    expired: Callable[[], bool] | None,
    rules: list[Rule],
    work: list[int] | None = None,
) -> Assignment | None:
    """The exact search's assignment, where the fast steps found none."""
    token_cards = dict(token_cards)
    plays = [token for token in facts.tokens if token not in token_cards]
    found = search(facts, needs, plays, expired, rules, work)
    if found is None:
        return None
    slot_cards, play_slots = found
    for play, slot in play_slots.items():
        token_cards[play] = slot_cards[slot]
    return Assignment(facts, slot_cards, token_cards, orders, _left_free(facts, slot_cards), needs)


def _left_free(facts: Facts, slot_cards: dict[Slot, Card]) -> list[Card]:
    """The free cards that no slot holds: the deck's, in order."""
    used = set(slot_cards.values())
    return [card for card in facts.free if card not in used]


# ---------------------------------------------------------------- 1. orders of Limousine moves


def _orders(facts: Facts) -> Iterator[dict[Shuffle, list[int]]]:
    """Every combination of orders of the Shuffles that agrees with what the log shows.

    The Shuffles are ordered one after another, oldest first; an order is dropped as soon as
    a card shown at a place whose origin it settles cannot lie there, so the combinations
    tried are those that fit (a product of all orders would grow with every move). Depth
    first, with a stack of its own: a forged log can hold more Shuffles than Python's
    recursion limit.
    """
    shuffles = facts.shuffles
    if not shuffles:
        yield {}
        return
    orders: dict[Shuffle, list[int]] = {}
    stack = [_permutations(shuffles[0])]  # the orders left to try of each Shuffle so far
    while stack:
        shuffle = shuffles[len(stack) - 1]
        for order in stack[-1]:
            orders[shuffle] = order
            if _fits_so_far(facts, orders):
                break
        else:
            orders.pop(shuffle, None)
            stack.pop()
            continue
        if len(stack) == len(shuffles):
            yield dict(orders)
        else:
            stack.append(_permutations(shuffles[len(stack)]))


def _fits_so_far(facts: Facts, orders: dict[Shuffle, list[int]]) -> bool:
    """Whether the cards shown at places the orders settle so far can lie there."""
    bound: dict[Token, Card] = {}
    for need in facts.needs:
        if need.token is not None:
            bound[need.token] = need.card
    return _needs_fit(facts, orders, bound) and _sightings_fit(facts, orders, bound)


def _needs_fit(facts: Facts, orders: dict[Shuffle, list[int]], bound: dict[Token, Card]) -> bool:
    """Whether each need shown at a settled place finds a token there, of its card alone."""
    for need in facts.needs:
        if need.place is not None:
            origin = atom_of(need.place, orders)
            if origin is None:
                continue  # not settled yet
            if (
                not isinstance(origin, Token)
                or bound.setdefault(origin, need.card) is not need.card
            ):
                return False
    return True


def _sightings_fit(
    facts: Facts, orders: dict[Shuffle, list[int]], bound: dict[Token, Card]
) -> bool:
    """Whether each card seen at a settled place can be what lies there."""
    for place, card, unseen in facts.sightings:
        origin = atom_of(place, orders)
        if origin is None:
            continue
        if isinstance(origin, Token):
            if not unseen and bound.get(origin) is not card:
                return False
            if bound.setdefault(origin, card) is not card:
                return False
        elif origin is not card:
            return False
    return True


def _permutations(shuffle: Shuffle) -> Iterator[list[int]]:
    """The orders of one Shuffle: each place a different moved place among its options.

    The places left behind keep their order: each holds a later moved place than the one before.
    """
    kept = shuffle.kept

    def extend(position: int, used: set[int], chosen: list[int]) -> Iterator[list[int]]:
        if position == len(shuffle.options):
            yield list(chosen)
            return
        after = chosen[-1] if position > kept else -1
        for option in shuffle.options[position]:
            if option not in used and option > after:
                used.add(option)
                chosen.append(option)
                yield from extend(position + 1, used, chosen)
                chosen.pop()
                used.discard(option)

    return extend(0, set(), [])


def _bindings(
    facts: Facts, orders: dict[Shuffle, list[int]]
) -> tuple[list[Need], dict[Token, Card | None]] | Infeasible:
    """The needs with their plays settled, and the card of every revealed token."""
    token_cards: dict[Token, Card | None] = {}
    for token in facts.tokens:
        if facts.declined(token):
            token_cards[token] = None
    needs = _settled_needs(facts, orders, token_cards)
    if isinstance(needs, Infeasible):
        return needs
    return _bind_sightings(facts, orders, token_cards) or (needs, token_cards)


def _settled_needs(
    facts: Facts, orders: dict[Shuffle, list[int]], token_cards: dict[Token, Card | None]
) -> list[Need] | Infeasible:
    """The needs, each shown at a place bound to the play it left by; their tokens' cards."""
    needs: list[Need] = []
    for need in facts.needs:
        if need.place is not None:
            origin = atom_of(need.place, orders)
            if not isinstance(origin, Token):
                return Infeasible(f"{need.card} is shown where no unseen card lies")
            need = Need(need.card, need.seat, need.release, origin.seq, need.entry, origin)
        if need.token is not None:
            if token_cards.get(need.token, need.card) is not need.card:
                return Infeasible(f"a face-down card is shown as two cards, one {need.card}")
            token_cards[need.token] = need.card
        needs.append(need)
    return needs


def _bind_sightings(
    facts: Facts, orders: dict[Shuffle, list[int]], token_cards: dict[Token, Card | None]
) -> Infeasible | None:
    """Give each token a card seen where it lies; why not, if a sighting contradicts."""
    for place, card, unseen in facts.sightings:
        origin = atom_of(place, orders)
        if isinstance(origin, Token) and (unseen or token_cards.get(origin) is card):
            if token_cards.get(origin, card) is not card:
                return Infeasible(f"a face-down card is shown as two cards, one {card}")
            token_cards[origin] = card
        elif origin is not card:
            return Infeasible(f"{card} is shown where another card lies")
    return None


# ------------------------------------------------------------- 2. each seat's line of slots


class Job:
    """A card a seat's slots must bring: a slot between ``start`` and ``deadline``.

    A need's card, a card held now (``release`` given, no deadline), or the card of an
    unrevealed play (no release: any slot before the play).
    """

    __slots__ = ("deadline", "need", "release", "start", "token")

    def __init__(
        self,
        deadline: int,
        need: Need | None,
        token: Token | None,
        start: int = -1,
        release: Release | None = None,
    ) -> None:
        """A job due before event ``deadline``, not taken before event ``start``."""
        self.deadline = deadline
        self.need = need
        self.token = token
        self.release: Release | None = need.release if need is not None else release
        self.start = max(start, -1 if self.release is None else self.release.seq - 1)
        """The event after which the job may take a slot."""

    def fits(self, slot: Slot) -> bool:
        """Whether ``slot`` can bring this job's card."""
        if slot.seq >= self.deadline or slot.seq <= self.start:
            return False
        if self.release is None:  # a play: any slot before it whose card can be a spare one
            return True
        return slot.takes(self.release)


def schedule(slots: Sequence[Slot], jobs: Sequence[Job]) -> dict[Slot, Job] | Job:
    """A slot for every job, earliest deadline first; or the first job left without one.

    ``slots`` are one seat's, in order. A job becomes available at its window's first slot
    and is placed at the first slot that fits it, most urgent first. (Where the placement is
    kept, :func:`_plays_late` then moves the plays; to know that one exists, this is enough.)
    """
    placed: dict[Slot, Job] = {}
    pending = sorted(jobs, key=lambda job: job.start)
    waiting: list[tuple[int, int, Job]] = []
    next_job = 0
    for slot in slots:
        while next_job < len(pending) and pending[next_job].start < slot.seq:
            job = pending[next_job]
            heapq.heappush(waiting, (job.deadline, next_job, job))
            next_job += 1
        if waiting and waiting[0][0] <= slot.seq:
            return waiting[0][2]  # its deadline passed
        skipped = []
        while waiting:
            entry = heapq.heappop(waiting)
            if entry[2].fits(slot):
                placed[slot] = entry[2]
                break
            skipped.append(entry)
        for entry in skipped:
            heapq.heappush(waiting, entry)
    if waiting:
        return min(waiting)[2]
    if next_job < len(pending):
        return pending[next_job]
    return placed


def _plays_late(slots: Sequence[Slot], placed: dict[Slot, Job]) -> None:
    """Move the needs as early, and the unrevealed plays as late, as their windows allow.

    The cards of the slots left to plays are ones nobody sees again, and more of those have
    entered the deck the later the slot: the free cards (:func:`fill`) have the most room so.
    A play before a need that could take its slot trades places with it while the play's
    window allows; then each play takes the latest slot left before it.
    """
    _swap_plays_after_needs(slots, placed)
    plays = sorted(
        (job for job in placed.values() if job.token is not None), key=lambda job: -job.deadline
    )
    for slot in [slot for slot, job in placed.items() if job.token is not None]:
        del placed[slot]
    free = [slot for slot in slots if slot not in placed]
    for job in plays:
        target = next(slot for slot in reversed(free) if slot.seq < job.deadline)
        free.remove(target)
        placed[target] = job


def _swap_plays_after_needs(slots: Sequence[Slot], placed: dict[Slot, Job]) -> None:
    """Trade each play's slot with a later need's that could take it, until none can."""
    order = {slot: index for index, slot in enumerate(slots)}
    changed = True
    while changed:
        changed = False
        for slot in slots:
            job = placed.get(slot)
            if job is None or job.token is None:
                continue
            for later in slots[order[slot] + 1 :]:
                other = placed.get(later)
                if later.seq >= job.deadline:
                    break
                if other is not None and other.need is not None and other.fits(slot):
                    placed[slot], placed[later] = other, job
                    changed = True
                    break


# --------------------------------------------------------------- 3. the cards nobody sees again


def fill(
    slots: Sequence[Slot],
    spare: set[Slot],
    cards: dict[Card, Release],
    *,
    closed: bool,
    bans: _Bans | None = None,
) -> dict[Slot, Card] | None:
    """A free card for each slot (a gangster card for those in ``spare``), or None.

    ``cards`` are the free cards of the slots' deck with their releases; in a deck that ran out
    (``closed``) every one of them must find a slot. Special cards go last: into the deck when
    it has not run out, or else to the latest slots. Each slot in turn gets its card by an
    augmenting path (:func:`.matching.augmenting_path`) that may move the cards taken before.
    """
    if closed and len(cards) != len(slots):
        return None
    ordered = sorted(cards, key=lambda card: isinstance(card, GangsterCard))
    owner: dict[Card, Slot] = {}
    taken: dict[Slot, Card] = {}
    fits = _fitting(cards, spare, bans or {})
    listed = _listed_once(cards, fits)
    for slot in reversed(slots) if closed else slots:
        options = [card for card in (ordered if closed else reversed(ordered)) if fits(slot, card)]
        path = augmenting_path(slot, options, listed, owner.get)
        if path is None:
            return None
        for holder, card in path:
            owner[card] = holder
            taken[holder] = card
    return taken


def _fitting(
    cards: dict[Card, Release], spare: set[Slot], bans: _Bans
) -> Callable[[Slot, Card], bool]:
    """Whether a free card can arrive at a slot: its deck, a play's gangster, the bans."""

    def fits(slot: Slot, card: Card) -> bool:
        if not slot.takes(cards[card]):
            return False
        if slot in spare and not isinstance(card, GangsterCard):
            return False
        banned = bans.get(card)
        return not banned or not any(slot.seat == seat and slot.seq < seq for seat, seq in banned)

    return fits


def _listed_once(
    cards: dict[Card, Release], fits: Callable[[Slot, Card], bool]
) -> Callable[[Slot], list[Card]]:
    """The cards that fit a slot an augmenting path goes through, in the order of ``cards``.

    Each slot's are listed once a fill and kept (they do not change): a path that fails visits
    every card it reaches, and listing each holder's cards afresh made a fill quadratic in the
    cards.
    """
    known: dict[Slot, list[Card]] = {}

    def listed(slot: Slot) -> list[Card]:
        found = known.get(slot)
        if found is None:
            found = known[slot] = [card for card in cards if fits(slot, card)]
        return found

    return listed


# ------------------------------------------------------------------------ the whole problem


def _solve(
    facts: Facts,
    needs: list[Need],
    token_cards: dict[Token, Card | None],
    orders: dict[Shuffle, list[int]],
    bans: _Bans,
) -> Assignment | Infeasible:
    """Steps 2 and 3 for one combination of orders: each seat's line, then the free cards."""
    scheduled = _schedule_seats(facts, _jobs(facts, needs, token_cards, bans))
    if isinstance(scheduled, Infeasible):
        return scheduled
    slot_cards, spare = scheduled
    deck = _fill_decks(facts, slot_cards, set(spare), bans)
    if isinstance(deck, Infeasible):
        return deck
    for slot, token in spare.items():
        token_cards[token] = slot_cards[slot]
    return Assignment(facts, slot_cards, token_cards, orders, deck, needs)


def _jobs(
    facts: Facts, needs: list[Need], token_cards: dict[Token, Card | None], bans: _Bans
) -> dict[int, list[Job]]:
    """Each seat's jobs: its needs, and its plays no reveal shows."""
    jobs_of: dict[int, list[Job]] = {}
    for need in needs:
        job = Job(facts.deadline(need), need, None, _banned_until(need, bans))
        jobs_of.setdefault(need.seat, []).append(job)
    for token in facts.tokens:
        if token not in token_cards:  # unrevealed: it took a spare gangster card
            jobs_of.setdefault(token.seat, []).append(Job(token.seq, None, token))
    return jobs_of


def _banned_until(need: Need, bans: _Bans) -> int:
    """The last event before which a ban keeps the need's card out of its seat's hand."""
    return max(
        (
            seq - 1
            for seat, seq in bans.get(need.card, ())
            if seat == need.seat and need.release.seq < seq <= need.deadline
        ),
        default=-1,
    )


def _schedule_seats(
    facts: Facts, jobs_of: dict[int, list[Job]]
) -> tuple[dict[Slot, Card], dict[Slot, Token]] | Infeasible:
    """Step 2: the card of each slot a need takes, and the slot of each unrevealed play."""
    slots_of: dict[int, list[Slot]] = {}
    for slot in facts.slots:
        slots_of.setdefault(slot.seat, []).append(slot)
    slot_cards: dict[Slot, Card] = {}
    spare: dict[Slot, Token] = {}
    for seat, jobs in jobs_of.items():
        placed = schedule(slots_of.get(seat, []), jobs)
        if isinstance(placed, Job):
            return Infeasible(_unplaced(placed))
        _plays_late(slots_of.get(seat, []), placed)
        for slot, job in placed.items():
            if job.need is not None:
                slot_cards[slot] = job.need.card
            elif job.token is not None:
                spare[slot] = job.token
    return slot_cards, spare


def _fill_decks(
    facts: Facts, slot_cards: dict[Slot, Card], spare: set[Slot], bans: _Bans
) -> list[Card] | Infeasible:
    """Step 3: the free cards into the slots left, deck by deck; the cards left in the deck.

    ``slot_cards`` gains the card of every slot filled.
    """
    by_epoch: dict[int, list[Slot]] = {}
    for slot in facts.slots:
        if slot not in slot_cards:
            by_epoch.setdefault(slot.epoch, []).append(slot)
    free_by_epoch: dict[int, dict[Card, Release]] = {}
    for card, release in facts.free.items():
        free_by_epoch.setdefault(release.epoch, {})[card] = release
    deck: list[Card] = []
    for epoch in sorted(set(by_epoch) | set(free_by_epoch)):
        slots = by_epoch.get(epoch, [])
        cards = free_by_epoch.get(epoch, {})
        filled = fill(slots, spare, cards, closed=epoch < facts.closed, bans=bans)
        if filled is None:
            return Infeasible(_unfilled(epoch, slots, cards, facts.closed))
        slot_cards.update(filled)
        dealt = set(filled.values())
        deck.extend(card for card in cards if card not in dealt)
    return deck


def _unplaced(job: Job) -> str:
    if job.need is not None:
        return f"{job.need.card} could not have reached the hand it left in time"
    return "no gangster card seen nowhere else could lie face down there"


def _unfilled(epoch: int, slots: Sequence[Slot], cards: dict[Card, Release], closed: int) -> str:
    if epoch < closed and len(slots) != len(cards):
        return (
            f"the deck that ran out had {len(cards)} cards nobody saw again, but "
            f"{len(slots)} were drawn unseen from it"
        )
    return "the cards drawn unseen cannot all come from the deck"
