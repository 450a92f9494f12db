"""Benchmark ``simulate`` and ``validate`` in one process, in worker processes, and on a cluster.

Each run is the command itself, ``python -m chicago_poker ...`` in a new process, timed from
start to exit: start-up (the interpreter, the imports, starting the workers or reaching the
cluster) is included, as a user waits for it. Three ways are measured, interleaved round
after round so that a busy spell of a shared machine hits them all alike:

- ``one``: one process;
- ``workers``: ``--workers N`` (N = ``--workers``, default 2);
- ``cluster``: ``--scheduler ADDRESS`` of a Dask ``LocalCluster`` of N worker processes of one
  thread each, started once before the rounds: a standing cluster, whose workers have
  chicago_poker imported already (they start by importing this script);
- ``apart``: N independent commands started together, each on its share of the logs or
  games, sharing nothing: the machine's own ceiling for N processes. On a machine whose
  cores share caches or memory bandwidth, each process runs slower beside another, and no
  way of spreading the work gains more than this.

It prints logs per second (validate) and games per second (simulate) of each way, the median
and range over the rounds, and the ratio of each way to one process, round by round.

Whether the cores were free: before each run it samples ``/proc/stat`` for a second and
prints each core's idle share then, and the load average. With ``--wait-idle S`` it first
waits, up to S seconds, until every core is at least 90% idle over such a second; a run
that started on a busy machine is marked ``busy``. Only runs on free cores say what the
workers gain: the ratios of busy rounds say how the machine was shared.

Run: ``pip install ".[cluster,bench]"`` then ``python benchmarks/bench_scale.py``.
Options: ``--logs N`` (400) logs to validate, ``--games N`` (200) games to simulate, both
of ``--players`` (4) random bots; ``--rounds R`` (3); ``--workers N`` (2); ``--wait-idle S``
(0); ``--only validate`` or ``--only simulate``; ``--before SRC`` to time ``--workers`` also
with the chicago_poker package in the folder SRC (such as an older checkout's ``src``),
as the way ``before``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from chicago_poker.players.simulate import simulate

IDLE: float = 0.9
"""A core at least this idle over the sample is free."""


def core_times() -> list[tuple[int, int]]:
    """Each core's (idle, total) jiffies from /proc/stat."""
    cores = []
    for line in Path("/proc/stat").read_text().splitlines():
        name, *fields = line.split()
        if name.startswith("cpu") and name != "cpu":
            numbers = [int(field) for field in fields]
            cores.append((numbers[3] + numbers[4], sum(numbers[:8])))
    return cores


def idle_shares(seconds: float = 1.0) -> list[float]:
    """Each core's idle share over the next ``seconds``."""
    before = core_times()
    time.sleep(seconds)
    after = core_times()
    return [
        (idle - idle0) / max(total - total0, 1)
        for (idle0, total0), (idle, total) in zip(before, after, strict=True)
    ]


def machine(wait: float) -> tuple[bool, str]:
    """Whether every core is free (waiting up to ``wait`` s for it), and what was seen."""
    deadline = time.monotonic() + wait
    while True:
        shares = idle_shares()
        free = all(share >= IDLE for share in shares)
        if free or time.monotonic() >= deadline:
            load = Path("/proc/loadavg").read_text().split()[0]
            idle = "/".join(f"{share:.0%}" for share in shares)
            return free, f"load {load}, idle {idle}"


def children_cpu() -> float:
    """CPU seconds of this process's children that ended, theirs included."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(argv: Sequence[str], source: str | None = None) -> tuple[float, float]:
    """Seconds ``python -m chicago_poker ARGV`` takes, start-up included, and its CPU seconds
    (its workers' included, not a cluster's); it must succeed.

    ``source``: a folder holding another chicago_poker to run instead, such as an older one.
    """
    environment = dict(os.environ, PYTHONPATH=source) if source else None
    cpu = children_cpu()
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "chicago_poker", *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        check=False,
        env=environment,
    )
    seconds = time.perf_counter() - started
    if done.returncode not in (0, 1):  # validate says 1 for an illegal log; none is here
        sys.exit(f"chicago-poker {argv[0]} failed ({done.returncode}): {done.stderr.decode()}")
    return seconds, children_cpu() - cpu


def timed_apart(argvs: Sequence[Sequence[str]]) -> tuple[float, float]:
    """Seconds until the commands ``argvs``, started together, have all ended; their CPU."""
    cpu = children_cpu()
    started = time.perf_counter()
    runs = [
        subprocess.Popen(
            [sys.executable, "-m", "chicago_poker", *argv],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for argv in argvs
    ]
    codes = [run.wait() for run in runs]
    seconds = time.perf_counter() - started
    if any(code not in (0, 1) for code in codes):
        sys.exit(f"a command run apart failed: exit statuses {codes}")
    return seconds, children_cpu() - cpu


def apart(args: argparse.Namespace, logs: list[str]) -> dict[str, list[list[str]]]:
    """Each task cut into ``--workers`` independent commands, each on its share of the items.

    Run together, they measure what this machine gives N processes that share nothing: the
    most that N workers can gain, whatever the program.
    """
    shares = {
        "validate": [["validate", *logs[part :: args.workers]] for part in range(args.workers)],
        "simulate": [
            ["simulate", "--seed", str(part + 1), *games(args, args.games // args.workers)]
            for part in range(args.workers)
        ],
    }
    return {task: argvs for task, argvs in shares.items() if args.only in (None, task)}


def write_logs(folder: Path, count: int, players: int, workers: int) -> list[str]:
    """Write ``count`` logs of games between random bots into ``folder``; their paths."""
    for _ in simulate(["random"] * players, count, 2026, workers=workers, log_dir=folder):
        pass
    return sorted(str(path) for path in folder.glob("*.jsonl"))


def games(args: argparse.Namespace, count: int) -> list[str]:
    """The options of ``simulate`` for ``count`` games between random bots."""
    return ["--games", str(count), "--players", str(args.players), "--bots", "random"]


def commands(args: argparse.Namespace, logs: list[str]) -> dict[str, list[str]]:
    """The command of each task: validating the logs, simulating the games."""
    tasks = {"validate": ["validate", *logs], "simulate": ["simulate", *games(args, args.games)]}
    return {task: argv for task, argv in tasks.items() if args.only in (None, task)}


def measure(
    args: argparse.Namespace,
    tasks: dict[str, list[str]],
    address: str,
    separate: dict[str, list[list[str]]],
) -> None:
    """Run each task each way, round after round; print each run and then the summary."""
    workers = ["--workers", str(args.workers)]
    ways = {"one": [], "workers": workers, "cluster": ["--scheduler", address], "apart": []}
    if args.before:
        ways["before"] = workers
    items = {"validate": args.logs, "simulate": args.games}
    rates: dict[tuple[str, str], list[float]] = {}
    cpus: dict[tuple[str, str], list[float]] = {}
    free_rounds: dict[str, list[bool]] = {task: [] for task in tasks}
    for round_ in range(1, args.rounds + 1):
        cpus.setdefault(("start-up", "one"), []).append(timed(["validate", args.small])[1])
        for task, argv in tasks.items():
            round_free = True
            for way, extra in ways.items():
                free, seen = machine(args.wait_idle)
                round_free &= free
                if way == "apart":
                    seconds, cpu = timed_apart(separate[task])
                else:
                    source = args.before if way == "before" else None
                    seconds, cpu = timed([*argv, *extra], source)
                rate = items[task] / seconds
                rates.setdefault((task, way), []).append(rate)
                cpus.setdefault((task, way), []).append(cpu)
                mark = "" if free else "  busy"
                print(
                    f"round {round_} {task:8} {way:7} {seconds:6.2f} s {rate:7.1f}/s "
                    f"cpu {cpu:6.2f} s  {seen}{mark}",
                    flush=True,
                )
            free_rounds[task].append(round_free)
    summary(rates, free_rounds, items)
    estimate(cpus, args.workers)


def summary(
    rates: dict[tuple[str, str], list[float]],
    free_rounds: dict[str, list[bool]],
    items: dict[str, int],
) -> None:
    """Print the median and range of each rate, and of each way's ratio to one process."""
    print()
    for (task, way), values in rates.items():
        unit = "logs/s" if task == "validate" else "games/s"
        ratios = [mine / one for mine, one in zip(values, rates[task, "one"], strict=True)]
        free = [ratio for ratio, ok in zip(ratios, free_rounds[task], strict=True) if ok]
        print(
            f"{task:8} {way:7} {statistics.median(values):7.1f} {unit} "
            f"(range {min(values):.1f} to {max(values):.1f}); "
            f"x one: median {statistics.median(ratios):.2f}, "
            f"range {min(ratios):.2f} to {max(ratios):.2f}"
            + (f"; free rounds {len(free)}: {', '.join(f'{r:.2f}' for r in free)}" if free else "")
        )
    print(f"items: {items['validate']} logs, {items['simulate']} games")


def estimate(cpus: dict[tuple[str, str], list[float]], workers: int) -> None:
    """Print, from CPU seconds, each way's ratio to one process on ``workers`` free cores.

    CPU seconds hold better than times on a busy machine. On free cores one process takes
    its CPU seconds; N workers take the start-up of the command (the CPU seconds of
    validating one small log), then the rest of their CPU seconds shared by N.
    """
    start = statistics.median(cpus["start-up", "one"])
    print(f"\nfrom CPU seconds, on {workers} free cores (start-up {start:.2f} s):")
    for (task, way), values in cpus.items():
        if way in ("workers", "before"):
            one = statistics.median(cpus[task, "one"])
            spent = statistics.median(values)
            ratio = one / (start + (spent - start) / workers)
            print(f"{task:8} {way:7} cpu {spent:6.2f} s against {one:6.2f} s: x one {ratio:.2f}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=int, default=400)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--wait-idle", type=float, default=0.0, metavar="S")
    parser.add_argument("--only", choices=("validate", "simulate"))
    parser.add_argument("--before", metavar="SRC", help="also --workers with the package in SRC")
    args = parser.parse_args(argv)
    from distributed import LocalCluster  # the cluster extra

    with tempfile.TemporaryDirectory() as folder:
        logs = write_logs(Path(folder), args.logs, args.players, args.workers)
        args.small = min(logs, key=lambda log: Path(log).stat().st_size)
        with LocalCluster(  # type: ignore[no-untyped-call]  # distributed has no annotations here
            n_workers=args.workers, threads_per_worker=1, dashboard_address=None
        ) as cluster:
            measure(args, commands(args, logs), cluster.scheduler_address, apart(args, logs))


if __name__ == "__main__":
    main()
