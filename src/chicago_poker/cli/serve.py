"""``chicago-poker serve``: the web table server (needs ``pip install ".[web]"``)."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

from chicago_poker.players.simulate import int_in

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``serve`` subcommand."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve",
        help="serve tables to play in the browser",
        description="Start a web server where anyone can create a table, share each seat's "
        "private link, and play against people and bots in the browser.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="default 127.0.0.1 (this machine)")
    parser.add_argument("--port", type=int_in(1, 65535), default=8000, help="default 8000")
    parser.add_argument(
        "--bot-delay",
        type=_seconds,
        default=0.6,
        metavar="SECONDS",
        help="how long a bot waits before each move, so people can follow (default 0.6)",
    )
    parser.add_argument(
        "--data-dir", type=Path, default=None, metavar="DIR", help="keep the tables' logs here"
    )
    parser.set_defaults(command=run)
    return parser


def _seconds(text: str) -> float:
    """Read ``--bot-delay``: a finite number of seconds, 0 or more, for argparse."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text} is out of range: use 0 or more seconds")
    return value


def run(args: argparse.Namespace) -> int:
    """Run ``serve`` until interrupted: 0, or 2 if the web extra is not installed."""
    try:
        import uvicorn

        from chicago_poker.web.app import create_app
        from chicago_poker.web.limits import MAX_MESSAGE_BYTES
        from chicago_poker.web.tables import Tables
    except ImportError as error:
        sys.stderr.write(
            f"chicago-poker serve: the web table needs its extra ({error.name} is missing): "
            'pip install "chicago-poker[web]"\n'
        )
        return 2
    tables = Tables(bot_delay=args.bot_delay, data_dir=args.data_dir)
    for reason in tables.skipped:
        sys.stderr.write(f"chicago-poker serve: a table was not resumed: {reason}\n")
    if args.data_dir is not None:
        resumed = "1 table" if len(tables) == 1 else f"{len(tables)} tables"
        sys.stdout.write(f"{resumed} resumed from {args.data_dir}\n")
    sys.stdout.write(f"Serving tables on http://{args.host}:{args.port}/ (Ctrl-C stops)\n")
    sys.stdout.flush()
    uvicorn.run(
        create_app(tables),
        host=args.host,
        port=args.port,
        ws_max_size=4 * MAX_MESSAGE_BYTES,
        log_level="warning",
    )
    return 0
