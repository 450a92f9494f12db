"""The ``chicago-poker rules`` command: the specification, rule by rule, in the terminal.

``chicago-poker rules`` lists every section with the ID and title of each of its rules, then
the discrepancies. ``chicago-poker rules R-5.4.1`` prints one rule: its title, its statement,
the quotes of each rulebook edition (or the note saying the edition is silent) and every
discrepancy that touches it. ``chicago-poker rules R-5`` prints a section and its rules;
``chicago-poker rules D-18`` prints a discrepancy in full.

Exit status: 0 when the ID is found, 1 for a well-formed ID that names nothing, 2 for an
argument that is not an ID at all.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence
from typing import Any, Final, TextIO

from chicago_poker.specification import (
    DISCREPANCY_ID,
    EDITIONS,
    RULE_ID,
    SECTION_ID,
    Discrepancy,
    Rule,
    Section,
    Specification,
    load_specification,
)

__all__ = ["EDITION_NAMES", "ID_HELP", "add_parser", "explain", "run"]

EDITION_NAMES: Final = {"en": "English", "nl": "Dutch", "fr": "French"}
"""The names of the rulebook editions, by code."""

ID_HELP: Final = (
    "IDs look like R-5.4.1 (a rule), R-5 (a section) or D-18 (a discrepancy); "
    "run `chicago-poker rules` to list them all"
)
"""What IDs look like, for error messages."""

_WIDTH: Final = 92
_INDENT: Final = "    "


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``rules`` subcommand on ``subparsers`` (from ``add_subparsers``).

    Returns:
        The new subcommand parser, whose ``command`` default is :func:`run`.
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "rules",
        help="list the rules, or explain one rule or discrepancy",
        description="Without an ID, list every rule by section and every discrepancy. With a "
        "rule ID (R-5.4.1), print the rule, what each rulebook edition says and the "
        "discrepancies that touch it; with a section ID (R-5), the section; with a "
        "discrepancy ID (D-18), the discrepancy in full. Exit status: 0 if found, 1 for an "
        "unknown ID, 2 for a malformed one.",
    )
    parser.add_argument(
        "id", nargs="?", metavar="ID", help="a rule (R-5.4.1), section (R-5) or discrepancy (D-18)"
    )
    parser.set_defaults(command=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Carry out ``chicago-poker rules [ID]``, writing to stdout and stderr.

    Returns:
        The exit status: 0 if found, 1 for an unknown ID, 2 for a malformed one.
    """
    return explain(args.id, sys.stdout, sys.stderr)


def explain(
    identifier: str | None, out: TextIO, err: TextIO, spec: Specification | None = None
) -> int:
    """Write the listing (``identifier`` None) or the entry named by ``identifier`` to ``out``.

    Errors go to ``err``. ``spec`` defaults to :func:`load_specification`.

    Returns:
        The exit status: 0 if found, 1 for an unknown ID, 2 for a malformed one.
    """
    spec = load_specification() if spec is None else spec
    if identifier is None:
        out.write(format_listing(spec))
        return 0
    wanted = identifier.strip().upper()
    found = _entry_text(wanted, spec)
    if found is None:
        err.write(f"chicago-poker rules: error: {identifier!r} is not a rule or discrepancy ID. ")
        err.write(f"{ID_HELP}.\n")
        return 2
    text, missing = found
    if text is None:
        return _unknown(err, missing, spec)
    out.write(text)
    return 0


def _entry_text(wanted: str, spec: Specification) -> tuple[str | None, str] | None:
    """The text of the entry ``wanted`` names, or None, with what is missing then.

    None in place of both if ``wanted`` is no ID.
    """
    if DISCREPANCY_ID.fullmatch(wanted):
        discrepancy = next((d for d in spec.discrepancies if d.id == wanted), None)
        text = None if discrepancy is None else format_discrepancy(discrepancy, spec)
        return text, f"no discrepancy {wanted}"
    if SECTION_ID.fullmatch(wanted) and not spec.has_rule(wanted):
        section = next((s for s in spec.sections if s.id == wanted), None)
        return None if section is None else format_section(section, spec), f"no section {wanted}"
    if RULE_ID.fullmatch(wanted):
        text = format_rule(spec.rule(wanted), spec) if spec.has_rule(wanted) else None
        return text, f"no rule {wanted}"
    return None


def _unknown(err: TextIO, problem: str, spec: Specification) -> int:
    first, last = spec.rules[0].id, spec.rules[-1].id
    span = f"rules run from {first} to {last}"
    if spec.discrepancies:
        span += f", discrepancies from {spec.discrepancies[0].id} to {spec.discrepancies[-1].id}"
    err.write(f"chicago-poker rules: error: {problem}. {ID_HELP} ({span}).\n")
    return 1


def _wrap(text: str, indent: str = "") -> str:
    """Wrap a paragraph (runs of whitespace become one space) with the given indent."""
    return textwrap.fill(
        " ".join(text.split()),
        width=_WIDTH,
        initial_indent=indent,
        subsequent_indent=indent,
        break_on_hyphens=False,
    )


def format_listing(spec: Specification) -> str:
    """Every rule ID and title by section, then every discrepancy ID and title."""
    lines: list[str] = []
    for section in spec.sections:
        lines.append(f"{section.id}  {section.title}")
        lines.extend(f"  {rule.id:<10} {rule.title}" for rule in spec.rules_in(section.id))
        lines.append("")
    if spec.discrepancies:
        lines.append("Discrepancies between the editions")
        lines.extend(f"  {d.id:<10} {d.title}" for d in spec.discrepancies)
        lines.append("")
    lines.append("Run `chicago-poker rules ID` for the details of one rule or discrepancy.")
    return "\n".join(lines) + "\n"


def format_section(section: Section, spec: Specification) -> str:
    """A section: its title, its summary and the ID and title of each of its rules."""
    lines = [f"{section.id}  {section.title}", "", _wrap(section.summary), "", "Rules:"]
    lines.extend(f"  {rule.id:<10} {rule.title}" for rule in spec.rules_in(section.id))
    return "\n".join(lines) + "\n"


def format_rule(rule: Rule, spec: Specification) -> str:
    """A rule: title, section, statement, each edition's quotes or silence, its discrepancies."""
    section = next((s for s in spec.sections if s.id == rule.section), None)
    lines = [f"{rule.id}  {rule.title}"]
    if section is not None:
        lines.append(f"Section {section.id}: {section.title}")
    lines.extend(["", _wrap(rule.statement), "", "What the rulebooks say:"])
    for edition in EDITIONS:
        lines += _quote_lines(rule, edition)
    lines.append("")
    lines += _discrepancy_summary(spec.discrepancies_of(rule.id))
    return "\n".join(lines) + "\n"


def _edition_name(edition: str) -> str:
    return f"{EDITION_NAMES.get(edition, edition)} ({edition.upper()})"


def _quote_lines(rule: Rule, edition: str) -> list[str]:
    """What one edition says of a rule: its quotes, its silence, or that none is recorded."""
    name = _edition_name(edition)
    quotes = rule.quotes(edition)
    silence = rule.silence(edition)
    if quotes:
        return [f"  {name}:", *(_wrap(f"“{quote}”", _INDENT) for quote in quotes)]
    if silence is not None:
        return [f"  {name}: silent.", _wrap(silence, _INDENT)]
    return [f"  {name}: no quote recorded."]


def _discrepancy_summary(discrepancies: Sequence[Discrepancy]) -> list[str]:
    """The discrepancies of a rule, each with its decision and option."""
    if not discrepancies:
        return ["Discrepancies: none."]
    lines = ["Discrepancies:"]
    for discrepancy in discrepancies:
        lines.append(f"  {discrepancy.id}  {discrepancy.title}")
        lines.append(_wrap(f"Decision: {discrepancy.decision}", _INDENT))
        if discrepancy.option is not None:
            effect = f": {discrepancy.option_effect}" if discrepancy.option_effect else ""
            lines.append(_wrap(f"Option: {discrepancy.option}{effect}", _INDENT))
    lines.append("")
    lines.append("Run `chicago-poker rules D-n` for a discrepancy in full.")
    return lines


def format_discrepancy(discrepancy: Discrepancy, spec: Specification) -> str:
    """A discrepancy in full: every field, each edition's reading and quotes."""
    lines = [
        f"{discrepancy.id}  {discrepancy.title}",
        f"Kind: {discrepancy.kind}",
        "Rules:",
    ]
    for rule_id in discrepancy.rules:
        title = spec.rule(rule_id).title if spec.has_rule(rule_id) else "(not in the rules)"
        lines.append(f"  {rule_id:<10} {title}")
    lines.extend(["", "Impact:", _wrap(discrepancy.impact, "  "), "", "What the rulebooks say:"])
    for edition in EDITIONS:
        lines += _reading_lines(discrepancy, edition)
    lines.extend(["", "Decision:", _wrap(discrepancy.decision, "  ")])
    lines.extend(["", "Rationale:", _wrap(discrepancy.rationale, "  "), ""])
    lines += _option_lines(discrepancy)
    return "\n".join(lines) + "\n"


def _reading_lines(discrepancy: Discrepancy, edition: str) -> list[str]:
    """How one edition reads a discrepancy, with its quotes."""
    reading = discrepancy.reading(edition)
    name = _edition_name(edition)
    if reading is None:
        return [f"  {name}: no reading recorded."]
    lines = [f"  {name}:"]
    if reading.says:
        lines.append(_wrap(reading.says, _INDENT))
    lines.extend(_wrap(f"“{quote}”", _INDENT + "  ") for quote in reading.quotes)
    return lines


def _option_lines(discrepancy: Discrepancy) -> list[str]:
    """The rule option of a discrepancy and its effect, or why there is none."""
    if discrepancy.option is not None:
        effect = discrepancy.option_effect
        return [f"Option: {discrepancy.option}", *([_wrap(effect, "  ")] if effect else [])]
    reason = discrepancy.no_option_reason
    return ["Option: none.", *([_wrap(reason, "  ")] if reason else [])]
