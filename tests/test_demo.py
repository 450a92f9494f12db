"""Tests for ``chicago-poker demo`` (chicago_poker.cli.demo)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from pathlib import Path

import pytest

from chicago_poker.cli import demo
from chicago_poker.core.cards import GangsterCard, parse_tile
from chicago_poker.core.events import (
    CardDrawn,
    GameStalled,
    GameStarted,
    ReinforcementsRevealed,
    ShootoutWon,
)
from chicago_poker.core.hands import HandCategory
from chicago_poker.core.redacted_events import (
    RedactedLimousinePlayed,
    RedactedPoliceRaidPlayed,
    RedactedReinforcementChosen,
)
from chicago_poker.core.rules import RuleOptions
from chicago_poker.formats.notation import parse_position
from chicago_poker.players.bots import HeuristicBot
from chicago_poker.players.simulate import play_bots
from chicago_poker.referee.validate import Status, validate_file
from scenarios import build


def _run(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="chicago-poker")
    demo.add_parser(parser.add_subparsers(required=True))
    args = parser.parse_args(["demo", *argv])
    status: int = args.command(args)
    return status


def test_demo_tells_a_whole_game_and_validates_its_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.jsonl"
    assert _run(["--seed", "3", "--log", str(log)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith("A game of Chicago Poker for Al, Bugs, Dutch and Legs; businesses")
    assert "--- Turn 1: " in out
    assert "draws a card." in out
    assert "plays a card face down at " in out
    assert "Shootout at " in out
    assert re.search(r"wins the game with .+!", out)
    assert f"Log written to {log}; validation: legal game" in out
    report = validate_file(log)
    assert report.status is Status.OK
    assert report.game_over


def test_demo_shows_every_hand_of_a_shootout_with_its_description(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(["--seed", "5", "--players", "2", "--log", str(tmp_path / "g.jsonl")]) == 0
    lines = capsys.readouterr().out.splitlines()
    start = next(index for index, line in enumerate(lines) if line.startswith("Shootout at"))
    hands = lines[start]
    shown = r"(Al|Bugs): (\d+[RYGBP] ?)+, [a-z].+"
    assert re.fullmatch(rf"Shootout at .+ \((Al|Bugs)'s marker\)! {shown}(; {shown})?\.", hands)


def test_demo_never_names_a_drawn_card() -> None:
    game = play_bots(RuleOptions(), [HeuristicBot(1), HeuristicBot(2)], 8, names=("Al", "Bugs"))
    story = list(demo.narrate(game))
    draws = [line for line in story if "draws a card" in line]
    drawn = [event for event in game.events if isinstance(event, CardDrawn)]
    assert len(draws) == len(drawn)
    start = game.events[0]
    assert isinstance(start, GameStarted)
    dealt = {card for hand in start.hands for card in hand if isinstance(card, GangsterCard)}
    opening = "\n".join(story[:4])
    assert all(f"({card})" not in opening for card in dealt)


def test_demo_writes_the_default_log_in_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert _run(["--players", "2", "--seed", "1"]) == 0
    assert (tmp_path / demo.DEFAULT_LOG).is_file()
    assert f"Log written to {demo.DEFAULT_LOG}" in capsys.readouterr().out


def test_demo_with_options_and_random_bots(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "g.jsonl"
    argv = ["--players", "6", "--bot", "random", "--tactical", "--short-game", "--log", str(log)]
    assert _run(argv) == 0
    assert "for Al, Bugs, Dutch, Legs, Lucky and Nucky;" in capsys.readouterr().out


def test_demo_reports_a_log_it_cannot_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(["--players", "2", "--log", str(tmp_path / "missing" / "g.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "chicago-poker demo: error: cannot write the log" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "9"], "argument --players: 9 is out of range: use from 2 to 6"),
        (["--players", "x"], "argument --players: 'x' is not a whole number"),
        (["--seed", "1.5"], "argument --seed: not an integer: '1.5'"),
        (["--seed", "-3"], "argument --seed: a seed must be 0 or more, not -3"),
        (["--seed", "9" * 641], "argument --seed: a seed of 641 digits"),
        (["--bot", "genius"], "argument --bot: invalid choice: 'genius'"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        _run(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_secret_choices_and_reveals_are_told_as_a_spectator_sees_them() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al
        player Bugs
        turn seat=0 number=10
        """
    )
    brewery = parse_tile("Brewery#1")
    nine = GangsterCard.parse("9R")
    lines = [
        *demo._lines(state, RedactedReinforcementChosen(1, None)),
        *demo._lines(state, ReinforcementsRevealed(brewery, ((0, nine),), (0,))),
        *demo._lines(state, ShootoutWon(brewery, 0, HandCategory.PAIR, True)),
        *demo._lines(state, RedactedLimousinePlayed(0, brewery, brewery, (None, nine))),
        *demo._lines(state, RedactedPoliceRaidPlayed(1, 1, brewery, 0, (None,))),
    ]
    assert lines == [
        "  Bugs makes a secret reinforcement choice.",
        "  Reinforcements revealed: Al 9R.",
        "  Al wins the shootout at Brewery #1 with pair after reinforcement and takes the "
        "business.",
        "Al plays the Limousine: 9R and 1 face-down card move from Brewery #1 to Brewery #1.",
        "Bugs raids Al's column at Brewery #1 (Police Raid) and sees 1 face-down card.",
    ]


@pytest.mark.rule("R-8.7")
def test_a_stalled_game_is_told_without_a_winner() -> None:
    lines = list(demo._lines(build(players=("Al", "Bugs")), GameStalled(100)))
    assert lines == ["", "No business was won in 100 turns: the game is stalled, without a winner."]
