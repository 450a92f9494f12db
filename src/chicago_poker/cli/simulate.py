"""The ``chicago-poker simulate`` command: its arguments, its run and its report.

The games themselves are played by :func:`chicago_poker.players.simulate.simulate`, and
totalled by its :class:`~chicago_poker.players.simulate.Summary`. ``--bots`` takes every
name :func:`~chicago_poker.protocol.spec.parse_bot` takes: built-in bots play as they always
have (:func:`~chicago_poker.players.simulate.play_bots`), the same games, the same report;
with any other bot, such as a program, every game is played by
:func:`~chicago_poker.protocol.spec.play_named`, and the report adds the games' terminations.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Final

import attrs

from chicago_poker.core.errors import ChicagoPokerError
from chicago_poker.players.bots import BOTS
from chicago_poker.players.simulate import (
    Summary,
    add_rule_options,
    add_spread_arguments,
    int_in,
    rule_options,
    seed_argument,
    simulate,
    spread,
)
from chicago_poker.protocol.spec import parse_bot, play_named, split_bots
from chicago_poker.workers.progress import Progress
from chicago_poker.workers.spread import ClusterError

__all__ = ["add_parser", "run"]

_PROG: Final = "chicago-poker simulate"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``simulate`` subcommand."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "simulate",
        help="play many games between bots and summarise them",
        description="Play seeded games between bots and print a summary: wins by seat and "
        "by bot, game length, how businesses were won, special cards played and victory "
        "conditions reached. The same seed gives the same games, whatever the workers. "
        "Progress goes to stderr: a live bar on a terminal, elsewhere a line every few seconds.",
    )
    _add_run_arguments(parser)
    add_rule_options(parser)
    parser.set_defaults(command=run)
    return parser


def _add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of a run: who plays, how many games, the seed, workers and output."""
    add = parser.add_argument
    add("--players", type=int_in(2, 6), default=2, metavar="N", help="2 to 6 (default 2)")
    add("--games", type=int_in(1, None), default=100, metavar="N", help="default 100")
    add("--seed", type=seed_argument, default=1, metavar="S", help="default 1")
    add(
        "--bots",
        type=_bot_list,
        default=["heuristic"],
        metavar="BOT,...",
        help=f"one bot per seat, or one for all: {', '.join(BOTS)}, module:Class or "
        "cmd:COMMAND, a program that speaks the bot protocol (default heuristic)",
    )
    add_spread_arguments(parser, "processes (default 1)", "the games")
    add("--log-dir", type=Path, metavar="DIR", help="write each game's log into DIR")
    add(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text (default): the summary for a reader; json: the same figures as one JSON "
        "document",
    )


def _bot_list(text: str) -> list[str]:
    """Read ``--bots``: names as :func:`parse_bot` reads them; a class must be importable."""
    names = split_bots(text)
    for name in names:
        try:
            spec = parse_bot(name)
            if spec.kind == "class":
                spec.make(0)  # imported now, rather than in every game
        except ChicagoPokerError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return names


def _error(message: str) -> int:
    sys.stderr.write(f"{_PROG}: error: {message}\n")
    return 2


def _argument_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the bots or the log folder asked for, if anything."""
    bots: list[str] = args.bots
    if len(bots) != 1 and len(bots) != args.players:
        return (
            f"argument --bots: {len(bots)} bots for {args.players} players; "
            "give one bot per seat, or one for all"
        )
    log_dir: Path | None = args.log_dir
    if log_dir is not None and log_dir.exists() and not log_dir.is_dir():
        return f"argument --log-dir: {log_dir} is not a directory"
    return None


def run(args: argparse.Namespace) -> int:
    """Run ``simulate``: play the games, print the summary; 2 for bad arguments."""
    bots: list[str] = args.bots
    problem = _argument_problem(args)
    if problem is not None:
        return _error(problem)
    if len(bots) == 1:
        bots = bots * args.players
    try:
        summary = _play_all(args, bots)
    except OSError as error:
        return _error(f"cannot write the logs: {error}")
    except ClusterError as error:
        return _error(str(error))
    sys.stdout.write(_report(args, summary))
    sys.stdout.flush()
    return 0


def _play_all(args: argparse.Namespace, bots: list[str]) -> Summary:
    """Play the games of the run, showing progress on stderr, and total them."""
    builtin = all(name in BOTS for name in bots)
    summary = Summary(bots, terminations=not builtin)
    options = rule_options(args)
    play = None if builtin else play_named
    with Progress("simulating", args.games, sys.stderr, unit="games") as progress:
        for result in simulate(
            bots, args.games, args.seed, options, **spread(args), log_dir=args.log_dir, play=play
        ):
            summary.add(result)
            progress.advance()
    return summary


def _report(args: argparse.Namespace, summary: Summary) -> str:
    """What ``simulate`` prints: the summary as text, or as one JSON document."""
    log_dir: Path | None = args.log_dir
    if args.format == "json":
        document = {
            "seed": args.seed,
            "options": attrs.asdict(rule_options(args)),
            **summary.as_dict(),
            "log_dir": None if log_dir is None else str(log_dir),
        }
        return json.dumps(document, indent=2, ensure_ascii=True) + "\n"
    logs = "" if log_dir is None else f"\nLogs: {args.games} games in {log_dir}\n"
    return summary.text() + logs
