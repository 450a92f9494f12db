"""Line 1 of a game log: the header, which says what the log is and which game it records.

The header (:class:`LogHeader`) gives the format's name and version, the engine version that
wrote the log, the game's options and players, where the game came from (its provenance) and
what the log holds (:class:`LogKind`). It is written and read with the standard library, so
that a seed of any size reads back exactly, and checked field by field as the reader checks
it whether it is being read or about to be written.

>>> from chicago_poker.core.rules import RuleOptions
>>> header = LogHeader("0.2.0", RuleOptions(), ("Al", "Bugs"), {"seed": 7})
>>> load_header(dump_header(header)) == header
True

A log of a newer format version, or written by a newer release, is refused with a message
that says to upgrade chicago-poker.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from typing import Any, Final, TypeAlias

import attrs
import cattrs
from attrs import field, frozen

import chicago_poker
from chicago_poker.core.errors import (
    ArgumentTypeError,
    ChicagoPokerError,
    LogFormatError,
    short_repr,
)
from chicago_poker.core.rules import RuleOptions
from chicago_poker.formats.converter import converter, format_exception, json_type, path_first
from chicago_poker.formats.json_checks import (
    at_line,
    check_json,
    check_keys,
    check_line_number,
    check_size,
    check_text,
    dumps_exact,
    loads_exact,
)

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "HEADER_KEYS",
    "LogHeader",
    "LogKind",
    "Provenance",
    "dump_header",
    "header_line",
    "load_header",
    "release_numbers",
    "with_upgrade_hint",
]

FORMAT_NAME: Final = "chicago-poker-log"
"""The value of the header's ``format`` key."""

FORMAT_VERSION: Final = 1
"""The version of the format this release writes and reads.

Raise it whenever a command or event changes in a way that old logs no longer read (the
schema file test notices every change of the classes).
"""

Provenance: TypeAlias = dict[str, str | int | float | bool | None]
"""Where a game came from: ``{"seed": 2004}`` for a seeded dealer, ``{}`` if unknown.

Keys other than ``seed`` are free (such as ``"table"`` or ``"date"``); values are JSON scalars.
A redacted log never holds ``seed``: its viewer could recompute every hidden card from it.
"""


class LogKind(enum.Enum):
    """What a log holds."""

    FULL = "full"
    """Every command with every event it caused, hidden information included."""

    COMMANDS = "commands"
    """Commands only, chance outcomes included, as recorded at a table; no events."""

    REDACTED = "redacted"
    """What one seat (the header's ``viewer``) may know of the game."""


@frozen
class LogHeader:
    """Line 1 of a log: what the log is and which game it records."""

    engine: str
    """The ``chicago_poker.__version__`` that wrote the log."""

    options: RuleOptions
    """The rule options of the game; the same as those of its StartGame command."""

    players: tuple[str, ...]
    """The players' names by seat; the same as those of its StartGame command."""

    provenance: Provenance = field(factory=dict, hash=False)
    """Where the game came from: ``{"seed": 2004}``, or ``{}`` if unknown."""

    kind: LogKind = LogKind.FULL
    """What the log holds: every event, commands only, or one seat's view."""

    viewer: int | None = None
    """The seat whose view a redacted log shows; None for other kinds."""

    version: int = FORMAT_VERSION
    """The format version."""

    line: int | None = field(default=None, eq=False, kw_only=True)
    """The line the header was read from, or None if it was not read from a log."""


def _header_object(header: LogHeader) -> dict[str, Any]:
    return {
        "format": FORMAT_NAME,
        "version": header.version,
        "engine": header.engine,
        "options": converter.unstructure(header.options, RuleOptions),
        "players": list(header.players),
        "provenance": dict(header.provenance),
        "kind": header.kind.value,
        "viewer": header.viewer,
    }


def dump_header(header: LogHeader) -> str:
    """The JSON line (without newline) of a header.

    Raises:
        LogFormatError: The reader would refuse the header (such as a provenance seed that is
            not an integer, or NaN); the message is the reader's, naming the field.
        ArgumentTypeError: ``header`` is not a :class:`LogHeader`.
    """
    if not isinstance(header, LogHeader):
        raise ArgumentTypeError(f"header must be a LogHeader, not {short_repr(header)}")
    return header_line(header, None)


def header_line(header: LogHeader, line: int | None) -> str:
    """The header's line, checked as the reader checks it (and its size, as every line's)."""
    obj = _header_object(header)
    _load_header(obj, line)
    text = dumps_exact(obj)
    check_size(text, line)
    return text


def load_header(text: str | bytes, *, line: int | None = 1) -> LogHeader:
    """Read a header from its JSON line (text, or UTF-8 bytes).

    Raises:
        LogFormatError: The line is not a header of this format and version (the message says
            to upgrade chicago-poker if the log is newer than this one reads).
    """
    check_text(text, "text")
    check_line_number(line)
    return _load_header(loads_exact(text, line), line)


HEADER_KEYS: Final = frozenset(
    {"format", "version", "engine", "options", "players", "provenance", "kind", "viewer"}
)
"""The keys of a header line, all required."""


def _load_header(obj: object, line: int | None) -> LogHeader:
    """The header of a JSON object, with every check of the format.

    The one check of a header: the reader applies it to what it parses, and the writer to the
    object it is about to write (:func:`dump_header`), so that whatever the reader would
    refuse, the writer refuses first, with the same message.
    """
    try:
        header = _header_of(obj)
    except LogFormatError as error:
        raise at_line(error, line) from error.__cause__
    return attrs.evolve(header, line=line)


def _header_of(obj: object) -> LogHeader:
    """The header of a JSON object, its format and version checked first."""
    if not isinstance(obj, dict):
        raise LogFormatError(f"$: expected a header object, not {json_type(obj)}")
    if obj.get("format") != FORMAT_NAME:
        raise LogFormatError(
            f"$.format: {short_repr(obj.get('format'))} is not {FORMAT_NAME!r}: "
            "not a Chicago Poker log"
        )
    _check_version(obj.get("version"), obj.get("engine"))
    try:
        return _header_fields(obj)
    except LogFormatError as error:
        raise with_upgrade_hint(error, obj.get("engine")) from error.__cause__


def _check_version(version: object, engine: object) -> None:
    """The format version must be the one this release reads; say what to do if not."""
    if type(version) is int and version == FORMAT_VERSION:
        return
    ours = f"this chicago-poker ({chicago_poker.__version__}) reads version {FORMAT_VERSION}"
    by = ""
    if type(engine) is str and len(engine) <= _MAX_ENGINE_CHARS:
        by = f"; the log was written by chicago-poker {engine}"
    if type(version) is int and version > FORMAT_VERSION:
        raise LogFormatError(
            f"$.version: version {version} is not supported: it is newer than {ours}{by}; "
            "upgrade chicago-poker to read this log"
        )
    raise LogFormatError(
        f"$.version: version {short_repr(version)} is not supported: {ours}, and no version "
        f"of chicago-poker writes version {short_repr(version)}{by}"
    )


_MAX_ENGINE_CHARS: Final = 40
"""Engine versions are quoted in messages up to this length."""

_VERSION: Final = re.compile(r"(\d+(?:\.\d+)*)(?:[-_.]?(dev|a|b|rc)[-_.]?(\d*))?", re.IGNORECASE)
"""The release numbers of a version, and the pre-release or development stage after them."""

_STAGES: Final = {"dev": -1, "a": 0, "b": 1, "rc": 2}
"""The order of the stages before a release (PEP 440); the release itself comes after them."""


def release_numbers(version: str) -> tuple[int, ...] | None:
    """The release numbers at the start of a version, without trailing zeros; None if none.

    ``0.2.0rc1`` and ``0.2.0.dev0`` give ``(0, 2)``, as ``0.2`` and ``0.2.0`` do.

    >>> release_numbers("0.1.0"), release_numbers("0.2.0.dev0"), release_numbers("abc")
    ((0, 1), (0, 2), None)
    """
    key = _version_key(version)
    return None if key is None else key[0]


def _version_key(version: str) -> tuple[tuple[int, ...], int, int] | None:
    """A version's place among releases: its numbers, then its stage (PEP 440's order).

    ``0.2.0.dev0`` < ``0.2.0a1`` < ``0.2.0rc1`` < ``0.2.0``; a post-release or a local version
    counts as its release. None for a version that does not start with release numbers.
    """
    match = _VERSION.match(version)
    if match is None or len(match.group(1)) > _MAX_ENGINE_CHARS:
        return None
    numbers = [int(part) for part in match.group(1).split(".")]
    while numbers and numbers[-1] == 0:  # 0.2 is 0.2.0
        numbers.pop()
    stage = match.group(2)
    if stage is None:
        return tuple(numbers), len(_STAGES), 0
    return tuple(numbers), _STAGES[stage.lower()], int(match.group(3) or 0)


def _newer_engine(engine: object) -> bool:
    """Whether ``engine`` names a version of chicago-poker newer than this one."""
    if type(engine) is not str:
        return False
    theirs, ours = _version_key(engine), _version_key(chicago_poker.__version__)
    return theirs is not None and ours is not None and theirs > ours


def with_upgrade_hint(error: LogFormatError, engine: object) -> LogFormatError:
    """``error``, saying to upgrade if the log was written by a newer chicago-poker.

    A newer release may write things this one does not know without a new format version
    (such as a new option); the reader cannot tell, so it says what may help.
    """
    if not _newer_engine(engine):
        return error
    message = str(error)
    if error.line is not None:
        message = message.removeprefix(f"line {error.line}: ")
    assert isinstance(engine, str)
    return LogFormatError(
        f"{message} (the log was written by chicago-poker {engine}, newer than this one, "
        f"{chicago_poker.__version__}: upgrading chicago-poker may read it)",
        line=error.line,
    )


def _header_fields(obj: dict[str, Any]) -> LogHeader:
    """The fields of a header object whose format and version are checked."""
    check_keys(obj, required=HEADER_KEYS, optional=set())
    check_json(obj, "$")
    engine = _field(obj, "engine", str)
    options = _field(obj, "options", RuleOptions)
    players = _field(obj, "players", tuple[str, ...])
    provenance = _provenance_field(obj["provenance"])
    kinds = [kind.value for kind in LogKind]
    if obj["kind"] not in kinds:
        raise LogFormatError(f"$.kind: {short_repr(obj['kind'])} is not one of {', '.join(kinds)}")
    kind = LogKind(obj["kind"])
    _check_provenance(provenance, kind)
    viewer = _viewer_field(obj["viewer"], kind, len(players))
    return LogHeader(engine, options, players, dict(provenance), kind, viewer)


def _provenance_field(provenance: object) -> dict[str, Any]:
    """The provenance of a header: scalars, and the dealer's seed an integer."""
    if not isinstance(provenance, dict) or not all(
        value is None or isinstance(value, str | int | float | bool)
        for value in provenance.values()
    ):
        raise LogFormatError("$.provenance: expected an object of strings, numbers or null")
    if "seed" in provenance and type(provenance["seed"]) is not int:
        raise LogFormatError(
            f"$.provenance.seed: expected an integer, not {short_repr(provenance['seed'])}"
        )
    return provenance


def _viewer_field(viewer: object, kind: LogKind, players: int) -> int | None:
    """The viewer of a header: a seat or null in a redacted log, and only there."""
    if kind is LogKind.REDACTED:
        if viewer is not None and (type(viewer) is not int or not 0 <= viewer < players):
            raise LogFormatError(
                "$.viewer: a redacted log names the seat it is shown to, or null for a spectator"
            )
        return viewer
    if viewer is not None:
        raise LogFormatError(f"$.viewer: only a redacted log has a viewer, not a {kind.value} one")
    return None


def _field(obj: dict[str, Any], key: str, tp: Any) -> Any:
    try:
        return converter.structure(obj[key], tp)
    except cattrs.ClassValidationError as error:
        problems = cattrs.transform_error(error, path=f"$.{key}", format_exception=format_exception)
        raise LogFormatError("; ".join(path_first(p) for p in problems)) from error
    except (cattrs.IterableValidationError, ChicagoPokerError, TypeError, ValueError) as error:
        raise LogFormatError(f"$.{key}: {format_exception(error, tp)}") from error


def _check_provenance(provenance: Mapping[str, object], kind: LogKind) -> None:
    """A redacted log may not carry the seed: the dealer's seed replays every hidden card."""
    if kind is LogKind.REDACTED and "seed" in provenance:
        raise LogFormatError(
            '$.provenance.seed: a redacted log cannot hold the provenance key "seed": with the '
            "dealer's seed, its viewer could recompute every hidden card; leave the seed out"
        )
