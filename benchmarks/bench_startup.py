"""Start-up: how long a new Python process takes to import chicago_poker, next to python-chess.

Each workload is a fresh interpreter (``python -c ...``), timed from start to exit, so the
figures include the interpreter's own start-up, as a user or a worker process pays it. The
workloads run in turn within each round, so that a slow spell of a shared machine hits them
all alike, and the script prints the median and the range over the rounds:

- ``import chicago_poker`` next to ``import chess``, and their ratio in each round;
- ``chicago-poker --version``, the installed command;
- what a worker process of ``validate --workers`` or ``simulate --workers`` imports
  (``chicago_poker.referee.validate``, ``chicago_poker.players.simulate``), and what a front
  end imports to play (``from chicago_poker import Game``);
- ``python -c pass``, the interpreter alone, for scale.

With ``--before SRC`` (a ``src`` folder of another checkout, such as the main branch's), the
worker imports also run against that code in the same rounds, for a before-and-after ratio.

Every module is imported from its cached bytecode, as from an installed package (pip compiles
it on install): the processes run without ``PYTHONDONTWRITEBYTECODE``, and an untimed first
round writes the caches. Compiling the sources would otherwise weigh on chicago_poker, imported
from its source tree, and not on python-chess, installed.

    python benchmarks/bench_startup.py                   # --rounds R (15), --check
    python benchmarks/bench_startup.py --before ../main/src
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

IMPORT_TARGET = 1.0  # import chicago_poker takes no longer than import chess
VERSION_TARGET = 0.2  # seconds for chicago-poker --version

WORKER_IMPORTS = {
    "validate worker": "import chicago_poker.referee.validate",
    "simulate worker": "import chicago_poker.players.simulate",
    "front end (Game)": "from chicago_poker import Game",
}


def main(argv: Sequence[str] | None = None) -> int:
    """Time every workload over the rounds, print the table; exit 1 with --check if missed."""
    args = _parse(argv)
    workloads = _workloads(args.before)
    times: dict[str, list[float]] = {name: [] for name in workloads}
    for command, env in workloads.values():  # writes the bytecode caches
        _run(command, env)
    for _ in range(args.rounds):
        for name, (command, env) in workloads.items():
            times[name].append(_run(command, env))
    ratios = [
        ours / chess for ours, chess in zip(times["chicago_poker"], times["chess"], strict=True)
    ]
    _report(times, ratios, args.before)
    return _check(ratios, times["chicago-poker --version"]) if args.check else 0


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15, help="timed runs of each (15)")
    parser.add_argument("--before", type=Path, help="src folder of the code to compare with")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    return parser.parse_args(argv)


Workload = tuple[list[str], dict[str, str]]


def _workloads(before: Path | None) -> dict[str, Workload]:
    """Each workload's command line and environment."""
    python = sys.executable
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    workloads: dict[str, Workload] = {
        "python -c pass": ([python, "-c", "pass"], env),
        "chicago_poker": ([python, "-c", "import chicago_poker"], env),
        "chess": ([python, "-c", "import chess"], env),
        "chicago-poker --version": (_version_command(), env),
    }
    for name, code in WORKER_IMPORTS.items():
        workloads[name] = ([python, "-c", code], env)
        if before is not None:
            old = {**env, "PYTHONPATH": str(before.resolve())}
            workloads[f"{name}, before"] = ([python, "-c", code], old)
    return workloads


def _version_command() -> list[str]:
    """The installed ``chicago-poker`` command beside this Python, else ``python -m``."""
    script = shutil.which("chicago-poker", path=str(Path(sys.executable).parent))
    if script is not None:
        return [script, "--version"]
    return [sys.executable, "-m", "chicago_poker", "--version"]


def _run(command: list[str], env: dict[str, str]) -> float:
    """Seconds from starting the process to its exit; a failure stops the benchmark."""
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def _report(times: dict[str, list[float]], ratios: list[float], before: Path | None) -> None:
    rounds = len(ratios)
    print(f"Start-up, {rounds} rounds, seconds: median (min to max)")
    for name, values in times.items():
        print(f"  {name:<34} {_spread(values, '.3f')}")
    print(f"import chicago_poker / import chess: {_spread(ratios, '.2f')} (target <= 1.0)")
    if before is not None:
        for name in WORKER_IMPORTS:
            pairs = zip(times[f"{name}, before"], times[name], strict=True)
            speedups = [old / new for old, new in pairs]
            print(f"{name}: before / now {_spread(speedups, '.2f')} times as fast")


def _spread(values: list[float], form: str) -> str:
    return f"{statistics.median(values):{form}} ({min(values):{form}} to {max(values):{form}})"


def _check(ratios: list[float], version: list[float]) -> int:
    missed = []
    if statistics.median(ratios) > IMPORT_TARGET:
        missed.append("import chicago_poker takes longer than import chess")
    if statistics.median(version) > VERSION_TARGET:
        missed.append(f"chicago-poker --version takes over {VERSION_TARGET} s")
    for line in missed:
        print(f"MISSED: {line}", file=sys.stderr)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
