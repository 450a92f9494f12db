"""``chicago-poker serve``: the web table server (needs ``pip install ".[web]"``)."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chicago_poker.core.errors import InvalidArgumentError
from chicago_poker.players.simulate import int_in
from chicago_poker.web.limits import (
    BOT_GRACE_SECONDS,
    BOT_SECONDS,
    BOT_WORKERS,
    CLIENT_SHARE,
    IDLE_SECONDS,
    KEEP_FINISHED_SECONDS,
    MAX_BOT_WORKERS,
    MAX_SPECTATORS,
    MAX_TABLES,
    Bounds,
)

if TYPE_CHECKING:
    from chicago_poker.web.tables import Tables

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
    for flag, read, default, metavar, help_text in _BOT_OPTIONS:
        parser.add_argument(flag, type=read, default=default, metavar=metavar, help=help_text)
    parser.add_argument(
        "--bot",
        type=_served,
        action="append",
        default=[],
        metavar="NAME=SPEC",
        help="offer a bot by NAME beside the built-in ones (repeat for more): SPEC is a "
        "built-in bot with settings or module:Class:settings, as in match "
        "(strong=search:iterations=2000); browsers choose among the names only",
    )
    parser.add_argument(
        "--data-dir", type=Path, default=None, metavar="DIR", help="keep the tables' logs here"
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default=None,
        metavar="ADDRESSES",
        help="the reverse proxies (addresses, comma-separated, or *) whose X-Forwarded-For "
        "header names the client; by default the header is not read, and a client is its "
        "peer address",
    )
    bounds = parser.add_argument_group("bounds", "what the server's tables and clients may use")
    for flag, read, default, metavar, help_text in _BOUNDS:
        bounds.add_argument(flag, type=read, default=default, metavar=metavar, help=help_text)
    parser.set_defaults(command=run)
    return parser


def _served(text: str) -> tuple[str, str]:
    """Read ``--bot NAME=SPEC`` (:func:`~chicago_poker.web.bots.served_bot`), for argparse."""
    from chicago_poker.core.errors import InvalidArgumentError
    from chicago_poker.web.bots import served_bot

    try:
        return served_bot(text)
    except InvalidArgumentError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


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
    """Read a time a table is kept, or a bot thinks: a finite number of seconds over 0."""
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


_Option = tuple[str, Callable[[str], float], float, str, str]

_BOT_OPTIONS: tuple[_Option, ...] = (
    (
        "--bot-delay",
        _seconds,
        0.6,
        "SECONDS",
        "how long a bot waits before each move, so people can follow (default 0.6)",
    ),
    (
        "--bot-workers",
        int_in(1, MAX_BOT_WORKERS),
        BOT_WORKERS,
        "N",
        "worker processes where the search bots think, started with the first search bot's "
        f"move (default {BOT_WORKERS})",
    ),
    (
        "--bot-seconds",
        _positive_seconds,
        BOT_SECONDS,
        "SECONDS",
        f"the most a search bot thinks over a move; {BOT_GRACE_SECONDS:g} s later without an "
        f"answer it plays the heuristic bot's choice (default {BOT_SECONDS:g})",
    ),
)
"""The bots' options: each flag, how to read it, its default, its metavar and its help."""

_BOUNDS: tuple[_Option, ...] = (
    (
        "--max-tables",
        int_in(1, None),
        MAX_TABLES,
        "N",
        f"tables kept at once, finished ones included (default {MAX_TABLES})",
    ),
    (
        "--client-share",
        _share,
        CLIENT_SHARE,
        "FRACTION",
        "the share of the tables one client (one address) may hold "
        f"(default {CLIENT_SHARE:g}: {CLIENT_SHARE * MAX_TABLES:.0f} of {MAX_TABLES})",
    ),
    (
        "--idle-expiry",
        _positive_seconds,
        IDLE_SECONDS,
        "SECONDS",
        "remove an unfinished table after this long without a move, with its files "
        f"(default {IDLE_SECONDS:g})",
    ),
    (
        "--keep-finished",
        _positive_seconds,
        KEEP_FINISHED_SECONDS,
        "SECONDS",
        "keep a finished table this long, for its logs to be downloaded; then remove it "
        f"with its files (default {KEEP_FINISHED_SECONDS:g})",
    ),
    (
        "--max-spectators",
        int_in(1, None),
        MAX_SPECTATORS,
        "N",
        f"spectators' connections to one table; seats have room apart (default {MAX_SPECTATORS})",
    ),
)
"""The server's bounds (:class:`~chicago_poker.web.limits.Bounds`) as options: each flag,
how to read it, its default, its metavar and its help."""


def run(args: argparse.Namespace) -> int:
    """Run ``serve`` until interrupted: 0, or 2 if the web extra is not installed."""
    try:
        import uvicorn

        from chicago_poker.web.app import create_app
        from chicago_poker.web.server import server_options
        from chicago_poker.workers.processes import settle
    except ImportError as error:
        sys.stderr.write(
            f"chicago-poker serve: the web table needs its extra ({error.name} is missing): "
            'pip install "chicago-poker[web]"\n'
        )
        return 2
    try:
        tables = _tables(args)
    except InvalidArgumentError as error:
        sys.stderr.write(f"chicago-poker serve: error: {error}\n")
        return 2
    _report_unavailable(tables)
    _report_resumed(tables.skipped, len(tables), args.data_dir)
    sys.stdout.write(f"Serving tables on http://{args.host}:{args.port}/ (Ctrl-C stops)\n")
    sys.stdout.flush()
    app = create_app(tables)
    settle()  # our own process: what start-up made lives as long as it does
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        **server_options(args.forwarded_allow_ips),
    )
    return 0


def _tables(args: argparse.Namespace) -> Tables:
    """The server's tables: kept in the data directory, within the bounds, with their bots.

    Raises:
        InvalidArgumentError: a ``--bot`` that cannot be made, or whose name is taken.
    """
    from chicago_poker.web.bots import Roster
    from chicago_poker.web.tables import Tables
    from chicago_poker.web.thinking import Thinkers

    thinkers = Thinkers(args.bot_workers, args.bot_seconds)
    return Tables(
        bot_delay=args.bot_delay,
        data_dir=args.data_dir,
        bounds=_bounds(args),
        thinkers=thinkers,
        roster=Roster(args.bot),
    )


def _report_unavailable(tables: Tables) -> None:
    """Say which bots of the roster this server cannot seat, and why."""
    for served in tables.roster.bots.values():
        if served.unavailable is not None:
            sys.stderr.write(
                f"chicago-poker serve: the {served.name} bot is unavailable: "
                f"{served.unavailable}; the other bots are served\n"
            )


def _bounds(args: argparse.Namespace) -> Bounds:
    """The bounds the options of :data:`_BOUNDS` give."""
    return Bounds(
        max_tables=args.max_tables,
        client_share=args.client_share,
        idle_seconds=args.idle_expiry,
        keep_finished_seconds=args.keep_finished,
        max_spectators=args.max_spectators,
    )


def _report_resumed(skipped: Sequence[str], count: int, data_dir: Path | None) -> None:
    """Say which tables the data directory gave back, and why any was left out."""
    for reason in skipped:
        sys.stderr.write(f"chicago-poker serve: a table was not resumed: {reason}\n")
    if data_dir is not None:
        resumed = "1 table" if count == 1 else f"{count} tables"
        sys.stdout.write(f"{resumed} resumed from {data_dir}\n")
