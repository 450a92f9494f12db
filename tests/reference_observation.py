"""The observation tensor written number by number: the reference of the library's encoder.

This is the encoder as it was before the fast one (which joins the kept bytes of the parts
that states share): every number written into an array of C floats, nothing kept from one
call to the next. ``tests/test_ai_observation.py`` checks that the library's tensor equals
this one bit for bit. Layout names come from the library (``FIELDS``), so a change of the
layout shows here as a failure, not as a silent change of both.
"""

from __future__ import annotations

import array
from collections.abc import Iterable
from typing import Final

import numpy as np
import numpy.typing as npt

from chicago_poker import (
    GANGSTER_CARDS,
    BusinessView,
    Card,
    ColumnView,
    Face,
    PlayerView,
    RuleOptions,
    Victory,
)
from chicago_poker.ai.actions import CARDS, MAX_SLOTS
from chicago_poker.ai.observation import (
    _BUSINESS_WIDTH,
    _CARD_CELLS,
    _COLUMN_WIDTH,
    _POSITION_WIDTH,
    _SEAT_WIDTH,
    _SHOOTOUT_PARTS,
    _STAGES,
    _TILE_CELLS,
    FIELDS,
    SEATS,
)

_AT: Final = {name: start for name, start, _, _ in FIELDS}
_SHOOTOUT_AT: Final = {
    name: _AT["shootout"] + sum(size for _, size in _SHOOTOUT_PARTS[:index])
    for index, (name, _) in enumerate(_SHOOTOUT_PARTS)
}
_CARD_ID: Final = {card: index for index, card in enumerate(CARDS)}
_GANGSTER_ID: Final = {card: index for index, card in enumerate(GANGSTER_CARDS)}
_VICTORIES: Final = tuple(Victory)
_PHASES: Final = ("shootouts", "actions", "ended")
_DOWN: Final = Face.DOWN


def reference_encode(seen: PlayerView) -> npt.NDArray[np.float32]:
    """The tensor of ``seen``, written number by number."""
    return np.frombuffer(bytearray(_tensor_bytes(seen)), np.float32)


def _tensor_bytes(seen: PlayerView) -> bytes:
    """The bytes of the whole tensor, joined once: the head, each business's block, zeros."""
    me = seen.seat
    if me is None:
        raise ValueError("encode takes a seat's view, not a spectator's")
    count = len(seen.players)
    businesses = seen.businesses
    parts = [_head(seen, me, count)]
    parts.extend(_new_block(business, me, count) for business in businesses)
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
