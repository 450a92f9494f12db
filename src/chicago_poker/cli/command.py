"""The ``chicago-poker`` command.

``chicago-poker hands`` prints the hand ranking (R-7.3) with the exact frequency of each
category among the five-card hands of the 75 gangster cards.

``chicago-poker validate FILE...`` checks game logs (:mod:`chicago_poker.referee.validate`): exit
status 0 if every log is a legal game, 1 if one breaks a rule, 2 if one cannot be read, 3 if a
redacted log is undecided (its time limit ran out). Each finding is labelled with its rule, or
else with what it says of the log (``format``, ``undecided``, ``illegal``).
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, NoReturn

import attrs

from chicago_poker import __version__
from chicago_poker.cli import demo, play, render, serve
from chicago_poker.cli import simulate as simulate_cli
from chicago_poker.core.cards import GANGSTER_CARDS
from chicago_poker.core.errors import ChicagoPokerError
from chicago_poker.core.hands import MAX_HAND_SIZE
from chicago_poker.core.state import Victory
from chicago_poker.core.tables import printable
from chicago_poker.formats.log import write_log
from chicago_poker.match import runner as match
from chicago_poker.players import simulate
from chicago_poker.referee import explain
from chicago_poker.referee.validate import Report, Status, validate_file, validate_files
from chicago_poker.specification.frequencies import format_frequency_table
from chicago_poker.workers.progress import Progress
from chicago_poker.workers.spread import ClusterError

__all__ = ["build_parser", "main"]

_PROG = "chicago-poker"


class _ParserExitError(Exception):
    """Raised instead of SystemExit, so that main() returns the status."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class _Parser(argparse.ArgumentParser):
    """Argument parser that reports bad arguments without exiting the interpreter."""

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        """Print the message, if any, to stderr and stop parsing with this status."""
        if message:
            sys.stderr.write(message)
        raise _ParserExitError(status)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``chicago-poker`` command.

    Args:
        argv: The arguments after the program name; None means ``sys.argv[1:]``.

    Returns:
        The exit status: 0 on success, 2 for bad arguments, 1 for a rejected request.

    >>> main(["--version"])
    chicago-poker 0.2.0
    0
    """
    _escape_unencodable()
    parser = _build_parser()
    try:
        args = parser.parse_args(argv)
    except _ParserExitError as stop:
        return stop.status
    return _run(args.command, args)


def _run(command: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Run a subcommand; a rejected request, a closed pipe or Ctrl-C end it without a traceback."""
    try:
        return command(args)
    except ChicagoPokerError as error:
        sys.stderr.write(f"{_PROG}: error: {error}\n")
        return 1
    except BrokenPipeError:
        # The reader left early, as with `chicago-poker hands | head`: stop quietly.
        _discard_stdout()
        return 1
    except KeyboardInterrupt:
        # Ctrl-C: stop without a traceback, with the shell's status for an interrupt.
        sys.stderr.write(f"{_PROG}: interrupted\n")
        return 130


def _escape_unencodable() -> None:
    """Let stdout write any text, whatever its encoding: characters it lacks become escapes.

    A terminal or pipe whose encoding is not UTF-8 (``PYTHONIOENCODING=ascii``, an old
    Windows console) cannot encode the quotes of the French rulebook, or a player's name
    read from a log; without this, writing them would end the command with a traceback.
    """
    if isinstance(sys.stdout, io.TextIOWrapper) and sys.stdout.errors == "strict":
        sys.stdout.reconfigure(errors="backslashreplace")


def _discard_stdout() -> None:
    """Point stdout at devnull, so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file, as under pytest
        pass


def build_parser() -> argparse.ArgumentParser:
    """The parser of the ``chicago-poker`` command and all its subcommands.

    It is what :func:`main` parses with; the documentation's command-line reference is
    generated from it.

    >>> build_parser().parse_args(["validate", "game.jsonl"]).files
    ['game.jsonl']
    """
    return _build_parser()


def _build_parser() -> _Parser:
    parser = _Parser(prog=_PROG, description="Rules engine for the card game Chicago Poker.")
    parser.add_argument("--version", action="version", version=f"{_PROG} {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    _add_hands_parser(commands)
    _add_validate_parser(commands)
    explain.add_parser(commands)
    simulate_cli.add_parser(commands)
    match.add_parser(commands)
    play.add_parser(commands)
    demo.add_parser(commands)
    render.add_parser(commands)
    serve.add_parser(commands)
    return parser


def _add_hands_parser(commands: Any) -> None:
    hands = commands.add_parser(
        "hands",
        help="print the hand ranking with exact frequencies",
        description="Print the poker hands from highest to lowest (R-7.3), with how many of "
        "the five-card hands of the 75 gangster cards fall in each.",
    )
    hands.set_defaults(command=_hands)


def _add_validate_parser(commands: Any) -> None:
    validate = commands.add_parser(
        "validate",
        help="check that game logs are legal games",
        description="Replay each game log through the rules engine and report every broken "
        "rule. Exit status: 0 if every log is a legal game (finished or not), 1 if a log "
        "breaks a rule, 2 if a log cannot be read, 3 if a redacted log is undecided (its "
        "--time-limit ran out). "
        "With many files, a last line counts each verdict; progress goes to stderr.",
    )
    add = validate.add_argument
    add("files", nargs="+", metavar="FILE", help="a game log (JSON Lines)")
    add(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text (default): a verdict per file and one line per finding; json: one JSON document",
    )
    simulate.add_spread_arguments(  # the same options as simulate's
        validate,
        "processes checking files at once (default 1); reports keep the order of the files",
        "the files (at the same paths)",
    )
    add(
        "--witness",
        metavar="OUT",
        help="for one redacted log: write the complete legal game found for it (a full log) to OUT",
    )
    add(
        "--time-limit",
        type=_seconds,
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
        help=f"seconds of CPU time allowed for each redacted log (default "
        f"{DEFAULT_TIME_LIMIT:g}): the time spent judging it, which a busy machine does not "
        "eat into; past them the log is undecided, with the reason 'time limit' (exit status 3)",
    )
    add(
        "--wall-limit",
        type=_seconds,
        default=None,
        metavar="SECONDS",
        help="a ceiling on the wall-clock seconds of each redacted log (default 10 times "
        "--time-limit); past it the log is undecided, with the reason 'wall-clock ceiling'",
    )
    validate.set_defaults(command=_validate)


DEFAULT_TIME_LIMIT = 60.0
"""Seconds ``validate`` allows each redacted log by default."""


def _seconds(text: str) -> float:
    """A time limit given on the command line: a number of seconds, 0 or more."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= seconds < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds, 0 or more")
    return seconds


def _hands(args: argparse.Namespace) -> int:
    total = math.comb(len(GANGSTER_CARDS), MAX_HAND_SIZE)
    sys.stdout.write(
        f"Chicago Poker hands, highest first (R-7.3), with their exact frequencies\n"
        f"among the {total:,} five-card hands of the {len(GANGSTER_CARDS)} gangster cards.\n"
        f"\n{format_frequency_table()}\n\n"
        "Rarity counts from the rarest (1). Hands of fewer than five cards can only be four "
        "of a kind,\nthree of a kind, two pair, pair or high card, and rank in the same "
        "order (R-7.7).\n"
    )
    sys.stdout.flush()
    return 0


def _validate(args: argparse.Namespace) -> int:
    if args.witness is not None and len(args.files) != 1:
        sys.stderr.write("chicago-poker validate: --witness takes exactly one FILE\n")
        return 2
    counts: Counter[Status] = Counter()
    try:
        files = _validate_all(args, counts)
    except ClusterError as error:
        sys.stderr.write(f"chicago-poker validate: error: {error}\n")
        return 2
    status = max((verdict.exit_code for verdict in counts), default=0)
    if args.format == "json":
        # ASCII only: valid JSON whatever the encoding of stdout, and nothing from a log that
        # a terminal would act on (json escapes C0 controls, but not C1 controls or U+202E).
        document = {"exit": status, "files": files}
        sys.stdout.write(json.dumps(document, indent=2, ensure_ascii=True) + "\n")
    elif len(args.files) > 1:
        sys.stdout.write(_tally(counts) + "\n")
    sys.stdout.flush()
    return status


def _validate_all(args: argparse.Namespace, counts: Counter[Status]) -> list[dict[str, Any]]:
    """Print each report (text), or return them all (json); count each verdict in ``counts``."""
    files = []
    with Progress("validating", len(args.files), sys.stderr, unit="files") as progress:
        reports = _counted(_reports(args), counts, progress)
        if args.format == "json":
            files = [report.as_dict() for report in reports]
        else:
            _print_reports(reports, progress)
    return files


def _reports(args: argparse.Namespace) -> Iterable[Report]:
    """The report of each file of ``validate``, in order, each as soon as it is known."""
    if args.witness is not None:
        report = validate_file(
            args.files[0], witness=True, time_limit=args.time_limit, wall_limit=args.wall_limit
        )
        return [_write_witness(report, args.witness)]
    return validate_files(
        args.files,
        time_limit=args.time_limit,
        wall_limit=args.wall_limit,
        **simulate.spread(args),
    )


def _counted(
    reports: Iterable[Report], counts: Counter[Status], progress: Progress
) -> Iterator[Report]:
    """``reports``, counting each verdict in ``counts`` and each report as progress."""
    for report in reports:
        counts[report.status] += 1
        progress.advance()
        yield report


def _print_reports(reports: Iterable[Report], progress: Progress) -> None:
    """Print each verdict as soon as it is known, above the progress bar."""
    for report in reports:
        with progress.paused(sys.stdout):
            sys.stdout.write(_report_text(report))
            sys.stdout.flush()


def _tally(counts: Counter[Status]) -> str:
    """The last line of ``validate`` for many files, such as ``3 files: 2 legal, 1 illegal, ...``.

    >>> _tally(Counter({Status.OK: 2, Status.ILLEGAL: 1}))
    '3 files: 2 legal, 1 illegal, 0 unreadable, 0 undecided'
    """
    verdicts = ", ".join(
        f"{counts[status]} {'legal' if status is Status.OK else status.value}" for status in Status
    )
    return f"{counts.total()} files: {verdicts}"


def _write_witness(report: Report, path: str) -> Report:
    """Write the witness of a legal redacted log to ``path``; say so in the report's notes."""
    if report.witness is None:
        note = "no witness was written: only a legal redacted log has one"
    else:
        try:
            with open(path, "w", encoding="utf-8") as file:
                write_log(report.witness, file, provenance={"witness_of": report.source})
        except OSError as error:
            note = f"the witness could not be written to {path}: {error.strerror or error}"
        else:
            note = f"the witness, a complete legal game that redacts to this log, is in {path}"
    return attrs.evolve(report, notes=(*report.notes, note))


def _report_text(report: Report) -> str:
    lines = [f"{report.source}: {_verdict(report)}"]
    for finding in report.findings:
        where = report.source if finding.line is None else f"{report.source}:{finding.line}"
        lines.append(f"{where}: {finding.label}: {finding.reason}")
        if finding.entry:
            lines.append(f"    {finding.entry}")
    lines.extend(f"{report.source}: note: {note}" for note in report.notes)
    # A report quotes a log that may be hostile: nothing it holds may act on the terminal.
    return "".join(printable(line) + "\n" for line in lines)


def _verdict(report: Report) -> str:
    if report.status is Status.UNREADABLE:
        return f"unreadable after {report.entries} entries"
    if report.status is Status.ILLEGAL:
        count = len(report.findings)
        return f"illegal: {count} broken rule{'s' if count != 1 else ''}"
    if report.status is Status.UNDECIDED:
        which = report.findings[0].reason.split(":")[0] if report.findings else "time limit"
        return f"undecided after {report.entries} entries: the {which} ran out"
    if report.kind is not None and report.kind.value == "redacted":
        return f"legal redacted log, {report.entries} entries: a witness was found (see notes)"
    return _legal_verdict(report)


def _legal_verdict(report: Report) -> str:
    """The verdict on a legal game log: who won, how it ended, or that it is not finished."""
    if report.winner_name is not None:
        assert report.victory is not None
        return (
            f"legal game, {report.entries} entries, won by {report.winner_name} "
            f"({report.victory.value})"
        )
    if report.game_over:
        how = "stalled" if report.victory is Victory.STALLED else "blocked"
        return f"legal game, {report.entries} entries, ended {how} without a winner"
    return f"legal game, {report.entries} entries, not finished"


if __name__ == "__main__":
    sys.exit(main())
