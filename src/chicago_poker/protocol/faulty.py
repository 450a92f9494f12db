"""A bot that breaks the protocol at random, to prove that a referee survives it.

``python -m chicago_poker.protocol.faulty --rate 0.01 --seed 3`` plays random legal commands,
but before each answer, with probability ``rate``, does one of :data:`FAULTS` instead:
hangs (after starting a child that would outlive it, were its process group not killed),
crashes, exits, escapes (starts a child in a session of its own that holds its output, and
exits), writes a line that is not JSON, one over the line limit, answers an illegal command
or a stale id, or floods its standard error. ``--slow-start`` delays its hello past any
start-up limit; ``--only KIND`` makes every fault that one. Faultless, ``--chatter BYTES``
writes that much to its standard error and an ``info`` message before each answer, and
``--delay SECONDS`` waits that long.

It reads the referee's messages with the standard library alone, so it starts in a few
milliseconds: a soak run restarts it after every fault.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

__all__ = ["FAULTS", "main"]

FAULTS: Final = (
    "hang",
    "crash",
    "exit",
    "escape",
    "not-json",
    "too-long",
    "illegal",
    "stale",
    "flood",
)
"""What the bot may do in place of an answer."""


def _write(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def _misbehave(fault: str, message: dict[str, Any]) -> None:
    """Do ``fault`` in place of answering ``message`` (an act)."""
    _MISDEEDS[fault](message)
    sys.stdout.flush()
    time.sleep(3600)  # whatever the referee makes of it, the bot answers nothing more


def _hang(message: dict[str, Any]) -> None:
    subprocess.Popen(  # a child in the bot's process group: it must be killed with it
        [sys.executable, "-c", "import time; time.sleep(3600)"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
    )
    time.sleep(3600)


def _escape(message: dict[str, Any]) -> None:
    """Leave a child in a session of its own, holding the bot's output open, and exit."""
    subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(3600)"],
        stdin=subprocess.DEVNULL,
        start_new_session=True,  # setsid(): out of the bot's process group
    )
    os._exit(0)


def _chatter(size: int, message: dict[str, Any]) -> None:
    """Write ``size`` bytes of diagnostics to standard error, and an ``info`` message."""
    line = "thinking " + "." * 70 + "\n"
    sys.stderr.write(line * (size // len(line)) + "." * (size % len(line)))
    sys.stderr.flush()
    _write({"type": "info", "id": message["id"], "text": "chattering", "iterations": 1})


def _flood(message: dict[str, Any]) -> None:
    block = "x" * 65535 + "\n"
    while True:
        sys.stderr.write(block)


_MISDEEDS: Final[dict[str, Callable[[dict[str, Any]], object]]] = {
    "hang": _hang,
    "crash": lambda message: os._exit(3),
    "exit": lambda message: sys.exit(0),
    "escape": _escape,
    "not-json": lambda message: sys.stdout.write("I resign!\n"),
    "too-long": lambda message: sys.stdout.write("[" + "0," * (1 << 20) + "0]\n"),
    "illegal": lambda message: _write(
        {"type": "move", "id": message["id"], "command": {"type": "EndTurn", "player": 9}}
    ),
    "stale": lambda message: _write(
        {"type": "move", "id": message["id"] - 1, "command": message["legal"][0]}
    ),
    "flood": _flood,
}
"""What the bot does for each fault of :data:`FAULTS`."""

_REPLIES: Final[dict[str, Callable[[dict[str, Any]], dict[str, Any]]]] = {
    "hello": lambda message: {
        "type": "hello",
        "protocol": "chicago-poker-bot/1",
        "name": "faulty",
        "author": "chicago_poker",
        "options": {},
    },
    "isready": lambda message: {"type": "ready"},
    "ping": lambda message: {"type": "pong", "id": message["id"]},
}
"""The bot's answer to each message it answers faithfully, by the message's type."""


def _act(args: argparse.Namespace, chance: random.Random, message: dict[str, Any]) -> None:
    """Answer an ``act`` with a random legal move, after a fault now and then."""
    if chance.random() < args.rate:
        _misbehave(args.only or chance.choice(FAULTS), message)
    if args.chatter:
        _chatter(args.chatter, message)
    time.sleep(args.delay)
    command = chance.choice(message["legal"])
    _write({"type": "move", "id": message["id"], "command": command})


def main(argv: Sequence[str] | None = None) -> None:
    """Speak the protocol, badly."""
    args = _arguments(argv)
    chance = random.Random(args.seed)
    time.sleep(args.slow_start)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind in _REPLIES:
            _write(_REPLIES[kind](message))
        elif kind == "new_game":
            chance = random.Random(f"{args.seed}:{message['seed']}")
        elif kind == "act":
            _act(args, chance, message)
        elif kind == "quit":
            return


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m chicago_poker.protocol.faulty")
    parser.add_argument("--rate", type=float, default=0.01, help="chance of a fault per act")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", choices=FAULTS, help="the one fault to do")
    parser.add_argument("--slow-start", type=float, default=0.0, help="seconds before hello")
    parser.add_argument("--chatter", type=int, default=0, help="stderr bytes before each move")
    parser.add_argument("--delay", type=float, default=0.0, help="seconds before each move")
    return parser.parse_args(argv)


if __name__ == "__main__":
    main()
