"""The command line: ``chicago-poker`` and its subcommands.

:mod:`~chicago_poker.cli.command` parses the command line and dispatches;
:mod:`~chicago_poker.cli.play` is the terminal game against bots (``chicago-poker play``)
and :mod:`~chicago_poker.cli.demo` a narrated bot game (``chicago-poker demo``). The
front ends here only print and read what the layers below give them.
"""

from chicago_poker.cli.command import main

__all__ = ["main"]
