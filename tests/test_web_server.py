"""The web table server's bounds against a real server: ``chicago-poker serve`` on a free port.

Each test starts the command in its own process, with real sockets, and stops it with Ctrl-C
(SIGINT); every test then checks that nothing a client did put a traceback in the server's
output. The head and body timeouts (10 s, fixed) are shortened to 1 s in the server's process,
so the module takes seconds; every other bound is the one the command's options set.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason='the web table needs its extra: pip install ".[web]"')
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

import chicago_poker

SOURCE = Path(chicago_poker.__file__).parents[1]
SHORT = 1.0
"""The head and body timeouts of the servers of these tests, in seconds."""

LAUNCH = f"""
import sys
from chicago_poker.web import limits
limits.HEADER_SECONDS = limits.BODY_SECONDS = {SHORT}
from chicago_poker.cli.command import main
sys.exit(main(["serve", *sys.argv[1:]]))
"""


class Server:
    """A running ``chicago-poker serve`` and, once stopped, what it wrote."""

    def __init__(self, process: subprocess.Popen[str], port: int) -> None:
        self.process = process
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.out = ""
        self.err = ""

    def post(self, body: bytes) -> tuple[int, dict[str, Any]]:
        request = urllib.request.Request(self.base + "/tables", body, method="POST")
        return _answer(request)

    def create(self, names: list[str], bots: list[str | None]) -> dict[str, Any]:
        status, body = self.post(json.dumps({"names": names, "bots": bots}).encode())
        assert status == 200, body
        return body

    def get(self, path: str) -> tuple[int, dict[str, Any] | str]:
        return _answer(urllib.request.Request(self.base + path))

    def ws(self, link: str, **options: Any) -> ClientConnection:
        table, token = link.removeprefix("/table/").split("#")
        url = f"ws://127.0.0.1:{self.port}/tables/{table}/ws?token={token}"
        connection: ClientConnection = ws_connect(url, open_timeout=5, **options)
        return connection

    def raw(self, data: bytes = b"") -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        sock.sendall(data)
        return sock


def _answer(request: urllib.request.Request) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            status, text = answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()
    try:
        return status, json.loads(text)
    except json.JSONDecodeError:
        return status, text


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@contextmanager
def serving(*options: str, launch: str = LAUNCH) -> Iterator[Server]:
    """Run ``chicago-poker serve`` with ``options`` until the block ends; then check its output.

    ``launch`` is the Python code that runs the command (:data:`LAUNCH`, or one that first
    hides a module).
    """
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(SOURCE)}
    command = [sys.executable, "-c", launch, "--port", str(port), "--bot-delay", "0", *options]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    server = Server(process, port)
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
    try:
        yield server
    finally:
        process.send_signal(signal.SIGINT)
        try:
            server.out, server.err = process.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            try:  # bounded too: a child the server left may hold its output open
                server.out, server.err = process.communicate(timeout=15)
            except subprocess.TimeoutExpired:
                pytest.fail("the server was killed, and its children still hold its output")
    assert "Traceback" not in server.err, server.err
    assert "Exception in ASGI application" not in server.err, server.err


def read_until(ws: ClientConnection, done: Any) -> list[dict[str, Any]]:
    """The messages up to the first for which ``done`` holds."""
    messages = [json.loads(ws.recv(timeout=10))]
    while not done(messages[-1]):
        messages.append(json.loads(ws.recv(timeout=10)))
    return messages


def closed_with(ws: ClientConnection) -> tuple[list[dict[str, Any]], int | None]:
    """The messages until the server closes the connection, and its close code."""
    messages = []
    try:
        while True:
            messages.append(json.loads(ws.recv(timeout=10)))
    except ConnectionClosed as closed:
        return messages, closed.rcvd.code if closed.rcvd else None


def answer_of(sock: socket.socket) -> bytes:
    """All the server sends on ``sock`` until it closes it."""
    sock.settimeout(10)
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    sock.close()
    return data


# --------------------------------------------------------------------------- tables


def test_tables_expire_finished_ones_keep_their_logs_a_while_and_a_client_has_its_share(
    tmp_path: Path,
) -> None:
    options = ["--data-dir", str(tmp_path), "--max-tables", "4", "--client-share", "0.5"]
    with serving(*options, "--idle-expiry", "2", "--keep-finished", "2") as server:
        idle = server.create(["Al", "Bugs"], [None, None])
        bots = server.create(["Al", "Bugs"], ["random", "random"])
        status, refused = server.post(b'{"names": ["Al", "Bugs"]}')
        assert (status, refused["code"]) == (429, "too-many-client-tables")
        assert "holds 2 tables, the most one client may (50% of the server's 4)" in str(refused)
        with server.ws(idle["spectator"]) as watcher:
            read_until(watcher, lambda m: m["type"] == "view")
            full = f"/tables/{bots['table']}/log?token={bots['spectator'].split('#')[1]}&kind=full"
            while (answer := server.get(full))[0] == 409:  # the bots play on
                time.sleep(0.05)
            assert answer[0] == 200  # finished: its logs can be downloaded for a while
            assert (
                sorted(path.suffix for path in tmp_path.iterdir()) == [".json"] * 2 + [".jsonl"] * 2
            )
            messages, code = closed_with(watcher)  # the idle table goes, after 2 s
        assert messages[-1]["code"] == "table-removed"
        assert "no event for 2 s" in messages[-1]["message"]
        assert code == 1001
        while server.get(full)[0] == 200:  # the finished table goes too
            time.sleep(0.05)
        assert server.get(full)[1]["code"] == "unknown-table"  # type: ignore[index]  # JSON
        assert list(tmp_path.iterdir()) == []  # with their files
        server.create(["Al", "Bugs"], [None, None])  # room again


def test_a_restart_resumes_no_more_tables_than_the_limit(tmp_path: Path) -> None:
    with serving("--data-dir", str(tmp_path)) as server:
        made = [server.create(["Al", "Bugs"], [None, "heuristic"])["table"] for _ in range(3)]
    assert "0 tables resumed" in server.out
    with serving("--data-dir", str(tmp_path), "--max-tables", "2") as again:
        status, _ = again.get(f"/tables/{made[0]}/log?token=x")
        assert status == 404  # the oldest was left out
        assert all(again.get(f"/tables/{table}/log?token=x")[0] == 403 for table in made[1:])
    assert "2 tables resumed" in again.out
    assert f"{made[0]}.json: the server keeps 2 tables at most" in again.err


def test_seats_have_room_whatever_the_spectators_do(tmp_path: Path) -> None:
    with serving("--max-spectators", "2") as server:
        table = server.create(["Al", "Bugs"], [None, None])
        with server.ws(table["spectator"]), server.ws(table["spectator"]):
            with server.ws(table["spectator"]) as third:
                messages, code = closed_with(third)
            assert (messages[-1]["code"], code) == ("too-many-spectators", 1008)
            for seat in table["seats"]:
                with server.ws(seat["link"]) as player:
                    assert json.loads(player.recv(timeout=10))["type"] == "welcome"


def _children(pid: int) -> set[int]:
    """The processes ``pid`` started that still run (Linux's /proc)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found.update(int(child) for child in (task / "children").read_text().split())
    return found


def _running(pid: int) -> bool:
    """Whether process ``pid`` still runs: it exists, and is not a zombie.

    A child the server leaves when it exits (spawn's resource tracker, which ends when the
    server's end of its pipe closes) passes to the machine's init process, which may take
    seconds to reap it: until then it is a zombie, which has ended and holds nothing.
    """
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def _command_line(pid: int) -> bytes:
    return Path(f"/proc/{pid}/cmdline").read_bytes()


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads Linux's /proc")
def test_search_bots_think_in_the_servers_workers_which_stop_with_it() -> None:
    with serving("--bot-workers", "2", "--bot-seconds", "1") as server:
        table = server.create(["Al", "Bugs"], ["search-easy", "search"])
        with server.ws(table["spectator"]) as watcher:
            read_until(watcher, lambda m: m["type"] == "view" and m["view"]["victory"] is not None)
        started = _children(server.process.pid)  # the workers, and spawn's resource tracker
        workers = [pid for pid in started if b"spawn_main" in _command_line(pid)]
        # The pool starts a worker when a move finds none idle: one or two, by the timing.
        assert 1 <= len(workers) <= 2
    assert server.process.returncode == 0
    assert "heuristic bot's choice" not in server.err  # every move came from a worker
    deadline = time.monotonic() + 10
    while any(_running(pid) for pid in started):
        assert time.monotonic() < deadline, "the workers outlived the server"
        time.sleep(0.05)


def _over(message: dict[str, Any]) -> bool:
    return message["type"] == "view" and message["view"]["victory"] is not None


def test_the_operators_bots_and_the_trained_bot_play_a_whole_game() -> None:
    """``serve --bot NAME=SPEC``: a browser seats them by name, and by nothing else."""
    pytest.importorskip("numpy", reason='the trained bot needs the ai extra: pip install ".[ai]"')
    strong = "strong=search:iterations=20,seconds=1"
    quick = "quick=chicago_poker.players.bots:HeuristicBot"
    with serving("--bot", strong, "--bot", quick, "--bot-seconds", "2") as server:
        status, listed = server.get("/bots")
        assert status == 200
        assert isinstance(listed, dict)
        names = [bot["name"] for bot in listed["bots"]]
        assert names[-3:] == ["trained", "strong", "quick"]
        assert all(bot["available"] for bot in listed["bots"])
        for named in ["chicago_poker.players.bots:HeuristicBot", "search:iterations=5", "cmd:ls"]:
            body = json.dumps({"names": ["Al", "Bugs"], "bots": [None, named]}).encode()
            status, refused = server.post(body)
            assert status == 400, named
            assert f"{named!r} is not a bot; the bots are heuristic" in refused["message"]
        table = server.create(["Al", "Bugs", "Capone"], ["trained", "strong", "quick"])
        assert [seat["bot"] for seat in table["seats"]] == ["trained", "strong", "quick"]
        with server.ws(table["spectator"]) as watcher:
            read_until(watcher, _over)


HIDE_NUMPY = "import sys\nsys.modules['numpy'] = None  # import numpy fails\n" + LAUNCH


def test_without_numpy_the_server_says_the_trained_bot_is_unavailable_and_serves_the_rest() -> None:
    with serving(launch=HIDE_NUMPY) as server:
        status, listed = server.get("/bots")
        assert isinstance(listed, dict)
        (trained,) = [bot for bot in listed["bots"] if bot["name"] == "trained"]
        assert trained["available"] is False
        assert trained["reason"].startswith("NumPy is not installed on this server")
        body = json.dumps({"names": ["Al", "Bugs"], "bots": [None, "trained"]}).encode()
        status, refused = server.post(body)
        assert (status, refused["code"]) == (400, "bot-unavailable")
        assert refused["message"].startswith("the trained bot is unavailable: NumPy")
        _, page = server.get("/")
        assert '"name":"trained","label":"trained bot (a linear policy)","available":false' in str(
            page
        )
        table = server.create(["Al", "Bugs"], ["heuristic", "random"])
        with server.ws(table["spectator"]) as watcher:
            read_until(watcher, _over)
    assert "chicago-poker serve: the trained bot is unavailable: NumPy is not installed" in (
        server.err
    )


# --------------------------------------------------------------------------- connections


def test_a_stalled_or_slow_client_is_answered_408_and_closed() -> None:
    with serving() as server:
        silent = server.raw()
        half_head = server.raw(b"GET / HTTP/1.1\r\nHost: x\r\n")
        start = time.monotonic()
        half_body = server.raw(
            b'POST /tables HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"names"'
        )
        for sock in (silent, half_head):
            answer = answer_of(sock)
            assert answer.startswith(b"HTTP/1.1 408 "), answer
            assert b'"code":"slow-head"' in answer
        answer = answer_of(half_body)
        assert answer.startswith(b"HTTP/1.1 408 "), answer
        assert b"the request's body took over 1 s to arrive (8 bytes came)" in answer
        assert time.monotonic() - start < 10 * SHORT  # answered, not left to hang


def test_a_websocket_request_too_large_to_read_is_refused_with_its_status() -> None:
    with serving() as server:
        table = server.create(["Al", "Bugs"], [None, None])
        long_link = table["spectator"] + "x" * 3_000  # over 2 KiB, a head under 8 KiB
        with pytest.raises(InvalidStatus) as refused:
            server.ws(long_link)
        assert refused.value.response.status_code == 414
        assert b"url-too-long" in refused.value.response.body
        headers = {f"X-Filler-{n}": "y" * 100 for n in range(90)}
        with pytest.raises(InvalidStatus) as refused:
            server.ws(table["spectator"], additional_headers=headers)
        assert refused.value.response.status_code == 431
        assert b"head-too-large" in refused.value.response.body


def test_every_request_head_over_8_kib_is_refused_431_however_it_arrives() -> None:
    """A plain GET, a table request and a WebSocket request alike, in one packet or many."""
    filler = b"X-Filler: " + b"y" * 9000 + b"\r\n"
    with serving() as server:
        for head in (
            b"GET / HTTP/1.1\r\nHost: x\r\n" + filler + b"\r\n",
            b"POST /tables HTTP/1.1\r\nHost: x\r\n" + filler + b"Content-Length: 2\r\n\r\n{}",
        ):
            answer = answer_of(server.raw(head))
            assert answer.startswith(b"HTTP/1.1 431 "), answer[:80]
            assert b'"head-too-large"' in answer
            sock = server.raw()
            for start in range(0, len(head), 1000):  # in packets, as a slow client sends
                sock.sendall(head[start : start + 1000])
                time.sleep(0.01)
            assert answer_of(sock).startswith(b"HTTP/1.1 431 ")
        small = b"GET / HTTP/1.1\r\nHost: x\r\nX-Filler: " + b"y" * 7000 + b"\r\n\r\n"
        assert answer_of(server.raw(small + b"")).startswith(b"HTTP/1.1 200 ")
        assert server.get("/favicon.ico")[0] == 200


def test_x_forwarded_for_names_the_client_only_from_the_proxies_named_by_an_option() -> None:
    """By default any local process that sends the header is still its own address."""
    body = json.dumps({"names": ["Al", "Bugs"]}).encode()

    def create(server: Server, client: str) -> int:
        request = urllib.request.Request(server.base + "/tables", body, method="POST")
        request.add_header("X-Forwarded-For", client)
        return _answer(request)[0]

    share = ["--max-tables", "4", "--client-share", "0.25"]  # one table per client
    with serving(*share) as server:
        assert create(server, "203.0.113.1") == 200
        assert create(server, "203.0.113.2") == 429  # the same client: 127.0.0.1
    with serving(*share, "--forwarded-allow-ips", "127.0.0.1") as server:
        assert create(server, "203.0.113.1") == 200
        assert create(server, "203.0.113.2") == 200  # the proxy speaks for two clients
        assert create(server, "203.0.113.2") == 429


def _frame(opcode: int, payload: bytes) -> bytes:
    """A client's WebSocket frame (masked, with a zero mask); payloads under 126 bytes."""
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + b"\0\0\0\0" + payload


def test_no_client_behaviour_puts_a_traceback_in_the_servers_output(tmp_path: Path) -> None:
    """Every hostile thing at once; :func:`serving` checks the output when the server stops."""
    with serving("--data-dir", str(tmp_path)) as server:
        table = server.create(["Al", "Bugs", "Capone"], [None, "random", "random"])
        _, token = table["seats"][0]["link"].split("#")
        # A table request dropped halfway, and one that is not HTTP at all.
        server.raw(b"POST /tables HTTP/1.1\r\nHost: x\r\nContent-Length: 900\r\n\r\n{").close()
        assert answer_of(server.raw(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03")).startswith(
            b"HTTP/1.1 400"
        )
        status, body = server.post(b'{"names": ["Al"], "names": ["Al", "Bugs"]}')
        assert (status, body["code"]) == (400, "bad-json")
        # WebSocket handshakes dropped before the answer, and connections dropped mid-game.
        handshake = (
            f"GET /tables/{table['table']}/ws?token={token} HTTP/1.1\r\nHost: x\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
        ).encode()
        server.raw(handshake).close()
        for _ in range(5):
            dropped = server.raw(handshake)
            dropped.recv(100)
            dropped.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\1\0\0\0\0\0\0\0")
            dropped.close()  # a reset, in the middle of the history
        # Frames the server does not take: binary, bad UTF-8, too large, a flood.
        with server.ws(table["seats"][0]["link"]) as player:
            read_until(player, lambda m: m["type"] == "legal")
            player.send(b'{"type": "command"}')
            assert read_until(player, lambda m: m["type"] == "error")[-1]["code"] == "binary"
            player.send('{"type": "command", "type": "command"}')
            assert read_until(player, lambda m: m["type"] == "error")[-1]["code"] == "bad-json"
        bad_text = server.raw(handshake)
        bad_text.recv(100)
        bad_text.sendall(_frame(0x1, b"\xff\xfe"))
        assert b"\x03\xef" in answer_of(bad_text)  # closed with code 1007
        with server.ws(table["seats"][0]["link"], max_size=None) as player:
            player.send("x" * 40_000)
            assert closed_with(player)[1] == 1009
        with server.ws(table["seats"][0]["link"]) as player:
            for _ in range(40):
                player.send("{}")
            messages, code = closed_with(player)
            assert (messages[-1]["code"], code) == ("flood", 1008)
        with server.ws(table["spectator"]) as watcher:
            watcher.recv(timeout=10)
        assert server.get(f"/tables/{table['table']}/log?token={token}&kind=nope")[0] == 400
