"""Bots: players that choose a command from what their seat may know.

A bot sees only a :class:`~chicago_poker.core.views.PlayerView` (never the state) and the commands
its seat may give now (:func:`chicago_poker.core.legal.legal_commands`); it returns one of them.
Bots are deterministic for a seed.

- :class:`RandomBot` picks uniformly among the legal commands.
- :class:`HeuristicBot` builds strong hands where it can win, places the fifth card of a
  column only when its hand looks best there, draws when its hand is weak and uses special
  cards when they help (:mod:`chicago_poker.players.heuristic`).
- ``search`` (:class:`~chicago_poker.players.search.SearchBot`) looks ahead over the games
  its seat's history allows; its module is imported when the first one is made (:data:`BOTS`).
  ``search-easy`` and ``search-hard`` search less and more (its
  :data:`~chicago_poker.players.search.LEVELS`).

>>> from chicago_poker.players.game import Game
>>> from chicago_poker.core.views import view
>>> game = Game.new(["Al", "Bugs"], seed=3)
>>> seat = game.state.turn.player
>>> command = HeuristicBot(1).choose(view(game.state, seat), game.legal_commands(seat))
>>> command in game.legal_commands(seat)
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Final, Protocol

from chicago_poker.core.commands import Command
from chicago_poker.core.state import GameState
from chicago_poker.core.views import PlayerView, view
from chicago_poker.players.heuristic import HeuristicBot, power

__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "ViewlessBot", "ask", "power"]


class Bot(Protocol):
    """A player: chooses one of the legal commands from what its seat may know."""

    name: str
    """The bot's kind, such as ``"random"``."""

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """Choose one of ``legal`` (never empty), knowing only ``view``."""
        ...  # pragma: no cover


class ViewlessBot(Bot, Protocol):
    """A bot whose choice never depends on the view: it can choose without one.

    Building a view costs more than a random choice, so :func:`ask` (and with it
    :func:`~chicago_poker.players.simulate.play_bots`) builds none for such a bot.
    """

    def choose_without_view(self, legal: Sequence[Command]) -> Command:
        """The command :meth:`choose` would give with any view, and with the same effect."""
        ...  # pragma: no cover


def ask(bot: Bot, state: GameState, seat: int, legal: Sequence[Command]) -> Command:
    """The command ``bot`` chooses for ``seat`` from ``legal``, knowing only the seat's view.

    The view is built only for a bot that reads it: a bot with a ``choose_without_view``
    method (a :class:`ViewlessBot`) is asked through that method instead.

    >>> from chicago_poker.players.game import Game
    >>> game = Game.new(["Al", "Bugs"], seed=3)
    >>> seat = game.state.turn.player
    >>> legal = game.legal_commands(seat)
    >>> asked = ask(RandomBot(1), game.state, seat, legal)
    >>> asked == RandomBot(1).choose(view(game.state, seat), legal)
    True
    """
    without_view: Callable[[Sequence[Command]], Command] | None = getattr(
        bot, "choose_without_view", None
    )
    if without_view is not None:  # the bound method: a ViewlessBot's choice
        return without_view(legal)
    return bot.choose(view(state, seat), legal)


class RandomBot:
    """Chooses uniformly among the legal commands; it needs no view (a :class:`ViewlessBot`)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        """Create the bot; the same seed gives the same choices."""
        self._random = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """Any legal command, each as likely."""
        return self.choose_without_view(legal)

    def choose_without_view(self, legal: Sequence[Command]) -> Command:
        """Any legal command, each as likely: what :meth:`choose` gives, without a view."""
        # choice draws as randrange(len(legal)) does (Python 3.10 to 3.13): the same seed
        # gives the same commands as before.
        return self._random.choice(legal)


def _search_bot(seed: int | None, level: str = "normal") -> Bot:
    """A :class:`~chicago_poker.players.search.SearchBot` of ``level`` (``LEVELS``).

    Its module is imported when the first is made: the search needs the referee's knowledge
    model, which the other bots do without.
    """
    from chicago_poker.players.search import LEVELS, SearchBot

    bot = SearchBot(seed, iterations=LEVELS[level])
    bot.name = "search" if level == "normal" else f"search-{level}"  # its name in BOTS
    return bot


BOTS: Final[dict[str, Callable[[int | None], Bot]]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": _search_bot,
    "search-easy": functools.partial(_search_bot, level="easy"),
    "search-hard": functools.partial(_search_bot, level="hard"),
}
"""The bots by name, each built from a seed: a class, or a function that imports its class."""
