"""``replay`` against ``apply``: the fold in place against a new state for every event.

``replay`` folds the frequent events into one dict of fields that it changes in place, and
makes a state only at the end (see "Folds in place" in ``core/apply.py``); ``apply`` copies the
fields of its state for every event. Both run the same folds, so these tests check the two
ways of running them: that they give equal states after every event of random games of 2 to 6
players under random rule options, and that ``apply`` never changes the state it is given.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_poker.core.apply import apply, replay
from chicago_poker.core.events import Event
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState
from random_games import ALL_OPTIONS, by_kind, random_game, uniform

POLICIES = {"uniform": uniform, "by_kind": by_kind}
"""Uniform play is mostly gangster cards and draws, the frequent events; play by kind brings
the special cards, shootouts and reshuffles, the rarer ones, between them."""


games = st.builds(
    lambda players, options, seed, policy: (
        random_game(players, options, seed=seed, policy=POLICIES[policy]).events
    ),
    st.integers(min_value=2, max_value=6),
    st.sampled_from(ALL_OPTIONS),
    st.integers(min_value=0, max_value=2**32 - 1),
    st.sampled_from(sorted(POLICIES)),
)
"""The events of a random game of 2 to 6 players, under any rule options, by either policy."""


def assert_replay_follows_apply(events: Sequence[Event]) -> None:
    """``replay`` of every prefix of ``events`` equals ``apply``'s fold of it, event by event."""
    state: GameState | None = None
    for count, event in enumerate(events, start=1):
        state = apply(state, event)
        assert replay(events[:count]) == state, f"after event {count}: {event!r}"


@settings(max_examples=12, deadline=None)
@given(events=games)
def test_replay_equals_apply_after_every_event(events: tuple[Event, ...]) -> None:
    assert_replay_follows_apply(events)


@settings(max_examples=12, deadline=None)
@given(events=games)
def test_apply_leaves_the_state_it_is_given_alone(events: tuple[Event, ...]) -> None:
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
    assert_replay_follows_apply(events)
    assert replay(events) == replay(second)
