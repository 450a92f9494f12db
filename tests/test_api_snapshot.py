"""The public API matches its snapshot, and a breaking change needs a changelog entry."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

import chicago_poker
from api_snapshot import (
    check,
    differences,
    load,
    public_api,
    unannounced_breakages,
    unreleased_entries,
)


@pytest.fixture(scope="module")
def current() -> dict[str, Any]:
    """The public API of the package under test, read by Griffe."""
    return public_api()


def test_the_public_api_matches_its_snapshot(current: dict[str, Any]) -> None:
    """Refresh with `python tests/api_snapshot.py` after announcing what broke."""
    assert check(load(), current, unreleased_entries()) == []


def test_the_snapshot_holds_every_public_name(current: dict[str, Any]) -> None:
    assert sorted(current["members"]) == sorted(chicago_poker.__all__)


def test_a_removed_name_needs_an_entry_under_removed(current: dict[str, Any]) -> None:
    changed = copy.deepcopy(current)
    del changed["members"]["replay"]
    assert unannounced_breakages(current, changed, {}) == [
        "replay: public object was removed (name `replay` in an entry)"
    ]
    assert unannounced_breakages(current, changed, {"Added": "- `replay` is gone"}) != []
    assert unannounced_breakages(current, changed, {"Removed": "- `replay`: use `Game`"}) == []


def test_a_new_required_parameter_needs_an_entry(current: dict[str, Any]) -> None:
    changed = copy.deepcopy(current)
    parameters = changed["members"]["decide"]["parameters"]
    parameters.append(dict(parameters[-1], name="strict", default=None, kind="keyword-only"))
    [problem] = unannounced_breakages(current, changed, {"Fixed": "`decide` is faster"})
    assert problem.startswith("decide: ")
    assert "strict" in problem
    assert unannounced_breakages(current, changed, {"Changed": "- `decide(..., strict)`"}) == []


def test_a_changed_default_of_a_method_needs_an_entry(current: dict[str, Any]) -> None:
    changed = copy.deepcopy(current)
    [new_dealer] = [
        parameter
        for parameter in changed["members"]["Game"]["members"]["from_log"]["parameters"]
        if parameter["name"] == "new_dealer"
    ]
    new_dealer["default"] = "True"
    [problem] = unannounced_breakages(current, changed, {})
    assert problem.startswith("Game.from_log: ")
    announced = {"Deprecated": "- `Game.from_log` will need `new_dealer=True`"}
    assert unannounced_breakages(current, changed, announced) == []


def test_an_added_name_only_asks_for_a_new_snapshot(current: dict[str, Any]) -> None:
    changed = copy.deepcopy(current)
    changed["members"]["replay_quickly"] = dict(current["members"]["replay"], name="replay_quickly")
    assert unannounced_breakages(current, changed, {}) == []
    assert differences(current, changed) == ["replay_quickly: added"]
    [problem] = check(current, changed, {})
    assert "python tests/api_snapshot.py" in problem


def test_a_changed_annotation_asks_for_a_new_snapshot(current: dict[str, Any]) -> None:
    changed = copy.deepcopy(current)
    changed["members"]["replay"]["returns"] = "object"
    assert differences(current, changed) == ["replay: changed"]


def test_unreleased_entries_join_the_changelog_and_its_fragments(tmp_path: Path) -> None:
    (tmp_path / "CHANGELOG.md").write_text(
        "# Changelog\n\n## [Unreleased]\n\n### Removed\n\n- `old_name`\n\n"
        "## [0.1.0] - 2026-01-01\n\n### Removed\n\n- `released_name`\n",
        encoding="utf-8",
    )
    (tmp_path / "changelog.d").mkdir()
    (tmp_path / "changelog.d" / "helper.md").write_text(
        "### Changed\n\n- `Game.undo`\n\n### Removed\n\n- `other_name`\n", encoding="utf-8"
    )
    entries = unreleased_entries(tmp_path)
    assert "old_name" in entries["Removed"]
    assert "other_name" in entries["Removed"]
    assert "released_name" not in entries["Removed"]
    assert "Game.undo" in entries["Changed"]
