"""A match's results file: one line of JSON a game (``chicago-poker match --results FILE``).

The lines follow :func:`~chicago_poker.formats.match_results.results_schema`; with them a
report can be checked, or other statistics computed, without the logs.

>>> from chicago_poker.match.games import MatchGame
>>> game = MatchGame(0, 0, (1, 0), None, "crashed", 0, "exited with status 1", (1, 2), 7,
...                  (1.0, 0.0), seed=9, hello=(None, "crasher"))
>>> line = result_line(game, ["heuristic", "cmd:./crash"])
>>> line["termination"], [seat["points"] for seat in line["seats"]]
({'reason': 'crashed', 'seat': 1, 'bot': 1, 'detail': 'exited with status 1'}, [1.0, 0.0])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chicago_poker.match.games import MatchGame

__all__ = ["result_line"]


def result_line(game: MatchGame, bots: Sequence[str]) -> dict[str, Any]:
    """The results file's line of ``game``, ``bots`` the match's list of bots."""
    faulty_seat = None if game.faulty is None else game.seats.index(game.faulty)
    return {
        "game": game.index + 1,
        "deal": game.deal + 1,
        "table": game.table + 1,
        "rotation": game.rotation,
        "seed": game.seed,
        "seats": [_seat(game, seat, bots) for seat in range(len(game.seats))],
        "winner": None if game.winner is None else game.seats.index(game.winner),
        "termination": {
            "reason": game.reason,
            "seat": faulty_seat,
            "bot": None if game.faulty is None else game.faulty + 1,
            "detail": game.detail,
        },
        "commands": game.commands,
        "duration": round(game.duration, 3),
    }


def _seat(game: MatchGame, seat: int, bots: Sequence[str]) -> dict[str, Any]:
    bot = game.seats[seat]
    return {
        "bot": bot + 1,
        "name": bots[bot],
        "hello": game.hello[seat] if game.hello else None,
        "rank": game.ranks[seat],
        "points": game.points[seat],
    }
