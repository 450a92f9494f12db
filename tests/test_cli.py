"""Tests for the chicago-poker command (chicago_poker.cli.command)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import chicago_poker
from chicago_poker import ChicagoPokerError
from chicago_poker.cli import command as cli


@pytest.mark.rule("R-7.3")
def test_hands_prints_the_ranking_with_frequencies(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["hands"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "17,259,390 five-card hands of the 75 gangster cards" in out
    assert "   1  Chicago Poker               15    0.000087%    1,150,626       1" in out
    assert "* Flush (14,960 hands) is rarer than full house (21,000 hands)" in out
    assert "(R-7.7)" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"chicago-poker {chicago_poker.__version__}\n"


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    assert "hands" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "the following arguments are required: COMMAND"),
        (["deal"], "argument COMMAND: invalid choice: 'deal'"),
        (["hands", "--colours", "3"], "unrecognized arguments: --colours 3"),
        (["hands", "extra"], "unrecognized arguments: extra"),
    ],
)
def test_bad_arguments_fail_with_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("usage: chicago-poker")
    assert f"chicago-poker: error: {message}" in err
    assert "Traceback" not in err


def test_a_rejected_request_fails_with_its_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def refuse(args: object) -> int:
        raise ChicagoPokerError("no such business", rule="R-4.1")

    monkeypatch.setattr(cli, "_hands", refuse)
    assert cli.main(["hands"]) == 1
    assert capsys.readouterr().err == "chicago-poker: error: no such business\n"


def test_a_closed_pipe_stops_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    def closed(args: object) -> int:
        raise BrokenPipeError

    monkeypatch.setattr(cli, "_hands", closed)
    assert cli.main(["hands"]) == 1


def test_the_module_runs_as_a_program() -> None:
    source = str(Path(chicago_poker.__file__).parent.parent)
    env = {**os.environ, "PYTHONPATH": source}
    command = [sys.executable, "-m", "chicago_poker.cli"]
    done = subprocess.run([*command, "hands"], capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0
    assert "Rainbow straight" in done.stdout
    bad = subprocess.run([*command, "deal"], capture_output=True, text=True, env=env, check=False)
    assert bad.returncode == 2
    assert "invalid choice" in bad.stderr
    assert "Traceback" not in bad.stderr


def _redacted_log(path: Path) -> Path:
    from chicago_poker.formats.log import LogKind, write_log
    from chicago_poker.players.game import Game

    game = Game.new(["Al", "Bugs"], seed=11)
    for _ in range(30):
        game.execute(game.legal_commands()[0])
    with path.open("w", encoding="utf-8") as file:
        write_log(game, file, kind=LogKind.REDACTED, viewer=1)
    return path


def test_validate_writes_the_witness_of_a_redacted_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from chicago_poker.formats.log import LogEntry, LogKind, entries_to_lines, read_log
    from chicago_poker.referee.validate import validate_file

    log = _redacted_log(tmp_path / "seat1.jsonl")
    out = tmp_path / "witness.jsonl"
    assert cli.main(["validate", "--witness", str(out), str(log)]) == 0
    assert "legal redacted log" in capsys.readouterr().out
    assert validate_file(out).status.value == "ok"
    with out.open(encoding="utf-8") as file:
        entries = [item for item in read_log(file) if isinstance(item, LogEntry)]
    again = list(entries_to_lines(entries, kind=LogKind.REDACTED, viewer=1))
    assert again[1:] == log.read_text(encoding="utf-8").splitlines()[1:]


def test_validate_takes_one_file_with_a_witness(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = _redacted_log(tmp_path / "seat1.jsonl")
    assert cli.main(["validate", "--witness", str(tmp_path / "w"), str(log), str(log)]) == 2
    assert "exactly one FILE" in capsys.readouterr().err


@pytest.mark.rule("R-8.7")
def test_validate_says_a_stalled_game_ended_without_a_winner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from chicago_poker.core.commands import EndTurn
    from chicago_poker.core.rules import RuleOptions
    from chicago_poker.formats.log import write_log
    from chicago_poker.players.game import Game

    game = Game.new(["Al", "Bugs"], RuleOptions(optional_actions=True), seed=3)
    while not game.state.is_over:
        game.execute(EndTurn(game.state.turn.player))
    path = tmp_path / "stalled.jsonl"
    with path.open("w", encoding="utf-8") as file:
        write_log(game, file)
    assert cli.main(["validate", str(path)]) == 0
    assert "ended stalled without a winner" in capsys.readouterr().out


LOGS = Path(__file__).parent / "logs"


def test_validate_of_many_files_ends_with_a_count_of_each_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = str(LOGS / "valid-2p-standard.jsonl")
    files = [good, str(LOGS / "illegal-action.jsonl"), good, str(tmp_path / "missing.jsonl")]
    assert cli.main(["validate", *files]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "4 files: 2 legal, 1 illegal, 1 unreadable, 0 undecided"
    assert sum(line.startswith(f"{good}: legal game") for line in lines) == 2
    assert cli.main(["validate", "--workers", "2", *files]) == 2
    assert capsys.readouterr().out.splitlines() == lines


def test_validate_counts_an_undecided_redacted_log(capsys: pytest.CaptureFixture[str]) -> None:
    """A redacted log whose time limit runs out is undecided (exit 3), the others judged."""
    files = [str(LOGS / name) for name in ("redacted.jsonl", "valid-2p-standard.jsonl")]
    assert cli.main(["validate", "--time-limit", "0", *files]) == 3
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("redacted.jsonl: undecided after 0 entries: the time limit ran out")
    assert out[1].endswith(
        "redacted.jsonl:1: undecided: time limit: the 0 s allowed ran out before the log was "
        "judged; it is neither accepted nor refused (raise --time-limit to judge it)"
    )
    assert out[-1] == "2 files: 1 legal, 0 illegal, 0 unreadable, 1 undecided"


def test_validate_of_one_file_has_no_count_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["validate", str(LOGS / "valid-2p-standard.jsonl")]) == 0
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 1
    assert "files:" not in out


def test_validate_json_says_what_each_finding_gives(capsys: pytest.CaptureFixture[str]) -> None:
    """A finding without a rule says whether it leaves the log undecided or unreadable."""
    files = [str(LOGS / name) for name in ("redacted.jsonl", "truncated.jsonl")]
    assert cli.main(["validate", "--format", "json", "--time-limit", "0", *files]) == 3
    reports = json.loads(capsys.readouterr().out)["files"]
    assert [(f["rule"], f["status"]) for r in reports for f in r["findings"]] == [
        (None, "undecided"),
        (None, "unreadable"),
    ]
