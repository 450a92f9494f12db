"""The ``chicago-poker play`` command: a whole game in the terminal against bots.

The human sits at seat 0 and sees only what :func:`chicago_poker.core.views.view` lets that seat
know: the board is drawn from the view, and every event is narrated as
:func:`chicago_poker.redact` shows it to seat 0, so no card hidden from the human is
ever printed. The human picks a numbered legal command; anything else (not a number written
with the digits 0-9, out of range) is explained and asked again. Input is read line by line, so
the game can be piped: at the end of the input, or on ``q``, the game stops with a message, the
log of the game so far is saved, and the exit status is 1. Ctrl-C stops it the same way (exit
status 130), and so does an output that can no longer be written, such as a closed pipe: the
log is saved and the message saying where goes to standard error.

The bots come from :mod:`chicago_poker.players.bots` (``BOTS``, looked up when the game starts).
"""

from __future__ import annotations

import argparse
import enum
import importlib
import os
import random
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Final, Protocol, TextIO, assert_never

from chicago_poker.core.apply import apply
from chicago_poker.core.cards import BusinessTile, Card, Face, GangsterCard, card_order
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
from chicago_poker.core.errors import ChicagoPokerError
from chicago_poker.core.events import (
    ActionPhaseStarted,
    BriberyPlayed,
    CardDrawn,
    DiscardPileReshuffled,
    DrawRequested,
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
from chicago_poker.core.legal import Awaiting, awaiting
from chicago_poker.core.redacted_events import (
    RedactedBriberyPlayed,
    RedactedCardDrawn,
    RedactedGameStarted,
    RedactedGangsterPlayed,
    RedactedLimousinePlayed,
    RedactedPoliceRaidPlayed,
    RedactedReinforcementChosen,
    SeenEvent,
    redact,
)
from chicago_poker.core.rules import MAX_COLUMN, RuleOptions, stall_limit
from chicago_poker.core.state import GameState, Victory
from chicago_poker.core.views import PlayerView, view
from chicago_poker.formats.log import write_log
from chicago_poker.players.game import Game
from chicago_poker.players.simulate import seed_argument

__all__ = [
    "DEFAULT_LOG",
    "HUMAN",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "BotLike",
    "InputClosedError",
    "OutputClosedError",
    "add_parser",
    "describe_command",
    "play_game",
    "run",
]

HUMAN: Final = 0
"""The human's seat."""

MIN_PLAYERS: Final = 2
"""Fewest players (R-2.1)."""

MAX_PLAYERS: Final = 6
"""Most players (R-2.1)."""

DEFAULT_LOG: Final = "chicago-poker-game.jsonl"
"""Where the log is saved unless ``--log`` says otherwise."""

HUMAN_NAME: Final = "You"
"""The human's name in the game and its log."""

_QUIT: Final = frozenset({"q", "quit", "exit"})
_RULE: Final = "-" * 72


class BotLike(Protocol):
    """What ``play`` needs of a bot (the ``Bot`` protocol of :mod:`chicago_poker.players.bots`)."""

    name: str
    """The bot's kind, such as ``heuristic``."""

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """One of ``legal``, chosen knowing only ``view``."""
        ...


class InputClosedError(Exception):
    """The human's input ended (end of file, or ``q``) before the game did."""


class OutputClosedError(Exception):
    """The game's output can no longer be written (a closed pipe or file)."""


class _Ending(enum.Enum):
    """How a game played in the terminal came to an end."""

    OVER = "over"
    STOPPED = "stopped"  # end of input, or q
    INTERRUPTED = "interrupted"  # Ctrl-C
    OUTPUT_CLOSED = "output closed"


# --------------------------------------------------------------------------- command line


def _digits(text: str) -> str | None:
    """``text`` if it is written with the digits 0-9 only, else None.

    ``str.isdigit`` alone also accepts superscripts, circled digits and the digits of other
    scripts, which ``int`` refuses or reads otherwise; only the digits of every keyboard count.
    """
    return text if text.isascii() and text.isdigit() else None


def _echo(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters, to quote a player's answer back to them."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _player_count(text: str) -> int:
    digits = _digits(text.strip())
    if digits is None:
        raise argparse.ArgumentTypeError(f"not a number: {_echo(text)!r}")
    if len(digits.lstrip("0")) > 1:
        raise argparse.ArgumentTypeError(
            f"{_echo(digits)} players: Chicago Poker is for {MIN_PLAYERS} to {MAX_PLAYERS} (R-2.1)"
        )
    count = int(digits)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"{count} players: Chicago Poker is for {MIN_PLAYERS} to {MAX_PLAYERS} (R-2.1)"
        )
    return count


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``play`` subcommand on ``subparsers`` (from ``add_subparsers``).

    Returns:
        The new subcommand parser, whose ``command`` default is :func:`run`.
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description="Play a whole game against bots. You are the first seat; pick your moves "
        "by number (q quits). The game's log is saved at the end, or when the game stops "
        "early (q, end of input, Ctrl-C, closed output). Exit status: 0 when the game is "
        "over, 1 if it stopped first, 130 on Ctrl-C.",
    )
    parser.add_argument(
        "--players",
        type=_player_count,
        default=MIN_PLAYERS,
        metavar="N",
        help=f"number of players, you included ({MIN_PLAYERS}-{MAX_PLAYERS}, default "
        f"{MIN_PLAYERS})",
    )
    parser.add_argument(
        "--seed",
        type=seed_argument,
        default=None,
        metavar="S",
        help="seed for the deal and the bots",
    )
    parser.add_argument(
        "--bot", default="heuristic", metavar="NAME", help="the bots' kind (default: heuristic)"
    )
    for flag, meaning in (
        ("--tactical", "play without the special cards (R-9.1)"),
        ("--short-game", "win with two of a kind or three businesses (R-8.3)"),
        ("--optional-actions", "a turn may end before three actions (D-8)"),
        ("--limousine-any-cards", "the Limousine may move any of one's cards (D-18)"),
        ("--optional-reinforcement", "a tied player may send no reinforcement (D-28)"),
    ):
        parser.add_argument(flag, action="store_true", help=meaning)
    parser.add_argument(
        "--log",
        default=DEFAULT_LOG,
        metavar="FILE",
        help=f"where to save the game's log (default: {DEFAULT_LOG})",
    )
    parser.set_defaults(command=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Carry out ``chicago-poker play``: stdin for the human, stdout for the game.

    The log is saved however the game ends: over, stopped by ``q`` or the end of the input,
    interrupted by Ctrl-C, or cut off by an output that can no longer be written (then the
    message saying where goes to stderr).

    Returns:
        0 when the game ended; 1 when the input or the output ended first, the bot is
        unknown, or the log cannot be written; 130 on Ctrl-C (the log is saved all the same).
    """
    bots: Any = importlib.import_module("chicago_poker.players.bots")
    table: dict[str, Callable[[int | None], BotLike]] = dict(bots.BOTS)
    if args.bot not in table:
        known = ", ".join(sorted(table))
        sys.stderr.write(f"chicago-poker play: error: unknown bot {args.bot!r} (known: {known})\n")
        return 1
    seed: int = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    options = RuleOptions(
        tactical=args.tactical,
        short_game=args.short_game,
        optional_actions=args.optional_actions,
        limousine_any_cards=args.limousine_any_cards,
        optional_reinforcement=args.optional_reinforcement,
    )
    kind = table[args.bot]

    def factory(seat: int) -> BotLike:
        return kind(seed + seat)

    game, ending = _play(options, args.players, seed, factory, sys.stdin, sys.stdout)
    provenance: dict[str, str | int | float | bool | None] = {
        "program": "chicago-poker play",
        "seed": seed,
        "bot": args.bot,
        "human_seat": HUMAN,
    }
    with _interrupts_deferred():  # a second Ctrl-C must not cut the log short
        try:
            with open(args.log, "w", encoding="utf-8") as file:
                write_log(game, file, provenance=provenance)
        except (OSError, ChicagoPokerError) as error:
            sys.stderr.write(f"chicago-poker play: error: cannot save the log: {error}\n")
            return 1
    saved = f"Game log saved to {args.log}."
    if ending is not _Ending.OUTPUT_CLOSED:
        try:
            sys.stdout.write(saved + "\n")
            sys.stdout.flush()
        except (OSError, ValueError):
            ending = _Ending.OUTPUT_CLOSED
    if ending is _Ending.OUTPUT_CLOSED:
        _discard_stdout()
        sys.stderr.write(
            f"chicago-poker play: the output was closed; the game stops unfinished. {saved} "
            f"Seed: {seed}.\n"
        )
    return {_Ending.OVER: 0, _Ending.INTERRUPTED: 130}.get(ending, 1)


@contextmanager
def _interrupts_deferred() -> Iterator[None]:
    """Hold Ctrl-C back until the block is done; re-raised after it if one came.

    Only the main thread can handle signals; elsewhere the block runs as it is.
    """
    received: list[int] = []
    try:
        previous = signal.signal(signal.SIGINT, lambda number, frame: received.append(number))
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if received:
        raise KeyboardInterrupt


def _discard_stdout() -> None:
    """Point stdout at devnull, so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file, as under pytest
        pass


# --------------------------------------------------------------------------- the game


def play_game(
    options: RuleOptions,
    players: int,
    seed: int | None,
    bot_factory: Callable[[int], BotLike],
    input: TextIO,
    output: TextIO,
) -> Game:
    """Play a game: the human at seat 0 reads ``input`` and sees ``output``; bots elsewhere.

    ``bot_factory(seat)`` makes the bot of each seat 1 to ``players - 1``. The game is seeded
    by ``seed``, which is told only once the game is over or stopped: it deals the bots' hands
    and every card to come. When ``input`` ends (or the human types ``q``), on Ctrl-C, or when
    ``output`` can no longer be written, the game stops (with a message, if it can be shown)
    and the unfinished game is returned: check ``game.state.is_over``.
    """
    return _play(options, players, seed, bot_factory, input, output)[0]


def _play(
    options: RuleOptions,
    players: int,
    seed: int | None,
    bot_factory: Callable[[int], BotLike],
    input: TextIO,
    output: TextIO,
) -> tuple[Game, _Ending]:
    """:func:`play_game`, and how the game came to an end."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"{players} players: the game is for {MIN_PLAYERS} to {MAX_PLAYERS}")
    seat_bots = {seat: bot_factory(seat) for seat in range(1, players)}
    names = [HUMAN_NAME] + [f"Bot {seat}" for seat in range(1, players)]
    game = Game.new(names, options, seed)
    table = _Table(game, input, output)
    ending = _Ending.OVER
    try:
        try:
            _turns(table, seat_bots, players)
        except InputClosedError as stop:
            ending = _Ending.STOPPED
            table.say("")
            table.say(f"{stop} The game stops unfinished.")
        except KeyboardInterrupt:
            ending = _Ending.INTERRUPTED
            table.say("")
            table.say("Interrupted. The game stops unfinished.")
        else:
            table.summary()
        if seed is not None:
            # Only now: the seed replays the dealer, so it would show every hidden card.
            table.say(f"Seed: {seed} (the same seed deals the same cards).")
        table.flush()
    except OutputClosedError:
        ending = _Ending.OUTPUT_CLOSED
    return game, ending


def _turns(table: _Table, seat_bots: dict[int, BotLike], players: int) -> None:
    """Play from the deal until the game is over or cannot go on."""
    game = table.game
    table.say(f"Chicago Poker: you against {players - 1} bot{'s' if players > 2 else ''}.")
    for seat, bot in seat_bots.items():
        table.say(f"  {table.name(seat)} plays as the {bot.name} bot.")
    table.narrate(None, game.events)
    while not game.state.is_over:
        state = game.state
        chooser = _next_chooser(state)
        if chooser is None:
            table.say("The game cannot go on: nobody has anything to decide.")
            return
        legal = game.legal_commands(chooser)
        if chooser == HUMAN:
            command = table.ask(legal)
        else:
            command = seat_bots[chooser].choose(view(state, chooser), legal)
        events = game.execute(command)
        table.narrate(state, events)


def _next_chooser(state: GameState) -> int | None:
    """The seat whose decision the game awaits, or None if no player must decide."""
    match awaiting(state):
        case Awaiting.ACTION:
            return state.turn.player
        case Awaiting.REINFORCEMENT:
            # The choices are secret until all are made, so asking one chooser
            # after the other changes nothing.
            from chicago_poker.core.legal import legal_commands

            return next(
                (seat for seat in range(len(state.players)) if legal_commands(state, seat)),
                None,
            )
        case _:
            return None


def _card(card: Card | None) -> str:
    if card is None:
        return "a face-down card"
    return str(card) if isinstance(card, GangsterCard) else card.kind.label


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(_card(card) for card in cards) if cards else "none"


def _tile(tile: BusinessTile) -> str:
    return tile.name


def describe_command(command: Command, mine: PlayerView) -> str:
    """A legal command in plain English, for the seat whose ``mine`` is the view."""
    names = [player.name for player in mine.players]
    match command:
        case DrawCard():
            return "Draw a card"
        case PlayGangster(card=card, business=tile):
            return f"Play {card} at {tile.name} ({_landing(mine, tile)})"
        case PlayLiquidation(business=tile, victim=victim):
            last = _last_card(mine, tile, victim)
            return f"Play Liquidation at {tile.name}: discard {names[victim]}'s last card ({last})"
        case PlayPoliceRaid(business=tile, target=target):
            hidden = _face_down_count(mine, tile, target)
            return (
                f"Play Police Raid at {tile.name}: see {names[target]}'s "
                f"{hidden} face-down card{'s' if hidden != 1 else ''}"
            )
        case PlayLimousine(source=source, destination=destination, cards=moved):
            return f"Play Limousine: move {_cards(moved)} from {source.name} to {destination.name}"
        case PlayRevolver():
            return "Play the Revolver: two extra actions"
        case PlayBribery(card=card):
            return f"Play Bribery: take {_card(card)} from the discard pile"
        case EndTurn():
            return "End your turn"
        case SendReinforcement(card=card):
            return f"Send {card} as reinforcement"
        case DeclineReinforcement():
            return "Send no reinforcement"
        case _:
            return str(command)


def _business_view(mine: PlayerView, tile: BusinessTile) -> Any:
    return next((b for b in mine.businesses if b.tile == tile), None)


def _landing(mine: PlayerView, tile: BusinessTile) -> str:
    business = _business_view(mine, tile)
    seat = HUMAN if mine.seat is None else mine.seat
    position = len(business.columns[seat]) if business is not None else 0
    if position >= MAX_COLUMN:
        return "column full"
    return "face up" if tile.pattern[position] is Face.UP else "face down"


def _last_card(mine: PlayerView, tile: BusinessTile, victim: int) -> str:
    business = _business_view(mine, tile)
    if business is None or not business.columns[victim].slots:
        return "unknown"
    slot = business.columns[victim].slots[-1]
    return "face down" if slot.card is None else str(slot.card)


def _face_down_count(mine: PlayerView, tile: BusinessTile, target: int) -> int:
    business = _business_view(mine, tile)
    if business is None:
        return 0
    return sum(1 for slot in business.columns[target].slots if slot.face is Face.DOWN)


def _choice(answer: str, moves: int) -> int | str:
    """The move numbered ``answer`` (from 1 to ``moves``), or why there is none.

    Only the digits 0-9 make a number; their count is checked before ``int`` reads them, so a
    line of thousands of digits is just a number too large.
    """
    digits = _digits(answer)
    if digits is None:
        return f"'{_echo(answer)}' is not a number: type the number of a move."
    significant = digits.lstrip("0") or "0"
    if len(significant) > len(str(moves)) or not 1 <= int(significant) <= moves:
        return f"There is no move {_echo(significant)}: choose from 1 to {moves}."
    return int(significant)


class _Table:
    """The human's side of the table: prints the board and the narration, reads choices."""

    def __init__(self, game: Game, input: TextIO, output: TextIO) -> None:
        self.game = game
        self.input = input
        self.output = output
        self.names = list(game.state.players[seat].name for seat in range(len(game.state.players)))

    # ------------------------------------------------------------------ output

    def say(self, text: str) -> None:
        self.write(text + "\n")

    def write(self, text: str) -> None:
        """Write to the output; raise OutputClosedError if it can no longer be written."""
        try:
            self.output.write(text)
        except UnicodeError:
            raise
        except (OSError, ValueError) as error:  # a closed pipe (EPIPE) or a closed file
            raise OutputClosedError(str(error)) from error

    def flush(self) -> None:
        """Flush the output; raise OutputClosedError if it can no longer be written."""
        try:
            self.output.flush()
        except (OSError, ValueError) as error:
            raise OutputClosedError(str(error)) from error

    def name(self, seat: int) -> str:
        return self.names[seat]

    def act(self, seat: int, mine: str, theirs: str) -> str:
        """``You draw`` or ``Bot 1 draws``: the subject and the verb form."""
        return f"{HUMAN_NAME} {mine}" if seat == HUMAN else f"{self.name(seat)} {theirs}"

    def possessive(self, seat: int) -> str:
        return "your" if seat == HUMAN else f"{self.name(seat)}'s"

    def board(self) -> None:
        mine = view(self.game.state, HUMAN)
        turn = mine.turn
        self.say(_RULE)
        self.say(
            f"Turn {turn.number + 1}: {self.possessive(turn.player)} turn, "
            f"{turn.actions_left} action{'s' if turn.actions_left != 1 else ''} left "
            f"({turn.base_actions} + {turn.bonus_actions} extra, {turn.actions_taken} taken)."
        )
        limit = stall_limit(len(mine.players))
        if mine.stalled_turns * 2 >= limit:  # warn once half the limit has passed
            self.say(
                f"No business won in the last {mine.stalled_turns} turns: at {limit}, the game "
                "ends without a winner."
            )
        hand = sorted(mine.hand or (), key=card_order)
        self.say(f"Your hand ({len(hand)}): {_cards(hand)}")
        for seat, player in enumerate(mine.players):
            controlled = ", ".join(tile.name for tile in player.controlled) or "none"
            cards = "" if seat == HUMAN else f"{player.hand_size} cards in hand; "
            self.say(f"  {player.name}: {cards}controls {controlled}")
        self.say(
            f"Draw deck: {mine.draw_pile_size} cards. Face-down business tiles: "
            f"{mine.tile_pile_size}. Discard pile ({len(mine.discard_pile)}): "
            f"{_cards(sorted(mine.discard_pile, key=card_order))}"
        )
        self.say("Businesses:")
        for business in mine.businesses:
            pattern = " ".join(face.value for face in business.tile.pattern)
            shootout = "  (shootout: every card face up)" if business.revealed else ""
            self.say(f"  {business.tile.name} [{pattern}]{shootout}")
            for seat, column in enumerate(business.columns):
                if not column.slots:
                    continue
                self.say(f"    {self.name(seat):<7} {self.column_text(seat, column)}")

    def column_text(self, seat: int, column: Any) -> str:
        up = [str(slot.card) for slot in column.slots if slot.face is Face.UP]
        down = [slot for slot in column.slots if slot.face is Face.DOWN]
        text = " ".join(up) if up else "-"
        if down:
            known = [str(slot.card) for slot in down if slot.card is not None]
            text += f" + {len(down)} face down"
            if known and seat == HUMAN:
                text += f": {' '.join(known)}"
            elif known:
                text += f" (seen: {' '.join(known)})"
        if column.marker is not None:
            text += f"  [shootout marker #{column.marker}]"
        return text

    # ------------------------------------------------------------------ input

    def ask(self, legal: Sequence[Command]) -> Command:
        mine = view(self.game.state, HUMAN)
        self.board()
        if mine.shootout is not None:
            self.say(f"Shootout at {mine.shootout.business.name}: choose your reinforcement.")
        else:
            self.say("Your move:")
        for number, command in enumerate(legal, start=1):
            self.say(f"  {number:>3}. {describe_command(command, mine)}")
        while True:
            self.write(f"Choose 1-{len(legal)} (q to quit): ")
            self.flush()
            line = self.input.readline()
            if not line:
                raise InputClosedError("End of input.")
            answer = line.strip()
            if answer.lower() in _QUIT:
                raise InputClosedError("You quit.")
            self.say("")
            choice = _choice(answer, len(legal))
            if isinstance(choice, str):
                self.say(choice)
                continue
            return legal[choice - 1]

    # ------------------------------------------------------------------ narration

    def narrate(self, state: GameState | None, events: Sequence[Any]) -> None:
        """Tell each event as seat 0 sees it (redacted), folding it into ``state``."""
        for event in events:
            self.tell(redact(state, event, HUMAN))
            state = apply(state, event)

    def tell(self, event: SeenEvent) -> None:
        match event:
            case GameStarted() | RedactedGameStarted():
                tiles = ", ".join(tile.name for tile in event.businesses)
                own = [card for card in event.hands[HUMAN] if card is not None]
                self.say(f"Players: {', '.join(event.players)}. Businesses: {tiles}.")
                self.say(f"You are dealt: {_cards(sorted(own, key=card_order))}.")
                self.say(f"{self.act(event.first_player, 'play', 'plays')} first.")
            case TurnStarted(player=player, number=number, actions=actions):
                self.say("")
                self.say(
                    f"== Turn {number + 1}: {self.possessive(player)} turn "
                    f"({actions} action{'s' if actions != 1 else ''}) =="
                )
            case ActionPhaseStarted() | DrawRequested():
                pass
            case ShootoutStarted(business=tile, owner=owner, hands=hands):
                self.say(f"Shootout at {tile.name} ({self.possessive(owner)} marker)!")
                for seat, cards in hands:
                    rank = evaluate_hand(cards).description if cards else "no cards"
                    self.say(f"  {self.name(seat)}: {_cards(cards)}  ->  {rank}")
            case ReinforcementRequested(business=tile, contenders=seats):
                tied = ", ".join(self.name(seat) for seat in seats)
                self.say(f"Tie at {tile.name} between {tied}: reinforcements!")
            case ReinforcementChosen(player=player, card=card):
                self.say(f"You send {card} as reinforcement (face down for now).")
            case ReinforcementDeclined(player=player):
                self.say(f"{self.act(player, 'send', 'sends')} no reinforcement.")
            case RedactedReinforcementChosen(player=player):
                self.say(f"{self.name(player)} has made a reinforcement choice.")
            case ReinforcementsRevealed(cards=cards, contenders=seats):
                sent = ", ".join(f"{self.name(seat)} {card}" for seat, card in cards) or "none"
                self.say(f"Reinforcements revealed: {sent}.")
                if len(seats) > 1:
                    self.say(f"Still tied: {', '.join(self.name(seat) for seat in seats)}.")
            case ShootoutWon(business=tile, player=player, category=category, reinforced=extra):
                how = " after reinforcement" if extra else ""
                self.say(
                    f"{self.act(player, 'win', 'wins')} the shootout at {tile.name} with "
                    f"{category.label.lower()}{how} and take{'' if player == HUMAN else 's'} "
                    "the business."
                )
            case ShootoutVoided(business=tile):
                self.say(f"Nobody wins the shootout at {tile.name}; its cards are discarded.")
            case TileRevealed(tile=tile):
                self.say(f"A new business is revealed: {tile.name}.")
            case CardDrawn(player=player, card=card):
                self.say(f"You draw {_card(card)}.")
            case RedactedCardDrawn(player=player):
                self.say(f"{self.name(player)} draws a card.")
            case DiscardPileReshuffled(cards=count):
                self.say(f"The discard pile ({count} cards) is shuffled into a new draw deck.")
            case GangsterPlayed(player=player, card=card, business=tile):
                self.say(f"{self.act(player, 'play', 'plays')} {card} at {tile.name}.")
            case RedactedGangsterPlayed(player=player, business=tile):
                self.say(f"{self.name(player)} plays a card face down at {tile.name}.")
            case MarkerPlaced(player=player, business=tile, number=number):
                self.say(
                    f"{self.possessive(player).capitalize()} column at {tile.name} is full: "
                    f"shootout marker #{number}."
                )
            case LiquidationPlayed(player=player, business=tile, victim=victim, card=card):
                self.say(
                    f"{self.act(player, 'play', 'plays')} Liquidation at {tile.name}: "
                    f"{self.possessive(victim)} {card} is discarded."
                )
            case PoliceRaidPlayed(player=player, business=tile, target=target, seen=seen):
                self.say(
                    f"{self.act(player, 'raid', 'raids')} {self.possessive(target)} column at "
                    f"{tile.name} (Police Raid) and sees: {_cards(seen)}."
                )
            case RedactedPoliceRaidPlayed(player=player, business=tile, target=target, seen=seen):
                known = [card for card in seen if card is not None]
                also = f" (you already know {_cards(known)})" if known else ""
                self.say(
                    f"{self.name(player)} raids {self.possessive(target)} column at "
                    f"{tile.name} (Police Raid) and sees {len(seen)} face-down "
                    f"card{'s' if len(seen) != 1 else ''}{also}."
                )
            case LimousinePlayed() | RedactedLimousinePlayed():
                moved = ", ".join(_card(card) for card in event.cards)
                self.say(
                    f"{self.act(event.player, 'play', 'plays')} the Limousine: {moved} move "
                    f"from {event.source.name} to {event.destination.name}."
                )
            case RevolverPlayed(player=player):
                self.say(f"{self.act(player, 'play', 'plays')} the Revolver: two extra actions.")
            case BriberyPlayed(player=player, card=card):
                self.say(
                    f"You play Bribery and take {_card(card)} from the discard pile; "
                    "the draw deck is reshuffled."
                )
            case RedactedBriberyPlayed(player=player):
                self.say(
                    f"{self.name(player)} plays Bribery and takes a card from the discard "
                    "pile; the draw deck is reshuffled."
                )
            case TurnEnded(player=player, forced=forced):
                why = " (no action allowed)" if forced else ""
                self.say(f"End of {self.possessive(player)} turn{why}.")
            case GameWon(player=player, victory=victory):
                self.say(f"{self.act(player, 'win', 'wins')} the game: {victory.value}!")
            case GameBlocked():
                self.say("Nobody can act any more: the game is blocked.")
            case GameStalled(turns=turns):
                self.say(f"No business was won in {turns} turns: the game is stalled.")
            case _:
                assert_never(event)

    def summary(self) -> None:
        state = self.game.state
        self.say("")
        self.say(_RULE)
        if state.winner is not None and state.victory is not None:
            self.say(f"Game over. Winner: {self.name(state.winner)} ({state.victory.value}).")
        elif state.victory is Victory.STALLED:
            self.say("Game over: stalled, without a winner (R-8.7).")
        else:
            self.say("Game over: blocked, without a winner (R-8.6).")
        self.say("Businesses controlled:")
        for player in state.players:
            tiles = ", ".join(tile.name for tile in player.controlled) or "none"
            self.say(f"  {player.name}: {tiles}")
