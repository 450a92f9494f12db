"""A Gymnasium environment of Chicago Poker: one learner against the library's bots.

The learner sits at ``seat`` (0 by default) of a table of 2 to 6 players; the library's bots,
chosen by name (``"random"`` or ``"heuristic"``, see :data:`~chicago_poker.BOTS`), play the
other seats between the learner's steps. Its id is ``chicago_poker/ChicagoPoker-v0``, once
this module is imported::

    gymnasium.make("chicago_poker/ChicagoPoker-v0", players=2, opponents="random")

The observation is the PettingZoo environment's: a dict of ``"observation"``, the learner's
view as the tensor of :mod:`chicago_poker.ai.observation`, and ``"action_mask"``, 1 for each
id of :mod:`chicago_poker.ai.actions` the learner may give now. When a shootout's tied
players choose their reinforcements at once (R-6.7.2), the seats choose in seat order; each
sees only its own view, which shows who has chosen, never what.

``reset(seed=n)`` gives the same game, bots' choices included, every time: the deal and each
bot's seed are drawn from the environment's generator, which the seed sets.

Rewards come at the end only, as in the PettingZoo environment: 1 if the learner wins,
``-1/(n-1)`` if another player does, and 0 for a game without a winner (blocked, R-8.6, or
stalled, R-8.7). Every game ends by the rules, so the end of a game is a termination;
``max_commands`` (player commands, the bots' included) truncates earlier, with a reward of 0.

An action outside the mask is a forfeit by default (``illegal="lose"``): the episode
terminates with a reward of -1, the game unchanged, and ``info["illegal_action"]`` true. A
random agent that ignores the mask therefore ends its episodes at once, as PettingZoo's
``TerminateIllegalWrapper`` does; with ``illegal="raise"`` such an action raises
``ValueError`` instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt

from chicago_poker import (
    BOTS,
    Bot,
    Command,
    Game,
    GameState,
    RandomBot,
    RuleOptions,
    legal_commands,
    view,
)
from chicago_poker.ai.actions import ACTION_COUNT, command_of, ids_of
from chicago_poker.ai.observation import encode
from chicago_poker.ai.spaces import (
    OBSERVATION_HIGH,
    action_mask,
    check_players,
    check_render_mode,
    observation_space,
    render_table,
)

__all__ = [
    "ENV_ID",
    "OBSERVATION_HIGH",
    "ChicagoPokerGymEnv",
    "action_mask",
    "observation_space",
]

ENV_ID: Final = "chicago_poker/ChicagoPoker-v0"
"""The environment's id in Gymnasium's registry."""

ObsDict = dict[str, npt.NDArray[Any]]


class ChicagoPokerGymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One learner at ``seat`` against bots at every other seat."""

    # An instance variable of gymnasium.Env, given its value here as Gymnasium's own do.
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        players: int = 2,
        opponents: str | Sequence[str] = "random",
        seat: int = 0,
        options: RuleOptions | None = None,
        render_mode: str | None = None,
        max_commands: int | None = None,
        illegal: str = "lose",
    ) -> None:
        """A table of ``players`` (2 to 6); the learner at ``seat``, bots elsewhere.

        ``opponents`` names the bot of every other seat (one name), or of each other seat in
        seat order (one name each), from :data:`~chicago_poker.BOTS`.

        Raises:
            ValueError: ``players`` is not 2 to 6, ``seat`` not a seat of the table, a bot's
                name unknown or their number wrong, ``render_mode`` or ``illegal`` not
                supported.
        """
        check_players(players)
        self.opponents = _opponents(players, seat, opponents)
        check_render_mode(render_mode, self.metadata["render_modes"])
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.players = players
        self.seat = seat
        self.options = options or RuleOptions()
        self.render_mode = render_mode
        self.max_commands = max_commands
        self.illegal = illegal
        self.observation_space = observation_space()
        self.action_space = gymnasium.spaces.Discrete(ACTION_COUNT)
        self._names = [f"player_{number}" for number in range(players)]
        self._bots: dict[int, Bot] = {}
        self._game: Game | None = None
        self._commands = 0
        self._over = True
        self._allowed: frozenset[int] = frozenset()

    @property
    def game(self) -> Game:
        """The game being played (whole: every secret in it)."""
        if self._game is None:
            raise RuntimeError("reset() the environment first")
        return self._game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        """Deal a new game, and let the bots play up to the learner's first decision."""
        super().reset(seed=seed)
        draw = self.np_random.integers
        deal = int(draw(2**62))
        others = [number for number in range(self.players) if number != self.seat]
        self._bots = {
            number: BOTS[name](int(draw(2**62)))
            for number, name in zip(others, self.opponents, strict=True)
        }
        self._game = Game.new(self._names, self.options, seed=deal)
        self._commands = 0
        self._over = False
        terminated, truncated = self._play_bots()
        self._over = terminated or truncated
        return self._observe(), {}

    def step(self, action: np.int64 | int) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        """The learner gives the command of ``action``; the bots play until it decides again.

        Raises:
            ValueError: ``action`` is outside the mask and ``illegal`` is ``"raise"``.
            RuntimeError: the episode is over: reset first.
        """
        if self._over:
            raise RuntimeError("the episode is over: reset() the environment first")
        number = int(action)
        if number not in self._allowed:
            return self._refuse(number)
        game = self.game
        game.execute(command_of(game.state, self.seat, number))
        self._commands += 1
        terminated, truncated = self._play_bots()
        self._over = terminated or truncated
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._reward(terminated), terminated, truncated, {}

    def _refuse(self, number: int) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        """An id outside the mask: raise, or forfeit the episode, as ``illegal`` says."""
        if self.illegal == "raise":
            raise ValueError(f"action {number} is not in the action mask")
        self._over = True
        return self._observe(), -1.0, True, False, {"illegal_action": True}

    def _play_bots(self) -> tuple[bool, bool]:
        """Let the bots play until the learner decides; whether the game ended or was cut."""
        game = self.game
        while True:
            state = game.state
            ended = self._ended(state)
            if ended is not None:
                self._allowed = frozenset()
                return ended
            seat, legal = _decider(state)
            if seat == self.seat:
                self._allowed = frozenset(ids_of(state, legal))
                return False, False
            game.execute(self._choose(self._bots[seat], seat, legal))
            self._commands += 1

    def _ended(self, state: GameState) -> tuple[bool, bool] | None:
        """Whether the episode ends at ``state``, terminated or truncated; None if it goes on."""
        if state.is_over:
            return True, False
        if self.max_commands is not None and self._commands >= self.max_commands:
            return False, True
        return None

    def _choose(self, bot: Bot, seat: int, legal: Sequence[Command]) -> Command:
        """The bot's command; a random bot needs no view, which costs more than its choice."""
        if isinstance(bot, RandomBot):
            return bot.choose_without_view(legal)
        return bot.choose(view(self.game.state, seat), legal)

    def _reward(self, terminated: bool) -> float:
        winner = self.game.state.winner
        if not terminated or winner is None:
            return 0.0
        return 1.0 if winner == self.seat else -1.0 / (self.players - 1)

    def _observe(self) -> ObsDict:
        state = self.game.state
        return {
            "observation": encode(view(state, self.seat)),
            "action_mask": action_mask(self._allowed),
        }

    def render(self) -> str | None:
        """The library's table of the game as a spectator sees it (no secret shown).

        ``"ansi"`` returns it; ``"human"`` prints it.
        """
        return render_table(self.game, self.render_mode)


def _opponents(players: int, seat: int, opponents: str | Sequence[str]) -> tuple[str, ...]:
    """The bots' names, one for each seat but the learner's ``seat``, checked."""
    if not 0 <= seat < players:
        raise ValueError(f"seat must be 0 to {players - 1}, not {seat}")
    names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
    if len(names) != players - 1:
        raise ValueError(f"one bot for each of the {players - 1} other seats, not {names}")
    unknown = [name for name in names if name not in BOTS]
    if unknown:
        raise ValueError(f"unknown bots {unknown}: the bots are {sorted(BOTS)}")
    return tuple(names)


def _decider(state: GameState) -> tuple[int, tuple[Command, ...]]:
    """The first seat that has a command to give in ``state``, and its commands."""
    for seat in range(len(state.players)):
        legal = legal_commands(state, seat)
        if legal:
            return seat, legal
    raise RuntimeError(f"no seat may act in a game that is not over: {state!r}")


gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:ChicagoPokerGymEnv")
