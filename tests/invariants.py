"""Invariants of a game of Chicago Poker, checked on states and on the events between them.

``check_invariants(state)`` checks a state at a decision point: a state returned by
:func:`chicago_poker.core.decide.step` or held by :class:`chicago_poker.players.game.Game`
(the automatic steps are done, and the game waits for a player, for chance, or is over).
Between the events of one command some of them do not hold yet (a fifth card is played one
event before its marker), so they are not checked there.

``check_events(state, events)`` applies the events of one command and checks what can only be
seen from the events themselves (turn order, hand size at each turn end, shootout order, the
end of the game). ``check_game_over(state, events)`` checks a finished game.

Each check raises AssertionError with a message that says what broke and where; the rule the
check enforces is in its docstring.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NoReturn

from chicago_poker.core.apply import apply
from chicago_poker.core.cards import (
    BUSINESS_TILES,
    BusinessKind,
    BusinessTile,
    Card,
    GangsterCard,
    SpecialCard,
    SpecialKind,
    full_deck,
    tactical_deck,
)
from chicago_poker.core.decide import follow_up
from chicago_poker.core.events import (
    ActionPhaseStarted,
    BriberyPlayed,
    CardDrawn,
    DiscardPileReshuffled,
    DrawRequested,
    Event,
    GameBlocked,
    GameStalled,
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
    TurnEnded,
    TurnStarted,
)
from chicago_poker.core.hands import evaluate_hand
from chicago_poker.core.legal import Awaiting, awaiting
from chicago_poker.core.rules import RuleOptions, stall_limit
from chicago_poker.core.state import Column, GameState, ShootoutStage, TurnPhase, Victory

__all__ = [
    "FACE_UP_AT_SETUP",
    "HAND_LIMIT",
    "InvariantError",
    "check_events",
    "check_game_over",
    "check_invariants",
    "victories_met",
]

HAND_LIMIT = 7
"""The most cards a hand may hold at the end of its owner's turn (R-3.9)."""

MAX_COLUMN = 5
"""The most cards one player may have at one business (R-4.5)."""

FACE_UP_AT_SETUP = {2: 2, 3: 2, 4: 3, 5: 4, 6: 4}
"""Face-up businesses at set-up by number of players (R-2.5), written from the spec."""


ALL_TILES = frozenset(BUSINESS_TILES)
"""The 20 business tiles (R-1.4)."""


class InvariantError(AssertionError):
    """An invariant of the game does not hold."""


def _fail(message: str) -> NoReturn:
    raise InvariantError(message)


def _where(state: GameState) -> str:
    turn = state.turn
    return f"[turn {turn.number}, seat {turn.player}, {turn.phase.value}]"


# ---------------------------------------------------------------------------- victory


def victories_met(controlled: Sequence[BusinessTile], options: RuleOptions) -> set[Victory]:
    """Every victory condition that ``controlled`` meets (R-8.1, R-8.3), computed from the spec."""
    if len(controlled) < (2 if options.short_game else 3):
        return set()  # every condition needs at least two (short game) or three businesses
    kinds = Counter(tile.kind for tile in controlled)
    most = max(kinds.values(), default=0)
    met: set[Victory] = set()
    if options.short_game:
        if most >= 2:
            met.add(Victory.TWO_OF_A_KIND)
        if len(controlled) >= 3:
            met.add(Victory.THREE_BUSINESSES)
    else:
        if most >= 3:
            met.add(Victory.THREE_OF_A_KIND)
        if set(kinds) == set(BusinessKind):
            met.add(Victory.FOUR_KINDS)
        if len(controlled) >= 5:
            met.add(Victory.FIVE_BUSINESSES)
    return met


# ------------------------------------------------------------------------ state checks


def check_invariants(state: GameState) -> None:
    """Check every invariant of a state at a decision point; raise InvariantError if one fails."""
    _check_cards(state)
    _check_tiles(state)
    _check_columns(state)
    _check_markers(state)
    _check_businesses_count(state)
    _check_turn(state)
    _check_hand_limit(state)
    _check_shootout(state)
    _check_seen(state)
    _check_victory(state)
    _check_decision_point(state)


def _check_cards(state: GameState) -> None:
    """Every card of the game's deck (R-1.3, R-9.1) is in exactly one place, and no other card.

    The places are the hands, the columns at face-up businesses, the draw deck, the discard pile
    and the reinforcements chosen but not yet revealed (R-6.7.2).
    """
    deck = tactical_deck() if state.options.tactical else full_deck()
    if len(deck) != state.options.deck_size:
        _fail(f"the deck has {len(deck)} cards, the options say {state.options.deck_size}")
    places = _card_places(state)
    found = [card for cards in places.values() for card in cards]
    if len(found) == len(deck) and set(found) == set(deck):
        return  # the usual case, checked fast; the rest only explains a failure
    where: dict[Card, list[str]] = {}
    for place, cards in places.items():
        for card in cards:
            where.setdefault(card, []).append(place)
    twice = {str(card): spots for card, spots in where.items() if len(spots) > 1}
    if twice:
        _fail(f"{_where(state)} cards in more than one place: {twice}")
    missing = sorted(str(card) for card in set(deck) - set(where))
    if missing:
        _fail(f"{_where(state)} cards of the deck found nowhere: {missing}")
    foreign = {str(card): where[card] for card in set(where) - set(deck)}
    _fail(f"{_where(state)} cards that are not in this game's deck: {foreign}")


def _card_places(state: GameState) -> dict[str, Sequence[Card]]:
    """The cards of each place where a card can be."""
    places: dict[str, Sequence[Card]] = {}
    for seat, player in enumerate(state.players):
        places[f"hand of seat {seat}"] = tuple(player.hand)
    for business in state.businesses:
        for seat, column in enumerate(business.columns):
            places[f"column of seat {seat} at {business.tile}"] = column.cards
    places["draw deck"] = tuple(state.draw_pile)
    places["discard pile"] = tuple(state.discard_pile)
    if state.shootout is not None:
        chosen = tuple(card for _, card in state.shootout.choices if card is not None)
        places["reinforcements chosen"] = chosen
    return places


def _check_tiles(state: GameState) -> None:
    """Every one of the 20 tiles (R-1.4) is in exactly one place: face up, in the pile, or owned."""
    found = [business.tile for business in state.businesses]
    found += state.tile_pile
    for player in state.players:
        found += player.controlled
    if len(found) == len(BUSINESS_TILES) and set(found) == ALL_TILES:
        return
    places = Counter(found)
    twice = sorted(str(tile) for tile, count in places.items() if count > 1)
    if twice:
        _fail(f"{_where(state)} tiles in more than one place: {twice}")
    missing = sorted(str(tile) for tile in ALL_TILES - set(places))
    if missing:
        _fail(f"{_where(state)} tiles found nowhere: {missing}")
    _fail(f"{_where(state)} unknown tiles: {set(places) - ALL_TILES}")


def _check_columns(state: GameState) -> None:
    """A business has one column per seat, of at most five gangster cards (R-4.5, R-7.1)."""
    count = len(state.players)
    for business in state.businesses:
        if len(business.columns) != count:
            _fail(
                f"{_where(state)} {business.tile} has {len(business.columns)} columns for "
                f"{count} players"
            )
        for seat, column in enumerate(business.columns):
            if len(column.cards) > MAX_COLUMN:
                _fail(
                    f"{_where(state)} seat {seat} has {len(column.cards)} cards at {business.tile}"
                )
            if not all(isinstance(card, GangsterCard) for card in column.cards):
                _fail(f"{_where(state)} a special card lies at {business.tile}: {column.cards}")


def _check_markers(state: GameState) -> None:
    """A column has a marker iff it has five cards (R-4.6, R-5.4.4; kept by R-5.2.3, R-5.4.2).

    Marker numbers are distinct and below ``markers_placed`` (R-6.2 orders shootouts by them).
    """
    numbers: list[int] = []
    for business in state.businesses:
        for seat, column in enumerate(business.columns):
            full = len(column.cards) == MAX_COLUMN
            if full != (column.marker is not None):
                _fail(
                    f"{_where(state)} seat {seat} at {business.tile}: {len(column.cards)} cards "
                    f"and marker {column.marker}"
                )
            if column.marker is not None:
                numbers.append(column.marker)
    if len(numbers) != len(set(numbers)):
        _fail(f"{_where(state)} duplicate markers: {numbers}")
    if not all(0 <= number < state.markers_placed for number in numbers):
        _fail(f"{_where(state)} markers {numbers} but only {state.markers_placed} were placed")


def _check_businesses_count(state: GameState) -> None:
    """Face-up businesses never exceed the set-up count (R-2.5); a won one is replaced (R-6.6).

    Each business won leaves a vacancy until a tile replaces it, so face-up businesses plus
    vacancies is the set-up count; a vacancy stays open only when the tile pile is empty (R-8.4)
    or while the game waits for chance to reveal the tile.
    """
    wanted = FACE_UP_AT_SETUP[len(state.players)]
    if len(state.businesses) > wanted:
        _fail(f"{_where(state)} {len(state.businesses)} face-up businesses, at most {wanted}")
    if len(state.businesses) + state.vacancies != wanted:
        _fail(
            f"{_where(state)} {len(state.businesses)} businesses and {state.vacancies} vacancies "
            f"with {len(state.players)} players"
        )
    waiting = awaiting(state)
    if state.vacancies and state.tile_pile and not state.is_over and waiting is not Awaiting.TILE:
        _fail(f"{_where(state)} a vacancy and tiles left, but the game awaits {waiting}")
    won = sum(len(player.controlled) for player in state.players)
    if won + len(state.businesses) + len(state.tile_pile) != len(BUSINESS_TILES):
        _fail(
            f"{_where(state)} {won} owned, {len(state.businesses)} face up, "
            f"{len(state.tile_pile)} in the pile"
        )


def _check_turn(state: GameState) -> None:
    """Turns go clockwise from the first player (R-3.1) with 1, 2, then 3 actions (R-3.2, R-3.4).

    A Revolver adds two optional actions (R-5.5), and no more actions are taken than the turn has.
    """
    turn = state.turn
    count = len(state.players)
    if turn.number < 0:
        return  # before the first turn; a decision point is never there
    if turn.player != (state.first_player + turn.number) % count:
        _fail(
            f"{_where(state)} turn {turn.number} belongs to seat "
            f"{(state.first_player + turn.number) % count}"
        )
    if turn.base_actions != min(turn.number + 1, 3):
        _fail(f"{_where(state)} {turn.base_actions} ordinary actions")
    if not (turn.bonus_actions >= 0 and turn.bonus_actions % 2 == 0):
        _fail(f"{_where(state)} {turn.bonus_actions} bonus actions: Revolvers give two each")
    if not (0 <= turn.actions_taken <= turn.base_actions + turn.bonus_actions):
        _fail(
            f"{_where(state)} {turn.actions_taken} actions taken of "
            f"{turn.base_actions} + {turn.bonus_actions}"
        )
    if turn.phase is not TurnPhase.ACTIONS and (turn.actions_taken or turn.bonus_actions):
        _fail(f"{_where(state)} actions taken outside the action phase")
    for seat in state.pending_draws:
        if not 0 <= seat < count:
            _fail(f"{_where(state)} pending draw for seat {seat}")
    if turn.phase is TurnPhase.ACTIONS:
        if state.pending_draws not in ((), (turn.player,)):
            _fail(f"{_where(state)} pending draws {state.pending_draws} in the action phase")
        if state.shootout is not None:
            _fail(f"{_where(state)} a shootout in the action phase")
        # the player's markers were all resolved before the first action, and each action
        # places at most one marker.
        own = [b for b in state.businesses if b.columns[turn.player].marker is not None]
        if len(own) > turn.actions_taken:
            _fail(
                f"{_where(state)} seat {turn.player} acts with {len(own)} markers after "
                f"{turn.actions_taken} actions: a due shootout was not resolved (R-6.1)"
            )


def _check_hand_limit(state: GameState) -> None:
    """In the action phase the player can still get back to seven cards (R-3.9).

    With h cards, a actions left, g gangster cards and s free places: h <= 7 or h - 7 <= a, g, s
    (the test of ``chicago_poker.core.legal.within_hand_limit``). Other players hold at most seven.
    """
    turn = state.turn
    for seat, player in enumerate(state.players):
        acting = seat == turn.player and turn.phase is TurnPhase.ACTIONS and not state.is_over
        if acting:
            continue
        # A hand changes outside its owner's action phase only by reinforcements: one card
        # sent, at most one replacement drawn.
        if len(player.hand) > HAND_LIMIT:
            _fail(f"{_where(state)} seat {seat} holds {len(player.hand)} cards outside their turn")
    if turn.phase is not TurnPhase.ACTIONS or state.is_over:
        return
    seat = turn.player
    hand = state.players[seat].hand
    pending = 1 if state.pending_draws else 0  # the card being drawn counts
    h = len(hand) + pending
    g = sum(isinstance(card, GangsterCard) for card in hand)
    s = sum(MAX_COLUMN - len(business.columns[seat].cards) for business in state.businesses)
    a = turn.actions_left
    excess = h - HAND_LIMIT
    if excess > 0 and excess > min(a, g, s):
        _fail(
            f"{_where(state)} hand limit broken: {h} cards, {a} actions left, {g} gangster cards, "
            f"{s} free places"
        )


def _check_shootout(state: GameState) -> None:
    """A shootout runs at the start of its owner's turn, lowest marker first (R-6.1, R-6.2).

    Only tied players reinforce (R-6.7.1), once per round (R-6.7.2).
    """
    shootout = state.shootout
    if shootout is None:
        return
    if not (state.turn.phase is TurnPhase.SHOOTOUTS and shootout.owner == state.turn.player):
        _fail(f"{_where(state)} a shootout of seat {shootout.owner} outside their shootout phase")
    business = state.business(shootout.business)
    if business is None:
        _fail(f"{_where(state)} shootout at {shootout.business}, not in play")
    marker = business.columns[shootout.owner].marker
    if marker is None:
        _fail(f"{_where(state)} shootout at {business.tile} with no marker")
    others = [
        b.columns[shootout.owner].marker
        for b in state.businesses
        if b.columns[shootout.owner].marker is not None
    ]
    if marker != min(m for m in others if m is not None):
        _fail(
            f"{_where(state)} shootout at {business.tile} (marker {marker}) before markers {others}"
        )
    with_cards = {seat for seat, column in enumerate(business.columns) if column.cards}
    if not set(shootout.contenders) <= with_cards:
        _fail(f"{_where(state)} contenders {shootout.contenders} without cards at {business.tile}")
    chosen = [seat for seat, _ in shootout.choices]
    if not (len(chosen) == len(set(chosen)) and set(chosen) <= set(shootout.contenders)):
        _fail(f"{_where(state)} choices {shootout.choices} for contenders {shootout.contenders}")
    if shootout.stage is ShootoutStage.CHOOSING and len(shootout.contenders) < 2:
        _fail(f"{_where(state)} reinforcement with contenders {shootout.contenders} (R-6.7)")


def _check_seen(state: GameState) -> None:
    """What a Police Raid showed is known only while the card stays face down there (R-5.3)."""
    for seer, player in enumerate(state.players):
        for tile, owner, card in player.seen:
            business = state.business(tile)
            if not (business is not None and card in business.columns[owner].cards):
                _fail(f"{_where(state)} seat {seer} still knows {card} of seat {owner} at {tile}")
            elif card not in business.face_down_cards(owner):
                _fail(f"{_where(state)} seat {seer} keeps {card} of seat {owner} at {tile} secret")
            if seer == owner:
                _fail(f"{_where(state)} seat {seer} raided themselves")


def _check_victory(state: GameState) -> None:
    """Nobody meets a victory condition while the game goes on; at the end one winner (R-8.2).

    The winner meets the condition named, or won the last business (R-8.5); nobody else meets
    one; a blocked or stalled game has no winner (R-8.6, R-8.7), and no more turns than the
    limit end in a row without a business won (R-8.7).
    """
    limit = stall_limit(len(state.players))
    if state.stalled_turns > limit:
        _fail(f"{_where(state)} {state.stalled_turns} turns without a business won, over {limit}")
    met = {
        seat: victories_met(player.controlled, state.options)
        for seat, player in enumerate(state.players)
    }
    winners = sorted(seat for seat, conditions in met.items() if conditions)
    if not state.is_over:
        if winners:
            _fail(f"{_where(state)} seats {winners} met {met} but play goes on")
        if state.winner is not None:
            _fail(f"{_where(state)} a winner before the end")
        return
    if state.victory in (Victory.BLOCKED, Victory.STALLED):
        if state.winner is not None:
            _fail(f"{_where(state)} a {state.victory.value} game with a winner")
        if winners:
            _fail(f"{_where(state)} {state.victory.value}, but seats {winners} met {met}")
        if state.victory is Victory.STALLED and state.stalled_turns != limit:
            _fail(f"{_where(state)} stalled after {state.stalled_turns} turns, not {limit}")
        return
    winner = state.winner
    if winner is None:
        _fail(f"{_where(state)} the game ended by {state.victory}, no winner")
    if winner != state.last_winner:
        _fail(
            f"{_where(state)} seat {winner} won the game but seat {state.last_winner} won the "
            "latest shootout"
        )
    if winners not in ([], [winner]):
        _fail(f"{_where(state)} several players met {met}")
    if state.victory is Victory.LAST_BUSINESS:
        if met[winner] or state.businesses or state.tile_pile:
            _fail(
                f"{_where(state)} last-business victory with {len(state.businesses)} businesses, "
                f"{len(state.tile_pile)} tiles left, conditions {met[winner]}"
            )
    else:
        if state.victory not in met[winner]:
            _fail(
                f"{_where(state)} seat {winner} won by {state.victory} with "
                f"{[str(t) for t in state.players[winner].controlled]}"
            )


def _check_decision_point(state: GameState) -> None:
    """The state waits for somebody unless the game is over; no automatic step is left."""
    waiting = awaiting(state)
    if (waiting is Awaiting.NOTHING) != state.is_over:
        _fail(f"{_where(state)} awaits {waiting} and is_over is {state.is_over}")
    if not state.is_over:
        _, events = follow_up(state)
        if events:
            _fail(f"{_where(state)} automatic events left at a decision: {events}")


# ----------------------------------------------------------------------- event checks


def check_events(state: GameState | None, events: Sequence[Event]) -> GameState:
    """Apply the events of one command to ``state``, checking each; return the state after.

    Checks: a hand holds at most seven cards when its owner's turn ends (R-3.5, R-3.9); a turn
    starts with the next seat and 1, 2, then 3 actions (R-3.1, R-3.4); shootouts start in
    marker order, and the action phase only when none is due (R-6.1, R-6.2); a shootout is won
    by the best hand or by the highest reinforcement (R-6.4, R-6.7.3); only tied players
    reinforce, compulsorily unless declining is allowed, and each choice is the first event of
    its player's command, never automatic (R-6.7.1, R-6.7.2, R-6.7.6); a turn
    ends early only by choice when allowed, or when nothing is allowed (R-3.2, R-3.5); businesses
    won are never lost (R-6.5); each card event agrees with the position (see
    ``_check_card_event``); nothing follows the end of the game (R-8.2).
    """
    for index, event in enumerate(events):
        if state is not None and state.is_over:
            raise InvariantError(f"{event} follows the end of the game")
        before = state
        state = apply(state, event)
        if before is None:
            continue
        where = f"{_where(before)} event {index} {type(event).__name__}"
        for old, new in zip(before.players, state.players, strict=True):
            if new.controlled[: len(old.controlled)] != old.controlled:
                _fail(f"{where}: {old.name} lost a business (R-6.5)")
        match event:
            case TurnEnded():
                hand = len(state.players[event.player].hand)
                if hand > HAND_LIMIT:
                    _fail(f"{where}: seat {event.player} ends with {hand} cards")
                if event.player != before.turn.player:
                    _fail(f"{where}: not seat {event.player}'s turn")
                _check_turn_end(before, event, index, where)
            case TurnStarted():
                count = len(before.players)
                if before.turn.phase is not TurnPhase.ENDED:
                    _fail(f"{where}: a turn starts before the last one ended")
                if not (
                    event.player == (before.turn.player + 1) % count
                    and event.number == before.turn.number + 1
                ):
                    _fail(
                        f"{where}: seat {event.player}, turn {event.number} follows seat "
                        f"{before.turn.player}, turn {before.turn.number}"
                    )
                if event.actions != min(event.number + 1, 3):
                    _fail(f"{where}: {event.actions} actions in turn {event.number}")
            case ShootoutStarted():
                _check_shootout_start(before, event, where)
            case ActionPhaseStarted():
                marked = [
                    str(b.tile)
                    for b in before.businesses
                    if b.columns[event.player].marker is not None
                ]
                if marked:
                    _fail(f"{where}: shootouts at {marked} were not resolved")
            case ShootoutWon():
                _check_shootout_won(before, event, where)
            case ReinforcementsRevealed():
                owner = before.shootout.owner if before.shootout is not None else -1
                count = len(before.players)
                seats = [seat for seat, _ in event.cards]
                if seats != sorted(seats, key=lambda seat: (seat - owner) % count):
                    _fail(
                        f"{where}: reinforcements {event.cards} not in turn order from seat {owner}"
                    )
                values = [card.value for _, card in event.cards]
                top = max(values, default=None)
                if list(event.contenders) != [s for s, c in event.cards if c.value == top]:
                    _fail(
                        f"{where}: contenders {event.contenders} after reinforcements {event.cards}"
                    )
            case GameWon() | GameBlocked() | GameStalled():
                if index != len(events) - 1:
                    _fail(f"{where}: events follow the end of the game")
            case ReinforcementChosen() | ReinforcementDeclined() if index != 0:
                # A choice is only ever a player's command: one made for a tied player, such
                # as a decline for one without a gangster card, tells the table what their
                # hand lacks before the reveal.
                _fail(f"{where}: a reinforcement choice made without its player's command")
            case (
                ReinforcementRequested()
                | ReinforcementChosen()
                | ReinforcementDeclined()
                | ShootoutVoided()
            ):
                _check_reinforcement(before, event, where)
            case _:
                _check_card_event(before, event, state, where)
    assert state is not None
    return state


PATTERNS = {
    BusinessKind.SPEAKEASY: "DDUUU",
    BusinessKind.JAZZ_CLUB: "UUUDD",
    BusinessKind.BREWERY: "UUUUU",
    BusinessKind.GAMBLING_HOUSE: "UDUDU",
}
"""Face down (D) or up (U) by position 1 to 5, written from R-4.2.1 to R-4.2.4."""


def _check_card_event(before: GameState, event: Event, after: GameState, where: str) -> None:
    """The card events agree with the position they come from.

    A drawn card comes off the draw deck, for the first seat waiting (R-3.6); the discard pile is
    reshuffled only when a card is needed and the deck is empty (R-3.7); a gangster card goes to
    the end of the player's column (R-4.1); a marker gets the next number (R-4.6); Liquidation
    takes another player's last card, not under a marker (R-5.2); a Police Raid sees exactly the
    face-down cards (R-4.2, R-5.3); a Limousine moves the last cards unmarked (R-5.4); Bribery
    takes a discarded card, the rest joins the deck, Bribery alone is discarded (R-5.6).
    """
    acting = before.turn.player
    match event:
        case CardDrawn():
            if not before.pending_draws or event.player != before.pending_draws[0]:
                _fail(f"{where}: seat {event.player} drew, waiting: {before.pending_draws}")
            if event.card not in before.draw_pile:
                _fail(f"{where}: {event.card} is not in the draw deck")
        case DiscardPileReshuffled():
            if before.draw_pile or not before.pending_draws:
                _fail(f"{where}: reshuffled with {len(before.draw_pile)} cards left to draw")
            if event.cards != len(before.discard_pile) or after.discard_pile:
                _fail(f"{where}: {event.cards} of {len(before.discard_pile)} cards reshuffled")
        case DrawRequested() | GangsterPlayed() | RevolverPlayed():
            if event.player != acting or before.turn.phase is not TurnPhase.ACTIONS:
                _fail(f"{where}: seat {event.player} acts out of turn")
            if isinstance(event, GangsterPlayed):
                business = after.business(event.business)
                if business is None or business.columns[event.player].cards[-1] is not event.card:
                    _fail(f"{where}: {event.card} is not last at {event.business}")
        case MarkerPlaced():
            business = after.business(event.business)
            if event.number != before.markers_placed:
                _fail(f"{where}: marker {event.number} after {before.markers_placed} placed")
            if business is None or len(business.columns[event.player].cards) != MAX_COLUMN:
                _fail(f"{where}: a marker on a column that is not of five cards")
        case LiquidationPlayed():
            column = _column_before(before, event.business, event.victim, where)
            if event.victim == event.player or column.marker is not None:
                _fail(f"{where}: seat {event.victim} may not be liquidated there")
            if not column.cards or column.cards[-1] is not event.card:
                _fail(f"{where}: {event.card} is not the last card of {column.cards}")
        case PoliceRaidPlayed():
            column = _column_before(before, event.business, event.target, where)
            pattern = PATTERNS[event.business.kind]
            faces = pattern[: len(column.cards)]
            down = tuple(c for c, face in zip(column.cards, faces, strict=True) if face == "D")
            if event.target == event.player or not column.cards or event.seen != down:
                _fail(f"{where}: raid saw {event.seen}, face down: {down} of {column.cards}")
        case LimousinePlayed():
            _check_limousine(before, event, where)
        case BriberyPlayed():
            bribery = SpecialCard(SpecialKind.BRIBERY)
            if event.card not in before.discard_pile or after.discard_pile != {bribery}:
                _fail(f"{where}: bribery of {event.card}, discard pile {after.discard_pile}")
            rest = (before.draw_pile | before.discard_pile) - {event.card}
            if after.draw_pile != rest:
                _fail(f"{where}: the draw deck is not the old deck and discard pile (R-5.6.2)")
        case _:
            pass


def _check_turn_end(before: GameState, event: TurnEnded, index: int, where: str) -> None:
    """A turn ends when no action is left, by choice only when that is allowed, or when no action
    is allowed (R-3.2, R-3.5, D-9); each condition is computed here from R-3.8 and R-3.9.
    """
    turn = before.turn
    if event.forced:
        if turn.actions_left <= 0:
            _fail(f"{where}: a forced end with no action left")
        if _spec_allows_draw_or_play(before):
            _fail(f"{where}: a forced end although a draw or a gangster play is allowed")
    elif turn.actions_left > 0:
        # Only an EndTurn command ends a turn early, and its TurnEnded is the command's first event.
        chosen = before.options.optional_actions or turn.actions_taken >= turn.base_actions
        if index != 0 or not chosen:
            _fail(f"{where}: the turn ended with {turn.actions_left} compulsory actions left")


def _spec_allows_draw_or_play(state: GameState) -> bool:
    """Whether R-3.8 and R-3.9 allow the acting player to draw or to play a gangster card."""
    seat = state.turn.player
    hand = state.players[seat].hand
    h, a = len(hand), state.turn.actions_left
    g = sum(isinstance(card, GangsterCard) for card in hand)
    s = sum(MAX_COLUMN - len(b.columns[seat].cards) for b in state.businesses)

    def within(h: int, a: int, g: int, s: int) -> bool:
        return h <= HAND_LIMIT or h - HAND_LIMIT <= min(a, g, s)

    can_draw = bool(state.draw_pile or state.discard_pile) and within(h + 1, a - 1, g, s)
    can_play = g > 0 and s > 0 and within(h - 1, a - 1, g - 1, s - 1)
    return can_draw or can_play


def _check_reinforcement(before: GameState, event: Event, where: str) -> None:
    """Only the tied best hands reinforce (R-6.7.1), then only the highest senders (R-6.7.4);
    sending is compulsory for a holder of a gangster card unless declining is allowed (R-6.7.2,
    R-6.7.6); nobody wins a shootout where nobody sent a card (R-6.7.6).
    """
    shootout = before.shootout
    if shootout is None:
        _fail(f"{where}: no shootout in progress")
    match event:
        case ReinforcementRequested():
            if shootout.stage is ShootoutStage.OPEN:
                business = before.business(shootout.business)
                if business is None:
                    _fail(f"{where}: {shootout.business} is not in play")
                ranks = {
                    seat: evaluate_hand(column.cards)
                    for seat, column in enumerate(business.columns)
                    if column.cards
                }
                best = max(ranks.values())
                tied = {seat for seat, rank in ranks.items() if rank == best}
            else:
                tied = set(shootout.contenders)
            if set(event.contenders) != tied or len(tied) < 2:
                _fail(f"{where}: contenders {event.contenders}, tied: {sorted(tied)}")
        case ReinforcementChosen():
            if event.player not in shootout.contenders or event.card not in (
                before.players[event.player].hand
            ):
                _fail(f"{where}: seat {event.player} may not send {event.card}")
        case ReinforcementDeclined():
            holds = any(isinstance(c, GangsterCard) for c in before.players[event.player].hand)
            if holds and not before.options.optional_reinforcement:
                _fail(f"{where}: seat {event.player} holds a gangster card but sent none")
        case ShootoutVoided():
            if shootout.contenders:
                _fail(f"{where}: voided with contenders {shootout.contenders} left")
        case _:
            pass


def _column_before(before: GameState, tile: BusinessTile, seat: int, where: str) -> Column:
    business = before.business(tile)
    if business is None:
        _fail(f"{where}: {tile} is not in play")
    return business.columns[seat]


def _check_limousine(before: GameState, event: LimousinePlayed, where: str) -> None:
    source = _column_before(before, event.source, event.player, where)
    target = _column_before(before, event.destination, event.player, where)
    moved = set(event.cards)
    if event.source == event.destination or source.marker is not None:
        _fail(f"{where}: the Limousine may not move these cards")
    if not 1 <= len(event.cards) <= 4 or len(moved) != len(event.cards):
        _fail(f"{where}: the Limousine moves {event.cards}")
    if not moved <= set(source.cards) or len(target.cards) + len(moved) > MAX_COLUMN:
        _fail(f"{where}: {event.cards} do not fit from {source.cards} to {target.cards}")
    if not before.options.limousine_any_cards and moved != set(source.cards[-len(moved) :]):
        _fail(f"{where}: {event.cards} are not the last cards of {source.cards} (R-5.4.1)")


def _check_shootout_start(before: GameState, event: ShootoutStarted, where: str) -> None:
    if not (before.turn.phase is TurnPhase.SHOOTOUTS and event.owner == before.turn.player):
        _fail(f"{where}: seat {event.owner}'s shootout outside their shootout phase")
    business = before.business(event.business)
    if business is None:
        _fail(f"{where}: {event.business} is not in play")
    markers = [
        b.columns[event.owner].marker
        for b in before.businesses
        if b.columns[event.owner].marker is not None
    ]
    marker = business.columns[event.owner].marker
    if not (marker is not None and marker == min(m for m in markers if m is not None)):
        _fail(f"{where}: shootout at {event.business} (marker {marker}) of markers {markers}")
    expected = tuple(
        (seat, column.cards) for seat, column in enumerate(business.columns) if column.cards
    )
    if event.hands != expected:
        _fail(f"{where}: hands {event.hands}, expected {expected}")


def _check_shootout_won(before: GameState, event: ShootoutWon, where: str) -> None:
    business = before.business(event.business)
    if business is None:
        _fail(f"{where}: {event.business} is not in play")
    ranks = {
        seat: evaluate_hand(column.cards)
        for seat, column in enumerate(business.columns)
        if column.cards
    }
    best = max(ranks.values())
    tied = sorted(seat for seat, rank in ranks.items() if rank == best)
    if event.player not in tied:
        _fail(f"{where}: seat {event.player} won with {ranks}")
    if event.reinforced != (len(tied) > 1):
        _fail(f"{where}: reinforced={event.reinforced} with best hands of seats {tied}")
    if event.category != best.category:
        _fail(f"{where}: category {event.category}, best {best}")


def check_game_over(state: GameState, events: Sequence[Event]) -> None:
    """A finished game ends with GameWon (one winner, R-8.2), GameBlocked (R-8.6) or
    GameStalled (R-8.7), last."""
    if not state.is_over:
        _fail(f"{_where(state)} the game is not over")
    last = events[-1]
    ends = [event for event in events if isinstance(event, (GameWon, GameBlocked, GameStalled))]
    if ends != [last]:
        _fail(f"end events {ends}, last event {last}")
    if isinstance(last, GameWon):
        if not (state.winner == last.player and state.victory is last.victory):
            _fail(f"GameWon {last} but the state says {state.winner}, {state.victory}")
        if last.victory in (Victory.BLOCKED, Victory.STALLED):
            _fail(f"a game won by being {last.victory.value}")
    elif isinstance(last, GameStalled):
        limit = stall_limit(len(state.players))
        if not (state.winner is None and state.victory is Victory.STALLED and last.turns == limit):
            _fail(f"{last} but the state says {state.winner}, {state.victory}")
    else:
        if not (state.winner is None and state.victory is Victory.BLOCKED):
            _fail(f"GameBlocked but the state says {state.winner}, {state.victory}")
    check_invariants(state)
