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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final, TypeAlias, TypeVar

from attrs import frozen

from chicago_poker.core.cards import (
    BUSINESS_TILES,
    BusinessKind,
    BusinessTile,
    Card,
    Face,
    GangsterCard,
    lands_face_down,
)
from chicago_poker.core.drawing import Tables
from chicago_poker.core.errors import InvalidSeatError, short_repr
from chicago_poker.core.instances import slot_setter
from chicago_poker.core.rules import MAX_COLUMN, RuleOptions
from chicago_poker.core.state import (
    Business,
    Column,
    GameState,
    PlayerState,
    ShootoutStage,
    Turn,
    Victory,
)

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
class SlotView:
    """One position of a column, as the viewer sees it."""

    face: Face
    """Whether the position lies face up or face down, from the tile's pattern (R-4.2)."""

    card: GangsterCard | None
    """The card, where the viewer may know it (R-4.3, R-4.4, R-5.3, R-6.3); otherwise None."""


@frozen
class ColumnView:
    """One player's column at one business, as the viewer sees it (R-4.4)."""

    slots: tuple[SlotView, ...]
    """The positions, first placed first; their number is public (R-4.4)."""

    marker: int | None
    """The number of the shootout marker on the column, if any (R-4.6, R-6.2)."""

    def __len__(self) -> int:
        """The number of cards in the column."""
        return len(self.slots)


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


@frozen(slots=False)  # no slots: view() fills a bare instance's __dict__ (see view)
class PlayerView:
    """Exactly what one seat (or an observer) may know of a game."""

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
    return _knows(
        tile,
        owner,
        business.columns[owner].cards,
        position,
        lands_face_down(tile, position),
        _revealed(state, tile) or seat == owner,
        _seen(state, seat),
    )


def _knows(
    tile: BusinessTile,
    owner: int,
    cards: tuple[GangsterCard, ...],
    position: int,
    down: bool,
    everything: bool,
    seen: frozenset[tuple[BusinessTile, int, GangsterCard]],
) -> bool:
    """The rule of :func:`knows_card`, for the card at ``position`` of ``cards``.

    ``down`` is whether the position lies face down, ``everything`` whether the viewer owns
    the column or a shootout is in progress at the business, ``seen`` what their raids saw.
    """
    return _open(down, everything) or (tile, owner, cards[position]) in seen


def _open(down: bool, everything: bool) -> bool:
    """Whether a card is known without a raid: it lies face up (R-4.4), or ``everything``.

    ``everything`` is whether the viewer owns the column (R-4.3) or a shootout is in
    progress at the business (R-6.3).
    """
    return everything or not down


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
    """The view of one business, made once for each business and what the viewer knows there.

    States share the businesses a command left alone, so a bot that views state after state
    sees the same few again and again. The view depends on the business, whether the shootout
    is there (``revealed``, R-6.3), the viewer's own face-down cards there (R-4.3) and what
    the viewer's raids saw there (from ``seen``, all they saw, R-5.3). A viewer whose raids
    saw nothing there gets the view of :func:`_plain_key`, which every viewer who knows as
    much shares; otherwise the key holds the viewer and what they saw there. The business
    itself is kept with its view, so that no other object can take its ``id`` while the key
    is held.
    """
    tile = business.tile
    known = frozenset(entry for entry in seen if entry[0] is tile) if seen else _NOTHING_SEEN
    if not known or revealed:
        key = _plain_key(business, seat, revealed)
        made = _PLAIN_VIEWS.get(key)
        return _plain_view(business, key) if made is None else made[1]
    seen_key = (id(business), seat, known)
    kept = _BUSINESS_VIEWS.get(seen_key)
    if kept is None:
        made_view = _make_business_view(seat, business, revealed=False, known=known)
        return _keep(_BUSINESS_VIEWS, seen_key, business, made_view)
    return kept[1]


def _plain_key(business: Business, seat: int | None, revealed: bool) -> int:
    """The key of a business's view by a viewer whose raids saw nothing there, in one int.

    The business's ``id`` times 16, plus what the viewer knows there in the four bits below
    it: 1 while a shootout is in progress there, when every card is face up for all (R-6.3);
    else 2 times (the seat plus 1) for a seat that holds a face-down card there (R-4.3); else
    0, what the spectator knows, for every viewer alike. :func:`_plain_view` makes the view
    from the key alone, so a view kept under a shared key holds no seat's secret.
    :func:`_plain_business_views` computes the same key without a call.
    """
    if revealed:
        return id(business) * 16 + 1
    if seat is None or len(business.columns[seat].cards) <= _FIRST_DOWN[business.tile]:
        return id(business) * 16
    return id(business) * 16 + seat * 2 + 2


def _plain_view(business: Business, key: int) -> BusinessView:
    """Make, keep and return the view of ``business`` that ``key`` (:func:`_plain_key`) names.

    The viewer and ``revealed`` are read back from the key, not taken from the seat that
    asked: the view kept is exactly the one the key stands for.
    """
    viewer = (key & 15) >> 1
    kept = None if viewer == 0 else _PLAIN_VIEWS.get(key - (key & 15))
    if kept is None:
        seat = None if viewer == 0 else viewer - 1
        made = _make_business_view(seat, business, revealed=bool(key & 1), known=_NOTHING_SEEN)
        return _keep(_PLAIN_VIEWS, key, business, made)
    # A seat's own view differs from the spectator's, kept here, in its own column alone
    # the spectator's view gives the rest.
    seat = viewer - 1
    public = kept[1]
    tile = business.tile
    down_at, pattern, *open_at = _DOWN_AT[tile]
    column = business.columns[seat]
    column_key = id(column) * 16 + pattern * 2 + 1
    own = _COLUMN_VIEWS.get(column_key)
    if own is None:
        own_view = _keep(
            _COLUMN_VIEWS, column_key, column, _plain_column_view(column, down_at, open_at[1])
        )
    else:
        own_view = own[1]
    others = public.columns
    made = _business_view_of(tile, (*others[:seat], own_view, *others[seat + 1 :]), False)
    return _keep(_PLAIN_VIEWS, key, business, made)


_NOTHING_SEEN: Final[frozenset[tuple[BusinessTile, int, GangsterCard]]] = frozenset()
_BUSINESS_VIEWS: Final[dict[tuple[object, ...], tuple[Business, BusinessView]]] = {}
"""Views of businesses already made, by :func:`_business_view`'s key: a memo, which changes
no result (the views are immutable), kept by :func:`_keep`."""
_PLAIN_VIEWS: Final[dict[int, tuple[Business, BusinessView]]] = {}
"""Views of businesses made for viewers whose raids saw nothing there, by :func:`_plain_key`:
the most frequent, kept by :func:`_keep` as :data:`_BUSINESS_VIEWS` is."""
_HELD: Final = 256
"""The most views each memo of this module keeps; it starts afresh when full.

A loop meets the same few businesses again and again, from one state to the next: 256 views
hit as often as 4,096 did (the search bot's games, 2026-11-29), and keep a sixteenth of the
objects the garbage collector walks at each full collection."""

_Key = TypeVar("_Key")
_Holder = TypeVar("_Holder")
_Made = TypeVar("_Made")


def _keep(
    memo: dict[_Key, tuple[_Holder, _Made]], key: _Key, holder: _Holder, made: _Made
) -> _Made:
    """Keep ``made`` in ``memo`` under ``key``, and return it.

    ``key`` holds the ``id`` of ``holder``, which is kept with ``made`` so that no other
    object can take that ``id`` while the key is held. A memo that holds :data:`_HELD` views
    starts afresh.
    """
    if len(memo) >= _HELD:
        memo.clear()
    memo[key] = (holder, made)
    return made


def _make_business_view(
    seat: int | None,
    business: Business,
    *,
    revealed: bool,
    known: frozenset[tuple[BusinessTile, int, GangsterCard]],
) -> BusinessView:
    """The view of ``business``; ``known`` is what the viewer's raids saw there."""
    tile = business.tile
    down_at, pattern, *open_at = _DOWN_AT[tile]
    columns = []
    memo = _COLUMN_VIEWS
    for owner, column in enumerate(business.columns):
        everything = revealed or owner == seat
        if known and not everything and any(entry[1] == owner for entry in known):
            # The viewer's raids saw cards in this column: its view is theirs alone.
            columns.append(_column_view(tile, owner, column, down_at, everything, known))
            continue
        # One int for the column, how each position lies and whether all is shown: the
        # pattern (0 to 3) and ``everything`` take the three bits below the column's id.
        key = id(column) * 16 + pattern * 2 + everything
        made = memo.get(key)
        if made is None:
            made_view = _plain_column_view(column, down_at, open_at[everything])
            columns.append(_keep(memo, key, column, made_view))
        else:
            columns.append(made[1])
    return _business_view_of(tile, tuple(columns), revealed)


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


def _column_view_of(slots: tuple[SlotView, ...], marker: int | None) -> ColumnView:
    """``ColumnView(slots, marker)``, made as :func:`_business_view_of` makes its view."""
    made = _new_instance(ColumnView)
    _set_slots(made, slots)
    _set_marker(made, marker)
    return made


_new_instance: Final = object.__new__


_set_tile: Final = slot_setter(BusinessView, "tile")
_set_columns: Final = slot_setter(BusinessView, "columns")
_set_revealed: Final = slot_setter(BusinessView, "revealed")
_set_slots: Final = slot_setter(ColumnView, "slots")
_set_marker: Final = slot_setter(ColumnView, "marker")
_set_name: Final = slot_setter(OpponentView, "name")
_set_hand_size: Final = slot_setter(OpponentView, "hand_size")
_set_controlled: Final = slot_setter(OpponentView, "controlled")


def _column_view(
    tile: BusinessTile,
    owner: int,
    column: Column,
    down_at: tuple[bool, ...],
    everything: bool,
    seen: frozenset[tuple[BusinessTile, int, GangsterCard]],
) -> ColumnView:
    """The view of ``owner``'s ``column`` at ``tile``, by a viewer whose raids saw ``seen``."""
    cards = column.cards
    slots = []
    for position, card in enumerate(cards):
        down = down_at[position]
        shown = card if _knows(tile, owner, cards, position, down, everything, seen) else None
        slots.append(_SLOTS.get(id(shown) * 2 + down) or _slot(down, shown))
    return _column_view_of(tuple(slots), column.marker)


def _plain_column_view(
    column: Column, down_at: tuple[bool, ...], open_at: tuple[bool, ...]
) -> ColumnView:
    """The view of ``column`` by a viewer whose raids saw nothing in it.

    ``open_at`` is :func:`_open` of each position (:data:`_DOWN_AT`): with nothing seen,
    whether the viewer knows a card depends only on where it lies.
    """
    memo = _SLOTS
    slots = []
    for position, card in enumerate(column.cards):  # past the fifth, an IndexError
        down = down_at[position]
        known = card if open_at[position] else None
        slot = memo.get(id(known) * 2 + down)
        slots.append(_slot(down, known) if slot is None else slot)
    return _column_view_of(tuple(slots), column.marker)


_COLUMN_VIEWS: Final[dict[int, tuple[Column, ColumnView]]] = {}
"""Views of columns already made, kept as :data:`_BUSINESS_VIEWS` is: when a command changes
one column, the business's new view shares the views of the others.

Unless the viewer's raids saw cards in it, a column's view depends only on the column, how
each position lies (the number of the tile's kind in :data:`_DOWN_AT`), and whether the
viewer knows every card there (its owner, or anyone while a shootout is in progress there):
the key holds these three in one int. A column the viewer's raids saw into is viewed anew
each time.
"""


_KINDS: Final = tuple(BusinessKind)
_Layout: TypeAlias = tuple[tuple[bool, ...], int, tuple[bool, ...], tuple[bool, ...]]


def _layout(tile: BusinessTile) -> _Layout:
    """How the positions of a column at ``tile`` lie, as :data:`_DOWN_AT` keeps it."""
    down_at = tuple(lands_face_down(tile, index) for index in range(MAX_COLUMN))
    return (
        down_at,
        _KINDS.index(tile.kind),
        tuple(_open(down, everything=False) for down in down_at),
        tuple(_open(down, everything=True) for down in down_at),
    )


_DOWN_AT: Final[dict[BusinessTile, _Layout]] = {tile: _layout(tile) for tile in BUSINESS_TILES}
"""For each tile, :func:`lands_face_down` of each position of a column there, the number of
the tile's kind (tiles of one kind lie alike), and :func:`_open` of each position for a
viewer who knows the column only as others do, and for one who knows everything there."""

_FIRST_DOWN: Final[dict[BusinessTile, int]] = {
    tile: next(index for index in range(MAX_COLUMN + 1) if lands_face_down(tile, index))
    for tile in BUSINESS_TILES
}
"""For each tile, the first position of a column there that lies face down (R-4.2): a
seat whose column is no longer holds no face-down card there."""


_SLOTS: Final[dict[int, SlotView]] = {}
"""Every slot view made so far, by its card's ``id`` times 2 plus whether it lies face down
(None for a card the viewer may not know): views are immutable, so a view of a business made
anew shares them (at most 2 x 77). Cards are interned and the slot view holds its card, so no
other object takes the ``id``."""


def _slot(down: bool, card: GangsterCard | None) -> SlotView:
    """The slot view of a card (or None) lying face down or up, made on the first call."""
    slot = _SLOTS[id(card) * 2 + down] = SlotView(Face.DOWN if down else Face.UP, card)
    return slot


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
        return _keep(_SHOWN_VIEWS, key, player, made_view)
    return made[1]


_SHOWN_VIEWS: Final[dict[tuple[int, int, int], tuple[PlayerState, OpponentView]]] = {}
"""Views of players already made, by :func:`_opponent_view`'s key, kept by :func:`_keep` as
:data:`_BUSINESS_VIEWS` is. An :class:`OpponentView` is made as :func:`_business_view_of`
makes a business's view (it has no validator, converter or post-init either)."""


def _public_view(player: PlayerState) -> OpponentView:
    """The public view of ``player`` with every card of its hand counted, kept by its ``id``."""
    made_view = _opponent_view(player, len(player.hand))
    return _keep(_PUBLIC_VIEWS, id(player), player, made_view)


_PUBLIC_VIEWS: Final[dict[int, tuple[PlayerState, OpponentView]]] = {}
"""The views of :func:`_public_view`, by the player's ``id`` alone: the view of a player
whose hand counts whole depends on nothing else (a player is immutable). States share the
players a command left alone, so most look-ups end here, with an int for a key."""


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
        views.append(_public_view(player) if made is None else made[1])
    return tuple(views)


def _business_views(state: GameState, seat: int | None) -> tuple[BusinessView, ...]:
    """Every face-up business's view by ``seat``, in order."""
    shootout = state.shootout
    revealed = None if shootout is None else shootout.business
    seen = _NOTHING_SEEN if seat is None else state.players[seat].seen
    if seen:
        return _seen_business_views(state, seat, revealed, seen)
    return _plain_business_views(state.businesses, seat, revealed)


def _seen_business_views(
    state: GameState,
    seat: int | None,
    revealed: BusinessTile | None,
    seen: frozenset[tuple[BusinessTile, int, GangsterCard]],
) -> tuple[BusinessView, ...]:
    """Every business's view by ``seat``, whose raids saw the cards of ``seen``."""
    return tuple(
        [_business_view(seat, each, each.tile is revealed, seen) for each in state.businesses]
    )


def _plain_business_views(
    businesses: tuple[Business, ...], seat: int | None, revealed: BusinessTile | None
) -> tuple[BusinessView, ...]:
    """Every business's view by ``seat``, whose raids saw nothing.

    These are :func:`_business_view`'s views, looked up here without a call for each business:
    the key is :func:`_plain_key`'s, computed inline.
    """
    memo = _PLAIN_VIEWS
    first_down = _FIRST_DOWN
    views = []
    for business in businesses:
        tile = business.tile
        if tile is revealed:
            key = id(business) * 16 + 1
        elif seat is None or len(business.columns[seat].cards) <= first_down[tile]:
            key = id(business) * 16
        else:
            key = id(business) * 16 + seat * 2 + 2
        made = memo.get(key)
        views.append(_plain_view(business, key) if made is None else made[1])
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
    fields = {
        "seat": seat,
        "options": state.options,
        "hand": None if seat is None else players[seat].hand,
        "players": _player_views(state, seat),
        "first_player": state.first_player,
        "turn": state.turn,
        "businesses": _business_views(state, seat),
        "draw_pile_size": len(state.draw_pile),
        "discard_pile": state.discard_pile,
        "tile_pile_size": len(state.tile_pile),
        "vacancies": state.vacancies,
        "pending_draws": state.pending_draws,
        "shootout": None if shootout is None else _shootout_view(state, seat),
        "markers_placed": state.markers_placed,
        "last_winner": state.last_winner,
        "stalled_turns": state.stalled_turns,
        "winner": state.winner,
        "victory": state.victory,
    }
    # A bare instance given its fields, not the frozen __init__ of attrs (a third of a view's
    # time): PlayerView has no validator, converter or post-init (test_engine_internals.py).
    made = _new_instance(PlayerView)
    _set_view_fields(made, fields)
    return made


_set_view_fields: Final[Callable[[PlayerView, Mapping[str, object]], None]] = vars(PlayerView)[
    "__dict__"
].__set__
