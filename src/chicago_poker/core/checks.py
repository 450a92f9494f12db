"""One function per rule check of a special card's target, used by both decide and legal.

Each check comes in three forms, after pokerkit's ``verify_x``/``can_x`` pairs:
``x_refusal`` returns the :class:`~chicago_poker.core.errors.IllegalCommand` that the command
would meet, or None; ``verify_x`` raises it; ``can_x`` says whether there is none.
:func:`~chicago_poker.core.decide.decide` raises from ``verify_x`` and
:func:`~chicago_poker.core.legal.legal_commands` lists exactly the commands ``can_x``
accepts, so the rule is written once and the two can never disagree.

Each rule is written once, in a private function that returns why it refuses as a plain
``(message, rule)`` pair, and the three public forms are made from it. The pair, not the
exception: ``legal_commands`` asks about every business and every player, and most answers
are refusals, which would each build an exception for nothing (2.2 us, against 0.2 us).

These checks concern the target of the card (the business, the other player, the cards
moved). Whose turn it is, whether the seat holds the card and the hand limit are checked
before them, by :func:`~chicago_poker.core.decide.decide`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeAlias

from chicago_poker.core.cards import BusinessTile, GangsterCard
from chicago_poker.core.errors import IllegalCommand
from chicago_poker.core.rules import MAX_COLUMN, MAX_LIMOUSINE
from chicago_poker.core.state import Business, GameState

_Why: TypeAlias = tuple[str, str]
"""Why a check refuses: the message and the ID of the rule, for an IllegalCommand."""

_REFUSED: Final[_Why] = ("", "")
"""What a check asked with ``explain`` false returns for a refusal whose words cost a format:
the ``can_x_at`` forms only ask whether there is one."""


__all__ = [
    "can_arrive",
    "can_drive_limousine",
    "can_liquidate",
    "can_liquidate_at",
    "can_move_cards",
    "can_raid",
    "can_raid_at",
    "limousine_refusal",
    "liquidation_refusal",
    "raid_refusal",
    "verify_limousine",
    "verify_liquidation",
    "verify_raid",
]


def liquidation_refusal(
    state: GameState, seat: int, tile: BusinessTile, victim: int
) -> IllegalCommand | None:
    """Why ``seat`` may not liquidate ``victim``'s last card at ``tile``, or None if it may.

    The card must be the last card of another player's column at a face-up business
    (R-5.2.1), and not under a shootout marker (R-5.2.3).

    >>> from chicago_poker.players.game import Game
    >>> state = Game.new(["Al", "Bugs"], seed=1).state
    >>> refusal = liquidation_refusal(state, 0, state.businesses[0].tile, 1)
    >>> refusal.rule, str(refusal)
    ('R-5.2.1', 'Bugs has no card at Speakeasy #2. [R-5.2.1]')
    >>> can_liquidate(state, 0, state.businesses[0].tile, 1)
    False
    """
    return _error(_liquidation(state, seat, tile, victim))


def verify_liquidation(state: GameState, seat: int, tile: BusinessTile, victim: int) -> None:
    """Raise the :func:`liquidation_refusal`, if there is one."""
    _raise(_liquidation(state, seat, tile, victim))


def can_liquidate(state: GameState, seat: int, tile: BusinessTile, victim: int) -> bool:
    """Whether ``seat`` may liquidate ``victim``'s last card at ``tile`` (R-5.2.1, R-5.2.3)."""
    return _liquidation(state, seat, tile, victim) is None


def can_liquidate_at(state: GameState, seat: int, business: Business, victim: int) -> bool:
    """:func:`can_liquidate` at a business in play, given itself rather than its tile.

    For :func:`~chicago_poker.core.legal.legal_commands`, which asks about every business and
    every player: it neither looks the business up again nor words a refusal.

    >>> from chicago_poker.players.game import Game
    >>> state = Game.new(["Al", "Bugs"], seed=1).state
    >>> can_liquidate_at(state, 0, state.businesses[0], 1)
    False
    """
    return _liquidation_at(state, seat, business, victim, False) is None


def _liquidation(state: GameState, seat: int, tile: BusinessTile, victim: int) -> _Why | None:
    business = state.business(tile)
    if business is None:
        return _not_in_play(tile, "R-5.2.1")
    return _liquidation_at(state, seat, business, victim, True)


def _liquidation_at(
    state: GameState, seat: int, business: Business, victim: int, explain: bool
) -> _Why | None:
    why = _other_player(state, seat, victim, "R-5.2.1")
    if why is not None:
        return why
    column = business.columns[victim]
    if not column.cards:
        if not explain:
            return _REFUSED
        return f"{_name(state, victim)} has no card at {business.tile.name}.", "R-5.2.1"
    if column.marker is not None:
        if not explain:
            return _REFUSED
        return (
            f"{_name(state, victim)}'s five cards at {business.tile.name} are under a shootout "
            "marker and immune to Liquidation.",
            "R-5.2.3",
        )
    return None


def raid_refusal(
    state: GameState, seat: int, tile: BusinessTile, target: int
) -> IllegalCommand | None:
    """Why ``seat`` may not raid ``target``'s cards at ``tile``, or None if it may.

    The target is another player with at least one card at a face-up business (R-5.3, D-17).
    """
    return _error(_raid(state, seat, tile, target))


def verify_raid(state: GameState, seat: int, tile: BusinessTile, target: int) -> None:
    """Raise the :func:`raid_refusal`, if there is one."""
    _raise(_raid(state, seat, tile, target))


def can_raid(state: GameState, seat: int, tile: BusinessTile, target: int) -> bool:
    """Whether ``seat`` may raid ``target``'s cards at ``tile`` (R-5.3, D-17)."""
    return _raid(state, seat, tile, target) is None


def can_raid_at(state: GameState, seat: int, business: Business, target: int) -> bool:
    """:func:`can_raid` at a business in play, given itself rather than its tile.

    For :func:`~chicago_poker.core.legal.legal_commands`, as :func:`can_liquidate_at`.

    >>> from chicago_poker.players.game import Game
    >>> state = Game.new(["Al", "Bugs"], seed=1).state
    >>> can_raid_at(state, 0, state.businesses[0], 0)
    False
    """
    return _raid_at(state, seat, business, target, False) is None


def _raid(state: GameState, seat: int, tile: BusinessTile, target: int) -> _Why | None:
    business = state.business(tile)
    if business is None:
        return _not_in_play(tile, "R-5.3")
    return _raid_at(state, seat, business, target, True)


def _raid_at(
    state: GameState, seat: int, business: Business, target: int, explain: bool
) -> _Why | None:
    why = _other_player(state, seat, target, "R-5.3")
    if why is not None:
        return why
    if not business.columns[target].cards:
        if not explain:
            return _REFUSED
        return f"{_name(state, target)} has no card at {business.tile.name}.", "R-5.3"
    return None


def limousine_refusal(
    state: GameState,
    seat: int,
    source: BusinessTile,
    destination: BusinessTile,
    cards: Sequence[GangsterCard],
) -> IllegalCommand | None:
    """Why ``seat`` may not drive ``cards`` from ``source`` to ``destination``, or None.

    Both businesses are face up and differ (R-5.4.1, R-5.4.3); the cards are one to four
    different cards of the seat's column at the source, its last ones unless the option
    ``limousine_any_cards`` is on (R-5.4.1), and not under a shootout marker (R-5.4.2); the
    destination has room for them (R-4.5).
    """
    return _error(_limousine(state, seat, source, destination, cards))


def verify_limousine(
    state: GameState,
    seat: int,
    source: BusinessTile,
    destination: BusinessTile,
    cards: Sequence[GangsterCard],
) -> None:
    """Raise the :func:`limousine_refusal`, if there is one."""
    _raise(_limousine(state, seat, source, destination, cards))


def can_drive_limousine(
    state: GameState,
    seat: int,
    source: BusinessTile,
    destination: BusinessTile,
    cards: Sequence[GangsterCard],
) -> bool:
    """Whether ``seat`` may drive ``cards`` from ``source`` to ``destination`` (R-5.4)."""
    return _limousine(state, seat, source, destination, cards) is None


def can_move_cards(
    state: GameState, seat: int, source: Business, cards: Sequence[GangsterCard]
) -> bool:
    """Whether a Limousine may take ``cards`` from ``seat``'s column at ``source``.

    The part of :func:`can_drive_limousine` that does not depend on the destination
    (R-5.4.1, R-5.4.2): :func:`~chicago_poker.core.legal.legal_commands` asks it once for
    every destination, then :func:`can_arrive` for each.

    >>> from chicago_poker.players.game import Game
    >>> state = Game.new(["Al", "Bugs"], seed=1).state
    >>> can_move_cards(state, 0, state.businesses[0], ())
    False
    """
    return _moved_cards(state, seat, source, cards, False) is None


def can_arrive(
    state: GameState,
    seat: int,
    source: Business,
    destination: Business,
    cards: Sequence[GangsterCard],
) -> bool:
    """Whether a Limousine may bring ``cards`` from ``source`` to ``destination`` (R-5.4.3, R-4.5).

    The part of :func:`can_drive_limousine` that depends on the destination: together with
    :func:`can_move_cards`, all of it.

    >>> from chicago_poker.players.game import Game
    >>> state = Game.new(["Al", "Bugs"], seed=1).state
    >>> can_arrive(state, 0, state.businesses[0], state.businesses[0], ())
    False
    """
    return _arrival(state, seat, source, destination, cards, False) is None


def _limousine(
    state: GameState,
    seat: int,
    source: BusinessTile,
    destination: BusinessTile,
    cards: Sequence[GangsterCard],
) -> _Why | None:
    start = state.business(source)
    if start is None:
        return _not_in_play(source, "R-5.4.1")
    end = state.business(destination)
    if end is None:
        return _not_in_play(destination, "R-5.4.3")
    if start is end:  # said first: the cards do not matter then
        return _arrival(state, seat, start, end, cards, True)
    return _moved_cards(state, seat, start, cards, True) or _arrival(
        state, seat, start, end, cards, True
    )


def _arrival(
    state: GameState,
    seat: int,
    start: Business,
    end: Business,
    cards: Sequence[GangsterCard],
    explain: bool,
) -> _Why | None:
    if start is end:
        return "The Limousine must go to another business.", "R-5.4.3"
    if len(end.columns[seat].cards) + len(cards) > MAX_COLUMN:
        if not explain:
            return _REFUSED
        return (
            f"{_name(state, seat)} would have more than {MAX_COLUMN} cards at {end.tile.name}.",
            "R-4.5",
        )
    return None


def _moved_cards(
    state: GameState,
    seat: int,
    source: Business,
    cards: Sequence[GangsterCard],
    explain: bool,
) -> _Why | None:
    column = source.columns[seat]
    if column.marker is not None:
        return f"Cards under a shootout marker may not move ({source.tile.name}).", "R-5.4.2"
    moved = set(cards)
    if not 1 <= len(cards) <= MAX_LIMOUSINE or len(moved) != len(cards):
        return "The Limousine moves one to four different cards.", "R-5.4.1"
    if not moved <= set(column.cards):
        if not explain:
            return _REFUSED
        return f"Those cards are not all {_name(state, seat)}'s at {source.tile.name}.", "R-5.4.1"
    if not state.options.limousine_any_cards and moved != set(column.cards[-len(cards) :]):
        if not explain:
            return _REFUSED
        return f"The Limousine takes the last {_cards(len(cards))} of the column.", "R-5.4.1"
    return None


def _other_player(state: GameState, seat: int, other: int, rule: str) -> _Why | None:
    if not 0 <= other < len(state.players):
        return f"There is no player in seat {other}.", "R-2.1"
    if other == seat:
        return "Choose another player, not yourself.", rule
    return None


def _error(why: _Why | None) -> IllegalCommand | None:
    """The exception a refusal stands for, or None."""
    return None if why is None else IllegalCommand(why[0], rule=why[1])


def _raise(why: _Why | None) -> None:
    """Raise the exception a refusal stands for, if there is a refusal."""
    if why is not None:
        raise IllegalCommand(why[0], rule=why[1])


def _not_in_play(tile: BusinessTile, rule: str) -> _Why:
    return f"{tile.name} is not a face-up business in play.", rule


def _name(state: GameState, seat: int) -> str:
    return state.players[seat].name


def _cards(number: int) -> str:
    """``card``, ``2 cards``: the last cards of a column, in words."""
    return "card" if number == 1 else f"{number} cards"
