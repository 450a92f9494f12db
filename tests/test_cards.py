"""Tests for chicago_poker.core.cards: components (R-1), placement (R-4.2), variant deck (R-9.1)."""

from __future__ import annotations

import copy
import pickle
import re
from collections import Counter

import attrs
import cattrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_poker import (
    BUSINESS_TILES,
    GANGSTER_CARDS,
    SPECIAL_CARDS,
    BusinessKind,
    BusinessTile,
    Card,
    CardParseError,
    ChicagoPokerError,
    Color,
    Face,
    GangsterCard,
    InvalidCardError,
    InvalidPositionError,
    InvalidTileError,
    SpecialCard,
    SpecialKind,
    TileParseError,
    full_deck,
    parse_card,
    parse_tile,
    tactical_deck,
)

UP, DOWN = Face.UP, Face.DOWN
ALL_CARDS = full_deck()
CARD_TEXTS = [str(card) for card in ALL_CARDS]
TILE_TEXTS = [str(tile) for tile in BUSINESS_TILES]


# --- components --------------------------------------------------------------------------


@pytest.mark.rule("R-1.1")
def test_there_are_75_gangster_cards_one_of_each_value_and_colour() -> None:
    pairs = Counter((card.value, card.color) for card in GANGSTER_CARDS)
    assert len(GANGSTER_CARDS) == 75
    assert set(pairs) == {(value, color) for value in range(1, 16) for color in Color}
    assert set(pairs.values()) == {1}


@pytest.mark.rule("R-1.1")
@pytest.mark.parametrize("value", [0, 16, -1, 100])
def test_gangster_values_outside_1_to_15_do_not_exist(value: int) -> None:
    with pytest.raises(InvalidCardError, match="gangster values run from 1 to 15") as error:
        GangsterCard(value, Color.RED)
    assert error.value.rule == "R-1.1"


@pytest.mark.rule("R-1.1")
@pytest.mark.parametrize(
    ("value", "color"), [("9", Color.RED), (True, Color.RED), (9.0, Color.RED), (9, "R")]
)
def test_gangster_card_fields_have_their_types(value: object, color: object) -> None:
    with pytest.raises(TypeError):
        GangsterCard(value, color)  # type: ignore[arg-type]  # the wrong types under test


@pytest.mark.rule("R-1.2")
def test_there_are_six_special_cards_two_of_them_police_raids() -> None:
    kinds = Counter(card.kind for card in SPECIAL_CARDS)
    assert len(SPECIAL_CARDS) == 6
    assert kinds == {
        SpecialKind.POLICE_RAID: 2,
        SpecialKind.LIQUIDATION: 1,
        SpecialKind.LIMOUSINE: 1,
        SpecialKind.REVOLVER: 1,
        SpecialKind.BRIBERY: 1,
    }
    assert {card.copy for card in SPECIAL_CARDS if card.kind is SpecialKind.POLICE_RAID} == {1, 2}


@pytest.mark.rule("R-1.2")
@pytest.mark.parametrize(
    ("kind", "copy_number", "message"),
    [
        (SpecialKind.POLICE_RAID, 3, "holds two, PoliceRaid1 and PoliceRaid2"),
        (SpecialKind.POLICE_RAID, 0, "holds two"),
        (SpecialKind.REVOLVER, 2, "holds only one"),
    ],
)
def test_special_cards_beyond_the_deck_do_not_exist(
    kind: SpecialKind, copy_number: int, message: str
) -> None:
    with pytest.raises(InvalidCardError, match=message) as error:
        SpecialCard(kind, copy_number)
    assert error.value.rule == "R-1.2"


@pytest.mark.rule("R-1.3")
def test_the_deck_is_the_75_gangster_cards_and_the_6_special_cards() -> None:
    assert len(ALL_CARDS) == 81
    assert len(set(ALL_CARDS)) == 81
    assert ALL_CARDS == GANGSTER_CARDS + SPECIAL_CARDS


@pytest.mark.rule("R-9.1")
def test_the_tactical_deck_is_the_gangster_cards_only() -> None:
    deck = tactical_deck()
    assert len(deck) == 75
    assert all(isinstance(card, GangsterCard) for card in deck)
    assert set(deck) == set(GANGSTER_CARDS)


@pytest.mark.rule("R-1.4")
def test_there_are_20_business_tiles_five_of_each_kind() -> None:
    kinds = Counter(tile.kind for tile in BUSINESS_TILES)
    assert len(BUSINESS_TILES) == len(set(BUSINESS_TILES)) == 20
    assert kinds == dict.fromkeys(BusinessKind, 5)
    assert {tile.number for tile in BUSINESS_TILES} == {1, 2, 3, 4, 5}


@pytest.mark.rule("R-1.4")
@pytest.mark.parametrize("number", [0, 6])
def test_tile_numbers_outside_1_to_5_do_not_exist(number: int) -> None:
    with pytest.raises(InvalidTileError, match="numbered 1 to 5") as error:
        BusinessTile(BusinessKind.SPEAKEASY, number)
    assert error.value.rule == "R-1.4"


@pytest.mark.rule("R-1.4")
def test_tile_fields_have_their_types() -> None:
    with pytest.raises(TypeError):
        BusinessTile("Speakeasy", 1)  # type: ignore[arg-type]  # the wrong type under test
    with pytest.raises(TypeError):
        BusinessTile(BusinessKind.SPEAKEASY, "1")  # type: ignore[arg-type]  # likewise


@pytest.mark.rule("R-1.4")
def test_tile_names_and_text() -> None:
    names = {str(tile): tile.name for tile in BUSINESS_TILES if tile.number == 3}
    assert names == {
        "Speakeasy#3": "Speakeasy #3",
        "JazzClub#3": "Jazz Club #3",
        "Brewery#3": "Brewery #3",
        "GamblingHouse#3": "Gambling House #3",
    }


@pytest.mark.rule("R-1.6")
def test_the_five_colours_and_their_letters() -> None:
    assert [(color.label, color.code) for color in Color] == [
        ("red", "R"),
        ("yellow", "Y"),
        ("green", "G"),
        ("blue", "B"),
        ("purple", "P"),
    ]


@pytest.mark.rule("R-1.6")
def test_colours_have_no_rank() -> None:
    with pytest.raises(TypeError):
        assert Color.RED < Color.BLUE  # type: ignore[operator]  # no order is the point


# --- placement patterns ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "pattern"),
    [
        pytest.param(
            BusinessKind.SPEAKEASY, (DOWN, DOWN, UP, UP, UP), marks=pytest.mark.rule("R-4.2.1")
        ),
        pytest.param(
            BusinessKind.JAZZ_CLUB, (UP, UP, UP, DOWN, DOWN), marks=pytest.mark.rule("R-4.2.2")
        ),
        pytest.param(BusinessKind.BREWERY, (UP,) * 5, marks=pytest.mark.rule("R-4.2.3")),
        pytest.param(
            BusinessKind.GAMBLING_HOUSE, (UP, DOWN, UP, DOWN, UP), marks=pytest.mark.rule("R-4.2.4")
        ),
    ],
)
def test_placement_pattern(kind: BusinessKind, pattern: tuple[Face, ...]) -> None:
    assert kind.pattern == pattern
    assert tuple(kind.face_for(position) for position in range(1, 6)) == pattern
    assert all(tile.pattern == pattern for tile in BUSINESS_TILES if tile.kind is kind)
    assert kind.rule.startswith("R-4.2.")


@pytest.mark.rule("R-4.5")
@pytest.mark.parametrize("position", [0, 6, -1])
def test_there_are_only_five_positions_at_a_business(position: int) -> None:
    with pytest.raises(InvalidPositionError, match="positions 1 to 5") as error:
        BusinessKind.BREWERY.face_for(position)
    assert error.value.rule == "R-4.5"


# --- text forms --------------------------------------------------------------------------


def test_card_text_forms() -> None:
    texts = [str(card) for card in ALL_CARDS]
    assert texts[:6] == ["1R", "1Y", "1G", "1B", "1P", "2R"]
    assert texts[-8:] == [
        "15B",
        "15P",
        "Liquidation",
        "PoliceRaid1",
        "PoliceRaid2",
        "Limousine",
        "Revolver",
        "Bribery",
    ]


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_round_trips_through_its_text(card: Card) -> None:
    assert parse_card(str(card)) is card
    assert type(card).parse(str(card)) is card


@pytest.mark.parametrize("tile", BUSINESS_TILES, ids=str)
def test_every_tile_round_trips_through_its_text(tile: BusinessTile) -> None:
    assert parse_tile(str(tile)) == tile
    assert BusinessTile.parse(str(tile)) == tile


@pytest.mark.parametrize(
    ("text", "message", "rule"),
    [
        ("16R", "'16R' is not a card: gangster values run from 1 to 15", "R-1.1"),
        ("0R", "gangster values run from 1 to 15", "R-1.1"),
        ("", "the text is empty", None),
        ("09R", "without leading zeros", None),
        ("9", "must be followed by a colour letter: R, Y, G, B, P", None),
        ("9X", "'X' is not a colour letter", "R-1.6"),
        ("9r", "'r' is not a colour letter", "R-1.6"),
        ("9RR", "'RR' is not a colour letter", "R-1.6"),
        ("PoliceRaid", "say which Police Raid card: PoliceRaid1 or PoliceRaid2", None),
        ("PoliceRaid3", "there are only two Police Raid cards", "R-1.2"),
        ("Revolver1", "there is only one Revolver card", "R-1.2"),
        ("Ace", "write a gangster card as its value and colour letter", None),
        (" 9R", "write a gangster card", None),
        ("revolver", "write a gangster card", None),
    ],
)
def test_bad_card_text_says_what_is_wrong(text: str, message: str, rule: str | None) -> None:
    with pytest.raises(CardParseError, match=message) as error:
        parse_card(text)
    assert error.value.rule == rule


def test_parse_methods_check_the_kind_of_card() -> None:
    with pytest.raises(CardParseError, match="special card, not a gangster card"):
        GangsterCard.parse("Revolver")
    with pytest.raises(CardParseError, match="gangster card, not a special card"):
        SpecialCard.parse("9R")


def test_parsing_non_text_is_a_parse_error() -> None:
    with pytest.raises(CardParseError, match="not int"):
        parse_card(9)  # type: ignore[arg-type]  # the wrong type under test
    with pytest.raises(TileParseError, match="not NoneType"):
        parse_tile(None)  # type: ignore[arg-type]  # likewise


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Speakeasy#6", "tiles are numbered 1 to 5"),
        ("Casino#1", "'Casino' is not a kind of business"),
        ("Speakeasy3", "write a tile as its kind, '#' and its number"),
        ("speakeasy#3", "is not a kind of business"),
    ],
)
def test_bad_tile_text_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(TileParseError, match=message):
        parse_tile(text)


@given(st.text())
def test_parse_card_accepts_exactly_the_card_texts(text: str) -> None:
    """Invariant: parse_card returns the card written as the text, else raises CardParseError."""
    if text in CARD_TEXTS:
        assert str(parse_card(text)) == text
    else:
        with pytest.raises(CardParseError, match="^" + re.escape(f"{text!r} is not a card: ")):
            parse_card(text)


@given(st.text(alphabet="0123456789RYGBPoliceRaidLquatnmsvbBry"))
def test_parse_card_accepts_exactly_the_card_texts_near_misses(text: str) -> None:
    """Invariant: as above, for text made of the characters that cards are written with."""
    if text in CARD_TEXTS:
        assert str(parse_card(text)) == text
    else:
        with pytest.raises(CardParseError):
            parse_card(text)


@given(st.text() | st.sampled_from(TILE_TEXTS).map(lambda text: text[:-1] + "7"))
def test_parse_tile_accepts_exactly_the_tile_texts(text: str) -> None:
    """Invariant: parse_tile returns the tile written as the text, else raises TileParseError."""
    if text in TILE_TEXTS:
        assert str(parse_tile(text)) == text
    else:
        with pytest.raises(TileParseError, match="^" + re.escape(f"{text!r} is not a business")):
            parse_tile(text)


# --- value semantics ---------------------------------------------------------------------


def test_cards_are_interned() -> None:
    card = GangsterCard(9, Color.RED)
    assert card is parse_card("9R")
    assert card is GangsterCard(value=9, color=Color.RED)
    assert SpecialCard(SpecialKind.POLICE_RAID, 2) is parse_card("PoliceRaid2")
    assert SpecialCard(SpecialKind.BRIBERY) is SpecialCard(SpecialKind.BRIBERY, 1)


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_copies_and_pickles_are_the_card_itself(card: Card) -> None:
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_cards_are_immutable() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        GangsterCard(9, Color.RED).value = 10  # type: ignore[misc]  # immutability under test


def test_cards_work_as_dict_keys() -> None:
    owners = {parse_card("9R"): "Al", parse_card("Revolver"): "Bugs"}
    assert owners[GangsterCard(9, Color.RED)] == "Al"
    assert owners[SpecialCard(SpecialKind.REVOLVER)] == "Bugs"
    assert parse_card("9R") != parse_card("9Y")
    assert parse_card("9R").__eq__("9R") is NotImplemented


def test_cards_evolve_and_serialise_through_their_constructors() -> None:
    card = GangsterCard(9, Color.RED)
    three = attrs.evolve(card, value=3)  # type: ignore[call-arg]  # __new__ takes the fields
    assert three is parse_card("3R")
    assert cattrs.unstructure(card) == {"value": 9, "color": "R"}
    assert cattrs.structure({"value": 4, "color": "Y"}, GangsterCard) is parse_card("4Y")


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_repr_is_the_constructor_call(card: Card) -> None:
    namespace = {"GangsterCard": GangsterCard, "SpecialCard": SpecialCard, "Color": Color}
    namespace["SpecialKind"] = SpecialKind
    assert eval(repr(card), namespace) is card


def test_tiles_are_interned_values() -> None:
    tile = BusinessTile(BusinessKind.JAZZ_CLUB, 2)
    assert tile is parse_tile("JazzClub#2")
    assert tile == parse_tile("JazzClub#2")
    assert hash(tile) == hash(parse_tile("JazzClub#2"))
    assert tile != BusinessTile(BusinessKind.JAZZ_CLUB, 3)
    assert repr(tile) == "BusinessTile(BusinessKind.JAZZ_CLUB, 2)"
    assert tile.__eq__("JazzClub#2") is NotImplemented


@pytest.mark.parametrize("tile", BUSINESS_TILES, ids=str)
def test_copies_and_pickles_are_the_tile_itself(tile: BusinessTile) -> None:
    assert copy.copy(tile) is tile
    assert copy.deepcopy(tile) is tile
    assert pickle.loads(pickle.dumps(tile)) is tile
    namespace = {"BusinessTile": BusinessTile, "BusinessKind": BusinessKind}
    assert eval(repr(tile), namespace) is tile


def test_cards_sort_by_value_then_colour_then_specials() -> None:
    assert sorted(reversed(ALL_CARDS)) == list(ALL_CARDS)
    assert parse_card("9P") < parse_card("10R") < parse_card("Liquidation")
    assert parse_card("Bribery") > parse_card("15P")
    assert parse_card("9R") <= parse_card("9R")
    assert parse_card("9R") >= parse_card("9R")


def test_a_cards_order_is_its_place_in_the_display_order() -> None:
    assert [card.order for card in ALL_CARDS] == list(range(81))
    assert sorted(reversed(ALL_CARDS), key=lambda card: card.order) == list(ALL_CARDS)
    assert parse_card("1R").order == 0
    assert parse_card("Bribery").order == 80


def test_tiles_sort_by_kind_then_number() -> None:
    assert sorted(reversed(BUSINESS_TILES)) == list(BUSINESS_TILES)


@given(st.sampled_from(ALL_CARDS), st.sampled_from(ALL_CARDS))
def test_card_order_is_total(a: Card, b: Card) -> None:
    """Invariant: any two cards are equal or exactly one sorts before the other."""
    assert [a < b, a == b, a > b].count(True) == 1
    assert (a <= b) == (a < b or a == b)
    assert (a >= b) == (a > b or a == b)


def test_cards_do_not_compare_with_other_things() -> None:
    with pytest.raises(TypeError):
        assert parse_card("9R") < 9


def test_errors_are_value_errors_of_the_library() -> None:
    for error_type in (CardParseError, TileParseError, InvalidCardError, InvalidTileError):
        assert issubclass(error_type, ChicagoPokerError)
        assert issubclass(error_type, ValueError)
    assert ChicagoPokerError("plain").rule is None
