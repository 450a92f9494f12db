"""Replay a history with its hidden cards filled in, through the engine: :func:`replay`.

An :class:`~chicago_poker.referee.assignment.Assignment` gives every hidden card an identity;
:func:`complete` turns each redacted command of the history into the complete command it stands
for, and :func:`replay` runs them through :func:`~chicago_poker.core.decide.step`, redacting the
engine's events for the viewer (:func:`~chicago_poker.core.redacted_events.redact`) and comparing
them with the history's. The engine is the only judge: a command it refuses, or an event that
redacts to something other than what the history shows, ends the replay there.

The module is pure.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final, Protocol, get_args

from attrs import Factory, define

from chicago_poker.core.apply import apply
from chicago_poker.core.cards import GANGSTER_CARDS, Card, GangsterCard, full_deck
from chicago_poker.core.commands import (
    Command,
    DealCard,
    DeclineReinforcement,
    PlayBribery,
    PlayGangster,
    PlayLimousine,
    SendReinforcement,
    StartGame,
)
from chicago_poker.core.errors import ChicagoPokerError, IllegalCommand
from chicago_poker.core.events import Event, GangsterPlayed, LimousinePlayed, PoliceRaidPlayed
from chicago_poker.core.legal import legal_commands
from chicago_poker.core.redacted_commands import (
    PUBLIC_COMMANDS,
    RedactedCommand,
    RedactedDealCard,
    RedactedPlayBribery,
    RedactedPlayGangster,
    RedactedPlayLimousine,
    RedactedSendReinforcement,
    RedactedStartGame,
    SeenCommand,
    redact_command,
)
from chicago_poker.core.redacted_events import PUBLIC_EVENTS, SeenEvent, redact
from chicago_poker.core.state import GameState
from chicago_poker.referee.assignment import Assignment
from chicago_poker.referee.exact import BudgetSpentError
from chicago_poker.referee.ledger import Ledger, Place, SeenEntry
from chicago_poker.referee.releases import Implied, step_as_written

__all__ = ["REFUSED", "Budget", "Failure", "Played", "complete", "filler", "replay"]


class Budget(Protocol):
    """A bound on the work of a caller that waits: ``expired()`` says when it is spent."""

    def expired(self) -> bool:
        """Whether the time (or work) allowed is spent."""


@define(eq=False)
class Failure:
    """Where a replay stopped: the entry, the engine's rule and reason, the two sides there."""

    index: int
    """The entry (from 0)."""

    rule: str | None
    """The rule the engine named, if any."""

    reason: str
    """Why, in words."""

    recorded: SeenEvent | SeenCommand | None = None
    """The history's command or event where the replay differs."""

    expected: SeenEvent | SeenCommand | None = None
    """The engine's, as the viewer sees it (None: no more events)."""

    depth: int = 0
    """How far into the entry the replay got."""

    state: GameState | None = None
    """The state before the entry (set by :func:`replay`)."""


@define(eq=False)
class Played:
    """A replay that reached the end: the commands, their events and the states after them."""

    commands: list[Command]
    """The complete commands."""

    events: list[tuple[Event, ...]]
    """The events of each."""

    states: list[GameState]
    """The state after each, or only after the last (see :func:`replay`)."""

    implied: dict[int, tuple[Implied, ...]] = Factory(dict)
    """The commands supplied after an entry for the engine that wrote the history, by entry,
    with their events (which end that entry's :attr:`events`): see :func:`judge`."""

    @property
    def final(self) -> GameState | None:
        """The state after the last command (None for no command)."""
        return self.states[-1] if self.states else None


REFUSED: Final = 2
"""The :attr:`Failure.depth` of a command the engine refused."""

_BUDGET_EVERY: Final = 256
"""How many entries a replay goes between two questions to its budget."""

_STATEFUL_TYPES: Final = frozenset({GangsterPlayed, PoliceRaidPlayed, LimousinePlayed})
"""Events whose redaction depends on the state just before them, not only the command's."""

_HIDING: Final = frozenset(get_args(RedactedCommand))
"""The redacted commands: each stands for a command with hidden cards, to complete."""


def complete(
    index: int, seen: SeenCommand, ledger: Ledger, assignment: Assignment, state: GameState | None
) -> Command:
    """The complete command that entry ``index`` shows as ``seen``, by ``assignment``.

    An entry whose hidden card the ledger has no slot or token for (a forged one) gets a
    :func:`filler`, for the engine to say what is wrong.
    """
    if type(seen) not in _HIDING:
        return seen  # type: ignore[return-value]  # a command every seat sees whole
    try:
        return _complete(index, seen, ledger, assignment, state)
    except (KeyError, StopIteration):
        return filler(seen, state, ledger, index)


def _complete(
    index: int, seen: SeenCommand, ledger: Ledger, assignment: Assignment, state: GameState | None
) -> Command:
    cards = assignment.slot_cards
    match seen:
        case RedactedStartGame():
            return _complete_start(seen, ledger, assignment)
        case RedactedDealCard():
            return DealCard(cards[ledger.slot_of[index]])
        case RedactedPlayBribery(player=seat):
            return PlayBribery(seat, cards[ledger.slot_of[index]])
        case RedactedPlayGangster(player=seat, business=tile):
            card = assignment.token_cards.get(ledger.token_of[index])
            return PlayGangster(seat, _gangster(card, state, seat), tile)
        case RedactedSendReinforcement(player=seat):
            card = assignment.token_cards.get(ledger.token_of[index])
            if card is None:
                return DeclineReinforcement(seat)
            return SendReinforcement(seat, _gangster(card, state, seat))
        case RedactedPlayLimousine():
            return _complete_limousine(seen, ledger.limousine_of[index], assignment, state)
        case _:
            return seen


def _complete_start(seen: RedactedStartGame, ledger: Ledger, assignment: Assignment) -> StartGame:
    """The set-up, each hidden card of the hands the one its slot of the deal brought."""
    cards = assignment.slot_cards
    hands = []
    for seat, hand in enumerate(seen.hands):
        dealt = iter(ledger.deal.get(seat, ()))
        # A loop, not a generator: StopIteration (more hidden cards than slots) must reach
        # complete(), which gives the engine a filler instead.
        hands.append(tuple([card if card is not None else cards[next(dealt)] for card in hand]))
    return StartGame(seen.players, tuple(hands), seen.businesses, seen.first_player, seen.options)


def _complete_limousine(
    seen: RedactedPlayLimousine,
    places: list[Place],
    assignment: Assignment,
    state: GameState | None,
) -> PlayLimousine:
    """The Limousine move, each card the one the assignment puts at the place it went to."""
    seat = seen.player
    moved = tuple(_gangster(assignment.card_at(place), state, seat) for place in places)
    return PlayLimousine(seat, seen.source, seen.destination, moved)


def _gangster(card: Card | None, state: GameState | None, seat: int) -> GangsterCard:
    """``card`` where a gangster card belongs; the engine refuses a special card there."""
    if card is not None:
        return card  # type: ignore[return-value]  # the engine refuses a special card (R-1.8)
    if state is not None and 0 <= seat < len(state.players):
        for held in state.players[seat].hand:
            if isinstance(held, GangsterCard):
                return held
    return _ANY_GANGSTER


_ANY_GANGSTER: Final = GANGSTER_CARDS[0]
"""A gangster card for a command whose card nothing decides: the engine judges it."""


def replay(
    entries: Sequence[SeenEntry],
    viewer: int | None,
    ledger: Ledger,
    assignment: Assignment,
    budget: Budget | None = None,
    *,
    start: int = 0,
    state: GameState | None = None,
    every_state: bool = False,
) -> Played | Failure:
    """Replay ``entries`` completed by ``assignment``; where the engine disagrees, or the end.

    The states after each entry are kept with ``every_state``; else the last one only.

    Raises:
        BudgetSpentError: ``budget`` is spent (it is asked every 256 entries).
    """
    commands: list[Command] = []
    events: list[tuple[Event, ...]] = []
    states: list[GameState] = []
    supplied: dict[int, tuple[Implied, ...]] = {}
    for index in range(start, len(entries)):
        if budget is not None and not index % _BUDGET_EVERY and budget.expired():
            raise BudgetSpentError
        entry = entries[index]
        command = complete(index, entry.command, ledger, assignment, state)
        result = judge(index, entry, command, state, viewer, ledger.automatic_decline)
        if isinstance(result, Failure):
            result.state = state
            return result
        state, caused, implied = result
        commands.append(command)
        events.append(caused)
        if implied:
            supplied[index] = implied
        if every_state:
            states.append(state)
    if not every_state and state is not None and commands:
        states.append(state)
    return Played(commands, events, states, supplied)


def judge(
    index: int,
    entry: SeenEntry,
    command: Command,
    state: GameState | None,
    viewer: int | None,
    automatic_decline: bool = False,
) -> tuple[GameState, tuple[Event, ...], tuple[Implied, ...]] | Failure:
    """Step ``command`` and compare it and its events, redacted for ``viewer``, with ``entry``.

    A command the entry shows whole must be one the viewer may see whole; any other must
    redact, after the engine takes it, to the entry's. Commands are read or made whole, so
    their form is not checked again (:func:`~chicago_poker.core.decide.step_well_formed`).
    With ``automatic_decline`` (a history written by an engine before 0.2.0), the declines
    that engine gave by itself after the command are stepped too, and come back with their
    events (:func:`~chicago_poker.referee.releases.step_as_written`).
    """
    whole = command is entry.command
    if whole and type(command) not in PUBLIC_COMMANDS:  # may the viewer see all of it?
        hidden = _hidden_part(index, command, state, viewer)
        if hidden is not None:
            return hidden
    try:
        after, caused, implied = step_as_written(
            state, command, automatic_decline=automatic_decline
        )
    except IllegalCommand as error:
        return Failure(index, error.rule, error.message, depth=REFUSED)
    except ChicagoPokerError as error:  # pragma: no cover - the engine raises only the above
        return Failure(index, None, str(error), depth=REFUSED)
    if not whole:
        seen = redact_command(state, command, viewer)
        if seen != entry.command:
            return Failure(index, None, "the command differs", entry.command, seen, 3)
    failure = _events_failure(index, entry.events, state, after, caused, viewer)
    return (after, caused, implied) if failure is None else failure


def _hidden_part(
    index: int, command: Command, state: GameState | None, viewer: int | None
) -> Failure | None:
    """The failure of a command shown whole that hides something from ``viewer``; or None."""
    try:
        shown = redact_command(state, command, viewer)
    except (ChicagoPokerError, ValueError):
        return None  # the engine says what is wrong with it
    if shown != command:
        return Failure(index, None, "the command differs", command, shown, 1)
    return None


def _same_and_public(shown: tuple[SeenEvent, ...], caused: tuple[Event, ...]) -> bool:
    """Whether the engine's events are the history's, and every seat sees each of them whole."""
    if len(caused) == 1 and len(shown) == 1:
        event = caused[0]
        return type(event) in PUBLIC_EVENTS and event == shown[0]  # the most common case
    if caused == shown:
        return all(type(event) in PUBLIC_EVENTS for event in caused)
    return False


def _events_failure(
    index: int,
    shown: tuple[SeenEvent, ...],
    state: GameState | None,
    after: GameState,
    caused: tuple[Event, ...],
    viewer: int | None,
) -> Failure | None:
    """The first of the engine's events that, redacted, differs from the history's; or None.

    An event every seat sees whole is compared as it is; the others are redacted first.
    """
    if _same_and_public(shown, caused):
        return None
    return _first_difference(index, shown, state, after, caused, viewer)


def _first_difference(
    index: int,
    shown: tuple[SeenEvent, ...],
    state: GameState | None,
    after: GameState,
    caused: tuple[Event, ...],
    viewer: int | None,
) -> Failure | None:
    """:func:`_events_failure` past its fast paths: each event redacted in turn, and compared."""
    before = state if state is not None else after
    chained = any(type(event) in _STATEFUL_TYPES for event in caused[1:])
    for position, event in enumerate(caused):
        if type(event) in PUBLIC_EVENTS:
            seen: SeenEvent = event
        else:
            seen = redact(before if position or state is not None else None, event, viewer)
        if position >= len(shown) or shown[position] != seen:
            recorded = shown[position] if position < len(shown) else None
            return Failure(index, None, f"event {position + 1}", recorded, seen, 4 + position)
        if chained:
            before = apply(before, event)
    if len(shown) > len(caused):
        return Failure(
            index, None, f"event {len(caused) + 1}", shown[len(caused)], None, 4 + len(caused)
        )
    return None


def filler(seen: SeenCommand, state: GameState | None, ledger: Ledger, index: int) -> Command:
    """Some complete command for ``seen``, for the engine to say why the entry cannot be."""
    match seen:
        case RedactedStartGame():
            return _start_filler(seen)
        case RedactedDealCard():
            return DealCard(_any_card(state))
        case RedactedPlayBribery(player=seat):
            pile = sorted(state.discard_pile, key=_order) if state is not None else []
            return PlayBribery(seat, pile[0] if pile else _ANY_GANGSTER)
        case RedactedPlayGangster(player=seat, business=tile):
            return PlayGangster(seat, _gangster(None, state, seat), tile)
        case RedactedSendReinforcement(player=seat):
            return SendReinforcement(seat, _gangster(None, state, seat))
        case RedactedPlayLimousine():
            return _limousine_filler(seen, state, index)
        case _:
            return seen


def _start_filler(seen: RedactedStartGame) -> StartGame:
    """The set-up, each hidden card one of the deck's not shown, in order."""
    used = {card for hand in seen.hands for card in hand if card is not None}
    spare = itertools.cycle([card for card in full_deck() if card not in used] or [_ANY_GANGSTER])
    hands = tuple(
        tuple([card if card is not None else next(spare) for card in hand]) for hand in seen.hands
    )
    return StartGame(seen.players, hands, seen.businesses, seen.first_player, seen.options)


def _order(card: Card) -> int:
    return card.order


def _any_card(state: GameState | None) -> Card:
    if state is not None and state.draw_pile:
        return min(state.draw_pile, key=_order)
    return _ANY_GANGSTER


def _limousine_filler(seen: RedactedPlayLimousine, state: GameState | None, index: int) -> Command:
    """A Limousine move that redacts to ``seen`` if there is one, else one the engine refuses."""
    if state is not None:
        for command in legal_commands(state, seen.player):
            if (
                isinstance(command, PlayLimousine)
                and command.source == seen.source
                and command.destination == seen.destination
                and len(command.cards) == len(seen.cards)
            ):
                return command
        business = state.business(seen.source)
        if business is not None and 0 <= seen.player < len(state.players):
            column = business.columns[seen.player].cards
            cards = column[len(column) - len(seen.cards) :]
            if cards:
                return PlayLimousine(seen.player, seen.source, seen.destination, tuple(cards))
    return PlayLimousine(seen.player, seen.source, seen.destination, (_ANY_GANGSTER,))
