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
from typing import Final

import numpy as np
import numpy.typing as npt

from chicago_poker import (
    BUSINESS_TILES,
    GANGSTER_CARDS,
    BusinessKind,
    BusinessView,
    Color,
    Face,
    PlayerView,
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
        "actions taken, actions left, shootouts resolved, Revolver spent, turn number",
    ),
    (
        "piles",
        5,
        "draw deck size, face-down tiles, vacancies, markers ever placed, turns since a "
        "business was last won (R-8.7)",
    ),
    (
        "shootout",
        1 + MAX_SLOTS + SEATS + len(_STAGES) + 2 * SEATS + 1 + len(GANGSTER_CARDS),
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
    me = seen.seat
    if me is None:
        raise ValueError("encode takes a seat's view, not a spectator's")
    # Every field before the businesses, in an array of C floats: setting an item of it
    # costs a fraction of setting one of a NumPy array, or of converting Python numbers.
    x = _HEAD_ZEROS[:]
    count = len(seen.players)
    x[count - 2] = 1
    options = seen.options
    at = _AT["options"]
    for index, flag in enumerate(
        (
            options.tactical,
            options.short_game,
            options.optional_actions,
            options.limousine_any_cards,
            options.optional_reinforcement,
        )
    ):
        if flag:
            x[at + index] = 1
    at = _AT["hand"]
    for card in seen.hand or ():
        x[at + _CARD_ID[card]] = 1
    at = _AT["discard"]
    for card in seen.discard_pile:
        x[at + _CARD_ID[card]] = 1

    def relative(seat: int) -> int:
        return (seat - me) % count

    turn = seen.turn
    at = _AT["seats"]
    for seat, player in enumerate(seen.players):
        base = at + _SEAT_WIDTH * relative(seat)
        x[base] = 1
        x[base + 1] = player.hand_size
        x[base + 2] = len(player.controlled)
        for tile in player.controlled:
            x[base + 3 + _TILE_CELLS[tile][0]] += 1
        x[base + 7] = seat == turn.player
        x[base + 8] = seat == seen.first_player
        x[base + 10] = seat == seen.last_winner
        x[base + 11] = seat == seen.winner
    for seat in seen.pending_draws:
        x[at + _SEAT_WIDTH * relative(seat) + 9] += 1

    at = _AT["turn"]
    x[at + _PHASES.index(turn.phase.value)] = 1
    numbers: tuple[int, ...] = (
        turn.base_actions,
        turn.bonus_actions,
        turn.actions_taken,
        turn.actions_left,
        turn.shootouts,
        turn.revolver_spent,
        turn.number,
    )
    for index, number in enumerate(numbers):
        x[at + 3 + index] = number
    at = _AT["piles"]
    numbers = (
        seen.draw_pile_size,
        seen.tile_pile_size,
        seen.vacancies,
        seen.markers_placed,
        seen.stalled_turns,
    )
    for index, number in enumerate(numbers):
        x[at + index] = number

    businesses = seen.businesses
    shootout = seen.shootout
    if shootout is not None:
        at = _AT["shootout"]
        x[at] = 1
        tiles = [business.tile for business in businesses]
        if shootout.business in tiles:
            x[at + 1 + tiles.index(shootout.business)] = 1
        at += 1 + MAX_SLOTS
        x[at + relative(shootout.owner)] = 1
        at += SEATS
        x[at + _STAGES.index(shootout.stage.value)] = 1
        at += len(_STAGES)
        for seat in shootout.contenders:
            x[at + relative(seat)] = 1
        at += SEATS
        for seat in shootout.chosen:
            x[at + relative(seat)] = 1
        at += SEATS
        x[at] = shootout.round
        if shootout.own_choice is not None:
            x[at + 1 + _GANGSTER_ID[shootout.own_choice]] = 1
    if seen.victory is not None:
        x[_AT["victory"] + _VICTORIES.index(seen.victory)] = 1

    # The bytes of the whole tensor, joined once: the head, each business's block, zeros.
    parts = [x.tobytes()]
    parts.extend(_business_block(business, me, count) for business in businesses)
    parts.append(_EMPTY_SLOTS[len(businesses)])
    data = b"".join(parts)
    if out is None:
        return np.frombuffer(bytearray(data), np.float32)
    out[:] = np.frombuffer(data, np.float32)
    return out


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
    x = _BLOCK_ZEROS[:]
    x[0] = 1
    x[1] = business.revealed
    kind, number = _TILE_CELLS[business.tile]
    x[2 + kind] = 1
    x[6 + number] = 1
    for seat, column in enumerate(business.columns):
        where = 11 + _COLUMN_WIDTH * ((seat - me) % count)
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
    block = x.tobytes()
    if len(_BLOCKS) >= _MAX_BLOCKS:
        _BLOCKS.clear()
    _BLOCKS[key] = (business, block)
    return block


_BLOCK_ZEROS: Final = array.array("f", bytes(4 * _BUSINESS_WIDTH))


def observation_text(seen: PlayerView) -> str:
    """The library's table of ``seen`` (``str(view)``), for people and language models."""
    return str(seen)


def observation_json(seen: PlayerView) -> dict[str, object]:
    """The JSON-ready view, as the library's JSON format writes it (see the JSON page)."""
    return to_json(seen)
