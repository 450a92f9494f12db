"""The Game facade: set-up, execute, legal commands, history and undo with a seeded dealer."""

from __future__ import annotations

import doctest
import io
import itertools
import json
import random
import re
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_poker.core.apply import apply, replay
from chicago_poker.core.cards import (
    BUSINESS_TILES,
    SpecialCard,
    full_deck,
    parse_card,
    parse_tile,
    tactical_deck,
)
from chicago_poker.core.commands import (
    Command,
    DealCard,
    DrawCard,
    EndTurn,
    RevealTile,
    StartGame,
)
from chicago_poker.core.decide import decide
from chicago_poker.core.errors import (
    ArgumentTypeError,
    IllegalCommand,
    InvalidArgumentError,
    InvalidSeatError,
)
from chicago_poker.core.events import CardDrawn, GameStarted
from chicago_poker.core.legal import Awaiting, awaiting, legal_commands
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState
from chicago_poker.formats.log import LogKind, write_log
from chicago_poker.players.game import Dealer, Entry, Game, SavedGameError
from invariants import FACE_UP_AT_SETUP, check_game_over, check_invariants
from random_games import play_random
from scenarios import NAMES


def snapshot(game: Game) -> tuple[GameState, tuple[Entry, ...]]:
    """What undo must give back: the state and the history."""
    return game.state, game.history


def explicit_start(first_player: int = 1, options: RuleOptions | None = None) -> StartGame:
    """A set-up with chance given as data: fixed hands, businesses and first player."""
    hands = (
        tuple(parse_card(text) for text in ["1R", "2R", "3R", "4R", "5R"]),
        tuple(parse_card(text) for text in ["1B", "2B", "3B", "4B", "5B"]),
    )
    businesses = (parse_tile("Speakeasy#1"), parse_tile("JazzClub#2"))
    return StartGame(("Al", "Bugs"), hands, businesses, first_player, options or RuleOptions())


# ---------------------------------------------------------------------------- Game.new


@pytest.mark.rule("R-2.1", "R-2.3", "R-2.5", "R-2.7")
@pytest.mark.parametrize("players", range(2, 7))
def test_new_game_deals_five_cards_each_and_the_face_up_businesses(players: int) -> None:
    game = Game.new(NAMES[:players], seed=players)
    state = game.state
    assert [player.name for player in state.players] == list(NAMES[:players])
    assert all(len(player.hand) == 5 for player in state.players)
    assert len(state.businesses) == FACE_UP_AT_SETUP[players]
    assert len(state.tile_pile) == len(BUSINESS_TILES) - FACE_UP_AT_SETUP[players]
    assert len(state.draw_pile) == 81 - 5 * players
    assert state.turn.player == state.first_player
    assert state.turn.base_actions == 1
    assert awaiting(state) is Awaiting.ACTION
    assert isinstance(game.history[0].command, StartGame)
    assert isinstance(game.events[0], GameStarted)
    assert replay(game.events) == state
    check_invariants(state)


@pytest.mark.rule("R-9.1")
def test_new_tactical_game_deals_no_special_card() -> None:
    for seed in range(10):
        game = Game.new(NAMES[:6], RuleOptions(tactical=True), seed=seed)
        state = game.state
        cards = set(state.draw_pile).union(*(player.hand for player in state.players))
        assert cards == set(tactical_deck())
        assert not any(isinstance(card, SpecialCard) for card in cards)


def test_new_game_with_the_same_seed_deals_the_same_game() -> None:
    first = Game.new(NAMES[:4], seed=11)
    second = Game.new(NAMES[:4], seed=11)
    assert first.history == second.history
    assert first.state == second.state


def test_new_game_without_options_uses_the_default_options() -> None:
    assert Game.new(NAMES[:2], seed=1).state.options == RuleOptions()


@pytest.mark.rule("R-2.1")
@pytest.mark.parametrize("players", [0, 1, 7])
def test_new_game_rejects_a_wrong_number_of_players(players: int) -> None:
    names = tuple(f"P{seat}" for seat in range(players))
    with pytest.raises(IllegalCommand) as error:
        Game.new(names, seed=1)
    assert error.value.rule == "R-2.1"


@pytest.mark.rule("R-2.2")
@pytest.mark.parametrize("players", ["AlBugs", 3, {"Al", "Bugs"}, None], ids=repr)
def test_new_game_needs_a_sequence_of_names(players: Any) -> None:
    """A string is a sequence of one-letter names: "AlBugs" would seat six players."""
    with pytest.raises(IllegalCommand) as error:
        Game.new(players, seed=1)
    assert error.value.rule == "R-2.2"
    assert error.value.message.startswith("The players are a sequence of names, not ")


# ------------------------------------------------------------- Game(StartGame(...))


@pytest.mark.rule("R-2.3", "R-2.5", "R-2.7", "R-3.4")
def test_game_from_an_explicit_start_uses_the_chance_given() -> None:
    start = explicit_start(first_player=1)
    game = Game(start, Dealer(3))
    state = game.state
    assert state.players[0].hand == frozenset(start.hands[0])
    assert state.players[1].hand == frozenset(start.hands[1])
    assert tuple(business.tile for business in state.businesses) == start.businesses
    assert state.draw_pile == frozenset(full_deck()) - set(start.hands[0]) - set(start.hands[1])
    assert state.tile_pile == frozenset(BUSINESS_TILES) - set(start.businesses)
    assert state.first_player == 1
    assert state.turn.player == 1
    assert state.turn.base_actions == 1
    assert game.history == (Entry(start, decide(None, start)),)


def test_game_from_an_explicit_start_draws_from_its_dealer() -> None:
    games = [Game(explicit_start(), Dealer(5)) for _ in range(2)]
    for game in games:
        game.execute(DrawCard(1))
    assert games[0].history == games[1].history
    drawn = games[0].history[-1]
    assert isinstance(drawn.command, DealCard)
    assert drawn.command.card in Game(explicit_start()).state.draw_pile


def test_game_from_an_explicit_start_without_dealer_still_deals_chance() -> None:
    game = Game(explicit_start())
    events = game.execute(DrawCard(1))
    drawn = [event for event in events if isinstance(event, CardDrawn)]
    assert [event.player for event in drawn] == [1]
    check_invariants(game.state)


@pytest.mark.parametrize(
    ("start", "rule"),
    [
        pytest.param(StartGame(("Al",), ((),), ()), "R-2.1", id="one-player"),
        pytest.param(
            StartGame(("Al", " "), explicit_start().hands, explicit_start().businesses),
            "R-2.2",
            id="blank-name",
        ),
        pytest.param(
            StartGame(("Al", "Bugs"), (explicit_start().hands[0],), explicit_start().businesses),
            "R-2.3",
            id="one-hand-for-two",
        ),
        pytest.param(
            StartGame(
                ("Al", "Bugs"),
                (explicit_start().hands[0][:4], explicit_start().hands[1]),
                explicit_start().businesses,
            ),
            "R-2.3",
            id="four-cards",
        ),
        pytest.param(
            StartGame(
                ("Al", "Bugs"), (explicit_start().hands[0],) * 2, explicit_start().businesses
            ),
            "R-2.3",
            id="card-dealt-twice",
        ),
        pytest.param(
            StartGame(
                ("Al", "Bugs"),
                (
                    (*explicit_start().hands[0][:4], parse_card("Revolver")),
                    explicit_start().hands[1],
                ),
                explicit_start().businesses,
                options=RuleOptions(tactical=True),
            ),
            "R-9.1",
            id="special-card-in-tactical-game",
        ),
        pytest.param(
            StartGame(("Al", "Bugs"), explicit_start().hands, explicit_start().businesses[:1]),
            "R-2.5",
            id="one-business-for-two-players",
        ),
        pytest.param(
            StartGame(("Al", "Bugs"), explicit_start().hands, explicit_start().businesses[:1] * 2),
            "R-2.5",
            id="same-business-twice",
        ),
        pytest.param(
            StartGame(("Al", "Bugs"), explicit_start().hands, explicit_start().businesses, 2),
            "R-2.7",
            id="no-such-first-player",
        ),
    ],
)
def test_game_from_an_explicit_start_checks_the_set_up(start: StartGame, rule: str) -> None:
    with pytest.raises(IllegalCommand) as error:
        Game(start)
    assert error.value.rule == rule


# ------------------------------------------------------------------- execute, history


def test_execute_returns_the_events_of_decide_then_those_of_chance() -> None:
    game = Game.new(NAMES[:3], seed=4)
    seat = game.state.turn.player
    before = game.state
    expected = decide(before, DrawCard(seat))
    mark = len(game.history)
    events = game.execute(DrawCard(seat))
    entries = game.history[mark:]
    assert entries[0] == Entry(DrawCard(seat), expected)
    assert [type(entry.command) for entry in entries[1:]] == [DealCard]
    assert events == tuple(event for entry in entries for event in entry.events)
    assert events[: len(expected)] == expected
    assert game.events[-len(events) :] == events


def test_every_history_entry_holds_the_events_decide_gives_for_its_command() -> None:
    game = Game.new(NAMES[:4], RuleOptions(optional_actions=True), seed=8)
    play_random(game, random.Random(8), commands=300)
    state: GameState | None = None
    for entry in game.history:
        assert decide(state, entry.command) == entry.events
        for event in entry.events:
            state = apply(state, event)
    assert state == game.state
    assert game.events == tuple(event for entry in game.history for event in entry.events)


def test_chance_commands_in_the_history_only_follow_a_waiting_state() -> None:
    game = Game.new(NAMES[:5], seed=2)
    play_random(game, random.Random(2), commands=200)
    state: GameState | None = None
    for entry in game.history:
        if isinstance(entry.command, DealCard):
            assert state is not None
            assert awaiting(state) is Awaiting.CARD
        if isinstance(entry.command, RevealTile):
            assert state is not None
            assert awaiting(state) is Awaiting.TILE
        for event in entry.events:
            state = apply(state, event)
    assert awaiting(game.state) is not Awaiting.CARD
    assert awaiting(game.state) is not Awaiting.TILE


@pytest.mark.rule("R-3.1")
def test_legal_commands_of_one_player() -> None:
    game = Game.new(NAMES[:3], seed=6)
    seat = game.state.turn.player
    assert game.legal_commands(seat) == game.legal_commands()
    for other in range(3):
        if other != seat:
            assert game.legal_commands(other) == ()


# -------------------------------------------------------------- illegal commands


@pytest.mark.rule("R-3.1")
def test_illegal_command_leaves_the_game_and_its_dealer_unchanged() -> None:
    game = Game.new(NAMES[:2], seed=12)
    twin = Game.new(NAMES[:2], seed=12)
    seat = game.state.turn.player
    before = snapshot(game)
    with pytest.raises(IllegalCommand) as error:
        game.execute(DrawCard(1 - seat))
    assert error.value.rule == "R-3.1"
    assert snapshot(game) == before
    assert game.execute(DrawCard(seat)) == twin.execute(DrawCard(seat))


@pytest.mark.rule("R-3.2", "R-3.6", "R-2.1")
def test_other_illegal_commands_leave_the_game_unchanged() -> None:
    game = Game.new(NAMES[:2], seed=13)
    play_random(game, random.Random(13), commands=7)
    seat = game.state.turn.player
    card = next(iter(game.state.draw_pile))
    before = snapshot(game)
    cases: list[tuple[Command, str]] = [
        (DealCard(card), "R-3.6"),
        (explicit_start(), "R-2.1"),
    ]
    if game.state.turn.actions_taken < game.state.turn.base_actions:
        cases.append((EndTurn(seat), "R-3.2"))
    for command, rule in cases:
        with pytest.raises(IllegalCommand) as error:
            game.execute(command)
        assert error.value.rule == rule
        assert snapshot(game) == before


# ---------------------------------------------------------------------------- undo


def test_undo_restores_the_previous_state_and_history() -> None:
    game = Game.new(NAMES[:3], seed=21)
    play_random(game, random.Random(21), commands=10)
    before = snapshot(game)
    game.execute(game.legal_commands()[0])
    game.undo()
    assert snapshot(game) == before
    assert game.state == replay(game.events)


def test_undo_restores_the_dealer_so_the_same_command_gives_the_same_events() -> None:
    game = Game.new(NAMES[:2], seed=22)
    rng = random.Random(22)
    redone = 0
    while not game.state.is_over:
        command = rng.choice(game.legal_commands())
        before = snapshot(game)
        events = game.execute(command)
        after = snapshot(game)
        chance = isinstance(game.history[-1].command, (DealCard, RevealTile))
        if chance or len(game.history) % 10 == 0:
            game.undo()
            assert snapshot(game) == before
            assert game.execute(command) == events
            assert snapshot(game) == after
            redone += 1
    assert redone > 20


def test_undo_to_the_start_rewinds_the_dealer_across_renewals_of_its_generator() -> None:
    """Python's generator renews its 624 words once every 624 numbers; undo rewinds past that."""
    dealer = Dealer(26)  # a long game: its deals draw more than 624 numbers
    game = Game(dealer.start(NAMES[:6], RuleOptions()), dealer)
    rng = random.Random(26)
    positions = [dealer.get_state()[1][-1]]  # type: ignore[index]  # random.getstate()
    players = []
    while not game.state.is_over:
        players.append(rng.choice(game.legal_commands()))
        game.execute(players[-1])
        positions.append(dealer.get_state()[1][-1])  # type: ignore[index]  # as above
    assert any(later < earlier for earlier, later in itertools.pairwise(positions[1:]))
    finished = snapshot(game)
    game.undo(len(players))
    assert len(game.history) == 1
    for command in players:
        game.execute(command)
    assert snapshot(game) == finished


def test_undo_of_several_commands_goes_back_that_many_player_commands() -> None:
    game = Game.new(NAMES[:4], seed=23)
    rng = random.Random(23)
    snapshots = [snapshot(game)]
    commands: list[Command] = []
    for _ in range(12):
        command = rng.choice(game.legal_commands())
        commands.append(command)
        game.execute(command)
        snapshots.append(snapshot(game))
    game.undo(5)
    assert snapshot(game) == snapshots[7]
    for index, command in enumerate(commands[7:], start=8):
        game.execute(command)
        assert snapshot(game) == snapshots[index]


def test_undo_past_the_set_up_is_refused_and_changes_nothing() -> None:
    game = Game.new(NAMES[:2], seed=24)
    with pytest.raises(InvalidArgumentError, match="undo: there are fewer than 1 commands"):
        game.undo()
    play_random(game, random.Random(24), commands=2)
    before = snapshot(game)
    with pytest.raises(InvalidArgumentError, match="undo: there are fewer than 3 commands"):
        game.undo(3)
    assert snapshot(game) == before
    with pytest.raises(InvalidArgumentError, match="undo: commands must be 0 or more, not -1"):
        game.undo(-1)
    assert snapshot(game) == before
    for wrong in (True, 1.0, "1"):
        with pytest.raises(ArgumentTypeError, match="undo: commands must be an int, not "):
            game.undo(wrong)  # type: ignore[arg-type]  # the wrong types are the point
        assert snapshot(game) == before
    game.undo(0)
    assert snapshot(game) == before


@pytest.mark.rule("R-8.2")
def test_a_finished_game_accepts_no_command_and_can_be_undone() -> None:
    game = Game.new(NAMES[:3], RuleOptions(short_game=True), seed=25)
    rng = random.Random(25)
    before = snapshot(game)
    while not game.state.is_over:
        before = snapshot(game)
        game.execute(rng.choice(game.legal_commands()))
    check_game_over(game.state, game.events)
    assert game.legal_commands() == ()
    seat = game.state.turn.player
    with pytest.raises(IllegalCommand) as error:
        game.execute(DrawCard(seat))
    assert error.value.rule == "R-8.2"
    game.undo()
    assert snapshot(game) == before
    assert not game.state.is_over


@pytest.mark.parametrize("seed", ["2004", 2004.0, True, [1]])
def test_a_seed_that_is_not_an_int_is_refused_naming_it(seed: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="Dealer: seed must be an int or None, not "):
        Dealer(seed)
    with pytest.raises(ArgumentTypeError, match="seed"):
        Game.new(NAMES[:2], seed=seed)


def test_a_negative_seed_is_refused_it_would_deal_the_game_of_its_opposite() -> None:
    assert Game.new(NAMES[:3], seed=0).events != Game.new(NAMES[:3], seed=1).events
    with pytest.raises(InvalidArgumentError, match="Dealer: seed must be 0 or more, not -1"):
        Game.new(NAMES[:3], seed=-1)


@pytest.mark.parametrize("options", [{"tactical": True}, {}, "short_game", False])
def test_options_that_are_not_rule_options_are_refused_naming_them(options: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="options must be a RuleOptions, not "):
        Game.new(NAMES[:2], options, seed=1)
    with pytest.raises(ArgumentTypeError, match="options must be a RuleOptions, not "):
        Dealer(1).start(NAMES[:2], options)


@pytest.mark.parametrize("value", ["no", 0, 1, None])
def test_a_rule_option_that_is_not_a_bool_is_refused_naming_it(value: Any) -> None:
    with pytest.raises(ArgumentTypeError, match=r"RuleOptions: short_game must be True or False"):
        RuleOptions(short_game=value)


@pytest.mark.rule("R-2.1")
@pytest.mark.parametrize("player", ["0", -1, 3, 7, 1.5, True, False, 2**70])
def test_legal_commands_for_a_seat_not_at_the_table_is_refused(player: Any) -> None:
    game = Game.new(NAMES[:3], seed=5)
    message = r"There is no seat .* legal_commands takes a player from 0 to 2"
    with pytest.raises(InvalidSeatError, match=message):
        game.legal_commands(player)
    with pytest.raises(InvalidSeatError, match=message):
        legal_commands(game.state, player)


def test_replay_of_no_events_is_refused_naming_them() -> None:
    with pytest.raises(InvalidArgumentError, match="replay: events must begin with GameStarted"):
        replay([])
    game = Game.new(NAMES[:2], seed=1)
    with pytest.raises(InvalidArgumentError, match="apply: a game must begin with GameStarted"):
        apply(None, game.events[1])


def test_replay_refuses_what_is_not_an_event_as_apply_does() -> None:
    game = Game.new(NAMES[:2], seed=1)
    game.execute(game.legal_commands()[0])
    stray: Any = DrawCard(0)  # a command where an event belongs
    events = [*game.events[:2], stray, *game.events[2:]]
    with pytest.raises(ArgumentTypeError, match="not an event") as refused:
        replay(events)
    assert refused.value.__context__ is None  # no KeyError from the dispatch behind it


# --------------------------------------------------------------------------- save and resume


def _played(seed: int, moves: int, players: int = 3) -> Game:
    """A game of ``moves`` random legal commands (fewer if it ends first)."""
    game = Game.new(NAMES[:players], seed=seed)
    policy = random.Random(seed)
    for _ in range(moves):
        if game.state.is_over:
            break
        game.execute(policy.choice(game.legal_commands()))
    return game


def _go_on(game: Game, seed: int, moves: int) -> list[tuple[Any, ...]]:
    """Play ``moves`` more random commands; every event they caused, chance included."""
    policy = random.Random(seed)
    told: list[tuple[Any, ...]] = []
    for _ in range(moves):
        if game.state.is_over:
            break
        told.append(game.execute(policy.choice(game.legal_commands())))
    return told


def _log(game: Game, **options: Any) -> io.StringIO:
    file = io.StringIO()
    write_log(game, file, **options)
    file.seek(0)
    return file


def _seedless_log(game: Game, **options: Any) -> io.StringIO:
    """The log of ``game``'s history alone, without its dealer: as from a real table."""
    file = io.StringIO()
    write_log(game.history, file, **options)
    file.seek(0)
    return file


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    moves=st.integers(1, 150),
    players=st.integers(2, 6),
    resumed=st.booleans(),
    data=st.data(),
)
def test_undo_then_the_same_commands_give_back_the_same_game(
    seed: int, moves: int, players: int, resumed: bool, data: st.DataObject
) -> None:
    """Undo rewinds the dealer exactly: the commands taken back, given again, are dealt the same
    cards. Also in a game resumed from a log without a seed, whose fresh dealer deals only what
    follows the log: what it dealt is taken back and dealt again."""
    game = _played(seed, moves, players)
    logged = 0
    if resumed:
        # A fresh dealer deals from the end of the log; its seed, drawn at random, is fixed
        # here so that each example plays one game.
        with mock.patch.object(random.SystemRandom, "randrange", return_value=seed):
            game = Game.from_log(_seedless_log(game), new_dealer=True)
        logged = sum(entry.command.__class__ not in CHANCE for entry in game.history)
        _go_on(game, seed + 1, data.draw(st.integers(0, 30), label="played after resuming"))
    given = [entry.command for entry in game.history if entry.command.__class__ not in CHANCE]
    most = len(given) - max(logged, 1)  # not the set-up; nor, resumed, what the log dealt
    taken = data.draw(st.integers(0, most), label="commands taken back")
    before = game.history
    game.undo(taken)
    for command in given[len(given) - taken :]:
        game.execute(command)
    assert game.history == before


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    moves=st.integers(0, 120),
    players=st.integers(2, 6),
    undo=st.integers(0, 4),
)
def test_a_game_saved_as_json_comes_back_exactly(
    seed: int, moves: int, players: int, undo: int
) -> None:
    """Through JSON text and back: the same history and state, the same next deals, and undo
    takes back what it would have taken back in the original."""
    game = _played(seed, moves, players)
    data = game.to_json()
    restored = Game.from_json(json.loads(json.dumps(data)))
    assert restored.history == game.history
    assert restored.state == game.state
    assert restored.to_json() == data
    assert _go_on(restored, seed + 1, 15) == _go_on(game, seed + 1, 15)
    taken = min(undo, sum(entry.command.__class__ not in CHANCE for entry in game.history) - 1)
    game.undo(taken)
    restored.undo(taken)
    assert restored.history == game.history
    assert _go_on(restored, seed + 2, 15) == _go_on(game, seed + 2, 15)


CHANCE = (StartGame, DealCard, RevealTile)


@pytest.mark.parametrize("kind", [LogKind.FULL, LogKind.COMMANDS])
def test_a_seeded_log_resumes_with_the_dealer_that_dealt_it(kind: LogKind) -> None:
    game = _played(2004, 80)
    resumed = Game.from_log(_log(game, provenance={"seed": 2004}, kind=kind))
    assert resumed.history == game.history
    assert _go_on(resumed, 7, 40) == _go_on(game, 7, 40)  # the same cards are dealt next


def test_a_log_resumes_from_a_path_and_from_its_lines(tmp_path: Path) -> None:
    game = _played(11, 30)
    path = tmp_path / "game.jsonl"
    path.write_text(_log(game, provenance={"seed": 11}).getvalue(), encoding="utf-8")
    assert Game.from_log(path).history == game.history
    assert Game.from_log(str(path)).history == game.history
    lines = path.read_text(encoding="utf-8").splitlines()
    assert Game.from_log(lines).history == game.history


def test_a_log_without_a_seed_resumes_and_deals_on_with_a_fresh_dealer() -> None:
    game = _played(5, 50)
    resumed = Game.from_log(_seedless_log(game), new_dealer=True)
    assert resumed.history == game.history
    _go_on(resumed, 3, 30)  # every command still goes through the engine
    again = Game.from_json(resumed.to_json())
    assert again.history == resumed.history
    assert _go_on(again, 4, 20) == _go_on(resumed, 4, 20)


def test_a_resumed_game_undone_into_its_log_saves_and_comes_back() -> None:
    """Undo into the commands read from a log: the fresh dealer deals from there on.

    The saved game must say so, or the game it saves cannot be read back.
    """
    game = _played(5, 50)
    resumed = Game.from_log(_seedless_log(game), new_dealer=True)  # a fresh dealer deals on
    resumed.undo(3)
    _go_on(resumed, 3, 10)
    again = Game.from_json(json.loads(json.dumps(resumed.to_json())))
    assert again.history == resumed.history
    assert _go_on(again, 4, 20) == _go_on(resumed, 4, 20)


def test_undo_refuses_when_the_dealer_was_drawn_from_outside_the_game() -> None:
    """Undo deals the kept history again; a dealer used elsewhere cannot, and says so."""
    dealer = Dealer(31)
    game = Game(dealer.start(NAMES[:3], RuleOptions()), dealer)
    policy = random.Random(2)
    _play_until_a_card_is_dealt(game, policy)
    dealer.start(NAMES[:3], RuleOptions())  # draws from the dealer behind the game's back
    _play_until_a_card_is_dealt(game, policy)
    game.execute(policy.choice(game.legal_commands()))  # undo keeps that deal, and redeals it
    before, dealer_before = snapshot(game), dealer.get_state()
    with pytest.raises(InvalidArgumentError, match=r"undo: the dealer no longer deals command"):
        game.undo()
    assert snapshot(game) == before
    assert dealer.get_state() == dealer_before


def _play_until_a_card_is_dealt(game: Game, policy: random.Random) -> None:
    dealt = False
    while not dealt:
        events = game.execute(policy.choice(game.legal_commands()))
        dealt = any(isinstance(event, CardDrawn) for event in events)


def _unknown_past_game(seed: int, moves: int) -> Game:
    """A game whose dealer had dealt before: its seed alone cannot tell what it deals."""
    dealer = Dealer(seed)
    start = dealer.start(NAMES[:2], RuleOptions())
    dealer.start(NAMES[:2], RuleOptions())  # the dealer is no longer fresh
    game = Game(start, dealer)
    _go_on(game, seed, moves)
    return game


def test_a_game_with_a_dealer_of_unknown_past_saves_its_generator() -> None:
    game = _unknown_past_game(9, 30)
    data = game.to_json()
    assert data["fresh_at"] is None
    restored = Game.from_json(json.loads(json.dumps(data)))
    assert restored.history == game.history
    assert _go_on(restored, 2, 20) == _go_on(game, 2, 20)


@pytest.mark.parametrize("taken", [1, 5, 12])
def test_undo_in_a_restored_game_of_a_dealer_of_unknown_past_deals_as_the_original(
    taken: int,
) -> None:
    """The save keeps the dealer's state before its first deal, so undo can rewind it."""
    game = _unknown_past_game(9, 30)
    restored = Game.from_json(json.loads(json.dumps(game.to_json())))
    game.undo(taken)
    restored.undo(taken)
    assert restored.history == game.history
    assert _go_on(restored, 2, 20) == _go_on(game, 2, 20)


def test_a_save_without_dealer_origin_still_comes_back() -> None:
    """Saves of earlier releases have no dealer_origin: they come back as they always did."""
    game = _unknown_past_game(9, 30)
    data = game.to_json()
    del data["dealer_origin"]
    restored = Game.from_json(data)
    assert restored.history == game.history
    assert _go_on(restored, 2, 20) == _go_on(game, 2, 20)


@pytest.mark.parametrize(
    ("origin", "message"),
    [
        ("7", r"dealer_origin is '7', not \[index, generator state\]"),
        ([0, None], r"dealer_origin's index is 0, not a command from 1 to"),
        ([True, None], r"dealer_origin's index is True, not a command from 1 to"),
        ([3, [3, [1, 2], None]], r"dealer_origin is not a generator's state"),
    ],
)
def test_a_save_with_a_broken_dealer_origin_is_refused(origin: object, message: str) -> None:
    data = _unknown_past_game(9, 30).to_json()
    data["dealer_origin"] = origin
    with pytest.raises(SavedGameError, match=message):
        Game.from_json(data)


def test_a_save_whose_dealer_origin_and_dealer_disagree_is_refused() -> None:
    data = _unknown_past_game(9, 30).to_json()
    data["dealer_origin"][1] = _unknown_past_game(10, 30).to_json()["dealer_origin"][1]
    with pytest.raises(SavedGameError, match=r"saved game: (commands\[\d+\]|dealer_origin)"):
        Game.from_json(data)
    data = _unknown_past_game(9, 30).to_json()
    data["dealer"] = _unknown_past_game(10, 30).to_json()["dealer"]
    with pytest.raises(SavedGameError, match=r"does not deal the saved commands into the state"):
        Game.from_json(data)


def test_a_redacted_log_is_refused() -> None:
    game = _played(1, 10, 2)
    with pytest.raises(SavedGameError, match=r"line 1: a redacted log cannot be resumed"):
        Game.from_log(_log(game, kind=LogKind.REDACTED, viewer=0))


def test_an_illegal_command_in_a_log_is_refused_with_its_line() -> None:
    game = _played(1, 10, 2)
    lines = _log(game, kind=LogKind.COMMANDS).getvalue().splitlines()
    idle = 1 - game.state.turn.player
    lines.append(json.dumps({"command": {"type": "EndTurn", "player": idle}, "actor": idle}))
    with pytest.raises(SavedGameError, match=rf"line {len(lines)}: .*\(R-3\.1\)"):
        Game.from_log(lines)


def test_a_log_whose_seed_did_not_deal_it_is_refused() -> None:
    game = _played(1, 10, 2)
    with pytest.raises(SavedGameError, match=r"line 2: the seed 2 does not deal these hands"):
        Game.from_log(_seedless_log(game, provenance={"seed": 2}))


def test_a_log_without_a_seed_resumes_only_with_a_new_dealer_asked_for() -> None:
    game = _played(5, 50)
    with pytest.raises(SavedGameError, match=r"line 1: .* no seed.*new_dealer=True"):
        Game.from_log(_seedless_log(game))


def test_write_log_writes_the_seed_and_refuses_another() -> None:
    game = _played(1, 10, 2)
    assert game.seed == 1
    resumed = Game.from_log(_log(game))  # no provenance given: write_log adds the seed
    assert _go_on(resumed, 7, 40) == _go_on(game, 7, 40)
    with pytest.raises(SavedGameError, match=r"provenance's seed is 2, but .* seed 1"):
        _log(game, provenance={"seed": 2})
    redacted = _log(game, kind=LogKind.REDACTED, viewer=0).getvalue()
    assert '"seed"' not in redacted


def test_a_game_resumed_with_a_new_dealer_saves_and_resumes_the_same() -> None:
    """Its dealer deals from the end of the first log: the second log says so (seed_from)."""
    game = _played(5, 50)
    resumed = Game.from_log(_seedless_log(game), new_dealer=True)
    _go_on(resumed, 3, 20)
    provenance = resumed.dealer_provenance()
    assert provenance["seed_from"] == len(game.history)
    again = Game.from_log(_log(resumed))
    assert again.history == resumed.history
    assert _go_on(again, 4, 40) == _go_on(resumed, 4, 40)


def test_a_dealer_of_unknown_past_cannot_be_written_as_a_seed() -> None:
    game = _unknown_past_game(10, 30)
    with pytest.raises(SavedGameError, match=r"save it with Game.to_json"):
        _log(game)


def test_a_full_log_with_events_the_engine_does_not_give_is_refused() -> None:
    game = _played(1, 10, 2)
    lines = _log(game).getvalue().splitlines()
    tampered = json.loads(lines[3])
    tampered["events"] = json.loads(lines[4])["events"]
    lines[3] = json.dumps(tampered, separators=(",", ":"))
    with pytest.raises(SavedGameError, match=r"line 4: the events logged are not the ones"):
        Game.from_log(lines)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "not a saved game"),
        ({"format": "chicago-poker-game", "version": 99}, "version 99 is not 1"),
        ({"format": "chicago-poker-game", "version": 1}, "commands, dealt_start, fresh_at"),
    ],
)
def test_what_is_not_a_saved_game_is_refused(data: object, message: str) -> None:
    with pytest.raises(SavedGameError, match=re.escape(message)):
        Game.from_json(data)


def test_a_saved_game_whose_commands_were_changed_is_refused() -> None:
    data = _played(3, 20, 2).to_json()
    index = next(i for i, command in enumerate(data["commands"]) if command["type"] == "DealCard")
    card = data["commands"][index]["card"]
    data["commands"][index]["card"] = "1R" if card != "1R" else "2R"
    with pytest.raises(SavedGameError, match=rf"saved game: commands\[{index}\]: the seed 3 deals"):
        Game.from_json(data)


def test_the_examples_of_the_saving_page_run() -> None:
    # The page fences its examples; a fence line ends an example's output, as a blank does.
    page = Path(__file__).parent.parent / "docs" / "saving.md"
    text = "\n".join(
        "" if line.startswith("```") else line
        for line in page.read_text(encoding="utf-8").split("\n")
    )
    test = doctest.DocTestParser().get_doctest(text, {}, "saving.md", str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False).attempted > 10
    assert runner.summarize(verbose=False).failed == 0


def test_a_game_of_duplicate_deals_resumes_from_its_log_with_the_same_order() -> None:
    game = Game.new(NAMES[:3], RuleOptions(), seed=5, duplicate=True)
    rng = random.Random(5)
    for _ in range(40):
        game.execute(rng.choice(game.legal_commands()))
    saved = io.StringIO()
    write_log(game, saved)
    header = json.loads(saved.getvalue().splitlines()[0])
    assert header["provenance"] == {"seed": 5, "duplicate": True}
    saved.seek(0)
    resumed = Game.from_log(saved)
    assert resumed.history == game.history
    for _ in range(40):
        command = rng.choice(game.legal_commands())
        game.execute(command)
        resumed.execute(command)
    assert resumed.history == game.history  # the same cards dealt, in the fixed order
