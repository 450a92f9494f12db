"""The web table server: tables, tokens, the WebSocket protocol, bounds, bots and records."""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import orjson
import pytest

pytest.importorskip("starlette", reason='the web table needs its extra: pip install ".[web]"')

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from chicago_poker.core.apply import apply
from chicago_poker.core.legal import legal_commands
from chicago_poker.core.redacted_events import redact
from chicago_poker.core.views import view
from chicago_poker.display.words import ROUTINE_EVENTS
from chicago_poker.formats.jsonio import to_json
from chicago_poker.formats.log import entries_to_lines
from chicago_poker.formats.schemas import command_schema, event_schema, view_schema
from chicago_poker.referee.validate import Status, validate_log
from chicago_poker.web import limits, render, tables
from chicago_poker.web.app import create_app
from chicago_poker.web.limits import Bounds
from chicago_poker.web.tables import Table, Tables, read_request

Message = dict[str, Any]
Socket = Any  # starlette.testclient.WebSocketTestSession


@pytest.fixture
def server() -> Iterator[tuple[TestClient, Tables]]:
    registry = Tables()
    with TestClient(create_app(registry)) as client:
        yield client, registry


def make_table(
    registry: Tables,
    names: list[str],
    bots: list[str | None],
    seed: int = 7,
    client: str | None = None,
) -> Table:
    return registry.create(read_request({"names": names, "bots": bots}), seed=seed, client=client)


class Clock:
    """A clock that a test moves on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def finish(table: Table) -> None:
    while table.bot_move():
        pass
    assert table.game.state.is_over


def connect(client: TestClient, table: Table, viewer: int | None, layout: str = "") -> Any:
    """A WebSocket of ``viewer``; ``layout="narrow"`` asks for the picture drawn for a phone."""
    query = f"token={table.token_of(viewer)}" + (f"&layout={layout}" if layout else "")
    return client.websocket_connect(f"/tables/{table.id}/ws?{query}")


def receive_until(ws: Socket, done: Callable[[Message], bool]) -> list[Message]:
    """Every message up to and including the first for which ``done`` holds."""
    messages = [ws.receive_json()]
    while not done(messages[-1]):
        messages.append(ws.receive_json())
    return messages


def caught_up(table: Table, seat: int | None) -> Callable[[Message], bool]:
    """The last message of an update that brings ``seat`` up to the table's present."""
    last = "view" if seat is None else "legal"
    return lambda message: message["type"] == last and message["events"] == table.events


def until_closed(ws: Socket) -> tuple[list[Message], int]:
    """Every message until the server closes the connection, and the close code."""
    messages: list[Message] = []
    try:
        while True:
            messages.append(ws.receive_json())
    except WebSocketDisconnect as closed:
        return messages, closed.code


def send_command(ws: Socket, command: object) -> None:
    ws.send_json({"type": "command", "command": command})


# --------------------------------------------------------------------------- creating tables


def test_a_table_gives_each_person_and_the_spectators_their_own_unguessable_link(
    server: tuple[TestClient, Tables],
) -> None:
    client, _ = server
    answer = client.post(
        "/tables", json={"names": ["Al", "Bugs", "Capone"], "bots": [None, None, "random"]}
    )
    assert answer.status_code == 200
    body = answer.json()
    links = [seat["link"] for seat in body["seats"]]
    assert links[2] is None  # a bot's seat has no link
    tokens = [link.split("#")[1] for link in [*links[:2], body["spectator"]]]
    assert len(set(tokens)) == 3
    assert all(len(token) >= 32 for token in tokens)
    assert all(
        link.startswith(f"/table/{body['table']}#") for link in [*links[:2], body["spectator"]]
    )


@pytest.mark.parametrize(
    ("request_body", "where"),
    [
        ({"names": "Al"}, "$.names"),
        ({"names": ["Al", ""]}, "$.names[1]"),
        ({"names": ["Al", "x" * 41]}, "$.names[1]"),
        ({"names": ["Al", "Bugs"], "bots": [None]}, "$.bots"),
        ({"names": ["Al", "Bugs"], "bots": [None, "chess"]}, "$.bots[1]"),
        ({"names": ["Al", "Bugs"], "options": {"short_games": True}}, "$.options.short_games"),
        ({"names": ["Al", "Bugs"], "options": {"short_game": "yes"}}, "$.options"),
        ({"names": ["Al", "Bugs"], "seed": 3}, "$.seed"),
        ({"names": ["Al"]}, "R-2.1"),
        ([1, 2], "$"),
    ],
)
def test_a_bad_table_request_is_refused_naming_the_field(
    server: tuple[TestClient, Tables], request_body: object, where: str
) -> None:
    client, registry = server
    answer = client.post("/tables", json=request_body)
    assert answer.status_code == 400
    assert answer.json()["code"] == "bad-request"
    assert where in answer.json()["message"]
    assert len(registry) == 0


def test_a_request_that_is_not_json_or_too_large_is_refused(
    server: tuple[TestClient, Tables],
) -> None:
    client, _ = server
    answer = client.post("/tables", content=b"{names")
    assert (answer.status_code, answer.json()["code"]) == (400, "bad-json")
    answer = client.post("/tables", content=b" " * (limits.MAX_REQUEST_BYTES + 1))
    assert (answer.status_code, answer.json()["code"]) == (413, "too-large")


def test_a_request_with_a_key_twice_is_refused_naming_the_key(
    server: tuple[TestClient, Tables],
) -> None:
    client, registry = server
    body = b'{"names": ["Al", "Bugs"], "bots": [null, null], "names": ["Al", "Bugs", "Capone"]}'
    answer = client.post("/tables", content=body)
    assert (answer.status_code, answer.json()["code"]) == (400, "bad-json")
    assert "the key 'names' appears twice" in answer.json()["message"]
    assert len(registry) == 0


def test_the_number_of_tables_is_bounded_and_finished_tables_keep_their_logs_for_a_time(
    tmp_path: Path,
) -> None:
    clock = Clock()
    bounds = Bounds(max_tables=2, keep_finished_seconds=60, idle_seconds=600)
    registry = Tables(bounds=bounds, clock=clock, data_dir=tmp_path)
    with TestClient(create_app(registry)) as client:
        first = make_table(registry, ["Al", "Bugs"], ["random", "random"])
        make_table(registry, ["Al", "Bugs"], [None, None])
        finish(first)
        answer = client.post("/tables", json={"names": ["Al", "Bugs"]})
        assert (answer.status_code, answer.json()["code"]) == (503, "too-many-tables")
        assert "most tables (2)" in answer.json()["message"]
        clock.now += 59  # the finished table keeps its slot, and its logs
        log = f"/tables/{first.id}/log?token={first.token_of(None)}&kind=full"
        assert client.get(log).status_code == 200
        assert client.post("/tables", json={"names": ["Al", "Bugs"]}).status_code == 503
        clock.now += 2  # now it is gone, files and all, and makes room
        assert client.post("/tables", json={"names": ["Al", "Bugs"]}).status_code == 200
        assert client.get(log).json()["code"] == "unknown-table"
    assert len(registry) == 2
    assert not list(tmp_path.glob(f"{first.id}.*"))


def test_an_idle_table_is_removed_with_its_files(tmp_path: Path) -> None:
    clock = Clock()
    registry = Tables(bounds=Bounds(idle_seconds=600), clock=clock, data_dir=tmp_path)
    idle = make_table(registry, ["Al", "Bugs"], [None, None])
    played = make_table(registry, ["Al", "Bugs"], [None, None])
    clock.now += 500
    seat = played.game.state.turn.player
    played.submit(seat, to_json(played.game.legal_commands(seat)[0]))  # a move: not idle
    clock.now += 101
    [reason] = registry.expire()
    assert f"table {idle.id}: no event for 600 s" in reason
    assert idle.removed == reason
    assert [table.id for table in registry.tables()] == [played.id]
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        f"{played.id}.json",
        f"{played.id}.jsonl",
    ]


def test_one_client_holds_at_most_its_share_of_the_tables(tmp_path: Path) -> None:
    registry = Tables(bounds=Bounds(max_tables=10, client_share=0.2), data_dir=tmp_path)
    with TestClient(create_app(registry), client=("192.0.2.1", 4000)) as client:
        for _ in range(2):
            assert client.post("/tables", json={"names": ["Al", "Bugs"]}).status_code == 200
        answer = client.post("/tables", json={"names": ["Al", "Bugs"]})
        assert (answer.status_code, answer.json()["code"]) == (429, "too-many-client-tables")
        assert "(192.0.2.1) holds 2 tables" in answer.json()["message"]
        assert "20% of the server's 10" in answer.json()["message"]
    make_table(registry, ["Al", "Bugs"], [None, None], client="192.0.2.2")  # others still may
    assert len(registry) == 3
    # The share survives a restart: the owner is kept with the table.
    again = Tables(bounds=Bounds(max_tables=10, client_share=0.2), data_dir=tmp_path)
    with pytest.raises(tables.TableError, match="holds 2 tables"):
        make_table(again, ["Al", "Bugs"], [None, None], client="192.0.2.1")


def test_a_restart_resumes_the_newest_tables_up_to_the_limit_and_removes_expired_ones(
    tmp_path: Path,
) -> None:
    first = Tables(data_dir=tmp_path)
    made = [make_table(first, ["Al", "Bugs"], [None, None], seed=seed) for seed in range(4)]
    now = time.time()
    for age, table in zip([7200, 30, 20, 10], made, strict=True):  # the first idle for 2 h
        for suffix in (".json", ".jsonl"):
            os.utime(tmp_path / f"{table.id}{suffix}", (now - age, now - age))
    second = Tables(data_dir=tmp_path, bounds=Bounds(max_tables=2, idle_seconds=3600))
    assert [table.id for table in second.tables()] == [made[2].id, made[3].id]
    assert len(second.skipped) == 2
    assert "keeps 2 tables at most" in second.skipped[0]
    assert second.skipped[0].startswith(f"{made[1].id}.json")
    assert "no event for 3600 s" in second.skipped[1]
    assert "its files are removed" in second.skipped[1]
    assert not list(tmp_path.glob(f"{made[0].id}.*"))  # expired: removed
    assert (tmp_path / f"{made[1].id}.jsonl").exists()  # past the limit: left on disk


# --------------------------------------------------------------------------- the protocol


def test_a_seat_is_welcomed_with_its_history_view_and_legal_commands(
    server: tuple[TestClient, Tables],
) -> None:
    client, registry = server
    table = make_table(registry, ["Al", "Bugs"], [None, None])
    with connect(client, table, 1) as ws:
        welcome, events, seen, legal = (ws.receive_json() for _ in range(4))
    assert welcome == {
        "type": "welcome",
        "table": table.id,
        "seat": 1,
        "names": ["Al", "Bugs"],
        "bots": [False, False],
        "labels": welcome["labels"],
        "next": None,
    }
    # The page writes tiles and special cards as the library's words do, not in notation.
    tiles = [business["tile"] for business in seen["view"]["businesses"]]
    assert [welcome["labels"][tile] for tile in tiles] == [
        business.tile.name for business in view(table.game.state, 1).businesses
    ]
    assert welcome["labels"]["PoliceRaid1"] == "Police Raid"
    assert events["first"] == 0
    assert len(events["events"]) == len(events["words"]) == table.events
    assert events["events"][0]["hands"][0] == [None] * 5  # Al's hand is hidden from Bugs
    assert seen["view"] == to_json(view(table.game.state, 1))
    assert legal["commands"] == to_json(legal_commands(table.game.state, 1))


def test_every_command_is_decided_by_the_engine(server: tuple[TestClient, Tables]) -> None:
    client, registry = server
    table = make_table(registry, ["Al", "Bugs"], [None, None])
    seat = table.game.state.turn.player
    with connect(client, table, seat) as ws:
        legal = receive_until(ws, caught_up(table, seat))[-1]["commands"]
        send_command(ws, {"type": "EndTurn", "player": seat})
        rejected = ws.receive_json()
        assert rejected["type"] == "rejected"
        assert rejected["rule"].startswith("R-")
        assert rejected["message"]
        before = table.events
        send_command(ws, legal[0])
        update = receive_until(ws, caught_up(table, seat))
    assert update[0]["type"] == "events"
    assert update[0]["first"] == before
    assert table.events > before


def test_a_seat_cannot_play_for_another_seat_or_for_chance(
    server: tuple[TestClient, Tables],
) -> None:
    client, registry = server
    table = make_table(registry, ["Al", "Bugs"], [None, None])
    other = 1 - table.game.state.turn.player
    with connect(client, table, other) as ws:
        receive_until(ws, caught_up(table, other))
        send_command(ws, {"type": "DrawCard", "player": 1 - other})
        assert ws.receive_json()["code"] == "not-your-seat"
        send_command(ws, {"type": "DealCard", "card": "1R"})
        assert ws.receive_json()["code"] == "not-your-seat"
    assert table.events == len(table.game.events)
    assert len(table.game.history) == 1


def test_a_spectator_watches_without_legal_commands_and_cannot_play(
    server: tuple[TestClient, Tables],
) -> None:
    client, registry = server
    table = make_table(registry, ["Al", "Bugs"], [None, None])
    with connect(client, table, None) as ws:
        welcome, _, seen = (ws.receive_json() for _ in range(3))
        assert welcome["seat"] is None
        assert seen["view"]["hand"] is None
        send_command(ws, {"type": "DrawCard", "player": 0})
        assert ws.receive_json()["code"] == "spectator"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("{not json", "bad-json"),
        ('{"type": "chat", "text": "hi"}', "unknown-type"),
        ('{"type": "command", "command": {"type": "DrawCard"}, "extra": 1}', "unknown-type"),
        ("[]", "unknown-type"),
        ('{"type": "command", "command": {"type": "Teleport", "player": 0}}', "bad-command"),
        ('{"type": "command", "command": {"type": "DrawCard", "player": "0"}}', "bad-command"),
        ('{"type": "command", "command": "x' + "x" * limits.MAX_MESSAGE_BYTES + '"}', "too-large"),
        ('{"type": "command", "command": {"type": "DrawCard"}, "type": "command"}', "bad-json"),
        (b'{"type": "command", "command": {"type": "DrawCard", "player": 0}}', "binary"),
    ],
)
def test_a_bad_message_gets_a_clear_error_and_the_connection_stays(
    server: tuple[TestClient, Tables], text: str | bytes, code: str
) -> None:
    client, registry = server
    table = make_table(registry, ["Al", "Bugs"], [None, None])
    seat = table.game.state.turn.player
    with connect(client, table, seat) as ws:
        legal = receive_until(ws, caught_up(table, seat))[-1]["commands"]
        if isinstance(text, bytes):
            ws.send_bytes(text)
        else:
            ws.send_text(text)
        error = ws.receive_json()
        assert (error["type"], error["code"]) == ("error", code)
        assert len(error["message"]) > 20
        send_command(ws, legal[0])  # the connection still works
        assert ws.receive_json()["type"] == "events"


def test_a_flood_closes_that_connection_and_disturbs_no_other_table(
    server: tuple[TestClient, Tables],
) -> None:
    client, registry = server
    flooded = make_table(registry, ["Al", "Bugs"], [None, None])
    calm = make_table(registry, ["Al", "Bugs"], [None, None])
    seat = calm.game.state.turn.player
    with connect(client, flooded, 0) as ws, connect(client, calm, seat) as other:
        receive_until(ws, caught_up(flooded, 0))
        legal = receive_until(other, caught_up(calm, seat))[-1]["commands"]
        for _ in range(limits.BURST_MESSAGES + 5):
            ws.send_text("{}")
        messages, code = until_closed(ws)
        assert code == 1008
        assert messages[-1]["code"] == "flood"
        send_command(other, legal[0])
        assert other.receive_json()["type"] == "events"


@pytest.mark.parametrize(("which", "code"), [("table", "unknown-table"), ("token", "bad-token")])
def test_an_unknown_table_or_token_is_refused(
    server: tuple[TestClient, Tables], which: str, code: str
) -> None:
    client, registry = server
    table = make_table(registry, ["Al", "Bugs"], [None, None])
    token = table.token_of(0)
    path = f"/tables/nowhere/ws?token={token}"
    if which == "token":
        path = f"/tables/{table.id}/ws?token={token[:-1]}"
    with client.websocket_connect(path) as ws:
        error = ws.receive_json()
        assert (error["type"], error["code"]) == ("error", code)
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    assert table.connections == 0


def test_spectators_have_their_own_room_and_never_take_a_seats(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tables, "MAX_CONNECTIONS_PER_SEAT", 1)
    registry = Tables(bounds=Bounds(max_spectators=2))
    table = make_table(registry, ["Al", "Bugs"], [None, None])
    with TestClient(create_app(registry)) as client:
        with connect(client, table, None) as first, connect(client, table, None) as second:
            assert first.receive_json()["type"] == second.receive_json()["type"] == "welcome"
            with connect(client, table, None) as third:
                error = third.receive_json()
                assert error["code"] == "too-many-spectators"
                assert "most spectators (2)" in error["message"]
            with connect(client, table, 0) as al, connect(client, table, 1) as bugs:
                assert al.receive_json()["type"] == bugs.receive_json()["type"] == "welcome"
                with connect(client, table, 0) as again:
                    error = again.receive_json()
                    assert error["code"] == "too-many-connections"
                    assert "seat 0 has its most connections (1)" in error["message"]
        with connect(client, table, None) as later:  # the others have gone
            assert later.receive_json()["type"] == "welcome"
    assert table.connections == 0


def test_the_picture_is_drawn_once_per_viewer_and_event(
    server: tuple[TestClient, Tables], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, registry = server
    drawn: list[int] = []
    draw = render.table_svg

    def counted(seen: Any, names: Any, **options: Any) -> str:
        drawn.append(1)
        return draw(seen, names, **options)

    monkeypatch.setattr(tables, "table_svg", counted)
    table = make_table(registry, ["Al", "Bugs"], [None, None])
    seat = table.game.state.turn.player
    with (
        connect(client, table, seat) as player,
        connect(client, table, seat) as tab,
        connect(client, table, None) as spectator,
        connect(client, table, None) as another,
    ):
        legal = receive_until(player, caught_up(table, seat))[-1]["commands"]
        for ws, viewer in ((tab, seat), (spectator, None), (another, None)):
            receive_until(ws, caught_up(table, viewer))
        assert len(drawn) == 2  # the seat's picture and the spectators'
        send_command(player, legal[0])
        for ws, viewer in ((player, seat), (tab, seat), (spectator, None), (another, None)):
            receive_until(ws, caught_up(table, viewer))
    assert len(drawn) == 4
    assert table.frames(None, 0) == [orjson.dumps(m).decode() for m in table.updates(None, 0)]


def test_a_viewers_events_are_redacted_once_a_connection_of_it_needs_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    redacted: list[int | None] = []

    def counted(state: Any, event: Any, viewer: int | None) -> Any:
        redacted.append(viewer)
        return redact(state, event, viewer)

    monkeypatch.setattr(tables, "redact", counted)
    table = make_table(Tables(), ["Al", "Bugs", "Capone"], ["random", "heuristic", "random"])
    finish(table)
    assert redacted == []  # nobody watches: no seat's stream, nor the spectators', is made
    updates = table.updates(None, 0)
    assert redacted == [None] * table.events
    assert table.updates(None, 0) == updates  # made once, kept
    assert table.updates(None, 5) == [_from(updates[0], 5), *updates[1:]]
    assert redacted == [None] * table.events
    state, expected = None, []
    for event in table.game.events:
        expected.append(to_json(redact(state, event, None)))
        state = apply(state, event)
    assert updates[0]["events"] == expected


def _from(message: Message, first: int) -> Message:
    """An events message cut to begin at event ``first``."""
    cut = {"first": first, "events": message["events"][first:], "words": message["words"][first:]}
    return message | cut


def test_each_frame_is_written_once_for_every_connection_of_a_viewer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    written: list[object] = []
    real = tables._text

    def counted(message: Any) -> str:
        written.append(message["type"])
        return real(message)

    monkeypatch.setattr(tables, "_text", counted)
    table = make_table(Tables(), ["Al", "Bugs"], [None, None])
    seat = table.game.state.turn.player
    for viewer in (seat, seat, None, None):  # two connections of the seat, two spectators
        assert table.frames(viewer, 0)
    assert written == ["events", "view", "legal", "events", "view"]
    since = table.events
    table.submit(seat, to_json(table.game.legal_commands(seat)[0]))
    written.clear()
    for viewer in (seat, seat, None, None):
        assert table.frames(viewer, since) == table.frames(viewer, since)
    assert written == ["events", "view", "legal", "events", "view"]


def _bot_commands(table: Table) -> int:
    return sum(getattr(entry.command, "player", None) in table.bots for entry in table.game.history)


def test_the_moves_bots_make_at_once_reach_a_connection_in_one_update(
    server: tuple[TestClient, Tables],
) -> None:
    client, registry = server
    table = make_table(registry, ["Al", "Bugs", "Capone"], [None, "heuristic", "heuristic"])
    bot_moves = 0
    with connect(client, table, 0) as ws:
        receive_until(ws, lambda m: m["type"] == "legal" and bool(m["commands"]))
        for _ in range(12):
            before, bots_before = table.events, _bot_commands(table)
            legal = table.game.legal_commands(0)
            ends = [command for command in legal if type(command).__name__ == "EndTurn"]
            send_command(ws, to_json((ends or list(legal))[0]))
            update = receive_until(ws, lambda m: m["type"] == "legal" and bool(m["commands"]))
            # The seat's command and every bot move after it: one update, one picture.
            assert [message["type"] for message in update] == ["events", "view", "legal"]
            assert update[0]["first"] == before
            assert update[0]["first"] + len(update[0]["events"]) == table.events
            bot_moves = max(bot_moves, _bot_commands(table) - bots_before)
    assert bot_moves >= 2  # the bots did play between the seat's commands


# --------------------------------------------------------------------------- bots and records


def test_bots_play_their_seats_until_a_person_must_act(
    server: tuple[TestClient, Tables],
) -> None:
    client, registry = server
    body = client.post(
        "/tables", json={"names": ["Al", "Bugs", "Capone"], "bots": ["heuristic", None, "random"]}
    ).json()
    table = registry.get(body["table"])
    with connect(client, table, 1) as ws:
        for _ in range(3):  # three of Bugs's turns: the bots play in between
            legal = receive_until(ws, lambda m: m["type"] == "legal" and bool(m["commands"]))
            send_command(ws, legal[-1]["commands"][0])
    players = {
        entry.command.player for entry in table.game.history[1:] if hasattr(entry.command, "player")
    }
    assert players == {0, 1, 2}


def test_a_finished_games_logs_can_be_downloaded_and_validate(
    server: tuple[TestClient, Tables],
) -> None:
    client, registry = server
    table = make_table(registry, ["Al", "Bugs"], ["random", "heuristic"], seed=7)
    url = f"/tables/{table.id}/log?token={table.token_of(None)}"
    with connect(client, table, None) as ws:
        receive_until(ws, lambda m: m["type"] == "view" and m["view"]["victory"] is not None)
    assert table.game.state.is_over
    for kind in ("full", "redacted"):
        answer = client.get(f"{url}&kind={kind}")
        assert answer.status_code == 200
        report = validate_log(answer.text.splitlines(), kind)
        assert report.status is Status.OK, report.findings
        assert report.game_over


def test_the_full_log_waits_for_the_end_of_the_game(server: tuple[TestClient, Tables]) -> None:
    client, registry = server
    table = make_table(registry, ["Al", "Bugs"], [None, None])
    url = f"/tables/{table.id}/log?token={table.token_of(0)}"
    answer = client.get(f"{url}&kind=full")
    assert (answer.status_code, answer.json()["code"]) == (409, "not-over")
    answer = client.get(url)
    assert answer.status_code == 200
    assert '"viewer":0' in answer.text.splitlines()[0]
    assert client.get(f"{url}x").json()["code"] == "bad-token"
    assert client.get(f"{url}&kind=secret").json()["code"] == "bad-kind"


def test_a_data_directory_keeps_each_table_as_its_log(tmp_path: Path) -> None:
    registry = Tables(data_dir=tmp_path / "tables")
    table = make_table(registry, ["Al", "Bugs"], ["random", None])
    while table.bot_move():
        pass
    saved = tmp_path / "tables" / f"{table.id}.jsonl"
    lines = saved.read_text(encoding="utf-8").splitlines()
    assert lines == list(entries_to_lines(table.game, provenance={"seed": table.seed}))
    assert len(lines) == len(table.game.history) + 1 > 2
    assert validate_log(lines, "saved").status is Status.OK
    about = json.loads((tmp_path / "tables" / f"{table.id}.json").read_text(encoding="utf-8"))
    assert {entry["token"]: entry["seat"] for entry in about["tokens"]} == table.tokens
    assert about["request"]["bots"] == ["random", None]
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    assert not list((tmp_path / "tables").glob("*.partial"))


def test_the_log_on_disk_is_appended_and_a_half_written_line_is_cut_on_resume(
    tmp_path: Path,
) -> None:
    registry = Tables(data_dir=tmp_path)
    table = make_table(registry, ["Al", "Bugs"], [None, "random"])
    saved = tmp_path / f"{table.id}.jsonl"
    inode = saved.stat().st_ino
    for _ in range(20):
        if not table.bot_move():
            table.submit(0, to_json(table.game.legal_commands(0)[0]))
    assert saved.stat().st_ino == inode  # appended to, never written anew
    lines = saved.read_text(encoding="utf-8").splitlines()
    assert lines == list(entries_to_lines(table.game, provenance={"seed": table.seed}))
    with saved.open("a", encoding="utf-8") as file:
        file.write('{"command":{"type":"DrawCard","pla')  # a crash in the middle of a line
    resumed = Tables(data_dir=tmp_path).get(table.id)
    assert resumed.game.history == table.game.history
    assert saved.read_text(encoding="utf-8").splitlines() == lines


def test_tables_kept_on_disk_resume_on_start_and_play_on(tmp_path: Path) -> None:
    first = Tables(data_dir=tmp_path)
    table = make_table(first, ["Al", "Bugs", "Capone"], [None, "heuristic", None], seed=5)
    for _ in range(30):
        if not table.bot_move():
            seat = next(s for s in (0, 2) if table.game.legal_commands(s))
            table.submit(seat, to_json(table.game.legal_commands(seat)[0]))
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    second = Tables(data_dir=tmp_path)
    assert [reason.split(":")[0] for reason in second.skipped] == ["broken.json"]
    resumed = second.get(table.id)
    assert resumed.game.history == table.game.history
    assert resumed.tokens == table.tokens
    assert resumed.updates(0, 0) == table.updates(0, 0)
    # The same seeded dealer deals on: the same commands give the same game. Only the
    # resumed table keeps its files now, as after a restart.
    table.on_change = None
    for _ in range(60):
        seat = next(s for s in range(3) if table.game.legal_commands(s))
        command = to_json(table.game.legal_commands(seat)[-1])
        table.submit(seat, command)
        resumed.submit(seat, command)
    assert resumed.game.history == table.game.history
    assert len(Tables(data_dir=tmp_path).get(table.id).game.history) == len(table.game.history)


def test_a_restart_keeps_the_link_to_the_next_game(tmp_path: Path) -> None:
    first = Tables(data_dir=tmp_path)
    table = make_table(first, ["Al", "Bugs"], ["heuristic", "heuristic"])
    while table.bot_move():
        pass
    made = first.again(table)
    second = Tables(data_dir=tmp_path)
    assert second.skipped == []
    assert second.get(table.id).next == made.id
    assert second.again(second.get(table.id)) is second.get(made.id)  # not a third table
    assert len(second) == 2
    assert second.get(made.id).next is None
    about = tmp_path / f"{made.id}.json"
    about.write_text(about.read_text(encoding="utf-8").replace('"next":null', '"next":7'))
    assert [reason.split(": ", 1)[1] for reason in Tables(data_dir=tmp_path).skipped] == [
        "next: a table's name or null, not 7"
    ]


def test_a_resumed_tables_seat_gets_its_whole_history_back(tmp_path: Path) -> None:
    table = make_table(Tables(data_dir=tmp_path), ["Al", "Bugs"], [None, "random"])
    registry = Tables(data_dir=tmp_path)
    with TestClient(create_app(registry)) as client, connect(client, table, 0) as ws:
        messages = receive_until(ws, caught_up(registry.get(table.id), 0))
    assert messages[1]["first"] == 0
    assert len(messages[1]["events"]) >= table.events


PROTOCOL = json.loads(
    (Path(create_app.__code__.co_filename).parent / "protocol.schema.json").read_text("utf-8")
)


def seen_event_schema() -> dict[str, Any]:
    schema = event_schema()
    return {**schema, "$ref": "#/$defs/SeenEvent"}


def test_every_message_follows_the_protocol_schema(server: tuple[TestClient, Tables]) -> None:
    """The protocol's schema (shown in the docs) and the library's schemas of its contents."""
    client, registry = server
    table = make_table(registry, ["Al", "Bugs", "Capone"], [None, "heuristic", "random"], seed=3)
    messages: list[Message] = []
    with connect(client, table, 0) as al, connect(client, table, None) as spectator:
        al.send_text('{"type": "hello"}')
        for _ in range(10):  # Al's commands; the game lasts longer
            messages += receive_until(al, lambda m: m["type"] == "legal" and bool(m["commands"]))
            send_command(al, messages[-1]["commands"][-1])
        messages += receive_until(spectator, caught_up(table, None))
        with client.websocket_connect(f"/tables/{table.id}/ws?token=guess") as nobody:
            messages += until_closed(nobody)[0]
    jsonschema.Draft202012Validator.check_schema(PROTOCOL)
    check = jsonschema.Draft202012Validator
    contents = {
        "view": ("view", check(view_schema())),
        "legal": ("commands", check({**command_schema(), "$ref": "#/$defs/Commands"})),
    }
    server_message = check({**PROTOCOL, "oneOf": [{"$ref": "#/$defs/ServerMessage"}]})
    seen_event = check(seen_event_schema())
    kinds = set()
    for message in messages:
        server_message.validate(message)
        kinds.add(message["type"])
        if message["type"] in contents:
            key, validator = contents[message["type"]]
            validator.validate(message[key])
        elif message["type"] == "events":
            for event in message["events"]:
                seen_event.validate(event)
    assert kinds == {"welcome", "events", "view", "legal", "error"}


def test_the_docs_show_the_protocol_schema_as_shipped() -> None:
    page = (Path(__file__).parents[1] / "docs" / "web.md").read_text(encoding="utf-8")
    shown = page.split("## The protocol", 1)[1].split("```json\n", 1)[1].split("```", 1)[0]
    assert json.loads(shown) == PROTOCOL


def test_serve_runs_the_app_on_this_machine_by_default(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvicorn

    from chicago_poker.cli.command import main

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: calls.append(options))
    assert main(["serve", "--data-dir", str(tmp_path)]) == 0
    assert calls[0]["host"] == "127.0.0.1"
    assert calls[0]["port"] == 8000
    assert "0 tables resumed" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--port", "70000"], "70000 is out of range: use from 1 to 65535"),
        (["--port", "0"], "0 is out of range: use from 1 to 65535"),
        (["--port", "http"], "'http' is not a whole number"),
        (["--bot-delay", "-1"], "-1 is out of range: use 0 or more seconds"),
        (["--bot-delay", "nan"], "nan is out of range: use 0 or more seconds"),
        (["--bot-delay", "soon"], "'soon' is not a number of seconds"),
    ],
)
def test_serve_refuses_a_port_or_delay_it_cannot_use(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from chicago_poker.cli.command import main

    assert main(["serve", *arguments]) == 2
    assert message in capsys.readouterr().err


def test_serve_without_the_web_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from chicago_poker.cli.command import main

    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert main(["serve"]) == 2
    assert 'pip install "chicago-poker[web]"' in capsys.readouterr().err


# --------------------------------------------------------------------------- layouts, play again


def test_a_layout_message_redraws_the_present_view_in_that_layout(
    server: tuple[TestClient, Tables],
) -> None:
    """A page whose window changed asks for another layout and gets the same view redrawn."""
    client, registry = server
    table = make_table(registry, ["Al", "Bugs"], [None, None])
    with connect(client, table, 0, "wide") as ws:
        first = next(m for m in receive_until(ws, caught_up(table, 0)) if m["type"] == "view")
        widths = {}
        for layout in ("compact", "narrow", "wide"):
            ws.send_json({"type": "layout", "layout": layout})
            redrawn = ws.receive_json()
            assert redrawn["type"] == "view"
            assert redrawn["view"] == first["view"]
            assert redrawn["events"] == table.events
            expected = render.table_svg(view(table.game.state, 0), table.names, layout=layout)
            assert redrawn["svg"] == expected
            widths[layout] = int(redrawn["svg"].split('viewBox="0 0 ', 1)[1].split(" ")[0])
        assert widths == {"compact": 296, "narrow": 390, "wide": 772}
        ws.send_json({"type": "layout", "layout": "tiny"})
        refused = ws.receive_json()
        assert refused["code"] == "bad-layout"
        assert "wide, narrow, compact" in refused["message"]
        send_command(ws, {"type": "DrawCard", "player": 0})  # later updates keep the layout
        update = receive_until(ws, caught_up(table, 0))
        drawn = [m["svg"] for m in update if m["type"] == "view"]
        assert 'viewBox="0 0 772 ' in drawn[-1]


def test_play_again_makes_one_new_table_with_the_same_seats_tokens_bots_and_options() -> None:
    registry = Tables()
    with TestClient(create_app(registry, messages_per_second=1000)) as client:
        _play_again(client, registry)


def _play_again(client: TestClient, registry: Tables) -> None:
    request = read_request(
        {
            "names": ["Al", "Bugs", "Capone"],
            "bots": [None, "heuristic", "heuristic"],
            "options": {"short_game": True},
        }
    )
    table = registry.create(request, seed=11)
    with connect(client, table, 0) as al, connect(client, table, None) as watcher:
        legal = receive_until(al, caught_up(table, 0))[-1]["commands"]
        al.send_json({"type": "again"})
        assert receive_until(al, lambda m: m["type"] == "error")[-1]["code"] == "not-over"
        watcher.send_json({"type": "again"})
        assert receive_until(watcher, lambda m: m["type"] == "error")[-1]["code"] == "spectator"
        play_out(al, legal)
        al.send_json({"type": "again"})
        new_id = receive_until(al, lambda m: m["type"] == "again")[-1]["table"]
        assert receive_until(watcher, lambda m: m["type"] == "again")[-1]["table"] == new_id
        al.send_json({"type": "again"})  # a second click makes no second table
        al.send_json({"type": "layout", "layout": "compact"})
        assert receive_until(al, lambda m: m["type"] == "view")[-1]["events"] == table.events
    assert len(registry) == 2
    again = registry.get(new_id)
    assert table.next == new_id != table.id
    assert again.request == request
    assert again.tokens == table.tokens
    assert again.seed != table.seed
    assert not again.game.state.is_over
    with connect(client, table, 0) as late:  # a seat that comes back to the old link is told
        assert late.receive_json()["next"] == new_id
    with connect(client, again, 0) as al_again:  # the old token opens the same seat there
        assert al_again.receive_json()["seat"] == 0


def play_out(ws: Socket, legal: list[Any]) -> None:
    """Play the seat of ``ws`` (its first legal command each time) until the game is over.

    ``legal`` holds the commands of the last ``legal`` message the seat was sent.
    """
    if legal:
        send_command(ws, legal[0])
    while True:
        message = ws.receive_json()
        if message["type"] == "view" and message["view"]["victory"] is not None:
            return
        if message["type"] == "legal" and message["commands"]:
            send_command(ws, message["commands"][0])


def test_the_tab_has_an_icon(server: tuple[TestClient, Tables]) -> None:
    client, _ = server
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200
    assert icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.text.startswith("<svg")
    for page in ("/", "/table/x"):
        assert '<link rel="icon" href="/favicon.ico"' in client.get(page).text


def test_the_page_leaves_out_the_lines_the_library_calls_routine() -> None:
    """The story tells a draw once: the page hides the events of ``ROUTINE_EVENTS``."""
    script = (Path(create_app.__code__.co_filename).parent / "static" / "table.js").read_text()
    listed = script.split("const ROUTINE = new Set([", 1)[1].split("])", 1)[0]
    assert {name.strip().strip('"') for name in listed.split(",")} == {
        kind.__name__ for kind in ROUTINE_EVENTS
    }
