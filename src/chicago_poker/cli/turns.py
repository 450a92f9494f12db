"""A game in the terminal, turn by turn: the human at seat 0, bots and bot programs elsewhere.

Each turn asks whoever the game awaits: the human through the terminal
(:class:`~chicago_poker.cli.terminal.TerminalTable`), a bot in this process, or a bot program
through the referee's loop of :mod:`chicago_poker.protocol.table`, with every wait bounded.
The game stops early, with a message, when the human's input ends or they quit, on Ctrl-C,
when the output can no longer be written, or when a bot program breaks the protocol or its
time; every program is ended however the game ends.
"""

from __future__ import annotations

import enum
import signal
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Final, Protocol, TextIO

from chicago_poker.cli.human import HUMAN, HUMAN_NAME, echo
from chicago_poker.cli.terminal import InputClosedError, OutputClosedError, TerminalTable
from chicago_poker.core.commands import Command
from chicago_poker.core.legal import Awaiting, awaiting, legal_commands
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState
from chicago_poker.core.views import PlayerView, view
from chicago_poker.formats.bot_protocol import TERMINATIONS
from chicago_poker.players.game import Game
from chicago_poker.players.simulate import Narrator
from chicago_poker.protocol.process import BotError

# The referee of one game tells each bot program the game as its seat sees it, asks it with
# every wait bounded, and ends it.
from chicago_poker.protocol.table import BotFaultError, Referee, RemoteBot

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "BotLike",
    "Ending",
    "interrupts_deferred",
    "next_chooser",
    "play_game",
    "play_to_end",
]

MIN_PLAYERS: Final = 2
"""Fewest players (R-2.1)."""

MAX_PLAYERS: Final = 6
"""Most players (R-2.1)."""


class BotLike(Protocol):
    """What ``play`` needs of a bot (the ``Bot`` protocol of :mod:`chicago_poker.players.bots`)."""

    name: str
    """The bot's kind, such as ``heuristic``."""

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """One of ``legal``, chosen knowing only ``view``."""
        ...


class Ending(enum.Enum):
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


@contextmanager
def interrupts_deferred() -> Iterator[None]:
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


def _names(players: int) -> list[str]:
    """The names of the ``players`` seats: the human's, then the bots'."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"{players} players: the game is for {MIN_PLAYERS} to {MAX_PLAYERS}")
    return [HUMAN_NAME] + [f"Bot {seat}" for seat in range(1, players)]


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
    game = Game.new(_names(players), options, seed)
    return play_to_end(game, bot_factory, input, output, seed)[0]


def play_to_end(
    game: Game,
    bot_factory: Callable[[int], BotLike | RemoteBot],
    input: TextIO,
    output: TextIO,
    seed: int | None,
) -> tuple[Game, Ending]:
    """:func:`play_game` with a game set up or resumed, and how the game came to an end."""
    table = TerminalTable(game, input, output)
    seat_bots: dict[int, BotLike | RemoteBot] = {}
    ending = Ending.OVER
    try:
        ending = _played(table, seat_bots, bot_factory, seed)
        if seed is not None and ending is Ending.OVER:
            # Only once the game is over: the seed replays the dealer, so it would show every
            # hidden card, and a game stopped early can be resumed (--resume).
            table.say(f"Seed: {seed} (the same seed deals the same cards).")
        table.flush()
    except OutputClosedError:
        ending = Ending.OUTPUT_CLOSED
    finally:
        _end_programs(seat_bots)
    return game, ending


def _played(
    table: TerminalTable,
    seat_bots: dict[int, BotLike | RemoteBot],
    bot_factory: Callable[[int], BotLike | RemoteBot],
    seed: int | None,
) -> Ending:
    """Seat the bots in ``seat_bots`` and play until the game is over or stops; how it ended.

    The game stops, with a message, when the human's input ends or they quit, on Ctrl-C, or
    when a bot program breaks the protocol or its time.
    """
    try:
        game = table.game
        for seat in range(1, len(game.state.players)):
            try:
                seat_bots[seat] = bot_factory(seat)
            except BotError as fault:
                raise _BotFaultError(seat, fault.reason, fault.detail) from None
        programs = _programs(game, seat_bots, seed)
        table.programs = programs is not None
        _turns(table, seat_bots, programs)
    except InputClosedError as stop:
        return _stopped(table, f"{stop} The game stops unfinished.", Ending.STOPPED)
    except KeyboardInterrupt:
        return _stopped(table, "Interrupted. The game stops unfinished.", Ending.INTERRUPTED)
    except _BotFaultError as fault:
        return _stopped(table, _fault_message(table, fault), Ending.BOT_FAULT)
    table.summary()
    return Ending.OVER


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
    with interrupts_deferred():  # a second Ctrl-C must not leave a program running
        for bot in seat_bots.values():
            if isinstance(bot, RemoteBot):
                bot.close()


def _fault_message(table: TerminalTable, fault: _BotFaultError) -> str:
    meaning = TERMINATIONS.get(fault.reason, fault.reason)
    return (
        f"{table.name(fault.seat)} (seat {fault.seat}) stopped the game: {fault.reason}, "
        f"{meaning} ({echo(fault.detail, 200)}). The game stops unfinished."
    )


def _stopped(table: TerminalTable, message: str, ending: Ending) -> Ending:
    table.say("")
    table.say(message)
    return ending


def _turns(
    table: TerminalTable, seat_bots: dict[int, BotLike | RemoteBot], programs: Referee | None
) -> None:
    """Play from where the game stands until it is over or cannot go on.

    Raises:
        _BotFaultError: A bot program broke the protocol or its time; every program has been
            told or ended.
    """
    game = table.game
    table.introduce({seat: bot.name for seat, bot in seat_bots.items()})
    # Bots in this process that look ahead (the search bot) are told their seat's history.
    narrator = Narrator.of([seat_bots.get(seat) for seat in range(len(game.state.players))])
    while not game.state.is_over:
        state = game.state
        chooser = next_chooser(state)
        if chooser is None:
            table.say("The game cannot go on: nobody has anything to decide.")
            break
        if chooser != HUMAN:
            narrator.tell(game)
        command = _command(table, seat_bots.get(chooser), programs, chooser)
        if command is not None:  # None: a move was taken back
            table.narrate(state, game.execute(command))
    if programs is not None:
        programs.stream()
        programs.end("finished" if game.state.is_over else "command-limit", None, "")


def _command(
    table: TerminalTable, bot: BotLike | RemoteBot | None, programs: Referee | None, seat: int
) -> Command | None:
    """The command of ``seat``, whom the game awaits: the human's, or its bot's or program's.

    None when the human took a move back instead.
    """
    game = table.game
    legal = game.legal_commands(seat)
    if seat == HUMAN:
        return table.ask(legal)
    if isinstance(bot, RemoteBot):
        assert programs is not None
        return _ask_program(programs, seat, legal)
    assert bot is not None
    return bot.choose(view(game.state, seat), legal)


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


def next_chooser(state: GameState) -> int | None:
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
