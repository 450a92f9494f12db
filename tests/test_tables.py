"""``str()`` of a state or a view: a readable table, and a view's shows only what its seat knows."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_poker.core.cards import Card, Face, parse_card
from chicago_poker.core.commands import SendReinforcement
from chicago_poker.core.tables import display_name, format_state, format_view
from chicago_poker.core.views import view
from chicago_poker.formats.notation import parse_position
from scenarios import AL, BUGS, run
from test_views import (
    all_cards,
    draw_twin,
    final_state,
    games,
    gangster,
    known_cards,
    tied,
)

CARD_TEXT = re.compile(
    r"(?<![0-9A-Za-z])(?:1[0-5]|[1-9])[RYGBP](?![0-9A-Za-z])"
    r"|Liquidation|PoliceRaid[12]|Limousine|Revolver|Bribery"
)

POSITION = """\
chicago-poker position 1
player Al hand=9R,12B,Revolver controls=Brewery#2
player Bugs hand=1G,7Y seen=Speakeasy#1:0:8G
player Capone hand=4B controls=JazzClub#3
player Dutch hand=3B,10R
turn seat=2 number=10 taken=1
business Speakeasy#1 8G,3R,11P,11Y 5B,2P,10G - 6R
business GamblingHouse#2 4R,6B,14G,2Y,15R@0 4Y,6P 14B,14P,1R -
business JazzClub#1 - 12G,12Y,13B,5R 7G 9B,9P,2G,3G
discard Bribery
game markers=1
"""


def cards_named(text: str) -> set[Card]:
    """Every card whose text form stands alone somewhere in ``text``."""
    return {parse_card(match) for match in CARD_TEXT.findall(text)}


@pytest.mark.rule("R-2.4", "R-4.3", "R-4.4", "R-5.3")
@settings(max_examples=60, deadline=None)
@given(game=games, data=st.data())
def test_states_a_seat_cannot_tell_apart_give_the_same_view_table(
    game: tuple[int, int], data: st.DataObject
) -> None:
    state = final_state(game)
    seat, altered = draw_twin(data, state)
    assert str(view(altered, seat)) == str(view(state, seat))


@pytest.mark.rule("R-2.4", "R-4.3", "R-4.4", "R-5.3", "R-3.11")
@settings(max_examples=60, deadline=None)
@given(game=games)
def test_a_view_table_names_no_card_hidden_from_its_seat(game: tuple[int, int]) -> None:
    state = final_state(game)
    for seat in [None, *range(len(state.players))]:
        named = cards_named(str(view(state, seat)))
        assert not named & (all_cards(state) - known_cards(state, seat))


@settings(max_examples=60, deadline=None)
@given(game=games)
def test_a_state_table_shows_every_hand_and_every_card_at_the_businesses(
    game: tuple[int, int],
) -> None:
    state = final_state(game)
    placed = {card for b in state.businesses for column in b.columns for card in column.cards}
    held = {card for player in state.players for card in player.hand}
    assert placed | held | state.discard_pile <= cards_named(str(state))


def test_a_view_table_shows_the_own_hand_and_only_the_size_of_the_others() -> None:
    state = parse_position(POSITION)
    lines = str(view(state, 1)).splitlines()
    assert "  Bugs    hand 2: 1G 7Y · controls nothing" in lines
    assert "  Al      hand 3 · controls Brewery #2" in lines
    assert "▶ Capone  hand 1 · controls Jazz Club #3" in lines


def test_a_view_table_shows_the_back_of_a_face_down_card_and_a_raided_card_face() -> None:
    state = parse_position(POSITION)
    speakeasy = str(view(state, 1)).split("Speakeasy #1")[1].split("\n\n")[0]
    # Al's first two cards lie face down: Bugs saw 8G with a Police Raid, not 3R.
    assert speakeasy.splitlines()[1].split() == ["Al", "(8G)", "(▒▒▒)", "11P", "11Y"]
    assert "(3R)" in format_state(state)


@pytest.mark.rule("R-4.2")
def test_a_table_shows_each_business_with_its_placement_pattern_and_the_markers() -> None:
    state = parse_position(POSITION)
    lines = str(view(state, None)).splitlines()
    for business in state.businesses:
        heading = next(line for line in lines if line.startswith(business.tile.name))
        signs = [char for char in heading if char in "▲▼"]
        assert signs == ["▲" if face is Face.UP else "▼" for face in business.tile.pattern]
    al_at_gambling_house = lines[lines.index(next(x for x in lines if "Gambling" in x)) + 1]
    assert al_at_gambling_house.endswith("marker #0")


def test_a_spectator_table_says_whose_view_it_is_and_has_no_hand() -> None:
    text = format_view(view(parse_position(POSITION), None))
    assert text.splitlines()[0] == "Turn 11: Capone to play (2 actions left) · seen by a spectator"
    assert "hand 3:" not in text


def test_names_that_could_break_the_table_are_escaped() -> None:
    for name in ["Al\x1b[2J\nCapone", "\x1b" * 40, "Bugs\u202e"]:
        shown = display_name(name)
        assert shown.isprintable()
        assert len(shown) <= 16
    assert display_name("Al\x1b[2J\nCapone").startswith("Al\\x1b[2J\\n")


def test_repr_stays_the_constructor_form() -> None:
    state = parse_position(POSITION)
    assert repr(state).startswith("GameState(options=RuleOptions(")
    assert repr(view(state, 0)).startswith("PlayerView(seat=0, ")


@pytest.mark.rule("R-6.3", "R-6.7.2")
def test_a_shootout_shows_who_chose_a_reinforcement_and_only_the_own_choice() -> None:
    state, _ = run(tied(), SendReinforcement(AL, gangster("12R")))
    mine, theirs = str(view(state, AL)), str(view(state, BUGS))
    assert "Speakeasy #1" in mine
    assert "(shootout: every card face up)" in mine
    assert "tied: Al, Bugs; Al sends 12R" in mine
    assert "tied: Al, Bugs; Al has chosen" in theirs
    assert "12R" not in theirs
