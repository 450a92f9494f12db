"""The results file of ``chicago-poker match --results FILE``: one game a line (JSON Lines).

Each line is one game of the match, in the order played, with enough to check the report
without the logs: the game's and deal's numbers, the deal's seed, who sat where, each seat's
place and points (faults scored), the winner, how the game ended and why, the players'
commands and how long it took. Bots are numbered from 1, as the report numbers them; seats
and rotations from 0, as the bot protocol and the logs number seats. Game ``n`` is the game
whose logs ``--log-dir`` names ``game-0000n``. :func:`results_schema` is its JSON Schema,
``match-results.schema.json``.

>>> sorted(results_schema()["required"])  # doctest: +NORMALIZE_WHITESPACE
['commands', 'deal', 'duration', 'game', 'rotation', 'seats', 'seed', 'table',
 'termination', 'winner']
"""

from __future__ import annotations

from typing import Any, Final

from chicago_poker.formats.bot_protocol import TERMINATIONS

__all__ = ["RESULTS_SCHEMA_NAME", "results_schema"]

RESULTS_SCHEMA_NAME: Final = "match-results.schema.json"
"""The file name of :func:`results_schema`."""


def _number(description: str, least: int = 1) -> dict[str, Any]:
    return {"type": "integer", "minimum": least, "description": description}


def _closed(description: str, properties: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _seat() -> dict[str, Any]:
    return _closed(
        "The bot at one seat, in seat order, and how it did.",
        {
            "bot": _number("The bot's number in the match's list, from 1."),
            "name": {"type": "string", "description": "The bot as named to match."},
            "hello": {
                "type": ["string", "null"],
                "description": "The name a program gave itself in its hello; null in process.",
            },
            "rank": _number("The seat's place, 1 best: a faulty seat ranks last."),
            "points": {
                "type": "number",
                "minimum": 0,
                "maximum": 1,
                "description": "The seat's share of the game's point, faults scored.",
            },
        },
    )


def _termination() -> dict[str, Any]:
    return _closed(
        "Why the game ended, and which seat's fault ended it.",
        {
            "reason": {"enum": list(TERMINATIONS), "description": "A termination reason."},
            "seat": {"type": ["integer", "null"], "minimum": 0, "description": "Faulty seat."},
            "bot": {"type": ["integer", "null"], "minimum": 1, "description": "Faulty bot."},
            "detail": {"type": "string", "description": "What the faulty bot did, in words."},
        },
    )


def results_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one line of a match's results file."""
    schema = _closed(
        "One game of a chicago-poker match.",
        {
            "game": _number("The game's number, from 1, as its log is named."),
            "deal": _number("The deal's number, from 1: its games share their cards."),
            "table": _number("The table's number, from 1, in the match's list of tables."),
            "rotation": _number("The rotation of the table's seats, from 0.", 0),
            "seed": _number("The deal's seed: the dealer's seed of the game.", 0),
            "seats": {"type": "array", "minItems": 2, "maxItems": 6, "items": _seat()},
            "winner": {
                "type": ["integer", "null"],
                "minimum": 0,
                "description": "The seat that won by the rules; null after a fault or none.",
            },
            "termination": _termination(),
            "commands": _number("The players' commands of the game.", 0),
            "duration": {"type": "number", "minimum": 0, "description": "Seconds it took."},
        },
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": RESULTS_SCHEMA_NAME,
        "title": "chicago-poker match results: one game a line",
        **schema,
    }
