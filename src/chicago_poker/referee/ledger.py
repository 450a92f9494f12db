"""What a seat's redacted history says about the cards it did not see: the :class:`Ledger`.

The ledger reads the entries of a redacted history once, in order, and writes down every fact
about hidden cards, without checking any rule (the engine does that, on the witness):

- a :class:`Slot` is a card arriving unseen in another seat's hand: a card dealt to it, drawn
  by it, or taken from the discard pile with a Bribery the viewer did not see;
- a :class:`Release` is a set of cards entering the draw deck at once: the deck at the deal, the
  discard pile shuffled into a new deck, or the discard pile joining the deck after a Bribery.
  The deck between two reshuffles is an *epoch*: when the deck runs out, every card released
  in it has been drawn;
- a :class:`Need` is a card the viewer sees leaving another seat's hand (played face up, revealed
  where it lay face down, sent as a reinforcement): it reached that hand through one of the
  seat's slots after its release and before it left;
- a :class:`Token` is a card that left another seat's hand unseen: a face-down play, or a
  reinforcement chosen before the reveal. A later reveal binds it to its card;
- a card released and never seen again is *free*: it lies in the deck, or in a hand or a token.

Limousine moves of face-down cards the viewer cannot tell apart are kept as a :class:`Shuffle`:
the places it fills, each holding one of the moved places' cards in an order left to find.

The ledger grows entry by entry (:meth:`Ledger.read`), and :meth:`Ledger.facts` gives the facts
as they stood after any prefix of the history. The module is pure: it reads events, no more.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

from attrs import Factory, define

from chicago_poker.core.cards import (
    BRIBERY,
    CARD_ORDER_KEY,
    LIMOUSINE,
    LIQUIDATION,
    REVOLVER,
    BusinessTile,
    Card,
    GangsterCard,
    SpecialCard,
    SpecialKind,
    full_deck,
    lands_face_down,
    tactical_deck,
)
from chicago_poker.core.events import (
    BriberyPlayed,
    CardDrawn,
    DiscardPileReshuffled,
    GameStarted,
    GangsterPlayed,
    LimousinePlayed,
    LiquidationPlayed,
    PoliceRaidPlayed,
    ReinforcementChosen,
    ReinforcementsRevealed,
    RevolverPlayed,
    ShootoutStarted,
    ShootoutVoided,
    ShootoutWon,
    TileRevealed,
)
from chicago_poker.core.redacted_commands import SeenCommand
from chicago_poker.core.redacted_events import (
    PUBLIC_EVENTS,
    RedactedBriberyPlayed,
    RedactedCardDrawn,
    RedactedGameStarted,
    RedactedGangsterPlayed,
    RedactedLimousinePlayed,
    RedactedPoliceRaidPlayed,
    RedactedReinforcementChosen,
    SeenEvent,
)
from chicago_poker.core.rules import RuleOptions

__all__ = [
    "NEVER",
    "Facts",
    "Ledger",
    "Makeup",
    "Need",
    "Place",
    "Release",
    "SeenEntry",
    "Shuffle",
    "Slot",
    "Token",
]


class SeenEntry(Protocol):
    """An entry as one seat saw it: a command and its events (a redacted log's entry)."""

    @property
    def command(self) -> SeenCommand:
        """The command, redacted for the seat."""

    @property
    def events(self) -> tuple[SeenEvent, ...]:
        """Its events, redacted for the seat."""


@define(eq=False)
class Release:
    """Cards that entered the draw deck at once (the deal, a reshuffle, a Bribery)."""

    seq: int
    """When: the number of the event (from 1; 0 for the deck at the deal)."""

    entry: int
    """The entry of that event."""

    epoch: int
    """The deck the cards joined: 0 from the deal, then one more at each reshuffle."""

    bribery: Slot | None = None
    """The slot of an unseen Bribery that took one of these cards, if any: these are the
    cards of the discard pile then, the only ones that slot can take."""


@define(eq=False)
class Slot:
    """A card arriving unseen in another seat's hand."""

    number: int
    """Its place among all slots, in the order of the history."""

    seq: int
    """The number of the event that brought it."""

    entry: int
    """The entry of that event."""

    seat: int
    """The seat it reached."""

    epoch: int
    """The deck it was drawn from (for a Bribery, the deck the discard pile joined)."""

    release: Release | None
    """For a Bribery: the release of the discard pile it took from; None for the deck."""

    card: Card | None = None
    """A card the log shows for the slot all the same (only a forged log does)."""

    def takes(self, release: Release) -> bool:
        """Whether a card released by ``release`` can arrive here, as far as the deck goes."""
        if self.release is not None:
            return release is self.release
        return release.epoch == self.epoch and release.seq < self.seq


@define(eq=False)
class Token:
    """A card that left another seat's hand unseen: a face-down play or a hidden reinforcement."""

    number: int
    """Its place among all tokens, in the order of the history."""

    seq: int
    """The number of the event at which the card left the hand."""

    entry: int
    """The entry of that event."""

    seat: int
    """The seat whose card it is."""

    choice: bool
    """Whether it is a reinforcement choice (sent or declined) rather than a face-down play."""

    declined: int | None = None
    """For a choice: the entry of the reveal that showed the seat sent nothing."""


@define(eq=False)
class Shuffle:
    """A Limousine move whose order the viewer could not see: which place took which card.

    Each placed place holds one moved place's card, one each.
    """

    entry: int
    """The entry of the move."""

    seat: int
    """The seat that moved its cards."""

    moved: list[Place]
    """The places the cards left."""

    placed: list[Place]
    """The places they went to: at the destination, and with ``limousine_any_cards`` also
    the places left behind at the source."""

    options: list[list[int]]
    """For each placed place, the moved places it may hold (one, for a card shown)."""

    kept: int
    """The placed places from this one on are those left behind, which keep their order
    (R-5.4.1)."""


def _shown(place: Place) -> Card | None:
    return place.origin if isinstance(place.origin, GangsterCard | SpecialCard) else None


@define(eq=False)
class Place:
    """A card in a column, as the viewer knows it."""

    origin: Card | Token | None
    """The card when known, the token of an unseen face-down play, or None when a
    :class:`Shuffle` filled the place."""

    shuffle: Shuffle | None = None
    """The Shuffle that filled the place, if one did."""

    shown: Card | None = Factory(_shown, takes_self=True)
    """The card the viewer has seen there, if any."""


@define(eq=False)
class Need:
    """A card seen leaving another seat's hand: it arrived there through one of its slots."""

    card: Card
    """The card."""

    seat: int
    """The seat whose hand it left."""

    release: Release
    """The last time it entered the deck before: it arrived after."""

    deadline: int
    """The event at which it left the hand (for a ``place``, a bound: the latest play)."""

    entry: int
    """The entry at which the viewer saw it."""

    token: Token | None = None
    """The face-down play or reinforcement it left through, if any."""

    place: Place | None = None
    """Where it was seen, when a Limousine mixed the face-down cards there: the order found
    for the Shuffle says which play it left by."""


@define(eq=False)
class Makeup:
    """A fact the engine taught about a hand's make-up: which special cards it may hold.

    The rules that look at what kinds of cards a hand holds (the hand limit, which Police Raid
    is played, whether a turn must end) say it; :mod:`~chicago_poker.referee.probe` asks.
    """

    seat: int
    """The seat."""

    entry: int
    """The entry at whose start it holds."""

    seq: int
    """The first event of that entry."""

    candidates: frozenset[Card]
    """The special cards that could be in the hand then."""

    allowed: frozenset[frozenset[Card]]
    """The sets of candidates the hand may hold then."""

    @property
    def forbidden(self) -> frozenset[Card]:
        """The candidates no allowed set holds."""
        return self.candidates - frozenset().union(*self.allowed)

    @property
    def required(self) -> frozenset[Card]:
        """The candidates every allowed set holds."""
        return frozenset.intersection(*self.allowed) if self.allowed else frozenset()

    @property
    def simple(self) -> bool:
        """Whether the allowed sets are all those with the required cards, without the others.

        Two lists then say it all.
        """
        free = self.candidates - self.forbidden - self.required
        return len(self.allowed) == 1 << len(free)


@define(eq=False)
class Facts:
    """The ledger's facts as they stood after a prefix of the history (see :meth:`Ledger.facts`)."""

    viewer: int | None
    """The seat whose history it is (None: a spectator)."""

    players: int
    """The number of seats."""

    options: RuleOptions
    """The rule options."""

    slots: list[Slot]
    """Every slot, in order."""

    needs: list[Need]
    """Every need, in the order seen."""

    free: dict[Card, Release]
    """Every card released and not seen since, with its release."""

    tokens: list[Token]
    """Every token; those no need reveals (and not declined) are unrevealed."""

    shuffles: list[Shuffle]
    """Every Shuffle, in order."""

    sightings: list[tuple[Place, Card, bool]]
    """Every card seen at a place a Shuffle filled: (place, card, whether it was unseen)."""

    closed: int
    """Epochs below this number are closed: their decks ran out."""

    entries: int
    """How many entries of the history these facts cover."""

    ends: list[int] = Factory(list)
    """The event at which each closed epoch's deck ran out."""

    def epoch_end(self, epoch: int) -> int:
        """The event at which ``epoch``'s deck ran out; past every event if it has not."""
        return self.ends[epoch] if epoch < self.closed else NEVER

    def deadline(self, need: Need) -> int:
        """The event before which ``need``'s card arrived in the hand.

        It is when the card left the hand, or when its deck ran out (it was drawn from that
        deck).
        """
        return min(need.deadline, self.epoch_end(need.release.epoch))

    def declined(self, token: Token) -> bool:
        """Whether the reveal of ``token``'s shootout, within these facts, showed no card."""
        return token.declined is not None and token.declined < self.entries


NEVER: Final = 1 << 62
"""An event number past every event."""

_SPECIAL_NEEDS: Final = {
    LiquidationPlayed: LIQUIDATION,
    LimousinePlayed: LIMOUSINE,
    RedactedLimousinePlayed: LIMOUSINE,
    RevolverPlayed: REVOLVER,
    BriberyPlayed: BRIBERY,
    RedactedBriberyPlayed: BRIBERY,
}
"""The special card each of these events spends, from the hand of its player."""


class Ledger:
    """The facts a seat's redacted history gives about hidden cards, read one entry at a time.

    ``broken`` is the first entry at which the history contradicts itself as far as cards go
    (a card seen where it cannot be); reading stops there, and which rule that breaks is left
    to the engine.
    """

    def __init__(self, viewer: int | None, *, automatic_decline: bool = False) -> None:
        """An empty ledger for ``viewer`` (None: a spectator); :meth:`read` fills it.

        ``automatic_decline``: the history was written by an engine before 0.2.0, which
        declined by itself for a tied player holding no gangster card (see
        :mod:`~chicago_poker.referee.releases`); the replays of the history supply those
        declines. The ledger reads such a decline as any unseen choice.
        """
        self.viewer = viewer
        self.automatic_decline = automatic_decline
        self.entries = 0
        self.seq = 0
        self.broken: int | None = None
        self.options = RuleOptions()
        self.players = 0
        self.epoch = 0
        self.epoch_ends: list[int] = []
        """The entry at which each closed epoch's deck ran out."""
        self.epoch_end_seqs: list[int] = []
        """The event at which each closed epoch's deck ran out (the reshuffle)."""
        self.slots: list[Slot] = []
        self.slot_of: dict[int, Slot] = {}
        """The slot brought by each entry that deals or bribes unseen (not the deal)."""
        self.deal: dict[int, list[Slot]] = {}
        """The slots of each seat's hidden cards at the deal."""
        self.needs: list[Need] = []
        self.tokens: list[Token] = []
        self.token_of: dict[int, Token] = {}
        """The token of each entry that plays face down or chooses a reinforcement unseen: its
        first, the command's own (the declines an engine before 0.2.0 gave by itself follow
        it in the entry)."""
        self.choices: dict[int, Token] = {}
        """The reinforcement choices not yet revealed, by seat."""
        self.shuffles: list[Shuffle] = []
        self.sightings: list[tuple[int, Place, Card, bool]] = []
        """Every card seen at a place a Shuffle filled: (entry, place, card, whether the viewer
        had not seen it since its release: then it was one of the unseen face-down cards)."""
        self.limousine_of: dict[int, list[Place]] = {}
        """Where the cards of each entry's Limousine of another seat went, in order."""
        self.open: dict[Card, Release] = {}
        """Every card the viewer does not know the place of, with its last release."""
        self.closing: list[tuple[int, Card, Release | None]] = []
        """When each card's status changed: (entry, card, its release before). Replayed
        backwards by :meth:`facts` to recover the free cards of a prefix."""
        self.discard: set[Card] = set()
        self.columns: dict[BusinessTile, list[list[Place]]] = {}
        self.starts: list[int] = []
        """The number of the first event of each entry."""
        self._entry = 0

    # --- reading

    def read(self, entry: SeenEntry) -> None:
        """Take the next entry of the history."""
        index = self.entries
        self.entries += 1
        self._entry = index
        self.starts.append(self.seq + 1)
        if self.broken is not None:
            return
        try:
            for event in entry.events:
                self.seq += 1
                self._event(event)
        except _ContradictionError:
            self.broken = index
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            self.broken = index  # an incoherent entry: the engine says which rule it breaks

    def _event(self, event: SeenEvent) -> None:
        kind = type(event)
        if kind in _IGNORED:
            return
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(self, event)
        special = _SPECIAL_NEEDS.get(kind)
        if special is not None:
            self._spend(event.player, special)  # type: ignore[union-attr]  # all have a player

    # --- facts

    def facts(self, entries: int | None = None) -> Facts:
        """The facts after the first ``entries`` entries (all of them by default)."""
        end = self.entries if entries is None else entries
        if self.broken is not None:
            end = min(end, self.broken)
        free = self._free_at(end)
        closed = sum(1 for ended in self.epoch_ends if ended < end)
        needs = [need for need in self.needs if need.entry < end]
        tokens = [token for token in self.tokens if token.entry < end]
        return Facts(
            self.viewer,
            self.players,
            self.options,
            [slot for slot in self.slots if slot.entry < end],
            needs,
            free,
            tokens,
            [shuffle for shuffle in self.shuffles if shuffle.entry < end],
            [(place, card, unseen) for entry, place, card, unseen in self.sightings if entry < end],
            closed,
            end,
            self.epoch_end_seqs[:closed],
        )

    def _free_at(self, end: int) -> dict[Card, Release]:
        """The free cards after the first ``end`` entries, with their releases."""
        free = dict(self.open)
        for entry, card, before in reversed(self.closing):
            if entry < end:
                break
            if before is None:
                free.pop(card, None)
            else:
                free[card] = before
        return {card: release for card, release in free.items() if release.entry < end}

    # --- bookkeeping of card statuses

    def _release(self, cards: set[Card] | frozenset[Card], release: Release) -> None:
        # In the cards' own order: sets of cards iterate in the order of their identity
        # hashes, which differs from one process to the next, and the witness (so the
        # sampler's draws for a given seed) would follow it.
        for card in sorted(cards, key=CARD_ORDER_KEY):
            self.closing.append((self._entry, card, self.open.get(card)))
            self.open[card] = release

    def _close(self, card: Card) -> Release:
        """The release of ``card``, which the viewer now sees: it must have been unseen."""
        release = self.open.pop(card, None)
        if release is None:
            raise _ContradictionError(f"{card} is seen where it cannot be")
        self.closing.append((self._entry, card, release))
        return release

    def _need(self, card: Card, seat: int, deadline: int, token: Token | None = None) -> None:
        """``card`` left ``seat``'s hand at event ``deadline``; the viewer sees it now."""
        if seat == self.viewer:
            return
        release = self._close(card)
        self.needs.append(Need(card, seat, release, deadline, self._entry, token))

    def _spend(self, seat: int, card: Card) -> None:
        """``seat`` played the special ``card``: it leaves the hand for the discard pile."""
        self._need(card, seat, self.seq)
        self.discard.add(card)

    def _slot(self, seat: int, release: Release | None = None) -> Slot:
        slot = Slot(len(self.slots), self.seq, self._entry, seat, self.epoch, release)
        self.slots.append(slot)
        return slot

    def _token(self, seat: int, *, choice: bool) -> Token:
        token = Token(len(self.tokens), self.seq, self._entry, seat, choice=choice)
        self.tokens.append(token)
        self.token_of.setdefault(self._entry, token)
        return token

    def _reveal(self, place: Place, card: Card, owner: int) -> None:
        """The viewer sees ``card`` at ``place``, in ``owner``'s column."""
        if place.shown is not None:
            if place.shown is not card:
                raise _ContradictionError(f"{place.shown} is shown as {card}")
            return
        place.shown = card
        origin = place.origin
        if isinstance(origin, Token):
            self._need(card, owner, origin.seq, origin)
        elif origin is None:
            # One of a Shuffle's places: the order found later says which card it is.
            unseen = card in self.open
            self.sightings.append((self._entry, place, card, unseen))
            if unseen and owner != self.viewer:
                release = self._close(card)
                need = Need(card, owner, release, self.seq, self._entry, None, place)
                self.needs.append(need)

    def _discard_column(self, places: list[Place]) -> None:
        for place in places:
            if place.shown is None:
                raise _ContradictionError("a card leaves the table unseen")
            self.discard.add(place.shown)

    # --- events

    def _started(self, event: GameStarted | RedactedGameStarted) -> None:
        self.players = len(event.players)
        self.options = event.options
        self.columns = {tile: [[] for _ in event.players] for tile in event.businesses}
        deck = tactical_deck() if event.options.tactical else full_deck()
        start = Release(0, self._entry, 0)
        self._release(set(deck), start)
        for seat, hand in enumerate(event.hands):
            slots = self.deal.setdefault(seat, [])
            for card in hand:
                if seat == self.viewer and card is not None:
                    self._close(card)
                else:
                    slot = self._slot(seat)
                    slot.card = card
                    slots.append(slot)

    def _drawn(self, event: CardDrawn | RedactedCardDrawn) -> None:
        seat, card = event.player, event.card
        if seat == self.viewer and card is not None:
            release = self.open.get(card)
            if release is None or release.epoch != self.epoch:
                raise _ContradictionError(f"{card} is not in the draw deck")
            self._close(card)
            return
        slot = self._slot(seat)
        slot.card = card
        self.slot_of[self._entry] = slot

    def _reshuffled(self, event: DiscardPileReshuffled) -> None:
        self.epoch_ends.append(self._entry)
        self.epoch_end_seqs.append(self.seq)
        self.epoch += 1
        self._release(self.discard, Release(self.seq, self._entry, self.epoch))
        self.discard = set()

    def _played(self, event: GangsterPlayed | RedactedGangsterPlayed) -> None:
        seat = event.player
        column = self.columns[event.business][seat]
        if isinstance(event, RedactedGangsterPlayed):
            column.append(Place(self._token(seat, choice=False)))
            return
        card = event.card
        self._need(card, seat, self.seq)  # nothing to learn when the viewer played it
        column.append(Place(card))

    def _shootout(self, event: ShootoutStarted) -> None:
        columns = self.columns[event.business]
        for seat, cards in event.hands:
            places = columns[seat]
            if len(places) != len(cards):
                raise _ContradictionError("a shootout shows another column")
            for place, card in zip(places, cards, strict=True):
                self._reveal(place, card, seat)

    def _cleared(self, event: ShootoutWon | ShootoutVoided) -> None:
        columns = self.columns.pop(event.business)
        for places in columns:
            self._discard_column(places)
        if isinstance(event, ShootoutVoided):
            self.columns[event.business] = [[] for _ in columns]

    def _tile(self, event: TileRevealed) -> None:
        self.columns[event.tile] = [[] for _ in range(self.players)]

    def _liquidated(self, event: LiquidationPlayed) -> None:
        place = self.columns[event.business][event.victim].pop()
        self._reveal(place, event.card, event.victim)
        self.discard.add(event.card)

    def _raided(self, event: PoliceRaidPlayed | RedactedPoliceRaidPlayed) -> None:
        self._spend(event.player, SpecialCard(SpecialKind.POLICE_RAID, event.copy))
        places = self.columns[event.business][event.target]
        hidden = [p for i, p in enumerate(places) if lands_face_down(event.business, i)]
        if len(hidden) != len(event.seen):
            raise _ContradictionError("a raid shows another column")
        for place, card in zip(hidden, event.seen, strict=True):
            if card is not None:
                self._reveal(place, card, event.target)

    def _bribed(self, event: BriberyPlayed | RedactedBriberyPlayed) -> None:
        pile = self.discard
        if event.card is not None:  # the viewer's own Bribery
            if event.card not in pile:
                raise _ContradictionError(f"{event.card} is not in the discard pile")
            self._release(pile - {event.card}, Release(self.seq, self._entry, self.epoch))
        else:
            release = Release(self.seq, self._entry, self.epoch)
            slot = self._slot(event.player, release)
            release.bribery = slot
            self.slot_of[self._entry] = slot
            self._release(pile, release)
        self.discard = set()  # the Bribery card joins it once spent (see _event)

    def _chosen(self, event: ReinforcementChosen | RedactedReinforcementChosen) -> None:
        if isinstance(event, RedactedReinforcementChosen):
            self.choices[event.player] = self._token(event.player, choice=True)

    def _revealed(self, event: ReinforcementsRevealed) -> None:
        for seat, card in event.cards:
            token = self.choices.pop(seat, None)
            if token is not None:
                self._need(card, seat, token.seq, token)
            self.discard.add(card)
        for token in self.choices.values():
            token.declined = self._entry
        self.choices = {}

    def _driven(self, event: LimousinePlayed | RedactedLimousinePlayed) -> None:
        seat = event.player
        source = self.columns[event.source][seat]
        destination = self.columns[event.destination][seat]
        if seat == self.viewer:
            self._drive_known(event, source, destination)
            return
        any_cards = self.options.limousine_any_cards
        count = len(event.cards)
        moved = source[:] if any_cards else source[len(source) - count :]
        if not any_cards:
            del source[len(source) - count :]
        left = event.left if isinstance(event, RedactedLimousinePlayed) else None
        if any_cards and left is None:  # every card of the move was shown
            left = tuple(None for _ in range(len(source) - count))
        shown = list(event.cards) + list(left or ())
        placed = self._shuffled(seat, moved, shown, count)
        self.limousine_of[self._entry] = placed[:count]
        destination.extend(placed[:count])
        if any_cards:
            source[:] = placed[count:]

    def _drive_known(
        self,
        event: LimousinePlayed | RedactedLimousinePlayed,
        source: list[Place],
        destination: list[Place],
    ) -> None:
        """The viewer's own Limousine: every card is known."""
        by_card = {place.shown: place for place in source}
        moved = [by_card[card] for card in event.cards]
        for place in moved:
            source.remove(place)
        destination.extend(moved)

    def _shuffled(
        self, seat: int, moved: list[Place], shown: Sequence[Card | None], kept: int
    ) -> list[Place]:
        """The places the moved cards fill, in order, ``shown`` saying what is face up there.

        The places from ``kept`` on are those left behind (with ``limousine_any_cards``).
        """
        options = _moved_options(moved, shown)
        if all(len(choices) == 1 for choices in options):
            placed = [moved[choices[0]] for choices in options]
        else:
            shuffle = Shuffle(self._entry, seat, moved, [], options, kept)
            placed = [Place(None, shuffle) for _ in shown]
            shuffle.placed = placed
            self.shuffles.append(shuffle)
        for place, card in zip(placed, shown, strict=True):
            if card is not None:
                self._reveal_moved(place, card, seat)
        return placed

    def _reveal_moved(self, place: Place, card: Card, seat: int) -> None:
        """A moved card the viewer sees face up at its new place."""
        if place.shown is card:
            return
        if place.origin is None and place.shuffle is not None:
            # Shown where a Shuffle put it: it came from one of the unseen moved places.
            for index, option in enumerate(place.shuffle.moved):
                if option.shown is card:
                    place.shuffle.options[place.shuffle.placed.index(place)] = [index]
                    place.shown = card
                    return
        self._reveal(place, card, seat)


def _moved_options(moved: list[Place], shown: Sequence[Card | None]) -> list[list[int]]:
    """For each place a Limousine fills, the moved places whose card may lie there.

    A card shown face up at a place came from the moved place that showed it; the others
    may hold any card not shown.
    """
    options: list[list[int]] = []
    taken: set[int] = set()
    for card in shown:
        sure = [i for i, place in enumerate(moved) if card is not None and place.shown is card]
        options.append(sure[:1])
        taken.update(sure[:1])
    if len(taken) < sum(len(choices) for choices in options):
        raise _ContradictionError("a Limousine shows one card at two places")
    rest = [i for i in range(len(moved)) if i not in taken]
    for position in range(len(shown)):
        if not options[position]:
            options[position] = rest
    if len(shown) != len(moved):
        raise _ContradictionError("a Limousine moves another number of cards")
    return options


class _ContradictionError(ValueError):
    """The history contradicts itself as far as cards go."""


_HANDLERS: Final[dict[type, Callable[[Ledger, Any], None]]] = {
    GameStarted: Ledger._started,
    RedactedGameStarted: Ledger._started,
    CardDrawn: Ledger._drawn,
    RedactedCardDrawn: Ledger._drawn,
    DiscardPileReshuffled: Ledger._reshuffled,
    GangsterPlayed: Ledger._played,
    RedactedGangsterPlayed: Ledger._played,
    ShootoutStarted: Ledger._shootout,
    ShootoutWon: Ledger._cleared,
    ShootoutVoided: Ledger._cleared,
    TileRevealed: Ledger._tile,
    LiquidationPlayed: Ledger._liquidated,
    PoliceRaidPlayed: Ledger._raided,
    RedactedPoliceRaidPlayed: Ledger._raided,
    BriberyPlayed: Ledger._bribed,
    RedactedBriberyPlayed: Ledger._bribed,
    ReinforcementChosen: Ledger._chosen,
    RedactedReinforcementChosen: Ledger._chosen,
    ReinforcementsRevealed: Ledger._revealed,
    LimousinePlayed: Ledger._driven,
    RedactedLimousinePlayed: Ledger._driven,
}


_IGNORED: Final = frozenset(
    kind for kind in PUBLIC_EVENTS if kind not in _HANDLERS and kind not in _SPECIAL_NEEDS
)
"""Events that say nothing about hidden cards: the turn's course, markers, the end."""
