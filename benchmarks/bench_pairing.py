"""What the duplicate deals of a match are worth: a bot's variance per game, alone and paired.

Reads a results file of ``chicago-poker match --results FILE`` and prints, for each bot, the
variance of its score per game counted two ways:

- **games**: every game an independent observation (what a Wilson interval over games
  assumes): the sample variance of the bot's points a game;
- **deals**: the deal (its rotations at one table) the observation, as ``match`` now counts:
  the sample variance of the bot's deal scores, times the games of a deal, which is the
  variance per game that the interval and the SPRT actually use.

Their ratio is how many games alone one game played within its deal is worth: above 1 the
rotations cancel luck out; below 1 they are correlated the other way, and counting games as
independent would have claimed too much.

Usage: ``python benchmarks/bench_pairing.py results.jsonl [more.jsonl ...]``
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

from chicago_poker.match.stats import variance


def measure(path: Path) -> list[str]:
    """The lines of the table for one results file."""
    game_points: defaultdict[int, list[float]] = defaultdict(list)
    units: defaultdict[tuple[int, int, int], float] = defaultdict(float)
    per_unit: dict[tuple[int, int], int] = {}
    names: dict[int, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        game = json.loads(line)
        for seat in game["seats"]:
            bot = seat["bot"]
            names[bot] = seat["name"]
            game_points[bot].append(seat["points"])
            units[bot, game["table"], game["deal"]] += seat["points"]
        per_unit[game["table"], game["deal"]] = len(game["seats"])
    lines = [f"{path.name}: {sum(per_unit.values())} games, {len(per_unit)} deals at tables"]
    lines.append(
        f"  {'bot':<20} {'games':>6} {'score':>6} {'var/game':>9} {'paired':>9} {'gain':>6}"
    )
    for bot in sorted(game_points):
        scores = [
            total / per_unit[table, deal]
            for (owner, table, deal), total in units.items()
            if owner == bot
        ]
        size = len(game_points[bot]) / len(scores)
        alone = variance(game_points[bot])
        paired = variance(scores) * size
        gain = alone / paired if paired else float("inf")
        mean = sum(game_points[bot]) / len(game_points[bot])
        lines.append(
            f"  {bot:>2} {names[bot][:17]:<17} {len(game_points[bot]):>6} {mean:>6.3f} "
            f"{alone:>9.4f} {paired:>9.4f} {gain:>6.2f}"
        )
    return lines


def main(argv: list[str]) -> int:
    """Print the table of each results file; 2 for a file that cannot be read."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="+", type=Path, help="files of match --results")
    args = parser.parse_args(argv)
    for path in args.results:
        try:
            print("\n".join(measure(path)))
        except (OSError, ValueError, KeyError) as error:
            print(f"bench_pairing: {path}: {error}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
