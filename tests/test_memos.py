"""The core's memo tables owned by a loop (``core.memos``): a loop under ``owned()`` plays as
it would without it, and leaves the tables as it found them.

A memo changes no result, so the same seeded game or search move gives the same commands
with the tables full, emptied or set aside; and every table the core fills as it plays is
registered, so that a loop's entries go with it.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_poker.core import memos
from chicago_poker.core.commands import Command
from chicago_poker.core.decide import step
from chicago_poker.core.legal import legal_commands, to_act
from chicago_poker.core.memos import owned, registered
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.views import view
from chicago_poker.formats.log import redact_entries
from chicago_poker.players.bots import HeuristicBot, RandomBot
from chicago_poker.players.search import SearchBot
from chicago_poker.players.simulate import play_bots
from random_games import ALL_OPTIONS, random_game
from scenarios import states_after

Snapshot = list[dict[object, object]]


def snapshot() -> Snapshot:
    """A copy of every registered table (their nested dicts copied too)."""
    return [
        {key: dict(value) if isinstance(value, dict) else value for key, value in table.items()}
        for table in registered()
    ]


def same_tables(before: Snapshot) -> bool:
    """Whether every registered table holds exactly the entries of ``before`` (by identity)."""
    after = snapshot()
    if len(after) != len(before):
        return False
    for old, new in zip(before, after, strict=True):
        if old.keys() != new.keys():
            return False
        for key, value in old.items():
            other = new[key]
            if isinstance(value, dict) and isinstance(other, dict):
                if value.keys() != other.keys() or any(value[k] is not other[k] for k in value):
                    return False
            elif value is not other:
                return False
    return True


def seeded_game(seed: int, players: int, options: RuleOptions) -> tuple[Command, ...]:
    """The commands of a seeded game of random and heuristic bots."""
    bots = [(RandomBot if seat % 2 else HeuristicBot)(seed + seat) for seat in range(players)]
    game = play_bots(options, bots, seed, max_commands=120)
    return tuple(entry.command for entry in game.history)


def test_every_table_the_core_fills_as_it_plays_is_registered() -> None:
    """Play games with every option; every module-level dict of the core that changed is a
    registered memo, or one of the tables the process keeps on purpose (hand ranks: ints)."""
    kept_by_the_process = {
        "chicago_poker.core.hands": {"_PLAIN", "_FLUSH", "_RAINBOW", "_RANKS", "_FAST", "_PARTIAL"}
    }

    def tables() -> Iterator[tuple[str, str, dict[object, object]]]:
        for name, module in list(sys.modules.items()):
            if not name.startswith("chicago_poker.core."):
                continue
            for attribute, value in list(vars(module).items()):
                parts = value if isinstance(value, tuple) else (value,)
                for part in parts:
                    if type(part) is dict:
                        yield name, attribute, part

    before = {(name, attribute, id(table)): len(table) for name, attribute, table in tables()}
    for number, options in enumerate(ALL_OPTIONS[:8]):
        with owned():  # start from empty tables, so that every one fills again
            game = random_game(2 + number % 5, options, seed=number, commands=200)
            for state in states_after(game.history)[::10]:
                view(state, 0)
                view(state, None)
        random_game(2 + number % 5, options, seed=number, commands=200)
    ids = {id(table) for table in registered()}
    grown = [
        (name, attribute)
        for name, attribute, table in tables()
        if len(table) != before.get((name, attribute, id(table)), len(table))
        and id(table) not in ids
        and attribute not in kept_by_the_process.get(name, ())
    ]
    assert not grown, f"memo tables not registered with core.memos: {grown}"
    assert len(ids) >= 10


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    options=st.sampled_from(ALL_OPTIONS),
)
def test_a_game_played_inside_is_the_game_played_outside_and_the_tables_come_back(
    seed: int, players: int, options: RuleOptions
) -> None:
    outside = seeded_game(seed, players, options)
    before = snapshot()
    with owned():
        inside = seeded_game(seed, players, options)
        assert any(len(table) for table in registered())  # the loop filled its own tables
    assert inside == outside
    assert same_tables(before)


def test_nested_loops_each_give_back_what_they_found() -> None:
    seeded_game(1, 4, RuleOptions())
    process = snapshot()
    with owned():
        seeded_game(2, 3, RuleOptions())
        outer = snapshot()
        with owned():
            assert not any(registered())  # every table emptied
            seeded_game(3, 5, RuleOptions())
        assert same_tables(outer)
    assert same_tables(process)


def test_a_loop_that_raises_gives_back_the_tables() -> None:
    seeded_game(4, 4, RuleOptions())
    before = snapshot()

    def loop() -> None:
        with owned():
            seeded_game(5, 4, RuleOptions())
            _ = 1 / 0

    with pytest.raises(ZeroDivisionError):
        loop()
    assert same_tables(before)


def test_a_search_move_inside_is_the_move_outside() -> None:
    """``SearchBot.choose`` owns the tables for its move; made without that (its private
    ``_choose``, with the tables full of another game's entries), the move is the same: the
    same command, iterations and generator state."""
    game = play_bots(RuleOptions(), [HeuristicBot(seat) for seat in range(4)], 11)
    history = game.history
    searched = 0
    for number, state in enumerate(states_after(history)[8:120:8]):
        seats = to_act(state).seats
        legal = legal_commands(state, seats[0]) if seats else ()
        if len(legal) < 2:
            continue
        seat = seats[0]
        seen = list(redact_entries(history[: 8 + 8 * number + 1], seat))
        moves = []
        for inside in (True, False):
            seeded_game(number, 4, RuleOptions())  # tables full of another game
            bot = SearchBot(number, iterations=30)
            for entry in seen:
                bot.observe(entry)
            seen_now = view(state, seat)
            before = snapshot()
            choose = bot.choose if inside else bot._choose
            moves.append((choose(seen_now, legal), bot.played, bot._random.getstate()))
            assert same_tables(before) == inside  # outside, the search's entries stay
        assert moves[0] == moves[1]
        searched += moves[0][1] > 0
    assert searched >= 5


def test_loops_in_threads_lose_entries_never_results() -> None:
    """Threads playing seeded games, half of them inside ``owned()`` and entering and leaving
    out of order, each play the game played alone; the tables are then usable and hold only
    entries whose ``id`` keys name the objects they hold."""
    expected = {seed: seeded_game(seed, 2 + seed % 5, RuleOptions()) for seed in range(8)}
    got: dict[int, tuple[Command, ...]] = {}
    failures: list[BaseException] = []

    def run(seed: int) -> None:
        try:
            for _ in range(3):
                if seed % 2:
                    with owned():
                        got[seed] = seeded_game(seed, 2 + seed % 5, RuleOptions())
                else:
                    got[seed] = seeded_game(seed, 2 + seed % 5, RuleOptions())
        except BaseException as error:  # reported by the assertion below
            failures.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # switch threads often, inside enter and leave too
    try:
        threads = [threading.Thread(target=run, args=(seed,)) for seed in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert not failures
    assert got == expected
    assert not memos._FRAMES  # every loop left
    state = random_game(4, seed=99, commands=30).state
    for command in legal_commands(state, to_act(state).seats[0]):
        assert step(state, command)


def test_leaving_out_of_order_hands_the_entries_on() -> None:
    """A loop that leaves while a later one (another thread's) runs gives its set-aside
    entries to that one, which gives them back as it leaves."""
    seeded_game(6, 4, RuleOptions())
    process = snapshot()
    first, second = owned(), owned()
    first.__enter__()
    seeded_game(7, 3, RuleOptions())
    second.__enter__()
    seeded_game(8, 5, RuleOptions())
    first.__exit__(None, None, None)
    assert not same_tables(process)  # the second loop still owns the tables
    second.__exit__(None, None, None)
    assert same_tables(process)


def test_the_heuristic_and_random_bots_fill_no_memo_of_the_core() -> None:
    """Their moves read the view and the commands they are given and touch no registered
    table, so they need no loop of their own (the search bot's moves do)."""
    game = play_bots(RuleOptions(), [HeuristicBot(seat) for seat in range(4)], 3)
    moves = 0
    for state in states_after(game.history)[::5]:
        seats = to_act(state).seats
        if not seats:
            continue
        seen, legal = view(state, seats[0]), legal_commands(state, seats[0])
        before = snapshot()
        HeuristicBot(1).choose(seen, legal)
        RandomBot(1).choose(seen, legal)
        assert same_tables(before)
        moves += 1
    assert moves > 20
