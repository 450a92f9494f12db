"""Complete games consistent with what one seat saw: witnesses of redacted logs, and samples.

A redacted log (a seat's redacted history) hides cards: other hands, cards drawn by others,
face-down cards, reinforcement choices, the card a Bribery took. It is legal exactly when some
complete game, legal for the engine, redacts to it for its viewer. :func:`find_witness` decides
this by building such a game, a *witness*: it replays the log through the engine's own
:func:`~chicago_poker.core.decide.step`, gives every hidden card an identity, and compares the
engine's events, redacted for the viewer (:func:`~chicago_poker.core.views.redact`), with the log's.
No rule is written here: every command of the witness is decided by the engine.

Choosing the hidden cards is a constraint problem: a card that the log shows later (played
face up, revealed at a shootout, sent as a reinforcement, drawn by the viewer) must be where
the log says at that time. The search works as follows:

- A first pass over the log (:class:`_Plan`) finds every such fact as a *need*: card ``c``
  leaves seat ``s``'s hand at entry ``d``, so ``s`` must draw it before ``d``; or ``c`` is
  dealt to the viewer at entry ``d``, so it must stay in the draw pile until then. A card that
  lies face down is followed as a token until it is revealed.
- A depth-first search replays the log, trying for each hidden card only the identities that
  the needs allow, most promising first. Before each hidden draw an exact bipartite matching
  of the seat's pending needs to its later draws prunes every branch that can no longer meet
  them (the needs are intervals of time, each draw a point: Hall's condition, checked by
  augmenting paths). A spare gangster card already in hand meets only a face-down play of a
  card the log never shows: it brings no card the log names.
- "Most promising" means: a seat gets the cards the log shows it playing later before spare
  gangster cards (ones the log never shows again), unless a face-down play of its own waits
  for one, since every seat's face-down plays share those few spare cards; and where a
  Limousine moved cards the viewer could not tell apart, the order a later shootout shows
  comes first.
- States that differ only in which never-again-seen gangster cards lie where are
  interchangeable (the rules treat such cards alike: only their being gangster cards matters),
  so a state that failed once is never searched again under another name.

The search returns a witness as soon as it finds one. It refuses a log only after trying every
choice that could matter, and then names the first entry at which the log becomes impossible;
where it had to leave choices untried (its work is bounded by :func:`search_limit`, and at most
5,000 starting hands are tried per seat), it answers :class:`Undecided` instead of guessing.
The starting hands are enumerated exactly: every set of needed cards whose dealing lets the
seat's later draws bring the rest in time, found by growing each set by a card of the first
need that the matching leaves without a draw.
The same search with random choices gives :func:`consistent_state`, a complete state
consistent with what a seat knows, for search bots.

This module is pure: chance comes in as a :class:`Chooser` argument.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any, Final, Protocol, TypeVar, cast

import attrs
from attrs import frozen

from chicago_poker.core.apply import apply
from chicago_poker.core.cards import (
    BRIBERY,
    LIMOUSINE,
    LIQUIDATION,
    REVOLVER,
    BusinessTile,
    Card,
    Face,
    GangsterCard,
    SpecialCard,
    SpecialKind,
    full_deck,
    tactical_deck,
)
from chicago_poker.core.commands import (
    Command,
    DealCard,
    DeclineReinforcement,
    PlayBribery,
    PlayGangster,
    PlayLimousine,
    SendReinforcement,
    StartGame,
)
from chicago_poker.core.decide import step
from chicago_poker.core.errors import ChicagoPokerError, IllegalCommand, InvalidArgumentError
from chicago_poker.core.events import (
    BriberyPlayed,
    CardDrawn,
    DiscardPileReshuffled,
    Event,
    GameStarted,
    GangsterPlayed,
    LimousinePlayed,
    LiquidationPlayed,
    PoliceRaidPlayed,
    ReinforcementRequested,
    ReinforcementsRevealed,
    RevolverPlayed,
    ShootoutStarted,
    ShootoutVoided,
    ShootoutWon,
    TileRevealed,
)
from chicago_poker.core.fold import ViewFolder
from chicago_poker.core.legal import legal_commands
from chicago_poker.core.redacted_commands import (
    RedactedDealCard,
    RedactedPlayBribery,
    RedactedPlayGangster,
    RedactedPlayLimousine,
    RedactedSendReinforcement,
    RedactedStartGame,
    SeenCommand,
    redact_command,
)
from chicago_poker.core.redacted_events import (
    RedactedBriberyPlayed,
    RedactedCardDrawn,
    RedactedGameStarted,
    RedactedGangsterPlayed,
    RedactedLimousinePlayed,
    RedactedPoliceRaidPlayed,
    SeenEvent,
    redact,
)
from chicago_poker.core.state import GameState

__all__ = [
    "SEARCH_STEPS_BASE",
    "SEARCH_STEPS_PER_ENTRY",
    "Chooser",
    "Impossible",
    "SeenEntry",
    "Undecided",
    "Witness",
    "consistent_state",
    "find_witness",
]

SEARCH_STEPS_PER_ENTRY: Final = 40
"""With :data:`SEARCH_STEPS_BASE`: the most commands the search replays for a log, per entry.

A redacted log of a legal game is usually solved with one or two replayed commands per entry;
the limit bounds the work spent on a log whose impossibility shows late (a forged one), which
would otherwise have the search try every earlier choice. Past it the answer is
:class:`Undecided`.
"""

SEARCH_STEPS_BASE: Final = 10_000
"""Replayed commands every search may use, whatever the length of the log."""


def search_limit(entries: int) -> int:
    """The most commands the search replays for a log of ``entries`` entries, in all."""
    return SEARCH_STEPS_BASE + SEARCH_STEPS_PER_ENTRY * entries


class SeenEntry(Protocol):
    """An entry as one seat saw it: a command and its events (a redacted log's entry)."""

    @property
    def command(self) -> SeenCommand:
        """The command, redacted for the seat."""

    @property
    def events(self) -> tuple[SeenEvent, ...]:
        """Its events, redacted for the seat."""


class Chooser(Protocol):
    """A source of chance, such as :class:`random.Random`."""

    def randrange(self, stop: int, /) -> int:
        """A number from 0 to ``stop - 1``."""


@frozen
class Witness:
    """A complete legal game that redacts, entry for entry, to the seat's log."""

    commands: tuple[Command, ...]
    """The complete commands, chance included, one per entry of the log."""

    events: tuple[tuple[Event, ...], ...]
    """The events the engine gave for each command."""

    state: GameState | None
    """The state after the last entry (None for an empty log)."""

    hidden_cards: int
    """How many cards the seat never saw arrive in other hands (dealt, drawn, bribed)."""

    unrevealed: int
    """How many of those the log never reveals: the witness chose them freely."""

    searched: int
    """How many commands the search replayed to find the witness."""


@frozen
class Impossible:
    """No complete legal game redacts to the log: where it becomes impossible, and why."""

    index: int
    """The first entry (from 0) such that no legal game redacts to the entries up to it."""

    rule: str | None
    """The rule the engine named, where one applies."""

    reason: str
    """Why, in words."""

    recorded: SeenEvent | SeenCommand | None = None
    """Where the log differs from every legal game: the log's event or command there."""

    expected: SeenEvent | SeenCommand | None = None
    """The engine's event or command there, as the viewer sees it (None: no more events)."""


@frozen
class Undecided:
    """The search gave up after replaying :func:`search_limit` commands."""

    index: int
    """The furthest entry (from 0) the search reached."""

    searched: int
    """How many commands it replayed."""

    rule: str | None = None
    """The rule the engine named where the search got furthest, if any."""

    reason: str = ""
    """Why the search could not go further there, as far as it tried, in words."""

    recorded: SeenEvent | SeenCommand | None = None
    """Where it got furthest: the log's event or command that no replay gave."""

    expected: SeenEvent | SeenCommand | None = None
    """The engine's event or command there, as the viewer sees it (None: no more events)."""


# ------------------------------------------------------------------------------- plan

_AnyCard = TypeVar("_AnyCard", bound=GangsterCard | SpecialCard)

_Token = tuple[int, int]
"""A hidden card that left a hand: (the entry where it left, its number within the entry)."""


@frozen
class _Slot:
    """A place a Limousine filled with a card the viewer could not tell: (entry, position)."""

    entry: int
    position: int


_Item = frozenset[Card | _Token | _Slot]
"""A card in a column, as the log knows it: one known card or token, or a set of candidates."""


class _Plan:
    """What the log says about hidden cards, read once before the search (no rule checked).

    A *need* ``(d, s)`` of a card says that it leaves seat ``s``'s hand at entry ``d``
    (played face up, revealed in a face-down place, sent as a reinforcement). A *reservation*
    ``d`` says that it is dealt to the viewer at entry ``d``, so lies in the draw pile then.
    """

    def __init__(self, entries: Sequence[SeenEntry], viewer: int | None) -> None:
        self.viewer = viewer
        self.needs: dict[Card, list[tuple[int, int]]] = {}
        self.reserved: dict[Card, list[int]] = {}
        self.last_mention: dict[Card, int] = {}
        self.token_card: dict[_Token, Card | None] = {}
        self.token_options: dict[_Token, set[Card]] = {}
        self.draws: dict[int, list[tuple[int, frozenset[Card] | None]]] = {}
        """Each seat's hidden arrivals: (entry, the cards it may be among, or None: the deck)."""
        self.entries_into_deck: dict[Card, list[int]] = {}
        self.hidden_plays: dict[int, list[int]] = {}
        """Each seat's face-down plays of cards the viewer never saw: entries."""
        self.group_needs: set[tuple[Card, int]] = set()
        """Needs of cards revealed among several face-down cards: (card, latest entry)."""
        self.soft_deadline: dict[Card, int] = {}
        """For a card revealed among several face-down cards: the first entry it may have left."""
        self.groups: list[tuple[frozenset[_Token], frozenset[Card], int]] = []
        """Face-down plays of one seat revealed together, with the cards shown among them.

        Each card shown lies in one of the plays, so these plays take those cards, and only
        the rest may take gangster cards the log never shows: (plays, cards, seat).
        """
        self.group_of: dict[_Token, int] = {}
        self.slot_card: dict[tuple[int, int], Card] = {}
        """The card the log later shows in a place a Limousine filled: (entry, position)."""
        self._columns: dict[BusinessTile, list[list[_Item]]] = {}
        self._choices: dict[int, _Token] = {}
        self._folder = ViewFolder(viewer)
        self._read_all(entries)

    # --- reading

    def _read_all(self, entries: Sequence[SeenEntry]) -> None:
        """Read the log up to its end, or to the first entry that makes no sense."""
        for index, entry in enumerate(entries):
            self._mention(index, entry.command)
            for event in entry.events:
                self._mention(index, event)
            try:
                self._read(index, entry)
            except (ValueError, KeyError, IndexError, AssertionError, AttributeError):
                break  # an incoherent log: the search finds where, through the engine
        for needs in self.needs.values():
            needs.sort()
        for number, (tokens, _, _) in enumerate(self.groups):
            for token in tokens:
                self.group_of[token] = number

    def _mention(self, index: int, item: object) -> None:
        for card in _cards_in(item):
            self.last_mention[card] = index

    def _need(self, card: Card, deadline: int, seat: int) -> None:
        if seat != self.viewer:
            self.needs.setdefault(card, []).append((deadline, seat))

    def _bind(self, item: _Item, card: Card | None, owner: int) -> None:
        item = self._note_slots(item, card)
        tokens = [origin for origin in item if isinstance(origin, tuple)]
        if card is None or card in item or not tokens:
            return
        if len(item) == 1:
            self.token_card[tokens[0]] = card
        else:
            for token in tokens:
                self.token_options.setdefault(token, set()).add(card)
            first = min(token[0] for token in tokens)
            self.soft_deadline[card] = min(self.soft_deadline.get(card, first), first)
            self.group_needs.add((card, max(token[0] for token in tokens)))
            self._group(frozenset(tokens), card, owner)
        self._need(card, max(token[0] for token in tokens), owner)

    def _note_slots(self, item: _Item, card: Card | None) -> _Item:
        """Note ``card`` in each Limousine place of ``item``; the item without those places."""
        slots = [origin for origin in item if isinstance(origin, _Slot)]
        if card is not None:
            self.slot_card.update({(slot.entry, slot.position): card for slot in slots})
        return item.difference(slots)

    def _group(self, tokens: frozenset[_Token], card: Card, owner: int) -> None:
        """Add ``card`` to the group of ``tokens``, merging the groups they overlap."""
        cards = {card}
        kept = []
        for group in self.groups:
            if group[2] == owner and group[0] & tokens:
                tokens |= group[0]
                cards |= group[1]
            else:
                kept.append(group)
        self.groups = [*kept, (tokens, frozenset(cards), owner)]

    def _read(self, index: int, entry: SeenEntry) -> None:
        command = entry.command
        if isinstance(command, RedactedSendReinforcement):
            self._choices[command.player] = (index, 0)
        for event in entry.events:
            self._event(index, event)
            self._folder.apply(event)

    def _event(self, index: int, event: SeenEvent) -> None:
        """Follow the cards of one event; each event concerns one of the three kinds below."""
        self._business_event(event)
        self._play_event(index, event)
        self._card_event(index, event)

    def _business_event(self, event: SeenEvent) -> None:
        """Businesses dealt, shown in a shootout, won, voided or revealed."""
        columns = self._columns
        match event:
            case GameStarted() | RedactedGameStarted():
                self._start(event)
            case ShootoutStarted(business=tile, hands=hands):
                self._bind_hands(tile, hands)
            case ShootoutWon(business=tile):
                del columns[tile]
            case ShootoutVoided(business=tile) | TileRevealed(tile=tile):
                columns[tile] = [[] for _ in self._folder.names]
            case _:
                pass

    def _play_event(self, index: int, event: SeenEvent) -> None:
        """A card played into a column, or a special card that moves or shows cards."""
        columns = self._columns
        match event:
            case GangsterPlayed(player=seat, card=card, business=tile):
                self._need(card, index, seat)
                columns[tile][seat].append(frozenset({card}))
            case RedactedGangsterPlayed(player=seat, business=tile):
                columns[tile][seat].append(frozenset({(index, 0)}))
                self.hidden_plays.setdefault(seat, []).append(index)
            case LiquidationPlayed(player=seat, business=tile, victim=victim, card=card):
                self._need(LIQUIDATION, index, seat)
                self._bind(columns[tile][victim].pop(), card, victim)
            case PoliceRaidPlayed() | RedactedPoliceRaidPlayed():
                self._raid(index, event)
            case LimousinePlayed() | RedactedLimousinePlayed():
                self._need(LIMOUSINE, index, event.player)
                self._drive(index, event)
            case _:
                pass

    def _card_event(self, index: int, event: SeenEvent) -> None:
        """Cards drawn, taken by Bribery, sent as reinforcements or shuffled into the deck."""
        match event:
            case RevolverPlayed(player=seat):
                self._need(REVOLVER, index, seat)
            case BriberyPlayed(card=card):
                self._into_deck(index, set(self._folder.discard_pile) - {card})
            case RedactedBriberyPlayed(player=seat):
                self._hidden_bribery(index, seat)
            case CardDrawn(player=seat, card=card) if seat == self.viewer:
                self.reserved.setdefault(card, []).append(index)
            case CardDrawn(player=seat) | RedactedCardDrawn(player=seat):
                self.draws.setdefault(seat, []).append((index, None))
            case ReinforcementRequested():
                self._choices = {
                    s: token for s, token in self._choices.items() if token[0] == index
                }
            case ReinforcementsRevealed(cards=cards):
                self._reveal_choices(cards)
            case DiscardPileReshuffled():
                self._into_deck(index, self._folder.discard_pile)
            case _:
                pass

    def _bind_hands(
        self, tile: BusinessTile, hands: tuple[tuple[int, tuple[GangsterCard, ...]], ...]
    ) -> None:
        """A shootout shows the hands at its business: each item gets its card."""
        for owner, cards in hands:
            for item, card in zip(self._columns[tile][owner], cards, strict=False):
                self._bind(item, card, owner)

    def _raid(self, index: int, event: PoliceRaidPlayed | RedactedPoliceRaidPlayed) -> None:
        """A raid needs its card and shows the target's face-down cards (to the seats told)."""
        self._need(SpecialCard(SpecialKind.POLICE_RAID, event.copy), index, event.player)
        column = self._columns[event.business][event.target]
        pattern = event.business.kind.pattern
        hidden = [item for position, item in enumerate(column) if pattern[position] is Face.DOWN]
        for item, seen in zip(hidden, event.seen, strict=False):
            self._bind(item, seen, event.target)

    def _hidden_bribery(self, index: int, seat: int) -> None:
        """Another seat's Bribery: a card of the discard pile taken, the rest into the deck."""
        self._need(BRIBERY, index, seat)
        pile = frozenset(self._folder.discard_pile)
        self.draws.setdefault(seat, []).append((index, pile))
        self._into_deck(index, pile)

    def _start(self, event: GameStarted | RedactedGameStarted) -> None:
        count = len(event.players)
        self._columns = {tile: [[] for _ in range(count)] for tile in event.businesses}
        deck = tactical_deck() if event.options.tactical else full_deck()
        shown = {card for hand in event.hands for card in hand if card is not None}
        for card in deck:
            if card not in shown:
                self.entries_into_deck[card] = [0]
        for seat, hand in enumerate(event.hands):
            hidden = sum(card is None for card in hand)
            if hidden:
                self.draws.setdefault(seat, []).extend([(0, None)] * hidden)

    def _into_deck(self, index: int, cards: object) -> None:
        assert isinstance(cards, set | frozenset)
        for card in cards:
            self.entries_into_deck.setdefault(card, []).append(index)

    def _drive(self, index: int, event: LimousinePlayed | RedactedLimousinePlayed) -> None:
        """Follow the cards a Limousine moved, as far as the log tells them apart."""
        source = self._columns[event.source][event.player]
        destination = self._columns[event.destination][event.player]
        count = len(event.cards)
        any_cards = self._folder.options.limousine_any_cards
        remaining = list(source) if any_cards else source[len(source) - count :]
        if not any_cards:
            del source[len(source) - count :]
        moved = [_take(remaining, card) for card in event.cards]
        left = event.left if isinstance(event, RedactedLimousinePlayed) else None
        stayed = None if left is None else [_take(remaining, card) for card in left]
        unknown: _Item = frozenset().union(*remaining).difference(_slots_in(remaining))
        filled = self._fill(moved, event.cards, unknown, event.player)
        destination.extend(
            item if moved[position] is not None else item | {_Slot(index, position)}
            for position, item in enumerate(filled)
        )
        if stayed is not None and left is not None:
            source[:] = self._fill(stayed, left, unknown, event.player)
        elif any_cards:
            source[:] = remaining  # the viewer's own move: the others stay, in order

    def _fill(
        self, items: list[_Item | None], cards: Sequence[Card | None], unknown: _Item, owner: int
    ) -> list[_Item]:
        """The moved items, each that the log did not tell apart being ``unknown``."""
        filled = []
        for item, card in zip(items, cards, strict=True):
            if item is None:
                item = unknown
                self._bind(unknown, card, owner)
            filled.append(item)
        return filled

    def _reveal_choices(self, cards: tuple[tuple[int, GangsterCard], ...]) -> None:
        for seat, card in cards:
            token = self._choices.pop(seat, None)
            if token is not None:
                self.token_card[token] = card
                self._need(card, token[0], seat)
        for token in self._choices.values():
            self.token_card[token] = None  # declined: the reveal shows no card of theirs
        self._choices = {}

    # --- questions of the search

    def next_requirement(self, card: Card, index: int) -> tuple[int, int | None] | None:
        """The first need (entry, seat) or reservation (entry, None) of ``card`` after ``index``."""
        best: tuple[int, int | None] | None = None
        for deadline, seat in self.needs.get(card, ()):
            if deadline > index:
                best = (deadline, seat)
                break
        for deadline in self.reserved.get(card, ()):
            if deadline > index and (best is None or deadline < best[0]):
                return (deadline, None)
        return best

    def requirements_after(self, card: Card, index: int) -> list[tuple[int, int | None]]:
        """Every need (entry, seat) and reservation (entry, None) of ``card`` after ``index``."""
        found: list[tuple[int, int | None]] = [
            (deadline, seat) for deadline, seat in self.needs.get(card, ()) if deadline > index
        ]
        found.extend(
            (deadline, None) for deadline in self.reserved.get(card, ()) if deadline > index
        )
        found.sort(key=lambda pair: pair[0])
        return found

    def is_free(self, card: Card, index: int) -> bool:
        """Whether ``card`` is a gangster card the log never shows from entry ``index`` on."""
        return isinstance(card, GangsterCard) and self.last_mention.get(card, -1) < index

    def release(self, card: Card, index: int, deck: frozenset[Card]) -> int | None:
        """The first entry from ``index`` on at which ``card`` can be drawn; None if never."""
        if card in deck:
            return index
        return next(
            (entry for entry in self.entries_into_deck.get(card, ()) if entry >= index), None
        )


_CARD_FIELDS: dict[type, tuple[str, ...]] = {}


def _cards_in(item: object) -> Iterator[Card]:
    """Every card that ``item`` (a command or event, seen or not) shows."""
    if isinstance(item, GangsterCard | SpecialCard):
        yield item
    elif isinstance(item, tuple):
        for part in item:
            yield from _cards_in(part)
    elif attrs.has(type(item)):
        names = _CARD_FIELDS.get(type(item))
        if names is None:
            names = tuple(
                field.name
                for field in attrs.fields(cast(Any, type(item)))  # attrs.has said it is attrs
                if field.name != "options"
            )
            _CARD_FIELDS[type(item)] = names
        for name in names:
            yield from _cards_in(getattr(item, name))


# ---------------------------------------------------------------------------- matching


def _matches_all(
    jobs: Sequence[tuple[int, int, Card | None]],
    slots: Sequence[tuple[int, frozenset[Card] | None]],
) -> bool:
    """Whether every job (release, deadline, card) gets its own slot (entry, pool) in time.

    A job fits a slot whose entry lies from its release to before its deadline and whose pool,
    if any, holds its card. Exact: a maximum bipartite matching by augmenting paths.
    """
    return _unplaced(jobs, slots) is None


def _unplaced(
    jobs: Sequence[tuple[int, int, Card | None]],
    slots: Sequence[tuple[int, frozenset[Card] | None]],
) -> tuple[int, int, Card | None] | None:
    """The first job, by deadline, that gets no slot when the earlier ones have theirs; or None.

    Every set of jobs that all fit their slots leaves out at least one job due no later than
    it: the jobs the failed augmenting search reached are due no later (they were placed
    first) and together fit fewer slots than they are (Hall's condition).
    """
    owner: list[int | None] = [None] * len(slots)
    for job in sorted(range(len(jobs)), key=lambda j: jobs[j][1]):
        if not _place(job, set(), jobs, slots, owner):
            return jobs[job]
    return None


def _place(
    job: int,
    seen: set[int],
    jobs: Sequence[tuple[int, int, Card | None]],
    slots: Sequence[tuple[int, frozenset[Card] | None]],
    owner: list[int | None],
) -> bool:
    """Give ``job`` a slot, moving other jobs along an augmenting path; False if none."""
    for index, slot in enumerate(slots):
        if index in seen or not _fits(jobs[job], slot):
            continue
        seen.add(index)
        holder = owner[index]
        if holder is None or _place(holder, seen, jobs, slots, owner):
            owner[index] = job
            return True
    return False


def _fits(job: tuple[int, int, Card | None], slot: tuple[int, frozenset[Card] | None]) -> bool:
    """Whether ``slot`` (entry, pool) lies in ``job``'s window and its pool allows its card."""
    release, deadline, card = job
    entry, pool = slot
    return release <= entry < deadline and (pool is None or card is None or card in pool)


def _served(
    jobs: Sequence[tuple[int, int, Card | None]], card: Card | None
) -> list[tuple[int, int, Card | None]]:
    """``jobs`` less the one that an arrival of ``card`` now meets (None: a spare gangster card).

    A card meets its own job. A gangster card that has none (one the log never shows again, or
    one of several cards revealed together) meets the wildcard job due first: wildcard jobs
    differ only in their deadlines, so meeting the earliest one leaves the most room.
    """
    rest = list(jobs)
    own = [job for job in jobs if card is not None and job[2] == card]
    if own:
        rest.remove(own[0])
    elif card is None or isinstance(card, GangsterCard):
        wildcards = [job for job in jobs if job[2] is None]
        if wildcards:
            rest.remove(min(wildcards, key=lambda job: job[1]))
    return rest


def _urgent_arrivals(
    jobs: list[tuple[int, int, Card | None]],
    later: list[tuple[int, frozenset[Card] | None]],
    needed: list[Card],
    spare: list[Card],
) -> list[Card]:
    """The arrivals that may be when the later arrivals cannot meet what the seat needs.

    This card must then meet one of its needs (``needed``, soonest first, or a face-down play
    through a ``spare`` gangster card), such that the rest still fit the later arrivals.
    """
    needed = [card for card in needed if _matches_all(_served(jobs, card), later)]
    if not _matches_all(_served(jobs, None), later):
        return needed
    if min(jobs, key=lambda job: job[1])[2] is None:
        return [*spare, *needed]
    return [*needed, *spare]


def _grown(
    chosen: frozenset[Card],
    remaining: list[tuple[int, Card]],
    deadline: int,
    seen: set[frozenset[Card]],
) -> list[frozenset[Card]]:
    """``chosen`` with one more card of ``remaining`` due by ``deadline``, each new set once."""
    grown = []
    for due, card in remaining:
        larger = chosen | {card}
        if due <= deadline and card not in chosen and larger not in seen:
            seen.add(larger)
            grown.append(larger)
    return grown


def _short(
    chosen: frozenset[Card],
    remaining: list[tuple[int, Card]],
    fixed: list[tuple[int, int, Card | None]],
    later: list[tuple[int, frozenset[Card] | None]],
    spares: int,
) -> tuple[int, int, Card | None] | None:
    """The first need a hand dealt ``chosen`` leaves without an arrival (see ``_unplaced``).

    The needs are those of ``remaining`` not dealt and ``fixed``; the arrivals are ``later``,
    and ``spares`` places of the hand, each holding a spare gangster card for a face-down play.
    """
    left = [(0, deadline, card) for deadline, card in remaining if card not in chosen]
    held: list[tuple[int, frozenset[Card] | None]] = [(0, frozenset())]
    return _unplaced([*left, *fixed], [*held * spares, *later])


def _fewest(
    chosen: frozenset[Card],
    remaining: list[tuple[int, Card]],
    fixed: list[tuple[int, int, Card | None]],
    later: list[tuple[int, frozenset[Card] | None]],
    most: int,
) -> int:
    """The fewest spare places (up to ``most``) that let a hand dealt ``chosen`` do (``_short``)."""
    return next(
        (
            spares
            for spares in range(most)
            if _short(chosen, remaining, fixed, later, spares) is None
        ),
        most,
    )


def _fills(room: int, spare: int, first: int) -> list[int]:
    """How many spare gangster cards to try in a hand, ``first`` and up first, then fewer."""
    return sorted(range(min(room, spare) + 1), key=lambda fill: (fill < first, abs(fill - first)))


# ------------------------------------------------------------------------------ search

_STATEFUL: Final = (GangsterPlayed, PoliceRaidPlayed, LimousinePlayed)

_MAX_HANDS: Final = 5_000
"""The most starting hands tried for one seat; past it a refusal is only undecided."""

_MAX_SETS: Final = 20_000
"""The most sets of needed cards weighed for one seat's starting hand (same)."""

_NO_SPARE: Final = (
    "every gangster card this player could hold here is one the log shows later elsewhere, "
    "so none is left to lie face down here"
)

_NO_ARRIVAL: Final = (
    "no card can arrive here that agrees with what the log shows later: a card it shows "
    "leaving this hand could not have reached it in time"
)
"""Events whose redaction depends on the state just before them, not only the command's."""


@frozen
class _Failure:
    index: int
    rule: str | None
    reason: str
    recorded: SeenEvent | SeenCommand | None = None
    expected: SeenEvent | SeenCommand | None = None
    depth: int = 0
    """How far into the entry the replay got: 0 before the command, 1 at what the viewer may
    see of it, 2 at the engine's verdict, 3 at the command as redacted, then 4 plus the number
    of events that agreed."""


_Frame = tuple[int, GameState | None, Iterator[Command], object]
"""A choice point of the search: (entry, state before it, candidates left, the state's key)."""


class _Search:
    """A depth-first search for a complete game that redacts to ``entries`` (see module)."""

    def __init__(
        self,
        entries: Sequence[SeenEntry],
        viewer: int | None,
        chooser: Chooser | None,
        limit: int,
    ) -> None:
        self.entries = entries
        self.viewer = viewer
        self.chooser = chooser
        self.plan = _Plan(entries, viewer)
        self.steps = 0
        self.limit = limit
        self.truncated = False
        """Whether some choice was not enumerated in full (a refusal is then undecided)."""
        self.failed: set[object] = set()
        self.deepest: _Failure | None = None

    # --- the search

    def run(self) -> Witness | _Failure | Undecided:
        """Search; a witness, the deepest failure, or Undecided past the step limit."""
        frames: list[_Frame] = []
        commands: list[Command] = []
        events: list[tuple[Event, ...]] = []
        index, state = 0, None
        while index < len(self.entries):
            frames.append(self._frame(index, state))
            outcome = self._advance(frames, commands, events)
            if not isinstance(outcome, tuple):
                return outcome
            index, state = outcome
        return self._witness(commands, events, state)

    def _frame(self, index: int, state: GameState | None) -> _Frame:
        """A choice point: the entry, the state before it, its candidates, the state's key."""
        key = self._key(index, state)
        candidates = iter(()) if key in self.failed else self._candidates(index, state)
        return (index, state, candidates, key)

    def _advance(
        self, frames: list[_Frame], commands: list[Command], events: list[tuple[Event, ...]]
    ) -> tuple[int, GameState] | _Failure | Undecided:
        """Replay the next fitting candidate of the latest choice point: the next entry and state.

        A choice point with none left is dropped, its state recorded as leading nowhere. Once
        none is left at all: the deepest failure; at the step limit: Undecided.
        """
        while True:
            index, before, candidates, key = frames[-1]
            if self.steps >= self.limit:
                return self._undecided(index)
            outcome = self._next_success(index, before, candidates)
            if outcome is not None:
                command, state, caused = outcome
                del commands[index:], events[index:]
                commands.append(command)
                events.append(caused)
                return index + 1, state
            self.failed.add(key)
            frames.pop()
            if not frames:
                assert self.deepest is not None
                return self.deepest

    def _undecided(self, index: int) -> Undecided:
        deepest = self.deepest
        if deepest is None:
            return Undecided(index, self.steps)
        return Undecided(
            deepest.index,
            self.steps,
            deepest.rule,
            deepest.reason,
            deepest.recorded,
            deepest.expected,
        )

    def _next_success(
        self, index: int, state: GameState | None, candidates: Iterator[Command]
    ) -> tuple[Command, GameState, tuple[Event, ...]] | None:
        for command in candidates:
            self.steps += 1
            result = self._try(index, state, command)
            if isinstance(result, _Failure):
                self._note(result)
                continue
            return (command, *result)
        return None

    def _note(self, failure: _Failure) -> None:
        """Keep the failure that got furthest: the latest entry, and in it the furthest step."""
        deepest = self.deepest
        if deepest is None or (failure.index, failure.depth) > (deepest.index, deepest.depth):
            self.deepest = failure

    def _try(
        self, index: int, state: GameState | None, command: Command
    ) -> tuple[GameState, tuple[Event, ...]] | _Failure:
        entry = self.entries[index]
        viewer = self.viewer
        if command is entry.command:  # a command the log shows whole: may the viewer see it?
            hidden = self._hidden_from_viewer(index, state, command)
            if hidden is not None:
                return hidden
        try:
            after, caused = step(state, command)
        except IllegalCommand as error:
            return _Failure(index, error.rule, error.message, depth=2)
        except ChicagoPokerError as error:  # pragma: no cover - the engine only raises the above
            return _Failure(index, None, str(error), depth=2)
        seen_command = redact_command(state, command, viewer)
        if seen_command != entry.command:
            return _Failure(index, None, "the command differs", entry.command, seen_command, 3)
        failure = self._events_failure(index, state, after, caused)
        return (after, caused) if failure is None else failure

    def _hidden_from_viewer(
        self, index: int, state: GameState | None, command: Command
    ) -> _Failure | None:
        """The failure of a command the log shows whole, though the viewer may not see it."""
        try:
            shown_command = redact_command(state, command, self.viewer)
        except (ChicagoPokerError, ValueError):
            shown_command = command  # the engine says what is wrong with it
        if shown_command != command:
            return _Failure(index, None, "the command differs", command, shown_command, 1)
        return None

    def _events_failure(
        self, index: int, state: GameState | None, after: GameState, caused: tuple[Event, ...]
    ) -> _Failure | None:
        """The first of the engine's events that, redacted, differs from the log's; or None."""
        viewer = self.viewer
        before = state if state is not None else after
        chained = any(isinstance(event, _STATEFUL) for event in caused)
        shown = self.entries[index].events
        for position, event in enumerate(caused):
            seen = redact(
                before if event is not caused[0] or state is not None else None, event, viewer
            )
            if position >= len(shown) or shown[position] != seen:
                recorded = shown[position] if position < len(shown) else None
                return _Failure(index, None, f"event {position + 1}", recorded, seen, 4 + position)
            if chained:
                before = apply(before, event)
        if len(shown) > len(caused):
            return _Failure(
                index, None, f"event {len(caused) + 1}", shown[len(caused)], None, 4 + len(caused)
            )
        return None

    def _witness(
        self, commands: list[Command], events: list[tuple[Event, ...]], state: GameState | None
    ) -> Witness:
        plan = self.plan
        hidden = unrevealed = 0
        arrivals = _arrivals(commands, events, self.viewer)
        for index, card in arrivals:
            hidden += 1
            if plan.last_mention.get(card, -1) <= index:
                unrevealed += 1
        return Witness(tuple(commands), tuple(events), state, hidden, unrevealed, self.steps)

    # --- interchangeable states

    def _key(self, index: int, state: GameState | None) -> object:
        """``state`` with every card the log never shows again written as the same blank."""
        if state is None:
            return (index, None)
        plan = self.plan
        # Columns in order: where a card lies decides its face and where a shootout shows it.
        columns = tuple(
            (
                business.tile,
                tuple(_blanked(plan, index, column.cards) for column in business.columns),
            )
            for business in state.businesses
        )
        shootout = state.shootout
        choices = () if shootout is None else _blanked_choices(plan, index, shootout.choices)
        return (
            index,
            tuple(_blank(plan, index, player.hand) for player in state.players),
            _blank(plan, index, state.draw_pile),
            _blank(plan, index, state.discard_pile),
            columns,
            choices,
        )

    # --- candidates

    def _candidates(self, index: int, state: GameState | None) -> Iterator[Command]:
        seen = self.entries[index].command
        match seen:
            case RedactedStartGame():
                return self._deals(seen)
            case RedactedDealCard():
                return self._draws(index, state)
            case RedactedPlayGangster(player=seat, business=tile):
                return self._plays(index, state, seat, tile)
            case RedactedSendReinforcement(player=seat):
                return self._reinforcements(index, state, seat)
            case RedactedPlayBribery(player=seat):
                return self._briberies(index, state, seat)
            case RedactedPlayLimousine():
                return self._limousines(index, state, seen)
            case _:
                return iter((seen,))

    def _pick(self, options: list[_AnyCard]) -> list[_AnyCard]:
        """The options in search order: as given, or shuffled when sampling."""
        if self.chooser is None:
            return options
        shuffled = list(options)
        for position in range(len(shuffled) - 1, 0, -1):
            other = self.chooser.randrange(position + 1)
            shuffled[position], shuffled[other] = shuffled[other], shuffled[position]
        return shuffled

    def _arrivals_for(
        self,
        index: int,
        seat: int,
        pool: frozenset[Card],
        hand: frozenset[Card],
        deck: frozenset[Card],
        placed: frozenset[Card],
    ) -> list[Card]:
        """The cards ``seat`` may receive at ``index`` from ``pool``, most promising first.

        What the seat still needs (:meth:`_pending_needs`) must fit its arrivals to come, or
        the branch is cut (an exact matching); then see :meth:`_ranked`.
        """
        jobs = self._pending_needs(index, seat, hand, deck, placed)
        held = self._spare_in_hand(index, hand)
        later = [*held, *self._later_arrivals(seat, index)]
        if jobs is None or not _matches_all(jobs, [(index, pool), *later]):
            self._note(_Failure(index, None, _NO_ARRIVAL))
            return []
        return self._ranked(index, seat, pool, jobs, later, len(held))

    def _ranked(
        self,
        index: int,
        seat: int,
        pool: frozenset[Card],
        jobs: list[tuple[int, int, Card | None]],
        later: list[tuple[int, frozenset[Card] | None]],
        held: int,
    ) -> list[Card]:
        """The cards of ``pool`` that may arrive, most promising first; ``held``: spare in hand.

        A card may arrive if the log never shows it again, or if it next leaves this seat's
        hand. Of the gangster cards the log never shows again, one stands for all. When the
        later arrivals cannot meet the seat's needs, this one must (:func:`_urgent_arrivals`).
        """
        destined, free, others = self._sort_pool(index, seat, pool)
        needed = [card for _, card in destined]
        gangsters: list[Card] = [*self._pick([c for c in free if isinstance(c, GangsterCard)])[:1]]
        if not _matches_all(jobs, later):
            spare = [*gangsters, *(c for c in others if isinstance(c, GangsterCard))]
            return _urgent_arrivals(jobs, later, needed, spare)
        specials: list[Card] = [c for c in free if isinstance(c, SpecialCard)]
        waiting = sum(job[2] is None for job in jobs) > held
        return self._rank_arrivals(waiting, needed, gangsters, specials, others)

    def _sort_pool(
        self, index: int, seat: int, pool: frozenset[Card]
    ) -> tuple[list[tuple[int, Card]], list[Card], list[Card]]:
        """The pool's cards split: those ``seat`` needs next, those never shown again, the rest.

        The first come with their deadlines, soonest first.
        """
        plan = self.plan
        destined: list[tuple[int, Card]] = []
        free: list[Card] = []
        others: list[Card] = []
        for card in sorted(pool, key=_order):
            requirement = plan.next_requirement(card, index)
            if requirement is None:
                (free if plan.is_free(card, index + 1) else others).append(card)
            elif requirement[1] == seat:
                deadline = min(requirement[0], plan.soft_deadline.get(card, requirement[0]))
                destined.append((deadline, card))
        destined.sort(key=lambda pair: (pair[0], _order(pair[1])))
        return destined, free, others

    def _rank_arrivals(
        self,
        waiting: bool,
        needed: list[Card],
        gangsters: list[Card],
        specials: list[Card],
        others: list[Card],
    ) -> list[Card]:
        """The arrivals that may be, most promising first, when none is urgent.

        A card the seat needs later comes first: held early, it takes nothing from anyone.
        Unless a face-down play of this seat is ``waiting`` for a spare gangster card (one the
        log never shows again), those come last: they are few late in a game, and the face-down
        plays of the other seats need them.
        """
        if not waiting:
            return [*needed, *self._pick(specials), *others, *gangsters]
        if needed:
            return [*needed, *gangsters, *self._pick(specials), *others]
        return [*gangsters, *self._pick(specials), *others]

    def _pending_needs(
        self,
        index: int,
        seat: int,
        hand: frozenset[Card],
        deck: frozenset[Card],
        placed: frozenset[Card],
    ) -> list[tuple[int, int, Card | None]] | None:
        """What ``seat`` still needs to receive: (release, deadline, card); None if it cannot.

        Each card it needs (:meth:`_card_need`), and a spare gangster card (card None) for each
        face-down play of a card the log never shows (:meth:`_play_jobs`, :meth:`_group_jobs`).
        """
        jobs: list[tuple[int, int, Card | None]] = []
        for card in self.plan.needs:
            need = self._card_need(card, index, seat, (hand, deck, placed))
            if need is None:
                return None
            jobs += need
        return [*jobs, *self._play_jobs(index, seat), *self._group_jobs(index, seat, placed)]

    def _play_jobs(self, index: int, seat: int) -> list[tuple[int, int, Card | None]]:
        """A spare gangster card for each face-down play after ``index`` of a card never shown."""
        plan = self.plan
        return [
            (0, entry, None)
            for entry in plan.hidden_plays.get(seat, ())
            if entry > index
            and (entry, 0) not in plan.token_card
            and (entry, 0) not in plan.group_of
        ]

    def _group_jobs(
        self, index: int, seat: int, placed: frozenset[Card]
    ) -> list[tuple[int, int, Card | None]]:
        """A spare gangster card for each play of the seat's groups that their cards leave over."""
        jobs: list[tuple[int, int, Card | None]] = []
        for tokens, cards, owner in self.plan.groups:
            if owner == seat:
                future = self._future_plays(tokens, index + 1)
                left = len(future) - sum(
                    not self._in_group(card, index, seat, placed) for card in cards
                )
                if left > 0:
                    jobs.extend([(0, max(future), None)] * left)
        return jobs

    def _card_need(
        self,
        card: Card,
        index: int,
        seat: int,
        cards: tuple[frozenset[Card], frozenset[Card], frozenset[Card]],
    ) -> list[tuple[int, int, Card | None]] | None:
        """The need of ``card`` by ``seat`` (none, or one); None if it cannot arrive in time.

        ``cards`` are the seat's hand, the draw deck and the cards in columns.
        """
        hand, deck, placed = cards
        previous: int | None = None
        for entry, owner in self.plan.requirements_after(card, index):
            if owner != seat:
                previous = entry
                continue
            grouped = (card, entry) in self.plan.group_needs
            if previous is None and (card in hand or (grouped and card in placed)):
                return []  # here already, or played into its group already
            if previous is None:
                release = self.plan.release(card, index, deck)
            else:
                release = self.plan.release(card, previous, frozenset())
            return None if release is None else [(release, entry, card)]
        return []

    def _in_group(self, card: Card, index: int, seat: int, placed: frozenset[Card]) -> bool:
        """Whether ``card``, shown among a group of plays, lies in its group already.

        It does if it lies in a column and the log shows it next as one of the group's cards:
        a card leaves a column only in sight (a shootout, a Liquidation).
        """
        requirement = self.plan.next_requirement(card, index)
        return (
            card in placed
            and requirement is not None
            and requirement[1] == seat
            and (card, requirement[0]) in self.plan.group_needs
        )

    def _future_plays(self, tokens: frozenset[_Token], index: int) -> list[int]:
        """The entries, from ``index`` on, of the plays of a group that no card is bound to."""
        bound = self.plan.token_card
        return [token[0] for token in tokens if token[0] >= index and token not in bound]

    def _placed_for(self, seat: int, state: GameState) -> frozenset[Card]:
        """The cards in columns, which only the needs of a seat's groups of plays ask about."""
        if any(owner == seat for _, _, owner in self.plan.groups):
            return _placed(state)
        return frozenset()

    def _spare_in_hand(
        self, index: int, hand: frozenset[Card]
    ) -> list[tuple[int, frozenset[Card]]]:
        """One arrival, already made, for each gangster card in ``hand`` that nothing needs."""
        plan = self.plan
        spare = 0
        for card in hand:
            requirement = plan.next_requirement(card, index)
            if isinstance(card, GangsterCard) and requirement is None:
                spare += 1
        return [(index, frozenset())] * spare

    def _later_arrivals(self, seat: int, index: int) -> list[tuple[int, frozenset[Card] | None]]:
        return [(entry, pool) for entry, pool in self.plan.draws.get(seat, ()) if entry > index]

    def _draws(self, index: int, state: GameState | None) -> Iterator[Command]:
        if state is None or not state.pending_draws or not state.draw_pile:
            return iter((DealCard(_any_card(state)),))  # the engine says why not
        seat = state.pending_draws[0]
        player = state.players[seat]
        pile = state.draw_pile
        placed = self._placed_for(seat, state)
        cards = self._arrivals_for(index, seat, pile, player.hand, pile, placed)
        return (DealCard(card) for card in cards)

    def _deals(self, seen: RedactedStartGame) -> Iterator[Command]:
        """Every way to deal the hidden hands, most promising first (lazily)."""
        deck = frozenset(tactical_deck() if seen.options.tactical else full_deck())
        shown = {card for hand in seen.hands for card in hand if card is not None}
        pool = frozenset(deck - shown)
        probe = _fill(seen, pool)
        seats = [seat for seat, hand in enumerate(seen.hands) if None in hand]
        if any(card not in deck for card in shown) or len(shown) < sum(map(len, seen.hands)) - sum(
            hand.count(None) for hand in seen.hands
        ):
            return iter((probe,))
        spare = self._pick([card for card in sorted(pool, key=_order) if self._spare(card)])
        options = [
            self._hands_for(seat, seen.hands[seat].count(None), pool, spare) for seat in seats
        ]
        deals = _with_spare(_product_distinct(options), spare)
        return _with_probe(_start_commands(seen, seats, deals), probe)

    def _spare(self, card: Card) -> bool:
        """Whether the log never shows ``card`` after the deal: any seat may have it."""
        return self.plan.next_requirement(card, 0) is None and self.plan.is_free(card, 1)

    def _hands_for(
        self, seat: int, size: int, pool: frozenset[Card], spare: list[Card]
    ) -> list[tuple[list[Card], int]]:
        """The hidden starting hands of ``seat`` worth trying, most promising first.

        A card the seat needs before any later arrival could bring it is in every hand; of the
        other cards it needs, every set whose absence the later arrivals can make up for
        (:meth:`_dealt_sets`), completed by :meth:`_filled`. Past :data:`_MAX_HANDS` hands, or
        :data:`_MAX_SETS` sets looked at, a refusal is only undecided.
        """
        destined = self._destined_at_start(seat, pool)
        later = self._later_arrivals(seat, 0)
        certain = _certain(destined, later)
        if len(certain) > size:
            return []  # more cards are due before any draw than a hand holds
        remaining = [(deadline, card) for deadline, card in destined if card not in certain]
        fixed = self._other_jobs(seat, pool, {card for _, card in destined})
        sets = self._dealt_sets(remaining, fixed, later, size - len(certain))
        return self._filled(certain, remaining, sets, size, pool, spare)

    def _filled(
        self,
        certain: list[Card],
        remaining: list[tuple[int, Card]],
        sets: Iterator[tuple[frozenset[Card], int]],
        size: int,
        pool: frozenset[Card],
        spare: list[Card],
    ) -> list[tuple[list[Card], int]]:
        """Each of ``sets`` dealt with ``certain``, then completed (:meth:`_complete`).

        The rest of a hand: cards of ``remaining`` not in the set, cards nothing needs, spares.
        """
        fillers, spare_count = self._fillers(pool, spare)
        hands: list[tuple[list[Card], int]] = []
        tried: set[frozenset[Card]] = set()
        for chosen, fewest in sets:
            extras = [card for _, card in remaining if card not in chosen] + fillers
            dealt = [*certain, *sorted(chosen, key=_order)]
            fills = _fills(size - len(dealt), spare_count, fewest)
            if not self._complete(dealt, size, extras, fills, hands, tried):
                break
        return hands

    def _destined_at_start(self, seat: int, pool: frozenset[Card]) -> list[tuple[int, Card]]:
        """The cards of ``pool`` the log next shows with ``seat``, by deadline, soonest first."""
        plan = self.plan
        return sorted(
            (
                (requirement[0], card)
                for card in pool
                if (requirement := plan.next_requirement(card, 0)) is not None
                and requirement[1] == seat
            ),
            # A card shown among a group of plays may be due by the group's first play.
            key=lambda pair: (plan.soft_deadline.get(pair[1], pair[0]), pair[0], _order(pair[1])),
        )

    def _other_jobs(
        self, seat: int, pool: frozenset[Card], destined: set[Card]
    ) -> list[tuple[int, int, Card | None]]:
        """What ``seat`` needs that no dealt card can meet by itself, as at the deal.

        These are the cards it needs only after they went elsewhere first (they come back
        through the draw deck), and the face-down plays that need a gangster card nothing
        else needs (a spare gangster card dealt may meet those). Empty if some card can never
        arrive: the search then finds where.
        """
        jobs = self._pending_needs(0, seat, frozenset(), pool, frozenset())
        return [job for job in jobs or () if job[2] not in destined]

    def _fillers(self, pool: frozenset[Card], spare: list[Card]) -> tuple[list[Card], int]:
        """The cards of ``pool`` nothing needs after the deal but ``spare``; how many of those."""
        free = [card for card in pool if self.plan.next_requirement(card, 0) is None]
        fillers = [
            card
            for card in sorted(free, key=_order)
            if isinstance(card, SpecialCard)
            or (isinstance(card, GangsterCard) and card not in spare)
        ]
        return fillers, sum(card in spare for card in free)

    def _dealt_sets(
        self,
        remaining: list[tuple[int, Card]],
        fixed: list[tuple[int, int, Card | None]],
        later: list[tuple[int, frozenset[Card] | None]],
        room: int,
    ) -> Iterator[tuple[frozenset[Card], int]]:
        """Sets of needed cards whose dealing lets the later draws bring the rest (:func:`_short`).

        Each comes with the fewest spare gangster cards a hand dealt it must hold for that.

        Every set that does so holds one of these: when a set falls short, the first need left
        without an arrival shows which needs are short of arrivals (all due no later than it),
        and one of them must be dealt too. Smallest sets and earliest needs come first.
        """
        seen: set[frozenset[Card]] = set()
        frontier: list[frozenset[Card]] = [frozenset()]
        while frontier:
            grown: list[frozenset[Card]] = []
            for chosen in frontier:
                if len(seen) > _MAX_SETS:
                    self.truncated = True
                    return
                short = _short(chosen, remaining, fixed, later, room - len(chosen))
                if short is None:
                    yield chosen, _fewest(chosen, remaining, fixed, later, room - len(chosen))
                    continue
                if len(chosen) < room:
                    grown += _grown(chosen, remaining, short[1], seen)
            frontier = grown

    def _complete(
        self,
        dealt: list[Card],
        size: int,
        extras: list[Card],
        fills: list[int],
        hands: list[tuple[list[Card], int]],
        tried: set[frozenset[Card]],
    ) -> bool:
        """Add to ``hands`` each new way to fill ``dealt`` up to ``size``; False past the limit.

        The rest of a hand is some of ``extras`` and spare gangster cards (as many as each of
        ``fills``), which stand for one another, so a hand is told by its other cards and count.
        """
        for fill in fills:
            for extra in itertools.combinations(extras, size - len(dealt) - fill):
                cards = [*dealt, *extra]
                if frozenset(cards) not in tried:
                    tried.add(frozenset(cards))
                    hands.append((cards, fill))
                if len(hands) >= _MAX_HANDS:
                    self.truncated = True
                    return False
        return True

    def _plays(
        self, index: int, state: GameState | None, seat: int, tile: BusinessTile
    ) -> Iterator[Command]:
        plan = self.plan
        bound = plan.token_card.get((index, 0))
        if bound is not None:
            return iter((PlayGangster(seat, _as_gangster(bound), tile),))
        hand = _hand_of(state, seat)
        options = sorted(plan.token_options.get((index, 0), ()), key=_order)
        optional = [card for card in options if card in hand]
        free = self._free_gangsters(hand, index)
        cards = [*map(_as_gangster, optional), *self._pick(free)[:1]]
        if not cards and not any(isinstance(card, GangsterCard) for card in hand):
            # The engine says why: no gangster card to play, or not this seat's turn.
            probe = next(iter(sorted(hand, key=_order)), _any_gangster())
            return iter((PlayGangster(seat, _as_gangster(probe), tile),))
        if not cards:
            self._note(_Failure(index, None, _NO_SPARE))
        return (PlayGangster(seat, card, tile) for card in cards)

    def _free_gangsters(self, hand: frozenset[Card], index: int) -> list[GangsterCard]:
        """The gangster cards of ``hand`` that the log never shows again, in order."""
        return [
            c
            for c in sorted(hand, key=_order)
            if isinstance(c, GangsterCard) and self.plan.next_requirement(c, index - 1) is None
        ]

    def _reinforcements(self, index: int, state: GameState | None, seat: int) -> Iterator[Command]:
        plan = self.plan
        token = (index, 0)
        if token in plan.token_card:
            card = plan.token_card[token]
            if card is None:
                return iter((DeclineReinforcement(seat),))
            return iter((SendReinforcement(seat, _as_gangster(card)),))
        hand = _hand_of(state, seat)
        free = self._free_gangsters(hand, index)
        commands: list[Command] = [SendReinforcement(seat, card) for card in self._pick(free)[:1]]
        commands.append(DeclineReinforcement(seat))
        return iter(commands)

    def _briberies(self, index: int, state: GameState | None, seat: int) -> Iterator[Command]:
        if state is None or not state.discard_pile or not 0 <= seat < len(state.players):
            return iter((PlayBribery(seat, BRIBERY),))
        player = state.players[seat]
        deck = state.draw_pile | state.discard_pile
        pile = state.discard_pile
        placed = self._placed_for(seat, state)
        cards = self._arrivals_for(index, seat, pile, player.hand, deck, placed)
        if not cards:
            return iter((PlayBribery(seat, next(iter(sorted(state.discard_pile, key=_order)))),))
        return (PlayBribery(seat, card) for card in cards)

    def _limousines(
        self, index: int, state: GameState | None, seen: RedactedPlayLimousine
    ) -> Iterator[Command]:
        if state is None:
            return iter(())
        viewer = self.viewer
        fitting = [
            command
            for command in legal_commands(state, seen.player)
            if isinstance(command, PlayLimousine)
            and command.source == seen.source
            and command.destination == seen.destination
            and len(command.cards) == len(seen.cards)
            and redact_command(state, command, viewer) == seen
        ]
        if not fitting:
            return iter((_limousine_probe(state, seen),))
        return iter(sorted(fitting, key=lambda command: self._misplaced(index, command)))

    def _misplaced(self, index: int, command: Command) -> int:
        """How many cards ``command`` puts where the log later shows other cards (Limousine)."""
        shown = self.plan.slot_card
        cards = command.cards if isinstance(command, PlayLimousine) else ()
        return sum(shown.get((index, place), card) != card for place, card in enumerate(cards))


# ------------------------------------------------------------------------------ helpers


def _blank(plan: _Plan, index: int, cards: frozenset[Card]) -> tuple[object, ...]:
    """The cards the log shows again, sorted, then how many it never shows again."""
    kept = sorted((c for c in cards if not plan.is_free(c, index)), key=_order)
    return (*kept, sum(plan.is_free(c, index) for c in cards))


def _blanked(plan: _Plan, index: int, cards: tuple[Card, ...]) -> tuple[Card | None, ...]:
    """The cards in order, each the log never shows again as None."""
    return tuple(None if plan.is_free(card, index) else card for card in cards)


def _blanked_choices(
    plan: _Plan, index: int, choices: tuple[tuple[int, GangsterCard | None], ...]
) -> tuple[tuple[int, GangsterCard | None], ...]:
    """The reinforcement choices, each card the log never shows again as None."""
    return tuple(
        (seat, None if card is None or plan.is_free(card, index) else card)
        for seat, card in choices
    )


def _start_commands(
    seen: RedactedStartGame, seats: list[int], deals: Iterator[list[list[Card]]]
) -> Iterator[Command]:
    """The StartGame of each deal of the hidden hands of ``seats``."""
    return (
        StartGame(
            seen.players,
            _dealt(seen.hands, dict(zip(seats, deal, strict=True))),
            seen.businesses,
            seen.first_player,
            seen.options,
        )
        for deal in deals
    )


def _hand_of(state: GameState | None, seat: int) -> frozenset[Card]:
    """The hand of ``seat``; empty when there is no state or no such seat."""
    if state is not None and 0 <= seat < len(state.players):
        return state.players[seat].hand
    return frozenset()


def _limousine_probe(state: GameState, seen: RedactedPlayLimousine) -> PlayLimousine:
    """A Limousine move for the engine to refuse, saying why none fits the log."""
    business = state.business(seen.source)
    column = (
        business.columns[seen.player].cards
        if business is not None and 0 <= seen.player < len(state.players)
        else ()
    )
    cards = column[len(column) - len(seen.cards) :] or (_any_gangster(),)
    return PlayLimousine(seen.player, seen.source, seen.destination, tuple(cards))


def _slots_in(items: list[_Item]) -> list[_Slot]:
    """The Limousine places that ``items`` hold."""
    return [origin for item in items for origin in item if isinstance(origin, _Slot)]


def _take(remaining: list[_Item], card: Card | None) -> _Item | None:
    """The item of a known card, taken from ``remaining``; None if the log cannot tell it."""
    item: _Item = frozenset({card}) if card is not None else frozenset()
    if card is not None and item in remaining:
        remaining.remove(item)
        return item
    return None


def _certain(
    destined: list[tuple[int, Card]], later: list[tuple[int, frozenset[Card] | None]]
) -> list[Card]:
    """The cards needed before any later arrival could bring them: these are dealt."""
    return [
        card
        for deadline, card in destined
        if not any(entry < deadline and (pool is None or card in pool) for entry, pool in later)
    ]


def _placed(state: GameState) -> frozenset[Card]:
    """The cards in the columns of the businesses."""
    return frozenset(
        card
        for business in state.businesses
        for column in business.columns
        for card in column.cards
    )


def _as_gangster(card: Card) -> GangsterCard:
    """``card`` where a gangster card belongs, passed on as it is.

    A special card there is the engine's to refuse (R-1.8); commands hold any card at run time.
    """
    return cast(GangsterCard, card)


def _order(card: Card) -> int:
    return card.order


def _any_card(state: GameState | None) -> Card:
    if state is not None and state.draw_pile:
        return min(state.draw_pile, key=_order)
    return _any_gangster()


def _any_gangster() -> GangsterCard:
    return next(card for card in full_deck() if isinstance(card, GangsterCard))


def _fill(seen: RedactedStartGame, pool: frozenset[Card]) -> StartGame:
    """A start with its hidden cards filled from ``pool`` in order, for the engine to judge."""
    spare = iter(sorted(pool, key=_order))
    hands = tuple(
        tuple(card if card is not None else next(spare, _any_gangster()) for card in hand)
        for hand in seen.hands
    )
    return StartGame(seen.players, hands, seen.businesses, seen.first_player, seen.options)


def _dealt(
    hands: tuple[tuple[Card | None, ...], ...], hidden: dict[int, list[Card]]
) -> tuple[tuple[Card, ...], ...]:
    result = []
    for seat, hand in enumerate(hands):
        cards = iter(hidden.get(seat, ()))
        result.append(tuple(card if card is not None else next(cards) for card in hand))
    return tuple(result)


def _with_probe(commands: Iterator[Command], probe: Command) -> Iterator[Command]:
    """``commands``, or ``probe`` if there are none (so that the engine says why)."""
    empty = True
    for command in commands:
        empty = False
        yield command
    if empty:
        yield probe


_Hand = tuple[list[Card], int]


def _product_distinct(options: list[list[_Hand]]) -> Iterator[list[_Hand]]:
    """Every choice of one hand per seat with no card in two hands, lazily, in order."""

    def extend(seat: int, used: frozenset[Card], chosen: list[_Hand]) -> Iterator[list[_Hand]]:
        if seat == len(options):
            yield list(chosen)
            return
        for hand in options[seat]:
            if used.isdisjoint(hand[0]):
                chosen.append(hand)
                yield from extend(seat + 1, used | frozenset(hand[0]), chosen)
                chosen.pop()

    return extend(0, frozenset(), [])


def _with_spare(deals: Iterator[list[_Hand]], spare: list[Card]) -> Iterator[list[list[Card]]]:
    """Each deal with its hands completed from ``spare``, each spare card to one seat."""
    for deal in deals:
        used = {card for cards, _ in deal for card in cards}
        left = iter(card for card in spare if card not in used)
        hands = [[*cards, *itertools.islice(left, count)] for cards, count in deal]
        if all(
            len(hand) == len(cards) + count
            for hand, (cards, count) in zip(hands, deal, strict=True)
        ):
            yield hands


def _arrivals(
    commands: list[Command], events: list[tuple[Event, ...]], viewer: int | None
) -> Iterator[tuple[int, Card]]:
    """Every card that arrived in a hand other than the viewer's: (entry, card)."""
    for index, (command, caused) in enumerate(zip(commands, events, strict=True)):
        if isinstance(command, StartGame):
            for seat, hand in enumerate(command.hands):
                if seat != viewer:
                    for card in hand:
                        yield index, card
        for event in caused:
            if isinstance(event, CardDrawn | BriberyPlayed) and event.player != viewer:
                yield index, event.card


# --------------------------------------------------------------------------- public API


def find_witness(
    entries: Sequence[SeenEntry], viewer: int | None
) -> Witness | Impossible | Undecided:
    """A complete legal game that redacts to ``entries`` for ``viewer``, or why none exists.

    Args:
        entries: The entries of a redacted log (or a seat's redacted history), in order.
        viewer: The seat they were redacted for, or None for a spectator.

    Returns:
        A :class:`Witness` if some legal game redacts to the entries; otherwise
        :class:`Impossible`, naming the first entry such that no legal game redacts to the
        entries up to it, or :class:`Undecided` if the search reached its step limit.

    >>> from chicago_poker.players.game import Game
    >>> from chicago_poker.formats.log import redact_entries
    >>> game = Game.new(["Al", "Bugs"], seed=3)
    >>> for _ in range(20):
    ...     _ = game.execute(game.legal_commands()[0])
    >>> witness = find_witness(list(redact_entries(game.history, 1)), 1)
    >>> isinstance(witness, Witness), len(witness.commands) == len(game.history)
    (True, True)
    """
    limit = search_limit(len(entries))
    search = _Search(entries, viewer, None, limit)
    result = search.run()
    if isinstance(result, Witness | Undecided):
        return result
    if search.truncated:
        return search._undecided(result.index)
    return _first_impossible(entries, viewer, result, limit - search.steps)


def _first_impossible(
    entries: Sequence[SeenEntry], viewer: int | None, failure: _Failure, budget: int
) -> Impossible | Undecided:
    """The first prefix of ``entries`` that no legal game redacts to (they only get harder).

    The search reached ``failure.index``, so every shorter prefix has a witness; the first
    impossible prefix is found by bisection from there.
    """
    low, high = failure.index, len(entries) - 1
    found: _Failure | None = None
    while low <= high:
        middle = (low + high) // 2
        probe = _Search(entries[: middle + 1], viewer, None, budget)
        outcome = probe.run()
        budget -= probe.steps
        if isinstance(outcome, Undecided):
            return outcome
        if isinstance(outcome, _Failure) and probe.truncated:
            return probe._undecided(outcome.index)
        if isinstance(outcome, _Failure):
            found, high = outcome, middle - 1
        else:
            low = middle + 1
    chosen = found if found is not None else failure
    return Impossible(chosen.index, chosen.rule, chosen.reason, chosen.recorded, chosen.expected)


def consistent_state(
    entries: Sequence[SeenEntry], viewer: int | None, chooser: Chooser
) -> GameState:
    """A complete state consistent with everything ``viewer`` saw in ``entries``, at random.

    Every hidden card gets an identity that agrees with all that the entries show; the
    returned state gives ``viewer`` the same view as the real one, and the game that leads
    to it redacts to ``entries``. The identities are drawn by a randomized search, not
    uniformly over all consistent deals (see the docs).

    Raises:
        InvalidArgumentError: No legal game redacts to ``entries`` (a ``ValueError``), or the
            search stopped at its bound before finding one; the message says which, and
            names the entry where the search got furthest.
    """
    search = _Search(entries, viewer, chooser, search_limit(len(entries)))
    result = search.run()
    if isinstance(result, _Failure) and search.truncated:
        result = search._undecided(result.index)
    if isinstance(result, Witness) and result.state is not None:
        return result.state
    raise _no_state(result)


def _no_state(result: Witness | _Failure | Undecided) -> InvalidArgumentError:
    """Why :func:`consistent_state` has no state to give."""
    if isinstance(result, Witness):
        return InvalidArgumentError("consistent_state: entries holds no game: no StartGame")
    if isinstance(result, Undecided):
        return InvalidArgumentError(
            f"consistent_state: the search stopped after {result.searched:,} replayed commands "
            f"without a game consistent with entries; it got furthest at entry {result.index}"
        )
    rule = f"{result.rule}: " if result.rule else ""
    return InvalidArgumentError(
        f"consistent_state: no legal game gives entries: entry {result.index} is impossible "
        f"({rule}{result.reason})"
    )
