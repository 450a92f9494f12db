"""JSON first (chicago_poker.formats.jsonio): round trips, the published schemas, and bad data.

Every state, view, command and event of random games goes to JSON-ready data, through JSON
text, and back to an equal object; the data validates against the schema published for it;
the schemas and the readers refuse the same broken data, each naming what is wrong.
"""

from __future__ import annotations

import copy
import doctest
import functools
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chicago_poker
from chicago_poker.core.apply import apply
from chicago_poker.core.commands import DrawCard, PlayGangster
from chicago_poker.core.errors import ArgumentTypeError, ChicagoPokerError, JSONFormatError
from chicago_poker.core.legal import legal_commands
from chicago_poker.core.redacted_events import RedactedCardDrawn
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState
from chicago_poker.core.views import view
from chicago_poker.formats.jsonio import (
    JSONObject,
    command_from_json,
    commands_from_json,
    event_from_json,
    seen_command_from_json,
    seen_event_from_json,
    state_from_json,
    to_json,
    view_from_json,
)
from chicago_poker.formats.log import dump_command, dump_event, dump_seen, redact_entries
from chicago_poker.formats.schemas import command_schema, event_schema, state_schema, view_schema
from chicago_poker.players.game import Game
from random_games import random_game

DOCS = Path(__file__).parent.parent / "docs"

options_strategy = st.builds(
    RuleOptions, st.booleans(), st.booleans(), st.booleans(), st.booleans(), st.booleans()
)


def games() -> st.SearchStrategy[Game]:
    """Random games: 2 to 6 players, any options, stopped after 0 to 400 commands."""
    return st.builds(
        random_game,
        players=st.integers(2, 6),
        options=options_strategy,
        seed=st.integers(0, 2**32),
        commands=st.integers(0, 400),
    )


def viewers(game: Game) -> list[int | None]:
    return [None, *range(len(game.state.players))]


def through_text(data: object) -> Any:
    """``data`` written as JSON text and read back, as a front end receives it."""
    return json.loads(json.dumps(data))


def assert_json_ready(data: object, path: str = "$") -> None:
    """Only dicts with string keys, lists, strings, integers, booleans and None."""
    if isinstance(data, dict):
        for key, value in data.items():
            assert type(key) is str, f"{path}: key {key!r}"
            assert_json_ready(value, f"{path}.{key}")
    elif isinstance(data, list):
        for index, item in enumerate(data):
            assert_json_ready(item, f"{path}[{index}]")
    else:
        assert data is None or type(data) in (str, int, bool), f"{path}: {data!r}"


def compact(data: object) -> str:
    """``data`` as the JSON text of a log line: no spaces, non-ASCII characters as they are."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def validator(schema: dict[str, Any], definition: str | None = None) -> Any:
    """A validator of ``schema``, or of one of its ``$defs``."""
    if definition is not None:
        schema = {**schema, "$ref": f"#/$defs/{definition}"}
    return jsonschema.Draft202012Validator(schema)


STATE = validator(state_schema())
VIEW = validator(view_schema())
COMMAND = validator(command_schema())
COMMANDS = validator(command_schema(), "Commands")
SEEN_COMMAND = validator(command_schema(), "SeenCommand")
EVENT = validator(event_schema())
SEEN_EVENT = validator(event_schema(), "SeenEvent")


# --------------------------------------------------------------------------- round trips


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_states_views_and_legal_commands_round_trip(game: Game) -> None:
    state: GameState | None = None
    for entry in game.history:  # every state the game went through
        for event in entry.events:
            state = apply(state, event)
        assert state is not None
        assert state_from_json(through_text(to_json(state))) == state
    state = game.state
    data = to_json(state)
    assert_json_ready(data)
    assert state_from_json(through_text(data)) == state
    for seat in viewers(game):
        seen = view(state, seat)
        data = to_json(seen)
        assert_json_ready(data)
        assert view_from_json(through_text(data)) == seen
        legal = game.legal_commands(seat)
        assert commands_from_json(through_text(to_json(legal))) == legal


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_every_command_and_event_round_trips_plain_and_redacted(game: Game) -> None:
    for entry in game.history:
        data = to_json(entry.command)
        assert_json_ready(data)
        assert command_from_json(through_text(data)) == entry.command
        assert seen_command_from_json(through_text(data)) == entry.command
        for event in entry.events:
            data = to_json(event)
            assert_json_ready(data)
            assert event_from_json(through_text(data)) == event
            assert seen_event_from_json(through_text(data)) == event
    for seat in viewers(game):
        for redacted in redact_entries(game.history, seat):
            assert seen_command_from_json(through_text(to_json(redacted.command))) == (
                redacted.command
            )
            events = to_json(redacted.events)
            assert_json_ready(events)
            assert [seen_event_from_json(each) for each in through_text(events)] == list(
                redacted.events
            )


def test_the_json_of_commands_and_events_is_that_of_the_log_lines() -> None:
    game = random_game(4, RuleOptions(True, False, True, True, True), seed=8)
    for entry in game.history:
        assert compact(to_json(entry.command)) == dump_command(entry.command)
        for event in entry.events:
            assert compact(to_json(event)) == dump_event(event)
    for redacted in redact_entries(game.history, 1):
        assert compact(to_json(redacted.command)) == dump_seen(redacted.command)
        for seen in redacted.events:
            assert compact(to_json(seen)) == dump_seen(seen)


def test_a_tuple_or_a_list_gives_a_list() -> None:
    commands = (DrawCard(0), DrawCard(1))
    assert (
        to_json(commands) == to_json(list(commands)) == [to_json(DrawCard(0)), to_json(DrawCard(1))]
    )
    assert to_json(()) == []
    assert commands_from_json([]) == ()


# --------------------------------------------------------------------------- the schemas


def samples(items: list[Any], start: int = 20) -> list[Any]:
    """The first ``start`` items, then the first item of each type not met yet.

    jsonschema takes a good part of a second for a state, so the tests validate a sample.
    """
    seen = {type(item) for item in items[:start]}
    sample = items[:start]
    for item in items[start:]:
        if type(item) not in seen:
            seen.add(type(item))
            sample.append(item)
    return sample


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 1, RuleOptions()),
        (4, 3, RuleOptions(True, True, True, True, True)),
        (6, 5, RuleOptions()),
    ],
)
def test_real_data_validates_against_the_published_schemas(
    players: int, seed: int, options: RuleOptions
) -> None:
    game = random_game(players, options, seed=seed)
    for command in samples([entry.command for entry in game.history]):
        COMMAND.validate(to_json(command))
    for event in samples(list(game.events)):
        EVENT.validate(to_json(event))
    states: list[GameState] = []
    state: GameState | None = None
    for entry in game.history:
        for event in entry.events:
            state = apply(state, event)
        assert state is not None
        states.append(state)
    assert states[-1] == game.state
    shootouts = [each for each in states if each.shootout is not None]
    for state in [states[0], states[len(states) // 2], states[-1], *shootouts[:1]]:
        STATE.validate(to_json(state))
        for seat in viewers(game):
            VIEW.validate(to_json(view(state, seat)))
            COMMANDS.validate(to_json(legal_commands(state, seat)))
    for seat in viewers(game):
        redacted = list(redact_entries(game.history, seat))
        for command in samples([entry.command for entry in redacted], start=5):
            SEEN_COMMAND.validate(to_json(command))
        for seen in samples([event for entry in redacted for event in entry.events], start=5):
            SEEN_EVENT.validate(to_json(seen))


@functools.cache
def a_game() -> Game:
    """A game with a shootout behind it, hands, columns and controlled businesses."""
    return random_game(3, RuleOptions(), seed=11, commands=100)


def mutations() -> Iterator[tuple[str, Callable[[dict[str, Any]], None], str]]:
    """Broken views: (name, how to break the JSON of a view, what the reader's error names)."""

    def set_key(key: str, value: object) -> Callable[[dict[str, Any]], None]:
        return lambda data: data.__setitem__(key, value)

    yield "unknown key", set_key("colour", "red"), "$: unknown key: colour"
    yield "missing key", lambda data: data.pop("turn"), "$.turn: required key missing"
    yield "count as text", set_key("draw_pile_size", "12"), "$.draw_pile_size: expected an integer"
    yield "seat as boolean", set_key("first_player", True), "$.first_player: expected an integer"
    yield (
        "no such card",
        lambda data: data["discard_pile"].append("16R"),
        "$.discard_pile[0]: '16R' is not a card",
    )
    yield (
        "no such tile",
        lambda data: data["businesses"][0].__setitem__("tile", "Casino#1"),
        "$.businesses[0].tile",
    )
    yield (
        "no such phase",
        lambda data: data["turn"].__setitem__("phase", "lunch"),
        '$.turn.phase: expected one of "shootouts", "actions", "ended"',
    )
    yield "set as text", set_key("discard_pile", "9R"), "$.discard_pile: expected an array"
    yield (
        "set with a repeat",
        lambda data: data.__setitem__("hand", [data["hand"][0]] * 2),
        "$.hand[1]: '",
    )


@pytest.mark.parametrize(
    ("mutate", "message"),
    [(mutate, message) for _, mutate, message in mutations()],
    ids=[name for name, _, _ in mutations()],
)
def test_the_view_schema_and_the_reader_refuse_broken_views(
    mutate: Callable[[dict[str, Any]], None], message: str
) -> None:
    game = a_game()
    data = to_json(view(game.state, 0))
    assert data["hand"]
    assert data["businesses"]
    data["discard_pile"] = []
    VIEW.validate(data)
    broken = copy.deepcopy(data)
    mutate(broken)
    assert not VIEW.is_valid(broken)
    with pytest.raises(JSONFormatError) as raised:
        view_from_json(broken)
    assert str(raised.value).startswith(f"PlayerView: {message}")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "Dance", "player": 0}, "$.type: 'Dance' is not a command type"),
        ({"type": "DrawCard", "player": 0, "x": 1}, "DrawCard: $: unknown key: x"),
        ({"type": "DrawCard", "player": "0"}, "DrawCard: $.player: expected an integer"),
        ({"type": "DrawCard"}, "DrawCard: $.player: required key missing"),
        ({"player": 0}, '$: the command has no "type"'),
        ("DrawCard", "$: expected a command object, not a string"),
        (
            {"type": "RedactedDealCard", "card": None},
            "$.type: 'RedactedDealCard' is not a command type",
        ),
        (
            {"type": "PlayGangster", "player": 0, "card": None, "business": "Speakeasy#1"},
            "PlayGangster: $.card",
        ),
    ],
)
def test_the_command_schema_and_reader_refuse_broken_commands(data: Any, message: str) -> None:
    assert not COMMAND.is_valid(data)
    with pytest.raises(JSONFormatError) as raised:
        command_from_json(data)
    assert str(raised.value).startswith(message)


def test_the_seen_schemas_take_redacted_forms_only_where_allowed() -> None:
    redacted = to_json(RedactedCardDrawn(1, None))
    assert SEEN_EVENT.is_valid(redacted)
    assert not EVENT.is_valid(redacted)
    assert seen_event_from_json(redacted) == RedactedCardDrawn(1, None)
    with pytest.raises(JSONFormatError, match="'RedactedCardDrawn' is not an event type"):
        event_from_json(redacted)
    assert not SEEN_EVENT.is_valid({**redacted, "card": "16R"})


def test_the_commands_schema_and_reader_refuse_a_broken_list() -> None:
    game = a_game()
    data = to_json(game.legal_commands())
    assert COMMANDS.is_valid(data)
    assert not COMMANDS.is_valid([*data, {"type": "Dance"}])
    with pytest.raises(JSONFormatError, match=r"^\$\[\d+\]\.type: 'Dance' is not a command"):
        commands_from_json([*data, {"type": "Dance"}])
    assert not COMMANDS.is_valid(data[0])
    with pytest.raises(JSONFormatError, match=r"^\$: expected an array of commands, not an obj"):
        commands_from_json(data[0])


def test_the_state_schema_and_reader_refuse_a_broken_state() -> None:
    data = to_json(a_game().state)
    assert STATE.is_valid(data)
    seen = copy.deepcopy(data)
    seen["players"][0]["seen"] = [["Speakeasy#1", 1]]
    assert not STATE.is_valid(seen)
    with pytest.raises(JSONFormatError, match=r"^GameState: \$\.players\[0\]\.seen\[0\]: expec"):
        state_from_json(seen)
    deck = {**data, "draw_pile": [*data["draw_pile"], data["draw_pile"][0]]}
    assert not STATE.is_valid(deck)
    with pytest.raises(JSONFormatError, match=r"twice; a set holds each item once$"):
        state_from_json(deck)
    bad: object
    for bad in ("state", [], None):
        assert not STATE.is_valid(bad)
        with pytest.raises(JSONFormatError, match=r"^GameState: \$: expected an object, not "):
            state_from_json(bad)


def json_paths(data: object, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value inside ``data``, as keys and indices from the root."""
    if path:
        yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from json_paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from json_paths(value, (*path, index))


ODD_VALUES: tuple[object, ...] = (
    *(None, True, 0, -1, 1.5, "x", "9R", "Speakeasy#1"),
    *([], ["9R"], [1, 2], {}, {"a": 1}),
)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_value_anywhere_gives_an_object_or_a_json_format_error(data: st.DataObject) -> None:
    game = a_game()
    readers: list[tuple[JSONObject, Callable[[object], object]]] = [
        (to_json(game.state), state_from_json),
        (to_json(view(game.state, 0)), view_from_json),
    ]
    for original, read in readers:
        broken = copy.deepcopy(original)
        *parents, last = data.draw(st.sampled_from(list(json_paths(broken))))
        place: Any = broken
        for key in parents:
            place = place[key]
        place[last] = data.draw(st.sampled_from(ODD_VALUES))
        message = None
        try:
            read(broken)
        except JSONFormatError as error:  # and nothing else
            message = str(error)
        assert message is None or message.startswith(("GameState: $", "PlayerView: $"))


@pytest.mark.parametrize("obj", ["DrawCard", 5, None, {"type": "DrawCard", "player": 0}, Game])
def test_to_json_refuses_what_it_does_not_know(obj: Any) -> None:
    with pytest.raises(ArgumentTypeError, match=r"^obj must be a GameState, a PlayerView"):
        to_json(obj)
    with pytest.raises(ArgumentTypeError, match=r"^obj\[1\] must be a GameState"):
        to_json([DrawCard(0), obj])


def test_the_errors_are_chicago_poker_value_errors() -> None:
    assert issubclass(JSONFormatError, ChicagoPokerError)
    assert issubclass(JSONFormatError, ValueError)


def test_the_package_exports_the_json_functions() -> None:
    for name in (
        "to_json",
        "state_from_json",
        "view_from_json",
        "command_from_json",
        "commands_from_json",
        "event_from_json",
        "seen_command_from_json",
        "seen_event_from_json",
        "JSONFormatError",
    ):
        assert name in chicago_poker.__all__
        assert getattr(chicago_poker, name) is not None
    assert chicago_poker.command_from_json(to_json(DrawCard(0))) == DrawCard(0)
    assert isinstance(chicago_poker.command_from_json(to_json(DrawCard(0))), DrawCard)
    assert PlayGangster.__name__ in json.dumps(command_schema())


def test_the_examples_of_the_json_page_run() -> None:
    # The page fences its examples; a fence line ends an example's output, as a blank does.
    text = (DOCS / "json.md").read_text(encoding="utf-8")
    text = "\n".join("" if line.startswith("```") else line for line in text.split("\n"))
    test = doctest.DocTestParser().get_doctest(text, {}, "json.md", str(DOCS / "json.md"), 0)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    runner = doctest.DocTestRunner(optionflags=flags)
    runner.run(test)
    assert runner.summarize(verbose=False).attempted > 10
    assert runner.summarize(verbose=False).failed == 0
