"""Who must act, and every command they may give: :func:`legal_commands`.

The predicates here are shared with :func:`chicago_poker.core.decide`, so that a command is listed
exactly when ``decide`` accepts it.
"""

from __future__ import annotations

import bisect
import enum
import itertools
import operator
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, NoReturn, TypeAlias, TypeVar

from attrs import frozen

from chicago_poker.core.cards import (
    CARD_ORDER_KEY,
    SPECIAL_CARDS,
    BusinessTile,
    Card,
    GangsterCard,
    SpecialCard,
    SpecialKind,
    card_order,
    gangsters,
)
from chicago_poker.core.checks import can_arrive, can_liquidate_at, can_move_cards, can_raid_at
from chicago_poker.core.commands import (
    Command,
    DealCard,
    DeclineReinforcement,
    DrawCard,
    EndTurn,
    PlayBribery,
    PlayGangster,
    PlayLimousine,
    PlayLiquidation,
    PlayPoliceRaid,
    PlayRevolver,
    RevealTile,
    SendReinforcement,
    formed,
)
from chicago_poker.core.errors import InvalidSeatError, short_repr
from chicago_poker.core.instances import slot_setter
from chicago_poker.core.memos import register
from chicago_poker.core.rules import HAND_LIMIT, MAX_LIMOUSINE, MAX_PLAYERS, RuleOptions
from chicago_poker.core.state import (
    Business,
    GameState,
    ShootoutStage,
    Turn,
    TurnPhase,
    actions_left,
    column_is_full,
)

__all__ = [
    "Awaiting",
    "ToAct",
    "awaiting",
    "can_draw",
    "has_legal_action",
    "holds_gangster",
    "legal_commands",
    "limit_after",
    "liquidation_victims",
    "may_decline",
    "may_end_turn",
    "movable_groups",
    "open_businesses",
    "raid_targets",
    "special_within_limit",
    "to_act",
    "took_every_action",
    "within_hand_limit",
]


class Awaiting(enum.Enum):
    """Whose decision the game is waiting for."""

    CARD = "card"
    """Chance: the card drawn for ``state.pending_draws[0]`` (:class:`DealCard`)."""

    TILE = "tile"
    """Chance: the tile that replaces a won business (:class:`RevealTile`)."""

    REINFORCEMENT = "reinforcement"
    """The tied players of a shootout: their reinforcements (R-6.7.2)."""

    ACTION = "action"
    """The player whose turn it is: an action, or ending the turn."""

    NOTHING = "nothing"
    """The game is over, or an automatic step is due (between the events of one command)."""


# Enum members used on the hot paths, bound to module names once. Python 3.11 looks a member up
# on its class slowly: EnumType defines __getattr__, which turns off the attribute cache.
_ACTIONS: Final = TurnPhase.ACTIONS
_ACTION: Final = Awaiting.ACTION
_CARD: Final = Awaiting.CARD
_TILE: Final = Awaiting.TILE
_REINFORCEMENT: Final = Awaiting.REINFORCEMENT
_NOTHING: Final = Awaiting.NOTHING


def awaiting(state: GameState, *, check_actions: bool = True) -> Awaiting:
    """Whose decision ``state`` waits for.

    With ``check_actions=False``, the action phase counts as waiting for an action as long as
    actions are left, without looking for an allowed one: ``decide`` then checks the command
    itself, which saves enumerating actions.

    >>> from chicago_poker.players.game import Game
    >>> awaiting(Game.new(["Al", "Bugs"], seed=1).state)
    <Awaiting.ACTION: 'action'>
    """
    if state.victory is not None:
        return _NOTHING
    if state.pending_draws:
        return _CARD if state.draw_pile else _NOTHING
    if state.vacancies and state.tile_pile:
        return _TILE
    shootout = state.shootout
    if shootout is not None:
        return _REINFORCEMENT if _choosers(state) else _NOTHING
    turn = state.turn
    acting = turn.phase is _ACTIONS and actions_left(turn) > 0
    if acting and (not check_actions or has_legal_action(state)):
        return _ACTION
    return _NOTHING


@frozen
class ToAct:
    """Who must act now (:func:`to_act`): seats, chance, or nobody.

    Like python-chess's ``board.turn`` or OpenSpiel's ``current_player()``, but a simultaneous
    choice has several seats: the tied players of a shootout choose their reinforcements
    face down, each without waiting for the others (R-6.7.2).
    """

    seats: tuple[int, ...] = ()
    """The seats that must decide: the player whose turn it is, or every tied player still to
    choose a reinforcement; none when chance acts or the game waits for nobody."""

    chance: bool = False
    """Whether chance must act: a card drawn (:class:`DealCard`) or a tile revealed
    (:class:`RevealTile`). :class:`~chicago_poker.players.game.Game` deals these itself."""

    @property
    def nobody(self) -> bool:
        """Whether nobody may act: the game is over (or stands between two events)."""
        return not self.seats and not self.chance


def to_act(state: GameState) -> ToAct:
    """Who must act in ``state``: the seats whose :func:`legal_commands` are not empty, or chance.

    >>> from chicago_poker.players.game import Game
    >>> game = Game.new(["Al", "Bugs"], seed=1)
    >>> to_act(game.state)
    ToAct(seats=(0,), chance=False)
    >>> [bool(legal_commands(game.state, seat)) for seat in range(2)]
    [True, False]
    """
    match awaiting(state):
        case Awaiting.ACTION:
            return ToAct(seats=(state.turn.player,))
        case Awaiting.REINFORCEMENT:
            return ToAct(seats=tuple(_choosers(state)))
        case Awaiting.CARD | Awaiting.TILE:
            return ToAct(chance=True)
    return ToAct()


def legal_commands(state: GameState, player: int | None = None) -> tuple[Command, ...]:
    """Every command that :func:`chicago_poker.core.decide` accepts in ``state``.

    Chance commands are listed when chance must act. With ``player``, only that seat's.

    Raises:
        InvalidSeatError: ``player`` is neither None nor a seat of the table.

    >>> from chicago_poker.players.game import Game
    >>> game = Game.new(["Al", "Bugs"], seed=1)
    >>> any(isinstance(command, DrawCard) for command in legal_commands(game.state))
    True
    >>> legal_commands(game.state, 2)
    Traceback (most recent call last):
    ...
    chicago_poker.core.errors.InvalidSeatError: There is no seat 2 at this table: legal_commands \
takes a player from 0 to 1, or None for every player.
    """
    # Actions are listed below, not looked for twice: with none, the list is empty. Tested
    # with `is`, the most frequent first: a match statement costs a microsecond here.
    waiting = awaiting(state, check_actions=False)
    if waiting is not _ACTION:
        if player is not None:
            _check_seat(state, player)
        return _others(state, player, waiting)
    seat = state.turn.player
    # Most often the acting seat itself: a seat is a small int, of which Python keeps one
    # object per value, so `is` answers at once; anything else is checked, then compared.
    if player is not seat and player is not None:
        _check_seat(state, player)
        if player != seat:
            return ()
    # The actions, drawing first, built in one list (a generator resumes its frame for each
    # command, which was a tenth of the cost of listing them).
    moves: list[Command] = [_DRAWS[seat]] if can_draw(state, seat) else []
    hand = state.players[seat].hand
    if hand:
        _hand_plays(state, seat, hand, moves)
    if moves and may_end_turn(state):  # ending the turn where allowed, if any action is
        moves.append(_END_TURNS[seat])
    return tuple(moves)


def _others(state: GameState, player: int | None, waiting: Awaiting) -> tuple[Command, ...]:
    """The commands :func:`legal_commands` lists when the game waits for no action."""
    if waiting is _REINFORCEMENT:
        return tuple(_reinforcements(state, player))
    if waiting is _CARD:
        cards = sorted(state.draw_pile, key=card_order)
        commands: tuple[Command, ...] = tuple(DealCard(card) for card in cards)
        return () if player is not None else commands
    if waiting is _TILE:
        tiles = tuple(RevealTile(tile) for tile in sorted(state.tile_pile))
        return () if player is not None else tiles
    return ()


def _check_seat(state: GameState, player: object) -> None:
    """Refuse ``player`` unless it is a seat of the table (an int, not a bool)."""
    if type(player) is not int or not 0 <= player < len(state.players):
        _refuse_seat(player, len(state.players))


def _refuse_seat(player: object, players: int) -> NoReturn:
    raise InvalidSeatError(
        f"There is no seat {short_repr(player)} at this table: legal_commands takes a player "
        f"from 0 to {players - 1}, or None for every player.",
        rule="R-2.1",
    )


def within_hand_limit(hand: int, actions: int, gangster_cards: int, places: int) -> bool:
    """Whether a player can still end the turn with at most seven cards (R-3.9, D-10).

    True if the hand is within the limit, or the excess can be played away as gangster cards
    with the actions left, the gangster cards held, and the free places at businesses.

    >>> within_hand_limit(8, 1, 1, 1), within_hand_limit(8, 0, 3, 9)
    (True, False)
    """
    excess = hand - HAND_LIMIT
    return excess <= 0 or excess <= min(actions, gangster_cards, places)


def took_every_action(turn: Turn, previous: Turn | None, seat: int) -> bool:
    """Whether ``seat`` took every action of the turn before ``turn``, and nobody acted since.

    Another action of theirs is then one too many (R-3.2), not only out of turn (R-3.1).
    ``turn`` and ``previous`` are :attr:`GameState.turn` and :attr:`GameState.previous_turn`
    (or those of a :class:`~chicago_poker.core.fold.ViewFolder`).
    """
    return (
        seat != turn.player
        and previous is not None
        and previous.player == seat
        and actions_left(previous) <= 0
        and turn.actions_taken == 0
    )


def has_legal_action(state: GameState) -> bool:
    """Whether the player whose turn it is may take at least one action."""
    if can_draw(state, state.turn.player):
        return True  # the common case, without building any command
    plays: list[Command] = []  # rarer: a full hand or no card left to draw
    hand = state.players[state.turn.player].hand
    if hand:
        _hand_plays(state, state.turn.player, hand, plays)
    return bool(plays)


def _choosers(state: GameState) -> list[int]:
    """The tied players who have not chosen their reinforcement yet (R-6.7.2).

    A player who holds no gangster card is awaited too, to decline: waiting for the others
    only would tell everyone that their hand holds no gangster card.
    """
    shootout = state.shootout
    if shootout is None or shootout.stage is not ShootoutStage.CHOOSING:
        return []
    chosen = {seat for seat, _ in shootout.choices}
    return [seat for seat in shootout.contenders if seat not in chosen]


def _reinforcements(state: GameState, player: int | None) -> Iterator[Command]:
    for seat in _choosers(state):
        if player is not None and seat != player:
            continue
        for card in gangsters(state.players[seat].hand):
            yield SendReinforcement(seat, card)
        if may_decline(state, seat):
            yield DeclineReinforcement(seat)


def may_decline(state: GameState, seat: int) -> bool:
    """Whether a tied ``seat`` may send no reinforcement (R-6.7.2, R-6.7.6).

    It may under the option ``optional_reinforcement``, or when it holds no gangster card to
    send; declining is then its only choice.

    >>> from chicago_poker.players.game import Game
    >>> from chicago_poker.core.rules import RuleOptions
    >>> strict = Game.new(["Al", "Bugs"], seed=1).state
    >>> lenient = Game.new(["Al", "Bugs"], RuleOptions(optional_reinforcement=True), seed=1).state
    >>> holds_gangster(strict, 0), may_decline(strict, 0), may_decline(lenient, 0)
    (True, False, True)
    """
    return state.options.optional_reinforcement or not holds_gangster(state, seat)


def may_end_turn(state: GameState) -> bool:
    """Whether the player whose turn it is may end it now (R-3.5, R-5.5, D-8)."""
    turn = state.turn
    if len(state.players[turn.player].hand) > HAND_LIMIT:
        return False
    return state.options.optional_actions or turn.actions_taken >= turn.base_actions


def _hand_plays(state: GameState, seat: int, hand: frozenset[Card], moves: list[Command]) -> None:
    """Add to ``moves`` every play of a card of ``seat``'s ``hand`` (not empty), gangster first.

    The hand is sorted once (if it holds two cards or more): its gangster cards come first in
    display order, then its special cards (see ``card_order``); typed loosely, so without a
    cast (a call). The gangster plays are picked from the kept tables (``_GANGSTER_PLAYS``) of
    each business where the seat has room (``open_businesses``, without building its list).
    """
    # Most hands of a game hold a card or none (one is drawn and played), and sorting even
    # these costs a call to sorted with a key, about 2,000 instructions.
    cards: list[Any] = sorted(hand, key=CARD_ORDER_KEY) if len(hand) > 1 else [*hand]
    specials: Sequence[SpecialCard] = ()
    if cards[-1].order >= _FIRST_SPECIAL:  # the rarer case: special cards held
        first = bisect.bisect_left(cards, _FIRST_SPECIAL, key=CARD_ORDER_KEY)
        cards, specials = cards[:first], cards[first:]
    if cards and limit_after(state, seat, -1, -1, -1, -1):  # hand, actions, gangsters, places
        tables = _GANGSTER_PLAYS[seat]
        if len(cards) == 1:
            card = cards[0]
            for business in state.businesses:
                if not column_is_full(business.columns[seat]):
                    tile = business.tile
                    table = tables.get(tile) or _table(seat, tile)
                    moves.append(table.get(card) or _play(table, seat, card, tile))
        else:
            pick = operator.itemgetter(*cards)  # a tuple of the plays of every card at a table
            for business in state.businesses:
                if not column_is_full(business.columns[seat]):
                    tile = business.tile
                    table = tables.get(tile) or _table(seat, tile)
                    try:
                        moves += pick(table)
                    except KeyError:  # a card not listed at this table before
                        _fill(table, seat, cards, tile)
                        moves += pick(table)
    for card in specials:
        moves += _special_plays(state, seat, card)


def limit_after(
    state: GameState,
    seat: int,
    hand: int,
    actions: int,
    gangster_cards: int = 0,
    places: int = 0,
) -> bool:
    """Whether the hand limit allows an action, given how it changes the counts (R-3.9).

    The changes are to the hand size, the actions left, the gangster cards held and the free
    places at businesses. The engine's loops pass them by position: a call with keywords
    costs about twice as much in Python 3.11.

    >>> from chicago_poker.players.game import Game
    >>> limit_after(Game.new(["Al", "Bugs"], seed=1).state, 0, hand=1, actions=-1)
    True
    """
    held = state.players[seat].hand
    if len(held) + hand <= HAND_LIMIT:
        return True  # the common case: no need to count what could be played away
    turn = state.turn
    return within_hand_limit(
        len(held) + hand,
        actions_left(turn) + actions,
        sum(isinstance(card, GangsterCard) for card in held) + gangster_cards,
        state.free_places(seat) + places,
    )


def can_draw(state: GameState, seat: int) -> bool:
    """Whether a card is left to draw and the hand limit allows the draw (R-3.8, R-3.9)."""
    if not (state.draw_pile or state.discard_pile):
        return False
    # The unseen card counts as a special card: it may not help to get back to seven.
    return limit_after(state, seat, 1, -1)  # hand +1, actions -1


def open_businesses(state: GameState, seat: int) -> list[Business]:
    """The face-up businesses where ``seat`` has room for another card (R-4.5)."""
    return [b for b in state.businesses if not column_is_full(b.columns[seat])]


_SEATS: Final = range(MAX_PLAYERS)
_DRAWS: Final = tuple(formed(DrawCard(seat)) for seat in _SEATS)
_END_TURNS: Final = tuple(formed(EndTurn(seat)) for seat in _SEATS)
"""The DrawCard and EndTurn of each seat, listed again and again: commands are immutable.

Made by :func:`~chicago_poker.core.commands.formed`, as are the gangster plays below, so that
``step`` need not check their form again when a player gives one back."""


_GANGSTER_PLAYS: Final[tuple[dict[BusinessTile, dict[GangsterCard, PlayGangster]], ...]] = tuple(
    {} for _ in _SEATS
)
"""Every PlayGangster listed so far, by the seat, then the tile, then the card: most of the
commands listed, and made again and again.

Looking one up costs a fifth of making it. There are at most 6 x 20 tables (tiles are
interned and hash by identity, in C) of at most 75 commands each. The tables are plain dicts:
subscripting a subclass of dict goes through a slot that looks ``__getitem__`` up and calls it
as a method, about 800 instructions a listing more.
"""

_Made = TypeVar("_Made", bound=Command)
_SPECIAL_PLAYS: Final[tuple[dict[int, Command], ...]] = tuple({} for _ in _SEATS)
"""The Liquidations, Police Raids, Revolvers and Briberies listed so far, by the seat, then an
int made from the command's fields: made once, as the gangster plays. A Liquidation's key is
``id(tile) << 6 | victim << 2 | 1``, a Police Raid's the same with 2 for 1 (the player is
under 16), a Bribery's ``id(card) << 2 | 3``, a Revolver's 0: the two lowest bits keep the
kinds apart. At most 6 x 322 commands: 20 tiles x 6 players for each of the first two, 81
cards, one Revolver."""


def _kept(made: dict[int, Command], key: int, command: _Made) -> _Made:
    """Keep ``command``, its form checked (``formed``), under ``key``; return it."""
    made[key] = formed(command)
    return command


def _table(seat: int, tile: BusinessTile) -> dict[GangsterCard, PlayGangster]:
    table: dict[GangsterCard, PlayGangster] = {}
    _GANGSTER_PLAYS[seat][tile] = table
    return table


def _play(
    table: dict[GangsterCard, PlayGangster], seat: int, card: GangsterCard, tile: BusinessTile
) -> PlayGangster:
    """``PlayGangster(seat, card, tile)``, its form checked (``formed``), kept in ``table``.

    Made as ``apply`` makes the parts of a state, a bare instance whose slots are set
    directly: the frozen ``__init__`` of attrs sets each through ``object.__setattr__``. A
    process makes up to 6 x 20 x 75 plays, most in its first few dozen games.
    """
    play: PlayGangster = _new_play(PlayGangster)
    _set_player(play, seat)
    _set_card(play, card)
    _set_business(play, tile)
    table[card] = formed(play)
    return play


_new_play: Final = object.__new__
_set_player: Final = slot_setter(PlayGangster, "player")
_set_card: Final = slot_setter(PlayGangster, "card")
_set_business: Final = slot_setter(PlayGangster, "business")


def _fill(
    table: dict[GangsterCard, PlayGangster],
    seat: int,
    cards: list[GangsterCard],
    tile: BusinessTile,
) -> None:
    """Make the plays of ``cards`` that ``table`` lacks."""
    for card in cards:
        table.get(card) or _play(table, seat, card, tile)


def _special_plays(state: GameState, seat: int, card: SpecialCard) -> Sequence[Command]:
    kind = card.kind
    if not special_within_limit(state, seat, kind):
        return []
    if kind is _RAID and card.copy > 1 and _FIRST_RAID in state.players[seat].hand:
        return []  # both copies do the same; list the plays once
    plays_of = _PLAYS_OF_CARD[card]  # by the card, which hashes in C (an Enum in Python)
    if plays_of in _TARGETED:
        return _recent(state, seat, plays_of)
    return plays_of(state, seat)


def _recent(
    state: GameState, seat: int, plays_of: Callable[[GameState, int], list[Command]]
) -> Sequence[Command]:
    """The plays ``plays_of`` lists for ``seat``, kept while the same businesses are in play.

    Liquidations, Police Raids and Limousines depend on nothing else of the state than the
    businesses (a tuple that states share until a card moves), the number of players and the
    options: while ``seat`` holds the card over several actions that leave the businesses be
    (draws, most special cards), its targets are listed once. One listing is kept per seat and
    kind, the last, and only if it holds at most ``_KEPT_MOST`` commands: the Liquidations and
    Police Raids are kept for good anyway (``_SPECIAL_PLAYS``), but Limousines are made anew,
    and a seat's last listing outlives its game, so the collector would track them for nothing.
    """
    kept = _RECENT[seat].get(plays_of)
    businesses = state.businesses
    options = state.options
    players = len(state.players)
    if kept is not None and kept[0] is businesses and kept[1] is options and kept[2] == players:
        return kept[3]
    plays = tuple(plays_of(state, seat))
    if len(plays) <= _KEPT_MOST:
        _RECENT[seat][plays_of] = (businesses, options, players, plays)
    elif kept is not None:
        del _RECENT[seat][plays_of]
    return plays


_KEPT_MOST: Final = 64
"""The most commands ``_recent`` keeps for a seat and kind. Limousines number up to 2,460 under
``limousine_any_cards``; 64 holds the Limousines of most states under the standard rules."""


def special_within_limit(state: GameState, seat: int, kind: SpecialKind) -> bool:
    """Whether the hand limit allows playing a special card of ``kind`` (R-3.9).

    Bribery also adds a card, so it is judged by the card taken (see ``_briberies``).
    """
    if kind is SpecialKind.BRIBERY:
        return True
    # The Revolver costs its action and adds its extra ones.
    actions = state.turn.revolver_actions - 1 if kind is SpecialKind.REVOLVER else -1
    return limit_after(state, seat, -1, actions)  # hand -1


def holds_gangster(state: GameState, seat: int) -> bool:
    """Whether ``seat`` holds at least one gangster card (R-6.7.6)."""
    return any(isinstance(card, GangsterCard) for card in state.players[seat].hand)


def liquidation_victims(state: GameState, seat: int) -> list[tuple[BusinessTile, int]]:
    """Every (business, victim) a Liquidation may choose (R-5.2.1, R-5.2.3)."""
    found = []
    for business in state.businesses:
        for victim in range(len(business.columns)):
            if can_liquidate_at(state, seat, business, victim):
                found.append((business.tile, victim))
    return found


def _liquidations(state: GameState, seat: int) -> list[Command]:
    made = _SPECIAL_PLAYS[seat]
    plays: list[Command] = []
    for tile, victim in liquidation_victims(state, seat):
        key = id(tile) << 6 | victim << 2 | 1  # see _SPECIAL_PLAYS
        plays.append(made.get(key) or _kept(made, key, PlayLiquidation(seat, tile, victim)))
    return plays


def raid_targets(state: GameState, seat: int) -> list[tuple[BusinessTile, int]]:
    """Every (business, player) a Police Raid may choose (R-5.3, D-17)."""
    found = []
    for business in state.businesses:
        for target in range(len(business.columns)):
            if can_raid_at(state, seat, business, target):
                found.append((business.tile, target))
    return found


def _raids(state: GameState, seat: int) -> list[Command]:
    made = _SPECIAL_PLAYS[seat]
    plays: list[Command] = []
    for tile, target in raid_targets(state, seat):
        key = id(tile) << 6 | target << 2 | 2  # see _SPECIAL_PLAYS
        plays.append(made.get(key) or _kept(made, key, PlayPoliceRaid(seat, tile, target)))
    return plays


def movable_groups(
    state: GameState, seat: int, source: Business
) -> Iterator[tuple[GangsterCard, ...]]:
    """The sets of cards a Limousine may take from ``source`` (R-5.4.1, R-5.4.2), unordered."""
    column = source.columns[seat]
    if column.marker is not None or not column.cards:
        return
    most = min(MAX_LIMOUSINE, len(column.cards))
    for count in range(1, most + 1):
        if state.options.limousine_any_cards:
            yield from itertools.combinations(column.cards, count)
        else:
            yield column.cards[-count:]


def _limousines(state: GameState, seat: int) -> list[Command]:
    businesses = state.businesses
    plays: list[Command] = []
    for source in businesses:
        for group in movable_groups(state, seat, source):
            if not can_move_cards(state, seat, source, group):
                continue  # whatever the destination
            for destination in businesses:
                if can_arrive(state, seat, source, destination, group):
                    plays += [
                        PlayLimousine(seat, source.tile, destination.tile, order)
                        for order in itertools.permutations(group)
                    ]
    return plays


def _revolvers(state: GameState, seat: int) -> list[Command]:
    made = _SPECIAL_PLAYS[seat]
    return [made.get(0) or _kept(made, 0, PlayRevolver(seat))]


def _briberies(state: GameState, seat: int) -> list[Command]:
    # The hand limit is asked once for a card that is not a gangster card and once for one
    # that is (``limit_after`` counts only that), not once for every card of the pile.
    allowed = tuple(
        limit_after(state, seat, 0, -1, gained)
        for gained in (0, 1)  # actions -1
    )
    made = _SPECIAL_PLAYS[seat]
    return [
        made.get(id(card) << 2 | 3) or _kept(made, id(card) << 2 | 3, PlayBribery(seat, card))
        for card in sorted(state.discard_pile, key=CARD_ORDER_KEY)
        if allowed[type(card) is GangsterCard]
    ]


_RAID: Final = SpecialKind.POLICE_RAID
_FIRST_RAID: Final = SpecialCard(SpecialKind.POLICE_RAID, 1)
_FIRST_SPECIAL: Final = min(card.order for card in SPECIAL_CARDS)
"""The display order of the first special card: every gangster card sorts before it."""
_PLAYS_OF: Final[dict[SpecialKind, Callable[[GameState, int], list[Command]]]] = {
    SpecialKind.LIQUIDATION: _liquidations,
    SpecialKind.POLICE_RAID: _raids,
    SpecialKind.LIMOUSINE: _limousines,
    SpecialKind.REVOLVER: _revolvers,
    SpecialKind.BRIBERY: _briberies,
}
"""The plays of each kind of special card, all its targets."""
_PLAYS_OF_CARD: Final = {card: _PLAYS_OF[card.kind] for card in SPECIAL_CARDS}
_TARGETED: Final = (_liquidations, _raids, _limousines)
"""The plays that depend on the state only through its businesses, players and options."""
_Kept: TypeAlias = tuple[tuple[Business, ...], RuleOptions, int, tuple[Command, ...]]
_RECENT: Final[tuple[dict[object, _Kept], ...]] = tuple({} for _ in _SEATS)
"""By seat, then the listing function: the businesses, options and number of players it was
last asked about, and the plays it listed (see ``_recent``)."""

register(*_GANGSTER_PLAYS, *_SPECIAL_PLAYS, *_RECENT)  # core.memos
