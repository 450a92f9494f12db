"""Complete games consistent with what one seat saw: witnesses of redacted logs, and samples.

A redacted log (a seat's redacted history) hides cards: other hands, cards drawn by others,
face-down cards, reinforcement choices, the card a Bribery took. It is legal exactly when some
complete game, legal for the engine, redacts to it for its viewer. :func:`find_witness` decides
this, and :func:`consistent_state` draws a complete state consistent with what a seat knows, for
search bots. Both are one-call forms of :class:`~chicago_poker.referee.information.InformationSet`,
the seat's knowledge model, which a caller that asks more than once (a bot, a server) keeps and
extends entry by entry instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from chicago_poker.core.state import GameState
from chicago_poker.referee.information import (
    Chooser,
    Impossible,
    InformationSet,
    Undecided,
    Witness,
)
from chicago_poker.referee.ledger import SeenEntry
from chicago_poker.referee.replay import Budget

__all__ = [
    "Budget",
    "Chooser",
    "Impossible",
    "SeenEntry",
    "Undecided",
    "Witness",
    "consistent_state",
    "find_witness",
]


def find_witness(
    entries: Sequence[SeenEntry], viewer: int | None, budget: Budget | None = None
) -> Witness | Impossible | Undecided:
    """A complete legal game that redacts to ``entries`` for ``viewer``, or why none exists.

    Args:
        entries: The entries of a redacted log (or a seat's redacted history), in order.
        viewer: The seat they were redacted for, or None for a spectator.
        budget: Bounds the work, for a caller that waits (see :class:`Budget`).

    Returns:
        A :class:`Witness` if some legal game redacts to the entries; otherwise
        :class:`Impossible`, naming the first entry such that no legal game redacts to the
        entries up to it, or :class:`Undecided` (reason ``"time limit"``) once ``budget`` is
        spent.

    >>> from chicago_poker.players.game import Game
    >>> from chicago_poker.formats.log import redact_entries
    >>> game = Game.new(["Al", "Bugs"], seed=3)
    >>> for _ in range(20):
    ...     _ = game.execute(game.legal_commands()[0])
    >>> witness = find_witness(list(redact_entries(game.history, 1)), 1)
    >>> isinstance(witness, Witness), len(witness.commands) == len(game.history)
    (True, True)
    """
    return InformationSet.of(entries, viewer).witness(budget)


def consistent_state(
    entries: Sequence[SeenEntry], viewer: int | None, chooser: Chooser
) -> GameState:
    """A complete state consistent with everything ``viewer`` saw in ``entries``, at random.

    Every hidden card gets an identity that agrees with all that the entries show; the
    returned state gives ``viewer`` the same view as the real one, and some legal game that
    redacts to ``entries`` leads to it. States are drawn uniformly among those consistent
    with the entries (see :meth:`InformationSet.sample`); to draw many, keep an
    :class:`~chicago_poker.referee.information.InformationSet` rather than calling this again.

    Raises:
        InvalidArgumentError: No legal game redacts to ``entries`` (a ``ValueError``); the
            message names the first entry that none gives, and why.
    """
    return InformationSet.of(entries, viewer).sample(chooser)
