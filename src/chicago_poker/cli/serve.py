"""``chicago-poker serve``: the web table server (needs ``pip install ".[web]"``)."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

from chicago_poker.players.simulate import int_in
from chicago_poker.web.limits import (
    CLIENT_SHARE,
    IDLE_SECONDS,
    KEEP_FINISHED_SECONDS,
    MAX_SPECTATORS,
    MAX_TABLES,
)

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
    bounds = parser.add_argument_group("bounds", "what the server's tables and clients may use")
    bounds.add_argument(
        "--max-tables",
        type=int_in(1, None),
        default=MAX_TABLES,
        metavar="N",
        help=f"tables kept at once, finished ones included (default {MAX_TABLES})",
    )
    bounds.add_argument(
        "--client-share",
        type=_share,
        default=CLIENT_SHARE,
        metavar="FRACTION",
        help="the share of the tables one client (one address) may hold "
        f"(default {CLIENT_SHARE:g}: {CLIENT_SHARE * MAX_TABLES:.0f} of {MAX_TABLES})",
    )
    bounds.add_argument(
        "--idle-expiry",
        type=_positive_seconds,
        default=IDLE_SECONDS,
        metavar="SECONDS",
        help="remove an unfinished table after this long without a move, with its files "
        f"(default {IDLE_SECONDS:g})",
    )
    bounds.add_argument(
        "--keep-finished",
        type=_positive_seconds,
        default=KEEP_FINISHED_SECONDS,
        metavar="SECONDS",
        help="keep a finished table this long, for its logs to be downloaded; then remove it "
        f"with its files (default {KEEP_FINISHED_SECONDS:g})",
    )
    bounds.add_argument(
        "--max-spectators",
        type=int_in(1, None),
        default=MAX_SPECTATORS,
        metavar="N",
        help=f"spectators' connections to one table; seats have room apart (default "
        f"{MAX_SPECTATORS})",
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


def _positive_seconds(text: str) -> float:
    """Read a time a table is kept: a finite number of seconds over 0, for argparse."""
    value = _seconds(text)
    if value == 0:
        raise argparse.ArgumentTypeError(f"{text} is out of range: use more than 0 seconds")
    return value


def _share(text: str) -> float:
    """Read ``--client-share``: a fraction over 0 and at most 1, for argparse."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a fraction such as 0.1") from None
    if not (math.isfinite(value) and 0 < value <= 1):
        raise argparse.ArgumentTypeError(f"{text} is out of range: use more than 0, up to 1")
    return value


def run(args: argparse.Namespace) -> int:
    """Run ``serve`` until interrupted: 0, or 2 if the web extra is not installed."""
    try:
        import uvicorn

        from chicago_poker.web.app import create_app
        from chicago_poker.web.limits import Bounds
        from chicago_poker.web.server import server_options
        from chicago_poker.web.tables import Tables
    except ImportError as error:
        sys.stderr.write(
            f"chicago-poker serve: the web table needs its extra ({error.name} is missing): "
            'pip install "chicago-poker[web]"\n'
        )
        return 2
    bounds = Bounds(
        max_tables=args.max_tables,
        client_share=args.client_share,
        idle_seconds=args.idle_expiry,
        keep_finished_seconds=args.keep_finished,
        max_spectators=args.max_spectators,
    )
    tables = Tables(bot_delay=args.bot_delay, data_dir=args.data_dir, bounds=bounds)
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
        log_level="warning",
        **server_options(),
    )
    return 0
