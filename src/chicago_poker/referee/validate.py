"""Check game logs: is a log a legal game of Chicago Poker? :func:`validate_log`.

The validator reads a log (see ``docs/log-format.md``) line by line and replays it through the
engine (:func:`chicago_poker.core.decide.step`):

- Every command must be legal where it stands. An illegal one gives a :class:`Finding` with the
  line, the entry, the rule the engine names and its message. A missing or duplicated entry
  shows up here, as the first command that no longer fits (an action out of turn, a card dealt
  when none is awaited). Entries after the end of the game break R-8.2.
- In a ``full`` log, the recorded events of each entry must equal the events the engine
  derives from the command. The first event that differs is reported with the rule of that
  event (:data:`EVENT_RULES`); victory events use the rule of their condition (R-8.1, R-8.3,
  R-8.5, R-8.6) and an end of game that the log leaves out breaks R-8.2.
- A ``commands`` log has no events: replaying the commands is the whole check.
- A ``redacted`` log hides cards, so its lines alone cannot be replayed. It is legal exactly
  when some complete game, legal for the engine, redacts to it line for line for its viewer:
  the viewer's :class:`~chicago_poker.referee.information.InformationSet` builds such a game
  (a *witness*) and replays it through the engine, so no rule is written a second time here.
  Where no legal game gives the log, it is illegal at the first line none gives. Only a time
  limit that runs out first leaves the log ``undecided``. The notes of a legal log say what it
  cannot settle: how many cards reached other hands unseen, and how many are never revealed.
- A log written by an earlier release is judged as that release's engine played:
  :mod:`~chicago_poker.referee.releases` supplies the commands this engine awaits where that
  one acted by itself (the declines of 0.1.0), and a note says where.

Validation stops replaying at the first broken rule (the state after it is not known); the
remaining lines are still read, for their format and count. A format error (not UTF-8, not
JSON, an unknown type, a wrong header, an absurd size) makes the log unreadable and stops
everything. A game that stops before it is over is legal: the report is ``ok``, with a note.

Memory is bounded: one line at a time, lines of at most :data:`MAX_LINE_CHARS` characters,
at most :data:`MAX_ENTRIES` entries.

Most lines of a legal log read as bytes are checked without parsing them in full: the command
at the start of the line is read (and cached), replayed, and the rest of the line compared byte
for byte with what a log writes for it. Any line that differs is read and checked in full, so
the report is the same either way.

The verdict is a :class:`~chicago_poker.referee.report.Report`
(:mod:`~chicago_poker.referee.report`); the rule that each difference from the engine breaks,
and the words of its finding, come from :mod:`~chicago_poker.referee.differences`.

>>> from chicago_poker.players.game import Game
>>> from chicago_poker.formats.log import entries_to_lines
>>> report = validate_log(entries_to_lines(Game.new(["Al", "Bugs"], seed=1)), "game.jsonl")
>>> report.status, report.entries, report.game_over
(<Status.OK: 'ok'>, 1, False)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Final

import attrs

from chicago_poker.core.commands import DeclineReinforcement
from chicago_poker.core.errors import ChicagoPokerError, LogFormatError
from chicago_poker.core.events import Event
from chicago_poker.core.legal import Awaiting, awaiting
from chicago_poker.core.state import GameState
from chicago_poker.formats.converter import same_events as _same_events
from chicago_poker.formats.entries import LogEntry, RedactedLogEntry
from chicago_poker.formats.header import LogHeader, LogKind
from chicago_poker.formats.json_checks import MAX_LINE_BYTES
from chicago_poker.formats.reader import CanonicalLine as _Canonical
from chicago_poker.formats.reader import LoadedEntry as _Loaded
from chicago_poker.formats.reader import PendingEntry as _Pending
from chicago_poker.formats.reader import read_lazily as _read
from chicago_poker.referee.budget import CpuLimit
from chicago_poker.referee.differences import (
    EVENT_RULES,
    VICTORY_RULES,
    command_name,
    describe_event,
    event_rule,
    first_difference,
    impossible_reason,
    mismatch_rule,
    seen_rule,
)
from chicago_poker.referee.information import Impossible, InformationSet, Undecided, Witness
from chicago_poker.referee.releases import Implied, declines_automatically, step_as_written
from chicago_poker.referee.report import MAX_ENTRY_TEXT, Finding, Report, Status, shorten
from chicago_poker.workers.spread import check_spread, in_order

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
    "validate_files",
    "validate_log",
]

MAX_LINE_CHARS: Final = MAX_LINE_BYTES
"""The longest line read, in characters (bytes when reading a file): 1 MiB, as the log's."""

MAX_ENTRIES: Final = 1_000_000
"""The most entries a log may have; a longer log is unreadable."""


# ------------------------------------------------------------------------------- reading


class _TooBigError(LogFormatError):
    """A log of absurd size."""


class _Lines:
    """The lines of a log, with their number and size checked; keeps the last one."""

    def __init__(self, lines: Iterable[str | bytes]) -> None:
        self._lines = lines
        self.number = 0
        self._last: str | bytes = ""

    @property
    def text(self) -> str:
        """The start of the last line read, as text (bytes that are not UTF-8 replaced)."""
        return _text(self.start)

    @property
    def start(self) -> str | bytes:
        """The start of the last line read, as read."""
        return self._last[: MAX_ENTRY_TEXT * 2]

    def __iter__(self) -> Iterator[str | bytes]:
        for raw in self._lines:
            self.number += 1
            self._last = raw
            if len(raw) > MAX_LINE_CHARS:
                unit = "bytes" if isinstance(raw, bytes) else "characters"
                raise _TooBigError(
                    f"the line is longer than {MAX_LINE_CHARS:,} {unit}", line=self.number
                )
            if self.number > MAX_ENTRIES + 1:
                raise _TooBigError(
                    f"the log has more than {MAX_ENTRIES:,} entries", line=self.number
                )
            yield raw


def _text(start: str | bytes) -> str:
    """The start of a line as text (bytes that are not UTF-8 replaced)."""
    return start.decode("utf-8", errors="replace") if isinstance(start, bytes) else start


def _binary_lines(file: IO[bytes]) -> Iterator[bytes]:
    """Read a binary file line by line, at most one line (of bounded size) at once.

    A longer line comes back cut at one byte over the limit, which :class:`_Lines` rejects.
    The lines stay bytes: the JSON parser checks that they are UTF-8 as it reads them.
    """
    return iter(functools.partial(file.readline, MAX_LINE_CHARS + 1), b"")


def _reason(error: LogFormatError) -> str:
    prefix = f"line {error.line}: "
    text = str(error)
    return text[len(prefix) :] if text.startswith(prefix) else text


# ---------------------------------------------------------------------------- validation


class _Validation:
    """The running state of one validation."""

    def __init__(
        self, source: str, *, witness: bool = False, budget: CpuLimit | None = None
    ) -> None:
        self.source = source
        self.want_witness = witness
        self.budget = budget
        self.known: InformationSet | None = None
        self.seen: list[tuple[RedactedLogEntry, int, str | bytes]] = []
        """Each entry of a redacted log, with its line number and the start of its text."""
        self.witness: Witness | None = None
        self.header: LogHeader | None = None
        self.state: GameState | None = None
        self.findings: list[Finding] = []
        self.notes: list[str] = []
        self.entries = 0
        self.status = Status.OK
        self.replaying = True
        self.redacted_log = False
        self.automatic_decline = False
        """Whether the engine that wrote the log declined by itself (before 0.2.0)."""
        self.implied: list[tuple[int, DeclineReinforcement]] = []
        """The commands supplied for that engine (see :mod:`~chicago_poker.referee.releases`),
        with the line of the entry whose events hold theirs."""

    def fail(self, status: Status, finding: Finding) -> None:
        self.findings.append(attrs.evolve(finding, status=status))
        if status.exit_code > self.status.exit_code:
            self.status = status

    def start(self, header: LogHeader) -> None:
        """Take the header of the log."""
        self.header = header
        self.redacted_log = header.kind is LogKind.REDACTED
        self.automatic_decline = declines_automatically(header.engine)
        if self.redacted_log:
            self.replaying = False  # judged as a whole, once read (see judge_redacted)

    def entry(self, pending: _Pending | _Loaded, lines: _Lines) -> None:
        """Check one entry (see :meth:`check`); raise LogFormatError if it is unreadable."""
        if self.redacted_log:
            entry = pending.load()
            assert isinstance(entry, RedactedLogEntry)
            self.seen.append((entry, lines.number, lines.start))
            if self.status is not Status.OK:
                return  # refused already: the rest is only read, for its format
            if self.known is None:
                assert self.header is not None
                self.known = InformationSet(
                    self.header.viewer,
                    automatic_decline=self.automatic_decline,
                    players=len(self.header.players),
                )
            self.known.extend(entry)
            refused = self.known.refused
            if refused is not None:  # its form alone refuses it, before any search
                self.illegal(
                    lines.number,
                    refused.rule,
                    impossible_reason(entry, refused, self.who),
                    lines.text,
                )
        elif self.replaying:
            assert isinstance(pending, _Pending)  # a LoadedEntry is a redacted log's
            self.check(pending, lines)
        else:
            pending.load()  # the rest is only read, for its format

    def take(self, item: LogHeader | _Pending | _Canonical | _Loaded, lines: _Lines) -> None:
        """Check one line read from the log."""
        if isinstance(item, _Canonical):
            if self.replaying and self.as_written(item, lines):
                return
            item = item.pending()
        if isinstance(item, LogHeader):
            self.start(item)
        else:
            self.entries += 1
            self.entry(item, lines)

    def as_written(self, item: _Canonical, lines: _Lines) -> bool:
        """Replay a line that may be the log's own line of its command; whether it is.

        Most lines of a legal log: replayed, and compared as bytes with the line the log
        should hold. If it is that line, the entry is legal and reading it in full would find
        the same; any other line is read in full and checked by :meth:`check`.
        """
        try:
            after, events, implied = step_as_written(
                self.state, item.command, automatic_decline=self.automatic_decline
            )
        except ChicagoPokerError:
            return False
        if not item.written_with(events):
            return False
        self.state = after
        self.entries += 1
        self.supplied(lines.number, implied)
        return True

    def check(self, pending: _Pending, lines: _Lines) -> None:
        """Replay one entry of a full or commands log, recording the first broken rule.

        The recorded events are compared as JSON with the engine's first; only events that
        differ there are structured (which may find them unreadable) and compared as objects.
        Lines that :meth:`take` accepts as canonical never come here.
        """
        command = pending.command
        try:
            after, events, implied = step_as_written(
                self.state, command, automatic_decline=self.automatic_decline
            )
        except ChicagoPokerError as error:
            pending.load()  # an unreadable entry is reported as such, before any rule
            reason = f"{command_name(command)}: {getattr(error, 'message', str(error))}"
            self.illegal(lines.number, error.rule, reason, lines.text)
            return
        if pending.events is None or _same_events(pending.events, events):
            self.state = after
        elif self.same_as_recorded(pending, events, lines, implied):
            self.state = after  # the same events, written another way
        else:
            return
        self.supplied(lines.number, implied)

    def supplied(self, line: int, implied: tuple[Implied, ...]) -> None:
        """Keep the commands supplied for the engine that wrote the log, as evidence."""
        self.implied.extend((line, command) for command, _ in implied)

    def same_as_recorded(
        self,
        pending: _Pending,
        events: tuple[Event, ...],
        lines: _Lines,
        implied: tuple[Implied, ...] = (),
    ) -> bool:
        """Compare the engine's events as objects with the entry's; record the first difference.

        ``implied`` are the commands supplied for an earlier engine, whose events end
        ``events``: a difference among them says so.
        """
        loaded = pending.load()
        assert isinstance(loaded, LogEntry)
        recorded_events = loaded.events
        assert recorded_events is not None
        if recorded_events == events:
            return True
        index, recorded, expected = first_difference(recorded_events, events)
        own = len(events) - sum(len(caused) for _, caused in implied)
        self.illegal(
            lines.number,
            mismatch_rule(recorded, expected),
            f"event {index + 1} of {command_name(pending.command)}: the log records "
            f"{describe_event(recorded)}, but the engine gives {describe_event(expected)}"
            f"{self.declined_by_itself if index >= own else ''}",
            lines.text,
        )
        return False

    @property
    def declined_by_itself(self) -> str:
        """Why the engine gives a decline no command asked for, in a log of an earlier engine."""
        assert self.header is not None
        return (
            f" (chicago-poker {self.header.engine}, which wrote this log, declined by itself for "
            "a tied player holding no gangster card, their only legal command: R-6.7.6, D-31)"
        )

    @property
    def who(self) -> str:
        """The viewer of a redacted log, in words."""
        assert self.header is not None
        viewer = self.header.viewer
        if viewer is None:
            return "a spectator"
        names = self.header.players
        return names[viewer] if 0 <= viewer < len(names) else f"seat {viewer}"

    def judge_redacted(self) -> None:
        """Judge the redacted log read: legal exactly when some legal game redacts to it.

        The engine itself decides, on the witness the viewer's information set gives
        (:class:`~chicago_poker.referee.information.InformationSet`): a witness makes the log
        legal; where none exists, the first line that no legal game gives is named; a time
        limit spent first leaves the log undecided.
        """
        assert self.known is not None
        result = self.known.witness(self.budget)
        if isinstance(result, Witness):
            self.accept(result)
            return
        self._refuse_redacted(result)

    def _refuse_redacted(self, result: Impossible | Undecided) -> None:
        """Say why no witness was found: the first line no legal game gives, or a limit spent."""
        entry, line, start = self.seen[min(result.index, len(self.seen) - 1)]
        text = _text(start)
        if isinstance(result, Impossible):
            rule = result.rule or seen_rule(result.recorded, result.expected)
            self.illegal(line, rule, impossible_reason(entry, result, self.who), text)
            return
        if result.reason == "search bound":
            self.fail(Status.UNDECIDED, Finding(line, None, _SEARCH_BOUND, shorten(text)))
            return
        self.time_out(line, text)

    def time_out(self, line: int | None, text: str = "") -> None:
        """Record that the time limit ran out: the log is neither accepted nor refused."""
        budget = self.budget
        if budget is not None and budget.reason == "wall-clock ceiling":
            reason = (
                f"wall-clock ceiling: the {budget.wall:g} s allowed ran out before the log was "
                "judged (the machine is busy); it is neither accepted nor refused (raise "
                "--wall-limit to judge it)"
            )
        else:
            seconds = budget.seconds if budget is not None else 0
            reason = (
                f"time limit: the {seconds:g} s allowed ran out before the log was judged; it "
                "is neither accepted nor refused (raise --time-limit to judge it)"
            )
        self.fail(Status.UNDECIDED, Finding(line, None, reason, shorten(text)))

    def accept(self, witness: Witness) -> None:
        """Take the witness of a legal redacted log, and say what the log left unsettled."""
        self.witness = witness
        self.state = witness.state
        self.implied.extend((self.seen[index][1], command) for index, command, _ in witness.implied)
        self.notes.append(
            f"a redacted log (the view of {self.who}): legal, because the engine replayed a "
            "witness, a complete legal game that redacts to this log line for line; what "
            f"the log cannot settle: of the {witness.hidden_cards} cards that reached other "
            f"hands unseen by {self.who}, {witness.unrevealed} "
            f"{'is' if witness.unrevealed == 1 else 'are'} never revealed, so any "
            "game that differs only there fits the log as well"
        )

    def unreadable(self, error: LogFormatError, lines: _Lines) -> None:
        """Record that the log cannot be read: at the line ``error`` names, else the last read."""
        line = error.line if error.line is not None else lines.number
        text = lines.text if line == lines.number else ""
        self.fail(Status.UNREADABLE, Finding(line, None, _reason(error), shorten(text)))

    def illegal(self, line: int, rule: str | None, reason: str, text: str) -> None:
        self.fail(Status.ILLEGAL, Finding(line, rule, reason, shorten(text)))
        self.replaying = False
        self.notes.append(
            f"replay stopped at line {line}; the lines after it were only read for their format"
        )

    def report(self) -> Report:
        state = self.state
        over = state is not None and state.is_over
        winner = state.winner if state is not None else None
        victory = None if state is None else state.victory
        if self.status is Status.OK and self.header is not None and not over:
            self.note_unfinished(state)
        if self.implied and self.status is not Status.UNREADABLE:
            self.notes.append(self.implied_note())
        return Report(
            source=self.source,
            status=self.status,
            findings=tuple(self.findings),
            notes=tuple(self.notes),
            entries=self.entries,
            kind=None if self.header is None else self.header.kind,
            game_over=over,
            winner=winner,
            winner_name=None
            if winner is None or self.header is None
            else self.header.players[winner],
            victory=victory,
            witness=None
            if self.witness is None or not self.want_witness
            else _witness_entries(self.witness),
        )

    def implied_note(self) -> str:
        """What the referee supplied for the engine that wrote the log, and where."""
        assert self.header is not None
        names = self.header.players
        by_line: dict[int, list[str]] = {}
        for line, command in self.implied:
            by_line.setdefault(line, []).append(names[command.player])
        where = "; ".join(f"line {line}: {', '.join(who)}" for line, who in by_line.items())
        count = len(self.implied)
        return (
            f"written by chicago-poker {self.header.engine}, whose engine declined by itself "
            "for a tied player holding no gangster card: the referee supplied "
            f"{count} DeclineReinforcement command{'s' if count != 1 else ''}, each the "
            "player's only legal one (R-6.7.6, D-31), whose events the log holds in the "
            f"entry that requested reinforcements ({where})"
        )

    def note_unfinished(self, state: GameState | None) -> None:
        """Say that the game of a legal log is not over, and what it awaits."""
        assert self.header is not None
        if self.header.kind is LogKind.REDACTED:
            self.notes.append(f"the game is not finished after {self.entries} entries")
        elif state is not None:
            self.notes.append(
                f"the game is not finished: after {self.entries} entries it awaits "
                f"{_awaited(state)}"
            )


_SEARCH_BOUND: Final = (
    "search bound: the search for the hidden cards reached its work bound before it could "
    "tell whether the log is legal; it is neither accepted nor refused"
)


def _witness_entries(witness: Witness) -> tuple[LogEntry, ...]:
    """The entries of a witness game, as a full log of this release holds them.

    A decline that an engine before 0.2.0 gave by itself is an entry of its own here, with
    the command this release awaits (:mod:`~chicago_poker.referee.releases`).
    """
    implied: dict[int, list[Implied]] = {}
    for at, decline, caused in witness.implied:
        implied.setdefault(at, []).append((decline, caused))
    entries: list[LogEntry] = []
    pairs = zip(witness.commands, witness.events, strict=True)
    for index, (command, events) in enumerate(pairs):
        supplied = implied.get(index, [])
        own = len(events) - sum(len(caused) for _, caused in supplied)
        entries.append(LogEntry(command, events[:own]))
        entries.extend(LogEntry(decline, caused) for decline, caused in supplied)
    return tuple(entries)


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


def validate_log(
    lines: Iterable[str | bytes],
    source: str,
    *,
    witness: bool = False,
    time_limit: float | None = None,
    wall_limit: float | None = None,
) -> Report:
    """Check that a log is a legal game; stream it line by line.

    Args:
        lines: The lines of the log, such as an open file (text, or binary holding UTF-8);
            trailing newlines are ignored.
        source: The name of the log in the report, such as its file name.
        witness: For a redacted log, keep the complete legal game found for it in the report
            (:attr:`Report.witness`).
        time_limit: Seconds of CPU time allowed for a redacted log, reading included: the
            time this thread spends on it (``time.thread_time``), so that a busy machine
            does not count. Once they run out the report is ``undecided``, with the reason
            ``time limit``. None: no limit.
        wall_limit: A ceiling on the wall-clock seconds of a redacted log with a
            ``time_limit`` (by default 10 times it, :data:`~.budget.WALL_CEILING`); past it the
            report is ``undecided``, with the reason ``wall-clock ceiling``.

    Returns:
        The report: ``ok`` for a legal game (finished or not), ``illegal`` for a broken rule,
        ``unreadable`` for a log that does not follow the format, ``undecided`` when the
        time limit ran out. Errors of the input never raise; a ``LogFormatError`` raised by
        ``lines`` itself is reported as unreadable.

    Raises:
        ValueError: ``time_limit`` or ``wall_limit`` is negative or not a number.
    """
    budget = None if time_limit is None else CpuLimit(time_limit, wall_limit)
    run = _Validation(source, witness=witness, budget=budget)
    counted = _Lines(lines)
    try:
        for item in _read(counted, canonical=True):
            run.take(item, counted)
            if run.redacted_log and budget is not None and budget.expired():
                run.time_out(counted.number, counted.text)
                break
    except LogFormatError as error:
        run.unreadable(error, counted)
    else:
        if run.redacted_log and run.seen and run.status is Status.OK:
            run.judge_redacted()
    if run.status is Status.UNREADABLE and run.header is not None:
        run.notes.append("the log could not be read to its end: the game was not checked")
    return run.report()


def validate_file(
    path: str | Path,
    source: str | None = None,
    *,
    witness: bool = False,
    time_limit: float | None = None,
    wall_limit: float | None = None,
) -> Report:
    """Check the log file at ``path`` (see :func:`validate_log`); never raises for bad input.

    The file is read in binary, one bounded line at a time, and must be UTF-8. A file that
    cannot be opened is unreadable.
    """
    name = str(path) if source is None else source
    try:
        file = open(path, "rb")  # noqa: SIM115 - closed below, after streaming
    except OSError as error:
        return _unreadable(name, f"cannot open the file: {error.strerror or error}")
    with file:
        return validate_binary(
            file, name, witness=witness, time_limit=time_limit, wall_limit=wall_limit
        )


def validate_binary(
    file: IO[bytes],
    source: str,
    *,
    witness: bool = False,
    time_limit: float | None = None,
    wall_limit: float | None = None,
) -> Report:
    """Check a log read from a binary file, one bounded line at a time (UTF-8)."""
    try:
        return validate_log(
            _binary_lines(file),
            source,
            witness=witness,
            time_limit=time_limit,
            wall_limit=wall_limit,
        )
    except OSError as error:  # a read error half-way
        return _unreadable(source, f"cannot read the file: {error.strerror or error}")


def validate_files(
    paths: Iterable[str | Path],
    *,
    workers: int = 1,
    scheduler: str | None = None,
    time_limit: float | None = None,
    wall_limit: float | None = None,
) -> Iterator[Report]:
    """Check many log files (see :func:`validate_file`); one report per path, in their order.

    Never raises for bad input: a file that cannot be opened or read is unreadable, and an
    error of this library while checking one file is reported as that file's unreadable
    finding, "internal error while validating", so that the other files are still checked.

    Args:
        paths: The log files.
        workers: How many files to check at once, each in its own worker process: forked
            on Linux by a program that runs no other thread, else started with ``spawn``,
            which then costs about as much as checking a few dozen games. 1, the default,
            checks them one after the other in this process. At most one worker per file
            is started.
        scheduler: Instead of workers, the address of a Dask scheduler, such as
            ``"tcp://10.0.0.5:8786"``, whose workers check the files (see the page Running
            at scale). They need chicago_poker installed, and the files at the same paths.
        time_limit: CPU seconds allowed for each redacted log (see :func:`validate_log`).
        wall_limit: Its wall-clock ceiling (see :func:`validate_log`).

    Returns:
        An iterator of the report of each path, in the order of ``paths``; each comes as
        soon as it and every report before it are known. With workers, at most
        ``4 * workers`` files are in hand at once, so memory stays bounded however many
        paths there are.

    Raises:
        ValueError: Fewer than 1 worker, a malformed scheduler address, or both workers and
            a scheduler.
        ClusterError: The cluster cannot be used: ``distributed`` missing, no scheduler
            or no worker answering, or workers without this version of chicago_poker.

    >>> [report.status for report in validate_files(["missing.jsonl"])]
    [<Status.UNREADABLE: 'unreadable'>]
    """
    limits = (time_limit, wall_limit)
    address = _address(workers, scheduler, limits)
    names = [str(path) for path in paths]
    # The workers get each path made absolute (their folder may not be this one).
    jobs = [(name, str(Path(name).absolute()), limits) for name in names]
    if address is None and (workers == 1 or len(names) <= 1):
        return (_validate_path(name, name, limits) for name in names)
    return in_order(_validate_job, jobs, workers=workers, scheduler=address, lost=_lost)


_Limits = tuple[float | None, float | None]
"""The time limit and wall-clock ceiling of each file (see :func:`validate_log`)."""


def _address(workers: int, scheduler: str | None, limits: _Limits) -> str | None:
    """The scheduler's address, or None to check the files here, once the arguments are checked."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    time_limit, wall_limit = limits
    if time_limit is not None:
        CpuLimit(time_limit, wall_limit)  # refuses a bad limit here, not in every worker
    return check_spread("validate_files", workers, scheduler)


def _validate_job(job: tuple[str, str, _Limits]) -> Report:
    """What a worker runs: validate the file at ``job[1]``, reported as ``job[0]``."""
    name, path, limits = job
    return _validate_path(path, name, limits)


def _validate_path(path: str, source: str, limits: _Limits = (None, None)) -> Report:
    """Validate one file; an error of this library is reported, never raised."""
    try:
        return validate_file(path, source, time_limit=limits[0], wall_limit=limits[1])
    except Exception as error:  # one file's bug must not stop the others, nor show a traceback
        return _internal_error(source, f"{type(error).__name__}: {error}")


def _lost(job: tuple[str, str, _Limits]) -> Report:
    """The report of a file whose worker died while checking it."""
    return _internal_error(job[0], "the worker process checking it stopped unexpectedly")


def _unreadable(source: str, reason: str) -> Report:
    """The report on a log that could not be checked at all, for ``reason``."""
    return Report(
        source, Status.UNREADABLE, (Finding(None, None, reason, status=Status.UNREADABLE),)
    )


def _internal_error(path: str, what: str) -> Report:
    return _unreadable(path, f"internal error while validating: {what}")
