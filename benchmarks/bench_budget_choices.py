"""What a larger budget changes in the search bot's choices, at the same positions.

    python benchmarks/bench_budget_choices.py [--budgets 100 300 1000] [--deals 12]
                                              [--players 4] [--seed 367] [--every 3]

Heuristic bots play ``--deals`` games (dealt as ``bench_strength.py --seed`` deals them). At
every ``--every``-th decision of seat 0 that has a choice, a fresh believing
:class:`~chicago_poker.players.search.SearchBot` is told the seat's redacted history and
chooses, once for each budget, with the same seed. The script prints, for each budget, how
often the search overruled the heuristic's choice (the first command the search tried), by
the kinds of the two commands, and how often its choice differs from the first budget's.
It explains the strength runs: a budget that changes few choices cannot win many more games.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
from collections.abc import Sequence

from chicago_poker import Game, HeuristicBot, RuleOptions, view
from chicago_poker.cli.turns import next_chooser
from chicago_poker.core.commands import Command
from chicago_poker.formats.log import redact_entries
from chicago_poker.players import search
from chicago_poker.players.search import SearchBot


class _Spy:
    """Keeps the command the search tried first at the root of its last search."""

    def __init__(self) -> None:
        self.first: Command | None = None
        choice = search._choice

        def spied(root: search._Node, legal: Sequence[Command], margin: float) -> Command:
            self.first = next(iter(root.children), None)
            return choice(root, legal, margin)

        search._choice = spied


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budgets", type=int, nargs="+", default=[100, 300, 1000])
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=367)
    parser.add_argument("--every", type=int, default=3)
    args = parser.parse_args()
    spy = _Spy()
    overruled = {budget: collections.Counter[str]() for budget in args.budgets}
    differ = dict.fromkeys(args.budgets, 0)
    positions = 0
    for number in range(args.deals):
        deal = random.Random(f"{args.seed}:{number}").getrandbits(48)
        names = [f"P{seat}" for seat in range(args.players)]
        game = Game.new(names, RuleOptions(), seed=deal)
        bots = [HeuristicBot(1000 * number + seat) for seat in range(args.players)]
        decisions = 0
        while not game.state.is_over:
            seat = next_chooser(game.state)
            if seat is None:
                break
            legal = game.legal_commands(seat)
            if seat == 0 and len(legal) > 1:
                decisions += 1
                if decisions % args.every == 0:
                    positions += 1
                    seen = list(redact_entries(game.history, 0))
                    chosen: list[Command] = []
                    for budget in args.budgets:
                        bot = SearchBot(7, iterations=budget)
                        for entry in seen:
                            bot.observe(entry)
                        command = bot.choose(view(game.state, 0), legal)
                        chosen.append(command)
                        first = spy.first
                        if bot.searches and first is not None and command != first:
                            kinds = f"{type(first).__name__} -> {type(command).__name__}"
                            overruled[budget][kinds] += 1
                        differ[budget] += command != chosen[0]
            game.execute(bots[seat].choose(view(game.state, seat), legal))
    print(f"{positions} positions of seat 0 in {args.deals} {args.players}-player games")
    for budget in args.budgets:
        counts = overruled[budget]
        total = sum(counts.values())
        detail = ", ".join(f"{kind} {count}" for kind, count in counts.most_common())
        print(
            f"{budget:>6} iterations: overruled the heuristic at {total} ({detail}); "
            f"chose unlike {args.budgets[0]} iterations at {differ[budget]}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
