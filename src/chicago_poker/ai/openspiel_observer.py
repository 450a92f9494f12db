"""OpenSpiel's observer of ``python_chicago_poker``: what each observation type shows.

OpenSpiel asks a game for an observer of a ``pyspiel.IIGObservationType``: public
information or not, the private information of no player, of the observing player or of
all players, and perfect recall or not. This one shows exactly that, in its tensor and in
its string, made of these pieces (``observer.dict`` names them):

==============================  =========================================================
type                            pieces
==============================  =========================================================
public, the player's own        ``observation``: the player's view, the tensor of
(the default)                   :func:`~chicago_poker.ai.observation.encode`
public, none                    ``public``: what a spectator sees (:data:`public_view`),
                                in the same layout, seats counted from seat 0, no hand
public, all players             ``public``, then ``private``: each seat's private piece
the player's own only           ``player`` (one-hot seat), ``private``: its private piece
all players' only               ``private``: each seat's private piece
none at all                     nothing: an empty tensor and an empty string
==============================  =========================================================

A seat's *private piece* (:data:`PRIVATE_FIELDS`) is what the seat knows and a spectator
does not: its hand (R-2.4), the face-down cards it knows, its own (R-4.3) and those it saw
with a Police Raid (R-5.3), each at its slot, owner seat and position, and the
reinforcement it chose, while the others' stay secret (R-6.7.2). Private pieces count seats
from seat 0, so they are the same whoever observes them.

With perfect recall the tensor ends with the 256 bits of a SHA-256 chain of the matching
history (:mod:`chicago_poker.ai.openspiel_history`), the string with ``history`` and its hex:
the player's redacted history; the public one; every seat's; what the player saw beyond
the public; what every seat saw beyond it. Two histories the type cannot tell apart give
the same chain, two it can tell apart a different one (short of a SHA-256 collision); the
bits mean nothing more, so a network learns nothing from them: they are there so that the
information-state tensor is one, as OpenSpiel defines it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Protocol

import attrs
import numpy as np
import numpy.typing as npt
import pyspiel

from chicago_poker import GANGSTER_CARDS, Card, Color, GameState, GangsterCard, PlayerView, view
from chicago_poker.ai.actions import CARDS, MAX_SLOTS
from chicago_poker.ai.observation import OBSERVATION_SIZE, SEATS, encode
from chicago_poker.ai.openspiel_history import ALL, PRIVATE, Key, Step, chain

__all__ = [
    "PRIVATE_FIELDS",
    "PRIVATE_SIZE",
    "ChicagoPokerObserver",
    "Private",
    "private_of",
    "public_view",
]

_POSITIONS: Final = 5
_COLORS: Final = tuple(Color)
_KNOWN_WIDTH: Final = 2 + len(_COLORS)
"""Numbers of one position of the private piece: known, value, colour one-hot."""
PRIVATE_FIELDS: Final = (
    ("hand", 0, len(CARDS), "1 for each card held, by card id"),
    (
        "known",
        len(CARDS),
        MAX_SLOTS * SEATS * _POSITIONS * _KNOWN_WIDTH,
        "for each business slot, owner seat (from seat 0) and position: 1 if the seat knows "
        "a face-down card there that a spectator does not, its value, its colour one-hot",
    ),
    (
        "reinforcement",
        len(CARDS) + MAX_SLOTS * SEATS * _POSITIONS * _KNOWN_WIDTH,
        len(GANGSTER_CARDS),
        "the reinforcement the seat chose this round, by gangster card id",
    ),
)
"""The fields of a seat's private piece: name, first index, length, what it holds."""
PRIVATE_SIZE: Final = PRIVATE_FIELDS[-1][1] + PRIVATE_FIELDS[-1][2]
"""The length of a seat's private piece."""
_HISTORY_BITS: Final = 256
_CARD_ID: Final = {card: index for index, card in enumerate(CARDS)}
_GANGSTER_ID: Final = {card: index for index, card in enumerate(GANGSTER_CARDS)}


class ChicagoPokerState(Protocol):
    """What the observer reads of a state of :mod:`chicago_poker.ai.openspiel_game`."""

    dealt: list[Card]
    """The cards dealt so far at set-up."""
    tiles: list[Any]
    """The business tiles revealed so far at set-up."""

    @property
    def state(self) -> GameState | None:
        """The library's state; None while the set-up is dealt."""

    @property
    def last(self) -> Step | None:
        """The latest step of the history."""

    @property
    def version(self) -> object:
        """An object that stays the same while the state does not change, but for the set-up."""


Known = tuple[int, int, int, GangsterCard]
"""A face-down card a seat knows: its business slot, owner seat, position, and the card."""


@attrs.frozen
class Private:
    """What one seat knows that a spectator does not."""

    hand: tuple[Card, ...]
    """Its hand, in the order of the card ids."""
    known: tuple[Known, ...]
    """The face-down cards it knows that a spectator does not."""
    reinforcement: GangsterCard | None
    """The reinforcement it chose this round, if it sent one."""

    def __str__(self) -> str:
        """The piece in words, such as ``hand 1R 7G · knows 9B at slot 0, seat 1, position 2``."""
        parts = ["hand " + (" ".join(map(str, self.hand)) or "empty")]
        parts += [f"knows {c} at slot {s}, seat {o}, position {p}" for s, o, p, c in self.known]
        if self.reinforcement is not None:
            parts.append(f"reinforcement {self.reinforcement}")
        return " · ".join(parts)


def public_view(state: GameState) -> PlayerView:
    """What a spectator sees, as a seat 0 with no hand, so that :func:`encode` takes it.

    Every seat gets the same view: the public information and nothing more.

    >>> from chicago_poker import Game
    >>> game = Game.new(["Al", "Bugs"], seed=1)
    >>> public_view(game.state).hand, public_view(game.state).seat
    (frozenset(), 0)
    """
    return view(state, None)._replace(seat=0, hand=frozenset())


def private_of(state: GameState, seat: int, public: PlayerView | None = None) -> Private:
    """What ``seat`` knows of ``state`` that a spectator does not (``public``: their view).

    >>> from chicago_poker import Game
    >>> game = Game.new(["Al", "Bugs"], seed=1)
    >>> len(private_of(game.state, 0).hand), private_of(game.state, 0).known
    (5, ())
    """
    public = public or view(state, None)
    mine = view(state, seat)
    known = tuple(
        (slot, owner, position, seen.card)
        for slot, (business, shown) in enumerate(
            zip(mine.businesses, public.businesses, strict=True)
        )
        for owner, (column, others) in enumerate(zip(business.columns, shown.columns, strict=True))
        for position, (seen, spectated) in enumerate(zip(column.slots, others.slots, strict=True))
        if seen.card is not None and spectated.card is None
    )
    hand = tuple(sorted(mine.hand or (), key=_CARD_ID.__getitem__))
    chosen = None if mine.shootout is None else mine.shootout.own_choice
    return Private(hand, known, chosen)


def _dealt_private(state: ChicagoPokerState, seat: int) -> Private:
    """A seat's private piece while the set-up is dealt: the cards dealt to it so far."""
    mine = state.dealt[5 * seat : 5 * seat + 5]
    return Private(tuple(sorted(mine, key=_CARD_ID.__getitem__)), (), None)


def _fill_private(out: npt.NDArray[np.float32], private: Private) -> None:
    """Write ``private`` into ``out``, a zeroed array of :data:`PRIVATE_SIZE` numbers."""
    for card in private.hand:
        out[_CARD_ID[card]] = 1
    for slot, owner, position, card in private.known:
        at = PRIVATE_FIELDS[1][1] + ((slot * SEATS + owner) * _POSITIONS + position) * _KNOWN_WIDTH
        out[at : at + 2] = 1, card.value
        out[at + 2 + _COLORS.index(card.color)] = 1
    if private.reinforcement is not None:
        out[PRIVATE_FIELDS[2][1] + _GANGSTER_ID[private.reinforcement]] = 1


class ChicagoPokerObserver:
    """The observer of one observation type (see the module's docstring)."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None, players: int) -> None:
        """An observer of ``iig_obs_type`` for a table of ``players``; it takes no parameters.

        Raises:
            ValueError: ``params`` is not empty.
        """
        if params:
            raise ValueError(f"Observation parameters are not supported: {params}")
        kind = iig_obs_type.private_info
        self.public = bool(iig_obs_type.public_info)
        self.own = kind == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.every = kind == pyspiel.PrivateInfoType.ALL_PLAYERS
        self.perfect_recall = bool(iig_obs_type.perfect_recall) and (
            self.public or self.own or self.every
        )
        self.players = players
        self.tensor, self.dict = _pieces(self._piece_sizes())
        self._filled: tuple[object, int, int, int] | None = None

    def _piece_sizes(self) -> list[tuple[str, tuple[int, ...]]]:
        """The pieces of the tensor and their shapes, in order."""
        pieces: list[tuple[str, tuple[int, ...]]] = []
        if self.public:
            pieces.append(("observation" if self.own else "public", (OBSERVATION_SIZE,)))
        elif self.own:
            pieces += [("player", (SEATS,)), ("private", (PRIVATE_SIZE,))]
        if self.every:
            pieces.append(("private", (SEATS, PRIVATE_SIZE)))
        if self.perfect_recall:
            pieces.append(("history", (_HISTORY_BITS,)))
        return pieces

    def key(self, player: int) -> Key:
        """The key of the history chain this type shows to ``player``."""
        if self.public:
            return player if self.own else ALL if self.every else None
        return (PRIVATE, player if self.own else ALL)

    def set_from(self, state: ChicagoPokerState, player: int) -> None:
        """Fill :attr:`tensor` for ``player`` and ``state``; once, if asked again at once."""
        held = state.version
        filled = (held, len(state.dealt), len(state.tiles), player)
        if self._filled is not None and self._filled[0] is held and self._filled[1:] == filled[1:]:
            return  # OpenSpiel asks twice for one tensor; the state is not changed in between
        self._filled = filled  # holds the state's parts, so that their id is not reused
        self.tensor.fill(0)
        game = state.state
        if "observation" in self.dict and game is not None:
            encode(view(game, player), self.dict["observation"])
        if "public" in self.dict and game is not None:
            encode(public_view(game), self.dict["public"])
        if "player" in self.dict:
            self.dict["player"][player] = 1
        if "private" in self.dict:
            self._set_private(state, player)
        if "history" in self.dict:
            digest = chain(state.last, self.key(player), self.players)
            bits = np.unpackbits(np.frombuffer(bytes.fromhex(digest), np.uint8))
            self.dict["history"][: len(bits)] = bits

    def _set_private(self, state: ChicagoPokerState, player: int) -> None:
        """Fill the private piece or pieces."""
        privates = self._privates(state, player)
        rows = self.dict["private"].reshape(-1, PRIVATE_SIZE)
        for private, row in zip(privates, rows, strict=False):  # fewer seats than rows
            _fill_private(row, private)

    def _privates(self, state: ChicagoPokerState, player: int) -> Sequence[Private]:
        """The private pieces shown: every seat's, or the player's alone."""
        seats = range(self.players) if self.every else (player,)
        game = state.state
        if game is None:
            return [_dealt_private(state, seat) for seat in seats]
        public = view(game, None)
        return [private_of(game, seat, public) for seat in seats]

    def string_from(self, state: ChicagoPokerState, player: int) -> str:
        """The observation of ``state`` by ``player`` as text (see the module's docstring)."""
        game = state.state
        lines: list[str] = []
        if self.public:
            if game is None:
                lines.append(f"dealing: {len(state.dealt)} cards, {len(state.tiles)} tiles")
            else:
                lines.append(str(view(game, player if self.own else None)))
        if self.own or self.every:
            privates = self._privates(state, player)
            if self.own and not self.public:
                lines.append(f"player {player}: {privates[0]}")
            elif self.own and game is None:
                lines[-1] += f" · {privates[0]}"
            elif self.every:
                lines += [f"seat {seat}: {private}" for seat, private in enumerate(privates)]
        if self.perfect_recall:
            lines.append(f"history {chain(state.last, self.key(player), self.players)}")
        return "\n".join(lines)


def _pieces(
    pieces: list[tuple[str, tuple[int, ...]]],
) -> tuple[npt.NDArray[np.float32], dict[str, npt.NDArray[np.float32]]]:
    """One flat tensor for ``pieces``, and a view of it by name, shaped."""
    sizes = [int(np.prod(shape)) for _, shape in pieces]
    tensor = np.zeros(sum(sizes), np.float32)
    named, start = {}, 0
    for (name, shape), size in zip(pieces, sizes, strict=True):
        named[name] = tensor[start : start + size].reshape(shape)
        start += size
    return tensor, named
