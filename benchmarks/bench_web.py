"""Load test of the web table: many concurrent tables played over WebSockets on localhost.

The server runs in its own process (this script, started again with ``--serve``). Each table
has three seats: seat 0 is played by this script over a WebSocket, choosing a random legal
command as soon as it has one; seats 1 and 2 are the server's heuristic bots. A spectator
connection follows every table too.

Checked, for every connection: every ``events`` message starts where the last one ended (no
event lost, repeated or out of order), no ``error`` or ``rejected`` message arrives, and at
the end the events received are exactly those of the table's redacted log for that viewer,
downloaded from the server. Reported: messages received per second, and the latency of a
command, from sending it to receiving the update it caused, at p50 and p99.

    pip install ".[web]"
    python benchmarks/bench_web.py --tables 50
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from typing import Any

import websockets


@dataclass
class Follower:
    """One connection's record: the events in order, and what went wrong."""

    name: str
    events: list[Any] = field(default_factory=list)
    messages: int = 0
    problems: list[str] = field(default_factory=list)
    over: bool = False

    def take(self, message: dict[str, Any]) -> None:
        self.messages += 1
        kind = message["type"]
        if kind == "events":
            if message["first"] != len(self.events):
                self.problems.append(
                    f"events from {message['first']} after {len(self.events)} received"
                )
            self.events.extend(message["events"])
        elif kind == "view":
            self.over = message["view"]["victory"] is not None
        elif kind in ("error", "rejected"):
            self.problems.append(f"{kind}: {message}")


def post(base: str, path: str, body: object) -> Any:
    request = urllib.request.Request(
        base + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def get_lines(base: str, path: str) -> list[str]:
    with urllib.request.urlopen(base + path) as answer:
        text: str = answer.read().decode()
    return text.splitlines()


async def play_seat(
    ws: Any, follower: Follower, rng: random.Random, latencies: list[float]
) -> None:
    """Play seat 0 to the end of the game, timing each command until its update."""
    sent_at: float | None = None
    async for raw in ws:
        message = json.loads(raw)
        follower.take(message)
        if message["type"] != "legal":
            continue
        if sent_at is not None:
            latencies.append(time.perf_counter() - sent_at)
            sent_at = None
        if follower.over:
            return
        if message["commands"]:
            command = rng.choice(message["commands"])
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "command", "command": command}))


async def watch(ws: Any, follower: Follower) -> None:
    async for raw in ws:
        follower.take(json.loads(raw))
        if follower.over:
            return


async def one_table(base: str, seed: int, latencies: list[float]) -> list[Follower]:
    names = ["Al", "Bugs", "Capone"]
    body = post(base, "/tables", {"names": names, "bots": [None, "heuristic", "heuristic"]})
    table = body["table"]
    links = {"seat 0": body["seats"][0]["link"], "spectator": body["spectator"]}
    tokens = {who: link.split("#")[1] for who, link in links.items()}
    ws_base = base.replace("http", "ws") + f"/tables/{table}/ws?token="
    seat, spectator = Follower(f"{table} seat 0"), Follower(f"{table} spectator")
    async with (
        websockets.connect(ws_base + tokens["seat 0"]) as player,
        websockets.connect(ws_base + tokens["spectator"]) as watcher,
    ):
        await asyncio.gather(
            play_seat(player, seat, random.Random(seed), latencies), watch(watcher, spectator)
        )
    for follower, who in ((seat, "seat 0"), (spectator, "spectator")):
        lines = await asyncio.to_thread(
            get_lines, base, f"/tables/{table}/log?token={tokens[who]}&kind=redacted"
        )
        logged = [event for line in lines[1:] for event in json.loads(line)["events"]]
        if logged != follower.events:
            follower.problems.append("the events received differ from the redacted log")
    return [seat, spectator]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def serve(port: int) -> None:
    import uvicorn

    from chicago_poker.web.app import create_app
    from chicago_poker.web.tables import Tables

    app = create_app(Tables(bot_delay=0.0), messages_per_second=1000.0)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


def start_server(port: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(port)])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/").close()
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


async def load(base: str, tables: int, timeout: float) -> tuple[list[Follower], list[float], float]:
    latencies: list[float] = []
    start = time.perf_counter()
    games = [one_table(base, seed, latencies) for seed in range(tables)]
    results = await asyncio.wait_for(asyncio.gather(*games), timeout)
    return [f for pair in results for f in pair], latencies, time.perf_counter() - start


def report(followers: list[Follower], latencies: list[float], elapsed: float, limit: int) -> int:
    messages = sum(f.messages for f in followers)
    problems = [f"{f.name}: {p}" for f in followers for p in f.problems]
    problems += [f"{f.name}: the game did not end" for f in followers if not f.over]
    if messages > limit:
        problems.append(f"{messages} messages, over the bound of {limit}")
    cuts = statistics.quantiles(latencies, n=100)
    print(f"tables: {len(followers) // 2}, connections: {len(followers)}")
    print(f"events received: {sum(len(f.events) for f in followers)}, messages: {messages}")
    print(f"wall time: {elapsed:.1f} s, messages/s: {messages / elapsed:.0f}")
    print(f"commands: {len(latencies)}, latency p50: {cuts[49] * 1000:.1f} ms, ", end="")
    print(f"p99: {cuts[98] * 1000:.1f} ms")
    for problem in problems[:20]:
        print("PROBLEM", problem)
    print(
        "no errors, no lost or misordered events" if not problems else f"{len(problems)} problems"
    )
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50, help="concurrent tables (default 50)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds at most (300)")
    parser.add_argument("--max-messages", type=int, default=2_000_000, help="messages at most")
    parser.add_argument("--serve", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve)
        return 0
    port = free_port()
    server = start_server(port)
    try:
        followers, latencies, elapsed = asyncio.run(
            load(f"http://127.0.0.1:{port}", args.tables, args.timeout)
        )
    finally:
        server.terminate()
        server.wait(timeout=10)
    return report(followers, latencies, elapsed, args.max_messages)


if __name__ == "__main__":
    sys.exit(main())
