"""Benchmark the witness search on the redacted logs of games between mixed bots.

Plays ``--games`` seeded games in which random bots and heuristic bots alternate at the seats
(seed ``s`` seats 2 + s % 3 players), writes every seat's and the spectator's redacted log,
and validates each (``validate_log``: a search for a complete legal game that redacts to it).
Heuristic bots keep cards for long, which makes the witness search harder than the random
games of ``bench_validate.py``.

Prints how many logs came out ok, undecided (the search reached its bound) and illegal (which
would be a bug: every log comes from a legal game), the seconds per log (median and max),
and each log that was not ok. Exit status 1 if any log was not ok.

Run: ``python benchmarks/bench_witness.py --games 60``. To compare with another tree of the
package, run it twice, once with that tree first on ``PYTHONPATH``.
"""

from __future__ import annotations

import argparse
import collections
import io
import statistics
import sys
import time

from chicago_poker import Bot, Game, HeuristicBot, LogKind, RandomBot, RuleOptions, view, write_log
from chicago_poker.referee.validate import Status, validate_log

NAMES = ("Al", "Bugs", "Capone", "Dutch")
MAX_COMMANDS = 3_000


def play(seed: int) -> Game:
    """A whole game of 2 + seed % 3 seats, random and heuristic bots alternating."""
    players = 2 + seed % 3
    game = Game.new(list(NAMES[:players]), RuleOptions(), seed=seed)
    bots: list[Bot] = [
        HeuristicBot(seed + seat) if seat % 2 else RandomBot(seed + seat) for seat in range(players)
    ]
    for _ in range(MAX_COMMANDS):
        if game.state.is_over:
            break
        seat = next(seat for seat in range(players) if game.legal_commands(seat))
        game.execute(bots[seat].choose(view(game.state, seat), game.legal_commands(seat)))
    return game


def redacted_lines(game: Game, viewer: int | None) -> list[str]:
    """The game's redacted log for ``viewer`` (None: the spectator), as lines."""
    file = io.StringIO()
    write_log(game, file, kind=LogKind.REDACTED, viewer=viewer)
    return file.getvalue().splitlines()


def measure(
    first: int, games: int
) -> tuple[collections.Counter[str], list[tuple[float, str]], list[str]]:
    """Validate every viewer's log of each game: statuses, (seconds, log) each, logs not ok."""
    statuses: collections.Counter[str] = collections.Counter()
    seconds: list[tuple[float, str]] = []
    bad: list[str] = []
    for seed in range(first, first + games):
        game = play(seed)
        for viewer in [*range(len(game.state.players)), None]:
            lines = redacted_lines(game, viewer)
            label = f"seed {seed}, " + ("spectator" if viewer is None else f"seat {viewer}")
            start = time.perf_counter()
            report = validate_log(lines, label)
            seconds.append((time.perf_counter() - start, label))
            statuses[report.status.value] += 1
            if report.status is not Status.OK:
                bad.append(f"{label}: {report.status.value}")
    return statuses, seconds, bad


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games to play (20)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    args = parser.parse_args()
    statuses, seconds, bad = measure(args.seed, args.games)
    counts = ", ".join(f"{statuses[s.value]} {s.value}" for s in Status)
    print(f"{len(seconds)} redacted logs of {args.games} mixed-bot games: {counts}")
    times = [time_taken for time_taken, _ in seconds]
    slowest = max(seconds)
    print(
        f"seconds per log: median {statistics.median(times):.2f}, max {slowest[0]:.2f} "
        f"({slowest[1]}), total {sum(times):.1f}"
    )
    for line in bad:
        print(f"  not ok: {line}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
