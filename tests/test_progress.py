"""Tests for the progress of long commands on stderr (chicago_poker.workers.progress.Progress)."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import chicago_poker
from chicago_poker.cli import command as cli
from chicago_poker.workers import progress
from chicago_poker.workers.progress import Progress
from interrupt import posix_only


class _Terminal(io.StringIO):
    """A stream that says it is a terminal, and keeps what is written to it."""

    def isatty(self) -> bool:
        return True


class _Clock:
    """A clock that shows the time it is set to."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class _Broken(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError


def _plain(total: int, stream: io.StringIO, clock: _Clock) -> Progress:
    return Progress("validating", total, stream, unit="files", interval=5, clock=clock)


def _advance_at(progress: Progress, clock: _Clock, *times: float) -> None:
    for time in times:
        clock.now = 100.0 + time
        progress.advance()


def test_off_a_terminal_a_run_shorter_than_the_interval_writes_nothing() -> None:
    stream, clock = io.StringIO(), _Clock()
    with _plain(5, stream, clock) as progress:
        _advance_at(progress, clock, 3, 4, 5, 6, 7.9)  # the last 4.9 s after the first
    assert stream.getvalue() == ""


def test_off_a_terminal_a_line_comes_every_interval_after_the_first_item() -> None:
    stream, clock = io.StringIO(), _Clock()
    with _plain(10, stream, clock) as progress:
        _advance_at(progress, clock, 1, 3, 5.5, 6, 10, 12)
    # The first item at 1 s starts the interval: lines at 6 s (5 s later) and 12 s (6 s after).
    assert stream.getvalue().splitlines() == [
        "validating: 4/10 files (40%), 0.7 files/s, 0:00:09 left",
        "validating: 6/10 files (60%), 0.5 files/s, 0:00:08 left",
    ]


def test_the_line_says_the_time_left_in_hours_minutes_and_seconds() -> None:
    clock = _Clock()
    progress = _plain(10_000, io.StringIO(), clock)
    _advance_at(progress, clock, 2)
    # One file in 2 s: 9,999 more take 19,998 s, which is 5 h 33 min 18 s.
    assert progress.line() == "validating: 1/10000 files (0%), 0.5 files/s, 5:33:18 left"


def test_the_line_before_anything_is_done_has_no_time_left() -> None:
    progress = _plain(3, io.StringIO(), _Clock())
    assert progress.line() == "validating: 0/3 files (0%), 0.0 files/s, ? left"


def test_a_stream_that_cannot_be_written_does_not_stop_the_work() -> None:
    clock = _Clock()
    with _plain(3, _Broken(), clock) as progress:
        _advance_at(progress, clock, 1, 7, 20)
    assert progress.done == 3


class _BrokenTerminal(_Broken):
    def isatty(self) -> bool:
        return True


def test_a_terminal_that_cannot_be_written_does_not_stop_the_work(
    terminal: _Terminal,
) -> None:
    clock = _Clock()
    with _bar(3, _BrokenTerminal(), clock) as progress:
        _advance_at(progress, clock, 1, 2)
        with progress.paused(terminal):
            pass
        _advance_at(progress, clock, 3)
    assert progress.done == 3


def test_a_dumb_terminal_gets_plain_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "dumb")
    stream, clock = _Terminal(), _Clock()
    with _plain(3, stream, clock) as progress:
        _advance_at(progress, clock, 1, 7)
    assert stream.getvalue() == "validating: 2/3 files (66%), 0.3 files/s, 0:00:04 left\n"


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> _Terminal:
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLUMNS", "100")
    return _Terminal()


def _bar(total: int, stream: io.StringIO, clock: _Clock) -> Progress:
    return Progress("validating", total, stream, unit="files", clock=clock)


def test_on_a_terminal_a_live_bar_shows_count_rate_and_time_left(terminal: _Terminal) -> None:
    clock = _Clock()
    with _bar(20, terminal, clock) as progress:
        _advance_at(progress, clock, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5)
        drawn = terminal.getvalue()
    assert drawn.count("\r\x1b[2Kvalidating") == 7  # each item, at most ten times a second
    assert "7/20" in drawn
    assert "files/s" in drawn
    assert drawn.rstrip().endswith("left")


def test_on_a_terminal_the_bar_is_drawn_at_most_ten_times_a_second(terminal: _Terminal) -> None:
    clock = _Clock()
    with _bar(100, terminal, clock) as progress:
        _advance_at(progress, clock, *(index / 100 for index in range(1, 100)))
        drawn = terminal.getvalue()
    # When it starts, then about every tenth of a second over the 0.99 s of the run.
    assert 1 + 9 <= drawn.count("validating") <= 1 + 10
    assert int(re.findall(r"(\d+)/100", drawn)[-1]) >= 90  # the last drawing is recent


def test_on_a_terminal_the_bar_is_cleared_at_the_end(terminal: _Terminal) -> None:
    with Progress("simulating", 2, terminal, unit="games") as progress:
        progress.advance()
    # The last thing written moves back up over the bar and erases its line.
    assert terminal.getvalue().endswith("\r\x1b[1A\x1b[2K")
    assert progress._bar is not None
    assert not progress._bar.live.is_started


def test_on_a_terminal_ctrl_c_stops_the_bar(terminal: _Terminal) -> None:
    progress = Progress("simulating", 5, terminal, unit="games")
    with pytest.raises(KeyboardInterrupt), progress:
        raise KeyboardInterrupt
    assert progress._bar is not None
    assert not progress._bar.live.is_started


def test_the_bar_steps_aside_for_output_to_a_terminal_and_comes_back_below_it(
    terminal: _Terminal,
) -> None:
    clock = _Clock()
    with _bar(3, terminal, clock) as progress:
        clock.now += 0.125
        progress.advance()
        drawing = terminal.getvalue().rpartition("\r\x1b[2K")[2]
        assert "1/3" in drawing
        with progress.paused(_Terminal()):
            assert terminal.getvalue().endswith("\r\x1b[2K")  # the bar's line, erased
        assert terminal.getvalue().endswith("\r\x1b[2K" + drawing)  # put back as it was
        clock.now += 0.125
        with progress.paused(_Terminal()):
            pass
        redrawn = terminal.getvalue().rpartition("\r\x1b[2K")[2]
        assert "1/3" in redrawn
        assert redrawn.endswith("left")
        before = terminal.getvalue()
        with progress.paused(io.StringIO()):  # a file or a pipe: nothing to step aside for
            pass
        assert terminal.getvalue() == before


@posix_only
def test_piped_simulate_shows_progress_on_stderr_and_only_the_report_on_stdout(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--games", "6", "--bots", "random"]
    assert cli.main(argv) == 0
    report = capsys.readouterr().out
    monkeypatch.setattr(progress, "PROGRESS_INTERVAL", 0)
    assert cli.main(argv) == 0
    out, err = capsys.readouterr()
    assert out == report
    lines = err.splitlines()
    assert [line.split(",")[0] for line in lines] == [
        f"simulating: {done}/6 games ({100 * done // 6}%)" for done in range(2, 7)
    ]
    assert all(line.endswith(" left") and "games/s" in line for line in lines)


def test_piped_validate_shows_progress_on_stderr(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    files = [str(tmp_path / f"missing-{index}.jsonl") for index in range(4)]
    monkeypatch.setattr(progress, "PROGRESS_INTERVAL", 0)
    assert cli.main(["validate", *files]) == 2
    err = capsys.readouterr().err
    assert [line.split(",")[0] for line in err.splitlines()] == [
        "validating: 2/4 files (50%)",
        "validating: 3/4 files (75%)",
        "validating: 4/4 files (100%)",
    ]


LOGS = Path(__file__).parent / "logs"


@posix_only
@pytest.mark.parametrize(
    ("argv", "unit"),
    [
        (["simulate", "--games", "8"], "games/s"),
        (
            [
                "validate",
                *[str(LOGS / "valid-2p-standard.jsonl")] * 6,
                str(LOGS / "truncated.jsonl"),
            ],
            "files/s",
        ),
    ],
    ids=["simulate", "validate"],
)
def test_on_a_terminal_a_bar_is_drawn_and_stdout_is_exactly_the_report(
    argv: list[str], unit: str
) -> None:
    import pty

    source = str(Path(chicago_poker.__file__).parent.parent)
    env = {**os.environ, "PYTHONPATH": source, "TERM": "xterm", "COLUMNS": "100"}
    command = [sys.executable, "-m", "chicago_poker", *argv]
    piped = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    main, secondary = pty.openpty()
    with os.fdopen(main, "rb", buffering=0) as screen:
        done = subprocess.run(
            command, stdout=subprocess.PIPE, stderr=secondary, text=True, env=env, check=False
        )
        os.close(secondary)
        drawn = _read_all(screen)
    assert (done.returncode, done.stdout) == (piped.returncode, piped.stdout)
    assert piped.stderr == ""
    assert unit in drawn
    assert drawn.endswith("\x1b[2K")  # cleared at the end


def _read_all(screen: io.RawIOBase) -> str:
    data = b""
    while True:
        try:
            chunk = screen.read(65536)
        except OSError:  # the other end is closed: all was read
            break
        if not chunk:
            break
        data += chunk
    return data.decode("utf-8", errors="replace")


def test_workers_do_not_import_rich() -> None:
    # Worker processes import the modules of simulate and validate; rich, needed only for a
    # bar on a terminal, would slow the start of each.
    source = str(Path(chicago_poker.__file__).parent.parent)
    code = (
        "import sys, chicago_poker.players.simulate, chicago_poker.cli.command, "
        "chicago_poker.referee.validate; print(sorted(m for m in sys.modules if 'rich' in m))"
    )
    env = {**os.environ, "PYTHONPATH": source}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.stdout == "[]\n", done.stderr
