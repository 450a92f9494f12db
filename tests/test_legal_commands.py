"""``legal_commands`` lists what the plain listing lists, and exactly what ``decide`` takes.

The fast path of ``core.legal`` (the hand sorted once, the commands made once and kept, the
checks asked of a business itself without wording their refusals) must give what the plain
listing of ``tests/reference_legal.py`` gives: the same commands in the same order, on every
state of random games of 2 to 6 players under random rule options. Random bots choose by
the position of a command in the list, so the order matters as much as the commands.

A second test asks ``decide`` itself: at states of the same games, every command of a wide
set of candidates (every card of the hand at every business, every special card at every
business and player, every card of the discard pile) is listed exactly when ``decide``
accepts it.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_poker.core.cards import Card, GangsterCard, SpecialCard, SpecialKind, card_order
from chicago_poker.core.commands import (
    Command,
    DrawCard,
    EndTurn,
    PlayBribery,
    PlayGangster,
    PlayLimousine,
    PlayLiquidation,
    PlayPoliceRaid,
    PlayRevolver,
)
from chicago_poker.core.decide import decide
from chicago_poker.core.errors import IllegalCommand, InvalidSeatError
from chicago_poker.core.legal import Awaiting, awaiting, legal_commands
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState
from chicago_poker.players.game import Game
from random_games import MAX_COMMANDS, Policy, by_kind, uniform
from reference_legal import actions
from scenarios import NAMES

options = st.builds(
    RuleOptions,
    tactical=st.booleans(),
    short_game=st.booleans(),
    optional_actions=st.booleans(),
    limousine_any_cards=st.booleans(),
    optional_reinforcement=st.booleans(),
)


def hoarding(state: GameState, legal: Sequence[Command], rng: random.Random) -> Command:
    """Draw while allowed, else any legal command: hands reach the hand limit (R-3.9), where
    the limit decides what is listed."""
    draws = [command for command in legal if isinstance(command, DrawCard | PlayBribery)]
    return rng.choice(draws if draws and rng.random() < 0.9 else legal)


POLICIES: dict[str, Policy] = {"uniform": uniform, "by kind": by_kind, "hoarding": hoarding}
games = st.tuples(
    st.integers(2, 6), options, st.integers(0, 2**32 - 1), st.sampled_from(sorted(POLICIES))
)


def states_of(players: int, rules: RuleOptions, seed: int, policy: str) -> list[GameState]:
    """Every state of a random game whose commands ``POLICIES[policy]`` chooses."""
    game = Game.new(NAMES[:players], rules, seed=seed)
    rng = random.Random(seed)
    found = [game.state]
    for _ in range(MAX_COMMANDS):
        if game.state.is_over:
            break
        game.execute(POLICIES[policy](game.state, game.legal_commands(), rng))
        found.append(game.state)
    return found


@settings(max_examples=60, deadline=None)
@given(game=games)
def test_the_fast_listing_is_the_plain_one_on_every_state(
    game: tuple[int, RuleOptions, int, str],
) -> None:
    for state in states_of(*game):
        if awaiting(state, check_actions=False) is not Awaiting.ACTION:
            continue
        listed = legal_commands(state)
        assert listed == actions(state), state
        assert listed == legal_commands(state, state.turn.player)  # asked twice, the same


def candidates(state: GameState) -> list[Command]:
    """Commands of the seat whose turn it is, legal or not, to put to ``decide``."""
    seat = state.turn.player
    hand = state.players[seat].hand
    players = range(len(state.players))
    tiles = [business.tile for business in state.businesses]
    found: list[Command] = [DrawCard(seat), EndTurn(seat)]
    for card in hand:
        if isinstance(card, GangsterCard):
            found += [PlayGangster(seat, card, tile) for tile in tiles]
    kinds = {card.kind for card in hand if isinstance(card, SpecialCard)}
    for tile, other in itertools.product(tiles, players):
        if SpecialKind.LIQUIDATION in kinds:
            found.append(PlayLiquidation(seat, tile, other))
        if SpecialKind.POLICE_RAID in kinds:
            found.append(PlayPoliceRaid(seat, tile, other))
    if SpecialKind.REVOLVER in kinds:
        found.append(PlayRevolver(seat))
    if SpecialKind.BRIBERY in kinds:
        found += [PlayBribery(seat, card) for card in state.discard_pile]
    if SpecialKind.LIMOUSINE in kinds:
        for source, destination in itertools.product(state.businesses, repeat=2):
            cards = source.columns[seat].cards
            for count in range(1, min(4, len(cards)) + 1):
                for group in itertools.permutations(cards, count):
                    found.append(PlayLimousine(seat, source.tile, destination.tile, group))
    return found


def accepted(state: GameState, command: Command) -> bool:
    try:
        decide(state, command)
    except IllegalCommand:
        return False
    return True


@settings(max_examples=25, deadline=None)
@given(game=games, data=st.data())
def test_what_is_listed_is_what_decide_accepts(
    game: tuple[int, RuleOptions, int, str], data: st.DataObject
) -> None:
    acting = [
        state
        for state in states_of(*game)
        if awaiting(state, check_actions=False) is Awaiting.ACTION
    ]
    for state in data.draw(st.lists(st.sampled_from(acting), max_size=8)) if acting else []:
        listed = legal_commands(state)
        assert len(set(listed)) == len(listed)
        wanted = [command for command in candidates(state) if accepted(state, command)]
        assert set(listed) == set(wanted), state


def crowded(state: GameState, size: int, gangsters: int) -> GameState:
    """``state`` with the acting hand made of ``size`` cards, ``gangsters`` of them gangster
    cards and the rest special cards, where the hand and the draw pile hold
    enough: the cards are exchanged with the draw pile, so every card is still somewhere."""
    seat = state.turn.player
    hand = state.players[seat].hand
    pool = sorted(hand | state.draw_pile, key=card_order)
    held = [card for card in pool if isinstance(card, GangsterCard)][:gangsters]
    specials = [card for card in pool if isinstance(card, SpecialCard)]
    chosen: frozenset[Card] = frozenset([*held, *specials[: size - len(held)]])
    player = attrs.evolve(state.players[seat], hand=chosen)
    players = (*state.players[:seat], player, *state.players[seat + 1 :])
    return attrs.evolve(state, players=players, draw_pile=(hand | state.draw_pile) - chosen)


@settings(max_examples=60, deadline=None)
@given(game=games, data=st.data())
def test_at_the_hand_limit_the_listing_is_the_plain_one_and_what_decide_accepts(
    game: tuple[int, RuleOptions, int, str], data: st.DataObject
) -> None:
    """Hands of 8 to 10 cards, which random games rarely reach: there the hand limit (R-3.9)
    decides which draws and gangster plays are listed, by the actions left, the gangster
    cards held and the free places. The hands are built (:func:`crowded`), and some exceed
    the limit already: listing and ``decide`` must still agree."""
    acting = [
        state
        for state in states_of(*game)
        if awaiting(state, check_actions=False) is Awaiting.ACTION and state.discard_pile
    ]
    if not acting:
        return
    for state in data.draw(st.lists(st.sampled_from(acting), min_size=1, max_size=8)):
        size = data.draw(st.integers(8, 10))
        big = crowded(state, size, data.draw(st.integers(0, size)))
        listed = legal_commands(big)
        assert listed == actions(big), big
        wanted = {command for command in candidates(big) if accepted(big, command)}
        assert set(listed) == wanted, big


def holds_limousine(state: GameState) -> bool:
    hand = state.players[state.turn.player].hand
    return any(
        isinstance(card, SpecialCard) and card.kind is SpecialKind.LIMOUSINE for card in hand
    )


@settings(max_examples=40, deadline=None)
@given(game=games)
def test_targets_kept_for_the_businesses_are_listed_anew_under_other_options(
    game: tuple[int, RuleOptions, int, str],
) -> None:
    """Liquidations, Police Raids and Limousines are kept by seat while the businesses stay
    the same (``core.legal._recent``). A state with the same businesses and the other
    ``limousine_any_cards`` option must not be given the Limousines kept for the first."""
    for state in states_of(*game):
        if awaiting(state, check_actions=False) is not Awaiting.ACTION:
            continue
        if not holds_limousine(state):
            continue
        legal_commands(state)  # kept for these businesses and these options
        flipped = not state.options.limousine_any_cards
        other = attrs.evolve(
            state, options=attrs.evolve(state.options, limousine_any_cards=flipped)
        )
        assert legal_commands(other) == actions(other), other
        assert legal_commands(state) == actions(state), state


@settings(max_examples=20, deadline=None)
@given(game=games)
def test_a_seat_is_listed_its_own_commands_and_a_bad_seat_is_refused_on_every_state(
    game: tuple[int, RuleOptions, int, str],
) -> None:
    """``legal_commands(state, seat)`` answers the acting seat by identity (``is``) before it
    checks a seat: on every kind of state (actions, chance, reinforcements), each seat gets
    its own part of the whole listing, and what is not a seat is refused (R-2.1)."""
    for state in states_of(*game):
        listed = legal_commands(state)
        for seat in range(len(state.players)):
            own = tuple(command for command in listed if getattr(command, "player", None) == seat)
            assert legal_commands(state, seat) == own, (state, seat)
        for bad in (len(state.players), -1, True, 1.5, "0", 2**70):
            with pytest.raises(InvalidSeatError, match="legal_commands takes a player"):
                legal_commands(state, bad)  # type: ignore[arg-type]  # refused at run time
