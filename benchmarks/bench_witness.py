"""Benchmark the referee on redacted logs: does every legal log get its witness, and how fast?

Plays ``--games`` seeded games and validates every seat's and the spectator's redacted log of
each (``validate_log``: the viewer's ``InformationSet`` finds a complete legal game that
redacts to it). ``--kind mixed`` (the default) seats random and heuristic bots alternately, as
a web table does (seed ``s`` seats 2 + s % 3 players); heuristic bots keep cards for long,
which makes the hidden cards harder to place. ``--kind random`` plays random games at 2 to 6
players (seed ``s``: 2 + s % 5 players) under each of the 32 sets of rule options in turn.

Prints how many logs came out ok, illegal or undecided (either would be a bug: every log
comes from a legal game and no time limit is set), the seconds per log (median and the slowest
against the median), how many needed the exact search (the fast steps found no identities)
and how many needed a lesson of the engine about a hand's make-up, and each log that was not
ok. Exit status 1 if any log was not ok.

Run: ``python benchmarks/bench_witness.py --games 60`` or
``python benchmarks/bench_witness.py --kind random --games 1000``.
"""

from __future__ import annotations

import argparse
import collections
import io
import statistics
import sys
import time
from typing import Any

from chicago_poker import Bot, Game, HeuristicBot, LogKind, RandomBot, RuleOptions, view, write_log
from chicago_poker.referee import assignment, information
from chicago_poker.referee.assignment import Assignment
from chicago_poker.referee.ledger import Makeup
from chicago_poker.referee.validate import Status, validate_log

NAMES = ("Al", "Bugs", "Capone", "Dutch", "Eddie", "Frank")
MAX_COMMANDS = 3_000
OPTIONS = [RuleOptions(*(bool(flags >> bit & 1) for bit in range(5))) for flags in range(32)]


def mixed(seed: int) -> Game:
    """A whole game of 2 + seed % 3 seats, random and heuristic bots alternating."""
    players = 2 + seed % 3
    bots: list[Bot] = [
        HeuristicBot(seed + seat) if seat % 2 else RandomBot(seed + seat) for seat in range(players)
    ]
    return play(Game.new(list(NAMES[:players]), RuleOptions(), seed=seed), bots)


def random_game(seed: int) -> Game:
    """A whole random game of 2 + seed % 5 seats, under the options of ``seed % 32``."""
    players = 2 + seed % 5
    game = Game.new(list(NAMES[:players]), OPTIONS[seed % 32], seed=seed)
    return play(game, [RandomBot(seed + seat) for seat in range(players)])


def play(game: Game, bots: list[Bot]) -> Game:
    for _ in range(MAX_COMMANDS):
        if game.state.is_over:
            break
        seat = next(seat for seat in range(len(bots)) if game.legal_commands(seat))
        game.execute(bots[seat].choose(view(game.state, seat), game.legal_commands(seat)))
    return game


def redacted_lines(game: Game, viewer: int | None) -> list[str]:
    """The game's redacted log for ``viewer`` (None: the spectator), as lines."""
    file = io.StringIO()
    write_log(game, file, kind=LogKind.REDACTED, viewer=viewer)
    return file.getvalue().splitlines()


class _Counted:
    """Counts the exact searches and the engine's lessons while a log is judged."""

    def __init__(self) -> None:
        self.searches = self.lessons = 0
        search, lesson = assignment._search, information.InformationSet._lesson

        def counted_search(*args: Any) -> Assignment | None:
            self.searches += 1
            return search(*args)

        def counted_lesson(known: information.InformationSet, *args: Any) -> Makeup | None:
            self.lessons += 1
            return lesson(known, *args)

        # Stand-ins that count, then call the originals with the same arguments:
        assignment._search = counted_search  # type: ignore[assignment]  # same arguments
        information.InformationSet._lesson = counted_lesson  # type: ignore[method-assign, assignment]  # same arguments


def measure(
    kind: str, first: int, games: int
) -> tuple[collections.Counter[str], list[tuple[float, str]], list[str]]:
    """Validate every viewer's log of each game: statuses, (seconds, log) each, logs not ok."""
    statuses: collections.Counter[str] = collections.Counter()
    seconds: list[tuple[float, str]] = []
    bad: list[str] = []
    counted = _Counted()
    needed = collections.Counter[str]()
    for seed in range(first, first + games):
        game = mixed(seed) if kind == "mixed" else random_game(seed)
        for viewer in [*range(len(game.state.players)), None]:
            lines = redacted_lines(game, viewer)
            label = f"seed {seed}, " + ("spectator" if viewer is None else f"seat {viewer}")
            searches, lessons = counted.searches, counted.lessons
            start = time.process_time()
            report = validate_log(lines, label)
            seconds.append((time.process_time() - start, label))
            statuses[report.status.value] += 1
            needed["exact search"] += counted.searches > searches
            needed["make-up lessons"] += counted.lessons > lessons
            if report.status is not Status.OK:
                bad.append(f"{label}: {report.status.value}")
    statuses.update({f"with {what}": count for what, count in needed.items()})
    return statuses, seconds, bad


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games to play (20)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    parser.add_argument("--kind", choices=("mixed", "random"), default="mixed")
    args = parser.parse_args()
    statuses, seconds, bad = measure(args.kind, args.seed, args.games)
    counts = ", ".join(f"{statuses[s.value]} {s.value}" for s in Status)
    print(f"{len(seconds)} redacted logs of {args.games} {args.kind} games: {counts}")
    print(
        f"logs that needed the exact search: {statuses['with exact search']}; a lesson of "
        f"the engine about a hand's make-up: {statuses['with make-up lessons']}"
    )
    times = [time_taken for time_taken, _ in seconds]
    slowest = max(seconds)
    median = statistics.median(times)
    print(
        f"CPU seconds per log: median {median:.3f}, max {slowest[0]:.3f} ({slowest[1]}, "
        f"{slowest[0] / median:.1f}x the median), total {sum(times):.1f}"
    )
    for line in bad:
        print(f"  not ok: {line}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
