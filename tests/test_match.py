"""chicago-poker match: rotated duplicate deals, statistics that stop in time, the same
report from any number of workers, and every log valid."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

import chicago_poker
from chicago_poker.cli import main
from chicago_poker.match.runner import MatchReport, match
from chicago_poker.match.stats import Sprt, wilson
from chicago_poker.referee.validate import validate_files

SRC = str(Path(chicago_poker.__file__).parent.parent)


def test_wilson_interval_matches_a_known_value() -> None:
    low, high = wilson(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    assert wilson(0, 0) == (0.0, 1.0)


def test_sprt_bounds_are_fastchess_bounds() -> None:
    test = Sprt(0.25, 0.35, 0.05, 0.05)
    assert [round(bound, 4) for bound in test.bounds] == [-2.9444, 2.9444]
    assert test.verdict(test.llr([0.5] * 40 + [0.25] * 60)) == "H1"
    assert test.verdict(test.llr([0.0] * 60 + [0.25] * 40)) == "H0"
    assert test.verdict(test.llr([0.25, 0.5, 0.0])) is None
    with pytest.raises(chicago_poker.InvalidArgumentError):
        Sprt(0.4, 0.3)


def test_seats_rotate_over_each_deal() -> None:
    games = list(match(["random", "heuristic", "random"], 6, 4))
    assert [game.seats for game in games[:3]] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    assert [game.rotation for game in games] == [0, 1, 2, 0, 1, 2]
    assert [game.deal for game in games] == [0, 0, 0, 1, 1, 1]
    assert all(game.reason == "finished" for game in games)


def test_the_report_is_the_same_with_two_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", SRC)
    bots = ["heuristic", "random", f"cmd:{sys.executable} -m chicago_poker.protocol.speak random"]

    def report(workers: int) -> str:
        totals = MatchReport(bots)
        for game in match(bots, 12, 5, workers=workers):
            totals.add(game)
        return json.dumps(totals.as_dict())

    assert report(1) == report(2)


def test_match_writes_valid_logs_and_transcripts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PYTHONPATH", SRC)
    bot = f"cmd:{sys.executable} -m chicago_poker.protocol.speak heuristic"
    code = main(
        ["match", "random", bot, "--games", "4", "--log-dir", str(tmp_path), "--format", "json"]
    )
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 4
    assert report["terminations"] == {"finished": 4}
    assert report["bots"][1]["hello"] == "heuristic"  # the name from its hello
    files = sorted(tmp_path.glob("*.jsonl"))
    assert len(files) == 4 * 3  # the full log and each seat's transcript
    assert all(result.status.name == "OK" for result in validate_files(files))


def test_the_sprt_stops_the_match_at_a_deals_end(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["match", "heuristic", "random", "--games", "400", "--sprt", "0.5", "0.7"]
    assert main([*args, "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["sprt"]["verdict"] == "H1"
    assert report["games"] < 400
    assert report["games"] % 2 == 0


def test_the_soak_leaves_no_process_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small soak: faulty bots at every seat; each game ends, and no bot lives on."""
    monkeypatch.setenv("PYTHONPATH", SRC)
    marker = f"--seed {os.getpid()}"  # names this test's bots among any others running
    bot = f"cmd:{sys.executable} -m chicago_poker.protocol.faulty --rate 0.05 {marker}"
    from chicago_poker.protocol.table import Clock

    games = list(match([bot, bot, "random"], 9, 2, clock=Clock(0.3, None, 0.1, 10.0)))
    assert len(games) == 9
    assert any(game.faulty is not None for game in games)
    needle = marker.encode().replace(b" ", b"\0")  # as /proc/PID/cmdline separates words
    mine = [stat for stat in Path("/proc").glob("[0-9]*/cmdline") if needle in _read(stat)]
    assert mine == []


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:  # a process gone meanwhile
        return b""
