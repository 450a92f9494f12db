"""Exact distributions of where the special cards lie, for positions simple enough to count.

The reference for the sampler's uniformity (``test_samples.py``), computed another way: from
the real game rather than from the model's counts, by enumerating every placement of the free
special cards and counting the deals of the gangster cards and the face-down plays that go
with it. Uniform over consistent states means each state counts once, so a placement of the
special cards weighs as many states as complete it.

A position is *simple* when each deck holds cards of one release only (no Bribery put the
discard pile in mid-deck) and every unrevealed face-down play could hold any gangster card its
seat holds now (the seat drew from each of those decks before the play). Then the seat's
history can be told with any cards in the right numbers, and the count is a product:

- the gangster cards of each deck are dealt to the seats in the numbers the real game shows
  (a multinomial coefficient, the rest in the deck, none left in a deck that ran out);
- each seat's face-down plays take different gangster cards among those it holds (a falling
  factorial).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from fractions import Fraction

from chicago_poker.core.cards import Card, GangsterCard, SpecialCard
from chicago_poker.core.state import GameState
from chicago_poker.referee.ledger import Facts


class NotSimpleError(ValueError):
    """The position is not one this module counts exactly."""


def held_cards(facts: Facts, state: GameState, seat: int) -> list[Card]:
    """The free cards ``seat`` holds in the real game: its hand and its unseen face-down cards."""
    held = [card for card in state.players[seat].hand if card in facts.free]
    for business in state.businesses:
        held.extend(card for card in business.columns[seat].cards if card in facts.free)
    return held


def special_distribution(facts: Facts, state: GameState, seat: int) -> dict[int, Fraction]:
    """The exact chance of each number of special cards in ``seat``'s hand, uniform over states."""
    totals: dict[int, Fraction] = {}
    for assignment, weight in _weighted_placements(facts, state):
        count = sum(1 for where in assignment.values() if where == ("hand", seat))
        totals[count] = totals.get(count, Fraction(0)) + weight
    total = sum(totals.values())
    return {count: weight / total for count, weight in sorted(totals.items())}


def card_in_hand(facts: Facts, state: GameState, card: Card, seat: int) -> Fraction:
    """The exact chance that the free special ``card`` is in ``seat``'s hand."""
    hit = total = Fraction(0)
    for assignment, weight in _weighted_placements(facts, state):
        total += weight
        if assignment.get(card) == ("hand", seat):
            hit += weight
    return hit / total


def _weighted_placements(
    facts: Facts, state: GameState
) -> Iterator[tuple[dict[Card, tuple[str, int | None]], Fraction]]:
    if facts.shuffles:
        raise NotSimpleError("a Limousine mixed face-down cards")
    if state.shootout is not None and state.shootout.choices:
        raise NotSimpleError("a reinforcement is chosen unseen")
    epoch_of = {card: release.epoch for card, release in facts.free.items()}
    releases: dict[int, set[int]] = {}
    for release in facts.free.values():
        releases.setdefault(release.epoch, set()).add(release.seq)
    if any(len(seqs) > 1 for seqs in releases.values()):
        raise NotSimpleError("a deck holds cards of two releases")
    seats = [seat for seat in range(len(state.players)) if seat != facts.viewer]
    counts = {seat: _per_epoch(held_cards(facts, state, seat), epoch_of) for seat in seats}
    plays = _plays(facts, state, seats)
    for seat in seats:
        if plays[seat] and any(
            not _drew_before_every_play(facts, seat, epoch) for epoch in counts[seat]
        ):
            raise NotSimpleError(f"a face-down play of seat {seat} cannot hold every card")
    current = facts.closed
    specials: list[Card] = sorted(
        (card for card in facts.free if isinstance(card, SpecialCard)), key=lambda c: c.order
    )
    gangsters = {
        epoch: sum(
            1 for card, e in epoch_of.items() if e == epoch and isinstance(card, GangsterCard)
        )
        for epoch in releases
    }
    places: dict[Card, list[tuple[str, int | None]]] = {
        card: [("hand", seat) for seat in seats if counts[seat].get(epoch_of[card], 0)]
        + ([("deck", None)] if epoch_of[card] >= current else [])
        for card in specials
    }
    for chosen in itertools.product(*(places[card] for card in specials)):
        assignment: dict[Card, tuple[str, int | None]] = dict(zip(specials, chosen, strict=True))
        weight = _weight(assignment, epoch_of, counts, gangsters, plays, current)
        if weight:
            yield assignment, weight


def _per_epoch(cards: list[Card], epoch_of: dict[Card, int]) -> dict[int, int]:
    found: dict[int, int] = {}
    for card in cards:
        found[epoch_of[card]] = found.get(epoch_of[card], 0) + 1
    return found


def _plays(facts: Facts, state: GameState, seats: list[int]) -> dict[int, int]:
    """How many of its face-down cards each seat has that the viewer cannot know."""
    revealed = {need.token for need in facts.needs if need.token is not None}
    plays = {seat: 0 for seat in seats}
    for token in facts.tokens:
        if token not in revealed and not facts.declined(token) and not token.choice:
            plays[token.seat] += 1
    return plays


def _drew_before_every_play(facts: Facts, seat: int, epoch: int) -> bool:
    revealed = {need.token for need in facts.needs if need.token is not None}
    for token in facts.tokens:
        if token.seat != seat or token in revealed or facts.declined(token):
            continue
        if not any(
            slot.seat == seat and slot.epoch == epoch and slot.seq < token.seq
            for slot in facts.slots
        ):
            return False
    return True


def _weight(
    assignment: dict[Card, tuple[str, int | None]],
    epoch_of: dict[Card, int],
    counts: dict[int, dict[int, int]],
    gangsters: dict[int, int],
    plays: dict[int, int],
    current: int,
) -> Fraction:
    weight = Fraction(1)
    held_gangsters = dict.fromkeys(counts, 0)
    for epoch, available in gangsters.items():
        dealt = []
        for seat, per_epoch in counts.items():
            specials = sum(
                1
                for card, where in assignment.items()
                if where == ("hand", seat) and epoch_of[card] == epoch
            )
            need = per_epoch.get(epoch, 0) - specials
            if need < 0:
                return Fraction(0)
            dealt.append(need)
            held_gangsters[seat] += need
        rest = available - sum(dealt)
        if rest < 0 or (epoch < current and rest):
            return Fraction(0)
        weight *= math.factorial(available)
        for part in [*dealt, rest]:
            weight /= math.factorial(part)
    for seat, count in plays.items():
        weight *= math.perm(held_gangsters[seat], count)
    return weight
