"""Writing a game log: the header, then one line for each entry of a game.

:func:`write_log` writes the log of a game, or of its entries, to a text file;
:func:`entries_to_lines` gives its lines one by one (a web table serves them so). A log is
``full`` (every event, hidden cards included), ``commands`` (what a table records) or
``redacted`` (what one seat may know). Every line written is one the reader reads: a line it
would refuse is refused here first, with the reader's message.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Iterator, Mapping
from typing import IO, Any, TypeAlias

import attrs

import chicago_poker
from chicago_poker.core.commands import StartGame
from chicago_poker.core.errors import (
    ArgumentTypeError,
    LogFormatError,
    SavedGameError,
    short_repr,
)
from chicago_poker.core.history import Entry, RecordedGame
from chicago_poker.core.redacted_commands import RedactedStartGame
from chicago_poker.formats.entries import (
    LogEntry,
    RedactedLogEntry,
    check_viewer_type,
    entry_text,
    redact_entries,
)
from chicago_poker.formats.header import LogHeader, LogKind, header_line
from chicago_poker.formats.json_checks import check_size
from chicago_poker.formats.reader import read_pending

__all__ = ["entries_to_lines", "write_log"]

_Source: TypeAlias = RecordedGame | Iterable[Entry | LogEntry] | Iterable[RedactedLogEntry]


def entries_to_lines(
    game_or_entries: _Source,
    *,
    provenance: Mapping[str, str | int | float | bool | None] | None = None,
    kind: LogKind = LogKind.FULL,
    viewer: int | None = None,
) -> Iterator[str]:
    """The lines (without newlines) of the log of a game: the header, then one per entry.

    The entries are those of :attr:`Game.history <chicago_poker.players.game.Game.history>`, or
    :class:`LogEntry` objects; the first must be the :class:`StartGame` command, whose players
    and options go into the header. A log of kind ``commands`` leaves out the events. A log of
    kind ``redacted`` shows the game as ``viewer`` sees it (None: a spectator): the entries
    are redacted (:func:`redact_entries`), unless they are :class:`RedactedLogEntry` objects
    already (read from a redacted log), which are written as they are.

    Every line is one the reader reads: the header is checked as the reader checks it, every
    line's size too, and entries given as objects (not the history of a :class:`Game`, which
    the engine made) are read back as :func:`~chicago_poker.formats.reader.read_log` reads
    them. A line the reader would refuse is refused here first, with the reader's message.

    >>> from chicago_poker.players.game import Game
    >>> game = Game.new(["Al", "Bugs"], seed=1)
    >>> next(entries_to_lines(game, provenance={"seed": 1}))[:41]
    '{"format":"chicago-poker-log","version":1'
    >>> next(entries_to_lines(game, provenance={"seed": 1}, kind=LogKind.REDACTED, viewer=0))
    Traceback (most recent call last):
    chicago_poker.core.errors.LogFormatError: line 1: $.provenance.seed: a redacted log ...

    Raises:
        LogFormatError: The entries do not start with StartGame, a ``full`` or ``redacted``
            log lacks the events of an entry, a line would be one the reader refuses (such as
            a provenance seed that is not an integer, NaN, or a line over 1 MiB), or the
            provenance of a ``redacted`` log holds the dealer's ``seed`` (the message names
            the line), or ``viewer`` is not a seat of the game or is given for another kind
            of log (the message names ``viewer``).
        ArgumentTypeError: ``kind`` is not a :class:`LogKind`, ``provenance`` not a mapping
            of names, or ``game_or_entries`` not a game or entries.
    """
    _check_log_arguments(game_or_entries, provenance, kind, viewer)
    engine_made = isinstance(game_or_entries, RecordedGame)
    entries = (
        game_or_entries.history if isinstance(game_or_entries, RecordedGame) else game_or_entries
    )
    items = iter(entries)
    first = next(items, None)
    header = _header(_first_command(first, kind, viewer), provenance, kind, viewer)
    yield header_line(header, 1)
    everything = itertools.chain([first], items)
    yield from _checked_entry_lines(attrs.evolve(header, line=1), everything, engine_made)


def _header(
    command: StartGame | RedactedStartGame,
    provenance: Mapping[str, str | int | float | bool | None] | None,
    kind: LogKind,
    viewer: int | None,
) -> LogHeader:
    """The header that this release writes for the game that ``command`` starts."""
    players, options = command.players, command.options
    return LogHeader(
        chicago_poker.__version__, options, players, dict(provenance or {}), kind, viewer
    )


def _checked_entry_lines(
    header: LogHeader, entries: Iterator[Any], engine_made: bool
) -> Iterator[str]:
    """The lines of the entries, from line 2, each checked as the reader would check it."""
    for number, text in enumerate(_entry_lines(entries, header.kind, header.viewer), start=2):
        if engine_made:
            check_size(text, number)
        else:
            read_pending(header, text, number).load()  # the reader's every check of an entry
        yield text


def _check_log_arguments(
    game_or_entries: object,
    provenance: object,
    kind: LogKind,
    viewer: int | None,
) -> None:
    """The checks of :func:`entries_to_lines` that need no entry."""
    _check_kind(kind)
    check_viewer_type(viewer)
    if viewer is not None and kind is not LogKind.REDACTED:
        raise LogFormatError(f"viewer: only a redacted log has a viewer, not a {kind.value} one")
    if provenance is not None and not isinstance(provenance, Mapping):
        raise ArgumentTypeError(
            f"provenance must be a mapping of names to JSON scalars, not {short_repr(provenance)}"
        )
    _check_game_or_entries(game_or_entries)


def _check_game_or_entries(game_or_entries: object) -> None:
    """Refuse what is neither a game nor an iterable of entries (a string is not one)."""
    if isinstance(game_or_entries, str | bytes) or not isinstance(
        game_or_entries, RecordedGame | Iterable
    ):
        raise ArgumentTypeError(
            f"game_or_entries must be a Game or its entries, not {short_repr(game_or_entries)}"
        )


def _first_command(
    first: Entry | LogEntry | RedactedLogEntry | None, kind: LogKind, viewer: int | None
) -> StartGame | RedactedStartGame:
    """The StartGame command of the first entry, which the header is made from."""
    if first is None:
        raise LogFormatError("a log starts with the StartGame command; there are no entries")
    command = first.command
    if not isinstance(command, StartGame | RedactedStartGame):
        raise LogFormatError("a log starts with the StartGame command")
    if isinstance(first, RedactedLogEntry) and kind is not LogKind.REDACTED:
        raise LogFormatError(f"redacted entries cannot make a {kind.value} log")
    if viewer is not None and not 0 <= viewer < len(command.players):
        raise LogFormatError(
            f"viewer: {viewer} is not a seat of this game: a redacted log is shown to a seat "
            f"from 0 to {len(command.players) - 1}, or None for a spectator"
        )
    return command


def _entry_lines(entries: Iterator[Any], kind: LogKind, viewer: int | None) -> Iterator[str]:
    """The lines of the entries of a log, from the first (StartGame), not yet checked."""
    first = next(entries)
    everything = itertools.chain([first], entries)
    if kind is LogKind.REDACTED:
        yield from _redacted_lines(everything, isinstance(first, RedactedLogEntry), viewer)
    else:
        yield from _full_lines(everything, kind)


def _redacted_lines(entries: Iterator[Any], redacted: bool, viewer: int | None) -> Iterator[str]:
    """The lines of a redacted log's entries: redacted already, or redacted here."""
    if redacted:
        for entry in entries:
            if not isinstance(entry, RedactedLogEntry):
                raise LogFormatError("a redacted log cannot mix redacted and full entries")
            yield entry_text(entry)
    else:
        full = (entry for entry in entries if not isinstance(entry, RedactedLogEntry))
        for entry in redact_entries(full, viewer):
            yield entry_text(entry)


def _full_lines(entries: Iterator[Any], kind: LogKind) -> Iterator[str]:
    """The lines of the entries of a full log, or of a commands log (without the events)."""
    for index, raw in enumerate(entries):
        if isinstance(raw, RedactedLogEntry):
            raise LogFormatError("a log cannot mix redacted and full entries")
        entry = LogEntry.of(raw)
        if kind is LogKind.COMMANDS:
            entry = LogEntry(entry.command, None)
        elif entry.events is None:
            raise LogFormatError(f"entry {index} has no events, which a full log needs")
        yield entry_text(entry)


def _check_kind(kind: object) -> None:
    if not isinstance(kind, LogKind):
        raise ArgumentTypeError(
            f"kind must be a LogKind (such as LogKind.FULL), not {short_repr(kind)}"
        )


def write_log(
    game_or_entries: _Source,
    file: IO[str],
    *,
    provenance: Mapping[str, str | int | float | bool | None] | None = None,
    kind: LogKind = LogKind.FULL,
    viewer: int | None = None,
) -> None:
    """Write the log of a game to a text file, one line each (see :func:`entries_to_lines`).

    A full or commands-only log of a :class:`Game` holds what
    :meth:`Game.from_log <chicago_poker.players.game.Game.from_log>` needs to go on with the
    game's dealer: the provenance gets the dealer's ``seed`` (and ``seed_from``,
    :meth:`Game.dealer_provenance <chicago_poker.players.game.Game.dealer_provenance>`), and a
    provenance that gives another seed is refused. A redacted log never holds the seed.
    Entries given without their game (``game.history``) are written as they are.

    Open the file with ``encoding="utf-8"``: names may hold any character. Nothing is written
    if the header or the first entry (StartGame, which holds the players' names) cannot be
    made, such as a ``redacted`` log whose provenance holds a seed, or a name so long that the
    line would be over 1 MiB; a later entry that cannot be written stops the log there.

    Raises:
        LogFormatError: As :func:`entries_to_lines`.
        ArgumentTypeError: ``file`` is not an open text file (a path, say), or an argument
            as :func:`entries_to_lines`.
        SavedGameError: the provenance gives a ``seed`` (or ``seed_from``) other than the
            game's dealer's, or no seed gives the dealer's next deal (see
            :meth:`Game.dealer_provenance <chicago_poker.players.game.Game.dealer_provenance>`).
    """
    if isinstance(file, str | bytes | os.PathLike) or not callable(getattr(file, "write", None)):
        raise ArgumentTypeError(
            f"file must be a text file open for writing, not {short_repr(file)}: "
            'open it first, with open(path, "w", encoding="utf-8")'
        )
    if isinstance(game_or_entries, RecordedGame) and kind is not LogKind.REDACTED:
        provenance = _with_dealer(game_or_entries, provenance)
    lines = entries_to_lines(game_or_entries, provenance=provenance, kind=kind, viewer=viewer)
    first = list(itertools.islice(lines, 2))  # the header and StartGame, made before writing
    for text in itertools.chain(first, lines):
        file.write(text + "\n")


def _with_dealer(
    game: RecordedGame, provenance: Mapping[str, str | int | float | bool | None] | None
) -> dict[str, str | int | float | bool | None]:
    """``provenance`` with what resumes ``game`` with its dealer; refused if it says otherwise."""
    given = dict(provenance or {})
    for key, value in game.dealer_provenance().items():
        if key in given and given[key] != value:
            raise SavedGameError(
                f"write_log: the provenance's {key} is {short_repr(given[key])}, but this game's "
                f"dealer has {key} {value}: the log would resume another game; leave it out, "
                "write_log writes it"
            )
        given[key] = value
    return given
