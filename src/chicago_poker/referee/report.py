"""The validator's verdict on a log: a :class:`Report`, with its :class:`Finding` objects.

A report's :class:`Status` says whether a log is a legal game (``ok``), breaks a rule
(``illegal``), cannot be read (``unreadable``) or was left unjudged by a time limit
(``undecided``); each finding names the line at fault, the rule broken and what is wrong, and
quotes the start of the line. The exit status of ``chicago-poker validate`` is the report's
(:attr:`Report.exit_code`), and :meth:`Report.as_dict` its JSON form.
"""

from __future__ import annotations

import enum
from typing import Any, Final

import attrs
from attrs import frozen

from chicago_poker.core.state import Victory
from chicago_poker.formats.entries import LogEntry
from chicago_poker.formats.header import LogKind

__all__ = ["MAX_ENTRY_TEXT", "Finding", "Report", "Status", "shorten"]

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
    :func:`~chicago_poker.referee.validate.validate_log`). Every other log is decided."""

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


def shorten(text: str) -> str:
    """``text`` without its line end, cut to :data:`MAX_ENTRY_TEXT` characters to quote it."""
    text = text.rstrip("\r\n")
    if len(text) <= MAX_ENTRY_TEXT:
        return text
    return text[: MAX_ENTRY_TEXT - 1] + "…"
