"""Tests for ``chicago-poker simulate``: chicago_poker.players.simulate and cli.simulate."""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from chicago_poker.cli import simulate as simulate_cli
from chicago_poker.core.commands import EndTurn
from chicago_poker.core.errors import ArgumentTypeError, InvalidArgumentError
from chicago_poker.core.rules import RuleOptions
from chicago_poker.players import simulate
from chicago_poker.players.bots import HeuristicBot, RandomBot
from chicago_poker.players.game import Game
from chicago_poker.players.simulate import GameResult, Played, play_bots
from chicago_poker.protocol.spec import play_named
from chicago_poker.referee.validate import Status, validate_file
from interrupt import children_ignore_interrupts, interrupt, posix_only


def _run(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="chicago-poker", exit_on_error=True)
    simulate_cli.add_parser(parser.add_subparsers(required=True))
    args = parser.parse_args(["simulate", *argv])
    status: int = args.command(args)
    return status


def test_play_bots_plays_a_game_to_its_end() -> None:
    game = play_bots(RuleOptions(), [HeuristicBot(1), RandomBot(2)], 7)
    assert isinstance(game, Game)
    assert game.state.is_over
    assert game.state.winner in (0, 1)
    assert game.state.players[0].name == "Heuristic 0"


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


def test_a_quick_piped_run_writes_nothing_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    # Off a terminal, the first progress line comes a few seconds after the first game.
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
        (["--bots", "genius"], "unknown bot 'genius': give random, heuristic, search, "),
        (["--bots", "random,cmd:"], "bot 'cmd:': the command is empty"),
        (["--bots", "no_such_module:Bot"], "bot 'no_such_module:Bot': No module named"),
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


# ------------------------------------------------------------------------- --format json


def _sections(text: str) -> dict[str, list[str]]:
    """The text report's sections by heading (the text before its colon), and their lines."""
    sections: dict[str, list[str]] = {}
    heading = ""
    for line in text.splitlines():
        if line and not line.startswith(" "):
            heading = line.split(":")[0]
            sections[heading] = [line]
        elif line:
            sections[heading].append(line)
    return sections


def _counts(lines: list[str], pattern: str) -> dict[str, int]:
    found = [re.fullmatch(pattern, line) for line in lines]
    return {match[1]: int(match[2]) for match in found if match}


def _text_figures(text: str) -> dict[str, Any]:
    """The figures of the text report, read back from it, in the shape of the JSON document."""
    part = _sections(text)
    seats = [
        re.fullmatch(r"  seat (\d) (.+?) +(\d+) +[\d.]+%", line) for line in part["Wins by seat"]
    ]
    bots = [
        re.fullmatch(r"  (\S+) +(\d+) .*\((\d+) seats?;.*", line) for line in part["Wins by bot"]
    ]
    length = {
        match[1]: {"mean": match[2], "min": int(match[3]), "max": int(match[4])}
        for line in part["Game length"]
        if (match := re.match(r"  (\w+) +mean +([\d.]+) +min +(\d+) +max +(\d+)", line))
    }
    businesses = part["Businesses won"]
    victories = _counts(part["Victory conditions"], r"  (.+?) +(\d+)(?: .*%)?")
    return {
        "games": int(part["Games"][0].split()[1]),
        "wins_by_seat": [{"seat": int(m[1]), "name": m[2], "wins": int(m[3])} for m in seats if m],
        "wins_by_bot": [{"bot": m[1], "seats": int(m[3]), "wins": int(m[2])} for m in bots if m],
        "no_winner": _counts(part["Wins by bot"], r"  (no winner) +(\d+) .*")["no winner"],
        "length": length,
        "businesses_won": int(businesses[0].split()[2]),
        "by_category": _counts(businesses[1:], r"  (\S.*?) +(\d+) +[\d.]+%"),
        "by_reinforcement": int(re.findall(r"tie-break\) (\d+)", text)[0]),
        "voided_shootouts": int(re.findall(r"voided shootouts \(no winner\) +(\d+)", text)[0]),
        "special_cards": _counts(part["Special cards played"], r"  (.+?) +(\d+) +\(.*"),
        "victories": victories,
    }


def _json_figures(document: dict[str, Any]) -> dict[str, Any]:
    """The figures of the JSON document that the text report shows too."""
    without_winner = {
        f"{how} ({'stopped' if how == 'unfinished' else 'no winner'})": count
        for how, count in document["without_winner"].items()
        if count
    }
    return {
        "games": document["games"],
        "wins_by_seat": [
            {key: seat[key] for key in ("seat", "name", "wins")}
            for seat in document["wins_by_seat"]
        ],
        "wins_by_bot": document["wins_by_bot"],
        "no_winner": document["no_winner"],
        "length": {
            name: {**document[name], "mean": f"{document[name]['mean']:.1f}"}
            for name in ("turns", "commands")
        },
        "businesses_won": document["businesses_won"]["total"],
        "by_category": document["businesses_won"]["by_category"],
        "by_reinforcement": document["businesses_won"]["by_reinforcement"],
        "voided_shootouts": document["voided_shootouts"],
        "special_cards": document["special_cards"],
        "victories": {**document["victories"], **without_winner},
    }


@pytest.mark.parametrize(
    "argv",
    [
        ["--players", "3", "--games", "8", "--seed", "3", "--bots", "heuristic,random,random"],
        ["--games", "6", "--seed", "5", "--bots", "random", "--optional-actions", "--tactical"],
    ],
)
def test_json_format_parses_and_agrees_with_the_text_report(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(argv) == 0
    text = capsys.readouterr().out
    assert _run([*argv, "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert _json_figures(document) == _text_figures(text)
    seats = [seat["seat"] for seat in document["wins_by_seat"]]
    assert seats == list(range(len(seats)))  # from 0, as in logs and the notation
    assert document["wins_by_seat"][0]["name"].endswith(" 0")
    assert document["seed"] == int(argv[argv.index("--seed") + 1])
    assert document["options"]["tactical"] == ("--tactical" in argv)
    assert document["log_dir"] is None


def test_json_format_names_the_log_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    logs = tmp_path / "logs"
    assert _run(["--games", "2", "--format", "json", "--log-dir", str(logs)]) == 0
    document = json.loads(capsys.readouterr().out)  # the whole of stdout: no "Logs:" line
    assert document["log_dir"] == str(logs)
    assert len(list(logs.glob("*.jsonl"))) == document["games"] == 2


def test_json_of_no_games_has_no_mean() -> None:
    figures = simulate.Summary(["random", "random"]).as_dict()
    assert figures["turns"] == {"mean": None, "min": None, "max": None}
    assert figures["games"] == 0


def _shape(data: Any) -> Any:
    """The keys of every object in ``data``, recursively; lists by their first item."""
    if isinstance(data, dict):
        if all(key[:1].isupper() or " " in key for key in data):  # named counts
            return "counts"
        return {key: _shape(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_shape(data[0])] if data else []
    return type(data).__name__ if data is not None else "float"


def test_the_documented_json_example_has_the_shape_of_real_output(
    capsys: pytest.CaptureFixture[str],
) -> None:
    page = (Path(__file__).parent.parent / "docs" / "simulate.md").read_text(encoding="utf-8")
    example = json.loads(re.findall(r"```json\n(.*?)```", page, re.DOTALL)[0])
    assert _run(["--games", "3", "--format", "json"]) == 0
    assert _shape(example) == _shape(json.loads(capsys.readouterr().out))


# --------------------------------------------------------------------------- bot programs


def _program(module: str, *args: str) -> str:
    """The ``cmd:`` name of a module of this package run as a bot program."""
    return "cmd:" + shlex.join([sys.executable, "-m", f"chicago_poker.protocol.{module}", *args])


SPEAKER = _program("speak", "heuristic")
CRASHER = _program("faulty", "--rate", "1", "--only", "crash")


def test_a_program_plays_the_games_its_bot_plays_here() -> None:
    # The speaker makes its bot from the seed of new_game, bot_seed(game seed, seat), as
    # play_named makes the bots it keeps in this process: the same games, move for move.
    here = list(simulate.simulate(["heuristic", "random"], 3, 8, play=play_named))
    there = list(simulate.simulate([SPEAKER, "random"], 3, 8, play=play_named))
    assert there == here
    assert {result.termination for result in there} == {"finished"}


def test_built_in_bots_play_as_they_always_have(capsys: pytest.CaptureFixture[str]) -> None:
    # Without a program, play_bots plays, its bots seeded as before: no terminations shown.
    assert _run(["--games", "3", "--seed", "8", "--bots", "heuristic,random"]) == 0
    text = capsys.readouterr().out
    assert "Terminations" not in text
    assert "faulted" not in text
    assert (
        _run(["--games", "3", "--seed", "8", "--bots", "heuristic,random", "--format", "json"]) == 0
    )
    document = json.loads(capsys.readouterr().out)
    assert "terminations" not in document
    assert list(document["without_winner"]) == ["blocked", "stalled", "unfinished"]


def test_a_run_with_a_program_is_reproducible_and_its_logs_validate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--games", "2", "--seed", "4", "--bots", f"{SPEAKER},random", "--format", "json"]
    assert _run([*argv, "--log-dir", str(tmp_path / "logs")]) == 0
    first = json.loads(capsys.readouterr().out)
    assert _run(argv) == 0
    again = json.loads(capsys.readouterr().out)
    assert {**first, "log_dir": None} == again
    assert again["terminations"] == {"finished": 2}
    assert again["wins_by_seat"][0]["bot"] == SPEAKER
    for log in sorted((tmp_path / "logs").glob("*.jsonl")):
        report = validate_file(log)
        assert report.status is Status.OK, report.findings
        assert report.game_over


def test_a_program_that_crashes_is_counted_not_raised(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["--games", "2", "--seed", "4", "--bots", f"random,{CRASHER}"]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    assert "Terminations:\n  crashed                             2  100.0%\n" in out
    assert re.search(r"\n  faulted \(a bot's fault\) +2\n", out)
    assert "  no winner                 2  100.0%" in out


def test_a_program_that_cannot_start_is_counted(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--games", "2", "--bots", "random,cmd:no-such-program-anywhere", "--format", "json"]
    assert _run(argv) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["terminations"] == {"failed-to-start": 2}
    assert document["without_winner"] == {
        "blocked": 0,
        "stalled": 0,
        "faulted": 2,
        "unfinished": 0,
    }


def test_workers_give_the_same_report_with_programs(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--players", "3", "--games", "4", "--seed", "6", "--format", "json"]
    argv += ["--bots", f"{SPEAKER},random,{CRASHER}"]
    assert _run(argv) == 0
    one = capsys.readouterr().out
    assert _run([*argv, "--workers", "2"]) == 0
    two = capsys.readouterr().out
    assert one == two
    assert json.loads(one)["terminations"] == {"crashed": 4}


def test_a_faulted_game_is_not_unfinished() -> None:
    summary = simulate.Summary(["random", "random"], terminations=True)
    game = Game.new(["Random 0", "Random 1"], seed=1)
    played = Played(game, "time-forfeit", 1)
    summary.add(simulate._result(0, 1, played.game, played.termination, played.faulty))
    assert (summary.faulted, summary.unfinished) == (1, 0)
    assert summary.as_dict()["terminations"] == {"time-forfeit": 1}
