"""What the engine of an earlier release did by itself: old logs keep their verdict.

A log's header names the release of chicago-poker that wrote it (``engine``). The rules live
in this release's engine (``decide`` and ``apply``) alone, so where an earlier engine gave an
event by itself that this one awaits as a command, the referee supplies that command, asks the
engine for its events, and says that it did. It never writes a rule again: the command it
supplies is one that :func:`~chicago_poker.core.legal.legal_commands` lists, and the engine
gives its events.

One change needs it. Before 0.2.0, a tied player who held no gangster card was declined
automatically as soon as reinforcements were requested: the engine gave
``ReinforcementDeclined`` itself, before anyone chose, in the same entry as
``ReinforcementRequested``. That told every seat what the hand lacked, so since 0.2.0 the
player declines with :class:`~chicago_poker.core.commands.DeclineReinforcement`, their only
legal command (R-6.7.6, D-31). In a log of an earlier release the referee supplies that
command wherever it is a tied player's only one, at once, as that engine did.

The module is pure.
"""

from __future__ import annotations

from typing import Final

from chicago_poker.core.commands import Command, DeclineReinforcement
from chicago_poker.core.decide import step_well_formed
from chicago_poker.core.events import Event
from chicago_poker.core.legal import Awaiting, awaiting, legal_commands
from chicago_poker.core.state import GameState
from chicago_poker.formats.header import release_numbers

__all__ = [
    "DECLINE_BY_COMMAND",
    "Implied",
    "declines_automatically",
    "implied_decline",
    "step_as_written",
]

DECLINE_BY_COMMAND: Final = (0, 2)
"""The first release (0.2.0) whose tied players without a gangster card decline by command."""

Implied = tuple[DeclineReinforcement, tuple[Event, ...]]
"""A command the referee supplied for an earlier engine, with the events this engine gives it."""


def declines_automatically(engine: str) -> bool:
    """Whether the engine of release ``engine`` declined by itself for a tied player.

    True for the releases before 0.2.0 (``"0.1.0"``); False for 0.2.0 and later, its
    pre-releases included (``"0.2.0.dev0"``), and for a version that does not start with
    release numbers.

    >>> declines_automatically("0.1.0"), declines_automatically("0.2.0.dev0")
    (True, False)
    """
    numbers = release_numbers(engine)
    return numbers is not None and numbers < DECLINE_BY_COMMAND


def implied_decline(state: GameState) -> DeclineReinforcement | None:
    """The decline that an engine before 0.2.0 gave by itself in ``state``; None if none.

    That engine declined, in the order of the tie, for every tied player still to choose who
    held no gangster card: the players whose only legal command is
    :class:`~chicago_poker.core.commands.DeclineReinforcement`.
    """
    if awaiting(state) is not Awaiting.REINFORCEMENT:
        return None
    by_seat: dict[int, list[Command]] = {}
    for command in legal_commands(state):  # the tied players', in the order of the tie
        by_seat.setdefault(getattr(command, "player", -1), []).append(command)
    for commands in by_seat.values():
        if len(commands) == 1 and isinstance(commands[0], DeclineReinforcement):
            return commands[0]
    return None


def step_as_written(
    state: GameState | None, command: Command, *, automatic_decline: bool
) -> tuple[GameState, tuple[Event, ...], tuple[Implied, ...]]:
    """Step ``command`` as the engine that wrote the log did: the state, events, and what it added.

    With ``automatic_decline`` (a log of an engine before 0.2.0), the declines that engine
    gave by itself after the command (:func:`implied_decline`) are stepped too: their events
    follow the command's, as that engine wrote them in the same entry, and each comes back
    with its events as the evidence of what the referee supplied. The command's form is not
    checked again (:func:`~chicago_poker.core.decide.step_well_formed`).

    Raises:
        IllegalCommand: The engine refuses ``command``.
    """
    after, events = step_well_formed(state, command)
    if not automatic_decline:
        return after, events, ()
    return _step_declines(after, events)


def _step_declines(
    after: GameState, events: tuple[Event, ...]
) -> tuple[GameState, tuple[Event, ...], tuple[Implied, ...]]:
    """Step the declines an engine before 0.2.0 gave by itself from ``after``, their events too."""
    implied: list[Implied] = []
    while (decline := implied_decline(after)) is not None:
        after, caused = step_well_formed(after, decline)
        implied.append((decline, caused))
        events += caused
    return after, events, tuple(implied)
