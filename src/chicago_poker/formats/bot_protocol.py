"""The bot protocol's names and limits: what both sides of ``chicago-poker-bot/1`` agree on.

The protocol itself (JSON Lines over a bot's standard input and output) is described on the
documentation's Bot protocol page; :mod:`chicago_poker.protocol` speaks it, and
``bot-protocol.schema.json`` (:mod:`chicago_poker.formats.schemas`) holds the schema of every
message. This module holds only what the schema and the speakers share, so that a bot process
imports almost nothing to learn it.

>>> PROTOCOL
'chicago-poker-bot/1'
>>> sorted(BOT_MESSAGES)
['hello', 'info', 'move', 'pong', 'ready']
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "BOT_MESSAGES",
    "ENGINE_MESSAGES",
    "MAX_LINE_BYTES",
    "PROTOCOL",
    "STDERR_LIMIT",
    "TERMINATIONS",
]

PROTOCOL: Final = "chicago-poker-bot/1"
"""The protocol's name and version, as both hellos carry it."""

MAX_LINE_BYTES: Final = 1 << 20
"""The longest line a bot may write, newline excluded: 1 MiB, as a log line."""

STDERR_LIMIT: Final = 1 << 20
"""The most a bot may write to its standard error in one game (1 MiB, counted from each
``new_game``; the handshake counts with the first game): more is a flood. The referee's
``hello`` states it (``stderr_limit``)."""

ENGINE_MESSAGES: Final = (
    "hello",
    "option",
    "isready",
    "ping",
    "new_game",
    "entry",
    "act",
    "game_over",
    "quit",
)
"""The ``type`` of every message the engine (the referee) sends, in the order of a session."""

BOT_MESSAGES: Final = ("hello", "ready", "pong", "move", "info")
"""The ``type`` of every message a bot sends. ``info`` (what it is thinking) may come at any
time: it is traced and logged, never an answer and never a fault."""

TERMINATIONS: Final = {
    "finished": "the game ended by the rules: a victory, a blocked or a stalled game",
    "command-limit": "the game was still going after the most player commands allowed",
    "failed-to-start": "the bot's command could not be run",
    "slow-start": "the bot did not finish the handshake (ready) within the start-up limit",
    "time-forfeit": "the bot did not answer within its move limit or its game clock",
    "crashed": "the bot's process ended with a non-zero status or was killed by a signal",
    "exited": "the bot's process ended with status 0, or closed its output, mid-game",
    "not-json": "the bot wrote a line that is not JSON (or not UTF-8)",
    "line-too-long": f"the bot wrote a line over {MAX_LINE_BYTES} bytes",
    "bad-message": "the bot wrote JSON that is not the message the protocol expects there",
    "illegal-command": "the bot answered with a command that is not one of the legal ones",
    "stale-answer": "the bot answered a request other than the one pending (a wrong id)",
    "stderr-flood": "the bot wrote more to its standard error in a game than the limit allows",
}
"""Why a game ended, by the name ``game_over`` and the match reports give it."""
