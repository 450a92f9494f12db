"""Every single-line edit of a log: the forgeries a cheat makes with one change.

:func:`single_edits` gives, for each entry line of a log, the line duplicated, deleted, swapped
with the next, and one field changed: a seat (the next seat, and a seat past the last), a card
(another card where one is shown) and a count (a list one element longer). The referee must
answer each quickly, with a verdict (``tests/test_validate_edits.py``,
``benchmarks/bench_edits.py``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

SEAT_KEYS = ("player", "first_player", "target", "victim")
"""The fields that name a seat, the first found in a command being the one changed."""

OTHER_CARDS = ("1G", "15R", "Revolver", "PoliceRaid#2")
"""Cards put in place of a card shown: the first that differs from it."""


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
