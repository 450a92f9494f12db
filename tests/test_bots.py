"""Tests for the bots (chicago_poker.players.bots)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bots_oracle import OldTurn
from chicago_poker.core.cards import GANGSTER_CARDS, Color, GangsterCard, parse_tile
from chicago_poker.core.commands import (
    Command,
    PlayGangster,
    PlayLiquidation,
    PlayRevolver,
    SendReinforcement,
)
from chicago_poker.core.errors import InvalidHandError
from chicago_poker.core.hands import evaluate_hand
from chicago_poker.core.legal import legal_commands
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState, TurnPhase
from chicago_poker.core.views import PlayerView, view
from chicago_poker.formats.notation import parse_position
from chicago_poker.players import bots as bots_module
from chicago_poker.players import heuristic
from chicago_poker.players.bots import BOTS, Bot, HeuristicBot, RandomBot, power
from chicago_poker.players.game import Game
from chicago_poker.players.simulate import game_seed, play_bots
from scenarios import NAMES, begin_turn, build


class _Recorder:
    """A bot that checks what it is given and delegates to a random bot."""

    name = "recorder"

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(seed)
        self.calls = 0

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        assert isinstance(view, PlayerView)
        assert legal
        self.calls += 1
        choice = self.inner.choose(view, legal)
        assert choice in legal
        return choice


def _choose(bot: Bot, state: GameState, seat: int) -> Command:
    return bot.choose(view(state, seat), legal_commands(state, seat))


# The search bot has tests of its own (test_search.py), with budgets small enough to be quick.
FAST_BOTS = ("heuristic", "random")


def test_registry_names_the_bots() -> None:
    assert set(BOTS) == {"random", "heuristic", "search", "search-easy", "search-hard"}
    for name, factory in BOTS.items():
        assert factory(1).name == name


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_always_choose_a_legal_command(name: str) -> None:
    for seed in range(3):
        game = Game.new(NAMES[:3], seed=seed)
        bots = [BOTS[name](seed * 10 + seat) for seat in range(3)]
        for _ in range(150):
            state = game.state
            seat = state.turn.player
            legal = legal_commands(state, seat)
            if not legal:
                break
            command = bots[seat].choose(view(state, seat), legal)
            assert command in legal
            game.execute(command)


@pytest.mark.parametrize("name", FAST_BOTS)
def test_bots_are_deterministic_for_a_seed(name: str) -> None:
    def play() -> tuple[object, ...]:
        bots = [BOTS[name](5), BOTS[name](6)]
        return play_bots(RuleOptions(), bots, 11).events

    assert play() == play()


def test_play_bots_gives_each_seat_its_own_view() -> None:
    bots = [_Recorder(1), _Recorder(2)]
    game = play_bots(RuleOptions(), bots, 3)
    assert game.state.is_over
    assert bots[0].calls > 0
    assert bots[1].calls > 0


class _Uniform:
    """What RandomBot does, written out: a uniform choice that is given a view."""

    name = "uniform"

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        assert isinstance(view, PlayerView)
        return legal[self.random.randrange(len(legal))]


def test_random_bot_chooses_alike_with_and_without_a_view() -> None:
    names = ["Al", "Bugs"]
    with_view = play_bots(RuleOptions(), [_Uniform(1), _Uniform(2)], 3, names=names)
    without = play_bots(RuleOptions(), [RandomBot(1), RandomBot(2)], 3, names=names)
    assert without.history == with_view.history


def test_play_bots_builds_no_view_for_a_bot_that_chooses_without_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_view(state: GameState, seat: int | None) -> PlayerView:
        raise AssertionError("a view was built")

    monkeypatch.setattr(bots_module, "view", no_view)
    assert play_bots(RuleOptions(), [RandomBot(1), RandomBot(2)], 3).state.is_over
    with pytest.raises(AssertionError, match="a view was built"):
        play_bots(RuleOptions(), [RandomBot(1), HeuristicBot(2)], 3)


def test_power_orders_hands_like_the_ranking() -> None:
    pair = [GangsterCard.parse("9R"), GangsterCard.parse("9B")]
    high = [GangsterCard.parse("15R"), GangsterCard.parse("14B"), GangsterCard.parse("13G")]
    trips = [GangsterCard.parse("2R"), GangsterCard.parse("2B"), GangsterCard.parse("2G")]
    assert power(high) < power(pair) < power(trips)
    assert power(
        [GangsterCard.parse("9R"), GangsterCard.parse("9B"), GangsterCard.parse("5G")]
    ) > power(pair)


@pytest.mark.parametrize("bad", [5, [None], [[1]], ["9R"]])
def test_power_refuses_what_is_not_a_hand_naming_it(bad: object) -> None:
    with pytest.raises(InvalidHandError, match=r"\(R-7\.1\)"):
        power(bad)  # type: ignore[arg-type]  # the wrong types under test


def test_heuristic_plays_the_revolver_first() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R,10B,Revolver
        player Bugs
        turn seat=0 number=10
        """
    )
    assert _choose(HeuristicBot(1), state, 0) == PlayRevolver(0)


def test_heuristic_builds_a_pair_where_it_has_its_match() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1P,3B,6Y,9R,14G
        player Bugs hand=1R
        turn seat=0 number=10
        business Brewery#1 9B -
        business Speakeasy#1 - -
        """
    )
    command = _choose(HeuristicBot(1), state, 0)
    assert command == PlayGangster(0, GangsterCard.parse("9R"), parse_tile("Brewery#1"))


def test_heuristic_places_a_fifth_card_only_when_likely_best() -> None:
    strong = parse_position(
        """
        chicago-poker position 1
        player Al hand=2B,3Y,9G
        player Bugs hand=1R
        turn seat=0 number=10
        business Brewery#1 9R,9B,9Y,5R 1B,4G
        """
    )
    command = _choose(HeuristicBot(1), strong, 0)
    assert command == PlayGangster(0, GangsterCard.parse("9G"), parse_tile("Brewery#1"))
    weak = parse_position(
        """
        chicago-poker position 1
        player Al hand=1G,2B,3Y
        player Bugs hand=1R
        turn seat=0 number=10
        business Brewery#1 14R,12B,10Y,5R 13B,13G,13R
        """
    )
    command = _choose(HeuristicBot(1), weak, 0)
    assert not (isinstance(command, PlayGangster) and command.business == parse_tile("Brewery#1"))


def test_heuristic_liquidates_the_strongest_rival_column() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=1R,2B,3G,4Y,6P,8R,Liquidation
        player Bugs hand=1B
        player Dutch hand=1G
        turn seat=0 number=10 taken=2
        business Brewery#1 9R,9B 14R,14B,14G,3R 2R
        business Brewery#2 - - 5R
        """
    )
    legal = legal_commands(state, 0)
    liquidations = [command for command in legal if isinstance(command, PlayLiquidation)]
    assert liquidations
    bot = HeuristicBot(1)
    command = bot.choose(view(state, 0), liquidations)
    assert command == PlayLiquidation(0, parse_tile("Brewery#1"), 1)


def _tie(hand: str, controlled: str = "") -> GameState:
    state = build(
        hands={"Al": hand, "Bugs": "1B 12Y"},
        businesses={"Brewery#1": {"Al": "9R 9B 5G 4G 3G", "Bugs": "9G 9Y 5R 4R 3R"}},
        markers={("Brewery#1", "Al"): 0},
        controlled={"Al": controlled} if controlled else None,
        turn="Bugs",
        phase=TurnPhase.ENDED,
        reachable=False,
    )
    state, _ = begin_turn(state)
    assert state.shootout is not None
    return state


def test_heuristic_reinforces_with_its_highest_card_when_it_matters() -> None:
    state = _tie("2R 14B")
    assert _choose(HeuristicBot(1), state, 0) == SendReinforcement(0, GangsterCard.parse("14B"))
    state = _tie("2R 6B", controlled="Brewery#2 Brewery#3")
    assert _choose(HeuristicBot(1), state, 0) == SendReinforcement(0, GangsterCard.parse("6B"))


def test_heuristic_reinforces_with_its_lowest_card_otherwise() -> None:
    state = _tie("2R 6B")
    assert _choose(HeuristicBot(1), state, 0) == SendReinforcement(0, GangsterCard.parse("2R"))


def test_heuristic_beats_random_in_most_games() -> None:
    games = 60
    wins = 0
    for index in range(games):
        seed = game_seed(99, index)
        seat = index % 2
        bots: list[Bot] = [RandomBot(seed), RandomBot(seed + 1)]
        bots[seat] = HeuristicBot(seed + 2)
        wins += play_bots(RuleOptions(), bots, seed).state.winner == seat
    assert wins / games > 0.6


class _Asked:
    """A heuristic bot that keeps every view and legal list it is asked about."""

    name = "heuristic"

    def __init__(self, seed: int, asked: list[tuple[PlayerView, Sequence[Command]]]) -> None:
        self.inner = HeuristicBot(seed)
        self.asked = asked

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        self.asked.append((view, legal))
        return self.inner.choose(view, legal)


_VARIANTS = (
    RuleOptions(),
    RuleOptions(short_game=True, limousine_any_cards=True),
    RuleOptions(optional_actions=True, optional_reinforcement=True),
)


def _seeded_games(games: int) -> list[tuple[RuleOptions, int, int]]:
    """Rule options, players and seed of ``games`` games of 2 to 6 players."""
    return [(_VARIANTS[index % 3], 2 + index % 5, game_seed(17, index)) for index in range(games)]


def _heuristic_decisions(games: int) -> list[tuple[PlayerView, Sequence[Command]]]:
    """What heuristic bots were asked in seeded games, random bots at some seats."""
    asked: list[tuple[PlayerView, Sequence[Command]]] = []
    for options, players, seed in _seeded_games(games):
        bots: list[Bot] = [
            _Asked(seed + seat, asked) if seat % 3 != 2 else RandomBot(seed + seat)
            for seat in range(players)
        ]
        play_bots(options, bots, seed)
    return asked


def test_heuristic_scores_every_command_exactly_as_the_old_scoring() -> None:
    scored = 0
    for bot_view, legal in _heuristic_decisions(8):
        if bot_view.shootout is not None or len(legal) == 1:
            continue  # the bot scores nothing: it reinforces, or has no choice
        new, old = heuristic._Turn(bot_view), OldTurn(bot_view)
        assert [new.score(command) for command in legal] == [
            old.score(command) for command in legal
        ]
        assert {tile: (place.plan_value, place.plan) for tile, place in new.places.items()} == (
            old.plans
        )
        scored += len(legal)
    assert scored > 5000


def test_heuristic_plays_the_games_the_old_scoring_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def histories() -> list[object]:
        return [
            play_bots(options, [HeuristicBot(seed + seat) for seat in range(players)], seed).history
            for options, players, seed in _seeded_games(5)
        ]

    new = histories()
    monkeypatch.setattr(heuristic, "_Turn", OldTurn)
    assert histories() == new


def _colourings(values: Sequence[int]) -> list[tuple[GangsterCard, ...]]:
    """Hands of these values in one colour, in as many colours as they can, and mixed."""
    colours = list(Color)
    seen: dict[int, int] = {}
    by_occurrence = []
    for value in values:  # the first card of each value red, the second yellow, ...
        by_occurrence.append(GangsterCard(value, colours[seen.get(value, 0)]))
        seen[value] = seen.get(value, 0) + 1
    hands = [tuple(by_occurrence)]
    hands.append(tuple(GangsterCard(v, colours[i]) for i, v in enumerate(values)))
    if len(set(values)) == len(values):
        hands.append(tuple(GangsterCard(v, colours[i == 4]) for i, v in enumerate(values)))
    return hands


def test_a_card_added_to_a_hand_always_makes_it_stronger() -> None:
    """What lets the bot search only the fullest hands: checked for every multiset of values."""
    values = range(1, 16)
    for size in range(2, 6):
        for multiset in itertools.combinations_with_replacement(values, size):
            for hand in _colourings(multiset):
                strength = power(hand)
                assert heuristic._strength(hand) == strength, hand
                for index in range(size):
                    assert power(hand[:index] + hand[index + 1 :]) < strength, hand


@settings(max_examples=300)
@given(st.lists(st.sampled_from(GANGSTER_CARDS), min_size=1, max_size=5, unique=True))
def test_power_is_the_rank_as_a_number(hand: list[GangsterCard]) -> None:
    """Invariant: a hand's power is its category's strength, then each tie-breaking value
    over 16 to the power of its place: read from the rank's key, it is that number exactly."""
    rank = evaluate_hand(hand)
    expected = float(rank.category.strength)
    for place, value in enumerate(rank.tiebreak, 1):
        expected += value / 16.0**place
    assert power(hand) == expected
