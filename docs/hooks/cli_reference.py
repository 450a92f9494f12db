"""MkDocs hook: generate the command-line reference, ``cli.md``, from the command's parser.

The page is written from :func:`chicago_poker.cli.command.build_parser` at every build, so
every subcommand and every option the command accepts is on it, in the words of its
``--help``, and the page cannot fall behind the parser.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from chicago_poker.cli.command import build_parser

PAGE = "cli.md"
WIDTH = 88
"""The width of the usage lines, in characters."""

INTRO = """\
The `chicago-poker` command is installed with the package; `python -m chicago_poker` runs the
same command. This page is generated from the command's own parser when the site is built, so
it lists every subcommand and option, in the words of `chicago-poker COMMAND --help`. Every
command also takes `-h` or `--help`, which prints its usage and options and exits.
"""


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated reference to the site's files."""
    existing = files.get_file_from_path(PAGE)
    if existing is not None:
        files.remove(existing)
    files.append(File.generated(config, PAGE, content=page(build_parser())))
    return files


def page(parser: argparse.ArgumentParser) -> str:
    """The reference page of ``parser`` and its subcommands, as Markdown."""
    lines = ["# Command line", "", INTRO, *usage(parser), *groups(parser)]
    for name, subcommand in subcommands(parser).items():
        lines += ["", f"## {parser.prog} {name} {{ #{name} }}", ""]
        lines += [escape(subcommand.description or ""), "", *usage(subcommand)]
        lines += groups(subcommand)
    return "\n".join(lines) + "\n"


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The subcommands of ``parser`` by name, in the order they were added."""
    # argparse has no public way to list a parser's arguments: read its actions.
    found: dict[str, argparse.ArgumentParser] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found |= action.choices
    return found


def usage(parser: argparse.ArgumentParser) -> list[str]:
    """The usage line of ``parser``, as ``--help`` prints it, in a text block.

    The width is fixed, not the terminal's, so that every build writes the same page.
    """
    formatter = argparse.HelpFormatter(parser.prog, width=WIDTH)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
    return ["```text", formatter.format_help().strip(), "```", ""]


def groups(parser: argparse.ArgumentParser) -> list[str]:
    """A table per group of arguments (positional arguments, options, rule options...)."""
    lines: list[str] = []
    for group in parser._action_groups:
        actions = [action for action in group._group_actions if documented(action)]
        if actions:
            lines += [f"**{escape((group.title or 'arguments').capitalize())}**", ""]
            lines += ["| argument | meaning |", "| --- | --- |"]
            lines += [f"| {signature(action)} | {meaning(action)} |" for action in actions]
            lines.append("")
    return lines


def documented(action: argparse.Action) -> bool:
    """Whether an argument has a row: all but ``--help``, the subcommands and hidden ones."""
    hidden = action.help == argparse.SUPPRESS
    return not hidden and not isinstance(action, argparse._SubParsersAction | argparse._HelpAction)


def signature(action: argparse.Action) -> str:
    """How the argument is written: ``FILE``, ``--format {text,json}``, ``--tactical``."""
    if not action.option_strings:
        return f"`{metavar(action)}`"
    takes_value = action.nargs != 0
    return ", ".join(
        f"`{option} {metavar(action)}`" if takes_value else f"`{option}`"
        for option in action.option_strings
    )


def metavar(action: argparse.Action) -> str:
    """The name of the argument's value, as ``--help`` writes it."""
    if isinstance(action.metavar, str):
        return action.metavar
    if action.choices is not None:
        return "{" + ",".join(map(str, action.choices)) + "}"
    return action.dest.upper() if action.option_strings else action.dest


def meaning(action: argparse.Action) -> str:
    """The argument's help, its %-formats filled in, and how many values it takes."""
    text = action.help or ""
    if "%" in text:
        text = text % {**vars(action), "default": action.default}
    notes = list(_count_notes(action))
    if action.choices is not None and isinstance(action.metavar, str):  # else in the signature
        notes.append("one of " + ", ".join(f"`{choice}`" for choice in action.choices))
    return escape("; ".join([text, *notes]) if notes else text)


def _count_notes(action: argparse.Action) -> Iterator[str]:
    if action.nargs in ("+", argparse.ONE_OR_MORE):
        yield "one or more"
    elif action.nargs in ("?", "*"):
        yield "optional"


def escape(text: str) -> str:
    """Text that stays one table cell: pipes escaped, lines joined."""
    return " ".join(text.split()).replace("|", "\\|")
