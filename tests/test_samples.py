"""Samples of complete states from a seat's information set: consistent, and uniform.

``InformationSet.sample`` draws states uniformly among those consistent with what a seat saw.
Uniformity is tested against exact distributions computed another way
(:mod:`exact_placements`), on positions whose distribution can be counted: the deal at every
table size, and positions a few turns in with face-down cards unseen. A chi-square test of
10,000 seeded samples each: seeded, so it cannot flake; a biased sampler fails it (the
sampler of version 0.1.0 gave the next seat every special card at the deal).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from chicago_poker.core.cards import SpecialCard
from chicago_poker.core.errors import InvalidArgumentError
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.views import view
from chicago_poker.formats.log import redact_entries
from chicago_poker.players.game import Game
from chicago_poker.referee.information import InformationSet
from exact_placements import card_in_hand, special_distribution
from random_games import random_game

SAMPLES = 10_000

POSITIONS = [
    # (players, commands played, seed, viewer): the deal at every table size, seat and spectator
    *(
        (players, 1, seed, viewer)
        for players, seed in ((2, 1), (3, 2), (4, 0), (5, 4), (6, 5))
        for viewer in (0, None)
    ),
    # a few turns in, with face-down cards nobody has seen
    (2, 12, 2, 0),
    (2, 12, 5, None),
    (3, 12, 3, None),
    (3, 30, 2, 0),
    (4, 12, 3, 0),
    (4, 12, 5, None),
    (5, 12, 5, 0),
    (5, 30, 5, None),
    (6, 12, 2, 0),
    (6, 30, 4, 0),
    (2, 60, 4, None),
    (4, 60, 0, 0),
]


def chi_square_p(observed: Counter[int], expected: dict[int, Fraction], total: int) -> float:
    """The p-value of Pearson's chi-square test, classes under 5 expected merged into one."""
    classes: list[tuple[float, int]] = []
    small_expected, small_observed = 0.0, 0
    for value, chance in expected.items():
        mean = float(chance) * total
        if mean < 5:
            small_expected += mean
            small_observed += observed.get(value, 0)
        else:
            classes.append((mean, observed.get(value, 0)))
    if small_expected:
        classes.append((small_expected, small_observed))
    assert sum(count for _, count in classes) == total, "a value the exact count says is impossible"
    statistic = sum((count - mean) ** 2 / mean for mean, count in classes)
    return _upper_gamma(len(classes) - 1, statistic) if len(classes) > 1 else 1.0


def _upper_gamma(degrees: int, statistic: float) -> float:
    """P(chi-square with ``degrees`` >= ``statistic``): the regularized upper gamma function."""
    a, x = degrees / 2, statistic / 2
    if x < a + 1:  # the series of the lower function
        term = total = 1 / a
        for n in range(1, 500):
            term *= x / (a + n)
            total += term
        return 1 - total * math.exp(-x + a * math.log(x) - math.lgamma(a))
    b, c, d = x + 1 - a, 1 / 1e-300, 1 / (x + 1 - a)  # Lentz's continued fraction
    h = d
    for n in range(1, 500):
        an = -n * (n - a)
        b += 2
        d = 1 / (an * d + b)
        c = b + an / c
        h *= d * c
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def _position(
    players: int, commands: int, seed: int, viewer: int | None
) -> tuple[Game, InformationSet]:
    game = random_game(players, RuleOptions(), seed=seed, commands=commands)
    return game, InformationSet.of(redact_entries(game.history, viewer), viewer)


@pytest.mark.parametrize(("players", "commands", "seed", "viewer"), POSITIONS)
def test_the_special_cards_in_a_hand_follow_the_exact_distribution(
    players: int, commands: int, seed: int, viewer: int | None
) -> None:
    """How many special cards the seat after the viewer holds: 10,000 samples, chi-square."""
    game, known = _position(players, commands, seed, viewer)
    seat = 1 if viewer == 0 else 0
    facts = known.ledger.facts()
    exact = special_distribution(facts, game.state, seat)
    assert len(exact) > 1  # a position where something is left to chance
    rng = random.Random(seed)
    observed: Counter[int] = Counter()
    for _ in range(SAMPLES):
        state = known.sample(rng)
        observed[sum(isinstance(card, SpecialCard) for card in state.players[seat].hand)] += 1
    assert chi_square_p(observed, exact, SAMPLES) > 0.001, (observed, exact)


def test_a_special_card_lies_in_the_next_hand_as_often_as_counting_says() -> None:
    """The Revolver in the next hand at a two-player deal: 5 chances in 76, not always."""
    game, known = _position(2, 1, 1, 0)
    facts = known.ledger.facts()
    revolver = next(
        c for c in facts.free if isinstance(c, SpecialCard) and c.kind.name == "REVOLVER"
    )
    exact = card_in_hand(facts, game.state, revolver, 1)
    assert exact == Fraction(5, 76)
    rng = random.Random(7)
    hits = sum(revolver in known.sample(rng).players[1].hand for _ in range(SAMPLES))
    observed = Counter({1: hits, 0: SAMPLES - hits})
    assert chi_square_p(observed, {1: exact, 0: 1 - exact}, SAMPLES) > 0.001


def test_the_test_refuses_a_biased_sampler() -> None:
    """The chi-square test sees the bias of a sampler that always deals the specials first."""
    game, known = _position(2, 1, 1, 0)
    exact = special_distribution(known.ledger.facts(), game.state, 1)
    biased = Counter({5: SAMPLES})  # every special card in the next hand, as 0.1.0 gave
    assert chi_square_p(biased, exact, SAMPLES) < 1e-9
    slightly = Counter({0: 6300, 1: 3200, 2: 450, 3: 50})  # 35% in place of 34.5%
    assert chi_square_p(slightly, exact, SAMPLES) < 0.001


@pytest.mark.parametrize(("players", "commands"), [(2, 150), (4, 150), (6, 150), (4, 400)])
def test_a_sample_gives_the_seat_the_view_it_has(players: int, commands: int) -> None:
    """Every sample agrees with everything the seat saw: its view is the real one."""
    for seed in range(3):
        game = random_game(players, RuleOptions(), seed=seed, commands=commands)
        for viewer in [*range(players), None]:
            known = InformationSet.of(redact_entries(game.history, viewer), viewer)
            rng = random.Random(seed)
            for _ in range(20):
                state = known.sample(rng)
                assert view(state, viewer) == view(game.state, viewer)


def test_samples_vary_what_the_seat_cannot_see() -> None:
    _, known = _position(3, 60, 5, 0)
    rng = random.Random(1)
    hands = {known.sample(rng).players[1].hand for _ in range(20)}
    assert len(hands) > 10


def test_sampling_a_history_no_game_gives_says_where() -> None:
    game = random_game(3, RuleOptions(), seed=5, commands=40)
    seen = list(redact_entries(game.history, 1))
    with pytest.raises(InvalidArgumentError, match="entry 5 is impossible"):
        InformationSet.of([*seen[:5], seen[7]], 1).sample(random.Random(1))
    with pytest.raises(InvalidArgumentError, match="no StartGame"):
        InformationSet.of([], 1).sample(random.Random(1))
