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

The observation tensor is :func:`chicago_poker.ai.observation.encode` of the player's view;
the observation string is the library's table of it. The information-state string adds a
SHA-256 chain of everything the seat saw, command by command (its redacted history), so that
it has perfect recall; the information-state tensor is the observation tensor (a tensor of
the whole history would have no fixed size). Returns: 1 to the winner, ``-1/(n-1)`` to the
others, 0 to everyone in a game without a winner.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, Final

import numpy as np
import pyspiel

from chicago_poker import (
    BUSINESS_TILES,
    Awaiting,
    BusinessTile,
    Card,
    DealCard,
    Dealer,
    GameState,
    InformationSet,
    LogEntry,
    RevealTile,
    RuleOptions,
    StartGame,
    apply,
    awaiting,
    command_bound,
    legal_commands,
    redact,
    redact_command,
    redact_entries,
    step,
    view,
)
from chicago_poker.ai.actions import ACTION_COUNT, CARDS, command_of, describe_action, ids_of
from chicago_poker.ai.observation import OBSERVATION_SIZE, encode

__all__ = ["ChicagoPokerGame", "ChicagoPokerState", "resampler"]

_TILES: Final = tuple(sorted(BUSINESS_TILES))
_TILE_ACTION: Final = len(CARDS)
_FIRST_ACTION: Final = _TILE_ACTION + len(_TILES)
_CHANCE_OUTCOMES: Final = _FIRST_ACTION + 6
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
        """The observer of views: with perfect recall, of information states."""
        return ChicagoPokerObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class ChicagoPokerState(pyspiel.State):  # type: ignore[misc]  # no type information
    """A state: the set-up dealt so far, then the library's :class:`~chicago_poker.GameState`."""

    def __init__(self, game: ChicagoPokerGame) -> None:
        """The state before the deal."""
        super().__init__(game)
        self._game = _Rules(game)
        self.dealt: list[Card] = []
        self.tiles: list[BusinessTile] = []
        self._held = _Held(None, ())
        self.digests = [""] * len(game.names)
        """Each seat's SHA-256 chain of what it saw, command by command."""

    @property
    def state(self) -> GameState | None:
        """The library's state; None while the set-up is dealt."""
        return self._held.state

    @state.setter
    def state(self, value: GameState | None) -> None:
        self._held = _Held(value, self._held.entries)

    @property
    def entries(self) -> tuple[LogEntry, ...] | None:
        """The whole history, as the library logs it; None in a sampled state."""
        return self._held.entries

    @entries.setter
    def entries(self, value: tuple[LogEntry, ...] | None) -> None:
        self._held = _Held(self._held.state, value)

    # ------------------------------------------------------------------ whose move

    def current_player(self) -> int:
        """The player to act, chance (-1) or terminal (-4)."""
        state = self.state
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

    def _legal_actions(self, player: int) -> list[int]:
        assert self.state is not None
        return sorted(ids_of(self.state, legal_commands(self.state, player)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every outcome of the chance node, each as likely."""
        state = self.state
        if state is None:
            if len(self.dealt) < 5 * len(self._game.names):
                cards = set(_deck(self._game.options)) - set(self.dealt)
                outcomes = sorted(_CARD_ID[card] for card in cards)
            elif len(self.tiles) < self._game.face_up:
                outcomes = sorted(_TILE_ACTION + _TILE_ID[t] for t in set(_TILES) - set(self.tiles))
            else:
                outcomes = [_FIRST_ACTION + seat for seat in range(len(self._game.names))]
        elif awaiting(state) is Awaiting.CARD:
            outcomes = sorted(_CARD_ID[card] for card in state.draw_pile)
        else:
            outcomes = sorted(_TILE_ACTION + _TILE_ID[tile] for tile in state.tile_pile)
        return [(outcome, 1.0 / len(outcomes)) for outcome in outcomes]

    # ------------------------------------------------------------------ acting

    def _apply_action(self, action: int) -> None:
        state = self.state
        if state is None:
            self._deal(action)
        elif self.is_chance_node():
            self._run(state, _chance_command(action))
        else:
            self._run(state, command_of(state, self.current_player(), action))

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
        after, events = step(before, command)
        entries = self.entries
        if entries is not None:
            entries = (*entries, LogEntry(command, events))
        for seat, digest in enumerate(self.digests):
            seen = [repr(redact_command(before, command, seat))]
            state = before
            for event in events:
                seen.append(repr(redact(state, event, seat)))
                state = apply(state, event)
            chained = "\n".join([digest, *seen]).encode()
            self.digests[seat] = hashlib.sha256(chained).hexdigest()
        self._held = _Held(after, entries)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if action < _TILE_ACTION:
                return f"Deal {CARDS[action]}"
            if action < _FIRST_ACTION:
                return f"Reveal {_TILES[action - _TILE_ACTION]}"
            return f"First player {action - _FIRST_ACTION}"
        return describe_action(action)

    # ------------------------------------------------------------------ the end

    def is_terminal(self) -> bool:
        """Whether the game is over: won, blocked (R-8.6) or stalled (R-8.7)."""
        return self.state is not None and self.state.is_over

    def returns(self) -> list[float]:
        """1 to the winner, ``-1/(n-1)`` to the others; 0 to all without a winner."""
        count = len(self._game.names)
        winner = None if self.state is None else self.state.winner
        if winner is None:
            return [0.0] * count
        return [1.0 if seat == winner else -1.0 / (count - 1) for seat in range(count)]

    def history_digest(self, player: int) -> str:
        """The SHA-256 chain of what ``player`` saw, command by command."""
        return self.digests[player]

    def __str__(self) -> str:
        """The whole state, every secret shown (the library's table)."""
        if self.state is None:
            return f"dealing: {len(self.dealt)} cards, {len(self.tiles)} tiles"
        return str(self.state)


class _Rules:
    """What a state needs of its game, shared by its clones (the game's attributes are not)."""

    def __init__(self, game: ChicagoPokerGame) -> None:
        self.names = game.names
        self.options = game.options
        self.face_up = game.face_up
        self.sampling = game.sampling

    def __deepcopy__(self, memo: dict[int, Any]) -> _Rules:
        return self


class _Held:
    """The immutable parts of a state, shared by its clones.

    OpenSpiel clones a Python state by deep-copying its attributes, and the library's states
    and logs are never changed.
    """

    __slots__ = ("entries", "state")

    def __init__(self, state: GameState | None, entries: tuple[LogEntry, ...] | None) -> None:
        self.state = state
        self.entries = entries

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return self


def _chance_command(action: int) -> DealCard | RevealTile:
    """The chance command of outcome ``action`` after the set-up: a card drawn, a tile revealed."""
    if action < _TILE_ACTION:
        return DealCard(CARDS[action])
    return RevealTile(_TILES[action - _TILE_ACTION])


def _deck(options: RuleOptions) -> tuple[Card, ...]:
    from chicago_poker import full_deck, tactical_deck

    return tactical_deck() if options.tactical else full_deck()


class ChicagoPokerObserver:
    """An observer: the player's view as a tensor and a string (see the module's docstring)."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        """An observer of ``iig_obs_type``; no parameters are taken."""
        if params:
            raise ValueError(f"Observation parameters are not supported: {params}")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(OBSERVATION_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ChicagoPokerState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state`` (0s before the deal)."""
        if state.state is None:
            self.tensor.fill(0)
        else:
            encode(view(state.state, player), self.tensor)

    def string_from(self, state: ChicagoPokerState, player: int) -> str:
        """``player``'s view as the library's table; with perfect recall, its history's chain."""
        if state.state is None:
            seen = f"dealing: {len(state.dealt)} cards, {len(state.tiles)} tiles"
            if len(state.dealt) > 5 * player:
                mine = state.dealt[5 * player : 5 * player + 5]
                seen += " · hand " + " ".join(map(str, mine))
        else:
            seen = str(view(state.state, player))
        if self.perfect_recall:
            return f"{seen}\nhistory {state.history_digest(player)}"
        return seen


def resampler(state: ChicagoPokerState, player: int) -> ChicagoPokerState:
    """A state ``player`` cannot tell from ``state``, drawn by the library's sampler.

    The draw is uniform among the complete states consistent with ``player``'s redacted history
    (:class:`~chicago_poker.InformationSet`), with the game's ``seed``. For OpenSpiel's ISMCTS:
    ``bot.set_resampler(resampler)``. The sampled state has the same information state for
    ``player``; it keeps no history of its own, so it cannot be sampled from again.

    Raises:
        ValueError: ``state`` is itself a sampled state, or still being dealt.
    """
    if state.entries is None or state.state is None:
        raise ValueError("resampler needs a state with its whole history, after the deal")
    known = _information_set(state.entries, state.digests[player], player)
    sampled: ChicagoPokerState = state.clone()
    sampled.state = known.sample(state._game.sampling)
    sampled.entries = None
    sampled.digests = [state.digests[player]] * len(state.digests)
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
