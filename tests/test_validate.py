"""The game-log validator (chicago_poker.referee.validate) and ``chicago-poker validate``."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chicago_poker
from chicago_poker.cli import command as cli
from chicago_poker.core.cards import BUSINESS_TILES, full_deck
from chicago_poker.core.decide import step
from chicago_poker.core.events import Event
from chicago_poker.core.state import GameState
from chicago_poker.formats import reader as log
from chicago_poker.formats.log import (
    COMMAND_TYPES,
    EVENT_TYPES,
    LogEntry,
    LogHeader,
    LogKind,
    read_log,
)
from chicago_poker.referee import validate
from chicago_poker.referee.validate import (
    Finding,
    Report,
    Status,
    validate_binary,
    validate_file,
    validate_log,
)
from interrupt import children_ignore_interrupts, interrupt, posix_only
from log_corpus import LOGS, corpus

EXPECTED: dict[str, dict[str, Any]] = tomllib.loads(
    (LOGS / "expected.toml").read_text(encoding="utf-8")
)


def lines_of(name: str) -> list[str]:
    return (LOGS / name).read_text(encoding="utf-8").splitlines()


def check(lines: list[str]) -> Report:
    """Validate lines as a file gives them: UTF-8 bytes, each with its newline."""
    return validate_log([line.encode() + b"\n" for line in lines], "test.jsonl")


def check_in_full(lines: list[str]) -> Report:
    """Validate with every line read in full: no line is taken as canonical."""
    with mock.patch.object(log, "_canonical_command", return_value=None):
        return check(lines)


# ------------------------------------------------------------------------------ the corpus


def case(name: str, *marks: Any) -> Any:
    return pytest.param(name, EXPECTED[name], id=name, marks=marks)


CORPUS_CASES = [
    *(case(name) for name in sorted(EXPECTED) if "rule" not in EXPECTED[name]),
    case("illegal-action.jsonl", pytest.mark.rule("R-3.10")),
    case("fourth-action.jsonl", pytest.mark.rule("R-3.2", "R-3.1")),
    case("card-not-in-draw-pile.jsonl", pytest.mark.rule("R-3.6")),
    case("shootout-skipped.jsonl", pytest.mark.rule("R-6.1")),
    case("shootout-early.jsonl", pytest.mark.rule("R-6.1")),
    case("wrong-winner.jsonl", pytest.mark.rule("R-8.1")),
    case("wrong-winner-short-game.jsonl", pytest.mark.rule("R-8.3")),
    case("tampered-business-card.jsonl", pytest.mark.rule("R-4.1")),
    case("missing-entry.jsonl", pytest.mark.rule("R-3.6")),
    case("duplicated-entry.jsonl", pytest.mark.rule("R-3.2")),
    case("after-the-end.jsonl", pytest.mark.rule("R-8.2")),
    case("commands-illegal.jsonl", pytest.mark.rule("R-3.1")),
    case("redacted-fourth-action.jsonl", pytest.mark.rule("R-3.2")),
    case("redacted-forged-spectator-sees-hands.jsonl", pytest.mark.rule("R-2.4")),
    case("redacted-forged-police-raid.jsonl", pytest.mark.rule("R-5.3")),
    case("redacted-forged-drawn-by-seat-minus-1.jsonl", pytest.mark.rule("R-2.1")),
    case("redacted-forged-drawn-by-seat-7.jsonl", pytest.mark.rule("R-2.1")),
    case("redacted-forged-120-draws.jsonl", pytest.mark.rule("R-3.6")),
    case("redacted-forged-end-turn.jsonl", pytest.mark.rule("R-2.4")),
    case("redacted-forged-winners.jsonl", pytest.mark.rule("R-6.4")),
    case("redacted-forged-reinforcement.jsonl", pytest.mark.rule("R-6.7.3")),
    case("redacted-leak.jsonl", pytest.mark.rule("R-2.4")),
    case("bad-header-version.jsonl"),
    case("unknown-event.jsonl"),
    case("truncated.jsonl"),
]


def test_every_expectation_is_a_corpus_case() -> None:
    names = [param.values[0] for param in CORPUS_CASES]
    assert sorted(names) == sorted(EXPECTED)
    for param in CORPUS_CASES:
        cited = [rule for mark in param.marks for rule in mark.args]
        expected = EXPECTED[param.values[0]].get("rule", "format")
        assert cited[:1] == ([expected] if expected.startswith("R-") else [])


@pytest.mark.parametrize(("name", "expected"), CORPUS_CASES)
def test_each_log_of_the_corpus_gets_its_expected_verdict(
    name: str, expected: dict[str, Any]
) -> None:
    report = validate_file(LOGS / name, name)
    assert report.exit_code == expected["exit"]
    if expected["exit"] == 0:
        assert report.findings == ()
    else:
        first = report.findings[0]
        assert first.line == expected["line"]
        unnamed = "none" if report.status is Status.UNDECIDED else "format"
        assert (first.rule or unnamed) == expected["rule"]
        assert expected["reason"] in first.reason
        assert first.entry  # the faulty line is quoted
    if "winner" in expected:
        assert report.game_over
        assert report.winner == expected["winner"]
    if "note" in expected:
        assert any(expected["note"] in note for note in report.notes)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_log_of_the_corpus_gets_the_same_report_read_in_full(name: str) -> None:
    # Full, commands and redacted logs, legal or not: canonical lines change nothing.
    assert validate_file(LOGS / name, "test.jsonl") == check_in_full(lines_of(name))


def test_every_log_of_the_corpus_has_an_expectation() -> None:
    assert sorted(path.name for path in LOGS.glob("*.jsonl")) == sorted(EXPECTED)


def test_the_corpus_is_reproduced_from_its_seeds() -> None:
    for name, text in corpus().items():
        assert (LOGS / name).read_text(encoding="utf-8") == text, (
            f"{name} is out of date: run python tests/log_corpus.py"
        )


def test_the_valid_corpus_covers_every_player_count_option_and_kind() -> None:
    headers = [
        next(iter(read_log(lines_of(name))))
        for name, expected in EXPECTED.items()
        if name.startswith("valid-")
    ]
    assert all(isinstance(header, LogHeader) for header in headers)
    assert {len(h.players) for h in headers if isinstance(h, LogHeader)} == {2, 3, 4, 5, 6}
    options = [h.options for h in headers if isinstance(h, LogHeader)]
    for name in ("tactical", "short_game", "optional_actions", "limousine_any_cards"):
        assert any(getattr(option, name) for option in options), name
    assert any(option.optional_reinforcement for option in options)
    kinds = {h.kind for h in headers if isinstance(h, LogHeader)}
    assert kinds == {LogKind.FULL, LogKind.COMMANDS}


# ------------------------------------------------------------------------- the validator


@pytest.mark.rule("R-8.2")
def test_a_finished_game_reports_its_winner() -> None:
    report = check(lines_of("valid-2p-standard.jsonl"))
    assert report.status is Status.OK
    assert report.game_over
    assert report.winner_name == "Bugs"
    assert report.victory is not None
    assert report.notes == ()


def test_an_unfinished_game_is_legal_with_a_note() -> None:
    lines = lines_of("valid-2p-standard.jsonl")[:20]
    report = check(lines)
    assert report.exit_code == 0
    assert not report.game_over
    assert report.entries == 19
    assert report.notes
    assert "not finished" in report.notes[0]


@pytest.mark.rule("R-3.1")
def test_a_commands_log_is_checked_by_replaying_its_commands() -> None:
    report = check(lines_of("commands-illegal.jsonl"))
    assert report.kind is LogKind.COMMANDS
    assert report.status is Status.ILLEGAL
    assert report.findings[0].line == 6


def test_lines_after_a_broken_rule_are_still_read_for_their_format() -> None:
    lines = lines_of("illegal-action.jsonl")[:4]
    report = check([*lines, "not json"])
    assert report.status is Status.UNREADABLE  # the worse verdict wins
    assert [finding.line for finding in report.findings] == [3, 5]
    assert report.findings[0].rule == "R-3.10"


def test_a_redacted_log_is_judged_by_a_witness_and_says_what_it_leaves_unsettled() -> None:
    report = check(lines_of("redacted.jsonl"))
    assert report.status is Status.OK
    assert report.kind is LogKind.REDACTED
    assert "the engine replayed a witness" in report.notes[0]
    assert "of the 9 cards that reached other hands unseen by Al, 2 are never" in report.notes[0]
    assert "as far as" not in " ".join(report.notes)
    assert not report.game_over


def test_an_empty_log_is_unreadable() -> None:
    report = check([])
    assert report.status is Status.UNREADABLE
    assert "empty" in report.findings[0].reason


def test_a_header_alone_is_unreadable() -> None:
    report = check(lines_of("valid-2p-standard.jsonl")[:1])
    assert report.status is Status.UNREADABLE
    assert report.findings[0].line == 2


def test_a_line_that_is_too_long_is_unreadable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(validate, "MAX_LINE_CHARS", 100)
    report = validate_log(lines_of("valid-2p-standard.jsonl"), "test.jsonl")  # text: characters
    assert report.status is Status.UNREADABLE
    assert report.findings[0].line == 1
    assert "longer than 100 characters" in report.findings[0].reason
    file = io.BytesIO((LOGS / "valid-2p-standard.jsonl").read_bytes())
    assert "longer than 100 bytes" in validate_binary(file, "x").findings[0].reason


def test_an_endless_log_stops_at_the_entry_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(validate, "MAX_ENTRIES", 50)
    lines = lines_of("illegal-action.jsonl")

    def endless() -> Iterator[str]:
        yield from lines[:3]
        while True:
            yield lines[3]

    report = validate_log(endless(), "endless")
    assert report.status is Status.UNREADABLE
    assert report.findings[-1].line == 52
    assert "more than 50 entries" in report.findings[-1].reason


def test_a_file_that_is_not_utf8_is_unreadable_at_its_line(tmp_path: Path) -> None:
    lines = lines_of("valid-2p-unfinished.jsonl")
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(("\n".join(lines[:3]) + "\n").encode() + b'{"caf\xe9"}\n')
    report = validate_file(path)
    assert report.status is Status.UNREADABLE
    assert report.findings[0].line == 4
    assert "not UTF-8" in report.findings[0].reason


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000, '{"format":' + "1" * 10_000 + "}", "\ufeff{}", "null", '"x"', "{}"],
    ids=["deep", "long-integer", "bom", "null", "string", "empty-object"],
)
def test_odd_json_is_unreadable(text: str) -> None:
    report = check([text])
    assert report.status is Status.UNREADABLE
    assert report.findings[0].line == 1


def test_a_missing_file_is_unreadable(tmp_path: Path) -> None:
    report = validate_file(tmp_path / "nowhere.jsonl")
    assert report.status is Status.UNREADABLE
    assert report.findings[0].line is None
    assert "cannot open" in report.findings[0].reason


def test_the_report_is_json_friendly() -> None:
    report = check(lines_of("wrong-winner.jsonl"))
    data = json.loads(json.dumps(report.as_dict()))
    assert data["status"] == "illegal"
    assert data["exit"] == 1
    assert data["findings"][0]["rule"] == "R-8.1"
    assert data["findings"][0]["line"] == 114


def test_long_entries_are_shortened_in_findings() -> None:
    finding = check(lines_of("wrong-winner.jsonl")).findings[0]
    assert len(finding.entry) <= validate.MAX_ENTRY_TEXT
    assert finding.entry.endswith("…")


def test_every_event_type_has_a_rule() -> None:
    assert set(validate.EVENT_RULES) == set(EVENT_TYPES)


# ---------------------------------------------------------------------------------- the CLI


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(["validate", *argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.rule("R-8.1")
def test_cli_prints_each_finding_with_file_line_and_rule(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(LOGS / "wrong-winner.jsonl")
    status, out, err = run_cli(capsys, path)
    assert status == 1
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == f"{path}: illegal: 1 broken rule"
    assert lines[1].startswith(f"{path}:114: R-8.1: event 6 of DealCard: the log records ")
    assert lines[2].startswith('    {"command":{"type":"DealCard"')


def test_cli_accepts_a_legal_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, str(LOGS / "valid-2p-standard.jsonl"))
    assert status == 0
    assert "legal game, 113 entries, won by Bugs" in out


def test_cli_exit_status_is_the_worst_of_the_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = str(LOGS / "valid-2p-standard.jsonl")
    illegal = str(LOGS / "illegal-action.jsonl")
    missing = str(tmp_path / "missing.jsonl")
    assert run_cli(capsys, good, good)[0] == 0
    assert run_cli(capsys, good, illegal, good)[0] == 1
    status, out, _ = run_cli(capsys, missing, illegal, good)
    assert status == 2
    assert f"{missing}: format: cannot open the file" in out


def test_cli_json_format_is_one_document(capsys: pytest.CaptureFixture[str]) -> None:
    names = ["valid-2p-unfinished.jsonl", "truncated.jsonl"]
    status, out, _ = run_cli(capsys, "--format", "json", *(str(LOGS / n) for n in names))
    assert status == 2
    document = json.loads(out)
    assert document["exit"] == 2
    assert [file["status"] for file in document["files"]] == ["ok", "unreadable"]
    assert document["files"][1]["findings"][0]["line"] == 36


def test_cli_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["validate"]) == 2
    assert "the following arguments are required: FILE" in capsys.readouterr().err


def test_cli_reports_an_internal_error_without_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(path: str, *_: object, **__: object) -> Report:
        raise RuntimeError("boom")

    monkeypatch.setattr(validate, "validate_file", broken)
    status, out, err = run_cli(capsys, "any.jsonl")
    assert status == 2
    assert "internal error while validating: RuntimeError: boom" in out
    assert "Traceback" not in out + err


def test_cli_stops_quietly_when_interrupted(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(paths: object, **_: object) -> Iterator[Report]:
        raise KeyboardInterrupt
        yield  # a generator, as validate_files is

    monkeypatch.setattr(cli, "validate_files", interrupted)
    status, out, err = run_cli(capsys, "any.jsonl")
    assert (status, out) == (130, "")
    assert err == "chicago-poker: interrupted\n"


@pytest.mark.parametrize(
    ("workers", "why"),
    [
        ("0", "0 is out of range: use at least 1"),
        ("-2", "-2 is out of range: use at least 1"),
        ("two", "'two' is not a whole number"),
        ("1.5", "'1.5' is not a whole number"),
    ],
)
def test_cli_needs_one_worker_or_more(
    capsys: pytest.CaptureFixture[str], workers: str, why: str
) -> None:
    status, out, err = run_cli(capsys, "--workers", workers, "any.jsonl")
    assert (status, out) == (2, "")
    assert f"argument --workers: {why}" in err


def test_cli_with_workers_prints_what_it_prints_without(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    files = [str(path) for path in sorted(LOGS.glob("*.jsonl"))]
    files.insert(3, str(tmp_path / "missing.jsonl"))
    # The status and stdout; stderr holds progress lines, which depend on how long it takes.
    alone = run_cli(capsys, *files)[:2]
    assert alone[0] == 2  # the highest: the corpus holds unreadable logs
    assert run_cli(capsys, "--workers", "2", *files)[:2] == alone
    document = run_cli(capsys, "--format", "json", *files)[:2]
    assert run_cli(capsys, "--format", "json", "--workers", "3", *files)[:2] == document


# ------------------------------------------------------------------- many files at once


def test_validate_files_reports_each_file_in_the_order_given(tmp_path: Path) -> None:
    names = ["truncated.jsonl", "valid-2p-standard.jsonl", "illegal-action.jsonl"]
    paths: list[str | Path] = [LOGS / name for name in names]
    paths.append(tmp_path / "missing.jsonl")
    expected = [validate_file(path) for path in paths]
    assert [r.status for r in expected] == [
        Status.UNREADABLE,
        Status.OK,
        Status.ILLEGAL,
        Status.UNREADABLE,
    ]
    assert list(validate.validate_files(paths)) == expected
    # Twice as many files as workers' room: reports still come back in order, from the
    # workers, equal to those made here.
    many = paths * 3
    assert list(validate.validate_files(many, workers=2)) == expected * 3


def test_validate_files_reports_an_error_of_one_file_and_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(path: str, *_: object, **__: object) -> Report:
        if path == "bad.jsonl":
            raise RuntimeError("boom")
        return Report(path, Status.OK)

    monkeypatch.setattr(validate, "validate_file", broken)
    reports = list(validate.validate_files(["a.jsonl", "bad.jsonl", "c.jsonl"]))
    assert [r.status for r in reports] == [Status.OK, Status.UNREADABLE, Status.OK]
    finding = reports[1].findings[0]
    assert finding.reason == "internal error while validating: RuntimeError: boom"


def test_a_worker_that_dies_is_reported_for_its_file() -> None:
    # The seam calls _lost for each file of a worker that died (tests/test_cluster.py).
    report = validate._lost(("game.jsonl", "/logs/game.jsonl", (None, None)))
    assert report.source == "game.jsonl"
    assert report.status is Status.UNREADABLE
    assert report.findings[0].reason == (
        "internal error while validating: the worker process checking it stopped unexpectedly"
    )


@posix_only
def test_ctrl_c_stops_validation_in_workers_without_a_traceback() -> None:
    # Ctrl-C interrupts the whole foreground process group, workers included. Once the first
    # verdict is out, the workers are running; the interrupt must leave only our one line.
    files = [str(LOGS / "valid-2p-standard.jsonl")] * 2000

    def first_verdict(running: subprocess.Popen[bytes]) -> None:
        assert running.stdout is not None
        assert b"legal game" in running.stdout.readline()
        assert children_ignore_interrupts(running.pid)

    status, out, err = interrupt(["validate", "--workers", "2", *files], first_verdict)
    assert (status, err) == (130, b"chicago-poker: interrupted\n")
    assert out.count(b"\n") < len(files) - 1


@pytest.mark.parametrize("workers", [0, -1])
def test_validate_files_needs_one_worker_or_more(workers: int) -> None:
    with pytest.raises(ValueError, match=f"workers must be at least 1, not {workers}"):
        validate.validate_files(["game.jsonl"], workers=workers)


def test_cli_validate_runs_as_a_program_without_traceback(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_bytes(b"\xff\xfe\x00garbage\n{]")
    source = str(Path(chicago_poker.__file__).parent.parent)
    env = {**os.environ, "PYTHONPATH": source}
    done = subprocess.run(
        [sys.executable, "-m", "chicago_poker", "validate", str(garbage)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 2
    assert "not UTF-8" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


HOSTILE_NAME = "Bugs\x1b[2J\x07\u202e"
"""A player name that would clear a terminal, ring its bell and reverse the text after it."""


def with_hostile_name(name: str) -> list[str]:
    """``name``, a legal game won by Bugs, with Bugs renamed :data:`HOSTILE_NAME`."""
    escaped = json.dumps(HOSTILE_NAME)
    return [line.replace('"Bugs"', escaped) for line in lines_of(name)]


def test_cli_text_shows_what_a_log_says_with_control_characters_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    legal = tmp_path / "legal.jsonl"
    legal.write_text("\n".join(with_hostile_name("valid-2p-standard.jsonl")) + "\n")
    raw = tmp_path / "raw.jsonl"
    raw.write_bytes(b'{"format":"\x1b]0;pwned\x07\xc2\x9b2J"}\n')
    status, out, _ = run_cli(capsys, str(legal), str(raw))
    assert status == 2
    assert out.replace("\n", "").isprintable()
    assert f"{legal}: legal game, 113 entries, won by Bugs\\x1b[2J\\x07\\u202e (" in out
    assert '    {"format":"\\x1b]0;pwned\\x07\\x9b2J"}' in out  # the entry, C1 CSI too


def test_cli_json_is_ascii_and_keeps_the_exact_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    legal = tmp_path / "legal.jsonl"
    legal.write_text("\n".join(with_hostile_name("valid-2p-standard.jsonl")) + "\n")
    status, out, _ = run_cli(capsys, "--format", "json", str(legal))
    assert status == 0
    assert out.isascii()
    assert json.loads(out)["files"][0]["winner_name"] == HOSTILE_NAME


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["validate", "zoe.jsonl"], "won by Zo\\xe9"),
        (["validate", "--format", "json", "zoe.jsonl"], '"winner_name": "Zo\\u00e9"'),
        (["rules", "R-2.2"], "\\xe9"),  # the French rulebook's accents
    ],
)
def test_cli_writes_to_a_stdout_that_cannot_encode_the_text(
    argv: list[str], expected: str, tmp_path: Path
) -> None:
    lines = [line.replace('"Bugs"', '"Zo\\u00e9"') for line in lines_of("valid-2p-standard.jsonl")]
    (tmp_path / "zoe.jsonl").write_text("\n".join(lines) + "\n")
    source = str(Path(chicago_poker.__file__).parent.parent)
    env = {**os.environ, "PYTHONPATH": source, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [sys.executable, "-m", "chicago_poker", *argv],
        capture_output=True,
        text=True,
        encoding="ascii",
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert expected in done.stdout


# ------------------------------------------------------------------- mutations and fuzzing

MUTATION_BASES = ("valid-2p-unfinished.jsonl", "valid-3p-short-optional-actions.jsonl")
BASE_LINES = {name: lines_of(name) for name in MUTATION_BASES}
CARD_TEXTS = [str(card) for card in full_deck()]
TILE_TEXTS = [str(tile) for tile in BUSINESS_TILES]
CARD = re.compile(r'"(\d{1,2}[RBGYP]|Liquidation|PoliceRaid[12]|Limousine|Revolver|Bribery)"')
SEAT = re.compile(r'"(player|owner|victim|target|first_player|actor)":(\d)')
TILE = re.compile(r'"([A-Za-z]+#\d)"')


def replay_reproduces_the_log(lines: list[str]) -> bool:
    """Whether the log replays through the engine, every recorded event reproduced."""
    state: GameState | None = None
    for item in read_log(lines):
        if isinstance(item, LogEntry):
            state, events = step(state, item.command)
            if item.events is not None and item.events != events:
                return False
    return True


@st.composite
def mutated(draw: st.DrawFn) -> list[str]:
    lines = list(BASE_LINES[draw(st.sampled_from(MUTATION_BASES))])
    kind = draw(st.sampled_from(["drop", "duplicate", "swap", "card", "seat", "tile"]))
    index = draw(st.integers(0, len(lines) - 1))
    if kind == "drop":
        del lines[index]
    elif kind == "duplicate":
        lines.insert(index, lines[index])
    elif kind == "swap":
        other = draw(st.integers(0, len(lines) - 1))
        lines[index], lines[other] = lines[other], lines[index]
    else:
        pattern, choices = {
            "card": (CARD, CARD_TEXTS),
            "seat": (SEAT, [str(seat) for seat in range(7)]),
            "tile": (TILE, TILE_TEXTS),
        }[kind]
        matches = list(pattern.finditer(lines[index]))
        if matches:
            match = draw(st.sampled_from(matches))
            start, end = match.span(match.lastindex or 1)
            new = draw(st.sampled_from(choices))
            lines[index] = lines[index][:start] + new + lines[index][end:]
    return lines


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=mutated())
def test_an_edited_log_is_rejected_or_provably_legal(lines: list[str]) -> None:
    report = check(lines)
    if report.exit_code == 0:
        assert check(lines).exit_code == 0
        assert replay_reproduces_the_log(lines)
    else:
        assert report.findings
        assert all(finding.line is None or finding.line >= 1 for finding in report.findings)


# ------------------------------------------- recorded events compared as JSON, or structured

OTHER_JSON_TYPES = ["true", "false", "1.0", "0.0", '"1"', "null", "[1]", "{}"]


def numbers_of_events(line: str) -> list[tuple[int, str]]:
    """The (event index, key) of every integer or boolean field of an entry's events."""
    events = json.loads(line).get("events") or []
    return [
        (index, key)
        for index, event in enumerate(events)
        for key, value in event.items()
        if isinstance(value, int)
    ]


@st.composite
def retyped(draw: st.DrawFn) -> list[str]:
    """A valid log where one number or boolean of an event is a JSON value of another type."""
    lines = list(BASE_LINES[draw(st.sampled_from(MUTATION_BASES))])
    index = draw(st.integers(1, len(lines) - 1))
    fields = numbers_of_events(lines[index])
    if fields:
        event, key = draw(st.sampled_from(fields))
        obj = json.loads(lines[index])
        obj["events"][event][key] = json.loads(draw(st.sampled_from(OTHER_JSON_TYPES)))
        lines[index] = json.dumps(obj, separators=(",", ":"))
    return lines


@st.composite
def rewritten(draw: st.DrawFn) -> list[str]:
    """A valid log with some entries written another way: spaces, or keys in another order."""
    lines = list(BASE_LINES[draw(st.sampled_from(MUTATION_BASES))])
    for index in draw(st.lists(st.integers(1, len(lines) - 1), max_size=5)):
        obj = json.loads(lines[index])
        if draw(st.booleans()):
            obj["events"] = [dict(reversed(event.items())) for event in obj["events"]]
        lines[index] = json.dumps(obj)
    return lines


def slow_check(lines: list[str]) -> Report:
    """The report when every entry's events are structured, never compared as JSON."""
    with mock.patch.object(validate, "_same_events", return_value=False):
        return check_in_full(lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=mutated() | retyped() | rewritten())
def test_comparing_events_as_json_gives_the_same_report_as_structuring_them(
    lines: list[str],
) -> None:
    assert check(lines) == slow_check(lines)


# ------------------------------------------------ canonical lines, replayed without parsing

GARBLE = ' {}[]:,"\\01a\r'


@st.composite
def garbled(draw: st.DrawFn) -> list[str]:
    """A valid log with one character of an entry inserted, deleted or replaced."""
    lines = list(BASE_LINES[draw(st.sampled_from(MUTATION_BASES))])
    index = draw(st.integers(1, len(lines) - 1))
    line = lines[index]
    # Mostly near the start, where the command and the actor are.
    at = draw(st.integers(0, min(len(line) - 1, 80)) | st.integers(0, len(line) - 1))
    new = draw(st.sampled_from(GARBLE))
    match draw(st.sampled_from(["insert", "delete", "replace"])):
        case "insert":
            lines[index] = line[:at] + new + line[at:]
        case "delete":
            lines[index] = line[:at] + line[at + 1 :]
        case _:
            lines[index] = line[:at] + new + line[at + 1 :]
    return lines


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=mutated() | retyped() | rewritten() | garbled())
def test_lines_checked_as_canonical_give_the_same_report_as_lines_read_in_full(
    lines: list[str],
) -> None:
    report = check(lines)
    assert report == check_in_full(lines)
    assert report == validate_log(lines, "test.jsonl")  # text lines are always read in full


@pytest.mark.parametrize(
    "name", ["valid-2p-unfinished.jsonl", "valid-5p-short-reinforcement-commands.jsonl"]
)
def test_the_lines_of_a_legal_log_written_here_are_checked_as_canonical(name: str) -> None:
    lines = lines_of(name)  # a full log, and a log of kind commands
    results: list[bool] = []
    written_with = log.CanonicalLine.written_with

    def spy(entry: log.CanonicalLine, events: Sequence[Event]) -> bool:
        results.append(written_with(entry, events))
        return results[-1]

    with mock.patch.object(log.CanonicalLine, "written_with", spy):
        report = check(lines)
    assert report.status is Status.OK
    # Every entry but StartGame (line 2, always read in full) passed as canonical.
    assert results == [True] * (len(lines) - 2)


def _entry_line(lines: list[str], text: str) -> int:
    return next(index for index, line in enumerate(lines) if text in line)


@pytest.mark.parametrize(
    ("old", "new", "status"),
    [
        # The actor does not match the command: the line is read in full and unreadable.
        ('"actor":1,', '"actor":0,', Status.UNREADABLE),
        # The key ",actor": inside a string of the command: never taken for the actor.
        (
            '{"type":"DrawCard","player":1}',
            '{"type":"DrawCard","player":1,"x":",\\"actor\\":1"}',
            Status.UNREADABLE,
        ),
        # Commands that the shortcut's reader (the converter without details) refuses: read
        # in full, and refused with the detailed reader's message.
        (
            '{"type":"DrawCard","player":1}',
            '{"type":"DrawCard","player":1,"x":1}',
            Status.UNREADABLE,
        ),
        ('{"type":"DrawCard","player":1}', '{"type":"DrawCard"}', Status.UNREADABLE),
        ('{"type":"DrawCard","player":1}', '{"type":"DrawCard","player":true}', Status.UNREADABLE),
        ('{"type":"DrawCard","player":1}', '{"type":"DrawCards","player":1}', Status.UNREADABLE),
        ('{"type":"DrawCard","player":1}', '{"type":["DrawCard"],"player":1}', Status.UNREADABLE),
        ('{"type":"DrawCard","player":1}', '{"player":1}', Status.UNREADABLE),
        ('{"type":"DrawCard","player":1}', '["DrawCard",1]', Status.UNREADABLE),
        # Spaces inside the command: still the same command, and legal.
        ('{"type":"DrawCard","player":1}', '{ "type": "DrawCard", "player": 1 }', Status.OK),
        # A command longer than the bytes looked at for one: read in full, and legal.
        (
            '{"type":"DrawCard","player":1}',
            '{"type":"DrawCard",' + " " * 300 + '"player":1}',
            Status.OK,
        ),
        # Events recorded twice under one key: read in full, and refused (a repeated key).
        ('"events":[', '"events":[],"events":[', Status.UNREADABLE),
        # Something after the entry object: not JSON.
        ('"player":1}]}', '"player":1}]}}', Status.UNREADABLE),
    ],
)
def test_lines_that_only_look_canonical_are_read_in_full(
    old: str, new: str, status: Status
) -> None:
    lines = list(BASE_LINES["valid-2p-unfinished.jsonl"])
    index = _entry_line(lines, '{"command":{"type":"DrawCard","player":1}')
    assert old in lines[index]
    lines[index] = lines[index].replace(old, new, 1)
    report = check(lines)
    assert report.status is status
    assert report == check_in_full(lines)
    if status is not Status.OK:
        assert report.findings[0].line == index + 1


def test_a_cut_line_is_reported_at_a_column_of_the_line_not_after_its_end() -> None:
    lines = list(BASE_LINES["valid-2p-unfinished.jsonl"])
    lines[3] = lines[3][:40]
    report = check(lines)
    assert report.status is Status.UNREADABLE
    assert report.findings[0].line == 4
    assert "line 1 column 41" in report.findings[0].reason
    assert report == validate_log(lines, "test.jsonl")


def test_windows_line_ends_are_read_in_full_and_accepted() -> None:
    lines = BASE_LINES["valid-2p-unfinished.jsonl"]
    data = [line.encode() + b"\r\n" for line in lines]
    assert validate_log(data, "test.jsonl") == check(lines)


def test_events_written_with_spaces_or_other_key_orders_are_read_all_the_same() -> None:
    lines = BASE_LINES["valid-2p-unfinished.jsonl"]
    respaced = [lines[0]] + [json.dumps(json.loads(line), indent=None) for line in lines[1:]]
    reordered = [lines[0]]
    for line in lines[1:]:
        obj = json.loads(line)
        obj["events"] = [dict(sorted(event.items())) for event in obj["events"]]
        reordered.append(json.dumps(dict(reversed(obj.items())), separators=(",", ":")))
    assert check(respaced) == check(reordered) == check(lines)
    assert check(lines).status is Status.OK


@pytest.mark.parametrize("value", ["true", "1.0"])
def test_a_boolean_or_a_fraction_for_a_seat_in_an_event_is_unreadable(value: str) -> None:
    lines = list(BASE_LINES["valid-2p-unfinished.jsonl"])
    index = next(i for i, line in enumerate(lines) if '"DrawRequested","player":1' in line)
    lines[index] = lines[index].replace(
        '"DrawRequested","player":1', f'"DrawRequested","player":{value}'
    )
    report = check(lines)
    assert report.status is Status.UNREADABLE
    assert report.findings[0].line == index + 1
    assert "$.events[0].player" in report.findings[0].reason


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=2000))
def test_arbitrary_bytes_never_raise(data: bytes) -> None:
    report = validate_binary(io.BytesIO(data), "fuzz")
    assert report.status in (Status.UNREADABLE, Status.ILLEGAL)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 100) | st.floats() | st.text(max_size=10),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=20,
)
COMMAND_NAMES = [cls.__name__ for cls in COMMAND_TYPES]
FIELD_VALUES = (
    st.integers(-2, 8)
    | st.sampled_from(CARD_TEXTS)
    | st.sampled_from(TILE_TEXTS)
    | st.lists(st.sampled_from(CARD_TEXTS), max_size=3)
)
ENTRY_LIKE = st.fixed_dictionaries(
    {
        "command": st.fixed_dictionaries(
            {"type": st.sampled_from(COMMAND_NAMES)},
            optional={
                name: FIELD_VALUES
                for name in ("player", "card", "business", "victim", "target", "source")
            },
        ),
        "actor": st.none() | st.integers(-1, 7),
    },
    optional={"events": st.lists(JSON, max_size=2)},
)


@settings(max_examples=200, deadline=None)
@given(
    base=st.sampled_from(MUTATION_BASES),
    keep=st.integers(1, 12),
    extra=st.lists(JSON.map(json.dumps) | ENTRY_LIKE.map(json.dumps), min_size=1, max_size=4),
)
def test_arbitrary_json_lines_never_raise(base: str, keep: int, extra: list[str]) -> None:
    lines = [*BASE_LINES[base][:keep], *extra]
    report = check(lines)
    assert report.status in (Status.OK, Status.ILLEGAL, Status.UNREADABLE)
    if report.status is Status.OK:
        assert replay_reproduces_the_log(lines)


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.binary(max_size=300))
def test_cli_never_shows_a_traceback_on_arbitrary_bytes(
    data: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(data)
    status = cli.main(["validate", str(path)])
    out, err = capsys.readouterr()
    assert status in (1, 2)
    assert "Traceback" not in out + err
    assert out.startswith(f"{path}: ")
    assert out.replace("\n", "").isprintable()  # the bytes of the log are never echoed raw


@pytest.mark.parametrize(
    ("rule", "status", "label"),
    [
        ("R-3.1", Status.ILLEGAL, "R-3.1"),
        (None, Status.ILLEGAL, "illegal"),
        (None, Status.UNREADABLE, "format"),
        (None, Status.UNDECIDED, "undecided"),
    ],
)
def test_a_finding_is_labelled_by_its_rule_or_else_by_its_verdict(
    rule: str | None, status: Status, label: str
) -> None:
    """A broken rule no rule ID names is not a format error (the report used to say so)."""
    assert Finding(2, rule, "why", status=status).label == label
