"""The longest stretch of turns without a business won, in games between bots (R-8.7, D-44).

Plays GAMES games for every player count from two to six, every one of the 32 sets of rule
options and each of the random and heuristic bots (all seats alike), with the progress rule
in force, and prints the longest stretch of turns in a row that ended without a business won,
in turns and in rounds (turns per player), by player count and bot, then the ten longest
with their options. Seeds are fixed, so a run is reproducible.

    python benchmarks/stretches.py [GAMES] [WORKERS]
"""

from __future__ import annotations

import itertools
import sys
import time
from multiprocessing import Pool

from chicago_poker.bots import BOTS
from chicago_poker.events import ShootoutWon, TurnEnded
from chicago_poker.rules import RuleOptions
from chicago_poker.simulate import game_seed, play_bots
from chicago_poker.state import stall_limit

FLAGS = (
    "tactical",
    "short_game",
    "optional_actions",
    "limousine_any_cards",
    "optional_reinforcement",
)

Job = tuple[tuple[bool, ...], int, str, int]
Result = tuple[tuple[bool, ...], int, str, int, bool]


def longest_stretch(job: Job) -> Result:
    """Play one game; return its job, its longest stretch in turns and whether it ended."""
    flags, players, bot, index = job
    options = RuleOptions(**dict(zip(FLAGS, flags, strict=True)))
    run = players * 1000 + sum(flag << bit for bit, flag in enumerate(flags))
    seed = game_seed(run, index + (0 if bot == "random" else 1_000_000))
    game = play_bots(options, [BOTS[bot](seed * 10 + seat) for seat in range(players)], seed)
    stretch = longest = 0
    for event in game.events:
        if isinstance(event, TurnEnded):
            stretch += 1
            longest = max(longest, stretch)
        elif isinstance(event, ShootoutWon):
            stretch = 0
    return flags, players, bot, longest, game.state.is_over


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    jobs = [
        (flags, players, bot, index)
        for flags in itertools.product((False, True), repeat=len(FLAGS))
        for players in range(2, 7)
        for bot in ("random", "heuristic")
        for index in range(games)
    ]
    start = time.perf_counter()
    with Pool(workers) as pool:
        results = list(pool.imap_unordered(longest_stretch, jobs, chunksize=16))
    unfinished = sum(not over for *_, over in results)
    print(f"{len(results)} games in {time.perf_counter() - start:.0f} s, {unfinished} unfinished")
    print("players  bot        longest stretch (turns, rounds)  limit (turns)")
    for players in range(2, 7):
        for bot in ("random", "heuristic"):
            turns = max(r[3] for r in results if r[1] == players and r[2] == bot)
            rounds = turns / players
            print(f"{players:>7}  {bot:<10} {turns:>6} {rounds:>6.1f}  {stall_limit(players):>24}")
    print("the ten longest:")
    for flags, players, bot, turns, _ in sorted(results, key=lambda r: -r[3])[:10]:
        options = ", ".join(f for f, on in zip(FLAGS, flags, strict=True) if on) or "none"
        print(f"  {turns:>4} turns  {players} players  {bot:<10} options: {options}")


if __name__ == "__main__":
    main()
