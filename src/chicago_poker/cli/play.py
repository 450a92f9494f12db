"""The ``chicago-poker play`` command: a whole game in the terminal against bots.

The human sits at seat 0 and sees only what :func:`chicago_poker.core.views.view` lets that seat
know: the board is the library's table of that view (``str(view)``), and every event is narrated
as :func:`chicago_poker.redact` shows it to seat 0, so no card hidden from the human is ever
printed. The legal commands are listed by kind, numbered, each with its text in the move
notation (:mod:`chicago_poker.formats.moves`); the Limousine's moves are one item, chosen step
by step: the business the cards leave, the one they go to, then the cards in order. The human
types a number or a move in the notation; anything else is explained and asked again. Lines
are wrapped between words at the terminal's width (80 columns when the output is no terminal).

Input is read line by line, so the game can be piped: at the end of the input, or on ``q``, the
game stops with a message, the log of the game so far is saved, and the exit status is 1.
Ctrl-C stops it the same way (exit status 130), and so does an output that can no longer be
written, such as a closed pipe: the log is saved and the message saying where goes to standard
error.

Every command and event is told by :func:`chicago_poker.describe`, the narrator ``demo`` and
front ends share. On a terminal the board is in colour (rich); ``u`` takes back the human's last
move with the bots' moves after it (:meth:`~chicago_poker.players.game.Game.undo`), and
``--resume LOG`` continues a saved game (:meth:`~chicago_poker.players.game.Game.from_log`).

The bots are named as :func:`chicago_poker.protocol.spec.parse_bot` reads them: built in,
``module:Class``, or ``cmd:COMMAND``, a program that speaks the bot protocol, asked by the
referee's loop of :mod:`chicago_poker.protocol.table` with every wait bounded. A program that
breaks the protocol or its time stops the game (exit status 1, the log saved); every program is
ended however the game ends. A program has been told every move, so none can be taken back.
"""

from __future__ import annotations

import argparse
import enum
import io
import os
import random
import re
import shutil
import signal
import sys
import textwrap
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Final, Protocol, TextIO, TypeVar

from chicago_poker.core.apply import apply
from chicago_poker.core.cards import BusinessTile, GangsterCard
from chicago_poker.core.commands import (
    ChanceCommand,
    Command,
    DeclineReinforcement,
    DrawCard,
    EndTurn,
    PlayGangster,
    PlayLimousine,
    SendReinforcement,
)
from chicago_poker.core.errors import ChicagoPokerError
from chicago_poker.core.events import TurnStarted
from chicago_poker.core.legal import Awaiting, awaiting, legal_commands
from chicago_poker.core.redacted_events import SeenEvent, redact
from chicago_poker.core.rules import RuleOptions, stall_limit
from chicago_poker.core.state import GameState, Victory
from chicago_poker.core.tables import printable
from chicago_poker.core.views import PlayerView, view
from chicago_poker.display.words import ROUTINE_EVENTS, describe
from chicago_poker.formats.bot_protocol import TERMINATIONS
from chicago_poker.formats.log import LogHeader, read_log, write_log
from chicago_poker.formats.moves import parse_command, write_command
from chicago_poker.players.game import Game
from chicago_poker.players.simulate import seed_argument
from chicago_poker.protocol.process import BotError
from chicago_poker.protocol.spec import BotSpec, parse_bot

# The referee of one game tells each bot program the game as its seat sees it, asks it with
# every wait bounded, and ends it.
from chicago_poker.protocol.table import BotFaultError, Clock, Referee, RemoteBot, bot_seed

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

DEFAULT_WIDTH: Final = 80
"""The width of output that is no terminal (a pipe, a file), unless ``COLUMNS`` says otherwise."""

MIN_WIDTH: Final = 20
"""The narrowest width lines are wrapped to, however narrow the terminal."""

_LONGEST_MOVE: Final = 200
"""More characters than any move's text has: a longer answer is not read as a move."""

_BACK_WORDS: Final = frozenset({"b", "back"})
_QUIT: Final = frozenset({"q", "quit", "exit"})
_UNDO: Final = frozenset({"u", "undo"})
_RULE: Final = "-" * 72
_CARD_TOKEN: Final = re.compile(r"(?<![\w#])\d+([RYGBP])(?!\w)")
_CARD_STYLES: Final = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "magenta"}


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
    BOT_FAULT = "bot fault"  # a bot program broke the protocol or its time


class _BotFaultError(Exception):
    """A bot program broke the protocol or its time: its seat, why, and what it did."""

    def __init__(self, seat: int, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.seat = seat
        self.reason = reason
        self.detail = detail


class _NeverAsked:
    """The human's place among the players of the referee's loop, which never asks it."""

    name = "human"

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        raise AssertionError("the human is asked by play, not by the referee's loop")


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
        "by number or type them in the move notation, such as 'draw' or '9R Speakeasy' (u "
        "takes your last move back, q quits). The Limousine is chosen step by step. A bot "
        "program (cmd:COMMAND) that breaks the protocol or its time stops the game. The game's "
        "log is saved at the end, "
        "or when the game stops early (q, end of input, Ctrl-C, closed output); --resume "
        "continues it. Exit status: 0 when the game is over, 1 if it stopped first, 130 on "
        "Ctrl-C.",
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
        "--bot",
        default="heuristic",
        metavar="NAME",
        help="every bot seat's bot (default: heuristic): heuristic, random, module:Class, or "
        "cmd:COMMAND for a program that speaks the bot protocol",
    )
    parser.add_argument(
        "--bots",
        default=None,
        metavar="A,B,...",
        help="each bot seat's bot in turn, named as for --bot (in place of --bot)",
    )
    for flag, meaning in _RULE_FLAGS:
        parser.add_argument(flag, action="store_true", help=meaning)
    _add_file_arguments(parser)
    parser.set_defaults(command=run)
    return parser


_RULE_FLAGS: Final = (
    ("--tactical", "play without the special cards (R-9.1)"),
    ("--short-game", "win with two of a kind or three businesses (R-8.3)"),
    ("--optional-actions", "a turn may end before three actions (D-8)"),
    ("--limousine-any-cards", "the Limousine may move any of one's cards (D-18)"),
    ("--optional-reinforcement", "a tied player may send no reinforcement (D-28)"),
)


def _add_file_arguments(parser: argparse.ArgumentParser) -> None:
    """``--log`` and ``--resume``."""
    parser.add_argument(
        "--log",
        default=None,
        metavar="FILE",
        help=f"where to save the game's log (default: the resumed log, or {DEFAULT_LOG})",
    )
    parser.add_argument(
        "--resume",
        default=None,
        metavar="LOG",
        help="continue the game saved in LOG, with its players, options and seed",
    )


def run(args: argparse.Namespace) -> int:
    """Carry out ``chicago-poker play``: stdin for the human, stdout for the game.

    The log is saved however the game ends: over, stopped by ``q`` or the end of the input,
    interrupted by Ctrl-C, or cut off by an output that can no longer be written (then the
    message saying where goes to stderr). With ``--resume``, the game of that log goes on and
    is saved back to it, unless ``--log`` says otherwise.

    Returns:
        0 when the game ended; 1 when the input or the output ended first, the bot is
        unknown, the log to resume cannot be read or resumed, or the log cannot be written;
        130 on Ctrl-C (the log is saved all the same).
    """
    names = _bot_names(args)
    setup = _setup(args) if names is not None else None
    if names is None or setup is None:
        return 1
    game, provenance = setup
    specs = _seat_specs(names, len(game.state.players))
    if specs is None:
        return 1
    given = provenance.get("seed")
    seed = given if type(given) is int else _fresh_seed()
    provenance = {**provenance, "seed": seed, "bot": ",".join(names)}

    def factory(seat: int) -> BotLike | RemoteBot:
        spec = specs[seat]
        if spec.remote:
            return spec.start(Clock(), f"seat {seat} ({spec.text})")
        bot: BotLike = spec.make(bot_seed(seed, seat))
        return bot

    ending = _play(game, factory, sys.stdin, sys.stdout, seed)[1]
    log: str = args.log or args.resume or DEFAULT_LOG
    return _save(game, log, provenance, ending)


def _fresh_seed() -> int:
    return random.SystemRandom().randrange(2**31)


def _bot_names(args: argparse.Namespace) -> list[str] | None:
    """The bots named by ``--bots``, or else ``--bot``, each checked; None after saying why."""
    names: list[str] = args.bots.split(",") if args.bots is not None else [args.bot]
    for name in names:
        try:
            parse_bot(name)
        except ChicagoPokerError as error:
            sys.stderr.write(f"chicago-poker play: error: {error}\n")
            return None
    return names


def _seat_specs(names: Sequence[str], players: int) -> dict[int, BotSpec] | None:
    """Each bot seat's bot: one name for every seat, or one name a seat; None after saying why."""
    bots = players - 1
    if len(names) not in (1, bots):
        sys.stderr.write(
            f"chicago-poker play: error: --bots names {len(names)} bots for {bots} bot seat"
            f"{'s' if bots != 1 else ''}\n"
        )
        return None
    return {seat: parse_bot(names[(seat - 1) % len(names)]) for seat in range(1, players)}


def _setup(args: argparse.Namespace) -> tuple[Game, dict[str, Any]] | None:
    """The game to play and its log's provenance: new, or resumed from ``--resume``."""
    if args.resume is not None:
        return _resume(args.resume)
    seed: int = args.seed if args.seed is not None else _fresh_seed()
    options = RuleOptions(
        tactical=args.tactical,
        short_game=args.short_game,
        optional_actions=args.optional_actions,
        limousine_any_cards=args.limousine_any_cards,
        optional_reinforcement=args.optional_reinforcement,
    )
    names = [HUMAN_NAME] + [f"Bot {seat}" for seat in range(1, args.players)]
    provenance = {"program": "chicago-poker play", "seed": seed, "human_seat": HUMAN}
    return Game.new(names, options, seed), provenance


def _resume(path: str) -> tuple[Game, dict[str, Any]] | None:
    """The game saved in the log at ``path``, and the log's provenance; None if it cannot be."""
    try:
        with open(path, encoding="utf-8") as file:
            header = next(read_log(file))
        game = Game.from_log(path)
    except (OSError, ChicagoPokerError, StopIteration) as error:
        reason = error.strerror if isinstance(error, OSError) else error
        sys.stderr.write(f"chicago-poker play: error: cannot resume {path}: {reason or 'empty'}\n")
        return None
    assert isinstance(header, LogHeader)  # line 1 of a log is its header
    return game, dict(header.provenance)


def _save(game: Game, log: str, provenance: dict[str, Any], ending: _Ending) -> int:
    """Save the log and say where; the exit status for ``ending``."""
    with _interrupts_deferred():  # a second Ctrl-C must not cut the log short
        try:
            with open(log, "w", encoding="utf-8") as file:
                write_log(game, file, provenance=provenance)
        except (OSError, ChicagoPokerError) as error:
            sys.stderr.write(f"chicago-poker play: error: cannot save the log: {error}\n")
            return 1
    saved = f"Game log saved to {log}."
    if ending is not _Ending.OUTPUT_CLOSED:
        try:
            sys.stdout.write(saved + "\n")
            sys.stdout.flush()
        except (OSError, ValueError):
            ending = _Ending.OUTPUT_CLOSED
    if ending is _Ending.OUTPUT_CLOSED:
        _discard_stdout()
        sys.stderr.write(
            f"chicago-poker play: the output was closed; the game stops unfinished. {saved}\n"
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
    by ``seed``, which is told only once the game is over: it deals the bots' hands and every
    card to come, and a game stopped early can be resumed. When ``input`` ends (or the human
    types ``q``), on Ctrl-C, or when ``output`` can no longer be written, the game stops (with
    a message, if it can be shown) and the unfinished game is returned: check
    ``game.state.is_over``.
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"{players} players: the game is for {MIN_PLAYERS} to {MAX_PLAYERS}")
    names = [HUMAN_NAME] + [f"Bot {seat}" for seat in range(1, players)]
    game = Game.new(names, options, seed)
    return _play(game, bot_factory, input, output, seed)[0]


def _play(
    game: Game,
    bot_factory: Callable[[int], BotLike | RemoteBot],
    input: TextIO,
    output: TextIO,
    seed: int | None,
) -> tuple[Game, _Ending]:
    """:func:`play_game` with a game set up or resumed, and how the game came to an end."""
    table = _Table(game, input, output)
    seat_bots: dict[int, BotLike | RemoteBot] = {}
    ending = _Ending.OVER
    try:
        try:
            for seat in range(1, len(game.state.players)):
                try:
                    seat_bots[seat] = bot_factory(seat)
                except BotError as fault:
                    raise _BotFaultError(seat, fault.reason, fault.detail) from None
            programs = _programs(game, seat_bots, seed)
            table.programs = programs is not None
            _turns(table, seat_bots, programs)
        except InputClosedError as stop:
            ending = _stopped(table, f"{stop} The game stops unfinished.", _Ending.STOPPED)
        except KeyboardInterrupt:
            ending = _stopped(table, "Interrupted. The game stops unfinished.", _Ending.INTERRUPTED)
        except _BotFaultError as fault:
            ending = _stopped(table, _fault_message(table, fault), _Ending.BOT_FAULT)
        else:
            table.summary()
        if seed is not None and ending is _Ending.OVER:
            # Only once the game is over: the seed replays the dealer, so it would show every
            # hidden card, and a game stopped early can be resumed (--resume).
            table.say(f"Seed: {seed} (the same seed deals the same cards).")
        table.flush()
    except OutputClosedError:
        ending = _Ending.OUTPUT_CLOSED
    finally:
        _end_programs(seat_bots)
    return game, ending


def _programs(
    game: Game, seat_bots: dict[int, BotLike | RemoteBot], seed: int | None
) -> Referee | None:
    """The referee's loop for the bot programs among ``seat_bots``; None if there are none.

    The programs are told the game so far (a resumed game's too) as their seats see it.
    """
    if not any(isinstance(bot, RemoteBot) for bot in seat_bots.values()):
        return None
    players = [_NeverAsked(), *seat_bots.values()]
    try:
        return Referee(game, players, game.seed if seed is None else seed, 0)
    except BotError as fault:  # pragma: no cover - writing to a bot never blocks or fails
        raise _BotFaultError(1, fault.reason, fault.detail) from None


def _end_programs(seat_bots: dict[int, BotLike | RemoteBot]) -> None:
    """End every bot program: quit, a moment to exit, then its process group killed."""
    with _interrupts_deferred():  # a second Ctrl-C must not leave a program running
        for bot in seat_bots.values():
            if isinstance(bot, RemoteBot):
                bot.close()


def _fault_message(table: _Table, fault: _BotFaultError) -> str:
    meaning = TERMINATIONS.get(fault.reason, fault.reason)
    return (
        f"{table.name(fault.seat)} (seat {fault.seat}) stopped the game: {fault.reason}, "
        f"{meaning} ({_echo(fault.detail, 200)}). The game stops unfinished."
    )


def _stopped(table: _Table, message: str, ending: _Ending) -> _Ending:
    table.say("")
    table.say(message)
    return ending


def _turns(
    table: _Table, seat_bots: dict[int, BotLike | RemoteBot], programs: Referee | None
) -> None:
    """Play from where the game stands until it is over or cannot go on.

    Raises:
        _BotFaultError: A bot program broke the protocol or its time; every program has been
            told or ended.
    """
    game = table.game
    table.introduce(seat_bots)
    while not game.state.is_over:
        state = game.state
        chooser = _next_chooser(state)
        if chooser is None:
            table.say("The game cannot go on: nobody has anything to decide.")
            break
        legal = game.legal_commands(chooser)
        bot = seat_bots.get(chooser)
        if chooser == HUMAN:
            command = table.ask(legal)
        elif isinstance(bot, RemoteBot):
            assert programs is not None
            command = _ask_program(programs, chooser, legal)
        else:
            assert bot is not None
            command = bot.choose(view(state, chooser), legal)
        if command is not None:  # None: a move was taken back
            table.narrate(state, game.execute(command))
    if programs is not None:
        programs.stream()
        programs.end("finished" if game.state.is_over else "command-limit", None, "")


def _ask_program(programs: Referee, seat: int, legal: Sequence[Command]) -> Command:
    """The command the program at ``seat`` chooses, told the game so far first."""
    try:
        programs.stream()
        if (flood := programs.flooded()) is not None:
            raise flood
        return programs.choose({seat: legal})[seat]
    except BotFaultError as fault:
        programs.end(fault.fault.reason, fault.seat, fault.fault.detail)
        raise _BotFaultError(fault.seat, fault.fault.reason, fault.fault.detail) from None


def _next_chooser(state: GameState) -> int | None:
    """The seat whose decision the game awaits, or None if no player must decide."""
    match awaiting(state):
        case Awaiting.ACTION:
            return state.turn.player
        case Awaiting.REINFORCEMENT:
            # The choices are secret until all are made, so asking one chooser
            # after the other changes nothing.
            return next(
                (seat for seat in range(len(state.players)) if legal_commands(state, seat)),
                None,
            )
        case _:
            return None


def describe_command(command: Command, mine: PlayerView) -> str:
    """A legal command as an order to the seat whose view is ``mine``, in plain English.

    This is :func:`chicago_poker.describe` told to that seat, with its view before the command.
    """
    names = [player.name for player in mine.players]
    return describe(command, names, viewer=mine.seat, before=mine)


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


_Item = tuple[str, Command | tuple[PlayLimousine, ...]]
"""An item of the menu: its kind's heading, and a command or every Limousine move."""

_T = TypeVar("_T")

_KINDS: Final[dict[type, str]] = {
    DrawCard: "Draw",
    PlayGangster: "Play a gangster card",
    EndTurn: "End the turn",
    SendReinforcement: "Reinforcement",
    DeclineReinforcement: "Reinforcement",
}
"""The heading of each kind of command; the others are special cards."""


def _menu(legal: Sequence[Command]) -> list[_Item]:
    """The items of the menu of ``legal``, by kind, the kinds in the order they first come.

    Every Limousine move is in one item, at the place of the first; the first item is always
    ``legal[0]`` or holds it.
    """
    kinds: dict[str, list[Command]] = {}
    for command in legal:
        kinds.setdefault(_KINDS.get(type(command), "Play a special card"), []).append(command)
    items: list[_Item] = []
    for kind, commands in kinds.items():
        limousines = tuple(c for c in commands if isinstance(c, PlayLimousine))
        for command in commands:
            if not isinstance(command, PlayLimousine):
                items.append((kind, command))
            elif command is limousines[0]:
                items.append((kind, limousines))
    return items


def _distinct(items: Iterable[_T]) -> list[_T]:
    """``items`` without repeats, in the order they first come."""
    return list(dict.fromkeys(items))


def _tile_name(tile: BusinessTile) -> str:
    return tile.name


def _moved(cards: Sequence[GangsterCard]) -> str:
    count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    return f"No more: move {' '.join(map(str, cards))} ({count})."


def _taken_back(game: Game) -> int | None:
    """How many player commands to take back to undo the human's last one; None if none."""
    count = 0
    for entry in reversed(game.history):
        command = entry.command
        if isinstance(command, ChanceCommand):
            continue
        count += 1
        if command.player == HUMAN:
            return count
    return None


def _is_terminal(output: TextIO) -> bool:
    """Whether ``output`` is a terminal that takes colour (``NO_COLOR`` says no)."""
    try:
        return output.isatty() and not os.environ.get("NO_COLOR")
    except (AttributeError, ValueError):
        return False


def output_width(output: TextIO) -> int:
    """The width to wrap ``output``'s lines at: the terminal's, or :data:`DEFAULT_WIDTH`.

    A terminal's width is read when the game starts (``shutil.get_terminal_size``, which
    ``COLUMNS`` overrides); output that is no terminal, such as a pipe or a file, is
    :data:`DEFAULT_WIDTH` wide unless ``COLUMNS`` says otherwise.
    """
    try:
        terminal = output.isatty()
    except (AttributeError, ValueError):
        terminal = False
    if terminal:
        columns = shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns
    else:
        given = _digits(os.environ.get("COLUMNS", "").strip())
        columns = int(given) if given is not None and len(given) < 5 else DEFAULT_WIDTH
    return max(columns, MIN_WIDTH) if columns > 0 else DEFAULT_WIDTH


def wrap(line: str, width: int) -> str:
    """``line`` broken between words into lines of at most ``width`` characters.

    A word is never cut: one longer than the width stands on a line of its own. The lines
    after the first keep the first's indentation, and two spaces more, so that a wrapped item
    reads as one.

    >>> print(wrap("  12. Play Limousine at Speakeasy #1", 20))
      12. Play Limousine
        at Speakeasy #1
    """
    if len(line) <= width:
        return line
    indent = line[: len(line) - len(line.lstrip(" "))]
    return textwrap.fill(
        line.strip(" "),
        width,
        initial_indent=indent,
        subsequent_indent=indent + "  ",
        break_long_words=False,
        break_on_hyphens=False,
    )


def _paint(text: str, style: str | None) -> str:
    """``text`` with the terminal codes of ``style``, and each card in its colour."""
    # rich is imported here, for a terminal only: the command's other paths, and worker
    # processes that import this package, do not pay for it.
    from rich.console import Console
    from rich.text import Text

    painted = Text(text, style=style or "")
    for match in _CARD_TOKEN.finditer(text):
        painted.stylize(_CARD_STYLES[match.group(1)], match.start(), match.end())
    console = Console(file=io.StringIO(), force_terminal=True, color_system="standard")
    with console.capture() as capture:
        console.print(painted, end="", soft_wrap=True, highlight=False)
    return capture.get()


class _Table:
    """The human's side of the table: prints the board and the narration, reads choices."""

    def __init__(self, game: Game, input: TextIO, output: TextIO, width: int | None = None) -> None:
        self.game = game
        self.input = input
        self.output = output
        self.names = [player.name for player in game.state.players]
        self.colour = _is_terminal(output)
        self.width = width if width is not None else output_width(output)
        self.programs = False  # whether a bot program plays: it cannot take a move back

    # ------------------------------------------------------------------ output

    def say(self, text: str, style: str | None = None) -> None:
        """Write a line: in colour on a terminal, plain text anywhere else.

        Names come from the players and from resumed logs: what is not printable in them is
        written as its escape, so that it cannot act on the terminal. Lines longer than the
        output's width are wrapped between words (:func:`wrap`).
        """
        for line in text.split("\n"):
            for part in wrap(printable(line), self.width).split("\n"):
                self.write((_paint(part, style) if self.colour else part) + "\n")

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

    def possessive(self, seat: int) -> str:
        return "your" if seat == HUMAN else f"{self.name(seat)}'s"

    def introduce(self, seat_bots: dict[int, BotLike | RemoteBot]) -> None:
        """Who plays, the legend of the board, and the story so far."""
        bots = len(seat_bots)
        self.say(f"Chicago Poker: you against {bots} bot{'s' if bots > 1 else ''}.", "bold")
        for seat, bot in seat_bots.items():
            self.say(f"  {self.name(seat)} plays as the {bot.name} bot.")
        self.say(
            "Type a move's number, or the move in the move notation shown in brackets "
            '(such as "draw"); u takes your last move back, q quits.'
        )
        history = self.game.history
        if len(history) > 1:
            self.say(f"The saved game goes on after {len(history)} commands, chance included.")
        else:
            self.narrate(None, history[0].events)

    # ------------------------------------------------------------------ the board

    def board(self) -> None:
        """The library's table of the human's view (``str(view)``), and the stall warning."""
        mine = view(self.game.state, HUMAN)
        self.say(_RULE[: self.width])
        self.say(str(mine))
        limit = stall_limit(len(mine.players))
        if mine.stalled_turns * 2 >= limit:  # warn once half the limit has passed
            self.say(
                f"No business won in the last {mine.stalled_turns} turns: at {limit}, the game "
                "ends without a winner.",
                "yellow",
            )

    # ------------------------------------------------------------------ input

    def ask(self, legal: Sequence[Command]) -> Command | None:
        """The human's choice among ``legal``; None once a move was taken back.

        The moves are listed by kind, numbered, each with its text in the move notation; the
        Limousine's moves are one item, chosen step by step (:meth:`limousine`). The human
        types a number or a move in the notation; anything else is explained and asked again.
        """
        state = self.game.state
        mine = view(state, HUMAN)
        self.board()
        if mine.shootout is not None:
            self.say(f"Shootout at {mine.shootout.business.name}: choose your reinforcement.")
        else:
            self.say("Your move:", "bold")
        menu = _menu(legal)
        self.show_menu(menu, state, mine)
        while True:
            answer = self.read(len(menu))
            if answer.lower() in _UNDO:
                if self.undo():
                    return None
                continue
            if _digits(answer) is None:
                typed = self.typed(answer, state, legal)
                if typed is not None:
                    return typed
                continue
            choice = _choice(answer, len(menu))
            if isinstance(choice, str):
                self.say(choice, "yellow")
                continue
            item = menu[choice - 1][1]
            if not isinstance(item, tuple):
                return item
            command = self.limousine(item, mine)
            if command is not None:
                return command
            self.show_menu(menu, state, mine)

    def show_menu(self, menu: Sequence[_Item], state: GameState, mine: PlayerView) -> None:
        """The numbered moves, under the heading of their kind."""
        heading = None
        for number, (kind, item) in enumerate(menu, start=1):
            if kind != heading:
                heading = kind
                self.say(f"  {kind}:")
            if isinstance(item, tuple):
                ways = f"{len(item)} way{'s' if len(item) != 1 else ''}"
                text = f"Play the Limousine: move your cards to another business ({ways}; "
                text += "chosen step by step)."
            else:
                text = f"{describe_command(item, mine)}  [{write_command(item, state)}]"
            self.say(f"  {number:>3}. {text}")

    def typed(self, answer: str, state: GameState, legal: Sequence[Command]) -> Command | None:
        """The legal command ``answer`` writes in the move notation; None after saying why not."""
        if not answer:
            self.say("Type a move's number, or the move itself, such as draw.", "yellow")
            return None
        if len(answer) > _LONGEST_MOVE:
            self.say(f"'{_echo(answer)}' is too long to be a move.", "yellow")
            return None
        try:
            command = parse_command(answer, state, player=HUMAN)
        except ChicagoPokerError as error:
            self.say(f"{error} (type a move's number, or the move itself)", "yellow")
            return None
        if command not in legal:  # parse_command reads legal commands: not expected
            self.say(f"'{_echo(answer)}' is not one of your moves now.", "yellow")
            return None
        return command

    def limousine(self, commands: Sequence[PlayLimousine], mine: PlayerView) -> Command | None:
        """A Limousine move chosen step by step among ``commands``; None to go back.

        First the business the cards leave, then the one they go to, then the cards one by one
        in the order they are placed. Each step offers only what some of ``commands`` allows,
        and a step with one choice is taken at once, so the answer is one of ``commands``.
        """
        sources = _distinct(command.source for command in commands)
        source = self.step("Which business do your cards leave?", sources, _tile_name)
        if source is None:
            return None
        left = [command for command in commands if command.source == source]
        destinations = _distinct(command.destination for command in left)
        destination = self.step(f"Where do they go from {source.name}?", destinations, _tile_name)
        if destination is None:
            return None
        left = [command for command in left if command.destination == destination]
        chosen: tuple[GangsterCard, ...] = ()
        while True:
            done = [command for command in left if command.cards == chosen]
            more = [command for command in left if len(command.cards) > len(chosen)]
            if not more:
                break
            nexts: list[GangsterCard | str] = list(
                _distinct(command.cards[len(chosen)] for command in more)
            )
            if done:
                nexts.append(_moved(chosen))
            order = "first" if not chosen else "next"
            card = self.step(
                f"Which card goes {order} to {destination.name}? (placed in this order)",
                nexts,
                str,
                automatic=False,
            )
            if card is None:
                return None
            if not isinstance(card, GangsterCard):  # no more cards
                break
            chosen += (card,)
            left = [command for command in more if command.cards[: len(chosen)] == chosen]
        (command,) = [command for command in left if command.cards == chosen]
        self.say(f"Limousine: {describe_command(command, mine)}")
        return command

    def step(
        self,
        question: str,
        options: Sequence[_T],
        text: Callable[[_T], str],
        *,
        automatic: bool = True,
    ) -> _T | None:
        """One step of a move chosen step by step: one of ``options``, or None to go back.

        With ``automatic``, a single option is taken without asking. The answer ``b`` goes
        back to the list of moves.
        """
        if automatic and len(options) == 1:
            self.say(f"{question} {text(options[0])}, the only one.")
            return options[0]
        self.say(question, "bold")
        for number, option in enumerate(options, start=1):
            self.say(f"  {number:>3}. {text(option)}")
        while True:
            answer = self.read(len(options), back=True)
            if answer.lower() in _BACK_WORDS:
                return None
            choice = _choice(answer, len(options))
            if isinstance(choice, int):
                return options[choice - 1]
            self.say(choice, "yellow")

    def read(self, moves: int, *, back: bool = False) -> str:
        """The human's next answer, stripped; raise InputClosedError on q or end of input.

        ``back`` asks within a move chosen step by step, where ``b`` goes back.
        """
        extra = "b to go back" if back else "or type a move; u to undo"
        self.write(f"Choose 1-{moves} ({extra}, q to quit): ")
        self.flush()
        line = self.input.readline()
        if not line:
            raise InputClosedError("End of input.")
        answer = line.strip()
        if answer.lower() in _QUIT:
            raise InputClosedError("You quit.")
        self.say("")
        return answer

    def undo(self) -> bool:
        """Take back the human's last move, and the bots' moves after it, if there is one."""
        if self.programs:
            self.say(
                "A bot program plays at this table: it has been told every move, so none can "
                "be taken back.",
                "yellow",
            )
            return False
        count = _taken_back(self.game)
        if count is None:
            self.say("There is nothing to take back: you have not moved yet.", "yellow")
            return False
        self.game.undo(count)
        others = count - 1
        after = f" and the {others} bot move{'s' if others != 1 else ''} after it" if others else ""
        self.say(f"Taken back: your last move{after}.", "yellow")
        return True

    # ------------------------------------------------------------------ narration

    def narrate(self, state: GameState | None, events: Sequence[Any]) -> None:
        """Tell each event as seat 0 sees it (redacted), folding it into ``state``."""
        for event in events:
            mine = None if state is None else view(state, HUMAN)
            self.tell(redact(state, event, HUMAN), mine)
            state = apply(state, event)

    def tell(self, event: SeenEvent, before: PlayerView | None = None) -> None:
        """Say the sentence of ``event`` (:func:`chicago_poker.describe`) to seat 0."""
        if isinstance(event, ROUTINE_EVENTS):
            return
        text = describe(event, self.names, viewer=HUMAN, before=before)
        if isinstance(event, TurnStarted):
            self.say("")
            self.say(f"== {text.removesuffix('.')} ==", "bold")
        else:
            self.say(text)

    def summary(self) -> None:
        state = self.game.state
        self.say("")
        self.say(_RULE)
        if state.winner is not None and state.victory is not None:
            self.say(
                f"Game over. Winner: {self.name(state.winner)} ({state.victory.value}).", "bold"
            )
        elif state.victory is Victory.STALLED:
            self.say("Game over: stalled, without a winner (R-8.7).", "bold")
        else:
            self.say("Game over: blocked, without a winner (R-8.6).", "bold")
        self.say("Businesses controlled:")
        for player in state.players:
            tiles = ", ".join(tile.name for tile in player.controlled) or "none"
            self.say(f"  {player.name}: {tiles}")
