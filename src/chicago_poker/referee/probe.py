"""Ask the engine which special cards a hand may hold at an entry: :func:`probe`.

A few rules look at what kinds of cards a hand holds rather than at which cards: the hand limit
counts gangster cards (R-3.9), a Police Raid played is the lowest copy held (R-5.3), a turn ends
when no action is left (R-3.5), a tied player without a gangster card declines (R-6.7.6). Free
gangster cards are all alike to them; only the special cards a hand holds can change what the
engine does. When a witness fails at an entry because of them, :func:`probe` replays that entry
with every set of special cards the seat could hold there, and returns the sets the engine
accepts as a :class:`~chicago_poker.referee.ledger.Makeup`. The rules stay in the engine: this
module only asks it.

The module is pure.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

import attrs

from chicago_poker.core.cards import Card, GangsterCard, SpecialCard
from chicago_poker.core.commands import Command
from chicago_poker.core.state import GameState
from chicago_poker.referee.assignment import Assignment
from chicago_poker.referee.ledger import Facts, Ledger, Makeup, SeenEntry
from chicago_poker.referee.replay import Failure, complete, judge

__all__ = ["named_seats", "probe"]


def probe(
    entries: Sequence[SeenEntry],
    index: int,
    state: GameState,
    ledger: Ledger,
    assignment: Assignment,
    viewer: int | None,
) -> Makeup | None:
    """What entry ``index`` needs of a seat's special cards, where the witness ``state`` failed.

    None if no set of special cards, for any seat named in the entry, lets the engine give
    what the entry shows: the failure does not come from a hand's make-up.
    """
    entry = entries[index]
    command = complete(index, entry.command, ledger, assignment, state)
    facts = assignment.facts
    seq = ledger.starts[index]
    for seat in _seats(entry, state, viewer):
        held = _specials(state.players[seat].hand)
        candidates = possible_specials(facts, seat, seq) | held
        if not candidates:
            continue
        allowed = frozenset(
            chosen
            for chosen in _subsets(candidates)
            if _accepted(entry, index, command, state, seat, chosen, viewer, ledger)
        )
        if allowed and held not in allowed:
            return Makeup(seat, index, seq, frozenset(candidates), allowed)
    return None


def named_seats(entry: SeenEntry, state: GameState) -> set[int]:
    """The seats whose hands an entry may look at: those it names, the player whose turn it is.

    ``state`` is the state before the entry.
    """
    named = {state.turn.player}
    for item in (entry.command, *entry.events):
        player = getattr(item, "player", None)
        if isinstance(player, int):
            named.add(player)
    return named


def _seats(entry: SeenEntry, state: GameState, viewer: int | None) -> list[int]:
    """The seats other than the viewer's whose hands the entry may look at."""
    found = named_seats(entry, state)
    return sorted(seat for seat in found if seat != viewer and 0 <= seat < len(state.players))


def possible_specials(facts: Facts, seat: int, seq: int) -> frozenset[Card]:
    """The special cards that could be in ``seat``'s hand at event ``seq``."""
    found = {
        card
        for card, release in facts.free.items()
        if isinstance(card, SpecialCard) and release.seq < seq
    }
    found.update(
        need.card
        for need in facts.needs
        if isinstance(need.card, SpecialCard)
        and need.seat == seat
        and need.release.seq < seq <= need.deadline
    )
    return frozenset(found)


def _specials(hand: Iterable[Card]) -> frozenset[Card]:
    return frozenset(card for card in hand if isinstance(card, SpecialCard))


def _subsets(cards: frozenset[Card]) -> Iterable[frozenset[Card]]:
    ordered = sorted(cards, key=lambda card: card.order)
    for size in range(len(ordered) + 1):
        for chosen in itertools.combinations(ordered, size):
            yield frozenset(chosen)


def _accepted(
    entry: SeenEntry,
    index: int,
    command: Command,
    state: GameState,
    seat: int,
    chosen: frozenset[Card],
    viewer: int | None,
    ledger: Ledger,
) -> bool:
    """Whether the engine gives the entry when ``seat`` holds the special cards ``chosen``."""
    hand = _hand_with(state, seat, chosen, command)
    if hand is None:
        return False
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], hand=hand)
    probed = attrs.evolve(state, players=tuple(players))
    outcome = judge(index, entry, command, probed, viewer, ledger.automatic_decline)
    return not isinstance(outcome, Failure)


def _hand_with(
    state: GameState, seat: int, chosen: frozenset[Card], command: Command
) -> frozenset[Card] | None:
    """``seat``'s hand with ``chosen`` for its special cards, as many cards as before."""
    hand = state.players[seat].hand
    kept = [card for card in hand if isinstance(card, GangsterCard)]
    keep = set(getattr(command, "cards", ())) | {getattr(command, "card", None)}
    room = len(hand) - len(chosen)
    if room < 0:
        return None
    spare = [card for card in kept if card not in keep]
    sure = [card for card in kept if card in keep]
    if room < len(sure):
        return None
    gangsters = sure + spare[: room - len(sure)]
    if len(gangsters) < room:
        gangsters.extend(_stand_ins(state, set(hand) | chosen, room - len(gangsters)))
        if len(gangsters) < room:
            return None
    return frozenset(gangsters) | chosen


def _stand_ins(state: GameState, taken: set[Card], count: int) -> list[GangsterCard]:
    """Up to ``count`` gangster cards of the piles not ``taken``, lowest first."""
    extra = (
        card
        for card in sorted(state.draw_pile | state.discard_pile, key=lambda c: c.order)
        if isinstance(card, GangsterCard) and card not in taken
    )
    return list(itertools.islice(extra, count))
