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
from chicago_poker.referee.assignment import Assignment, atom_of
from chicago_poker.referee.deals import Chooser, Configuration, Deals, SeatHistory
from chicago_poker.referee.ledger import Ledger, Makeup, Release, SeenEntry, Slot, Token
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
        self.deals = Deals(facts, self.seats, {r: len(cards) for r, cards in self.cards.items()})
        self.where = self._token_places()
        self.mixed = self._mixed_places()
        self.valid: dict[tuple[int, frozenset[Card]], bool] = {}
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
        """Whether the engine accepts the special cards the deal puts in each hand."""
        spent = set(played.values())
        for seat, cards in held.items():
            specials = self.free_specials(card for card in cards if card not in spent)
            if specials and not self.may_hold(seat, specials):
                return False
        return True

    # --- the engine's say on special cards in hands

    def free_specials(self, cards: Iterable[Card]) -> frozenset[Card]:
        """The free special cards among ``cards``: those :meth:`may_hold` is asked about."""
        return frozenset(
            card for card in cards if isinstance(card, SpecialCard) and card in self.release_of
        )

    def may_hold(self, seat: int, specials: frozenset[Card]) -> bool:
        """Whether ``seat`` may hold the free special cards ``specials`` now, and no others.

        A deal is consistent only if this holds for every seat and the free special cards the
        deal puts in its hand (cached by seat and cards).
        """
        key = (seat, specials)
        found = self.valid.get(key)
        if found is None:
            found = self._check_makeup(seat, specials)
            if not found and self.ends_holding is not None:
                found = self.ends_holding(seat, specials)
            self.valid[key] = found
        return found

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
            return True
        kept = self._kept(seat)
        arrivals = self._arrivals(kept, specials - held, held - specials)
        if arrivals is None:
            return False
        removed = [(kept[card].seq, card) for card in held - specials]
        first = min([slot.seq for slot, _, _ in arrivals] + [seq for seq, _ in removed])
        return self._changed_history_holds(seat, first, arrivals, removed)

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
        The slots are matched to the cards (augmenting paths, Kuhn's method), each card trying
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

        def place(card: Card, tried: set[Slot]) -> bool:
            for slot in options[card]:
                if slot in tried:
                    continue
                tried.add(slot)
                other = taken.get(slot)
                if other is None or place(other, tried):
                    taken[slot] = card
                    return True
            return False

        for card in sorted(added, key=lambda card: (len(options[card]), card.order)):
            if not place(card, set()):
                return None
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
        return next(history for history in self.seats if history.seat == seat)

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

        Then the cards of the places a Limousine filled in an order the seat cannot tell
        (:meth:`_mixed_places`) are put in a random order, every order equally likely.
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
        for group in self.mixed:
            cards = [table_of(index)[seat][position] for index, seat, position in group]
            _shuffle(cards, chooser)
            for (index, seat, position), card in zip(group, cards, strict=True):
                columns[index][seat][position] = card
        for index, table in columns.items():
            businesses[index] = _with_columns(businesses[index], table)
        return businesses


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
