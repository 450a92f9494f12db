"""Check a command against the rules and return the events it causes: :func:`decide`.

``decide`` is the only place where rules are enforced. It returns the events of the command
itself followed by everything that then happens automatically (the end of a turn, the next
turn, due shootouts, victory), up to the next decision of a player or of chance.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, NoReturn, assert_never

from chicago_poker.core.apply import apply
from chicago_poker.core.cards import (
    BUSINESS_TILES,
    BusinessTile,
    Card,
    GangsterCard,
    SpecialCard,
    SpecialKind,
    full_deck,
    tactical_deck,
)
from chicago_poker.core.checks import verify_limousine, verify_liquidation, verify_raid
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
    StartGame,
    check_form,
)
from chicago_poker.core.errors import IllegalCommand
from chicago_poker.core.events import (
    ActionPhaseStarted,
    BriberyPlayed,
    CardDrawn,
    DiscardPileReshuffled,
    DrawRequested,
    Event,
    GameBlocked,
    GameStalled,
    GameStarted,
    GameWon,
    GangsterPlayed,
    LimousinePlayed,
    LiquidationPlayed,
    MarkerPlaced,
    PoliceRaidPlayed,
    ReinforcementChosen,
    ReinforcementDeclined,
    ReinforcementRequested,
    ReinforcementsRevealed,
    RevolverPlayed,
    ShootoutStarted,
    ShootoutVoided,
    ShootoutWon,
    TileRevealed,
    TurnEnded,
    TurnStarted,
)
from chicago_poker.core.hands import evaluate_hand
from chicago_poker.core.legal import (
    Awaiting,
    awaiting,
    can_draw,
    has_legal_action,
    limit_after,
    may_decline,
    may_end_turn,
    special_within_limit,
    took_every_action,
)
from chicago_poker.core.memos import register
from chicago_poker.core.rules import (
    FACE_UP_BUSINESSES,
    HAND_LIMIT,
    HAND_SIZE,
    MAX_COLUMN,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TIE_BREAK_REVEALS,
    RuleOptions,
    stall_limit,
)
from chicago_poker.core.state import (
    Business,
    GameState,
    Shootout,
    ShootoutStage,
    TurnPhase,
    actions_left,
    column_is_full,
)
from chicago_poker.core.victory import victory_of

__all__ = [
    "check_setup",
    "decide",
    "follow_up",
    "step",
    "step_awaited_deal",
    "step_well_formed",
]


# Enum members used on the hot paths, bound to module names once. Python 3.11 looks a member up
# on its class slowly: EnumType defines __getattr__, which turns off the attribute cache.
_ACTIONS: Final = TurnPhase.ACTIONS
_SHOOTOUTS: Final = TurnPhase.SHOOTOUTS
_ACTION: Final = Awaiting.ACTION
_CARD: Final = Awaiting.CARD

# Events are immutable, so the ones made on every turn are made once and shared: an attrs
# instance costs about a microsecond to build, a lookup a fifth of that.
_SEATS: Final = range(MAX_PLAYERS)
_DRAW_REQUESTS: Final = tuple(DrawRequested(seat) for seat in _SEATS)
_ACTION_PHASES: Final = tuple(ActionPhaseStarted(seat) for seat in _SEATS)
_TURNS_ENDED: Final = tuple(TurnEnded(seat, forced=False) for seat in _SEATS)
_TURNS_FORCED_TO_END: Final = tuple(TurnEnded(seat, forced=True) for seat in _SEATS)
_CARDS_DRAWN: Final[dict[tuple[int, int], CardDrawn]] = {}
"""Every CardDrawn made so far, by the seat and the card's ``id``: at most 6 x 81 of them.

Cards and tiles are interned (one object per value, kept for the life of the process), so
their ``id`` names them, and a key of ints is a tuple the garbage collector need not track."""
_GANGSTERS_PLAYED: Final[dict[tuple[int, int, int], GangsterPlayed]] = {}
"""Every GangsterPlayed made so far, keyed as :data:`_CARDS_DRAWN` is: at most 6 x 75 x 20."""


_TURNS_STARTED: Final[dict[int, TurnStarted]] = {}
"""Every TurnStarted made so far of the first :data:`_TURNS_KEPT` turns, by ``number << 3 |
seat``: the turn's actions follow from its number. A key of ints, as for :data:`_CARDS_DRAWN`;
at most 6 x 1,024 events."""
_TURNS_KEPT: Final = 1024


def _card_drawn(seat: int, card: Card) -> CardDrawn:
    key = (seat, id(card))
    event = _CARDS_DRAWN.get(key)
    if event is None:
        event = _CARDS_DRAWN[key] = CardDrawn(seat, card)
    return event


def _gangster_played(seat: int, card: GangsterCard, tile: BusinessTile) -> GangsterPlayed:
    key = (seat, id(card), id(tile))
    event = _GANGSTERS_PLAYED.get(key)
    if event is None:
        event = _GANGSTERS_PLAYED[key] = GangsterPlayed(seat, card, tile)
    return event


def decide(state: GameState | None, command: Command) -> tuple[Event, ...]:
    """Check ``command`` against the rules and return the events it causes.

    Raises:
        IllegalCommand: the command breaks a rule; ``error.rule`` names it.

    >>> from chicago_poker.players.game import Game
    >>> game = Game.new(["Al", "Bugs"], seed=1)
    >>> decide(game.state, DrawCard(1 - game.state.turn.player))
    Traceback (most recent call last):
    ...
    chicago_poker.core.errors.IllegalCommand: It is not Bugs's turn: Al is playing. [R-3.1]
    """
    return step(state, command)[1]


def step(state: GameState | None, command: Command) -> tuple[GameState, tuple[Event, ...]]:
    """Decide ``command`` and apply its events: the next state and the events.

    The same as ``decide`` followed by ``apply`` of each event, without applying them twice.
    """
    check_form(command)
    return step_well_formed(state, command)


def step_well_formed(
    state: GameState | None, command: Command
) -> tuple[GameState, tuple[Event, ...]]:
    """:func:`step` for a command known to have its form, such as one read from a log.

    The log reader checks the type of every field as it reads a command, so the validator
    skips :func:`~chicago_poker.core.commands.check_form`, about 6% of the work of a step.
    """
    if isinstance(command, StartGame):
        if state is not None:
            raise IllegalCommand("The game has already started.", rule="R-2.1")
        return _follow(None, (_start(command),))
    if state is None:
        raise IllegalCommand(
            "No game has started: the first command must set one up.", rule="R-2.1"
        )
    if state.victory is not None:
        raise IllegalCommand("The game is over.", rule="R-8.2")
    return _follow(state, _primary(state, command))


def step_awaited_deal(state: GameState, card: Card) -> tuple[GameState, tuple[Event, ...]]:
    """:func:`step_well_formed` of ``DealCard(card)``, for a deal known to be allowed.

    For a dealer that deals only when ``state`` waits for a card (``awaiting`` is
    ``Awaiting.CARD``), and only a card of the draw pile, as the :class:`Dealer` of a
    :class:`~chicago_poker.players.game.Game` does: the checks that ``DealCard`` would pass
    (R-3.6) are skipped, and the rest is what ``step_well_formed`` does.
    ``tests/test_step_fast_paths.py`` checks the two against each other.

    >>> from chicago_poker.players.game import Game
    >>> game = Game.new(["Al", "Bugs"], seed=1)
    >>> state, _ = step(game.state, DrawCard(game.state.turn.player))
    >>> card = min(state.draw_pile)
    >>> step_awaited_deal(state, card) == step(state, DealCard(card))
    True
    """
    return _follow(state, (_dealt(state, card),))


def follow_up(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """The automatic events that follow ``state`` up to the next decision, and the state then.

    At a decision point there are none; between the events of one command there may be.
    """
    return _follow(state, ())


def _follow(
    state: GameState | None, events: Sequence[Event]
) -> tuple[GameState, tuple[Event, ...]]:
    """Apply ``events``, then add the automatic ones up to the next decision."""
    last: Event | None = None
    for last in events:
        state = apply(state, last)
    assert state is not None
    follow: tuple[Event, ...] = ()
    while True:
        # _automatic(state), asking only the rule the last event leaves (_ASKED_AFTER),
        # read here rather than in a function: a call costs as much as the questions skipped.
        asked = _ASKED_AFTER.get(type(last))
        last = _automatic(state) if asked is None or state.vacancies else asked(state)
        if last is None:  # nothing (more) follows
            return state, (*events, *follow) if follow else tuple(events)
        follow += (last,)
        state = apply(state, last)


# ------------------------------------------------------------------------------- set-up


def _start(command: StartGame) -> GameStarted:
    check_setup(
        command.players, command.hands, command.businesses, command.first_player, command.options
    )
    return GameStarted(
        tuple(command.players),
        tuple(tuple(hand) for hand in command.hands),
        tuple(command.businesses),
        command.first_player,
        command.options,
    )


def check_setup(
    players: Sequence[str],
    hands: Sequence[Sequence[Card | None]],
    businesses: Sequence[BusinessTile],
    first_player: int,
    options: RuleOptions,
) -> None:
    """Check the set-up of a game, as :class:`StartGame` gives it (R-2.1 to R-2.7, R-9.1).

    A card may be None where it is hidden, in a redacted log: it then counts in the size of
    its hand, and the rest is checked as far as the visible cards allow.

    Raises:
        IllegalCommand: the set-up breaks a rule; ``error.rule`` names it.
    """
    _check_seating(players, first_player)
    _check_deal(players, hands, options)
    _check_businesses(businesses, len(players))


def _check_seating(players: Sequence[str], first_player: int) -> None:
    """Two to six players, each named apart, and a seat to start (R-2.1, R-2.2, R-2.7)."""
    count = len(players)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise IllegalCommand(
            f"A game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}.", rule="R-2.1"
        )
    names = [name.strip() for name in players]
    if not all(names):
        raise IllegalCommand("Every player needs a name.", rule="R-2.2")
    if len(set(names)) < count:
        twice = next(name for name in names if names.count(name) > 1)
        raise IllegalCommand(
            f"Two players are named {twice!r}: each plays a different boss.", rule="R-2.2"
        )
    if not 0 <= first_player < count:
        raise IllegalCommand(f"There is no seat {first_player} to start.", rule="R-2.7")


def _check_deal(
    players: Sequence[str], hands: Sequence[Sequence[Card | None]], options: RuleOptions
) -> None:
    count = len(players)
    if len(hands) != count:
        raise IllegalCommand(f"{len(hands)} hands were dealt to {count} players.", rule="R-2.3")
    deck = set(tactical_deck() if options.tactical else full_deck())
    dealt: set[Card] = set()
    for name, hand in zip(players, hands, strict=True):
        if len(hand) != HAND_SIZE:
            raise IllegalCommand(f"{name} was dealt {len(hand)} cards, not 5.", rule="R-2.3")
        for card in hand:
            if card is None:
                continue  # hidden from the reader of a redacted log
            if card not in deck:
                raise IllegalCommand(f"{card} is not in this game's deck.", rule="R-9.1")
            if card in dealt:
                raise IllegalCommand(f"{card} was dealt twice.", rule="R-2.3")
            dealt.add(card)


def _check_businesses(tiles: Sequence[BusinessTile], count: int) -> None:
    wanted = FACE_UP_BUSINESSES[count]
    if len(tiles) != wanted:
        raise IllegalCommand(
            f"With {count} players, {wanted} businesses start face up, not {len(tiles)}.",
            rule="R-2.5",
        )
    if len(set(tiles)) != len(tiles) or not set(tiles) <= set(BUSINESS_TILES):
        raise IllegalCommand("The face-up businesses must be different tiles.", rule="R-2.5")


# ------------------------------------------------------------------------------ commands


def _primary(state: GameState, command: Command) -> tuple[Event, ...]:
    # The most frequent commands first. isinstance, not match: in Python 3.11 a class pattern
    # costs about twice as much, and this runs once per command.
    if isinstance(command, PlayGangster):
        return _play_gangster(state, command)
    if isinstance(command, DrawCard):
        return (_draw(state, command.player),)
    if isinstance(command, DealCard):
        return (_deal(state, command.card),)
    if isinstance(command, EndTurn):
        return (_end_turn(state, command.player),)
    if isinstance(command, RevealTile):
        return (_reveal(state, command.tile),)
    if isinstance(command, PlayLiquidation):
        return (_liquidate(state, command),)
    if isinstance(command, PlayPoliceRaid):
        return (_raid(state, command),)
    if isinstance(command, PlayLimousine):
        return _drive(state, command)
    if isinstance(command, PlayRevolver):
        return (_fire(state, command.player),)
    if isinstance(command, PlayBribery):
        return (_bribe(state, command),)
    if isinstance(command, SendReinforcement):
        return (_reinforce(state, command),)
    if isinstance(command, DeclineReinforcement):
        return (_decline(state, command.player),)
    if isinstance(command, StartGame):
        raise IllegalCommand("The game has already started.", rule="R-2.1")
    assert_never(command)


def _name(state: GameState, seat: int) -> str:
    return state.players[seat].name


def _check_seat(state: GameState, seat: int) -> None:
    if not 0 <= seat < len(state.players):
        raise IllegalCommand(f"There is no player in seat {seat}.", rule="R-2.1")


def _chance(state: GameState, wanted: Awaiting, what: str, rule: str) -> None:
    if awaiting(state) is not wanted:
        raise IllegalCommand(f"No {what} is waiting to be revealed now.", rule=rule)


def _deal(state: GameState, card: Card) -> CardDrawn:
    _chance(state, _CARD, "card", "R-3.6")
    if card not in state.draw_pile:
        raise IllegalCommand(f"{card} is not in the draw deck.", rule="R-3.6")
    return _dealt(state, card)


def _dealt(state: GameState, card: Card) -> CardDrawn:
    """The card dealt goes to the first draw waiting for one (R-3.6)."""
    return _card_drawn(state.pending_draws[0], card)


def _reveal(state: GameState, tile: BusinessTile) -> TileRevealed:
    _chance(state, Awaiting.TILE, "business tile", "R-6.6")
    if tile not in state.tile_pile:
        raise IllegalCommand(f"{tile.name} is not in the tile draw pile.", rule="R-6.6")
    return TileRevealed(tile)


def _require_turn(state: GameState, seat: int) -> None:
    """The seat must be the one taking actions now, with an action left (R-3.1, R-3.2)."""
    _check_seat(state, seat)
    waiting = awaiting(state, check_actions=False)
    if waiting is not _ACTION or seat != state.turn.player:
        _refuse_action(state, seat, waiting)


def _refuse_action(state: GameState, seat: int, waiting: Awaiting) -> NoReturn:
    """Say why ``seat`` may not take an action now."""
    turn = state.turn
    if took_every_action(turn, state.previous_turn, seat):
        raise IllegalCommand(
            f"{_name(state, seat)} has already taken every action of their turn.", rule="R-3.2"
        )
    if waiting is not _ACTION:
        raise IllegalCommand(_not_now(state, waiting), rule=_not_now_rule(waiting))
    playing = _name(state, turn.player)
    raise IllegalCommand(
        f"It is not {_name(state, seat)}'s turn: {playing} is playing.", rule="R-3.1"
    )


def _not_now(state: GameState, waiting: Awaiting) -> str:
    if waiting is Awaiting.REINFORCEMENT:
        return "A shootout is waiting for reinforcements first."
    if waiting in (Awaiting.CARD, Awaiting.TILE):
        return "The game is waiting for a card or tile to be revealed first."
    return f"{_name(state, state.turn.player)} has no action left this turn."


def _not_now_rule(waiting: Awaiting) -> str:
    return {Awaiting.REINFORCEMENT: "R-6.7.2", Awaiting.CARD: "R-3.6", Awaiting.TILE: "R-6.6"}.get(
        waiting, "R-3.2"
    )


def _draw(state: GameState, seat: int) -> DrawRequested:
    _require_turn(state, seat)
    if not (state.draw_pile or state.discard_pile):
        raise IllegalCommand("There is no card left to draw.", rule="R-3.8")
    if not can_draw(state, seat):
        raise IllegalCommand(
            f"{_name(state, seat)} may not draw: they could not get back to "
            f"{HAND_LIMIT} cards by the end of the turn.",
            rule="R-3.9",
        )
    return _DRAW_REQUESTS[seat]


def _business(state: GameState, tile: BusinessTile, rule: str) -> Business:
    business = state.business(tile)
    if business is None:
        raise IllegalCommand(f"{tile.name} is not a face-up business in play.", rule=rule)
    return business


def _holding(state: GameState, seat: int, card: Card, rule: str) -> None:
    if card not in state.players[seat].hand:
        raise IllegalCommand(f"{_name(state, seat)} does not hold {card}.", rule=rule)


def _play_gangster(state: GameState, command: PlayGangster) -> tuple[Event, ...]:
    seat, card, tile = command.player, command.card, command.business
    _require_turn(state, seat)
    if not isinstance(card, GangsterCard):
        raise IllegalCommand(f"{card} is not a gangster card: it is never placed.", rule="R-1.8")
    _holding(state, seat, card, "R-3.10")
    business = _business(state, tile, "R-4.1")
    column = business.columns[seat]
    if column_is_full(column):
        raise IllegalCommand(
            f"{_name(state, seat)} already has {MAX_COLUMN} cards at {tile.name}.", rule="R-4.5"
        )
    if not limit_after(state, seat, -1, -1, -1, -1):  # hand, actions, gangster cards, places
        raise IllegalCommand("That play would break the hand limit.", rule="R-3.9")
    played = _gangster_played(seat, card, tile)
    if len(column.cards) + 1 < MAX_COLUMN:
        return (played,)
    return (played, MarkerPlaced(seat, tile, state.markers_placed))


def _special(state: GameState, seat: int, kind: SpecialKind, rule: str) -> SpecialCard:
    """The special card of ``kind`` the seat plays now: the lowest copy held."""
    _require_turn(state, seat)
    for copy in range(1, kind.copies + 1):
        card = SpecialCard(kind, copy)
        if card in state.players[seat].hand:
            if not special_within_limit(state, seat, kind):
                raise IllegalCommand("That play would break the hand limit.", rule="R-3.9")
            return card
    raise IllegalCommand(f"{_name(state, seat)} does not hold a {kind.label} card.", rule=rule)


def _liquidate(state: GameState, command: PlayLiquidation) -> LiquidationPlayed:
    seat, tile, victim = command.player, command.business, command.victim
    _special(state, seat, SpecialKind.LIQUIDATION, "R-5.2")
    verify_liquidation(state, seat, tile, victim)
    return LiquidationPlayed(seat, tile, victim, _in_play(state, tile).columns[victim].cards[-1])


def _raid(state: GameState, command: PlayPoliceRaid) -> PoliceRaidPlayed:
    seat, tile, target = command.player, command.business, command.target
    card = _special(state, seat, SpecialKind.POLICE_RAID, "R-5.3")
    verify_raid(state, seat, tile, target)
    seen = _in_play(state, tile).face_down_cards(target)
    return PoliceRaidPlayed(seat, card.copy, tile, target, seen)


def _drive(state: GameState, command: PlayLimousine) -> tuple[Event, ...]:
    seat, cards = command.player, tuple(command.cards)
    _special(state, seat, SpecialKind.LIMOUSINE, "R-5.4")
    verify_limousine(state, seat, command.source, command.destination, cards)
    moved = LimousinePlayed(seat, command.source, command.destination, cards)
    already = len(_in_play(state, command.destination).columns[seat].cards)
    if already + len(cards) < MAX_COLUMN:
        return (moved,)
    return (moved, MarkerPlaced(seat, command.destination, state.markers_placed))


def _in_play(state: GameState, tile: BusinessTile) -> Business:
    """The face-up business of ``tile``, which a rule check has just found in play."""
    business = state.business(tile)
    assert business is not None
    return business


def _fire(state: GameState, seat: int) -> RevolverPlayed:
    _special(state, seat, SpecialKind.REVOLVER, "R-5.5")
    return RevolverPlayed(seat)


def _bribe(state: GameState, command: PlayBribery) -> BriberyPlayed:
    seat, card = command.player, command.card
    _special(state, seat, SpecialKind.BRIBERY, "R-5.6")
    if not state.discard_pile:
        raise IllegalCommand("The discard pile is empty: there is nothing to take.", rule="R-5.6.1")
    if card not in state.discard_pile:
        raise IllegalCommand(f"{card} is not in the discard pile.", rule="R-5.6.1")
    gained = 1 if isinstance(card, GangsterCard) else 0
    if not limit_after(state, seat, hand=0, actions=-1, gangster_cards=gained):
        raise IllegalCommand("That play would break the hand limit.", rule="R-3.9")
    return BriberyPlayed(seat, card)


def _end_turn(state: GameState, seat: int) -> TurnEnded:
    _require_turn(state, seat)
    if len(state.players[seat].hand) > HAND_LIMIT:
        raise IllegalCommand(
            f"{_name(state, seat)} holds more than {HAND_LIMIT} cards.", rule="R-3.9"
        )
    if not may_end_turn(state):
        actions = state.turn.base_actions
        must = "their one action" if actions == 1 else f"all {actions} actions"
        raise IllegalCommand(f"{_name(state, seat)} must take {must}.", rule="R-3.2")
    return _TURNS_ENDED[seat]


def _chooser(state: GameState, seat: int) -> Shootout:
    _check_seat(state, seat)
    shootout = state.shootout
    if awaiting(state) is not Awaiting.REINFORCEMENT or shootout is None:
        raise IllegalCommand("No shootout is waiting for reinforcements.", rule="R-6.7.1")
    if seat not in shootout.contenders:
        raise IllegalCommand(f"{_name(state, seat)} is not tied in this shootout.", rule="R-6.7.1")
    if any(chooser == seat for chooser, _ in shootout.choices):
        raise IllegalCommand(f"{_name(state, seat)} has already chosen.", rule="R-6.7.2")
    return shootout


def _reinforce(state: GameState, command: SendReinforcement) -> ReinforcementChosen:
    _chooser(state, command.player)
    if not isinstance(command.card, GangsterCard):
        raise IllegalCommand("Only a gangster card can be sent as a reinforcement.", rule="R-6.7.2")
    _holding(state, command.player, command.card, "R-6.7.2")
    return ReinforcementChosen(command.player, command.card)


def _decline(state: GameState, seat: int) -> ReinforcementDeclined:
    _chooser(state, seat)
    if not may_decline(state, seat):
        raise IllegalCommand(
            "A tied player who holds a gangster card must send one.", rule="R-6.7.2"
        )
    return ReinforcementDeclined(seat)


# ---------------------------------------------------------------------- automatic steps


def _automatic(state: GameState) -> Event | None:
    """The next event that follows by itself, or None when a decision is needed."""
    if state.victory is not None:
        return None
    if state.vacancies and (won := _victory(state)) is not None:
        return won
    if state.pending_draws:
        return _pending_draw(state)
    if state.vacancies and state.tile_pile:
        return None
    if state.shootout is not None:
        return _shootout_step(state, state.shootout)
    phase = state.turn.phase
    if phase is _ACTIONS:
        return _end_of_actions(state)
    if phase is _SHOOTOUTS:
        return _next_shootout(state)
    return _next_turn(state)  # TurnPhase.ENDED


def _victory(state: GameState) -> GameWon | None:
    """A win by the player who just took a business (R-8.1, R-8.2, R-8.5)."""
    seat = state.last_winner
    if seat is None or not state.vacancies:
        return None
    last = not (state.businesses or state.tile_pile)
    condition = victory_of(state.players[seat].controlled, state.options, last=last)
    return None if condition is None else GameWon(seat, condition)


def _pending_draw(state: GameState) -> Event | None:
    if state.draw_pile:
        return None  # chance deals the card
    # Never empty here: a draw action needs a card somewhere, and a replacement
    # draw follows the discard of the reinforcement it replaces.
    return DiscardPileReshuffled(len(state.discard_pile))


def _next_turn(state: GameState) -> Event:
    if state.idle_turns >= len(state.players):
        return GameBlocked()
    if state.stalled_turns >= (limit := stall_limit(len(state.players))):
        return GameStalled(limit)
    seat = (state.turn.player + 1) % len(state.players)
    number = state.turn.number + 1
    event = _TURNS_STARTED.get(key := number << 3 | seat)
    if event is None:
        event = TurnStarted(seat, number, min(number + 1, 3))
        if number < _TURNS_KEPT:
            _TURNS_STARTED[key] = event
    return event


def _next_shootout(state: GameState) -> Event:
    seat = state.turn.player
    # The business of the seat's earliest marker: a loop, not a comprehension and min, which
    # in Python 3.11 are a function made and called, at every turn.
    business: Business | None = None
    first = 0
    for each in state.businesses:
        marker = each.columns[seat].marker
        if marker is not None and (business is None or marker < first):
            business, first = each, marker
    if business is None:
        return _ACTION_PHASES[seat]
    hands = tuple(
        (player, column.cards) for player, column in enumerate(business.columns) if column.cards
    )
    return ShootoutStarted(business.tile, seat, hands)


def _end_of_actions(state: GameState) -> Event | None:
    turn = state.turn
    if actions_left(turn) <= 0:
        return _TURNS_ENDED[turn.player]
    if not has_legal_action(state):
        return _TURNS_FORCED_TO_END[turn.player]
    return None


_ASKED_AFTER: Final[dict[type, Callable[[GameState], Event | None]]] = {
    GangsterPlayed: _end_of_actions,
    DrawRequested: _pending_draw,
    TurnEnded: _next_turn,
    TurnStarted: _next_shootout,
    ActionPhaseStarted: _end_of_actions,
}
"""The one automatic rule left to ask after each of the frequent events; exact classes, as
events are never subclassed.

These events (a gangster played, a draw asked for, the end of a turn, the next turn, its
action phase) leave the game neither won nor waiting for a tile, and follow states that had
no shootout open and, but for a draw asked for, no draw pending: :func:`_automatic` would go
through those questions to the one rule each leaves to ask, and :func:`_follow` asks that
rule at once. A state with a business vacant, or after any other event, is asked every
question. ``tests/test_step_fast_paths.py`` checks :func:`_follow` against following with
:func:`_automatic` alone, on every state of random games."""


def _in_turn_order(state: GameState, owner: int, seats: Sequence[int]) -> tuple[int, ...]:
    count = len(state.players)
    return tuple(sorted(seats, key=lambda seat: (seat - owner) % count))


def _shootout_step(state: GameState, shootout: Shootout) -> Event | None:
    business = state.business(shootout.business)
    assert business is not None
    match shootout.stage:
        case ShootoutStage.OPEN:
            return _compare_hands(state, shootout, business)
        case ShootoutStage.CHOOSING:
            return _collect_reinforcements(state, shootout)
        case ShootoutStage.REVEALED:
            return _after_reveal(state, shootout, business)


def _compare_hands(state: GameState, shootout: Shootout, business: Business) -> Event:
    ranks = {
        seat: evaluate_hand(column.cards)
        for seat, column in enumerate(business.columns)
        if column.cards
    }
    best = max(ranks.values())
    tied = [seat for seat, rank in ranks.items() if rank == best]
    if len(tied) == 1:
        return ShootoutWon(business.tile, tied[0], best.category, reinforced=False)
    return ReinforcementRequested(business.tile, _in_turn_order(state, shootout.owner, tied))


def _collect_reinforcements(state: GameState, shootout: Shootout) -> Event | None:
    # A player without a gangster card declines by command too: declining for them
    # at once would tell everyone what their hand lacks before the reveal.
    if len(shootout.choices) < len(shootout.contenders):
        return None  # the tied players choose
    sent = [(seat, card) for seat, card in shootout.choices if card is not None]
    sent.sort(key=lambda pair: (pair[0] - shootout.owner) % len(state.players))
    top = max((card.value for _, card in sent), default=None)
    leaders = tuple(seat for seat, card in sent if card.value == top)
    return ReinforcementsRevealed(shootout.business, tuple(sent), leaders)


def _after_reveal(state: GameState, shootout: Shootout, business: Business) -> Event:
    if len(shootout.contenders) == 1:
        seat = shootout.contenders[0]
        category = evaluate_hand(business.columns[seat].cards).category
        return ShootoutWon(business.tile, seat, category, reinforced=True)
    if not shootout.contenders or shootout.round >= TIE_BREAK_REVEALS:
        return ShootoutVoided(business.tile)
    return ReinforcementRequested(business.tile, shootout.contenders)


register(_CARDS_DRAWN, _GANGSTERS_PLAYED, _TURNS_STARTED)  # core.memos
