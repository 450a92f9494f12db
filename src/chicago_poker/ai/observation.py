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
    GangsterCard,
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
        return np.frombuffer(data, _FLOAT32)  # the new bytearray becomes the array's memory
    out[:] = np.frombuffer(data, _FLOAT32)
    return out


_FLOAT32: Final = np.dtype(np.float32)


def _tensor_bytes(seen: PlayerView) -> bytearray:
    """The bytes of the whole tensor, joined once from the bytes of its parts.

    The parts that states share (the options, a hand, the discard pile, a player's public
    numbers, a column, a business) are encoded once and kept, with the object they are kept
    by, so that a view made of parts met before costs a join; the marks of the field
    ``seats`` (whose turn, first player, pending draws, winners) are then written in.
    """
    me = seen.seat
    if me is None:
        raise ValueError("encode takes a seat's view, not a spectator's")
    players = seen.players
    count = len(players)
    businesses = seen.businesses
    shootout = seen.shootout
    victory = seen.victory
    pile = seen.discard_pile
    kept_pile = _CARD_BYTES.get(id(pile))
    parts = [
        _lead(count, seen.options),
        _card_bytes(seen.hand or _NO_CARDS),
        kept_pile[1] if kept_pile is not None else _kept(_CARD_BYTES, pile, _card_bytes),
    ]
    memo = _PLAYER_NUMBERS
    for seat in _SEAT_ORDER[count][me]:
        player = players[seat]
        controlled = player.controlled
        kept = memo.get(id(controlled) * _HAND_SIZES + player.hand_size)
        parts.append(kept[1] if kept is not None else _player_numbers(controlled, player.hand_size))
    parts += (
        _ABSENT_SEATS[count],
        *_turn_bytes(seen),
        _NO_SHOOTOUT if shootout is None else _shootout(seen, me, count),
        _NO_VICTORY if victory is None else _VICTORY_BYTES[victory],
    )
    blocks = _BLOCKS
    for business in businesses:
        kept_block = blocks.get(id(business) * _VIEWERS + _VIEWER_KEYS[count][me])
        parts.append(
            kept_block[1] if kept_block is not None else _business_block(business, me, count)
        )
    parts.append(_EMPTY_SLOTS[len(businesses)])
    data = bytearray().join(parts)
    _mark_seats(data, seen, _SEAT_BASES[count][me])
    return data


def _mark_seats(data: bytearray, seen: PlayerView, bases: tuple[int, ...]) -> None:
    """Write the marks of the field ``seats`` into ``data``, at each seat's ``bases``."""
    pack = _ONE.pack_into
    pack(data, bases[seen.turn.player] + 28, 1)
    pack(data, bases[seen.first_player] + 32, 1)
    if seen.last_winner is not None:
        pack(data, bases[seen.last_winner] + 40, 1)
    if seen.winner is not None:
        pack(data, bases[seen.winner] + 44, 1)
    for seat in seen.pending_draws:
        at = bases[seat] + 36
        pack(data, at, _ONE.unpack_from(data, at)[0] + 1)


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
"""The bytes of the discard piles met, by the frozenset's ``id``: states share the pile until a
card is discarded. (A hand is not kept: the seat that decides has nearly always changed its
hand since it last decided.)"""


def _player_numbers(controlled: tuple[BusinessTile, ...], hand_size: int) -> bytes:
    """The bytes of a player's numbers in the field ``seats``, its marks left at zero, kept."""
    x = array.array("f", bytes(4 * _SEAT_WIDTH))
    x[0] = 1
    x[1] = hand_size
    if controlled:
        x[2] = len(controlled)
        for tile in controlled:
            x[3 + _TILE_CELLS[tile][0]] += 1
    made = x.tobytes()
    if len(_PLAYER_NUMBERS) >= _MAX_KEPT:
        _PLAYER_NUMBERS.clear()
    _PLAYER_NUMBERS[id(controlled) * _HAND_SIZES + hand_size] = (controlled, made)
    return made


_PLAYER_NUMBERS: Final[dict[int, tuple[tuple[BusinessTile, ...], bytes]]] = {}
"""A player's numbers, by the ``id`` of the tuple of businesses it controls and its hand size.

States share the tuple of a player's businesses until it wins or loses one, and a hand size
is one of a few: the key meets again what a new player's view keeps, and the tuple kept with
the bytes holds its ``id`` while the entry lasts.
"""
_HAND_SIZES: Final = 128
"""More than any hand size (the deck has 81 cards): the factor of a key's ``id`` part."""
_ONE: Final = struct.Struct("f")
_ABSENT_SEATS: Final = {
    count: bytes(4 * _SEAT_WIDTH * (SEATS - count)) for count in range(2, SEATS + 1)
}

_SEAT_BASES: Final = {
    count: tuple(
        tuple(4 * (_AT["seats"] + _SEAT_WIDTH * ((seat - me) % count)) for seat in range(count))
        for me in range(count)
    )
    for count in range(2, SEATS + 1)
}
"""For each table size and viewer, the byte of the tensor where each seat's numbers start."""


def _turn_bytes(seen: PlayerView) -> tuple[bytes, bytes]:
    """The bytes of the fields ``turn`` and ``piles``: the turn's part kept by its fields.

    The key is every field of the turn but its number, which is packed apart: the phase,
    the actions and the shootouts repeat from turn to turn. The phase is read by its
    ``_value_``, which Python 3.11 reads faster than an enum's ``value``.
    """
    turn = seen.turn
    key = (
        turn.player,
        turn.phase._value_,
        turn.base_actions,
        turn.bonus_actions,
        turn.actions_taken,
        turn.shootouts,
    )
    kept = _TURNS.get(key)
    if kept is None:
        if len(_TURNS) >= _MAX_BLOCKS:
            _TURNS.clear()
        kept = _TURNS[key] = _TURN.pack(
            *_PHASE_CELLS[turn.phase.value],
            turn.base_actions,
            turn.bonus_actions,
            turn.actions_taken,
            turn.actions_left,
            turn.shootouts,
            turn.revolver_actions,
        )
    piles = _PILES.pack(
        turn.number,
        seen.draw_pile_size,
        seen.tile_pile_size,
        seen.vacancies,
        seen.markers_placed,
        seen.stalled_turns,
    )
    return kept, piles


_TURN: Final = struct.Struct("9f")
"""The field ``turn`` but its last number: 9 C floats, as ``array``'s."""
_PILES: Final = struct.Struct("6f")
"""The turn's number, then the field ``piles``, which follows: 6 C floats."""
_PHASE_CELLS: Final = {phase: tuple(float(phase == each) for each in _PHASES) for phase in _PHASES}
"""Each turn phase, by its value, one-hot."""
_TURNS: Final[dict[tuple[int, str, int, int, int, int], bytes]] = {}
"""The turn's part of the field ``turn``, by the turn's fields but its number: at most 6
players x 3 phases x the few counts of actions and shootouts a turn has."""


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

_BLOCKS: Final[dict[int, tuple[BusinessView, bytes]]] = {}
"""The blocks of business views already encoded, by the view's ``id``, viewer and table size.

The library makes one view of a business for each viewer and what they know there, and
states share the businesses a command left alone: an agent that observes state after state
sees the same few views again and again. Each is kept with its block, so that no other object
can take its ``id`` while the key is held; the whole store is dropped when it grows large.
The key is ``id(view) * _VIEWERS`` plus the number of the viewer at its table size.
"""
_MAX_BLOCKS: Final = 4096
_VIEWER_KEYS: Final = {
    count: tuple(sum(range(2, count)) + me for me in range(count)) for count in range(2, SEATS + 1)
}
"""For each table size and viewer, a number of its own: 0 to 1 at 2 players, 2 to 4 at 3..."""
_VIEWERS: Final = sum(range(2, SEATS + 1))
"""How many numbers :data:`_VIEWER_KEYS` gives: 20."""


def _business_block(business: BusinessView, me: int, count: int) -> bytes:
    """The block of ``business`` seen by ``me`` at a table of ``count``, made and kept."""
    block = _new_block(business, me, count)
    if len(_BLOCKS) >= _MAX_BLOCKS:
        _BLOCKS.clear()
    _BLOCKS[id(business) * _VIEWERS + _VIEWER_KEYS[count][me]] = (business, block)
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
    marker = column.marker
    places = column.slots
    parts = [_NO_MARKER if marker is None else _MARKER.pack(1, marker)]
    for place in places:
        parts.append((_FACE_DOWN if place.face is _DOWN else _FACE_UP)[place.card])
    parts.append(_NO_PLACES[len(places)])
    return b"".join(parts)


def _place_bytes(down: bool, known: GangsterCard | None) -> bytes:
    """The bytes of a position of a column: a card there, face down, known, value, colour."""
    x = array.array("f", bytes(4 * _POSITION_WIDTH))
    x[0] = 1
    x[1] = down
    if known is not None:
        value, color = _CARD_CELLS[known]
        x[2] = 1
        x[3] = value
        x[4 + color] = 1
    return x.tobytes()


_FACE_UP: Final[dict[GangsterCard | None, bytes]] = {
    card: _place_bytes(False, card) for card in (None, *GANGSTER_CARDS)
}
"""The bytes of a face-up position, by the card the viewer knows there (None: unknown)."""
_FACE_DOWN: Final[dict[GangsterCard | None, bytes]] = {
    card: _place_bytes(True, card) for card in (None, *GANGSTER_CARDS)
}
"""The bytes of a face-down position, by the card the viewer knows there (None: unknown)."""
_MARKER: Final = struct.Struct("2f")
_NO_MARKER: Final = bytes(4 * 2)
_NO_PLACES: Final = tuple(
    bytes(4 * _POSITION_WIDTH * (_POSITIONS - filled)) for filled in range(_POSITIONS + 1)
)
"""The zeros of a column's empty positions, by the number of positions filled."""


def observation_text(seen: PlayerView) -> str:
    """The library's table of ``seen`` (``str(view)``), for people and language models."""
    return str(seen)


def observation_json(seen: PlayerView) -> dict[str, object]:
    """The JSON-ready view, as the library's JSON format writes it (see the JSON page)."""
    return to_json(seen)
