"""The ``chicago-poker render`` command: an SVG picture of a logged game's table.

``chicago-poker render LOG --entry N --seat S -o table.svg`` replays the first ``N`` entries of
a game log (entry 1 is the set-up, on line 2 after the header) and draws the table as seat
``S`` sees it then (:func:`chicago_poker.display.svg.render`); ``--spectator`` draws what a
spectator sees. A full or commands log replays every command through the engine; without
``--seat`` or ``--spectator`` it draws the whole table, every secret shown. A redacted log
holds one seat's view: it is drawn as its viewer sees it, and only so.

Exit status: 0 when the picture is written; 1 when the log breaks a rule before the entry, or
the picture cannot be written; 2 for bad arguments (an entry or seat the log does not have)
or a log that cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import IO, Any

from chicago_poker.core.decide import step_well_formed
from chicago_poker.core.errors import ChicagoPokerError
from chicago_poker.core.fold import ViewFolder
from chicago_poker.core.state import GameState
from chicago_poker.core.views import PlayerView, view
from chicago_poker.display.svg import SvgImage, render
from chicago_poker.formats.log import LogEntry, LogFormatError, LogHeader, LogKind, read_log

__all__ = ["RenderError", "add_parser", "picture_of_log", "run"]

_PROG = "chicago-poker render"


class RenderError(ChicagoPokerError, ValueError):
    """A request that cannot be drawn; ``status`` is the exit status to end with."""

    def __init__(self, message: str, status: int) -> None:
        """Say what is wrong, and with which exit status the command ends."""
        super().__init__(message)
        self.status = status
        """1 for a log that breaks a rule or an unwritable picture, 2 for a bad request."""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``render`` subcommand on ``subparsers`` (from ``add_subparsers``).

    Returns:
        The new subcommand parser, whose ``command`` default is :func:`run`.
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "render",
        help="draw a logged game's table as an SVG picture",
        description="Replay a game log up to an entry and draw the table as a seat sees it, "
        "as SVG. A redacted log is drawn as its viewer sees it. Exit status: 0 written, 1 the "
        "log breaks a rule or the picture cannot be written, 2 bad arguments or an unreadable "
        "log.",
    )
    _add_arguments(parser)
    parser.set_defaults(command=run)
    return parser


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("log", metavar="LOG", help="a game log (JSON Lines)")
    parser.add_argument(
        "--entry",
        type=int,
        metavar="N",
        help="draw the table after the first N entries (1 is the set-up); default: all",
    )
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, metavar="S", help="draw what seat S (from 0) sees")
    who.add_argument("--spectator", action="store_true", help="draw what a spectator sees")
    parser.add_argument("--size", type=int, metavar="PX", help="the picture's width in pixels")
    parser.add_argument("-o", "--output", metavar="OUT", help="write to OUT (default: stdout)")


def run(args: argparse.Namespace) -> int:
    """Carry out ``chicago-poker render``; return the exit status."""
    try:
        picture = picture_of_log(
            args.log, entry=args.entry, seat=args.seat, spectator=args.spectator, size=args.size
        )
        _write(picture, args.output)
    except RenderError as error:
        sys.stderr.write(f"{_PROG}: error: {error}\n")
        return error.status
    return 0


def picture_of_log(
    path: str,
    *,
    entry: int | None = None,
    seat: int | None = None,
    spectator: bool = False,
    size: int | None = None,
) -> SvgImage:
    """The picture of the table of the log at ``path`` after ``entry`` entries (all if None).

    Drawn as ``seat`` sees it, or as a spectator sees it; with neither, a full or commands log
    is drawn whole and a redacted log as its viewer sees it.

    Raises:
        RenderError: the log cannot be read or breaks a rule, or it has no such entry or seat.
    """
    for flag, number in (("--entry", entry), ("--size", size)):
        if number is not None and number < 1:
            raise RenderError(f"{flag} must be 1 or more, not {number}", 2)
    try:
        with open(path, "rb") as file:
            shown = _replay(file, path, entry, seat, spectator)
    except OSError as error:
        raise RenderError(f"cannot read {path}: {error.strerror or error}", 2) from error
    return _draw(shown, path, size)


def _draw(shown: PlayerView | GameState, path: str, size: int | None) -> SvgImage:
    try:
        return render(shown, size=size)
    except LookupError as error:  # a view folded from a forged redacted log
        raise RenderError(
            f"{path} does not describe a table that can be drawn: {error}", 1
        ) from error


def _replay(
    file: IO[bytes], path: str, entry: int | None, seat: int | None, spectator: bool
) -> PlayerView | GameState:
    items = _items(file, path)
    header = next(items)
    assert isinstance(header, LogHeader)
    if header.kind is LogKind.REDACTED:
        _check_redacted_viewer(header, seat, spectator)
        return _fold(items, header, entry, path)
    if seat is not None and not 0 <= seat < len(header.players):
        raise RenderError(
            f"{path} has no seat {seat}: its seats are 0 to {len(header.players) - 1}", 2
        )
    state = _state(items, entry, path)
    if seat is None and not spectator:
        return state
    return view(state, seat)


def _items(file: IO[bytes], path: str) -> Iterator[Any]:
    try:
        yield from read_log(file)
    except LogFormatError as error:
        raise RenderError(f"{path} cannot be read: {error}", 2) from error


def _check_redacted_viewer(header: LogHeader, seat: int | None, spectator: bool) -> None:
    asked = None if spectator else seat
    if (seat is not None or spectator) and asked != header.viewer:
        who = "a spectator" if header.viewer is None else f"seat {header.viewer}"
        raise RenderError(
            f"the log is redacted for {who}: it can only be drawn as {who} sees it", 2
        )


def _state(items: Iterator[Any], entry: int | None, path: str) -> GameState:
    state: GameState | None = None
    count = 0
    for count, item in enumerate(items, start=1):
        assert isinstance(item, LogEntry)
        try:
            state, _ = step_well_formed(state, item.command)
        except ChicagoPokerError as error:
            raise RenderError(f"{path}:{item.line}: {error}", 1) from error
        if count == entry:
            break
    _check_entry(entry, count, path)
    assert state is not None  # a log has at least its set-up entry
    return state


def _fold(items: Iterator[Any], header: LogHeader, entry: int | None, path: str) -> PlayerView:
    folder = ViewFolder(header.viewer)
    count = 0
    for count, item in enumerate(items, start=1):
        try:
            for event in item.events:
                folder.apply(event)
        except (ChicagoPokerError, ValueError, LookupError) as error:
            # A forged redacted log can say anything; only the validator's witness search
            # can tell whether it is a legal game, so here it is refused, not explained.
            raise RenderError(
                f"{path}:{item.line}: these events cannot follow the ones before "
                f"({type(error).__name__}: {error}); chicago-poker validate says more",
                1,
            ) from error
        if count == entry:
            break
    _check_entry(entry, count, path)
    return folder.view()


def _check_entry(entry: int | None, count: int, path: str) -> None:
    if entry is not None and count < entry:
        raise RenderError(
            f"{path} has {count} entries: --entry must be 1 to {count}, not {entry}", 2
        )


def _write(picture: SvgImage, output: str | None) -> None:
    if output is None:
        sys.stdout.write(picture + "\n")
        sys.stdout.flush()
        return
    try:
        with open(output, "w", encoding="utf-8") as file:
            file.write(picture + "\n")
    except OSError as error:
        raise RenderError(f"cannot write {output}: {error.strerror or error}", 1) from error
