"""Benchmark chicago_poker's hand evaluator against treys, and time the frequency table.

Run from the repository after ``pip install ".[bench]"``::

    python benchmarks/bench_hands.py [--hands N] [--seed S] [--repeats R] [--check]

All inputs are built before timing. Each workload is timed R times, interleaved so that a
slow spell of the machine hits all of them alike, and the best run counts. Targets:
evaluate_hand on five cards at least 1.5 times as fast as treys' Evaluator.evaluate on
five cards, and the exact frequency table in under a second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

from chicago_poker import GANGSTER_CARDS, Card, evaluate_hand
from chicago_poker.specification.frequencies import format_frequency_table

try:
    from treys import Deck, Evaluator  # treys has no types: read as Any (pyproject.toml)
except ImportError:  # pragma: no cover - depends on the environment
    sys.exit("treys is not installed; install the benchmark extras: pip install '.[bench]'")

SPEED_TARGET = 1.5
"""evaluate_hand must evaluate five-card hands at least this many times as fast as treys."""

TABLE_TARGET = 1.0
"""The frequency table must take less than this many seconds."""

Timer = Callable[[], float]


def time_ours(hands: Sequence[tuple[Card, ...]]) -> Timer:
    """Return a timer of evaluate_hand over the hands."""

    def run() -> float:
        evaluate = evaluate_hand
        start = time.perf_counter()
        for hand in hands:
            evaluate(hand)
        return time.perf_counter() - start

    return run


def time_treys(pairs: Sequence[tuple[list[int], list[int]]]) -> Timer:
    """Return a timer of treys' Evaluator.evaluate(cards, board) over the pairs."""

    def run() -> float:
        evaluate = Evaluator().evaluate
        start = time.perf_counter()
        for cards, board in pairs:
            evaluate(cards, board)
        return time.perf_counter() - start

    return run


def time_table() -> float:
    """Time one computation and layout of the exact frequency table."""
    start = time.perf_counter()
    format_frequency_table()
    return time.perf_counter() - start


def best_times(timers: dict[str, Timer], repeats: int) -> dict[str, float]:
    """Run every timer repeats times, interleaved, and keep each one's best time.

    One untimed round first warms up caches, the CPU clock and the interpreter's
    specialised instructions.
    """
    for timer in timers.values():
        timer()
    best = dict.fromkeys(timers, float("inf"))
    for _ in range(repeats):
        for name, timer in timers.items():
            best[name] = min(best[name], timer())
    return best


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its table; with --check, fail if a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="hands per workload")
    parser.add_argument("--seed", type=int, default=2004, help="seed of the random hands")
    parser.add_argument("--repeats", type=int, default=7, help="timed runs per workload")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.repeats < 1:
        parser.error("--hands and --repeats must be at least 1")

    rng = random.Random(args.seed)
    deck = list(GANGSTER_CARDS)
    # Tuples, as the engine holds the cards at a business; treys takes lists, its own API.
    five = [tuple(rng.sample(deck, 5)) for _ in range(args.hands)]
    partial = [tuple(rng.sample(deck, rng.randint(1, 4))) for _ in range(args.hands)]
    treys_deck = Deck.GetFullDeck()
    treys_hands = [rng.sample(treys_deck, 5) for _ in range(args.hands)]
    pairs = [(hand[:2], hand[2:]) for hand in treys_hands]

    timers = {
        "treys Evaluator.evaluate, 5 cards": time_treys(pairs),
        "evaluate_hand, 5 cards": time_ours(five),
        "evaluate_hand, 1-4 cards": time_ours(partial),
    }
    best = best_times(timers, args.repeats)
    table = min(time_table() for _ in range(args.repeats))

    treys_rate = args.hands / best["treys Evaluator.evaluate, 5 cards"]
    print(f"{args.hands:,} hands per workload, best of {args.repeats}, seed {args.seed}")
    print(f"{'workload':<36}{'evals/s':>14}{'ns/eval':>10}{'vs treys':>10}")
    for name, seconds in best.items():
        rate = args.hands / seconds
        print(f"{name:<36}{rate:>14,.0f}{1e9 / rate:>10.0f}{rate / treys_rate:>9.2f}x")
    print(f"{'exact frequency table':<36}{table * 1000:>13.2f} ms")

    ratio = (args.hands / best["evaluate_hand, 5 cards"]) / treys_rate
    speed_ok = ratio >= SPEED_TARGET
    table_ok = table < TABLE_TARGET
    print(f"target: 5-card evaluate_hand >= {SPEED_TARGET}x treys: {_verdict(speed_ok)}")
    print(f"target: frequency table < {TABLE_TARGET:g} s: {_verdict(table_ok)}")
    return 1 if args.check and not (speed_ok and table_ok) else 0


def _verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


if __name__ == "__main__":
    sys.exit(main())
