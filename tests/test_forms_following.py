"""Two checks of a forged per-seat log that need no search, and why they are sound.

- An event that only a command makes, recorded after the command's own (a play written twice
  in one entry), is refused at once for its form: the kinds that may follow a command's first
  event are kept as data (:func:`~chicago_poker.referee.following.following_kinds`), checked
  to be those the engine's code names; and every event the engine gives after a command's
  first is checked to be of such a kind.
- A seat's command where that seat has no decision to make (a player's move while the card
  they drew is still to be dealt: the deal deleted, or swapped with the move) is refused by
  every witness of the entries before it, since who decides is public.

Each is checked against the search: over every single-line edit of legal logs, no log the
search alone finds legal is refused by them.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
from collections.abc import Iterator
from types import ModuleType
from typing import get_args

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chicago_poker.core import decide, events
from chicago_poker.core.events import (
    BriberyPlayed,
    CardDrawn,
    DrawRequested,
    Event,
    GangsterPlayed,
    ReinforcementDeclined,
    TurnEnded,
)
from chicago_poker.core.redacted_events import RedactedReinforcementChosen
from chicago_poker.core.rules import RuleOptions
from chicago_poker.formats.entries import RedactedLogEntry, load_redacted_entry
from chicago_poker.formats.log import LogKind, entries_to_lines, redact_entries
from chicago_poker.referee import forms, information
from chicago_poker.referee.differences import REDACTED_KINDS
from chicago_poker.referee.following import following_kinds
from chicago_poker.referee.forms import form_error
from chicago_poker.referee.information import Impossible, InformationSet
from chicago_poker.referee.validate import Status, validate_log
from log_edits import single_edits
from random_games import by_kind, random_game, uniform

OPTIONS = st.builds(RuleOptions, *(st.booleans() for _ in range(5)))
EVERY_KIND = frozenset(get_args(Event))


def redacted(players: int, seed: int, viewer: int | None, commands: int) -> list[str]:
    game = random_game(players, RuleOptions(), seed=seed, commands=commands, policy=by_kind)
    return list(entries_to_lines(game, kind=LogKind.REDACTED, viewer=viewer))


# --------------------------------------------------------------- the kinds that may follow


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    options=OPTIONS,
    kinds=st.booleans(),
)
def test_every_event_the_engine_gives_after_a_commands_first_is_of_a_following_kind(
    seed: int, players: int, options: RuleOptions, kinds: bool
) -> None:
    game = random_game(players, options, seed=seed, policy=by_kind if kinds else uniform)
    following = following_kinds()
    for entry in game.history:
        assert entry.events, entry
        assert {type(event) for event in entry.events[1:]} <= following, entry


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    options=OPTIONS,
    commands=st.integers(1, 400),
)
def test_every_seats_log_of_a_legal_game_passes_the_form_check(
    seed: int, players: int, options: RuleOptions, commands: int
) -> None:
    game = random_game(players, options, seed=seed, commands=commands, policy=by_kind)
    for viewer in [*range(players), None]:
        for index, entry in enumerate(redact_entries(game.history, viewer)):
            assert form_error(entry, index, viewer, players) is None, (viewer, index, entry)


def test_the_kinds_that_follow_are_the_engines_automatic_ones_and_a_marker() -> None:
    following = following_kinds()
    assert TurnEnded in following
    assert not following & {GangsterPlayed, CardDrawn, DrawRequested, BriberyPlayed}
    assert ReinforcementDeclined not in following
    assert following < following_kinds(automatic_decline=True) < EVERY_KIND


# ------------------------------------------------- the set, against the engine's own code


class EngineCode:
    """The engine's ``decide`` module parsed: its functions and constants, and those that it
    imports by name from the other modules of :mod:`chicago_poker.core`."""

    def __init__(self) -> None:
        self.nodes: dict[str, ast.AST] = {}
        self._read(decide, imports=True)
        self.kinds = {kind.__name__: kind for kind in EVERY_KIND}

    def _read(self, module: ModuleType, *, imports: bool) -> None:
        """The module's own names first: a name it imports is read only where it has none."""
        body = ast.parse(inspect.getsource(module)).body
        for node in body:
            if isinstance(node, ast.FunctionDef):
                self.nodes.setdefault(node.name, node)
            elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    if isinstance(target, ast.Name):
                        self.nodes.setdefault(target.id, node.value)
        for node in body:
            if (
                imports
                and isinstance(node, ast.ImportFrom)
                and (node.module or "").startswith("chicago_poker.core.")
                and node.module != events.__name__
            ):
                imported = importlib.import_module(node.module or "")
                self._read(imported, imports=False)

    def reached(self, root: str) -> Iterator[ast.AST]:
        """Every function and constant that ``root`` reaches by name, itself first."""
        seen, todo = {root}, [self.nodes[root]]
        while todo:
            node = todo.pop()
            yield node
            for name in _names(node):
                if name not in seen and name in self.nodes:
                    seen.add(name)
                    todo.append(self.nodes[name])

    def named(self, root: str) -> set[type]:
        """The event classes named by what ``root`` reaches."""
        return {
            self.kinds[n] for node in self.reached(root) for n in _names(node) if n in self.kinds
        }

    def after_first(self, root: str) -> set[type]:
        """The event classes named after the first item of a tuple returned in ``root``'s reach."""
        return {
            self.kinds[name]
            for node in self.reached(root)
            for returned in ast.walk(node)
            if isinstance(returned, ast.Return) and isinstance(returned.value, ast.Tuple)
            for item in returned.value.elts[1:]
            for name in _names(item)
            if name in self.kinds
        }


def _names(node: ast.AST) -> Iterator[str]:
    """The names a piece of code uses."""
    return (child.id for child in ast.walk(node) if isinstance(child, ast.Name))


def test_the_kinds_that_follow_are_those_the_engines_code_names() -> None:
    """What the automatic step reaches, and what a command returns after its first event;
    a decline too in a log written before 0.2.0 (the engine's ``_decline``)."""
    code = EngineCode()
    following = code.named("_automatic") | code.after_first("_primary")
    assert following_kinds() == following
    assert following_kinds(automatic_decline=True) == following | code.named("_decline")


# ----------------------------------------------------------- a play recorded twice in one entry


def _with_first_event_twice(lines: list[str], index: int) -> list[str]:
    obj = json.loads(lines[index])
    obj["events"].insert(1, obj["events"][0])
    return [*lines[:index], json.dumps(obj), *lines[index + 1 :]]


def _plays(lines: list[str], redacted_only: bool) -> list[int]:
    found = []
    for index, line in enumerate(lines[2:], start=2):
        kind = json.loads(line)["command"]["type"]
        if kind == "RedactedPlayGangster" or (kind == "PlayGangster" and not redacted_only):
            found.append(index)
    return found


@pytest.mark.rule("R-4.1")
@pytest.mark.parametrize(("players", "seed", "viewer"), [(2, 6, None), (4, 10, 0), (5, 3, 4)])
def test_a_play_recorded_twice_in_one_entry_is_refused_at_once(
    players: int, seed: int, viewer: int | None
) -> None:
    lines = redacted(players, seed, viewer, 60)
    plays = _plays(lines, redacted_only=False)
    assert plays
    for index in plays:
        forged = _with_first_event_twice(lines, index)
        known = InformationSet(viewer)
        for line in forged[1:]:
            known.extend(load_redacted_entry(line))
        refused = known.refused
        assert isinstance(refused, Impossible), index
        assert (refused.index, refused.rule) == (index - 1, "R-4.1")
        assert refused.reason.startswith("events[1]: a GangsterPlayed follows")
        report = validate_log(forged, "forged")
        assert report.status is Status.ILLEGAL
        assert (report.findings[0].line, report.findings[0].rule) == (index + 1, "R-4.1")


def test_a_decline_follows_a_request_only_in_a_log_of_an_engine_before_0_2_0() -> None:
    """Before 0.2.0 the engine declined for a tied player by itself, in the same entry."""
    lines = redacted(3, 6, None, 40)
    entry = load_redacted_entry(lines[_plays(lines, redacted_only=True)[0]])
    declined = RedactedLogEntry(
        entry.command, (*entry.events, RedactedReinforcementChosen(0, None))
    )
    refused = form_error(declined, 5, None, 3)
    assert refused is not None
    assert (refused.field, refused.rule) == (f"events[{len(entry.events)}]", "R-6.7.2")
    assert form_error(declined, 5, None, 3, automatic_decline=True) is None


# ------------------------------------------------- a seat's move while a card is to be dealt


def _is_deal_before_own_move(lines: list[str], index: int) -> bool:
    """Whether line ``index`` deals a card to a seat whose next entry is its move, shown whole."""
    deal, move = json.loads(lines[index]), json.loads(lines[index + 1])
    return bool(
        deal["command"]["type"] == "RedactedDealCard"
        and move["actor"] == deal["events"][0]["player"]
        and not move["command"]["type"].startswith("Redacted")
    )


@pytest.mark.rule("R-3.6")
@pytest.mark.parametrize(
    ("players", "seed", "viewer", "index"),
    [(2, 6, None, 38), (4, 10, 0, 41), (3, 12, 2, 25), (3, 12, 2, 37)],
)
@pytest.mark.parametrize("edit", ["delete", "swap"])
def test_a_move_while_the_card_drawn_is_still_to_be_dealt_is_refused(
    players: int, seed: int, viewer: int | None, index: int, edit: str
) -> None:
    """The deal deleted, or swapped with the move: the search alone left these undecided."""
    lines = redacted(players, seed, viewer, 60)
    assert _is_deal_before_own_move(lines, index)
    if edit == "delete":
        forged = [*lines[:index], *lines[index + 1 :]]
    else:
        forged = [*lines[:index], lines[index + 1], lines[index], *lines[index + 2 :]]
    report = validate_log(forged, edit)
    assert report.status is Status.ILLEGAL, report.findings
    finding = report.findings[0]
    assert (finding.line, finding.rule) == (index + 1, "R-3.6")
    assert "waiting for a card" in finding.reason


# --------------------------------------------------------------- sound: never a legal log refused


def _without_the_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forms, "_may_follow", lambda automatic_decline: EVERY_KIND | _REDACTED)
    monkeypatch.setattr(information, "_not_theirs_now", lambda seen, state: False)


_REDACTED: frozenset[type] = REDACTED_KINDS


@pytest.mark.parametrize(("players", "seed", "viewer"), [(2, 6, None), (4, 10, 0), (3, 12, 2)])
def test_over_every_single_line_edit_the_checks_refuse_no_log_the_search_finds_legal(
    players: int, seed: int, viewer: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each edit is judged with the two checks, then without them (the search alone).

    Every kind of single-line edit is tried; none is left undecided with the checks, and at
    least one play written twice is refused for its form.
    """
    lines = redacted(players, seed, viewer, 30)
    edits = list(single_edits(lines, players))
    judged = [validate_log(forged, kind) for kind, _, forged in edits]
    assert {kind for kind, _, _ in edits} == {
        "duplicate",
        "delete",
        "swap",
        "seat",
        "card",
        "count",
    }
    assert all(report.status is not Status.UNDECIDED for report in judged)
    assert any(
        "follows the command's own event" in report.findings[0].reason
        for report in judged
        if report.findings
    )
    _without_the_checks(monkeypatch)
    for (kind, line, forged), report in zip(edits, judged, strict=True):
        if validate_log(forged, kind).status is Status.OK:
            assert report.status is Status.OK, (kind, line, report.findings)
