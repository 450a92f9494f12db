"""The facade's deals and ``step`` against the plain way of running the same rules.

A ``Game``'s own dealer deals only when the state waits for a card, and only a card of the
draw pile, so the game steps its deals without the checks a deal passes
(``decide.step_awaited_deal``). The plain way checks every command (``decide._primary``),
applies each event with ``apply`` and asks ``decide``'s automatic rules after each. These
tests check, on every command of random games of 2 to 6 players under random rule options,
that the events the game kept are the plain way's, that ``step`` and ``step_awaited_deal``
give the plain way's events and an equal state, that the state given is left alone, and that
no state changes once it was returned.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_poker.core import decide
from chicago_poker.core.apply import apply, replay
from chicago_poker.core.commands import (
    Command,
    DealCard,
    DrawCard,
    PlayGangster,
    StartGame,
    check_form,
)
from chicago_poker.core.decide import follow_up, step, step_awaited_deal
from chicago_poker.core.events import Event, TurnStarted
from chicago_poker.core.history import Entry
from chicago_poker.core.legal import legal_commands
from chicago_poker.core.state import GameState
from chicago_poker.players.bots import RandomBot
from chicago_poker.players.game import Game
from random_games import ALL_OPTIONS, by_kind, random_game, uniform
from scenarios import states_after

POLICIES = {"uniform": uniform, "by_kind": by_kind}
"""Uniform play is mostly gangster cards and draws; play by kind brings the special cards,
shootouts, reinforcements and reshuffles, the rarer events."""

games = st.builds(
    lambda players, options, seed, policy: random_game(
        players, options, seed=seed, policy=POLICIES[policy]
    ),
    st.integers(min_value=2, max_value=6),
    st.sampled_from(ALL_OPTIONS),
    st.integers(min_value=0, max_value=2**32 - 1),
    st.sampled_from(sorted(POLICIES)),
)
"""A random game of 2 to 6 players, under any rule options, by either policy."""


def plain_step(state: GameState, command: Command) -> tuple[GameState, tuple[Event, ...]]:
    """``step`` the plain way: ``apply`` each event, then ask what follows by itself."""
    check_form(command)
    events = list(decide._primary(state, command))
    for event in events:
        state = apply(state, event)
    follow = decide._automatic(state)
    while follow is not None:
        events.append(follow)
        state = apply(state, follow)
        follow = decide._automatic(state)
    return state, tuple(events)


def assert_steps_are_plain(game: Game) -> None:
    """Every command of ``game`` stepped both ways gives the same events and equal states."""
    history = game.history
    assert isinstance(history[0].command, StartGame)
    state, _ = step(None, history[0].command)
    returned: list[tuple[GameState, dict[str, object]]] = [(state, dict(vars(state)))]
    for index, entry in enumerate(history[1:], start=1):
        command, recorded = entry.command, entry.events
        fields = dict(vars(state))
        stepped, events = step(state, command)
        plain, plain_events = plain_step(state, command)
        assert events == plain_events, f"command {index}: {command!r}"
        assert stepped == plain, f"command {index}: {command!r}"
        # The game's own deals skip decide's checks (step_awaited_deal): the same events.
        assert recorded == plain_events, f"command {index}: {command!r}, as the game kept it"
        if isinstance(command, DealCard):
            assert step_awaited_deal(state, command.card) == (plain, plain_events)
        assert vars(state) == fields, f"command {index} changed the state it was given"
        returned.append((stepped, dict(vars(stepped))))
        state = stepped
    assert state == game.state
    for index, (kept, fields) in enumerate(returned):
        assert vars(kept) == fields, f"the state of command {index} changed after it was returned"


@settings(max_examples=15, deadline=None)
@given(game=games)
def test_step_gives_what_applying_each_event_gives(game: Game) -> None:
    assert_steps_are_plain(game)


def test_the_rarer_folds_between_the_frequent_ones() -> None:
    # Ties are rare in random play: this game by kind at four players meets reinforcements,
    # whose folds return a state, and a reshuffle between the folds in place.
    game = random_game(4, ALL_OPTIONS[-1], seed=13, policy=by_kind)
    kinds = {type(event).__name__ for event in game.events}
    assert {"ReinforcementChosen", "DiscardPileReshuffled"} <= kinds
    assert_steps_are_plain(game)
    assert replay(game.events) == game.state


def test_follow_up_at_a_decision_returns_the_state_itself() -> None:
    game = Game.new(["Al", "Bugs", "Dutch"], seed=3)
    state, events = follow_up(game.state)
    assert state is game.state
    assert events == ()


def test_history_entries_equal_those_init_makes() -> None:
    # Game.history makes its entries without Entry's __init__ (history.entry), which is sound
    # only while Entry has no validator or converter to skip.
    assert all(f.validator is None and f.converter is None for f in attrs.fields(Entry))
    game = random_game(3, seed=5, commands=60)
    assert tuple(event for kept in game.history for event in kept.events) == game.events
    for kept in game.history:
        assert type(kept) is Entry
        assert kept == Entry(kept.command, kept.events)
        assert hash(kept) == hash(Entry(kept.command, kept.events))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        kept.events = ()  # type: ignore[misc]  # the point: a frozen entry refuses it


def plain_follow(
    state: GameState | None, events: tuple[Event, ...]
) -> tuple[GameState | None, tuple[Event, ...]]:
    """What ``decide._follow`` gives, asking ``_automatic`` every question after each event."""
    for event in events:
        state = apply(state, event)
    assert state is not None
    followed = list(events)
    while (follow := decide._automatic(state)) is not None:
        followed.append(follow)
        state = apply(state, follow)
    return state, tuple(followed)


def assert_asked_after_is_automatic(game: Game) -> None:
    """``decide._follow``, which asks only the rule the last event leaves, gives what asking
    every rule gives: from the state before every entry of ``game``, for every prefix of the
    entry's events (the command's own, and each automatic one taken as given)."""
    state: GameState | None = None
    asked: set[str] = set()
    for index, kept in enumerate(game.history):
        for length in range(0 if state is not None else 1, len(kept.events) + 1):
            prefix = kept.events[:length]
            assert decide._follow(state, prefix) == plain_follow(state, prefix), (
                f"command {index}, after {prefix[-1:]!r}"
            )
        for event in kept.events:
            state = apply(state, event)
            if type(event) in decide._ASKED_AFTER and not state.vacancies:
                asked.add(type(event).__name__)
    # The random games reach the rules asked at once, not only _automatic.
    assert {"GangsterPlayed", "TurnStarted", "ActionPhaseStarted"} <= asked


@settings(max_examples=15, deadline=None)
@given(game=games)
def test_the_rule_asked_after_an_event_is_what_every_rule_asked_gives(game: Game) -> None:
    assert_asked_after_is_automatic(game)


def test_the_rule_asked_after_an_event_with_a_business_vacant() -> None:
    # A business won with no tile left to reveal leaves it vacant to the end: the state is
    # then asked every question, victory first.
    game = random_game(6, ALL_OPTIONS[3], seed=1, policy=by_kind)
    state: GameState | None = None
    vacant = 0
    for event in game.events:
        state = apply(state, event)
        vacant += type(event) in decide._ASKED_AFTER and state.vacancies > 0
    assert vacant > 10
    assert_asked_after_is_automatic(game)


def test_turns_started_are_shared_and_the_same_with_the_table_empty() -> None:
    # decide keeps the TurnStarted of each turn number and seat: a game played with the table
    # filled by games of other sizes and first players gives the events of one played with
    # it empty.
    decide._TURNS_STARTED.clear()
    cold = random_game(3, ALL_OPTIONS[5], seed=11).events
    for players in range(2, 7):
        random_game(players, ALL_OPTIONS[players], seed=players)
    warm = random_game(3, ALL_OPTIONS[5], seed=11).events
    assert warm == cold
    started = [event for event in warm if isinstance(event, TurnStarted)]
    assert started
    assert all(decide._TURNS_STARTED[e.number << 3 | e.player] is e for e in started)


def test_gangster_plays_made_bare_equal_those_init_makes() -> None:
    # legal._play sets the slots of a bare PlayGangster, sound only while its __init__ checks,
    # converts and derives nothing.
    assert all(f.validator is None and f.converter is None for f in attrs.fields(PlayGangster))
    assert not hasattr(PlayGangster, "__attrs_post_init__")
    slots = {f.name for f in attrs.fields(PlayGangster)} | {"__weakref__"}
    assert set(vars(PlayGangster)["__slots__"]) == slots
    plays = 0
    for players in range(2, 7):
        game = random_game(players, ALL_OPTIONS[players], seed=players, commands=80)
        for state in states_after(game.history):
            for command in legal_commands(state):
                if type(command) is PlayGangster:
                    made = PlayGangster(command.player, command.card, command.business)
                    assert command == made
                    assert hash(command) == hash(made)
                    check_form(command)
                    plays += 1
    assert plays > 1000


def test_random_bots_choose_as_randrange_chose() -> None:
    # RandomBot draws with random.choice, which draws as randrange(len(legal)) did: the same
    # seed gives the same commands as in 0.2.0 (Python 3.11 to 3.13 alike).
    sizes = (1, 2, 3, 7, 30, 64, 65, 200, 1000)
    listings = [tuple(DrawCard(index) for index in range(size)) for size in sizes] * 20
    for seed in range(20):
        bot, before = RandomBot(seed), random.Random(seed)
        for listed in listings:
            assert bot.choose_without_view(listed) is listed[before.randrange(len(listed))]
