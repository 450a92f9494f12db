"""How strong the search bot is: wins against heuristic bots, and a bot that sees every card.

    python benchmarks/bench_strength.py BOT [--players 4] [--deals 10] [--seed 361]
                                            [--workers 1] [--skip 0]

BOT is ``search`` (300 iterations a move, as ``BOTS`` makes it), ``search:N`` (N
iterations), ``unguided:N`` (the search without the heuristic's guidance, N iterations) or
``cheat:N``: the same search, given the true state instead of states drawn from what its
seat saw, so that it knows every hand and every face-down card (not the order of the draw
deck, which is chance). ``cheat`` is the ceiling of issue 36: what the search would win if its
drawn states were always right. Settings of the search follow, comma-separated:
``search:300,margin=0`` (``margin``, ``rollout``, ``reuse``, ``width``, ``widening``,
``seconds``, and ``believing`` and ``modelled``, each 1 or 0).
``seconds`` caps each move at that much of the process's CPU time (``time.process_time``),
so that the budget is the same however busy the machine is; the iterations are then a
ceiling, and the bot's choices depend on the machine's speed.

The bot takes each seat of each deal in turn against ``heuristic`` bots in the other seats
(deals duplicated, seats rotated, as ``chicago-poker match`` does), and the script prints its
wins with a 95% Wilson interval, and the iterations the bot searched a move on average.
``--workers`` plays the games in that many processes; the result is the same for any number
of them. ``--skip`` starts at a later deal of the seed's, to split a long run into parts
that run apart. ``chicago-poker match`` measures every built-in bot; this script exists for
the cheating bot, which needs the game's state and so cannot play through the match runner,
and for settings the registry does not name.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Final, NamedTuple

from chicago_poker import Bot, Game, GameState, HeuristicBot, RuleOptions, view
from chicago_poker.cli.turns import next_chooser
from chicago_poker.core.commands import Command
from chicago_poker.core.views import PlayerView
from chicago_poker.match.stats import wilson
from chicago_poker.players.search import DEFAULT_ITERATIONS, SearchBot
from chicago_poker.players.simulate import Narrator
from chicago_poker.protocol.table import bot_seed
from chicago_poker.referee.deals import Chooser
from chicago_poker.referee.information import InformationSet
from chicago_poker.referee.sampling import Tilt


class CheatingBot(SearchBot):
    """The search bot, searching the true state: it sees every card (the ceiling)."""

    name = "cheat"

    def __init__(self, seed: int, iterations: int, **settings: Any) -> None:
        super().__init__(seed, iterations=iterations, **settings)
        self.game: Game | None = None

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        assert self.game is not None
        assert view.seat is not None
        if len(legal) == 1:
            return legal[0]
        self.searches += 1
        truth = _Truth(self.game.state)
        return self._search(truth, self.game.state, view.seat, legal, None, self._deadline())


class _Truth(InformationSet):
    """An information set that holds one state: the true one."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    def sample(self, chooser: Chooser, tilt: Tilt | None = None) -> GameState:
        """The true state, whatever the chooser and the tilt."""
        return self.state


def _yes(value: str) -> bool:
    return value in ("1", "true", "yes")


SETTINGS: Final[dict[str, Callable[[str], object]]] = {
    "margin": float,
    "rollout": int,
    "reuse": int,
    "width": int,
    "widening": float,
    "seconds": float,
    "believing": _yes,
    "modelled": _yes,
}
"""The settings a BOT may change after its iterations: ``search:300,margin=0,believing=1``."""


def make(spec: str, seed: int) -> Bot:
    head, *pairs = spec.split(",")
    kind, _, number = head.partition(":")
    iterations = int(number) if number else DEFAULT_ITERATIONS
    settings: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        if key not in SETTINGS:
            raise SystemExit(f"unknown setting {key!r} in {spec!r}: {', '.join(SETTINGS)}")
        settings[key] = SETTINGS[key](value)
    if "seconds" in settings:
        settings["clock"] = time.process_time
    if kind == "search":
        return SearchBot(seed, iterations=iterations, **settings)
    if kind == "unguided":
        return SearchBot(seed, iterations=iterations, guided=False, **{"rollout": 4, **settings})
    if kind == "cheat":
        return CheatingBot(seed, iterations, **settings)
    raise SystemExit(f"unknown bot {spec!r}: search, search:N, unguided:N or cheat:N")


LIMIT: Final = 0.25
"""The most CPU seconds a move may take in issue 36's tournaments."""


class Outcome(NamedTuple):
    """One game of the bot: whether it won, what it searched, and its longest move."""

    won: bool
    searches: int
    iterations: int
    slowest: float
    """The CPU seconds of the bot's longest move."""
    slowest_at: int
    """The entries of the game's history before that move."""
    moves: int
    over: int
    """The bot's moves that took more than :data:`LIMIT` of CPU time."""


def deal_of(seed: int, number: int) -> int:
    """The dealer's seed of the ``number``-th deal of ``--seed seed``."""
    return random.Random(f"{seed}:{number}").getrandbits(48)


def play(spec: str, seat: int, players: int, deal: int) -> Outcome:
    """Deal ``deal`` with the bot of ``spec`` at ``seat`` and heuristic bots elsewhere."""
    bots: list[Bot] = [HeuristicBot(bot_seed(deal, each)) for each in range(players)]
    bot = bots[seat] = make(spec, bot_seed(deal, seat))
    assert isinstance(bot, SearchBot)
    game = Game.new([f"P{each}" for each in range(players)], RuleOptions(), seed=deal)
    if isinstance(bot, CheatingBot):
        bot.game = game  # the one bot that sees the state
    narrator = Narrator.of(bots)
    slowest = 0.0
    moves = over = slowest_at = 0
    while not game.state.is_over:
        narrator.tell(game)
        chooser = next_chooser(game.state)
        if chooser is None:
            break
        legal = game.legal_commands(chooser)
        started = time.process_time()
        command = bots[chooser].choose(view(game.state, chooser), legal)
        if chooser == seat:
            took = time.process_time() - started
            if took > slowest:
                slowest, slowest_at = took, len(game.history)
            moves += 1
            over += took > LIMIT
        game.execute(command)
    return Outcome(
        game.state.winner == seat, bot.searches, bot.played, slowest, slowest_at, moves, over
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bot")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=361)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--skip", type=int, default=0, help="deals to skip: split a long run")
    args = parser.parse_args()
    make(args.bot, 0)  # a bad BOT stops here, before any game
    jobs = [
        (args.bot, seat, args.players, deal_of(args.seed, number))
        for number in range(args.skip, args.skip + args.deals)
        for seat in range(args.players)
    ]
    wins = games = searches = iterations = moves = over = 0
    slowest = 0.0
    where = ""
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        outcomes = pool.map(play, *zip(*jobs, strict=True))
        for (_, seat, _, _), outcome in zip(jobs, outcomes, strict=True):
            wins += outcome.won
            games += 1
            searches += outcome.searches
            iterations += outcome.iterations
            if outcome.slowest > slowest:
                slowest = outcome.slowest
                deal = args.skip + (games - 1) // args.players
                where = f"deal {deal} of the seed, seat {seat}, entry {outcome.slowest_at}"
            moves += outcome.moves
            over += outcome.over
            print(f"\r{games} games, {wins} won", end="", file=sys.stderr, flush=True)
    low, high = wilson(wins, games)
    seconds = time.perf_counter() - started
    print(
        f"\n{args.bot} against {args.players - 1} heuristic: {wins} of {games} "
        f"({wins / games:.3f}, 95% [{low:.3f}, {high:.3f}]) in {seconds:.0f} s; "
        f"{iterations / max(searches, 1):.0f} iterations a search on average, "
        f"longest move {slowest:.3f} s of CPU ({where}), {over} of {moves} moves over {LIMIT} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
