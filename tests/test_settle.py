"""Worker processes take what lives as long as they do out of the collector's sight; the
library never does so on import."""

from __future__ import annotations

import gc
from collections.abc import Sequence
from typing import ClassVar

import orjson
import pytest

from chicago_poker.cli.turns import next_chooser
from chicago_poker.core.commands import Command
from chicago_poker.core.views import view
from chicago_poker.formats.jsonio import to_json
from chicago_poker.players.game import Game
from chicago_poker.workers.processes import YOUNG_THRESHOLD, settle
from chicago_poker.workers.spread import in_order
from fresh import run_fresh

_KEPT: list[list[int]] = []
"""What the tasks keep in a worker: one tracked object per item."""


def _frozen_count(item: int) -> int:
    """Keep a new tracked object, then say how many objects the collector has frozen."""
    _KEPT.append([item])
    return gc.get_freeze_count()


def test_a_worker_settles_as_it_starts_and_after_its_first_chunk() -> None:
    first, second, third = in_order(_frozen_count, [0, 1, 2], workers=1)
    assert first > 0  # the modules, frozen as the worker started
    assert second > first  # then what its first chunk left, the object it kept among them
    assert third == second  # and no more: later collections walk what later work makes


def test_importing_the_library_freezes_nothing() -> None:
    # Counted from the interpreter's own start: Python 3.12 starts with objects frozen (375
    # in 3.12.1), where 3.11 and 3.13 start with none.
    code = (
        "import gc; frozen = gc.get_freeze_count()\n"
        "import chicago_poker, chicago_poker.players.search, chicago_poker.workers.spread,"
        " chicago_poker.web.thinking; print(gc.get_freeze_count() - frozen)"
    )
    assert run_fresh(code).strip() == "0"


def test_the_match_command_settles_before_its_games_and_after_the_first(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from chicago_poker.cli.command import main
    from chicago_poker.match import runner

    settled: list[int] = []
    played: list[object] = []
    add = runner.MatchReport.add

    def counted_add(report: runner.MatchReport, game: runner.MatchGame) -> None:
        played.append(game)
        add(report, game)

    monkeypatch.setattr(runner, "settle", lambda: settled.append(len(played)))
    monkeypatch.setattr(runner.MatchReport, "add", counted_add)
    assert main(["match", "random", "random", "--games", "4"]) == 0
    assert settled == [0, 0]  # before any game, then with the first game played, not yet added
    assert len(played) == 4


def test_the_serve_command_settles_once_started_up(monkeypatch: pytest.MonkeyPatch) -> None:
    uvicorn = pytest.importorskip("uvicorn")
    from chicago_poker.cli.command import main

    frozen: list[int] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: frozen.append(gc.get_freeze_count()))
    before = gc.get_freeze_count()
    try:
        assert main(["serve"]) == 0
    finally:
        gc.unfreeze()  # this test's process is not the server's
    assert len(frozen) == 1
    assert frozen[0] > before  # the app made, the modules imported: all frozen


class _Bot:
    """A stand-in search bot: it notes whether the collector is on as it chooses."""

    seconds: float | None = None
    collecting: ClassVar[list[bool]] = []

    def observe(self, entry: object) -> None:
        pass

    def choose(self, seen: object, legal: Sequence[Command]) -> Command:
        self.collecting.append(gc.isenabled())
        return legal[0]


def test_a_thinking_worker_holds_the_collector_off_while_a_bot_searches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("starlette")
    from chicago_poker.web import thinking

    class _Spec:
        def make(self, seed: int) -> _Bot:
            return _Bot()

    monkeypatch.setattr(thinking, "parse_bot", lambda text: _Spec())
    game = Game.new(["Al", "Bugs"], seed=3)
    seat = next_chooser(game.state)
    assert seat is not None
    legal = orjson.dumps([to_json(each) for each in game.legal_commands(seat)]).decode()
    seen = orjson.dumps(to_json(view(game.state, seat))).decode()
    job = thinking.Job("search", 1, seat, (), seen, legal, 0.5)
    _Bot.collecting.clear()
    assert thinking.think(job)  # in a process that is no worker: the collector stays on
    assert gc.isenabled()
    monkeypatch.setattr(thinking, "_IN_WORKER", [True])
    try:
        thinking.think(job)
        assert not gc.isenabled()  # off until the next job: the answer goes out first
        thinking.think(job)
    finally:
        gc.enable()
    assert _Bot.collecting == [True, False, False]


def _young_threshold(item: int) -> int:
    return gc.get_threshold()[0]


def test_a_worker_collects_its_youngest_objects_as_python_3_13_does() -> None:
    assert list(in_order(_young_threshold, [0, 1], workers=1)) == [YOUNG_THRESHOLD] * 2
    assert YOUNG_THRESHOLD == 2_000


@pytest.mark.parametrize("owners", [0, 700, 2_000, 5_000])
def test_settling_raises_the_young_threshold_to_3_13s_and_no_further(owners: int) -> None:
    before = gc.get_threshold()
    gc.set_threshold(owners, 10, 10)
    try:
        settle()
        after = gc.get_threshold()
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
    expected = owners if owners == 0 or owners >= YOUNG_THRESHOLD else YOUNG_THRESHOLD
    assert after == (expected, 10, 10)  # 0 is collections turned off: the owner's choice
