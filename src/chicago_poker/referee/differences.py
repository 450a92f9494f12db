"""Where a log differs from the engine: the rule it breaks, and the words of the finding.

The validator replays a log and compares it with what the engine gives; the first difference
is reported with a rule. A recorded event that differs from the engine's answers to the rule
of that event (:data:`EVENT_RULES`); victory events to the rule of their condition
(:data:`VICTORY_RULES`); an end of the game that the log leaves out breaks R-8.2. In a
redacted log, the same command or event shown on one side and hidden on the other breaks the
rule that hides it.
"""

from __future__ import annotations

from typing import Final, Protocol

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
from chicago_poker.core.redacted_commands import (
    RedactedDealCard,
    RedactedPlayBribery,
    RedactedPlayGangster,
    RedactedPlayLimousine,
    RedactedSendReinforcement,
    RedactedStartGame,
    SeenCommand,
)
from chicago_poker.core.redacted_events import (
    RedactedBriberyPlayed,
    RedactedCardDrawn,
    RedactedGameStarted,
    RedactedGangsterPlayed,
    RedactedLimousinePlayed,
    RedactedPoliceRaidPlayed,
    RedactedReinforcementChosen,
    SeenEvent,
)
from chicago_poker.core.state import Victory
from chicago_poker.formats.entries import RedactedLogEntry, dump_event, dump_seen
from chicago_poker.referee.report import shorten


class Verdict(Protocol):
    """Why no legal game gives an entry (an ``information.Impossible``), as findings read it."""

    @property
    def reason(self) -> str:
        """Why, in words."""

    @property
    def recorded(self) -> SeenEvent | SeenCommand | None:
        """The log's event or command where it differs from every legal game."""

    @property
    def expected(self) -> SeenEvent | SeenCommand | None:
        """The engine's there, as the viewer sees it."""


__all__ = [
    "EVENT_RULES",
    "REDACTED_KINDS",
    "VICTORY_RULES",
    "command_name",
    "describe_event",
    "event_rule",
    "first_difference",
    "impossible_reason",
    "mismatch_rule",
    "plain_kind",
    "plain_kind_of",
    "seen_rule",
]

EVENT_RULES: Final[dict[type, str]] = {
    GameStarted: "R-2.3",
    TurnStarted: "R-3.1",
    ActionPhaseStarted: "R-6.1",
    ShootoutStarted: "R-6.1",
    ReinforcementRequested: "R-6.7.1",
    ReinforcementChosen: "R-6.7.2",
    ReinforcementDeclined: "R-6.7.2",
    ReinforcementsRevealed: "R-6.7.3",
    ShootoutWon: "R-6.4",
    ShootoutVoided: "R-6.7.6",
    TileRevealed: "R-6.6",
    DrawRequested: "R-3.6",
    CardDrawn: "R-3.6",
    DiscardPileReshuffled: "R-3.7",
    GangsterPlayed: "R-4.1",
    MarkerPlaced: "R-4.6",
    LiquidationPlayed: "R-5.2",
    PoliceRaidPlayed: "R-5.3",
    LimousinePlayed: "R-5.4",
    RevolverPlayed: "R-5.5",
    BriberyPlayed: "R-5.6",
    TurnEnded: "R-3.5",
    GameWon: "R-8.1",
    GameBlocked: "R-8.6",
    GameStalled: "R-8.7",
}
"""The rule a recorded event answers to when it differs from the engine's.

ActionPhaseStarted is R-6.1 because it follows the due shootouts: a log that skips a due
shootout, or starts one that is not due, differs from the engine at that point.
"""

VICTORY_RULES: Final[dict[Victory, str]] = {
    Victory.THREE_OF_A_KIND: "R-8.1",
    Victory.FOUR_KINDS: "R-8.1",
    Victory.FIVE_BUSINESSES: "R-8.1",
    Victory.TWO_OF_A_KIND: "R-8.3",
    Victory.THREE_BUSINESSES: "R-8.3",
    Victory.LAST_BUSINESS: "R-8.5",
    Victory.BLOCKED: "R-8.6",
    Victory.STALLED: "R-8.7",
}
"""The rule of each way a game ends."""


def event_rule(event: Event) -> str:
    """The rule an event answers to: that of its class, or of its victory condition."""
    if isinstance(event, GameWon):
        return VICTORY_RULES[event.victory]
    return EVENT_RULES[type(event)]


def mismatch_rule(recorded: Event | None, expected: Event | None) -> str:
    """The rule of the first difference between the recorded and the engine's events.

    A victory on either side decides (the end of the game is R-8); an end of the game that the
    log leaves out breaks R-8.2 (the game ends at once). Otherwise the engine's event names the
    rule, or the recorded one if the engine has no more events.
    """
    ending = _end_of_game_rule(recorded, expected)
    if ending is not None:
        return ending
    if expected is not None and recorded is not None and type(expected) is not type(recorded):
        # A shootout the log skipped or invented: the shootout rule, not that of the turn.
        for event in (expected, recorded):
            if isinstance(event, ShootoutStarted):
                return event_rule(event)
    chosen = expected if expected is not None else recorded
    assert chosen is not None
    return event_rule(chosen)


def _end_of_game_rule(recorded: Event | None, expected: Event | None) -> str | None:
    """The rule of a difference where either side ends the game; None if neither does."""
    if isinstance(expected, GameWon | GameBlocked | GameStalled) and not isinstance(
        recorded, GameWon | GameBlocked | GameStalled
    ):
        return "R-8.2"
    for event in (expected, recorded):
        if isinstance(event, GameWon | GameBlocked | GameStalled):
            return event_rule(event)
    return None


_HIDING_RULES: Final[dict[type, str]] = {
    GameStarted: "R-2.4",
    StartGame: "R-2.4",
    CardDrawn: "R-2.4",
    DealCard: "R-2.4",
    GangsterPlayed: "R-4.4",
    PlayGangster: "R-4.4",
    LimousinePlayed: "R-5.4.3",
    PlayLimousine: "R-5.4.3",
    PoliceRaidPlayed: "R-5.3",
    BriberyPlayed: "R-5.6.1",
    PlayBribery: "R-5.6.1",
    ReinforcementChosen: "R-6.7.2",
    ReinforcementDeclined: "R-6.7.2",
    SendReinforcement: "R-6.7.2",
    DeclineReinforcement: "R-6.7.2",
}
"""The rule that hides the cards of each command or event that a redacted log may hide."""

_PLAIN: Final[dict[type, type]] = {
    RedactedGameStarted: GameStarted,
    RedactedCardDrawn: CardDrawn,
    RedactedGangsterPlayed: GangsterPlayed,
    RedactedReinforcementChosen: ReinforcementChosen,
    RedactedPoliceRaidPlayed: PoliceRaidPlayed,
    RedactedLimousinePlayed: LimousinePlayed,
    RedactedBriberyPlayed: BriberyPlayed,
    RedactedStartGame: StartGame,
    RedactedDealCard: DealCard,
    RedactedPlayGangster: PlayGangster,
    RedactedPlayLimousine: PlayLimousine,
    RedactedPlayBribery: PlayBribery,
    RedactedSendReinforcement: SendReinforcement,
}
"""The plain class of each redacted command and event."""


def plain_kind(item: SeenEvent | SeenCommand) -> type:
    """The class of a command or event, that of its plain form where it is redacted.

    >>> from chicago_poker.core.redacted_events import RedactedCardDrawn
    >>> plain_kind(RedactedCardDrawn(1, None)).__name__
    'CardDrawn'
    """
    return plain_kind_of(type(item))


def plain_kind_of(kind: type) -> type:
    """The plain class of a command or event class: itself, unless it is a redacted one.

    >>> from chicago_poker.core.redacted_events import RedactedGangsterPlayed
    >>> plain_kind_of(RedactedGangsterPlayed).__name__
    'GangsterPlayed'
    """
    return _PLAIN.get(kind, kind)


REDACTED_KINDS: Final = frozenset(_PLAIN)
"""The redacted classes of commands and events."""


def seen_rule(
    recorded: SeenEvent | SeenCommand | None, expected: SeenEvent | SeenCommand | None
) -> str | None:
    """The rule of the first difference between a redacted log and every legal game there.

    The same command or event, shown on one side and hidden on the other, breaks the rule
    that hides it; any other difference of events answers to the rule of the event, as in a
    full log (:func:`mismatch_rule`).
    """
    plain = {plain_kind(item) for item in (recorded, expected) if item}
    if recorded is not None and expected is not None and len(plain) == 1:
        kind = plain.pop()
        if type(recorded) is not type(expected) and kind in _HIDING_RULES:
            return _HIDING_RULES[kind]
        if kind in EVENT_RULES and not isinstance(recorded, GameWon | GameBlocked | GameStalled):
            return EVENT_RULES[kind]
    if isinstance(recorded, Event | None) and isinstance(expected, Event | None):
        return mismatch_rule(recorded, expected) if recorded or expected else None
    chosen = expected if expected is not None else recorded
    return EVENT_RULES.get(plain_kind_of(type(chosen)))


def command_name(command: Command) -> str:
    """The name of a command's class, as findings quote it."""
    return type(command).__name__


def impossible_reason(entry: RedactedLogEntry, result: Verdict, who: str) -> str:
    """Why no legal game gives a redacted log's entry, in words."""
    command = entry.command
    name = plain_kind(command).__name__
    recorded, expected = result.recorded, result.expected
    if recorded is None and expected is None:
        return f"{name}: {result.reason}"
    where = name if result.reason == "the command differs" else f"{result.reason} of {name}"
    plain = [plain_kind_of(type(item)) for item in (recorded, expected)]
    if recorded is not None and expected is not None and plain[0] is plain[1]:
        if type(recorded) in _PLAIN.values() and type(expected) in _PLAIN:
            return (
                f"{where}: shows {who} a card hidden from them: the log records "
                f"{_seen(recorded)}, but {who} may only see {_seen(expected)}"
            )
        if type(recorded) in _PLAIN and type(expected) in _PLAIN.values():
            return (
                f"{where}: hides a card that {who} sees: the log records {_seen(recorded)}, "
                f"but {who} sees {_seen(expected)}"
            )
    return (
        f"{where}: the log records {_seen(recorded)}, but the engine gives {_seen(expected)} "
        f"(as {who} sees it)"
    )


def _seen(item: SeenEvent | SeenCommand | None) -> str:
    if item is None:
        return "no further event"
    return shorten(dump_seen(item))


def describe_event(event: Event | None) -> str:
    """An event as a finding quotes it: its JSON, shortened."""
    if event is None:
        return "no further event"
    return shorten(dump_event(event))


def first_difference(
    recorded: tuple[Event, ...], expected: tuple[Event, ...]
) -> tuple[int, Event | None, Event | None]:
    """The index of the first event that differs, and the two events there (None: no more)."""
    for index in range(max(len(recorded), len(expected))):
        mine = recorded[index] if index < len(recorded) else None
        theirs = expected[index] if index < len(expected) else None
        if mine != theirs:
            return index, mine, theirs
    raise AssertionError("the events do not differ")  # pragma: no cover
