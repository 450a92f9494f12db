"""``python -m chicago_poker.specification``: the coverage report and every finding.

:func:`report` loads a specification directory, prints its summary, the coverage table and
every finding of :func:`~chicago_poker.specification.checks.check_specification`, and
returns the exit status: 1 if there is a finding.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from chicago_poker.specification.checks import check_specification
from chicago_poker.specification.coverage import coverage, format_coverage
from chicago_poker.specification.loader import default_root, load_sources, load_specification
from chicago_poker.specification.model import Finding, Specification, SpecificationError

__all__ = ["main", "report"]


def main(argv: Sequence[str] | None = None) -> int:
    """Print the coverage report and all findings; return 1 if there are findings.

    Args:
        argv: Command-line arguments (``--root DIR``); ``sys.argv[1:]`` if omitted.

    Returns:
        The exit status: 0 when the specification is sound, 1 otherwise.
    """
    parser = argparse.ArgumentParser(
        prog="python -m chicago_poker.specification",
        description="Check the Chicago Poker specification and report source coverage.",
    )
    parser.add_argument("--root", type=Path, help="specification directory (default: shipped)")
    return report(parser.parse_args(argv).root or default_root())


def report(root: Path) -> int:
    """Print the coverage report and all findings for a specification directory.

    Args:
        root: The specification directory.

    Returns:
        The exit status: 0 when the specification is sound, 1 otherwise.
    """
    try:
        spec, sources = load_specification(root), load_sources(root)
    except SpecificationError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    _print_summary(root, spec)
    print(format_coverage(coverage(spec, sources)))
    findings = check_specification(spec, sources)
    _print_findings(findings)
    return 1 if findings else 0


def _print_findings(findings: Sequence[Finding]) -> None:
    print(f"\n{len(findings)} finding{'' if len(findings) == 1 else 's'}")
    for finding in findings:
        print(f"  {finding}")


def _print_summary(root: Path, spec: Specification) -> None:
    print(f"Specification: {root}")
    print(
        f"{len(spec.sections)} sections, {len(spec.rules)} rules, {len(spec.passages)} "
        f"not-rule passages, {len(spec.discrepancies)} discrepancies, {len(spec.terms)} terms\n"
    )
