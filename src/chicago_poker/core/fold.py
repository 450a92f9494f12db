"""A seat's view rebuilt from its redacted history alone: :class:`ViewFolder`.

Folding the events a seat saw (:func:`fold_events`), or the entries of a redacted log
(:func:`fold_view`), gives exactly the view :func:`~chicago_poker.core.views.view` gives of
the real state: a seat that only ever receives its own stream knows what it may know, and
no more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Protocol, get_args

import attrs

from chicago_poker.core.cards import (
    BRIBERY,
    BUSINESS_TILES,
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
from chicago_poker.core.errors import unknown_type
from chicago_poker.core.events import (
    ActionPhaseStarted,
    BriberyPlayed,
    CardDrawn,
    DiscardPileReshuffled,
    DrawRequested,
    GameBlocked,
    GameStalled,
    GameStarted,
    GameWon,
    GangsterPlayed,
    LimousinePlayed,
    LiquidationPlayed,
    MarkerPlaced,
    PoliceRaidPlayed,
    ReinforcementChosen,
    ReinforcementDeclined,
    ReinforcementRequested,
    ReinforcementsRevealed,
    RevolverPlayed,
    ShootoutStarted,
    ShootoutVoided,
    ShootoutWon,
    TileRevealed,
    TurnEnded,
    TurnStarted,
)
from chicago_poker.core.redacted_events import (
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
from chicago_poker.core.state import (
    ShootoutStage,
    Turn,
    TurnPhase,
    Victory,
)
from chicago_poker.core.views import (
    BusinessView,
    ColumnView,
    OpponentView,
    PlayerView,
    ShootoutView,
    SlotView,
    check_viewer,
)

__all__ = [
    "ViewFolder",
    "fold_events",
    "fold_view",
]


_AS_IN_VIEW: Final = (
    "options",
    "first_player",
    "turn",
    "draw_pile_size",
    "tile_pile_size",
    "vacancies",
    "pending_draws",
    "shootout",
    "markers_placed",
    "last_winner",
    "stalled_turns",
    "winner",
    "victory",
)
"""The fields a :class:`ViewFolder` keeps as a :class:`PlayerView` holds them, by name."""


class ViewFolder:
    """Rebuild a seat's :class:`PlayerView` from the events as that seat sees them.

    Feed it, in order, the events of a game redacted for ``seat`` (:func:`redact`): it uses
    nothing the seat may not know, and :meth:`view` equals ``view(state, seat)`` of the real
    state after the same events (with one exception, see :func:`fold_view`).
    """

    def __init__(self, seat: int | None) -> None:
        """Start before GameStarted; ``seat=None`` is an observer."""
        self.seat = seat
        self.started = False
        self.options = RuleOptions()
        self.names: tuple[str, ...] = ()
        self.first_player = 0
        self.hand: set[Card] = set()
        self.hand_sizes: list[int] = []
        self.controlled: list[list[BusinessTile]] = []
        self.turn = Turn(0, -1, TurnPhase.ENDED, 0)
        self.previous_turn: Turn | None = None
        """The turn before :attr:`turn`, as it ended (see ``GameState.previous_turn``)."""
        self.tiles: list[BusinessTile] = []
        self.columns: dict[BusinessTile, list[list[GangsterCard | None]]] = {}
        self.markers: dict[BusinessTile, list[int | None]] = {}
        self.draw_pile_size = 0
        self.discard_pile: set[Card] = set()
        self.tile_pile_size = 0
        self.vacancies = 0
        self.pending_draws: tuple[int, ...] = ()
        self.shootout: ShootoutView | None = None
        self.undisclosed: set[int] = set()
        self.markers_placed = 0
        self.last_winner: int | None = None
        self.stalled_turns = 0
        self.winner: int | None = None
        self.victory: Victory | None = None

    @classmethod
    def resume(cls, seen: PlayerView) -> ViewFolder:
        """A folder that goes on from ``seen``, a view of its seat (say, of a saved game)."""
        folder = cls(seen.seat)
        folder.started = True
        for name in _AS_IN_VIEW:
            setattr(folder, name, getattr(seen, name))
        folder.names = tuple(player.name for player in seen.players)
        folder.hand = set(seen.hand or ())
        folder.hand_sizes = [player.hand_size for player in seen.players]
        folder.controlled = [list(player.controlled) for player in seen.players]
        for business in seen.businesses:
            folder._resume_business(business)
        folder.discard_pile = set(seen.discard_pile)
        return folder

    # --- helpers

    def _resume_business(self, business: BusinessView) -> None:
        """Take a face-up business as a view shows it."""
        self.tiles.append(business.tile)
        self.columns[business.tile] = [
            [slot.card for slot in column.slots] for column in business.columns
        ]
        self.markers[business.tile] = [column.marker for column in business.columns]

    def _new_business(self, tile: BusinessTile) -> None:
        self.tiles.append(tile)
        self.columns[tile] = [[] for _ in self.names]
        self.markers[tile] = [None for _ in self.names]

    def _count_action(self) -> None:
        turn = self.turn
        self.turn = attrs.evolve(turn, actions_taken=turn.actions_taken + 1)

    def _play_special(self, seat: int, card: Card) -> None:
        self._count_action()
        self.hand_sizes[seat] -= 1
        if seat == self.seat:
            self.hand.discard(card)
        self.discard_pile.add(card)

    def _clear(self, tile: BusinessTile) -> None:
        for column in self.columns[tile]:
            self.discard_pile.update(card for card in column if card is not None)
        self.shootout = None

    # --- folding

    def apply(self, event: SeenEvent) -> None:
        """Fold one event, as the seat sees it: each event by a method of its own."""
        if isinstance(event, GameStarted | RedactedGameStarted):
            self._game_started(event)
            return
        if not self.started:
            raise ValueError(f"a game must begin with GameStarted, not {type(event).__name__}")
        fold = _VIEW_FOLDS.get(type(event))
        if fold is None:
            raise unknown_type("an event", event)  # type: ignore[arg-type]  # only at run time
        fold(self, event)

    def _game_started(self, event: GameStarted | RedactedGameStarted) -> None:
        seat = self.seat
        check_viewer(seat, len(event.players))
        self.__dict__.update(ViewFolder(seat).__dict__)
        self.started = True
        self.options = event.options
        self.names = event.players
        self.first_player = event.first_player
        self.hand = set() if seat is None else {c for c in event.hands[seat] if c}
        self.hand_sizes = [len(hand) for hand in event.hands]
        self.controlled = [[] for _ in event.players]
        count = len(event.players)
        self.turn = Turn((event.first_player - 1) % count, -1, TurnPhase.ENDED, 0)
        deck = tactical_deck() if event.options.tactical else full_deck()
        self.draw_pile_size = len(deck) - sum(self.hand_sizes)
        self.tile_pile_size = len(BUSINESS_TILES) - len(event.businesses)
        for tile in event.businesses:
            self._new_business(tile)

    def _gangster_played(self, event: GangsterPlayed | RedactedGangsterPlayed) -> None:
        seat = self.seat
        self._count_action()
        self.hand_sizes[event.player] -= 1
        if event.player == seat and event.card is not None:
            self.hand.discard(event.card)
        self.columns[event.business][event.player].append(event.card)

    def _draw_requested(self, event: DrawRequested) -> None:
        self._count_action()
        self.pending_draws = (*self.pending_draws, event.player)

    def _card_drawn(self, event: CardDrawn | RedactedCardDrawn) -> None:
        seat = self.seat
        self.hand_sizes[event.player] += 1
        if event.player == seat and event.card is not None:
            self.hand.add(event.card)
        self.draw_pile_size -= 1
        self.pending_draws = self.pending_draws[1:]

    def _turn_started(self, event: TurnStarted) -> None:
        self.previous_turn = self.turn if self.turn.number >= 0 else None
        self.turn = Turn(event.player, event.number, TurnPhase.SHOOTOUTS, event.actions)

    def _action_phase_started(self, event: ActionPhaseStarted) -> None:
        self.turn = attrs.evolve(self.turn, phase=TurnPhase.ACTIONS)

    def _turn_ended(self, event: TurnEnded) -> None:
        self.turn = attrs.evolve(self.turn, phase=TurnPhase.ENDED)
        self.stalled_turns += 1

    def _marker_placed(self, event: MarkerPlaced) -> None:
        self.markers[event.business][event.player] = event.number
        self.markers_placed = event.number + 1

    def _shootout_started(self, event: ShootoutStarted) -> None:
        self.turn = attrs.evolve(self.turn, shootouts=self.turn.shootouts + 1)
        self.shootout = ShootoutView(
            event.business, event.owner, ShootoutStage.OPEN, (), (), None, 0
        )
        for owner, cards in event.hands:
            self.columns[event.business][owner] = list(cards)

    def _shootout_won(self, event: ShootoutWon) -> None:
        self._clear(event.business)
        self.controlled[event.player].append(event.business)
        self.tiles.remove(event.business)
        del self.columns[event.business], self.markers[event.business]
        self.vacancies += 1
        self.last_winner = event.player
        self.stalled_turns = 0

    def _shootout_voided(self, event: ShootoutVoided) -> None:
        self._clear(event.business)
        self.columns[event.business] = [[] for _ in self.names]
        self.markers[event.business] = [None for _ in self.names]

    def _tile_revealed(self, event: TileRevealed) -> None:
        self._new_business(event.tile)
        self.tile_pile_size -= 1
        self.vacancies -= 1

    def _reinforcement_requested(self, event: ReinforcementRequested) -> None:
        assert self.shootout is not None
        self.shootout = attrs.evolve(
            self.shootout,
            stage=ShootoutStage.CHOOSING,
            contenders=event.contenders,
            chosen=(),
            own_choice=None,
        )

    def _reinforcement_chosen(
        self, event: ReinforcementChosen | ReinforcementDeclined | RedactedReinforcementChosen
    ) -> None:
        seat = self.seat
        assert self.shootout is not None
        own = self.shootout.own_choice
        if isinstance(event, ReinforcementChosen):
            self.hand_sizes[event.player] -= 1
            if event.player == seat:
                self.hand.discard(event.card)
                own = event.card
        elif isinstance(event, RedactedReinforcementChosen):
            # Sent or declined: the hand size tells only at the reveal.
            self.undisclosed.add(event.player)
        self.shootout = attrs.evolve(
            self.shootout, chosen=(*self.shootout.chosen, event.player), own_choice=own
        )

    def _reinforcements_revealed(self, event: ReinforcementsRevealed) -> None:
        assert self.shootout is not None
        for chooser, card in event.cards:
            self.discard_pile.add(card)
            if chooser in self.undisclosed:
                self.hand_sizes[chooser] -= 1
        self.undisclosed.clear()
        self.pending_draws = (
            *self.pending_draws,
            *(chooser for chooser, _ in event.cards),
        )
        self.shootout = attrs.evolve(
            self.shootout,
            stage=ShootoutStage.REVEALED,
            contenders=event.contenders,
            chosen=(),
            own_choice=None,
            round=self.shootout.round + 1,
        )

    def _discard_pile_reshuffled(self, event: DiscardPileReshuffled) -> None:
        self.draw_pile_size += len(self.discard_pile)
        self.discard_pile.clear()

    def _liquidation_played(self, event: LiquidationPlayed) -> None:
        self._play_special(event.player, LIQUIDATION)
        self.columns[event.business][event.victim].pop()
        self.discard_pile.add(event.card)

    def _police_raid_played(self, event: PoliceRaidPlayed | RedactedPoliceRaidPlayed) -> None:
        self._play_special(event.player, SpecialCard(SpecialKind.POLICE_RAID, event.copy))
        column = self.columns[event.business][event.target]
        hidden = [p for p in range(len(column)) if lands_face_down(event.business, p)]
        for position, seen in zip(hidden, event.seen, strict=False):
            if seen is not None:
                column[position] = seen

    def _limousine_played(self, event: LimousinePlayed | RedactedLimousinePlayed) -> None:
        seat = self.seat
        self._play_special(event.player, LIMOUSINE)
        columns = self.columns[event.source]
        if isinstance(event, RedactedLimousinePlayed) and event.left is not None:
            columns[event.player] = list(event.left)
        elif event.player == seat:
            moved = set(event.cards)
            columns[event.player] = [c for c in columns[event.player] if c not in moved]
        else:
            del columns[event.player][len(columns[event.player]) - len(event.cards) :]
        self.columns[event.destination][event.player].extend(event.cards)

    def _revolver_played(self, event: RevolverPlayed) -> None:
        self._play_special(event.player, REVOLVER)
        # two extra actions, or as many as bring the turn to eleven.
        bonus = self.turn.bonus_actions + self.turn.revolver_actions
        self.turn = attrs.evolve(self.turn, bonus_actions=bonus)

    def _bribery_played(self, event: BriberyPlayed | RedactedBriberyPlayed) -> None:
        seat = self.seat
        self._count_action()
        if event.player == seat and event.card is not None:
            self.hand.discard(BRIBERY)
            self.hand.add(event.card)
        self.draw_pile_size += len(self.discard_pile) - 1
        self.discard_pile = {BRIBERY}

    def _game_won(self, event: GameWon) -> None:
        self.winner = event.player
        self.victory = event.victory

    def _game_blocked(self, event: GameBlocked) -> None:
        self.victory = Victory.BLOCKED

    def _game_stalled(self, event: GameStalled) -> None:
        self.victory = Victory.STALLED

    def view(self) -> PlayerView:
        """The view folded so far."""
        if not self.started:
            raise ValueError("no GameStarted event was folded")
        return PlayerView(
            seat=self.seat,
            hand=None if self.seat is None else frozenset(self.hand),
            players=tuple(
                OpponentView(name, size, tuple(controlled))
                for name, size, controlled in zip(
                    self.names, self.hand_sizes, self.controlled, strict=True
                )
            ),
            businesses=tuple(self._business_view(tile) for tile in self.tiles),
            discard_pile=frozenset(self.discard_pile),
            **{name: getattr(self, name) for name in _AS_IN_VIEW},
        )

    def _business_view(self, tile: BusinessTile) -> BusinessView:
        pattern = tile.kind.pattern
        columns = tuple(
            ColumnView(
                tuple(SlotView(pattern[position], card) for position, card in enumerate(column)),
                marker,
            )
            for column, marker in zip(self.columns[tile], self.markers[tile], strict=True)
        )
        shootout = self.shootout
        return BusinessView(tile, columns, shootout is not None and shootout.business == tile)


# Each event class but GameStarted with the method that folds it, by the event's exact class.
_VIEW_FOLDS: Final[dict[type, Callable[[ViewFolder, Any], None]]] = {
    GangsterPlayed: ViewFolder._gangster_played,
    RedactedGangsterPlayed: ViewFolder._gangster_played,
    DrawRequested: ViewFolder._draw_requested,
    CardDrawn: ViewFolder._card_drawn,
    RedactedCardDrawn: ViewFolder._card_drawn,
    TurnStarted: ViewFolder._turn_started,
    ActionPhaseStarted: ViewFolder._action_phase_started,
    TurnEnded: ViewFolder._turn_ended,
    MarkerPlaced: ViewFolder._marker_placed,
    ShootoutStarted: ViewFolder._shootout_started,
    ShootoutWon: ViewFolder._shootout_won,
    ShootoutVoided: ViewFolder._shootout_voided,
    TileRevealed: ViewFolder._tile_revealed,
    ReinforcementRequested: ViewFolder._reinforcement_requested,
    ReinforcementChosen: ViewFolder._reinforcement_chosen,
    ReinforcementDeclined: ViewFolder._reinforcement_chosen,
    RedactedReinforcementChosen: ViewFolder._reinforcement_chosen,
    ReinforcementsRevealed: ViewFolder._reinforcements_revealed,
    DiscardPileReshuffled: ViewFolder._discard_pile_reshuffled,
    LiquidationPlayed: ViewFolder._liquidation_played,
    PoliceRaidPlayed: ViewFolder._police_raid_played,
    RedactedPoliceRaidPlayed: ViewFolder._police_raid_played,
    LimousinePlayed: ViewFolder._limousine_played,
    RedactedLimousinePlayed: ViewFolder._limousine_played,
    RevolverPlayed: ViewFolder._revolver_played,
    BriberyPlayed: ViewFolder._bribery_played,
    RedactedBriberyPlayed: ViewFolder._bribery_played,
    GameWon: ViewFolder._game_won,
    GameBlocked: ViewFolder._game_blocked,
    GameStalled: ViewFolder._game_stalled,
}
if set(_VIEW_FOLDS) | {GameStarted, RedactedGameStarted} != set(get_args(SeenEvent)):
    raise ImportError("ViewFolder has no fold for some event class")  # a new one needs its fold


def fold_events(events: Iterable[SeenEvent], seat: int | None) -> PlayerView:
    """The view of ``seat`` rebuilt from its redacted events alone (see :func:`fold_view`)."""
    folder = ViewFolder(seat)
    for event in events:
        folder.apply(event)
    return folder.view()


class _Header(Protocol):
    """What :func:`fold_view` reads of a log header (a ``formats.log.LogHeader``)."""

    @property
    def viewer(self) -> int | None: ...


class _Entry(Protocol):
    """What :func:`fold_view` reads of a log entry (:class:`chicago_poker.formats.log.LogEntry`)."""

    @property
    def events(self) -> Sequence[SeenEvent] | None: ...


def fold_view(header: _Header, entries: Iterable[_Entry]) -> PlayerView:
    """The view of the header's ``viewer`` rebuilt from the events of a redacted log alone.

    For the entries of a redacted log (:func:`chicago_poker.formats.log.read_log`), this equals
    ``view(state, header.viewer)`` of the real state after the same entries (a property test
    checks it after every entry, for every seat and the spectator).

    Raises:
        ValueError: An entry has no events (a ``commands`` log), or the first is no start.
    """
    folder = ViewFolder(header.viewer)
    for entry in entries:
        if entry.events is None:
            raise ValueError("folding a view needs the events of every entry")
        for event in entry.events:
            folder.apply(event)
    return folder.view()
