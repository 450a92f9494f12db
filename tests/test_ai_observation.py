"""Observations cannot leak: the tensor is a function of what the seat may know."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy", reason='the ai layer needs its extra: pip install ".[ai]"')

from ai_states import decision_states  # noqa: E402
from chicago_poker import Game, to_json, view, view_from_json  # noqa: E402
from chicago_poker.ai import observation  # noqa: E402
from chicago_poker.ai.observation import (  # noqa: E402
    FIELDS,
    OBSERVATION_SIZE,
    encode,
    observation_json,
    observation_text,
)
from reference_observation import reference_encode  # noqa: E402
from test_views import all_cards, draw_twin, final_state, games, hidden_slots, permute_hidden  # noqa: E402

STATES = 1_200


def test_the_fields_tile_the_tensor() -> None:
    start = 0
    for _, first, size, _ in FIELDS:
        assert first == start
        start += size
    assert start == OBSERVATION_SIZE == 1541


@pytest.mark.rule("R-2.4", "R-4.3", "R-4.4", "R-5.3", "R-6.7.2")
def test_states_a_seat_cannot_tell_apart_give_bit_identical_observations() -> None:
    rng = random.Random(35)
    changed = reinforcements = 0
    players: set[int] = set()
    for state in decision_states(STATES, seed=1_000):
        players.add(len(state.players))
        for seat in range(len(state.players)):
            swaps = [(rng.randrange(500), rng.randrange(500)) for _ in range(30)]
            twin = permute_hidden(state, seat, swaps)
            assert all_cards(twin) == all_cards(state)
            changed += twin != state
            if state.shootout is not None and any(
                kind == "choice" for (kind, *_), _ in hidden_slots(state, seat)
            ):
                reinforcements += 1
            mine, theirs = encode(view(state, seat)), encode(view(twin, seat))
            assert mine.tobytes() == theirs.tobytes()
            assert observation_text(view(twin, seat)) == observation_text(view(state, seat))
    assert players == {2, 3, 4, 5, 6}
    assert changed > STATES  # most twins really differ in a hidden card
    assert reinforcements > 20  # others' secret reinforcements were among the hidden cards


@settings(max_examples=100, deadline=None)
@given(game=games, data=st.data())
def test_twins_of_the_views_tests_give_bit_identical_observations(
    game: tuple[int, int], data: st.DataObject
) -> None:
    state = final_state(game)
    seat, twin = draw_twin(data, state)
    if seat is None:
        return  # the tensor is a seat's; a spectator has the JSON and the text
    assert encode(view(twin, seat)).tobytes() == encode(view(state, seat)).tobytes()
    assert observation_json(view(twin, seat)) == observation_json(view(state, seat))


def test_the_tensor_is_the_reference_encoders_bit_for_bit() -> None:
    """The fast encoder (the kept bytes of shared parts, joined) against the plain one.

    Over the decision states of random games of 2 to 6 players under random options, for
    every seat, views made one after another as a loop makes them, so that the kept parts of
    earlier views are met again.
    """
    players: set[int] = set()
    shootouts = victories = 0
    for state in decision_states(STATES, seed=4_000):
        players.add(len(state.players))
        shootouts += state.shootout is not None
        for seat in range(len(state.players)):
            seen = view(state, seat)
            assert encode(seen).tobytes() == reference_encode(seen).tobytes()
    for count in range(2, 7):
        game = Game.new(["Al", "Bugs", "Dutch", "Frank", "Gus", "Hymie"][:count], seed=count)
        choices = random.Random(count)
        while not game.state.is_over:
            game.execute(choices.choice(game.legal_commands()))
        victories += game.state.victory is not None
        for seat in range(count):
            seen = view(game.state, seat)
            assert encode(seen).tobytes() == reference_encode(seen).tobytes()
    assert players == {2, 3, 4, 5, 6}
    assert shootouts >= 5  # the shootout field is met, not only its zeros
    assert victories == 5


def test_what_the_seat_knows_shows_in_the_observation() -> None:
    """The other side: a change the seat sees changes the tensor (it is not constant)."""
    tensors = {encode(view(state, 0)).tobytes() for state in decision_states(200, seed=7)}
    assert len(tensors) > 150
    state = next(decision_states(1, seed=7))
    values = encode(view(state, 0))
    assert values.dtype == np.float32
    assert values.min() >= 0


def test_a_view_seen_again_gives_the_tensor_of_a_fresh_copy_into_any_array() -> None:
    """encode keeps the blocks of business views it has seen: kept ones are still right.

    The expected tensor is encoded from a copy read back from JSON, which shares no object
    with the library's views, with nothing kept (the store emptied); ``out`` starts full of
    nonsense, which must all be overwritten. The store is put back, so that views of later states
    meet the blocks of earlier ones.
    """
    seen = 0
    for state in decision_states(300, seed=2_000):
        for seat in range(len(state.players)):
            mine = view(state, seat)
            fresh = view_from_json(to_json(mine))
            assert fresh == mine
            assert not set(map(id, fresh.businesses)) & set(map(id, mine.businesses))
            out = np.full(OBSERVATION_SIZE, 7, np.float32)
            assert encode(mine, out) is out
            kept = encode(mine)
            store = dict(observation._BLOCKS)
            observation._BLOCKS.clear()
            expected = encode(fresh).tobytes()
            observation._BLOCKS.clear()
            observation._BLOCKS.update(store)
            assert kept.tobytes() == expected
            assert out.tobytes() == expected
            seen += len(mine.businesses)
    assert seen > 1_000
