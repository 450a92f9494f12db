"""Many seeded games between bots, and a summary for designers: ``chicago-poker simulate``.

The command's arguments and report are :mod:`chicago_poker.cli.simulate`'s; the rule
option flags, ``--seed`` and ``--workers``/``--scheduler``, which other commands share,
are read here.

Each game between built-in bots is played by :func:`play_bots`: every seat's bot chooses
from its own view, chance comes from the game's seeded dealer. Game ``i`` of a run with seed
``S`` is seeded from ``(S, i)`` alone, so a run gives the same results with any number of
worker processes. Games with other bots, such as programs that speak the bot protocol, are
played by a function given to :func:`simulate` (:data:`Play`), such as
:func:`chicago_poker.protocol.spec.play_named`: this layer knows no protocol.

>>> from chicago_poker.players.bots import RandomBot
>>> game = play_bots(RuleOptions(), [RandomBot(1), RandomBot(2)], seed=5)
>>> game.state.is_over
True
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Protocol, cast

from attrs import frozen

from chicago_poker.core.apply import apply
from chicago_poker.core.commands import Command, DealCard, RevealTile, StartGame
from chicago_poker.core.errors import (
    ArgumentTypeError,
    InvalidArgumentError,
    check_count,
    short_repr,
)
from chicago_poker.core.events import (
    BriberyPlayed,
    Event,
    GameBlocked,
    GameStalled,
    LimousinePlayed,
    LiquidationPlayed,
    PoliceRaidPlayed,
    RevolverPlayed,
    ShootoutVoided,
    ShootoutWon,
    TurnStarted,
)
from chicago_poker.core.history import Entry
from chicago_poker.core.legal import Awaiting, awaiting, legal_commands
from chicago_poker.core.redacted_commands import redact_command
from chicago_poker.core.redacted_events import redact
from chicago_poker.core.rules import MAX_PLAYERS, MIN_PLAYERS, RuleOptions
from chicago_poker.core.state import GameState
from chicago_poker.formats.log import MAX_INTEGER_DIGITS, RedactedLogEntry, write_log
from chicago_poker.players.bots import BOTS, Bot, ask
from chicago_poker.players.game import Game
from chicago_poker.workers.spread import check_spread, in_order, scheduler_argument

__all__ = [
    "MAX_COMMANDS",
    "GameResult",
    "Narrator",
    "Observer",
    "Play",
    "Played",
    "Summary",
    "add_spread_arguments",
    "game_seed",
    "int_in",
    "play_bots",
    "player_names",
    "seed_argument",
    "simulate",
    "spread",
]

MAX_COMMANDS: Final = 20_000
"""A game still going after this many player commands is stopped (and counted unfinished)."""

_SPECIALS: Final = (
    (LiquidationPlayed, "Liquidation"),
    (PoliceRaidPlayed, "Police Raid"),
    (LimousinePlayed, "Limousine"),
    (RevolverPlayed, "Revolver"),
    (BriberyPlayed, "Bribery"),
)


class Observer(Protocol):
    """A bot that is told its seat's redacted history, entry by entry, as the game goes on."""

    def observe(self, entry: RedactedLogEntry) -> None:
        """Take the next entry of the seat's redacted history."""
        ...  # pragma: no cover

    def forget(self) -> None:
        """Forget every entry taken: moves were taken back, and the history is told anew."""
        ...  # pragma: no cover


class Narrator:
    """Tells each observing seat the entries of a game's history it has not been told yet.

    Each entry is redacted for each seat against the state before it, as a redacted log is.
    When moves were taken back (:meth:`Game.undo <chicago_poker.Game.undo>`), every observer
    forgets what it was told and is told the history anew.
    """

    def __init__(self, observers: Mapping[int, Observer]) -> None:
        """Tell ``observers`` (seat: bot) what their seats see; see :meth:`tell`."""
        self.observers = dict(observers)
        self.told = 0
        """Entries of the history told so far."""
        self._state: GameState | None = None
        self._last: Entry | None = None
        """The last entry told: a history that no longer holds it at its place was taken back."""

    @classmethod
    def of(cls, players: Sequence[object]) -> Narrator:
        """A narrator for the players that have an ``observe`` method, by seat."""
        return cls(
            {
                seat: cast(Observer, player)
                for seat, player in enumerate(players)
                if callable(getattr(player, "observe", None))
            }
        )

    def _tell_entry(self, entry: Entry) -> None:
        """Tell every observer ``entry``, redacted for its seat, and step past it."""
        before = self._state
        states = []  # the state before each event
        state = before
        for event in entry.events:
            states.append(state)
            state = apply(state, event)
        self._state = state
        for seat, observer in self.observers.items():
            command = redact_command(before, entry.command, seat)
            seen = tuple(
                redact(at, event, seat) for at, event in zip(states, entry.events, strict=True)
            )
            observer.observe(RedactedLogEntry(command, seen))

    def tell(self, game: Game) -> None:
        """Tell every observer the entries of ``game`` added since the last call."""
        if not self.observers:
            return
        history = game.history
        if self.told and (len(history) < self.told or history[self.told - 1] is not self._last):
            self._start_again()
        for entry in history[self.told :]:
            self._tell_entry(entry)
        self.told = len(history)
        self._last = history[-1] if history else None

    def _start_again(self) -> None:
        """Make every observer forget the history, to tell it again from its start.

        An observer without ``forget`` (written before it was part of :class:`Observer`)
        cannot take the history anew, so it is told nothing more rather than a history
        that did not happen.
        """
        for seat, observer in list(self.observers.items()):
            if callable(getattr(observer, "forget", None)):
                observer.forget()
            else:
                del self.observers[seat]
        self.told = 0
        self._state = None
        self._last = None


def player_names(bot_names: Sequence[str]) -> tuple[str, ...]:
    """The players' names: the bot's name and the seat (from 0), such as ``"Heuristic 0"``."""
    return tuple(f"{name.capitalize()} {seat}" for seat, name in enumerate(bot_names))


def game_seed(seed: int, index: int) -> int:
    """The dealer's seed of game ``index`` of a run seeded with ``seed``."""
    return random.Random(f"chicago-poker:{seed}:{index}").getrandbits(48)


def play_bots(
    options: RuleOptions,
    bots: Sequence[Bot],
    seed: int | None,
    *,
    names: Sequence[str] | None = None,
    max_commands: int = MAX_COMMANDS,
) -> Game:
    """Play one game: each seat's bot chooses from its view; chance is the seeded dealer.

    A bot with an ``observe`` method (an :class:`Observer`) is told its seat's redacted
    history before each decision. Stops when the game is over, or after ``max_commands``
    player commands.
    """
    game = Game.new(_seat_names(bots, names), options, seed=seed)
    _play_out(game, bots, max_commands)
    return game


def _seat_names(bots: Sequence[Bot], names: Sequence[str] | None) -> tuple[str, ...]:
    """The players' names: ``names``, one per bot, or else each bot's name and seat."""
    if names is None:
        return player_names([bot.name for bot in bots])
    if len(names) != len(bots):
        raise InvalidArgumentError(
            f"play_bots: names: one name per bot, {len(bots)} of them, not {len(names)}"
        )
    return tuple(names)


def _play_out(game: Game, bots: Sequence[Bot], max_commands: int) -> None:
    """Let the bots play ``game`` until it is over, or for ``max_commands`` player commands."""
    narrator = Narrator.of(bots)
    for _ in range(max_commands):
        narrator.tell(game)
        command = _next_command(game, bots)
        if command is None:
            break
        game.execute(command)


# Enum members bound to module names once: see the note in chicago_poker.core.legal.
_ACTION: Final = Awaiting.ACTION
_REINFORCEMENT: Final = Awaiting.REINFORCEMENT


def _next_command(game: Game, bots: Sequence[Bot]) -> Command | None:
    """The command of the seat that must decide now, chosen by its bot; None if none must."""
    state = game.state
    # Without looking for an allowed action first: the list below is empty if there is none.
    waiting = awaiting(state, check_actions=False)
    if waiting is _ACTION:
        seat = state.turn.player
        legal = legal_commands(state)  # the actions of the player whose turn it is
        return ask(bots[seat], state, seat, legal) if legal else None
    if waiting is _REINFORCEMENT:
        for seat in range(len(state.players)):
            legal = legal_commands(state, seat)
            if legal:
                return ask(bots[seat], state, seat, legal)
    return None


@frozen
class GameResult:
    """What the summary needs of one game."""

    index: int
    seed: int
    winner: int | None
    victory: str | None
    blocked: bool
    stalled: bool
    turns: int
    commands: int
    categories: tuple[str, ...]
    reinforced: int
    voided: int
    specials: tuple[str, ...]
    termination: str = "finished"
    """Why the game ended: a key of :data:`~chicago_poker.formats.bot_protocol.TERMINATIONS`.

    Games between built-in bots say ``"finished"`` whatever their end; a :data:`Play` tells.
    """
    faulty: int | None = None
    """The seat whose bot ended the game by a fault, or None."""


@frozen
class Played:
    """One game played by a :data:`Play`: the game, why it ended, and the faulty seat."""

    game: Game
    """The game, every command of it; over unless it ended early."""

    termination: str
    """Why it ended: a key of :data:`~chicago_poker.formats.bot_protocol.TERMINATIONS`."""

    faulty: int | None = None
    """The seat whose bot ended the game by a fault (a program's crash, say), or None."""


Play = Callable[[RuleOptions, Sequence[str], int, int], Played]
"""A way to play one game of :func:`simulate` between bots that are not all built in.

Called with the rule options, the bots' names (one per seat), the game's seed and its
index in the run. It must be picklable, a function of a module, to reach the workers.
"""


def _result(
    index: int, seed: int, game: Game, termination: str = "finished", faulty: int | None = None
) -> GameResult:
    events = game.events
    return GameResult(
        index=index,
        seed=seed,
        winner=game.state.winner,
        victory=None if game.state.victory is None else game.state.victory.value,
        blocked=any(isinstance(event, GameBlocked) for event in events),
        stalled=any(isinstance(event, GameStalled) for event in events),
        turns=sum(isinstance(event, TurnStarted) for event in events),
        commands=_player_commands(game),
        categories=tuple(event.category.label for event in _shootouts_won(events)),
        reinforced=sum(event.reinforced for event in _shootouts_won(events)),
        voided=sum(isinstance(event, ShootoutVoided) for event in events),
        specials=_specials(events),
        termination=termination,
        faulty=faulty,
    )


def _player_commands(game: Game) -> int:
    """How many of ``game``'s commands were players', not chance's."""
    chance = StartGame | DealCard | RevealTile
    return sum(not isinstance(entry.command, chance) for entry in game.history)


def _shootouts_won(events: Sequence[Event]) -> list[ShootoutWon]:
    """The events of the shootouts won, in order."""
    return [event for event in events if isinstance(event, ShootoutWon)]


def _specials(events: Sequence[Event]) -> tuple[str, ...]:
    """The special cards played, in order, by label."""
    return tuple(label for event in events for kind, label in _SPECIALS if isinstance(event, kind))


@frozen
class _Job:
    index: int
    seed: int
    bots: tuple[str, ...]
    options: RuleOptions
    log_dir: str | None
    play: Play | None = None


def _play(job: _Job) -> GameResult:
    if job.play is None:
        bots = [BOTS[name](job.seed * 10 + seat) for seat, name in enumerate(job.bots)]
        played = Played(play_bots(job.options, bots, job.seed), "finished")
    else:
        played = job.play(job.options, job.bots, job.seed, job.index)
    if job.log_dir is not None:
        path = Path(job.log_dir) / f"game-{job.index + 1:05d}.jsonl"
        with path.open("w", encoding="utf-8") as file:
            write_log(played.game, file, provenance={"seed": job.seed})
    return _result(job.index, job.seed, played.game, played.termination, played.faulty)


def simulate(
    bots: Sequence[str],
    games: int,
    seed: int,
    options: RuleOptions | None = None,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    log_dir: Path | None = None,
    play: Play | None = None,
) -> Iterator[GameResult]:
    """Play ``games`` games between the named bots (one per seat); yield results in order.

    Without ``play``, the bots must be built in, and :func:`play_bots` plays each game.
    With it, ``play`` plays each game and reads the bots' names, whatever they are (see
    :data:`Play`); a game that a bot's fault ended is a result like any other.

    ``workers`` processes play them, or the workers of the Dask cluster whose scheduler is
    at ``scheduler``, such as ``"tcp://10.0.0.5:8786"`` (see the page Running at scale). Its
    workers need chicago_poker installed, and ``log_dir`` at the same path if it is given.

    Raises:
        InvalidArgumentError: A bot name not in :data:`~chicago_poker.players.bots.BOTS`
            without ``play`` (with it, ``play`` reads the names), not 2 to 6 bots, fewer
            than 0 games, a negative seed, fewer than 1 worker, a malformed scheduler
            address, or both workers and a scheduler.
        ArgumentTypeError: ``games``, ``seed`` or ``workers`` not an int, or ``options`` not
            :class:`~chicago_poker.core.rules.RuleOptions`.
        ClusterError: The cluster cannot be used: ``distributed`` missing, no scheduler
            or no worker answering, or workers without this version of chicago_poker.
    """
    _check_simulation(bots, games, seed, options, workers, builtin=play is None)
    address = check_spread("simulate", workers, scheduler)
    where = _log_folder(log_dir)
    rules = options or RuleOptions()
    jobs = [
        _Job(index, game_seed(seed, index), tuple(bots), rules, where, play)
        for index in range(games)
    ]
    yield from _played(jobs, workers, address)


def _played(jobs: Sequence[_Job], workers: int, address: str | None) -> Iterator[GameResult]:
    """The results of ``jobs``, in order: played here, or by ``workers`` or a cluster."""
    if address is None and (workers <= 1 or len(jobs) <= 1):
        return map(_play, jobs)
    chunk = max(1, min(8, len(jobs) // (workers * 4)))
    return in_order(_play, jobs, workers=workers, scheduler=address, chunk=chunk)


def _log_folder(log_dir: Path | None) -> str | None:
    """``log_dir``, made if it is missing, as the workers name it (absolute); or None."""
    if log_dir is None:
        return None
    log_dir.mkdir(parents=True, exist_ok=True)
    return str(log_dir.absolute())


def _check_simulation(
    bots: Sequence[str],
    games: int,
    seed: int,
    options: RuleOptions | None,
    workers: int,
    *,
    builtin: bool,
) -> None:
    """Refuse the arguments of :func:`simulate` that it cannot take, naming them."""
    check_count("simulate", "games", games, 0)
    check_count("simulate", "seed", seed, 0)
    check_count("simulate", "workers", workers, 1)
    if options is not None and not isinstance(options, RuleOptions):
        raise ArgumentTypeError(
            f"simulate: options must be RuleOptions or None, not {short_repr(options)}"
        )
    _check_bots(bots, builtin=builtin)


def _check_bots(bots: Sequence[str], *, builtin: bool) -> None:
    """Refuse a bot that is not built in (if all must be) and a table of the wrong size."""
    unknown = [name for name in bots if name not in BOTS] if builtin else []
    if unknown:
        raise InvalidArgumentError(
            f"simulate: bots: unknown bot {short_repr(unknown[0])}; the bots are {', '.join(BOTS)}"
        )
    if not MIN_PLAYERS <= len(bots) <= MAX_PLAYERS:
        raise InvalidArgumentError(
            f"simulate: bots: one bot per seat, {MIN_PLAYERS} to {MAX_PLAYERS} of them (R-2.1), "
            f"not {len(bots)}"
        )


# --------------------------------------------------------------------------- summary


class Summary:
    """The totals of a run, and their text for a designer.

    With ``terminations``, for a run whose games a :data:`Play` played, the text and the
    JSON also count the games by termination, and a game that a bot's fault ended is
    counted ``faulted`` among the games without a winner.
    """

    def __init__(self, bots: Sequence[str], *, terminations: bool = False) -> None:
        """Start empty totals for a run with these bots, one per seat."""
        self.bots = tuple(bots)
        self.with_terminations = terminations
        self.terminations: Counter[str] = Counter()
        self.faulted = 0
        self.names = player_names(bots)
        self.games = 0
        self.wins_by_seat: Counter[int] = Counter()
        self.wins_by_bot: Counter[str] = Counter()
        self.seats_by_bot: Counter[str] = Counter(bots)
        self.no_winner = 0
        self.blocked = 0
        self.stalled = 0
        self.turns: list[int] = []
        self.commands: list[int] = []
        self.categories: Counter[str] = Counter()
        self.shootouts_won = 0
        self.reinforced = 0
        self.voided = 0
        self.specials: Counter[str] = Counter()
        self.victories: Counter[str] = Counter()

    def add(self, result: GameResult) -> None:
        """Count one game."""
        self.games += 1
        self._count_winner(result.winner)
        self.blocked += result.blocked
        self.stalled += result.stalled
        self.turns.append(result.turns)
        self.commands.append(result.commands)
        self.categories.update(result.categories)
        self.shootouts_won += len(result.categories)
        self.reinforced += result.reinforced
        self.voided += result.voided
        self.specials.update(result.specials)
        if result.victory is not None:
            self.victories[result.victory] += 1
        self.terminations[result.termination] += 1
        self.faulted += result.faulty is not None

    def _count_winner(self, winner: int | None) -> None:
        """Count a win for the seat ``winner`` and its bot, or a game without a winner."""
        if winner is None:
            self.no_winner += 1
        else:
            self.wins_by_seat[winner] += 1
            self.wins_by_bot[self.bots[winner]] += 1

    @property
    def unfinished(self) -> int:
        """Games stopped after :data:`MAX_COMMANDS`: not won, blocked, stalled nor faulted."""
        return self.no_winner - self.blocked - self.stalled - self.faulted

    def text(self) -> str:
        """The summary as lines of text."""
        lines = [f"Games: {self.games} ({len(self.bots)} players: {', '.join(self.bots)})", ""]
        lines += self._wins_text()
        lines += ["", *self._length_text(), "", *self._businesses_text()]
        lines += ["", *self._specials_text(), "", *self._victories_text()]
        if self.with_terminations:
            lines += ["", *self._terminations_text()]
        return "\n".join(lines) + "\n"

    def _wins_text(self) -> list[str]:
        games = max(self.games, 1)
        lines = ["Wins by seat:"]
        for seat, name in enumerate(self.names):
            wins = self.wins_by_seat[seat]
            lines.append(f"  seat {seat} {name:<14} {wins:>6}  {_percent(wins, games)}")
        lines.append("Wins by bot:")
        for bot in dict.fromkeys(self.bots):
            wins, seats = self.wins_by_bot[bot], self.seats_by_bot[bot]
            lines.append(
                f"  {bot:<20} {wins:>6}  {_percent(wins, games)}"
                f"  ({seats} seat{'s' if seats != 1 else ''}; per seat "
                f"{_percent(wins / seats, games)})"
            )
        lines.append(f"  {'no winner':<20} {self.no_winner:>6}  {_percent(self.no_winner, games)}")
        return lines

    def _length_text(self) -> list[str]:
        return [
            "Game length:",
            f"  turns     {_spread(self.turns)}",
            f"  commands  {_spread(self.commands)}  (players' commands, no chance)",
        ]

    def _businesses_text(self) -> list[str]:
        won = max(self.shootouts_won, 1)
        per_game = self.shootouts_won / max(self.games, 1)
        lines = [f"Businesses won: {self.shootouts_won} ({per_game:.1f} per game)"]
        for category, count in _most_first(self.categories):
            lines.append(f"  {category:<20} {count:>6}  {_percent(count, won)}")
        reinforced = _percent(self.reinforced, won)
        lines.append(f"  won by reinforcement (tie-break) {self.reinforced} ({reinforced})")
        lines.append(f"  voided shootouts (no winner)     {self.voided}")
        return lines

    def _specials_text(self) -> list[str]:
        games = max(self.games, 1)
        lines = ["Special cards played:"]
        for _, label in _SPECIALS:
            count = self.specials[label]
            lines.append(f"  {label:<20} {count:>6}  ({count / games:.2f} per game)")
        return lines

    def _victories_text(self) -> list[str]:
        games = max(self.games, 1)
        lines = ["Victory conditions:"]
        for victory, count in _most_first(self.victories):
            lines.append(f"  {victory:<30} {count:>6}  {_percent(count, games)}")
        for label, count in self._without_winner().items():
            if count:
                lines.append(f"  {label + ' (' + _WITHOUT_WINNER[label] + ')':<30} {count:>6}")
        return lines

    def _terminations_text(self) -> list[str]:
        games = max(self.games, 1)
        lines = ["Terminations:"]
        for reason, count in _most_first(self.terminations):
            lines.append(f"  {reason:<30} {count:>6}  {_percent(count, games)}")
        return lines

    def _without_winner(self) -> dict[str, int]:
        counts = {"blocked": self.blocked, "stalled": self.stalled}
        if self.with_terminations:
            counts["faulted"] = self.faulted
        return {**counts, "unfinished": self.unfinished}

    def as_dict(self) -> dict[str, Any]:
        """The totals as JSON-ready data: the figures of :meth:`text`, without percentages.

        The shape is documented with an example on the docs' simulation page.

        >>> Summary(["random", "heuristic"]).as_dict()["wins_by_bot"]
        [{'bot': 'random', 'seats': 1, 'wins': 0}, {'bot': 'heuristic', 'seats': 1, 'wins': 0}]
        """
        return {
            "games": self.games,
            "bots": list(self.bots),
            **self._wins_data(),
            **self._length_data(),
            **self._businesses_data(),
            "special_cards": {label: self.specials[label] for _, label in _SPECIALS},
            **self._victories_data(),
            **self._terminations_data(),
        }

    def _wins_data(self) -> dict[str, Any]:
        return {
            "wins_by_seat": [
                {"seat": seat, "name": name, "bot": bot, "wins": self.wins_by_seat[seat]}
                for seat, (name, bot) in enumerate(zip(self.names, self.bots, strict=True))
            ],
            "wins_by_bot": [
                {"bot": bot, "seats": self.seats_by_bot[bot], "wins": self.wins_by_bot[bot]}
                for bot in dict.fromkeys(self.bots)
            ],
            "no_winner": self.no_winner,
        }

    def _length_data(self) -> dict[str, Any]:
        return {"turns": _spread_data(self.turns), "commands": _spread_data(self.commands)}

    def _businesses_data(self) -> dict[str, Any]:
        return {
            "businesses_won": {
                "total": self.shootouts_won,
                "by_category": dict(_most_first(self.categories)),
                "by_reinforcement": self.reinforced,
            },
            "voided_shootouts": self.voided,
        }

    def _victories_data(self) -> dict[str, Any]:
        return {
            "victories": dict(_most_first(self.victories)),
            "without_winner": self._without_winner(),
        }

    def _terminations_data(self) -> dict[str, Any]:
        if not self.with_terminations:
            return {}
        return {"terminations": dict(_most_first(self.terminations))}


_WITHOUT_WINNER: Final = {
    "blocked": "no winner",
    "stalled": "no winner",
    "faulted": "a bot's fault",
    "unfinished": "stopped",
}


def _most_first(counts: Counter[str]) -> list[tuple[str, int]]:
    """The counts, the most frequent first, ties in alphabetical order."""
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def _percent(part: float, whole: int) -> str:
    return f"{100.0 * part / whole:5.1f}%"


def _spread(values: Sequence[int]) -> str:
    if not values:
        return "-"
    mean = sum(values) / len(values)
    return f"mean {mean:7.1f}  min {min(values):5d}  max {max(values):5d}"


def _spread_data(values: Sequence[int]) -> dict[str, float | int | None]:
    if not values:
        return {"mean": None, "min": None, "max": None}
    return {"mean": sum(values) / len(values), "min": min(values), "max": max(values)}


# --------------------------------------------------------------------------- shared arguments


def int_in(low: int, high: int | None) -> Any:
    """An argparse type: a whole number from ``low`` to ``high`` (None: no upper bound).

    >>> int_in(2, 6)("3")
    3
    """

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"{value} is out of range: use {bound}")
        return value

    parse.__name__ = "number"
    return parse


def seed_argument(text: str) -> int:
    """Read ``--seed``: a whole number of 0 or more that a log can hold, for argparse.

    Only the digits 0-9 count (``str.isdigit`` also takes superscripts and other scripts'
    digits), and at most :data:`~chicago_poker.formats.log.MAX_INTEGER_DIGITS` of them, since the
    seed is written in the log's header. ``play``, ``demo`` and ``simulate`` all read it so.

    >>> seed_argument("2004")
    2004
    """
    _check_digits(text)
    if len(text.lstrip("0")) > MAX_INTEGER_DIGITS:
        raise argparse.ArgumentTypeError(
            f"a seed of {len(text):,} digits: a log holds integers of at most "
            f"{MAX_INTEGER_DIGITS} digits"
        )
    return int(text)


def _check_digits(text: str) -> None:
    """Refuse a ``text`` that is not only the digits 0-9, saying so of a negative number."""
    shown = text if len(text) <= 20 else text[:20] + "..."
    if text.startswith("-") and text[1:].isascii() and text[1:].isdigit():
        raise argparse.ArgumentTypeError(f"a seed must be 0 or more, not {shown}")
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"not an integer: {shown!r}")


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """Add the rule option flags (R-9.1, R-3.2, R-8.3, R-5.4.1, R-6.7.2)."""
    group = parser.add_argument_group("rule options")
    group.add_argument("--tactical", action="store_true", help="no special cards (R-9.1)")
    group.add_argument(
        "--short-game", action="store_true", help="two of a kind or any three businesses win"
    )
    group.add_argument(
        "--optional-actions", action="store_true", help="a turn may end after fewer actions"
    )
    group.add_argument(
        "--limousine-any-cards",
        action="store_true",
        help="a Limousine may move any of the player's cards",
    )
    group.add_argument(
        "--optional-reinforcement",
        action="store_true",
        help="a tied player may decline to reinforce",
    )


def rule_options(args: argparse.Namespace) -> RuleOptions:
    """The rule options chosen by the flags of :func:`add_rule_options`."""
    return RuleOptions(
        tactical=args.tactical,
        short_game=args.short_game,
        optional_actions=args.optional_actions,
        limousine_any_cards=args.limousine_any_cards,
        optional_reinforcement=args.optional_reinforcement,
    )


def add_spread_arguments(parser: argparse.ArgumentParser, workers: str, work: str) -> None:
    """Add ``--workers N`` (with the help ``workers``) or ``--scheduler ADDRESS`` to ``parser``.

    ``work`` names what the cluster's workers do, for the help of ``--scheduler``.
    """
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--workers", type=int_in(1, None), default=1, metavar="N", help=workers)
    group.add_argument(
        "--scheduler",
        type=scheduler_argument,
        metavar="ADDRESS",
        help=f"send {work} to the workers of the Dask cluster whose scheduler is at ADDRESS "
        "(tcp://HOST:PORT); needs the cluster extra, and chicago-poker on every worker",
    )


def spread(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments that spread the work as ``args`` say: workers, or a scheduler."""
    if args.scheduler is not None:
        return {"scheduler": args.scheduler}
    return {"workers": args.workers}
