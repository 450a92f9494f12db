"""Decision states of seeded random games at 2 to 6 players, for the tests of the ai layer.

Each game has random options and is played by random commands of random kinds
(:func:`random_games.by_kind`), which reaches shootouts, reinforcements, Limousines and full
hands; every state where a player must decide is kept, with the seats that may act.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Final

from chicago_poker.core.cards import Color, GangsterCard, SpecialCard, full_deck
from chicago_poker.core.commands import Command
from chicago_poker.core.decide import step
from chicago_poker.core.legal import legal_commands
from chicago_poker.core.state import GameState, TurnPhase
from chicago_poker.players.game import Game
from random_games import ALL_OPTIONS, by_kind
from scenarios import NAMES, begin_turn, build


def deciders(state: GameState) -> list[int]:
    """The seats that have a command to give in ``state``."""
    return sorted(
        {command.player for command in legal_commands(state) if hasattr(command, "player")}
    )


MOST_TIED: Final = len(Color)
"""The most seats that can tie: five. Hands of equal rank hold the same values (R-7.3 to
R-7.8: a hand's rank names its values), and each value has one card of each of the five
colours (R-1.3, R-1.6), so no six seats can hold hands of one rank: a table of six players
ties at most five of them."""
TIES: Final = sorted(
    ((players, ties) for players in range(2, 7) for ties in range(2, min(players, MOST_TIED) + 1)),
    key=lambda table: (-table[1], -table[0]),
)
"""Every (players, tied seats) a tie can have, the most tied seats first: (6, 5), (5, 5),
(6, 4), and so on to (2, 2); 14 in all."""


def tied_start(
    rng: random.Random, players: int | None = None, ties: int | None = None
) -> GameState:
    """A state where seat 0's turn begins with a tie at the speakeasy (R-6.7.1).

    ``players`` seats (2 to 6, at random when None), ``ties`` of them tied (seat 0 and others
    at random; 2 to :data:`MOST_TIED`, at random when None). The tied seats hold rainbow
    straights of the same values there, each seat's colours shifted by one from the last
    seat's, so that no card is held twice; the other cards are dealt at random, and the options
    are random. Every such draw builds: the tie is made, never drawn again.

    Raises:
        ValueError: ``players`` not 2 to 6, or ``ties`` not 2 to the smaller of ``players``
            and :data:`MOST_TIED` (six seats cannot tie, see :data:`MOST_TIED`).
    """
    count = rng.randrange(2, 7) if players is None else players
    most = min(count, MOST_TIED)
    tying = rng.randrange(2, most + 1) if ties is None else ties
    if not 2 <= count <= len(NAMES) or not 2 <= tying <= most:
        raise ValueError(
            f"tied_start: {tying} tied seats of {count} players; a table has 2 to 6 players and "
            f"ties 2 to {MOST_TIED} of them (no six hands can share a rank: R-1.3, R-7.8)"
        )
    names = NAMES[:count]
    tied = [0, *sorted(rng.sample(range(1, count), tying - 1))]
    low = rng.randrange(1, 12)
    straights = {
        seat: [GangsterCard(low + i, list(Color)[(i + shift) % 5]) for i in range(5)]
        for shift, seat in enumerate(tied)
    }
    placed = {card for straight in straights.values() for card in straight}
    options = ALL_OPTIONS[rng.randrange(32)]
    spare = [
        card
        for card in full_deck()
        if card not in placed and not (options.tactical and isinstance(card, SpecialCard))
    ]
    rng.shuffle(spare)
    hands = {name: " ".join(str(spare.pop()) for _ in range(rng.randrange(0, 7))) for name in names}
    return begin_turn(
        build(
            names,
            turn=names[-1],
            phase=TurnPhase.ENDED,
            hands=hands,
            businesses={
                "Speakeasy#1": {
                    names[seat]: " ".join(map(str, straight))
                    for seat, straight in straights.items()
                },
                "Brewery#2": {},
            },
            markers={("Speakeasy#1", names[seat]): number for number, seat in enumerate(tied)},
            options=options,
        )
    )[0]


def walk(state: GameState, rng: random.Random, commands: int) -> Iterator[GameState]:
    """The decision states of a random walk of ``commands`` commands from ``state``.

    Players choose by :func:`random_games.by_kind`; chance by the uniform choice of an outcome.
    """
    for _ in range(commands):
        if state.is_over:
            return
        legal: tuple[Command, ...] = legal_commands(state)
        if deciders(state):
            yield state
        state = step(state, by_kind(state, legal, rng))[0]


def decision_states(count: int, seed: int = 0, *, commands: int = 400) -> Iterator[GameState]:
    """``count`` decision states: of random games dealt from ``seed`` on, and of random walks
    from tied shootouts (every other source, the tables of :data:`TIES` in turn), which
    random games seldom reach."""
    made = 0
    source = seed
    while True:
        rng = random.Random(source)
        if source % 2:
            table = TIES[source // 2 % len(TIES)]
            states = walk(tied_start(rng, *table), rng, commands // 8)
        else:
            players = 2 + source % 5
            game = Game.new(NAMES[:players], ALL_OPTIONS[rng.randrange(32)], seed=source)
            states = _game_states(game, rng, commands)
        for state in states:
            yield state
            made += 1
            if made >= count:
                return
        source += 1


def _game_states(game: Game, rng: random.Random, commands: int) -> Iterator[GameState]:
    for _ in range(commands):
        state = game.state
        if state.is_over:
            return
        if deciders(state):
            yield state
        game.execute(by_kind(state, game.legal_commands(), rng))
