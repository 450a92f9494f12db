"""What a client asks of the web server: a table request, read and checked, or refused.

:func:`read_request` reads the JSON body that creates a table into a :class:`TableRequest`;
a request the server refuses, there or anywhere else, raises :class:`TableError`, whose
``code`` a client can match. The engine alone says whether a number of players is allowed,
when the table is dealt (:meth:`~chicago_poker.web.tables.Table.deal`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import attrs
from attrs import frozen

from chicago_poker.core.errors import ChicagoPokerError
from chicago_poker.core.rules import RuleOptions
from chicago_poker.players.bots import BOTS
from chicago_poker.web.limits import MAX_NAME_LENGTH

__all__ = ["TableError", "TableRequest", "read_request"]


class TableError(ChicagoPokerError, ValueError):
    """A request the server refuses: the message says what is wrong and where."""

    def __init__(self, message: str, *, code: str) -> None:
        """Make the error; ``code`` is a short name a client can match, such as ``bad-token``."""
        super().__init__(message)
        self.code = code


@frozen
class TableRequest:
    """What a new table needs: the players' names, the rule options and a bot per seat."""

    names: tuple[str, ...]
    """The players' names, by seat."""

    options: RuleOptions
    """The rule options."""

    bots: tuple[str | None, ...]
    """The bot that plays each seat (a name of the server's roster), None for a person."""


def read_request(data: object, bots: Collection[str] = tuple(BOTS)) -> TableRequest:
    """The table request of JSON data ``{"names": [...], "bots": [...], "options": {...}}``.

    ``bots`` may be left out (every seat a person) and so may ``options`` (the defaults).
    Each bot is one of the names ``bots`` gives (the server's roster).
    Whether the number of players is one the game allows is the engine's to say, when the
    table is made.

    Raises:
        TableError: ``data`` is not such a request; the message names the field.
    """
    if not isinstance(data, dict):
        raise TableError("$: a table request is a JSON object", code="bad-request")
    _only_keys(data, {"names", "bots", "options"}, "$")
    names = _names(data.get("names"))
    seated = _bots(data.get("bots", [None] * len(names)), len(names), bots)
    return TableRequest(names, _options(data.get("options", {})), seated)


def _only_keys(data: Mapping[str, Any], known: set[str], where: str) -> None:
    unknown = sorted(set(data) - known)
    if unknown:
        raise TableError(
            f"{where}.{unknown[0]}: unknown field; the fields are {', '.join(sorted(known))}",
            code="bad-request",
        )


def _names(names: object) -> tuple[str, ...]:
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise TableError("$.names: a list of the players' names is needed", code="bad-request")
    for index, name in enumerate(names):
        if not name.strip() or len(name) > MAX_NAME_LENGTH or not name.isprintable():
            raise TableError(
                f"$.names[{index}]: a name is 1 to {MAX_NAME_LENGTH} printable characters",
                code="bad-request",
            )
    return tuple(name.strip() for name in names)


def _bots(bots: object, seats: int, known: Collection[str]) -> tuple[str | None, ...]:
    if not isinstance(bots, list) or len(bots) != seats:
        raise TableError(
            f"$.bots: a list of {seats} entries is needed, one per seat: a bot's name or null",
            code="bad-request",
        )
    for index, bot in enumerate(bots):
        if bot is not None and bot not in known:
            raise TableError(
                f"$.bots[{index}]: {bot!r} is not a bot; the bots are {', '.join(known)}",
                code="bad-request",
            )
    return tuple(bots)


def _options(options: object) -> RuleOptions:
    if not isinstance(options, dict):
        raise TableError("$.options: an object of rule options is needed", code="bad-request")
    _only_keys(options, {field.name for field in attrs.fields(RuleOptions)}, "$.options")
    try:
        return RuleOptions(**options)
    except ChicagoPokerError as error:
        raise TableError(f"$.options: {error}", code="bad-request") from None
