"""The training example of the learning agents' page learns, and its picture is what it draws.

``examples/train_linear.py`` trains a linear policy against the random bot at two players.
With its own seed and budget, the untrained policy wins about half of the held-out games, the
trained one clearly more, and the curve it draws is ``docs/img/ai/learning-curve.svg``
byte for byte: the page cannot show a curve that the code no longer gives.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason='the ai layer needs its extra: pip install ".[ai]"')

from chicago_poker import Color, GangsterCard, view
from chicago_poker.ai.observation import encode

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "train_linear.py"
PICTURE = ROOT / "docs" / "img" / "ai" / "learning-curve.svg"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_linear", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def example() -> ModuleType:
    return load_example()


@pytest.fixture(scope="module")
def points(example: ModuleType) -> list[Any]:
    """The evaluations of the documented run: its seed, its budget."""
    _, evaluations = example.train()
    return list(evaluations)


def test_the_untrained_policy_wins_about_half(points: list[Any]) -> None:
    first = points[0]
    low, high = first.interval
    assert first.trained == 0
    assert low < 0.5 < high


def test_the_trained_policy_beats_the_random_bot(example: ModuleType, points: list[Any]) -> None:
    last = points[-1]
    low, _ = last.interval
    assert last.trained == example.GAMES
    assert low > 0.5
    assert low > points[0].rate


def test_the_picture_is_what_the_run_draws(example: ModuleType, points: list[Any]) -> None:
    """Run ``python examples/train_linear.py --svg docs/img/ai/learning-curve.svg`` if not."""
    assert PICTURE.read_text(encoding="utf-8") == example.curve_svg(points, example.SEED)


def test_the_learner_reads_the_columns_the_view_shows(example: ModuleType) -> None:
    """What the features rest on: the tensor read back by its documented layout."""
    first, _ = example.environments()
    observation, _ = first.reset(seed=5)
    for step in range(60):
        state = first.unwrapped.game.state
        if state.is_over:
            break
        seen = view(state, 0)
        assert (encode(seen) == observation["observation"]).all()
        sight = example.read(observation["observation"])
        assert sight.cards == len(seen.hand or ())
        for slot, business in zip(sight.slots, seen.businesses, strict=False):
            assert slot is not None
            for column, shown in zip(slot.columns, business.columns, strict=False):
                cards = [place.card for place in shown.slots if place.card is not None]
                assert column.size == len(shown.slots)
                assert column.known == tuple(sorted(card_pair(card) for card in cards))
        assert sight.slots[len(seen.businesses) :] == (None,) * (4 - len(seen.businesses))
        ids = observation["action_mask"].nonzero()[0]
        observation, *_ = first.step(int(ids[step % len(ids)]))


def card_pair(card: GangsterCard) -> tuple[int, int]:
    return card.value, tuple(Color).index(card.color)


def test_a_hand_s_strength_follows_the_order_of_the_categories(example: ModuleType) -> None:
    strength = example.strength
    hands = [  # (value, colour index), one hand of each category from the highest
        [(9, 0), (9, 1), (9, 2), (9, 3), (9, 4)],
        [(4, 0), (5, 0), (6, 0), (7, 0), (8, 0)],
        [(4, 0), (5, 1), (6, 2), (7, 3), (8, 4)],
        [(9, 0), (9, 1), (9, 2), (9, 3), (2, 4)],
        [(9, 0), (9, 1), (9, 2), (2, 3), (2, 4)],
        [(1, 0), (5, 0), (6, 0), (7, 0), (8, 0)],
        [(4, 0), (5, 0), (6, 1), (7, 1), (8, 1)],
        [(9, 0), (9, 1), (9, 2), (2, 3), (3, 4)],
        [(9, 0), (9, 1), (2, 2), (2, 3), (3, 4)],
        [(9, 0), (9, 1), (2, 2), (4, 3), (3, 4)],
        [(15, 0), (9, 1), (2, 2), (4, 3), (3, 4)],
    ]
    values = [strength(tuple(sorted(hand))) for hand in hands]
    assert values == sorted(values, reverse=True)
    assert [int(value) for value in values] == list(range(10, -1, -1))


def test_the_page_prints_the_figures_of_the_run(points: list[Any]) -> None:
    page = (ROOT / "docs" / "ai.md").read_text(encoding="utf-8")
    printed = [line for line in page.splitlines() if line.startswith("after ")]
    assert printed == [str(point) for point in points]
