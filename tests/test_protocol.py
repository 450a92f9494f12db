"""The bot protocol: a bot in its own process plays as it would in ours, and a bot that
breaks any rule ends its game with its own reason, in time, leaving no process behind."""

from __future__ import annotations

import json
import os
import selectors
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import chicago_poker
import chicago_poker.protocol.table as table_module
from chicago_poker.core.commands import DealCard
from chicago_poker.core.rules import RuleOptions
from chicago_poker.formats.bot_protocol import TERMINATIONS
from chicago_poker.formats.log import LogKind, entries_to_lines
from chicago_poker.formats.schemas import bot_protocol_schema
from chicago_poker.players.bots import Bot, HeuristicBot, RandomBot
from chicago_poker.players.game import Game
from chicago_poker.protocol.process import BotError, BotProcess, read_lines
from chicago_poker.protocol.spec import parse_bot
from chicago_poker.protocol.table import Clock, RemoteBot, bot_seed, play_table
from chicago_poker.referee.validate import validate_file

SRC = str(Path(chicago_poker.__file__).parent.parent)
ENV = {**os.environ, "PYTHONPATH": SRC}  # the bots import this checkout's chicago_poker
FAST = Clock(move=2.0, latency=0.25, startup=10.0)


def speaker(name: str, **options: object) -> RemoteBot:
    argv = [sys.executable, "-m", "chicago_poker.protocol.speak", name]
    return RemoteBot(argv, label=name, options=options, clock=FAST, env=ENV)


def faulty(*arguments: str, clock: Clock = FAST) -> RemoteBot:
    argv = [sys.executable, "-m", "chicago_poker.protocol.faulty", *arguments]
    return RemoteBot(argv, label="faulty", clock=clock, env=ENV)


def group(pgid: int) -> list[int]:
    """The live processes of a process group, from the process table (zombies are dead)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


def alive(bot: RemoteBot) -> bool:
    """Whether the bot's group lives on; a process killed a moment ago may take a moment."""
    for _ in range(100):
        if not group(bot.process.pid):
            return False
        time.sleep(0.02)
    return True


def test_a_bot_plays_the_same_game_in_its_own_process(tmp_path: Path) -> None:
    remote: list[Bot | RemoteBot] = [speaker("heuristic"), speaker("random")]
    try:
        for seed in (3, 4):
            played = play_table(RuleOptions(), remote, seed)
            local: list[Bot | RemoteBot] = [
                HeuristicBot(bot_seed(seed, 0)),
                RandomBot(bot_seed(seed, 1)),
            ]
            names = [player.name for player in played.game.state.players]
            expected = play_table(RuleOptions(), local, seed, names=names)
            assert played.reason == "finished"
            assert played.game.history == expected.game.history
    finally:
        for bot in remote:
            assert isinstance(bot, RemoteBot)
            bot.close()


def test_a_seats_transcript_is_its_redacted_log_and_is_valid(tmp_path: Path) -> None:
    bot = speaker("heuristic", transcript=str(tmp_path))
    try:
        result = play_table(RuleOptions(), [RandomBot(1), bot, RandomBot(2)], 8, index=7)
    finally:
        bot.close()
    expected = list(entries_to_lines(result.game, kind=LogKind.REDACTED, viewer=1))
    assert list(result.sent[1]) == expected
    kept = tmp_path / "game-00007-seat-1.jsonl"
    lines = kept.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line) for line in lines] == [json.loads(line) for line in expected]
    assert validate_file(kept).status.name == "OK"


def test_every_message_of_a_real_session_follows_the_schema(tmp_path: Path) -> None:
    """Record both sides of a session through a tee, and check each line."""
    engine_side, bot_side = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    if shutil.which("tee") is None:
        pytest.skip("no tee")
    script = (
        f"tee {engine_side} | {sys.executable} -m chicago_poker.protocol.speak heuristic "
        f"| tee {bot_side}"
    )
    bot = RemoteBot(["sh", "-c", script], clock=FAST, env=ENV)
    try:
        bot.ping()
        play_table(RuleOptions(), [bot, HeuristicBot(2)], 11)
    finally:
        bot.close()
    schema = bot_protocol_schema()
    validator = jsonschema.Draft202012Validator(schema)
    defs = schema["$defs"]
    seen = set()
    for path, top in ((engine_side, "EngineMessage"), (bot_side, "BotMessage")):
        one = jsonschema.Draft202012Validator({**defs[top], "$defs": defs})
        for line in path.read_text(encoding="utf-8").splitlines():
            message = json.loads(line)
            one.validate(message)
            validator.validate(message)
            seen.add((top, message["type"]))
    assert {kind for top, kind in seen if top == "EngineMessage"} == {
        "hello",
        "isready",
        "ping",
        "new_game",
        "entry",
        "act",
        "game_over",
        "quit",
    }
    assert {kind for top, kind in seen if top == "BotMessage"} == {"hello", "ready", "pong", "move"}


@pytest.mark.parametrize(
    ("fault", "reason"),
    [
        ("hang", "time-forfeit"),
        ("crash", "crashed"),
        ("exit", "exited"),
        ("not-json", "not-json"),
        ("too-long", "line-too-long"),
        ("illegal", "illegal-command"),
        ("stale", "stale-answer"),
        ("flood", "stderr-flood"),
    ],
)
def test_each_fault_ends_the_game_with_its_reason_and_leaves_nothing(
    fault: str, reason: str
) -> None:
    clock = Clock(move=0.3, latency=0.1, startup=10.0)
    bad = faulty("--rate", "1", "--only", fault, clock=clock)
    good = speaker("random")
    result = play_table(RuleOptions(), [good, bad, RandomBot(3)], 5)
    assert (result.reason, result.seat) == (reason, 1)
    assert reason in TERMINATIONS
    assert not alive(bad)  # its group killed: a hanging bot's child too
    assert not alive(good)  # told, and ended cleanly


def test_a_slow_or_missing_bot_fails_to_start() -> None:
    with pytest.raises(BotError) as slow:
        faulty("--slow-start", "30", clock=Clock(startup=0.3, latency=0.1))
    assert slow.value.reason == "slow-start"
    with pytest.raises(BotError) as missing:
        RemoteBot(["/nonexistent/bot"], clock=FAST)
    assert missing.value.reason == "failed-to-start"


def test_duplicate_deals_give_every_rotation_the_same_cards() -> None:
    """Other bots, the same seed: the same hands, and the same first cards drawn."""
    first = play_table(RuleOptions(), [RandomBot(1), RandomBot(2), RandomBot(3)], 9, duplicate=True)
    other = play_table(RuleOptions(), [RandomBot(4), RandomBot(5), RandomBot(6)], 9, duplicate=True)
    assert first.game.history[0] == other.game.history[0]
    dealt = [e.command for e in first.game.history if isinstance(e.command, DealCard)]
    again = [e.command for e in other.game.history if isinstance(e.command, DealCard)]
    assert len(dealt) > 5
    assert dealt[:5] == again[:5]


def test_bot_names_from_anywhere() -> None:
    assert parse_bot("random").make(1).name == "random"
    assert parse_bot("chicago_poker.players.bots:HeuristicBot").make(1).name == "heuristic"
    assert parse_bot("cmd:node 'my bot.js'").argv == ("node", "my bot.js")
    for bad in ("nobody", "cmd:", "cmd:'open"):
        with pytest.raises(chicago_poker.InvalidArgumentError):
            parse_bot(bad)


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")
def test_the_node_example_bot_plays_a_whole_game() -> None:
    script = Path(__file__).parent.parent / "examples" / "random-bot.js"
    bot = RemoteBot(["node", str(script)], clock=FAST)
    try:
        result = play_table(RuleOptions(), [bot, HeuristicBot(1)], 6)
    finally:
        bot.close()
    assert (result.reason, bot.name) == ("finished", "random-js")
    assert result.game.state.is_over
    assert bot.wants_view is False  # as the docs advise a bot that never reads its view
    assert bot.process.infos > 0


TIE_SEED = 10
"""Three heuristic bots, game 10: seats 1 and 2 tie in a shootout and choose reinforcements."""

_CHOICES = ("SendReinforcement", "DeclineReinforcement", "ReinforcementChosen")


def test_tied_seats_are_asked_at_once_and_see_no_choice_before_the_reveal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every write, wait and command in order: both tied acts go out before any answer is
    read, both answers are read together and played only then, and no seat's stream shows
    the other's choice (only its redacted form) before the reveal."""
    record: list[tuple[str, object, str]] = []
    send, read, execute = BotProcess.send, read_lines, Game.execute

    def spied_send(process: BotProcess, line: str) -> None:
        record.extend(("send", process.label, each) for each in line.split("\n"))
        send(process, line)

    def spied_read(waiting: Any, what: str = "answer") -> Any:
        record.append(("read", tuple(sorted(waiting)), ""))
        return read(waiting, what)

    def spied_execute(game: Game, command: Any) -> None:
        record.append(("execute", type(command).__name__, ""))
        execute(game, command)

    monkeypatch.setattr(BotProcess, "send", spied_send)
    monkeypatch.setattr(table_module, "read_lines", spied_read)
    monkeypatch.setattr(Game, "execute", spied_execute)
    remote = [speaker("heuristic"), speaker("heuristic")]
    remote[0].process.label, remote[1].process.label = "seat 1", "seat 2"
    try:
        players: list[Bot | RemoteBot] = [HeuristicBot(bot_seed(TIE_SEED, 0)), *remote]
        result = play_table(RuleOptions(), players, TIE_SEED)
    finally:
        for bot in remote:
            bot.close()
    local = [HeuristicBot(bot_seed(TIE_SEED, seat)) for seat in range(3)]
    names = [player.name for player in result.game.state.players]
    expected = play_table(RuleOptions(), local, TIE_SEED, names=names)
    assert result.game.history == expected.game.history

    acts = [
        (index, label)
        for index, (kind, label, line) in enumerate(record)
        if kind == "send" and any(f'"legal":[{{"type":"{c}"' in line for c in _CHOICES[:2])
    ]
    assert {label for _, label in acts} == {"seat 1", "seat 2"}
    first, second = acts[0][0], acts[1][0]
    assert acts[0][1] != acts[1][1]
    between = [kind for kind, _, _ in record[first:second]]
    assert "read" not in between  # asked at once: no answer read before both acts are out
    assert "execute" not in between
    after = record[second + 1 :]
    assert after[0] == ("read", (1, 2), "")  # waited for together
    assert [kind for kind, _, _ in after[1:3]] == ["execute", "execute"]  # once all are in
    assert {name for _, name, _ in after[1:3]} <= {"SendReinforcement", "DeclineReinforcement"}

    for seat in (1, 2):
        other = 3 - seat
        for kind, label, line in record:
            if kind != "send" or label != f"seat {seat}":
                continue
            if "ReinforcementsRevealed" in line:
                break
            for choice in _CHOICES:
                assert f'"type":"{choice}","player":{other}' not in line, line
        else:
            pytest.fail(f"seat {seat} never saw the reveal")


def marked(bot: RemoteBot) -> list[int]:
    """The live processes that bear the bot's mark: the bot and whatever it started."""
    token = f"CHICAGO_POKER_BOT={bot.process.descendants.token}".encode()
    found = []
    for environ in Path("/proc").glob("[0-9]*/environ"):
        try:
            if token in environ.read_bytes().split(b"\0"):
                stat = (environ.parent / "stat").read_text().rpartition(")")[2].split()
                if stat[0] != "Z":
                    found.append(int(environ.parent.name))
        except OSError:
            continue
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="no /proc: the group kill alone")
def test_a_bot_that_exits_is_reported_at_once_and_its_escaped_child_is_ended() -> None:
    """Its child leaves the process group (setsid) and holds its output open: the exit
    is seen at once, not at the end of the move's 5 seconds, and the child dies too."""
    clock = Clock(move=5.0, latency=0.25, startup=10.0)
    bad = faulty("--rate", "1", "--only", "escape", clock=clock)
    began = time.monotonic()
    result = play_table(RuleOptions(), [RandomBot(1), bad], 5)
    assert (result.reason, result.seat) == ("exited", 1)
    assert time.monotonic() - began < 2.0
    assert bad.process.descendants.killed  # the child that left the group was found
    for _ in range(100):
        if not marked(bad):
            break
        time.sleep(0.02)
    assert marked(bad) == []


def test_an_answer_in_the_pipe_when_the_referee_looks_is_in_time() -> None:
    """A referee that runs only after the deadline still takes the answer already written.

    The bot answers at once; the referee looks only later (as when it waits for the
    processor on a loaded machine): the line is its answer, not a time forfeit. A bot that
    has not answered by then still forfeits.
    """
    # One write of the whole line: print() makes two (the text, then the newline) where
    # Python's output is unbuffered (PYTHONUNBUFFERED), and the wait below could wake between.
    script = "import os, sys\nfor line in sys.stdin:\n    os.write(1, b'ok\\n')\n"
    bot = BotProcess([sys.executable, "-c", script])
    try:
        bot.send("go")
        with selectors.DefaultSelector() as ready:  # wait until the answer is in the pipe
            ready.register(bot._out, selectors.EVENT_READ)
            assert ready.select(10)
        assert bot.read_line(time.monotonic() - 1.0) == b"ok"  # a deadline long past
        with pytest.raises(BotError) as late:
            bot.read_line(time.monotonic() - 1.0)  # nothing asked, nothing written
        assert late.value.reason == "time-forfeit"
    finally:
        bot.close()


def test_the_stderr_limit_counts_a_game_at_a_time() -> None:
    """6 KB a move against a 10 KB limit: fine while each game has one move; two is a flood."""
    script = (
        "import sys\n"
        "for line in sys.stdin:\n"
        "    sys.stderr.write('x' * 5999 + '\\n'); sys.stderr.flush()\n"
        "    print('ok', flush=True)\n"
    )
    bot = BotProcess([sys.executable, "-c", script], stderr_limit=10_000)
    try:
        for _ in range(5):
            bot.new_game()
            bot.send("go")
            assert bot.read_line(time.monotonic() + 5) == b"ok"
            time.sleep(0.05)  # the standard error is counted by its own thread
        with pytest.raises(BotError) as flood:
            _ask_on(bot)  # the same game: 12 KB
        assert flood.value.reason == "stderr-flood"
    finally:
        bot.close()


def _ask_on(bot: BotProcess) -> None:
    """Ask the bot again and again, without a new game, until it faults."""
    for _ in range(50):
        bot.send("go")
        bot.read_line(time.monotonic() + 5)
        time.sleep(0.05)


def test_info_messages_are_traced_logged_and_never_a_fault(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A bot that writes 8 KB of diagnostics and an info message before every move."""
    argv = [sys.executable, "-m", "chicago_poker.protocol.faulty", "--rate", "0"]
    bot = RemoteBot([*argv, "--chatter", "8192"], clock=FAST, env=ENV, log_dir=tmp_path)
    caplog.set_level("INFO", logger="chicago_poker.bots")
    try:
        for seed in (1, 2):
            assert play_table(RuleOptions(), [bot, RandomBot(1)], seed).reason == "finished"
    finally:
        bot.close()
    assert bot.process.infos > 10
    assert bot.process.last_info is not None
    assert bot.process.last_info["text"] == "chattering"
    assert any(": info: " in record.getMessage() for record in caplog.records)
    (trace,) = tmp_path.glob("*.trace")
    (stderr,) = tmp_path.glob("*.stderr")
    lines = trace.read_text(encoding="utf-8").splitlines()
    assert any(' > {"type":"act"' in line for line in lines)
    assert any(' < {"type": "info"' in line for line in lines)
    assert any(' < {"type": "move"' in line for line in lines)
    stamps = [float(line.split(" ", 1)[0]) for line in lines if not line.startswith("#")]
    assert stamps == sorted(stamps)
    assert stderr.stat().st_size >= 8192 * bot.process.infos


def test_a_game_clock_with_an_increment_is_kept_and_told(tmp_path: Path) -> None:
    """50 ms a move against 0.3 s a game: out of time without an increment, not with one."""
    argv = [sys.executable, "-m", "chicago_poker.protocol.faulty", "--rate", "0", "--delay"]
    plain = RemoteBot([*argv, "0.05"], clock=Clock(move=None, game=0.3, latency=0.1), env=ENV)
    clock = Clock(move=None, game=0.3, increment=0.1, latency=0.1)
    added = RemoteBot([*argv, "0.05"], clock=clock, env=ENV, log_dir=tmp_path)
    try:
        short = play_table(RuleOptions(), [plain, RandomBot(1)], 3)
        kept = play_table(RuleOptions(), [added, RandomBot(1)], 3)
    finally:
        plain.close()
        added.close()
    assert (short.reason, short.seat) == ("time-forfeit", 0)
    assert kept.reason == "finished"
    (trace,) = tmp_path.glob("*.trace")
    told = trace.read_text(encoding="utf-8")
    assert '"clock":{"move_ms":null,"game_ms":300,"increment_ms":100,"latency_ms":100}' in told
    assert '"increment_ms":100}' in told.split('{"type":"act"', 2)[2]  # every act says it too


def test_a_programs_options_and_time_control_come_from_its_name() -> None:
    spec = parse_bot(
        f"cmd:tc=30+0.5,iterations=7:{sys.executable} -m chicago_poker.protocol.speak search"
    )
    assert (spec.game_time, spec.increment, spec.move_time) == (30.0, 0.5, None)
    clock = spec.clock(Clock(move=5.0))
    assert (clock.game, clock.increment, clock.move) == (30.0, 0.5, None)
    bot = RemoteBot(spec.argv, clock=clock, options=dict(spec.options), env=ENV)
    try:
        assert bot.options_offered["iterations"] == {"type": "integer", "default": 300}
        result = play_table(RuleOptions(short_game=True), [bot, HeuristicBot(1)], 4)
    finally:
        bot.close()
    assert result.reason == "finished"
    with pytest.raises(BotError) as refused:
        RemoteBot(spec.argv, clock=FAST, options={"depht": 3}, env=ENV)
    assert refused.value.reason == "failed-to-start"
    assert "'depht' is not one it offers" in refused.value.detail


def test_unknown_fields_are_ignored_by_the_referee_and_allowed_by_the_schema() -> None:
    """The forward-compatibility rule, on both sides: a move with a field of a later version."""
    legal = Game.new(["Al", "Bugs"], seed=4).legal_commands(0)
    command = json.loads(json.dumps(chicago_poker.to_json(legal[0])))
    message = {"type": "move", "id": 3, "command": command, "ponder": "later"}
    assert table_module._answer(json.dumps(message).encode(), 3, legal) == legal[0]
    schema = bot_protocol_schema()
    defs = schema["$defs"]
    jsonschema.Draft202012Validator({**defs["BotMessage"], "$defs": defs}).validate(message)
    info = {"type": "info", "text": "deep in thought", "iterations": 120, "score": 0.4}
    jsonschema.Draft202012Validator({**defs["BotMessage"], "$defs": defs}).validate(info)
    bad = {**message, "command": {**command, "extra": 1}}
    with pytest.raises(jsonschema.ValidationError):  # a command is the log format's: closed
        jsonschema.Draft202012Validator({**defs["BotMessage"], "$defs": defs}).validate(bad)


def test_match_shows_the_programs_stderr_with_v_and_keeps_it_with_bot_log(
    tmp_path: Path,
) -> None:
    chatter = f"cmd:{sys.executable} -m chicago_poker.protocol.faulty --rate 0 --chatter 200"
    command = [sys.executable, "-m", "chicago_poker", "match", chatter, "random", "--games", "2"]
    shown = subprocess.run(
        [*command, "-v", "--bot-log", str(tmp_path)],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=120,
        check=True,
    )
    assert "faulty --rate 0 --chatter 200): thinking ...." in shown.stderr
    assert ': info: {"type": "info"' in shown.stderr
    assert len(list(tmp_path.glob("*.trace"))) == len(list(tmp_path.glob("*.stderr"))) == 1
    quiet = subprocess.run(command, capture_output=True, text=True, env=ENV, timeout=120)
    assert "thinking" not in quiet.stderr
