"""The history of a game: each command with the events it caused, and a game that has one.

:attr:`Game.history <chicago_poker.players.game.Game.history>` is a tuple of entries, and
the log format (:mod:`chicago_poker.formats.log`) writes them. The log format is below the
game facade (:mod:`chicago_poker.players.game`), so it knows a game as a
:class:`RecordedGame`: its history, and what its log needs to go on with its dealer.
"""

from __future__ import annotations

import abc

from attrs import frozen

from chicago_poker.core.commands import Command
from chicago_poker.core.events import Event

__all__ = ["Entry", "RecordedGame"]


@frozen
class Entry:
    """One command of the history and the events it caused."""

    command: Command
    """The command, of a player or of chance."""

    events: tuple[Event, ...]
    """The events it caused, automatic ones included."""


class RecordedGame(abc.ABC):
    """A game whose log can be written: :class:`~chicago_poker.players.game.Game` is one.

    :func:`~chicago_poker.formats.log.write_log` writes the history of such a game as the
    engine made it, and adds the dealer's provenance to the log, so that
    :meth:`Game.from_log <chicago_poker.players.game.Game.from_log>` can go on dealing.
    """

    @property
    @abc.abstractmethod
    def history(self) -> tuple[Entry, ...]:
        """Every command so far, chance included, with its events."""

    @abc.abstractmethod
    def dealer_provenance(self) -> dict[str, int]:
        """What a log's provenance needs to go on dealing as the game's dealer would."""
