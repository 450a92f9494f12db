"""The search bots at the web table: they think in worker processes, told their seat's history.

Each test that starts workers stops them, and checks that no process of its own is left.
The workers run the real search (``search-easy``, 10 iterations a move) or a task of
:mod:`thinking_tasks` that is slow or fails on purpose.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import re
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any, cast

import pytest

pytest.importorskip("starlette", reason='the web table needs its extra: pip install ".[web]"')

from starlette.testclient import TestClient

import thinking_tasks
from chicago_poker.core.apply import apply
from chicago_poker.core.commands import Command, DrawCard, EndTurn
from chicago_poker.core.legal import legal_commands
from chicago_poker.core.state import GameState
from chicago_poker.core.views import view
from chicago_poker.formats.jsonio import to_json
from chicago_poker.formats.log import redact_entries
from chicago_poker.players.bots import BOTS, HeuristicBot
from chicago_poker.players.game import Game
from chicago_poker.web.app import create_app
from chicago_poker.web.limits import IDLE_SECONDS
from chicago_poker.web.tables import Table, Tables, read_request
from chicago_poker.web.thinking import Thinkers, move_seed, think
from seeded_tables import SeededTables

ROOT = Path(__file__).parents[1]
SHORT = {"short_game": True}


@pytest.fixture(autouse=True)
def no_worker_left() -> Iterator[None]:
    """Every worker a test starts is stopped by its end."""
    before = set(multiprocessing.active_children())
    yield
    assert set(multiprocessing.active_children()) - before == set()


def make_table(registry: Tables, bots: list[str | None], seed: int = 1) -> Table:
    request = read_request({"names": ["Al", "Bugs"], "bots": bots, "options": SHORT})
    return registry.create(request, seed=seed)


class Clock:
    """A clock that a test moves on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def connect(client: TestClient, table: Table, viewer: int | None) -> Any:
    return client.websocket_connect(f"/tables/{table.id}/ws?token={table.token_of(viewer)}")


def remove_all(registry: Tables) -> None:
    """Remove every table, as the server removes an idle one: its bots stop."""
    cast(Clock, registry.clock).now += 2 * IDLE_SECONDS
    registry.expire()


@contextlib.asynccontextmanager
async def tables_with(thinkers: Thinkers) -> AsyncIterator[Tables]:
    """Tables whose bots think in the workers of ``thinkers``, all stopped at the end."""
    registry = Tables(thinkers=thinkers, clock=Clock())
    try:
        yield registry
    finally:
        remove_all(registry)
        await thinkers.close()


async def until(condition: Callable[[], bool], seconds: float = 30.0) -> None:
    """Let the event loop run until ``condition`` holds."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited too long"
        await asyncio.sleep(0.01)


def states_before_entries(game: Game) -> list[GameState | None]:
    """The state before each entry of the game's history."""
    states: list[GameState | None] = []
    state: GameState | None = None
    for entry in game.history:
        states.append(state)
        for event in entry.events:
            state = apply(state, event)
    return states


def check_searched(table: Table, seat: int, since: int = 0) -> int:
    """Check each choice of ``seat``'s search bot from entry ``since`` on; count the searches.

    Each is the choice of a search bot of the table's kind, made from the move's seed and
    told the seat's redacted history: the bot searched. Returns how many of them differ
    from the heuristic bot's choice, which a bot that was not told its history would play.
    """
    kind = table.request.bots[seat]
    assert kind is not None
    game, states = table.game, states_before_entries(table.game)
    differs = 0
    for move in range(max(since, 1), len(game.history)):
        state, command = states[move], game.history[move].command
        assert state is not None
        legal = legal_commands(state, seat)
        if len(legal) < 2:
            continue
        bot = BOTS[kind](move_seed(table.seed, seat, move))
        for entry in redact_entries(game.history[:move], seat):
            bot.observe(entry)  # type: ignore[attr-defined]  # a search bot observes
        assert command == bot.choose(view(state, seat), legal), move
        heuristic = HeuristicBot(move_seed(table.seed, seat, move))
        differs += command != heuristic.choose(view(state, seat), legal)
    return differs


# --------------------------------------------------------------------------- from the workers


def test_a_search_bot_plays_the_moves_its_worker_searched_from_the_seats_history() -> None:
    registry = SeededTables()  # one game every run: whether the search differs is the game's
    with TestClient(create_app(registry)) as client:
        body = client.post(
            "/tables",
            json={"names": ["Al", "Bugs"], "bots": ["search-easy", "heuristic"], "options": SHORT},
        ).json()
        table = registry.get(body["table"])
        with connect(client, table, None) as spectator:
            while not table.game.state.is_over:
                spectator.receive_json()
    searched = registry.thinkers.answered
    assert searched >= 10  # every choice of the search bot came from a worker
    assert registry.thinkers.asked == searched
    assert check_searched(table, 0) >= 3  # and it searched: not the heuristic's choices
    # The same table seed plays the same game, the bots thinking in the server's process.
    again = make_table(Tables(), ["search-easy", "heuristic"], seed=table.seed)
    while again.bot_move():
        pass
    assert again.game.history == table.game.history


def test_the_other_tables_are_served_while_a_bot_thinks() -> None:
    thinkers = Thinkers(task=thinking_tasks.slow)
    registry = Tables(thinkers=thinkers)
    with TestClient(create_app(registry)) as client:
        thinking = make_table(registry, ["search-easy", None])
        other = make_table(registry, [None, None])
        first = len(thinking.game.history)
        with connect(client, thinking, 1):  # a connection wakes the table's bot
            asyncio.run(until(lambda: thinkers.asked == 1))
            with connect(client, other, 0) as ws:
                while ws.receive_json()["type"] != "legal":
                    pass
                command = other.game.legal_commands(0)[0]
                ws.send_json({"type": "command", "command": to_json(command)})
                while ws.receive_json()["type"] != "legal":
                    pass
            # The other table's command was played, and answered, while the bot thought.
            assert other.game.history[1].command == command
            assert thinkers.answered == 0
            assert len(thinking.game.history) == first
            asyncio.run(until(lambda: len(thinking.game.history) > first))
    assert thinkers.answered >= 1


# --------------------------------------------------------------------------- bounded, and safe


@pytest.mark.parametrize(
    ("task", "reason"),
    [
        (thinking_tasks.crash, "a worker was lost (it crashed or was killed)"),
        (thinking_tasks.fail, "the bot failed in its worker: RuntimeError('the bot broke down')"),
        (thinking_tasks.babble, "the worker's answer is not a command"),
    ],
    ids=["crash", "fail", "babble"],
)
def test_a_worker_that_fails_gives_the_heuristics_choice_and_the_next_move_is_searched(
    task: Callable[[Any], str], reason: str, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> None:
        thinkers = Thinkers(task=task)
        async with tables_with(thinkers) as registry:
            table = make_table(registry, ["search-easy", "heuristic"])
            turn = table.bot_turn()
            assert turn is not None
            assert len(turn.legal) > 1
            fallback = table.bot_seats.fallback(table.game, turn)
            registry.wake(table)
            await until(lambda: len(table.game.history) > turn.move)
            assert table.game.history[turn.move].command == fallback
            await until(lambda: thinkers.answered >= 3)  # the next moves come from the workers
        check_searched(table, 0, since=turn.move + 1)

    asyncio.run(scenario())
    assert f"seat 0 (Al, the search-easy bot): {reason}" in caplog.text
    assert "it plays the heuristic bot's choice" in caplog.text


def test_a_worker_that_overruns_is_stopped_and_the_bot_plays_the_heuristics_choice(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def scenario() -> float:
        thinkers = Thinkers(seconds=0.2, grace=0.3, task=thinking_tasks.hang)
        async with tables_with(thinkers) as registry:
            table = make_table(registry, ["search-easy", None])
            turn = table.bot_turn()
            assert turn is not None
            assert len(turn.legal) > 1
            fallback = table.bot_seats.fallback(table.game, turn)
            started = time.monotonic()
            registry.wake(table)
            await until(lambda: len(table.game.history) > turn.move)
            waited = time.monotonic() - started
            assert table.game.history[turn.move].command == fallback
        return waited

    waited = asyncio.run(scenario())
    assert 0.5 <= waited < 5  # the bound: 0.2 s of thought and 0.3 s of grace
    assert "no answer within 0.5 s; the worker finishes the move" in caplog.text


def test_a_table_removed_while_its_bot_thinks_gets_no_command(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def scenario() -> None:
        thinkers = Thinkers(task=thinking_tasks.slow)
        async with tables_with(thinkers) as registry:
            table = make_table(registry, ["search-easy", None])
            turn = table.bot_turn()
            assert turn is not None
            registry.wake(table)
            await until(lambda: thinkers.asked == 1)
            remove_all(registry)
            assert table.removed is not None
            await asyncio.sleep(thinking_tasks.SLOW_SECONDS + 0.5)  # the worker has answered
            assert len(table.game.history) == turn.move
            assert thinkers.answered == 0  # nobody took the answer

    asyncio.run(scenario())
    assert caplog.text == ""


def test_an_answer_that_comes_after_the_game_moved_on_is_dropped_and_the_bot_asked_again(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def scenario() -> tuple[Table, int, Command]:
        thinkers = Thinkers(task=thinking_tasks.slow)
        async with tables_with(thinkers) as registry:
            table = make_table(registry, ["search-easy", "heuristic"])
            turn = table.bot_turn()
            assert turn is not None
            registry.wake(table)
            await until(lambda: thinkers.asked == 1)
            # A command for the bot's seat comes while the bot thinks (as a person's could).
            played = turn.legal[-1]
            table.submit(turn.seat, to_json(played))
            await until(lambda: thinkers.answered == 1)
            thinkers.task = think
            await until(lambda: thinkers.answered >= 3)
        return table, turn.move, played

    table, move, played = asyncio.run(scenario())
    assert table.game.history[move].command == played
    check_searched(table, 0, since=move + 1)  # every later move searched anew
    assert caplog.text == ""  # no command was refused: the late answer was never played


def test_a_command_of_another_seat_or_that_the_engine_refuses_gives_the_heuristics_choice(
    caplog: pytest.LogCaptureFixture,
) -> None:
    wrongs: list[tuple[Command, str]] = [
        (DrawCard(1), "it chose a command of another seat: DrawCard(player=1)"),
        (EndTurn(0), "the engine refused its command: "),
    ]
    for wrong, reason in wrongs:
        table = make_table(Tables(), ["search-easy", None])
        turn = table.bot_turn()
        assert turn is not None
        assert turn.seat == 0
        assert wrong not in turn.legal
        fallback = table.bot_seats.fallback(table.game, turn)
        assert table.play_bot(turn, wrong)
        assert table.game.history[turn.move].command == fallback
        assert reason in caplog.text


# --------------------------------------------------------------------------- the page and serve


def test_the_page_offers_every_bot_with_its_label() -> None:
    with TestClient(create_app(Tables())) as client:
        page = client.get("/").text
    menu = json.loads(page.split('<script id="bots" type="application/json">')[1].split("<")[0])
    offered = {bot["name"]: bot["label"] for bot in menu}
    assert set(offered) == {*BOTS, "trained"}
    for level in ("easy", "hard"):
        assert level in offered[f"search-{level}"]


def serve_parser() -> argparse.ArgumentParser:
    from chicago_poker.cli.serve import add_parser

    parser: argparse.ArgumentParser = add_parser(argparse.ArgumentParser().add_subparsers())
    return parser


def test_the_docs_list_every_option_of_serve() -> None:
    flags = set(re.findall(r"(--[a-z][a-z-]+)", serve_parser().format_help())) - {"--help"}
    page = (ROOT / "docs" / "web.md").read_text("utf-8")
    table = page.split("| option | meaning |", 1)[1].split("\n\n", 1)[0]
    assert set(re.findall(r"`(--[a-z][a-z-]+)", table)) == flags


def test_serve_gives_the_bots_their_workers_and_time(monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from chicago_poker.cli.command import main

    apps: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: apps.append(app))
    assert main(["serve", "--bot-workers", "3", "--bot-seconds", "1.5"]) == 0
    thinkers = apps[0].state.tables.thinkers
    assert (thinkers.workers, thinkers.seconds, thinkers.timeout) == (3, 1.5, 3.5)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--bot-workers", "0"], "0 is out of range: use from 1 to 64"),
        (["--bot-seconds", "0"], "0 is out of range: use more than 0 seconds"),
        (["--bot-seconds", "inf"], "inf is out of range: use 0 or more seconds"),
    ],
)
def test_serve_refuses_workers_or_time_it_cannot_use(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from chicago_poker.cli.command import main

    assert main(["serve", *arguments]) == 2
    assert message in capsys.readouterr().err
