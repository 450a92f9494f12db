"""``replay`` against ``apply``: the fold in place against a new state for every event.

``replay`` folds the frequent events into one dict of fields that it changes in place, and
makes a state only at the end (see "Folds in place" in ``core/apply.py``); ``apply`` copies the
fields of its state for every event. Both run the same folds, so these tests check the two
ways of running them: that they give equal states after every event of random games of 2 to 6
players under random rule options, and that ``apply`` never changes the state it is given.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_poker.core.apply import apply, replay
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState
from random_games import ALL_OPTIONS, by_kind, random_game, uniform

POLICIES = {"uniform": uniform, "by_kind": by_kind}
"""Uniform play is mostly gangster cards and draws, the frequent events; play by kind brings
the special cards, shootouts and reshuffles, the rarer ones, between them."""


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=6),
    options=st.sampled_from(ALL_OPTIONS),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    policy=st.sampled_from(sorted(POLICIES)),
)
def test_replay_equals_apply_after_every_event(
    players: int, options: RuleOptions, seed: int, policy: str
) -> None:
    events = random_game(players, options, seed=seed, policy=POLICIES[policy]).events
    state: GameState | None = None
    for count, event in enumerate(events, start=1):
        state = apply(state, event)
        assert replay(events[:count]) == state, f"after event {count}: {event!r}"


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=6),
    options=st.sampled_from(ALL_OPTIONS),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    policy=st.sampled_from(sorted(POLICIES)),
)
def test_apply_leaves_the_state_it_is_given_alone(
    players: int, options: RuleOptions, seed: int, policy: str
) -> None:
    events = random_game(players, options, seed=seed, policy=POLICIES[policy]).events
    state = apply(None, events[0])
    for event in events[1:]:
        fields = dict(vars(state))
        after = apply(state, event)
        assert vars(state) == fields, f"{type(event).__name__} changed the state it folded"
        assert vars(after) is not vars(state)
        state = after


def test_replay_goes_on_from_a_fold_that_returns_a_state() -> None:
    # Random games seldom tie, so the folds that still return a state (the reinforcements,
    # the start of a game) are met here by a second game started after the first: replay
    # wraps its dict in a state for that fold and must go on from the state it returns.
    first = random_game(3, seed=1, commands=200).events
    second = random_game(5, RuleOptions(tactical=True), seed=2, policy=by_kind).events
    events = (*first, *second)
    state: GameState | None = None
    for count, event in enumerate(events, start=1):
        state = apply(state, event)
        assert replay(events[:count]) == state, f"after event {count}: {event!r}"
    assert replay(events) == replay(second)
