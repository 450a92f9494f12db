"""One syntax names a bot and its settings everywhere: built in, a class, or a program."""

from __future__ import annotations

import pytest

from chicago_poker.core.errors import InvalidArgumentError
from chicago_poker.players.search import SearchBot
from chicago_poker.protocol.spec import parse_bot, split_bots
from chicago_poker.protocol.table import Clock


def test_a_search_bots_settings_follow_its_name() -> None:
    spec = parse_bot("search-hard:iterations=50,seconds=0.25,believing=no")
    bot = spec.make(7)
    assert isinstance(bot, SearchBot)
    assert (bot.iterations, bot.seconds, bot.believing) == (50, 0.25, False)
    assert bot.name == "search-hard"
    plain = parse_bot("search-hard").make(7)
    assert isinstance(plain, SearchBot)
    assert plain.iterations == 1000  # unchanged without settings


def test_the_strength_benchmarks_form_reads_too() -> None:
    """``search:300,believing=1``: a bare number first is the iterations."""
    assert parse_bot("search:300,believing=1").settings == (
        ("iterations", 300),
        ("believing", True),
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("heuristic:iterations=5", "heuristic takes no settings"),
        ("search:depth=3", "search has no setting 'depth'; it takes iterations, seconds"),
        ("search:iterations=many", "iterations: 'many' is not a whole number"),
        ("search:iterations=0", "iterations must be 1 or more"),
        ("search:seconds=0", "seconds must be over 0"),
        ("search:believing=maybe", "'maybe' is not true or false"),
        ("search:width", "settings are key=value pairs, not 'width'"),
        ("search:width=3,width=4", "width is set twice"),
        ("cmd:st=fast:node bot.js", "st: seconds a move"),
        ("cmd:tc=1+2+3:node bot.js", "tc: seconds of a game"),
        ("cmd:st=0:node bot.js", "st and tc must be over 0 seconds"),
        ("cmd:st=1:", "the command is empty"),
        ("nobody:x=1", "unknown bot 'nobody:x=1'"),
    ],
)
def test_a_bad_setting_is_named_with_what_the_bot_takes(text: str, words: str) -> None:
    with pytest.raises(InvalidArgumentError) as refused:
        parse_bot(text)
    assert words in str(refused.value)


def test_a_programs_settings_come_before_its_command() -> None:
    spec = parse_bot("cmd:st=0.5,depth=3,style=wild,fast=true:node 'my bot.js' --x=1")
    assert spec.argv == ("node", "my bot.js", "--x=1")
    assert spec.options == (("depth", 3), ("style", "wild"), ("fast", True))
    assert (spec.move_time, spec.game_time) == (0.5, None)
    assert spec.clock(Clock(move=5.0, latency=0.1)) == Clock(move=0.5, latency=0.1)
    assert parse_bot("cmd:option.depth=3:node bot.js").options == (("depth", 3),)
    plain = parse_bot("cmd:node bot.js --depth=3")  # no settings: a command with = in it
    assert plain.argv == ("node", "bot.js", "--depth=3")
    assert plain.options == ()
    assert parse_bot("cmd::a:b").argv == ("a:b",)  # empty settings: a command with a colon


def test_a_game_clock_replaces_the_matchs_time_per_move() -> None:
    spec = parse_bot("cmd:tc=60+0.5:node bot.js")
    assert spec.clock(Clock(move=5.0)) == Clock(move=None, game=60.0, increment=0.5)
    both = parse_bot("cmd:tc=60,st=2:node bot.js")
    assert both.clock(Clock()) == Clock(move=2.0, game=60.0, increment=0.0)


def test_a_class_takes_its_settings_as_keyword_arguments() -> None:
    spec = parse_bot("chicago_poker.players.search:SearchBot:iterations=9,modelled=true")
    bot = spec.make(1)
    assert isinstance(bot, SearchBot)
    assert (bot.iterations, bot.modelled) == (9, True)
    with pytest.raises(InvalidArgumentError, match="its settings"):
        parse_bot("chicago_poker.players.bots:HeuristicBot:depth=3").make(1)


def test_a_list_of_bots_keeps_each_bots_settings() -> None:
    assert split_bots("search:iterations=50,seconds=0.1,heuristic,random") == [
        "search:iterations=50,seconds=0.1",
        "heuristic",
        "random",
    ]
    assert split_bots("cmd:st=1,depth=2:node a.js,search:100") == [
        "cmd:st=1,depth=2:node a.js",
        "search:100",
    ]
    assert split_bots("heuristic,random") == ["heuristic", "random"]


def test_a_clock_needs_some_limit() -> None:
    with pytest.raises(InvalidArgumentError, match="a time per move, a game clock"):
        Clock(move=None)
