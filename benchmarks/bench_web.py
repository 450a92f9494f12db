"""Load test of the web table: many concurrent tables played over WebSockets on localhost.

The server runs in its own process (this script, started again with ``--serve``). Each table
has three seats: seat 0 is played by this script over a WebSocket, choosing a random legal
command as soon as it has one; seats 1 and 2 are the server's heuristic bots. A spectator
connection follows every table too.

Checked, for every connection: every ``events`` message starts where the last one ended (no
event lost, repeated or out of order), no ``error`` or ``rejected`` message arrives, and at
the end the events received are exactly those of the table's redacted log for that viewer,
downloaded from the server. Reported: messages received per second, the latency of a
command, from sending it to receiving the update it caused, at p50 and p99, and the server
process's CPU time per event streamed (an event received by one connection counts once).

``--spectators N`` follows each table with N spectators instead of one; ``--data-dir`` has
the server keep its tables on disk. ``--storm`` plays the tables twice, quietly and then
while clients connect a spectator to another table, read its history and leave, over and
over, as fast as the server lets them; it reports the latency of both.

    pip install ".[web]" psutil
    python benchmarks/bench_web.py --tables 50
    python benchmarks/bench_web.py --tables 10 --spectators 4 --storm 8
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
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil
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


async def one_table(
    base: str, seed: int, latencies: list[float], spectators: int = 1
) -> list[Follower]:
    names = ["Al", "Bugs", "Capone"]
    body = post(base, "/tables", {"names": names, "bots": [None, "heuristic", "heuristic"]})
    table = body["table"]
    tokens = {
        "seat 0": body["seats"][0]["link"].split("#")[1],
        "spectator": body["spectator"].split("#")[1],
    }
    ws_base = base.replace("http", "ws") + f"/tables/{table}/ws?token="
    seat = Follower(f"{table} seat 0")
    watchers = [Follower(f"{table} spectator {n}") for n in range(spectators)]
    async with websockets.connect(ws_base + tokens["seat 0"]) as player:
        sockets = [await websockets.connect(ws_base + tokens["spectator"]) for _ in watchers]
        try:
            await asyncio.gather(
                play_seat(player, seat, random.Random(seed), latencies),
                *(watch(ws, follower) for ws, follower in zip(sockets, watchers, strict=True)),
            )
        finally:
            for ws in sockets:
                await ws.close()
    for follower, who in ((seat, "seat 0"), *((w, "spectator") for w in watchers)):
        lines = await asyncio.to_thread(
            get_lines, base, f"/tables/{table}/log?token={tokens[who]}&kind=redacted"
        )
        logged = [event for line in lines[1:] for event in json.loads(line)["events"]]
        if logged != follower.events:
            follower.problems.append("the events received differ from the redacted log")
    return [seat, *watchers]


async def storm(base: str, clients: int, stop: asyncio.Event) -> tuple[int, int]:
    """Reconnect ``clients`` spectators to one table until ``stop``; connections, refusals."""
    names = ["Al", "Bugs", "Capone"]
    body = post(base, "/tables", {"names": names, "bots": ["random", "random", "random"]})
    url = base.replace("http", "ws") + f"/tables/{body['table']}/ws?token="
    url += body["spectator"].split("#")[1]
    counts = [0, 0]

    async def reconnect() -> None:
        while not stop.is_set():
            async with websockets.connect(url) as ws:
                async for raw in ws:
                    kind = json.loads(raw)["type"]
                    if kind == "view":
                        counts[0] += 1
                        break
                    if kind == "error":
                        counts[1] += 1
                        break

    await asyncio.gather(*(reconnect() for _ in range(clients)))
    return counts[0], counts[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def serve(port: int, data_dir: str | None, profile: str | None = None) -> None:
    """Serve as ``chicago-poker serve`` does; every table is this script's, from one address.

    The code before the server's bounds (no :mod:`chicago_poker.web.server`) is served as it
    was, so that the two can be compared. With ``profile``, the server runs under cProfile
    and writes its statistics to that file when it stops.
    """
    import uvicorn

    from chicago_poker.web.app import create_app
    from chicago_poker.web.tables import Tables

    options: dict[str, Any] = {"data_dir": Path(data_dir) if data_dir else None}
    server: dict[str, Any] = {}
    try:
        from chicago_poker.web.limits import Bounds
        from chicago_poker.web.server import server_options
    except ImportError:
        pass
    else:
        options["bounds"] = Bounds(client_share=1.0, max_spectators=64)
        server = server_options() | {"limit_concurrency": None}
    app = create_app(Tables(bot_delay=0.0, **options), messages_per_second=1000.0)
    import chicago_poker

    print(f"serving {chicago_poker.__file__}", file=sys.stderr)
    if profile is None:
        uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", **server)
        return
    import cProfile
    import signal

    # uvicorn raises the signal that stopped it again once it has shut down: let it pass.
    signal.signal(signal.SIGTERM, lambda number, frame: None)
    with cProfile.Profile() as profiler:
        uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", **server)
    profiler.dump_stats(profile)


def start_server(port: int, data_dir: str | None, profile: str | None) -> subprocess.Popen[bytes]:
    command = [sys.executable, __file__, "--serve", str(port)]
    if data_dir:
        command += ["--serve-dir", data_dir]
    if profile:
        command += ["--profile", profile]
    server = subprocess.Popen(command)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/").close()
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


async def load(
    base: str, tables: int, timeout: float, spectators: int, seed: int = 0
) -> tuple[list[Follower], list[float], float]:
    latencies: list[float] = []
    start = time.perf_counter()
    games = [one_table(base, seed + n, latencies, spectators) for n in range(tables)]
    results = await asyncio.wait_for(asyncio.gather(*games), timeout)
    return [f for group in results for f in group], latencies, time.perf_counter() - start


async def stormy_load(
    base: str, tables: int, timeout: float, spectators: int, clients: int
) -> tuple[list[Follower], list[float], float, tuple[int, int]]:
    """The tables of :func:`load` while ``clients`` reconnect to another table."""
    stop = asyncio.Event()
    storming = asyncio.create_task(storm(base, clients, stop))
    await asyncio.sleep(1.0)  # the storm is under way
    try:
        followers, latencies, elapsed = await load(base, tables, timeout, spectators, seed=1000)
    finally:
        stop.set()
    return followers, latencies, elapsed, await storming


def report(
    followers: list[Follower], latencies: list[float], elapsed: float, cpu: float, limit: int
) -> list[str]:
    messages = sum(f.messages for f in followers)
    events = sum(len(f.events) for f in followers)
    problems = [f"{f.name}: {p}" for f in followers for p in f.problems]
    problems += [f"{f.name}: the game did not end" for f in followers if not f.over]
    if messages > limit:
        problems.append(f"{messages} messages, over the bound of {limit}")
    cuts = statistics.quantiles(latencies, n=100)
    print(f"connections: {len(followers)}, events received: {events}, messages: {messages}")
    print(f"wall time: {elapsed:.1f} s, messages/s: {messages / elapsed:.0f}")
    print(f"commands: {len(latencies)}, latency p50: {cuts[49] * 1000:.1f} ms, ", end="")
    print(f"p99: {cuts[98] * 1000:.1f} ms")
    print(f"server CPU: {cpu:.2f} s, {cpu / events * 1e6:.0f} us per event streamed")
    for problem in problems[:20]:
        print("PROBLEM", problem)
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50, help="concurrent tables (default 50)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds at most (300)")
    parser.add_argument("--max-messages", type=int, default=2_000_000, help="messages at most")
    parser.add_argument("--spectators", type=int, default=1, help="spectators per table (1)")
    parser.add_argument(
        "--storm", type=int, default=0, metavar="CLIENTS", help="clients reconnecting (none)"
    )
    parser.add_argument("--data-dir", action="store_true", help="the server keeps its tables")
    parser.add_argument(
        "--profile", metavar="FILE", help="run the server under cProfile; its statistics to FILE"
    )
    parser.add_argument("--serve", type=int, metavar="PORT", help=argparse.SUPPRESS)
    parser.add_argument("--serve-dir", dest="serve_dir", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.serve_dir, args.profile)
        return 0
    with tempfile.TemporaryDirectory() as data_dir:
        return run(args, data_dir if args.data_dir else None)


def run(args: argparse.Namespace, data_dir: str | None) -> int:
    port = free_port()
    server = start_server(port, data_dir, args.profile)
    base = f"http://127.0.0.1:{port}"
    process = psutil.Process(server.pid)
    problems: list[str] = []
    try:
        used = sum(process.cpu_times()[:2])
        followers, latencies, elapsed = asyncio.run(
            load(base, args.tables, args.timeout, args.spectators)
        )
        cpu = sum(process.cpu_times()[:2]) - used
        print(f"tables: {args.tables}, quiet")
        problems += report(followers, latencies, elapsed, cpu, args.max_messages)
        if args.storm:
            used = sum(process.cpu_times()[:2])
            followers, latencies, elapsed, (joined, refused) = asyncio.run(
                stormy_load(base, args.tables, args.timeout, args.spectators, args.storm)
            )
            cpu = sum(process.cpu_times()[:2]) - used
            print(f"tables: {args.tables}, during a storm of {args.storm} clients: ", end="")
            print(f"{joined} reconnects ({joined / elapsed:.0f}/s), {refused} refused")
            problems += report(followers, latencies, elapsed, cpu, args.max_messages)
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(
        "no errors, no lost or misordered events" if not problems else f"{len(problems)} problems"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
