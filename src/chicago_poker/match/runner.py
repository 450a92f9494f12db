"""``chicago-poker match``: bots against each other, seats rotated over duplicate deals.

Deal ``d`` of a match seeded ``S`` is seeded from ``(S, d)`` alone and played once per
rotation of the seats: in rotation ``r`` seat ``s`` holds bot ``(s + r) % n``. With duplicate
deals (the default) the dealer fixes the order of every card and tile for the deal's seed,
so each bot plays each seat's cards, and luck mostly cancels out. Game ``i`` is rotation
``i % n`` of deal ``i // n``.

The report gives each bot's wins with a 95% Wilson interval, the games ended by each
termination reason, an optional sequential probability ratio test
(:class:`~chicago_poker.match.stats.Sprt`) on the first bot's win rate, which stops the
match at the end of a deal once the answer is clear, and OpenSkill ratings (Plackett-Luce)
when the ``openskill`` package is installed (the ``match`` extra). The figures depend on the
seed alone: with any number of workers the report is the same, byte for byte.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import sys
from collections import Counter
from collections.abc import Callable, Generator, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

import attrs
from attrs import frozen

from chicago_poker._workers import ClusterError, Progress, check_spread, in_order
from chicago_poker.core.commands import DealCard, RevealTile, StartGame
from chicago_poker.core.errors import InvalidArgumentError
from chicago_poker.core.rules import MAX_PLAYERS, MIN_PLAYERS, RuleOptions
from chicago_poker.formats.log import LogKind, write_log
from chicago_poker.match.stats import Sprt, wilson
from chicago_poker.players.bots import Bot
from chicago_poker.players.simulate import (
    MAX_COMMANDS,
    add_rule_options,
    add_spread_arguments,
    game_seed,
    int_in,
    rule_options,
    seed_argument,
    spread,
)
from chicago_poker.protocol.process import BotError, show_bot_output
from chicago_poker.protocol.spec import BotSpec, parse_bot
from chicago_poker.protocol.table import Clock, RemoteBot, TableResult, bot_seed, play_table

__all__ = ["MatchGame", "MatchReport", "add_parser", "match", "run"]

_PROG: Final = "chicago-poker match"
_DEALS_PER_JOB: Final = 2


@frozen
class MatchGame:
    """One game of a match, by the bots' numbers (their places in the match's list)."""

    index: int
    """The game's number, from 0."""

    deal: int
    """The deal's number: game ``index`` is rotation ``index % n`` of deal ``index // n``."""

    seats: tuple[int, ...]
    """The bot at each seat."""

    winner: int | None
    """The bot that won, or None."""

    reason: str
    """Why the game ended: a key of ``TERMINATIONS``."""

    faulty: int | None
    """The bot whose fault ended the game, or None."""

    detail: str
    """What the faulty bot did."""

    ranks: tuple[int, ...]
    """Each bot's place in the game (1 best), by bot number."""

    commands: int
    """The players' commands of the game."""

    overrun: float = 0.0
    """Seconds past the faulty bot's time limit at which the game ended: a timing, left out
    of reports, which must not depend on the machine."""


@frozen
class _Job:
    games: tuple[tuple[int, int, int], ...]  # (index, deal, deal seed)
    bots: tuple[str, ...]
    options: RuleOptions
    duplicate: bool
    clock: Clock
    log_dir: str | None
    max_commands: int
    bot_log: str | None = None  # each program's standard error and trace (protocol)
    verbose: bool = False  # the programs' standard error shown live (protocol)


def _names(bots: Sequence[str], seats: Sequence[int]) -> tuple[str, ...]:
    return tuple(f"{bots[bot][:70]} #{bot}" for bot in seats)  # the number kept: names differ


def _play_job(job: _Job) -> list[MatchGame]:
    """Play a job's games, starting each program bot once and again after a fault."""
    specs = [parse_bot(text) for text in job.bots]
    if job.verbose:
        show_bot_output()
    running: dict[int, RemoteBot] = {}
    results = []
    try:
        for game in job.games:
            results.append(_play_game(job, specs, running, game))
    finally:
        for bot in running.values():
            bot.close()
    return results


def _play_game(
    job: _Job, specs: Sequence[BotSpec], running: dict[int, RemoteBot], game: tuple[int, int, int]
) -> MatchGame:
    """Play one of the job's games, with its logs if the job keeps them."""
    index, deal, seed = game
    count = len(specs)
    seats = tuple((seat + index) % count for seat in range(count))
    try:
        players = _players(specs, seats, seed, running, job)
    except _StartError as error:
        return _unstarted(index, deal, seats, error)
    result = play_table(
        job.options,
        players,
        seed,
        names=_names(job.bots, seats),
        duplicate=job.duplicate,
        max_commands=job.max_commands,
        index=index,
    )
    if result.seat is not None:
        running.clear()  # play_table ended them all
    if job.log_dir is not None:
        _write_logs(Path(job.log_dir), index, seed, result)
    return _game(index, deal, seats, result)


class _StartError(Exception):
    def __init__(self, bot: int, fault: BotError) -> None:
        super().__init__(str(fault))
        self.bot = bot
        self.fault = fault


def _players(
    specs: Sequence[BotSpec],
    seats: Sequence[int],
    seed: int,
    running: dict[int, RemoteBot],
    job: _Job,
) -> list[Bot | RemoteBot]:
    """The bot at each seat: made for the game, or its program (raises _StartError)."""
    players: list[Bot | RemoteBot] = []
    for seat, bot in enumerate(seats):
        spec = specs[bot]
        if not spec.remote:
            players.append(spec.make(bot_seed(seed, seat)))
            continue
        if bot not in running:
            running[bot] = _start(spec, bot, running, job)
        players.append(running[bot])
    return players


def _start(spec: BotSpec, bot: int, running: dict[int, RemoteBot], job: _Job) -> RemoteBot:
    """Start bot number ``bot``'s program; if it cannot start, end the others running."""
    try:
        return spec.start(job.clock, f"bot {bot} ({spec.text})", job.bot_log)
    except BotError as fault:
        for other in running.values():
            other.close()
        running.clear()
        raise _StartError(bot, fault) from None


def _unstarted(index: int, deal: int, seats: tuple[int, ...], error: _StartError) -> MatchGame:
    ranks = tuple(2 if bot == error.bot else 1 for bot in range(len(seats)))
    return MatchGame(
        index, deal, seats, None, error.fault.reason, error.bot, error.fault.detail, ranks, 0
    )


def _game(index: int, deal: int, seats: tuple[int, ...], result: TableResult) -> MatchGame:
    state = result.game.state
    winner = None if state.winner is None else seats[state.winner]
    faulty = None if result.seat is None else seats[result.seat]
    ranks = [0] * len(seats)
    for seat, bot in enumerate(seats):
        ranks[bot] = result.ranks[seat]
    commands = sum(not isinstance(entry.command, _NOT_PLAYERS) for entry in result.game.history)
    return MatchGame(
        index,
        deal,
        seats,
        winner,
        result.reason,
        faulty,
        result.detail,
        tuple(ranks),
        commands,
        result.overrun,
    )


_NOT_PLAYERS: Final = (StartGame, DealCard, RevealTile)
"""The commands of a game that no player gives."""


def _write_logs(folder: Path, index: int, seed: int, result: TableResult) -> None:
    """The game's full log, and each seat's transcript: its redacted log."""
    stem = f"game-{index + 1:05d}"
    with (folder / f"{stem}.jsonl").open("w", encoding="utf-8") as file:
        write_log(result.game, file, provenance={"seed": seed})
    for seat in range(len(result.game.state.players)):
        with (folder / f"{stem}-seat-{seat}.jsonl").open("w", encoding="utf-8") as file:
            sent = result.sent.get(seat)
            if sent is not None:  # a program: the lines it was sent
                file.writelines(line + "\n" for line in sent)
            else:
                write_log(result.game, file, kind=LogKind.REDACTED, viewer=seat)


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
    bot_log: Path | None = None,
    verbose: bool = False,
) -> Generator[MatchGame, None, None]:
    """Play up to ``games`` games between ``bots`` (named as :func:`parse_bot` takes them).

    Games come in order; rounded up to whole deals (one game per rotation of the seats).
    Stop iterating to stop the match: work not yet begun is dropped.

    Raises:
        InvalidArgumentError: A bot that names none, not 2 to 6 bots, or bad spreading.
        ClusterError: As :func:`chicago_poker.players.simulate.simulate`.
    """
    _check_bots(bots)
    address = check_spread("match", workers, scheduler)
    if log_dir is not None:
        log_dir.mkdir(parents=True, exist_ok=True)
    template = _Job(
        (),
        tuple(bots),
        options or RuleOptions(),
        duplicate,
        clock or Clock(),
        None if log_dir is None else str(log_dir.absolute()),
        max_commands,
        None if bot_log is None else str(bot_log.absolute()),
        verbose,
    )
    jobs = _jobs(template, games, seed)
    if address is None and workers <= 1:
        batches: Iterator[list[MatchGame]] = map(_play_job, jobs)
    else:
        batches = in_order(_play_job, jobs, workers=workers, scheduler=address)
    for batch in batches:
        yield from batch


def _check_bots(bots: Sequence[str]) -> None:
    """Refuse a text that names no bot, and fewer than 2 or more than 6 bots."""
    for text in bots:
        parse_bot(text)
    if not MIN_PLAYERS <= len(bots) <= MAX_PLAYERS:
        raise InvalidArgumentError(
            f"match: bots: {MIN_PLAYERS} to {MAX_PLAYERS} of them, not {len(bots)}"
        )


def _jobs(template: _Job, games: int, seed: int) -> list[_Job]:
    """The match's games in whole deals, :data:`_DEALS_PER_JOB` deals a job, like ``template``."""
    count = len(template.bots)
    deals = -(-games // count)
    games_of = [
        (deal * count + rotation, deal, game_seed(seed, deal))
        for deal in range(deals)
        for rotation in range(count)
    ]
    per_job = _DEALS_PER_JOB * count
    return [
        attrs.evolve(template, games=tuple(games_of[start : start + per_job]))
        for start in range(0, len(games_of), per_job)
    ]


class MatchReport:
    """The totals of a match, for a reader or as JSON."""

    def __init__(self, bots: Sequence[str], sprt: Sprt | None = None) -> None:
        """Start empty totals."""
        self.bots = tuple(bots)
        self.sprt = sprt
        self.games = 0
        self.wins: Counter[int] = Counter()
        self.faults: Counter[int] = Counter()
        self.reasons: Counter[str] = Counter()
        self.verdict: str | None = None
        self.llr = 0.0
        self._ratings = _Ratings(len(bots))

    def add(self, game: MatchGame) -> None:
        """Count one game."""
        self.games += 1
        if game.winner is not None:
            self.wins[game.winner] += 1
        if game.faulty is not None:
            self.faults[game.faulty] += 1
        self.reasons[game.reason] += 1
        self._ratings.rate(game.ranks)
        if self.sprt is not None:
            self.llr = self.sprt.llr(self.wins[0], self.games)

    def deal_done(self) -> bool:
        """Whether the test has an answer after a whole deal: time to stop."""
        if self.sprt is None or self.games % len(self.bots):
            return False
        self.verdict = self.sprt.verdict(self.llr)
        return self.verdict is not None

    def as_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready data."""
        ratings = self._ratings.values()
        data: dict[str, Any] = {
            "games": self.games,
            "bots": [self._bot_dict(number, ratings) for number in range(len(self.bots))],
            "terminations": {reason: self.reasons[reason] for reason in sorted(self.reasons)},
            "ratings": "openskill PlackettLuce" if ratings is not None else None,
        }
        if self.sprt is not None:
            data["sprt"] = self._sprt_dict(self.sprt)
        return data

    def _bot_dict(self, number: int, ratings: list[dict[str, float]] | None) -> dict[str, Any]:
        """One bot's figures: wins, win rate with its interval, faults, and rating if any."""
        low, high = wilson(self.wins[number], self.games)
        entry: dict[str, Any] = {
            "bot": self.bots[number],
            "wins": self.wins[number],
            "win_rate": _round(self.wins[number] / max(self.games, 1)),
            "wilson95": [_round(low), _round(high)],
            "faults": self.faults[number],
        }
        if ratings is not None:
            entry["rating"] = ratings[number]
        return entry

    def _sprt_dict(self, sprt: Sprt) -> dict[str, Any]:
        """The test's settings, its log-likelihood ratio so far, its bounds and verdict."""
        lower, upper = sprt.bounds
        return {
            "p0": sprt.p0,
            "p1": sprt.p1,
            "alpha": sprt.alpha,
            "beta": sprt.beta,
            "llr": _round(self.llr),
            "bounds": [_round(lower), _round(upper)],
            "verdict": self.verdict,
        }

    def text(self) -> str:
        """The report as lines of text."""
        data = self.as_dict()
        lines = [f"Games: {self.games} ({len(self.bots)} bots, seats rotated)", ""]
        lines.append(f"  {'bot':<36} {'wins':>6}  {'rate':>6}  95% Wilson      faults  rating")
        lines += [_bot_line(entry) for entry in data["bots"]]
        lines += ["", "Terminations:"]
        for reason, count in data["terminations"].items():
            lines.append(f"  {reason:<20} {count:>6}")
        if "sprt" in data:
            lines += ["", *self._sprt_lines(data["sprt"])]
        if data["ratings"] is None:
            lines += ["", "Ratings: install the openskill package (the match extra) for them."]
        return "\n".join(lines) + "\n"

    def _sprt_lines(self, sprt: dict[str, Any]) -> list[str]:
        """The test's lines of the report, from its figures in :meth:`as_dict`."""
        verdict = sprt["verdict"] or "none yet (the games ran out)"
        return [
            f"SPRT of {self.bots[0]}'s win rate: H0 p={sprt['p0']} against H1 p={sprt['p1']} "
            f"(alpha {sprt['alpha']}, beta {sprt['beta']})",
            f"  LLR {sprt['llr']:.3f}, bounds [{sprt['bounds'][0]:.3f}, "
            f"{sprt['bounds'][1]:.3f}]: {verdict}",
        ]


def _bot_line(entry: dict[str, Any]) -> str:
    """A bot's line of the report's table, from its figures in :meth:`MatchReport.as_dict`."""
    low, high = entry["wilson95"]
    rating = entry.get("rating")
    shown = "" if rating is None else f"{rating['mu']:.2f} ± {rating['sigma']:.2f}"
    return (
        f"  {entry['bot'][:36]:<36} {entry['wins']:>6}  {entry['win_rate']:>6.3f}  "
        f"[{low:.3f}, {high:.3f}]  {entry['faults']:>6}  {shown}"
    )


def _round(value: float) -> float:
    return round(value, 6)


class _Ratings:
    """OpenSkill's Plackett-Luce ratings, game by game; nothing if openskill is missing."""

    def __init__(self, count: int) -> None:
        try:
            models = importlib.import_module("openskill.models")
        except ImportError:
            self._model: Any = None
            return
        self._model = models.PlackettLuce()
        self._ratings = [[self._model.rating()] for _ in range(count)]

    def rate(self, ranks: Sequence[int]) -> None:
        if self._model is not None:
            self._ratings = self._model.rate(self._ratings, ranks=list(ranks))

    def values(self) -> list[dict[str, float]] | None:
        if self._model is None:
            return None
        return [
            {"mu": _round(team[0].mu), "sigma": _round(team[0].sigma)} for team in self._ratings
        ]


# --------------------------------------------------------------------------- command line


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``match`` subcommand."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "match",
        help="play bots against each other and measure their strength",
        description="Play bots against each other, seats rotated over duplicate deals, and "
        "report each bot's wins with 95%% Wilson intervals, the games ended by each reason and "
        "OpenSkill ratings; optionally stop once a sequential probability ratio test is "
        "clear. A bot is a built-in name, module:Class, or cmd:COMMAND (a program that speaks "
        "chicago-poker-bot/1). The same seed gives the same report, whatever the workers.",
    )
    add = parser.add_argument
    add("bots", nargs="+", metavar="BOT", help="2 to 6 bots, one a seat")
    add("--games", type=int_in(1, None), default=100, metavar="N", help="default 100")
    add("--seed", type=seed_argument, default=1, metavar="S", help="default 1")
    add("--no-duplicate", action="store_true", help="deal each game at random, not fixed")
    _add_clock_and_sprt(add)
    add_spread_arguments(parser, "processes (default 1)", "the games")
    add("--log-dir", type=Path, metavar="DIR", help="each game's log and seats' transcripts")
    add("--bot-log", type=Path, metavar="DIR", help="each program's stderr and message trace")
    add("-v", "--verbose", action="store_true", help="show the programs' stderr as it comes")
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
    add("--sprt", nargs=2, type=float, metavar=("P0", "P1"), help="test bot 1's win rate")
    add("--alpha", type=float, default=0.05, help="SPRT alpha (0.05)")
    add("--beta", type=float, default=0.05, help="SPRT beta (0.05)")


def run(args: argparse.Namespace) -> int:
    """Run ``match``: play, print the report; 2 for bad arguments."""
    try:
        sprt = (
            None if args.sprt is None else Sprt(args.sprt[0], args.sprt[1], args.alpha, args.beta)
        )
        report = MatchReport(args.bots, sprt)
        _play(args, report)
    except (InvalidArgumentError, ClusterError, OSError) as error:
        sys.stderr.write(f"{_PROG}: error: {error}\n")
        return 2
    if args.format == "json":
        sys.stdout.write(json.dumps(report.as_dict(), indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(report.text())
    return 0


def _play(args: argparse.Namespace, report: MatchReport) -> None:
    """Play the match the arguments ask for into ``report``, showing progress on stderr."""
    games = match(
        args.bots,
        args.games,
        args.seed,
        rule_options(args),
        duplicate=not args.no_duplicate,
        clock=Clock(args.move_time, args.game_time, args.latency, args.startup_time),
        log_dir=args.log_dir,
        bot_log=args.bot_log,
        verbose=args.verbose,
        **spread(args),
    )
    progress = Progress("playing", args.games, sys.stderr, unit="games")
    with progress, contextlib.closing(games):
        for game in games:
            report.add(game)
            progress.advance()
            if report.deal_done():
                break
