"""Commands: what a player, or chance, asks the engine to do. Imperative names.

A command is checked by :func:`chicago_poker.core.decide`, which either rejects it with
an :class:`~chicago_poker.core.errors.IllegalCommand` naming the rule it breaks, or returns
the events it causes. Player commands carry the acting seat in ``player``. Chance commands
(:class:`StartGame`, :class:`DealCard`, :class:`RevealTile`) carry the outcome of a shuffle or
a draw as data, so a game played with a seeded dealer and a game recorded at a real table are
checked alike.

Every command but :class:`StartGame` has a short text in the move notation, which ``str``
gives (:func:`command_text`; ``chicago_poker.formats.moves`` reads it back):

>>> str(PlayGangster(0, GangsterCard.parse("9R"), BusinessTile.parse("Speakeasy#1")))
'0: 9R Speakeasy#1'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeAlias, TypeVar, cast

from attrs import field, fields, frozen

from chicago_poker.core.cards import BusinessTile, Card, GangsterCard, SpecialCard, SpecialKind
from chicago_poker.core.errors import (
    IllegalCommand,
    InvalidArgumentError,
    short_repr,
    unknown_type,
)
from chicago_poker.core.memos import register
from chicago_poker.core.rules import RuleOptions

__all__ = [
    "DEAL",
    "DECLINE",
    "DRAW",
    "END",
    "REVEAL",
    "SEND",
    "ChanceCommand",
    "Command",
    "DealCard",
    "DeclineReinforcement",
    "DrawCard",
    "EndTurn",
    "PlayBribery",
    "PlayGangster",
    "PlayLimousine",
    "PlayLiquidation",
    "PlayPoliceRaid",
    "PlayRevolver",
    "PlayerCommand",
    "RevealTile",
    "SendReinforcement",
    "StartGame",
    "check_form",
    "command_text",
    "formed",
]


class _Written:
    """Gives a command its ``str``: its text in the move notation (:func:`command_text`)."""

    __slots__ = ()

    def __str__(self) -> str:
        """The command in the move notation, its seat written, such as ``1: send 9R``."""
        return command_text(cast("Command", self))


@frozen
class StartGame:
    """Set up a game: the players, the options and every chance outcome of the set-up (R-2)."""

    players: tuple[str, ...]
    """The players' names, by seat in clockwise order (R-2.1, R-2.2)."""

    hands: tuple[tuple[Card, ...], ...]
    """The five cards dealt to each seat (R-2.3)."""

    businesses: tuple[BusinessTile, ...]
    """The business tiles revealed face up (R-2.5)."""

    first_player: int = 0
    """The seat chosen to play first (R-2.7)."""

    options: RuleOptions = field(factory=RuleOptions)
    """The rule options of the game."""


@frozen
class DealCard(_Written):
    """Chance: the card that comes off the draw deck for the player waiting for one (R-3.6)."""

    card: Card
    """The card drawn."""


@frozen
class RevealTile(_Written):
    """Chance: the tile that comes off the tile draw pile to replace a won business (R-6.6)."""

    tile: BusinessTile
    """The tile revealed."""


@frozen
class DrawCard(_Written):
    """Take the draw action (R-3.6); the card itself comes from chance (:class:`DealCard`)."""

    player: int
    """The acting seat."""


@frozen
class PlayGangster(_Written):
    """Play a gangster card from the hand at a face-up business (R-4.1)."""

    player: int
    """The acting seat."""

    card: GangsterCard
    """The card played."""

    business: BusinessTile
    """The business where it goes."""


@frozen
class PlayLiquidation(_Written):
    """Play Liquidation: discard the last card of another player's column (R-5.2)."""

    player: int
    """The acting seat."""

    business: BusinessTile
    """The business chosen."""

    victim: int
    """The seat whose last card there is discarded."""


@frozen
class PlayPoliceRaid(_Written):
    """Play a Police Raid: see another player's face-down cards at a business (R-5.3)."""

    player: int
    """The acting seat."""

    business: BusinessTile
    """The business chosen."""

    target: int
    """The seat whose face-down cards are examined."""


@frozen
class PlayLimousine(_Written):
    """Play the Limousine: move one to four of one's cards to another business (R-5.4)."""

    player: int
    """The acting seat."""

    source: BusinessTile
    """The business the cards leave."""

    destination: BusinessTile
    """The business the cards go to."""

    cards: tuple[GangsterCard, ...]
    """The cards moved, in the order they are placed at the destination."""


@frozen
class PlayRevolver(_Written):
    """Play the Revolver: two extra actions this turn (R-5.5)."""

    player: int
    """The acting seat."""


@frozen
class PlayBribery(_Written):
    """Play Bribery: take a card from the discard pile, then rebuild the draw deck (R-5.6)."""

    player: int
    """The acting seat."""

    card: Card
    """The card taken from the discard pile."""


@frozen
class EndTurn(_Written):
    """End the turn while only optional actions are left (R-3.5)."""

    player: int
    """The acting seat."""


@frozen
class SendReinforcement(_Written):
    """Choose, face down, the gangster card to send in a tie-break (R-6.7.2)."""

    player: int
    """The acting seat."""

    card: GangsterCard
    """The card sent."""


@frozen
class DeclineReinforcement(_Written):
    """Send no reinforcement (R-6.7.2): under ``optional_reinforcement``, or with no gangster card.

    A tied player who holds no gangster card gives this command too (R-6.7.6), so that nobody
    learns before the reveal whether they could have sent one.
    """

    player: int
    """The acting seat."""


PlayerCommand: TypeAlias = (
    DrawCard
    | PlayGangster
    | PlayLiquidation
    | PlayPoliceRaid
    | PlayLimousine
    | PlayRevolver
    | PlayBribery
    | EndTurn
    | SendReinforcement
    | DeclineReinforcement
)
"""A command taken by a player."""

ChanceCommand: TypeAlias = StartGame | DealCard | RevealTile
"""A command that gives the engine a chance outcome."""

Command: TypeAlias = PlayerCommand | ChanceCommand
"""Every command."""


# ------------------------------------------------------------------------- move notation

DRAW: Final = "draw"
"""The word of :class:`DrawCard` in the move notation."""

END: Final = "end"
"""The word of :class:`EndTurn`."""

SEND: Final = "send"
"""The word of :class:`SendReinforcement`, before the card sent."""

DECLINE: Final = "decline"
"""The word of :class:`DeclineReinforcement`."""

DEAL: Final = "deal"
"""The word of :class:`DealCard`, before the card dealt."""

REVEAL: Final = "reveal"
"""The word of :class:`RevealTile`, before the tile revealed."""


def command_text(command: Command) -> str:
    """``command`` in the move notation, everything written: what ``str(command)`` gives.

    A player's command starts with its seat and a colon; a gangster card played is the card
    and the business, a special card is its kind and what it is played on. The grammar is in
    ``spec/notation.md``; :func:`chicago_poker.formats.moves.write_command` also writes the
    shorter text that a state makes unambiguous, and
    :func:`~chicago_poker.formats.moves.parse_command` reads both.

    Raises:
        InvalidArgumentError: ``command`` is a :class:`StartGame`, which has no move text: a
            set-up is the first entry of a log, or a position.
        ArgumentTypeError: ``command`` is not a command.

    >>> command_text(PlayLiquidation(1, BusinessTile.parse("Brewery#2"), 0))
    '1: Liquidation Brewery#2 0'
    >>> command_text(DealCard(SpecialCard.parse("PoliceRaid2")))
    'deal PoliceRaid2'
    """
    match command:
        case DealCard(card):
            return f"{DEAL} {card}"
        case RevealTile(tile):
            return f"{REVEAL} {tile}"
        case StartGame():
            raise InvalidArgumentError(
                "StartGame has no move text: a set-up is written as the first entry of a log, "
                "or as a position in the position notation"
            )
    return f"{command.player}: {_move_text(command)}"


def _move_text(command: PlayerCommand) -> str:
    match command:
        case DrawCard():
            return DRAW
        case PlayGangster(_, card, business):
            return f"{card} {business}"
        case PlayLiquidation(_, business, victim):
            return f"{SpecialKind.LIQUIDATION.value} {business} {victim}"
        case PlayPoliceRaid(_, business, target):
            return f"{SpecialKind.POLICE_RAID.value} {business} {target}"
        case PlayLimousine(_, source, destination, cards):
            moved = ",".join(map(str, cards))
            return f"{SpecialKind.LIMOUSINE.value} {source} {destination} {moved}"
        case PlayRevolver():
            return SpecialKind.REVOLVER.value
        case PlayBribery(_, card):
            return f"{SpecialKind.BRIBERY.value} {card}"
        case EndTurn():
            return END
        case SendReinforcement(_, card):
            return f"{SEND} {card}"
        case DeclineReinforcement():
            return DECLINE
    raise unknown_type("a command", command)


# ---------------------------------------------------------------------------------- form


def _is_seat(value: object) -> bool:
    return type(value) is int  # not bool: True is not a seat, and a log writes it as true


def _is_card(value: object) -> bool:
    return type(value) is GangsterCard or type(value) is SpecialCard


def _is_tile(value: object) -> bool:
    return type(value) is BusinessTile


def _is_cards(value: object) -> bool:
    return type(value) is tuple and all(map(_is_card, value))


def _is_names(value: object) -> bool:
    return type(value) is tuple and all(type(name) is str for name in value)


def _is_hands(value: object) -> bool:
    return type(value) is tuple and all(map(_is_cards, value))


def _is_tiles(value: object) -> bool:
    return type(value) is tuple and all(map(_is_tile, value))


_OPTION_NAMES: Final = tuple(option.name for option in fields(RuleOptions))


def _is_options(value: object) -> bool:
    return type(value) is RuleOptions and all(
        type(getattr(value, name)) is bool for name in _OPTION_NAMES
    )


_Form = tuple[tuple[str, Callable[[object], bool], str, str], ...]

_SEAT: Final = (_is_seat, "a seat number (an int)", "R-2.1")
_CARD: Final = (_is_card, "a card", "R-1.3")
_TILE: Final = (_is_tile, "a business tile", "R-1.4")

_FORMS: Final[dict[type, _Form]] = {
    StartGame: (
        ("players", _is_names, "a tuple of names (str)", "R-2.2"),
        ("hands", _is_hands, "a tuple of hands, each a tuple of cards", "R-2.3"),
        ("businesses", _is_tiles, "a tuple of business tiles", "R-2.5"),
        ("first_player", _is_seat, "a seat number (an int)", "R-2.7"),
        ("options", _is_options, "a RuleOptions of bools", "R-9.1"),
    ),
    DealCard: (("card", *_CARD),),
    RevealTile: (("tile", *_TILE),),
    DrawCard: (("player", *_SEAT),),
    PlayGangster: (("player", *_SEAT), ("card", *_CARD), ("business", *_TILE)),
    PlayLiquidation: (("player", *_SEAT), ("business", *_TILE), ("victim", *_SEAT)),
    PlayPoliceRaid: (("player", *_SEAT), ("business", *_TILE), ("target", *_SEAT)),
    PlayLimousine: (
        ("player", *_SEAT),
        ("source", *_TILE),
        ("destination", *_TILE),
        ("cards", _is_cards, "a tuple of cards", "R-1.3"),
    ),
    PlayRevolver: (("player", *_SEAT),),
    PlayBribery: (("player", *_SEAT), ("card", *_CARD)),
    EndTurn: (("player", *_SEAT),),
    SendReinforcement: (("player", *_SEAT), ("card", *_CARD)),
    DeclineReinforcement: (("player", *_SEAT),),
}
"""Each command class: each field, a test of its value, what the value must be, and the rule.

A card field accepts any card: a special card where a gangster card belongs is a question of
the rules (R-1.8), answered by ``decide`` with its own reason.
"""


_FORMED: Final[dict[int, Command]] = {}
"""The commands :func:`formed` checked, by id. The table keeps them alive, so no other object
can have the id of one: an id found here is that command's, and its form is known."""

_C = TypeVar("_C", bound=Command)


def formed(command: _C) -> _C:
    """``command``, its form checked once and for all: :func:`check_form` then passes it at once.

    For the commands made once and given out again and again, such as those
    :func:`~chicago_poker.core.legal.legal_commands` lists; each is kept for the life of the
    process.

    Raises:
        IllegalCommand: as :func:`check_form`.
    """
    check_form(command)
    _FORMED[id(command)] = command
    return command


def check_form(command: object) -> None:
    """Check that ``command`` is a command whose fields hold values of their declared types.

    The engine runs this on every command it is given, so a front end that builds commands
    from untyped input (JSON from a client, say) gets a reason rather than a ``TypeError``
    from deep inside the rules, or a game that it cannot write to a log and read back: a
    seat of ``True`` would be written ``true``, which no log may hold. Commands read from a
    log already have this form.

    Raises:
        IllegalCommand: what is not a command, or the first field of the wrong type.

    >>> check_form(DrawCard(player=1))
    >>> check_form(DrawCard(player=True))
    Traceback (most recent call last):
    ...
    chicago_poker.core.errors.IllegalCommand: DrawCard.player must be a seat number (an int), \
not True. [R-2.1]
    """
    if id(command) in _FORMED:
        return  # checked once by formed()
    form = _FORMS.get(type(command))
    if form is None:
        raise IllegalCommand(
            f"{short_repr(command)} is not a command: an action draws or plays a card.",
            rule="R-3.2",
        )
    for name, fits, what, rule in form:
        value = getattr(command, name)
        if not fits(value):
            raise IllegalCommand(
                f"{type(command).__name__}.{name} must be {what}, not {short_repr(value)}.",
                rule=rule,
            )


register(_FORMED)  # core.memos
