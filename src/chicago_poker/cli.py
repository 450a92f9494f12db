"""The ``chicago-poker`` command.

``chicago-poker hands`` prints the hand ranking (R-7.3) with the exact frequency of each
category among the five-card hands of the 75 gangster cards.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from chicago_poker import __version__
from chicago_poker.cards import GANGSTER_CARDS
from chicago_poker.errors import ChicagoPokerError
from chicago_poker.frequencies import format_frequency_table
from chicago_poker.hands import MAX_HAND_SIZE

__all__ = ["main"]

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
    chicago-poker 0.1.0
    0
    """
    parser = _build_parser()
    try:
        args = parser.parse_args(argv)
    except _ParserExitError as stop:
        return stop.status
    command: Callable[[argparse.Namespace], int] = args.command
    try:
        return command(args)
    except ChicagoPokerError as error:
        sys.stderr.write(f"{_PROG}: error: {error}\n")
        return 1
    except BrokenPipeError:
        # The reader left early, as with `chicago-poker hands | head`: stop quietly.
        _discard_stdout()
        return 1


def _discard_stdout() -> None:
    """Point stdout at devnull, so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file, as under pytest
        pass


def _build_parser() -> _Parser:
    parser = _Parser(prog=_PROG, description="Rules engine for the card game Chicago Poker.")
    parser.add_argument("--version", action="version", version=f"{_PROG} {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    hands = commands.add_parser(
        "hands",
        help="print the hand ranking with exact frequencies",
        description="Print the poker hands from highest to lowest (R-7.3), with how many of "
        "the five-card hands of the 75 gangster cards fall in each.",
    )
    hands.set_defaults(command=_hands)
    return parser


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


if __name__ == "__main__":
    sys.exit(main())
