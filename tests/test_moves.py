"""The move notation: every legal command round-trips through its text, and what it refuses."""

from __future__ import annotations

import collections
import random

import pytest

from chicago_poker.core.apply import apply
from chicago_poker.core.cards import GangsterCard, parse_tile
from chicago_poker.core.commands import (
    DealCard,
    DeclineReinforcement,
    DrawCard,
    EndTurn,
    PlayBribery,
    PlayGangster,
    PlayLimousine,
    PlayLiquidation,
    PlayPoliceRaid,
    PlayRevolver,
    RevealTile,
    SendReinforcement,
    StartGame,
)
from chicago_poker.core.decide import follow_up, step
from chicago_poker.core.errors import (
    AmbiguousCommandError,
    ArgumentTypeError,
    IllegalCommand,
    InvalidArgumentError,
    InvalidSeatError,
    NotationSyntaxError,
)
from chicago_poker.core.legal import legal_commands
from chicago_poker.core.state import GameState, TurnPhase
from chicago_poker.formats.moves import parse_command, write_command
from chicago_poker.formats.notation import parse_position
from chicago_poker.players.game import Game
from random_games import ALL_OPTIONS, by_kind, random_game
from test_games import midgame_state

EVERY_KIND = {
    DrawCard,
    PlayGangster,
    PlayLiquidation,
    PlayPoliceRaid,
    PlayLimousine,
    PlayRevolver,
    PlayBribery,
    EndTurn,
    SendReinforcement,
    DeclineReinforcement,
    DealCard,
    RevealTile,
}


def check_texts(state: GameState, seen: collections.Counter[type]) -> None:
    """Every legal command of ``state`` reads back from its texts, and no two share one."""
    legal = legal_commands(state)
    full = [write_command(command) for command in legal]
    short = [write_command(command, state) for command in legal]
    assert len(set(full)) == len(legal), full
    assert len(set(short)) == len(legal), short
    for command, long_text, short_text in zip(legal, full, short, strict=True):
        assert str(command) == long_text
        assert parse_command(long_text, state) == command, long_text
        assert parse_command(short_text, state) == command, short_text
        assert parse_command(short_text.upper(), state) == command, short_text
        seen[type(command)] += 1


def test_every_legal_command_of_random_games_round_trips_through_its_text() -> None:
    seen: collections.Counter[type] = collections.Counter()
    for seed in range(12):
        players = 2 + seed % 5
        options = ALL_OPTIONS[(seed * 11) % len(ALL_OPTIONS)]
        game = random_game(players, options, seed=seed, policy=by_kind, commands=400)
        state: GameState | None = None
        # Every state the game passed through, those where chance acts included.
        for entry in game.history:
            if state is not None:
                check_texts(state, seen)
            for event in entry.events:
                state = apply(state, event)
    # Ties are rare in games this short: the test below plays for them.
    assert EVERY_KIND - {SendReinforcement, DeclineReinforcement} <= set(seen), set(seen)


def test_every_legal_command_of_tied_shootouts_round_trips_through_its_text() -> None:
    """Positions with a tie at seat 0's shootouts (from test_games), played on at random."""
    seen: collections.Counter[type] = collections.Counter()
    for seed in range(30):
        state, _ = follow_up(midgame_state(seed))
        rng = random.Random(seed)
        while state.turn.phase is TurnPhase.SHOOTOUTS and not state.is_over:
            check_texts(state, seen)
            state = step(state, rng.choice(legal_commands(state)))[0]
    assert seen[SendReinforcement] > 50, seen
    assert seen[DeclineReinforcement] > 5, seen


POSITION = """
chicago-poker position 1
player Al hand=9R,10B,Liquidation
player Bugs hand=1G
player Frank hand=2G
player Dutch
turn seat=0 number=10
business Speakeasy#1 8R 10R,10Y - -
business Speakeasy#3 - - 4G -
business Brewery#2 - 3G - -
"""


@pytest.fixture
def state() -> GameState:
    return parse_position(POSITION)


def test_a_tile_named_by_its_kind_alone_must_name_one_business(state: GameState) -> None:
    nine = GangsterCard.parse("9R")
    assert parse_command("9r brewery", state) == PlayGangster(0, nine, parse_tile("Brewery#2"))
    with pytest.raises(AmbiguousCommandError) as caught:
        parse_command("9R Speakeasy", state)
    assert caught.value.candidates == ("0: 9R Speakeasy#1", "0: 9R Speakeasy#3")
    speakeasy = parse_tile("Speakeasy#3")
    assert parse_command("9R Speakeasy#3", state) == PlayGangster(0, nine, speakeasy)


def test_the_short_text_names_the_kind_only_where_it_is_unique(state: GameState) -> None:
    play = PlayGangster(0, GangsterCard.parse("9R"), parse_tile("Speakeasy#3"))
    assert write_command(play, state) == "9R Speakeasy#3"
    assert write_command(play) == "0: 9R Speakeasy#3"
    liquidation = PlayLiquidation(0, parse_tile("Speakeasy#3"), 2)
    assert write_command(liquidation, state) == "Liquidation Speakeasy 2"


def test_an_illegal_command_is_refused_with_the_rule_of_decide(state: GameState) -> None:
    with pytest.raises(IllegalCommand) as caught:
        parse_command("1: draw", state)
    assert caught.value.rule == "R-3.1"
    assert "'1: draw'" in str(caught.value)
    with pytest.raises(IllegalCommand) as caught:
        parse_command("15P Brewery", state)  # not in Al's hand
    assert caught.value.rule.startswith("R-")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "there is no move"),
        ("fly Speakeasy#1", "'fly' is not a move"),
        ("9R", "the business is missing"),
        ("9R Brewery#2 now", "'now' is one word too many"),
        ("9X Brewery#2", "'9X' is not a move"),
        ("Bribery 9X", "'9X' is not a card"),
        ("9R Bar#1", "'Bar#1' is not a business tile"),
        ("Liquidation Brewery#2 one", "a seat is a number from 0, not 'one'"),
        ("x: draw", "the seat before ':' is a number from 0, not 'x'"),
        ("0: deal 9R", "chance's, which has no seat"),
        ("start", "a set-up has no move text"),
        ("9R GamblingHouse", "no GamblingHouse is face up"),
    ],
)
def test_text_that_breaks_the_grammar_is_refused_with_what_is_wrong(
    state: GameState, text: str, words: str
) -> None:
    with pytest.raises(NotationSyntaxError, match=words):
        parse_command(text, state)


def test_the_player_given_fixes_the_seat(state: GameState) -> None:
    with pytest.raises(IllegalCommand) as caught:
        parse_command("draw", state, player=1)
    assert caught.value.rule == "R-3.1"
    with pytest.raises(NotationSyntaxError, match="seat 1's, but it is given by seat 0"):
        parse_command("1: draw", state, player=0)
    with pytest.raises(InvalidSeatError):
        parse_command("draw", state, player=4)


def test_a_decline_without_a_seat_names_the_seats_left_to_choose() -> None:
    for seed in range(30):
        state, _ = follow_up(midgame_state(seed))
        rng = random.Random(seed)
        while state.turn.phase is TurnPhase.SHOOTOUTS and not state.is_over:
            legal = legal_commands(state)
            choosers = sorted({c.player for c in legal if isinstance(c, SendReinforcement)})
            if len(choosers) > 1:
                with pytest.raises(AmbiguousCommandError) as caught:
                    parse_command("decline", state)
                assert caught.value.candidates == tuple(f"{seat}: decline" for seat in choosers)
                return
            state = step(state, rng.choice(legal))[0]
    pytest.fail("no shootout with two players left to choose")


def test_what_is_not_text_or_a_state_is_refused() -> None:
    state = Game.new(["Al", "Bugs"], seed=1).state
    with pytest.raises(ArgumentTypeError):
        parse_command(b"draw", state)  # type: ignore[arg-type]  # the mistake under test
    with pytest.raises(ArgumentTypeError):
        parse_command("draw", None)  # type: ignore[arg-type]  # the mistake under test


def test_a_set_up_has_no_move_text() -> None:
    start = Game.new(["Al", "Bugs"], seed=1).history[0].command
    assert isinstance(start, StartGame)
    with pytest.raises(InvalidArgumentError, match="StartGame has no move text"):
        write_command(start)
    assert str(start).startswith("StartGame(")
