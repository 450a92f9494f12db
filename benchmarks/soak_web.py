"""Soak test of the web table: ``chicago-poker serve`` under mixed load for minutes, restarted once.

The server is the command itself (``python -m chicago_poker serve --data-dir ...``). For
``--minutes`` it serves, at once:

- players, each creating a table (its seat 0 against a heuristic and a random bot), playing
  random legal commands to the end of the game, and leaving and coming back every few
  commands; each keeps the events it was sent and checks every reconnection's history
  against them, and at the end against the seat's redacted log;
- spectators, connecting to the live tables over and over, reading the history and leaving,
  each history checked against the longest seen of that table;
- hostile clients, in turn: stalled request heads, table requests dropped halfway, bad JSON,
  a key twice, binary frames, bad UTF-8, floods, over-long WebSocket URLs, bad tokens;
- and a restart in the middle: Ctrl-C (SIGINT), then the same command again, which resumes
  the tables from the data directory; the players and spectators go on where they were.

Reported: errors (anything a client did not expect, outside the restart itself), events
lost or out of order, tracebacks in the server's output, the server's memory (RSS) at the
start and the end of each of its two runs, and the latency of a command (from sending it to
the update it caused) at p50 and p99. It exits 1 unless the first three are 0.

    pip install ".[web]" psutil
    python benchmarks/soak_web.py --minutes 10
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any

import psutil
import websockets


@dataclass
class Soak:
    """What the clients saw, shared by all of them."""

    base: str
    stop: bool = False
    restarting: bool = False
    errors: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    live: dict[str, str] = field(default_factory=dict)
    """Each live table's spectator token."""
    known: dict[str, list[Any]] = field(default_factory=dict)
    """The longest history spectators have seen of each table."""
    counts: dict[str, int] = field(default_factory=dict)

    def count(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1

    def error(self, what: str) -> None:
        if not self.restarting:
            self.errors.append(what)

    @property
    def ws(self) -> str:
        return self.base.replace("http", "ws")


def request(base: str, path: str, body: bytes | None = None) -> tuple[int, Any]:
    req = urllib.request.Request(base + path, body, method="POST" if body is not None else "GET")
    try:
        with urllib.request.urlopen(req, timeout=30) as answer:
            status, text = answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()
    try:
        return status, json.loads(text)
    except json.JSONDecodeError:
        return status, text


def check_history(known: list[Any], received: list[Any]) -> bool:
    """Whether a history sent from 0 agrees with the events known before: it extends them."""
    return received[: len(known)] == known


async def player(soak: Soak, rng: random.Random) -> None:
    while not soak.stop:
        try:
            status, body = await asyncio.to_thread(
                request,
                soak.base,
                "/tables",
                json.dumps(
                    {"names": ["Al", "Bugs", "Capone"], "bots": [None, "heuristic", "random"]}
                ).encode(),
            )
        except OSError as error:
            soak.error(f"creating a table: {error!r}")
            await asyncio.sleep(0.5)
            continue
        if status != 200:
            soak.error(f"creating a table: {status} {body}")
            await asyncio.sleep(1)
            continue
        table, token = body["table"], body["seats"][0]["link"].split("#")[1]
        soak.live[table] = body["spectator"].split("#")[1]
        events: list[Any] = []
        over = False
        while not over and not soak.stop:
            try:
                over = await play_a_while(soak, rng, table, token, events)
            except (OSError, websockets.ConnectionClosed, websockets.InvalidHandshake) as error:
                soak.error(f"table {table}: {error!r}")
                await asyncio.sleep(0.5)
            soak.count("player connections")
            await asyncio.sleep(rng.uniform(0, 0.3))
        if over:
            soak.count("games played")
            try:
                status, text = await asyncio.to_thread(
                    request, soak.base, f"/tables/{table}/log?token={token}&kind=redacted"
                )
            except OSError as error:
                soak.error(f"table {table}: its log: {error!r}")
                soak.live.pop(table, None)
                continue
            if status != 200:  # gone already: the game ended over --keep-finished ago
                soak.error(f"table {table}: its log: {status} {text}")
                soak.live.pop(table, None)
                continue
            logged = [e for line in str(text).splitlines()[1:] for e in json.loads(line)["events"]]
            if logged != events:
                soak.lost.append(f"table {table}: the events received differ from the log")
        soak.live.pop(table, None)


async def play_a_while(
    soak: Soak, rng: random.Random, table: str, token: str, events: list[Any]
) -> bool:
    """Play seat 0 for a few commands, then leave; True once the game is over."""
    leave_after = rng.randint(3, 25)
    sent_at: float | None = None
    async with websockets.connect(f"{soak.ws}/tables/{table}/ws?token={token}") as ws:
        async for raw in ws:
            message = json.loads(raw)
            kind = message["type"]
            if kind == "events":
                if message["first"] == 0:
                    if not check_history(events, message["events"]):
                        soak.lost.append(f"table {table}: a history that disagrees")
                    events[:] = message["events"]
                elif message["first"] != len(events):
                    soak.lost.append(
                        f"table {table}: events from {message['first']} after {len(events)}"
                    )
                    events[:] = events[: message["first"]]
                    events += message["events"]
                else:
                    events += message["events"]
            elif kind in ("error", "rejected"):
                soak.error(f"table {table}: {message}")
            elif kind == "view" and message["view"]["victory"] is not None:
                return True
            elif kind == "legal":
                if sent_at is not None:
                    soak.latencies.append(time.perf_counter() - sent_at)
                    sent_at = None
                if message["commands"]:
                    if leave_after == 0:
                        return False
                    leave_after -= 1
                    await asyncio.sleep(rng.uniform(0, 0.1))
                    sent_at = time.perf_counter()
                    command = rng.choice(message["commands"])
                    await ws.send(json.dumps({"type": "command", "command": command}))
    return False


async def spectator(soak: Soak, rng: random.Random) -> None:
    while not soak.stop:
        await asyncio.sleep(rng.uniform(0, 0.2))
        if not soak.live:
            continue
        table, token = rng.choice(list(soak.live.items()))
        try:
            async with websockets.connect(f"{soak.ws}/tables/{table}/ws?token={token}") as ws:
                async for raw in ws:
                    message = json.loads(raw)
                    if message["type"] == "events":
                        known = soak.known.setdefault(table, [])
                        if message["first"] != 0 or not check_history(known, message["events"]):
                            soak.lost.append(f"table {table}: a spectator's history disagrees")
                        if len(message["events"]) > len(known):
                            soak.known[table] = message["events"]
                    elif message["type"] == "error":
                        if message["code"] != "unknown-table":  # the game may end and go
                            soak.error(f"spectator of {table}: {message}")
                        break
                    elif message["type"] == "view":
                        soak.count("spectator reconnects")
                        break
        except (OSError, websockets.ConnectionClosed, websockets.InvalidHandshake) as error:
            soak.error(f"spectator of {table}: {error!r}")


def raw(port: int, data: bytes, then: bytes = b"", until: bytes = b"") -> bytes:
    """Send ``data`` (and once answered, ``then``); what comes until ``until``, or the close."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(data)
        answer = b""
        if then:
            while b"\r\n\r\n" not in answer and (chunk := sock.recv(65536)):
                answer += chunk
            sock.sendall(then)
        while not (until and until in answer) and (chunk := sock.recv(65536)):
            answer += chunk
        return answer


def post(body: bytes) -> bytes:
    head = f"POST /tables HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: {len(body)}"
    return head.encode() + b"\r\n\r\n" + body


def hostile_once(soak: Soak, port: int, n: int) -> None:
    """One hostile thing, the ``n``-th of the cycle; an unexpected answer is an error."""
    table, token = next(reversed(soak.live.items()), ("none", "none"))  # the newest table
    upgrade = (
        "HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    )
    seat = f"GET /tables/{table}/ws?token={token} {upgrade}".encode()
    # What to send, what to send once answered, and what must come back.
    cycle: list[tuple[bytes, bytes, bytes]] = [
        (b"GET / HTTP/1.1\r\nHost: x\r\n", b"", b" 408 "),  # a head that stalls
        (b"POST /tables HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{", b"", b""),
        (post(b"{names"), b"", b" 400 "),
        (post(b'{"names": ["Al", "Bugs"], "names": ["Al"]}'), b"", b"appears twice"),
        (f"GET /tables/{table}/ws?token={'x' * 9000} {upgrade}".encode(), b"", b" 414 "),
        (f"GET /tables/{table}/ws?token=guess {upgrade}".encode(), b"", b"bad-token"),
        (seat, b"\x82\x81\0\0\0\0x", b"binary"),
        (seat, b"\x81\x82\0\0\0\0\xff\xfe", b"\x03\xef"),
        (seat, b"\x81\x82\0\0\0\0{}" * 40, b"flood"),
        (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", b"", b" 400 "),
    ]
    if table == "none" and n % len(cycle) in (5, 6, 7, 8):  # no table yet
        return
    data, then, answer = cycle[n % len(cycle)]
    if not answer:  # dropped halfway
        socket.create_connection(("127.0.0.1", port), timeout=30).close()
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            sock.sendall(data)
    else:
        got = raw(port, data, then, answer)
        if answer not in got:
            soak.error(f"hostile {n % len(cycle)}: expected {answer!r}, got {got[-200:]!r}")
    soak.count("hostile clients")


async def hostile(soak: Soak, port: int) -> None:
    """A hostile client every 0.1 s, each in a thread of its own (a stalled head waits 10 s)."""
    n = 0
    going: set[asyncio.Task[None]] = set()

    async def one(n: int) -> None:
        try:
            await asyncio.to_thread(hostile_once, soak, port, n)
        except OSError as error:
            soak.error(f"hostile {n % 10}: {error!r}")

    while not soak.stop:
        await asyncio.sleep(0.1)
        if soak.restarting or len(going) >= 30:
            continue
        task = asyncio.create_task(one(n))
        going.add(task)
        task.add_done_callback(going.discard)
        n += 1
    await asyncio.gather(*going)


def start(port: int, data_dir: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "chicago_poker", "serve", "--port", str(port)]
    command += ["--data-dir", data_dir, "--bot-delay", "0.05", "--client-share", "1"]
    command += ["--keep-finished", "60"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server
        time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


def stop(server: subprocess.Popen[str]) -> tuple[str, str]:
    server.send_signal(signal.SIGINT)
    try:
        return server.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        return server.communicate()


def rss(server: subprocess.Popen[str]) -> float:
    return float(psutil.Process(server.pid).memory_info().rss) / 2**20


async def soak_for(args: argparse.Namespace, port: int, data_dir: str) -> int:
    soak = Soak(f"http://127.0.0.1:{port}")
    server = start(port, data_dir)
    outputs: list[tuple[str, str]] = []
    memory: list[float] = []
    rng = random.Random(args.seed)
    clients = [player(soak, random.Random(rng.random())) for _ in range(args.players)]
    clients += [spectator(soak, random.Random(rng.random())) for _ in range(args.spectators)]
    clients += [hostile(soak, port)]
    running = [asyncio.create_task(client) for client in clients]
    await asyncio.sleep(10)
    memory.append(rss(server))
    half = args.minutes * 30
    await asyncio.sleep(half - 10)
    memory.append(rss(server))
    soak.restarting = True
    outputs.append(await asyncio.to_thread(stop, server))
    server = await asyncio.to_thread(start, port, data_dir)
    await asyncio.sleep(2)
    soak.restarting = False
    await asyncio.sleep(10)
    memory.append(rss(server))
    await asyncio.sleep(half - 10)
    memory.append(rss(server))
    soak.stop = True
    await asyncio.wait(running, timeout=60)
    outputs.append(await asyncio.to_thread(stop, server))
    tracebacks = sum(err.count("Traceback") for _, err in outputs)
    print(f"minutes: {args.minutes}, players: {args.players}, spectators: {args.spectators}")
    print(", ".join(f"{what}: {n}" for what, n in sorted(soak.counts.items())))
    print(f"resumed at the restart: {outputs[0][0] and outputs[1][0].splitlines()[0]}")
    cuts = statistics.quantiles(soak.latencies, n=100)
    print(f"commands: {len(soak.latencies)}, latency p50: {cuts[49] * 1000:.1f} ms, ", end="")
    print(f"p99: {cuts[98] * 1000:.1f} ms")
    print(f"server RSS, first run: {memory[0]:.0f} MiB after 10 s, {memory[1]:.0f} MiB at its end")
    print(f"server RSS, after the restart: {memory[2]:.0f} MiB after 10 s, ", end="")
    print(f"{memory[3]:.0f} MiB at the end")
    print(f"errors: {len(soak.errors)}, lost or misordered events: {len(soak.lost)}, ", end="")
    print(f"tracebacks: {tracebacks}")
    for problem in sorted(set(soak.errors + soak.lost))[:20]:
        print("PROBLEM", problem)
    for _, err in outputs:
        if "Traceback" in err:
            print(err[-3000:])
    return 1 if soak.errors or soak.lost or tracebacks else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10, help="how long (10)")
    parser.add_argument("--players", type=int, default=12, help="players at once (12)")
    parser.add_argument("--spectators", type=int, default=6, help="reconnecting spectators (6)")
    parser.add_argument("--seed", type=int, default=1, help="the clients' seed (1)")
    args = parser.parse_args()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as data_dir:
        return asyncio.run(soak_for(args, port, data_dir))


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
