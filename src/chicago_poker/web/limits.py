"""The bounds of the web table server: what one server, table and connection may use.

Each bound protects the other tables: a client that goes past one gets an ``error``
message that names the bound, and nothing else on the server changes.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "BURST_MESSAGES",
    "MAX_CONNECTIONS_PER_TABLE",
    "MAX_MESSAGE_BYTES",
    "MAX_NAME_LENGTH",
    "MAX_REQUEST_BYTES",
    "MAX_TABLES",
    "MESSAGES_PER_SECOND",
]

MAX_TABLES: Final = 200
"""Tables one server keeps at once; creating one more is refused."""

MAX_CONNECTIONS_PER_TABLE: Final = 16
"""Open WebSocket connections to one table, seats and spectators together."""

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
