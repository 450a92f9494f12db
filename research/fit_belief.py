"""Fit the search bot's belief to the hidden cards of heuristic games, and say how well it fits.

    python research/fit_belief.py [--deals 40] [--players 2 3 4 5 6] [--rounds 8]

Heuristic bots play ``--deals`` games at each number of players, dealt from 0 on. At about one
decision in six, the deciding seat's information set is built from its redacted history, and
three statistics of the hidden cards are taken from the true state:

- ``hand``: the sum of the values of the gangster cards in the rivals' hands, over 15;
- ``special``: how many special cards the rivals hold;
- ``face_down``: the sum of the values of the rivals' face-down cards the seat has not seen,
  over 15.

The belief (:func:`chicago_poker.players.belief.belief`) leans the draws by
``exp(a * hand + b * special + c * face_down)``, card by card. Its maximum-likelihood weights
make the mean of each statistic over the draws equal its mean in the true states; they are
found step by step from uniform draws (``a = b = c = 0``; see :func:`fit`), each round
drawing 16 states at each position with the same seeds. The
games of even deals are fitted, those of odd deals held out. For each number of players the
script prints the fitted weights, to be written into ``belief.py`` (``TILTS``), and, on the
held-out positions, the mean of (true statistic - mean of the draws) over its standard
deviation in the draws: about 0 when the draws are centred on the truth, for uniform draws,
for the weights in ``belief.py`` now and for the fitted ones.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Sequence

from fit_evaluation import heuristic_play

from chicago_poker.core.cards import MAX_VALUE, GangsterCard
from chicago_poker.core.errors import ChicagoPokerError
from chicago_poker.core.state import GameState
from chicago_poker.core.views import view
from chicago_poker.formats.log import redact_entries
from chicago_poker.players.belief import TILTS, tilt
from chicago_poker.referee.information import InformationSet

Place = tuple[int, int, int]
"""A face-down card the seat has not seen: (business index, seat, position in the column)."""
Stats = tuple[float, float, float]
"""The statistics ``hand``, ``special`` and ``face_down`` of the module's notes."""
Position = tuple[InformationSet, int, list[Place], Stats]
"""A seat's information set, the seat, its unseen face-down cards, the true statistics."""
NAMES = ("hand", "special", "face_down")
DRAWS = 16


def stats(state: GameState, seat: int, hidden: list[Place]) -> Stats:
    """The three statistics of ``state``, from ``seat``'s side."""
    hand = special = face_down = 0.0
    for other, player in enumerate(state.players):
        if other != seat:
            for card in player.hand:
                if isinstance(card, GangsterCard):
                    hand += card.value / MAX_VALUE
                else:
                    special += 1
    for index, owner, position in hidden:
        face_down += state.businesses[index].columns[owner].cards[position].value / MAX_VALUE
    return hand, special, face_down


def positions(players: int, deals: range) -> list[Position]:
    """About one decision in six of heuristic games, each from the deciding seat's side."""
    found: list[Position] = []
    for deal in deals:
        pick = random.Random(deal)
        for game, seat, _ in heuristic_play(players, deal):
            if pick.randrange(6) or not game.history:
                continue
            seen = view(game.state, seat)
            hidden = [
                (index, owner, position)
                for index, business in enumerate(seen.businesses)
                for owner, column in enumerate(business.columns)
                if owner != seat
                for position, slot in enumerate(column.slots)
                if slot.card is None
            ]
            known = InformationSet.of(redact_entries(game.history, seat), seat)
            try:
                known.sampler()
            except ChicagoPokerError as error:  # the referee found no witness: say so, go on
                print(f"  deal {deal}, seat {seat}, entry {len(game.history)}: {error}")
                continue
            found.append((known, seat, hidden, stats(game.state, seat, hidden)))
    return found


def draws(found: list[Position], weights: Sequence[float] | None) -> list[list[Stats]]:
    """``DRAWS`` states' statistics at each position, uniform (None) or tilted by ``weights``."""
    rng = random.Random(5)
    leaning = None if weights is None else tilt(*weights)
    return [
        [stats(known.sample(rng, leaning), seat, hidden) for _ in range(DRAWS)]
        for known, seat, hidden, _ in found
    ]


def fit(found: list[Position], rounds: int) -> list[float]:
    """The weights whose draws' means match the true means, found step by step.

    Each round moves each weight by 0.7 times the mean standardized gap of its statistic
    (:func:`centred`): a fixed-point iteration, as the tilt is applied card by card and the
    engine refuses some deals, so the statistics' variance does not give a reliable Newton
    step (it diverged, measured: the special cards' weight ran to 28).
    """
    weights = [0.0, 0.0, 0.0]
    for _ in range(rounds):
        gaps = centred(found, weights)
        weights = [weight + 0.7 * gap for weight, gap in zip(weights, gaps, strict=True)]
    return weights


def centred(found: list[Position], weights: Sequence[float] | None) -> list[float]:
    """For each statistic, the mean over positions of (truth - draws' mean) / draws' spread."""
    drawn = draws(found, weights)
    scores: list[list[float]] = [[], [], []]
    for (*_, truth), sample in zip(found, drawn, strict=True):
        for k in range(3):
            values = [s[k] for s in sample]
            spread = statistics.pstdev(values)
            if spread > 1e-9:
                scores[k].append((truth[k] - statistics.fmean(values)) / spread)
    return [statistics.fmean(score) if score else 0.0 for score in scores]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args()
    for players in args.players:
        fitted_on = positions(players, range(0, 2 * args.deals, 2))
        held_out = positions(players, range(1, 2 * args.deals, 2))
        weights = fit(fitted_on, args.rounds)
        print(
            f"{players} players: fitted on {len(fitted_on)} positions, "
            f"a, b, c = {', '.join(f'{w:.2f}' for w in weights)}; "
            f"on {len(held_out)} held out, centred ({', '.join(NAMES)}):",
            flush=True,
        )
        for name, tried in (
            ("uniform", None),
            ("belief.py", TILTS[players]),
            ("fitted", weights),
        ):
            scores = centred(held_out, tried)
            print(f"  {name:10} " + "  ".join(f"{score:+.2f}" for score in scores), flush=True)


if __name__ == "__main__":
    main()
