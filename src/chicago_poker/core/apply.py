"""Fold events into state: :func:`apply` and :func:`replay`.

:func:`apply` trusts its event: the rules were checked by :func:`chicago_poker.core.decide` when the
event was made, so nothing is checked again here (as python-chess's ``push`` trusts a move).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, Never, NoReturn, TypedDict, cast, get_args

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
from chicago_poker.core.instances import slot_setter as _slot_setter
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


class _TurnFields(_TurnChanges, total=False):
    """Every field of :class:`Turn`: its ``__dict__``."""

    player: int
    number: int
    base_actions: int


# --- Copies without __init__ --------------------------------------------------------------
#
# Replaying a game makes a new state for every event, and a few new parts of it. The frozen
# ``__init__`` of attrs is the slowest way to make them: a call from C into Python, then one
# generic ``object.__setattr__`` per field. So ``apply`` makes a bare instance with
# ``object.__new__`` and fills it directly: a ``GameState`` or ``Turn`` (which keep no slots for
# this) gets a copy of the old ``__dict__`` with the changed fields stored in it, and a
# ``PlayerState``, ``Column`` or ``Business`` gets its slots set through their descriptors.
# The result is the instance ``__init__`` would make, because these classes have no
# validators, converters, ``__attrs_post_init__`` or cached hash (tests/test_engine_internals.py
# checks this), and it stays frozen to everyone else.
#
# --- Folds in place -----------------------------------------------------------------------
#
# The folds of nearly every event (the table _IN_PLACE) change a dict of the state's fields in
# place rather than return a state. :func:`apply` gives such a fold a copy of the old state's
# ``__dict__`` and makes the new state around it; :func:`replay` gives every fold the one dict
# it keeps for the whole game, a dict no state holds, and makes a state only at the end. So a
# replayed event makes no state and copies no dict: the parts it changes (a player, a column,
# the turn) are still new objects, since states share them. The start of a game and the
# reinforcements keep folds that return a state (the table _FOLDS): replay wraps its dict in a
# state for them (no copy) and goes on with the dict of the state they return, which no one
# else holds either. The rules are in the folds alone, which both run: tests/test_replay.py
# checks, after every event of random games, that ``replay`` gives the state that ``apply``
# gives, and that ``apply`` never changes the state it is given.

_new_instance: Final = object.__new__

# Copies of a __dict__, typed so that mypy checks the fields stored in them, and the setters
# of a __dict__ (cheaper than object.__setattr__(instance, "__dict__", fields)). The copies are
# made with dict(), not dict.copy: a state made by __init__ keeps its fields in a dict that
# shares its keys with its class, which dict.copy would keep, and Python 3.11 cannot speed up
# reading an attribute from such a dict; dict() makes a plain one. (This is about 6% of
# validating a log: decide reads many fields of each state.)
_copy_state_fields: Final = cast(Callable[[dict[str, Any]], _GameStateChanges], dict)
_set_state_fields: Final = cast(
    Callable[[GameState, Mapping[str, object]], None], vars(GameState)["__dict__"].__set__
)
_copy_turn_fields: Final = cast(Callable[[dict[str, Any]], _TurnChanges], dict)
_copy_new_turn_fields: Final = cast(Callable[[dict[str, Any]], _TurnFields], dict)
_set_turn_fields: Final = cast(
    Callable[[Turn, Mapping[str, object]], None], vars(Turn)["__dict__"].__set__
)


_set_name: Final = _slot_setter(PlayerState, "name")
_set_hand: Final = _slot_setter(PlayerState, "hand")
_set_controlled: Final = _slot_setter(PlayerState, "controlled")
_set_seen: Final = _slot_setter(PlayerState, "seen")
_set_cards: Final = _slot_setter(Column, "cards")
_set_marker: Final = _slot_setter(Column, "marker")
_set_tile: Final = _slot_setter(Business, "tile")
_set_columns: Final = _slot_setter(Business, "columns")


def _replace(state: GameState, changes: _GameStateChanges) -> GameState:
    """A copy of ``state`` with the fields in ``changes`` changed (see "Copies" above)."""
    fields = _copy_state_fields(state.__dict__)
    fields.update(changes)
    new = _new_instance(GameState)
    _set_state_fields(new, fields)
    return new


def _turn(turn: Turn, changes: _TurnChanges) -> Turn:
    """A copy of ``turn`` with the fields in ``changes`` changed, made as in :func:`_replace`."""
    fields = _copy_turn_fields(turn.__dict__)
    fields.update(changes)
    new = _new_instance(Turn)
    _set_turn_fields(new, fields)
    return new


_TURN_DEFAULTS: Final[dict[str, Any]] = {
    field.name: field.default for field in attrs.fields(Turn) if field.default is not attrs.NOTHING
}
"""The fields of a new :class:`Turn` that have defaults, with them."""


def _new_turn(player: int, number: int, phase: TurnPhase, base_actions: int) -> Turn:
    """``Turn(player, number, phase, base_actions)``, made as in :func:`_replace`."""
    fields = _copy_new_turn_fields(_TURN_DEFAULTS)
    fields["player"] = player
    fields["number"] = number
    fields["phase"] = phase
    fields["base_actions"] = base_actions
    new = _new_instance(Turn)
    _set_turn_fields(new, fields)
    return new


def _turn_in_phase(turn: Turn, phase: TurnPhase) -> Turn:
    """A copy of ``turn`` in ``phase``, made as in :func:`_replace`."""
    fields = _copy_turn_fields(turn.__dict__)
    fields["phase"] = phase
    new = _new_instance(Turn)
    _set_turn_fields(new, fields)
    return new


def _turn_after_action(turn: Turn) -> Turn:
    """A copy of ``turn`` with one more action taken, made as in :func:`_replace`."""
    fields = _copy_turn_fields(turn.__dict__)
    fields["actions_taken"] += 1
    new = _new_instance(Turn)
    _set_turn_fields(new, fields)
    return new


def _player(
    name: str,
    hand: frozenset[Card],
    controlled: tuple[BusinessTile, ...],
    seen: frozenset[tuple[BusinessTile, int, GangsterCard]],
) -> PlayerState:
    """``PlayerState(name, hand, controlled, seen)``, made as described in "Copies" above."""
    player = _new_instance(PlayerState)
    _set_name(player, name)
    _set_hand(player, hand)
    _set_controlled(player, controlled)
    _set_seen(player, seen)
    return player


def _new_column(cards: tuple[GangsterCard, ...], marker: int | None = None) -> Column:
    """``Column(cards, marker)``, made as described in "Copies" above."""
    column = _new_instance(Column)
    _set_cards(column, cards)
    _set_marker(column, marker)
    return column


def _business(tile: BusinessTile, columns: tuple[Column, ...]) -> Business:
    """``Business(tile, columns)``, made as described in "Copies" above."""
    business = _new_instance(Business)
    _set_tile(business, tile)
    _set_columns(business, columns)
    return business


def replay(events: Iterable[Event]) -> GameState:
    """Rebuild the state that a sequence of events leads to; the first must be GameStarted.

    Raises:
        InvalidArgumentError: ``events`` is empty or does not begin with GameStarted.

    >>> from chicago_poker.players.game import Game
    >>> game = Game.new(["Al", "Bugs"], seed=7)
    >>> replay(game.events) == game.state
    True
    """
    remaining = iter(events)
    first = next(remaining, None)
    if first is None:
        raise InvalidArgumentError("replay: events must begin with GameStarted, but it is empty")
    # The fields of the state being built, changed in place: no state is made for the events
    # between the first and the last (see "Folds in place" above). The dict is this loop's
    # own, a copy no state holds, so changing it in place changes no state anyone sees.
    fields = _copy_state_fields(_begin(first).__dict__)
    in_place = _IN_PLACE
    for event in remaining:
        fold = in_place.get(type(event))
        if fold is None:  # a rarer event, or no event: apply folds it, or refuses it
            fields = _fields(apply(_state(fields), event))
        else:
            fold(fields, event)
    return _state(fields)


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
    cls = type(event)
    fold = _IN_PLACE.get(cls)
    if fold is None:
        return _FOLDS.get(cls, _unknown)(state, event)
    fields = _copy_state_fields(state.__dict__)
    fold(fields, event)
    new = _new_instance(GameState)
    _set_state_fields(new, fields)
    return new


def _fields(state: GameState) -> _GameStateChanges:
    """The ``__dict__`` of ``state`` itself (not a copy), typed as the fields it holds."""
    return cast(_GameStateChanges, state.__dict__)


def _state(fields: _GameStateChanges) -> GameState:
    """The state whose ``__dict__`` is ``fields`` itself (not a copy)."""
    new = _new_instance(GameState)
    _set_state_fields(new, fields)
    return new


def _unknown(state: GameState, event: Never) -> NoReturn:
    """The fold of an object that is not an event: it is refused."""
    raise unknown_type("an event", event)


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
        turn=_new_turn((event.first_player - 1) % count, -1, _ENDED, 0),
        draw_pile=frozenset(deck) - dealt,
        tile_pile=frozenset(BUSINESS_TILES) - frozenset(event.businesses),
        businesses=tuple(_new_business(tile, count) for tile in event.businesses),
    )


def _new_business(tile: BusinessTile, players: int) -> Business:
    return _business(tile, (EMPTY_COLUMN,) * players)


def _start_turn(fields: _GameStateChanges, event: TurnStarted) -> None:
    # This and the other folds of _IN_PLACE change the fields in place: see "Folds in place".
    ended = fields["turn"]
    fields["turn"] = _new_turn(event.player, event.number, _SHOOTOUTS, event.actions)
    fields["previous_turn"] = ended if ended.number >= 0 else None  # -1: before the first


def _end_turn(fields: _GameStateChanges, event: TurnEnded) -> None:
    turn = fields["turn"]
    idle = event.forced and turn.actions_taken == 0 and turn.shootouts == 0
    fields["turn"] = _turn_in_phase(turn, _ENDED)
    fields["idle_turns"] = fields["idle_turns"] + 1 if idle else 0
    fields["stalled_turns"] += 1


def _set_player(state: GameState, seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    players = list(state.players)
    players[seat] = player
    return tuple(players)


def _with_hand(state: GameState, seat: int, hand: frozenset[Card]) -> GameState:
    player = state.players[seat]
    updated = _player(player.name, hand, player.controlled, player.seen)
    return _replace(state, {"players": _set_player(state, seat, updated)})


def _index_of(businesses: tuple[Business, ...], tile: BusinessTile) -> int:
    for index, business in enumerate(businesses):
        if business.tile is tile:  # tiles are interned
            return index
    raise KeyError(tile)


def _with_column(
    businesses: tuple[Business, ...], tile: BusinessTile, seat: int, column: Column
) -> tuple[Business, ...]:
    """``businesses`` with the column of ``seat`` at ``tile`` replaced by ``column``."""
    index = _index_of(businesses, tile)
    columns = list(businesses[index].columns)
    columns[seat] = column
    changed = list(businesses)
    changed[index] = _business(tile, tuple(columns))
    return tuple(changed)


def _forget(
    fields: _GameStateChanges, tile: BusinessTile, owner: int, cards: Iterable[GangsterCard]
) -> None:
    """Drop what Police Raids showed of ``cards``: they left the column where they were seen."""
    gone = {(tile, owner, card) for card in cards}
    players = fields["players"]
    if any(player.seen & gone for player in players):
        fields["players"] = tuple(
            _player(p.name, p.hand, p.controlled, p.seen - gone) for p in players
        )


def _give_hand(fields: _GameStateChanges, seat: int, hand: frozenset[Card]) -> None:
    players = list(fields["players"])
    player = players[seat]
    players[seat] = _player(player.name, hand, player.controlled, player.seen)
    fields["players"] = tuple(players)


def _play_special(fields: _GameStateChanges, seat: int, card: SpecialCard) -> None:
    """Spend an action on a special card, which ends on the discard pile (R-5.1)."""
    fields["turn"] = _turn_after_action(fields["turn"])
    _give_hand(fields, seat, fields["players"][seat].hand - {card})
    fields["discard_pile"] |= {card}


def _column(fields: _GameStateChanges, tile: BusinessTile, seat: int) -> Column:
    businesses = fields["businesses"]
    return businesses[_index_of(businesses, tile)].columns[seat]


def _set_column(fields: _GameStateChanges, tile: BusinessTile, seat: int, column: Column) -> None:
    fields["businesses"] = _with_column(fields["businesses"], tile, seat, column)


def _draw(fields: _GameStateChanges, event: CardDrawn) -> None:
    seat, card = event.player, event.card
    players = list(fields["players"])
    old = players[seat]
    players[seat] = player = _new_instance(PlayerState)  # _player, inlined as in _play_gangster
    _set_name(player, old.name)
    _set_hand(player, old.hand | {card})
    _set_controlled(player, old.controlled)
    _set_seen(player, old.seen)
    fields["players"] = tuple(players)
    fields["draw_pile"] -= {card}
    fields["pending_draws"] = fields["pending_draws"][1:]


def _play_gangster(fields: _GameStateChanges, event: GangsterPlayed) -> None:
    # The most frequent event: every part it changes made in one fold, the bare instances
    # made here rather than by _player, _new_column and _business (a call fewer each).
    seat, card, tile = event.player, event.card, event.business
    players = list(fields["players"])
    old = players[seat]
    players[seat] = player = _new_instance(PlayerState)
    _set_name(player, old.name)
    _set_hand(player, old.hand - {card})
    _set_controlled(player, old.controlled)
    _set_seen(player, old.seen)
    businesses = list(fields["businesses"])
    for index, business in enumerate(businesses):  # _index, inlined
        if business.tile is tile:
            columns = list(business.columns)
            columns[seat] = column = _new_instance(Column)
            _set_cards(column, (*business.columns[seat].cards, card))
            _set_marker(column, None)
            businesses[index] = changed = _new_instance(Business)
            _set_tile(changed, tile)
            _set_columns(changed, tuple(columns))
            break
    fields["players"] = tuple(players)
    fields["businesses"] = tuple(businesses)
    fields["turn"] = _turn_after_action(fields["turn"])


def _place_marker(fields: _GameStateChanges, event: MarkerPlaced) -> None:
    businesses, tile, seat = fields["businesses"], event.business, event.player
    column = businesses[_index_of(businesses, tile)].columns[seat]
    fields["businesses"] = _with_column(
        businesses, tile, seat, _new_column(column.cards, event.number)
    )
    fields["markers_placed"] = event.number + 1


def _liquidate(fields: _GameStateChanges, event: LiquidationPlayed) -> None:
    _play_special(fields, event.player, LIQUIDATION)
    column = _column(fields, event.business, event.victim)
    _set_column(fields, event.business, event.victim, _new_column(column.cards[:-1]))
    fields["discard_pile"] |= {event.card}
    _forget(fields, event.business, event.victim, (event.card,))


def _raid(fields: _GameStateChanges, event: PoliceRaidPlayed) -> None:
    raid = SpecialCard(SpecialKind.POLICE_RAID, event.copy)
    _play_special(fields, event.player, raid)
    players = list(fields["players"])
    player = players[event.player]
    seen = player.seen | {(event.business, event.target, card) for card in event.seen}
    players[event.player] = _player(player.name, player.hand, player.controlled, seen)
    fields["players"] = tuple(players)


def _drive(fields: _GameStateChanges, event: LimousinePlayed) -> None:
    seat = event.player
    _play_special(fields, seat, LIMOUSINE)
    moved = set(event.cards)
    source = _column(fields, event.source, seat)
    target = _column(fields, event.destination, seat)
    left = _new_column(tuple(card for card in source.cards if card not in moved))
    _set_column(fields, event.source, seat, left)
    _set_column(fields, event.destination, seat, _new_column((*target.cards, *event.cards)))
    # With limousine_any_cards the cards left behind close up, and a face-down card may come
    # to a face-up place (D-18): shown to every seat, it is no longer what a raid saw.
    shown = (
        card for index, card in enumerate(left.cards) if not lands_face_down(event.source, index)
    )
    _forget(fields, event.source, seat, (*event.cards, *shown))


def _fire(fields: _GameStateChanges, event: RevolverPlayed) -> None:
    turn = fields["turn"]
    # two extra actions, or as many as bring the turn to eleven.
    bonus = turn.bonus_actions + turn.revolver_actions
    _play_special(fields, event.player, REVOLVER)
    fields["turn"] = _turn(fields["turn"], {"bonus_actions": bonus})


def _bribe(fields: _GameStateChanges, event: BriberyPlayed) -> None:
    seat = event.player
    fields["turn"] = _turn_after_action(fields["turn"])
    _give_hand(fields, seat, (fields["players"][seat].hand - {BRIBERY}) | {event.card})
    # the rest of the discard pile joins the draw deck, then Bribery is discarded.
    fields["draw_pile"] |= fields["discard_pile"] - {event.card}
    fields["discard_pile"] = frozenset({BRIBERY})


def _open_shootout(fields: _GameStateChanges, event: ShootoutStarted) -> None:
    turn = fields["turn"]
    fields["turn"] = _turn(turn, {"shootouts": turn.shootouts + 1})
    fields["shootout"] = Shootout(event.business, event.owner)


def _request_reinforcement(state: GameState, event: ReinforcementRequested) -> GameState:
    current = state.shootout
    assert current is not None
    shootout = Shootout(
        current.business, current.owner, ShootoutStage.CHOOSING, event.contenders, (), current.round
    )
    return _replace(state, {"shootout": shootout})


def _choose(state: GameState, seat: int, card: GangsterCard | None) -> GameState:
    current = state.shootout
    assert current is not None
    choices = (*current.choices, (seat, card))
    shootout = Shootout(
        current.business, current.owner, current.stage, current.contenders, choices, current.round
    )
    chosen = _replace(state, {"shootout": shootout})
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
        {
            "shootout": shootout,
            "discard_pile": state.discard_pile | {card for _, card in event.cards},
            "pending_draws": (*state.pending_draws, *sent),
        },
    )


def _clear(fields: _GameStateChanges, tile: BusinessTile) -> None:
    """Discard every card at a business and forget what was seen there (R-6.6)."""
    businesses = fields["businesses"]
    business = businesses[_index_of(businesses, tile)]
    cards = {card for column in business.columns for card in column.cards}
    players = fields["players"]
    seen = {entry for player in players for entry in player.seen if entry[0] == tile}
    if seen:
        fields["players"] = tuple(
            _player(p.name, p.hand, p.controlled, p.seen - seen) for p in players
        )
    fields["discard_pile"] |= cards
    fields["shootout"] = None


def _win_shootout(fields: _GameStateChanges, event: ShootoutWon) -> None:
    tile, seat = event.business, event.player
    _clear(fields, tile)
    players = list(fields["players"])
    winner = players[seat]
    players[seat] = _player(winner.name, winner.hand, (*winner.controlled, tile), winner.seen)
    fields["players"] = tuple(players)
    fields["businesses"] = tuple(b for b in fields["businesses"] if b.tile != tile)
    fields["vacancies"] += 1
    fields["last_winner"] = seat
    fields["stalled_turns"] = 0


def _void_shootout(fields: _GameStateChanges, event: ShootoutVoided) -> None:
    tile = event.business
    _clear(fields, tile)
    count = len(fields["players"])
    fields["businesses"] = tuple(
        _new_business(tile, count) if b.tile == tile else b for b in fields["businesses"]
    )


def _reveal_tile(fields: _GameStateChanges, event: TileRevealed) -> None:
    tile = event.tile
    fields["tile_pile"] -= {tile}
    fields["businesses"] = (*fields["businesses"], _new_business(tile, len(fields["players"])))
    fields["vacancies"] -= 1


def _request_draw(fields: _GameStateChanges, event: DrawRequested) -> None:
    fields["turn"] = _turn_after_action(fields["turn"])
    fields["pending_draws"] = (*fields["pending_draws"], event.player)


def _start_actions(fields: _GameStateChanges, event: ActionPhaseStarted) -> None:
    fields["turn"] = _turn_in_phase(fields["turn"], _ACTIONS)


def _restart(state: GameState, event: GameStarted) -> GameState:
    return _start(event)


def _reshuffle(fields: _GameStateChanges, event: DiscardPileReshuffled) -> None:
    fields["draw_pile"] |= fields["discard_pile"]
    fields["discard_pile"] = frozenset()


def _win_game(fields: _GameStateChanges, event: GameWon) -> None:
    fields["winner"] = event.player
    fields["victory"] = event.victory


def _block(fields: _GameStateChanges, event: GameBlocked) -> None:
    fields["victory"] = Victory.BLOCKED


def _stall(fields: _GameStateChanges, event: GameStalled) -> None:
    fields["victory"] = Victory.STALLED


# The events folded in place (all but the start of the game and the reinforcements: 998 in
# 1,000 of a random game's), each with the function that changes a copy of the state's fields;
# then the others with the function that makes the state after it. Exact classes: events are
# never subclassed.
_IN_PLACE: Final[dict[type, Callable[[_GameStateChanges, Any], None]]] = {
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
    ShootoutVoided: _void_shootout,
    DiscardPileReshuffled: _reshuffle,
    GameWon: _win_game,
    GameBlocked: _block,
    GameStalled: _stall,
    LiquidationPlayed: _liquidate,
    PoliceRaidPlayed: _raid,
    LimousinePlayed: _drive,
    RevolverPlayed: _fire,
    BriberyPlayed: _bribe,
}
_FOLDS: Final[dict[type, Callable[[GameState, Any], GameState]]] = {
    GameStarted: _restart,
    ReinforcementRequested: _request_reinforcement,
    ReinforcementChosen: _send_reinforcement,
    ReinforcementDeclined: _decline_reinforcement,
    ReinforcementsRevealed: _reveal_reinforcements,
}
# A new event class needs its fold in one table, and no class may be in both.
if set(_FOLDS) | set(_IN_PLACE) != set(get_args(Event)) or set(_FOLDS) & set(_IN_PLACE):
    raise ImportError(
        f"apply has no fold, or two, for {set(get_args(Event)) ^ set(_FOLDS) ^ set(_IN_PLACE)}"
    )
