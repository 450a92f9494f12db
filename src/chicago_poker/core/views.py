"""What a seat may know of a state: its view (:func:`view`).

A :class:`~chicago_poker.core.state.GameState` holds everything, secrets included: every hand,
the draw deck, the face-down cards. A front end, a bot or a log shown to a player must only
use what that player may know:

- their own hand, and the size of every other hand (R-2.4);
- the number of cards in every column and every face-up card (R-4.4);
- their own face-down cards (R-4.3), and the face-down cards they saw with a Police Raid for
  as long as those cards stay in the column where they were seen (R-5.3);
- every card at a business where a shootout is in progress, since all are turned face up
  (R-6.3);
- the discard pile (R-3.11), but not the card a Bribery took from it (R-5.6.1);
- who has chosen a reinforcement, but not what, until every choice is revealed (R-6.7.2).

``seat=None`` is an observer (a spectator), who has no hand and has seen no raid. The same
boundary holds for events (:mod:`~chicago_poker.core.redacted_events`), commands
(:mod:`~chicago_poker.core.redacted_commands`) and a view rebuilt from a seat's redacted
history (:mod:`~chicago_poker.core.fold`).

A column's view (:class:`ColumnView`, :class:`SlotView`) and the tables of slot views it is
read from live in :mod:`~chicago_poker.core.column_views`, whose classes are imported from
here as ever.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from attrs import frozen

from chicago_poker.core.cards import BusinessTile, Card, GangsterCard, lands_face_down
from chicago_poker.core.column_views import (
    EMPTY_COLUMN_VIEW,
    SLOT_TABLES,
    ColumnView,
    SlotView,
    column_view,
    knows_slot,
    seen_column_view,
)
from chicago_poker.core.drawing import Tables
from chicago_poker.core.errors import InvalidSeatError, short_repr
from chicago_poker.core.instances import slot_setter
from chicago_poker.core.memos import register
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import (
    Business,
    Column,
    GameState,
    PlayerState,
    ShootoutStage,
    Turn,
    Victory,
)
from chicago_poker.core.view_memo import DOWN_AT, FIRST_DOWN, FLAGS, HELD, NO_COLUMNS, keep

__all__ = [
    "BusinessView",
    "ColumnView",
    "OpponentView",
    "PlayerView",
    "ShootoutView",
    "SlotView",
    "check_viewer",
    "knows_card",
    "view",
]


@frozen
class BusinessView:
    """A face-up business, as the viewer sees it."""

    tile: BusinessTile
    """The business tile."""

    columns: tuple[ColumnView, ...]
    """One column per seat, indexed by seat."""

    revealed: bool
    """Whether a shootout is in progress here, so every card is face up for all (R-6.3)."""


@frozen
class OpponentView:
    """The public part of one player's situation (any seat, the viewer's own included)."""

    name: str
    """The player's name."""

    hand_size: int
    """How many cards the player holds; never which (R-2.4)."""

    controlled: tuple[BusinessTile, ...]
    """The businesses the player controls, in the order won (R-6.5)."""


@frozen
class ShootoutView:
    """The shootout in progress, as the viewer sees it."""

    business: BusinessTile
    """The business fought over."""

    owner: int
    """The seat whose marker made the shootout due (R-6.1)."""

    stage: ShootoutStage
    """Where the shootout stands."""

    contenders: tuple[int, ...]
    """The seats still in the tie-break (R-6.7.1, R-6.7.4)."""

    chosen: tuple[int, ...]
    """The seats that made their reinforcement choice this round, sent or declined (R-6.7.2)."""

    own_choice: GangsterCard | None
    """The viewer's own reinforcement this round, if they sent one; others' stay secret."""

    round: int
    """How many rounds of reinforcement were revealed."""


class PlayerView(NamedTuple):
    """Exactly what one seat (or an observer) may know of a game.

    A named tuple, where the parts of a view are attrs classes: :func:`view` makes a new
    one at every call, and a tuple is the record Python makes with all its fields in one
    step (see "The fast paths" in the architecture notes). Read it by field name; change a
    copy with ``_replace``, list its fields with ``_fields`` and ``_asdict()``.
    """

    seat: int | None
    """The viewer's seat, or None for an observer."""

    options: RuleOptions
    """The rule options of the game."""

    hand: frozenset[Card] | None
    """The viewer's own hand (R-2.4); None for an observer."""

    players: tuple[OpponentView, ...]
    """Every player's public situation, indexed by seat."""

    first_player: int
    """The seat of the first player (R-2.7)."""

    turn: Turn
    """The turn in progress: whose, its phase, its base, bonus and remaining actions."""

    businesses: tuple[BusinessView, ...]
    """The face-up businesses, in the order they were revealed."""

    draw_pile_size: int
    """How many cards the draw deck holds; never which (R-3.6)."""

    discard_pile: frozenset[Card]
    """The discard pile, which is public (R-3.11)."""

    tile_pile_size: int
    """How many business tiles are face down; never which (R-2.5)."""

    vacancies: int
    """Businesses won whose replacement tile is still to be revealed (R-6.6)."""

    pending_draws: tuple[int, ...]
    """The seats waiting for a card from the draw deck, first first."""

    shootout: ShootoutView | None
    """The shootout in progress, if any."""

    markers_placed: int
    """How many shootout markers were ever placed (R-6.2)."""

    last_winner: int | None
    """The seat that won the latest shootout (R-8.5)."""

    stalled_turns: int
    """Turns that ended since a business was last won, or since the game began (R-8.7)."""

    winner: int | None
    """The winning seat, once the game is over."""

    victory: Victory | None
    """How the game ended, once it is over."""

    def __str__(self) -> str:
        """A readable table of what the seat may know (see ``core.tables``)."""
        return Tables.view(self)


def check_viewer(seat: object, players: int | None) -> None:
    """Refuse a viewer that is neither None (an observer) nor a seat of a table of ``players``.

    Views are the engine's security boundary (R-2.1): a seat of -1 would show the last seat's
    hand (Python counts from the end), and True would pass for seat 1. Where the number of
    players is not known (an event redacted without the state before it), any seat from 0
    up may ask.

    Raises:
        InvalidSeatError: ``seat`` is not None and not a seat of the table.
    """
    if seat is None or (type(seat) is int and seat >= 0 and (players is None or seat < players)):
        return
    seats = "from 0 up" if players is None else f"from 0 to {players - 1}"
    raise InvalidSeatError(
        f"There is no seat {short_repr(seat)} at this table: a view is for a seat {seats}, "
        "or None for an observer.",
        rule="R-2.1",
    )


def knows_card(
    state: GameState, seat: int | None, business: Business, owner: int, position: int
) -> bool:
    """Whether ``seat`` may know the card at ``position`` of ``owner``'s column at ``business``.

    A face-up card is public (R-4.4); a face-down card is known to its owner (R-4.3) and to a
    player who saw it with a Police Raid while it stays in that column (R-5.3); every card at a
    business where a shootout is in progress is face up (R-6.3).

    Raises:
        InvalidSeatError: ``seat`` is neither None nor a seat of the table.
    """
    check_viewer(seat, len(state.players))
    tile = business.tile
    return knows_slot(
        tile,
        owner,
        business.columns[owner].cards,
        position,
        lands_face_down(tile, position),
        _revealed(state, tile) or seat == owner,
        _seen(state, seat),
    )


def _revealed(state: GameState, tile: BusinessTile) -> bool:
    """Whether a shootout is in progress at ``tile``, which turns every card there face up."""
    return state.shootout is not None and state.shootout.business == tile


def _seen(state: GameState, seat: int | None) -> frozenset[tuple[BusinessTile, int, GangsterCard]]:
    """What ``seat``'s Police Raids saw and still may know; nothing for an observer."""
    return state.players[seat].seen if seat is not None else _NOTHING_SEEN


def _business_view(
    seat: int | None,
    business: Business,
    revealed: bool,
    seen: frozenset[tuple[BusinessTile, int, GangsterCard]],
) -> BusinessView:
    """The view of one business by ``seat``, whose raids saw the cards of ``seen`` (R-5.3).

    A viewer whose raids saw nothing there, and every viewer while a shootout is in progress
    there (``revealed``, R-6.3), gets the view its :class:`_Views` keeps. Otherwise the key
    holds the viewer and what they saw there, and the view is the seat's plain view with the
    columns its raids saw into made again. The business itself is kept with its view, so
    that no other object can take its ``id`` while the key is held.
    """
    tile = business.tile
    known = frozenset(entry for entry in seen if entry[0] is tile) if seen else _NOTHING_SEEN
    record = _RECORDS.get(id(business)) or _record(business, _LATEST.get(tile))
    if revealed:
        return record.made[-1] or _made(record, len(business.columns) + 1)
    index = 0 if seat is None else seat + 1
    plain = record.made[index] or _made(record, index)
    if not known:
        return plain
    seen_key = (id(business), seat, known)
    kept = _BUSINESS_VIEWS.get(seen_key)
    if kept is not None:
        return kept[1]
    down_at = DOWN_AT[tile]
    columns = list(plain.columns)
    for owner in sorted({entry[1] for entry in known} - {seat}):
        columns[owner] = seen_column_view(tile, owner, business.columns[owner], down_at, known)
    made = _business_view_of(tile, tuple(columns), False)
    return keep(_BUSINESS_VIEWS, seen_key, business, made)


class _Views:
    """The views of one business made so far, by what the viewer knows there.

    ``made`` holds the spectator's view first (index 0), then each seat's (index ``seat +
    1``), then the view while a shootout is in progress there (the last), each None until it
    is asked for. A seat that holds no face-down card there is given the spectator's view
    (R-4.3): only the seats whose face-down cards lie there get a view of their own. What the
    viewer's raids saw is never kept here (:func:`_business_view`). ``before`` is the views
    of the business of the same tile met just before this one, which a view is made from
    where it can (:func:`_base`): a command changes one column or two of a business.
    """

    __slots__ = ("before", "business", "made")

    business: Business
    made: list[BusinessView | None]
    before: _Views | None


def _record(business: Business, latest: _Views | None) -> _Views:
    """The views of ``business`` kept from now on, after ``latest``, its tile's (:data:`_LATEST`).

    Only one step back is kept (the earlier one's own ``before`` is let go), so that the
    businesses of a whole game are not held in a chain. The record is made by calling
    its class, which has no ``__init__`` (cheaper than ``object.__new__``), and its slots set.
    """
    if latest is not None and latest.business is business:
        record = latest
    else:
        if latest is not None:
            latest.before = None
            if len(latest.made) != len(business.columns) + 2:
                latest = None  # another game's, at a table of another size
        record = _LATEST[business.tile] = _Views()
        record.business = business
        record.made = [None] * (len(business.columns) + 2)
        record.before = latest
    if len(_RECORDS) >= HELD:
        _RECORDS.clear()
    _RECORDS[id(business)] = record
    return record


def _made(record: _Views, index: int) -> BusinessView:
    """Make, keep and return the view of ``record``'s business that ``index`` names.

    A seat with no face-down card there is given the spectator's view (made if need be).
    """
    business = record.business
    columns = business.columns
    kept = record.made
    if 0 < index <= len(columns) and len(columns[index - 1].cards) <= FIRST_DOWN[business.tile]:
        made = kept[0]
        if made is None:
            made = kept[0] = _derived(record, 0)
    else:
        made = _derived(record, index)
    kept[index] = made
    return made


def _derived(record: _Views, index: int) -> BusinessView:
    """The view of ``record``'s business that ``index`` names, made from a kept view.

    Each column's view depends only on the column, how each position lies at the tile, and
    whether the viewer knows every card there (:data:`FLAGS`): a column met in the view
    the same viewer had of the business met before (else :func:`_base`'s), with the same
    flag, keeps its view; the others are made. The view is made as :func:`_business_view_of`
    makes one, without the call.
    """
    business = record.business
    tile = business.tile
    columns = business.columns
    flags = FLAGS[len(columns)][index]
    before = record.before
    base_columns: tuple[Column | None, ...]
    if before is not None and (kept := before.made[index]) is not None:
        base_columns, views, base_flags = before.business.columns, list(kept.columns), flags
    else:
        base_columns, views, base_flags = _base(record, index)
    tables = SLOT_TABLES[tile]
    if base_flags is flags:  # a view by the same viewer: only the columns that changed
        for owner, column in enumerate(columns):
            if column is not base_columns[owner]:
                views[owner] = column_view(column, tables[flags[owner]])
    else:
        for owner, column in enumerate(columns):
            flag = flags[owner]
            if column is not base_columns[owner] or flag is not base_flags[owner]:
                views[owner] = column_view(column, tables[flag])
    made = _new_instance(BusinessView)
    _set_tile(made, tile)
    _set_columns(made, tuple(views))
    _set_revealed(made, index > len(columns))
    return made


def _base(
    record: _Views, index: int
) -> tuple[tuple[Column | None, ...], list[ColumnView], tuple[bool, ...]]:
    """A view to make ``record``'s view ``index`` from: its columns, their views, their flags.

    Another view of the same business, else any view of the business of the same tile met
    before it; with none, no column at all.
    """
    flags = FLAGS[len(record.business.columns)]
    for other in (record, record.before):
        if other is not None:
            for number, each in enumerate(other.made):
                if each is not None:
                    return other.business.columns, list(each.columns), flags[number]
    count = len(record.business.columns)
    return NO_COLUMNS[count], [EMPTY_COLUMN_VIEW] * count, flags[0]


_RECORDS: Final[dict[int, _Views]] = {}
"""The :class:`_Views` of the businesses met, by the business's ``id`` (the record holds the
business, so no other object takes the ``id`` while it is kept). A memo, which changes no
result (views are immutable); it starts afresh when it holds :data:`HELD` records."""
_LATEST: Final[dict[BusinessTile, _Views]] = {}
"""The :class:`_Views` of the business of each tile met last: the next business of that
tile (a command changed a column there) is viewed from it."""
_NOTHING_SEEN: Final[frozenset[tuple[BusinessTile, int, GangsterCard]]] = frozenset()
_BUSINESS_VIEWS: Final[dict[tuple[object, ...], tuple[Business, BusinessView]]] = {}
"""Views of businesses by viewers whose raids saw cards there, by :func:`_business_view`'s
key: a memo, kept by :func:`keep`."""


def _business_view_of(
    tile: BusinessTile, columns: tuple[ColumnView, ...], revealed: bool
) -> BusinessView:
    """``BusinessView(tile, columns, revealed)``, made as ``apply`` makes a ``Business``.

    A bare instance has its slots set: the frozen ``__init__`` of attrs sets each through
    ``object.__setattr__``, which costs a third more. BusinessView has no validator, converter
    or post-init (``tests/test_engine_internals.py`` checks it).
    """
    made = _new_instance(BusinessView)
    _set_tile(made, tile)
    _set_columns(made, columns)
    _set_revealed(made, revealed)
    return made


_new_instance: Final = object.__new__


_set_tile: Final = slot_setter(BusinessView, "tile")
_set_columns: Final = slot_setter(BusinessView, "columns")
_set_revealed: Final = slot_setter(BusinessView, "revealed")
_set_name: Final = slot_setter(OpponentView, "name")
_set_hand_size: Final = slot_setter(OpponentView, "hand_size")
_set_controlled: Final = slot_setter(OpponentView, "controlled")


def _shootout_view(state: GameState, seat: int | None) -> ShootoutView | None:
    shootout = state.shootout
    if shootout is None:
        return None
    own = next((card for chooser, card in shootout.choices if chooser == seat), None)
    return ShootoutView(
        business=shootout.business,
        owner=shootout.owner,
        stage=shootout.stage,
        contenders=shootout.contenders,
        chosen=tuple(chooser for chooser, _ in shootout.choices),
        own_choice=own,
        round=shootout.round,
    )


def _opponent_view(player: PlayerState, hand_size: int) -> OpponentView:
    """The public view of ``player`` with ``hand_size`` cards, made once for what it shows.

    Every viewer sees a player alike but for the hand size, and a player's name and the
    tuple of businesses they control pass unchanged from state to state until they change:
    the views are kept by those two objects' ``id``s and the hand size, so that a player whose
    hand grows and shrinks back meets their earlier views again. The player, which holds both
    objects, is kept with its view.
    """
    key = (id(player.name), id(player.controlled), hand_size)
    made = _SHOWN_VIEWS.get(key)
    if made is None:
        made_view = _new_instance(OpponentView)
        _set_name(made_view, player.name)
        _set_hand_size(made_view, hand_size)
        _set_controlled(made_view, player.controlled)
        return keep(_SHOWN_VIEWS, key, player, made_view)
    return made[1]


_SHOWN_VIEWS: Final[dict[tuple[int, int, int], tuple[PlayerState, OpponentView]]] = {}
"""Views of players already made, by :func:`_opponent_view`'s key, kept by :func:`keep` as
:data:`_BUSINESS_VIEWS` is. An :class:`OpponentView` is made as :func:`_business_view_of`
makes a business's view (it has no validator, converter or post-init either)."""


_PUBLIC_VIEWS: Final[dict[int, tuple[PlayerState, OpponentView]]] = {}
"""The views of players with every card of their hand counted, by the player's ``id`` alone
(kept by :func:`_player_views` as :func:`keep` keeps views): such a view depends on nothing
else (a player is immutable). States share the players a command left alone, so most
look-ups end here, with an int for a key."""


def _player_views(state: GameState, viewer: int | None) -> tuple[OpponentView, ...]:
    """Every player's public view, with the hand size ``viewer`` may know for each.

    A reinforcement chosen by another player still counts in their hand until the reveal:
    whether they sent a card or declined is part of their secret choice (R-6.7.2).
    """
    players = state.players
    shootout = state.shootout
    if shootout is not None:
        sent = {chooser for chooser, card in shootout.choices if card is not None}
        if sent:
            return tuple(
                [
                    _opponent_view(player, len(player.hand) + (seat != viewer and seat in sent))
                    for seat, player in enumerate(players)
                ]
            )
    memo = _PUBLIC_VIEWS
    views = []
    for player in players:
        made = memo.get(id(player))
        if made is None:  # as keep keeps it, without the call; _opponent_view's look-up inline
            shown = _SHOWN_VIEWS.get((id(player.name), id(player.controlled), len(player.hand)))
            made_view = _opponent_view(player, len(player.hand)) if shown is None else shown[1]
            if len(memo) >= HELD:
                memo.clear()
            memo[id(player)] = (player, made_view)
            views.append(made_view)
        else:
            views.append(made[1])
    return tuple(views)


def _business_views(state: GameState, seat: int | None) -> tuple[BusinessView, ...]:
    """Every face-up business's view by ``seat``, in order."""
    shootout = state.shootout
    seen = _NOTHING_SEEN if seat is None else state.players[seat].seen
    if seen or shootout is not None:
        revealed = None if shootout is None else shootout.business
        return tuple(
            [_business_view(seat, each, each.tile is revealed, seen) for each in state.businesses]
        )
    # No shootout is in progress and the viewer's raids saw nothing: _business_view's views,
    # looked up here without a call for each business.
    index = 0 if seat is None else seat + 1
    latest = _LATEST
    views = []
    for business in state.businesses:
        record = latest.get(business.tile)
        if record is None or record.business is not business:
            record = _RECORDS.get(id(business)) or _record(business, record)
        views.append(record.made[index] or _made(record, index))
    return tuple(views)


def view(state: GameState, seat: int | None) -> PlayerView:
    """What ``seat`` may know of ``state``; ``None`` is an observer, who has no hand.

    Two states that differ only in what ``seat`` may not know give equal views.

    >>> from chicago_poker.players.game import Game
    >>> game = Game.new(["Al", "Bugs"], seed=7)
    >>> mine = view(game.state, 0)
    >>> mine.hand == game.state.players[0].hand, mine.players[1].hand_size
    (True, 5)
    >>> view(game.state, None).hand is None
    True

    Raises:
        InvalidSeatError: ``seat`` is neither None nor a seat of the table.
    """
    players = state.players
    if seat is not None and (type(seat) is not int or not 0 <= seat < len(players)):
        check_viewer(seat, len(players))  # refuses it, naming the seats there are
    shootout = state.shootout
    # The fields in PlayerView's order, given to tuple.__new__ as NamedTuple's _make does:
    # its own __new__ is a Python function (tests/test_views.py checks the order).
    return _new_view(
        PlayerView,
        (
            seat,
            state.options,
            None if seat is None else players[seat].hand,
            _player_views(state, seat),
            state.first_player,
            state.turn,
            _business_views(state, seat),
            len(state.draw_pile),
            state.discard_pile,
            len(state.tile_pile),
            state.vacancies,
            state.pending_draws,
            None if shootout is None else _shootout_view(state, seat),
            state.markers_placed,
            state.last_winner,
            state.stalled_turns,
            state.winner,
            state.victory,
        ),
    )


_new_view: Final = tuple.__new__


register(_RECORDS, _LATEST, _BUSINESS_VIEWS, _SHOWN_VIEWS, _PUBLIC_VIEWS)  # core.memos
