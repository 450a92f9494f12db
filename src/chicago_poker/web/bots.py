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
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import orjson
from attrs import frozen

from chicago_poker.core.commands import Command
from chicago_poker.core.views import view
from chicago_poker.formats.entries import dump_entry
from chicago_poker.formats.jsonio import command_from_json, to_json
from chicago_poker.formats.log import RedactedLogEntry
from chicago_poker.players.bots import Bot, HeuristicBot, ask
from chicago_poker.players.game import Game
from chicago_poker.players.simulate import Narrator
from chicago_poker.protocol.spec import parse_bot
from chicago_poker.web.thinking import Job, move_seed, think

__all__ = ["TableBots", "Turn"]


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

    def __init__(self, kinds: Sequence[str | None], seed: int) -> None:
        """The bots of ``kinds`` (a name of :data:`~chicago_poker.BOTS` per seat, or None).

        A name may carry settings (``search:iterations=500``), as
        :func:`~chicago_poker.protocol.spec.parse_bot` reads them; a program (``cmd:``) has
        no place at a web table.

        ``seed`` is the table's: each bot that chooses at once is seeded from it and its
        seat, and each move of a bot that thinks from it, its seat and the move.
        """
        self.kinds = {seat: kind for seat, kind in enumerate(kinds) if kind}
        """The name of each bot, by seat."""
        self.seed = seed
        self.bots: dict[int, Bot] = {
            seat: parse_bot(kind).make(seed * 10 + seat) for seat, kind in self.kinds.items()
        }
        self._told = {
            seat: _Lines()
            for seat, bot in self.bots.items()
            if callable(getattr(bot, "observe", None))
        }
        self._narrator = Narrator(self._told)

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
            bot=self.kinds[turn.seat],
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
