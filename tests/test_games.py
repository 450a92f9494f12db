"""Whole games: seeded random games played to the end, every step checked.

Games are played by a seeded random policy over ``legal_commands``. Dealt games go through
:class:`~chicago_poker.players.game.Game` (its seeded dealer answers chance); games from random
mid-game positions go through :func:`~chicago_poker.core.decide.step`, with chance also chosen
among the legal commands. Random deals almost never tie a shootout, so the mid-game positions
start with a tied shootout due (R-6.7), often with few cards left to draw (R-3.7, R-3.8) and
few tiles left (R-8.4, R-8.5).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

import chicago_poker
from chicago_poker.core.apply import apply, replay
from chicago_poker.core.cards import (
    BUSINESS_TILES,
    BusinessTile,
    Card,
    Color,
    GangsterCard,
    full_deck,
    tactical_deck,
)
from chicago_poker.core.commands import Command
from chicago_poker.core.decide import follow_up, step
from chicago_poker.core.events import (
    Event,
    GameBlocked,
    GameStarted,
    ReinforcementRequested,
    ReinforcementsRevealed,
    TurnEnded,
)
from chicago_poker.core.legal import legal_commands
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState, TurnPhase
from chicago_poker.players.game import Game
from invariants import (
    FACE_UP_AT_SETUP,
    InvariantError,
    check_events,
    check_game_over,
    check_invariants,
    victories_met,
)
from random_games import ALL_OPTIONS, by_kind, uniform
from scenarios import NAMES, build

Chooser = Callable[[GameState, Sequence[Command]], Command]
"""A seeded random policy: chooses among the legal commands of a state."""

MAX_COMMANDS = 20_000
"""Far more commands than any game takes (a few hundred); more means the game never ends."""

SOURCE = str(Path(chicago_poker.__file__).resolve().parents[1])
"""Where the package under test was imported from (src/ or an installed copy), for a child."""

TESTS = str(Path(__file__).resolve().parent)
"""The tests' helper modules, for a child process."""

DEALT_GAMES = 300
MIDGAME_GAMES = 200


def options_id(options: RuleOptions) -> str:
    """A short name for a combination of options, for test ids."""
    names = ("tactical", "short", "optional", "anycards", "decline")
    flags = (
        options.tactical,
        options.short_game,
        options.optional_actions,
        options.limousine_any_cards,
        options.optional_reinforcement,
    )
    return "+".join(name for name, flag in zip(names, flags, strict=True) if flag) or "standard"


def dealt_game(seed: int) -> tuple[int, RuleOptions]:
    """Players and options of the dealt game ``seed``: 2 to 6 players, all 32 option sets."""
    return 2 + seed % 5, ALL_OPTIONS[seed % 32]


def policy(seed: int) -> Chooser:
    """The random policy of game ``seed``: uniform over commands (even) or over kinds (odd)."""
    rng = random.Random(seed)
    chosen = by_kind if seed % 2 else uniform
    return lambda state, legal: chosen(state, legal, rng)


def play_game(game: Game, choose: Chooser) -> int:
    """Play ``game`` to its end with a random policy, checking every step; return the commands."""
    state = game.state
    check_invariants(state)
    for commands in range(MAX_COMMANDS):
        if game.state.is_over:
            return commands
        mark = len(game.history)
        game.execute(choose(game.state, game.legal_commands()))
        for entry in game.history[mark:]:
            state = check_events(state, entry.events)
            check_invariants(state)
        assert state == game.state
    raise AssertionError(f"the game did not end within {MAX_COMMANDS} commands")


def play_out(
    state: GameState,
    choose: Chooser,
    events: list[Event] | None = None,
) -> tuple[GameState, list[Event]]:
    """Play from a decision point to the end, chance included, checking every step."""
    log = [] if events is None else events
    for _ in range(MAX_COMMANDS):
        if state.is_over:
            return state, log
        command = choose(state, legal_commands(state))
        after, new = step(state, command)
        assert check_events(state, new) == after
        check_invariants(after)
        state = after
        log.extend(new)
    raise AssertionError(f"the game did not end within {MAX_COMMANDS} commands")


# --------------------------------------------------------------- mid-game positions


def _text(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _tiles_for(
    count: int, options: RuleOptions, rng: random.Random
) -> tuple[list[BusinessTile], dict[int, list[BusinessTile]], list[BusinessTile]]:
    """Face-up tiles, controlled tiles meeting no victory condition, and the tile pile."""
    tiles = list(BUSINESS_TILES)
    rng.shuffle(tiles)
    face_up = tiles[: FACE_UP_AT_SETUP[count]]
    controlled: dict[int, list[BusinessTile]] = {seat: [] for seat in range(count)}
    pile: list[BusinessTile] = []
    share = rng.random() ** 2  # mostly early games (few tiles owned), some late ones
    for tile in tiles[len(face_up) :]:
        seats = list(range(count))
        rng.shuffle(seats)
        owner = next((s for s in seats if not victories_met([*controlled[s], tile], options)), None)
        if owner is None or rng.random() > share:
            pile.append(tile)
        else:
            controlled[owner].append(tile)
    return face_up, controlled, pile


def midgame_state(
    seed: int, players: int | None = None, options: RuleOptions | None = None
) -> GameState:
    """A random position where seat 0's turn is about to begin with shootouts due (R-6.1).

    Seat 0 and one to four others hold the same rainbow straight at the first business (tied,
    R-7.5.3, R-7.6); seat 0 may have a second marked column. Other columns have 0 to 4 cards,
    hands 0 to 7 cards, and the rest of the deck is split between draw deck and discard pile,
    sometimes leaving almost nothing to draw. Players and options follow from the seed unless
    given.
    """
    rng = random.Random(seed)
    count = players if players is not None else 2 + seed % 5
    options = options if options is not None else ALL_OPTIONS[(seed // 5) % 32]
    names = NAMES[:count]
    deck = list(tactical_deck() if options.tactical else full_deck())
    face_up, controlled, pile = _tiles_for(count, options, rng)
    tied = [0, *rng.sample(range(1, count), rng.randint(1, min(4, count - 1)))]
    low = rng.randint(1, 11)
    columns: dict[str, dict[str, list[Card]]] = {str(tile): {} for tile in face_up}
    markers: dict[tuple[str, str], int] = {}
    first = str(face_up[0])
    for shift, seat in enumerate(tied):
        straight = [GangsterCard(low + i, list(Color)[(i + shift) % 5]) for i in range(5)]
        columns[first][names[seat]] = list(straight)
        markers[(first, names[seat])] = len(markers)
        for card in straight:
            deck.remove(card)
    rng.shuffle(deck)
    gangsters = [card for card in deck if isinstance(card, GangsterCard)]
    fill = rng.random()
    for tile in face_up:
        for seat in range(count):
            if names[seat] in columns[str(tile)]:
                continue
            # Three cards at most beside the tie: four of a kind would beat the straights.
            most = 3 if tile == face_up[0] else 4
            size = min(most, int(rng.random() * 5 * fill + rng.random()), len(gangsters))
            if tile != face_up[0] and seat == 0 and rng.random() < 0.3 and len(gangsters) >= 5:
                size = 5
                markers[(str(tile), names[seat])] = len(markers)
            columns[str(tile)][names[seat]] = [gangsters.pop() for _ in range(size)]
    numbers = sorted(range(len(markers)), key=lambda _: rng.random())
    markers = {key: numbers[i] for i, key in enumerate(markers)}
    unplaced = set(gangsters)
    rest = [card for card in deck if card in unplaced or not isinstance(card, GangsterCard)]
    rng.shuffle(rest)
    hands: dict[str, str] = {}
    for name in names:
        size = rng.randint(0, 7)
        hands[name], rest = _text(rest[:size]), rest[size:]
    drawn = rng.choice([0, 1, 2, len(rest)])
    state = build(
        names,
        hands=hands,
        businesses={tile: {n: _text(c) for n, c in cols.items()} for tile, cols in columns.items()},
        markers=markers,
        controlled={names[s]: " ".join(map(str, tiles)) for s, tiles in controlled.items()},
        draw=_text(rest[:drawn]),
        discard=_text(rest[drawn:]),
        tile_pile=" ".join(map(str, pile)),
        turn=names[-1],
        number=3 * count - 1,
        phase=TurnPhase.ENDED,
        options=options,
    )
    return state


# ----------------------------------------------------------------------------- tests


@pytest.mark.rule("R-2.3", "R-2.5", "R-3.2", "R-3.5", "R-3.9", "R-4.5", "R-4.6", "R-8.1", "R-8.2")
@pytest.mark.parametrize(
    "seed",
    [
        pytest.param(seed, id=f"{seed}-{dealt_game(seed)[0]}p-{options_id(dealt_game(seed)[1])}")
        for seed in range(DEALT_GAMES)
    ],
)
def test_seeded_game_ends_with_one_winner_and_keeps_every_invariant(seed: int) -> None:
    players, options = dealt_game(seed)
    game = Game.new(NAMES[:players], options, seed=seed)
    play_game(game, policy(seed))
    check_game_over(game.state, game.events)
    assert replay(game.events) == game.state
    assert isinstance(game.events[0], GameStarted)


@pytest.mark.rule("R-6.1", "R-6.2", "R-6.7", "R-6.7.1", "R-6.7.4", "R-6.7.5", "R-6.7.6")
@pytest.mark.parametrize("seed", range(MIDGAME_GAMES))
def test_game_from_a_tied_shootout_keeps_every_invariant_to_the_end(seed: int) -> None:
    start = midgame_state(seed)
    state, events = follow_up(start)
    check_invariants(state)
    final, log = play_out(state, policy(seed), list(events))
    check_game_over(final, log)
    folded = start
    for event in log:
        folded = apply(folded, event)
    assert folded == final


@pytest.mark.rule("R-6.7.3", "R-6.7.4")
def test_midgame_positions_reach_repeated_reinforcements() -> None:
    """The tied positions do reach reinforcement, and often more than one round of it."""
    ties = rounds = 0
    for seed in range(60):
        state, events = follow_up(midgame_state(seed))
        rng = random.Random(seed)
        log = list(events)
        while state.turn.phase is TurnPhase.SHOOTOUTS and not state.is_over:
            state, new = step(state, rng.choice(legal_commands(state)))
            log.extend(new)
        ties += any(isinstance(event, ReinforcementRequested) for event in log)
        rounds += sum(isinstance(event, ReinforcementsRevealed) for event in log)
    assert ties >= 50
    assert rounds > ties


def test_same_seed_gives_the_same_game() -> None:
    for seed in (0, 7, 31):
        players, options = dealt_game(seed)
        games = [Game.new(NAMES[:players], options, seed=seed) for _ in range(2)]
        for game in games:
            play_game(game, policy(seed))
        assert games[0].history == games[1].history
        assert games[0].state == games[1].state


DIGEST = """
import hashlib
from chicago_poker.core.rules import RuleOptions
from random_games import random_game
game = random_game(3, RuleOptions(limousine_any_cards=True), seed=5)
assert game.state.is_over
print(hashlib.sha256(repr(game.history).encode()).hexdigest())
"""


def test_same_seed_gives_the_same_game_in_another_process() -> None:
    """Nothing depends on hash order or object addresses: one seed, one game, everywhere."""
    digests = set()
    for hash_seed in ("1", "2"):
        environment = {**os.environ, "PYTHONHASHSEED": hash_seed}
        environment["PYTHONPATH"] = os.pathsep.join(
            filter(None, [SOURCE, TESTS, os.environ.get("PYTHONPATH")])
        )
        done = subprocess.run(
            [sys.executable, "-c", DIGEST],
            capture_output=True,
            text=True,
            check=True,
            env=environment,
        )
        digests.add(done.stdout.strip())
    assert len(digests) == 1


@pytest.mark.rule("R-8.6")
def test_a_game_where_nobody_can_act_ends_blocked_without_winner() -> None:
    names = NAMES
    deck = list(tactical_deck())
    tiles = ("Speakeasy#1", "JazzClub#1", "Brewery#1", "GamblingHouse#1")
    columns: dict[str, dict[str, str]] = {tile: {} for tile in tiles}
    for tile in tiles:  # every card in columns of at most four: no draw, no play, no marker
        for name in names:
            columns[tile][name], deck = _text(deck[:4]), deck[4:]
    start = build(
        names,
        businesses=columns,
        draw="",
        discard="",
        turn=names[-1],
        number=17,
        phase=TurnPhase.ENDED,
        options=RuleOptions(tactical=True),
    )
    state, events = follow_up(start)
    assert check_events(start, events) == state
    check_game_over(state, events)
    assert isinstance(events[-1], GameBlocked)
    assert sum(isinstance(event, TurnEnded) and event.forced for event in events) == len(names)


def test_different_seeds_give_different_games() -> None:
    starts = {Game.new(NAMES[:4], seed=seed).events[0] for seed in range(20)}
    assert len(starts) == 20
    histories = []
    for seed in (1, 2):
        game = Game.new(NAMES[:3], seed=seed)
        play_game(game, policy(0))
        histories.append(game.events)
    assert histories[0] != histories[1]


# ------------------------------------------------- the checks themselves are not vacuous


def test_invariants_accept_a_consistent_state() -> None:
    state, _ = follow_up(midgame_state(3))
    check_invariants(state)


@pytest.mark.rule("R-1.3")
def test_invariants_catch_a_card_in_two_places() -> None:
    state = build(hands={"Al": "9R 10B"}, draw="9R", discard="", reachable=False)
    with pytest.raises(InvariantError, match=r"more than one place|found nowhere"):
        check_invariants(state)


@pytest.mark.rule("R-4.6")
def test_invariants_catch_a_fifth_card_without_marker() -> None:
    state = build(
        businesses={"Speakeasy#1": {"Al": "1R 2R 3R 4R 5R"}, "JazzClub#1": {}}, reachable=False
    )
    with pytest.raises(InvariantError, match="marker"):
        check_invariants(state)


@pytest.mark.rule("R-4.6")
def test_invariants_catch_a_marker_on_four_cards() -> None:
    state = build(
        businesses={"Speakeasy#1": {"Al": "1R 2R 3R 4R"}, "JazzClub#1": {}},
        markers={("Speakeasy#1", "Al"): 0},
        reachable=False,
    )
    with pytest.raises(InvariantError, match="marker"):
        check_invariants(state)


@pytest.mark.rule("R-8.2")
def test_invariants_catch_a_winner_who_plays_on() -> None:
    state = build(
        businesses={"Speakeasy#1": {}, "JazzClub#1": {}},
        controlled={"Bugs": "Brewery#1 Brewery#2 Brewery#3"},
        reachable=False,
    )
    with pytest.raises(InvariantError, match="play goes on"):
        check_invariants(state)
