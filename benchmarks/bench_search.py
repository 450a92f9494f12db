"""Benchmark the search bot: iterations per second, and what one iteration costs.

Measures, on games between random and heuristic bots (seats alternate, as in
``bench_information.py``):

* **iterations per second** of :class:`~chicago_poker.players.search.SearchBot` at 2, 4 and 6
  players and at the start (the second round), the middle and the end of a game, for the
  seat that decides there, in CPU time (``time.process_time``). The bot is told the seat's
  redacted history, then asked to choose with ``--iterations`` iterations; the knowledge
  model is prepared before the clock starts (a bot prepares it once per entry, not once per
  iteration). Each position is timed
  ``--rounds`` times, the positions interleaved within each round; the median and the range
  are printed. Target (issue 36): at least 1,000 iterations a second for a 4-player
  mid-game, on one core.
* **what the belief costs**: at each position, the ratio of the iterations per second of a
  bot whose draws lean as :func:`~chicago_poker.players.belief.belief` says to those of one
  that draws uniformly, the two timed in turn in each round.
* **the choices of a search** at the 4-player mid-game: iterations per second for each
  setting of ``guided`` (the heuristic ranks the tree's commands and plays the rollouts, or
  every command is looked at and rollouts are random), ``reuse`` (iterations per
  determinization) and ``rollout`` (commands played beyond the tree), to measure what each
  costs. ``--random`` times the positions with the unguided search.
* **what the memo of a determinization's states saves** at the 4-player mid-game: the ratio
  of the iterations per second of a bot that keeps them (:attr:`SearchBot.remembers`, the
  default) to those of one that works each state out again, moves of the two alternating.
* **where an iteration's time goes** at the 4-player mid-game (with ``--profile``): the
  functions that take the most time, from :mod:`cProfile`.

``--check`` exits with status 1 when the target is missed. ``--moves N`` times only N moves
at the 4-player mid-game (after one left out) and prints their median: a figure per process,
to compare two trees in alternating processes.

Run: ``python benchmarks/bench_search.py``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from typing import Any, Final

from chicago_poker import (
    Bot,
    Game,
    HeuristicBot,
    RandomBot,
    RuleOptions,
    redact_entries,
    step,
    to_act,
    view,
)
from chicago_poker.core.legal import legal_commands
from chicago_poker.players.search import SearchBot
from chicago_poker.players.simulate import play_bots

NAMES = ("Al", "Bugs", "Capone", "Dutch", "Eddie", "Frank")
STAGES = ("start", "middle", "end")


def bot_game(seed: int, players: int) -> Game:
    """A whole seeded game, heuristic and random bots alternating at the seats."""
    bots: list[Bot] = [
        HeuristicBot(seed + seat) if seat % 2 else RandomBot(seed + seat) for seat in range(players)
    ]
    return play_bots(RuleOptions(), bots, seed, names=NAMES[:players], max_commands=3_000)


class Position:
    """A decision with more than one legal command: the seat, its history, view and commands."""

    def __init__(self, game: Game, players: int, stage: str) -> None:
        self.players = players
        self.stage = stage
        history = game.history
        target = {
            "start": min(len(history), 6 * players),  # into the second round
            "middle": len(history) // 2,
            "end": len(history) - 1,
        }[stage]
        decisions = []  # (entries seen, seat, view, legal) of every decision of the game
        state = None
        for index, entry in enumerate(history):
            state, _ = step(state, entry.command)
            for seat in to_act(state).seats:
                legal = legal_commands(state, seat)
                if len(legal) > 1:
                    decisions.append((index + 1, seat, view(state, seat), legal))
        # The first decision from the target on; at the end, the game's last decision.
        seen, self.seat, self.view, self.legal = next(
            (each for each in decisions if each[0] >= target), decisions[-1]
        )
        self.entries = list(redact_entries(history[:seen], self.seat))

    def bot(self, **settings: Any) -> tuple[SearchBot, float]:
        """A search bot told the seat's history, and the seconds its first move took to prepare.

        The first move (one iteration) reads the history and finds a witness: work done once
        per move, not once per iteration.
        """
        bot = SearchBot(1, iterations=1, **settings)
        for entry in self.entries:
            bot.observe(entry)
        start = time.perf_counter()
        bot.choose(self.view, self.legal)
        prepared = time.perf_counter() - start
        assert bot.searches == 1, "the bot fell back: its history does not give the view"
        return bot, prepared

    def rate(self, bot: SearchBot, iterations: int) -> float:
        """Iterations per CPU second of one move of ``iterations`` iterations."""
        bot.iterations = iterations
        played = bot.played
        start = time.process_time()
        bot.choose(self.view, self.legal)
        return (bot.played - played) / (time.process_time() - start)


SETTINGS: Final = (
    (True, 1, 0),
    (True, 4, 0),
    (True, 16, 0),
    (True, 4, 4),
    (True, 4, 20),
    (False, 1, 0),
    (False, 1, 4),
    (False, 4, 4),
    (False, 16, 4),
)
"""The settings measured at the 4-player mid-game: guided or random, reuse, rollout."""


def positions(seed: int) -> list[Position]:
    found: list[Position] = []
    for players in (2, 4, 6):
        game = bot_game(seed + players, players)
        found.extend(Position(game, players, stage) for stage in STAGES)
    return found


def moves_only(seed: int, moves: int, iterations: int) -> int:
    """Print the median iterations per CPU second of ``moves`` moves at the 4-player mid-game
    (the first move left out): one figure per process, for processes of two trees in turn."""
    middle = Position(bot_game(seed + 4, 4), 4, "middle")
    bot, _ = middle.bot()
    rates = [middle.rate(bot, iterations) for _ in range(moves + 1)][1:]
    print(f"4 players, middle: median {statistics.median(rates):,.0f}/s of {moves} moves")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds (5)")
    parser.add_argument("--iterations", type=int, default=300, help="per move (300)")
    parser.add_argument("--seed", type=int, default=31, help="seed of the games (31)")
    parser.add_argument(
        "--random",
        dest="guided",
        action="store_false",
        help="time the unguided search (every command in the tree, 4 random commands after it)",
    )
    parser.add_argument("--profile", action="store_true", help="profile the 4-player mid-game")
    parser.add_argument("--check", action="store_true", help="exit 1 when the target is missed")
    parser.add_argument(
        "--moves", type=int, help="only the 4-player mid-game: this many moves, the median rate"
    )
    args = parser.parse_args()
    if args.moves:
        return moves_only(args.seed, args.moves, args.iterations)
    missed = []

    found = positions(args.seed)
    bots = {}
    print(f"iterations per second, {args.rounds} rounds of a move of {args.iterations}")
    for position in found:
        settings = {} if args.guided else {"guided": False, "rollout": 4}
        bots[position.players, position.stage] = position.bot(**settings)
    rates: dict[tuple[int, str], list[float]] = {key: [] for key in bots}
    for _ in range(args.rounds):
        for position in found:
            key = position.players, position.stage
            rates[key].append(position.rate(bots[key][0], args.iterations))
    for position in found:
        key = position.players, position.stage
        values = rates[key]
        print(
            f"  {position.players} players, {position.stage:<6} (entry {len(position.entries)}, "
            f"{len(position.legal)} commands): median {statistics.median(values):7,.0f}/s "
            f"(from {min(values):,.0f} to {max(values):,.0f}); "
            f"first move prepared in {bots[key][1] * 1000:.0f} ms"
        )
        if key == (4, "middle") and statistics.median(values) < 1_000:
            missed.append("iterations")

    print("what the belief costs: iterations per second believing / drawing uniformly")
    for position in found:
        uniform, _ = position.bot()
        believing, _ = position.bot(believing=True)
        ratios = [
            position.rate(believing, args.iterations) / position.rate(uniform, args.iterations)
            for _ in range(args.rounds)
        ]
        print(
            f"  {position.players} players, {position.stage:<6}: median "
            f"{statistics.median(ratios):.2f} (from {min(ratios):.2f} to {max(ratios):.2f})"
        )

    middle = next(each for each in found if (each.players, each.stage) == (4, "middle"))
    print("4 players, middle: iterations per second by setting")
    for guided, reuse, rollout in SETTINGS:
        bot, _ = middle.bot(guided=guided, reuse=reuse, rollout=rollout)
        values = [middle.rate(bot, args.iterations) for _ in range(args.rounds)]
        print(
            f"  {'guided' if guided else 'random'}, reuse {reuse:>2}, rollout {rollout:>2}: "
            f"median {statistics.median(values):7,.0f}/s"
        )

    print("4 players, middle: iterations per second remembering / forgetting (SearchBot.remembers)")
    remembering, _ = middle.bot()
    forgetting, _ = middle.bot()
    forgetting.remembers = False
    ratios = [
        middle.rate(remembering, args.iterations) / middle.rate(forgetting, args.iterations)
        for _ in range(args.rounds)
    ]
    print(f"  median {statistics.median(ratios):.2f} (from {min(ratios):.2f} to {max(ratios):.2f})")

    if args.profile:
        bot, _ = middle.bot()
        bot.iterations = args.iterations * args.rounds
        profiler = cProfile.Profile()
        profiler.runcall(bot.choose, middle.view, middle.legal)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)

    if missed:
        print("NOT met: " + ", ".join(missed))
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
