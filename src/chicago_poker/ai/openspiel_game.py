"""The OpenSpiel game ``python_chicago_poker``, registered when this module is imported.

Chance acts at explicit chance nodes, one per outcome: each card dealt at set-up (five for
each seat in turn), each face-up tile, the first player, and later each card drawn and each
tile revealed. Chance outcomes are numbered 0 to 80 for the cards (in the order of
:data:`~chicago_poker.ai.actions.CARDS`), 81 to 100 for the tiles (in their order) and 101 to
106 for the first player's seat; the players' actions are the ids of
:mod:`chicago_poker.ai.actions`. Tied players choose their reinforcements one after another,
in seat order, each seeing only its own view.

Parameters: ``players`` (2 to 6), the five rule options as booleans (``tactical``...), and
``seed``, which seeds :func:`resampler`'s generator (-1: seeded by the system).
``max_game_length`` is :func:`~chicago_poker.command_bound` plus the set-up's chance nodes.

Observations honour OpenSpiel's observation types (:mod:`chicago_poker.ai.openspiel_observer`):
by default the observation tensor is :func:`chicago_poker.ai.observation.encode` of the
player's view and the observation string the library's table of it; the information-state
string and tensor add a SHA-256 chain of everything the seat saw, command by command (its
redacted history), so that they have perfect recall. The chains are worked out only when an
observer asks for one (:mod:`chicago_poker.ai.openspiel_history`). A chance outcome that
:meth:`~ChicagoPokerState.chance_outcomes` does not offer is refused with
:class:`~chicago_poker.IllegalCommand`, as an illegal action is. Returns: 1 to the winner,
``-1/(n-1)`` to the others, 0 to everyone in a game without a winner.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Final

import pyspiel

from chicago_poker import (
    BUSINESS_TILES,
    Awaiting,
    BusinessTile,
    Card,
    DealCard,
    Dealer,
    GameState,
    IllegalCommand,
    InformationSet,
    LogEntry,
    RevealTile,
    RuleOptions,
    StartGame,
    awaiting,
    command_bound,
    full_deck,
    legal_commands,
    redact_entries,
    step,
    tactical_deck,
)
from chicago_poker.ai.actions import ACTION_COUNT, CARDS, command_of, describe_action, ids_of
from chicago_poker.ai.openspiel_history import PRIVATE, Key, SampledRoot, Step, chain, entries_of
from chicago_poker.ai.openspiel_observer import ChicagoPokerObserver

__all__ = ["ChicagoPokerGame", "ChicagoPokerState", "resampler"]

_TILES: Final = tuple(sorted(BUSINESS_TILES))
_TILE_ACTION: Final = len(CARDS)
_FIRST_ACTION: Final = _TILE_ACTION + len(_TILES)
_CHANCE_OUTCOMES: Final = _FIRST_ACTION + 6
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_CARD_ID: Final = {card: index for index, card in enumerate(CARDS)}
_TILE_ID: Final = {tile: index for index, tile in enumerate(_TILES)}
_OPTIONS: Final = (
    "tactical",
    "short_game",
    "optional_actions",
    "limousine_any_cards",
    "optional_reinforcement",
)

_GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_chicago_poker",
    long_name="Python Chicago Poker",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "seed": -1, **dict.fromkeys(_OPTIONS, False)},
)


class ChicagoPokerGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """The game: its players, options and sampling seed."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        """A game of ``params["players"]`` under the options of ``params``."""
        params = {**_GAME_TYPE.parameter_specification, **(params or {})}
        players = int(params["players"])
        self.options = RuleOptions(**{name: bool(params[name]) for name in _OPTIONS})
        self.names = tuple(f"player_{seat}" for seat in range(players))
        self.face_up = len(Dealer(0).start(self.names, self.options).businesses)
        self.setup_length = 5 * players + self.face_up + 1
        seed = int(params["seed"])
        self.sampling = random.Random(None if seed < 0 else seed)
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTION_COUNT,
            max_chance_outcomes=_CHANCE_OUTCOMES,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.setup_length + command_bound(players),
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> ChicagoPokerState:
        """The state before the deal."""
        return ChicagoPokerState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ChicagoPokerObserver:
        """The observer of ``iig_obs_type`` (by default the player's view, without recall)."""
        return ChicagoPokerObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            params,
            len(self.names),
        )


class ChicagoPokerState(pyspiel.State):  # type: ignore[misc]  # no type information
    """A state: the set-up dealt so far, then the library's :class:`~chicago_poker.GameState`."""

    def __init__(self, game: ChicagoPokerGame) -> None:
        """The state before the deal."""
        super().__init__(game)
        self._game = _Rules(game)
        self.dealt: list[Card] = []
        self.tiles: list[BusinessTile] = []
        self._held = _Held(None, None, int(pyspiel.PlayerId.CHANCE))

    @property
    def state(self) -> GameState | None:
        """The library's state; None while the set-up is dealt."""
        return self._held.state

    @state.setter
    def state(self, value: GameState | None) -> None:
        self._held = _Held(value, self._held.last, _player_of(value))

    @property
    def last(self) -> Step | None:
        """The latest command of the history (None before the game starts), linked to the rest."""
        return self._held.last

    @property
    def version(self) -> object:
        """The parts of the state that a command replaces; the set-up's lists aside."""
        return self._held

    @property
    def entries(self) -> tuple[LogEntry, ...] | None:
        """The whole history, as the library logs it; None in a sampled state."""
        return entries_of(self._held.last)

    # ------------------------------------------------------------------ whose move

    def current_player(self) -> int:
        """The player to act, chance (-1) or terminal (-4): worked out once per command."""
        return self._held.player

    def _legal_actions(self, player: int) -> list[int]:
        held = self._held
        assert held.state is not None
        if player != held.player:
            return sorted(ids_of(held.state, legal_commands(held.state, player)))
        if held.legal is None:  # the player to act's, kept: asked again and again
            held.legal = sorted(ids_of(held.state, legal_commands(held.state, player)))
        return list(held.legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every outcome of the chance node, each as likely."""
        outcomes = sorted(self._offered())
        return [(outcome, 1.0 / len(outcomes)) for outcome in outcomes]

    def _offered(self) -> Iterable[int]:
        """The outcomes of the chance node, in no order."""
        state = self.state
        if state is None:
            if len(self.dealt) < 5 * len(self._game.names):
                return (_CARD_ID[card] for card in set(self._game.deck) - set(self.dealt))
            if len(self.tiles) < self._game.face_up:
                return (_TILE_ACTION + _TILE_ID[t] for t in set(_TILES) - set(self.tiles))
            return range(_FIRST_ACTION, _FIRST_ACTION + len(self._game.names))
        if awaiting(state) is Awaiting.CARD:
            return (_CARD_ID[card] for card in state.draw_pile)
        return (_TILE_ACTION + _TILE_ID[tile] for tile in state.tile_pile)

    # ------------------------------------------------------------------ acting

    def _apply_action(self, action: int) -> None:
        state = self.state
        if self._held.player == pyspiel.PlayerId.CHANCE:
            check_outcome(self, action)
            if state is None:
                self._deal(action)
            else:
                self._run(state, _chance_command(action))
        else:
            assert state is not None, "a player acts only once the game has started"
            self._run(state, command_of(state, self._held.player, action))

    def _deal(self, action: int) -> None:
        """A chance outcome of the set-up: a card dealt, a tile, or the first player's seat.

        The first player's seat, the last outcome, starts the game.
        """
        if len(self.dealt) < 5 * len(self._game.names):
            self.dealt.append(CARDS[action])
        elif len(self.tiles) < self._game.face_up:
            self.tiles.append(_TILES[action - _TILE_ACTION])
        else:
            self._run(None, self._start(action - _FIRST_ACTION))

    def _start(self, first: int) -> StartGame:
        """The game's start: the hands dealt, five cards each, the tiles, ``first`` to play."""
        names = self._game.names
        hands = tuple(tuple(self.dealt[5 * seat : 5 * seat + 5]) for seat in range(len(names)))
        return StartGame(names, hands, tuple(self.tiles), first, self._game.options)

    def _run(self, before: GameState | None, command: Any) -> None:
        """Give ``command``; what each seat saw is worked out only when asked for."""
        after, events = step(before, command)
        last = Step(self._held.last, before, command, events)
        self._held = _Held(after, last, _player_of(after))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < _CHANCE_OUTCOMES:
                return f"Chance outcome {action} (none such)"
            if action < _TILE_ACTION:
                return f"Deal {CARDS[action]}"
            if action < _FIRST_ACTION:
                return f"Reveal {_TILES[action - _TILE_ACTION]}"
            return f"First player {action - _FIRST_ACTION}"
        return describe_action(action)

    # ------------------------------------------------------------------ the end

    def is_terminal(self) -> bool:
        """Whether the game is over: won, blocked (R-8.6) or stalled (R-8.7)."""
        return self._held.player == _TERMINAL

    def returns(self) -> list[float]:
        """1 to the winner, ``-1/(n-1)`` to the others; 0 to all without a winner."""
        count = len(self._game.names)
        winner = None if self.state is None else self.state.winner
        if winner is None:
            return [0.0] * count
        return [1.0 if seat == winner else -1.0 / (count - 1) for seat in range(count)]

    def history_digest(self, player: int) -> str:
        """The SHA-256 chain of what ``player`` saw, command by command (worked out now)."""
        return chain(self._held.last, player, len(self._game.names))

    def __str__(self) -> str:
        """The whole state, every secret shown (the library's table)."""
        if self.state is None:
            return f"dealing: {len(self.dealt)} cards, {len(self.tiles)} tiles"
        return str(self.state)


def _player_of(state: GameState | None) -> int:
    """The player to act in ``state``: a seat, chance (-1) or terminal (-4)."""
    if state is None:
        return int(pyspiel.PlayerId.CHANCE)
    if state.is_over:
        return int(pyspiel.PlayerId.TERMINAL)
    waiting = awaiting(state)
    if waiting in (Awaiting.CARD, Awaiting.TILE):
        return int(pyspiel.PlayerId.CHANCE)
    if waiting is Awaiting.ACTION:
        return state.turn.player
    return next(seat for seat in range(len(state.players)) if legal_commands(state, seat))


def check_outcome(state: ChicagoPokerState, action: int) -> None:
    """Refuse a chance outcome that :meth:`~ChicagoPokerState.chance_outcomes` does not offer.

    Raises:
        IllegalCommand: ``action`` is not an outcome of this chance node: out of range, a card
            already dealt or not in the draw deck, a tile already revealed, or a seat that is
            not at the table; the error names the rule (R-2.3, R-2.5, R-2.7, R-3.6, R-6.6).
    """
    if type(action) is int and _offers(state, action):
        return
    what, rule = _due(state)
    named = state._action_to_string(int(pyspiel.PlayerId.CHANCE), action)
    raise IllegalCommand(
        f"Chance outcome {action!r} ({named}) is not offered here: {what}. "
        "chance_outcomes() lists the outcomes of this chance node.",
        rule=rule,
    )


def _offers(state: ChicagoPokerState, action: int) -> bool:
    """Whether the chance node offers ``action``: what :meth:`chance_outcomes` lists, cheaply."""
    game, now = state._game, state.state
    card = CARDS[action] if 0 <= action < _TILE_ACTION else None
    tile = _TILES[action - _TILE_ACTION] if _TILE_ACTION <= action < _FIRST_ACTION else None
    if now is not None:
        if awaiting(now) is Awaiting.CARD:
            return card is not None and card in now.draw_pile
        return tile is not None and tile in now.tile_pile
    if len(state.dealt) < 5 * len(game.names):
        return card is not None and card in game.deck and card not in state.dealt
    if len(state.tiles) < game.face_up:
        return tile is not None and tile not in state.tiles
    return _FIRST_ACTION <= action < _FIRST_ACTION + len(game.names)


def _due(state: ChicagoPokerState) -> tuple[str, str]:
    """What the chance node deals, in words, and the rule that deals it."""
    game = state._game
    if state.state is None:
        if len(state.dealt) < 5 * len(game.names):
            return "a card of the deck not dealt yet is due (ids 0 to 80)", "R-2.3"
        if len(state.tiles) < game.face_up:
            return "a business tile not revealed yet is due (ids 81 to 100)", "R-2.5"
        last = _FIRST_ACTION + len(game.names) - 1
        return f"the first player's seat is due (ids {_FIRST_ACTION} to {last})", "R-2.7"
    if awaiting(state.state) is Awaiting.CARD:
        return "a card of the draw deck is due (ids 0 to 80)", "R-3.6"
    return "a face-down business tile is due (ids 81 to 100)", "R-6.6"


class _Rules:
    """What a state needs of its game, shared by its clones (the game's attributes are not)."""

    def __init__(self, game: ChicagoPokerGame) -> None:
        self.names = game.names
        self.options = game.options
        self.face_up = game.face_up
        self.sampling = game.sampling
        self.deck = frozenset(tactical_deck() if game.options.tactical else full_deck())

    def __deepcopy__(self, memo: dict[int, Any]) -> _Rules:
        return self


class _Held:
    """The immutable parts of a state, shared by its clones.

    They are the library's state, the latest step of its history, the player to act and, once
    asked for, that player's legal actions.
    OpenSpiel clones a Python state by deep-copying its attributes, and the library's states
    and the steps of a history are never changed (but for the chains a step keeps).
    """

    __slots__ = ("last", "legal", "player", "state")

    def __init__(self, state: GameState | None, last: Step | None, player: int) -> None:
        self.state = state
        self.last = last
        self.player = player
        self.legal: list[int] | None = None
        """The legal actions of the player to act, once asked for."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return self


def _chance_command(action: int) -> DealCard | RevealTile:
    """The chance command of outcome ``action`` after the set-up: a card drawn, a tile revealed."""
    if action < _TILE_ACTION:
        return DealCard(CARDS[action])
    return RevealTile(_TILES[action - _TILE_ACTION])


def resampler(state: ChicagoPokerState, player: int) -> ChicagoPokerState:
    """A state ``player`` cannot tell from ``state``, drawn by the library's sampler.

    The draw is uniform among the complete states consistent with ``player``'s redacted history
    (:class:`~chicago_poker.InformationSet`), with the game's ``seed``. For OpenSpiel's ISMCTS:
    ``bot.set_resampler(resampler)``. The sampled state has the same information state for
    ``player``; it keeps no history of its own, so it cannot be sampled from again.

    Raises:
        ValueError: ``state`` is itself a sampled state, or still being dealt.
    """
    entries = state.entries
    if entries is None or state.state is None:
        raise ValueError("resampler needs a state with its whole history, after the deal")
    players = len(state._game.names)
    known: dict[Key, str] = {
        key: chain(state.last, key, players) for key in (player, None, (PRIVATE, player))
    }
    information = _information_set(entries, known[player], player)
    sampled: ChicagoPokerState = state.clone()
    sampled._held = _Held(None, SampledRoot(known, player), 0)
    sampled.state = information.sample(state._game.sampling)
    return sampled


def _information_set(entries: tuple[LogEntry, ...], digest: str, player: int) -> InformationSet:
    """What ``player`` knew after ``entries``, whose chain is ``digest``; kept for the next call."""
    global _KNOWN
    key = (digest, player)
    if _KNOWN is None or _KNOWN[0] != key:
        _KNOWN = (key, InformationSet.of(redact_entries(entries, player), player))
    return _KNOWN[1]


_KNOWN: tuple[tuple[str, int], InformationSet] | None = None
"""The information set :func:`resampler` built last, by the seat's history chain: ISMCTS
samples many times from one history."""


pyspiel.register_game(_GAME_TYPE, ChicagoPokerGame)
