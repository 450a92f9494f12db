"""Old logs stay readable, and a log newer than this reader says so and what to do."""

from __future__ import annotations

import io
import json
from pathlib import Path

import attrs
import pytest

import chicago_poker
from chicago_poker.core.commands import DeclineReinforcement
from chicago_poker.core.rules import RuleOptions
from chicago_poker.formats.log import (
    FORMAT_VERSION,
    LogEntry,
    LogFormatError,
    LogHeader,
    LogKind,
    RedactedLogEntry,
    entries_to_lines,
    read_log,
)
from chicago_poker.players.game import Game
from chicago_poker.referee.information import InformationSet
from chicago_poker.referee.validate import Status, validate_file, validate_log
from scenarios import NAMES

V0_1_0 = Path(__file__).parent / "logs" / "v0.1.0"

CORPUS: dict[str, tuple[LogKind, int | None, int, int, bool]] = {
    # name: (kind, viewer, players, entries, game over)
    "full-2p-standard.jsonl": (LogKind.FULL, None, 2, 113, True),
    "full-2p-short-provenance.jsonl": (LogKind.FULL, None, 2, 73, True),
    "full-3p-short-optional-actions-unfinished.jsonl": (LogKind.FULL, None, 3, 24, False),
    "full-4p-short-tactical-limousine.jsonl": (LogKind.FULL, None, 4, 94, True),
    "commands-5p-short-optional-reinforcement.jsonl": (LogKind.COMMANDS, None, 5, 98, True),
    "redacted-seat-1-3p.jsonl": (LogKind.REDACTED, 1, 3, 225, True),
    "redacted-spectator-6p-all-options.jsonl": (LogKind.REDACTED, None, 6, 422, True),
    # ties in which 0.1.0 declined by itself for players holding no gangster card
    "full-4p-short-automatic-declines.jsonl": (LogKind.FULL, None, 4, 333, True),
    "redacted-seat-1-4p-short-automatic-declines.jsonl": (LogKind.REDACTED, 1, 4, 333, True),
    "commands-4p-short-automatic-decline.jsonl": (LogKind.COMMANDS, None, 4, 182, True),
    "redacted-seat-2-4p-short-automatic-decline.jsonl": (LogKind.REDACTED, 2, 4, 182, True),
}

AUTOMATIC_DECLINES = {
    # name: the line whose entry requested reinforcements, the players 0.1.0 declined for
    "full-4p-short-automatic-declines.jsonl": "line 121: Al, Capone",
    "redacted-seat-1-4p-short-automatic-declines.jsonl": "line 121: Al, Capone",
    "commands-4p-short-automatic-decline.jsonl": "line 68: Dillinger",
    "redacted-seat-2-4p-short-automatic-decline.jsonl": "line 68: Dillinger",
}


def test_the_corpus_of_0_1_0_is_complete() -> None:
    assert sorted(path.name for path in V0_1_0.glob("*.jsonl")) == sorted(CORPUS)
    options: set[str] = set()
    for name in CORPUS:
        header = json.loads((V0_1_0 / name).read_text(encoding="utf-8").splitlines()[0])
        assert header["engine"] == "0.1.0"
        assert header["version"] == 1
        options.update(key for key, value in header["options"].items() if value)
    assert options == {field.name for field in attrs.fields(RuleOptions)}  # each one set somewhere


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_every_log_written_by_0_1_0_reads_and_validates(name: str) -> None:
    kind, viewer, players, entries, over = CORPUS[name]
    path = V0_1_0 / name
    with path.open("rb") as file:
        items = list(read_log(file))
    header = items[0]
    assert isinstance(header, LogHeader)
    assert (header.kind, header.viewer, len(header.players)) == (kind, viewer, players)
    assert len(items) - 1 == entries
    wanted = RedactedLogEntry if kind is LogKind.REDACTED else LogEntry
    assert all(isinstance(item, wanted) for item in items[1:])
    report = validate_file(path)
    assert report.status is Status.OK, report.findings
    assert report.entries == entries
    assert report.game_over is over
    supplied = [note for note in report.notes if "declined by itself" in note]
    if name in AUTOMATIC_DECLINES:
        assert len(supplied) == 1
        assert "written by chicago-poker 0.1.0" in supplied[0]
        assert f"({AUTOMATIC_DECLINES[name]})" in supplied[0]
    else:
        assert not supplied
    # Written again by this version, the log reads the same (the provenance too).
    entries_read: list[LogEntry] | list[RedactedLogEntry] = (
        [item for item in items if isinstance(item, RedactedLogEntry)]
        if kind is LogKind.REDACTED
        else [item for item in items if isinstance(item, LogEntry)]
    )
    again = list(
        entries_to_lines(entries_read, provenance=header.provenance, kind=kind, viewer=viewer)
    )
    header_again, *entries_again = read_log(again)
    assert header_again == attrs.evolve(header, engine=chicago_poker.__version__)
    assert entries_again == items[1:]


def test_a_provenance_of_every_scalar_kind_reads_as_written() -> None:
    with (V0_1_0 / "full-2p-short-provenance.jsonl").open(encoding="utf-8") as file:
        header = next(read_log(file))
    assert isinstance(header, LogHeader)
    assert header.provenance == {
        "seed": 2**127 + 1,
        "program": "chicago-poker play",
        "bot": "heuristic",
        "human_seat": 0,
        "rating": 1.5,
        "table": None,
        "rated": True,
        "name": "Café «Al»",
    }


# --------------------------------------------------------------------------- newer logs


def lines_of_a_game() -> list[str]:
    return list(entries_to_lines(Game.new(NAMES[:2], seed=3), provenance={"seed": 3}))


def with_header(lines: list[str], **changes: object) -> list[str]:
    header = json.loads(lines[0])
    header.update(changes)
    return [json.dumps(header), *lines[1:]]


def rejected(lines: list[str]) -> LogFormatError:
    with pytest.raises(LogFormatError) as error:
        list(read_log(lines))
    return error.value


def test_a_newer_format_version_says_to_upgrade() -> None:
    error = rejected(with_header(lines_of_a_game(), version=FORMAT_VERSION + 1, engine="0.9.0"))
    assert error.line == 1
    message = str(error)
    assert f"version {FORMAT_VERSION + 1} is not supported: it is newer than" in message
    assert f"this chicago-poker ({chicago_poker.__version__}) reads version 1" in message
    assert "written by chicago-poker 0.9.0" in message
    assert "upgrade chicago-poker to read this log" in message


@pytest.mark.parametrize("version", [0, -1, "1", 1.0, None, True])
def test_a_format_version_that_never_was_says_so(version: object) -> None:
    message = str(rejected(with_header(lines_of_a_game(), version=version)))
    assert "is not supported" in message
    assert "no version of chicago-poker writes version" in message
    assert "upgrade" not in message


@pytest.mark.parametrize(
    ("engine", "newer"),
    [
        ("0.3.0", True),
        ("0.3.0rc1", True),
        ("0.3.0.dev1", True),
        ("1.0", True),
        ("0.10.0", True),
        ("0.2.0", False),
        ("0.2.0.dev0", False),
        ("0.1.1", False),
        ("0.1", False),
    ],
)
def test_an_error_in_a_log_of_a_newer_chicago_poker_says_upgrading_may_help(
    engine: str, newer: bool
) -> None:
    """A newer release may add a command, an event or a header key within format version 1."""
    lines = with_header(lines_of_a_game(), engine=engine)
    lines.append(lines[-1].replace('"type":"', '"type":"Future', 1))
    error = rejected(lines)
    assert error.line == len(lines)
    hint = f"the log was written by chicago-poker {engine}, newer than this one"
    assert (hint in str(error)) is newer
    assert ("upgrading chicago-poker may read it" in str(error)) is newer
    header_error = rejected(with_header(lines_of_a_game(), engine=engine, seating="clockwise"))
    assert "unknown key: seating" in str(header_error)
    assert (hint in str(header_error)) is newer


def test_a_log_of_a_newer_chicago_poker_in_the_same_format_reads() -> None:
    lines = with_header(lines_of_a_game(), engine="7.0.0")
    header = next(read_log(io.StringIO("\n".join(lines))))
    assert isinstance(header, LogHeader)
    assert header.engine == "7.0.0"


# ------------------------------------------------- the automatic decline of 0.1.0 (D-31)


def lines_of(name: str) -> list[str]:
    return (V0_1_0 / name).read_text(encoding="utf-8").splitlines()


def declined_by_command(lines: list[str], line: int) -> list[str]:
    """``lines`` with the declines of line ``line`` given as commands, as 0.2.0 writes them."""
    entry = json.loads(lines[line - 1])
    events = entry["events"]
    first = next(i for i, event in enumerate(events) if event["type"] == "ReinforcementDeclined")
    entry["events"] = events[:first]
    declines = [entry]
    for event in events[first:]:
        if event["type"] == "ReinforcementDeclined":
            command = {"type": "DeclineReinforcement", "player": event["player"]}
            declines.append({"command": command, "actor": event["player"], "events": []})
        declines[-1]["events"].append(event)
    return [*lines[: line - 1], *(json.dumps(item) for item in declines), *lines[line:]]


def test_a_log_of_0_1_0_that_declines_by_command_is_not_one_0_1_0_wrote() -> None:
    """0.1.0 declined in the entry that requested reinforcements, never by a later command."""
    lines = declined_by_command(lines_of("full-4p-short-automatic-declines.jsonl"), 121)
    report = validate_log(lines, "split.jsonl")
    assert report.status is Status.ILLEGAL
    (finding,) = report.findings
    assert (finding.line, finding.rule) == (121, "R-6.7.2")
    assert "event 6 of PlayGangster: the log records no further event" in finding.reason
    assert '"type":"ReinforcementDeclined","player":0' in finding.reason
    assert "chicago-poker 0.1.0, which wrote this log, declined by itself" in finding.reason
    # The same game written by this release (two entries more) is legal, with nothing supplied.
    report = validate_log(with_header(lines, engine=chicago_poker.__version__), "now.jsonl")
    assert report.status is Status.OK, report.findings
    assert report.entries == 335
    assert not any("declined by itself" in note for note in report.notes)


@pytest.mark.parametrize(
    "name",
    [
        "full-4p-short-automatic-declines.jsonl",
        "commands-4p-short-automatic-decline.jsonl",
        "redacted-seat-2-4p-short-automatic-decline.jsonl",
    ],
)
def test_only_a_release_before_0_2_0_declines_by_itself(name: str) -> None:
    """The header's engine decides: the same log, said to be of 0.2.0, is illegal."""
    for engine in ("0.2.0.dev0", "0.2.0", chicago_poker.__version__):
        report = validate_log(with_header(lines_of(name), engine=engine), name)
        assert report.status is Status.ILLEGAL, engine
        assert report.findings[0].rule in {"R-6.7.2", "R-3.6"}
    for engine in ("0.1.0", "0.1.1", "0.1"):
        assert validate_log(with_header(lines_of(name), engine=engine), name).status is Status.OK


def test_the_witness_of_a_redacted_log_of_0_1_0_is_a_game_of_this_release() -> None:
    """Each decline 0.1.0 gave by itself is an entry of its own in the witness."""
    path = V0_1_0 / "redacted-seat-1-4p-short-automatic-declines.jsonl"
    report = validate_file(path, witness=True)
    assert report.status is Status.OK, report.findings
    assert report.witness is not None
    assert len(report.witness) == 333 + 2
    commands = [entry.command for entry in report.witness[119:122]]  # from line 121
    assert commands[1:] == [DeclineReinforcement(0), DeclineReinforcement(2)]
    again = validate_log(entries_to_lines(report.witness), "witness.jsonl")
    assert again.status is Status.OK, again.findings
    assert again.entries == 335


def test_an_entry_s_token_is_its_command_s_not_that_of_a_decline_0_1_0_gave() -> None:
    """Line 121 plays Capone's card face down, then 0.1.0 declines for Al and Capone."""
    path = V0_1_0 / "redacted-seat-1-4p-short-automatic-declines.jsonl"
    with path.open("rb") as file:
        entries = [item for item in read_log(file) if isinstance(item, RedactedLogEntry)]
    ledger = InformationSet.of(entries, 1, automatic_decline=True).ledger
    played = ledger.token_of[119]  # the entry of line 121
    assert (played.seat, played.choice) == (2, False)
    declined = [token.seat for token in ledger.tokens if token.entry == 119 and token.choice]
    assert declined == [0, 2]


# --------------------------------------------------------------------------- later releases

RELEASES = sorted(
    (
        folder
        for folder in (Path(__file__).parent / "logs").glob("v*")
        if folder.is_dir() and folder != V0_1_0
    ),
    key=lambda folder: tuple(int(part) for part in folder.name[1:].split(".")),
)
"""The folders of logs kept by each release after 0.1.0 (``tests/release_logs.py``)."""

RELEASE_LOGS = [
    (folder.name, name)
    for folder in RELEASES
    for name in json.loads((folder / "verdicts.json").read_text(encoding="utf-8"))
]


def test_every_release_since_0_2_0_kept_its_logs_of_every_kind_option_and_size() -> None:
    assert [folder.name for folder in RELEASES][:1] == ["v0.2.0"]
    for folder in RELEASES:
        verdicts = json.loads((folder / "verdicts.json").read_text(encoding="utf-8"))
        assert sorted(path.name for path in folder.glob("*.jsonl")) == sorted(verdicts)
        headers = [
            json.loads((folder / name).read_text(encoding="utf-8").splitlines()[0])
            for name in verdicts
        ]
        assert {header["engine"] for header in headers} == {folder.name[1:]}
        assert {header["kind"] for header in headers} == {kind.value for kind in LogKind}
        assert {len(header["players"]) for header in headers} == {2, 3, 4, 5, 6}
        redacted = {header["viewer"] for header in headers if header["kind"] == "redacted"}
        assert None in redacted  # a spectator's log
        assert len(redacted) > 1  # and a seat's
        options = {key for header in headers for key, on in header["options"].items() if on}
        assert options == {field.name for field in attrs.fields(RuleOptions)}
        assert {verdicts[name]["game_over"] for name in verdicts} == {True, False}


@pytest.mark.parametrize(("release", "name"), RELEASE_LOGS)
def test_every_log_a_release_kept_has_the_verdict_that_release_gave_it(
    release: str, name: str
) -> None:
    path = Path(__file__).parent / "logs" / release / name
    verdict = json.loads(path.with_name("verdicts.json").read_text(encoding="utf-8"))[name]
    report = validate_file(path)
    assert report.status.value == verdict["status"], report.findings
    assert (report.entries, report.game_over) == (verdict["entries"], verdict["game_over"])
    with path.open("rb") as file:
        header, *entries = read_log(file)
    assert isinstance(header, LogHeader)
    # Written again by this version, the log reads the same.
    redacted = [entry for entry in entries if isinstance(entry, RedactedLogEntry)]
    full = [entry for entry in entries if isinstance(entry, LogEntry)]
    assert len(redacted or full) == len(entries)
    again = entries_to_lines(
        redacted or full, provenance=header.provenance, kind=header.kind, viewer=header.viewer
    )
    header_again, *entries_again = read_log(list(again))
    assert header_again == attrs.evolve(header, engine=chicago_poker.__version__)
    assert entries_again == entries
