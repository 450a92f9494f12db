"""Seeded random games: one player of random legal commands, shared by every test.

:func:`play_random` plays the commands a policy chooses among the legal ones until the game
is over (``GameState.is_over``: won, blocked or stalled) or a number of commands is reached.
:func:`random_game` deals a new game at the seats of :data:`scenarios.NAMES` and plays it
with a policy seeded like the deal, so one seed gives one game.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

from chicago_poker.core.commands import Command
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState
from chicago_poker.players.game import Game
from scenarios import NAMES

Policy = Callable[[GameState, Sequence[Command], random.Random], Command]
"""Chooses one of the legal commands of a state, drawing on a seeded generator."""

MAX_COMMANDS = 3_000
"""Far more commands than a random game takes (a few hundred)."""

ALL_OPTIONS = tuple(RuleOptions(*flags) for flags in itertools.product((False, True), repeat=5))
"""The 32 combinations of the five rule options."""


def uniform(state: GameState, legal: Sequence[Command], rng: random.Random) -> Command:
    """Any legal command, each as likely."""
    return rng.choice(legal)


def by_kind(state: GameState, legal: Sequence[Command], rng: random.Random) -> Command:
    """A random command of a random kind: draws, Limousines, Bribery... as often as plays.

    Choosing among all commands alike mostly plays gangster cards, of which there are many;
    choosing the kind first also brings hands to the hand limit (R-3.9).
    """
    kinds: dict[type, list[Command]] = {}
    for command in legal:
        kinds.setdefault(type(command), []).append(command)
    return rng.choice(rng.choice(list(kinds.values())))


def play_random(
    game: Game,
    rng: random.Random,
    *,
    commands: int = MAX_COMMANDS,
    policy: Policy = uniform,
) -> Game:
    """Play ``game`` on with ``policy`` until it is over, or for at most ``commands`` commands.

    Chance is the game's own dealer. Returns ``game``.
    """
    for _ in range(commands):
        if game.state.is_over:
            break
        game.execute(policy(game.state, game.legal_commands(), rng))
    return game


def random_game(
    players: int,
    options: RuleOptions | None = None,
    *,
    seed: int,
    commands: int = MAX_COMMANDS,
    policy: Policy = uniform,
) -> Game:
    """A game of the first ``players`` seats dealt with ``seed``, played by ``policy`` seeded alike.

    The game is played to its end, or for at most ``commands`` commands (see
    :func:`play_random`).
    """
    game = Game.new(NAMES[:players], options, seed=seed)
    return play_random(game, random.Random(seed), commands=commands, policy=policy)
