"""The game-log format: JSON of commands and events, JSON Lines logs, and their JSON Schema."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import chicago_poker
from chicago_poker.core.apply import replay
from chicago_poker.core.cards import parse_card, parse_tile
from chicago_poker.core.commands import (
    Command,
    DealCard,
    DeclineReinforcement,
    DrawCard,
    EndTurn,
    PlayBribery,
    PlayGangster,
    PlayLimousine,
    PlayLiquidation,
    PlayPoliceRaid,
    PlayRevolver,
    RevealTile,
    SendReinforcement,
    StartGame,
)
from chicago_poker.core.decide import step
from chicago_poker.core.errors import ChicagoPokerError
from chicago_poker.core.events import (
    ActionPhaseStarted,
    BriberyPlayed,
    CardDrawn,
    DiscardPileReshuffled,
    DrawRequested,
    Event,
    GameBlocked,
    GameStalled,
    GameStarted,
    GameWon,
    GangsterPlayed,
    LimousinePlayed,
    LiquidationPlayed,
    MarkerPlaced,
    PoliceRaidPlayed,
    ReinforcementChosen,
    ReinforcementDeclined,
    ReinforcementRequested,
    ReinforcementsRevealed,
    RevolverPlayed,
    ShootoutStarted,
    ShootoutVoided,
    ShootoutWon,
    TileRevealed,
    TurnEnded,
    TurnStarted,
)
from chicago_poker.core.hands import HandCategory
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState, Victory
from chicago_poker.formats.log import (
    COMMAND_TYPES,
    EVENT_TYPES,
    FORMAT_VERSION,
    LogEntry,
    LogFormatError,
    LogHeader,
    LogKind,
    Provenance,
    RedactedLogEntry,
    converter,
    dump_command,
    dump_entry,
    dump_event,
    dump_header,
    entries_to_lines,
    load_command,
    load_entry,
    load_event,
    load_header,
    read_log,
    redact_entries,
    write_log,
)
from chicago_poker.formats.schemas import SCHEMA_PATH, log_schema, schema_text, write_schemas
from chicago_poker.players.game import Game
from chicago_poker.referee.validate import Status, validate_binary, validate_log
from random_games import ALL_OPTIONS, random_game
from scenarios import NAMES

VALIDATOR = jsonschema.Draft202012Validator(log_schema())


def written(game: Game, **kwargs: Any) -> str:
    file = io.StringIO()
    # The entries, not the game: the provenance as given, without the seed of its dealer.
    write_log(game.history, file, provenance={"seed": 7}, **kwargs)
    return file.getvalue()


def check_round_trip(game: Game) -> None:
    text = written(game)
    items = list(read_log(io.StringIO(text)))
    header, entries = items[0], items[1:]
    assert isinstance(header, LogHeader)
    start = game.history[0].command
    assert isinstance(start, StartGame)
    assert header == LogHeader(
        chicago_poker.__version__, start.options, start.players, {"seed": 7}, LogKind.FULL
    )
    assert header.line == 1
    assert entries == [LogEntry(entry.command, entry.events) for entry in game.history]
    assert [entry.line for entry in entries] == list(range(2, len(entries) + 2))
    events = [
        event for entry in entries if isinstance(entry, LogEntry) for event in entry.events or ()
    ]
    assert replay(events) == game.state
    # Writing what was read gives the same text.
    assert (
        "".join(
            line + "\n"
            for line in entries_to_lines(
                [entry for entry in entries if isinstance(entry, LogEntry)], provenance={"seed": 7}
            )
        )
        == text
    )


def check_commands_round_trip(game: Game) -> None:
    text = written(game, kind=LogKind.COMMANDS)
    items = list(read_log(text.splitlines()))
    header = items[0]
    assert isinstance(header, LogHeader)
    assert header.kind is LogKind.COMMANDS
    entries = [item for item in items[1:] if isinstance(item, LogEntry)]
    assert [entry.command for entry in entries] == [entry.command for entry in game.history]
    assert all(entry.events is None for entry in entries)
    # The commands alone, chance included, replay the same game.
    state: GameState | None = None
    for entry in entries:
        state, _ = step(state, entry.command)
    assert state == game.state


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=repr)
def test_a_game_with_every_option_combination_round_trips(options: RuleOptions) -> None:
    game = random_game(3, options, seed=ALL_OPTIONS.index(options))
    check_round_trip(game)
    check_commands_round_trip(game)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    options=st.sampled_from(ALL_OPTIONS),
    players=st.integers(2, 6),
)
def test_random_games_round_trip(seed: int, options: RuleOptions, players: int) -> None:
    game = random_game(players, options, seed=seed)
    check_round_trip(game)
    check_commands_round_trip(game)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), options=st.sampled_from(ALL_OPTIONS), data=st.data())
def test_every_command_and_event_of_a_game_round_trips_alone(
    seed: int, options: RuleOptions, data: st.DataObject
) -> None:
    game = random_game(data.draw(st.integers(2, 6)), options, seed=seed)
    entry = data.draw(st.sampled_from(game.history))
    assert load_command(dump_command(entry.command)) == entry.command
    for event in entry.events:
        assert load_event(dump_event(event)) == event
    assert load_entry(dump_entry(entry)) == LogEntry(entry.command, entry.events)


def c(text: str) -> Any:
    return parse_card(text)


def cards(text: str) -> tuple[Any, ...]:
    return tuple(parse_card(each) for each in text.split())


def t(text: str) -> Any:
    return parse_tile(text)


SAMPLES: tuple[Command | Event, ...] = (
    StartGame(
        NAMES[:2],
        (cards("1R 2R 3R 4R Revolver"), cards("1B 2B 3B 4B 5B")),
        (t("Speakeasy#1"), t("JazzClub#2")),
        1,
        RuleOptions(short_game=True),
    ),
    DealCard(c("PoliceRaid2")),
    RevealTile(t("GamblingHouse#5")),
    DrawCard(0),
    PlayGangster(0, c("9R"), t("Speakeasy#1")),
    PlayLiquidation(1, t("Brewery#3"), 0),
    PlayPoliceRaid(0, t("Brewery#3"), 1),
    PlayLimousine(0, t("Brewery#3"), t("Speakeasy#1"), (c("15P"), c("1Y"))),
    PlayRevolver(1),
    PlayBribery(0, c("Liquidation")),
    EndTurn(1),
    SendReinforcement(0, c("7G")),
    DeclineReinforcement(1),
    GameStarted(
        ("Al", "Bugs"), ((c("1R"),), (c("Bribery"),)), (t("Speakeasy#1"),), 0, RuleOptions()
    ),
    TurnStarted(0, 4, 3),
    ActionPhaseStarted(0),
    ShootoutStarted(t("Speakeasy#1"), 0, ((0, (c("1R"), c("2R"))), (1, ()))),
    ReinforcementRequested(t("Speakeasy#1"), (0, 1)),
    ReinforcementChosen(0, c("3R")),
    ReinforcementDeclined(1),
    ReinforcementsRevealed(t("Speakeasy#1"), ((0, c("3R")), (1, c("3B"))), (0, 1)),
    ShootoutWon(t("Speakeasy#1"), 1, HandCategory.RAINBOW_STRAIGHT, True),
    ShootoutVoided(t("Speakeasy#1")),
    TileRevealed(t("JazzClub#5")),
    DrawRequested(1),
    CardDrawn(1, c("PoliceRaid1")),
    DiscardPileReshuffled(40),
    GangsterPlayed(0, c("9R"), t("Speakeasy#1")),
    MarkerPlaced(0, t("Speakeasy#1"), 3),
    LiquidationPlayed(1, t("Speakeasy#1"), 0, c("9R")),
    PoliceRaidPlayed(0, 2, t("Speakeasy#1"), 1, (c("4G"),)),
    LimousinePlayed(0, t("Speakeasy#1"), t("Brewery#1"), (c("4G"), c("5G"))),
    RevolverPlayed(0),
    BriberyPlayed(0, c("13Y")),
    TurnEnded(0, False),
    GameWon(1, Victory.FOUR_KINDS),
    GameBlocked(),
    GameStalled(300),
)


def test_the_samples_hold_every_command_and_event_type() -> None:
    assert {type(sample) for sample in SAMPLES} == set(COMMAND_TYPES) | set(EVENT_TYPES)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda sample: type(sample).__name__)
def test_every_command_and_event_type_round_trips(sample: Command | Event) -> None:
    if isinstance(sample, COMMAND_TYPES):
        text = dump_command(sample)  # type: ignore[arg-type]
        assert load_command(text) == sample
    else:
        text = dump_event(sample)  # type: ignore[arg-type]
        assert load_event(text) == sample
    obj = json.loads(text)
    assert next(iter(obj)) == "type"
    assert obj["type"] == type(sample).__name__
    VALIDATOR.validate(
        {"command": {"type": "EndTurn", "player": 0}, "actor": 0, "events": [obj]}
        if not isinstance(sample, COMMAND_TYPES)
        else {"command": obj, "actor": None, "events": []}
    )


def test_a_command_is_written_with_its_type_and_text_forms() -> None:
    command = GangsterPlayed(0, c("9R"), t("Speakeasy#1"))
    assert json.loads(dump_event(command)) == {
        "type": "GangsterPlayed",
        "player": 0,
        "card": "9R",
        "business": "Speakeasy#1",
    }


def test_enums_are_written_by_value_and_options_as_an_object() -> None:
    won = converter.unstructure(ShootoutWon(t("Brewery#2"), 0, HandCategory.FLUSH, False), Event)
    assert won["category"] == HandCategory.FLUSH.value
    game = converter.unstructure(GameWon(0, Victory.FIVE_BUSINESSES), Event)
    assert game["victory"] == "five businesses"
    start = json.loads(dump_command(SAMPLES[0]))  # type: ignore[arg-type]
    assert start["options"]["short_game"] is True
    assert start["hands"][0] == ["1R", "2R", "3R", "4R", "Revolver"]


def test_frozensets_are_written_as_sorted_lists_of_cards() -> None:
    hand = frozenset(cards("Revolver 15B 2Y 2R"))
    assert converter.unstructure(hand, frozenset[chicago_poker.Card]) == [
        "2R",
        "2Y",
        "15B",
        "Revolver",
    ]


def test_the_header_is_line_one_with_the_game_options_and_players() -> None:
    game = random_game(4, RuleOptions(tactical=True), seed=3)
    first = written(game).splitlines()[0]
    assert json.loads(first) == {
        "format": "chicago-poker-log",
        "version": FORMAT_VERSION,
        "engine": chicago_poker.__version__,
        "options": converter.unstructure(RuleOptions(tactical=True)),
        "players": list(NAMES[:4]),
        "provenance": {"seed": 7},
        "kind": "full",
        "viewer": None,
    }


def test_an_entry_names_its_actor_or_null_for_chance() -> None:
    game = random_game(2, RuleOptions(), seed=11)
    for line, entry in zip(written(game).splitlines()[1:], game.history, strict=True):
        actor = json.loads(line)["actor"]
        if isinstance(entry.command, StartGame | DealCard | RevealTile):
            assert actor is None
        else:
            assert actor == entry.command.player


@pytest.mark.parametrize("options", ALL_OPTIONS[::7], ids=repr)
def test_sample_logs_validate_against_the_schema(options: RuleOptions) -> None:
    for kind in (LogKind.FULL, LogKind.COMMANDS):
        for line in written(random_game(4, options, seed=21), kind=kind).splitlines():
            VALIDATOR.validate(json.loads(line))


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(log_schema())


def test_the_schema_rejects_unknown_types_and_keys() -> None:
    entry = {"command": {"type": "DrawCard", "player": 0}, "actor": 0}
    assert VALIDATOR.is_valid(entry)
    assert not VALIDATOR.is_valid({**entry, "command": {"type": "Dance", "player": 0}})
    assert not VALIDATOR.is_valid({**entry, "command": {"type": "DrawCard", "player": 0, "x": 1}})
    assert not VALIDATOR.is_valid({**entry, "command": {"type": "DrawCard", "player": "0"}})
    assert not VALIDATOR.is_valid({**entry, "extra": 1})


def test_the_schema_file_is_up_to_date() -> None:
    # Regenerate with: python -m chicago_poker.formats.schemas
    assert SCHEMA_PATH.read_text(encoding="utf-8") == schema_text()


# --- malformed logs ---------------------------------------------------------------------------


def sample_lines() -> list[str]:
    return written(random_game(2, RuleOptions(), seed=5)).splitlines()


def replaced(lines: list[str], number: int, text: str) -> list[str]:
    return [text if index == number else line for index, line in enumerate(lines, start=1)]


def edited(lines: list[str], number: int, edit: Any) -> list[str]:
    obj = json.loads(lines[number - 1])
    edit(obj)
    return replaced(lines, number, json.dumps(obj))


def assert_rejected(lines: list[str], line: int, *fragments: str) -> LogFormatError:
    with pytest.raises(LogFormatError) as error:
        list(read_log(lines))
    assert error.value.line == line
    assert str(error.value).startswith(f"line {line}: ")
    for fragment in fragments:
        assert fragment in str(error.value)
    return error.value


def test_a_line_that_is_not_json_is_rejected_with_its_number() -> None:
    assert_rejected(replaced(sample_lines(), 4, "not json"), 4, "not JSON")


def test_a_truncated_line_is_rejected_with_its_number() -> None:
    lines = sample_lines()
    assert_rejected(replaced(lines, 5, lines[4][: len(lines[4]) // 2]), 5, "not JSON")


def test_an_unknown_command_type_is_rejected() -> None:
    lines = edited(sample_lines(), 3, lambda obj: obj["command"].update(type="Dance"))
    assert_rejected(lines, 3, "$.command.type", "'Dance' is not a command type")


def test_an_unknown_event_type_is_rejected() -> None:
    lines = edited(sample_lines(), 3, lambda obj: obj["events"][0].update(type="Danced"))
    assert_rejected(lines, 3, "$.events[0].type", "'Danced' is not an event type")


def test_an_extra_key_in_a_command_is_rejected() -> None:
    lines = edited(sample_lines(), 3, lambda obj: obj["command"].update(colour="red"))
    assert_rejected(lines, 3, "$.command", "unknown key: colour")


def test_an_extra_key_in_an_entry_is_rejected() -> None:
    lines = edited(sample_lines(), 3, lambda obj: obj.update(comment="hi"))
    assert_rejected(lines, 3, "unknown key: comment")


def test_keys_are_counted_in_words() -> None:
    lines = edited(sample_lines(), 3, lambda obj: obj["command"].update(colour="red", hue=1))
    assert_rejected(lines, 3, "$.command", "unknown keys: colour, hue")
    lines = edited(sample_lines(), 3, lambda obj: obj.update(comment="hi", note="x"))
    assert_rejected(lines, 3, "unknown keys: comment, note")
    lines = edited(sample_lines(), 3, lambda obj: (obj.pop("command"), obj.pop("actor")))
    assert_rejected(lines, 3, "missing keys: actor, command")


def test_a_field_of_the_wrong_type_is_rejected_naming_the_field() -> None:
    lines = edited(sample_lines(), 2, lambda obj: obj["events"][0].update(first_player="0"))
    assert_rejected(lines, 2, "$.events[0].first_player", "expected an integer")


def test_a_card_that_does_not_exist_is_rejected_naming_the_field() -> None:
    command = {"type": "PlayGangster", "player": 0, "card": "16R", "business": "Speakeasy#1"}
    with pytest.raises(LogFormatError) as error:
        load_entry(json.dumps({"command": command, "actor": 0}), line=9)
    assert error.value.line == 9
    assert "$.command.card" in str(error.value)
    assert "gangster values run from 1 to 15" in str(error.value)


def test_a_special_card_where_a_gangster_is_due_is_rejected() -> None:
    with pytest.raises(LogFormatError, match=r"\$\.card.*not a gangster card"):
        load_command('{"type":"SendReinforcement","player":0,"card":"Revolver"}')


def test_an_actor_that_contradicts_the_command_is_rejected() -> None:
    lines = edited(sample_lines(), 3, lambda obj: obj.update(actor=5))
    assert_rejected(lines, 3, "$.actor")


def test_a_header_of_another_version_is_rejected() -> None:
    lines = edited(sample_lines(), 1, lambda obj: obj.update(version=2))
    assert_rejected(lines, 1, "version 2 is not supported")


def test_a_header_of_another_format_is_rejected() -> None:
    lines = edited(sample_lines(), 1, lambda obj: obj.update(format="chess-pgn"))
    assert_rejected(lines, 1, "not a Chicago Poker log")


def test_an_entry_where_the_header_belongs_is_rejected() -> None:
    assert_rejected(sample_lines()[1:], 1, "not a Chicago Poker log")


def test_an_empty_log_is_rejected() -> None:
    assert_rejected([], 1, "empty")


def test_a_header_that_contradicts_start_game_is_rejected() -> None:
    lines = edited(sample_lines(), 1, lambda obj: obj.update(players=["Al", "Capone"]))
    assert_rejected(lines, 2, "differ from the header")


def test_a_full_log_without_events_is_rejected() -> None:
    lines = edited(sample_lines(), 4, lambda obj: obj.pop("events"))
    assert_rejected(lines, 4, "needs the events")


def test_errors_surface_lazily_at_their_line() -> None:
    lines = replaced(sample_lines(), 4, "{")
    reader = read_log(lines)
    assert isinstance(next(reader), LogHeader)
    assert next(reader).line == 2
    assert next(reader).line == 3
    with pytest.raises(LogFormatError) as error:
        next(reader)
    assert error.value.line == 4


def test_log_format_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="not JSON"):
        load_entry("[", line=1)


# --------------------------------------------------------------------------- provenance


@pytest.mark.parametrize("viewer", [0, 1, None], ids=["seat-0", "seat-1", "spectator"])
def test_a_redacted_log_refuses_the_dealers_seed(viewer: int | None) -> None:
    """The seed replays the dealer, so every hidden card: a redacted log never holds it."""
    game = random_game(2, RuleOptions(), seed=5)
    provenance: Provenance = {"program": "test", "seed": 5}
    file = io.StringIO()
    with pytest.raises(LogFormatError, match='provenance key "seed"') as error:
        write_log(game, file, provenance=provenance, kind=LogKind.REDACTED, viewer=viewer)
    assert isinstance(error.value, ChicagoPokerError)
    assert isinstance(error.value, ValueError)
    assert file.getvalue() == ""  # not even the header
    with pytest.raises(LogFormatError, match='provenance key "seed"'):
        next(entries_to_lines(game, provenance=provenance, kind=LogKind.REDACTED, viewer=viewer))


def test_a_redacted_log_read_back_is_not_written_again_with_a_seed() -> None:
    game = random_game(2, RuleOptions(), seed=5)
    lines = list(entries_to_lines(game, kind=LogKind.REDACTED, viewer=1))
    entries = [item for item in read_log(lines) if isinstance(item, RedactedLogEntry)]
    assert len(entries) == len(game.history)
    with pytest.raises(LogFormatError, match='provenance key "seed"'):
        list(entries_to_lines(entries, provenance={"seed": 5}, kind=LogKind.REDACTED, viewer=1))
    again = list(entries_to_lines(entries, provenance={}, kind=LogKind.REDACTED, viewer=1))
    assert again == lines


def test_a_redacted_log_keeps_the_rest_of_its_provenance() -> None:
    game = random_game(2, RuleOptions(), seed=5)
    provenance: Provenance = {"program": "chicago-poker play", "bot": "heuristic", "human_seat": 0}
    file = io.StringIO()
    write_log(game, file, provenance=provenance, kind=LogKind.REDACTED, viewer=0)
    header = next(read_log(file.getvalue().splitlines()))
    assert isinstance(header, LogHeader)
    assert header.kind is LogKind.REDACTED
    assert header.provenance == provenance


@pytest.mark.parametrize("kind", [LogKind.FULL, LogKind.COMMANDS])
def test_a_full_or_commands_log_may_hold_the_seed(kind: LogKind) -> None:
    """Such a log shows every card anyway: the seed tells nothing more."""
    game = random_game(2, RuleOptions(), seed=5)
    header = next(read_log(written(game, kind=kind).splitlines()))
    assert isinstance(header, LogHeader)
    assert header.provenance == {"seed": 7}


# --------------------------------------------------------------------------- one schema


def header_with_provenance(provenance_json: str) -> str:
    """The header line of ``sample_lines()`` with its provenance written as given."""
    header = sample_lines()[0]
    start = header.index('"provenance":') + len('"provenance":')
    end = header.index(',"kind":')
    return header[:start] + provenance_json + header[end:]


@pytest.mark.parametrize(
    ("value", "text", "fragment"),
    [
        ({"seed": "abc"}, '{"seed":"abc"}', "$.provenance.seed: expected an integer, not 'abc'"),
        ({"seed": 1.5}, '{"seed":1.5}', "$.provenance.seed: expected an integer, not 1.5"),
        ({"seed": True}, '{"seed":true}', "$.provenance.seed: expected an integer, not True"),
        ({"x": float("nan")}, '{"x":NaN}', "$.provenance.x: nan is not a number JSON can hold"),
        ({"x": float("inf")}, '{"x":1e999}', "$.provenance.x: inf is not a number JSON can hold"),
        (
            {"seed": 10**5000},
            '{"seed":1' + "0" * 5000 + "}",
            "$.provenance.seed: an integer of more than 640 digits",
        ),
        (
            {"seed": -(10**640)},
            '{"seed":-1' + "0" * 640 + "}",
            "$.provenance.seed: an integer of more than 640 digits",
        ),
        ({"x": "\ud800"}, '{"x":"\\ud800"}', "$.provenance.x: the string holds '\\ud800'"),
    ],
    ids=[
        "string-seed",
        "float-seed",
        "bool-seed",
        "nan",
        "infinity",
        "huge",
        "640-digits",
        "surrogate",
    ],
)
def test_what_the_reader_refuses_in_a_provenance_the_writer_refuses_first_alike(
    value: dict[str, Any], text: str, fragment: str
) -> None:
    """Writer and reader share one check: the same value gets the same message from both."""
    game = random_game(2, RuleOptions(), seed=5)
    file = io.StringIO()
    with pytest.raises(LogFormatError) as writing:
        write_log(game.history, file, provenance=value)
    assert file.getvalue() == ""
    lines = [header_with_provenance(text), *sample_lines()[1:]]
    reading = assert_rejected(lines, 1, fragment)
    assert str(writing.value) == str(reading)
    assert isinstance(reading, ChicagoPokerError)


def test_integers_of_640_digits_and_any_json_scalar_are_written_and_read() -> None:
    game = random_game(2, RuleOptions(), seed=5)
    provenance: Provenance = {
        "seed": -(10**640 - 1),
        "rating": 1e308,
        "table": None,
        "rated": False,
        "where": "Café «Al» \U0001f0cf",
    }
    file = io.StringIO()
    write_log(game.history, file, provenance=provenance)
    header = next(read_log(file.getvalue().splitlines()))
    assert isinstance(header, LogHeader)
    assert header.provenance == provenance


def test_a_line_over_one_mib_is_refused_by_the_writer_and_the_reader_alike() -> None:
    """A long name shows up twice in the StartGame entry (command and event): 1.2 MB."""
    from chicago_poker.formats.entries import entry_text as _dump_entry
    from chicago_poker.formats.log import MAX_LINE_BYTES

    name = "N" * 600_000
    game = Game.new([name, "Bugs"], seed=1)
    file = io.StringIO()
    with pytest.raises(LogFormatError, match="longer than 1,048,576 bytes") as writing:
        write_log(game.history, file)
    assert writing.value.line == 2
    assert file.getvalue() == ""  # not even the header, which fits
    lines = [next(entries_to_lines(game)), _dump_entry(game.history[0])]
    assert len(lines[0]) < MAX_LINE_BYTES < len(lines[1])
    assert str(assert_rejected(lines, 2, "longer than")) == str(writing.value)
    report = validate_log(lines, "long.jsonl")
    assert report.status is Status.UNREADABLE


def test_a_line_that_fits_with_a_two_byte_line_end_is_written_and_read() -> None:
    from chicago_poker.formats.log import MAX_LINE_BYTES

    header = sample_lines()[0]
    # Pad the provenance so that the line, with "\r\n", is exactly 1 MiB.
    pad = MAX_LINE_BYTES - 2 - len(header.encode()) - len(',"pad":""')
    fits = header.replace(
        '{"seed":7}', '{"seed":7,"pad":"' + "é" * (pad // 2) + "x" * (pad % 2) + '"}'
    )
    assert len(fits.encode()) + 2 == MAX_LINE_BYTES
    assert isinstance(load_header(fits), LogHeader)
    one_more = fits.replace('"}', 'x"}', 1)  # the pad's end comes first
    with pytest.raises(LogFormatError, match="longer than"):
        load_header(one_more)


def test_entries_given_as_objects_are_read_back_before_they_are_written() -> None:
    game = random_game(2, RuleOptions(), seed=5)
    entries = [LogEntry.of(entry) for entry in game.history]
    bad = LogEntry(DrawCard(player=untyped("0")), entries[1].events)
    with pytest.raises(LogFormatError, match=r"line 3: .*\$\.command.*player.*expected an integer"):
        list(entries_to_lines([entries[0], bad, *entries[2:]]))
    with pytest.raises(LogFormatError, match="line 3: StartGame can only be the first entry"):
        list(entries_to_lines([entries[0], entries[0]]))


def test_dumping_a_command_the_reader_refuses_is_refused() -> None:
    with pytest.raises(LogFormatError, match=r"\$\.player: expected an integer"):
        dump_command(DrawCard(player=untyped(1.5)))


# --------------------------------------------------------------------------- repeated keys


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('"card":"', '"card":"9G","card":"', "card"),
        ('{"command":', '{"actor":0,"command":', "actor"),
        ('"type":"', '"type":"DrawCard","type":"', "type"),
    ],
    ids=["event", "entry", "command"],
)
@pytest.mark.parametrize("spaced", [False, True], ids=["compact", "spaced"])
def test_a_key_given_twice_makes_a_line_unreadable_naming_the_key(
    old: str, new: str, key: str, spaced: bool
) -> None:
    lines = sample_lines()
    number = next(n for n, line in enumerate(lines, 1) if n > 2 and '"card":"' in line)
    line = lines[number - 1].replace(old, new, 1)
    if spaced:
        line = line.replace(",", ", ")
    lines = replaced(lines, number, line)
    message = f"the key '{key}' appears twice in one object"
    assert_rejected(lines, number, message)
    # The validator, reading bytes (with its shortcut for lines written as this module writes
    # them) and reading text, finds the same.
    report = validate_binary(io.BytesIO("\n".join(lines).encode()), "twice.jsonl")
    assert report.status is Status.UNREADABLE
    assert report.findings[0].line == number
    assert message in report.findings[0].reason
    assert validate_log(lines, "twice.jsonl") == report


def test_a_key_given_twice_in_the_header_or_a_lone_command_is_refused() -> None:
    lines = sample_lines()
    header = lines[0].replace('"kind":"full"', '"kind":"redacted","kind":"full"')
    assert_rejected(replaced(lines, 1, header), 1, "the key 'kind' appears twice")
    with pytest.raises(LogFormatError, match="the key 'player' appears twice"):
        load_command('{"type":"DrawCard","player":0,"player":1}')


def test_a_key_given_twice_in_a_canonical_looking_command_is_refused() -> None:
    """The validator's shortcut reads the command at the start of a line on its own."""
    lines = sample_lines()
    number = next(n for n, line in enumerate(lines, 1) if n > 2 and '"type":"DrawCard"' in line)
    line = lines[number - 1]
    player = json.loads(line)["actor"]
    twice = line.replace(
        f'{{"type":"DrawCard","player":{player}}}',
        f'{{"type":"DrawCard","player":{1 - player},"player":{player}}}',
        1,
    )
    assert twice != line
    report = validate_binary(io.BytesIO("\n".join(replaced(lines, number, twice)).encode()), "x")
    assert report.status is Status.UNREADABLE
    assert "the key 'player' appears twice" in report.findings[0].reason


# --------------------------------------------------------------------------- arguments


def untyped(value: object) -> Any:
    """``value``, for a call that passes a value of the wrong type on purpose."""
    return value


REDACTED = LogKind.REDACTED


@pytest.mark.parametrize(
    ("call", "error", "argument"),
    [
        (lambda game: write_log(game, untyped("game.jsonl")), TypeError, "file"),
        (lambda game: read_log(untyped("game.jsonl")), TypeError, "lines"),
        (lambda game: read_log(untyped(Path("game.jsonl"))), TypeError, "lines"),
        (lambda game: list(entries_to_lines(game, kind=untyped("full"))), TypeError, "kind"),
        (
            lambda game: list(entries_to_lines(game, provenance=untyped([("seed", 1)]))),
            TypeError,
            "provenance",
        ),
        (lambda game: list(entries_to_lines(untyped("game"))), TypeError, "game_or_entries"),
        (
            lambda game: list(entries_to_lines(game, kind=REDACTED, viewer=True)),
            ValueError,
            "viewer",
        ),
        (
            lambda game: list(entries_to_lines(game, kind=REDACTED, viewer=untyped("0"))),
            ValueError,
            "viewer",
        ),
        (lambda game: list(entries_to_lines(game, kind=REDACTED, viewer=-1)), ValueError, "viewer"),
        (lambda game: list(entries_to_lines(game, kind=REDACTED, viewer=2)), ValueError, "viewer"),
        (lambda game: list(entries_to_lines(game, viewer=0)), ValueError, "viewer"),
        (lambda game: list(redact_entries(game.history, untyped(1.5))), ValueError, "viewer"),
        (lambda game: load_entry(b"{}", line=0), ValueError, "line"),
        (lambda game: load_entry(untyped({"command": 1})), TypeError, "text"),
        (lambda game: load_header(untyped(None)), TypeError, "text"),
        (lambda game: dump_command(untyped("DrawCard")), TypeError, "command"),
        (lambda game: dump_event(untyped(DrawCard(0))), TypeError, "event"),
        (lambda game: dump_entry(untyped(game)), TypeError, "entry"),
        (lambda game: dump_header(untyped({"format": "x"})), TypeError, "header"),
        (lambda game: write_schemas(untyped(5)), TypeError, "directory"),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_the_log_functions_refuse_bad_arguments_naming_them(
    call: Any, error: type[Exception], argument: str
) -> None:
    game = random_game(2, RuleOptions(), seed=5)
    with pytest.raises(ChicagoPokerError) as raised:
        call(game)
    assert isinstance(raised.value, error)
    assert str(raised.value).startswith(f"{argument}:") or f"{argument} must be" in str(
        raised.value
    )
