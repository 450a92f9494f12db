"""Exceptions raised by chicago_poker.

Every error of the game derives from :class:`ChicagoPokerError`: a command that breaks a
rule, or a card, tile, hand, seat or log that does not exist or does not follow the format.
The leaves also derive from :class:`ValueError`, because each one reports a value that
breaks a rule of the game, so callers that only know ``ValueError`` still catch them. An
argument of the API that it cannot take, such as undoing past the set-up or a seed given as
text, raises :class:`InvalidArgumentError` (a ``ValueError``) or :class:`ArgumentTypeError`
(a ``TypeError``), whose message names the argument. An object of an entirely different kind,
such as None where a game state belongs, fails as Python usually does, and so does building
a card from a float (a built-in ``TypeError``).

>>> from chicago_poker.core.cards import parse_card
>>> try:
...     parse_card("16R")
... except ValueError as error:
...     print(error)
'16R' is not a card: gangster values run from 1 to 15
"""

from __future__ import annotations

import reprlib
from typing import Never

__all__ = [
    "AmbiguousCommandError",
    "ArgumentTypeError",
    "CardParseError",
    "ChicagoPokerError",
    "IllegalCommand",
    "InvalidArgumentError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidPositionError",
    "InvalidRankError",
    "InvalidSeatError",
    "InvalidTileError",
    "JSONFormatError",
    "LogFormatError",
    "NotationError",
    "NotationSyntaxError",
    "PositionInvariantError",
    "SavedGameError",
    "TileParseError",
    "unknown_type",
]


class ChicagoPokerError(Exception):
    """Base class of every error chicago_poker raises on purpose."""

    rule: str | None
    """ID of the spec rule the error enforces, such as ``"R-7.1"``, or None."""

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        """Create the error.

        Args:
            message: What is wrong, in plain words.
            rule: ID of the spec rule that the rejected value or command breaks.

        >>> error = ChicagoPokerError("no such business", rule="R-4.2")
        >>> error.rule, str(error)
        ('R-4.2', 'no such business')
        """
        super().__init__(message)
        self.rule = rule


class CardParseError(ChicagoPokerError, ValueError):
    """Text that does not name a card."""


class TileParseError(ChicagoPokerError, ValueError):
    """Text that does not name a business tile."""


class InvalidCardError(ChicagoPokerError, ValueError):
    """A card that does not exist in the game, such as a gangster 16."""


class InvalidTileError(ChicagoPokerError, ValueError):
    """A business tile that does not exist in the game, such as Speakeasy #6."""


class InvalidPositionError(ChicagoPokerError, ValueError):
    """A card position at a business outside 1 to 5."""


class InvalidHandError(ChicagoPokerError, ValueError):
    """Cards that do not form a hand: not 1 to 5 distinct gangster cards."""


class InvalidRankError(ChicagoPokerError, ValueError):
    """A hand rank that no hand can have."""


class InvalidSeatError(ChicagoPokerError, ValueError):
    """A seat that is not at the table: not an int from 0 to players - 1.

    Asked for a view, or for the commands it may give (``legal_commands(state, player)``).
    """


class JSONFormatError(ChicagoPokerError, ValueError):
    """JSON data that is not the JSON form of what was asked for.

    Raised by the readers of :mod:`chicago_poker.formats.jsonio`.

    The message names the class and the place at fault, such as
    ``GameState: $.players[1].hand[0]: '16R' is not a card: gangster values run from 1 to 15``.
    """


class LogFormatError(ChicagoPokerError, ValueError):
    """A log, or a line of one, that does not follow the log format.

    Raised by the readers and writers of :mod:`chicago_poker.formats.log`, and by the
    converter they share with :mod:`chicago_poker.formats.jsonio`.

    The message names the line (when known) and the field at fault, such as
    ``line 3: $.command.card: '16R' is not a card: gangster values run from 1 to 15``.
    """

    line: int | None
    """The line number (from 1) of the faulty line, if known."""

    def __init__(self, message: str, *, line: int | None = None) -> None:
        """Create the error; ``line`` is prefixed to the message."""
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line


class InvalidArgumentError(ChicagoPokerError, ValueError):
    """An argument of the API with a value it cannot take; the message names the argument.

    >>> from chicago_poker.players.game import Game
    >>> Game.new(["Al", "Bugs"], seed=1).undo(-1)
    Traceback (most recent call last):
    ...
    chicago_poker.core.errors.InvalidArgumentError: undo: commands must be 0 or more, not -1
    """


class ArgumentTypeError(ChicagoPokerError, TypeError):
    """An argument of the API of a type it does not take; the message names the argument.

    >>> from chicago_poker.players.game import Dealer
    >>> Dealer("2004")
    Traceback (most recent call last):
    ...
    chicago_poker.core.errors.ArgumentTypeError: Dealer: seed must be an int or None, not '2004'
    """


class SavedGameError(InvalidArgumentError):
    """A saved game or a log cannot be resumed: redacted, illegal, or dealt otherwise.

    Raised by :class:`~chicago_poker.players.game.Game` as it resumes a game, and by
    :func:`~chicago_poker.formats.log.write_log` for a log that would not resume its game.
    """


class NotationError(ChicagoPokerError, ValueError):
    """Text in the position or move notation that cannot be read as a position, view or move.

    ``line`` and ``column`` (both from 1) say where in the text, when one place is to blame.
    """

    line: int | None
    """The line of the text at fault, or None when the position as a whole is."""

    column: int | None
    """The column of the text at fault, or None."""

    def __init__(
        self,
        message: str,
        *,
        rule: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        """Create the error; the message starts with the place, when there is one."""
        where = "" if line is None else f"line {line}" + (f", column {column}" if column else "")
        super().__init__(f"{where}: {message}" if where else message, rule=rule)
        self.line = line
        self.column = column


class NotationSyntaxError(NotationError):
    r"""Text that does not follow the grammar of the position notation or the move notation.

    >>> from chicago_poker.formats.notation import parse_position
    >>> text = "chicago-poker position 1\nplayer Al hand=9X\nplayer Bugs\nturn seat=0 number=3"
    >>> parse_position(text)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    chicago_poker.core.errors.NotationSyntaxError: line 2, column 11: '9X' is not a card: ...
    """


class PositionInvariantError(NotationError):
    r"""A position that follows the grammar but that no game can reach; ``invariant`` names why.

    >>> from chicago_poker.formats.notation import parse_position
    >>> parse_position("chicago-poker position 1\nplayer Al\nplayer Al\nturn seat=0 number=3")
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    chicago_poker.core.errors.PositionInvariantError: line 3: invariant 'names' broken: ...
    """

    invariant: str
    """The name of the broken invariant, such as ``"cards"`` or ``"markers"``."""

    def __init__(
        self, invariant: str, message: str, *, rule: str | None = None, line: int | None = None
    ) -> None:
        """Create the error for a position that breaks ``invariant``."""
        super().__init__(f"invariant {invariant!r} broken: {message}", rule=rule, line=line)
        self.invariant = invariant


class AmbiguousCommandError(NotationError):
    """A move written so briefly that it names more than one command of the state.

    ``candidates`` holds the full text of each command it may name.

    >>> error = AmbiguousCommandError("'9R Speakeasy'", ("9R Speakeasy#1", "9R Speakeasy#3"))
    >>> print(error)
    '9R Speakeasy' names more than one command: 9R Speakeasy#1 or 9R Speakeasy#3; write one of them
    """

    candidates: tuple[str, ...]
    """The full text of every command the move may name."""

    def __init__(self, quoted: str, candidates: tuple[str, ...]) -> None:
        """Create the error for the move ``quoted``, which names every one of ``candidates``."""
        listed = ", ".join(candidates[:-1]) + f" or {candidates[-1]}"
        super().__init__(f"{quoted} names more than one command: {listed}; write one of them")
        self.candidates = candidates


class IllegalCommand(ChicagoPokerError, ValueError):  # noqa: N818 - named by the architecture
    """A command that breaks a rule of the game; ``rule`` names the rule.

    >>> error = IllegalCommand("Al already has 5 cards at Speakeasy #3.", rule="R-4.5")
    >>> str(error)
    'Al already has 5 cards at Speakeasy #3. [R-4.5]'
    >>> error.message
    'Al already has 5 cards at Speakeasy #3.'
    """

    message: str
    """What is wrong, in words a player understands."""

    rule: str
    """ID of the spec rule the command breaks: an illegal command always names one."""

    def __init__(self, message: str, *, rule: str) -> None:
        """Create the error for a command that breaks ``rule``."""
        super().__init__(message, rule=rule)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        """The message followed by the rule ID."""
        return f"{self.message} [{self.rule}]"


_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 60


def short_repr(value: object) -> str:
    """``repr(value)`` cut to about 60 characters, for a message that quotes a caller's value.

    >>> short_repr("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxx'"
    """
    return _SHORT.repr(value)


def check_count(function: str, name: str, value: object, least: int) -> int:
    """``value`` if it is an int (not a bool) of ``least`` or more; else the error naming it.

    >>> check_count("undo", "commands", -1, 0)
    Traceback (most recent call last):
    ...
    chicago_poker.core.errors.InvalidArgumentError: undo: commands must be 0 or more, not -1
    """
    if type(value) is not int:
        raise ArgumentTypeError(f"{function}: {name} must be an int, not {short_repr(value)}")
    if value < least:
        raise InvalidArgumentError(f"{function}: {name} must be {least} or more, not {value}")
    return value


def unknown_type(kind: str, value: Never) -> ArgumentTypeError:
    """The error for a value of no known type: deny by default, never pass it through.

    ``value`` is typed ``Never``, as in :func:`typing.assert_never`, so that mypy reports an
    event or command class that a dispatch does not handle; at run time, the value gets a
    library error instead of an ``AssertionError``.

    >>> unknown_type("an event", object())  # doctest: +ELLIPSIS
    ArgumentTypeError('not an event: <object object at 0x...>')
    """
    return ArgumentTypeError(f"not {kind}: {short_repr(value)}")
