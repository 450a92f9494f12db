"""What a larger budget changes in the search bot's choices, at the same positions.

    PYTHONPATH=src:benchmarks python research/budget_choices.py
        [--bots search:100 search:300 search:1000] [--deals 12] [--players 4] [--seed 367]
        [--every 3]

Heuristic bots play ``--deals`` games (dealt as ``bench_strength.py --seed`` deals them). At
every ``--every``-th decision of seat 0 that has a choice, each bot of ``--bots``, made
fresh with the same seed, is told the seat's redacted history and chooses. A bot is named as
``bench_strength.py`` names it: ``search:N`` and settings, ``search:1000,width=8`` (without
``seconds``, whose choices depend on the machine). The script prints, for each bot, how
often the search overruled the heuristic's choice (the first command the search tried), by
the kinds of the two commands, and how often its choice differs from the first bot's.
It explains the strength runs: a budget that changes few choices cannot win many more games.
"""

from __future__ import annotations

import argparse
import collections
import sys
from collections.abc import Sequence

from bench_strength import deal_of, make

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
    parser.add_argument("--bots", nargs="+", default=["search:100", "search:300", "search:1000"])
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=367)
    parser.add_argument("--every", type=int, default=3)
    args = parser.parse_args()
    for spec in args.bots:
        if not spec.startswith("search") or "seconds=" in spec:
            raise SystemExit(f"{spec!r}: a search bot of iterations alone, search:N[,...]")
    spy = _Spy()
    overruled = {spec: collections.Counter[str]() for spec in args.bots}
    differ = dict.fromkeys(args.bots, 0)
    positions = 0
    for number in range(args.deals):
        deal = deal_of(args.seed, number)
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
                    for spec in args.bots:
                        bot = make(spec, 7)
                        assert isinstance(bot, SearchBot)
                        for entry in seen:
                            bot.observe(entry)
                        command = bot.choose(view(game.state, 0), legal)
                        chosen.append(command)
                        first = spy.first
                        if bot.searches and first is not None and command != first:
                            kinds = f"{type(first).__name__} -> {type(command).__name__}"
                            overruled[spec][kinds] += 1
                        differ[spec] += command != chosen[0]
            game.execute(bots[seat].choose(view(game.state, seat), legal))
    print(f"{positions} positions of seat 0 in {args.deals} {args.players}-player games")
    width = max(len(spec) for spec in args.bots)
    for spec in args.bots:
        counts = overruled[spec]
        total = sum(counts.values())
        detail = ", ".join(f"{kind} {count}" for kind, count in counts.most_common())
        print(
            f"{spec:>{width}}: overruled the heuristic at {total} ({detail}); "
            f"chose unlike {args.bots[0]} at {differ[spec]}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
