"""The bounds of the web table server: what one server, client, table and connection may use.

Each bound protects the other tables: a client that goes past one gets an ``error``
message (or an HTTP status) that names the bound, and nothing else on the server changes.
The bounds a server's operator may want to set are gathered in :class:`Bounds`, which
``chicago-poker serve`` fills from its options; the rest are fixed here.
"""

from __future__ import annotations

import math
from typing import Final

from attrs import field, frozen, validators

__all__ = [
    "BODY_SECONDS",
    "BOT_GRACE_SECONDS",
    "BOT_SECONDS",
    "BOT_WORKERS",
    "BURST_MESSAGES",
    "CLIENT_SHARE",
    "HEADER_SECONDS",
    "IDLE_SECONDS",
    "KEEP_ALIVE_SECONDS",
    "KEEP_FINISHED_SECONDS",
    "MAX_BOT_WORKERS",
    "MAX_CONNECTIONS_PER_SEAT",
    "MAX_HEAD_BYTES",
    "MAX_MESSAGE_BYTES",
    "MAX_NAME_LENGTH",
    "MAX_OPEN_CONNECTIONS",
    "MAX_REQUEST_BYTES",
    "MAX_SPECTATORS",
    "MAX_TABLES",
    "MAX_URL_BYTES",
    "MESSAGES_PER_SECOND",
    "PING_SECONDS",
    "Bounds",
]

MAX_TABLES: Final = 200
"""Tables one server keeps at once, finished ones included; creating one more is refused."""

CLIENT_SHARE: Final = 0.1
"""The share of :data:`MAX_TABLES` one client (one peer address) may hold: 20 of 200."""

IDLE_SECONDS: Final = 3600.0
"""How long an unfinished table is kept without an event; then it is removed, files and all."""

KEEP_FINISHED_SECONDS: Final = 900.0
"""How long a finished table is kept, for its logs to be downloaded; then it is removed."""

MAX_SPECTATORS: Final = 16
"""Spectators' connections to one table; they never take a seat's room."""

MAX_CONNECTIONS_PER_SEAT: Final = 4
"""Connections of one seat (its tabs and devices) to its table."""

MAX_MESSAGE_BYTES: Final = 8 * 1024
"""The largest message a client may send; a command's JSON is under 200 bytes."""

MAX_REQUEST_BYTES: Final = 8 * 1024
"""The largest request body that creates a table."""

MESSAGES_PER_SECOND: Final = 10.0
"""Messages a connection may send each second, on average."""

BURST_MESSAGES: Final = 20
"""Messages a connection may send at once; past the rate and the burst it is closed."""

MAX_NAME_LENGTH: Final = 40
"""The longest player name a table takes."""

HEADER_SECONDS: Final = 10.0
"""How long a request's head may take to arrive, from the connection's start or last answer."""

BODY_SECONDS: Final = 10.0
"""How long the body of a table request may take to arrive once its head has."""

KEEP_ALIVE_SECONDS: Final = 5
"""How long an HTTP connection is kept open, idle, after an answer."""

PING_SECONDS: Final = 20.0
"""A WebSocket is pinged this often, and closed if the pong takes longer than this."""

MAX_HEAD_BYTES: Final = 8 * 1024
"""The largest request head (request line and headers) the server reads."""

MAX_URL_BYTES: Final = 2 * 1024
"""The longest request target (path and query) of a WebSocket; a table's link is under 100."""

MAX_OPEN_CONNECTIONS: Final = 2000
"""Open connections to the server; past them, a new HTTP request is answered 503."""

BOT_WORKERS: Final = 1
"""Worker processes where the search bots think, each one move at a time."""

MAX_BOT_WORKERS: Final = 64
"""The most worker processes an operator may give the search bots."""

BOT_SECONDS: Final = 5.0
"""The most a search bot thinks over one move; it stops searching then, and chooses."""

BOT_GRACE_SECONDS: Final = 2.0
"""How much longer than a search bot thinks the server waits for a free worker, and then for
its answer: time to start the worker, read the history and send the command back. Past
either wait the bot plays the heuristic bot's choice for the move."""


def _positive(instance: object, attribute: object, value: float) -> None:
    if not (math.isfinite(value) and value > 0):
        raise ValueError(f"{getattr(attribute, 'name', '?')}: {value} is not a positive number")


@frozen
class Bounds:
    """The bounds an operator may set on a server; each defaults to its constant above.

    >>> Bounds().tables_per_client
    20
    >>> Bounds(max_tables=5, client_share=0.1).tables_per_client
    1
    """

    max_tables: int = field(default=MAX_TABLES, validator=validators.ge(1))
    """Tables the server keeps at once (:data:`MAX_TABLES`)."""

    client_share: float = field(default=CLIENT_SHARE, validator=[_positive, validators.le(1)])
    """The share of the tables one peer address may hold (:data:`CLIENT_SHARE`)."""

    idle_seconds: float = field(default=IDLE_SECONDS, validator=_positive)
    """How long an unfinished table is kept without an event (:data:`IDLE_SECONDS`)."""

    keep_finished_seconds: float = field(default=KEEP_FINISHED_SECONDS, validator=_positive)
    """How long a finished table is kept (:data:`KEEP_FINISHED_SECONDS`)."""

    max_spectators: int = field(default=MAX_SPECTATORS, validator=validators.ge(1))
    """Spectators' connections to one table (:data:`MAX_SPECTATORS`)."""

    @property
    def tables_per_client(self) -> int:
        """The most tables one peer address may hold: its share of the tables, at least 1."""
        return max(1, math.floor(self.max_tables * self.client_share + 1e-9))
