"""The heuristic bot: one-move look-ahead with hand-building heuristics.

:class:`HeuristicBot` scores every legal command from its seat's view and plays the best: it
builds strong hands where it can win, places the fifth card of a column only when its hand
looks best there, draws when its hand is weak and uses special cards when they help.
:func:`power`, a hand's strength as one number, is what it and the search bot
(:mod:`chicago_poker.players.search`) compare hands by.

Both are importable from :mod:`chicago_poker.players.bots` too, with the other bots.

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
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final, NamedTuple, cast

from chicago_poker.core.cards import (
    GANGSTER_CARDS,
    MAX_VALUE,
    MIN_VALUE,
    BusinessTile,
    Card,
    Color,
    GangsterCard,
)
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
from chicago_poker.core.hands import MAX_HAND_SIZE, RANK_SCALE, rank_key
from chicago_poker.core.rules import HAND_LIMIT, MAX_COLUMN
from chicago_poker.core.views import BusinessView, PlayerView, SlotView

__all__ = ["HeuristicBot", "Ranking", "power"]

_UNKNOWN_CARD: Final = 0.35
"""What an unseen card of a rival's column adds to the estimate of its strength."""
_LIKELY_BEST: Final = 0.3
"""The margin over the rivals' estimates a complete hand needs to be placed."""


def power(cards: Iterable[GangsterCard]) -> float:
    """A hand's strength as a number: its category (1 to 11) plus its tie-breakers as a fraction.

    Equal numbers for equal ranks, a greater number for a better hand (R-7.3, R-7.5).

    >>> from chicago_poker.core.cards import parse_card
    >>> power([parse_card("9R"), parse_card("9B")]) > power([parse_card("15R")])
    True
    """
    # The key is the category, then the tie-breakers in four bits each: divided by its
    # scale, the category plus each tie-breaker / 16 ** place, exactly (24 bits in all).
    return rank_key(cards) / RANK_SCALE


def _primes(count: int) -> tuple[int, ...]:
    """The first ``count`` primes."""
    found: list[int] = []
    candidate = 2
    while len(found) < count:
        if all(candidate % prime for prime in found):
            found.append(candidate)
        candidate += 1
    return tuple(found)


_VALUES: Final = range(MIN_VALUE, MAX_VALUE + 1)
_VALUE_PRIME: Final = dict(zip(_VALUES, _primes(len(_VALUES)), strict=True))
_COLOR_PRIME: Final = dict(zip(Color, _primes(len(Color)), strict=True))
_VALUE_CODE: Final = {card: _VALUE_PRIME[card.value] for card in GANGSTER_CARDS}
"""Each card's prime for its value: the product of a hand's codes names its values."""
_COLOR_CODE: Final = {card: _COLOR_PRIME[card.color] for card in GANGSTER_CARDS}
"""Each card's prime for its colour: the product of five cards' codes tells whether they are
of one colour, of five, or neither."""
_COLOURINGS: Final = {prime**MAX_HAND_SIZE: 1 for prime in _COLOR_PRIME.values()} | {
    math.prod(_COLOR_PRIME.values()): 2
}
"""The products of five cards' colour codes that may change their rank: one colour (1) makes
a flush, five colours (2) a rainbow straight (R-7.2); any other product counts as 0."""
_POWERS: Final[dict[int, float]] = {}
"""The power of each hand of one to four cards met so far, by its values' key: the product of
its cards' :data:`_VALUE_CODE`. Fewer than five cards make no flush and no straight, so their
values alone rank them (R-7.2). At most 3,875 multisets of values: it needs no limit."""
_FIVE_POWERS: Final[dict[int, float]] = {}
"""The power of each five-card hand met so far, by its key: the product of its values' codes,
times four, plus its colouring in :data:`_COLOURINGS`.

Colours only make flushes and rainbow straights, so hands that agree in values and in being
of one colour, of five, or neither, have one power (R-7.2): computed once, it serves every
such hand. At most 11,628 multisets of five values, times three: it needs no limit either.
"""


def _strength(cards: Sequence[GangsterCard]) -> float:
    """:func:`power` of one to five distinct gangster cards, looked up by their key."""
    values = math.prod(map(_VALUE_CODE.__getitem__, cards))
    if len(cards) < MAX_HAND_SIZE:
        return _kept_power(_POWERS, values, cards)
    colours = math.prod(map(_COLOR_CODE.__getitem__, cards))
    return _kept_power(_FIVE_POWERS, _five_key(values, colours), cards)


def _five_key(values: int, colours: int) -> int:
    """The key of five cards in :data:`_FIVE_POWERS`, from the products of their codes."""
    return values * 4 + _COLOURINGS.get(colours, 0)


def _kept_power(table: dict[int, float], key: int, cards: Sequence[GangsterCard]) -> float:
    """:func:`power` of ``cards``: found in ``table`` under their key ``key``, or ranked and kept.

    ``table`` is :data:`_POWERS` or :data:`_FIVE_POWERS`, whichever keys hands of their size.
    """
    value = table.get(key)
    if value is None:
        value = table[key] = power(cards)
    return value


@functools.lru_cache(maxsize=1 << 7)  # hits 74% of calls in a search game, 256 hit 77%
def _best_hand(
    column: tuple[GangsterCard, ...], cards: tuple[GangsterCard, ...]
) -> tuple[float, frozenset[GangsterCard]]:
    """The greatest power of ``column`` with some of ``cards``, and the cards that give it.

    A card added to a hand always makes it stronger (R-7.2, R-7.5; the tests check every
    hand), so the best hand adds as many cards as fit, and among those combinations the first
    in the order of :func:`itertools.combinations` wins a tie.
    """
    size = min(MAX_COLUMN - len(column), len(cards))
    if size == 0:
        return (_strength(column) if column else 0.0), frozenset()
    if len(column) + size < MAX_HAND_SIZE:  # every card fits: one hand
        return _strength(column + cards), frozenset(cards)
    value, index = _best_five(column, cards, size)
    combinations = itertools.combinations(cards, size)
    return value, frozenset(next(itertools.islice(combinations, index, None)))


def _best_five(
    column: tuple[GangsterCard, ...], cards: tuple[GangsterCard, ...], size: int
) -> tuple[float, int]:
    """The greatest power of ``column`` and ``size`` of ``cards`` (five in all), and its place.

    The place is where the power first comes, counting combinations in the order of
    :func:`itertools.combinations`. Each combination's key (see :data:`_FIVE_POWERS`) is made
    from the product of its value codes and the product of its colour codes.
    """
    values = math.prod(map(_VALUE_CODE.__getitem__, column))
    colours = math.prod(map(_COLOR_CODE.__getitem__, column))
    value_codes = itertools.combinations(map(_VALUE_CODE.__getitem__, cards), size)
    colour_codes = itertools.combinations(map(_COLOR_CODE.__getitem__, cards), size)
    keys = [  # _five_key, inlined: this runs for every combination
        math.prod(chosen_values, start=values) * 4
        + _COLOURINGS.get(math.prod(chosen_colours, start=colours), 0)
        for chosen_values, chosen_colours in zip(value_codes, colour_codes, strict=True)
    ]
    powers = list(map(_FIVE_POWERS.get, keys))
    if None in powers:  # hands met for the first time
        for index, chosen in enumerate(itertools.combinations(cards, size)):
            if powers[index] is None:
                powers[index] = _kept_power(_FIVE_POWERS, keys[index], column + chosen)
    top = max(cast(list[float], powers))
    return top, powers.index(top)


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
        if _reinforcing(view, legal):
            return self._reinforce(view, legal)
        return self._best(legal, _Turn(view).scores(legal))

    def ranked(self, view: PlayerView, legal: Sequence[Command], count: int) -> list[Command]:
        """The ``count`` commands of ``legal`` the bot likes best, best first.

        The first is the command :meth:`choose` would play, ties broken by the generator as
        there; the others follow by score, ties in the order of ``legal``. The search bot
        looks at these alone (:mod:`chicago_poker.players.search`).
        """
        if count <= 1 or len(legal) == 1:
            return [self.choose(view, legal)]
        return Ranking(view, legal).top(self, count)

    def _best(self, legal: Sequence[Command], scores: Sequence[float]) -> Command:
        """The command of the best score, ties broken by the generator."""
        best: list[Command] = []
        best_score = float("-inf")
        for command, score in zip(legal, scores, strict=True):
            if score > best_score + 1e-9:
                best, best_score = [command], score
            elif score > best_score - 1e-9:
                best.append(command)
        return best[self._random.randrange(len(best))]

    def _reinforce(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """The highest card when the shootout matters, the lowest otherwise (R-6.7.2)."""
        return _reinforcement(view, legal)


def _reinforcement(view: PlayerView, legal: Sequence[Command]) -> Command:
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


class Ranking:
    """A decision's commands scored once from a view, to be ranked with any count.

    :meth:`top` ranks them as :meth:`HeuristicBot.ranked` does, which makes a ranking for
    the call: the search bot keeps one per decision of its tree (:mod:`.search`).

    >>> from chicago_poker.core.views import view
    >>> from chicago_poker.players.game import Game
    >>> game = Game.new(["Al", "Bugs"], seed=3)
    >>> seat = game.state.turn.player
    >>> seen, legal = view(game.state, seat), game.legal_commands(seat)
    >>> ranking = Ranking(seen, legal)
    >>> ranking.top(HeuristicBot(1), 3) == HeuristicBot(1).ranked(seen, legal, 3)
    True
    """

    __slots__ = ("first", "legal", "order", "scores")

    def __init__(self, view: PlayerView, legal: Sequence[Command]) -> None:
        """Score ``legal`` from ``view``: a choice of reinforcement is settled at once."""
        self.legal = legal
        """The commands scored."""
        self.scores: list[float] | None = None
        """Their scores, in order; None for a choice of reinforcement (R-6.7.2)."""
        self.first: Command = legal[0]
        """The reinforcement chosen; for other decisions, the generator breaks ties."""
        if _reinforcing(view, legal):
            self.first = _reinforcement(view, legal)
            self.order: list[Command] = list(legal)
            """The commands by score, best first, ties in the order of :attr:`legal`."""
        else:
            scores = self.scores = _Turn(view).scores(legal)
            order = sorted(range(len(legal)), key=lambda index: -scores[index])
            self.order = [legal[index] for index in order]

    def top(self, bot: HeuristicBot, count: int) -> list[Command]:
        """The ``count`` commands ``bot`` likes best, best first, as :meth:`HeuristicBot.ranked`.

        The bot's generator breaks the ties of the first command each time, as in
        :meth:`HeuristicBot.ranked`, so that a search that keeps one ranking per decision
        chooses exactly as one that ranks the decision anew each time.
        """
        scores = self.scores
        first = self.first if scores is None else bot._best(self.legal, scores)
        ranked = [first]
        for each in self.order:  # legal's commands, each once, so each is not first but one
            if len(ranked) >= count:
                break
            if each is not first:
                ranked.append(each)
        return ranked


def _reinforcing(view: PlayerView, legal: Sequence[Command]) -> bool:
    """Whether ``legal`` is a choice of reinforcement in a shootout (R-6.7.2)."""
    return view.shootout is not None and any(
        isinstance(command, SendReinforcement | DeclineReinforcement) for command in legal
    )


def _shootout_matters(view: PlayerView, seat: int, tile: BusinessTile) -> bool:
    """Whether winning ``tile`` would bring ``seat`` to or near a victory (R-8.1, R-8.3)."""
    controlled = view.players[seat].controlled
    same_kind = sum(owned.kind is tile.kind for owned in controlled)
    kinds_needed, any_needed = (2, 3) if view.options.short_game else (3, 5)
    if same_kind + 1 >= kinds_needed - 1 or len(controlled) + 1 >= any_needed - 1:
        return True
    hand = view.hand or frozenset()
    return max((card.value for card in hand if isinstance(card, GangsterCard)), default=0) >= 12


def _estimate(slots: Sequence[SlotView]) -> float:
    """A column's likely strength from its known cards and how many are unseen."""
    if not slots:
        return 0.0
    known = [slot.card for slot in slots if slot.card is not None]
    unknown = len(slots) - len(known)
    return (_strength(known) if known else 1.0) + _UNKNOWN_CARD * unknown


class _Sight(NamedTuple):
    """What a seat makes of a business from the board alone, whatever its hand."""

    business: BusinessView
    """The view it was made from, held so that no other object can take its ``id``."""
    column: tuple[GangsterCard, ...]
    """The seat's own cards there."""
    strength: float
    """Their power, or 0 for none."""
    estimates: tuple[float, ...]
    """Each column's likely strength, from its known cards and how many are unseen."""
    threat: float
    """The strongest estimate of another seat's column."""
    rival_marker: bool
    """Whether another seat has a shootout marker there: its shootout is due."""
    values: int
    """The product of the value codes of the column's cards (see :data:`_POWERS`)."""
    colours: int
    """The product of their colour codes (see :data:`_FIVE_POWERS`)."""


_SIGHTS: Final[dict[tuple[int, int], _Sight]] = {}
"""The sight of each business view met so far, by its ``id`` and the seat; a memo, bounded by
:data:`_SIGHTS_HELD`. Views of an unchanged business are one object (see
:func:`chicago_poker.core.views.view`), so the bot works out each business once, not at every
decision. The sight holds the view itself, so that no other object can take its ``id``."""
_SIGHTS_HELD: Final = 64


def _sight(business: BusinessView, seat: int) -> _Sight:
    """What ``seat`` makes of ``business`` whatever its hand, kept in :data:`_SIGHTS`."""
    columns = business.columns
    column = tuple(slot.card for slot in columns[seat].slots if slot.card is not None)
    estimates = tuple(_estimate(each.slots) if each.slots else 0.0 for each in columns)
    sight = _Sight(
        business,
        column,
        _strength(column) if column else 0.0,
        estimates,
        max((value for owner, value in enumerate(estimates) if owner != seat), default=0.0),
        any(each.marker is not None for owner, each in enumerate(columns) if owner != seat),
        math.prod(map(_VALUE_CODE.__getitem__, column)),
        math.prod(map(_COLOR_CODE.__getitem__, column)),
    )
    if len(_SIGHTS) >= _SIGHTS_HELD:
        _SIGHTS.clear()
    _SIGHTS[id(business), seat] = sight
    return sight


class _Place:
    """What the bot works out once per decision about one business, for every command there."""

    __slots__ = (
        "business",
        "colours",
        "column",
        "estimates",
        "plan",
        "plan_base",
        "plan_tail",
        "plan_value",
        "rival_marker",
        "strength",
        "threat",
        "values",
        "weight",
    )

    def __init__(self, turn: _Turn, business: BusinessView) -> None:
        sight = _SIGHTS.get((id(business), turn.seat)) or _sight(business, turn.seat)
        (
            _,
            self.column,
            self.strength,
            self.estimates,
            self.threat,
            self.rival_marker,
            self.values,
            self.colours,
        ) = sight
        self.business = business
        self.weight = turn.weight(business.tile)
        self.plan_value, self.plan = turn.plan(business, turn.gangsters, self.column)
        # A card of the plan scores plan_base + 0.3 x (what it adds to the column) + plan_tail:
        # the better the plan and the more it beats the threat, the more it is worth.
        margin = self.plan_value - self.threat
        self.plan_base = 2.5 + self.weight * min(margin, 4.0) * 0.5
        self.plan_tail = (self.plan_value - 3.0) * 0.3

    def gangster(self, card: GangsterCard) -> float:
        """The score of playing ``card`` here."""
        # The column's power once the card joins it (_strength of both), by its key.
        values = self.values * _VALUE_CODE[card]
        threat = self.threat
        if len(self.column) + 1 == MAX_COLUMN:
            key = _five_key(values, self.colours * _COLOR_CODE[card])
            after = _kept_power(_FIVE_POWERS, key, (*self.column, card))
            # The fifth card calls a shootout: only when the hand is likely best.
            if after > threat + _LIKELY_BEST:
                return 6.0 + self.weight * (after - threat)
            return -3.0 + after - threat
        rival_marker = self.rival_marker
        if not rival_marker and card not in self.plan:
            # A card that fits no plan: dump it where it does least harm, lowest cards first.
            return -1.5 - card.value / 16.0 - len(self.column) * 0.2
        kept = _POWERS.get(values)  # _kept_power, inlined but for a miss: most cards come here
        after = _kept_power(_POWERS, values, (*self.column, card)) if kept is None else kept
        if rival_marker:
            # A rival's shootout is due: only the cards already there will count.
            if after > threat:
                return 5.0 + self.weight * (after - threat)
            return -1.0
        return self.plan_base + 0.3 * (after - self.strength) + self.plan_tail


class _Turn:
    """What the bot works out once per decision, to score each legal command."""

    def __init__(self, view: PlayerView) -> None:
        if view.seat is None or view.hand is None:
            raise ValueError("a bot needs a seat")
        self.view = view
        self.seat = view.seat
        self.hand = view.hand
        self.gangsters = tuple(
            sorted(
                (card for card in self.hand if isinstance(card, GangsterCard)),
                key=lambda card: card.order,
            )
        )
        controlled = view.players[self.seat].controlled
        self.kinds = Counter(owned.kind for owned in controlled)
        self.places = {business.tile: _Place(self, business) for business in view.businesses}
        self.best_plan = max((place.plan_value for place in self.places.values()), default=0.0)

    def scores(self, legal: Sequence[Command]) -> list[float]:
        """The score of each command of ``legal``, in order."""
        places = self.places
        return [
            places[command.business].gangster(command.card)
            if type(command) is PlayGangster
            else self.score(command)
            for command in legal
        ]

    def score(self, command: Command) -> float:
        """The score of ``command``."""
        if type(command) is PlayGangster:
            return self.places[command.business].gangster(command.card)
        scorer = _SCORERS.get(type(command))
        return -10.0 if scorer is None else scorer(self, command)

    # -- estimates -------------------------------------------------------------------------

    def plan(
        self,
        business: BusinessView,
        cards: tuple[GangsterCard, ...],
        column: tuple[GangsterCard, ...],
    ) -> tuple[float, frozenset[GangsterCard]]:
        """The best hand the bot can build at ``business``, its ``column``, with ``cards``."""
        if business.columns[self.seat].marker is not None:
            return (0.0, frozenset())
        return _best_hand(column, cards)

    def weight(self, tile: BusinessTile) -> float:
        """How much the bot wants this business: more if it adds to a kind it holds."""
        return 1.0 + 0.3 * self.kinds[tile.kind]

    # -- scorers ---------------------------------------------------------------------------

    def _draw(self, command: Command) -> float:
        size = len(self.hand)
        if size <= 3:
            return 4.0
        if size >= HAND_LIMIT - 1:
            return 0.5
        # A weak hand wants more cards; a strong one wants to be played.
        return 3.5 if self.best_plan < 3.0 else 2.0

    def _liquidation(self, command: Command) -> float:
        assert isinstance(command, PlayLiquidation)
        place = self.places[command.business]
        rival = place.estimates[command.victim]
        if rival < place.threat - 1e-9:
            return -2.0  # strike the strongest rival column only
        mine = place.column
        stake = 1.0 if mine and rival >= place.strength - 0.5 else 0.0
        nearly = 1.0 if len(place.business.columns[command.victim]) >= MAX_COLUMN - 1 else 0.0
        return rival - 1.5 + stake + nearly

    def _raid(self, command: Command) -> float:
        assert isinstance(command, PlayPoliceRaid)
        place = self.places[command.business]
        unseen = sum(slot.card is None for slot in place.business.columns[command.target].slots)
        committing = len(place.column) >= 3
        if not unseen or not committing:
            return -2.0
        return 2.6 + 0.1 * unseen

    def _revolver(self, command: Command) -> float:
        return 5.0 if self.view.turn.actions_taken == 0 else 3.0

    def _limousine(self, command: Command) -> float:
        assert isinstance(command, PlayLimousine)
        source = self.places[command.source]
        destination = self.places[command.destination]
        left = tuple(card for card in source.column if card not in command.cards)
        arrived = destination.column + command.cards
        strength = _strength(arrived)
        gain = strength - destination.strength
        loss = source.strength - (_strength(left) if left else 0.0)
        if len(arrived) == MAX_COLUMN:
            threat = destination.threat
            if strength > threat + _LIKELY_BEST:
                return 6.5 + strength - threat - loss * 0.2
            return -3.0
        return -3.0 + gain - loss

    def _bribery(self, command: Command) -> float:
        assert isinstance(command, PlayBribery)
        card: Card = command.card
        if not isinstance(card, GangsterCard):
            return -2.0
        cards = tuple(sorted([*self.gangsters, card], key=lambda each: each.order))
        plans = [
            self.plan(place.business, cards, place.column)[0] for place in self.places.values()
        ]
        gain = max(plans, default=0.0) - self.best_plan
        return 2.0 + 2.0 * gain if gain > 0.5 else -2.0


def _end_turn(turn: _Turn, command: Command) -> float:
    return 0.0


# How the bot scores each kind of command but PlayGangster (see _Place); any other scores -10.
_SCORERS: Final[dict[type, Callable[[_Turn, Command], float]]] = {
    DrawCard: _Turn._draw,
    PlayLiquidation: _Turn._liquidation,
    PlayPoliceRaid: _Turn._raid,
    PlayLimousine: _Turn._limousine,
    PlayRevolver: _Turn._revolver,
    PlayBribery: _Turn._bribery,
    EndTurn: _end_turn,
}
