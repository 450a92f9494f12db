"""Every shootout ends, whatever the players send and however the cards fall (R-6.7.7).

Without R-6.7.7 a tie-break can repeat forever: with the draw deck and the discard pile empty,
two tied players who each hold one 15 must send it (D-28), the reveal ties, and the replacement
draws reshuffle exactly those two cards and deal them back (D-45). The position is written
below in the position notation, and played; the property then drives tie-breaks from many
such states with a policy that sends, whenever it can, a value another tied player holds too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from chicago_poker.core.cards import BUSINESS_TILES, GANGSTER_CARDS, Card, Color, GangsterCard
from chicago_poker.core.commands import Command, SendReinforcement
from chicago_poker.core.decide import follow_up, step
from chicago_poker.core.events import (
    Event,
    ReinforcementsRevealed,
    ShootoutStarted,
    ShootoutVoided,
    ShootoutWon,
)
from chicago_poker.core.legal import Awaiting, awaiting, legal_commands
from chicago_poker.core.rules import FACE_UP_BUSINESSES, TIE_BREAK_REVEALS, RuleOptions
from chicago_poker.core.state import Business, Column, GameState, PlayerState, Turn, TurnPhase
from chicago_poker.formats.notation import parse_position
from chicago_poker.players.game import Dealer
from scenarios import NAMES

ENDLESS = """\
chicago-poker position 1
options tactical
player Al hand=15R
player Bugs hand=15Y
player Capone hand=15G
player Dutch hand=15B
player Eddie hand=15P
turn seat=0 number=40 phase=shootouts
business Speakeasy#1 2R,4R,6R,8R,10Y@1 2Y,4Y,6Y,8Y,10R@2 - - -
business JazzClub#1 1R,1Y,1G,1B 1P,2G,2B,2P 3R,3Y,3G,3B 3P,4G,4B,4P 5R,5Y,5G,5B
business Brewery#1 5P,6G,6B,6P 7R,7Y,7G,7B 7P,8G,8B,8P 9R,9Y,9G,9B 9P,10G,10B,10P
business GamblingHouse#1 11R,11Y,11G,11B 11P,12R,12Y,12G 12B,12P,13R,13Y 13G,13B,13P,14R 14Y,14G,14B,14P
discard -
draw -
"""  # noqa: E501
"""Five players, the tactical variant, no card to draw or discarded, and a tie at the
speakeasy between Al and Bugs (high card 10, 8, 6, 4, 2), who each hold one 15."""


def tie_seeker(state: GameState, legal: Sequence[Command], rng: random.Random) -> Command:
    """Keep the tie going: send a value another tied player holds too, never decline."""
    sends = [command for command in legal if isinstance(command, SendReinforcement)]
    if not sends:
        return rng.choice(legal)
    shootout = state.shootout
    assert shootout is not None
    held = {
        card.value
        for seat in shootout.contenders
        if seat != sends[0].player
        for card in state.players[seat].hand
        if isinstance(card, GangsterCard)
    }
    matching = [command for command in sends if command.card.value in held]
    return rng.choice(matching or sends)


def play_shootouts(
    state: GameState, rng: random.Random, limit: int
) -> tuple[GameState, list[Event], int]:
    """Play the shootouts that start the turn, up to ``limit`` commands; chance is seeded.

    Returns the state once the turn reaches its actions (or the game is over, or the limit is
    reached), the events and the number of commands given.
    """
    dealer = Dealer(rng.getrandbits(32))
    state, started = follow_up(state)
    events: list[Event] = list(started)
    for count in range(limit):
        if state.is_over or state.turn.phase is not TurnPhase.SHOOTOUTS:
            return state, events, count
        chance = dealer.outcome(state)
        command = chance if chance is not None else tie_seeker(state, legal_commands(state), rng)
        state, caused = step(state, command)
        events += caused
    return state, events, limit


def reveals_per_shootout(events: Sequence[Event]) -> list[int]:
    """How many reveals each shootout of ``events`` had."""
    counts: list[int] = []
    for item in events:
        if isinstance(item, ShootoutStarted):
            counts.append(0)
        elif isinstance(item, ReinforcementsRevealed):
            counts[-1] += 1
    return counts


def shootout_commands(players: int) -> int:
    """The most commands of one shootout: each reveal follows a choice of every tied player
    and a replacement card for each, then a new tile (R-8.8)."""
    return TIE_BREAK_REVEALS * 2 * players + 1


@pytest.mark.rule("R-6.7.7", "R-6.7.6", "R-8.8")
def test_the_endless_tie_break_ends_without_a_winner_after_ten_reveals() -> None:
    state = parse_position(ENDLESS)
    speakeasy = state.businesses[0]
    at_the_business = {card for column in speakeasy.columns for card in column.cards}
    after, events, commands = play_shootouts(state, random.Random(0), limit=1000)
    assert after.turn.phase is TurnPhase.ACTIONS, "the tie-break did not end"
    assert reveals_per_shootout(events) == [TIE_BREAK_REVEALS]
    revealed = [item for item in events if isinstance(item, ReinforcementsRevealed)]
    assert all(item.contenders == (0, 1) for item in revealed)  # tied every time: two 15s
    assert events[-2:] == [ShootoutVoided(speakeasy.tile), events[-1]]
    assert not any(isinstance(item, ShootoutWon) for item in events)
    assert after.businesses[0].tile == speakeasy.tile  # the tile stays, unowned
    assert all(not column.cards for column in after.businesses[0].columns)
    assert at_the_business <= after.discard_pile
    hands = after.players[0].hand | after.players[1].hand
    assert {card.value for card in hands if isinstance(card, GangsterCard)} == {15}
    assert len(hands) == 2
    assert commands <= shootout_commands(5)


@st.composite
def tie_states(draw: st.DrawFn) -> GameState:
    """A turn about to resolve a shootout whose hands tie, with few cards left to draw.

    Two to five players hold the same values at the first business in different colours (no
    flush, so the hands tie exactly); each tied player holds one to three gangster cards of
    values the others hold too. Half the time the draw deck and the discard pile are empty.
    """
    count = draw(st.integers(2, 6))
    tied = draw(st.integers(2, min(count, 5)))
    values = draw(st.lists(st.integers(1, 15), min_size=5, max_size=5, unique=True))
    colors = list(Color)
    columns = [
        tuple(GangsterCard(value, colors[(seat + index) % 5]) for index, value in enumerate(values))
        for seat in range(tied)
    ]
    free = [card for card in GANGSTER_CARDS if card.value not in values]
    held = draw(st.lists(st.sampled_from(sorted({card.value for card in free})), min_size=1))
    hands: list[set[Card]] = [set() for _ in range(count)]
    for seat in range(tied):
        for value in held[: draw(st.integers(1, 3))]:
            matching = [card for card in free if card.value == value]
            if matching:
                card = draw(st.sampled_from(matching))
                free.remove(card)
                hands[seat].add(card)
    piles = st.just(0) if draw(st.booleans()) else st.integers(0, 3)
    rest = draw(st.permutations(free))
    draw_pile = frozenset(rest[: draw(piles)])
    discard_pile = frozenset(rest[len(draw_pile) : len(draw_pile) + draw(piles)])
    tiles = draw(st.permutations(BUSINESS_TILES))
    in_play = tiles[: FACE_UP_BUSINESSES[count]]
    first = Business(
        in_play[0],
        tuple(
            Column(columns[seat], seat + 1) if seat < tied else Column() for seat in range(count)
        ),
    )
    return GameState(
        options=RuleOptions(
            tactical=draw(st.booleans()), optional_reinforcement=draw(st.booleans())
        ),
        players=tuple(PlayerState(NAMES[seat], frozenset(hands[seat])) for seat in range(count)),
        first_player=0,
        turn=Turn(0, 20, TurnPhase.SHOOTOUTS),
        draw_pile=draw_pile,
        discard_pile=discard_pile,
        tile_pile=frozenset(tiles[len(in_play) :]),
        businesses=(
            first,
            *(Business(tile, (Column(),) * count) for tile in in_play[1:]),
        ),
        markers_placed=tied,
    )


@pytest.mark.rule("R-6.7.7", "R-6.7.4", "R-8.8")
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=tie_states(), seed=st.integers(0, 2**32))
def test_every_tie_break_ends_within_the_reveals_the_specification_allows(
    state: GameState, seed: int
) -> None:
    assert awaiting(state) is not Awaiting.ACTION
    players = len(state.players)
    limit = shootout_commands(players) + 1
    after, events, commands = play_shootouts(state, random.Random(seed), limit)
    assert after.is_over or after.turn.phase is not TurnPhase.SHOOTOUTS, "no end"
    assert commands <= shootout_commands(players)
    reveals = reveals_per_shootout(events)
    assert reveals
    assert max(reveals) <= TIE_BREAK_REVEALS
    event(f"most reveals: {max(reveals)}")
    if reveals[0] == TIE_BREAK_REVEALS and not any(isinstance(e, ShootoutWon) for e in events):
        assert any(isinstance(e, ShootoutVoided) for e in events)
