"""Words for front ends: one English sentence for each command and event, full or redacted.

:func:`describe` is the one narrator of the package: ``chicago-poker play`` and ``demo`` print
its sentences, and a front end can show them as they are. It reads only what it is given: a
redacted event or command (:func:`~chicago_poker.core.redacted_events.redact`,
:func:`~chicago_poker.core.redacted_commands.redact_command`) gives a sentence without the
cards it hides, and the optional view before the item (``before``) adds what that seat can
see, such as whether a card lands face up. It decides no rule: the face a card lands with is
:func:`~chicago_poker.core.cards.lands_face_down`'s answer.

>>> from chicago_poker.core.cards import parse_card, parse_tile
>>> from chicago_poker.core.events import GangsterPlayed
>>> played = GangsterPlayed(0, parse_card("9R"), parse_tile("Speakeasy#1"))
>>> describe(played, ["Al", "Bugs"])
'Al plays 9R at Speakeasy #1.'
>>> describe(played, ["Al", "Bugs"], viewer=0)
'You play 9R at Speakeasy #1.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeAlias, assert_never, get_args

from attrs import frozen

from chicago_poker.core.cards import (
    BusinessTile,
    Card,
    Face,
    GangsterCard,
    card_order,
    lands_face_down,
)
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
)
from chicago_poker.core.errors import InvalidArgumentError, unknown_type
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
from chicago_poker.core.redacted_commands import (
    RedactedCommand,
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
    RedactedEvent,
    RedactedGameStarted,
    RedactedGangsterPlayed,
    RedactedLimousinePlayed,
    RedactedPoliceRaidPlayed,
    RedactedReinforcementChosen,
    SeenEvent,
)
from chicago_poker.core.views import BusinessView, PlayerView, check_viewer

__all__ = ["ROUTINE_EVENTS", "Describable", "describe", "needs_view"]

Describable: TypeAlias = SeenCommand | SeenEvent
"""What :func:`describe` takes: a command or an event, full or redacted."""

ROUTINE_EVENTS: Final = (ActionPhaseStarted, DrawRequested)
"""Events a narration may leave out: the turn's first line and the card drawn say them."""

_COMMANDS: Final = get_args(Command) + get_args(RedactedCommand)
_DESCRIBABLE: Final = _COMMANDS + get_args(Event) + get_args(RedactedEvent)

_Setup: TypeAlias = (
    StartGame
    | RedactedStartGame
    | GameStarted
    | RedactedGameStarted
    | TurnStarted
    | ActionPhaseStarted
    | EndTurn
    | TurnEnded
    | GameWon
    | GameBlocked
    | GameStalled
)
_Chance: TypeAlias = (
    DealCard
    | RedactedDealCard
    | RevealTile
    | TileRevealed
    | DrawCard
    | DrawRequested
    | CardDrawn
    | RedactedCardDrawn
    | DiscardPileReshuffled
)
_Gangster: TypeAlias = (
    PlayGangster | RedactedPlayGangster | GangsterPlayed | RedactedGangsterPlayed | MarkerPlaced
)
_Attack: TypeAlias = (
    PlayLiquidation
    | LiquidationPlayed
    | PlayPoliceRaid
    | PoliceRaidPlayed
    | RedactedPoliceRaidPlayed
    | PlayRevolver
    | RevolverPlayed
)
_Move: TypeAlias = (
    PlayLimousine
    | RedactedPlayLimousine
    | LimousinePlayed
    | RedactedLimousinePlayed
    | PlayBribery
    | RedactedPlayBribery
    | BriberyPlayed
    | RedactedBriberyPlayed
)
_Shootout: TypeAlias = (
    ShootoutStarted | ReinforcementRequested | ShootoutWon | ShootoutVoided | ReinforcementsRevealed
)
_Reinforcement: TypeAlias = (
    SendReinforcement
    | RedactedSendReinforcement
    | DeclineReinforcement
    | ReinforcementChosen
    | ReinforcementDeclined
    | RedactedReinforcementChosen
)


def describe(
    item: Describable,
    names: Sequence[str],
    *,
    viewer: int | None = None,
    before: PlayerView | None = None,
) -> str:
    """One sentence a player reads for a command or an event, full or redacted.

    Told to a seat (``viewer``), the sentence says only what that seat may know, whether or
    not the item was redacted for it first: another seat's draw, Bribery and reinforcement
    stay hidden, and so does any card whose face the words cannot tell (R-4.2, R-5.3). The
    seat's view before the item (``before``) tells them: with it, the sentence shows exactly
    what the seat sees, a card played face up included; without it, another seat's card
    played to a business is "a card". Told to nobody (``viewer`` None), the sentence says all
    the item holds: give it an item redacted for an observer to narrate a game openly.

    Args:
        item: the command or event, full or redacted.
        names: the players' names by seat.
        viewer: the seat the sentence is told to, called "you"; a command of that seat is
            put as an order ("Play 9R at Speakeasy #1, face down."), to offer it as a choice.
        before: the view before the item of the seat told (or of anyone, for no seat), to
            say what that seat can see of it: where a played card lands and its face, the
            last card a Liquidation would discard, how many face-down cards a Police Raid
            would show, which cards of another seat's raid it knew already.

    >>> from chicago_poker.core.cards import parse_tile
    >>> from chicago_poker.core.commands import PlayPoliceRaid
    >>> describe(PlayPoliceRaid(0, parse_tile("Speakeasy#1"), 1), ["Al", "Bugs"], viewer=0)
    "Play Police Raid at Speakeasy #1: see Bugs's face-down cards."

    Raises:
        ArgumentTypeError: ``item`` is neither a command nor an event.
        InvalidSeatError: ``viewer`` is neither None nor a seat of ``names``.
        InvalidArgumentError: ``item`` names a seat that ``names`` has no name for, or
            ``before`` is another seat's view than ``viewer``'s.
    """
    if not isinstance(item, _DESCRIBABLE):
        raise unknown_type("a command or an event", item)  # type: ignore[arg-type]  # run time
    check_viewer(viewer, len(names))
    if viewer is not None and before is not None and before.seat != viewer:
        raise InvalidArgumentError(
            f"describe: before is the view of {_seat_name(before.seat)}, but the sentence is "
            f"told to seat {viewer}: give that seat's own view"
        )
    return _sentence(item, _Voice(tuple(names), viewer, before, isinstance(item, _COMMANDS)))


_PLACED: Final = (
    PlayGangster,
    GangsterPlayed,
    RedactedGangsterPlayed,
    PlayLimousine,
    RedactedPlayLimousine,
    LimousinePlayed,
    RedactedLimousinePlayed,
    PoliceRaidPlayed,
    RedactedPoliceRaidPlayed,
)


def needs_view(item: Describable, viewer: int | None) -> bool:
    """Whether :func:`describe` tells ``item`` to ``viewer`` exactly only with its view before.

    Another seat's card played or moved to a business is named only where the view shows it
    lands face up, and another seat's raid shows only the cards the view knew; a card dealt
    is named only to the seat it goes to, and the card a Liquidation would discard only as
    the view shows it. A caller that narrates many items (a server) can
    make the view for these alone.

    >>> from chicago_poker.core.events import CardDrawn, GangsterPlayed
    >>> from chicago_poker.core.cards import parse_card, parse_tile
    >>> played = GangsterPlayed(0, parse_card("9R"), parse_tile("Speakeasy#1"))
    >>> needs_view(played, 1), needs_view(played, 0), needs_view(played, None)
    (True, False, False)
    """
    if viewer is None:
        return False
    if isinstance(item, DealCard | RedactedDealCard | PlayLiquidation):
        return True
    return isinstance(item, _PLACED) and item.player != viewer


def _seat_name(seat: int | None) -> str:
    return "an observer" if seat is None else f"seat {seat}"


def _sentence(item: Describable, voice: _Voice) -> str:
    return _NARRATORS[type(item)](item, voice)


# --------------------------------------------------------------------------- the voice


@frozen
class _Voice:
    """Who is who in a sentence: the names, the seat told ("you"), what that seat sees."""

    names: tuple[str, ...]
    viewer: int | None
    before: PlayerView | None
    order: bool  # the item is a command: the viewer's own is put as an order

    def name(self, seat: int) -> str:
        """The seat's name, or "you" for the viewer."""
        if not 0 <= seat < len(self.names):
            raise InvalidArgumentError(
                f"describe: seat {seat} has no name; names has {len(self.names)}"
            )
        return "you" if seat == self.viewer else self.names[seat]

    def act(self, seat: int, verb: str, third: str) -> str:
        """``Play`` (an order to the viewer), ``You play`` or ``Bugs plays``."""
        if seat == self.viewer:
            return verb.capitalize() if self.order else f"You {verb}"
        return f"{self.name(seat)} {third}"

    def verb(self, seat: int, verb: str, third: str) -> str:
        """The verb's form for a second verb of the sentence: ``take`` or ``takes``."""
        return verb if seat == self.viewer else third

    def possessive(self, seat: int) -> str:
        """``your`` or ``Bugs's``."""
        return "your" if seat == self.viewer else f"{self.name(seat)}'s"

    def business(self, tile: BusinessTile) -> BusinessView | None:
        """The business as the viewer saw it before the item, if the voice has a view."""
        if self.before is None:
            return None
        return next((b for b in self.before.businesses if b.tile == tile), None)

    def hides(self, seat: int) -> bool:
        """Whether what only ``seat`` sees (its hand, its choices) is hidden from the viewer."""
        return self.viewer is not None and seat != self.viewer

    def lands_seen(self, seat: int, tile: BusinessTile, later: int = 0) -> bool | None:
        """Whether the viewer sees a card ``seat`` places at ``tile``; None if it cannot tell.

        ``later`` counts the cards placed before it in the same move. The viewer's view
        before the item says where the card lands, and so its face (R-4.2).
        """
        if not self.hides(seat):
            return True
        business = self.business(tile)
        if business is None:
            return None
        return not lands_face_down(tile, len(business.columns[seat].slots) + later)

    def knows(self, owner: int, tile: BusinessTile, card: GangsterCard | None) -> bool:
        """Whether the viewer knows that ``card`` lies in ``owner``'s column at ``tile``.

        It knows its own cards, and those its view before shows: face up, or seen with a
        Police Raid (R-5.3).
        """
        if card is None or not self.hides(owner):
            return card is not None
        business = self.business(tile)
        return business is not None and any(
            slot.card == card for slot in business.columns[owner].slots
        )


def _card(card: Card | None) -> str:
    if card is None:
        return "a face-down card"
    return str(card) if isinstance(card, GangsterCard) else card.kind.label


def _cards(cards: Sequence[Card | None]) -> str:
    """``9R 8B``, ``9R and 2 face-down cards``, or ``no cards``."""
    known = " ".join(_card(card) for card in cards if card is not None)
    hidden = sum(card is None for card in cards)
    parts = [known] if known else []
    if hidden:
        parts.append(_count(hidden, "face-down card"))
    return " and ".join(parts) or "no cards"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _join(parts: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


# --------------------------------------------------------------------------- the sentences


def _setup(item: _Setup, voice: _Voice) -> str:
    match item:
        case StartGame() | RedactedStartGame() | GameStarted() | RedactedGameStarted():
            return _start(item, voice)
        case TurnStarted(player=player, number=number, actions=actions):
            whose = voice.possessive(player)
            return f"Turn {number + 1}: {whose} turn, {_count(actions, 'action')}."
        case ActionPhaseStarted(player=player):
            return f"{voice.act(player, 'take', 'takes')} the actions of the turn."
        case EndTurn(player=player):
            return f"{voice.act(player, 'end', 'ends')} {voice.possessive(player)} turn."
        case TurnEnded(player=player, forced=forced):
            why = " (no action allowed)" if forced else ""
            return f"End of {voice.possessive(player)} turn{why}."
        case GameWon() | GameBlocked() | GameStalled():
            return _game_over(item, voice)
        case _:
            assert_never(item)


def _game_over(item: GameWon | GameBlocked | GameStalled, voice: _Voice) -> str:
    match item:
        case GameWon(player=player, victory=victory):
            return f"{voice.act(player, 'win', 'wins')} the game with {victory.value}!"
        case GameBlocked():
            return "Nobody can act any more: the game is blocked, without a winner."
        case GameStalled(turns=turns):
            return f"No business was won in {turns} turns: the game is stalled, without a winner."
        case _:
            assert_never(item)


def _start(
    item: StartGame | RedactedStartGame | GameStarted | RedactedGameStarted, voice: _Voice
) -> str:
    tiles = _join([tile.name for tile in item.businesses])
    text = (
        f"A game of Chicago Poker for {_join(list(item.players))}; businesses open: {tiles}. "
        f"{voice.act(item.first_player, 'play', 'plays')} first."
    )
    if voice.viewer is not None:
        own: list[Card] = [card for card in item.hands[voice.viewer] if card is not None]
        own.sort(key=card_order)
        text += f" You are dealt {_cards(own)}."
    return text


def _chance(item: _Chance, voice: _Voice) -> str:
    match item:
        case DealCard(card=card) | RedactedDealCard(card=card):
            return _dealt(card, voice)
        case RevealTile(tile=tile):
            return f"Chance reveals {tile.name}."
        case TileRevealed(tile=tile):
            return f"A new business is revealed: {tile.name}."
        case DrawCard(player=player):
            return f"{voice.act(player, 'draw', 'draws')} a card."
        case DrawRequested(player=player):
            return f"{voice.act(player, 'take', 'takes')} the draw action."
        case CardDrawn(player=player, card=card) | RedactedCardDrawn(player=player, card=card):
            shown = "a card" if card is None or voice.hides(player) else _card(card)
            return f"{voice.act(player, 'draw', 'draws')} {shown}."
        case DiscardPileReshuffled(cards=count):
            return f"The discard pile ({_count(count, 'card')}) is shuffled into a new draw deck."
        case _:
            assert_never(item)


def _dealt(card: Card | None, voice: _Voice) -> str:
    """The card chance deals, named only to the seat whose draw it answers."""
    if card is not None and voice.viewer is not None:
        pending = voice.before.pending_draws if voice.before is not None else ()
        card = card if pending[:1] == (voice.viewer,) else None
    return f"Chance deals {_card(card) if card is not None else 'a hidden card'}."


def _gangster(item: _Gangster, voice: _Voice) -> str:
    match item:
        case (
            PlayGangster(player=player, card=card, business=tile)
            | GangsterPlayed(player=player, card=card, business=tile)
        ):
            return _played(voice, player, card, tile)
        case (
            RedactedPlayGangster(player=player, business=tile)
            | RedactedGangsterPlayed(player=player, business=tile)
        ):
            return f"{voice.act(player, 'play', 'plays')} a card face down at {tile.name}."
        case MarkerPlaced(player=player, business=tile, number=number):
            whose = voice.possessive(player).capitalize()
            return f"{whose} column at {tile.name} is full: shootout marker #{number}."
        case _:
            assert_never(item)


def _played(voice: _Voice, player: int, card: GangsterCard, tile: BusinessTile) -> str:
    """A gangster card played, named where the viewer sees it land face up."""
    seen = voice.lands_seen(player, tile)
    if seen is None:
        return f"{voice.act(player, 'play', 'plays')} a card at {tile.name}."
    if not seen:
        return f"{voice.act(player, 'play', 'plays')} a card face down at {tile.name}."
    landing = _landing(voice, player, tile)
    return f"{voice.act(player, 'play', 'plays')} {card} at {tile.name}{landing}."


def _landing(voice: _Voice, player: int, tile: BusinessTile) -> str:
    """``, face down`` or ``, face up``: where the card lands in the column seen before."""
    business = voice.business(tile)
    if business is None:
        return ""
    down = lands_face_down(tile, len(business.columns[player].slots))
    return ", face down" if down else ", face up"


def _attack(item: _Attack, voice: _Voice) -> str:
    match item:
        case PlayLiquidation() | LiquidationPlayed():
            return _liquidation(item, voice)
        case PlayPoliceRaid(player=player, business=tile, target=target):
            see = _to_see(voice, player, tile, target)
            return f"{voice.act(player, 'play', 'plays')} Police Raid at {tile.name}: {see}."
        case (
            PoliceRaidPlayed(player=player, business=tile, target=target, seen=seen)
            | RedactedPoliceRaidPlayed(player=player, business=tile, target=target, seen=seen)
        ):
            if voice.hides(player):  # the raider and the owner see them; others what they knew
                seen = tuple(card if voice.knows(target, tile, card) else None for card in seen)
            return _raid(voice, player, tile, target, _cards(seen))
        case PlayRevolver(player=player) | RevolverPlayed(player=player):
            return f"{voice.act(player, 'play', 'plays')} the Revolver: two extra actions."
        case _:
            assert_never(item)


def _liquidation(item: PlayLiquidation | LiquidationPlayed, voice: _Voice) -> str:
    """The victim's last card discarded: as the view saw it, for a command."""
    player, victim = item.player, item.victim
    played = f"{voice.act(player, 'play', 'plays')} Liquidation at {item.business.name}: "
    if isinstance(item, LiquidationPlayed):
        return f"{played}{voice.possessive(victim)} {item.card} is discarded."
    last = _last_card(voice, item.business, victim)
    return (
        f"{played}{voice.verb(player, 'discard', 'discards')} "
        f"{voice.possessive(victim)} last card{last}."
    )


def _raid(voice: _Voice, player: int, tile: BusinessTile, target: int, seen: str) -> str:
    return (
        f"{voice.act(player, 'raid', 'raids')} {voice.possessive(target)} column at "
        f"{tile.name} (Police Raid) and {voice.verb(player, 'see', 'sees')} {seen}."
    )


def _last_card(voice: _Voice, tile: BusinessTile, victim: int) -> str:
    """`` (9B)`` or `` (face down)``: the last card as the viewer saw it, if it has a view."""
    business = voice.business(tile)
    if business is None or not business.columns[victim].slots:
        return ""
    card = business.columns[victim].slots[-1].card
    return f" ({'face down' if card is None else card})"


def _to_see(voice: _Voice, player: int, tile: BusinessTile, target: int) -> str:
    """``see Bugs's 2 face-down cards``, counted in the view before if the voice has one."""
    see = voice.verb(player, "see", "sees")
    business = voice.business(tile)
    if business is None:
        return f"{see} {voice.possessive(target)} face-down cards"
    hidden = sum(slot.face is Face.DOWN for slot in business.columns[target].slots)
    return f"{see} {voice.possessive(target)} {_count(hidden, 'face-down card')}"


def _move(item: _Move, voice: _Voice) -> str:
    match item:
        case (
            PlayLimousine()
            | RedactedPlayLimousine()
            | LimousinePlayed()
            | RedactedLimousinePlayed()
        ):
            return _limousine(item, voice)
        case (
            PlayBribery(player=player, card=card)
            | BriberyPlayed(player=player, card=card)
            | RedactedBriberyPlayed(player=player, card=card)
        ):
            shown = "a card" if card is None or voice.hides(player) else _card(card)
            return _bribery(voice, player, shown)
        case RedactedPlayBribery(player=player):
            return _bribery(voice, player, "a card")
        case _:
            assert_never(item)


def _limousine(
    item: PlayLimousine | RedactedPlayLimousine | LimousinePlayed | RedactedLimousinePlayed,
    voice: _Voice,
) -> str:
    """The cards moved, each named where the viewer sees it land face up."""
    verb = "move" if len(item.cards) != 1 else "moves"
    cards = tuple(
        card if voice.lands_seen(item.player, item.destination, index) else None
        for index, card in enumerate(item.cards)
    )
    return (
        f"{voice.act(item.player, 'play', 'plays')} the Limousine: {_cards(cards)} "
        f"{verb} from {item.source.name} to {item.destination.name}."
    )


def _bribery(voice: _Voice, player: int, taken: str) -> str:
    take = voice.verb(player, "take", "takes")
    return (
        f"{voice.act(player, 'play', 'plays')} Bribery and {take} {taken} from the discard "
        "pile; the draw deck is reshuffled."
    )


def _shootout(item: _Shootout, voice: _Voice) -> str:
    match item:
        case ShootoutStarted():
            return _shootout_started(item, voice)
        case ReinforcementRequested(business=tile, contenders=seats):
            tied = _join([voice.name(seat) for seat in seats])
            return f"Tie at {tile.name} between {tied}: reinforcements!"
        case ReinforcementsRevealed(cards=cards, contenders=seats):
            sent = _join([f"{voice.name(seat)} {card}" for seat, card in cards]) or "none"
            tied = _join([voice.name(seat) for seat in seats])
            still = f" Still tied: {tied}." if len(seats) > 1 else ""
            return f"Reinforcements revealed: {sent}.{still}"
        case ShootoutWon():
            return _shootout_won(item, voice)
        case ShootoutVoided(business=tile):
            return f"Nobody wins the shootout at {tile.name}; its cards are discarded."
        case _:
            assert_never(item)


def _shootout_started(item: ShootoutStarted, voice: _Voice) -> str:
    """The marker's owner, then each contender's hand and what it makes."""
    shown = "; ".join(
        f"{voice.name(seat)}: {_cards(cards)}, "
        f"{evaluate_hand(cards).description.lower() if cards else 'no hand'}"
        for seat, cards in item.hands
    )
    called = f"Shootout at {item.business.name} ({voice.possessive(item.owner)} marker)!"
    return f"{called} {_first_upper(shown)}."


def _shootout_won(item: ShootoutWon, voice: _Voice) -> str:
    how = " after reinforcement" if item.reinforced else ""
    player = item.player
    return (
        f"{voice.act(player, 'win', 'wins')} the shootout at {item.business.name} with "
        f"{item.category.label.lower()}{how} and {voice.verb(player, 'take', 'takes')} the "
        "business."
    )


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _reinforcement(item: _Reinforcement, voice: _Voice) -> str:
    if voice.hides(item.player):  # hidden until the reveal
        return f"{voice.act(item.player, 'make', 'makes')} a secret reinforcement choice."
    match item:
        case (
            SendReinforcement(player=player, card=card)
            | ReinforcementChosen(player=player, card=card)
        ):
            return (
                f"{voice.act(player, 'send', 'sends')} {card} as reinforcement, face down for now."
            )
        case DeclineReinforcement(player=player) | ReinforcementDeclined(player=player):
            return f"{voice.act(player, 'send', 'sends')} no reinforcement."
        case RedactedSendReinforcement(player=player) | RedactedReinforcementChosen(player=player):
            return f"{voice.act(player, 'make', 'makes')} a secret reinforcement choice."
        case _:
            assert_never(item)


_NARRATORS: Final[dict[type, Callable[[Any, _Voice], str]]] = {
    **dict.fromkeys(get_args(_Setup), _setup),
    **dict.fromkeys(get_args(_Chance), _chance),
    **dict.fromkeys(get_args(_Gangster), _gangster),
    **dict.fromkeys(get_args(_Attack), _attack),
    **dict.fromkeys(get_args(_Move), _move),
    **dict.fromkeys(get_args(_Shootout), _shootout),
    **dict.fromkeys(get_args(_Reinforcement), _reinforcement),
}
"""The function that puts each kind of command and event in words, by its class."""
