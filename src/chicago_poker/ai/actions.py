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

import bisect
import itertools
import operator
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, NamedTuple, TypeAlias

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
    "commands_by_id",
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

_FIXED: Final = (DrawCard, EndTurn, PlayRevolver, DeclineReinforcement)
"""The commands that name nothing but their player, in the order of their ids (0 to 3)."""

ACTION_COUNT: Final = LIMOUSINE + MAX_SLOTS * (MAX_SLOTS - 1) * len(MOVES)
"""How many ids the table has: 2,960."""


def _players(table: Table) -> int:
    return len(table.players)


def _tiles(table: Table) -> list[BusinessTile]:
    if isinstance(table, PlayerView):
        return [business.tile for business in table.businesses]
    return [business.tile for business in table.businesses]


def _slots(table: Table) -> dict[BusinessTile, int]:
    """The slot of each face-up business, by its tile (built in C: no comprehension)."""
    return dict(zip(map(_TILE_OF, table.businesses), _SLOT_NUMBERS, strict=False))


_TILE_OF: Final = operator.attrgetter("tile")
_SLOT_NUMBERS: Final = range(MAX_SLOTS)


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
    kind = type(command)
    fixed = _FIXED_IDS.get(kind)
    if fixed is not None:
        return fixed
    id_of = _IDS_OF.get(kind)
    if id_of is None:
        raise ValueError(f"{command!r} is chance's command, not a player's")
    return id_of(table, command)


def _gangster_id(table: Table, command: PlayGangster) -> int:
    return GANGSTER + MAX_SLOTS * _GANGSTER_ID[command.card] + _slot(table, command.business)


def _liquidation_id(table: Table, command: PlayLiquidation) -> int:
    offset = _offset(command.player, command.victim, _players(table))
    return LIQUIDATION + _MAX_OFFSET * _slot(table, command.business) + offset - 1


def _raid_id(table: Table, command: PlayPoliceRaid) -> int:
    offset = _offset(command.player, command.target, _players(table))
    return RAID + _MAX_OFFSET * _slot(table, command.business) + offset - 1


def _bribery_id(table: Table, command: PlayBribery) -> int:
    return BRIBERY + _CARD_ID[command.card]


def _reinforcement_id(table: Table, command: SendReinforcement) -> int:
    return REINFORCEMENT + _GANGSTER_ID[command.card]


def _limousine_id(table: Table, command: PlayLimousine) -> int:
    return _limousine_at(table, command, _slots(table))


def _limousine_at(table: Table, command: PlayLimousine, slots: dict[BusinessTile, int]) -> int:
    """The id of a Limousine, given the slots of ``table``.

    :func:`commands_by_id` makes the slots once for all the commands of a listing, which may
    hold hundreds of Limousines.
    """
    start, end = slots.get(command.source), slots.get(command.destination)
    if start is None or end is None:
        tile = command.source if start is None else command.destination
        raise ValueError(f"{tile} is not a face-up business")
    column = _column(table, start, command.player)
    try:
        positions = tuple(column.index(card) for card in command.cards)
    except ValueError:
        raise ValueError(f"{command} moves a card that is not in the column") from None
    pair = (MAX_SLOTS - 1) * start + (end if end < start else end - 1)
    return LIMOUSINE + len(MOVES) * pair + _MOVE_ID[positions]


_FIXED_IDS: Final[dict[type, int]] = {kind: index for index, kind in enumerate(_FIXED)}
"""The ids of the commands that name nothing but their player, by class."""

_IDS_OF: Final[dict[type, Callable[[Table, Any], int]]] = {
    PlayGangster: _gangster_id,
    PlayLiquidation: _liquidation_id,
    PlayPoliceRaid: _raid_id,
    PlayBribery: _bribery_id,
    SendReinforcement: _reinforcement_id,
    PlayLimousine: _limousine_id,
}
"""How the id of each other player's command is made, by class (each takes its own)."""


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
    kind, index = _kind(action)
    return kind.command(_Reading(table, seat, action), index)


class _Reading:
    """An id being read for ``seat`` in ``table``: what it names there, or why it cannot."""

    def __init__(self, table: Table, seat: int, action: int) -> None:
        self.table = table
        self.seat = seat
        self.action = action
        self.tiles = _tiles(table)

    def tile(self, slot: int) -> BusinessTile:
        """The business in ``slot``."""
        if slot >= len(self.tiles):
            raise ValueError(f"action {self.action}: there is no business in slot {slot}")
        return self.tiles[slot]

    def other(self, offset: int) -> int:
        """The seat ``offset`` seats after the actor."""
        players = _players(self.table)
        if offset >= players:
            raise ValueError(f"action {self.action}: there is no seat {offset} after the actor")
        return (self.seat + offset) % players

    def cards(self, slot: int, positions: tuple[int, ...]) -> tuple[GangsterCard, ...]:
        """The cards at ``positions`` of the actor's column in ``slot``."""
        column = _column(self.table, slot, self.seat)
        if max(positions) >= len(column):
            raise ValueError(f"action {self.action}: the column in slot {slot} is shorter")
        moved: list[GangsterCard] = []
        for position in positions:
            known = column[position]
            if known is None:
                raise ValueError(
                    f"action {self.action}: seat {self.seat} does not know a card it moves"
                )
            moved.append(known)
        return tuple(moved)


def _fixed_command(reading: _Reading, index: int) -> PlayerCommand:
    return _FIXED[index](reading.seat)


def _gangster_command(reading: _Reading, index: int) -> PlayerCommand:
    card, slot = divmod(index, MAX_SLOTS)
    return PlayGangster(reading.seat, GANGSTER_CARDS[card], reading.tile(slot))


def _liquidation_command(reading: _Reading, index: int) -> PlayerCommand:
    slot, offset = divmod(index, _MAX_OFFSET)
    return PlayLiquidation(reading.seat, reading.tile(slot), reading.other(offset + 1))


def _raid_command(reading: _Reading, index: int) -> PlayerCommand:
    slot, offset = divmod(index, _MAX_OFFSET)
    return PlayPoliceRaid(reading.seat, reading.tile(slot), reading.other(offset + 1))


def _bribery_command(reading: _Reading, index: int) -> PlayerCommand:
    return PlayBribery(reading.seat, CARDS[index])


def _reinforcement_command(reading: _Reading, index: int) -> PlayerCommand:
    return SendReinforcement(reading.seat, GANGSTER_CARDS[index])


def _limousine_command(reading: _Reading, index: int) -> PlayerCommand:
    start, end, positions = _limousine(index)
    source, destination = reading.tile(start), reading.tile(end)
    return PlayLimousine(reading.seat, source, destination, reading.cards(start, positions))


def _limousine(index: int) -> tuple[int, int, tuple[int, ...]]:
    """The Limousine of ``index`` (its id less ``LIMOUSINE``): its two slots, its positions."""
    pair, move = divmod(index, len(MOVES))
    start, end = divmod(pair, MAX_SLOTS - 1)
    return start, end if end < start else end + 1, MOVES[move]


def _describe_fixed(index: int) -> str:
    return _FIXED[index].__name__


def _describe_gangster(index: int) -> str:
    card, slot = divmod(index, MAX_SLOTS)
    return f"PlayGangster {GANGSTER_CARDS[card]} at slot {slot}"


def _describe_liquidation(index: int) -> str:
    slot, offset = divmod(index, _MAX_OFFSET)
    return f"PlayLiquidation at slot {slot}, seat +{offset + 1}"


def _describe_raid(index: int) -> str:
    slot, offset = divmod(index, _MAX_OFFSET)
    return f"PlayPoliceRaid at slot {slot}, seat +{offset + 1}"


def _describe_bribery(index: int) -> str:
    return f"PlayBribery {CARDS[index]}"


def _describe_reinforcement(index: int) -> str:
    return f"SendReinforcement {GANGSTER_CARDS[index]}"


def _describe_limousine(index: int) -> str:
    start, end, positions = _limousine(index)
    return f"PlayLimousine slot {start} -> slot {end} moving {list(positions)}"


class _Kind(NamedTuple):
    """A kind of id: its first id, how its command is made, how it is said in words.

    Both functions take the id's place among the ids of its kind.
    """

    first: int
    command: Callable[[_Reading, int], PlayerCommand]
    describe: Callable[[int], str]


_KINDS: Final = (
    _Kind(DRAW, _fixed_command, _describe_fixed),
    _Kind(GANGSTER, _gangster_command, _describe_gangster),
    _Kind(LIQUIDATION, _liquidation_command, _describe_liquidation),
    _Kind(RAID, _raid_command, _describe_raid),
    _Kind(BRIBERY, _bribery_command, _describe_bribery),
    _Kind(REINFORCEMENT, _reinforcement_command, _describe_reinforcement),
    _Kind(LIMOUSINE, _limousine_command, _describe_limousine),
)
"""Each kind of id, in the order of the table."""

_FIRST_IDS: Final = tuple(kind.first for kind in _KINDS)


def _kind(action: int) -> tuple[_Kind, int]:
    """The kind of ``action``, and the place of ``action`` among the ids of that kind."""
    kind = _KINDS[bisect.bisect_right(_FIRST_IDS, action) - 1]
    return kind, action - kind.first


def describe_action(action: int) -> str:
    """What ``action`` means in every state, in words.

    >>> describe_action(0), describe_action(4), describe_action(500)
    ('DrawCard', 'PlayGangster 1R at slot 0', 'PlayLimousine slot 0 -> slot 1 moving [0]')
    """
    if not 0 <= action < ACTION_COUNT:
        raise ValueError(f"{action!r} is not an action id (0 to {ACTION_COUNT - 1})")
    kind, index = _kind(action)
    return kind.describe(index)


def legal_ids(state: GameState, seat: int) -> list[int]:
    """The ids of every command ``seat`` may give in ``state``, in increasing order.

    >>> from chicago_poker import Game
    >>> legal_ids(Game.new(["Al", "Bugs"], seed=1).state, 0)[:2]
    [0, 12]
    """
    return sorted(_ids(state, legal_commands(state, seat)))


def _ids(table: Table, commands: Iterable[Command], *, unique: bool = True) -> Iterable[int]:
    """The id of each of ``commands``; with ``unique``, each id once, where first met."""
    seen: set[int] = set()
    slots = _slots(table)
    for command in commands:
        if isinstance(command, DrawCard):  # the commonest two, without action_id's matching
            action = DRAW
        elif isinstance(command, PlayGangster):
            action = GANGSTER + MAX_SLOTS * _GANGSTER_ID[command.card] + slots[command.business]
        else:
            action = action_id(table, command)
        if not unique:
            yield action
        elif action not in seen:
            seen.add(action)
            yield action


def ids_of(table: Table, commands: Sequence[Command]) -> list[int]:
    """The ids of ``commands``, in their order (a Police Raid listed twice gives one id)."""
    return list(_ids(table, commands))


def commands_by_id(table: Table, commands: Sequence[Command]) -> dict[int, Command]:
    """The first of ``commands`` with each id, by id, in the order of ``commands``.

    For legal commands, each is the command :func:`command_of` reads its id as: an
    environment can give it back without reading the id again.

    >>> from chicago_poker import Game, legal_commands
    >>> state = Game.new(["Al", "Bugs"], seed=1).state
    >>> by_id = commands_by_id(state, legal_commands(state, 0))
    >>> by_id[0], by_id[12] == command_of(state, 0, 12)
    (DrawCard(player=0), True)
    """
    by_id: dict[int, Command] = {}
    slots = None
    for command in commands:
        if isinstance(command, PlayGangster):  # the commonest, without action_id's look-ups
            if slots is None:
                slots = _slots(table)
            action = _GANGSTER_BASE[command.card] + slots[command.business]
        elif isinstance(command, PlayLimousine):  # often hundreds: the slots made once
            if slots is None:
                slots = _slots(table)
            action = _limousine_at(table, command, slots)
        else:  # DrawCard and EndTurn, most often: an id by their class alone
            fixed = _FIXED_IDS.get(type(command))
            action = action_id(table, command) if fixed is None else fixed
        by_id.setdefault(action, command)
    return by_id


_GANGSTER_BASE: Final[dict[GangsterCard, int]] = {
    card: GANGSTER + MAX_SLOTS * index for index, card in enumerate(GANGSTER_CARDS)
}
"""The id of playing each gangster card at the business in slot 0."""
