"""Whether the sampler may draw the true state: every hand of special cards the seats hold.

    python benchmarks/bench_truth.py [--players 2 3 4 5 6] [--deals 6] [--every 20]
                                     [--bots heuristic]

The true state of a game is consistent with what every seat saw, so the sampler of each seat's
information set (``InformationSet.sampler()``) must be able to draw it. What it may refuse is
a hand's special cards: a deal is kept only if each seat may hold the free special cards it
puts in its hand (``Sampler.may_hold``). The script plays ``--deals`` games at each number of
players (``heuristic``: heuristic bots at every seat; ``mixed``: random and heuristic bots in
turn), and every ``--every`` commands, from every seat and the spectator, asks the sampler
about each other seat's true hand of free special cards. It prints, for each number of
players, the hands asked about, those refused (each a defect: the sampler leaves that true
state out), and how many needed the witness's search (the quick check having refused) and
the CPU seconds they took. The refused hands are listed at the end.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from chicago_poker.core.rules import RuleOptions
from chicago_poker.formats.log import redact_entries
from chicago_poker.players.bots import Bot, HeuristicBot, RandomBot
from chicago_poker.players.simulate import play_bots
from chicago_poker.referee import information
from chicago_poker.referee.information import InformationSet


class _Searches:
    """Counts the witness's searches the sampler asks, and their CPU time."""

    def __init__(self) -> None:
        self.calls = 0
        self.seconds = 0.0
        ask = information.InformationSet._ends_holding

        def counted(known: InformationSet, *args: Any) -> bool:
            started = time.process_time()
            try:
                return ask(known, *args)
            finally:
                self.calls += 1
                self.seconds += time.process_time() - started

        # A stand-in that counts, then calls the original with the same arguments:
        information.InformationSet._ends_holding = counted  # type: ignore[method-assign, assignment]  # same arguments


def bots(kind: str, players: int, deal: int) -> list[Bot]:
    """The seats' bots of one game, fresh: the bots keep state from game to game."""
    if kind == "heuristic":
        return [HeuristicBot(deal + seat) for seat in range(players)]
    return [
        HeuristicBot(deal + seat) if seat % 2 else RandomBot(deal + seat) for seat in range(players)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--every", type=int, default=20)
    parser.add_argument("--bots", choices=("heuristic", "mixed"), default="heuristic")
    args = parser.parse_args()
    searches = _Searches()
    refused: list[str] = []
    for players in args.players:
        asked = refusals = 0
        calls, seconds = searches.calls, searches.seconds
        for deal in range(args.deals):
            for commands in range(args.every, 10_000, args.every):
                chosen = bots(args.bots, players, deal)
                game = play_bots(RuleOptions(), chosen, deal, max_commands=commands)
                for viewer in [*range(players), None]:
                    seen = redact_entries(game.history, viewer)
                    sampler = InformationSet.of(seen, viewer).sampler()
                    for seat, player in enumerate(game.state.players):
                        specials = sampler.free_specials(player.hand)
                        if seat == viewer or not specials:
                            continue
                        asked += 1
                        if not sampler.may_hold(seat, specials):
                            refusals += 1
                            names = ", ".join(sorted(str(card) for card in specials))
                            refused.append(
                                f"{players} players, deal {deal}, {commands} commands, "
                                f"viewer {viewer}, seat {seat}: {names}"
                            )
                if game.state.is_over:
                    break
        print(
            f"{players} players: {asked} true hands asked about, {refusals} refused; "
            f"{searches.calls - calls} needed the witness's search "
            f"({searches.seconds - seconds:.2f} s of CPU)",
            flush=True,
        )
    for line in refused:
        print("refused:", line)
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main())
