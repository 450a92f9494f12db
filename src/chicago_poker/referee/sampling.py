"""Complete states drawn uniformly from a seat's information set: the :class:`Sampler`.

A state consistent with what a seat saw differs from the real one only in where the *free*
cards lie: the cards released into a deck and never seen since (see
:mod:`~chicago_poker.referee.ledger`). Each lies in the draw deck, in a hand, or face down in a
column (or is a reinforcement chosen unseen). The history fixes how many free cards of each
deck every seat holds: one for each of its slots in that deck that no need took. So the
consistent states are found by dealing each deck's free cards to the seats in those numbers
(the rest stay in the deck, if it has not run out) and giving each unrevealed face-down play one
of its seat's cards; such a deal is consistent when each seat's history can still be told with
it (:func:`~chicago_poker.referee.assignment.schedule`: every card of the seat reaches it through
a slot in time, a face-down play's before the play) and the engine accepts the special cards it
puts in hands (the make-up rules, checked by :func:`~chicago_poker.referee.probe.probe` once for
each set of special cards a seat holds).

:meth:`Sampler.sample` draws such deals uniformly at random and keeps the first consistent one:
every consistent state is equally likely (rejection sampling from a uniform proposal). The
proposal deals each deck's free cards uniformly, then gives each play, earliest first, a
uniformly chosen card among those its seat holds from decks it drew from before the play:
every proposal is equally likely, so the states kept are uniform among the consistent ones.

The module is pure: chance comes from the caller's :class:`Chooser`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final

import attrs
from attrs import frozen

from chicago_poker.core.cards import GANGSTER_CARDS, Card, GangsterCard, SpecialCard
from chicago_poker.core.errors import InvalidArgumentError
from chicago_poker.core.state import Business, Column, GameState, PlayerState, Shootout
from chicago_poker.referee.assignment import Assignment, Job, atom_of, equivalent_orders, schedule
from chicago_poker.referee.deals import Chooser, Configuration, Deals, SeatHistory
from chicago_poker.referee.ledger import (
    NEVER,
    Ledger,
    Makeup,
    Place,
    Release,
    SeenEntry,
    Slot,
    Token,
)
from chicago_poker.referee.matching import augmenting_path
from chicago_poker.referee.probe import named_seats
from chicago_poker.referee.replay import Failure, Played, complete, judge, replay

__all__ = ["MAX_TRIES", "TILTED_TRIES", "Chooser", "Sampler", "Tilt"]

MAX_TRIES: Final = 100_000
"""The most deals drawn for one sample before the sampler gives up (it never has, measured)."""
TILTED_TRIES: Final = 1_000
"""The most tilted deals drawn for one sample: a tilt that makes consistent deals rare (one that
puts every special card in a hand whose history refuses them) gives way to uniform deals."""
_UNIT: Final = 1 << 53
"""Random draws of a real number in [0, 1) are ``randrange(_UNIT) / _UNIT``."""
_Numbers = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]
"""How many free gangster cards of each release a hand holds, as (release seq, number) pairs,
and the release seq of each unrevealed play's card, in play order."""


@frozen
class Tilt:
    """Weights that lean the draws towards some places of the free cards: a belief.

    Uniform draws hold every consistent state equally likely, as if the other seats had
    played at random. A tilted draw deals the free cards that go to hands by their ``hand``
    weights, each in proportion to its weight as the hands are filled one card at a time (the
    rest stay in the draw deck), and chooses each unrevealed play's card among its seat's by
    their ``played`` weights. A card missing from a mapping weighs 1. The engine's checks are
    the same: a tilted draw is still consistent with the history, only no longer uniform.
    After :data:`TILTED_TRIES` deals refused, the sampler deals uniformly for that draw. What
    the weights should be is a model of how the other seats play, which this module leaves to
    its callers (:mod:`chicago_poker.players.belief`).
    """

    hand: Mapping[Card, float]
    """How likely each card is to be in a hand rather than in the draw deck."""

    played: Mapping[Card, float]
    """How likely each card is to be a seat's unrevealed play among the cards it held."""


class Sampler:
    """Draws complete states uniformly among those consistent with a seat's history."""

    def __init__(
        self,
        ledger: Ledger,
        entries: Sequence[SeenEntry],
        assignment: Assignment,
        played: Played,
        makeups: Sequence[Makeup],
        ends_holding: Callable[[int, frozenset[Card]], bool] | None = None,
    ) -> None:
        """Prepare to draw from the history of ``played``, the witness ``assignment`` gave.

        ``ends_holding(seat, specials)`` says whether some legal game with the history ends
        with the seat holding those free special cards, and no other: the sampler asks it
        where its own quick check refuses, so that its refusals are exact. Without it, a
        refusal of the quick check stands.
        """
        self.ledger = ledger
        self.entries = entries
        self.assignment = assignment
        self.played = played
        self.makeups = makeups
        self.ends_holding = ends_holding
        facts = assignment.facts
        self.facts = facts
        assert played.final is not None
        self.base = played.final
        self._states: list[GameState] | None = None
        self.release_of = dict(facts.free)
        self.cards: dict[Release, list[Card]] = {}
        for card, release in sorted(facts.free.items(), key=lambda pair: pair[0].order):
            self.cards.setdefault(release, []).append(card)
        revealed = {need.token for need in assignment.needs if need.token is not None}
        self.plays = [
            token for token in facts.tokens if token not in revealed and not facts.declined(token)
        ]
        self.seats = _seat_histories(assignment, self.plays)
        self.history_of = {history.seat: history for history in self.seats}
        self.deals = Deals(facts, self.seats, {r: len(cards) for r, cards in self.cards.items()})
        self.where = self._token_places()
        self.mixed = self._mixed_places()
        self.arranged, self.arrangements = self._arrangements()
        self.valid: dict[tuple[int, frozenset[Card]], bool] = {}
        self.arrived: dict[tuple[int, frozenset[Card]], list[Slot]] = {}
        self.counted: dict[tuple[int, frozenset[Card], _Numbers], bool] = {}
        self.plain = frozenset(card for card in self.release_of if isinstance(card, GangsterCard))
        self.several = len(self.cards) > 1
        """Whether free cards come from two releases or more: then how many of each a hand
        holds, and which its plays took, are asked with its special cards."""
        self.tries = 0

    def _token_places(self) -> dict[Token, tuple[int, int, int]]:
        """Where each unrevealed play lies now: (business index, seat, position)."""
        where: dict[Token, tuple[int, int, int]] = {}
        orders = self.assignment.orders
        for index, business in enumerate(self.base.businesses):
            columns = self.ledger.columns.get(business.tile, [])
            for seat, places in enumerate(columns):
                for position, place in enumerate(places):
                    origin = atom_of(place, orders)
                    if isinstance(origin, Token):
                        where[origin] = (index, seat, position)
        return where

    def _mixed_places(self) -> list[list[tuple[int, int, int]]]:
        """The face-down places each Limousine filled whose order the seat cannot tell.

        For each :class:`~.ledger.Shuffle`, the places at its destination still on the table
        that the seat has not seen since (business index, seat, position): any order of their
        cards among them fits the history as well as the witness's.
        """
        found: dict[int, list[tuple[int, int, int]]] = {}
        for index, business in enumerate(self.base.businesses):
            columns = self.ledger.columns.get(business.tile, [])
            for seat, places in enumerate(columns):
                for position, place in enumerate(places):
                    shuffle = place.shuffle
                    if (
                        place.origin is None
                        and shuffle is not None
                        and place.shown is None
                        and shuffle.placed.index(place) < shuffle.kept
                    ):
                        found.setdefault(id(shuffle), []).append((index, seat, position))
        return [group for group in found.values() if len(group) > 1]

    def _arrangements(
        self,
    ) -> tuple[list[tuple[int, int, int]], list[tuple[Card | Token | None, ...]]]:
        """The places Limousines filled, and every arrangement of what lies there.

        The places (business index, seat, position) still on the table that a
        :class:`~.ledger.Shuffle` filled; for each combination of the Shuffles' orders that
        settles the needs and tokens as the witness's do, what lies at each of them (a card
        or a token), each distinct arrangement once. Which moved card lies where, among
        the places a move filled, the places it left behind and the places a later move took
        them on to, is then drawn among these, every arrangement equally likely.
        """
        places: list[tuple[int, int, int]] = []
        filled: list[Place] = []
        for index, business in enumerate(self.base.businesses):
            columns = self.ledger.columns.get(business.tile, [])
            for seat, column in enumerate(columns):
                for position, place in enumerate(column):
                    if place.origin is None and place.shuffle is not None:
                        places.append((index, seat, position))
                        filled.append(place)
        if not filled:
            return [], []
        found = {
            tuple(atom_of(place, orders) for place in filled): None
            for orders in equivalent_orders(self.facts, self.assignment.orders)
        }
        return places, list(found)

    # --- drawing

    def sample(self, chooser: Chooser, tilt: Tilt | None = None) -> GameState:
        """A complete state consistent with the history: uniformly drawn, or by ``tilt``."""
        for tries in range(MAX_TRIES):
            self.tries += 1
            deal = self._propose(chooser, tilt if tries < TILTED_TRIES else None)
            if deal is not None and self._consistent(*deal):
                return self._state(*deal, chooser)
        raise InvalidArgumentError(  # pragma: no cover - never seen: see MAX_TRIES
            f"no consistent deal found in {MAX_TRIES:,} tries"
        )

    def _propose(
        self, chooser: Chooser, tilt: Tilt | None
    ) -> tuple[dict[int, list[Card]], dict[Token, Card], list[Card]] | None:
        """Draw the numbers per release, deal each release's cards, give the plays theirs.

        One function, not three: it runs for every proposal, accepted or not.
        """
        drawn = self.deals.draw(chooser)
        if tilt is not None:
            return self._propose_tilted(drawn, tilt, chooser)
        held: dict[int, dict[Release, list[Card]]] = {seat.seat: {} for seat in self.seats}
        deck: list[Card] = []
        shuffled = {release: list(cards) for release, cards in self.cards.items()}
        for cards in shuffled.values():
            _shuffle(cards, chooser)
        dealt = dict.fromkeys(shuffled, 0)
        for seat, (configuration, _) in zip(self.seats, drawn, strict=True):
            for release, count in configuration.counts.items():
                start = dealt[release]
                held[seat.seat][release] = shuffled[release][start : start + count]
                dealt[release] = start + count
        for release, cards in shuffled.items():
            deck.extend(cards[dealt[release] :])
        played: dict[Token, Card] = {}
        for seat, (_, releases) in zip(self.seats, drawn, strict=True):
            taken: dict[Release, int] = {}
            for play, release in zip(seat.plays, releases, strict=True):
                cards = held[seat.seat][release]
                used = taken.get(release, 0)
                pick = used + chooser.randrange(len(cards) - used)
                cards[used], cards[pick] = cards[pick], cards[used]
                taken[release] = used + 1
                if not isinstance(cards[used], GangsterCard):
                    return None
                played[play] = cards[used]
        flat = {
            seat: [card for cards in by_release.values() for card in cards]
            for seat, by_release in held.items()
        }
        return flat, played, deck

    def _propose_tilted(
        self, drawn: list[tuple[Configuration, tuple[Release, ...]]], tilt: Tilt, chooser: Chooser
    ) -> tuple[dict[int, list[Card]], dict[Token, Card], list[Card]] | None:
        """As :meth:`_propose`, the cards chosen by ``tilt``: the plays' first, then the hands'.

        Of each release's cards, as many as the plays drawn from it are chosen by their
        ``played`` weights and shared among those plays at random; then as many as the hands
        hold besides by their ``hand`` weights, shared among the hands at random. The rest
        stay in the draw deck.
        """
        plays: dict[Release, int] = {}
        in_hands: dict[Release, int] = {}
        for configuration, releases in drawn:
            for release in releases:
                plays[release] = plays.get(release, 0) + 1
            for release, count in configuration.counts.items():
                in_hands[release] = in_hands.get(release, 0) + count
        chosen: dict[Release, list[Card]] = {}
        next_play: dict[Release, int] = {}
        next_hand: dict[Release, int] = {}
        for release, cards in self.cards.items():
            cards = list(cards)
            first = plays.get(release, 0)
            _lean(cards, first, tilt.played, chooser)
            rest = cards[first:]
            _lean(rest, in_hands.get(release, 0) - first, tilt.hand, chooser)
            chosen[release] = cards[:first] + rest
            next_play[release], next_hand[release] = 0, first
        held: dict[int, list[Card]] = {}
        played: dict[Token, Card] = {}
        for seat, (configuration, releases) in zip(self.seats, drawn, strict=True):
            hand = held[seat.seat] = []
            for play, release in zip(seat.plays, releases, strict=True):
                card = chosen[release][next_play[release]]
                next_play[release] += 1
                if not isinstance(card, GangsterCard):
                    return None
                played[play] = card
                hand.append(card)
            for release, count in configuration.counts.items():
                start = next_hand[release]
                count -= releases.count(release)
                hand.extend(chosen[release][start : start + count])
                next_hand[release] = start + count
        deck = [
            card for release, cards in chosen.items() for card in cards[in_hands.get(release, 0) :]
        ]
        return held, played, deck

    def _consistent(
        self, held: dict[int, list[Card]], played: dict[Token, Card], deck: list[Card]
    ) -> bool:
        """Whether the engine accepts the special cards the deal puts in each hand.

        Where free cards come from two releases or more, with how many gangster cards of each
        the hand holds and the releases of the seat's plays (:meth:`may_hold`).
        """
        spent = set(played.values())
        release_of = self.release_of
        for seat, cards in held.items():
            kept = [card for card in cards if card not in spent]
            specials = self.free_specials(kept)
            numbers: _Numbers | None = None
            if self.several:
                plays = self._history(seat).plays
                numbers = _counts(kept, release_of), tuple(release_of[played[t]].seq for t in plays)
            if (specials or numbers) and not self.may_hold(seat, specials, numbers):
                return False
        return True

    # --- the engine's say on special cards in hands

    def free_specials(self, cards: Iterable[Card]) -> frozenset[Card]:
        """The free special cards among ``cards``: those :meth:`may_hold` is asked about."""
        return frozenset(
            card for card in cards if isinstance(card, SpecialCard) and card in self.release_of
        )

    def may_hold(
        self,
        seat: int,
        specials: frozenset[Card],
        numbers: _Numbers | None = None,
    ) -> bool:
        """Whether ``seat`` may hold the free special cards ``specials`` now, and no others.

        A deal is consistent only if this holds for every seat and the free special cards the
        deal puts in its hand (cached by seat and cards). With ``numbers`` (how many free
        gangster cards of each release the hand holds, as (release seq, number) pairs, and
        the release seq of each of its unrevealed plays' cards), the seat's cards come from
        those releases too (:meth:`_holds_counts`).
        """
        key = (seat, specials)
        found = self.valid.get(key)
        if found is None:
            found = self._check_makeup(seat, specials)
            if not found and self.ends_holding is not None:
                found = self.ends_holding(seat, specials)
            self.valid[key] = found
        if not found or numbers is None:
            return found
        counted = self.counted.get((seat, specials, numbers))
        if counted is None:
            counted = self._holds_counts(seat, specials, numbers)
            self.counted[seat, specials, numbers] = counted
        return counted

    def _holds_counts(self, seat: int, specials: frozenset[Card], numbers: _Numbers) -> bool:
        """Whether some legal game ends with ``seat`` holding ``specials`` and ``numbers``.

        The quick check's history answers when the seat's slots can bring those numbers
        around its special cards (:meth:`_counts_fit`); else the search, asked for a hand of
        ``specials`` and the first free gangster cards of each release in those numbers (the
        free cards of one release are alike to every rule; the plays' releases are not asked).
        """
        if self._counts_fit(seat, specials, numbers) or self._rearrived(seat, specials, numbers):
            return True
        if self.ends_holding is None:
            return True  # no search to ask: the numbers are taken on trust
        wanted = dict(numbers[0])
        pinned = set(specials)
        for release, cards in self.cards.items():
            gangsters = [card for card in cards if isinstance(card, GangsterCard)]
            pinned.update(gangsters[: wanted.get(release.seq, 0)])
        key = (seat, frozenset(pinned))
        if key not in self.valid:  # the same hand with other plays' releases: asked once
            self.valid[key] = self.ends_holding(seat, key[1])
        return self.valid[key]

    def _check_makeup(self, seat: int, specials: frozenset[Card]) -> bool:
        """Replay the entries that look at ``seat``'s hand with ``specials`` in it.

        The witness's history for the seat is changed as little as it can be: each special
        card it did not hold arrives at one of the latest slots that could bring it, in place
        of a card the witness brought there and kept (a special card it should not hold, or a
        gangster card), and each other free special card it held but should not is replaced
        by a gangster card from its arrival on.
        """
        held = self.free_specials(self.base.players[seat].hand)
        if held == specials:
            self.arrived[seat, specials] = []
            return True
        kept = self._kept(seat)
        arrivals = self._arrivals(kept, specials - held, held - specials)
        if arrivals is None:
            return False
        removed = [(kept[card].seq, card) for card in held - specials]
        first = min([slot.seq for slot, _, _ in arrivals] + [seq for seq, _ in removed])
        if not self._changed_history_holds(seat, first, arrivals, removed):
            return False
        self.arrived[seat, specials] = [slot for slot, _, _ in arrivals]
        return True

    def _counts_fit(self, seat: int, specials: frozenset[Card], numbers: _Numbers) -> bool:
        """Whether the quick check's history can be told with these numbers per release.

        The special cards keep the slots they have there (those of the free ones, and those
        of the special cards the seat was seen to let go), so the engine sees the same hand at
        every entry: it does not tell one gangster card from another. The seat's other slots
        must bring its other needs' cards, its plays' and its gangster cards in the numbers
        given, each in time (:meth:`_room`). A sufficient condition.
        """
        arrived = self.arrived.get((seat, specials))
        return arrived is not None and self._room(seat, specials, numbers, arrived, [])

    def _rearrived(self, seat: int, specials: frozenset[Card], numbers: _Numbers) -> bool:
        """The quick check again, its special cards put where the numbers leave room.

        Each special card it adds goes to the latest slot that leaves the seat's other cards
        room in these numbers (:meth:`_room`). A sufficient condition.
        """
        held = self.free_specials(self.base.players[seat].hand)
        kept = self._kept(seat)
        added = sorted(specials - held, key=lambda card: card.order)
        spare = sorted(
            (slot for card, slot in kept.items() if card in held - specials or card in self.plain),
            key=lambda slot: slot.seq,
            reverse=True,
        )
        chosen: list[Slot] = []
        for index, card in enumerate(added):
            release, rest = self.release_of[card], added[index + 1 :]
            slot = next(
                (
                    slot
                    for slot in spare
                    if slot not in chosen
                    and slot.takes(release)
                    and self._room(seat, specials, numbers, [*chosen, slot], rest)
                ),
                None,
            )
            if slot is None:
                return False
            chosen.append(slot)
        removed = [(kept[card].seq, card) for card in held - specials]
        seqs = [slot.seq for slot in chosen] + [seq for seq, _ in removed]
        cards = self.assignment.slot_cards
        arrivals = [(slot, card, cards[slot]) for slot, card in zip(chosen, added, strict=True)]
        return bool(seqs) and self._changed_history_holds(seat, min(seqs), arrivals, removed)

    def _room(
        self,
        seat: int,
        specials: frozenset[Card],
        numbers: _Numbers,
        arrived: list[Slot],
        pending: list[Card],
    ) -> bool:
        """Whether the seat's slots can bring its cards with its special cards ``arrived``.

        The slots ``arrived``, those of the special cards the witness holds and keeps, and
        those of the special cards the seat was seen to let go are kept as they are; the
        others must bring the ``pending`` special cards, the other needs' cards, the plays'
        cards and the gangster cards in ``numbers``, each in time
        (:func:`~.assignment.schedule`).
        """
        history = self._history(seat)
        kept = self._kept(seat)
        reserved = {*arrived, *(kept[card] for card in specials if card in kept)}
        slot_cards = self.assignment.slot_cards
        by_seq = {release.seq: release for release in self.cards}
        jobs: list[Job] = []
        for need in history.needs:
            if not isinstance(need.card, SpecialCard):
                jobs.append(Job(self.facts.deadline(need), need, None))
                continue
            reserved.update(
                slot
                for slot in history.slots
                if slot_cards.get(slot) is need.card and need.release.seq < slot.seq < need.deadline
            )
        for token, seq in zip(history.plays, numbers[1], strict=True):
            jobs.append(Job(token.seq, None, None, release=by_seq[seq]))
        for seq, number in numbers[0]:
            jobs.extend(Job(NEVER, None, None, release=by_seq[seq]) for _ in range(number))
        jobs.extend(Job(NEVER, None, None, release=self.release_of[card]) for card in pending)
        slots = [slot for slot in history.slots if slot not in reserved]
        return not isinstance(schedule(slots, jobs), Job)

    def _changed_history_holds(
        self,
        seat: int,
        first: int,
        arrivals: list[tuple[Slot, Card, Card]],
        removed: list[tuple[int, Card]],
    ) -> bool:
        """Whether the engine takes each entry after ``first`` that looks at the changed hand."""
        states = self._every_state()
        starts = self.ledger.starts
        for index, entry in enumerate(self.entries):
            if starts[index] <= first or index == 0:
                continue
            state = states[index - 1]
            if seat not in named_seats(entry, state):
                continue
            hand = _changed(state.players[seat].hand, arrivals, removed, starts[index])
            if not self._accepts(index, entry, state, seat, hand):
                return False
        return True

    def _accepts(
        self, index: int, entry: SeenEntry, state: GameState, seat: int, hand: frozenset[Card]
    ) -> bool:
        """Whether the engine takes entry ``index`` from ``state`` where ``seat`` holds ``hand``."""
        players = list(state.players)
        players[seat] = attrs.evolve(players[seat], hand=hand)
        probed = attrs.evolve(state, players=tuple(players))
        command = complete(index, entry.command, self.ledger, self.assignment, probed)
        ledger = self.ledger
        judged = judge(index, entry, command, probed, ledger.viewer, ledger.automatic_decline)
        return not isinstance(judged, Failure)

    def _arrivals(
        self, kept: dict[Card, Slot], added: frozenset[Card], removed: frozenset[Card]
    ) -> list[tuple[Slot, Card, Card]] | None:
        """A slot of the seat for each added special card, or None if they are too few.

        (slot, the special card, the card the witness brought there.) Each slot brought the
        witness a card it still holds (``kept``: :meth:`_kept`), so that the special card can
        stay in the hand from that slot on: a ``removed`` special card first (one card for
        another), else a gangster card.
        The slots are matched to the cards (:func:`.matching.augmenting_path`), each card trying
        them in that order, the latest first.
        """
        slots = sorted(
            (
                slot
                for card, slot in kept.items()
                if card in removed or isinstance(card, GangsterCard)
            ),
            key=lambda slot: (self.assignment.slot_cards[slot] in removed, slot.seq),
            reverse=True,
        )
        options = {
            card: [slot for slot in slots if slot.takes(self.release_of[card])] for card in added
        }
        taken: dict[Slot, Card] = {}
        for card in sorted(added, key=lambda card: (len(options[card]), card.order)):
            path = augmenting_path(card, options[card], options.__getitem__, taken.get)
            if path is None:
                return None
            for mover, slot in path:
                taken[slot] = mover
        slot_cards = self.assignment.slot_cards
        return [(slot, card, slot_cards[slot]) for slot, card in taken.items()]

    def _kept(self, seat: int) -> dict[Card, Slot]:
        """The slot that brought each free card the witness's ``seat`` holds at the end.

        A card can reach a hand more than once (drawn again after a reshuffle, taken back
        with a Bribery): a free card's last arrival is the one that brought the card held now.
        (A card the viewer saw arrive is not free, and has no slot of its own.)
        """
        hand = self.base.players[seat].hand
        slot_cards = self.assignment.slot_cards
        kept: dict[Card, Slot] = {}
        for slot in reversed(self._history(seat).slots):
            card = slot_cards.get(slot)
            if card is not None and card in hand and card in self.release_of and card not in kept:
                kept[card] = slot
        return kept

    def _every_state(self) -> list[GameState]:
        """The witness's state after each entry, replayed once when first needed."""
        if self._states is None:
            played = replay(
                self.entries, self.ledger.viewer, self.ledger, self.assignment, every_state=True
            )
            assert isinstance(played, Played)
            self._states = played.states
        return self._states

    def _history(self, seat: int) -> SeatHistory:
        return self.history_of[seat]

    # --- building the state

    def _state(
        self,
        held: dict[int, list[Card]],
        played: dict[Token, Card],
        deck: list[Card],
        chooser: Chooser,
    ) -> GameState:
        base = self.base
        changes: dict[str, object] = {
            "players": tuple(self._players(held, played)),
            "businesses": tuple(self._businesses(played, chooser)),
            "draw_pile": frozenset(deck),
        }
        if base.shootout is not None and base.shootout.choices:
            changes["shootout"] = _choices(base.shootout, self.plays, played)
        return attrs.evolve(base, **changes)  # type: ignore[arg-type]  # fields by name

    def _players(self, held: dict[int, list[Card]], played: dict[Token, Card]) -> list[PlayerState]:
        """The players of the witness, with the hands dealt, and what they saw renamed.

        A card a seat saw in a play, when the sample gives that play another card, is seen as
        that card.
        """
        players = list(self.base.players)
        spent = set(played.values())
        renamed: dict[Card, Card] = {}
        for token, card in played.items():
            old = self.assignment.token_cards.get(token)
            if old is not None:
                renamed[old] = card
        for seat, cards in held.items():
            hand = frozenset(card for card in cards if card not in spent)
            players[seat] = _player(players[seat], hand)
        if renamed:
            players = [_renamed_seen(player, renamed) for player in players]
        return players

    def _businesses(self, played: dict[Token, Card], chooser: Chooser) -> list[Business]:
        """The businesses of the witness, each unrevealed play's card put in its place.

        Then the places Limousines filled take one of their arrangements
        (:meth:`_arrangements`), every arrangement equally likely.
        """
        businesses = list(self.base.businesses)
        columns: dict[int, list[list[Card]]] = {}

        def table_of(index: int) -> list[list[Card]]:
            if index not in columns:
                columns[index] = [list(column.cards) for column in businesses[index].columns]
            return columns[index]

        for token, card in played.items():
            place = self.where.get(token)
            if place is None:
                continue
            index, seat, position = place
            table_of(index)[seat][position] = card
        if self.arrangements:
            atoms = self.arrangements[chooser.randrange(len(self.arrangements))]
            token_cards = self.assignment.token_cards
            for (index, seat, position), atom in zip(self.arranged, atoms, strict=True):
                lying = atom
                if isinstance(atom, Token):
                    lying = played.get(atom) or token_cards.get(atom)
                if isinstance(lying, GangsterCard | SpecialCard):
                    table_of(index)[seat][position] = lying
        for index, table in columns.items():
            businesses[index] = _with_columns(businesses[index], table)
        return businesses


def _counts(cards: Iterable[Card], release_of: dict[Card, Release]) -> tuple[tuple[int, int], ...]:
    """How many free gangster cards of each release ``cards`` hold: (release seq, number)."""
    counts: dict[int, int] = {}
    for card in cards:
        release = release_of.get(card)
        if release is not None and isinstance(card, GangsterCard):
            counts[release.seq] = counts.get(release.seq, 0) + 1
    return tuple(sorted(counts.items()))


def _with_columns(business: Business, table: list[list[Card]]) -> Business:
    """``business`` with the cards of ``table`` in its columns, their markers kept."""
    return Business(
        business.tile,
        tuple(
            Column(tuple(column), old.marker)  # type: ignore[arg-type]  # gangsters only
            for column, old in zip(table, business.columns, strict=True)
        ),
    )


def _seat_histories(assignment: Assignment, plays: list[Token]) -> list[SeatHistory]:
    """Each seat's slots, needs and unrevealed ``plays``, and its free cards of each deck."""
    seats: dict[int, SeatHistory] = {}
    for slot in assignment.facts.slots:
        seats.setdefault(slot.seat, SeatHistory(slot.seat)).slots.append(slot)
    for need in assignment.needs:
        seats.setdefault(need.seat, SeatHistory(need.seat)).needs.append(need)
    for token in sorted(plays, key=lambda token: token.seq):
        seats.setdefault(token.seat, SeatHistory(token.seat)).plays.append(token)
    for seat in seats.values():
        for slot in seat.slots:
            seat.counts[slot.epoch] = seat.counts.get(slot.epoch, 0) + 1
        for need in seat.needs:
            seat.counts[need.release.epoch] -= 1
    return [seats[seat] for seat in sorted(seats)]


def _shuffle(cards: list[Card], chooser: Chooser) -> None:
    """Shuffle in place, every order equally likely (Fisher and Yates)."""
    for position in range(len(cards) - 1, 0, -1):
        other = chooser.randrange(position + 1)
        cards[position], cards[other] = cards[other], cards[position]


def _lean(cards: list[Card], count: int, weights: Mapping[Card, float], chooser: Chooser) -> None:
    """Put first, in random order, ``count`` cards drawn one by one in proportion to ``weights``.

    The others follow in random order. A weighted sample without replacement (Efraimidis and
    Spirakis, 2006): each card draws a key ``log(u) / weight`` and the greatest keys win. Cards
    of weight 0 come after all others, in their order in ``cards``: they are chosen only when
    the others are too few, and then not at random (with the belief's weights, that happens
    only where a face-down play would take a special card, a deal the sampler refuses anyway).
    """
    log = math.log
    keys = {
        card: _key(log((chooser.randrange(_UNIT) + 1) / (_UNIT + 1)), weights.get(card, 1.0))
        for card in cards
    }
    cards.sort(key=keys.__getitem__, reverse=True)
    chosen, rest = cards[:count], cards[count:]
    _shuffle(chosen, chooser)
    _shuffle(rest, chooser)
    cards[:] = chosen + rest


def _key(log_u: float, weight: float) -> float:
    """A card's key in :func:`_lean`: a card of weight 0 comes after all others."""
    return log_u / weight if weight > 0 else -math.inf


def _player(player: PlayerState, hand: frozenset[Card]) -> PlayerState:
    return PlayerState(player.name, hand, player.controlled, player.seen)


def _renamed_seen(player: PlayerState, renamed: dict[Card, Card]) -> PlayerState:
    if not player.seen:
        return player
    seen = frozenset((tile, owner, renamed.get(card, card)) for tile, owner, card in player.seen)
    return PlayerState(player.name, player.hand, player.controlled, seen)  # type: ignore[arg-type]


def _choices(shootout: Shootout, plays: list[Token], played: dict[Token, Card]) -> Shootout:
    pending = {token.seat: played.get(token) for token in plays if token.choice}
    choices = tuple(
        (seat, pending.get(seat, card) if seat in pending else card)
        for seat, card in shootout.choices
    )
    return attrs.evolve(shootout, choices=choices)  # type: ignore[arg-type]  # gangsters only


def _changed(
    hand: frozenset[Card],
    arrivals: list[tuple[Slot, Card, Card]],
    removed: list[tuple[int, Card]],
    seq: int,
) -> frozenset[Card]:
    """``hand`` at event ``seq`` with the special cards moved as :meth:`_check_makeup` says.

    ``removed`` are the special cards taken out, each from the event that brought it.
    """
    cards = set(hand)
    for slot, special, gangster in arrivals:
        if slot.seq < seq and gangster in cards:
            cards.discard(gangster)
            cards.add(special)
    for arrived, card in removed:
        if arrived < seq and card in cards:
            cards.discard(card)
            cards.add(_stand_in(cards))
    return frozenset(cards)


def _stand_in(cards: set[Card]) -> Card:
    """A gangster card not in ``cards``, to stand in for a special card taken out of a hand."""
    return next(card for card in reversed(GANGSTER_CARDS) if card not in cards)
