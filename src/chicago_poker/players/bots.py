"""Bots: players that choose a command from what their seat may know.

A bot sees only a :class:`~chicago_poker.core.views.PlayerView` (never the state) and the commands
its seat may give now (:func:`chicago_poker.core.legal.legal_commands`); it returns one of them.
Bots are deterministic for a seed.

- :class:`RandomBot` picks uniformly among the legal commands.
- :class:`HeuristicBot` builds strong hands where it can win, places the fifth card of a
  column only when its hand looks best there, draws when its hand is weak and uses special
  cards when they help.

>>> from chicago_poker.players.game import Game
>>> from chicago_poker.core.views import view
>>> game = Game.new(["Al", "Bugs"], seed=3)
>>> seat = game.state.turn.player
>>> command = HeuristicBot(1).choose(view(game.state, seat), game.legal_commands(seat))
>>> command in game.legal_commands(seat)
True
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Final, Protocol, cast

from chicago_poker.core.cards import BusinessTile, Card, GangsterCard
from chicago_poker.core.commands import (
    Command,
    DeclineReinforcement,
    DrawCard,
    EndTurn,
    PlayBribery,
    PlayGangster,
    PlayLimousine,
    PlayLiquidation,
    PlayPoliceRaid,
    PlayRevolver,
    SendReinforcement,
)
from chicago_poker.core.hands import evaluate_hand
from chicago_poker.core.rules import HAND_LIMIT, MAX_COLUMN
from chicago_poker.core.state import GameState
from chicago_poker.core.views import BusinessView, PlayerView, view

__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "ViewlessBot", "ask", "power"]

_UNKNOWN_CARD: Final = 0.35
"""What an unseen card of a rival's column adds to the estimate of its strength."""
_LIKELY_BEST: Final = 0.3
"""The margin over the rivals' estimates a complete hand needs to be placed."""


class Bot(Protocol):
    """A player: chooses one of the legal commands from what its seat may know."""

    name: str
    """The bot's kind, such as ``"random"``."""

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """Choose one of ``legal`` (never empty), knowing only ``view``."""
        ...  # pragma: no cover


class ViewlessBot(Bot, Protocol):
    """A bot whose choice never depends on the view: it can choose without one.

    Building a view costs more than a random choice, so :func:`ask` (and with it
    :func:`~chicago_poker.players.simulate.play_bots`) builds none for such a bot.
    """

    def choose_without_view(self, legal: Sequence[Command]) -> Command:
        """The command :meth:`choose` would give with any view, and with the same effect."""
        ...  # pragma: no cover


def ask(bot: Bot, state: GameState, seat: int, legal: Sequence[Command]) -> Command:
    """The command ``bot`` chooses for ``seat`` from ``legal``, knowing only the seat's view.

    The view is built only for a bot that reads it: a bot with a ``choose_without_view``
    method (a :class:`ViewlessBot`) is asked through that method instead.

    >>> from chicago_poker.players.game import Game
    >>> game = Game.new(["Al", "Bugs"], seed=3)
    >>> seat = game.state.turn.player
    >>> legal = game.legal_commands(seat)
    >>> asked = ask(RandomBot(1), game.state, seat, legal)
    >>> asked == RandomBot(1).choose(view(game.state, seat), legal)
    True
    """
    without_view = getattr(bot, "choose_without_view", None)
    if without_view is not None:
        return cast(ViewlessBot, bot).choose_without_view(legal)
    return bot.choose(view(state, seat), legal)


class RandomBot:
    """Chooses uniformly among the legal commands; it needs no view (a :class:`ViewlessBot`)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        """Create the bot; the same seed gives the same choices."""
        self._random = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """Any legal command, each as likely."""
        return self.choose_without_view(legal)

    def choose_without_view(self, legal: Sequence[Command]) -> Command:
        """Any legal command, each as likely: what :meth:`choose` gives, without a view."""
        return legal[self._random.randrange(len(legal))]


def power(cards: Iterable[GangsterCard]) -> float:
    """A hand's strength as a number: its category (1 to 11) plus its tie-breakers as a fraction.

    Equal numbers for equal ranks, a greater number for a better hand (R-7.3, R-7.5).

    >>> from chicago_poker.core.cards import parse_card
    >>> power([parse_card("9R"), parse_card("9B")]) > power([parse_card("15R")])
    True
    """
    try:
        hand = cards if type(cards) is tuple else tuple(cards)
        return _power(hand)
    except TypeError:  # not a collection, or unhashable cards: let the ranking explain
        evaluate_hand(cards)
        raise


@functools.lru_cache(maxsize=1 << 16)
def _power(cards: tuple[GangsterCard, ...]) -> float:
    """:func:`power`, remembered: the heuristic bot ranks the same columns again and again."""
    rank = evaluate_hand(cards)
    value = float(rank.category.value)
    scale = 1.0
    for tie in rank.tiebreak:
        scale /= 16.0
        value += tie * scale
    return value


class HeuristicBot:
    """Plays sensibly: one-move look-ahead with hand-building heuristics.

    Every legal command gets a score from the bot's view; the best wins, ties broken by the
    seeded generator.
    """

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        """Create the bot; the same seed gives the same choices."""
        self._random = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """The command with the best score."""
        if len(legal) == 1:
            return legal[0]
        if view.shootout is not None and any(
            isinstance(command, SendReinforcement | DeclineReinforcement) for command in legal
        ):
            return self._reinforce(view, legal)
        turn = _Turn(view)
        best: list[Command] = []
        best_score = float("-inf")
        for command in legal:
            score = turn.score(command)
            if score > best_score + 1e-9:
                best, best_score = [command], score
            elif score > best_score - 1e-9:
                best.append(command)
        return best[self._random.randrange(len(best))]

    def _reinforce(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """The highest card when the shootout matters, the lowest otherwise (R-6.7.2)."""
        sends = [command for command in legal if isinstance(command, SendReinforcement)]
        if not sends:
            return legal[0]
        sends.sort(key=lambda command: (command.card.value, command.card.order))
        assert view.shootout is not None
        assert view.seat is not None
        if _shootout_matters(view, view.seat, view.shootout.business):
            return sends[-1]
        return sends[0]


def _shootout_matters(view: PlayerView, seat: int, tile: BusinessTile) -> bool:
    """Whether winning ``tile`` would bring ``seat`` to or near a victory (R-8.1, R-8.3)."""
    controlled = view.players[seat].controlled
    same_kind = sum(owned.kind is tile.kind for owned in controlled)
    kinds_needed, any_needed = (2, 3) if view.options.short_game else (3, 5)
    if same_kind + 1 >= kinds_needed - 1 or len(controlled) + 1 >= any_needed - 1:
        return True
    hand = view.hand or frozenset()
    return max((card.value for card in hand if isinstance(card, GangsterCard)), default=0) >= 12


class _Turn:
    """What the bot works out once per decision, to score each legal command."""

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


BOTS: Final[dict[str, Callable[[int | None], Bot]]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
}
"""The bots by name, each built from a seed."""


def _end_turn(turn: _Turn, command: Command) -> float:
    return 0.0


# How the bot scores each kind of command; any other kind scores -10.
_SCORERS: Final[dict[type, Callable[[_Turn, Command], float]]] = {
    DrawCard: _Turn._draw,
    PlayGangster: _Turn._gangster,
    PlayLiquidation: _Turn._liquidation,
    PlayPoliceRaid: _Turn._raid,
    PlayLimousine: _Turn._limousine,
    PlayRevolver: _Turn._revolver,
    PlayBribery: _Turn._bribery,
    EndTurn: _end_turn,
}
