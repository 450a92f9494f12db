"""Redacted game logs: one seat's (or a spectator's) view of a game, written, read, folded, checked.

A redacted log hides what its viewer may not know (chicago_poker.core.redacted_events.redact and
redact_command): hidden cards are null, in the ``Redacted...`` forms. Folding the viewer's
redacted events alone (views.fold_view) rebuilds exactly the view of the real state, and the
validator checks such a log against that folded view.
"""

from __future__ import annotations

import io
import json
import random
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chicago_poker.core.apply import apply
from chicago_poker.core.cards import parse_tile
from chicago_poker.core.commands import (
    DealCard,
    DeclineReinforcement,
    EndTurn,
    PlayLimousine,
    RevealTile,
    SendReinforcement,
)
from chicago_poker.core.errors import InvalidArgumentError
from chicago_poker.core.events import LimousinePlayed
from chicago_poker.core.fold import ViewFolder, fold_events, fold_view
from chicago_poker.core.redacted_commands import (
    RedactedDealCard,
    RedactedSendReinforcement,
    RedactedStartGame,
    redact_command,
)
from chicago_poker.core.redacted_events import RedactedLimousinePlayed, redact
from chicago_poker.core.rules import RuleOptions, stall_limit
from chicago_poker.core.state import GameState, ShootoutStage, TurnPhase, Victory
from chicago_poker.core.views import view
from chicago_poker.formats.log import (
    LogEntry,
    LogFormatError,
    LogHeader,
    LogKind,
    RedactedLogEntry,
    entries_to_lines,
    load_entry,
    load_header,
    load_redacted_entry,
    read_log,
    redact_entries,
    write_log,
)
from chicago_poker.formats.notation import parse_position
from chicago_poker.formats.schemas import log_schema
from chicago_poker.players.game import Game
from chicago_poker.referee.assignment import Assignment, assign
from chicago_poker.referee.consistent import Witness, consistent_state, find_witness
from chicago_poker.referee.exact import BudgetSpentError
from chicago_poker.referee.information import InformationSet, Undecided
from chicago_poker.referee.replay import Played, replay
from chicago_poker.referee.validate import Status, validate_log
from random_games import random_game
from scenarios import NAMES, begin_turn, build, gangsters, run

VALIDATOR = jsonschema.Draft202012Validator(log_schema())


def redacted_text(game: Game, viewer: int | None) -> str:
    file = io.StringIO()
    write_log(game, file, provenance={"source": "test"}, kind=LogKind.REDACTED, viewer=viewer)
    return file.getvalue()


def read(text: str) -> tuple[LogHeader, list[RedactedLogEntry]]:
    items = list(read_log(io.StringIO(text)))
    header, entries = items[0], items[1:]
    assert isinstance(header, LogHeader)
    assert all(isinstance(entry, RedactedLogEntry) for entry in entries)
    return header, [entry for entry in entries if isinstance(entry, RedactedLogEntry)]


def viewers(game: Game) -> list[int | None]:
    return [None, *range(len(game.state.players))]


options_strategy = st.builds(
    RuleOptions, st.booleans(), st.booleans(), st.booleans(), st.booleans(), st.booleans()
)


# --------------------------------------------------------------------------- writing, reading


@pytest.mark.rule("R-2.4", "R-4.4")
@pytest.mark.parametrize("options", [RuleOptions(), RuleOptions(True, True, True, True, True)])
def test_a_redacted_log_round_trips_for_every_viewer(options: RuleOptions) -> None:
    game = random_game(4, options, seed=5)
    for viewer in viewers(game):
        text = redacted_text(game, viewer)
        header, entries = read(text)
        assert header.kind is LogKind.REDACTED
        assert header.viewer == viewer
        assert entries == list(redact_entries(game.history, viewer))
        again = io.StringIO()
        write_log(
            entries, again, provenance={"source": "test"}, kind=LogKind.REDACTED, viewer=viewer
        )
        assert again.getvalue() == text


@pytest.mark.rule("R-2.4")
def test_hidden_cards_are_null_in_the_json_of_a_redacted_log() -> None:
    game = random_game(2, RuleOptions(), seed=3)
    lines = redacted_text(game, 0).splitlines()
    start = json.loads(lines[1])
    assert start["command"]["type"] == "RedactedStartGame"
    assert start["command"]["hands"][1] == [None] * 5
    assert None not in start["command"]["hands"][0]
    assert start["events"][0]["type"] == "RedactedGameStarted"
    spectator = json.loads(redacted_text(game, None).splitlines()[1])
    assert all(card is None for hand in spectator["command"]["hands"] for card in hand)


@pytest.mark.parametrize("options", [RuleOptions(), RuleOptions(True, True, True, True, True)])
def test_every_line_of_a_redacted_log_validates_against_the_schema(options: RuleOptions) -> None:
    game = random_game(3, options, seed=21)
    for viewer in viewers(game):
        for line in redacted_text(game, viewer).splitlines():
            VALIDATOR.validate(json.loads(line))


def test_a_null_card_is_only_valid_in_the_redacted_forms() -> None:
    plain: dict[str, Any] = {
        "command": {"type": "DealCard", "card": None},
        "actor": None,
        "events": [],
    }
    redacted: dict[str, Any] = {**plain, "command": {"type": "RedactedDealCard", "card": None}}
    assert not VALIDATOR.is_valid(plain)
    assert VALIDATOR.is_valid(redacted)
    with pytest.raises(LogFormatError):
        load_redacted_entry(json.dumps(plain))
    assert load_redacted_entry(json.dumps(redacted)).command == RedactedDealCard(None)


def test_a_full_log_rejects_the_redacted_forms() -> None:
    redacted = {"command": {"type": "RedactedDealCard", "card": None}, "actor": None}
    with pytest.raises(LogFormatError, match="is not a command type"):
        load_entry(json.dumps(redacted))


def test_an_entry_of_a_redacted_log_needs_its_events() -> None:
    with pytest.raises(LogFormatError, match="needs its events"):
        load_redacted_entry(json.dumps({"command": {"type": "DrawCard", "player": 0}, "actor": 0}))


def test_a_spectators_header_has_a_null_viewer_and_a_seat_must_exist() -> None:
    game = random_game(2, RuleOptions(), seed=3, commands=5)
    header = load_header(redacted_text(game, None).splitlines()[0])
    assert header.kind is LogKind.REDACTED
    assert header.viewer is None
    obj = json.loads(redacted_text(game, 1).splitlines()[0])
    with pytest.raises(LogFormatError, match="viewer"):
        load_header(json.dumps({**obj, "viewer": 2}))
    with pytest.raises(LogFormatError, match="viewer"):
        load_header(json.dumps({**obj, "kind": "full"}))


def test_only_a_redacted_log_is_written_with_a_viewer() -> None:
    game = random_game(2, RuleOptions(), seed=3, commands=5)
    with pytest.raises(LogFormatError, match="only a redacted log"):
        list(entries_to_lines(game, kind=LogKind.FULL, viewer=0))
    with pytest.raises(LogFormatError, match="not a seat"):
        list(entries_to_lines(game, kind=LogKind.REDACTED, viewer=5))
    _, entries = read(redacted_text(game, 0))
    with pytest.raises(LogFormatError, match="cannot make a full log"):
        list(entries_to_lines(entries, kind=LogKind.FULL))


# --------------------------------------------------------------------------- redacted commands


@pytest.mark.rule("R-2.4", "R-6.6")
def test_a_card_dealt_to_another_seat_is_hidden_but_a_tile_is_public() -> None:
    game = random_game(3, RuleOptions(), seed=8)
    state: GameState | None = None
    dealt = revealed = 0
    for entry in game.history:
        command = entry.command
        if isinstance(command, DealCard):
            assert state is not None
            receiver = state.pending_draws[0]
            for seat in viewers(game):
                seen = redact_command(state, command, seat)
                assert seen == (command if seat == receiver else RedactedDealCard(None))
            dealt += 1
        if isinstance(command, RevealTile):
            assert all(redact_command(state, command, seat) == command for seat in viewers(game))
            revealed += 1
        for event in entry.events:
            state = apply(state, event)
    assert dealt
    assert revealed


TIED_AL = "9R 9Y 3G 4B 5P"
TIED_BUGS = "9G 9B 3R 4Y 5B"


def tied_shootout() -> GameState:
    """Al's shootout at Speakeasy#1 is tied with Bugs: both must choose a reinforcement."""
    state = build(
        turn="Bugs",
        phase=TurnPhase.ENDED,
        hands={"Al": "12R 6G", "Bugs": "14Y 6B"},
        businesses={"Speakeasy#1": {"Al": TIED_AL, "Bugs": TIED_BUGS}},
        markers={("Speakeasy#1", "Al"): 0},
        reachable=False,
    )
    state, _ = begin_turn(state)
    assert state.shootout is not None
    assert state.shootout.stage is ShootoutStage.CHOOSING
    return state


@pytest.mark.rule("R-6.7.2")
def test_another_seats_reinforcement_command_is_hidden() -> None:
    state = tied_shootout()
    send = SendReinforcement(0, gangsters("12R")[0])
    decline = DeclineReinforcement(0)
    assert redact_command(state, send, 0) == send
    assert redact_command(state, decline, 0) == decline
    for seat in (1, None):
        assert redact_command(state, send, seat) == RedactedSendReinforcement(0, None)
        assert redact_command(state, decline, seat) == RedactedSendReinforcement(0, None)


@pytest.mark.rule("R-2.4")
def test_the_start_of_the_game_shows_only_the_viewers_hand() -> None:
    game = random_game(3, RuleOptions(), seed=3, commands=1)
    start = game.history[0].command
    seen = redact_command(None, start, 1)
    assert isinstance(seen, RedactedStartGame)
    assert seen.hands[1] == start.hands[1]  # type: ignore[union-attr]
    assert seen.hands[0] == (None,) * 5


@pytest.mark.rule("R-5.4.1", "R-5.4.3", "R-4.2")
def test_with_limousine_any_cards_the_cards_left_behind_are_told() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        options limousine-any-cards
        player Al hand=9R,Limousine
        player Bugs
        turn seat=0 number=10
        business GamblingHouse#1 1R,2R,3R -
        business Brewery#1 - -
        """
    )
    moved = PlayLimousine(
        0, parse_tile("GamblingHouse#1"), parse_tile("Brewery#1"), gangsters("1R")
    )
    after, events = run(state, moved)
    drive = events[0]
    assert isinstance(drive, LimousinePlayed)
    # 2R closes up to the first, face-up place; 3R to the second, face-down place.
    seen = redact(state, drive, 1)
    assert seen == RedactedLimousinePlayed(
        0, drive.source, drive.destination, gangsters("1R"), (*gangsters("2R"), None)
    )
    assert redact(state, drive, 0) == drive
    before = view(state, 1)
    assert before.businesses[0].columns[0].slots[1].card is None  # 2R was face down
    assert view(after, 1).businesses[0].columns[0].slots[0].card == gangsters("2R")[0]


# --------------------------------------------------------------------------- folding


def check_fold(game: Game) -> int:
    """Fold every viewer's redacted stream; compare with the real views. Return checks made."""
    checks = 0
    for seat in viewers(game):
        folder = ViewFolder(seat)
        state: GameState | None = None
        for entry in game.history:
            for event in entry.events:
                folder.apply(redact(state, event, seat))
                state = apply(state, event)
            assert state is not None
            assert folder.view() == view(state, seat), (entry.command, seat)
            checks += 1
        assert state is not None
        assert fold_events(
            (event for entry in redact_entries(game.history, seat) for event in entry.events), seat
        ) == view(state, seat)
    return checks


@pytest.mark.rule("R-2.4", "R-4.3", "R-4.4", "R-5.3", "R-5.4.1", "R-6.3", "R-6.7.2", "R-3.11")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    options=options_strategy,
)
def test_folding_a_viewers_redacted_stream_gives_their_view(
    seed: int, players: int, options: RuleOptions
) -> None:
    game = random_game(players, options, seed=seed, commands=400)
    assert check_fold(game) > 0


@pytest.mark.rule("R-2.4", "R-4.4", "R-8.1")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_folding_the_log_of_a_whole_game_gives_the_final_view(players: int) -> None:
    game = random_game(
        players, RuleOptions(True, players % 2 == 0, True, True, True), seed=players * 11
    )
    for seat in viewers(game):
        header, entries = read(redacted_text(game, seat))
        assert fold_view(header, entries) == view(game.state, seat)


def test_folding_needs_the_events() -> None:
    game = random_game(2, RuleOptions(), seed=3, commands=3)
    header = LogHeader("0", RuleOptions(), NAMES[:2], kind=LogKind.COMMANDS)
    with pytest.raises(ValueError, match="events"):
        fold_view(header, [LogEntry(entry.command, None) for entry in game.history])


@pytest.mark.rule("R-6.7.2", "R-6.7.3")
def test_folding_a_reinforcement_round_from_a_view() -> None:
    state = tied_shootout()
    for seat in (0, 1, None):
        folder = ViewFolder.resume(view(state, seat))
        assert folder.view() == view(state, seat)
        current = state
        for command in (
            SendReinforcement(0, gangsters("12R")[0]),
            SendReinforcement(1, gangsters("14Y")[0]),
        ):
            after, events = run(current, command)
            for event in events:
                folder.apply(redact(current, event, seat))
                current = apply(current, event)
            assert current == after
        assert folder.view() == view(current, seat)


@pytest.mark.rule("R-6.7.2")
@pytest.mark.rule("R-6.7.2")
def test_folding_between_a_reinforcement_choice_and_its_reveal() -> None:
    state = tied_shootout()
    folder = ViewFolder.resume(view(state, 1))
    after, events = run(state, SendReinforcement(0, gangsters("12R")[0]))
    for event in events:
        folder.apply(redact(state, event, 1))
    assert after.shootout is not None
    assert after.shootout.stage is ShootoutStage.CHOOSING
    assert folder.view() == view(after, 1)


# --------------------------------------------------------------------------- validation


def lines_for(seed: int, players: int, options: RuleOptions, viewer: int | None) -> list[str]:
    return list(
        entries_to_lines(
            random_game(players, options, seed=seed), kind=LogKind.REDACTED, viewer=viewer
        )
    )


def objects(lines: list[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in lines]


def dumps(obj: object) -> str:
    return json.dumps(obj, separators=(",", ":"))


def first_index(lines: list[str], test: Any) -> int:
    return next(index for index, obj in enumerate(objects(lines)) if index and test(obj))


@pytest.mark.rule("R-8.1")
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), options=options_strategy)
def test_every_viewers_log_of_a_legal_game_is_valid(
    seed: int, players: int, options: RuleOptions
) -> None:
    game = random_game(players, options, seed=seed)
    for viewer in viewers(game):
        lines = list(entries_to_lines(game, kind=LogKind.REDACTED, viewer=viewer))
        report = validate_log(lines, "x")
        assert report.status is Status.OK, report.findings
        assert report.game_over == game.state.is_over
        assert report.winner == game.state.winner
        assert "the engine replayed a witness" in report.notes[0]


@pytest.mark.rule("R-3.10")
def test_the_viewer_playing_a_card_they_do_not_hold_is_illegal() -> None:
    lines = lines_for(37, 2, RuleOptions(), 0)
    index = first_index(
        lines, lambda obj: obj["command"]["type"] == "PlayGangster" and obj["actor"] == 0
    )
    obj = json.loads(lines[index])
    hand = set(json.loads(lines[1])["command"]["hands"][0])
    obj["command"]["card"] = next(f"{v}Y" for v in range(1, 16) if f"{v}Y" not in hand)
    obj["events"][0]["card"] = obj["command"]["card"]
    report = validate_log([*lines[:index], dumps(obj)], "x")
    assert report.status is Status.ILLEGAL
    assert report.findings[0].rule == "R-3.10"
    assert report.findings[0].line == index + 1


@pytest.mark.rule("R-2.4")
def test_a_redacted_log_that_hides_the_viewers_own_draw_is_illegal() -> None:
    lines = lines_for(37, 2, RuleOptions(), 0)
    index = first_index(
        lines,
        lambda obj: (
            obj["command"]["type"] == "DealCard" and obj["events"][0]["type"] == "CardDrawn"
        ),
    )
    obj = json.loads(lines[index])
    obj["command"] = {"type": "RedactedDealCard", "card": None}
    report = validate_log([*lines[:index], dumps(obj)], "x")
    assert report.findings[0].rule == "R-2.4"
    assert "hides a card that Al sees" in report.findings[0].reason


@pytest.mark.rule("R-4.4")
def test_a_face_down_card_of_another_seat_shown_is_a_leak() -> None:
    lines = lines_for(37, 2, RuleOptions(), 0)
    index = first_index(lines, lambda obj: obj["command"]["type"] == "RedactedPlayGangster")
    obj = json.loads(lines[index])
    obj["command"] = {**obj["command"], "type": "PlayGangster", "card": "15Y"}
    report = validate_log([*lines[:index], dumps(obj)], "x")
    assert report.findings[0].rule == "R-4.4"


@pytest.mark.rule("R-4.6")
def test_a_fifth_card_without_its_marker_is_illegal() -> None:
    lines = lines_for(37, 2, RuleOptions(), None)
    index = first_index(
        lines, lambda obj: any(event["type"] == "MarkerPlaced" for event in obj["events"])
    )
    obj = json.loads(lines[index])
    obj["events"] = [event for event in obj["events"] if event["type"] != "MarkerPlaced"]
    report = validate_log([*lines[:index], dumps(obj)], "x")
    assert report.findings[0].rule == "R-4.6"


@pytest.mark.rule("R-6.1")
def test_a_skipped_shootout_is_found_from_the_public_markers() -> None:
    lines = lines_for(37, 2, RuleOptions(), 1)
    index = first_index(
        lines, lambda obj: any(event["type"] == "ShootoutStarted" for event in obj["events"])
    )
    obj = json.loads(lines[index])
    types = [event["type"] for event in obj["events"]]
    start = types.index("ShootoutStarted")
    obj["events"] = [*obj["events"][:start], {"type": "ActionPhaseStarted", "player": 0}]
    obj["events"][-1]["player"] = json.loads(lines[index])["events"][start]["owner"]
    report = validate_log([*lines[:index], dumps(obj)], "x")
    assert report.findings[0].rule == "R-6.1"


@pytest.mark.rule("R-8.1")
def test_a_winner_without_the_businesses_is_illegal() -> None:
    lines = lines_for(37, 2, RuleOptions(), None)
    index = first_index(
        lines, lambda obj: any(event["type"] == "GameWon" for event in obj["events"])
    )
    obj = json.loads(lines[index])
    for event in obj["events"]:
        if event["type"] == "GameWon":
            event["player"] = 1 - event["player"]
    report = validate_log([*lines[:index], dumps(obj)], "x")
    assert report.findings[0].rule == "R-8.1"


@pytest.mark.rule("R-8.2")
def test_a_command_after_the_end_of_a_redacted_log_is_illegal() -> None:
    lines = lines_for(37, 2, RuleOptions(), 0)
    report = validate_log([*lines, lines[3]], "x")
    assert report.findings[0].rule == "R-8.2"
    assert report.findings[0].line == len(lines) + 1


def stalled_lines(viewer: int | None) -> list[str]:
    """A redacted log of a game of two players who end every turn at once (R-8.7)."""
    game = Game.new(NAMES[:2], RuleOptions(optional_actions=True), seed=3)
    while not game.state.is_over:
        game.execute(EndTurn(game.state.turn.player))
    assert game.state.victory is Victory.STALLED
    return list(entries_to_lines(game, kind=LogKind.REDACTED, viewer=viewer))


@pytest.mark.rule("R-8.7")
@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_a_redacted_log_of_a_stalled_game_is_valid(viewer: int | None) -> None:
    report = validate_log(stalled_lines(viewer), "x", witness=True)
    assert report.status is Status.OK, report.findings
    assert report.game_over
    assert report.winner is None
    assert report.victory is Victory.STALLED
    assert report.witness is not None


@pytest.mark.rule("R-8.7")
def test_a_redacted_game_that_stalls_early_is_illegal() -> None:
    lines = stalled_lines(None)
    index = first_index(
        lines, lambda obj: any(event["type"] == "TurnEnded" for event in obj["events"])
    )
    obj = json.loads(lines[index])
    ended = [event["type"] for event in obj["events"]].index("TurnEnded")
    obj["events"] = [*obj["events"][: ended + 1], {"type": "GameStalled", "turns": 100}]
    report = validate_log([*lines[:index], dumps(obj)], "x")
    assert report.status is Status.ILLEGAL
    assert report.findings[0].rule == "R-8.7"


@pytest.mark.rule("R-8.7", "R-8.2")
def test_a_redacted_game_that_goes_on_past_the_limit_is_illegal() -> None:
    lines = stalled_lines(1)
    obj = json.loads(lines[-1])
    assert obj["events"][-1] == {"type": "GameStalled", "turns": stall_limit(2)}
    ended = obj["events"][-2]
    assert ended["type"] == "TurnEnded"
    following = {"player": 1 - ended["player"], "number": stall_limit(2), "actions": 3}
    obj["events"][-1] = {"type": "TurnStarted", **following}
    report = validate_log([*lines[:-1], dumps(obj)], "x")
    assert report.status is Status.ILLEGAL
    # As in a full log, an end of the game that the log leaves out breaks.
    assert report.findings[0].rule == "R-8.2"
    assert '"type":"GameStalled"' in report.findings[0].reason


@pytest.mark.rule("R-3.1")
def test_turns_follow_the_seats_in_a_redacted_log() -> None:
    lines = lines_for(37, 2, RuleOptions(), None)
    index = first_index(
        lines, lambda obj: any(event["type"] == "TurnStarted" for event in obj["events"])
    )
    index = (
        first_index(
            lines[index + 1 :],
            lambda obj: any(event["type"] == "TurnStarted" for event in obj["events"]),
        )
        + index
        + 1
    )
    obj = json.loads(lines[index])
    for event in obj["events"]:
        if event["type"] == "TurnStarted":
            event["player"] = 1 - event["player"]
    report = validate_log([*lines[:index], dumps(obj)], "x")
    assert report.findings[0].rule == "R-3.1"


def _edit_setup(lines: list[str], edit: Any) -> list[str]:
    """The log with ``edit(command)`` applied to StartGame and its GameStarted alike."""
    header, start = json.loads(lines[0]), json.loads(lines[1])
    for obj in (start["command"], start["events"][0]):
        edit(obj)
    header["players"] = start["command"]["players"]
    return [dumps(header), dumps(start), *lines[2:]]


def _rename(seat: int, name: str) -> Any:
    def edit(obj: dict[str, Any]) -> None:
        obj["players"] = [
            name if index == seat else old for index, old in enumerate(obj["players"])
        ]

    return edit


def _set(key: str, value: Any) -> Any:
    def edit(obj: dict[str, Any]) -> None:
        obj[key] = value(obj[key]) if callable(value) else value

    return edit


def _repeat_visible_card(obj: dict[str, Any]) -> None:
    hands = obj["hands"]
    hands[0] = [hands[0][0], *hands[0][:4]]


@pytest.mark.rule("R-2.2", "R-2.3", "R-2.5", "R-2.7")
@pytest.mark.parametrize(
    ("edit", "rule", "reason"),
    [
        pytest.param(_rename(1, " "), "R-2.2", "needs a name", id="blank-name"),
        pytest.param(_rename(1, "Al"), "R-2.2", "Two players are named 'Al'", id="same-name"),
        pytest.param(_set("first_player", 5), "R-2.7", "no seat 5", id="first-player"),
        pytest.param(
            _set("businesses", lambda tiles: tiles[:1]), "R-2.5", "start face up", id="businesses"
        ),
        pytest.param(
            _set("hands", lambda hands: [hand[:4] for hand in hands]),
            "R-2.3",
            "dealt 4 cards",
            id="short-hands",
        ),
        pytest.param(_repeat_visible_card, "R-2.3", "dealt twice", id="card-twice"),
    ],
)
def test_the_set_up_of_a_redacted_log_is_checked_as_far_as_it_shows(
    edit: Any, rule: str, reason: str
) -> None:
    lines = _edit_setup(lines_for(37, 2, RuleOptions(), 0), edit)
    report = validate_log(lines, "x")
    assert report.status is Status.ILLEGAL
    assert (report.findings[0].line, report.findings[0].rule) == (2, rule)
    assert reason in report.findings[0].reason


# ------------------------------------------------------------------------ witnesses
# The knowledge model decides every log (referee/information.py): these property tests draw
# their examples from a fixed seed (derandomize), so that CI gives the same examples on the same
# code. To explore further, drop derandomize locally, or raise max_examples.


def assert_witness_redacts_back(lines: list[str], viewer: int | None) -> None:
    """The log is accepted, and its witness is a legal full log that redacts back to it."""
    report = validate_log(lines, "x", witness=True)
    assert report.status is Status.OK, report.findings
    assert report.witness is not None
    full = list(entries_to_lines(report.witness))
    assert validate_log(full, "witness").status is Status.OK
    again = entries_to_lines(report.witness, kind=LogKind.REDACTED, viewer=viewer)
    assert list(again)[1:] == lines[1:]  # byte for byte, every entry


def assert_every_log_redacts_back(game: Game) -> None:
    """Every seat's and the spectator's log of ``game`` has a witness that redacts back."""
    for viewer in viewers(game):
        lines = list(entries_to_lines(game, kind=LogKind.REDACTED, viewer=viewer))
        assert_witness_redacts_back(lines, viewer)


options_without_any_cards = st.builds(
    RuleOptions, st.booleans(), st.booleans(), st.booleans(), st.just(False), st.booleans()
)


@pytest.mark.rule("R-2.4", "R-4.4", "R-5.3", "R-5.4.3", "R-5.6.1", "R-6.7.2", "R-8.1")
@settings(
    max_examples=10, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    options=options_without_any_cards,
    commands=st.integers(1, 120),
)
def test_every_redacted_log_of_a_legal_game_is_accepted_with_a_witness(
    seed: int, players: int, options: RuleOptions, commands: int
) -> None:
    """Completeness: every viewer's log of a legal game has a witness that redacts back to it."""
    game = random_game(players, options, seed=seed, commands=commands)
    assert_every_log_redacts_back(game)


@pytest.mark.rule("R-5.4.1", "R-5.4.3")
@settings(
    max_examples=8, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), commands=st.integers(1, 150))
def test_a_legal_log_under_limousine_any_cards_has_a_witness(
    seed: int, players: int, commands: int
) -> None:
    """Completeness where a Limousine shows cards among several face-down ones."""
    game = random_game(players, RuleOptions(limousine_any_cards=True), seed=seed, commands=commands)
    assert_every_log_redacts_back(game)


_EDITS = ("seat", "card", "swap", "drop", "double", "field")


def _edit(lines: list[str], data: st.DataObject) -> list[str]:
    """One random edit of a redacted log: seats, cards, order, lines, fields of events."""
    index = data.draw(st.integers(1, len(lines) - 1), label="line")
    kind = data.draw(st.sampled_from(_EDITS), label="edit")
    if kind == "drop":
        return [*lines[:index], *lines[index + 1 :]]
    if kind == "double":
        return [*lines[: index + 1], *lines[index:]]
    obj = json.loads(lines[index])
    if kind == "swap" and len(obj["events"]) > 1:
        first = data.draw(st.integers(0, len(obj["events"]) - 2), label="event")
        events = obj["events"]
        events[first], events[first + 1] = events[first + 1], events[first]
    else:
        items = [obj["command"], *obj["events"]]
        item = data.draw(st.sampled_from(items), label="item")
        keys = [key for key in item if key != "type"]
        if not keys:
            return [*lines[:index], *lines[index + 1 :]]
        key = data.draw(st.sampled_from(keys), label="key")
        if kind == "seat" or isinstance(item[key], int):
            item[key] = data.draw(st.integers(-1, 6), label="value")
        elif kind == "card" or isinstance(item[key], str) or item[key] is None:
            item[key] = data.draw(st.sampled_from(["9G", "14P", "1B", "Revolver", None]))
        else:
            item[key] = data.draw(st.sampled_from([None, [], True]), label="value")
    return [*lines[:index], dumps(obj), *lines[index + 1 :]]


@pytest.mark.rule("R-2.4", "R-3.1", "R-3.6")
@settings(
    max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), data=st.data())
def test_an_edited_redacted_log_is_rejected_or_has_a_witness(
    seed: int, players: int, data: st.DataObject
) -> None:
    """Soundness: an edited log is refused, or accepted with a witness that redacts to it."""
    options = data.draw(options_without_any_cards, label="options")
    game = random_game(
        players, options, seed=seed, commands=data.draw(st.integers(5, 60), label="commands")
    )
    viewer = data.draw(st.sampled_from(viewers(game)), label="viewer")
    lines = _edit(list(entries_to_lines(game, kind=LogKind.REDACTED, viewer=viewer)), data)
    report = validate_log(lines, "x", witness=True)
    if report.status is Status.OK:
        assert_witness_redacts_back(lines, viewer)
    else:
        assert report.findings


@pytest.mark.rule("R-2.4")
@settings(
    max_examples=8, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), commands=st.integers(1, 120))
def test_a_sampled_state_agrees_with_everything_the_seat_saw(
    seed: int, players: int, commands: int
) -> None:
    game = random_game(players, RuleOptions(), seed=seed, commands=commands)
    seat = seed % players
    seen = list(redact_entries(game.history, seat))
    state = consistent_state(seen, seat, random.Random(seed))
    assert view(state, seat) == view(game.state, seat)
    witness = find_witness(seen, seat)
    assert isinstance(witness, Witness)
    assert witness.state is not None
    assert view(witness.state, seat) == view(game.state, seat)


def test_sampling_varies_what_the_seat_cannot_see() -> None:
    game = random_game(3, RuleOptions(), seed=5, commands=60)
    seen = list(redact_entries(game.history, 0))
    hands = {consistent_state(seen, 0, random.Random(n)).players[1].hand for n in range(6)}
    assert len(hands) > 1  # not one fixed completion


def test_sampling_from_entries_no_game_gives_says_where() -> None:
    game = random_game(3, RuleOptions(), seed=5, commands=40)
    seen = list(redact_entries(game.history, 1))
    with pytest.raises(InvalidArgumentError, match="entry 5 is impossible"):
        consistent_state([*seen[:5], seen[7]], 1, random.Random(1))
    with pytest.raises(InvalidArgumentError, match="no StartGame"):
        consistent_state([], 1, random.Random(1))


def hostile_log(repeats: int) -> list[str]:
    """A legal five-player spectator's log, its last line repeated ``repeats`` times."""
    lines = lines_for(11, 5, RuleOptions(), None)
    return [*lines, *[lines[-1]] * repeats]


@pytest.mark.rule("R-8.2")
def test_a_hostile_log_is_stopped_at_its_time_limit() -> None:
    """No hang: once the time allowed is spent, the log is undecided, for that reason."""
    report = validate_log(hostile_log(2_000), "hostile", time_limit=0.0)
    assert report.status is Status.UNDECIDED
    assert report.findings[0].reason.startswith("time limit: the 0 s allowed ran out")
    assert report.exit_code == 3


@pytest.mark.rule("R-8.2", "R-3.2")
def test_a_hostile_log_given_time_is_refused_at_its_first_repeated_line() -> None:
    lines = hostile_log(2_000)
    report = validate_log(lines, "hostile", time_limit=60)
    assert report.status is Status.ILLEGAL
    assert report.findings[0].line == len(lines) - 2_000 + 1


class SpentAfter:
    """A budget spent after ``calls`` questions: deterministic, unlike a clock."""

    def __init__(self, calls: int) -> None:
        self.calls = calls

    def expired(self) -> bool:
        self.calls -= 1
        return self.calls < 0


def test_the_model_stops_where_its_budget_is_spent() -> None:
    """Past its budget the model answers Undecided, "time limit"; with room, a witness."""
    game = random_game(4, RuleOptions(), seed=3, commands=200)
    known = InformationSet.of(redact_entries(game.history, 2), 2)
    stopped = known.witness(SpentAfter(0))
    assert isinstance(stopped, Undecided)
    assert stopped.reason == "time limit"
    assert isinstance(known.witness(SpentAfter(1_000)), Witness)


def test_a_long_replay_asks_its_budget_on_the_way() -> None:
    """A replay of hundreds of entries stops once its budget is spent, not at the end."""
    game = random_game(4, RuleOptions(), seed=3, commands=200)
    known = InformationSet.of(redact_entries(game.history, 2), 2)
    entries = known.entries
    assert len(entries) > 256
    assignment = assign(known.ledger.facts(len(entries)))
    assert isinstance(assignment, Assignment)
    assert isinstance(replay(entries, 2, known.ledger, assignment, SpentAfter(1_000)), Played)
    with pytest.raises(BudgetSpentError):
        replay(entries, 2, known.ledger, assignment, SpentAfter(1))


def test_a_negative_time_limit_is_refused() -> None:
    with pytest.raises(ValueError, match="a time limit is a number of seconds"):
        validate_log(hostile_log(0), "x", time_limit=-1)


def test_a_redacted_log_carrying_the_seed_is_unreadable() -> None:
    lines = lines_for(37, 2, RuleOptions(), 0)
    header = json.loads(lines[0])
    header["provenance"] = {"seed": 37}
    report = validate_log([dumps(header), *lines[1:]], "x")
    assert report.status is Status.UNREADABLE
    assert 'provenance key "seed"' in report.findings[0].reason
