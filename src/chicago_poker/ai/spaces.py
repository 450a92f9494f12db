"""What the PettingZoo and Gymnasium environments share: spaces, the mask, the table drawn.

Both observe a seat as a dict, as PettingZoo's classic card games do: ``"observation"``, the
seat's view as the tensor of :mod:`chicago_poker.ai.observation`, and ``"action_mask"``, 1 for
each id of :mod:`chicago_poker.ai.actions` the seat may give now. Both render the library's
table of the game as a spectator sees it, and both refuse a table of other than 2 to 6
players or a render mode they do not have in the same words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import gymnasium
import numpy as np
import numpy.typing as npt

from chicago_poker import Game, view
from chicago_poker.ai.actions import ACTION_COUNT
from chicago_poker.ai.observation import OBSERVATION_SIZE

__all__ = [
    "OBSERVATION_HIGH",
    "action_mask",
    "check_players",
    "check_render_mode",
    "observation_space",
    "render_table",
]

OBSERVATION_HIGH: Final = 1e7
"""The bound of every number of the tensor in its space (counts and turn numbers stay far
below it)."""


def observation_space() -> gymnasium.spaces.Dict:
    """The space of an observation: the tensor, and the action mask (int8, 0 or 1)."""
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(
                0, OBSERVATION_HIGH, (OBSERVATION_SIZE,), np.float32
            ),
            "action_mask": gymnasium.spaces.Box(0, 1, (ACTION_COUNT,), np.int8),
        }
    )


def action_mask(ids: Sequence[int] | frozenset[int]) -> npt.NDArray[np.int8]:
    """The mask of :data:`~chicago_poker.ai.actions.ACTION_COUNT` numbers: 1 at each of ``ids``."""
    mask = np.zeros(ACTION_COUNT, np.int8)
    mask[list(ids)] = 1
    return mask


def check_players(players: int) -> None:
    """Refuse a table of other than 2 to 6 ``players``, with a ``ValueError``."""
    if not 2 <= players <= 6:
        raise ValueError(f"Chicago Poker is for 2 to 6 players, not {players}")


def check_render_mode(render_mode: str | None, render_modes: Sequence[str]) -> None:
    """Refuse a ``render_mode`` that is neither None nor one of ``render_modes``."""
    if render_mode is not None and render_mode not in render_modes:
        raise ValueError(f"render_mode must be one of {render_modes}")


def render_table(game: Game, render_mode: str | None) -> str | None:
    """The library's table of ``game`` as a spectator sees it (no secret shown).

    ``"ansi"`` returns it; ``"human"`` prints it; without a render mode Gymnasium's logger
    warns and nothing is drawn.
    """
    if render_mode is None:
        gymnasium.logger.warn("render() was called without a render_mode")
        return None
    table = str(view(game.state, None))
    if render_mode == "ansi":
        return table
    print(table)
    return None
