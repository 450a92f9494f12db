"""A bot that breaks the protocol at random, to prove that a referee survives it.

``python -m chicago_poker.protocol.faulty --rate 0.01 --seed 3`` plays random legal commands,
but before each answer, with probability ``rate``, does one of :data:`FAULTS` instead:
hangs (after starting a child that would outlive it, were its process group not killed),
crashes, exits, writes a line that is not JSON, one over the line limit, answers an
illegal command or a stale id, or floods its standard error. ``--slow-start`` delays its
hello past any start-up limit; ``--only KIND`` makes every fault that one.

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
from collections.abc import Sequence
from typing import Any, Final

__all__ = ["FAULTS", "main"]

FAULTS: Final = (
    "hang",
    "crash",
    "exit",
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
    if fault == "hang":
        subprocess.Popen(  # a child in the bot's process group: it must be killed with it
            [sys.executable, "-c", "import time; time.sleep(3600)"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
        )
        time.sleep(3600)
    elif fault == "crash":
        os._exit(3)
    elif fault == "exit":
        sys.exit(0)
    elif fault == "not-json":
        sys.stdout.write("I resign!\n")
    elif fault == "too-long":
        sys.stdout.write("[" + "0," * (1 << 20) + "0]\n")
    elif fault == "illegal":
        _write({"type": "move", "id": message["id"], "command": {"type": "EndTurn", "player": 9}})
    elif fault == "stale":
        _write({"type": "move", "id": message["id"] - 1, "command": message["legal"][0]})
    elif fault == "flood":
        block = "x" * 65535 + "\n"
        while True:
            sys.stderr.write(block)
    sys.stdout.flush()
    time.sleep(3600)  # whatever the referee makes of it, the bot answers nothing more


def main(argv: Sequence[str] | None = None) -> None:
    """Speak the protocol, badly."""
    parser = argparse.ArgumentParser(prog="python -m chicago_poker.protocol.faulty")
    parser.add_argument("--rate", type=float, default=0.01, help="chance of a fault per act")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", choices=FAULTS, help="the one fault to do")
    parser.add_argument("--slow-start", type=float, default=0.0, help="seconds before hello")
    args = parser.parse_args(argv)
    chance = random.Random(args.seed)
    time.sleep(args.slow_start)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            _write(
                {
                    "type": "hello",
                    "protocol": "chicago-poker-bot/1",
                    "name": "faulty",
                    "author": "chicago_poker",
                    "options": {},
                }
            )
        elif kind == "isready":
            _write({"type": "ready"})
        elif kind == "ping":
            _write({"type": "pong", "id": message["id"]})
        elif kind == "new_game":
            chance = random.Random(f"{args.seed}:{message['seed']}")
        elif kind == "act":
            if chance.random() < args.rate:
                _misbehave(args.only or chance.choice(FAULTS), message)
            command = chance.choice(message["legal"])
            _write({"type": "move", "id": message["id"], "command": command})
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
