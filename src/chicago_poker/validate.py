"""Check game logs: is a log a legal game of Chicago Poker? :func:`validate_log`.

The validator reads a log (see ``docs/log-format.md``) line by line and replays it through the
engine (:func:`chicago_poker.decide.step`):

- Every command must be legal where it stands. An illegal one gives a :class:`Finding` with the
  line, the entry, the rule the engine names and its message. A missing or duplicated entry
  shows up here, as the first command that no longer fits (an action out of turn, a card dealt
  when none is awaited). Entries after the end of the game break R-8.2.
- In a ``full`` log, the recorded events of each entry must equal the events the engine
  derives from the command. The first event that differs is reported with the rule of that
  event (:data:`EVENT_RULES`); victory events use the rule of their condition (R-8.1, R-8.3,
  R-8.5, R-8.6) and an end of game that the log leaves out breaks R-8.2.
- A ``commands`` log has no events: replaying the commands is the whole check.
- A ``redacted`` log hides cards, so it cannot be replayed: only its format is checked, and
  the report's notes say so.

Validation stops replaying at the first broken rule (the state after it is not known); the
remaining lines are still read, for their format and count. A format error (not UTF-8, not
JSON, an unknown type, a wrong header, an absurd size) makes the log unreadable and stops
everything. A game that stops before it is over is legal: the report is ``ok``, with a note.

Memory is bounded: one line at a time, lines of at most :data:`MAX_LINE_CHARS` characters,
at most :data:`MAX_ENTRIES` entries.

>>> from chicago_poker.game import Game
>>> from chicago_poker.log import entries_to_lines
>>> report = validate_log(entries_to_lines(Game.new(["Al", "Bugs"], seed=1)), "game.jsonl")
>>> report.status, report.entries, report.game_over
(<Status.OK: 'ok'>, 1, False)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any, Final

from attrs import frozen

from chicago_poker.commands import Command
from chicago_poker.decide import step
from chicago_poker.errors import ChicagoPokerError
from chicago_poker.events import (
    ActionPhaseStarted,
    BriberyPlayed,
    CardDrawn,
    DiscardPileReshuffled,
    DrawRequested,
    Event,
    GameBlocked,
    GameStarted,
    GameWon,
    GangsterPlayed,
    LimousinePlayed,
    LiquidationPlayed,
    MarkerPlaced,
    PoliceRaidPlayed,
    ReinforcementChosen,
    ReinforcementDeclined,
    ReinforcementRequested,
    ReinforcementsRevealed,
    RevolverPlayed,
    ShootoutStarted,
    ShootoutVoided,
    ShootoutWon,
    TileRevealed,
    TurnEnded,
    TurnStarted,
)
from chicago_poker.legal import Awaiting, awaiting
from chicago_poker.log import LogEntry, LogFormatError, LogHeader, LogKind, dump_event, read_log
from chicago_poker.state import GameState, Victory

__all__ = [
    "EVENT_RULES",
    "MAX_ENTRIES",
    "MAX_ENTRY_TEXT",
    "MAX_LINE_CHARS",
    "VICTORY_RULES",
    "Finding",
    "Report",
    "Status",
    "event_rule",
    "validate_binary",
    "validate_file",
    "validate_log",
]

MAX_LINE_CHARS: Final = 1 << 20
"""The longest line read, in characters (bytes when reading a file): 1 MiB."""

MAX_ENTRIES: Final = 1_000_000
"""The most entries a log may have; a longer log is unreadable."""

MAX_ENTRY_TEXT: Final = 160
"""Entries are quoted in findings up to this many characters."""


class Status(enum.Enum):
    """The verdict on one log."""

    OK = "ok"
    """A legal game, finished or not (or a redacted log that is well formed)."""

    ILLEGAL = "illegal"
    """The log reads, but breaks a rule of the game."""

    UNREADABLE = "unreadable"
    """The log cannot be read: missing, not UTF-8, not JSON, not this format, absurd size."""

    @property
    def exit_code(self) -> int:
        """The command's exit status for this verdict: 0, 1 or 2."""
        return _EXIT_CODES[self]


_EXIT_CODES: Final = {Status.OK: 0, Status.ILLEGAL: 1, Status.UNREADABLE: 2}


@frozen
class Finding:
    """One problem of a log."""

    line: int | None
    """The line (from 1) at fault, or None if the whole file is (it cannot be opened)."""

    rule: str | None
    """The rule broken, such as ``"R-3.1"``; None for a format error."""

    reason: str
    """What is wrong, in words."""

    entry: str = ""
    """The text of the line at fault, shortened to :data:`MAX_ENTRY_TEXT` characters."""

    def as_dict(self) -> dict[str, Any]:
        """The finding as a JSON-friendly dictionary."""
        return {"line": self.line, "rule": self.rule, "reason": self.reason, "entry": self.entry}


@frozen
class Report:
    """The verdict on one log, with what is wrong and what could not be checked."""

    source: str
    """The name of the log, such as its file name."""

    status: Status
    """ok, illegal or unreadable."""

    findings: tuple[Finding, ...] = ()
    """The problems found, in line order; empty for a legal game."""

    notes: tuple[str, ...] = ()
    """What was not checked, or is worth knowing (a game that is not finished)."""

    entries: int = 0
    """How many entries (lines after the header) were read."""

    kind: LogKind | None = None
    """The kind of log, from its header; None if the header could not be read."""

    game_over: bool = False
    """Whether the replayed game ended (won or blocked)."""

    winner: int | None = None
    """The winning seat, if the replayed game was won."""

    winner_name: str | None = None
    """The winner's name, if the replayed game was won."""

    victory: Victory | None = None
    """How the replayed game ended, if it did."""

    @property
    def exit_code(self) -> int:
        """0 for a legal game, 1 for a broken rule, 2 for an unreadable log."""
        return self.status.exit_code

    def as_dict(self) -> dict[str, Any]:
        """The report as a JSON-friendly dictionary."""
        return {
            "source": self.source,
            "status": self.status.value,
            "exit": self.exit_code,
            "kind": None if self.kind is None else self.kind.value,
            "entries": self.entries,
            "game_over": self.game_over,
            "winner": self.winner,
            "winner_name": self.winner_name,
            "victory": None if self.victory is None else self.victory.value,
            "findings": [finding.as_dict() for finding in self.findings],
            "notes": list(self.notes),
        }


# ------------------------------------------------------------------------ rules of events

EVENT_RULES: Final[dict[type, str]] = {
    GameStarted: "R-2.3",
    TurnStarted: "R-3.1",
    ActionPhaseStarted: "R-6.1",
    ShootoutStarted: "R-6.1",
    ReinforcementRequested: "R-6.7.1",
    ReinforcementChosen: "R-6.7.2",
    ReinforcementDeclined: "R-6.7.2",
    ReinforcementsRevealed: "R-6.7.3",
    ShootoutWon: "R-6.4",
    ShootoutVoided: "R-6.7.6",
    TileRevealed: "R-6.6",
    DrawRequested: "R-3.6",
    CardDrawn: "R-3.6",
    DiscardPileReshuffled: "R-3.7",
    GangsterPlayed: "R-4.1",
    MarkerPlaced: "R-4.6",
    LiquidationPlayed: "R-5.2",
    PoliceRaidPlayed: "R-5.3",
    LimousinePlayed: "R-5.4",
    RevolverPlayed: "R-5.5",
    BriberyPlayed: "R-5.6",
    TurnEnded: "R-3.5",
    GameWon: "R-8.1",
    GameBlocked: "R-8.6",
}
"""The rule a recorded event answers to when it differs from the engine's.

ActionPhaseStarted is R-6.1 because it follows the due shootouts: a log that skips a due
shootout, or starts one that is not due, differs from the engine at that point.
"""

VICTORY_RULES: Final[dict[Victory, str]] = {
    Victory.THREE_OF_A_KIND: "R-8.1",
    Victory.FOUR_KINDS: "R-8.1",
    Victory.FIVE_BUSINESSES: "R-8.1",
    Victory.TWO_OF_A_KIND: "R-8.3",
    Victory.THREE_BUSINESSES: "R-8.3",
    Victory.LAST_BUSINESS: "R-8.5",
    Victory.BLOCKED: "R-8.6",
}
"""The rule of each way a game ends."""


def event_rule(event: Event) -> str:
    """The rule an event answers to: that of its class, or of its victory condition."""
    if isinstance(event, GameWon):
        return VICTORY_RULES[event.victory]
    return EVENT_RULES[type(event)]


def _mismatch_rule(recorded: Event | None, expected: Event | None) -> str:
    """The rule of the first difference between the recorded and the engine's events.

    A victory on either side decides (the end of the game is R-8); an end of the game that the
    log leaves out breaks R-8.2 (the game ends at once). Otherwise the engine's event names the
    rule, or the recorded one if the engine has no more events.
    """
    if isinstance(expected, GameWon | GameBlocked) and not isinstance(
        recorded, GameWon | GameBlocked
    ):
        return "R-8.2"
    for event in (expected, recorded):
        if isinstance(event, GameWon | GameBlocked):
            return event_rule(event)
    if expected is not None and recorded is not None and type(expected) is not type(recorded):
        # A shootout the log skipped or invented: the shootout rule, not that of the turn.
        for event in (expected, recorded):
            if isinstance(event, ShootoutStarted):
                return event_rule(event)
    chosen = expected if expected is not None else recorded
    assert chosen is not None
    return event_rule(chosen)


# ------------------------------------------------------------------------------- reading


class _TooBigError(LogFormatError):
    """A log of absurd size."""


class _Lines:
    """The lines of a log as strings, with their number and size checked; keeps the last one."""

    def __init__(self, lines: Iterable[str]) -> None:
        self._lines = lines
        self.number = 0
        self.text = ""

    def __iter__(self) -> Iterator[str]:
        for raw in self._lines:
            self.number += 1
            self.text = raw[: MAX_ENTRY_TEXT * 2]
            if len(raw) > MAX_LINE_CHARS:
                raise _TooBigError(
                    f"the line is longer than {MAX_LINE_CHARS:,} characters", line=self.number
                )
            if self.number > MAX_ENTRIES + 1:
                raise _TooBigError(
                    f"the log has more than {MAX_ENTRIES:,} entries", line=self.number
                )
            yield raw


def _binary_lines(file: IO[bytes]) -> Iterator[str]:
    """Decode a binary file line by line, reading at most one line (of bounded size) at once."""
    number = 0
    while True:
        raw = file.readline(MAX_LINE_CHARS + 1)
        if not raw:
            return
        number += 1
        if len(raw) > MAX_LINE_CHARS:
            raise _TooBigError(f"the line is longer than {MAX_LINE_CHARS:,} bytes", line=number)
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise LogFormatError(
                f"not UTF-8: byte {raw[error.start]:#04x} at column {error.start + 1}",
                line=number,
            ) from None


def _shorten(text: str) -> str:
    text = text.rstrip("\r\n")
    if len(text) <= MAX_ENTRY_TEXT:
        return text
    return text[: MAX_ENTRY_TEXT - 1] + "…"


def _reason(error: LogFormatError) -> str:
    prefix = f"line {error.line}: "
    text = str(error)
    return text[len(prefix) :] if text.startswith(prefix) else text


# ---------------------------------------------------------------------------- validation


class _Validation:
    """The running state of one validation."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.header: LogHeader | None = None
        self.state: GameState | None = None
        self.findings: list[Finding] = []
        self.notes: list[str] = []
        self.entries = 0
        self.status = Status.OK
        self.replaying = True

    def fail(self, status: Status, finding: Finding) -> None:
        self.findings.append(finding)
        if _EXIT_CODES[status] > _EXIT_CODES[self.status]:
            self.status = status

    def check(self, entry: LogEntry, text: str, line: int) -> None:
        """Replay one entry, recording the first broken rule."""
        assert self.header is not None
        try:
            after, events = step(self.state, entry.command)
        except ChicagoPokerError as error:
            reason = getattr(error, "message", str(error))
            self.illegal(line, error.rule, f"{_command_name(entry.command)}: {reason}", text)
            return
        if entry.events is not None and entry.events != events:
            index, recorded, expected = _first_difference(entry.events, events)
            self.illegal(
                line,
                _mismatch_rule(recorded, expected),
                f"event {index + 1} of {_command_name(entry.command)}: the log records "
                f"{_describe(recorded)}, but the engine gives {_describe(expected)}",
                text,
            )
            return
        self.state = after

    def illegal(self, line: int, rule: str | None, reason: str, text: str) -> None:
        self.fail(Status.ILLEGAL, Finding(line, rule, reason, _shorten(text)))
        self.replaying = False
        self.notes.append(
            f"replay stopped at line {line}; the lines after it were only read for their format"
        )

    def report(self) -> Report:
        state = self.state
        over = state is not None and state.is_over
        winner = state.winner if state is not None else None
        if self.status is Status.OK and self.header is not None:
            if self.header.kind is LogKind.REDACTED:
                pass
            elif state is not None and not over:
                self.notes.append(
                    f"the game is not finished: after {self.entries} entries it awaits "
                    f"{_awaited(state)}"
                )
        return Report(
            source=self.source,
            status=self.status,
            findings=tuple(self.findings),
            notes=tuple(self.notes),
            entries=self.entries,
            kind=None if self.header is None else self.header.kind,
            game_over=over,
            winner=winner,
            winner_name=None if winner is None or state is None else state.players[winner].name,
            victory=None if state is None else state.victory,
        )


def _awaited(state: GameState) -> str:
    match awaiting(state):
        case Awaiting.CARD:
            return "a card from the draw deck"
        case Awaiting.TILE:
            return "a business tile"
        case Awaiting.REINFORCEMENT:
            return "reinforcements"
        case Awaiting.ACTION:
            return f"an action of {state.players[state.turn.player].name}"
    return "nothing"  # pragma: no cover - a game that awaits nothing is over


def _command_name(command: Command) -> str:
    return type(command).__name__


def _describe(event: Event | None) -> str:
    if event is None:
        return "no further event"
    return _shorten(dump_event(event))


def _first_difference(
    recorded: tuple[Event, ...], expected: tuple[Event, ...]
) -> tuple[int, Event | None, Event | None]:
    for index in range(max(len(recorded), len(expected))):
        mine = recorded[index] if index < len(recorded) else None
        theirs = expected[index] if index < len(expected) else None
        if mine != theirs:
            return index, mine, theirs
    raise AssertionError("the events do not differ")  # pragma: no cover


def validate_log(lines: Iterable[str], source: str) -> Report:
    """Check that a log is a legal game; stream it line by line.

    Args:
        lines: The lines of the log, such as an open text file; trailing newlines are ignored.
        source: The name of the log in the report, such as its file name.

    Returns:
        The report: ``ok`` for a legal game (finished or not), ``illegal`` for a broken rule,
        ``unreadable`` for a log that does not follow the format. Errors of the input never
        raise; a ``LogFormatError`` raised by ``lines`` itself is reported as unreadable.
    """
    run = _Validation(source)
    counted = _Lines(lines)
    reader = read_log(counted)
    while True:
        try:
            item = next(reader)
        except StopIteration:
            break
        except LogFormatError as error:
            line = error.line if error.line is not None else counted.number
            text = counted.text if line == counted.number else ""
            run.fail(Status.UNREADABLE, Finding(line, None, _reason(error), _shorten(text)))
            break
        except (ValueError, RecursionError) as error:
            # json.loads itself: integers of too many digits, arrays nested too deep.
            run.fail(
                Status.UNREADABLE,
                Finding(
                    counted.number, None, f"not readable JSON: {error}", _shorten(counted.text)
                ),
            )
            break
        if isinstance(item, LogHeader):
            run.header = item
            if item.kind is LogKind.REDACTED:
                run.replaying = False
                run.notes.append(
                    f"a redacted log (the view of seat {item.viewer}) hides cards and cannot "
                    "be replayed: only the format of each line was checked; the legality of "
                    "the commands, the hidden cards and the events were not"
                )
            continue
        run.entries += 1
        if run.replaying:
            run.check(item, counted.text, counted.number)
    if run.status is Status.UNREADABLE and run.header is not None:
        run.notes.append("the log could not be read to its end: the game was not checked")
    return run.report()


def validate_file(path: str | Path, source: str | None = None) -> Report:
    """Check the log file at ``path`` (see :func:`validate_log`); never raises for bad input.

    The file is read in binary, one bounded line at a time, and decoded as UTF-8. A file that
    cannot be opened is unreadable.
    """
    name = str(path) if source is None else source
    try:
        file = open(path, "rb")  # noqa: SIM115 - closed below, after streaming
    except OSError as error:
        reason = f"cannot open the file: {error.strerror or error}"
        return Report(name, Status.UNREADABLE, (Finding(None, None, reason),))
    with file:
        return validate_binary(file, name)


def validate_binary(file: IO[bytes], source: str) -> Report:
    """Check a log read from a binary file, one bounded line at a time, decoded as UTF-8."""
    try:
        return validate_log(_binary_lines(file), source)
    except OSError as error:  # a read error half-way
        reason = f"cannot read the file: {error.strerror or error}"
        return Report(source, Status.UNREADABLE, (Finding(None, None, reason),))
