"""Tests for the chicago-poker command (chicago_poker.cli)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import chicago_poker
from chicago_poker import ChicagoPokerError, cli


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
