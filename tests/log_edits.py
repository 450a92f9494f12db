"""Every single-line edit of a log: the forgeries a cheat makes with one change.

:func:`single_edits` gives, for each entry line of a log, the line duplicated, deleted, swapped
with the next, and one field changed: a seat (the next seat, and a seat past the last), a card
(another card where one is shown) and a count (a list one element longer). The referee must
answer each quickly, with a verdict (``tests/test_validate_edits.py``,
``benchmarks/bench_edits.py``). :func:`sample_logs` gives the logs ``bench_edits.py`` edits, so
that a test can take up one of its findings.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from chicago_poker import Game, LogKind, RuleOptions
from chicago_poker.core.commands import Command
from chicago_poker.formats.log import entries_to_lines

SEAT_KEYS = ("player", "first_player", "target", "victim")
"""The fields that name a seat, the first found in a command being the one changed."""

OTHER_CARDS = ("1G", "15R", "Revolver", "PoliceRaid#2")
"""Cards put in place of a card shown: the first that differs from it."""


NAMES = ("Al", "Bugs", "Capone", "Dutch", "Eddie", "Frank")
"""The players' names in the logs of :func:`sample_logs`."""


def sample_logs(count: int, seed: int, max_lines: int) -> list[tuple[str, int, list[str]]]:
    """``count`` redacted logs: (label, players, lines), 2 to 6 players, seats and spectators.

    Log ``index`` is a game of ``2 + index % 5`` players under random rule options, dealt and
    played with seed ``seed + index`` (commands of a random kind: Limousines and Bribery as
    often as plays), cut after ``max_lines // 3`` to ``max_lines`` commands, as one seat or
    the spectator sees it (in turn, five logs each).
    """
    return [sample_log(seed, index, max_lines) for index in range(count)]


def sample_log(seed: int, index: int, max_lines: int) -> tuple[str, int, list[str]]:
    """Log ``index`` of :func:`sample_logs` (``seed``, ``max_lines``): label, players, lines."""
    rng = random.Random(seed + index)
    players = 2 + index % 5
    options = RuleOptions(*(rng.random() < 0.3 for _ in range(5)))
    game = Game.new(NAMES[:players], options, seed=seed + index)
    for _ in range(rng.randint(max_lines // 3, max_lines)):
        if game.state.is_over:
            break
        kinds: dict[type, list[Command]] = {}
        for command in game.legal_commands():
            kinds.setdefault(type(command), []).append(command)
        game.execute(rng.choice(rng.choice(list(kinds.values()))))
    seats: list[int | None] = [*range(players), None]
    viewer = seats[index // 5 % len(seats)]
    label = f"seed {seed + index}, {players} players, " + (
        "spectator" if viewer is None else f"seat {viewer}"
    )
    return label, players, list(entries_to_lines(game, kind=LogKind.REDACTED, viewer=viewer))


def single_edits(lines: list[str], players: int) -> Iterator[tuple[str, int, list[str]]]:
    """Each single-line edit of ``lines`` (a header, then entries): (kind, line from 1, lines)."""
    for index in range(1, len(lines)):
        line = index + 1
        yield "duplicate", line, [*lines[: index + 1], *lines[index:]]
        yield "delete", line, [*lines[:index], *lines[index + 1 :]]
        if index + 1 < len(lines):
            swapped = [*lines[:index], lines[index + 1], lines[index], *lines[index + 2 :]]
            yield "swap", line, swapped
        obj = json.loads(lines[index])
        for kind, changed in _field_edits(obj, players):
            yield kind, line, [*lines[:index], _dumps(changed), *lines[index + 1 :]]


def _field_edits(obj: dict[str, Any], players: int) -> Iterator[tuple[str, dict[str, Any]]]:
    command = obj["command"]
    for key in SEAT_KEYS:
        if isinstance(command.get(key), int):
            for seat in ((command[key] + 1) % players, players):
                changed = json.loads(json.dumps(obj))
                changed["command"][key] = seat
                yield "seat", changed
            break
    card = _first(obj, lambda value: isinstance(value, str) and _is_card(value))
    if card is not None:
        path, value = card
        other = next(card for card in OTHER_CARDS if card != value)
        yield "card", _set(obj, path, other)
    counted = _first(obj, lambda value: isinstance(value, list))
    if counted is not None:
        path, value = counted
        yield "count", _set(obj, path, [*value, value[-1] if value else None])


def _is_card(text: str) -> bool:
    return text[:1].isdigit() or text in {"Revolver", "Bribery", "Limousine", "Liquidation"}


def _first(obj: Any, test: Any, path: tuple[Any, ...] = ()) -> tuple[tuple[Any, ...], Any] | None:
    """The first value (depth first, command before events) that passes ``test``, with its path."""
    items = obj.items() if isinstance(obj, dict) else enumerate(obj)
    for key, value in items:
        if key in ("type", "players", "options", "businesses", "actor"):
            continue
        if test(value):
            return (*path, key), value
        if isinstance(value, dict | list):
            found = _first(value, test, (*path, key))
            if found is not None:
                return found
    return None


def _set(obj: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    changed: dict[str, Any] = json.loads(json.dumps(obj))
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


def _dumps(obj: object) -> str:
    return json.dumps(obj, separators=(",", ":"))
