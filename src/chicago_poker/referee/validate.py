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

>>> from chicago_poker.players.game import Game
>>> from chicago_poker.formats.log import entries_to_lines
>>> report = validate_log(entries_to_lines(Game.new(["Al", "Bugs"], seed=1)), "game.jsonl")
>>> report.status, report.entries, report.game_over
(<Status.OK: 'ok'>, 1, False)
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any, Final

import attrs
from attrs import frozen

from chicago_poker._workers import check_spread, in_order
from chicago_poker.core.commands import (
    Command,
    DealCard,
    DeclineReinforcement,
    PlayBribery,
    PlayGangster,
    PlayLimousine,
    SendReinforcement,
    StartGame,
)
from chicago_poker.core.errors import ChicagoPokerError, LogFormatError
from chicago_poker.core.events import (
    ActionPhaseStarted,
    BriberyPlayed,
    CardDrawn,
    DiscardPileReshuffled,
    DrawRequested,
    Event,
    GameBlocked,
    GameStalled,
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
from chicago_poker.core.legal import Awaiting, awaiting
from chicago_poker.core.redacted_commands import (
    RedactedDealCard,
    RedactedPlayBribery,
    RedactedPlayGangster,
    RedactedPlayLimousine,
    RedactedSendReinforcement,
    RedactedStartGame,
    SeenCommand,
)
from chicago_poker.core.redacted_events import (
    RedactedBriberyPlayed,
    RedactedCardDrawn,
    RedactedGameStarted,
    RedactedGangsterPlayed,
    RedactedLimousinePlayed,
    RedactedPoliceRaidPlayed,
    RedactedReinforcementChosen,
    SeenEvent,
)
from chicago_poker.core.state import GameState, Victory
from chicago_poker.formats.converter import same_events as _same_events
from chicago_poker.formats.entries import LogEntry, RedactedLogEntry, dump_event, dump_seen
from chicago_poker.formats.header import LogHeader, LogKind
from chicago_poker.formats.json_checks import MAX_LINE_BYTES
from chicago_poker.formats.reader import CanonicalLine as _Canonical
from chicago_poker.formats.reader import LoadedEntry as _Loaded
from chicago_poker.formats.reader import PendingEntry as _Pending
from chicago_poker.formats.reader import read_lazily as _read
from chicago_poker.referee.budget import TimeLimit
from chicago_poker.referee.information import Impossible, InformationSet, Witness
from chicago_poker.referee.releases import Implied, declines_automatically, step_as_written

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

MAX_ENTRY_TEXT: Final = 160
"""Entries are quoted in findings up to this many characters."""


class Status(enum.Enum):
    """The verdict on one log."""

    OK = "ok"
    """A legal game, finished or not (or a redacted log consistent with what it shows)."""

    ILLEGAL = "illegal"
    """The log reads, but breaks a rule of the game."""

    UNREADABLE = "unreadable"
    """The log cannot be read: missing, not UTF-8, not JSON, not this format, absurd size."""

    UNDECIDED = "undecided"
    """A redacted log that the time limit left unjudged: neither accepted nor refused (see
    :func:`validate_log`). Every other log is decided."""

    @property
    def exit_code(self) -> int:
        """The command's exit status for this verdict: 0, 1, 2 or 3."""
        return _EXIT_CODES[self]


_EXIT_CODES: Final = {Status.OK: 0, Status.ILLEGAL: 1, Status.UNREADABLE: 2, Status.UNDECIDED: 3}


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

    status: Status = Status.ILLEGAL
    """The verdict the finding gives the log: illegal, unreadable or undecided."""

    @property
    def label(self) -> str:
        """What the finding is, in a report: its rule, else what it says of the log.

        ``format`` for a log that cannot be read, ``undecided`` for a time limit that ran
        out, ``illegal`` for a broken rule that no rule ID names.

        >>> Finding(3, None, "time limit: ...", status=Status.UNDECIDED).label
        'undecided'
        """
        if self.rule is not None:
            return self.rule
        return _LABELS[self.status]

    def as_dict(self) -> dict[str, Any]:
        """The finding as a JSON-friendly dictionary."""
        return {
            "line": self.line,
            "rule": self.rule,
            "status": self.status.value,
            "reason": self.reason,
            "entry": self.entry,
        }


_LABELS: Final = {
    Status.ILLEGAL: "illegal",
    Status.UNREADABLE: "format",
    Status.UNDECIDED: "undecided",
    Status.OK: "note",
}
"""The label of a finding without a rule, by the verdict it gives."""


@frozen
class Report:
    """The verdict on one log, with what is wrong and what could not be checked."""

    source: str
    """The name of the log, such as its file name."""

    status: Status
    """The verdict: ok, illegal, unreadable, or undecided (a redacted log whose time limit ran
    out before it was judged)."""

    findings: tuple[Finding, ...] = ()
    """The problems found, in line order; empty for a legal game."""

    notes: tuple[str, ...] = ()
    """What was not checked, or is worth knowing (a game that is not finished)."""

    entries: int = 0
    """How many entries (lines after the header) were read."""

    kind: LogKind | None = None
    """The kind of log, from its header; None if the header could not be read."""

    game_over: bool = False
    """Whether the replayed game ended (won, blocked or stalled)."""

    winner: int | None = None
    """The winning seat, if the replayed game was won."""

    winner_name: str | None = None
    """The winner's name, if the replayed game was won."""

    victory: Victory | None = None
    """How the replayed game ended, if it did."""

    witness: tuple[LogEntry, ...] | None = attrs.field(default=None, repr=False)
    """For a redacted log validated with ``witness=True``: a complete legal game that redacts
    to it, entry for entry (:func:`chicago_poker.referee.consistent.find_witness`)."""

    @property
    def exit_code(self) -> int:
        """0 for a legal game, 1 for a broken rule, 2 for an unreadable log, 3 undecided."""
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
            "witness": self.witness is not None,
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
    GameStalled: "R-8.7",
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
    Victory.STALLED: "R-8.7",
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
    ending = _end_of_game_rule(recorded, expected)
    if ending is not None:
        return ending
    if expected is not None and recorded is not None and type(expected) is not type(recorded):
        # A shootout the log skipped or invented: the shootout rule, not that of the turn.
        for event in (expected, recorded):
            if isinstance(event, ShootoutStarted):
                return event_rule(event)
    chosen = expected if expected is not None else recorded
    assert chosen is not None
    return event_rule(chosen)


def _end_of_game_rule(recorded: Event | None, expected: Event | None) -> str | None:
    """The rule of a difference where either side ends the game; None if neither does."""
    if isinstance(expected, GameWon | GameBlocked | GameStalled) and not isinstance(
        recorded, GameWon | GameBlocked | GameStalled
    ):
        return "R-8.2"
    for event in (expected, recorded):
        if isinstance(event, GameWon | GameBlocked | GameStalled):
            return event_rule(event)
    return None


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


def _shorten(text: str) -> str:
    text = text.rstrip("\r\n")
    if len(text) <= MAX_ENTRY_TEXT:
        return text
    return text[: MAX_ENTRY_TEXT - 1] + "…"


def _reason(error: LogFormatError) -> str:
    prefix = f"line {error.line}: "
    text = str(error)
    return text[len(prefix) :] if text.startswith(prefix) else text


# ------------------------------------------------------------------- redacted logs


_HIDING_RULES: Final[dict[type, str]] = {
    GameStarted: "R-2.4",
    StartGame: "R-2.4",
    CardDrawn: "R-2.4",
    DealCard: "R-2.4",
    GangsterPlayed: "R-4.4",
    PlayGangster: "R-4.4",
    LimousinePlayed: "R-5.4.3",
    PlayLimousine: "R-5.4.3",
    PoliceRaidPlayed: "R-5.3",
    BriberyPlayed: "R-5.6.1",
    PlayBribery: "R-5.6.1",
    ReinforcementChosen: "R-6.7.2",
    ReinforcementDeclined: "R-6.7.2",
    SendReinforcement: "R-6.7.2",
    DeclineReinforcement: "R-6.7.2",
}
"""The rule that hides the cards of each command or event that a redacted log may hide."""

_PLAIN: Final[dict[type, type]] = {
    RedactedGameStarted: GameStarted,
    RedactedCardDrawn: CardDrawn,
    RedactedGangsterPlayed: GangsterPlayed,
    RedactedReinforcementChosen: ReinforcementChosen,
    RedactedPoliceRaidPlayed: PoliceRaidPlayed,
    RedactedLimousinePlayed: LimousinePlayed,
    RedactedBriberyPlayed: BriberyPlayed,
    RedactedStartGame: StartGame,
    RedactedDealCard: DealCard,
    RedactedPlayGangster: PlayGangster,
    RedactedPlayLimousine: PlayLimousine,
    RedactedPlayBribery: PlayBribery,
    RedactedSendReinforcement: SendReinforcement,
}


def _seen_rule(
    recorded: SeenEvent | SeenCommand | None, expected: SeenEvent | SeenCommand | None
) -> str | None:
    """The rule of the first difference between a redacted log and every legal game there.

    The same command or event, shown on one side and hidden on the other, breaks the rule
    that hides it; any other difference of events answers to the rule of the event, as in a
    full log (:func:`_mismatch_rule`).
    """
    plain = {_PLAIN.get(type(item), type(item)) for item in (recorded, expected) if item}
    if recorded is not None and expected is not None and len(plain) == 1:
        kind = plain.pop()
        if type(recorded) is not type(expected) and kind in _HIDING_RULES:
            return _HIDING_RULES[kind]
        if kind in EVENT_RULES and not isinstance(recorded, GameWon | GameBlocked | GameStalled):
            return EVENT_RULES[kind]
    if isinstance(recorded, Event | None) and isinstance(expected, Event | None):
        return _mismatch_rule(recorded, expected) if recorded or expected else None
    chosen = expected if expected is not None else recorded
    return EVENT_RULES.get(_PLAIN.get(type(chosen), type(chosen)))


# ---------------------------------------------------------------------------- validation


class _Validation:
    """The running state of one validation."""

    def __init__(
        self, source: str, *, witness: bool = False, budget: TimeLimit | None = None
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
        if _EXIT_CODES[status] > _EXIT_CODES[self.status]:
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
            if self.known is None:
                assert self.header is not None
                self.known = InformationSet(
                    self.header.viewer, automatic_decline=self.automatic_decline
                )
            self.known.extend(entry)
        elif self.replaying:
            assert isinstance(pending, _Pending)  # a LoadedEntry is a redacted log's
            self.check(pending, lines)
        else:
            pending.load()  # the rest is only read, for its format

    def take(self, item: LogHeader | _Pending | _Canonical | _Loaded, lines: _Lines) -> None:
        """Check one line read from the log."""
        if isinstance(item, _Canonical):
            # Most lines of a legal log: replayed, and compared as bytes with the line the log
            # should hold. If it is that line, the entry is legal and reading it in full would
            # find the same; any other line is read in full and checked below.
            if self.replaying:
                try:
                    after, events, implied = step_as_written(
                        self.state, item.command, automatic_decline=self.automatic_decline
                    )
                except ChicagoPokerError:
                    events = None
                if events is not None and item.written_with(events):
                    self.state = after
                    self.entries += 1
                    self.supplied(lines.number, implied)
                    return
            item = item.pending()
        if isinstance(item, LogHeader):
            self.start(item)
        else:
            self.entries += 1
            self.entry(item, lines)

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
            reason = f"{_command_name(command)}: {getattr(error, 'message', str(error))}"
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
        index, recorded, expected = _first_difference(recorded_events, events)
        own = len(events) - sum(len(caused) for _, caused in implied)
        self.illegal(
            lines.number,
            _mismatch_rule(recorded, expected),
            f"event {index + 1} of {_command_name(pending.command)}: the log records "
            f"{_describe(recorded)}, but the engine gives {_describe(expected)}"
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
        entry, line, start = self.seen[min(result.index, len(self.seen) - 1)]
        text = _text(start)
        if isinstance(result, Impossible):
            rule = result.rule or _seen_rule(result.recorded, result.expected)
            self.illegal(line, rule, _impossible_reason(entry, result, self.who), text)
            return
        self.time_out(line, text)

    def time_out(self, line: int | None, text: str = "") -> None:
        """Record that the time limit ran out: the log is neither accepted nor refused."""
        seconds = self.budget.seconds if self.budget is not None else 0
        self.fail(
            Status.UNDECIDED,
            Finding(
                line,
                None,
                f"time limit: the {seconds:g} s allowed ran out before the log was judged; it "
                "is neither accepted nor refused (raise --time-limit to judge it)",
                _shorten(text),
            ),
        )

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


def _command_name(command: Command) -> str:
    return type(command).__name__


def _impossible_reason(entry: RedactedLogEntry, result: Impossible, who: str) -> str:
    """Why no legal game gives a redacted log's entry, in words."""
    command = entry.command
    name = _PLAIN.get(type(command), type(command)).__name__
    recorded, expected = result.recorded, result.expected
    if recorded is None and expected is None:
        return f"{name}: {result.reason}"
    where = name if result.reason == "the command differs" else f"{result.reason} of {name}"
    plain = [_PLAIN.get(type(item), type(item)) for item in (recorded, expected)]
    if recorded is not None and expected is not None and plain[0] is plain[1]:
        if type(recorded) in _PLAIN.values() and type(expected) in _PLAIN:
            return (
                f"{where}: shows {who} a card hidden from them: the log records "
                f"{_seen(recorded)}, but {who} may only see {_seen(expected)}"
            )
        if type(recorded) in _PLAIN and type(expected) in _PLAIN.values():
            return (
                f"{where}: hides a card that {who} sees: the log records {_seen(recorded)}, "
                f"but {who} sees {_seen(expected)}"
            )
    return (
        f"{where}: the log records {_seen(recorded)}, but the engine gives {_seen(expected)} "
        f"(as {who} sees it)"
    )


def _seen(item: SeenEvent | SeenCommand | None) -> str:
    if item is None:
        return "no further event"
    return _shorten(dump_seen(item))


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


def validate_log(
    lines: Iterable[str | bytes],
    source: str,
    *,
    witness: bool = False,
    time_limit: float | None = None,
) -> Report:
    """Check that a log is a legal game; stream it line by line.

    Args:
        lines: The lines of the log, such as an open file (text, or binary holding UTF-8);
            trailing newlines are ignored.
        source: The name of the log in the report, such as its file name.
        witness: For a redacted log, keep the complete legal game found for it in the report
            (:attr:`Report.witness`).
        time_limit: Seconds allowed for a redacted log, reading included; once they run out
            the report is ``undecided``, with the reason ``time limit``. None: no limit.

    Returns:
        The report: ``ok`` for a legal game (finished or not), ``illegal`` for a broken rule,
        ``unreadable`` for a log that does not follow the format, ``undecided`` when the
        time limit ran out. Errors of the input never raise; a ``LogFormatError`` raised by
        ``lines`` itself is reported as unreadable.

    Raises:
        ValueError: ``time_limit`` is negative or not a number.
    """
    budget = None if time_limit is None else TimeLimit(time_limit)
    run = _Validation(source, witness=witness, budget=budget)
    counted = _Lines(lines)
    try:
        for item in _read(counted, canonical=True):
            run.take(item, counted)
            if run.redacted_log and budget is not None and budget.expired():
                run.time_out(counted.number, counted.text)
                break
    except LogFormatError as error:
        line = error.line if error.line is not None else counted.number
        text = counted.text if line == counted.number else ""
        run.fail(Status.UNREADABLE, Finding(line, None, _reason(error), _shorten(text)))
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
        return validate_binary(file, name, witness=witness, time_limit=time_limit)


def validate_binary(
    file: IO[bytes],
    source: str,
    *,
    witness: bool = False,
    time_limit: float | None = None,
) -> Report:
    """Check a log read from a binary file, one bounded line at a time (UTF-8)."""
    try:
        return validate_log(_binary_lines(file), source, witness=witness, time_limit=time_limit)
    except OSError as error:  # a read error half-way
        return _unreadable(source, f"cannot read the file: {error.strerror or error}")


def validate_files(
    paths: Iterable[str | Path],
    *,
    workers: int = 1,
    scheduler: str | None = None,
    time_limit: float | None = None,
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
        time_limit: Seconds allowed for each redacted log (see :func:`validate_log`).

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
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if time_limit is not None:
        TimeLimit(time_limit)  # refuses a bad limit here, not in every worker
    address = check_spread("validate_files", workers, scheduler)
    names = [str(path) for path in paths]
    # The workers get each path made absolute, since their folder may not be this one, and
    # report it under the name given.
    jobs = [(name, str(Path(name).absolute()), time_limit) for name in names]
    if address is None and (workers == 1 or len(names) <= 1):
        return (_validate_path(name, name, time_limit) for name in names)
    return in_order(_validate_job, jobs, workers=workers, scheduler=address, lost=_lost)


def _validate_job(job: tuple[str, str, float | None]) -> Report:
    """What a worker runs: validate the file at ``job[1]``, reported as ``job[0]``."""
    name, path, time_limit = job
    return _validate_path(path, name, time_limit)


def _validate_path(path: str, source: str, time_limit: float | None = None) -> Report:
    """Validate one file; an error of this library is reported, never raised."""
    try:
        return validate_file(path, source, time_limit=time_limit)
    except Exception as error:  # one file's bug must not stop the others, nor show a traceback
        return _internal_error(source, f"{type(error).__name__}: {error}")


def _lost(job: tuple[str, str, float | None]) -> Report:
    """The report of a file whose worker died while checking it."""
    return _internal_error(job[0], "the worker process checking it stopped unexpectedly")


def _unreadable(source: str, reason: str) -> Report:
    """The report on a log that could not be checked at all, for ``reason``."""
    return Report(
        source, Status.UNREADABLE, (Finding(None, None, reason, status=Status.UNREADABLE),)
    )


def _internal_error(path: str, what: str) -> Report:
    return _unreadable(path, f"internal error while validating: {what}")
