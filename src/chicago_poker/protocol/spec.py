"""One way to name a bot, wherever it runs: built in, a Python class, or a program.

- ``heuristic``, ``random``: a built-in bot (:data:`~chicago_poker.players.bots.BOTS`), in
  this process;
- ``module:Class``, such as ``mybots.greedy:Greedy``: a class of an importable module, made
  with a seed like the built-in ones (``Class(seed)``), in this process;
- ``cmd:COMMAND``, such as ``cmd:node examples/random-bot.js``: a program that speaks the
  bot protocol, split into words as a POSIX shell would split it, in a process of its own.

:func:`play_named` plays one game between bots named so: ``chicago-poker simulate`` plays
its games with it when a bot is not built in.

>>> parse_bot("heuristic").kind, parse_bot("cmd:node bot.js").argv
('builtin', ('node', 'bot.js'))
"""

from __future__ import annotations

import importlib
import re
import shlex
from collections.abc import Sequence
from typing import Final

from attrs import frozen

from chicago_poker.core.errors import InvalidArgumentError, short_repr
from chicago_poker.core.rules import RuleOptions
from chicago_poker.players.bots import BOTS, Bot
from chicago_poker.players.game import Game
from chicago_poker.players.simulate import Played, player_names
from chicago_poker.protocol.process import BotError
from chicago_poker.protocol.table import Clock, RemoteBot, bot_seed, play_table

__all__ = ["BotSpec", "parse_bot", "play_named"]

_CLASS: Final = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*")


@frozen
class BotSpec:
    """A bot named by :func:`parse_bot`: what it is and how to make or start it."""

    text: str
    """The name as given."""

    kind: str
    """``"builtin"``, ``"class"`` or ``"command"``."""

    argv: tuple[str, ...] = ()
    """The program and its arguments, for a ``"command"``."""

    @property
    def remote(self) -> bool:
        """Whether the bot runs in a process of its own."""
        return self.kind == "command"

    def make(self, seed: int) -> Bot:
        """A new in-process bot, seeded.

        Raises:
            InvalidArgumentError: A command (start it instead), or a class that cannot be
                imported.
        """
        if self.kind == "builtin":
            return BOTS[self.text](seed)
        if self.kind == "class":
            module, _, name = self.text.partition(":")
            try:
                cls = getattr(importlib.import_module(module), name)
            except (ImportError, AttributeError) as error:
                raise InvalidArgumentError(f"bot {self.text!r}: {error}") from None
            bot: Bot = cls(seed)
            return bot
        raise InvalidArgumentError(f"bot {self.text!r} is a program: start it")

    def start(self, clock: Clock, label: str) -> RemoteBot:
        """Start the program and go through the handshake (see :class:`RemoteBot`)."""
        return RemoteBot(self.argv, label=label, clock=clock)


def parse_bot(text: str) -> BotSpec:
    """The bot named by ``text``.

    Raises:
        InvalidArgumentError: ``text`` names no bot: an unknown built-in name, an empty
            command, or quotes that do not close.
    """
    if text.startswith("cmd:"):
        try:
            argv = tuple(shlex.split(text[4:]))
        except ValueError as error:
            raise InvalidArgumentError(f"bot {short_repr(text)}: {error}") from None
        if not argv:
            raise InvalidArgumentError(f"bot {short_repr(text)}: the command is empty")
        return BotSpec(text, "command", argv)
    if text in BOTS:
        return BotSpec(text, "builtin")
    if _CLASS.fullmatch(text):
        return BotSpec(text, "class")
    raise InvalidArgumentError(
        f"unknown bot {short_repr(text)}: give {', '.join(BOTS)}, module:Class or cmd:COMMAND"
    )


def play_named(options: RuleOptions, bots: Sequence[str], seed: int, index: int = 0) -> Played:
    """Play one game between the bots named by ``bots``, one a seat, as :func:`parse_bot` has it.

    The dealer is seeded by ``seed``; each seat's bot plays with
    :func:`~chicago_poker.protocol.table.bot_seed` of it, in this process or in its own
    (whose ``new_game`` carries that seed), so a bot plays the same game either way. Each
    program is started for the game, with the default :class:`Clock`, and ended after it.
    A program that cannot start, or that breaks the protocol or its time, ends the game:
    the result names the termination and the seat. This is a
    :data:`~chicago_poker.players.simulate.Play`, for ``simulate``.

    >>> played = play_named(RuleOptions(), ["random", "heuristic"], seed=5)
    >>> played.termination, played.faulty, played.game.state.is_over
    ('finished', None, True)

    Raises:
        InvalidArgumentError: A name that names no bot, or a class that cannot be imported.
    """
    specs = [parse_bot(text) for text in bots]
    names = player_names(bots)
    clock = Clock()
    started: list[RemoteBot] = []
    players: list[Bot | RemoteBot] = []
    try:
        for seat, spec in enumerate(specs):
            if not spec.remote:
                players.append(spec.make(bot_seed(seed, seat)))
                continue
            try:
                bot = spec.start(clock, f"seat {seat} ({spec.text})")
            except BotError as fault:
                return Played(Game.new(names, options, seed), fault.reason, seat)
            started.append(bot)
            players.append(bot)
        result = play_table(options, players, seed, names=names, index=index)
        return Played(result.game, result.reason, result.seat)
    finally:
        for bot in started:
            bot.close()
