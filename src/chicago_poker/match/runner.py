"""``chicago-poker match``: bots against each other, seats rotated over duplicate deals.

A match plays one table of every bot (the default shape), a **round robin** of every table
of a size (every pairing, by default), or a **gauntlet**: the first bot at a table with each
of the others (or with each set of them, for larger tables). Every table plays the same
deals. Deal ``d`` of a match seeded ``S`` is seeded from ``(S, d)`` alone and played once
per rotation of a table's seats (see :mod:`~chicago_poker.match.games`); with duplicate deals
(the default) the dealer fixes the order of every card and tile for the deal's seed, so each
bot plays each seat's cards, and luck mostly cancels out.

The report (:class:`~chicago_poker.match.report.MatchReport`) scores faults by
:mod:`~chicago_poker.match.scoring`, computes intervals and an optional sequential probability
ratio test over deals (:mod:`~chicago_poker.match.stats`), which stops the match at the end of
a deal once the answer is clear, and gives OpenSkill ratings (Plackett-Luce) when the
``openskill`` package is installed (the ``match`` extra). The figures depend on the seed
alone: with any number of workers, or on a Dask cluster, the report is the same, byte for
byte. ``--results FILE`` lists every game (:mod:`~chicago_poker.match.results`).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable, Generator, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, Final

import attrs

from chicago_poker.core.errors import InvalidArgumentError
from chicago_poker.core.rules import RuleOptions
from chicago_poker.match.games import SHAPES, Job, MatchGame, jobs, play_job, tables
from chicago_poker.match.report import MatchReport
from chicago_poker.match.results import result_line
from chicago_poker.match.stats import Sprt
from chicago_poker.players.simulate import (
    MAX_COMMANDS,
    add_rule_options,
    add_spread_arguments,
    int_in,
    rule_options,
    seed_argument,
    spread,
)
from chicago_poker.protocol.spec import parse_bot
from chicago_poker.protocol.table import Clock
from chicago_poker.workers.processes import settle
from chicago_poker.workers.progress import Progress
from chicago_poker.workers.spread import ClusterError, check_spread, in_order

__all__ = ["MatchGame", "MatchReport", "add_parser", "match", "run"]

_PROG: Final = "chicago-poker match"


def match(
    bots: Sequence[str],
    games: int,
    seed: int,
    options: RuleOptions | None = None,
    *,
    duplicate: bool = True,
    clock: Clock | None = None,
    workers: int = 1,
    scheduler: str | None = None,
    log_dir: Path | None = None,
    max_commands: int = MAX_COMMANDS,
    shape: str = "table",
    size: int | None = None,
    bot_log: Path | None = None,
    verbose: bool = False,
) -> Generator[MatchGame, None, None]:
    """Play ``games`` games a table between ``bots`` (named as :func:`parse_bot` takes them).

    ``shape`` and ``size`` choose the tables (:func:`~chicago_poker.match.games.tables`).
    Each table's games are rounded up to whole deals, one game per rotation of its seats:
    a multiple of the table's size (20 games at a table of 3 play 21). Games come in order.
    Stop iterating to stop the match: work not yet begun is dropped. The bots, the shape and
    the spreading are checked at the call, before any game is played.

    >>> [game.seats for game in match(["random", "heuristic"], 2, seed=3)]
    [(0, 1), (1, 0)]

    Raises:
        InvalidArgumentError: A bot that names none, a shape the bots cannot make, or bad
            spreading.
        ClusterError: As :func:`chicago_poker.players.simulate.simulate`.
    """
    _check_bots(bots)
    seated = tables(len(bots), shape, size)
    address = check_spread("match", workers, scheduler)
    if log_dir is not None:
        log_dir.mkdir(parents=True, exist_ok=True)
    folder = None if log_dir is None else str(log_dir.absolute())
    template = Job((), seated, tuple(bots), options or RuleOptions(), duplicate, clock or Clock())
    bot_folder = None if bot_log is None else str(bot_log.absolute())
    template = attrs.evolve(template, log_dir=folder, max_commands=max_commands)
    work = jobs(attrs.evolve(template, bot_log=bot_folder, verbose=verbose), games, seed)
    if address is None and workers <= 1:
        batches: Iterator[list[MatchGame]] = map(play_job, work)
    else:
        batches = in_order(play_job, work, workers=workers, scheduler=address)
    return _each(batches)


def _each(batches: Iterator[list[MatchGame]]) -> Generator[MatchGame, None, None]:
    """The games of ``batches``, in order; closed, it closes them (work not begun is dropped)."""
    try:
        for batch in batches:
            yield from batch
    finally:
        close = getattr(batches, "close", None)
        if close is not None:
            close()


def _check_bots(bots: Sequence[str]) -> None:
    """Refuse a bot that names none, or a class that cannot be made, before any game.

    Raises:
        InvalidArgumentError: as :func:`parse_bot` and :meth:`BotSpec.make
            <chicago_poker.protocol.spec.BotSpec.make>` raise it.
    """
    for text in bots:
        spec = parse_bot(text)
        if spec.kind == "class":
            spec.make(0)


# --------------------------------------------------------------------------- command line


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``match`` subcommand."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "match",
        help="play bots against each other and measure their strength",
        description="Play bots against each other, seats rotated over duplicate deals, and "
        "report each bot's score (a fault loses the game; the other seats share its point) "
        "with a 95% interval over deals, the games ended by each reason and OpenSkill "
        "ratings; optionally stop once a sequential probability ratio test over deals is "
        "clear. One table of every bot, a round robin of every table of a size, or a "
        "gauntlet of the first bot against the others. A bot is a built-in name, "
        "module:Class, or cmd:COMMAND (a program that speaks chicago-poker-bot/1). The same "
        "seed gives the same report, whatever the workers.",
    )
    add = parser.add_argument
    add("bots", nargs="+", metavar="BOT", help="the bots: 2 to 6 at one table")
    add(
        "--games",
        type=int_in(1, None),
        default=100,
        metavar="N",
        help="games at each table (default 100), rounded up to whole deals: a multiple of "
        "the table's size (--games 20 with 3 bots plays 21)",
    )
    add("--seed", type=seed_argument, default=1, metavar="S", help="default 1")
    add("--no-duplicate", action="store_true", help="deal each game at random, not fixed")
    add("--shape", choices=SHAPES, default="table", help="the tables (default: one table)")
    add(
        "--table-size",
        type=int_in(2, 6),
        metavar="K",
        help="bots a table in a round robin or gauntlet (default 2)",
    )
    _add_clock_and_sprt(add)
    add_spread_arguments(parser, "processes (default 1)", "the games")
    add("--log-dir", type=Path, metavar="DIR", help="each game's log and seats' transcripts")
    add("--bot-log", type=Path, metavar="DIR", help="each program's stderr and message trace")
    add("-v", "--verbose", action="store_true", help="show the programs' stderr as it comes")
    add("--results", type=Path, metavar="FILE", help="every game's result, one a line (JSONL)")
    add("--format", choices=("text", "json"), default="text")
    add_rule_options(parser)
    parser.set_defaults(command=run)
    return parser


def _add_clock_and_sprt(add: Callable[..., Any]) -> None:
    """The options of the bots' clock (:class:`Clock`), then those of the test (:class:`Sprt`)."""
    add("--move-time", type=float, default=5.0, metavar="SECONDS", help="per decision (5)")
    add("--game-time", type=float, metavar="SECONDS", help="per bot and game (no limit)")
    add("--latency", type=float, default=0.25, metavar="SECONDS", help="allowance (0.25)")
    add("--startup-time", type=float, default=10.0, metavar="SECONDS", help="handshake (10)")
    add("--sprt", nargs=2, type=float, metavar=("P0", "P1"), help="test bot 1's score")
    add("--alpha", type=float, default=0.05, help="SPRT alpha (0.05)")
    add("--beta", type=float, default=0.05, help="SPRT beta (0.05)")


def run(args: argparse.Namespace) -> int:
    """Run ``match``: play, print the report; 2 for bad arguments."""
    try:
        sprt = (
            None if args.sprt is None else Sprt(args.sprt[0], args.sprt[1], args.alpha, args.beta)
        )
        seated = tables(len(args.bots), args.shape, args.table_size)
        report = MatchReport(args.bots, sprt, tables=seated, asked=args.games)
        games = _games(args)  # the bots are checked before the results file is made
        with _results(args.results) as results:
            _play(args, games, report, results)
    except (InvalidArgumentError, ClusterError, OSError) as error:
        sys.stderr.write(f"{_PROG}: error: {error}\n")
        return 2
    if args.format == "json":
        sys.stdout.write(json.dumps(report.as_dict(), indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(report.text())
    return 0


@contextlib.contextmanager
def _results(path: Path | None) -> Iterator[IO[str] | None]:
    """The results file, open for writing; None when not asked for."""
    if path is None:
        yield None
        return
    with path.open("w", encoding="utf-8") as file:
        yield file


def _games(args: argparse.Namespace) -> Generator[MatchGame, None, None]:
    """The games of the match the arguments ask for, its bots and shape checked.

    Raises:
        InvalidArgumentError: as :func:`match`.
    """
    return match(
        args.bots,
        args.games,
        args.seed,
        rule_options(args),
        duplicate=not args.no_duplicate,
        clock=Clock(args.move_time, args.game_time, args.latency, args.startup_time),
        log_dir=args.log_dir,
        shape=args.shape,
        size=args.table_size,
        bot_log=args.bot_log,
        verbose=args.verbose,
        **spread(args),
    )


def _play(
    args: argparse.Namespace,
    games: Generator[MatchGame, None, None],
    report: MatchReport,
    results: IO[str] | None,
) -> None:
    """Play ``games`` into ``report`` (and ``results``), showing progress on stderr."""
    total = _total(args.games, report.tables)
    progress = Progress("playing", total, sys.stderr, unit="games")
    settle()  # our own process, as a worker's: the modules now, the engine's tables after a game
    with progress, contextlib.closing(games):
        for game in games:
            if not report.games:
                settle()
            report.add(game)
            if results is not None:
                results.write(json.dumps(result_line(game, args.bots), ensure_ascii=False) + "\n")
            progress.advance()
            if report.deal_done():
                break


def _total(games: int, seated: Sequence[Sequence[int]]) -> int:
    """The games a match plays: ``games`` a table, rounded up to whole deals."""
    size = len(seated[0])
    return -(-games // size) * size * len(seated)
