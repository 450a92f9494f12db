"""The kinds of events that may follow a command's own event: :func:`following_kinds`.

:func:`~chicago_poker.core.decide.decide` gives a command's own events (the first, and a
marker placed by the same move), then the events that follow by themselves up to the next
decision: a turn ends, the next starts, a shootout is fought, a game is won. So an event
that only a command makes (a gangster placed, a card drawn, a special card played) is
always the first event of its entry: a log whose entry holds two plays, or a play after the
end of a turn, records no game, whatever the hidden cards. The referee checks this first
(:mod:`~chicago_poker.referee.forms`), before any search.

The set is a fact about the engine's code, kept here as data and checked against that code
two ways by ``tests/test_forms_following.py``: the event classes that the engine's automatic
step (``decide._automatic`` and all it reaches) and its commands after their first event
name in the source are exactly these; and over random games of 2 to 6 players, every event
the engine gives after a command's first is of one of them. A class missing here would
refuse an honest log, so the first check fails as soon as the engine names a new one.

The module is pure.

>>> from chicago_poker.core.events import GangsterPlayed, TurnEnded
>>> kinds = following_kinds()
>>> TurnEnded in kinds, GangsterPlayed in kinds
(True, False)
"""

from __future__ import annotations

from typing import Final

from chicago_poker.core.events import (
    ActionPhaseStarted,
    DiscardPileReshuffled,
    GameBlocked,
    GameStalled,
    GameWon,
    MarkerPlaced,
    ReinforcementDeclined,
    ReinforcementRequested,
    ReinforcementsRevealed,
    ShootoutStarted,
    ShootoutVoided,
    ShootoutWon,
    TurnEnded,
    TurnStarted,
)

__all__ = ["FOLLOWING", "following_kinds"]

FOLLOWING: Final[frozenset[type]] = frozenset(
    {
        # what follows by itself up to the next decision (decide's automatic step)
        ActionPhaseStarted,
        DiscardPileReshuffled,
        GameBlocked,
        GameStalled,
        GameWon,
        ReinforcementRequested,
        ReinforcementsRevealed,
        ShootoutStarted,
        ShootoutVoided,
        ShootoutWon,
        TurnEnded,
        TurnStarted,
        # what a play or a move that fills a column places with its own event
        MarkerPlaced,
    }
)
"""The event classes the engine may give after a command's first event."""

_WITH_DECLINE: Final[frozenset[type]] = FOLLOWING | {ReinforcementDeclined}
"""Those of a log written before 0.2.0, whose engine declined for a tied player by itself."""


def following_kinds(*, automatic_decline: bool = False) -> frozenset[type]:
    """The event classes the engine may give after a command's first event.

    With ``automatic_decline`` (a log of an engine before 0.2.0, which declined for a tied
    player by itself), a decline may follow too.

    >>> from chicago_poker.core.events import MarkerPlaced, ReinforcementDeclined
    >>> MarkerPlaced in following_kinds(), ReinforcementDeclined in following_kinds()
    (True, False)
    >>> ReinforcementDeclined in following_kinds(automatic_decline=True)
    True
    """
    return _WITH_DECLINE if automatic_decline else FOLLOWING
