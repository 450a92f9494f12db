"""The command line: ``chicago-poker`` and its subcommands.

:mod:`~chicago_poker.cli.command` parses the command line and dispatches;
:mod:`~chicago_poker.cli.play` is the terminal game against bots (``chicago-poker play``)
and :mod:`~chicago_poker.cli.demo` a narrated bot game (``chicago-poker demo``). The
front ends here only print and read what the layers below give them.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from chicago_poker import __version__

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``chicago-poker`` command, as :func:`chicago_poker.cli.command.main` does.

    ``chicago-poker --version`` is answered here, in the words of the full parser, without
    importing the engine and the subcommands that the parser is built from.

    Args:
        argv: The arguments after the program name; None means ``sys.argv[1:]``.

    Returns:
        The exit status of the command.

    >>> main(["--version"])
    chicago-poker 0.2.0
    0
    """
    if list(sys.argv[1:] if argv is None else argv) == ["--version"]:
        sys.stdout.write(f"chicago-poker {__version__}\n")
        return 0
    from chicago_poker.cli import command  # the whole command line, engine included

    return command.main(argv)
