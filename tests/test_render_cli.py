"""``chicago-poker render``: a logged game's table as SVG, as a seat may see it."""

from __future__ import annotations

from pathlib import Path

import pytest

from chicago_poker.cli import command as cli
from chicago_poker.core.decide import step
from chicago_poker.core.state import GameState
from chicago_poker.core.views import view
from chicago_poker.display.svg import render
from chicago_poker.formats.log import LogKind, write_log
from chicago_poker.players.game import Game
from random_games import random_game
from test_svg import cards_drawn, parse
from test_views import all_cards, known_cards

LOGS = Path(__file__).parent / "logs"


@pytest.fixture(scope="module")
def game() -> Game:
    """A seeded three-player game, 150 random legal commands long."""
    return random_game(3, seed=2004, commands=150)


def logged(game: Game, folder: Path, kind: LogKind, viewer: int | None = None) -> Path:
    path = folder / f"{kind.value}-{viewer}.jsonl"
    with path.open("w", encoding="utf-8") as file:
        write_log(game, file, kind=kind, viewer=viewer)
    return path


def state_after(game: Game, entries: int) -> GameState:
    state = None
    for entry in game.history[:entries]:
        state, _ = step(state, entry.command)
    assert state is not None
    return state


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = cli.main(["render", *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out, err


@pytest.mark.parametrize("kind", [LogKind.FULL, LogKind.COMMANDS])
def test_a_seat_s_picture_after_an_entry_is_what_the_seat_sees_then(
    game: Game, kind: LogKind, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = logged(game, tmp_path, kind)
    for entry in [1, 40, 97, len(game.history)]:
        state = state_after(game, entry)
        for seat in range(3):
            out = tmp_path / "table.svg"
            assert (
                run([str(log), "--entry", str(entry), "--seat", str(seat), "-o", str(out)], capsys)[
                    0
                ]
                == 0
            )
            picture = out.read_text(encoding="utf-8")
            assert picture == render(view(state, seat)) + "\n"
            hidden = all_cards(state) - known_cards(state, seat)
            assert not set(cards_drawn(picture)) & hidden


def test_a_spectator_and_the_whole_table(
    game: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = str(logged(game, tmp_path, LogKind.FULL))
    status, out, _ = run([log, "--entry", "60", "--spectator"], capsys)
    assert status == 0
    assert out == render(view(state_after(game, 60), None)) + "\n"
    status, out, _ = run([log, "--size", "500"], capsys)
    assert status == 0
    assert out == render(game.state, size=500) + "\n"


@pytest.mark.parametrize("viewer", [None, 0, 2])
def test_a_redacted_log_is_drawn_as_its_viewer_sees_it(
    game: Game, viewer: int | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = str(logged(game, tmp_path, LogKind.REDACTED, viewer))
    status, out, _ = run([log, "--entry", "80"], capsys)
    assert status == 0
    assert out == render(view(state_after(game, 80), viewer)) + "\n"
    other = "--spectator" if viewer is not None else "--seat=1"
    status, out, err = run([log, other], capsys)
    assert (status, out) == (2, "")
    assert "it can only be drawn as" in err


@pytest.mark.parametrize(
    ("argv", "status", "message"),
    [
        (["--entry", "100000"], 2, "has {n} entries: --entry must be 1 to {n}, not 100000"),
        (["--entry", "0"], 2, "--entry must be 1 or more, not 0"),
        (["--seat", "3"], 2, "has no seat 3: its seats are 0 to 2"),
        (["--seat", "-1"], 2, "has no seat -1"),
        (["--size", "0"], 2, "--size must be 1 or more, not 0"),
        (["-o", "no-such-folder/table.svg"], 1, "cannot write no-such-folder/table.svg"),
    ],
)
def test_a_request_the_log_cannot_answer_is_refused_with_a_message(
    game: Game,
    argv: list[str],
    status: int,
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    log = str(logged(game, tmp_path, LogKind.FULL).name)
    got, out, err = run([log, *argv], capsys)
    assert (got, out) == (status, "")
    assert message.format(n=len(game.history)) in err


@pytest.mark.parametrize(
    ("log", "status", "message"),
    [
        ("no-such-log.jsonl", 2, "cannot read"),
        ("truncated.jsonl", 2, "cannot be read: line 36: not JSON"),
        ("bad-header-version.jsonl", 2, "version 99 is not supported"),
        ("illegal-action.jsonl", 1, "illegal-action.jsonl:3: Bugs does not hold 1R. [R-3.10]"),
        ("redacted-forged-drawn-by-seat-7.jsonl", 1, "cannot follow the ones before"),
    ],
)
def test_a_log_that_cannot_be_drawn_is_refused_with_a_message(
    log: str, status: int, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    got, out, err = run([str(LOGS / log)], capsys)
    assert (got, out) == (status, "")
    assert message in err


def test_the_picture_is_well_formed(
    game: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run([str(logged(game, tmp_path, LogKind.FULL)), "--seat", "1"], capsys)
    assert status == 0
    parse(out)
