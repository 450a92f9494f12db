"""The bots of a web table: which may move, what each is told, and how its move is chosen.

The heuristic and random bots choose at once, on the server's event loop: a move takes well
under a millisecond. A bot that is told its seat's history (one with an ``observe`` method,
a search bot) thinks in a worker process instead (:mod:`chicago_poker.web.thinking`):
:class:`TableBots` keeps the history of each such seat as the entry lines of its redacted
log, redacted once per entry by the :class:`~chicago_poker.players.simulate.Narrator` that
tells bots everywhere, and makes the :class:`~chicago_poker.web.thinking.Job` of each of its
moves. Each of its moves is chosen by a bot made for that move, seeded from the table's seed,
the seat and the move (:func:`~chicago_poker.web.thinking.move_seed`): wherever it thinks,
the same table plays the same game. A lone legal command goes to no worker: the search bot
plays it at once.

**Which bots a table may seat** is the server's to say, never a browser's: a browser names
a bot of the :class:`Roster`, and only the operator of the server adds to it (``serve --bot
NAME=SPEC``, the spec read by :func:`~chicago_poker.protocol.spec.parse_bot`). So no client
can make the server import a module or start a program. The roster holds the built-in bots
and the trained policy bot (``trained``, which needs NumPy: without it the roster says it is
unavailable, and why). The trained bot chooses at once, like the heuristic bot (about
0.4 ms of CPU a move against the heuristic's 0.1 ms): a worker would cost more in pipes and
history than its move, and would import NumPy into every worker.
"""

from __future__ import annotations

import importlib.util
import re
import time
from collections.abc import Iterable, Sequence
from typing import Final

import orjson
from attrs import frozen

from chicago_poker.core.commands import Command
from chicago_poker.core.errors import InvalidArgumentError
from chicago_poker.core.views import view
from chicago_poker.formats.entries import dump_entry
from chicago_poker.formats.jsonio import command_from_json, to_json
from chicago_poker.formats.log import RedactedLogEntry
from chicago_poker.players.bots import Bot, HeuristicBot, ask
from chicago_poker.players.game import Game
from chicago_poker.players.simulate import Narrator
from chicago_poker.protocol.spec import parse_bot
from chicago_poker.web.requests import TableError
from chicago_poker.web.thinking import Job, move_seed, think

__all__ = ["Roster", "ServedBot", "TableBots", "Turn", "served_bot"]

TRAINED: Final = "chicago_poker.ai.linear_policy:TrainedBot"
"""The spec of the trained policy bot, ``trained`` on the web tables."""

_NAME: Final = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")


@frozen
class ServedBot:
    """A bot a server's tables may seat: the name browsers give, and what it is."""

    name: str
    """The name a table request gives (``strong``)."""

    spec: str
    """The bot, as :func:`~chicago_poker.protocol.spec.parse_bot` reads it
    (``search:iterations=2000``)."""

    label: str
    """The words of the page's menu."""

    unavailable: str | None = None
    """Why this server cannot seat the bot (a missing extra), or None."""

    def menu(self) -> dict[str, str | bool | None]:
        """The bot's entry in the page's menu and in ``GET /bots``."""
        return {
            "name": self.name,
            "label": self.label,
            "available": self.unavailable is None,
            "reason": self.unavailable,
        }


_BUILT_IN: Final = (
    ("heuristic", "heuristic", "heuristic bot"),
    ("random", "random", "random bot"),
    ("search-easy", "search-easy", "search bot, easy (0.05 s a move)"),
    ("search", "search", "search bot (0.1 s a move)"),
    ("search-hard", "search-hard", "search bot, hard (0.4 s a move)"),
    ("trained", TRAINED, "trained bot (a linear policy)"),
)
"""The bots every server offers: name, spec and label. The search bots' times are a move's
on a 4-player table, on the machine of the documentation's figures."""


def _missing_numpy() -> str | None:
    """Why the trained bot cannot be seated (NumPy is missing), or None if it can."""
    try:
        found = importlib.util.find_spec("numpy")
    except (ImportError, ValueError):  # ValueError: numpy in sys.modules, set to None
        found = None
    if found is not None:
        return None
    return 'NumPy is not installed on this server (pip install "chicago-poker[ai]")'


def served_bot(text: str) -> tuple[str, str]:
    """The name and spec of ``serve --bot NAME=SPEC``, both checked.

    >>> served_bot("strong=search:iterations=2000")
    ('strong', 'search:iterations=2000')

    Raises:
        InvalidArgumentError: no ``=``, a name that is not 1 to 32 lower-case letters,
            digits, ``-`` or ``_``, a spec that names no bot, or a program (``cmd:``).
    """
    name, equals, spec = text.partition("=")
    if not equals or not _NAME.fullmatch(name):
        raise InvalidArgumentError(
            f"{text!r}: give NAME=SPEC, NAME 1 to 32 lower-case letters, digits, - "
            "or _ (strong=search:iterations=2000)"
        )
    if parse_bot(spec).remote:
        raise InvalidArgumentError(
            f"{text!r}: a program (cmd:) cannot sit at a web table; give a built-in "
            "bot with its settings, or module:Class"
        )
    return name, spec


class Roster:
    """The bots a server's tables may seat, by the names table requests give.

    The built-in bots and ``trained`` come first, then the operator's (``serve --bot``), in
    the order given. A browser names one of these, and nothing else.
    """

    def __init__(self, extra: Iterable[tuple[str, str]] = ()) -> None:
        """The built-in bots and the operator's ``extra`` (name, spec) pairs.

        Each of ``extra`` is made once, here, so that a class that cannot be imported or
        refuses its settings stops the server at its start, not a table later.

        Raises:
            InvalidArgumentError: a name given twice or a built-in's, or a bot that cannot
                be made (the message names it and why).
        """
        missing = _missing_numpy()
        self.bots: dict[str, ServedBot] = {
            name: ServedBot(name, spec, label, missing if spec == TRAINED else None)
            for name, spec, label in _BUILT_IN
        }
        """The bots by name, in the menu's order."""
        for name, spec in extra:
            if name in self.bots:
                raise InvalidArgumentError(
                    f"--bot {name}={spec}: {name!r} is taken: the names are {', '.join(self.bots)}"
                )
            parse_bot(spec).make(0)
            self.bots[name] = ServedBot(name, spec, f"{name}: {spec}")

    @property
    def names(self) -> tuple[str, ...]:
        """The names a table request may give, available or not."""
        return tuple(self.bots)

    def spec(self, name: str) -> str:
        """The spec of the bot ``name``.

        Raises:
            TableError: ``name`` is no bot of the roster (``bad-request``), or one this
                server cannot seat (``bot-unavailable``), saying why.
        """
        served = self.bots.get(name)
        if served is None:
            raise TableError(
                f"{name!r} is not a bot of this server; its bots are {', '.join(self.bots)}",
                code="bad-request",
            )
        if served.unavailable is not None:
            raise TableError(
                f"the {name} bot is unavailable: {served.unavailable}", code="bot-unavailable"
            )
        return served.spec

    def menu(self) -> list[dict[str, str | bool | None]]:
        """Every bot's entry in the page's menu, in order."""
        return [served.menu() for served in self.bots.values()]


@frozen
class Turn:
    """A move a bot is to make: its seat, its legal commands and where the game stands."""

    seat: int
    """The bot's seat."""

    legal: tuple[Command, ...]
    """The seat's legal commands (never empty)."""

    move: int
    """How many entries the game's history held when the bot was asked."""


class _Lines:
    """A seat's redacted history, as the entry lines of its redacted log."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def observe(self, entry: RedactedLogEntry) -> None:
        self.lines.append(dump_entry(entry, engine_made=True))

    def forget(self) -> None:
        self.lines.clear()


class TableBots:
    """The bots of one table, by seat, and the history of each bot that is told it."""

    def __init__(
        self, kinds: Sequence[str | None], seed: int, roster: Roster | None = None
    ) -> None:
        """The bots of ``kinds`` (a name of ``roster``'s per seat, or None for a person).

        ``roster`` is the server's (by default the built-in bots and ``trained``): it gives
        each name's spec, as :func:`~chicago_poker.protocol.spec.parse_bot` reads it.
        ``seed`` is the table's: each bot that chooses at once is seeded from it and its
        seat, and each move of a bot that thinks from it, its seat and the move.

        Raises:
            TableError: a name that is not the roster's, or a bot it cannot seat here.
        """
        roster = roster if roster is not None else Roster()
        self.kinds = {seat: kind for seat, kind in enumerate(kinds) if kind}
        """The name of each bot, by seat."""
        self.specs = {seat: roster.spec(kind) for seat, kind in self.kinds.items()}
        """The spec of each bot, by seat: what a worker makes it from."""
        self.seed = seed
        self.bots: dict[int, Bot] = {
            seat: self._make(seat, spec) for seat, spec in self.specs.items()
        }
        self._told = {
            seat: _Lines()
            for seat, bot in self.bots.items()
            if callable(getattr(bot, "observe", None))
        }
        self._narrator = Narrator(self._told)

    def _make(self, seat: int, spec: str) -> Bot:
        """The bot of ``seat``, seeded from the table's seed and the seat.

        Raises:
            TableError: the bot cannot be made here (its module cannot be imported, or it
                refuses its settings or its files).
        """
        try:
            return parse_bot(spec).make(self.seed * 10 + seat)
        except ValueError as error:  # InvalidArgumentError is one
            raise TableError(
                f"the {self.kinds[seat]} bot is unavailable: {error}", code="bot-unavailable"
            ) from None

    def turn(self, game: Game) -> Turn | None:
        """The move of the first bot, by seat, that may act in ``game`` now; None if none may."""
        for seat in self.bots:
            legal = game.legal_commands(seat)
            if legal:
                return Turn(seat, tuple(legal), len(game.history))
        return None

    def job(self, game: Game, turn: Turn, seconds: float | None) -> Job | None:
        """The job of ``turn`` for a worker, whose bot thinks at most ``seconds``.

        None for a bot that chooses at once, and for a lone legal command.
        """
        told = self._told.get(turn.seat)
        if told is None or len(turn.legal) == 1:
            return None
        self._narrator.tell(game)
        return Job(
            bot=self.specs[turn.seat],
            seed=move_seed(self.seed, turn.seat, turn.move),
            seat=turn.seat,
            history=tuple(told.lines),
            view=orjson.dumps(to_json(view(game.state, turn.seat))).decode(),
            legal=orjson.dumps(to_json(list(turn.legal))).decode(),
            seconds=seconds,
            asked=None if seconds is None else time.time(),
        )

    def choose_here(self, game: Game, turn: Turn) -> Command:
        """The bot's command for ``turn``, chosen in this process.

        A bot that thinks in a worker thinks here instead, by its iterations alone: it
        chooses what a worker's bot that is not stopped by the clock chooses.
        """
        job = self.job(game, turn, None)
        if job is not None:
            return command_from_json(orjson.loads(think(job)))
        return ask(self.bots[turn.seat], game.state, turn.seat, turn.legal)

    def fallback(self, game: Game, turn: Turn) -> Command:
        """The heuristic bot's choice for ``turn``: what a bot that could not think plays."""
        bot = HeuristicBot(move_seed(self.seed, turn.seat, turn.move))
        return bot.choose(view(game.state, turn.seat), turn.legal)
