"""A PettingZoo AEC environment of Chicago Poker for 2 to 6 players.

Each agent, ``player_0`` to ``player_5``, sits at the seat of its number. The observation is a
dict, as in PettingZoo's classic card games: ``"observation"``, the seat's view as the tensor
of :mod:`chicago_poker.ai.observation`, and ``"action_mask"``, 1 for each id of
:mod:`chicago_poker.ai.actions` the seat may give now by the rules (all 0 for a seat that
has nothing to decide). Only ``agent_selection`` steps. In a shootout's tie-break (R-6.7.2)
every tied seat that has still to choose its reinforcement may choose, so each of them has a
non-zero mask, the seats not selected included: they choose when they are selected, in seat
order, and the choices made meanwhile do not change their mask.

Chance is the library's seeded :class:`~chicago_poker.Dealer`: ``reset(seed=n)`` deals the game
that ``Game.new(names, options, seed=n)`` deals. When a shootout's tied players choose their
reinforcements at once (R-6.7.2), the environment asks them one after another, in seat
order; each observes only its own view, which shows who has chosen, never what.

Rewards come at the end only: the winner gets 1 and every other player ``-1/(n-1)``, so the
rewards of a game sum to 0. A game without a winner, blocked (R-8.6) or stalled (R-8.7), ends
with 0 for everyone. Every game ends by the rules (at most :func:`~chicago_poker.command_bound`
commands), so an ended game is a termination, never a truncation; ``max_commands`` truncates
earlier, with rewards of 0.

:func:`env` is wrapped as PettingZoo's classic games are: ``TerminateIllegalWrapper`` (an
action outside the mask ends the game at once: the acting agent gets :data:`ILLEGAL_REWARD`,
-1, as a loss, every other agent 0, all are terminated and truncated, and PettingZoo logs a
warning), ``AssertOutOfBoundsWrapper`` (an id outside the action space, 0 to 2,959, fails an
assertion) and ``OrderEnforcingWrapper``: subclasses of PettingZoo's own, which read the
attributes an AEC loop reads at every step (``agent_selection``, ``terminations`` and the
like) from the environment in C rather than through each wrapper's ``__getattr__``; assign
them on ``unwrapped``, not on the wrapped environment. :func:`raw_env` is bare: an id outside
the mask raises ``ValueError``.
"""

from __future__ import annotations

import random
from operator import attrgetter
from typing import Any, ClassVar, Final, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from chicago_poker import (
    Awaiting,
    Command,
    Game,
    GameState,
    PlayerCommand,
    RuleOptions,
    awaiting,
    legal_commands,
    view,
)
from chicago_poker.ai.actions import ACTION_COUNT, commands_by_id
from chicago_poker.ai.observation import encode
from chicago_poker.ai.spaces import (
    OBSERVATION_HIGH,
    check_players,
    check_render_mode,
    observation_space,
    render_table,
)

__all__ = ["ILLEGAL_REWARD", "OBSERVATION_HIGH", "ChicagoPokerEnv", "env", "raw_env"]

ObsDict = dict[str, npt.NDArray[Any]]

_MASK_TYPE: Final = np.dtype(np.int8)
"""The type of the action mask's numbers, as the observation space declares them."""


_ACTION: Final = Awaiting.ACTION  # bound once: Python 3.11 looks up an enum member slowly


def deciders(game: Game) -> list[int]:
    """The seats that have a command to give now, in seat order."""
    return _deciders(game.state)


def _deciders(state: GameState) -> list[int]:
    """The seats that have a command to give in ``state``, in seat order."""
    return [seat for seat in range(len(state.players)) if legal_commands(state, seat)]


class ChicagoPokerEnv(AECEnv):  # type: ignore[misc]  # PettingZoo has no type information
    """The AEC environment; :func:`env` wraps it as PettingZoo's own environments are."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "chicago_poker_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        players: int = 2,
        options: RuleOptions | None = None,
        render_mode: str | None = None,
        max_commands: int | None = None,
    ) -> None:
        """A table of ``players`` (2 to 6) under ``options``.

        Raises:
            ValueError: ``players`` is not 2 to 6, or ``render_mode`` is not supported.
        """
        super().__init__()
        check_players(players)
        check_render_mode(render_mode, self.metadata["render_modes"])
        self.options = options or RuleOptions()
        self.render_mode = render_mode
        self.max_commands = max_commands
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_space = observation_space()
        self._action_space = gymnasium.spaces.Discrete(ACTION_COUNT)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._action_space)
        self._seeds = random.Random()
        self._game: Game | None = None
        self._commands = 0
        self._kept: tuple[GameState, int, dict[int, Command]] | None = None

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The space of every agent's observation."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action ids, 0 to 2,959, for every agent."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ play

    @property
    def game(self) -> Game:
        """The game being played (whole: every secret in it)."""
        if self._game is None:
            raise RuntimeError("reset() the environment first")
        return self._game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: with ``seed``, the game ``Game.new`` deals with that seed."""
        if seed is not None:
            self._seeds.seed(seed)
            deal = seed
        else:
            deal = self._seeds.randrange(2**62)
        self._game = Game.new(self.possible_agents, self.options, seed=deal)
        self._commands = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        """Choose the agent to act, or end the game (with its rewards)."""
        state = self.game.state
        if state.victory is not None:
            self._end(state.winner)
            return
        if self.max_commands is not None and self._commands >= self.max_commands:
            self.truncations = dict.fromkeys(self.agents, True)
            return
        self.agent_selection = self.possible_agents[self._to_act(state)]

    def _to_act(self, state: GameState) -> int:
        """The seat to act in a game that is not over: the turn's player, or the first decider.

        In the action phase the turn's player's legal commands are listed (and kept for its
        observation and its step) rather than asked whether one exists: the same answer.
        """
        if awaiting(state, check_actions=False) is _ACTION:
            seat = state.turn.player
            if self._allowed(state, seat):
                return seat
        seats = _deciders(state)
        if not seats:
            raise RuntimeError(f"no seat may act in a game that is not over: {state!r}")
        return seats[0]

    def _end(self, winner: int | None) -> None:
        """Terminate every agent; the winner gets 1 and the others ``-1/(n-1)``, if one won."""
        count = len(self.possible_agents)
        for seat, agent in enumerate(self.possible_agents):
            if winner is not None:
                self.rewards[agent] = 1.0 if seat == winner else -1.0 / (count - 1)
            self.terminations[agent] = True
        self._accumulate_rewards()

    def step(self, action: int | None) -> None:
        """The selected agent gives the command of ``action`` (None once the game is over).

        Raises:
            ValueError: ``action`` is not in the agent's action mask.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # Every reward is 0 until the game ends (see _end): the rewards of the last step
        # stay those of reset(), and only the end adds them up.
        self._cumulative_rewards[agent] = 0.0
        game = self.game
        game.execute(self._command(agent, action, game.state))
        self._commands += 1
        self._select()
        if self.render_mode == "human":
            self.render()

    def _command(self, agent: str, action: int | None, state: GameState) -> PlayerCommand:
        """The command of ``action`` for ``agent`` in ``state``, which must be in its action mask.

        It is the legal command listed with that id (see :func:`_allowed`), which is the one
        :func:`~chicago_poker.ai.actions.command_of` reads the id as.
        """
        seat = self._seats[agent]
        command = None if action is None else self._allowed(state, seat).get(int(action))
        if command is None:
            raise ValueError(f"action {action!r} is not in the action mask of {agent}")
        return cast(PlayerCommand, command)  # a seat's legal commands are players' commands

    # ------------------------------------------------------------------ observing

    def observe(self, agent: str) -> ObsDict:
        """The agent's observation: its view as a tensor, and its action mask."""
        seat = self._seats[agent]
        state = self.game.state
        mask = bytearray(ACTION_COUNT)
        for action in self._allowed(state, seat):
            mask[action] = 1
        return {
            "observation": encode(view(state, seat)),
            "action_mask": np.frombuffer(mask, _MASK_TYPE),
        }

    def _allowed(self, state: GameState, seat: int) -> dict[int, Command]:
        """The legal commands of ``seat`` in ``state`` (now), by id, kept for that state."""
        kept = self._kept
        if kept is not None and kept[0] is state and kept[1] == seat:
            return kept[2]
        allowed = commands_by_id(state, legal_commands(state, seat))
        self._kept = (state, seat, allowed)
        return allowed

    def render(self) -> str | None:
        """The library's table of the game as a spectator sees it (no secret shown).

        ``"ansi"`` returns it; ``"human"`` prints it.
        """
        return render_table(self.game, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


def raw_env(**kwargs: Any) -> ChicagoPokerEnv:
    """The environment without wrappers; keyword arguments as :class:`ChicagoPokerEnv`."""
    return ChicagoPokerEnv(**kwargs)


ILLEGAL_REWARD = -1.0
"""The reward of an agent whose action is outside its mask, in :func:`env`: a loss."""


def env(**kwargs: Any) -> AECEnv:
    """The environment, wrapped as PettingZoo's classic games are (see the module's docstring).

    >>> table = env(players=3)
    >>> table.reset(seed=1)
    >>> table.step(2_959)  # not in the mask: the acting agent loses, the game ends
    >>> table.rewards
    {'player_0': -1.0, 'player_1': 0, 'player_2': 0}
    """
    wrapped = _TerminateIllegal(ChicagoPokerEnv(**kwargs), ILLEGAL_REWARD)
    return _OrderEnforcing(_AssertOutOfBounds(wrapped))


# PettingZoo's wrappers read every attribute of the environment they lack through
# `BaseWrapper.__getattr__`, which Python calls only after a failed look-up has made an
# AttributeError: `agent_selection`, read about 13 times a step by the loop and the wrappers
# themselves, cost a failed look-up and a Python call at each of the three wrappers. The
# subclasses below read the attributes an AEC loop reads at every step through properties
# whose getter is `operator.attrgetter`, in C, from the environment they wrap: the same
# object as `__getattr__` gives. Anything else still goes through `__getattr__`, as do these
# names where the wrapped environment lacks them (before `reset`), so PettingZoo's errors
# stay its own. Assigning one of them on a wrapper raises AttributeError (PettingZoo's set
# an attribute of the wrapper that the environment never read).


def _read_through(name: str) -> property:
    """A property that reads ``name`` from the wrapped environment (``self.env``), in C."""
    return property(attrgetter(f"env.{name}"))


class _ReadThrough:
    """The attributes an AEC loop reads at every step, read from the wrapped environment."""

    agent_selection = _read_through("agent_selection")
    agents = _read_through("agents")
    terminations = _read_through("terminations")
    truncations = _read_through("truncations")
    rewards = _read_through("rewards")
    infos = _read_through("infos")
    _cumulative_rewards = _read_through("_cumulative_rewards")


class _TerminateIllegal(_ReadThrough, wrappers.TerminateIllegalWrapper):  # type: ignore[misc]  # PettingZoo has no type information
    """PettingZoo's ``TerminateIllegalWrapper``, reading the loop's attributes in C."""


class _AssertOutOfBounds(_ReadThrough, wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]  # PettingZoo has no type information
    """PettingZoo's ``AssertOutOfBoundsWrapper``, reading the loop's attributes in C."""


def _agents_after_reset(wrapper: Any) -> list[str]:
    """The wrapped environment's agents, once ``reset`` was called."""
    if wrapper._has_reset:  # OrderEnforcingWrapper's own flag
        return cast(list[str], wrapper.env.agents)
    raise AttributeError("agents")  # Python then asks __getattr__, which names the error


class _OrderEnforcing(_ReadThrough, wrappers.OrderEnforcingWrapper):  # type: ignore[misc]  # PettingZoo has no type information
    """PettingZoo's ``OrderEnforcingWrapper``, reading the loop's attributes in C.

    The other names it refuses before ``reset`` are not set on the environment until then.
    """

    agents = property(_agents_after_reset)

    def __str__(self) -> str:
        """The environment's name, as PettingZoo's own wrapper gives it."""
        return str(self.env)
