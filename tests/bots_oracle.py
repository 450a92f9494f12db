"""The heuristic bot's scoring as it was before it was made fast: the oracle of its tests.

This is the scoring of ``chicago_poker.players.bots`` before hands were ranked by their
cards' codes and plans were searched among the fullest hands only: every combination of
every size is ranked with the public :func:`~chicago_poker.players.bots.power`. The tests
check that the bot scores every command exactly (to the last bit) as this does.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Final

from chicago_poker.core.cards import BusinessTile, Card, GangsterCard
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
from chicago_poker.core.rules import HAND_LIMIT, MAX_COLUMN
from chicago_poker.core.views import BusinessView, PlayerView
from chicago_poker.players.bots import power

_UNKNOWN_CARD: Final = 0.35
_LIKELY_BEST: Final = 0.3


class OldTurn:
    """The old scoring of one decision: :meth:`score` and :meth:`plan`."""

    def __init__(self, view: PlayerView) -> None:
        if view.seat is None or view.hand is None:
            raise ValueError("a bot needs a seat")
        self.view = view
        self.seat = view.seat
        self.hand = view.hand
        self.gangsters = sorted(
            (card for card in self.hand if isinstance(card, GangsterCard)),
            key=lambda card: card.order,
        )
        self.businesses = {business.tile: business for business in view.businesses}
        # Worked out once per business, not once per command scored.
        self.mine = {tile: self.own(b) for tile, b in self.businesses.items()}
        self.weights = {tile: self.weight(tile) for tile in self.businesses}
        self.threat = {tile: self._threat(b) for tile, b in self.businesses.items()}
        self.plans = {tile: self._plan(b, self.gangsters) for tile, b in self.businesses.items()}
        self.best_plan = max((plan[0] for plan in self.plans.values()), default=0.0)

    def scores(self, legal: Sequence[Command]) -> list[float]:
        """The score of each command, as the old bot scored them: one by one."""
        return [self.score(command) for command in legal]

    def score(self, command: Command) -> float:
        scorer = _SCORERS.get(type(command))
        return -10.0 if scorer is None else scorer(self, command)

    # -- estimates -------------------------------------------------------------------------

    def own(self, business: BusinessView) -> tuple[GangsterCard, ...]:
        return tuple(
            slot.card for slot in business.columns[self.seat].slots if slot.card is not None
        )

    def estimate(self, business: BusinessView, owner: int) -> float:
        """A rival column's likely strength from its known cards and how many are unseen."""
        slots = business.columns[owner].slots
        if not slots:
            return 0.0
        known = [slot.card for slot in slots if slot.card is not None]
        unknown = len(slots) - len(known)
        return (power(known) if known else 1.0) + _UNKNOWN_CARD * unknown

    def _threat(self, business: BusinessView) -> float:
        return max(
            (
                self.estimate(business, owner)
                for owner in range(len(business.columns))
                if owner != self.seat
            ),
            default=0.0,
        )

    def _plan(
        self, business: BusinessView, cards: Sequence[GangsterCard]
    ) -> tuple[float, frozenset[GangsterCard]]:
        """The best hand the bot can build here from its column and ``cards``."""
        column = self.own(business)
        if business.columns[self.seat].marker is not None:
            return (0.0, frozenset())
        room = MAX_COLUMN - len(column)
        best = (power(column) if column else 0.0, frozenset[GangsterCard]())
        for size in range(1, min(room, len(cards)) + 1):
            for chosen in itertools.combinations(cards, size):
                value = power(column + chosen)
                if value > best[0]:
                    best = (value, frozenset(chosen))
        return best

    def weight(self, tile: BusinessTile) -> float:
        """How much the bot wants this business: more if it adds to a kind it holds."""
        controlled = self.view.players[self.seat].controlled
        return 1.0 + 0.3 * sum(owned.kind is tile.kind for owned in controlled)

    # -- scorers ---------------------------------------------------------------------------

    def _draw(self, command: Command) -> float:
        size = len(self.hand)
        if size <= 3:
            return 4.0
        if size >= HAND_LIMIT - 1:
            return 0.5
        # A weak hand wants more cards; a strong one wants to be played.
        return 3.5 if self.best_plan < 3.0 else 2.0

    def _gangster(self, command: Command) -> float:
        assert isinstance(command, PlayGangster)
        business = self.businesses[command.business]
        column = self.mine[command.business]
        plan_value, plan = self.plans[command.business]
        threat = self.threat[command.business]
        after = power((*column, command.card))
        weight = self.weights[command.business]
        if len(column) + 1 == MAX_COLUMN:
            # The fifth card calls a shootout: only when the hand is likely best.
            if after > threat + _LIKELY_BEST:
                return 6.0 + weight * (after - threat)
            return -3.0 + after - threat
        if self.rival_marker(business):
            # A rival's shootout is due: only the cards already there will count.
            if after > threat:
                return 5.0 + weight * (after - threat)
            return -1.0
        if command.card in plan:
            margin = plan_value - threat
            bonus = 0.3 * (after - (power(column) if column else 0.0))
            return 2.5 + weight * min(margin, 4.0) * 0.5 + bonus + (plan_value - 3.0) * 0.3
        # A card that fits no plan: dump it where it does least harm, lowest cards first.
        return -1.5 - command.card.value / 16.0 - len(column) * 0.2

    def rival_marker(self, business: BusinessView) -> bool:
        """Whether another seat has a shootout marker at ``business``: its shootout is due."""
        return any(
            column.marker is not None
            for owner, column in enumerate(business.columns)
            if owner != self.seat
        )

    def _liquidation(self, command: Command) -> float:
        assert isinstance(command, PlayLiquidation)
        business = self.businesses[command.business]
        rival = self.estimate(business, command.victim)
        if rival < self.threat[command.business] - 1e-9:
            return -2.0  # strike the strongest rival column only
        mine = self.own(business)
        stake = 1.0 if mine and rival >= power(mine) - 0.5 else 0.0
        nearly = 1.0 if len(business.columns[command.victim]) >= MAX_COLUMN - 1 else 0.0
        return rival - 1.5 + stake + nearly

    def _raid(self, command: Command) -> float:
        assert isinstance(command, PlayPoliceRaid)
        business = self.businesses[command.business]
        unseen = sum(slot.card is None for slot in business.columns[command.target].slots)
        committing = len(self.own(business)) >= 3
        if not unseen or not committing:
            return -2.0
        return 2.6 + 0.1 * unseen

    def _revolver(self, command: Command) -> float:
        return 5.0 if self.view.turn.actions_taken == 0 else 3.0

    def _limousine(self, command: Command) -> float:
        assert isinstance(command, PlayLimousine)
        source = self.own(self.businesses[command.source])
        destination = self.own(self.businesses[command.destination])
        left = tuple(card for card in source if card not in command.cards)
        arrived = destination + command.cards
        gain = power(arrived) - (power(destination) if destination else 0.0)
        loss = (power(source) if source else 0.0) - (power(left) if left else 0.0)
        if len(arrived) == MAX_COLUMN:
            if power(arrived) > self.threat[command.destination] + _LIKELY_BEST:
                return 6.5 + power(arrived) - self.threat[command.destination] - loss * 0.2
            return -3.0
        return -3.0 + gain - loss

    def _bribery(self, command: Command) -> float:
        assert isinstance(command, PlayBribery)
        card: Card = command.card
        if not isinstance(card, GangsterCard):
            return -2.0
        cards = sorted([*self.gangsters, card], key=lambda each: each.order)
        gain = (
            max(
                (self._plan(business, cards)[0] for business in self.businesses.values()),
                default=0.0,
            )
            - self.best_plan
        )
        return 2.0 + 2.0 * gain if gain > 0.5 else -2.0


def _end_turn(turn: OldTurn, command: Command) -> float:
    return 0.0


_SCORERS: Final[dict[type, Callable[[OldTurn, Command], float]]] = {
    DrawCard: OldTurn._draw,
    PlayGangster: OldTurn._gangster,
    PlayLiquidation: OldTurn._liquidation,
    PlayPoliceRaid: OldTurn._raid,
    PlayLimousine: OldTurn._limousine,
    PlayRevolver: OldTurn._revolver,
    PlayBribery: OldTurn._bribery,
    EndTurn: _end_turn,
}
