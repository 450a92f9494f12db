"""The position notation: round trips over random games, and what it refuses."""

from __future__ import annotations

import random
import re
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_poker.core.apply import apply
from chicago_poker.core.cards import parse_card
from chicago_poker.core.errors import (
    ChicagoPokerError,
    NotationError,
    NotationSyntaxError,
    PositionInvariantError,
)
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState
from chicago_poker.core.views import view
from chicago_poker.formats.notation import (
    VIEW_HEADER,
    parse_position,
    parse_view,
    write_position,
    write_view,
)
from chicago_poker.players.game import Game
from invariants import check_invariants
from random_games import play_random, random_game
from scenarios import NAMES

options_strategy = st.builds(
    RuleOptions, st.booleans(), st.booleans(), st.booleans(), st.booleans(), st.booleans()
)


def states_of(seed: int, players: int, options: RuleOptions, commands: int) -> list[GameState]:
    """The state of a random game after each command: chance, a player's, or the set-up."""
    game = random_game(players, options, seed=seed, commands=commands)
    states: list[GameState] = []
    state: GameState | None = None
    for entry in game.history:
        for event in entry.events:
            state = apply(state, event)
        assert state is not None
        states.append(state)
    return states


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    options=options_strategy,
    commands=st.integers(1, 400),
)
def test_a_position_round_trips_through_its_text(
    seed: int, players: int, options: RuleOptions, commands: int
) -> None:
    for state in states_of(seed, players, options, commands):
        text = write_position(state)
        assert parse_position(text) == state, text


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    options=options_strategy,
    commands=st.integers(1, 400),
)
def test_a_view_round_trips_through_its_text(
    seed: int, players: int, options: RuleOptions, commands: int
) -> None:
    for state in states_of(seed, players, options, commands)[::2]:
        for seat in (None, *range(players)):
            seen = view(state, seat)
            text = write_view(seen)
            assert parse_view(text) == seen, text


TIE = """
chicago-poker position 1
player Al hand=10R
player Bugs hand=11R,12R
turn seat=0 number=10 phase=shootouts
previous seat=1 number=9 phase=ended
business Speakeasy#1 1R,2Y,3G,4B,6P@0 1Y,2G,3B,4P,6R@1
business JazzClub#2 - 7G
discard 13G
shootout business=Speakeasy#1 owner=0 stage=choosing contenders=0,1 choices=0:9R round=1
game markers=4 vacancies=0 pending=1 last-winner=1 idle=2 stalled=3
"""


def test_every_field_of_a_position_and_its_views_round_trips() -> None:
    state = parse_position(TIE)
    assert state.shootout is not None
    assert state.shootout.choices == ((0, parse_card("9R")),)
    assert (state.idle_turns, state.markers_placed, state.pending_draws) == (2, 4, (1,))
    assert state.stalled_turns == 3
    assert parse_position(write_position(state)) == state
    for seat in (None, 0, 1):
        seen = view(state, seat)
        assert parse_view(write_view(seen)) == seen
    assert "own=9R" in write_view(view(state, 0))
    assert "cards=2 " in write_view(view(state, 1)).replace("\n", " ")


def test_a_hand_written_position_reads_as_the_game_it_describes() -> None:
    state = parse_position(
        """
        chicago-poker position 1   # a comment
        options short-game
        player Al hand=9R,10B,Revolver controls=Brewery#2
        player "Bugs Moran" hand=1G
        turn seat=0 number=10 taken=1
        business Speakeasy#1 8R,8Y,8G,2B,2P@0 10R,10Y
        business JazzClub#1 - 4G
        discard 7G
        """
    )
    check_invariants_outside_decision(state)
    assert state.options.short_game
    assert [player.name for player in state.players] == ["Al", "Bugs Moran"]
    assert state.turn.actions_left == 2
    assert state.first_player == 0
    assert state.businesses[0].columns[0].marker == 0
    assert state.markers_placed == 1
    assert len(state.draw_pile) == 81 - 3 - 1 - 7 - 1 - 1
    assert len(state.tile_pile) == 17


def check_invariants_outside_decision(state: GameState) -> None:
    """The invariants of tests/invariants.py that hold at any state a test may write."""
    try:
        check_invariants(state)
    except AssertionError as error:
        message = str(error)
    else:
        return
    assert "awaits" in message or "automatic events" in message, message


def test_positions_of_a_game_keep_every_invariant_after_a_round_trip() -> None:
    for state in states_of(5, 3, RuleOptions(), 200):
        check_invariants(parse_position(write_position(state)))


HEAD = "chicago-poker position 1\nplayer Al\nplayer Bugs\nturn seat=0 number=10\n"


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("", None, None, "empty"),
        ("chicago-poker position 2\n", 1, 1, "first line"),
        (HEAD + "player Capone hand=9R,,10B\n", 5, 15, "empty item"),
        (HEAD + "business Speakeasy#9 - -\n", 5, 10, "Speakeasy#9"),
        (HEAD + "turn seat=0 number=1\n", 5, 1, "at most 1"),
        (HEAD + "colour red\n", 5, 1, "not a statement"),
        (HEAD + "game markers=x\n", 5, 6, "whole number"),
        (HEAD + "game idle=1 idle=2\n", 5, 13, "twice"),
        (HEAD + "game when=now\n", 5, 6, "game has no 'when'"),
        (HEAD + 'player "Al\n', 5, 8, "JSON"),
        ("chicago-poker position 1\nplayer Al\nplayer Bugs\nturn seat=0\n", 4, 1, "number="),
    ],
)
def test_text_outside_the_grammar_is_refused_with_its_place(
    text: str, line: int | None, column: int | None, words: str
) -> None:
    with pytest.raises(NotationSyntaxError) as error:
        parse_position(text)
    assert (error.value.line, error.value.column) == (line, column)
    assert words in str(error.value)
    assert isinstance(error.value, ChicagoPokerError)


TWO = "chicago-poker position 1\nplayer Al{al}\nplayer Bugs{bugs}\nturn {turn}\n{rest}"


def position(al: str = "", bugs: str = "", turn: str = "seat=0 number=10", rest: str = "") -> str:
    return TWO.format(al=al, bugs=bugs, turn=turn, rest=rest)


@pytest.mark.parametrize(
    ("text", "invariant", "rule"),
    [
        (position(al=" hand=9R", bugs=" hand=9R"), "cards", "R-1.3"),
        (position(rest="discard 9R,9R\n"), "cards", "R-1.3"),
        (position(rest="draw 9R\n"), "cards", "R-1.3"),
        (position(rest="options tactical\ndiscard Revolver\n"), "cards", "R-9.1"),
        (position(rest="tiles Brewery#1\n"), "tiles", "R-1.4"),
        (position(al=" controls=Brewery#1", bugs=" controls=Brewery#1"), "tiles", "R-1.4"),
        (position(rest="business Brewery#1 1R,2R,3R,4R,5R,6R@0 -\n"), "columns", "R-4.5"),
        (position(rest="business Brewery#1 1R,Revolver -\n"), "columns", "R-4.1"),
        (position(rest="business Brewery#1 1R\n"), "columns", "R-4.1"),
        (position(rest="business Brewery#1 1R,2R,3R,4R,5R -\n"), "markers", "R-4.6"),
        (position(rest="business Brewery#1 1R@0 -\n"), "markers", "R-4.6"),
        (
            position(rest="business Brewery#1 1R,2R,3R,4R,5R@0 1G,2G,3G,4G,5G@0\n"),
            "markers",
            "R-6.2",
        ),
        (
            position(rest="business Brewery#1 1R,2R,3R,4R,5R@3 -\ngame markers=2\n"),
            "markers",
            "R-6.2",
        ),
        (
            position(
                rest="business Brewery#1 - -\nbusiness Brewery#2 - -\nbusiness Brewery#3 - -\n"
            ),
            "businesses",
            "R-2.5",
        ),
        (position(turn="seat=2 number=10"), "seats", "R-2.1"),
        (position(turn="seat=0 number=10 taken=4"), "turn", "R-3.2"),
        (position(turn="seat=0 number=10 bonus=1"), "turn", "R-5.5"),
        (position(turn="seat=0 number=10 phase=shootouts taken=1"), "turn", "R-6.1"),
        (position(bugs=" hand=1R,2R,3R,4R,5R,6R,7R,8R"), "hand limit", "R-3.9"),
        (position(rest="shootout business=Brewery#1 owner=0\n"), "shootout", "R-6.1"),
        (position(al=" seen=Brewery#1:1:1R"), "seen", "R-5.3"),
        (position(rest="game winner=1\n"), "victory", "R-8.2"),
        (position(rest="game winner=1 victory=blocked\n"), "victory", "R-8.6"),
        (position(rest="game winner=1 victory=stalled\n"), "victory", "R-8.7"),
        ("chicago-poker position 1\nplayer Al\nturn seat=0 number=1\n", "players", "R-2.1"),
        (position(al=" hand=1R").replace("Bugs", "Al"), "names", "R-2.2"),
    ],
)
def test_a_position_that_breaks_an_invariant_is_refused_naming_it(
    text: str, invariant: str, rule: str
) -> None:
    with pytest.raises(PositionInvariantError) as error:
        parse_position(text)
    assert (error.value.invariant, error.value.rule) == (invariant, rule), str(error.value)
    assert f"invariant {invariant!r} broken" in str(error.value)


def test_a_view_that_breaks_an_invariant_is_refused_naming_it() -> None:
    state = Game.new(NAMES[:2], seed=3).state
    good = write_view(view(state, 0))
    assert parse_view(good) == view(state, 0)
    draw = f"draw {view(state, 0).draw_pile_size}"
    for old, new, invariant in [
        ("draw ", "draw 1", "cards"),
        ("tiles ", "tiles 1", "tiles"),
        ("\ntiles ", "\ndiscard 1R\ntiles ", "cards"),
        (
            "cards=5\nturn seat=1 number=0",
            "cards=9\nturn seat=1 number=0 phase=ended",
            "hand limit",
        ),
    ]:
        text = good.replace(old, new, 1)
        if invariant == "hand limit":
            text = text.replace(draw, f"draw {view(state, 0).draw_pile_size - 4}")
        assert text != good
        with pytest.raises(PositionInvariantError) as error:
            parse_view(text)
        assert error.value.invariant == invariant
    with pytest.raises(NotationSyntaxError):
        parse_view(good.replace("seat 0", "seat 0 1"))


def test_a_view_may_not_hide_a_card_its_seat_sees() -> None:
    state = parse_position(position(rest="business Brewery#1 1R -\n").replace("1R -", "1R 2R"))
    text = write_view(view(state, 0)).replace("2R", "?")
    with pytest.raises(PositionInvariantError) as error:
        parse_view(text)
    assert error.value.invariant == "hidden cards"


def test_a_name_that_needs_quotes_round_trips() -> None:
    state = parse_position(position())
    for name in ['Al "Scarface" Capone', "", "-", "a=b", "x#y", "tab\there"]:
        renamed = attrs.evolve(
            state, players=(attrs.evolve(state.players[0], name=name or " "), state.players[1])
        )
        if not name.strip():
            with pytest.raises(PositionInvariantError):
                parse_position(write_position(renamed))
            continue
        assert parse_position(write_position(renamed)) == renamed


ROOT = Path(__file__).resolve().parent.parent


def blocks(path: Path, language: str) -> list[str]:
    """The fenced code blocks of one language in a Markdown file."""
    return re.findall(rf"```{language}\n(.*?)```", path.read_text(encoding="utf-8"), re.DOTALL)


def test_the_docs_and_the_spec_give_the_same_grammar() -> None:
    (spec,) = blocks(ROOT / "spec" / "notation.md", "ebnf")
    (docs,) = blocks(ROOT / "docs" / "notation.md", "ebnf")
    assert docs == spec


def test_every_example_of_the_docs_reads_and_writes_back() -> None:
    examples = [text for text in blocks(ROOT / "docs" / "notation.md", "text") if "chicago" in text]
    assert len(examples) == 3
    for text in examples:
        if text.startswith(VIEW_HEADER):
            assert write_view(parse_view(text)) == text
        else:
            state = parse_position(text)
            assert parse_position(write_position(state)) == state
    # The seats of the example in the docs, whose third player is Carmine.
    game = play_random(
        Game.new(["Al", "Bugs", "Carmine"], seed=2004), random.Random(3), commands=60
    )
    assert write_position(game.state) == examples[0]
    assert write_view(view(game.state, 1)) == examples[2]


@pytest.mark.parametrize(
    ("text", "invariant", "rule"),
    [
        (position(bugs=" controls=Brewery#1,Brewery#2,Brewery#3"), "victory", "R-8.1"),
        (
            position(rest="options short-game\n", bugs=" controls=Brewery#1,Brewery#2"),
            "victory",
            "R-8.3",
        ),
        (
            position(al=" hand=1R,2R,3R,4R,5R,6R,7R,8R,9R", turn="seat=0 number=10 taken=2"),
            "hand limit",
            "R-3.9",
        ),
    ],
)
def test_a_position_that_ends_the_game_or_breaks_the_hand_limit_is_refused(
    text: str, invariant: str, rule: str
) -> None:
    with pytest.raises(PositionInvariantError) as error:
        parse_position(text)
    assert (error.value.invariant, error.value.rule) == (invariant, rule), str(error.value)


def test_the_player_taking_actions_may_hold_eight_cards_with_an_action_left() -> None:
    state = parse_position(
        position(al=" hand=1R,2R,3R,4R,5R,6R,7R,8R", rest="business Brewery#1 - -\n")
    )
    assert len(state.players[0].hand) == 8


@settings(max_examples=300, deadline=None)
@given(
    edits=st.lists(
        st.tuples(st.integers(0, 10_000), st.sampled_from([*' ,:=@#-?*\n"0159RPB', "", "x"])),
        min_size=1,
        max_size=4,
    ),
    check=st.booleans(),
)
def test_an_edited_position_is_read_or_refused_with_a_notation_error(
    edits: list[tuple[int, str]], check: bool
) -> None:
    text = TIE
    for at, new in edits:
        at %= len(text)
        text = text[:at] + new + text[at + 1 :]
    try:
        state = parse_position(text, check=check)
    except NotationError:
        return  # refused with the library's own error, not a traceback
    assert parse_position(write_position(state), check=check) == state
