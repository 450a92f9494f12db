"""Fold events into state: :func:`apply` and :func:`replay`.

:func:`apply` trusts its event: the rules were checked by :func:`chicago_poker.core.decide` when the
event was made, so nothing is checked again here (as python-chess's ``push`` trusts a move).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final, TypedDict, Unpack, get_args

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
    tactical_deck,
)
from chicago_poker.core.errors import InvalidArgumentError, unknown_type
from chicago_poker.core.events import (
    ActionPhaseStarted,
    BriberyPlayed,
    CardDrawn,
    DiscardPileReshuffled,
    DrawRequested,
    Event,
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
from chicago_poker.core.state import (
    EMPTY_COLUMN,
    Business,
    Column,
    GameState,
    PlayerState,
    Shootout,
    ShootoutStage,
    Turn,
    TurnPhase,
    Victory,
)

__all__ = ["apply", "replay"]


# Enum members used on the hot paths, bound to module names once. Python 3.11 looks a member up
# on its class slowly: EnumType defines __getattr__, which turns off the attribute cache.
_SHOOTOUTS: Final = TurnPhase.SHOOTOUTS
_ACTIONS: Final = TurnPhase.ACTIONS
_ENDED: Final = TurnPhase.ENDED

_new_instance = object.__new__
_set_attribute = object.__setattr__


class _GameStateChanges(TypedDict, total=False):
    """The fields of :class:`GameState` that events change, for :func:`_replace`."""

    players: tuple[PlayerState, ...]
    turn: Turn
    draw_pile: frozenset[Card]
    discard_pile: frozenset[Card]
    tile_pile: frozenset[BusinessTile]
    businesses: tuple[Business, ...]
    vacancies: int
    pending_draws: tuple[int, ...]
    shootout: Shootout | None
    markers_placed: int
    last_winner: int | None
    idle_turns: int
    stalled_turns: int
    winner: int | None
    victory: Victory | None
    previous_turn: Turn | None


class _TurnChanges(TypedDict, total=False):
    """The fields of :class:`Turn` that events change, for :func:`_turn`."""

    phase: TurnPhase
    bonus_actions: int
    actions_taken: int
    shootouts: int


def _replace(state: GameState, **changes: Unpack[_GameStateChanges]) -> GameState:
    """A copy of ``state`` with the given fields changed.

    Replaying a game makes one such copy per event, so this skips ``attrs.evolve`` and even
    ``GameState.__init__``: it makes a bare instance and gives it a merged copy of the old
    ``__dict__``. That is safe because ``GameState`` has no validators, converters,
    ``__attrs_post_init__`` or cached hash, and the values in ``changes`` are typed; the copy
    stays frozen to everyone else. (``GameState`` keeps no slots for exactly this.)
    """
    new = _new_instance(GameState)
    _set_attribute(new, "__dict__", {**state.__dict__, **changes})
    return new


def _turn(turn: Turn, **changes: Unpack[_TurnChanges]) -> Turn:
    """A copy of ``turn`` with the given fields changed, made as in :func:`_replace`."""
    new = _new_instance(Turn)
    _set_attribute(new, "__dict__", {**turn.__dict__, **changes})
    return new


def replay(events: Iterable[Event]) -> GameState:
    """Rebuild the state that a sequence of events leads to; the first must be GameStarted.

    Raises:
        InvalidArgumentError: ``events`` is empty or does not begin with GameStarted.

    >>> from chicago_poker.players.game import Game
    >>> game = Game.new(["Al", "Bugs"], seed=7)
    >>> replay(game.events) == game.state
    True
    """
    state: GameState | None = None
    for event in events:
        state = apply(state, event)
    if state is None:
        raise InvalidArgumentError("replay: events must begin with GameStarted, but it is empty")
    return state


def apply(state: GameState | None, event: Event) -> GameState:
    """Return the state after ``event``; ``state`` is None only before GameStarted.

    Nothing else is checked: ``event`` must be one that ``decide`` returned for ``state``.

    Raises:
        InvalidArgumentError: ``state`` is None and ``event`` is not GameStarted.

    >>> from chicago_poker.players.game import Game
    >>> game = Game.new(["Al", "Bugs"], seed=7)
    >>> apply(None, game.events[0]).players[0].name
    'Al'
    """
    if state is None:
        return _begin(event)
    # One dict lookup on the event's exact class, cheaper than a match: this runs per event.
    fold = _FOLDS.get(type(event))
    if fold is None:
        raise unknown_type("an event", event)  # type: ignore[arg-type]  # only at run time
    return fold(state, event)


def _begin(event: Event) -> GameState:
    """The state a game begins with; it must begin with GameStarted."""
    if not isinstance(event, GameStarted):
        raise InvalidArgumentError(
            f"apply: a game must begin with GameStarted, not {type(event).__name__}"
        )
    return _start(event)


def _start(event: GameStarted) -> GameState:
    deck = tactical_deck() if event.options.tactical else full_deck()
    dealt = {card for hand in event.hands for card in hand}
    count = len(event.players)
    players = tuple(
        PlayerState(name, frozenset(hand))
        for name, hand in zip(event.players, event.hands, strict=True)
    )
    return GameState(
        options=event.options,
        players=players,
        first_player=event.first_player,
        turn=Turn((event.first_player - 1) % count, -1, TurnPhase.ENDED, 0),
        draw_pile=frozenset(deck) - dealt,
        tile_pile=frozenset(BUSINESS_TILES) - frozenset(event.businesses),
        businesses=tuple(_new_business(tile, count) for tile in event.businesses),
    )


def _new_business(tile: BusinessTile, players: int) -> Business:
    return Business(tile, (EMPTY_COLUMN,) * players)


def _evolve_turn(state: GameState, **changes: Unpack[_TurnChanges]) -> GameState:
    return _replace(state, turn=_turn(state.turn, **changes))


def _count_action(state: GameState) -> GameState:
    return _evolve_turn(state, actions_taken=state.turn.actions_taken + 1)


def _start_turn(state: GameState, event: TurnStarted) -> GameState:
    ended = state.turn
    return _replace(
        state,
        turn=Turn(event.player, event.number, _SHOOTOUTS, event.actions),
        previous_turn=ended if ended.number >= 0 else None,  # number -1: before the first
    )


def _end_turn(state: GameState, event: TurnEnded) -> GameState:
    turn = state.turn
    idle = event.forced and turn.actions_taken == 0 and turn.shootouts == 0
    return _replace(
        state,
        turn=_turn(turn, phase=_ENDED),
        idle_turns=state.idle_turns + 1 if idle else 0,
        stalled_turns=state.stalled_turns + 1,
    )


def _set_player(state: GameState, seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    players = list(state.players)
    players[seat] = player
    return tuple(players)


def _with_hand(state: GameState, seat: int, hand: frozenset[Card]) -> GameState:
    player = state.players[seat]
    updated = PlayerState(player.name, hand, player.controlled, player.seen)
    return _replace(state, players=_set_player(state, seat, updated))


def _index(state: GameState, tile: BusinessTile) -> int:
    for index, business in enumerate(state.businesses):
        if business.tile is tile:  # tiles are interned
            return index
    raise KeyError(tile)


def _set_column(state: GameState, tile: BusinessTile, seat: int, column: Column) -> GameState:
    index = _index(state, tile)
    business = state.businesses[index]
    columns = list(business.columns)
    columns[seat] = column
    businesses = list(state.businesses)
    businesses[index] = Business(tile, tuple(columns))
    return _replace(state, businesses=tuple(businesses))


def _column(state: GameState, tile: BusinessTile, seat: int) -> Column:
    return state.businesses[_index(state, tile)].columns[seat]


def _forget(
    state: GameState, tile: BusinessTile, owner: int, cards: Iterable[GangsterCard]
) -> GameState:
    """Drop what Police Raids showed of ``cards``: they left the column where they were seen."""
    gone = {(tile, owner, card) for card in cards}
    if not any(player.seen & gone for player in state.players):
        return state
    players = tuple(PlayerState(p.name, p.hand, p.controlled, p.seen - gone) for p in state.players)
    return _replace(state, players=players)


def _play_special(state: GameState, seat: int, card: SpecialCard) -> GameState:
    """Spend an action on a special card, which ends on the discard pile (R-5.1)."""
    played = _with_hand(_count_action(state), seat, state.players[seat].hand - {card})
    return _replace(played, discard_pile=played.discard_pile | {card})


def _draw(state: GameState, event: CardDrawn) -> GameState:
    player = state.players[event.player]
    drawn = PlayerState(player.name, player.hand | {event.card}, player.controlled, player.seen)
    return _replace(
        state,
        players=_set_player(state, event.player, drawn),
        draw_pile=state.draw_pile - {event.card},
        pending_draws=state.pending_draws[1:],
    )


def _play_gangster(state: GameState, event: GangsterPlayed) -> GameState:
    # The most frequent event: built in one copy of the state rather than three.
    seat = event.player
    player = state.players[seat]
    played = PlayerState(player.name, player.hand - {event.card}, player.controlled, player.seen)
    index = _index(state, event.business)
    business = state.businesses[index]
    columns = list(business.columns)
    columns[seat] = Column((*columns[seat].cards, event.card))
    businesses = list(state.businesses)
    businesses[index] = Business(business.tile, tuple(columns))
    turn = state.turn
    return _replace(
        state,
        players=_set_player(state, seat, played),
        businesses=tuple(businesses),
        turn=_turn(turn, actions_taken=turn.actions_taken + 1),
    )


def _place_marker(state: GameState, event: MarkerPlaced) -> GameState:
    column = _column(state, event.business, event.player)
    marked = _set_column(state, event.business, event.player, Column(column.cards, event.number))
    return _replace(marked, markers_placed=event.number + 1)


def _liquidate(state: GameState, event: LiquidationPlayed) -> GameState:
    played = _play_special(state, event.player, LIQUIDATION)
    column = _column(state, event.business, event.victim)
    cut = _set_column(played, event.business, event.victim, Column(column.cards[:-1]))
    cut = _replace(cut, discard_pile=cut.discard_pile | {event.card})
    return _forget(cut, event.business, event.victim, (event.card,))


def _raid(state: GameState, event: PoliceRaidPlayed) -> GameState:
    raid = SpecialCard(SpecialKind.POLICE_RAID, event.copy)
    played = _play_special(state, event.player, raid)
    player = played.players[event.player]
    seen = player.seen | {(event.business, event.target, card) for card in event.seen}
    updated = PlayerState(player.name, player.hand, player.controlled, seen)
    return _replace(played, players=_set_player(played, event.player, updated))


def _drive(state: GameState, event: LimousinePlayed) -> GameState:
    seat = event.player
    played = _play_special(state, seat, LIMOUSINE)
    moved = set(event.cards)
    source = _column(state, event.source, seat)
    target = _column(state, event.destination, seat)
    left = Column(tuple(card for card in source.cards if card not in moved))
    played = _set_column(played, event.source, seat, left)
    played = _set_column(played, event.destination, seat, Column((*target.cards, *event.cards)))
    return _forget(played, event.source, seat, event.cards)


def _fire(state: GameState, event: RevolverPlayed) -> GameState:
    played = _play_special(state, event.player, REVOLVER)
    return _evolve_turn(played, bonus_actions=played.turn.bonus_actions + 2)


def _bribe(state: GameState, event: BriberyPlayed) -> GameState:
    seat = event.player
    hand = (state.players[seat].hand - {BRIBERY}) | {event.card}
    taken = _with_hand(_count_action(state), seat, hand)
    # the rest of the discard pile joins the draw deck, then Bribery is discarded.
    rest = state.discard_pile - {event.card}
    return _replace(taken, draw_pile=state.draw_pile | rest, discard_pile=frozenset({BRIBERY}))


def _open_shootout(state: GameState, event: ShootoutStarted) -> GameState:
    opened = _evolve_turn(state, shootouts=state.turn.shootouts + 1)
    return _replace(opened, shootout=Shootout(event.business, event.owner))


def _request_reinforcement(state: GameState, event: ReinforcementRequested) -> GameState:
    current = state.shootout
    assert current is not None
    shootout = Shootout(
        current.business, current.owner, ShootoutStage.CHOOSING, event.contenders, (), current.round
    )
    return _replace(state, shootout=shootout)


def _choose(state: GameState, seat: int, card: GangsterCard | None) -> GameState:
    current = state.shootout
    assert current is not None
    choices = (*current.choices, (seat, card))
    shootout = Shootout(
        current.business, current.owner, current.stage, current.contenders, choices, current.round
    )
    chosen = _replace(state, shootout=shootout)
    if card is None:
        return chosen
    return _with_hand(chosen, seat, state.players[seat].hand - {card})


def _send_reinforcement(state: GameState, event: ReinforcementChosen) -> GameState:
    return _choose(state, event.player, event.card)


def _decline_reinforcement(state: GameState, event: ReinforcementDeclined) -> GameState:
    return _choose(state, event.player, None)


def _reveal_reinforcements(state: GameState, event: ReinforcementsRevealed) -> GameState:
    current = state.shootout
    assert current is not None
    shootout = Shootout(
        current.business,
        current.owner,
        ShootoutStage.REVEALED,
        event.contenders,
        (),
        current.round + 1,
    )
    sent = [seat for seat, _ in event.cards]
    return _replace(
        state,
        shootout=shootout,
        discard_pile=state.discard_pile | {card for _, card in event.cards},
        pending_draws=(*state.pending_draws, *sent),
    )


def _clear(state: GameState, tile: BusinessTile) -> GameState:
    """Discard every card at a business and forget what was seen there (R-6.6)."""
    business = state.businesses[_index(state, tile)]
    cards = {card for column in business.columns for card in column.cards}
    seen = {entry for player in state.players for entry in player.seen if entry[0] == tile}
    players = state.players
    if seen:
        players = tuple(
            PlayerState(p.name, p.hand, p.controlled, p.seen - seen) for p in state.players
        )
    return _replace(state, players=players, discard_pile=state.discard_pile | cards, shootout=None)


def _win_shootout(state: GameState, event: ShootoutWon) -> GameState:
    cleared = _clear(state, event.business)
    winner = cleared.players[event.player]
    updated = PlayerState(
        winner.name, winner.hand, (*winner.controlled, event.business), winner.seen
    )
    return _replace(
        cleared,
        players=_set_player(cleared, event.player, updated),
        businesses=tuple(b for b in state.businesses if b.tile != event.business),
        vacancies=state.vacancies + 1,
        last_winner=event.player,
        stalled_turns=0,
    )


def _void_shootout(state: GameState, event: ShootoutVoided) -> GameState:
    tile = event.business
    cleared = _clear(state, tile)
    businesses = tuple(
        _new_business(tile, len(state.players)) if b.tile == tile else b for b in state.businesses
    )
    return _replace(cleared, businesses=businesses)


def _reveal_tile(state: GameState, event: TileRevealed) -> GameState:
    tile = event.tile
    return _replace(
        state,
        tile_pile=state.tile_pile - {tile},
        businesses=(*state.businesses, _new_business(tile, len(state.players))),
        vacancies=state.vacancies - 1,
    )


def _request_draw(state: GameState, event: DrawRequested) -> GameState:
    return _replace(
        state,
        turn=_turn(state.turn, actions_taken=state.turn.actions_taken + 1),
        pending_draws=(*state.pending_draws, event.player),
    )


def _start_actions(state: GameState, event: ActionPhaseStarted) -> GameState:
    return _replace(state, turn=_turn(state.turn, phase=_ACTIONS))


def _restart(state: GameState, event: GameStarted) -> GameState:
    return _start(event)


def _reshuffle(state: GameState, event: DiscardPileReshuffled) -> GameState:
    return _replace(state, draw_pile=state.draw_pile | state.discard_pile, discard_pile=frozenset())


def _win_game(state: GameState, event: GameWon) -> GameState:
    return _replace(state, winner=event.player, victory=event.victory)


def _block(state: GameState, event: GameBlocked) -> GameState:
    return _replace(state, victory=Victory.BLOCKED)


def _stall(state: GameState, event: GameStalled) -> GameState:
    return _replace(state, victory=Victory.STALLED)


# Each event class with the function that folds it. Exact classes: events are never subclassed.
_FOLDS: Final[dict[type, Callable[[GameState, Any], GameState]]] = {
    GangsterPlayed: _play_gangster,
    DrawRequested: _request_draw,
    CardDrawn: _draw,
    TurnStarted: _start_turn,
    ActionPhaseStarted: _start_actions,
    TurnEnded: _end_turn,
    MarkerPlaced: _place_marker,
    ShootoutStarted: _open_shootout,
    ShootoutWon: _win_shootout,
    TileRevealed: _reveal_tile,
    GameStarted: _restart,
    ReinforcementRequested: _request_reinforcement,
    ReinforcementChosen: _send_reinforcement,
    ReinforcementDeclined: _decline_reinforcement,
    ReinforcementsRevealed: _reveal_reinforcements,
    ShootoutVoided: _void_shootout,
    DiscardPileReshuffled: _reshuffle,
    LiquidationPlayed: _liquidate,
    PoliceRaidPlayed: _raid,
    LimousinePlayed: _drive,
    RevolverPlayed: _fire,
    BriberyPlayed: _bribe,
    GameWon: _win_game,
    GameBlocked: _block,
    GameStalled: _stall,
}
if set(_FOLDS) != set(get_args(Event)):  # a new event class needs its fold in the table
    raise ImportError(f"apply has no fold for {set(get_args(Event)) - set(_FOLDS)}")
