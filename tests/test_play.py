"""Tests for ``chicago-poker play`` (chicago_poker.cli.play): a terminal game against bots."""

from __future__ import annotations

import argparse
import io
import os
import re
import subprocess
import sys
import types
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, TextIO, cast

import attrs
import pytest

from chicago_poker.cli import play
from chicago_poker.cli.play import describe_command, play_game
from chicago_poker.cli.terminal import compact_piles
from chicago_poker.cli.turns import next_chooser as _next_chooser
from chicago_poker.core.apply import apply
from chicago_poker.core.cards import Card, GangsterCard, SpecialCard, parse_card, parse_tile
from chicago_poker.core.commands import (
    Command,
    DrawCard,
    EndTurn,
    PlayGangster,
    PlayLimousine,
    PlayLiquidation,
    PlayPoliceRaid,
    SendReinforcement,
)
from chicago_poker.core.events import Event, GameStalled
from chicago_poker.core.legal import legal_commands
from chicago_poker.core.redacted_events import redact
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState, TurnPhase
from chicago_poker.core.views import PlayerView, view
from chicago_poker.formats.log import LogHeader, LogKind, read_log, write_log
from chicago_poker.formats.notation import parse_position
from chicago_poker.players.bots import BOTS
from chicago_poker.players.game import Game
from chicago_poker.referee.validate import Status, validate_file
from interrupt import interrupt, posix_only
from scenarios import begin_turn, build


class FirstBot:
    """A deterministic bot: always the first legal command."""

    name = "first"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        return legal[0]


class LastBot(FirstBot):
    """A deterministic bot: always the last legal command (plays cards, not only draws)."""

    name = "last"

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        return legal[-1]


def first_bot(seat: int) -> FirstBot:
    return FirstBot(seat)


ALWAYS_ONE = "1\n" * 20_000


def play_scripted(
    script: str,
    *,
    players: int = 2,
    seed: int = 1,
    bots: type[FirstBot] = FirstBot,
    options: RuleOptions | None = None,
) -> tuple[Game, str]:
    output = io.StringIO()
    game = play_game(
        options or RuleOptions(),
        players,
        seed,
        bots,
        io.StringIO(script),
        output,
    )
    return game, output.getvalue()


# --------------------------------------------------------------------------- whole games


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 5)])
def test_a_whole_game_always_choosing_option_1_ends_with_a_summary(players: int, seed: int) -> None:
    game, out = play_scripted(ALWAYS_ONE, players=players, seed=seed)
    assert game.state.is_over
    assert "Game over." in out
    assert "Businesses controlled:" in out
    assert out.count("Choose 1-") > 0
    winner = game.state.winner
    assert winner is not None
    assert f"Winner: {game.state.players[winner].name}" in out
    assert "End of input" not in out


def test_a_tactical_short_game_with_bots_playing_cards_ends() -> None:
    game, out = play_scripted(
        ALWAYS_ONE, seed=3, bots=LastBot, options=RuleOptions(tactical=True, short_game=True)
    )
    assert game.state.is_over
    assert "Game over" in out


def test_the_human_sees_a_numbered_list_of_moves_in_plain_english() -> None:
    _, out = play_scripted("q\n", seed=1)
    assert re.search(r"▶ You +hand 5: ", out)
    assert "    1. Draw a card" in out
    assert re.search(
        r"\d+\. Play \d+[RYGBP] at [A-Z][a-z]+( [A-Z][a-z]+)* #\d, face (up|down)\.", out
    )
    assert "action left" in out or "actions left" in out


def test_a_played_gangster_is_described_with_where_it_lands() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - 1R
        """
    )
    mine = view(state, 0)
    command = PlayGangster(0, GangsterCard.parse("9R"), parse_tile("Speakeasy#1"))
    assert describe_command(command, mine) == "Play 9R at Speakeasy #1, face down."
    assert describe_command(DrawCard(0), mine) == "Draw a card."
    assert describe_command(EndTurn(0), mine) == "End your turn."


def test_special_card_moves_never_describe_a_hidden_card() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=Liquidation,PoliceRaid1
        player Bugs
        turn seat=0 number=10
        business Speakeasy#1 - 7B,8B,9B
        """
    )
    mine = view(state, 0)
    tile = parse_tile("Speakeasy#1")
    liquidation = describe_command(PlayLiquidation(0, tile, 1), mine)
    raid = describe_command(PlayPoliceRaid(0, tile, 1), mine)
    # The third card of a speakeasy column lies face up, the first two face down.
    assert liquidation == "Play Liquidation at Speakeasy #1: discard Bugs's last card (9B)."
    assert raid == "Play Police Raid at Speakeasy #1: see Bugs's 2 face-down cards."
    assert "7B" not in raid + liquidation
    assert "8B" not in raid + liquidation
    reinforcement = describe_command(SendReinforcement(0, GangsterCard.parse("9R")), mine)
    assert reinforcement == "Send 9R as reinforcement, face down for now."


# --------------------------------------------------------------------------- input


def test_an_illegal_answer_is_explained_and_asked_again() -> None:
    game, out = play_scripted("nine\n0\n999\n\n1\nq\n", seed=1)
    assert "\n'nine' is not a move: type a move's number, or help.\nChoose 1-" in out
    assert "a gangster card and a business" not in out  # no grammar lecture unasked
    assert "There is no move 0: choose from 1 to" in out
    assert "There is no move 999: choose from 1 to" in out
    assert "Type a move's number, or the move itself, such as draw." in out
    # The valid answer after the four bad ones was carried out: the human drew a card.
    assert any(isinstance(entry.command, DrawCard) for entry in game.history)
    assert "You draw " in out


def test_help_tells_how_to_write_a_move_and_asks_again() -> None:
    game, out = play_scripted("help\n1\nq\n", seed=1)
    assert "a gangster card and a business (9R Speakeasy)" in out
    assert out.count("Choose 1-") >= 2
    assert isinstance(game.history[1].command, DrawCard)


def test_a_move_copied_with_the_terminals_colour_codes_is_read_without_them() -> None:
    """The menu paints the cards of its bracketed moves; a copy of one may carry the codes."""
    game, out = play_scripted("\x1b[1m\x1b[35mdraw\x1b[0m\nq\n", seed=1)
    assert isinstance(game.history[1].command, DrawCard)
    assert "is not a move" not in out


def test_u_says_what_it_takes_back_before_it_is_typed() -> None:
    """The note before the prompt names what the ``u`` typed next takes back."""
    for script in ("1\n1\n1\nu\nq\n", "1\n1\n1\n1\n1\nu\nq\n"):
        _, out = play_scripted(script, seed=4)
        taken = out.rindex("Taken back: ")
        said = out.rindex("u takes back ", 0, taken)
        assert out[said:].split("\n")[0].removeprefix("u takes back ") == (
            out[taken:].split("\n")[0].removeprefix("Taken back: ")
        )
        assert out.index("Choose 1-", said) < taken


def test_the_discard_pile_is_shown_grouped_by_colour() -> None:
    seen = view(Game.new(["Al", "Bugs"], seed=1).state, 0)
    cards = frozenset(parse_card(text) for text in ("9R", "1Y", "2R", "12R", "Bribery"))
    shown = compact_piles(seen._replace(discard_pile=cards))
    assert shown.endswith("discard pile 5\nDiscard pile: Y 1 · R 2 9 12 · Bribery")
    assert "9R" not in shown


def test_the_end_of_input_mid_game_stops_cleanly() -> None:
    game, out = play_scripted("1\n1\n1\n", seed=1)
    assert not game.state.is_over
    assert out.rstrip().endswith("End of input. The game stops unfinished.")
    assert "Game over" not in out


def test_q_quits_the_game() -> None:
    game, out = play_scripted("q\n", seed=1)
    assert not game.state.is_over
    assert "You quit. The game stops unfinished." in out


@pytest.mark.rule("R-2.4")
def test_the_seed_is_told_only_once_the_game_is_over() -> None:
    """The seed deals every card, the bots' hands included: told earlier, it shows them all."""
    _, out = play_scripted(ALWAYS_ONE, seed=4242)
    seed_line = "Seed: 4242 (the same seed deals the same cards)."
    assert out.count("4242") == 1
    assert out.index(seed_line) > out.rindex("Choose 1-")
    assert out.index(seed_line) > out.index("Businesses controlled:")
    assert out.rstrip().endswith(seed_line)


@pytest.mark.rule("R-2.4")
@pytest.mark.parametrize(
    ("script", "ending"),
    [
        ("1\n" * 5, "End of input. The game stops unfinished."),
        ("1\n1\nq\n", "You quit. The game stops unfinished."),
    ],
    ids=["end-of-input", "quit"],
)
def test_a_game_stopped_early_keeps_its_seed_secret(script: str, ending: str) -> None:
    """Stopped, the game can be resumed from its log (--resume): its seed would show the rest."""
    game, out = play_scripted(script, seed=4242)
    assert not game.state.is_over
    assert out.rstrip().endswith(ending)
    assert "4242" not in out
    assert "Seed" not in out


def test_the_bots_moves_are_narrated() -> None:
    _, out = play_scripted("1\n" * 40, seed=1, bots=LastBot)
    assert "Bot 1 plays" in out or "Bot 1 draws a card." in out
    assert "== Turn 2: Bot 1's turn" in out or "== Turn 2: your turn" in out


def test_a_shootout_shows_each_revealed_hand_with_its_description_and_the_winner() -> None:
    game, out = play_scripted(ALWAYS_ONE, seed=1)
    assert game.state.is_over
    shootout = out.index("Shootout at ")
    after = out[shootout:].replace("\n  ", " ")  # the lines wrapped, joined again
    hands = after.splitlines()[0]
    assert re.fullmatch(
        r"Shootout at .+ \((your|Bot 1's) marker\)! (You|Bot 1): (\d+[RYGBP] ?)+, .+; "
        r"(You|Bot 1): (\d+[RYGBP] ?)+, .+\.",
        hands,
    )
    assert re.search(r"(You win|Bot 1 wins) the shootout at .+ with ", after)


@pytest.mark.rule("R-6.7.2")
def test_the_human_is_asked_for_a_reinforcement_when_tied() -> None:
    state = build(
        hands={"Al": "9R Revolver", "Bugs": "8Y"},
        businesses={"Speakeasy#1": {"Al": "1R 2R 3R 4R 6R", "Bugs": "1Y 2Y 3Y 4Y 6Y"}},
        markers={("Speakeasy#1", "Al"): 0},
        turn="Bugs",
        phase=TurnPhase.ENDED,
        reachable=False,
    )
    state, _ = begin_turn(state)
    assert state.shootout is not None
    assert _next_chooser(state) in (0, 1)
    mine = view(state, 0)
    legal = legal_commands(state, 0)
    assert [describe_command(command, mine) for command in legal] == [
        "Send 9R as reinforcement, face down for now."
    ]


@pytest.mark.rule("R-6.7.6", "R-6.7.2")
def test_the_human_without_a_gangster_card_is_asked_too_and_may_only_send_none() -> None:
    state = build(
        hands={"Al": "Revolver", "Bugs": "8Y"},
        businesses={"Speakeasy#1": {"Al": "1R 2R 3R 4R 6R", "Bugs": "1Y 2Y 3Y 4Y 6Y"}},
        markers={("Speakeasy#1", "Al"): 0},
        turn="Bugs",
        phase=TurnPhase.ENDED,
        reachable=False,
    )
    state, _ = begin_turn(state)
    assert _next_chooser(state) == 0
    mine = view(state, 0)
    legal = legal_commands(state, 0)
    assert [describe_command(command, mine) for command in legal] == ["Send no reinforcement."]


# --------------------------------------------------------------------------- hidden cards


def _cards_in(thing: object) -> Iterator[Card]:
    """Every card held anywhere in an event or value (attrs fields, tuples, frozensets)."""
    if isinstance(thing, (GangsterCard, SpecialCard)):
        yield thing
    elif isinstance(thing, (tuple, list, frozenset, set)):
        for item in thing:
            yield from _cards_in(item)
    elif attrs.has(type(thing)):
        for field in attrs.fields(type(thing)):  # type: ignore[arg-type]
            yield from _cards_in(getattr(thing, field.name))


def _known_to_seat_0(game: Game) -> set[Card]:
    """Every card seat 0 was ever allowed to know, according to the engine.

    That is the union, over the whole game, of every card in each event as
    ``redact(state_before, event, 0)`` shows it, and every card in ``view(state, 0)`` after each
    event (own hand, known cards at the businesses, the discard pile, own reinforcement).
    """
    known: set[Card] = set()
    state = None
    for event in game.events:
        known.update(_cards_in(redact(state, event, 0)))
        state = apply(state, event)
        known.update(_cards_in(view(state, 0)))
    return known


_GANGSTER_TOKEN = re.compile(r"\b(1[0-5]|[1-9])([RYGBP])\b")


@pytest.mark.rule("R-2.4", "R-4.4")
@pytest.mark.parametrize(
    ("players", "seed", "script", "bots"),
    [
        (2, 1, ALWAYS_ONE, LastBot),
        (3, 4, ALWAYS_ONE, LastBot),
        (2, 7, "1\n" * 12, FirstBot),
        (4, 2, "1\n" * 12, FirstBot),
        (3, 3, "1\n" * 30, LastBot),
    ],
)
def test_the_human_output_never_shows_a_card_hidden_from_the_human(
    players: int, seed: int, script: str, bots: type[FirstBot]
) -> None:
    """What is checked: every gangster card written in the output (a token such as ``9R``)
    is a card that seat 0 was allowed to know at some point of the game (see
    ``_known_to_seat_0``), and the name of a special card appears only if some card of that
    kind was known to seat 0. The cards never known to seat 0 (other hands, other seats'
    face-down cards, the draw deck) must therefore never be printed. Over a whole game most
    cards become public at some point, so the games cut short by the end of the input also
    check that the bots' hands at that point hold cards never known to seat 0, none printed.
    """
    game, out = play_scripted(script, players=players, seed=seed, bots=bots)
    known = _known_to_seat_0(game)
    printed = {GangsterCard.parse(value + color) for value, color in _GANGSTER_TOKEN.findall(out)}
    assert printed, "the output shows cards"
    assert printed <= known, f"hidden cards printed: {sorted(map(str, printed - known))}"
    never_known = {
        card for seat in range(1, players) for card in game.state.players[seat].hand
    } - known
    if not game.state.is_over:
        assert never_known, "the test needs cards that stayed hidden"
    assert not never_known & printed
    known_kinds = {card.kind for card in known if isinstance(card, SpecialCard)}
    for card in game.state.players[1].hand:
        if isinstance(card, SpecialCard) and card.kind not in known_kinds:
            assert card.kind.label not in out


def test_a_face_down_card_of_a_bot_is_not_printed_as_it_is_played() -> None:
    game, out = play_scripted("1\n" * 60, seed=2, bots=LastBot)
    hidden_plays = [
        event
        for state, event in _events_with_states(game)
        if type(redact(state, event, 0)).__name__ == "RedactedGangsterPlayed"
    ]
    assert hidden_plays
    assert "plays a card face down at " in out


def _events_with_states(game: Game) -> Iterator[tuple[GameState | None, Event]]:
    state: GameState | None = None
    for event in game.events:
        yield state, event
        state = apply(state, event)


# --------------------------------------------------------------------------- log and run


def test_the_log_of_a_whole_game_validates(tmp_path: Path) -> None:
    game, _ = play_scripted(ALWAYS_ONE, seed=1)
    path = tmp_path / "game.jsonl"
    from chicago_poker.formats.log import write_log

    with path.open("w", encoding="utf-8") as file:
        write_log(game, file)
    report = validate_file(path)
    assert report.status is Status.OK
    assert report.game_over


@pytest.fixture
def fake_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deterministic bots in place of the built-in ones, by name (``BOTS``)."""
    monkeypatch.setitem(BOTS, "heuristic", FirstBot)
    monkeypatch.setitem(BOTS, "last", LastBot)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="chicago-poker")
    play.add_parser(top.add_subparsers(required=True))
    return top


def test_run_plays_to_the_end_saves_a_valid_log_and_exits_0(
    fake_bots: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    log = tmp_path / "out.jsonl"
    args = parser().parse_args(["play", "--seed", "1", "--log", str(log), "--bot", "last"])
    monkeypatch.setattr(sys, "stdin", io.StringIO(ALWAYS_ONE))
    assert args.command(args) == 0
    out = capsys.readouterr().out
    assert f"Game log saved to {log}." in out
    assert out.index("Seed: 1 ") > out.index("Game over.")
    report = validate_file(log)
    assert report.status is Status.OK
    assert report.game_over
    # The saved log is a full one: it may keep the seed that replays the game.
    header = next(read_log(log.read_text(encoding="utf-8").splitlines()))
    assert isinstance(header, LogHeader)
    assert header.kind is LogKind.FULL
    assert header.provenance["seed"] == 1


def test_run_at_the_end_of_input_saves_the_unfinished_game_and_exits_1(
    fake_bots: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    log = tmp_path / "out.jsonl"
    args = parser().parse_args(["play", "--seed", "2", "--log", str(log), "--players", "3"])
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    assert args.command(args) == 1
    captured = capsys.readouterr()
    assert "End of input. The game stops unfinished." in captured.out
    assert "Traceback" not in captured.out + captured.err
    report = validate_file(log)
    assert report.status is Status.OK
    assert not report.game_over


def test_run_with_an_unknown_bot_exits_1(
    fake_bots: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = parser().parse_args(["play", "--bot", "genius", "--log", str(tmp_path / "x")])
    assert args.command(args) == 1
    err = capsys.readouterr().err
    assert "unknown bot 'genius': give random, heuristic, " in err
    assert "last, module:Class or cmd:" in err
    assert not (tmp_path / "x").exists()


def test_run_reports_a_log_that_cannot_be_written(
    fake_bots: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    log = tmp_path / "missing-directory" / "out.jsonl"
    args = parser().parse_args(["play", "--seed", "1", "--log", str(log)])
    monkeypatch.setattr(sys, "stdin", io.StringIO(ALWAYS_ONE))
    assert args.command(args) == 1
    assert "cannot save the log" in capsys.readouterr().err


def test_the_options_have_their_defaults() -> None:
    args = parser().parse_args(["play"])
    assert args.players == 2
    assert args.seed is None
    assert args.bot == "heuristic"
    assert args.log is None  # the resumed log, or DEFAULT_LOG
    assert args.resume is None
    assert not any(
        (
            args.tactical,
            args.short_game,
            args.optional_actions,
            args.limousine_any_cards,
            args.optional_reinforcement,
        )
    )


def test_the_rule_option_flags_are_read() -> None:
    args = parser().parse_args(
        [
            "play",
            "--tactical",
            "--short-game",
            "--optional-actions",
            "--limousine-any-cards",
            "--optional-reinforcement",
            "--players",
            "6",
        ]
    )
    assert args.players == 6
    assert args.tactical
    assert args.short_game
    assert args.optional_actions
    assert args.limousine_any_cards
    assert args.optional_reinforcement


@pytest.mark.rule("R-2.1")
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "7"], "7 players: Chicago Poker is for 2 to 6 (R-2.1)"),
        (["--players", "1"], "1 players: Chicago Poker is for 2 to 6 (R-2.1)"),
        (["--players", "two"], "not a number: 'two'"),
        (["--seed", "x"], "not an integer: 'x'"),
        (["--wild"], "unrecognized arguments: --wild"),
    ],
)
def test_bad_arguments_are_usage_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        parser().parse_args(["play", *argv])
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_play_game_refuses_a_bad_player_count() -> None:
    with pytest.raises(ValueError, match="7 players"):
        play_game(RuleOptions(), 7, 1, first_bot, io.StringIO(""), io.StringIO())


# --------------------------------------------------------------------------- odd answers


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ("²", "'²' is not a move"),
        ("①", "'①' is not a move"),
        ("\u0661", "'\u0661' is not a move"),  # ARABIC-INDIC DIGIT ONE
        ("1²", "'1²' is not a move"),
        ("-1", "'-1' is not a move"),
        ("1_0", "'1_0' is not a move"),
        ("9" * 4_301, "There is no move 999999999999999999999999999999999999999…: choose"),
        ("x" * 4_301, "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' is too long to be a move."),
        ("0" * 4_300 + "1", None),
    ],
    ids=[
        "superscript",
        "circled",
        "arabic-indic",
        "mixed",
        "negative",
        "underscore",
        "4301-digits",
        "4301-letters",
        "zeros",
    ],
)
def test_any_answer_gets_a_message_and_the_question_again(answer: str, message: str | None) -> None:
    game, out = play_scripted(answer + "\n1\nq\n", seed=1)
    if message is not None:
        assert message in out
        assert len(max(out.splitlines(), key=len)) < 200  # a long answer is not echoed whole
        assert out.count("Choose 1-") >= 2  # asked again
    # Then the game goes on: "1" (or the answer itself, read as 1) was carried out.
    assert any(entry.command.__class__ is DrawCard for entry in game.history)
    assert "You quit. The game stops unfinished." in out


# --------------------------------------------------------------------------- interrupted


class InterruptingInput:
    """Input that answers ``script``, then acts as Ctrl-C while the next answer is awaited."""

    def __init__(self, script: str) -> None:
        self.lines = io.StringIO(script)

    def readline(self) -> str:
        line = self.lines.readline()
        if not line:
            raise KeyboardInterrupt
        return line


def interrupting(script: str) -> TextIO:
    return cast(TextIO, InterruptingInput(script))


class ClosingOutput(io.StringIO):
    """Output that takes ``room`` writes, then fails as a pipe whose reader has gone."""

    def __init__(self, room: int, error: type[Exception] = BrokenPipeError) -> None:
        super().__init__()
        self.room = room
        self.error = error

    def write(self, text: str) -> int:
        if self.room <= 0:
            raise self.error("the reader has gone")
        self.room -= 1
        return super().write(text)


def test_ctrl_c_stops_the_game_as_q_does() -> None:
    output = io.StringIO()
    game = play_game(RuleOptions(), 2, 9, first_bot, interrupting("1\n1\n"), output)
    out = output.getvalue()
    assert not game.state.is_over
    assert sum(isinstance(entry.command, DrawCard) for entry in game.history) >= 1
    assert out.rstrip().endswith("Interrupted. The game stops unfinished.")
    assert "Seed" not in out


@pytest.mark.parametrize("error", [BrokenPipeError, ValueError, OSError])
def test_a_closed_output_stops_the_game_quietly(error: type[Exception]) -> None:
    output = ClosingOutput(room=40, error=error)
    game = play_game(RuleOptions(), 2, 9, first_bot, io.StringIO(ALWAYS_ONE), output)
    assert not game.state.is_over
    assert "Seed" not in output.getvalue()


def run_play(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    stdin: TextIO,
    stdout: TextIO | None = None,
) -> tuple[int, Path]:
    log = tmp_path / "out.jsonl"
    args = parser().parse_args(["play", "--seed", "9", "--log", str(log)])
    monkeypatch.setattr(sys, "stdin", stdin)
    if stdout is not None:
        monkeypatch.setattr(sys, "stdout", stdout)
    return args.command(args), log


def test_run_on_ctrl_c_saves_the_game_so_far_and_says_where(
    fake_bots: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, log = run_play(tmp_path, monkeypatch, interrupting("1\n1\n"))
    assert status == 130
    out = capsys.readouterr().out
    assert "Interrupted. The game stops unfinished." in out
    assert out.rstrip().endswith(f"Game log saved to {log}.")
    assert "Seed" not in out
    report = validate_file(log)
    assert report.status is Status.OK
    assert report.entries > 3  # the deal and the human's moves


@pytest.mark.parametrize("room", [0, 5, 200])
def test_run_with_a_closed_output_saves_the_game_and_says_where_on_stderr(
    fake_bots: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    room: int,
) -> None:
    status, log = run_play(tmp_path, monkeypatch, io.StringIO(ALWAYS_ONE), ClosingOutput(room))
    assert status == 1
    err = capsys.readouterr().err
    assert f"the output was closed; the game stops unfinished. Game log saved to {log}." in err
    assert "Seed" not in err
    assert "Traceback" not in err
    assert validate_file(log).status is Status.OK


def test_run_when_only_the_last_message_cannot_be_written_says_it_on_stderr(
    fake_bots: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The game is over and shown, then the output closes before "Game log saved"."""
    whole = io.StringIO()
    play_scripted_out = play_game(RuleOptions(), 2, 9, FirstBot, io.StringIO(ALWAYS_ONE), whole)
    assert play_scripted_out.state.is_over
    writes = whole.getvalue().count("\n") + whole.getvalue().count("q to quit): ")
    status, log = run_play(tmp_path, monkeypatch, io.StringIO(ALWAYS_ONE), ClosingOutput(writes))
    err = capsys.readouterr().err
    assert f"Game log saved to {log}." in err
    assert status == 1
    assert validate_file(log).game_over


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "²"], "not a number: '²'"),
        (["--players", "9" * 4_301], "players: Chicago Poker is for 2 to 6"),
        (["--seed", "1" * 641], "a seed of 641 digits: a log holds integers of at most 640"),
        (["--seed", "\u0661"], "not an integer: '\u0661'"),
        (["--seed", "-7"], "a seed must be 0 or more, not -7"),
    ],
    ids=[
        "players-superscript",
        "players-4301-digits",
        "seed-641-digits",
        "seed-arabic-indic",
        "seed-negative",
    ],
)
def test_odd_numbers_on_the_command_line_are_usage_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        parser().parse_args(["play", *argv])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err) < 1_000


def test_a_seed_of_640_digits_is_taken_and_its_log_is_saved(
    fake_bots: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    seed = "7" * 640
    log = tmp_path / "out.jsonl"
    args = parser().parse_args(["play", "--seed", seed, "--log", str(log)])
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert args.command(args) == 1
    header = next(read_log(log.read_text(encoding="utf-8").splitlines()))
    assert isinstance(header, LogHeader)
    assert header.provenance["seed"] == int(seed)


# --------------------------------------------------------------------------- the real command


def read_until(stream: IO[bytes], text: bytes) -> bytes:
    """Read ``stream`` (unbuffered, from its file descriptor) until ``text`` has come."""
    seen = b""
    while text not in seen:
        chunk = os.read(stream.fileno(), 65_536)
        if not chunk:
            raise AssertionError(f"the command ended before {text!r}: {seen[-500:]!r}")
        seen += chunk
    return seen


@posix_only
def test_ctrl_c_in_the_real_command_saves_the_log_and_exits_130(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"

    def asked(running: subprocess.Popen[bytes]) -> None:
        assert running.stdout is not None
        read_until(running.stdout, b"q to quit): ")

    status, out, err = interrupt(
        ["play", "--seed", "9", "--log", str(log)], asked, stdin=subprocess.PIPE
    )
    assert status == 130, err
    assert b"Traceback" not in err
    assert b"Interrupted. The game stops unfinished." in out
    assert f"Game log saved to {log}.".encode() in out
    assert validate_file(log).status is Status.OK


@posix_only
def test_a_closed_pipe_in_the_real_command_saves_the_log_and_says_where_on_stderr(
    tmp_path: Path,
) -> None:
    log = tmp_path / "game.jsonl"
    command = [sys.executable, "-m", "chicago_poker", "play", "--seed", "9", "--log", str(log)]
    with subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as running:
        assert running.stdin is not None
        assert running.stdout is not None
        read_until(running.stdout, b"q to quit): ")
        running.stdout.close()  # the reader goes, as with `chicago-poker play | head`
        try:
            running.stdin.write(ALWAYS_ONE.encode())
            running.stdin.close()
        except BrokenPipeError:  # pragma: no cover - the command stopped reading first
            pass
        err = running.stderr.read() if running.stderr is not None else b""
        status = running.wait(timeout=60)
    assert status == 1, err
    assert b"Traceback" not in err
    assert b"Exception ignored" not in err
    assert (
        f"the output was closed; the game stops unfinished. Game log saved to {log}.".encode()
        in err
    )
    report = validate_file(log)
    assert report.status is Status.OK
    assert not report.game_over


@pytest.mark.rule("R-8.7")
def test_a_stalled_game_is_told_and_summed_up_without_a_winner() -> None:
    game = Game.new(["You", "Bot"], RuleOptions(optional_actions=True), seed=3)
    while not game.state.is_over:
        game.execute(EndTurn(game.state.turn.player))
    last = game.events[-1]
    assert isinstance(last, GameStalled)
    output = io.StringIO()
    table = play._Table(game, io.StringIO(), output)
    table.tell(last)
    table.summary()
    out = output.getvalue()
    assert "No business was won in 100 turns: the game is stalled, without a winner." in out
    assert "No business won in the last" not in out
    table.board()
    assert "No business won in the last 100 turns: at 100, the game ends" in output.getvalue()
    assert "Game over: stalled, without a winner (R-8.7)." in out
    assert "Winner" not in out


# --------------------------------------------------------------------------- undo, colour, resume


def test_undo_takes_back_the_humans_last_move_and_the_bots_moves_after_it() -> None:
    """Taken back and played again, the game is the one played once: the dealer rewinds."""
    again, out = play_scripted("1\n1\n1\nu\n1\nq\n", seed=4)
    once, _ = play_scripted("1\n1\n1\nq\n", seed=4)
    assert "Taken back: your last move" in out
    assert again.history == once.history


def test_undo_before_the_human_has_moved_says_there_is_nothing_to_take_back() -> None:
    game, out = play_scripted("u\nq\n", seed=1)
    assert "There is nothing to take back: you have not moved yet." in out
    assert len(game.history) == 1


def test_the_board_is_the_librarys_table_of_the_humans_view() -> None:
    game, out = play_scripted("q\n", seed=1)
    table = str(view(game.state, 0))
    assert table in out
    assert out.index(table) < out.index("Choose 1-")
    assert "▲ face up, ▼ face down" in out
    assert not re.search(r"\[[UD]( [UD]){4}\]", out)  # no board of its own


def test_on_a_terminal_the_board_is_in_colour_and_otherwise_plain() -> None:
    game = Game.new(["You", "Bot 1"], seed=1)
    plain, coloured = io.StringIO(), io.StringIO()
    play._Table(game, io.StringIO(), plain).board()
    table = play._Table(game, io.StringIO(), coloured)
    table.colour = True  # what a terminal gets
    table.board()
    assert "\x1b[" not in plain.getvalue()
    assert "\x1b[" in coloured.getvalue()
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured.getvalue()) == plain.getvalue()


def test_resume_continues_a_saved_game_to_its_end(
    fake_bots: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    log = tmp_path / "game.jsonl"
    args = parser().parse_args(["play", "--seed", "4", "--log", str(log), "--players", "3"])
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n1\n1\nq\n"))
    assert args.command(args) == 1
    first = Game.from_log(log)
    resume = parser().parse_args(["play", "--resume", str(log)])
    monkeypatch.setattr(sys, "stdin", io.StringIO(ALWAYS_ONE))
    assert resume.command(resume) == 0
    out = capsys.readouterr().out
    assert f"The saved game goes on after {len(first.history)} commands" in out
    assert f"Game log saved to {log}." in out
    report = validate_file(log)
    assert report.status is Status.OK
    assert report.game_over
    finished = Game.from_log(log)
    assert finished.history[: len(first.history)] == first.history
    assert len(finished.state.players) == 3


def test_names_from_a_resumed_log_cannot_act_on_the_terminal(
    fake_bots: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    log = tmp_path / "game.jsonl"
    hostile = "Bot\x1b[2J\u202e 1"  # clears the screen, then reverses what follows
    with log.open("w", encoding="utf-8") as stream:
        write_log(Game.new(["You", hostile], seed=4), stream)
    resume = parser().parse_args(["play", "--resume", str(log)])
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    resume.command(resume)
    out = capsys.readouterr().out
    assert "Bot\\x1b[2J\\u202e 1" in out
    assert "\x1b" not in out
    assert "\u202e" not in out


def test_resume_of_a_log_that_cannot_be_resumed_exits_1(
    fake_bots: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text("not a log\n", encoding="utf-8")
    args = parser().parse_args(["play", "--resume", str(log)])
    assert args.command(args) == 1
    err = capsys.readouterr().err
    assert f"chicago-poker play: error: cannot resume {log}: line 1" in err
    assert "Traceback" not in err
    missing = parser().parse_args(["play", "--resume", str(tmp_path / "none.jsonl")])
    assert missing.command(missing) == 1
    assert "No such file or directory" in capsys.readouterr().err


# --------------------------------------------------------------------------- width


def test_lines_wrap_between_words_at_a_narrow_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each line fits the width, and the words are those of a wide output: none was cut."""
    monkeypatch.setenv("COLUMNS", "1000")
    _, wide = play_scripted("1\n" * 12, seed=7, bots=LastBot)
    monkeypatch.setenv("COLUMNS", "36")
    _, narrow = play_scripted("1\n" * 12, seed=7, bots=LastBot)

    def words(out: str) -> list[str]:
        return [word for word in out.split() if word.strip("-")]  # the rule is cut to fit

    assert words(narrow) == words(wide)
    long_lines = [line for line in wide.splitlines() if len(line) > 36]
    assert long_lines, "the test needs lines to wrap"
    for line in narrow.splitlines():
        if not line.startswith("Choose 1-"):  # the prompt, with the answer after it
            assert len(line) <= 36 or " " not in line.strip(), line


def test_output_that_is_no_terminal_is_80_columns_wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    assert play.output_width(io.StringIO()) == play.DEFAULT_WIDTH == 80
    monkeypatch.setenv("COLUMNS", "2")
    assert play.output_width(io.StringIO()) == play.MIN_WIDTH
    monkeypatch.setenv("COLUMNS", "wide")
    assert play.output_width(io.StringIO()) == 80


def test_a_word_longer_than_the_width_is_never_cut() -> None:
    word = "Speakeasy#1-Brewery#2-Casino#3"
    assert play.wrap(f"  1. Play {word} now", 12).split("\n") == [
        "  1. Play",
        f"    {word}",
        "    now",
    ]


# --------------------------------------------------------------------------- the menu


LIMOUSINE_POSITION = """
    chicago-poker position 1
    player You hand=Limousine,3G
    player Bugs
    turn seat=0 number=10
    business Speakeasy#1 7R,8R,9R 1Y
    business Brewery#2 5B 2Y
    """


def table_at(position: str, script: str) -> tuple[play._Table, io.StringIO, GameState]:
    """The human's side of a table whose game stands at ``position``; ``script`` answers."""
    state = parse_position(position)
    game = cast(Game, types.SimpleNamespace(state=state, history=()))
    output = io.StringIO()
    return play._Table(game, io.StringIO(script), output), output, state


def test_the_limousine_is_one_item_chosen_step_by_step_to_a_legal_command() -> None:
    table, output, state = table_at(LIMOUSINE_POSITION, "4\n1\n2\n2\n1\n")
    legal = legal_commands(state, 0)
    assert sum(isinstance(command, PlayLimousine) for command in legal) == 10
    command = table.ask(legal)
    out = output.getvalue()
    assert command in legal
    assert isinstance(command, PlayLimousine)
    assert str(command) == "0: Limousine Speakeasy#1 Brewery#2 8R,7R,9R"
    assert "    4. Play the Limousine: move your cards to another business (10 ways" in out
    assert "[Limousine" not in out  # no item for each way
    # Each step offers only what the legal commands allow: 8R then 7R leaves 9R alone.
    assert "Which business do your cards leave?\n    1. Speakeasy #1\n    2. Brewery #2\n" in out
    assert "Where do they go from Speakeasy #1? Brewery #2, the only one." in out
    assert "Which card goes first to Brewery #2? (placed in this order)\n" in out
    assert "    1. 9R\n    2. 8R\n    3. 7R\n" in out
    assert "    1. 9R\n    2. 7R\nChoose 1-2" in out  # after 8R: no stop there, 8R alone
    assert "    1. 9R\nChoose 1-1" in out


def test_a_limousine_step_may_stop_when_the_cards_so_far_are_a_move() -> None:
    table, output, state = table_at(LIMOUSINE_POSITION, "4\n1\n2\n1\n2\n")
    command = table.ask(legal_commands(state, 0))
    assert str(command) == "0: Limousine Speakeasy#1 Brewery#2 8R,9R"
    assert "    1. 7R\n    2. No more: move 8R 9R (2 cards).\n" in output.getvalue()
    table, output, state = table_at(LIMOUSINE_POSITION, "4\n1\n1\n3\n")
    command = table.ask(legal_commands(state, 0))
    assert str(command) == "0: Limousine Speakeasy#1 Brewery#2 9R"
    assert "    3. No more: move 9R (1 card).\n" in output.getvalue()


def test_b_goes_back_from_a_limousine_step_to_the_moves() -> None:
    table, output, state = table_at(LIMOUSINE_POSITION, "4\nb\n1\n")
    assert table.ask(legal_commands(state, 0)) == DrawCard(0)
    assert output.getvalue().count("    1. Draw a card.  [draw]") == 2  # listed again


def test_the_moves_are_listed_by_kind_with_their_notation() -> None:
    table, output, state = table_at(LIMOUSINE_POSITION, "1\n")
    table.ask(legal_commands(state, 0))
    out = output.getvalue()
    assert (
        "  Draw:\n    1. Draw a card.  [draw]\n  Play a gangster card:\n"
        "    2. Play 3G at Speakeasy #1, face up.  [3G Speakeasy]\n"
    ) in out
    assert "  Play a special card:\n    4. Play the Limousine" in out


def test_a_move_typed_in_the_notation_is_played() -> None:
    table, _, state = table_at(LIMOUSINE_POSITION, "limousine speakeasy brewery 8r,9r\n")
    command = table.ask(legal_commands(state, 0))
    assert str(command) == "0: Limousine Speakeasy#1 Brewery#2 8R,9R"
    game, out = play_scripted("draw\nq\n", seed=1)
    assert isinstance(game.history[1].command, DrawCard)
    assert "You draw " in out


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("Limousine Speakeasy Brewery 8R", "'Limousine Speakeasy Brewery 8R': "),
        ("limousine speakeasy", "'limousine speakeasy': the destination is missing"),
        ("end", "[R-3.2]"),
        ("3G GamblingHouse", "'3G GamblingHouse': GamblingHouse names no business here"),
        ("1: draw", "'1: draw': the move is seat 1's, but it is given by seat 0"),
    ],
    ids=["illegal", "syntax", "rule", "no-such-business", "other-seat"],
)
def test_a_typed_move_that_cannot_be_played_is_explained_and_asked_again(
    typed: str, message: str
) -> None:
    table, output, state = table_at(LIMOUSINE_POSITION, f"{typed}\n1\n")
    assert table.ask(legal_commands(state, 0)) == DrawCard(0)
    out = output.getvalue().replace("\n  ", " ")
    assert message in out
    assert "(type a move's number, or the move itself)" in out
    assert out.count("Choose 1-") == 2


def test_a_typed_move_that_names_two_moves_is_explained() -> None:
    position = """
        chicago-poker position 1
        player You hand=3G
        player Bugs
        player Carl
        player Dutch
        turn seat=0 number=10
        business Speakeasy#1 7R 1Y - -
        business Speakeasy#3 - 2Y - -
        business Brewery#2 5B - 4Y -
        """
    table, output, state = table_at(position, "3G Speakeasy\n1\n")
    assert table.ask(legal_commands(state, 0)) == DrawCard(0)
    out = output.getvalue().replace("\n  ", " ")
    assert "'3G Speakeasy'" in out
    assert "0: 3G Speakeasy#1" in out
    assert "0: 3G Speakeasy#3" in out


# --------------------------------------------------------------------------- bot programs


SRC = str(Path(play.__file__).parents[2])


def program(module: str, *words: str) -> str:
    """A bot program of this package, named for ``--bot``."""
    return f"cmd:{sys.executable} -m chicago_poker.protocol.{module} {' '.join(words)}"


def running_with(marker: str) -> list[Path]:
    """The processes whose command line holds ``marker``'s words."""
    needle = marker.encode().replace(b" ", b"\0")  # as /proc/PID/cmdline separates words
    found = []
    for path in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if needle in path.read_bytes():
                found.append(path)
        except OSError:  # the process ended meanwhile
            pass
    return found


def run_with_bots(
    argv: list[str], script: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[int, Path]:
    monkeypatch.setenv("PYTHONPATH", SRC)
    log = tmp_path / "out.jsonl"
    args = parser().parse_args(["play", "--seed", "3", "--log", str(log), *argv])
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    return args.command(args), log


@posix_only
def test_a_bot_program_plays_a_whole_game_through_the_protocol(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, log = run_with_bots(
        ["--bot", program("speak", "heuristic")], ALWAYS_ONE, tmp_path, monkeypatch
    )
    out = capsys.readouterr().out
    assert status == 0, out[-2000:]
    assert "Bot 1 plays as the heuristic bot." in out
    assert "Game over." in out
    report = validate_file(log)
    assert report.status is Status.OK
    assert report.game_over


@posix_only
def test_per_seat_bots_mix_a_program_and_a_built_in_bot_and_the_program_ends_on_q(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = f"--seed {os.getpid()}7"
    bots = f"random,{program('faulty', '--rate 0', marker)}"
    argv = ["--players", "3", "--bots", bots]
    status, log = run_with_bots(argv, "1\n" * 6 + "u\nq\n", tmp_path, monkeypatch)
    out = capsys.readouterr().out.replace("\n  ", " ")
    assert status == 1
    assert "Bot 1 plays as the random bot." in out
    assert "Bot 2 plays as the faulty bot." in out
    assert "it has been told every move, so none can be taken back." in out
    assert "You quit. The game stops unfinished." in out
    assert validate_file(log).status is Status.OK
    assert running_with(marker) == []


@posix_only
def test_a_bot_program_that_crashes_stops_the_game_naming_its_seat_and_the_log_is_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = f"--seed {os.getpid()}3"
    bot = program("faulty", "--rate 1 --only crash", marker)
    status, log = run_with_bots(["--bot", bot], ALWAYS_ONE, tmp_path, monkeypatch)
    captured = capsys.readouterr()
    out = captured.out.replace("\n  ", " ")
    assert status == 1
    assert (
        "Bot 1 (seat 1) stopped the game: crashed, the bot's process ended with a non-zero" in out
    )
    assert "The game stops unfinished." in out
    assert f"Game log saved to {log}." in out
    assert "Seed" not in out
    assert "Traceback" not in captured.out + captured.err
    report = validate_file(log)
    assert report.status is Status.OK
    assert not report.game_over
    assert running_with(marker) == []


@posix_only
def test_a_bot_program_that_cannot_start_stops_the_game_naming_its_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _ = run_with_bots(
        ["--bot", f"cmd:{tmp_path / 'no-such-bot'}"], ALWAYS_ONE, tmp_path, monkeypatch
    )
    out = capsys.readouterr().out.replace("\n  ", " ")
    assert status == 1
    assert "Bot 1 (seat 1) stopped the game: failed-to-start" in out


def test_bots_names_one_bot_a_seat_or_one_for_all(
    fake_bots: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = parser().parse_args(["play", "--players", "4", "--bots", "random,last"])
    assert args.command(args) == 1
    assert "--bots names 2 bots for 3 bot seats" in capsys.readouterr().err
    args = parser().parse_args(["play", "--bots", "random,nobody", "--log", str(tmp_path / "x")])
    assert args.command(args) == 1
    assert "unknown bot 'nobody'" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()
