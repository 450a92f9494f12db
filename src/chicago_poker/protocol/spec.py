"""One way to name a bot, wherever it runs: built in, a Python class, or a program.

- ``heuristic``, ``random``: a built-in bot (:data:`~chicago_poker.players.bots.BOTS`), in
  this process;
- ``module:Class``, such as ``mybots.greedy:Greedy``: a class of an importable module, made
  with a seed like the built-in ones (``Class(seed)``), in this process;
- ``cmd:COMMAND``, such as ``cmd:node examples/random-bot.js``: a program that speaks the
  bot protocol, split into words as a POSIX shell would split it, in a process of its own.

>>> parse_bot("heuristic").kind, parse_bot("cmd:node bot.js").argv
('builtin', ('node', 'bot.js'))
"""

from __future__ import annotations

import importlib
import re
import shlex
from typing import Final

from attrs import frozen

from chicago_poker.core.errors import InvalidArgumentError, short_repr
from chicago_poker.players.bots import BOTS, Bot
from chicago_poker.protocol.table import Clock, RemoteBot

__all__ = ["BotSpec", "parse_bot"]

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
