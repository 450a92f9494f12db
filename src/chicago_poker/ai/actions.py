"""The fixed action table: one integer for every command a player may give.

Learning frameworks ask for a fixed set of actions, numbered from 0, and a mask of those
allowed now. Every :data:`~chicago_poker.PlayerCommand` of every state, at 2 to 6 players and
under every rule option, has exactly one id here, and an id means the same thing in every
state:

- the acting seat is never in the id: AEC environments and OpenSpiel say who acts, so an id
  is read for the seat that gives it. Another seat (a Liquidation's victim, a raid's target)
  is named by how many seats after the actor it sits, clockwise: 1 to 5;
- a business is named by its *slot*: its place, from 0, among the face-up businesses as the
  state and every view list them (in the order they were revealed). There are at most four;
- a card in the actor's column is named by its position there, from 0 (first placed);
- a card of the deck is named by its place in the order of :func:`~chicago_poker.full_deck`
  (the 75 gangster cards by value then colour, then the six special cards).

The table, in order (:data:`ACTION_COUNT` = 2,960 ids):

=============  =====  ==================================================================
first id       ids    command
=============  =====  ==================================================================
0              1      ``DrawCard``
1              1      ``EndTurn``
2              1      ``PlayRevolver``
3              1      ``DeclineReinforcement``
4              300    ``PlayGangster``: 4 + 4 x card (0-74) + slot (0-3)
304            20     ``PlayLiquidation``: 304 + 5 x slot + (victim offset - 1)
324            20     ``PlayPoliceRaid``: 324 + 5 x slot + (target offset - 1)
344            81     ``PlayBribery``: 344 + card (0-80)
425            75     ``SendReinforcement``: 425 + card (0-74)
500            2,460  ``PlayLimousine``: 500 + 205 x (3 x source slot + destination) + moves
=============  =====  ==================================================================

A Limousine's destination is counted among the three slots other than its source (0 to 2,
skipping the source), and ``moves`` numbers the ordered selections of one to four distinct
positions of the source column (at most five cards, R-4.5): the 5 single positions first,
then the 20 ordered pairs, the 60 triples and the 120 quadruples, each group in
lexicographic order. The cards land at the destination in the order of the positions given.

The table is flat rather than a chain of sub-decisions (source, destination, then card by
card, as factored designs do): 2,960 ids is a small output layer, every id is one complete
command that the engine checks at once, and the mask is exactly the set of legal commands,
with no intermediate states that are not states of the game.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Final, TypeAlias

from chicago_poker import (
    GANGSTER_CARDS,
    BusinessTile,
    Card,
    Command,
    DeclineReinforcement,
    DrawCard,
    EndTurn,
    GameState,
    GangsterCard,
    PlayBribery,
    PlayerCommand,
    PlayerView,
    PlayGangster,
    PlayLimousine,
    PlayLiquidation,
    PlayPoliceRaid,
    PlayRevolver,
    SendReinforcement,
    full_deck,
    legal_commands,
)

__all__ = [
    "ACTION_COUNT",
    "CARDS",
    "MAX_SLOTS",
    "Table",
    "action_id",
    "command_of",
    "describe_action",
    "ids_of",
    "legal_ids",
]

Table: TypeAlias = GameState | PlayerView
"""What an id is read against: a whole state, or the acting seat's view of it."""

MAX_SLOTS: Final = 4
"""The most face-up businesses at once (R-2.5: four at five or six players)."""

_MAX_OFFSET: Final = 5
_COLUMN: Final = 5

CARDS: Final[tuple[Card, ...]] = tuple(sorted(full_deck()))
"""The 81 cards in the order of their ids: the gangster cards by value then colour, then the
special cards."""

_CARD_ID: Final[dict[Card, int]] = {card: index for index, card in enumerate(CARDS)}
_GANGSTER_ID: Final[dict[GangsterCard, int]] = {
    card: index for index, card in enumerate(GANGSTER_CARDS)
}

DRAW: Final = 0
END_TURN: Final = 1
REVOLVER: Final = 2
DECLINE: Final = 3
GANGSTER: Final = 4
LIQUIDATION: Final = GANGSTER + len(GANGSTER_CARDS) * MAX_SLOTS
RAID: Final = LIQUIDATION + MAX_SLOTS * _MAX_OFFSET
BRIBERY: Final = RAID + MAX_SLOTS * _MAX_OFFSET
REINFORCEMENT: Final = BRIBERY + len(CARDS)
LIMOUSINE: Final = REINFORCEMENT + len(GANGSTER_CARDS)

MOVES: Final[tuple[tuple[int, ...], ...]] = tuple(
    order for count in range(1, 5) for order in itertools.permutations(range(_COLUMN), count)
)
"""The ordered selections of positions a Limousine may move, in the order of their ids."""

_MOVE_ID: Final = {order: index for index, order in enumerate(MOVES)}

ACTION_COUNT: Final = LIMOUSINE + MAX_SLOTS * (MAX_SLOTS - 1) * len(MOVES)
"""How many ids the table has: 2,960."""


def _players(table: Table) -> int:
    return len(table.players)


def _tiles(table: Table) -> list[BusinessTile]:
    if isinstance(table, PlayerView):
        return [business.tile for business in table.businesses]
    return [business.tile for business in table.businesses]


def _slot(table: Table, tile: BusinessTile) -> int:
    for slot, face_up in enumerate(_tiles(table)):
        if face_up is tile:
            return slot
    raise ValueError(f"{tile} is not a face-up business")


def _column(table: Table, slot: int, seat: int) -> tuple[GangsterCard | None, ...]:
    if isinstance(table, PlayerView):
        return tuple(position.card for position in table.businesses[slot].columns[seat].slots)
    return table.businesses[slot].columns[seat].cards


def _offset(seat: int, other: int, players: int) -> int:
    offset = (other - seat) % players
    if not 1 <= offset <= _MAX_OFFSET:
        raise ValueError(f"seat {other} is not another seat than {seat}")
    return offset


def action_id(table: Table, command: Command) -> int:
    """The id of ``command`` (given in ``table``, a state or the actor's view).

    Raises:
        ValueError: ``command`` is chance's, or names a business that is not face up, or cards
            that are not in the actor's column there.

    >>> from chicago_poker import Game, legal_commands
    >>> game = Game.new(["Al", "Bugs"], seed=1)
    >>> action_id(game.state, legal_commands(game.state)[0])
    0
    """
    match command:
        case DrawCard():
            return DRAW
        case EndTurn():
            return END_TURN
        case PlayRevolver():
            return REVOLVER
        case DeclineReinforcement():
            return DECLINE
        case PlayGangster(card=card, business=tile):
            return GANGSTER + MAX_SLOTS * _GANGSTER_ID[card] + _slot(table, tile)
        case PlayLiquidation(player=seat, business=tile, victim=other):
            offset = _offset(seat, other, _players(table))
            return LIQUIDATION + _MAX_OFFSET * _slot(table, tile) + offset - 1
        case PlayPoliceRaid(player=seat, business=tile, target=other):
            offset = _offset(seat, other, _players(table))
            return RAID + _MAX_OFFSET * _slot(table, tile) + offset - 1
        case PlayBribery(card=card):
            return BRIBERY + _CARD_ID[card]
        case SendReinforcement(card=card):
            return REINFORCEMENT + _GANGSTER_ID[card]
        case PlayLimousine(player=seat, source=source, destination=destination, cards=cards):
            start, end = _slot(table, source), _slot(table, destination)
            column = _column(table, start, seat)
            try:
                positions = tuple(column.index(card) for card in cards)
            except ValueError:
                raise ValueError(f"{command} moves a card that is not in the column") from None
            pair = MAX_SLOTS - 1
            return (
                LIMOUSINE
                + len(MOVES) * (pair * start + (end if end < start else end - 1))
                + _MOVE_ID[positions]
            )
    raise ValueError(f"{command!r} is chance's command, not a player's")


def command_of(table: Table, seat: int, action: int) -> PlayerCommand:
    """The command that ``action`` means for ``seat`` in ``table`` (a state or its view).

    The command is not checked against the rules: :func:`legal_ids` says which are allowed.

    Raises:
        ValueError: ``action`` is not an id of the table, or names a slot, a seat or a
            position that ``table`` does not have.

    >>> from chicago_poker import Game
    >>> command_of(Game.new(["Al", "Bugs"], seed=1).state, 0, 1)
    EndTurn(player=0)
    """
    if type(action) is not int or not 0 <= action < ACTION_COUNT:
        raise ValueError(f"{action!r} is not an action id (0 to {ACTION_COUNT - 1})")
    tiles = _tiles(table)

    def tile(slot: int) -> BusinessTile:
        if slot >= len(tiles):
            raise ValueError(f"action {action}: there is no business in slot {slot}")
        return tiles[slot]

    def other(offset: int) -> int:
        if offset >= _players(table):
            raise ValueError(f"action {action}: there is no seat {offset} after the actor")
        return (seat + offset) % _players(table)

    if action == DRAW:
        return DrawCard(seat)
    if action == END_TURN:
        return EndTurn(seat)
    if action == REVOLVER:
        return PlayRevolver(seat)
    if action == DECLINE:
        return DeclineReinforcement(seat)
    if action < LIQUIDATION:
        card, slot = divmod(action - GANGSTER, MAX_SLOTS)
        return PlayGangster(seat, GANGSTER_CARDS[card], tile(slot))
    if action < RAID:
        slot, offset = divmod(action - LIQUIDATION, _MAX_OFFSET)
        return PlayLiquidation(seat, tile(slot), other(offset + 1))
    if action < BRIBERY:
        slot, offset = divmod(action - RAID, _MAX_OFFSET)
        return PlayPoliceRaid(seat, tile(slot), other(offset + 1))
    if action < REINFORCEMENT:
        return PlayBribery(seat, CARDS[action - BRIBERY])
    if action < LIMOUSINE:
        return SendReinforcement(seat, GANGSTER_CARDS[action - REINFORCEMENT])
    pair, move = divmod(action - LIMOUSINE, len(MOVES))
    start, end = divmod(pair, MAX_SLOTS - 1)
    end = end if end < start else end + 1
    source, destination = tile(start), tile(end)
    column = _column(table, start, seat)
    positions = MOVES[move]
    if max(positions) >= len(column):
        raise ValueError(f"action {action}: the column in slot {start} is shorter")
    moved: list[GangsterCard] = []
    for position in positions:
        known = column[position]
        if known is None:
            raise ValueError(f"action {action}: seat {seat} does not know a card it moves")
        moved.append(known)
    return PlayLimousine(seat, source, destination, tuple(moved))


def legal_ids(state: GameState, seat: int) -> list[int]:
    """The ids of every command ``seat`` may give in ``state``, in increasing order.

    >>> from chicago_poker import Game
    >>> legal_ids(Game.new(["Al", "Bugs"], seed=1).state, 0)[:2]
    [0, 12]
    """
    return sorted(_ids(state, legal_commands(state, seat)))


def _ids(table: Table, commands: Iterable[Command]) -> Iterable[int]:
    seen: set[int] = set()
    slots = {tile: slot for slot, tile in enumerate(_tiles(table))}
    for command in commands:
        if isinstance(command, DrawCard):  # the commonest two, without action_id's matching
            action = DRAW
        elif isinstance(command, PlayGangster):
            action = GANGSTER + MAX_SLOTS * _GANGSTER_ID[command.card] + slots[command.business]
        else:
            action = action_id(table, command)
        if action not in seen:
            seen.add(action)
            yield action


def describe_action(action: int) -> str:
    """What ``action`` means in every state, in words.

    >>> describe_action(0), describe_action(4), describe_action(500)
    ('DrawCard', 'PlayGangster 1R at slot 0', 'PlayLimousine slot 0 -> slot 1 moving [0]')
    """
    if not 0 <= action < ACTION_COUNT:
        raise ValueError(f"{action!r} is not an action id (0 to {ACTION_COUNT - 1})")
    if action < GANGSTER:
        return ("DrawCard", "EndTurn", "PlayRevolver", "DeclineReinforcement")[action]
    if action < LIQUIDATION:
        card, slot = divmod(action - GANGSTER, MAX_SLOTS)
        return f"PlayGangster {GANGSTER_CARDS[card]} at slot {slot}"
    if action < BRIBERY:
        name, base = ("PlayLiquidation", LIQUIDATION) if action < RAID else ("PlayPoliceRaid", RAID)
        slot, offset = divmod(action - base, _MAX_OFFSET)
        return f"{name} at slot {slot}, seat +{offset + 1}"
    if action < REINFORCEMENT:
        return f"PlayBribery {CARDS[action - BRIBERY]}"
    if action < LIMOUSINE:
        return f"SendReinforcement {GANGSTER_CARDS[action - REINFORCEMENT]}"
    pair, move = divmod(action - LIMOUSINE, len(MOVES))
    start, end = divmod(pair, MAX_SLOTS - 1)
    end = end if end < start else end + 1
    return f"PlayLimousine slot {start} -> slot {end} moving {list(MOVES[move])}"


def ids_of(table: Table, commands: Sequence[Command]) -> list[int]:
    """The ids of ``commands``, in their order (a Police Raid listed twice gives one id)."""
    return list(_ids(table, commands))
