"""The legal actions listed plainly: the reference of ``legal_commands``'s fast path.

This is how ``core.legal`` listed a player's actions before its fast path: every command made
anew, every business looked up by its tile, every check asked through its public, tile-based
form (``can_raid``, ``can_liquidate``, ``can_drive_limousine``, ``limit_after``), the hand
walked once for its gangster cards and once for its special cards. The rules are the
library's own (``core.checks`` and ``core.legal``); only the walk is written here.
``tests/test_legal_commands.py`` checks that the library lists the same commands, in the
same order, on every state of random games.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from chicago_poker.core.cards import GangsterCard, SpecialCard, SpecialKind, card_order, gangsters
from chicago_poker.core.checks import can_drive_limousine, can_liquidate, can_raid
from chicago_poker.core.commands import (
    Command,
    DrawCard,
    EndTurn,
    PlayBribery,
    PlayGangster,
    PlayLimousine,
    PlayLiquidation,
    PlayPoliceRaid,
    PlayRevolver,
)
from chicago_poker.core.legal import (
    can_draw,
    limit_after,
    may_end_turn,
    movable_groups,
    open_businesses,
    special_within_limit,
)
from chicago_poker.core.state import GameState


def actions(state: GameState) -> tuple[Command, ...]:
    """The actions of the player whose turn it is, and ending the turn where allowed."""
    seat = state.turn.player
    moves: list[Command] = [DrawCard(seat)] if can_draw(state, seat) else []
    cards = gangsters(state.players[seat].hand)
    if cards and limit_after(state, seat, hand=-1, actions=-1, gangster_cards=-1, places=-1):
        for business in open_businesses(state, seat):
            moves += [PlayGangster(seat, card, business.tile) for card in cards]
    specials = sorted(
        (card for card in state.players[seat].hand if isinstance(card, SpecialCard)),
        key=card_order,
    )
    for card in specials:
        moves += special_plays(state, seat, card)
    if moves and may_end_turn(state):
        moves.append(EndTurn(seat))
    return tuple(moves)


def special_plays(state: GameState, seat: int, card: SpecialCard) -> Iterator[Command]:
    """Every play of ``card`` by ``seat``, each target in turn."""
    if not special_within_limit(state, seat, card.kind):
        return
    hand = state.players[seat].hand
    first_raid = SpecialCard(SpecialKind.POLICE_RAID, 1)
    if card.kind is SpecialKind.POLICE_RAID and card.copy > 1 and first_raid in hand:
        return  # both copies do the same; listed once
    for business in state.businesses:
        tile = business.tile
        for other in range(len(state.players)):
            if card.kind is SpecialKind.LIQUIDATION and can_liquidate(state, seat, tile, other):
                yield PlayLiquidation(seat, tile, other)
            if card.kind is SpecialKind.POLICE_RAID and can_raid(state, seat, tile, other):
                yield PlayPoliceRaid(seat, tile, other)
    if card.kind is SpecialKind.LIMOUSINE:
        yield from limousines(state, seat)
    if card.kind is SpecialKind.REVOLVER:
        yield PlayRevolver(seat)
    if card.kind is SpecialKind.BRIBERY:
        for taken in sorted(state.discard_pile, key=card_order):
            gained = 1 if isinstance(taken, GangsterCard) else 0
            if limit_after(state, seat, hand=0, actions=-1, gangster_cards=gained):
                yield PlayBribery(seat, taken)


def limousines(state: GameState, seat: int) -> Iterator[Command]:
    """Every Limousine ``seat`` may drive: source, cards, destination, order of the cards."""
    for source in state.businesses:
        for group in movable_groups(state, seat, source):
            for destination in state.businesses:
                if can_drive_limousine(state, seat, source.tile, destination.tile, group):
                    for order in itertools.permutations(group):
                        yield PlayLimousine(seat, source.tile, destination.tile, order)
