"""Every game ends, whatever the players do: the progress rule bounds its turns (R-8.7).

Without R-8.7 players who never complete a column, who draw and play at the hand limit while
the discard pile is reshuffled again and again, or who end their turns at once (with the
option ``optional_actions``) keep a game going forever (D-44). These properties play whole
games with random policies and with adversarial ones that avoid every shootout they can, and
check the bound the specification states: no more than ``stall_limit(players)`` turns in a
row end without a business won, and since at most twenty businesses are won, no game has
more than 21 times that many turns; nor more commands than the bound R-8.8 states, which
the specification's own text gives for each number of players.

The stretches are counted from the events, not from the state's own count.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chicago_poker.core.cards import BUSINESS_TILES, SpecialCard, SpecialKind
from chicago_poker.core.commands import (
    Command,
    DrawCard,
    EndTurn,
    PlayBribery,
    PlayGangster,
    PlayLimousine,
    PlayRevolver,
)
from chicago_poker.core.decide import step
from chicago_poker.core.events import (
    Event,
    GameBlocked,
    GameStalled,
    GameWon,
    ShootoutWon,
    TurnEnded,
)
from chicago_poker.core.legal import legal_commands
from chicago_poker.core.rules import MAX_COLUMN, RuleOptions, command_bound, stall_limit
from chicago_poker.core.state import GameState, Victory
from chicago_poker.players.game import Dealer
from chicago_poker.specification import load_specification
from random_games import Policy, uniform
from scenarios import NAMES
from test_every_shootout_ends import tie_seeker

REVOLVER = SpecialCard(SpecialKind.REVOLVER, 1)


def game_turns(players: int) -> int:
    """The most turns a game can have: 21 stretches of the limit (R-8.7)."""
    return (len(BUSINESS_TILES) + 1) * stall_limit(players)


def completes_a_column(state: GameState, command: Command) -> bool:
    """Whether ``command`` puts a fifth card in one of the player's columns (R-4.6)."""
    if isinstance(command, PlayGangster):
        business = state.business(command.business)
        return business is not None and (
            len(business.columns[command.player].cards) + 1 >= MAX_COLUMN
        )
    if isinstance(command, PlayLimousine):
        business = state.business(command.destination)
        return business is not None and (
            len(business.columns[command.player].cards) + len(command.cards) >= MAX_COLUMN
        )
    return False


def _prefer(
    state: GameState,
    legal: Sequence[Command],
    rng: random.Random,
    *wanted: Callable[[Command], bool],
) -> Command:
    """A command of the first kind wanted that is legal and completes no column."""
    calm = [command for command in legal if not completes_a_column(state, command)]
    for test in wanted:
        chosen = [command for command in calm if test(command)]
        if chosen:
            return rng.choice(chosen)
    return rng.choice(calm or list(legal))


def cautious_policy(state: GameState, legal: Sequence[Command], rng: random.Random) -> Command:
    """Never complete a column if anything else is legal; draw rather than play."""
    return _prefer(state, legal, rng, lambda c: isinstance(c, DrawCard))


def idle_policy(state: GameState, legal: Sequence[Command], rng: random.Random) -> Command:
    """End the turn at once where the options allow it; otherwise draw, or play calmly."""
    return _prefer(
        state,
        legal,
        rng,
        lambda c: isinstance(c, EndTurn),
        lambda c: isinstance(c, DrawCard),
    )


def revolver_policy(state: GameState, legal: Sequence[Command], rng: random.Random) -> Command:
    """Seek the Revolver loop and never complete a column: play it, take it back, draw."""
    return _prefer(
        state,
        legal,
        rng,
        lambda c: isinstance(c, PlayRevolver),
        lambda c: isinstance(c, PlayBribery) and c.card == REVOLVER,
        lambda c: isinstance(c, DrawCard),
        lambda c: not isinstance(c, EndTurn),
    )


POLICIES: dict[str, Policy] = {
    "random": uniform,
    "cautious": cautious_policy,
    "idle": idle_policy,
    "revolver": revolver_policy,
    "tie": tie_seeker,  # seeks long tie-breaks; plays at random otherwise
}


def play_game(
    players: int, options: RuleOptions, policy: Policy, seed: int
) -> tuple[GameState, list[int], int]:
    """Play a whole game, or up to one turn or command past the bounds; return it, its
    stretches and its commands.

    A stretch is how many turns in a row ended since the game began or a business was won.
    """
    rng = random.Random(seed)
    dealer = Dealer(seed)
    state, _ = step(None, dealer.start(NAMES[:players], options))
    stretches = [0]
    bound = game_turns(players)
    commands = 1
    while not state.is_over and state.turn.number <= bound and commands <= command_bound(players):
        commands += 1
        chance = dealer.outcome(state)
        command = chance if chance is not None else policy(state, legal_commands(state), rng)
        state, events = step(state, command)
        for event in events:
            if isinstance(event, ShootoutWon):
                stretches.append(0)
            elif isinstance(event, TurnEnded):
                stretches[-1] += 1
    return state, stretches, commands


@pytest.mark.rule("R-8.7", "R-8.6", "R-5.5.1", "R-8.8")
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 6),
    policy=st.sampled_from(sorted(POLICIES)),
    options=st.builds(RuleOptions),
    seed=st.integers(0, 2**32),
)
def test_every_game_ends_within_the_bound_the_specification_states(
    players: int, policy: str, options: RuleOptions, seed: int
) -> None:
    state, stretches, commands = play_game(players, options, POLICIES[policy], seed)
    limit = stall_limit(players)
    assert state.is_over, f"no end after {state.turn.number} turns"
    assert state.turn.number < game_turns(players)
    assert commands <= command_bound(players)
    assert max(stretches) <= limit
    if state.victory is Victory.STALLED:
        assert stretches[-1] == limit
        assert state.winner is None


@pytest.mark.rule("R-8.7")
@pytest.mark.parametrize("players", [2, 6])
def test_players_who_never_act_stall_the_game_at_the_limit(players: int) -> None:
    options = RuleOptions(optional_actions=True)
    rng = random.Random(players)
    dealer = Dealer(players)
    state, _ = step(None, dealer.start(NAMES[:players], options))
    events: list[Event] = []
    for _ in range(10 * stall_limit(players)):  # each turn is two commands, or three
        if state.is_over:
            break
        chance = dealer.outcome(state)
        command = chance if chance is not None else idle_policy(state, legal_commands(state), rng)
        state, caused = step(state, command)
        events += caused
    assert not any(isinstance(event, ShootoutWon | GameWon | GameBlocked) for event in events)
    assert sum(isinstance(event, TurnEnded) for event in events) == stall_limit(players)
    assert events[-1] == GameStalled(stall_limit(players))
    assert state.victory is Victory.STALLED
    assert state.winner is None


@pytest.mark.rule("R-8.8")
def test_the_specification_states_the_bound_the_engine_keeps() -> None:
    (rule,) = (rule for rule in load_specification().rules if rule.id == "R-8.8")
    statement = " ".join(rule.statement.split())
    words = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
    for players, word in words.items():
        assert f"{command_bound(players):,} with {word}" in statement.replace(" players", "")
