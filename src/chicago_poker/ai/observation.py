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
import struct
from collections.abc import Callable
from typing import Final, TypeVar

import numpy as np
import numpy.typing as npt

from chicago_poker import (
    BUSINESS_TILES,
    GANGSTER_CARDS,
    BusinessKind,
    BusinessTile,
    BusinessView,
    Card,
    Color,
    ColumnView,
    Face,
    OpponentView,
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
    name: sum(size for _, size in _SHOOTOUT_PARTS[:index])
    for index, (name, _) in enumerate(_SHOOTOUT_PARTS)
}
"""The first index of each part of the field ``shootout``, counted from the field's."""
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
    """The bytes of the whole tensor, joined once from the bytes of its parts.

    The parts that states share (the options, a hand, the discard pile, a player's public
    numbers, a column, a business) are encoded once and kept by the ``id`` of the view's
    object, with the object, so that a view made of parts met before costs a join.
    """
    me = seen.seat
    if me is None:
        raise ValueError("encode takes a seat's view, not a spectator's")
    count = len(seen.players)
    businesses = seen.businesses
    shootout = seen.shootout
    victory = seen.victory
    parts: list[bytes | bytearray] = [
        _lead(count, seen.options),
        _kept(_CARD_BYTES, seen.hand or _NO_CARDS, _card_bytes),
        _kept(_CARD_BYTES, seen.discard_pile, _card_bytes),
        _seats(seen, me, count),
        _turn_and_piles(seen),
        _NO_SHOOTOUT if shootout is None else _shootout(seen, me, count),
        _NO_VICTORY if victory is None else _VICTORY_BYTES[victory],
    ]
    for business in businesses:
        parts.append(_business_block(business, me, count))
    parts.append(_EMPTY_SLOTS[len(businesses)])
    return b"".join(parts)


_NO_CARDS: Final[frozenset[Card]] = frozenset()

_Part = TypeVar("_Part")


def _kept(
    memo: dict[int, tuple[_Part, bytes]], part: _Part, make: Callable[[_Part], bytes]
) -> bytes:
    """The bytes of ``part``, kept in ``memo`` by its ``id`` with the part itself.

    Keeping the part keeps its ``id`` from naming another object while the entry lasts.
    A memo that holds :data:`_MAX_KEPT` parts starts afresh.
    """
    kept = memo.get(id(part))
    if kept is not None:
        return kept[1]
    made = make(part)
    if len(memo) >= _MAX_KEPT:
        memo.clear()
    memo[id(part)] = (part, made)
    return made


_MAX_KEPT: Final = 256
"""The most parts each memo of this module keeps."""


def _lead(count: int, options: RuleOptions) -> bytes:
    """The bytes of the fields ``players`` and ``options``, kept for each table size."""
    kept = _LEADS[count - 2].get(id(options))
    if kept is not None:
        return kept[1]
    x = array.array("f", bytes(4 * 10))
    x[count - 2] = 1  # one-hot from 2 players
    x[5] = options.tactical
    x[6] = options.short_game
    x[7] = options.optional_actions
    x[8] = options.limousine_any_cards
    x[9] = options.optional_reinforcement
    made = x.tobytes()
    leads = _LEADS[count - 2]
    if len(leads) >= _MAX_KEPT:
        leads.clear()
    leads[id(options)] = (options, made)
    return made


_LEADS: Final[tuple[dict[int, tuple[RuleOptions, bytes]], ...]] = tuple(
    {} for _ in range(SEATS - 1)
)
"""The bytes of :func:`_lead`, for each table size (from 2), by the options' ``id``."""


def _card_bytes(cards: frozenset[Card]) -> bytes:
    """The bytes of a field of cards (the hand, or the discard pile): 1 for each card."""
    x = _CARD_ZEROS[:]
    for card in cards:
        x[_CARD_ID[card]] = 1
    return x.tobytes()


_CARD_ZEROS: Final = array.array("f", bytes(4 * len(CARDS)))
_CARD_BYTES: Final[dict[int, tuple[frozenset[Card], bytes]]] = {}
"""The bytes of hands and discard piles met, by the frozenset's ``id``: states share the
hands and the pile a command left alone."""


def _seats(seen: PlayerView, me: int, count: int) -> bytearray:
    """The bytes of the field ``seats``: each seat's numbers, at its place counted from ``me``.

    Each player's numbers are kept by the ``id`` of its view, with zeros for the marks of the
    turn, the first player, the pending draws and the winners, which are then written over.
    """
    players = seen.players
    memo = _PLAYER_NUMBERS
    parts = []
    for seat in _SEAT_ORDER[count][me]:
        player = players[seat]
        kept = memo.get(id(player))
        parts.append(kept[1] if kept is not None else _kept(memo, player, _player_numbers))
    parts.append(_ABSENT_SEATS[count])
    x = bytearray(b"".join(parts))
    bases = _SEAT_BASES[count][me]
    _ONE.pack_into(x, bases[seen.turn.player] + 28, 1)
    _ONE.pack_into(x, bases[seen.first_player] + 32, 1)
    if seen.last_winner is not None:
        _ONE.pack_into(x, bases[seen.last_winner] + 40, 1)
    if seen.winner is not None:
        _ONE.pack_into(x, bases[seen.winner] + 44, 1)
    for seat in seen.pending_draws:
        at = bases[seat] + 36
        _ONE.pack_into(x, at, _ONE.unpack_from(x, at)[0] + 1)
    return x


def _player_numbers(player: OpponentView) -> bytes:
    """The bytes of a player's numbers in the field ``seats``, its marks left at zero."""
    x = array.array("f", bytes(4 * _SEAT_WIDTH))
    x[0] = 1
    x[1] = player.hand_size
    controlled = player.controlled
    if controlled:
        x[2] = len(controlled)
        for tile in controlled:
            x[3 + _TILE_CELLS[tile][0]] += 1
    return x.tobytes()


_PLAYER_NUMBERS: Final[dict[int, tuple[OpponentView, bytes]]] = {}
_ONE: Final = struct.Struct("f")
_ABSENT_SEATS: Final = {
    count: bytes(4 * _SEAT_WIDTH * (SEATS - count)) for count in range(2, SEATS + 1)
}

_SEAT_BASES: Final = {
    count: tuple(
        tuple(4 * _SEAT_WIDTH * ((seat - me) % count) for seat in range(count))
        for me in range(count)
    )
    for count in range(2, SEATS + 1)
}
"""For each table size and viewer, the byte where each seat's numbers start in ``seats``."""

_TURN_AND_PILES: Final = struct.Struct("15f")
"""The fields ``turn`` and ``piles``, which follow one another: 15 C floats, as ``array``'s."""
_PHASE_CELLS: Final = {phase: tuple(float(phase == each) for each in _PHASES) for phase in _PHASES}
"""Each turn phase, by its value, one-hot."""


def _turn_and_piles(seen: PlayerView) -> bytes:
    """The bytes of the fields ``turn`` (the phase one-hot, then its numbers) and ``piles``."""
    turn = seen.turn
    return _TURN_AND_PILES.pack(
        *_PHASE_CELLS[turn.phase.value],
        turn.base_actions,
        turn.bonus_actions,
        turn.actions_taken,
        turn.actions_left,
        turn.shootouts,
        turn.revolver_actions,
        turn.number,
        seen.draw_pile_size,
        seen.tile_pile_size,
        seen.vacancies,
        seen.markers_placed,
        seen.stalled_turns,
    )


def _shootout(seen: PlayerView, me: int, count: int) -> bytes:
    """The bytes of the field ``shootout``, of the shootout in progress."""
    shootout = seen.shootout
    assert shootout is not None  # only called with one
    x = array.array("f", _NO_SHOOTOUT)
    at = _SHOOTOUT_AT
    x[at["in progress"]] = 1
    tiles = [business.tile for business in seen.businesses]
    if shootout.business in tiles:
        x[at["slot"] + tiles.index(shootout.business)] = 1
    x[at["owner"] + (shootout.owner - me) % count] = 1
    x[at["stage"] + _STAGES.index(shootout.stage.value)] = 1
    for seat in shootout.contenders:
        x[at["contenders"] + (seat - me) % count] = 1
    for seat in shootout.chosen:
        x[at["chosen"] + (seat - me) % count] = 1
    x[at["round"]] = shootout.round
    if shootout.own_choice is not None:
        x[at["own choice"] + _GANGSTER_ID[shootout.own_choice]] = 1
    return x.tobytes()


_NO_SHOOTOUT: Final = bytes(4 * sum(size for _, size in _SHOOTOUT_PARTS))
_NO_VICTORY: Final = bytes(4 * len(_VICTORIES))
_VICTORY_BYTES: Final = {
    victory: array.array("f", [float(victory is each) for each in _VICTORIES]).tobytes()
    for victory in _VICTORIES
}
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
    """The block of ``business`` in the field ``businesses``: its tile, then every column.

    The columns are taken in the order of the seats counted from ``me``; each column's bytes
    are kept by the ``id`` of its view, which the library shares between the businesses'
    views (see :mod:`chicago_poker.core.views`).
    """
    columns = business.columns
    parts = [_TILE_HEADS[business.tile][business.revealed]]
    memo = _COLUMN_BYTES
    for seat in _SEAT_ORDER[count][me]:
        column = columns[seat]
        kept = memo.get(id(column))
        parts.append(kept[1] if kept is not None else _kept(memo, column, _column_bytes))
    parts.append(_ABSENT_COLUMNS[count])
    return b"".join(parts)


def _tile_head(tile: BusinessTile, revealed: bool) -> bytes:
    """The first numbers of a business's block: present, revealed, kind and number one-hot."""
    x = array.array("f", bytes(4 * 11))
    x[0] = 1
    x[1] = revealed
    kind, number = _TILE_CELLS[tile]
    x[2 + kind] = 1
    x[6 + number] = 1
    return x.tobytes()


_TILE_HEADS: Final = {
    tile: (_tile_head(tile, False), _tile_head(tile, True)) for tile in BUSINESS_TILES
}
_SEAT_ORDER: Final = {
    count: tuple(tuple((me + offset) % count for offset in range(count)) for me in range(count))
    for count in range(2, SEATS + 1)
}
"""For each table size and viewer, the seats in the order of the tensor: the viewer first."""
_ABSENT_COLUMNS: Final = {
    count: bytes(4 * _COLUMN_WIDTH * (SEATS - count)) for count in range(2, SEATS + 1)
}
_COLUMN_BYTES: Final[dict[int, tuple[ColumnView, bytes]]] = {}


def _column_bytes(column: ColumnView) -> bytes:
    """The bytes of a seat's column in a business's block: its marker, then each position."""
    x = _COLUMN_ZEROS[:]
    if column.marker is not None:
        x[0] = 1
        x[1] = column.marker
    for position, place in enumerate(column.slots):
        cell = 2 + _POSITION_WIDTH * position
        x[cell] = 1
        if place.face is _DOWN:
            x[cell + 1] = 1
        known = place.card
        if known is not None:
            value, color = _CARD_CELLS[known]
            x[cell + 2] = 1
            x[cell + 3] = value
            x[cell + 4 + color] = 1
    return x.tobytes()


_COLUMN_ZEROS: Final = array.array("f", bytes(4 * _COLUMN_WIDTH))


def observation_text(seen: PlayerView) -> str:
    """The library's table of ``seen`` (``str(view)``), for people and language models."""
    return str(seen)


def observation_json(seen: PlayerView) -> dict[str, object]:
    """The JSON-ready view, as the library's JSON format writes it (see the JSON page)."""
    return to_json(seen)
