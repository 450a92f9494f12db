"""The form of commands: every field holds a value of its declared type (commands.check_form).

The engine is handed commands by front ends, which may build them from untyped input. A
value of the wrong type must get a reason, not a ``TypeError`` from inside the rules, nor a
game whose log this library cannot read back (a seat of ``True`` is written ``true``).
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_poker.core import commands as commands_module
from chicago_poker.core.cards import BUSINESS_TILES, full_deck, parse_card, parse_tile
from chicago_poker.core.commands import (
    Command,
    DealCard,
    DrawCard,
    PlayBribery,
    PlayGangster,
    PlayLimousine,
    PlayLiquidation,
    PlayPoliceRaid,
    RevealTile,
    SendReinforcement,
    StartGame,
    check_form,
    formed,
)
from chicago_poker.core.decide import decide
from chicago_poker.core.errors import IllegalCommand
from chicago_poker.core.events import DrawRequested
from chicago_poker.core.rules import RuleOptions
from chicago_poker.formats.log import (
    COMMAND_TYPES,
    LogFormatError,
    dump_command,
    dump_event,
    load_command,
    load_event,
)
from chicago_poker.players.game import Game
from random_games import random_game
from scenarios import NAMES

SPEAKEASY = parse_tile("Speakeasy#1")
BREWERY = parse_tile("Brewery#1")
ONE_GREEN = parse_card("1G")
HANDS = tuple(tuple(full_deck()[seat * 5 : seat * 5 + 5]) for seat in range(2))


def made(cls: type, *values: object) -> Any:
    """An instance of ``cls`` holding ``values``, whatever their types (as untyped code may)."""
    return cls(*values)


def unchecked(cls: type, *values: object) -> Any:
    """An instance of ``cls`` holding ``values``, built past its validators (as ``evolve`` with
    validators disabled, or ``object.__setattr__``, may)."""
    with attrs.validators.disabled():
        return cls(*values)


def start(**changes: Any) -> StartGame:
    command = StartGame(NAMES[:2], HANDS, (SPEAKEASY, BREWERY))
    return attrs.evolve(command, **changes)


def test_every_command_of_played_games_has_its_form() -> None:
    seen: set[type] = set()
    for players, seed in ((2, 1), (4, 2), (6, 3)):
        for entry in random_game(
            players, RuleOptions(optional_reinforcement=True), seed=seed
        ).history:
            check_form(entry.command)
            seen.add(type(entry.command))
    assert len(seen) >= 10  # the games use most kinds of command, chance included


def test_every_command_type_has_a_form_for_each_of_its_fields() -> None:
    from chicago_poker.core.commands import _FORMS

    assert set(_FORMS) == set(COMMAND_TYPES)
    for cls, form in _FORMS.items():
        assert [name for name, *_ in form] == [field.name for field in attrs.fields(cls)]


@pytest.mark.parametrize(
    ("command", "rule", "message"),
    [
        pytest.param(
            made(DrawCard, True),
            "R-2.1",
            "DrawCard.player must be a seat number (an int), not True.",
            id="seat-bool",
        ),
        pytest.param(made(DrawCard, 0.0), "R-2.1", "not 0.0.", id="seat-float"),
        pytest.param(made(DrawCard, "0"), "R-2.1", "not '0'.", id="seat-text"),
        pytest.param(made(DrawCard, None), "R-2.1", "not None.", id="seat-none"),
        pytest.param(
            made(PlayGangster, 0, "1G", SPEAKEASY),
            "R-1.3",
            "PlayGangster.card must be a card, not '1G'.",
            id="card-text",
        ),
        pytest.param(
            made(PlayGangster, 0, ONE_GREEN, "Speakeasy#1"),
            "R-1.4",
            "PlayGangster.business must be a business tile, not 'Speakeasy#1'.",
            id="tile-text",
        ),
        pytest.param(
            made(PlayLiquidation, 0, SPEAKEASY, True),
            "R-2.1",
            "PlayLiquidation.victim must be a seat number (an int), not True.",
            id="victim-bool",
        ),
        pytest.param(
            made(PlayPoliceRaid, 0, None, 1),
            "R-1.4",
            "PlayPoliceRaid.business must be a business tile, not None.",
            id="tile-none",
        ),
        pytest.param(
            made(PlayLimousine, 0, SPEAKEASY, BREWERY, [ONE_GREEN]),
            "R-1.3",
            "PlayLimousine.cards must be a tuple of cards, not [GangsterCard(1, Color.GREEN)].",
            id="limousine-list",
        ),
        pytest.param(
            made(PlayBribery, 0, ["1G"]),
            "R-1.3",
            "PlayBribery.card must be a card, not ['1G'].",
            id="card-unhashable",
        ),
        pytest.param(
            made(SendReinforcement, 0, 7),
            "R-1.3",
            "SendReinforcement.card must be a card, not 7.",
            id="reinforcement-number",
        ),
        pytest.param(made(DealCard, "x" * 1000), "R-1.3", "'xxxxxxxxx", id="long-text-shortened"),
        pytest.param(
            made(RevealTile, 3), "R-1.4", "RevealTile.tile must be a business tile", id="tile"
        ),
        pytest.param(
            DrawRequested(0),
            "R-3.2",
            "DrawRequested(player=0) is not a command: an action draws or plays a card.",
            id="an-event",
        ),
        pytest.param("DrawCard", "R-3.2", "'DrawCard' is not a command", id="text"),
    ],
)
def test_a_command_of_the_wrong_form_is_refused_with_its_field(
    command: Any, rule: str, message: str
) -> None:
    game = Game.new(NAMES[:2], seed=1)
    before = (game.state, game.history)
    with pytest.raises(IllegalCommand) as refused:
        game.execute(command)
    assert refused.value.rule == rule
    assert message in refused.value.message
    assert len(refused.value.message) < 200
    assert (game.state, game.history) == before


@pytest.mark.parametrize(
    ("changes", "rule", "message"),
    [
        ({"players": ["Al", "Bugs"]}, "R-2.2", "StartGame.players must be a tuple of names"),
        ({"players": ("Al", 2)}, "R-2.2", "StartGame.players must be a tuple of names"),
        ({"hands": [list(hand) for hand in HANDS]}, "R-2.3", "StartGame.hands must be a tuple"),
        ({"hands": (HANDS[0], ("1G",) * 5)}, "R-2.3", "StartGame.hands must be a tuple"),
        ({"businesses": ("Speakeasy#1", BREWERY)}, "R-2.5", "StartGame.businesses must be"),
        ({"first_player": True}, "R-2.7", "StartGame.first_player must be a seat number"),
        ({"options": None}, "R-9.1", "StartGame.options must be a RuleOptions of bools"),
        (
            {"options": unchecked(RuleOptions, 1)},
            "R-9.1",
            "StartGame.options must be a RuleOptions of bools, not RuleOptions(tactical=1,",
        ),
    ],
)
def test_a_set_up_of_the_wrong_form_is_refused(
    changes: dict[str, Any], rule: str, message: str
) -> None:
    decide(None, start())  # the set-up changed below is itself legal
    with pytest.raises(IllegalCommand) as refused:
        decide(None, start(**changes))
    assert refused.value.rule == rule
    assert refused.value.message.startswith(message)


# A JSON value for each field of a command: mostly of the right type, so that many commands
# read, and otherwise anything a careless or hostile writer might put there.
CARD_TEXTS = [str(card) for card in full_deck()]
TILE_TEXTS = [str(tile) for tile in BUSINESS_TILES]
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 9),
    st.floats(allow_nan=False),
    st.text(max_size=4),
    st.sampled_from(CARD_TEXTS + TILE_TEXTS),
    st.lists(st.integers(0, 3), max_size=2),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=1),
)


def mostly(
    good: st.SearchStrategy[Any], junk: st.SearchStrategy[Any] | None = None
) -> st.SearchStrategy[Any]:
    """``good`` three times in four, else ``junk`` (by default, JSON junk)."""
    bad = JUNK if junk is None else junk
    return st.integers(0, 3).flatmap(lambda n: good if n else bad)


CARD = st.sampled_from(CARD_TEXTS)
TILE = st.sampled_from(TILE_TEXTS)
GOOD: dict[str, st.SearchStrategy[Any]] = {
    "seat": st.integers(-1, 6),
    "card": CARD,
    "tile": TILE,
    "cards": st.lists(mostly(CARD), max_size=5),
    "names": st.lists(mostly(st.text(max_size=3)), min_size=1, max_size=3),
    "hands": st.lists(st.lists(mostly(CARD), max_size=5), max_size=3),
    "tiles": st.lists(mostly(TILE), max_size=3),
    "options": st.fixed_dictionaries(
        {option.name: mostly(st.booleans()) for option in attrs.fields(RuleOptions)}
    ),
}
FIELD_KINDS = {
    "player": "seat",
    "victim": "seat",
    "target": "seat",
    "first_player": "seat",
    "card": "card",
    "tile": "tile",
    "business": "tile",
    "source": "tile",
    "destination": "tile",
    "cards": "cards",
    "players": "names",
    "hands": "hands",
    "businesses": "tiles",
    "options": "options",
}


@st.composite
def command_objects(draw: st.DrawFn) -> dict[str, Any]:
    cls = draw(st.sampled_from(COMMAND_TYPES))
    obj: dict[str, Any] = {"type": cls.__name__}
    for field in attrs.fields(cls):
        obj[field.name] = draw(mostly(GOOD[FIELD_KINDS[field.name]]))
    return obj


@settings(max_examples=400)
@given(obj=command_objects())
def test_a_command_read_from_json_always_has_its_form(obj: dict[str, Any]) -> None:
    """What the log reader accepts passes check_form: the validator relies on it."""
    try:
        command: Command = load_command(json.dumps(obj))
    except LogFormatError:
        return
    check_form(command)


# Python values for the fields of a command built by untyped code: mostly plausible (seats
# at the table, cards of the deck, tiles), otherwise anything.
ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 7),
    st.floats(-1, 7),
    st.text(max_size=3),
    st.sampled_from(CARD_TEXTS + TILE_TEXTS),
    st.lists(st.sampled_from(full_deck()), max_size=2),
)
PYTHON_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "seat": st.integers(0, 3),
    "card": st.sampled_from(full_deck()),
    "tile": st.sampled_from(BUSINESS_TILES),
    "cards": st.lists(st.sampled_from(full_deck()), max_size=5).map(tuple),
    "names": st.lists(st.sampled_from(["Al", "Bugs", "Capone", " "]), max_size=4).map(tuple),
    "hands": st.just(HANDS),
    "tiles": st.lists(st.sampled_from(BUSINESS_TILES), max_size=3).map(tuple),
    "options": st.builds(RuleOptions, *(st.booleans() for _ in attrs.fields(RuleOptions))),
}


def retyped(value: Any) -> list[Any]:
    """The same value as another type: how untyped code gets a field wrong while meaning well."""
    if isinstance(value, int):
        return [bool(value) if value in (0, 1) else None, float(value), str(value)]
    if isinstance(value, tuple):
        return [list(value), tuple(map(str, value))]
    return [str(value), None]


@st.composite
def games_and_commands(draw: st.DrawFn) -> tuple[Game, Any]:
    """A game of 2 to 4 players some way in, and a command of any form for it."""
    players, seed = draw(st.integers(2, 4)), draw(st.integers(0, 999))
    game = random_game(players, RuleOptions(), seed=seed, commands=draw(st.integers(0, 80)))
    state = game.state
    acting = state.turn.player
    plausible = {
        **PYTHON_VALUES,
        "seat": st.sampled_from([acting, acting, *range(players)]),
        "card": st.sampled_from(sorted(state.players[acting].hand, key=str) or full_deck()),
        "tile": st.sampled_from([business.tile for business in state.businesses]),
    }
    legal = game.legal_commands()
    from_legal: bool = draw(st.booleans())
    if legal and from_legal:  # a legal command, with at most one field changed
        base = draw(st.sampled_from(legal))
        cls: type = type(base)
        values = [getattr(base, field.name) for field in attrs.fields(cls)]
        changed = draw(st.integers(-1, len(values) - 1))
        if changed >= 0:
            kind = FIELD_KINDS[attrs.fields(cls)[changed].name]
            value = values[changed]
            ways = [plausible[kind], st.sampled_from(retyped(value)), ODD_VALUES]
            values[changed] = draw(ways[draw(st.integers(0, 2))])
    else:  # any command, every field drawn
        cls = draw(st.sampled_from(COMMAND_TYPES))
        values = [
            draw(mostly(plausible[FIELD_KINDS[field.name]], ODD_VALUES))
            for field in attrs.fields(cls)
        ]
    return game, made(cls, *values)


@settings(max_examples=500, deadline=None)
@given(case=games_and_commands())
def test_whatever_a_command_holds_the_engine_refuses_it_or_logs_it_faithfully(
    case: tuple[Game, Any],
) -> None:
    """decide raises nothing but IllegalCommand, and what it accepts round-trips in a log."""
    game, command = case
    try:
        events = decide(game.state, command)
    except IllegalCommand:
        return
    assert load_command(dump_command(command)) == command
    for event in events:
        assert load_event(dump_event(event)) == event


def test_formed_checks_once_and_refuses_what_check_form_refuses() -> None:
    """A command from formed() passes check_form; a malformed one is refused, not kept."""
    check_form(formed(DrawCard(1)))
    with pytest.raises(IllegalCommand, match=r"DrawCard.player must be a seat number"):
        formed(DrawCard(True))  # True is an int to mypy, not a seat to the engine
    twin = DrawCard(True)  # equal to the refused one, perhaps at its address: refused too
    with pytest.raises(IllegalCommand, match=r"DrawCard.player must be a seat number"):
        check_form(twin)


def test_the_commands_legal_commands_lists_are_checked_once() -> None:
    """Giving back a listed command skips its form check: legal_commands made it by formed()."""
    game = Game.new(["Al", "Bugs"], seed=3)
    listed = game.legal_commands()
    assert listed
    assert all(id(command) in commands_module._FORMED for command in listed)
