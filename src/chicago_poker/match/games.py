"""The games of a match: which bots sit where, in which deal, and how each game went.

A match is a list of **tables** (the bots that play together, by their numbers in the
match's list) played over the same deals. Deal ``d`` of a match seeded ``S`` is seeded
from ``(S, d)`` alone and played at every table, once per rotation of its seats: in
rotation ``r`` of a table of ``k`` bots, seat ``s`` holds the table's bot ``(s + r) % k``.
Games are numbered deal by deal, then table by table, then rotation by rotation; a
**unit** is the rotations of one deal at one table, the unit of the statistics.

Each bot plays a game with the seed :func:`~chicago_poker.protocol.table.bot_seed` of the
deal's seed and its number in the match's list (a program is told it in ``new_game``): the
match's seed fixes every game, a bot keeps its seed through the rotations of a deal, as a
chess engine keeps its own play through a colour-swapped pair, and two entries of the same
bot play as two players, not one game again and again.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Final

import attrs
from attrs import frozen

from chicago_poker.core.commands import DealCard, RevealTile, StartGame
from chicago_poker.core.errors import InvalidArgumentError
from chicago_poker.core.rules import MAX_PLAYERS, MIN_PLAYERS, RuleOptions
from chicago_poker.formats.log import LogKind, write_log
from chicago_poker.match.scoring import points, ranks
from chicago_poker.players.bots import Bot
from chicago_poker.players.simulate import MAX_COMMANDS, game_seed
from chicago_poker.protocol.process import BotError, show_bot_output
from chicago_poker.protocol.spec import BotSpec, parse_bot
from chicago_poker.protocol.table import Clock, RemoteBot, TableResult, bot_seed, play_table

__all__ = ["SHAPES", "MatchGame", "tables"]

SHAPES: Final = ("table", "round-robin", "gauntlet")
"""The shapes of a match: one table of every bot, every table of a size, or the first bot
at every table of a size with the others."""

MAX_BOTS: Final = 32
"""The most bots a round robin or a gauntlet takes."""

_UNITS_PER_JOB: Final = 2


@frozen
class MatchGame:
    """One game of a match, by the bots' numbers (their places in the match's list, from 0)."""

    index: int
    """The game's number, from 0."""

    deal: int
    """The deal's number, from 0."""

    seats: tuple[int, ...]
    """The bot at each seat."""

    winner: int | None
    """The bot that won by the rules, or None."""

    reason: str
    """Why the game ended: a key of ``TERMINATIONS``."""

    faulty: int | None
    """The bot whose fault ended the game, or None."""

    detail: str
    """What the faulty bot did."""

    ranks: tuple[int, ...]
    """Each seat's place (1 best), faults scored: see :mod:`chicago_poker.match.scoring`."""

    commands: int
    """The players' commands of the game."""

    points: tuple[float, ...] = ()
    """Each seat's points, faults scored: see :func:`chicago_poker.match.scoring.points`."""

    table: int = 0
    """The table's number in the match's list of tables, from 0."""

    rotation: int = 0
    """The rotation of the table's seats, from 0."""

    seed: int = 0
    """The deal's seed: the dealer's seed of the game."""

    hello: tuple[str | None, ...] = ()
    """Each seat's name for itself, from a program's ``hello``; None for a bot in process."""

    overrun: float = 0.0
    """Seconds past the faulty bot's time limit at which the game ended: a timing, left out
    of reports, which must not depend on the machine."""

    duration: float = 0.0
    """Seconds the game took, start of its programs included: a timing, left out of reports."""

    @property
    def last_of_unit(self) -> bool:
        """Whether the game is the last rotation of its deal at its table."""
        return self.rotation == len(self.seats) - 1


def tables(count: int, shape: str, size: int | None = None) -> tuple[tuple[int, ...], ...]:
    """The tables of a match of ``count`` bots of ``shape`` (a :data:`SHAPES`), ``size`` a table.

    >>> tables(3, "round-robin")
    ((0, 1), (0, 2), (1, 2))
    >>> tables(4, "gauntlet", 3)
    ((0, 1, 2), (0, 1, 3), (0, 2, 3))

    Raises:
        InvalidArgumentError: An unknown shape, or bots or a size that make no table.
    """
    if shape == "table":
        if size not in (None, count):
            raise InvalidArgumentError(
                f"match: table size {size}: one table seats every bot ({count}); a table "
                "size is for a round robin or a gauntlet"
            )
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            raise InvalidArgumentError(
                f"match: one table seats {MIN_PLAYERS} to {MAX_PLAYERS} bots, not {count}"
            )
        return (tuple(range(count)),)
    if shape not in SHAPES:
        raise InvalidArgumentError(f"match: shape: {shape!r}, not one of {', '.join(SHAPES)}")
    size = size or MIN_PLAYERS
    if not MIN_PLAYERS <= size <= MAX_PLAYERS:
        raise InvalidArgumentError(f"match: table size: {MIN_PLAYERS} to {MAX_PLAYERS}, not {size}")
    least = size + 1 if shape == "gauntlet" else size
    if not least <= count <= MAX_BOTS:
        raise InvalidArgumentError(
            f"match: a {shape} of tables of {size} takes {least} to {MAX_BOTS} bots, not {count}"
        )
    if shape == "round-robin":
        return tuple(itertools.combinations(range(count), size))
    return tuple((0, *others) for others in itertools.combinations(range(1, count), size - 1))


@frozen
class Job:
    """Games for one worker: whole units, with what it takes to play them."""

    games: tuple[tuple[int, int, int, int, int], ...]
    """Each game's (index, deal, deal seed, table, rotation)."""
    tables: tuple[tuple[int, ...], ...]
    bots: tuple[str, ...]
    options: RuleOptions
    duplicate: bool
    clock: Clock
    log_dir: str | None = None
    max_commands: int = MAX_COMMANDS
    bot_log: str | None = None
    """Where each program's standard error and message trace go, or None."""
    verbose: bool = False
    """Whether the programs' standard error and info are shown as they come."""


def jobs(template: Job, games: int, seed: int) -> list[Job]:
    """The match's games, ``games`` a table rounded up to whole deals, in jobs of whole units."""
    size = len(template.tables[0])
    deals = -(-games // size)
    listed = []
    for deal in range(deals):
        for table in range(len(template.tables)):
            for rotation in range(size):
                index = (deal * len(template.tables) + table) * size + rotation
                listed.append((index, deal, game_seed(seed, deal), table, rotation))
    per_job = _UNITS_PER_JOB * size
    return [
        attrs.evolve(template, games=tuple(listed[start : start + per_job]))
        for start in range(0, len(listed), per_job)
    ]


def _names(bots: Sequence[str], seats: Sequence[int]) -> tuple[str, ...]:
    return tuple(f"{bots[bot][:70]} #{bot}" for bot in seats)  # the number kept: names differ


def play_job(job: Job) -> list[MatchGame]:
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
    job: Job,
    specs: Sequence[BotSpec],
    running: dict[int, RemoteBot],
    game: tuple[int, int, int, int, int],
) -> MatchGame:
    """Play one of the job's games, with its logs if the job keeps them."""
    index, deal, seed, table, rotation = game
    members = job.tables[table]
    size = len(members)
    seats = tuple(members[(seat + rotation) % size] for seat in range(size))
    started = time.monotonic()
    unit = (index, deal, seed, table, rotation)
    try:
        players = _players(specs, seats, seed, running, job)
    except _StartError as error:
        return _unstarted(unit, seats, error, time.monotonic() - started)
    result = play_table(
        job.options,
        players,
        seed,
        names=_names(job.bots, seats),
        duplicate=job.duplicate,
        max_commands=job.max_commands,
        index=index,
        seeds=[bot_seed(seed, bot) for bot in seats],
    )
    hello = tuple(player.name if isinstance(player, RemoteBot) else None for player in players)
    if result.seat is not None:
        running.clear()  # play_table ended them all
    if job.log_dir is not None:
        _write_logs(Path(job.log_dir), index, seed, result)
    return _game(unit, seats, result, hello, time.monotonic() - started)


class _StartError(Exception):
    def __init__(self, seat: int, fault: BotError) -> None:
        super().__init__(str(fault))
        self.seat = seat
        self.fault = fault


def _players(
    specs: Sequence[BotSpec],
    seats: Sequence[int],
    seed: int,
    running: dict[int, RemoteBot],
    job: Job,
) -> list[Bot | RemoteBot]:
    """The bot at each seat: made for the game, or its program (raises _StartError)."""
    players: list[Bot | RemoteBot] = []
    for seat, bot in enumerate(seats):
        spec = specs[bot]
        if not spec.remote:
            players.append(spec.make(bot_seed(seed, bot)))
            continue
        if bot not in running:
            running[bot] = _start(spec, bot, seat, running, job)
        players.append(running[bot])
    return players


def _start(
    spec: BotSpec, bot: int, seat: int, running: dict[int, RemoteBot], job: Job
) -> RemoteBot:
    """Start bot number ``bot``'s program; if it cannot start, end the others running."""
    try:
        return spec.start(job.clock, f"bot {bot + 1} ({spec.text})", job.bot_log)
    except BotError as fault:
        for other in running.values():
            other.close()
        running.clear()
        raise _StartError(seat, fault) from None


def _unstarted(
    unit: tuple[int, int, int, int, int], seats: tuple[int, ...], error: _StartError, took: float
) -> MatchGame:
    index, deal, seed, table, rotation = unit
    count = len(seats)
    return MatchGame(
        index,
        deal,
        seats,
        None,
        error.fault.reason,
        seats[error.seat],
        error.fault.detail,
        ranks(count, None, error.seat),
        0,
        points(count, None, error.seat),
        table,
        rotation,
        seed,
        (None,) * count,
        duration=took,
    )


def _game(
    unit: tuple[int, int, int, int, int],
    seats: tuple[int, ...],
    result: TableResult,
    hello: tuple[str | None, ...],
    took: float,
) -> MatchGame:
    index, deal, seed, table, rotation = unit
    winner = result.game.state.winner if result.seat is None else None
    history = result.game.history
    commands = sum(not isinstance(entry.command, _NOT_PLAYERS) for entry in history)
    return MatchGame(
        index,
        deal,
        seats,
        None if winner is None else seats[winner],
        result.reason,
        None if result.seat is None else seats[result.seat],
        result.detail,
        ranks(len(seats), winner, result.seat),
        commands,
        points(len(seats), winner, result.seat),
        table,
        rotation,
        seed,
        hello,
        result.overrun,
        took,
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
