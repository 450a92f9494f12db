"""Every turn ends, whatever the players do: no turn has more than eleven actions (R-5.5.1).

Without R-5.5.1 a player could play the Revolver, draw it back and play it again with their
actions unchanged, once every other card is at a business or in a hand (D-41). With it, the
Revolver may come back and be played again as often as the cards allow, but it adds only the
actions that bring the turn to eleven. An exhaustive search of every command, the player's and
chance's, from crafted turns where the loops are at hand finds every turn ending, and the
longest with exactly eleven actions. Properties drive turns with random and with adversarial
policies, which replay the Revolver whenever they can, take it back with Bribery, draw, and
never end a turn they may go on with, from states where those loops are at hand, and from the
start of whole games.

The bound of a turn is the specification's (R-5.5.1), and so is the bound of a game: 21 times
the turns that may end in a row without a business won (R-8.7; see test_every_game_ends.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from chicago_poker.core.cards import (
    BUSINESS_TILES,
    GANGSTER_CARDS,
    SPECIAL_CARDS,
    Card,
    GangsterCard,
    SpecialCard,
    SpecialKind,
)
from chicago_poker.core.commands import Command, DrawCard, EndTurn, PlayBribery, PlayRevolver
from chicago_poker.core.decide import step
from chicago_poker.core.legal import Awaiting, awaiting, legal_commands
from chicago_poker.core.rules import FACE_UP_BUSINESSES, MOST_ACTIONS, RuleOptions, stall_limit
from chicago_poker.core.state import Business, Column, GameState, PlayerState, Turn, TurnPhase
from chicago_poker.players.game import Dealer
from random_games import Policy, uniform
from scenarios import NAMES, build

REVOLVER = SpecialCard(SpecialKind.REVOLVER, 1)


def _prefer(
    legal: Sequence[Command], rng: random.Random, *wanted: Callable[[Command], bool]
) -> Command:
    for test in wanted:
        chosen = [command for command in legal if test(command)]
        if chosen:
            return rng.choice(chosen)
    return rng.choice(legal)


def revolver_policy(state: GameState, legal: Sequence[Command], rng: random.Random) -> Command:
    """Seek the loop: replay the Revolver, take it back or draw it, and never end a turn."""
    return _prefer(
        legal,
        rng,
        lambda c: isinstance(c, PlayRevolver),
        lambda c: isinstance(c, PlayBribery) and c.card == REVOLVER,
        lambda c: isinstance(c, DrawCard),
        lambda c: not isinstance(c, EndTurn),
    )


def never_end_policy(state: GameState, legal: Sequence[Command], rng: random.Random) -> Command:
    """Any command that does not end the turn, if there is one."""
    return _prefer(legal, rng, lambda c: not isinstance(c, EndTurn))


POLICIES = {"random": uniform, "revolver": revolver_policy, "never-end": never_end_policy}


@st.composite
def late_states(draw: st.DrawFn) -> GameState:
    """A state late in a game of five or six players, with the Revolver near the player to act.

    Every card is somewhere: the gangster cards fill the columns up to four cards each (no
    marker, so no shootout is due), hands hold a few, and the draw deck and the discard pile
    hold at most three gangster cards each, often none.
    """
    count = draw(st.integers(5, 6))
    # Half the time the draw deck and the discard pile are exhausted: all that could come back
    # to hand is what the player to act holds.
    exhausted = draw(st.booleans())
    piles = st.just(0) if exhausted else st.integers(0, 3)
    gangsters = list(draw(st.permutations(GANGSTER_CARDS)))
    draw_pile: set[Card] = {gangsters.pop() for _ in range(draw(piles))}
    discard_pile: set[Card] = {gangsters.pop() for _ in range(draw(piles))}
    hands: list[set[Card]] = [{gangsters.pop() for _ in range(draw(st.integers(0, 3)))}]
    hands += [{gangsters.pop() for _ in range(draw(st.integers(0, 2)))} for _ in range(count - 1)]
    for special in SPECIAL_CARDS:
        places: tuple[str, ...]
        if special.kind is SpecialKind.REVOLVER:
            places = ("hand",) if exhausted else ("hand", "draw", "discard")
        elif special.kind is SpecialKind.BRIBERY:
            places = ("hand", "other") if exhausted else ("hand", "draw", "discard")
        else:
            places = ("other",) if exhausted else ("draw", "discard", "other")
        place = draw(st.sampled_from(places))
        if place == "hand":
            hands[0].add(special)
        elif place == "draw":
            draw_pile.add(special)
        elif place == "discard":
            discard_pile.add(special)
        else:
            hands[draw(st.integers(1, count - 1))].add(special)
    tiles = draw(st.permutations(BUSINESS_TILES))
    in_play = tiles[: FACE_UP_BUSINESSES[count]]
    columns: list[list[list[GangsterCard]]] = [[[] for _ in range(count)] for _ in in_play]
    for index, card in enumerate(gangsters):  # 5 x 4 x 3 = 60 places or more; at most 4 each
        columns[index % len(in_play)][index // len(in_play) % count].append(card)
    return GameState(
        options=RuleOptions(optional_actions=draw(st.booleans())),
        players=tuple(PlayerState(NAMES[seat], frozenset(hands[seat])) for seat in range(count)),
        first_player=0,
        turn=Turn(0, 20, TurnPhase.ACTIONS, 3, 0, draw(st.integers(0, 2))),
        draw_pile=frozenset(draw_pile),
        discard_pile=frozenset(discard_pile),
        tile_pile=frozenset(tiles[len(in_play) :]),
        businesses=tuple(
            Business(tile, tuple(Column(tuple(column)) for column in business))
            for tile, business in zip(in_play, columns, strict=True)
        ),
    )


def play_turn(
    state: GameState, policy: Policy, rng: random.Random, limit: int
) -> tuple[GameState, int]:
    """Play the turn in progress with ``policy`` and a seeded dealer, up to ``limit`` commands.

    Returns the state when the turn is over (or after ``limit`` commands) and the most actions
    the turn had taken at any point.
    """
    dealer = Dealer(rng.getrandbits(32))
    turn = state.turn.number
    most = state.turn.actions_taken
    for _ in range(limit):
        if state.is_over or state.turn.number != turn:
            break
        chance = dealer.outcome(state)
        command = chance if chance is not None else policy(state, legal_commands(state), rng)
        state, _ = step(state, command)
        if state.turn.number == turn:
            most = max(most, state.turn.actions_taken)
    return state, most


@pytest.mark.rule("R-5.5.1", "R-3.5")
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=late_states(), policy=st.sampled_from(sorted(POLICIES)), seed=st.integers(0, 2**32))
def test_every_turn_ends_within_eleven_actions(state: GameState, policy: str, seed: int) -> None:
    assert awaiting(state) in (Awaiting.ACTION, Awaiting.NOTHING)
    after, most = play_turn(state, POLICIES[policy], random.Random(seed), limit=100)
    assert after.is_over or after.turn.number != state.turn.number, "the turn did not end"
    assert most <= MOST_ACTIONS
    event(f"most actions: {most}")


@pytest.mark.rule("R-5.5.1", "R-3.5")
@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(2, 6),
    policy=st.sampled_from(sorted(POLICIES)),
    options=st.builds(RuleOptions, tactical=st.just(False)),
    seed=st.integers(0, 2**32),
)
def test_whole_games_end_and_no_turn_has_more_than_eleven_actions(
    players: int, policy: str, options: RuleOptions, seed: int
) -> None:
    rng = random.Random(seed)
    state, _ = step(None, Dealer(seed).start(NAMES[:players], options))
    for _ in range((len(BUSINESS_TILES) + 1) * stall_limit(players)):
        if state.is_over:
            break
        state, most = play_turn(state, POLICIES[policy], rng, limit=200)
        assert most <= MOST_ACTIONS
    assert state.is_over


def most_actions(state: GameState, seen: dict[GameState, int], depth: int = 0) -> int:
    """The most actions the turn in progress can reach, over every legal command and outcome.

    Fails if some line of play runs past 60 commands without ending the turn.
    """
    if state.is_over or state.turn.phase is not TurnPhase.ACTIONS:
        return state.turn.actions_taken
    if state in seen:
        return seen[state]
    assert depth < 60, "a turn went on for 60 commands"
    turn, most = state.turn.number, state.turn.actions_taken
    for command in legal_commands(state):
        after, _ = step(state, command)
        if after.turn.number != turn or after.is_over:
            ended = after.previous_turn if after.previous_turn is not None else after.turn
            most = max(most, ended.actions_taken)
        else:
            most = max(most, most_actions(after, seen, depth + 1))
    seen[state] = most
    return most


CRAFTED = {
    # The loop of D-41: the Revolver just played is the only card left to draw.
    "revolver alone": ({"Al": "Revolver 9R"}, "", ""),
    "revolver and bribery": ({"Al": "Revolver Bribery 9R"}, "", "3G"),
    "revolver, bribery and a deck": ({"Al": "Revolver Bribery"}, "1B", "2B"),
    "every special card": ({"Al": "Revolver Bribery Limousine Liquidation"}, "", "4G"),
}


@pytest.mark.rule("R-5.5.1", "R-3.5", "R-8.8")
@pytest.mark.parametrize("name", sorted(CRAFTED))
def test_an_exhaustive_search_of_crafted_turns_finds_none_past_eleven_actions(name: str) -> None:
    hands, draw, discard = CRAFTED[name]
    state = build(
        hands=hands,
        businesses={"Speakeasy#1": {"Al": "1R", "Bugs": "5B"}, "JazzClub#1": {}},
        draw=draw,
        discard=discard,
        reachable=False,
    )
    seen: dict[GameState, int] = {}
    assert most_actions(state, seen) == MOST_ACTIONS
    assert len(seen) > 10
