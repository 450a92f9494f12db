"""The training example of the learning agents' page learns, and its picture is what it draws.

``examples/train_linear.py`` trains a linear policy against the random bot at two players.
With its own seed and budget, the untrained policy wins about half of the held-out games, the
trained one clearly more, the curve it draws is ``docs/img/ai/learning-curve.svg`` byte for
byte, and docs/ai.md prints its evaluations: the page cannot show a curve or figures that
the code no longer gives.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("gymnasium", reason='the ai layer needs its extra: pip install ".[ai]"')

from chicago_poker import Color, GangsterCard, view
from chicago_poker.ai.linear_policy import strength
from chicago_poker.ai.observation import encode
from scripts import load_script

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "train_linear.py"
PICTURE = ROOT / "docs" / "img" / "ai" / "learning-curve.svg"


def load_example() -> ModuleType:
    return load_script(EXAMPLE)


@pytest.fixture(scope="module")
def example() -> ModuleType:
    return load_example()


def test_the_example_learns_and_the_page_shows_its_run(example: ModuleType) -> None:
    """The documented run, once (about 20 s): a test each would train once per xdist worker.

    If the picture or the figures are stale, run
    ``python examples/train_linear.py --svg docs/img/ai/learning-curve.svg`` and copy its
    evaluations into docs/ai.md.
    """
    _, points = example.train()
    first, last = points[0], points[-1]
    assert first.trained == 0
    assert first.interval[0] < 0.5 < first.interval[1], f"untrained: {first}"
    assert last.trained == example.GAMES
    assert last.interval[0] > max(0.5, first.rate), f"trained: {last}"
    drawn = example.curve_svg(points, example.SEED)
    assert PICTURE.read_text(encoding="utf-8") == drawn, "the picture is stale"
    page = (ROOT / "docs" / "ai.md").read_text(encoding="utf-8")
    printed = [line for line in page.splitlines() if line.startswith("after ")]
    assert printed == [str(point) for point in points], "the page's figures are stale"


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


def test_a_hand_s_strength_follows_the_order_of_the_categories() -> None:
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
