"""The bots a web server offers (issue 49 item 4, issue 51 item 6): the operator's roster.

A browser names a bot of the server's roster and nothing else: the operator adds to it with
``serve --bot NAME=SPEC``. The trained policy bot is offered when NumPy is there, and said
to be unavailable, with the reason, when it is not.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

pytest.importorskip("starlette", reason='the web table needs its extra: pip install ".[web]"')
from starlette.testclient import TestClient

from chicago_poker.cli.command import main
from chicago_poker.core.errors import InvalidArgumentError
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.views import view
from chicago_poker.players.bots import HeuristicBot
from chicago_poker.players.game import Game
from chicago_poker.web.app import create_app
from chicago_poker.web.bots import TRAINED, Roster, TableBots, served_bot
from chicago_poker.web.tables import Tables
from chicago_poker.web.thinking import think

SHORT = {"short_game": True}
HEURISTIC_CLASS = "chicago_poker.players.bots:HeuristicBot"
RANDOM_CLASS = "chicago_poker.players.bots:RandomBot"


def _client(roster: Roster, data_dir: Path | None = None) -> Iterator[tuple[TestClient, Tables]]:
    tables = Tables(roster=roster, data_dir=data_dir)
    with TestClient(create_app(tables)) as client:
        yield client, tables


@pytest.fixture
def served() -> Iterator[tuple[TestClient, Tables]]:
    """A server offering ``strong`` (a search with settings) and ``quick`` (a class)."""
    roster = Roster([("strong", "search:iterations=20,seconds=2"), ("quick", HEURISTIC_CLASS)])
    yield from _client(roster)


def _create(client: TestClient, bots: list[Any]) -> Any:
    names = ["Al", "Bugs", "Capone", "Dutch"][: len(bots)]
    return client.post("/tables", json={"names": names, "bots": bots, "options": SHORT})


# ------------------------------------------------------------------------- --bot NAME=SPEC


def test_serve_bot_reads_a_name_and_a_spec_and_refuses_what_a_table_cannot_seat() -> None:
    assert served_bot("strong=search:iterations=2000,seconds=0.5") == (
        "strong",
        "search:iterations=2000,seconds=0.5",
    )
    assert served_bot(f"trained2={TRAINED}") == ("trained2", TRAINED)
    refused = {
        "strong": "give NAME=SPEC",
        "Strong=search": "give NAME=SPEC",
        "a:b=search": "give NAME=SPEC",
        "x=cmd:node bot.js": "a program (cmd:) cannot sit at a web table",
        "x=search:depth=3": "search has no setting 'depth'",
        "x=nosuchbot": "unknown bot",
    }
    for text, why in refused.items():
        with pytest.raises(InvalidArgumentError, match=why.replace("(", r"\(").replace(")", r"\)")):
            served_bot(text)


def test_the_roster_refuses_a_taken_name_and_a_class_it_cannot_make_at_the_start() -> None:
    with pytest.raises(InvalidArgumentError, match="'search' is taken"):
        Roster([("search", "search:iterations=5")])
    with pytest.raises(InvalidArgumentError, match="'x' is taken"):
        Roster([("x", "heuristic"), ("x", "random")])
    with pytest.raises(InvalidArgumentError, match="No module named 'no_such_module_here'"):
        Roster([("x", "no_such_module_here:Bot")])
    with pytest.raises(InvalidArgumentError, match="its settings"):
        Roster([("x", "chicago_poker.players.bots:HeuristicBot:depth=3")])


def test_serve_stops_at_once_on_a_bot_it_cannot_offer(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--bot", "x=no_such_module_here:Bot"]) == 2
    assert "chicago-poker serve: error: bot 'no_such_module_here:Bot'" in capsys.readouterr().err
    assert main(["serve", "--bot", "x=cmd:node bot.js"]) == 2
    shown = capsys.readouterr().err
    assert "argument --bot: 'x=cmd:node bot.js': a program (cmd:) cannot sit at a web" in shown


# --------------------------------------------------------------------------- the browser


def test_the_page_and_get_bots_list_the_roster_in_order(
    served: tuple[TestClient, Tables],
) -> None:
    client, _ = served
    listed = client.get("/bots").json()["bots"]
    names = [bot["name"] for bot in listed]
    built_in = ["heuristic", "random", "search-easy", "search", "search-hard", "trained"]
    assert names == [*built_in, "strong", "quick"]
    assert listed[-2] == {
        "name": "strong",
        "label": "strong: search:iterations=20,seconds=2",
        "available": True,
        "reason": None,
    }
    page = client.get("/").text
    menu = page.split('<script id="bots" type="application/json">')[1].split("</script>")[0]
    assert json.loads(menu) == listed


def test_the_menu_in_the_page_cannot_close_its_script(tmp_path: Path) -> None:
    module = tmp_path / "tricky_bots.py"
    module.write_text(
        "from chicago_poker.players.bots import RandomBot\n"
        "class Bot(RandomBot):\n"
        "    def __init__(self, seed, note=''):\n"
        "        super().__init__(seed)\n",
        "utf-8",
    )
    sys.path.insert(0, str(tmp_path))
    try:
        roster = Roster([("x", "tricky_bots:Bot:note=</script><b>")])
    finally:
        sys.path.remove(str(tmp_path))
    for client, _ in _client(roster):
        page = client.get("/").text
    assert "</script><b>" not in page
    menu = page.split('<script id="bots" type="application/json">')[1].split("</script>")[0]
    assert json.loads(menu)[-1]["label"] == "x: tricky_bots:Bot:note=</script><b>"


def test_a_browser_seats_the_operators_bots_by_name(served: tuple[TestClient, Tables]) -> None:
    client, tables = served
    answer = _create(client, [None, "strong", "quick"])
    assert answer.status_code == 200, answer.json()
    table = tables.get(answer.json()["table"])
    assert table.bot_seats.specs == {1: "search:iterations=20,seconds=2", 2: HEURISTIC_CLASS}
    assert type(table.bots[2]).__name__ == "HeuristicBot"
    assert table.bots[1].iterations == 20  # type: ignore[attr-defined]  # a search bot


def test_a_browser_cannot_name_a_module_a_program_or_settings(
    served: tuple[TestClient, Tables], tmp_path: Path
) -> None:
    """A module named by a browser is never imported: the roster's names are all it may give."""
    tattle = tmp_path / "tattle_bot.py"
    tattle.write_text(f"open({str(tmp_path / 'imported')!r}, 'w').close()\nBot = object\n")
    sys.path.insert(0, str(tmp_path))
    client, tables = served
    try:
        for bot in [
            "module:tattle_bot:Bot",
            "tattle_bot:Bot",
            "cmd:python -c pass",
            "search:iterations=100000",
            "strong:iterations=5",
            "search-easy:seconds=60",
        ]:
            answer = _create(client, [None, bot])
            assert answer.status_code == 400, bot
            assert answer.json()["message"].startswith(f"$.bots[1]: {bot!r} is not a bot"), bot
            assert "strong, quick" in answer.json()["message"]
    finally:
        sys.path.remove(str(tmp_path))
    assert not (tmp_path / "imported").exists()
    assert "tattle_bot" not in sys.modules
    assert len(tables) == 0


def test_a_worker_keeps_the_operators_seconds_when_they_are_fewer() -> None:
    """``search:seconds=0.05`` thinks 0.05 s, not the server's --bot-seconds."""
    roster = Roster([("brief", "search:iterations=1000000,seconds=0.05")])
    game = Game.new(["Al", "Bugs"], RuleOptions(short_game=True), seed=2)
    seats = TableBots([None, "brief"], 2, roster)
    job = None
    while job is None:
        turn = seats.turn(game)
        if turn is not None and turn.seat == 1:
            job = seats.job(game, turn, 5.0)
            if job is None:
                game.execute(seats.choose_here(game, turn))
            continue
        seat = next(each for each in (0, 1) if game.legal_commands(each))
        game.execute(HeuristicBot(1).choose(view(game.state, seat), game.legal_commands(seat)))
    assert job.bot == "search:iterations=1000000,seconds=0.05"
    started = time.monotonic()
    think(attrs.evolve(job, asked=None))
    assert time.monotonic() - started < 2.0  # a million iterations in 5 s would take all 5


# ------------------------------------------------------------------------- the trained bot


def test_the_trained_bot_plays_a_whole_game_on_the_event_loop() -> None:
    pytest.importorskip("numpy", reason='the trained bot needs the ai extra: pip install ".[ai]"')
    for client, tables in _client(Roster()):
        answer = _create(client, ["trained", "heuristic", "trained", "random"])
        assert answer.status_code == 200, answer.json()
        table = tables.get(answer.json()["table"])
        assert type(table.bots[0]).__name__ == "TrainedBot"
        deadline = time.monotonic() + 60
        while not table.game.state.is_over:  # the server's bots play it out
            assert time.monotonic() < deadline, "the bots did not finish the game"
            time.sleep(0.05)
        assert tables.thinkers.asked == 0  # no move went to a worker


def test_without_numpy_the_trained_bot_is_unavailable_and_the_rest_works(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy now fails
    roster = Roster()
    for client, tables in _client(roster):
        trained = client.get("/bots").json()["bots"][5]
        assert trained["name"] == "trained"
        assert trained["available"] is False
        assert "NumPy is not installed" in trained["reason"]
        assert 'pip install "chicago-poker[ai]"' in trained["reason"]
        answer = _create(client, [None, "trained"])
        assert answer.status_code == 400
        assert answer.json()["code"] == "bot-unavailable"
        assert answer.json()["message"].startswith("the trained bot is unavailable: NumPy")
        assert _create(client, [None, "heuristic"]).status_code == 200
        assert len(tables) == 1


def test_a_trained_bot_whose_import_fails_is_refused_by_its_table_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """NumPy found at the start but broken at the first seat: the table says so."""
    roster = Roster()
    monkeypatch.delitem(sys.modules, "chicago_poker.ai.linear_policy", raising=False)
    monkeypatch.setitem(sys.modules, "numpy", None)
    for client, _ in _client(roster):
        answer = _create(client, [None, "trained"])
        assert answer.status_code == 400
        assert answer.json()["code"] == "bot-unavailable"
        assert "numpy" in answer.json()["message"]


def test_a_table_whose_bot_is_no_longer_served_is_not_resumed(tmp_path: Path) -> None:
    for client, _ in _client(Roster([("strong", "search:iterations=5")]), tmp_path):
        assert _create(client, [None, "strong"]).status_code == 200
    later = Tables(data_dir=tmp_path)
    assert len(later) == 0
    (skipped,) = later.skipped
    assert "'strong' is not a bot; the bots are heuristic" in skipped
    again = Tables(data_dir=tmp_path, roster=Roster([("strong", "search:iterations=5")]))
    assert len(again) == 1


# ---------------------------------------------------------------------------- the browser


def test_the_pages_menu_offers_the_roster_and_shows_the_trained_bot_unavailable() -> None:
    """In Chromium, against ``serve --bot quick=...`` without NumPy: the menu is the roster.

    The offered bot is a class that chooses on the event loop: no worker to start or stop.
    """
    from test_web_browser import CHROMIUM, CHROMIUM_ARGS, _require_browser
    from test_web_server import HIDE_NUMPY, serving

    _require_browser()
    from playwright.sync_api import sync_playwright

    with (
        serving("--bot", f"quick={RANDOM_CLASS}", launch=HIDE_NUMPY) as server,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.goto(server.base + "/")
            options = page.locator("select[name=bot]").first.locator("option")
            shown = [
                (option.inner_text(), option.get_attribute("value"), option.is_disabled())
                for option in options.all()
            ]
            assert shown[0] == ("a person", "", False)
            assert ("heuristic bot", "heuristic", False) in shown
            assert shown[-2:] == [
                ("trained bot (a linear policy): unavailable", "trained", True),
                (f"quick: {RANDOM_CLASS}", "quick", False),
            ]
            title = options.nth(len(shown) - 2).get_attribute("title")
            assert title is not None
            assert title.startswith("NumPy is not installed on this server")
            for seat in range(3):
                page.locator("select[name=bot]").nth(seat).select_option("quick")
            page.click("#create-table")
            page.wait_for_selector(".spectator-link")
            assert "Al: played by the quick bot" in page.locator("#link-list").inner_text()
        finally:
            browser.close()
