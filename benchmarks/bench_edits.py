"""Benchmark the referee on every single-line edit of per-seat logs: the slowest forgery.

A cheat uploads a log with one line changed. For each of ``--logs`` redacted logs (random games
at 2 to 6 players cut at random points, each seat's and the spectator's in turn), every entry
line is duplicated, deleted, swapped with the next, and has one field changed: a seat (the next
one, and one past the last), a card, a count (``tests/log_edits.py``). Each edited log is
validated with ``validate_log`` and no time limit, and its CPU time (``time.process_time``)
measured. ``--verdicts FILE`` writes every edit's verdict, findings (line, rule, reason) and
notes to ``FILE``, one line an edit, to compare two source trees with ``diff``.

Printed: the median CPU time of validating the unedited logs, the median, p99 and maximum per
edit, the slowest edits, every edit left undecided (its log, kind and line), and the verdicts
by kind of edit. Target (issue 48): the slowest edit at most 20 times the median log's
validation, and no edit undecided. ``--check`` exits with status 1 when it is missed.

Run: ``python benchmarks/bench_edits.py`` (about 20,000 edits; ``--logs 4 --max-lines 40`` for
a quick look).
"""

from __future__ import annotations

import argparse
import collections
import os
import statistics
import sys
import time
from pathlib import Path
from typing import TextIO

from chicago_poker.referee.validate import Status, validate_log

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from log_edits import sample_logs, single_edits


def cpu(lines: list[str], out: TextIO | None = None) -> tuple[float, Status, str]:
    """CPU seconds of validating ``lines``, the verdict and the first finding's rule and line.

    With ``out``, the whole report (verdict, then each finding's line, rule and reason) is
    written to it, one line, for comparing two trees' verdicts with ``diff``.
    """
    start = time.process_time()
    report = validate_log(lines, "edited")
    spent = time.process_time() - start
    finding = report.findings[0] if report.findings else None
    where = f"line {finding.line} {finding.rule or 'no rule'}" if finding else ""
    if out is not None:
        found = " | ".join(
            f"{f.line} {f.rule} {f.status.value}: {f.reason}" for f in report.findings
        )
        out.write(f"{report.status.value} | {found} | notes: {' / '.join(report.notes)}\n")
    return spent, report.status, where


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=int, default=20, help="logs to edit (20)")
    parser.add_argument("--seed", type=int, default=48, help="seed of the first game (48)")
    parser.add_argument("--max-lines", type=int, default=120, help="most commands a game (120)")
    parser.add_argument("--check", action="store_true", help="exit 1 when the target is missed")
    parser.add_argument(
        "--verdicts", type=Path, help="write every edit's verdict and findings to this file"
    )
    args = parser.parse_args()
    out = args.verdicts.open("w", encoding="utf-8") if args.verdicts else None
    print(f"load before: {os.getloadavg()[0]:.2f}")
    chosen = sample_logs(args.logs, args.seed, args.max_lines)
    base = [cpu(lines)[0] for _, _, lines in chosen]
    median_log = statistics.median(base)
    times: list[tuple[float, str]] = []
    verdicts: collections.Counter[tuple[str, str]] = collections.Counter()
    for label, players, lines in chosen:
        for kind, line, edited in single_edits(lines, players):
            if out is not None:
                out.write(f"{label}: {kind} at line {line}: ")
            seconds, status, where = cpu(edited, out)
            times.append((seconds, f"{label}: {kind} at line {line} -> {status.value} {where}"))
            verdicts[kind, status.value] += 1
    if out is not None:
        out.close()
    times.sort()
    spent = [seconds for seconds, _ in times]
    p99 = spent[min(len(spent) - 1, int(len(spent) * 0.99))]
    slowest = spent[-1]
    print(
        f"{len(chosen)} logs, {sum(len(lines) for _, _, lines in chosen)} lines, {len(times)} "
        f"edits; load after: {os.getloadavg()[0]:.2f}"
    )
    print(f"unedited logs, CPU s: median {median_log:.4f}, max {max(base):.4f}")
    print(
        f"edits, CPU s: median {statistics.median(spent):.4f}, p99 {p99:.4f}, max {slowest:.4f} "
        f"({slowest / median_log:.1f}x the median log)"
    )
    for seconds, what in times[-5:]:
        print(f"  {seconds:.3f} s  {what}")
    for seconds, what in times:
        if f"-> {Status.UNDECIDED.value}" in what:
            print(f"  undecided ({seconds:.3f} s): {what}")
    kinds = sorted({kind for kind, _ in verdicts})
    for kind in kinds:
        counts = ", ".join(f"{n} {s}" for (k, s), n in sorted(verdicts.items()) if k == kind)
        print(f"  {kind}: {counts}")
    undecided = sum(n for (_, status), n in verdicts.items() if status == Status.UNDECIDED.value)
    met = slowest <= 20 * median_log and undecided == 0
    print(f"target (max <= 20x the median log, 0 undecided): {'met' if met else 'NOT met'}")
    return 1 if args.check and not met else 0


if __name__ == "__main__":
    sys.exit(main())
