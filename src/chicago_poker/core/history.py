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
from chicago_poker.core.instances import slot_setter

__all__ = ["Entry", "RecordedGame", "entry"]


@frozen
class Entry:
    """One command of the history and the events it caused."""

    command: Command
    """The command, of a player or of chance."""

    events: tuple[Event, ...]
    """The events it caused, automatic ones included."""


_new_entry = object.__new__
_set_command = slot_setter(Entry, "command")
_set_events = slot_setter(Entry, "events")


def entry(command: Command, events: tuple[Event, ...]) -> Entry:
    """``Entry(command, events)``, made without the frozen ``__init__`` of attrs.

    A game's history holds an entry per command, chance's included, so
    :attr:`Game.history <chicago_poker.players.game.Game.history>` makes them this way: a bare
    instance whose two slots are set directly, as ``apply`` makes the parts of a state.

    >>> from chicago_poker.core.commands import DrawCard
    >>> entry(DrawCard(0), ()) == Entry(DrawCard(0), ())
    True
    """
    made = _new_entry(Entry)
    _set_command(made, command)
    _set_events(made, events)
    return made


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
