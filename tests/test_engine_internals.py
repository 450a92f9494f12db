"""The engine's shortcuts: state copies that bypass ``__init__``, cached card text, shared events.

``apply`` copies the state by copying the old ``__dict__`` and storing the changes in it, and
makes players, columns and businesses by setting their slots, rather than calling the frozen
``__init__`` (see "Copies without __init__" in ``core/apply.py``); cards and tiles keep their
text form; ``decide`` and ``legal_commands`` hand out the same event and command objects again
rather than build equal ones. These tests pin down that the shortcuts give exactly what the
plain ways give.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator

import attrs
import pytest

from chicago_poker.core import commands, decide, legal
from chicago_poker.core.apply import (
    _business,
    _GameStateChanges,
    _new_column,
    _new_turn,
    _player,
    _replace,
    _turn,
    _turn_after_action,
    _turn_in_phase,
    _TurnChanges,
    apply,
)
from chicago_poker.core.cards import (
    BUSINESS_TILES,
    GANGSTER_CARDS,
    SPECIAL_CARDS,
    BusinessTile,
    GangsterCard,
    SpecialCard,
    parse_card,
    parse_tile,
)
from chicago_poker.core.commands import (
    Command,
    PlayBribery,
    PlayGangster,
    PlayLiquidation,
    PlayPoliceRaid,
    PlayRevolver,
)
from chicago_poker.core.decide import step
from chicago_poker.core.events import Event, TurnStarted
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import (
    Business,
    Column,
    GameState,
    PlayerState,
    Turn,
    TurnPhase,
    Victory,
)
from chicago_poker.core.views import BusinessView, ColumnView, PlayerView, view
from chicago_poker.players.game import Game
from random_games import random_game
from scenarios import NAMES

PLAYERS = NAMES[:4]

# Fields that no event changes: they are set when the game or the turn starts.
FIXED_STATE_FIELDS = {"options", "first_player"}
FIXED_TURN_FIELDS = {"player", "number", "base_actions"}

OPTIONS = (
    RuleOptions(),
    RuleOptions(tactical=True, optional_reinforcement=True),
    RuleOptions(short_game=True, optional_actions=True, limousine_any_cards=True),
)


def field_names(cls: type[attrs.AttrsInstance]) -> set[str]:
    return {field.name for field in attrs.fields(cls)}


def transitions(game: Game) -> Iterator[tuple[GameState, Event, GameState]]:
    state = apply(None, game.events[0])
    for event in game.events[1:]:
        after = apply(state, event)
        yield state, event, after
        state = after


def changed_fields(before: attrs.AttrsInstance, after: attrs.AttrsInstance) -> set[str]:
    return {
        field.name
        for field in attrs.fields(type(before))
        if getattr(before, field.name) != getattr(after, field.name)
    }


@pytest.fixture(scope="module")
def games() -> list[Game]:
    """Whole random games, one for each seed and set of options."""
    played = [
        random_game(len(PLAYERS), options, seed=seed) for seed in range(3) for options in OPTIONS
    ]
    assert all(game.state.is_over for game in played)
    return played


@pytest.fixture(scope="module")
def state() -> GameState:
    return Game.new(PLAYERS, seed=1).state


def test_replace_without_changes_gives_an_equal_state(state: GameState) -> None:
    copy = _replace(state, {})
    assert copy == state
    assert hash(copy) == hash(state)
    assert copy is not state
    assert type(copy) is GameState


def test_replace_changes_exactly_the_named_fields(state: GameState) -> None:
    copy = _replace(state, {"vacancies": 2, "idle_turns": 1, "victory": Victory.BLOCKED})
    assert changed_fields(state, copy) == {"vacancies", "idle_turns", "victory"}
    assert (copy.vacancies, copy.idle_turns, copy.victory) == (2, 1, Victory.BLOCKED)
    assert copy == attrs.evolve(state, vacancies=2, idle_turns=1, victory=Victory.BLOCKED)
    assert (state.vacancies, state.idle_turns, state.victory) == (0, 0, None)


def test_turn_changes_exactly_the_named_fields(state: GameState) -> None:
    turn = state.turn
    copy = _turn(turn, {"actions_taken": 2, "phase": TurnPhase.ENDED})
    assert changed_fields(turn, copy) == {"actions_taken", "phase"}
    assert copy == attrs.evolve(turn, actions_taken=2, phase=TurnPhase.ENDED)
    assert _turn(turn, {}) == turn
    assert type(copy) is Turn


def test_copies_stay_frozen(state: GameState) -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        _replace(state, {"vacancies": 1}).vacancies = 2  # type: ignore[misc]  # frozen on purpose
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        _turn(state.turn, {"shootouts": 1}).shootouts = 2  # type: ignore[misc]  # frozen on purpose


def test_the_changeable_fields_are_every_field_but_the_fixed_ones() -> None:
    # A new field of GameState or Turn must be added to the TypedDict, or named fixed here.
    assert set(_GameStateChanges.__optional_keys__) == field_names(GameState) - FIXED_STATE_FIELDS
    assert _GameStateChanges.__required_keys__ == frozenset()
    assert set(_TurnChanges.__optional_keys__) == field_names(Turn) - FIXED_TURN_FIELDS
    assert _TurnChanges.__required_keys__ == frozenset()


def test_events_change_only_the_changeable_fields(games: list[Game]) -> None:
    changed: set[str] = set()
    turn_changed: set[str] = set()
    for game in games:
        for before, event, after in transitions(game):
            changed |= changed_fields(before, after)
            if not isinstance(event, TurnStarted):  # a new turn is a new Turn, not a copy
                turn_changed |= changed_fields(before.turn, after.turn)
    assert changed <= set(_GameStateChanges.__optional_keys__)
    assert turn_changed <= set(_TurnChanges.__optional_keys__)


def test_step_and_apply_agree_on_random_games(games: list[Game]) -> None:
    for game in games:
        state: GameState | None = None
        for entry in game.history:
            state, events = step(state, entry.command)
            assert events == entry.events
        assert state == game.state


def test_a_tile_made_anew_is_the_one_in_play() -> None:
    game = Game.new(PLAYERS, seed=3)
    state = game.state
    tile = state.businesses[-1].tile
    again = BusinessTile(tile.kind, tile.number)
    assert again is tile
    assert state.business(again) is state.businesses[-1]
    seat = state.turn.player
    card = next(card for card in state.players[seat].hand if isinstance(card, GangsterCard))
    after, _ = step(state, PlayGangster(seat, card, again))
    assert after.businesses[-1].columns[seat].cards == (card,)


@pytest.mark.parametrize("card", GANGSTER_CARDS, ids=str)
def test_gangster_card_text_is_its_parsed_form(card: GangsterCard) -> None:
    assert str(card) == f"{card.value}{card.color.code}"
    assert parse_card(str(card)) is card


@pytest.mark.parametrize("card", SPECIAL_CARDS, ids=str)
def test_special_card_text_is_its_parsed_form(card: SpecialCard) -> None:
    copy = str(card.copy) if card.kind.copies > 1 else ""
    assert str(card) == f"{card.kind.value}{copy}"
    assert parse_card(str(card)) is card


def test_there_are_81_cards() -> None:
    assert len(GANGSTER_CARDS) + len(SPECIAL_CARDS) == 81


@pytest.mark.parametrize("tile", BUSINESS_TILES, ids=str)
def test_tile_text_is_its_parsed_form(tile: BusinessTile) -> None:
    assert str(tile) == f"{tile.kind.value}#{tile.number}"
    assert parse_tile(str(tile)) is tile
    assert str(BusinessTile(tile.kind, tile.number)) == str(tile)


def test_there_are_20_tiles() -> None:
    assert len(BUSINESS_TILES) == 20


@pytest.mark.parametrize("cls", [GameState, Turn])
def test_copied_classes_do_nothing_in_init_that_a_copy_would_skip(
    cls: type[attrs.AttrsInstance], state: GameState
) -> None:
    # _replace and _turn bypass __init__: nothing may be checked, converted or derived there.
    assert all(field.validator is None and field.converter is None for field in attrs.fields(cls))
    assert not hasattr(cls, "__attrs_post_init__")
    instance = state if cls is GameState else state.turn
    hash(instance)  # a cached hash would be kept in the instance and copied, stale
    assert set(vars(instance)) == field_names(cls)


SLOTTED_PARTS = [PlayerState, Column, Business]
"""The parts of a state that apply makes by setting their slots."""


@pytest.mark.parametrize("cls", SLOTTED_PARTS)
def test_slotted_parts_do_nothing_in_init_that_apply_skips(cls: type[attrs.AttrsInstance]) -> None:
    # _player, _new_column and _business set the slots of a bare instance: nothing may be
    # checked, converted or derived in __init__, and no hash may be cached in a slot.
    assert all(field.validator is None and field.converter is None for field in attrs.fields(cls))
    assert not hasattr(cls, "__attrs_post_init__")
    assert set(vars(cls)["__slots__"]) == field_names(cls) | {"__weakref__"}


def test_views_made_by_tuple_new_equal_those_made_with_the_class(games: list[Game]) -> None:
    # view() makes a PlayerView with tuple.__new__, as NamedTuple's _make does: the view must
    # be the one the class makes of the same fields, and stay immutable.
    for game in games[:: len(OPTIONS)]:
        state = None
        for event in game.events[:400]:
            state = apply(state, event)
            for seat in (None, *range(len(state.players))):
                fast = view(state, seat)
                plain = PlayerView(**fast._asdict())
                assert type(fast) is PlayerView
                assert fast == plain
                assert hash(fast) == hash(plain)
    with pytest.raises(AttributeError):
        fast.seat = 1  # type: ignore[misc]  # immutable: the assignment is the point


@pytest.mark.parametrize("cls", [BusinessView, ColumnView])
def test_view_parts_made_without_init_equal_those_made_with_it(
    cls: type[attrs.AttrsInstance], games: list[Game]
) -> None:
    # view() sets the slots of bare business and column views: nothing may be checked,
    # converted or derived in __init__, no hash cached in a slot, and each part must be the
    # one __init__ makes of the same fields.
    fields = attrs.fields(cls)
    assert all(field.validator is None and field.converter is None for field in fields)
    assert not hasattr(cls, "__attrs_post_init__")
    assert set(vars(cls)["__slots__"]) == field_names(cls) | {"__weakref__"}
    made = 0
    for game in games[:: len(OPTIONS)]:
        state = None
        for event in game.events[:400]:
            state = apply(state, event)
            for seat in (None, *range(len(state.players))):
                for business in view(state, seat).businesses:
                    parts = business.columns if cls is ColumnView else (business,)
                    for fast in parts:
                        plain = cls(**{field.name: getattr(fast, field.name) for field in fields})
                        assert fast == plain
                        assert hash(fast) == hash(plain)
                        made += 1
    assert made > 1_000


def test_parts_made_without_init_equal_those_made_with_it(state: GameState) -> None:
    player = state.players[1]
    column = state.businesses[0].columns[0]
    card = next(card for card in player.hand if isinstance(card, GangsterCard))
    made: list[tuple[attrs.AttrsInstance, attrs.AttrsInstance]] = [
        (_player(*attrs.astuple(player, recurse=False)), player),
        (_new_column((card,), 3), Column((card,), 3)),
        (_new_column(()), Column()),
        (
            _business(state.businesses[0].tile, (column,)),
            Business(state.businesses[0].tile, (column,)),
        ),
        (_new_turn(2, 5, TurnPhase.ACTIONS, 2), Turn(2, 5, TurnPhase.ACTIONS, 2)),
        (
            _turn_in_phase(state.turn, TurnPhase.ENDED),
            attrs.evolve(state.turn, phase=TurnPhase.ENDED),
        ),
        (
            _turn_after_action(state.turn),
            attrs.evolve(state.turn, actions_taken=state.turn.actions_taken + 1),
        ),
    ]
    for fast, plain in made:
        assert type(fast) is type(plain)
        assert fast == plain
        assert hash(fast) == hash(plain)
        assert attrs.astuple(fast, recurse=False) == attrs.astuple(plain, recurse=False)


def every_part(state: GameState) -> Iterator[attrs.AttrsInstance]:
    """The state and every attrs instance in it that apply may have made."""
    yield state
    yield state.turn
    if state.previous_turn is not None:
        yield state.previous_turn
    yield from state.players
    for business in state.businesses:
        yield business
        yield from business.columns


def test_every_state_apply_makes_is_whole(games: list[Game]) -> None:
    # Copies made without __init__ must hold every field and nothing else, in every part.
    for game in games:
        for _, _, after in transitions(game):
            for part in every_part(after):
                names = field_names(type(part))
                if hasattr(part, "__dict__"):
                    assert set(vars(part)) == names, type(part)
                for name in names:
                    getattr(part, name)  # AttributeError if a slot was left unset
            assert after == attrs.evolve(after)  # as made again through __init__


def shared_objects() -> Iterator[tuple[tuple[object, ...], attrs.AttrsInstance]]:
    """Every event and command that decide and legal share, with the key it is kept under."""
    for seat in range(6):
        yield (seat,), decide._DRAW_REQUESTS[seat]
        yield (seat,), decide._ACTION_PHASES[seat]
        yield (seat, False), decide._TURNS_ENDED[seat]
        yield (seat, True), decide._TURNS_FORCED_TO_END[seat]
        yield (seat,), legal._DRAWS[seat]
        yield (seat,), legal._END_TURNS[seat]
    plays = {
        (seat, id(card), id(tile)): play
        for seat, tables in enumerate(legal._GANGSTER_PLAYS)
        for tile, made in tables.items()
        for card, play in made.items()
    }
    for table in (decide._CARDS_DRAWN, decide._GANGSTERS_PLAYED, plays):
        for key, shared in table.items():
            # The tables key cards and tiles by their id (they are interned): name them again.
            fields = attrs.astuple(shared, recurse=False)
            assert key == (fields[0], *map(id, fields[1:])), shared
            yield fields, shared


def special_play_key(play: Command) -> int:
    """The key that ``legal._SPECIAL_PLAYS`` keeps ``play`` under, worked out from its fields."""
    match play:
        case PlayLiquidation(_, tile, victim):
            return id(tile) << 6 | victim << 2 | 1
        case PlayPoliceRaid(_, tile, target):
            return id(tile) << 6 | target << 2 | 2
        case PlayBribery(_, card):
            return id(card) << 2 | 3
        case PlayRevolver():
            return 0
    raise AssertionError(play)


def test_shared_special_plays_are_those_their_key_names(games: list[Game]) -> None:
    kept = [
        (seat, key, play)
        for seat, made in enumerate(legal._SPECIAL_PLAYS)
        for key, play in made.items()
    ]
    assert {type(play) for _, _, play in kept} == {
        PlayLiquidation,
        PlayPoliceRaid,
        PlayBribery,
        PlayRevolver,
    }
    for seat, key, play in kept:
        assert isinstance(play, PlayLiquidation | PlayPoliceRaid | PlayBribery | PlayRevolver)
        assert play.player == seat
        assert key == special_play_key(play), play
        assert play == attrs.evolve(play)
        assert commands._FORMED.get(id(play)) is play  # step need not check its form again


def test_shared_events_and_commands_are_those_their_key_names(games: list[Game]) -> None:
    # The games fixture fills the tables; an object kept under the wrong key would be handed
    # out for another seat, card or tile.
    assert len(decide._GANGSTERS_PLAYED) > 100
    assert len(decide._CARDS_DRAWN) > 100
    gc.collect()  # a new tuple is tracked until a collection finds it holds ints alone
    assert not any(map(gc.is_tracked, [*decide._GANGSTERS_PLAYED]))
    assert all(
        card is play.card and (seat, tile) == (play.player, play.business)
        for seat, tables in enumerate(legal._GANGSTER_PLAYS)
        for tile, made in tables.items()
        for card, play in made.items()
    )
    for key, shared in shared_objects():
        fresh = type(shared)(*key)
        assert attrs.astuple(shared, recurse=False) == key, shared
        assert shared == fresh
        assert hash(shared) == hash(fresh)
