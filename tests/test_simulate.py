"""Tests for ``chicago-poker simulate`` (chicago_poker.players.simulate)."""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from chicago_poker.core.commands import EndTurn
from chicago_poker.core.errors import ArgumentTypeError, InvalidArgumentError
from chicago_poker.core.rules import RuleOptions
from chicago_poker.players import simulate
from chicago_poker.players.bots import HeuristicBot, RandomBot
from chicago_poker.players.game import Game
from chicago_poker.players.simulate import GameResult, play_bots
from chicago_poker.referee.validate import Status, validate_file
from interrupt import children_ignore_interrupts, interrupt, posix_only


def _run(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="chicago-poker", exit_on_error=True)
    simulate.add_parser(parser.add_subparsers(required=True))
    args = parser.parse_args(["simulate", *argv])
    status: int = args.command(args)
    return status


def test_play_bots_plays_a_game_to_its_end() -> None:
    game = play_bots(RuleOptions(), [HeuristicBot(1), RandomBot(2)], 7)
    assert isinstance(game, Game)
    assert game.state.is_over
    assert game.state.winner in (0, 1)
    assert game.state.players[0].name == "Heuristic 1"


def test_play_bots_is_reproducible_for_a_seed() -> None:
    def events() -> tuple[object, ...]:
        return play_bots(RuleOptions(), [RandomBot(1), RandomBot(2), RandomBot(3)], 4).events

    assert events() == events()


def test_play_bots_stops_after_the_command_limit() -> None:
    game = play_bots(RuleOptions(), [RandomBot(1), RandomBot(2)], 4, max_commands=5)
    assert not game.state.is_over


def test_simulate_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["--players", "3", "--games", "4", "--seed", "2", "--bots", "heuristic"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    for heading in (
        "Games: 4 (3 players: heuristic, heuristic, heuristic)",
        "Wins by seat:",
        "Wins by bot:",
        "Game length:",
        "turns     mean",
        "commands  mean",
        "Businesses won:",
        "won by reinforcement (tie-break)",
        "voided shootouts",
        "Special cards played:",
        "Liquidation",
        "Victory conditions:",
    ):
        assert heading in out


def test_summary_counts_wins_by_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["--games", "6", "--bots", "heuristic,random"]) == 0
    out = capsys.readouterr().out
    lines = {line.split()[0]: line for line in out.splitlines() if line.startswith("  ")}
    heuristic = int(lines["heuristic"].split()[1])
    random_wins = int(lines["random"].split()[1])
    assert heuristic + random_wins <= 6
    assert heuristic >= random_wins


def test_summary_adds_results() -> None:
    summary = simulate.Summary(["heuristic", "random"])
    summary.add(GameResult(0, 1, 1, "five businesses", False, False, 10, 30, ("Pair",), 0, 1, ()))
    summary.add(
        GameResult(1, 2, None, None, True, False, 20, 50, ("Flush", "Pair"), 1, 0, ("Bribery",))
    )
    summary.add(GameResult(2, 3, None, "stalled", False, True, 30, 90, (), 0, 0, ()))
    text = summary.text()
    assert summary.wins_by_bot["random"] == 1
    assert summary.no_winner == 2
    assert "mean    20.0  min    10  max    30" in text
    assert "Pair                      2" in text
    assert "blocked (no winner)" in text
    assert "stalled (no winner)" in text
    assert "unfinished" not in text
    assert "won by reinforcement (tie-break) 1" in text


def test_workers_give_the_same_results_as_one(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--games", "6", "--seed", "9", "--bots", "random,heuristic", "--short-game"]
    assert _run(argv) == 0
    one = capsys.readouterr().out
    assert _run([*argv, "--workers", "2"]) == 0
    two = capsys.readouterr().out
    assert one == two


def test_rule_options_reach_the_games() -> None:
    options = RuleOptions(tactical=True, short_game=True, optional_actions=True)
    results = list(simulate.simulate(["random", "random"], 3, 1, options))
    assert all(result.specials == () for result in results)
    assert all(
        result.victory
        in (None, "two businesses of one kind", "three businesses", "the last business")
        for result in results
    )


def test_simulated_logs_validate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--players", "4", "--games", "3", "--bots", "heuristic,random,random,heuristic"]
    assert _run([*argv, "--log-dir", str(tmp_path / "logs"), "--optional-reinforcement"]) == 0
    assert "Logs: 3 games" in capsys.readouterr().out
    logs = sorted((tmp_path / "logs").glob("*.jsonl"))
    assert len(logs) == 3
    for log in logs:
        report = validate_file(log)
        assert report.status is Status.OK, report.findings
        assert report.game_over


def test_progress_bar_stays_off_when_stderr_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _run(["--games", "12", "--bots", "random"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "7"], "argument --players: 7 is out of range: use from 2 to 6"),
        (["--players", "1"], "argument --players: 1 is out of range"),
        (["--players", "two"], "argument --players: 'two' is not a whole number"),
        (["--games", "0"], "argument --games: 0 is out of range: use at least 1"),
        (["--workers", "0"], "argument --workers: 0 is out of range"),
        (["--seed", "x"], "argument --seed: not an integer: 'x'"),
        (["--bots", "genius"], "unknown bot 'genius'; the bots are random, heuristic"),
        (["--frobnicate"], "unrecognized arguments: --frobnicate"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        _run(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_wrong_number_of_bots_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["--players", "3", "--bots", "random,heuristic"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "argument --bots: 2 bots for 3 players" in err


def test_log_dir_that_is_a_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "file"
    target.write_text("x")
    assert _run(["--games", "1", "--log-dir", str(target)]) == 2
    assert "is not a directory" in capsys.readouterr().err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_is_drawn_on_a_terminal_and_cleared() -> None:
    stream = _Terminal()
    progress = simulate._Progress(20, stream)
    for done in range(1, 21):
        progress.update(done)
    text = stream.getvalue()
    assert "\rsimulating [" in text
    assert "20/20 games" in text
    progress.close()
    assert stream.getvalue().endswith("\r")


def test_progress_bar_is_not_drawn_for_a_short_run() -> None:
    stream = _Terminal()
    progress = simulate._Progress(3, stream)
    progress.update(1)
    progress.close()
    assert stream.getvalue() == ""


@posix_only
def test_ctrl_c_stops_simulation_in_workers_without_a_traceback(tmp_path: Path) -> None:
    # Ctrl-C interrupts the whole foreground process group, workers included. Once a game's
    # log is written, the workers are running; the interrupt must leave only our one line.
    def first_log(running: subprocess.Popen[bytes]) -> None:
        deadline = time.monotonic() + 60
        while not any(tmp_path.iterdir()) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert children_ignore_interrupts(running.pid)

    argv = ["simulate", "--games", "5000", "--workers", "2", "--log-dir", str(tmp_path)]
    status, _, err = interrupt(argv, first_log)
    assert any(tmp_path.iterdir())
    assert (status, err) == (130, b"chicago-poker: interrupted\n")


@pytest.mark.rule("R-8.7")
def test_a_stalled_game_is_counted_as_stalled() -> None:
    game = Game.new(["Al", "Bugs"], RuleOptions(optional_actions=True), seed=3)
    while not game.state.is_over:
        game.execute(EndTurn(game.state.turn.player))
    result = simulate._result(0, 3, game)
    assert (result.winner, result.victory, result.stalled, result.blocked) == (
        None,
        "stalled",
        True,
        False,
    )
    assert result.turns == 100


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"games": -1}, InvalidArgumentError, "simulate: games must be 0 or more, not -1"),
        ({"games": 1.5}, ArgumentTypeError, "simulate: games must be an int, not 1.5"),
        ({"games": True}, ArgumentTypeError, "simulate: games must be an int, not True"),
        ({"seed": -1}, InvalidArgumentError, "simulate: seed must be 0 or more, not -1"),
        ({"seed": "7"}, ArgumentTypeError, "simulate: seed must be an int, not '7'"),
        ({"workers": 0}, InvalidArgumentError, "simulate: workers must be 1 or more, not 0"),
        ({"bots": ["random", "genius"]}, InvalidArgumentError, "unknown bot 'genius'"),
        ({"bots": ["random"]}, InvalidArgumentError, "2 to 6 of them (R-2.1), not 1"),
        ({"options": {}}, ArgumentTypeError, "options must be RuleOptions or None, not {}"),
    ],
)
def test_simulate_refuses_arguments_it_cannot_take_and_names_them(
    arguments: dict[str, Any], error: type[Exception], message: str
) -> None:
    given: dict[str, Any] = {"bots": ["random", "random"], "games": 1, "seed": 1}
    given.update(arguments)
    with pytest.raises(error, match=re.escape(message)):
        list(simulate.simulate(**given))


def test_play_bots_wants_one_name_per_bot() -> None:
    bots = [RandomBot(1), RandomBot(2)]
    with pytest.raises(InvalidArgumentError, match="one name per bot, 2 of them, not 3"):
        play_bots(RuleOptions(), bots, 1, names=["Al", "Bugs", "Capone"])
