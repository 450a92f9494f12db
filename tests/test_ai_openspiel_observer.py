"""The OpenSpiel game's observer honours its observation type, and chance is checked.

For every ``IIGObservationType``: twins, states or whole histories that differ only in what
the type must hide, give identical tensors and strings; the public observation is the same
for every player; what the type shows does show. Twins of states are made by swapping hidden
cards (``test_views.permute_hidden``); twins of histories by swapping two cards the viewer
never knows, by the spec's own account (``test_views.known_cards``), in every command.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel", reason='the ai layer needs its extra: pip install ".[ai]"')

from ai_states import TIES, decision_states, tied_start  # noqa: E402
from chicago_poker import (  # noqa: E402
    Awaiting,
    Card,
    GameState,
    GangsterCard,
    IllegalCommand,
    SpecialCard,
    awaiting,
    legal_commands,
    view,
)
from chicago_poker.ai.actions import CARDS, command_of, ids_of  # noqa: E402
from chicago_poker.ai.observation import encode  # noqa: E402
from chicago_poker.ai.openspiel_game import ChicagoPokerState  # noqa: E402
from chicago_poker.ai.openspiel_observer import PRIVATE_SIZE, ChicagoPokerObserver  # noqa: E402
from random_games import by_kind  # noqa: E402
from test_views import known_cards, permute_hidden  # noqa: E402

Private = pyspiel.PrivateInfoType
TYPES = [
    pyspiel.IIGObservationType(public_info=public, perfect_recall=recall, private_info=private)
    for public, recall, private in itertools.product(
        (True, False), (False, True), (Private.NONE, Private.SINGLE_PLAYER, Private.ALL_PLAYERS)
    )
]
GAMES = {n: pyspiel.load_game("python_chicago_poker", {"players": n}) for n in range(2, 7)}


def name(kind: Any) -> str:
    return f"public={kind.public_info},recall={kind.perfect_recall},private={kind.private_info}"


def observed(
    observer: ChicagoPokerObserver, state: ChicagoPokerState, player: int
) -> tuple[bytes, str]:
    observer.set_from(state, player)
    return observer.tensor.tobytes(), observer.string_from(state, player)


def holding(game_state: GameState) -> ChicagoPokerState:
    """An OpenSpiel state of the right table that holds ``game_state``, with no history."""
    state: ChicagoPokerState = GAMES[len(game_state.players)].new_initial_state()
    state.state = game_state
    return state


def hidden_from(kind: Any, player: int) -> list[int | None]:
    """The viewers whose unknown cards the type must hide from ``player``."""
    if kind.private_info == Private.SINGLE_PLAYER:
        return [player]
    if kind.private_info == Private.NONE:
        return [None]
    return []  # all players' private information: nothing a player holds is hidden


# ------------------------------------------------------------------------ twins of states


@pytest.mark.rule("R-2.4", "R-4.3", "R-4.4", "R-5.3", "R-6.7.2")
@pytest.mark.parametrize("kind", [k for k in TYPES if not k.perfect_recall], ids=name)
def test_states_that_differ_only_in_what_the_type_hides_give_identical_observations(
    kind: Any,
) -> None:
    rng = random.Random(51)
    changed = shootouts = 0
    players: set[int] = set()
    for game_state in decision_states(300, seed=5_100, commands=48):
        players.add(len(game_state.players))
        shootouts += game_state.shootout is not None and bool(game_state.shootout.choices)
        for player in range(len(game_state.players)):
            observer = ChicagoPokerObserver(kind, None, len(game_state.players))
            mine = observed(observer, holding(game_state), player)
            for viewer in hidden_from(kind, player):
                swaps = [(rng.randrange(500), rng.randrange(500)) for _ in range(30)]
                twin = permute_hidden(game_state, viewer, swaps)
                changed += twin != game_state
                assert observed(observer, holding(twin), player) == mine
    assert players == {2, 3, 4, 5, 6}
    assert shootouts > 5  # tie-breaks with secret reinforcements chosen
    if kind.private_info != Private.ALL_PLAYERS:
        assert changed > 240


@pytest.mark.parametrize("recall", [False, True])
def test_the_public_observation_is_the_same_for_every_player(recall: bool) -> None:
    kinds = [
        pyspiel.IIGObservationType(public_info=True, perfect_recall=recall, private_info=private)
        for private in (Private.NONE, Private.ALL_PLAYERS)
    ]
    for kind, (_, _, state) in itertools.product(kinds, random_histories(20, seed=3)):
        observer = ChicagoPokerObserver(kind, None, state.num_players())
        seen = {observed(observer, state, player) for player in range(state.num_players())}
        assert len(seen) == 1


def test_what_each_type_shows_does_show() -> None:
    """The other side: hands and histories show where the type lets them, not elsewhere."""
    game = GAMES[4]
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(80):
        act(state, rng)
    hand = state.state.players[1].hand
    for kind in TYPES:
        observer = ChicagoPokerObserver(kind, None, 4)
        text = observed(observer, state, 1)[1]
        shows_hand = kind.private_info != Private.NONE
        named = [re.search(rf"(?<!\w){card}(?!\w)", text) is not None for card in hand]
        assert all(named) == shows_hand
        assert ("history " in text) == (kind.perfect_recall and bool(text.split("history")[0]))
        size = {Private.NONE: 0, Private.SINGLE_PLAYER: 1, Private.ALL_PLAYERS: 6}
        private = size[kind.private_info] * PRIVATE_SIZE
        public = 1541 if kind.public_info else 0
        extra = 6 if kind.private_info == Private.SINGLE_PLAYER and not kind.public_info else 0
        recall = 256 if kind.perfect_recall and (public or private) else 0
        if kind.public_info and kind.private_info == Private.SINGLE_PLAYER:
            private = 0  # the player's view holds both
        assert observer.tensor.size == public + private + extra + recall


def test_the_default_observer_is_the_players_view() -> None:
    for _, _, state in random_histories(6, seed=8):
        if state.is_chance_node() or state.is_terminal() or state.state is None:
            continue
        player = state.current_player()
        assert state.observation_tensor(player) == encode(view(state.state, player)).tolist()
        assert state.observation_string(player) == str(view(state.state, player))
        assert state.information_state_string(player).startswith(str(view(state.state, player)))


# --------------------------------------------------------------------- twins of histories


def act(state: ChicagoPokerState, rng: random.Random) -> int:
    """Play one random action (chance uniformly, players by kind) and return it."""
    if state.is_chance_node():
        action = rng.choice(state.chance_outcomes())[0]
    else:
        game = state.state
        assert game is not None
        command = by_kind(game, legal_commands(game, state.current_player()), rng)
        action = ids_of(game, [command])[0]
    state.apply_action(action)
    return action


def random_histories(
    count: int, seed: int
) -> Iterator[tuple[ChicagoPokerState, list[int], ChicagoPokerState]]:
    """Random games of 2 to 6 players, every other from a tied shootout (the tables of
    ``ai_states.TIES`` in turn, five of six seats tied first): the first state, the actions
    played from it, and the state they led to (a few stop early)."""
    for number in range(count):
        rng = random.Random(seed * 1_000 + number)
        if number % 2:
            first = holding(tied_start(rng, *TIES[number // 2 % len(TIES)]))
        else:
            first = GAMES[2 + number % 5].new_initial_state()
        state, actions = first.clone(), []
        for _ in range(rng.randrange(40, 400)):
            if state.is_terminal():
                break
            actions.append(act(state, rng))
        yield first, actions, state


def swapped(value: Any, a: Card, b: Card) -> Any:
    """``value`` with the cards ``a`` and ``b`` swapped wherever they are."""
    if value == a and type(value) is type(a):
        return b
    if value == b and type(value) is type(b):
        return a
    if isinstance(value, (GangsterCard, SpecialCard)):
        return value
    if isinstance(value, (tuple, frozenset)):
        return type(value)(swapped(item, a, b) for item in value)
    if attrs.has(type(value)):
        fields = [f for f in attrs.fields(type(value)) if f.init]
        return attrs.evolve(
            value, **{f.alias: swapped(getattr(value, f.name), a, b) for f in fields}
        )
    return value


def twin_history(
    first: ChicagoPokerState, actions: list[int], a: Card, b: Card
) -> Iterator[tuple[ChicagoPokerState, ChicagoPokerState]]:
    """Each pair of states of the history ``actions`` from ``first`` and of its twin, in which
    the cards ``a`` and ``b`` are swapped in every command and chance outcome."""
    mine, twin = first.clone(), first.clone()
    if first.state is not None:
        twin.state = swapped(first.state, a, b)
    yield mine.clone(), twin.clone()
    for action in actions:
        if mine.is_chance_node():
            card = CARDS[action] if action < len(CARDS) else None
            other = CARDS.index(swapped(card, a, b)) if card is not None else action
        else:
            command = command_of(mine.state, mine.current_player(), action)
            other = ids_of(twin.state, [swapped(command, a, b)])[0]
        mine.apply_action(action)
        twin.apply_action(other)
        yield mine.clone(), twin.clone()


def never_known(first: ChicagoPokerState, actions: list[int], viewer: int | None) -> list[Card]:
    """The cards ``viewer`` never knows along the history, those seen in commands first."""
    state, known = first.clone(), set[Card]()
    seen: list[Card] = []
    for action in [*actions, None]:
        if state.state is not None:
            known |= known_cards(state.state, viewer)
            seen += [card for p in state.state.players for card in p.hand if card not in seen]
        elif viewer is not None:
            known |= set(state.dealt[5 * viewer : 5 * viewer + 5])
        if action is not None:
            state.apply_action(action)
    return [card for card in seen if card not in known]


@pytest.mark.parametrize("kind", [k for k in TYPES if k.perfect_recall], ids=name)
def test_histories_that_differ_only_in_what_the_type_hides_give_identical_observations(
    kind: Any,
) -> None:
    pairs = differing = 0
    for number, (first, actions, last) in enumerate(random_histories(12, seed=7)):
        player = number % last.num_players()
        for viewer in hidden_from(kind, player):
            cards = never_known(first, actions, viewer)
            same_kind = [
                c for c in cards if isinstance(c, SpecialCard) == isinstance(cards[0], SpecialCard)
            ]
            if len(same_kind) < 2:
                continue
            observer = ChicagoPokerObserver(kind, None, last.num_players())
            for mine, twin in twin_history(first, actions, *same_kind[:2]):
                differing += str(mine) != str(twin)
                assert observed(observer, twin, player) == observed(observer, mine, player)
                pairs += 1
    if kind.private_info != Private.ALL_PLAYERS:
        assert pairs > 500
        assert differing > 250  # the twins really differ, in most states


# ------------------------------------------------------------------------------ chance


def dealt(players: int, cards: int, **params: Any) -> ChicagoPokerState:
    state: ChicagoPokerState = pyspiel.load_game(
        "python_chicago_poker", {"players": players, **params}
    ).new_initial_state()
    for _ in range(cards):
        state.apply_action(state.chance_outcomes()[0][0])
    return state


@pytest.mark.rule("R-2.3", "R-2.5", "R-2.7", "R-3.6")
@pytest.mark.parametrize(
    ("cards", "outcome", "rule", "words"),
    [
        (1, 0, "R-2.3", "1R"),  # the card dealt first, dealt again
        (3, 2, "R-2.3", "not dealt yet"),
        (0, 81, "R-2.3", "a card of the deck"),  # a tile when a card is due
        (0, 107, "R-2.3", "none such"),  # out of range
        (0, 106, "R-2.3", "First player 5"),  # a seat when a card is due
        (10, 81, "R-2.5", None),  # a tile is due: fine, then the same tile again
        (10, 0, "R-2.5", "business tile"),
        (12, 101 + 2, "R-2.7", "first player"),  # seat 2 at a table of 2
    ],
)
def test_a_chance_outcome_not_offered_is_refused(
    cards: int, outcome: int, rule: str, words: str | None
) -> None:
    state = dealt(2, cards)
    offered = [action for action, _ in state.chance_outcomes()]
    if words is None:
        assert outcome in offered
        state.apply_action(outcome)
        assert outcome not in [action for action, _ in state.chance_outcomes()]
    else:
        assert outcome not in offered
    before = (list(state.dealt), list(state.tiles), state.history())
    with pytest.raises(IllegalCommand, match="not offered here") as refused:
        state.apply_action(outcome)
    assert refused.value.rule == rule
    assert words is None or words in str(refused.value)
    assert (list(state.dealt), list(state.tiles), state.history()) == before


def test_a_special_card_is_not_dealt_in_the_tactical_variant() -> None:
    state = dealt(3, 0, tactical=True)
    special = next(i for i, card in enumerate(CARDS) if isinstance(card, SpecialCard))
    with pytest.raises(IllegalCommand, match="not offered here"):
        state.apply_action(special)


@pytest.mark.rule("R-3.6")
def test_a_card_not_in_the_draw_deck_is_not_drawn() -> None:
    state, rng = dealt(3, 0), random.Random(9)
    while state.state is None or awaiting(state.state) is not Awaiting.CARD:
        act(state, rng)
    offered = {action for action, _ in state.chance_outcomes()}
    held = next(i for i, card in enumerate(CARDS) if card in state.state.players[0].hand)
    for outcome in (held, 200, 90 if state.state.tile_pile else 95):
        assert outcome not in offered
        with pytest.raises(IllegalCommand, match="draw deck is due") as refused:
            state.apply_action(outcome)
        assert refused.value.rule == "R-3.6"
    state.apply_action(min(offered))
