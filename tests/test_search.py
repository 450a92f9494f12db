"""The search bot: legal, deterministic for a seed, blind to hidden cards, and the same bot in
this process and through the bot protocol."""

from __future__ import annotations

import io
import itertools
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

import chicago_poker
from chicago_poker.cli.play import play_game
from chicago_poker.core.commands import Command
from chicago_poker.core.decide import step
from chicago_poker.core.legal import legal_commands, to_act
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState
from chicago_poker.core.views import view
from chicago_poker.formats.log import LogEntry, redact_entries
from chicago_poker.players import search as search_module
from chicago_poker.players.belief import belief
from chicago_poker.players.bots import BOTS, Bot, HeuristicBot, RandomBot
from chicago_poker.players.game import Game
from chicago_poker.players.search import LEVELS, SearchBot
from chicago_poker.players.simulate import Narrator, play_bots
from chicago_poker.protocol.table import Clock, RemoteBot, bot_seed, play_table
from chicago_poker.referee.information import InformationSet, Witness
from scenarios import states_after

SHORT = RuleOptions(short_game=True)
SRC = str(Path(chicago_poker.__file__).parent.parent)


def test_the_registry_makes_a_search_bot_of_each_level() -> None:
    for name, level in (("search-easy", "easy"), ("search", "normal"), ("search-hard", "hard")):
        bot = BOTS[name](3)
        assert isinstance(bot, SearchBot)
        assert bot.name == name
        assert bot.iterations == LEVELS[level]
    assert LEVELS["easy"] < LEVELS["normal"] < LEVELS["hard"]


def test_play_tells_the_search_bot_its_history_even_after_a_move_is_taken_back() -> None:
    """In the terminal game the bot searches every move: none falls back for want of history.

    The human takes moves back twice (u); the bot then forgets what it was told and is told
    the history again, rather than searching from a history that no longer happened.
    """
    bots: list[SearchBot] = []

    def factory(seat: int) -> SearchBot:
        bots.append(SearchBot(seat, iterations=4))
        return bots[-1]

    script = "1\n" * 3 + "u\n" + "1\n" * 6 + "u\n" + "1\n" * 5_000
    game = play_game(SHORT, 2, 5, factory, io.StringIO(script), io.StringIO())
    (bot,) = bots
    assert game.state.is_over
    assert bot.searches > 10
    assert bot.fallbacks == 0


@pytest.mark.parametrize("believing", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_it_plays_whole_games_by_search_with_legal_commands(players: int, believing: bool) -> None:
    """play_bots executes every choice: an illegal one would raise IllegalCommand."""
    bot = SearchBot(players, iterations=8, believing=believing)
    others: list[Bot] = [RandomBot(seat) for seat in range(1, players)]
    game = play_bots(SHORT, [bot, *others], players)
    assert game.state.is_over
    assert bot.searches > 5
    assert bot.fallbacks == 0


@pytest.mark.parametrize("believing", [False, True])
def test_it_is_deterministic_for_a_seed(believing: bool) -> None:
    def play() -> tuple[object, ...]:
        bot = SearchBot(5, iterations=10, believing=believing)
        return play_bots(SHORT, [bot, HeuristicBot(6)], 11).events

    assert play() == play()


def test_without_the_seats_history_it_chooses_as_the_heuristic_bot() -> None:
    game = Game.new(["Al", "Bugs", "Capone"], seed=2)
    seat = game.state.turn.player
    legal = game.legal_commands(seat)
    bot = SearchBot(7, iterations=5)
    assert bot.choose(view(game.state, seat), legal) == HeuristicBot(7).choose(
        view(game.state, seat), legal
    )
    assert (bot.fallbacks, bot.searches) == (1, 0)


def test_a_time_budget_ends_the_search() -> None:
    """Seconds per move, read from a clock that ticks once per reading: no real time."""
    ticks = itertools.count()
    readings: list[float] = []

    def clock() -> float:
        readings.append(float(next(ticks)))
        return readings[-1]

    bot = SearchBot(1, iterations=1_000, seconds=100.0, clock=clock)
    game = Game.new(["Al", "Bugs"], seed=4)
    for entry in redact_entries(game.history, 0):
        bot.observe(entry)
    seat = game.state.turn.player
    assert seat == 0
    bot.choose(view(game.state, seat), game.legal_commands(seat))
    assert bot.searches == 1
    # The deadline is read at 0 and lies 85 ticks later (15% kept back as the safety margin);
    # every command inside an iteration reads the clock as well, so the search stops before
    # the last reading passes it, never after.
    assert 1 <= bot.played < 85
    assert readings[-1] <= 85


def test_the_safety_margin_grows_when_the_process_gets_less_of_a_core(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A search that got no CPU time in its 0.2 s (a starved process) halves the share of a
    core the bot counts on, and its margin for the next move grows as much (0.03 s on a
    machine to itself, 0.06 s after such a search)."""
    bot = SearchBot(1, iterations=1_000_000, seconds=0.2)
    game = Game.new(["Al", "Bugs"], seed=4)
    for entry in redact_entries(game.history, 0):
        bot.observe(entry)
    assert left(bot) == pytest.approx(0.17, abs=0.005)
    bot.choose(view(game.state, 0), game.legal_commands(0))  # its tables built, in real time
    before = bot.share
    monkeypatch.setattr(time, "process_time", lambda: 0.0)
    bot.choose(view(game.state, 0), game.legal_commands(0))
    assert bot.share == pytest.approx(before / 2)
    margin = min(0.03 / max(before / 2, 0.2), 0.12)
    assert left(bot) == pytest.approx(0.2 - margin, abs=0.005)


def left(bot: SearchBot) -> float:
    """The seconds to the deadline of a move the bot is asked for now."""
    deadline = bot._deadline()
    assert deadline is not None
    return deadline - time.perf_counter()


def test_the_clock_is_read_inside_an_iteration(monkeypatch: pytest.MonkeyPatch) -> None:
    """An iteration that reaches the deadline is dropped at its next command, not played out."""
    now = [0.0]
    steps = [0]
    real_step = step

    def slow_step(state: GameState, command: Command) -> Any:
        steps[0] += 1
        if steps[0] > 40:  # from here every command takes a second: the machine is loaded
            now[0] += 1.0
        return real_step(state, command)

    monkeypatch.setattr(search_module, "step", slow_step)
    bot = SearchBot(1, iterations=1_000, seconds=2.0, rollout=20, clock=lambda: now[0])
    game = Game.new(["Al", "Bugs"], seed=4)
    for entry in redact_entries(game.history, 0):
        bot.observe(entry)
    command = bot.choose(view(game.state, 0), game.legal_commands(0))
    assert command in game.legal_commands(0)
    # The deadline is 1.7 (2 s less the margin): the first command read after it ends the
    # search, within one command (1 s) and the chance dealt before it; played out, the
    # iteration's 20 commands of rollout would take 20 s more.
    assert now[0] <= 3.0


def test_the_time_budget_covers_the_whole_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """Time spent bringing the knowledge model up to date counts against the move's seconds."""
    now = [0.0]
    bot = SearchBot(1, iterations=1_000, seconds=5.0, clock=lambda: now[0])
    update = bot._information

    def slow_update(seat: int) -> InformationSet | None:
        now[0] += 10.0  # the knowledge model takes longer than the whole budget
        return update(seat)

    monkeypatch.setattr(bot, "_information", slow_update)
    game = Game.new(["Al", "Bugs"], seed=4)
    for entry in redact_entries(game.history, 0):
        bot.observe(entry)
    chosen = bot.choose(view(game.state, 0), game.legal_commands(0))
    # No time left to search: the heuristic's choice at once, counted as hurried.
    assert (bot.searches, bot.played, bot.hurried) == (0, 0, 1)
    assert chosen == HeuristicBot(1).choose(view(game.state, 0), game.legal_commands(0))


@pytest.mark.parametrize("believing", [False, True])
def test_states_that_differ_only_in_hidden_cards_get_the_same_choice(believing: bool) -> None:
    """Two complete games that a seat cannot tell apart: the bot, seeded alike, chooses alike.

    The second game is the witness of the seat's information set: a complete legal game that
    redacts to the same history, with other cards where the seat saw none.
    """
    real = play_bots(RuleOptions(), [HeuristicBot(1), RandomBot(2), HeuristicBot(3)], 8)
    states = states_after(real.history)
    entries, seat = next(
        (entries, seat)
        for entries in range(len(states) // 2, len(states))
        for seat in to_act(states[entries - 1]).seats
        if len(legal_commands(states[entries - 1], seat)) > 1
    )
    history = [LogEntry.of(entry) for entry in real.history[:entries]]
    seen = list(redact_entries(history, seat))
    witness = InformationSet.of(seen, seat).witness()
    assert isinstance(witness, Witness)
    assert witness.state is not None
    other = [LogEntry(*pair) for pair in zip(witness.commands, witness.events, strict=True)]
    games = ((history, states[entries - 1]), (other, witness.state))
    assert states[entries - 1] != witness.state  # the hidden cards differ
    assert list(redact_entries(other, seat)) == seen  # the seat's history does not
    choices = []
    for told, state in games:
        bot = SearchBot(9, iterations=40, believing=believing)
        for entry in redact_entries(told, seat):
            bot.observe(entry)
        choices.append(bot.choose(view(state, seat), legal_commands(state, seat)))
        assert (bot.searches, bot.fallbacks) == (1, 0)
    assert view(games[0][1], seat) == view(games[1][1], seat)
    assert choices[0] == choices[1]


def test_it_plays_the_same_game_through_the_bot_protocol() -> None:
    argv = [sys.executable, "-m", "chicago_poker.protocol.speak", "search"]
    clock = Clock(move=10.0, latency=0.5, startup=20.0)
    remote = RemoteBot(argv, label="search", clock=clock, env={**os.environ, "PYTHONPATH": SRC})
    try:
        played = play_table(SHORT, [remote, HeuristicBot(bot_seed(3, 1))], 3)
    finally:
        remote.close()
    local = play_table(
        SHORT,
        [BOTS["search"](bot_seed(3, 0)), HeuristicBot(bot_seed(3, 1))],
        3,
        names=[player.name for player in played.game.state.players],
    )
    assert played.reason == "finished"
    assert played.game.history == local.game.history


def test_an_observer_that_cannot_forget_is_told_nothing_after_a_move_is_taken_back() -> None:
    """A bot with ``observe`` alone is not told a second history on top of the first."""

    class Listener:
        def __init__(self) -> None:
            self.entries: list[object] = []

        def observe(self, entry: object) -> None:
            self.entries.append(entry)

    game = Game.new(["Al", "Bugs"], seed=4)
    listener = Listener()
    narrator = Narrator.of([None, listener])
    for _ in range(3):
        game.execute(
            HeuristicBot(1).choose(
                view(game.state, game.state.turn.player),
                game.legal_commands(game.state.turn.player),
            )
        )
    narrator.tell(game)
    told = len(listener.entries)
    assert told == len(game.history)
    game.undo(1)
    game.execute(game.legal_commands(game.state.turn.player)[0])
    narrator.tell(game)
    assert len(listener.entries) == told


def _choices_at(game: Game, seat: int, make: Callable[[], SearchBot]) -> list[Command]:
    """A fresh bot's choice at each decision of ``seat`` in ``game`` with more than one."""
    choices = []
    state: GameState | None = None
    for index, entry in enumerate(game.history):
        state, _ = step(state, entry.command)
        legal = legal_commands(state, seat)
        if len(legal) > 1 and index % 3 == 0:
            bot = make()
            for seen in redact_entries(game.history[: index + 1], seat):
                bot.observe(seen)
            choices.append(bot.choose(view(state, seat), legal))
    return choices


def test_the_heuristics_choice_stands_unless_the_search_finds_better_by_the_margin() -> None:
    """A margin of 1 (no average beats another by more) keeps the heuristic's first choice.

    With one iteration the search tries that choice alone, so it plays it; a margin of 1
    plays it too after 60 iterations. A margin of 0 lets the search overrule it.
    """
    game = play_bots(RuleOptions(), [HeuristicBot(1), HeuristicBot(2), HeuristicBot(3)], 8)
    first = _choices_at(game, 0, lambda: SearchBot(4, iterations=1))
    kept = _choices_at(game, 0, lambda: SearchBot(4, iterations=60, margin=1.0))
    searched = _choices_at(game, 0, lambda: SearchBot(4, iterations=60, margin=0.0))
    assert len(first) > 10
    assert kept == first
    assert sum(a != b for a, b in zip(searched, first, strict=True)) >= 2


def test_the_belief_is_for_two_to_six_players() -> None:
    assert belief(2) is belief(2)  # made once for each number of players
    assert belief(2) != belief(6)
    with pytest.raises(ValueError, match="7 players"):
        belief(7)


def test_a_decision_visited_often_looks_at_more_commands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Progressive widening: a decision visited ``n`` times looks at the heuristic's best
    ``round(n ** widening)`` commands when that is more than the width.

    With a width of 1 the root holds the heuristic's favourite (a few, where its ties fall
    differently from one drawn state to the next). Widened, the root's 60th iteration may
    look at round(59 ** 0.5) = 8 commands, and each new one is tried before any is tried again.
    """
    roots: list[tuple[int, int]] = []  # (commands legal, children of the root) a search
    choice = search_module._choice

    def spied(root: search_module._Node, legal: Sequence[Command], margin: float) -> Command:
        roots.append((len(legal), len(root.children)))
        return choice(root, legal, margin)

    monkeypatch.setattr(search_module, "_choice", spied)
    game = play_bots(RuleOptions(), [HeuristicBot(1), HeuristicBot(2), HeuristicBot(3)], 8)
    _choices_at(game, 0, lambda: SearchBot(4, iterations=60, width=1, widening=0))
    narrow, roots[:] = roots[:], []
    _choices_at(game, 0, lambda: SearchBot(4, iterations=60, width=1, widening=0.5))
    assert len(narrow) == len(roots) > 10
    assert any(few < min(legal, 8) for legal, few in narrow)
    for (legal, few), (_, many) in zip(narrow, roots, strict=True):
        assert many >= min(legal, 8)
        assert many > few or few == legal


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"iterations": 0}, "iterations must be 1 or more, not 0"),
        ({"reuse": 0}, "reuse must be 1 or more, not 0"),
        ({"width": -2}, "width must be 1 or more, not -2"),
        ({"rollout": -1}, "rollout must be 0 or more, not -1"),
        ({"widening": -0.1}, "widening must be from 0 to 1, not -0.1"),
        ({"widening": 1.5}, "widening must be from 0 to 1, not 1.5"),
        ({"widening": float("nan")}, "widening must be from 0 to 1, not nan"),
    ],
)
def test_settings_that_leave_nothing_to_search_are_refused_by_name(
    settings: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=f"^SearchBot: {re.escape(message)}$"):
        SearchBot(1, **settings)


@pytest.mark.parametrize(
    "settings",
    [
        {},
        {"guided": False, "rollout": 3},
        {"modelled": True},
        {"rollout": 2, "reuse": 8},
        {"believing": False, "width": 2, "widening": 0.5},
    ],
)
def test_remembering_the_states_of_a_determinization_changes_no_choice(
    monkeypatch: pytest.MonkeyPatch, settings: dict[str, Any]
) -> None:
    """The memo of a determinization's states (``SearchBot.remembers``) only saves work.

    The search grows the same tree with it and without it, node for node, and leaves the
    generators where they were: chances drawn at random (tiles, a card the order has run
    out of) and the generator's commands are drawn again as before.
    """
    trees: list[list[tuple[str, int, float, int]]] = []
    choice = search_module._choice

    def spied(root: search_module._Node, legal: Sequence[Command], margin: float) -> Command:
        trees.append(
            sorted((repr(c), n.visits, n.total, n.available) for c, n in root.children.items())
        )
        return choice(root, legal, margin)

    def searched(remembers: bool) -> tuple[list[Command], list[Any], list[float]]:
        trees.clear()
        bots: list[SearchBot] = []

        def make() -> SearchBot:
            bot = SearchBot(5, iterations=40, **settings)
            bot.remembers = remembers
            bots.append(bot)
            return bot

        choices = _choices_at(game, 0, make)
        generators = [
            g for bot in bots for g in (bot._random.random(), bot._policy._random.random())
        ]
        return choices, trees[:], generators

    monkeypatch.setattr(search_module, "_choice", spied)
    game = play_bots(RuleOptions(), [HeuristicBot(1), HeuristicBot(2), HeuristicBot(3)], 11)
    remembered, forgotten = searched(True), searched(False)
    assert len(remembered[0]) > 10
    assert remembered == forgotten
