"""A seat's view as a flat tensor, a text and JSON: what a learning agent observes.

:func:`encode` reads nothing but a :class:`~chicago_poker.PlayerView`, which holds exactly what
the seat may know (see :func:`~chicago_poker.view`), so two states that differ only in what
the seat cannot see give bit-identical tensors. Seats are counted from the viewer: relative
seat 0 is the viewer, 1 the next seat clockwise, and so on; a table of fewer than six
players leaves the last relative seats empty, and fewer than four businesses the last slots.
Businesses are in the order of their slots (see :mod:`chicago_poker.ai.actions`), cards in
the order of :data:`~chicago_poker.ai.actions.CARDS`.

:data:`FIELDS` lists every field with its place: its first index and its length.
"""

from __future__ import annotations

import array
from collections.abc import Iterable
from typing import Final

import numpy as np
import numpy.typing as npt

from chicago_poker import (
    BUSINESS_TILES,
    GANGSTER_CARDS,
    BusinessKind,
    BusinessView,
    Card,
    Color,
    ColumnView,
    Face,
    PlayerView,
    RuleOptions,
    Victory,
    to_json,
)
from chicago_poker.ai.actions import CARDS, MAX_SLOTS

__all__ = [
    "FIELDS",
    "OBSERVATION_SIZE",
    "SEATS",
    "Field",
    "encode",
    "observation_json",
    "observation_text",
]

SEATS: Final = 6
"""The relative seats of the tensor: the most players of a game (R-2.1)."""

_POSITIONS: Final = 5
_KINDS: Final = tuple(BusinessKind)
_COLORS: Final = tuple(Color)
_VICTORIES: Final = tuple(Victory)
_PHASES: Final = ("shootouts", "actions", "ended")
_STAGES: Final = ("open", "choosing", "revealed")

Field = tuple[str, int, int, str]
"""A field of the tensor: its name, its first index, its length, and what it holds."""

_SEAT_WIDTH: Final = 12
_POSITION_WIDTH: Final = 4 + len(_COLORS)
_COLUMN_WIDTH: Final = 2 + _POSITIONS * _POSITION_WIDTH
_BUSINESS_WIDTH: Final = 2 + len(_KINDS) + 5 + SEATS * _COLUMN_WIDTH

_SHOOTOUT_PARTS: Final = (
    ("in progress", 1),
    ("slot", MAX_SLOTS),
    ("owner", SEATS),
    ("stage", len(_STAGES)),
    ("contenders", SEATS),
    ("chosen", SEATS),
    ("round", 1),
    ("own choice", len(GANGSTER_CARDS)),
)
"""The parts of the field ``shootout``, in order: name and length."""

_LAYOUT: Final[tuple[tuple[str, int, str], ...]] = (
    ("players", 5, "one-hot: the number of players, 2 to 6"),
    (
        "options",
        5,
        "the rule options: tactical, short_game, optional_actions, limousine_any_cards, "
        "optional_reinforcement (1 when on)",
    ),
    ("hand", len(CARDS), "the viewer's hand: 1 for each card held, by card id"),
    ("discard", len(CARDS), "the discard pile: 1 for each card in it, by card id"),
    (
        "seats",
        SEATS * _SEAT_WIDTH,
        f"{_SEAT_WIDTH} numbers for each relative seat: present, hand size, businesses "
        "controlled, of them speakeasies, jazz clubs, breweries and gambling houses, whose "
        "turn it is, first player, draws pending for it, won the latest shootout, winner",
    ),
    (
        "turn",
        10,
        "the turn: phase one-hot (shootouts, actions, ended), base actions, bonus actions, "
        "actions taken, actions left, shootouts resolved, actions a Revolver would add, "
        "turn number",
    ),
    (
        "piles",
        5,
        "draw deck size, face-down tiles, vacancies, markers ever placed, turns since a "
        "business was last won (R-8.7)",
    ),
    (
        "shootout",
        sum(size for _, size in _SHOOTOUT_PARTS),
        "the shootout: in progress, its business's slot one-hot, its owner's relative seat "
        "one-hot, stage one-hot (open, choosing, revealed), contenders by relative seat, "
        "seats that chose by relative seat, rounds revealed, the viewer's own reinforcement "
        "by gangster card id",
    ),
    ("victory", len(_VICTORIES), "one-hot: how the game ended (Victory, in its order)"),
    (
        "businesses",
        MAX_SLOTS * _BUSINESS_WIDTH,
        f"{_BUSINESS_WIDTH} numbers for each slot: present, shootout here (all cards face up), "
        "kind one-hot, tile number one-hot (1 to 5), then for each relative seat its column: "
        "marker on it, the marker's number, and for each of five positions: a card there, "
        "face down, card known to the viewer, its value (0 if unknown), its colour one-hot",
    ),
)


def _fields() -> tuple[Field, ...]:
    start, fields = 0, []
    for name, size, what in _LAYOUT:
        fields.append((name, start, size, what))
        start += size
    return tuple(fields)


FIELDS: Final = _fields()
"""Every field of the tensor, in order: name, first index, length, what it holds."""

OBSERVATION_SIZE: Final = FIELDS[-1][1] + FIELDS[-1][2]
"""The length of the tensor."""

_AT: Final = {name: start for name, start, _, _ in FIELDS}
_SHOOTOUT_AT: Final = {
    name: _AT["shootout"] + sum(size for _, size in _SHOOTOUT_PARTS[:index])
    for index, (name, _) in enumerate(_SHOOTOUT_PARTS)
}
"""The first index of each part of the field ``shootout``."""
_CARD_ID: Final = {card: index for index, card in enumerate(CARDS)}
_GANGSTER_ID: Final = {card: index for index, card in enumerate(GANGSTER_CARDS)}
_KIND_ID: Final = {kind: index for index, kind in enumerate(_KINDS)}
_COLOR_ID: Final = {color: index for index, color in enumerate(_COLORS)}
_DOWN: Final = Face.DOWN  # bound once: Python 3.11 looks up an enum member slowly
_TILE_CELLS: Final = {tile: (_KIND_ID[tile.kind], tile.number - 1) for tile in BUSINESS_TILES}
"""Each tile: the index of its kind, and its number from 0."""
_CARD_CELLS: Final = {card: (card.value, _COLOR_ID[card.color]) for card in GANGSTER_CARDS}
"""Each gangster card: its value, and the index of its colour."""


def encode(seen: PlayerView, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
    """The tensor of ``seen``, a seat's view: :data:`OBSERVATION_SIZE` float32 numbers.

    ``out``, if given, is filled and returned instead of a new array.

    Raises:
        ValueError: ``seen`` is a spectator's view: the tensor is a seat's.

    >>> from chicago_poker import Game, view
    >>> tensor = encode(view(Game.new(["Al", "Bugs"], seed=1).state, 0))
    >>> tensor.shape, tensor[:5].tolist(), int(tensor[10:91].sum())
    ((1541,), [1.0, 0.0, 0.0, 0.0, 0.0], 5)
    """
    data = _tensor_bytes(seen)
    if out is None:
        return np.frombuffer(bytearray(data), np.float32)
    out[:] = np.frombuffer(data, np.float32)
    return out


def _tensor_bytes(seen: PlayerView) -> bytes:
    """The bytes of the whole tensor, joined once: the head, each business's block, zeros."""
    me = seen.seat
    if me is None:
        raise ValueError("encode takes a seat's view, not a spectator's")
    count = len(seen.players)
    businesses = seen.businesses
    parts = [_head(seen, me, count)]
    parts.extend(_business_block(business, me, count) for business in businesses)
    parts.append(_EMPTY_SLOTS[len(businesses)])
    return b"".join(parts)


def _head(seen: PlayerView, me: int, count: int) -> bytes:
    """The bytes of every field before the businesses, for ``me`` at a table of ``count``.

    They are written in an array of C floats: setting an item of it costs a fraction of
    setting one of a NumPy array, or of converting Python numbers.
    """
    x = _HEAD_ZEROS[:]
    x[_AT["players"] + count - 2] = 1  # one-hot from 2 players
    _options(x, seen.options)
    _cards(x, _AT["hand"], seen.hand or ())
    _cards(x, _AT["discard"], seen.discard_pile)
    _seats(x, seen, me, count)
    _turn(x, seen)
    _piles(x, seen)
    _shootout(x, seen, me, count)
    if seen.victory is not None:
        x[_AT["victory"] + _VICTORIES.index(seen.victory)] = 1
    return x.tobytes()


def _options(x: array.array[float], options: RuleOptions) -> None:
    """The field ``options``: 1 for each rule option on, in the order the field lists them."""
    at = _AT["options"]
    x[at] = options.tactical
    x[at + 1] = options.short_game
    x[at + 2] = options.optional_actions
    x[at + 3] = options.limousine_any_cards
    x[at + 4] = options.optional_reinforcement


def _cards(x: array.array[float], at: int, cards: Iterable[Card]) -> None:
    """The field that starts at ``at`` (the hand, or the discard pile): 1 for each card."""
    for card in cards:
        x[at + _CARD_ID[card]] = 1


def _seats(x: array.array[float], seen: PlayerView, me: int, count: int) -> None:
    """The field ``seats``: each seat's numbers, at its place counted from ``me``.

    Only the ones are written: the array starts as zeros.
    """
    bases = _SEAT_BASES[count][me]
    for base, player in zip(bases, seen.players, strict=True):
        x[base] = 1
        x[base + 1] = player.hand_size
        controlled = player.controlled
        if controlled:
            x[base + 2] = len(controlled)
            for tile in controlled:
                x[base + 3 + _TILE_CELLS[tile][0]] += 1
    x[bases[seen.turn.player] + 7] = 1
    x[bases[seen.first_player] + 8] = 1
    if seen.last_winner is not None:
        x[bases[seen.last_winner] + 10] = 1
    if seen.winner is not None:
        x[bases[seen.winner] + 11] = 1
    for seat in seen.pending_draws:
        x[bases[seat] + 9] += 1


_SEAT_BASES: Final = {
    count: tuple(
        tuple(_AT["seats"] + _SEAT_WIDTH * ((seat - me) % count) for seat in range(count))
        for me in range(count)
    )
    for count in range(2, SEATS + 1)
}
"""For each table size and viewer, where each seat's numbers start (counted from the viewer)."""


def _turn(x: array.array[float], seen: PlayerView) -> None:
    """The field ``turn``: the turn's phase one-hot, then its numbers."""
    at = _AT["turn"]
    turn = seen.turn
    x[at + _PHASES.index(turn.phase.value)] = 1
    x[at + 3] = turn.base_actions
    x[at + 4] = turn.bonus_actions
    x[at + 5] = turn.actions_taken
    x[at + 6] = turn.actions_left
    x[at + 7] = turn.shootouts
    x[at + 8] = turn.revolver_actions
    x[at + 9] = turn.number


def _piles(x: array.array[float], seen: PlayerView) -> None:
    """The field ``piles``: the sizes of the piles, and the counts of markers and turns."""
    at = _AT["piles"]
    x[at] = seen.draw_pile_size
    x[at + 1] = seen.tile_pile_size
    x[at + 2] = seen.vacancies
    x[at + 3] = seen.markers_placed
    x[at + 4] = seen.stalled_turns


def _shootout(x: array.array[float], seen: PlayerView, me: int, count: int) -> None:
    """The field ``shootout``, of the shootout in progress: zeros if there is none."""
    shootout = seen.shootout
    if shootout is None:
        return
    x[_SHOOTOUT_AT["in progress"]] = 1
    tiles = [business.tile for business in seen.businesses]
    if shootout.business in tiles:
        x[_SHOOTOUT_AT["slot"] + tiles.index(shootout.business)] = 1
    x[_SHOOTOUT_AT["owner"] + (shootout.owner - me) % count] = 1
    x[_SHOOTOUT_AT["stage"] + _STAGES.index(shootout.stage.value)] = 1
    for seat in shootout.contenders:
        x[_SHOOTOUT_AT["contenders"] + (seat - me) % count] = 1
    for seat in shootout.chosen:
        x[_SHOOTOUT_AT["chosen"] + (seat - me) % count] = 1
    x[_SHOOTOUT_AT["round"]] = shootout.round
    if shootout.own_choice is not None:
        x[_SHOOTOUT_AT["own choice"] + _GANGSTER_ID[shootout.own_choice]] = 1


_HEAD_ZEROS: Final = array.array("f", bytes(4 * _AT["businesses"]))
"""Zeros for every field before the businesses, copied for each tensor."""
_EMPTY_SLOTS: Final = tuple(
    bytes(4 * _BUSINESS_WIDTH * (MAX_SLOTS - present)) for present in range(MAX_SLOTS + 1)
)
"""The zeros of the empty business slots, by the number of businesses present."""

_BLOCKS: Final[dict[tuple[int, int, int], tuple[BusinessView, bytes]]] = {}
"""The blocks of business views already encoded, by the view's ``id``, viewer and table size.

The library makes one view of a business for each viewer and what they know there, and
states share the businesses a command left alone: an agent that observes state after state
sees the same few views again and again. Each is kept with its block, so that no other object
can take its ``id`` while the key is held; the whole store is dropped when it grows large.
"""
_MAX_BLOCKS: Final = 4096


def _business_block(business: BusinessView, me: int, count: int) -> bytes:
    """The block of ``business`` seen by ``me`` at a table of ``count``, made once (its bytes)."""
    key = (id(business), me, count)
    kept = _BLOCKS.get(key)
    if kept is not None:
        return kept[1]
    block = _new_block(business, me, count)
    if len(_BLOCKS) >= _MAX_BLOCKS:
        _BLOCKS.clear()
    _BLOCKS[key] = (business, block)
    return block


def _new_block(business: BusinessView, me: int, count: int) -> bytes:
    """The block of ``business`` in the field ``businesses``: its tile, then every column."""
    x = _BLOCK_ZEROS[:]
    x[0] = 1
    x[1] = business.revealed
    kind, number = _TILE_CELLS[business.tile]
    x[2 + kind] = 1
    x[6 + number] = 1
    for seat, column in enumerate(business.columns):
        _column(x, 11 + _COLUMN_WIDTH * ((seat - me) % count), column)
    return x.tobytes()


def _column(x: array.array[float], where: int, column: ColumnView) -> None:
    """A seat's column in a business's block, from ``where``: its marker, then each position."""
    if column.marker is not None:
        x[where] = 1
        x[where + 1] = column.marker
    for position, place in enumerate(column.slots):
        cell = where + 2 + _POSITION_WIDTH * position
        x[cell] = 1
        if place.face is _DOWN:
            x[cell + 1] = 1
        known = place.card
        if known is not None:
            value, color = _CARD_CELLS[known]
            x[cell + 2] = 1
            x[cell + 3] = value
            x[cell + 4 + color] = 1


_BLOCK_ZEROS: Final = array.array("f", bytes(4 * _BUSINESS_WIDTH))


def observation_text(seen: PlayerView) -> str:
    """The library's table of ``seen`` (``str(view)``), for people and language models."""
    return str(seen)


def observation_json(seen: PlayerView) -> dict[str, object]:
    """The JSON-ready view, as the library's JSON format writes it (see the JSON page)."""
    return to_json(seen)
