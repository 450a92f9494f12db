"""The words of the position notation that the reader and the writer share, and its defaults.

The headers, the words for rule options, phases, stages and victories, the empty list, and
the values that a field takes when it is left out: the writer leaves a field out when its value
is the default, and the reader fills the default in.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from chicago_poker.core.state import ShootoutStage, TurnPhase, Victory

__all__ = [
    "EMPTY",
    "OPTIONS",
    "PHASES",
    "POSITION_HEADER",
    "STAGES",
    "VICTORIES",
    "VICTORY_WORDS",
    "VIEW_HEADER",
    "base_actions",
    "default_markers",
]

POSITION_HEADER: Final = "chicago-poker position 1"
"""The first line of a position: the name of the notation and its version."""

VIEW_HEADER: Final = "chicago-poker view 1"
"""The first line of a seat's view."""

OPTIONS: Final = {
    "tactical": "tactical",
    "short-game": "short_game",
    "optional-actions": "optional_actions",
    "limousine-any-cards": "limousine_any_cards",
    "optional-reinforcement": "optional_reinforcement",
}
"""The word of each rule option, with the attribute of
:class:`~chicago_poker.core.rules.RuleOptions` that it sets."""

PHASES: Final = {phase.value: phase for phase in TurnPhase}
STAGES: Final = {stage.value: stage for stage in ShootoutStage}
VICTORIES: Final = {victory.name.lower().replace("_", "-"): victory for victory in Victory}
VICTORY_WORDS: Final = {victory: word for word, victory in VICTORIES.items()}

EMPTY: Final = "-"
"""The empty list."""


def base_actions(number: int) -> int:
    """The ordinary actions of turn ``number``: 1 and 2 in the first round, then 3 (R-3.4).

    The first round is the first ``players`` turns, but only its first two turns differ.
    """
    return max(0, min(number + 1, 3))


def default_markers(markers: Iterable[int | None]) -> int:
    """The markers placed, by default: one more than the highest marker on the table."""
    return max((marker for marker in markers if marker is not None), default=-1) + 1
