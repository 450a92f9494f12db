"""How close games between bots come to the edges the specification sets (D-41, D-44, D-45).

Plays GAMES games for every player count from two to six, every one of the 32 sets of rule
options and each of the random and heuristic bots (all seats alike), with fixed seeds, so a run
is reproducible. For each game it measures, from the events:

- the longest stretch of turns in a row that ended without a business won (R-8.7, D-44);
- the most reveals in one tie-break (R-6.7.7, D-45);
- the player commands of the whole game, against the bound the specification states (R-8.8);
- the Revolver and the turn's actions (R-5.5.1, D-41): the most actions of one turn; turns in
  which the Revolver was played again after a Bribery, which the once-a-turn reading of 0.1.0
  forbade; turns in which it was played again after coming back by a draw with no Bribery
  since, which the reading before this one (again only after a Bribery) forbade; and turns in
  which a Revolver added fewer than two actions because the turn reached eleven.

    python benchmarks/edges.py [GAMES] [WORKERS]
"""

from __future__ import annotations

import argparse
import itertools
import time
from multiprocessing import Pool
from typing import NamedTuple

from chicago_poker.core.cards import SpecialCard, SpecialKind
from chicago_poker.core.events import (
    BriberyPlayed,
    CardDrawn,
    DrawRequested,
    GangsterPlayed,
    LimousinePlayed,
    LiquidationPlayed,
    PoliceRaidPlayed,
    ReinforcementsRevealed,
    RevolverPlayed,
    ShootoutStarted,
    ShootoutWon,
    TurnEnded,
    TurnStarted,
)
from chicago_poker.core.rules import MOST_ACTIONS, RuleOptions, command_bound, stall_limit
from chicago_poker.players.bots import BOTS
from chicago_poker.players.simulate import game_seed, play_bots

FLAGS = (
    "tactical",
    "short_game",
    "optional_actions",
    "limousine_any_cards",
    "optional_reinforcement",
)
REVOLVER = SpecialCard(SpecialKind.REVOLVER, 1)
ACTIONS = (
    DrawRequested,
    GangsterPlayed,
    LiquidationPlayed,
    PoliceRaidPlayed,
    LimousinePlayed,
    RevolverPlayed,
    BriberyPlayed,
)

Job = tuple[tuple[bool, ...], int, str, int]


class Measured(NamedTuple):
    """What one game measured."""

    flags: tuple[bool, ...]
    players: int
    bot: str
    stretch: int
    reveals: int
    commands: int
    replayed: int
    withheld: int
    actions: int
    clipped: int
    over: bool


def measure(job: Job) -> Measured:
    """Play one game; return what it measured (see the module's docstring)."""
    flags, players, bot, index = job
    options = RuleOptions(**dict(zip(FLAGS, flags, strict=True)))
    run = players * 1000 + sum(flag << bit for bit, flag in enumerate(flags))
    seed = game_seed(run, index + (0 if bot == "random" else 1_000_000))
    game = play_bots(options, [BOTS[bot](seed * 10 + seat) for seat in range(players)], seed)
    stretch = longest = reveals = most_reveals = 0
    replayed = withheld = revolvers = 0
    actions = most_actions = clipped = total = 0
    spent = drawn_back = False
    for event in game.events:
        if isinstance(event, ACTIONS):
            actions += 1
            most_actions = max(most_actions, actions)
        if isinstance(event, TurnEnded):
            stretch += 1
            longest = max(longest, stretch)
        elif isinstance(event, ShootoutWon):
            stretch = 0
        elif isinstance(event, ShootoutStarted):
            reveals = 0
        elif isinstance(event, ReinforcementsRevealed):
            reveals += 1
            most_reveals = max(most_reveals, reveals)
        elif isinstance(event, TurnStarted):
            revolvers, actions, spent, drawn_back = 0, 0, False, False
            total = 1 if event.number == 0 else 2 if event.number == 1 else 3
        elif isinstance(event, RevolverPlayed):
            revolvers += 1
            replayed += revolvers == 2 and not drawn_back
            withheld += drawn_back
            clipped += total + 2 > MOST_ACTIONS
            total = min(total + 2, MOST_ACTIONS)
            spent, drawn_back = True, False
        elif isinstance(event, BriberyPlayed):
            spent = drawn_back = False
        elif isinstance(event, CardDrawn) and event.card == REVOLVER and spent:
            drawn_back = True
    commands = len(game.history)
    return Measured(
        flags,
        players,
        bot,
        longest,
        most_reveals,
        commands,
        replayed,
        withheld,
        most_actions,
        clipped,
        game.state.is_over,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=15, help="games a setting (15)")
    parser.add_argument("workers", nargs="?", type=int, default=2, help="processes (2)")
    args = parser.parse_args()
    games, workers = args.games, args.workers
    jobs = [
        (flags, players, bot, index)
        for flags in itertools.product((False, True), repeat=len(FLAGS))
        for players in range(2, 7)
        for bot in ("random", "heuristic")
        for index in range(games)
    ]
    start = time.perf_counter()
    with Pool(workers) as pool:
        results = list(pool.imap_unordered(measure, jobs, chunksize=16))
    unfinished = sum(not r.over for r in results)
    print(f"{len(results)} games in {time.perf_counter() - start:.0f} s, {unfinished} unfinished")
    print("players  bot        stretch (turns, rounds)  limit  most reveals  most commands  bound")
    for players in range(2, 7):
        for bot in ("random", "heuristic"):
            group = [r for r in results if r.players == players and r.bot == bot]
            turns = max(r.stretch for r in group)
            print(
                f"{players:>7}  {bot:<10} {turns:>6} {turns / players:>6.1f}"
                f"  {stall_limit(players):>15}  {max(r.reveals for r in group):>12}"
                f"  {max(r.commands for r in group):>13}  {command_bound(players):>5}"
            )
    reveals = [r.reveals for r in results]
    print("tie-breaks by most reveals:", {n: reveals.count(n) for n in sorted(set(reveals))})
    for what, counts in (
        ("a Revolver played again after a Bribery (once a turn forbade it)", "replayed"),
        ("a Revolver played again after a draw, no Bribery since (forbidden before)", "withheld"),
        ("a Revolver that added fewer than two actions (the limit of eleven)", "clipped"),
    ):
        hit = [getattr(r, counts) for r in results if getattr(r, counts)]
        print(f"{what}: {sum(hit)} turns in {len(hit)} of {len(results)} games")
    actions = [r.actions for r in results]
    by_actions = {n: actions.count(n) for n in sorted(set(actions))}
    print("games by the most actions of one turn:", by_actions)
    print("the ten longest stretches:")
    for r in sorted(results, key=lambda r: -r.stretch)[:10]:
        options = ", ".join(f for f, on in zip(FLAGS, r.flags, strict=True) if on) or "none"
        print(f"  {r.stretch:>4} turns  {r.players} players  {r.bot:<10} options: {options}")


if __name__ == "__main__":
    main()
