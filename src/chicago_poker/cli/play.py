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

The command is this module: its options, setting up or resuming the game, and saving its
log. The game is played turn by turn by :mod:`~chicago_poker.cli.turns`, at the human's side
of the table in the terminal (:mod:`~chicago_poker.cli.terminal`), from the menu of the
human's moves (:mod:`~chicago_poker.cli.human`); their public names are importable from here.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final

from chicago_poker.cli.human import HUMAN, HUMAN_NAME, describe_command, echo, only_digits
from chicago_poker.cli.terminal import (
    DEFAULT_WIDTH,
    MIN_WIDTH,
    InputClosedError,
    OutputClosedError,
    TerminalTable,
    output_width,
    wrap,
)
from chicago_poker.cli.turns import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    BotLike,
    Ending,
    interrupts_deferred,
    play_game,
    play_to_end,
)
from chicago_poker.core.errors import ChicagoPokerError
from chicago_poker.core.rules import RuleOptions
from chicago_poker.formats.log import LogHeader, read_log, write_log
from chicago_poker.players.game import Game
from chicago_poker.players.simulate import seed_argument
from chicago_poker.protocol.spec import BotSpec, parse_bot, split_bots
from chicago_poker.protocol.table import Clock, RemoteBot, bot_seed

__all__ = [
    "DEFAULT_LOG",
    "DEFAULT_WIDTH",
    "HUMAN",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MIN_WIDTH",
    "BotLike",
    "InputClosedError",
    "OutputClosedError",
    "add_parser",
    "describe_command",
    "output_width",
    "play_game",
    "run",
    "wrap",
]

DEFAULT_LOG: Final = "chicago-poker-game.jsonl"
"""Where the log is saved unless ``--log`` says otherwise."""


_Table = TerminalTable
"""The human's side of the table, under the name it had when it was defined here."""


def _player_count(text: str) -> int:
    digits = only_digits(text.strip())
    if digits is None:
        raise argparse.ArgumentTypeError(f"not a number: {echo(text)!r}")
    if len(digits.lstrip("0")) > 1:
        raise argparse.ArgumentTypeError(
            f"{echo(digits)} players: Chicago Poker is for {MIN_PLAYERS} to {MAX_PLAYERS} (R-2.1)"
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
    _add_bot_arguments(parser)
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


def _add_bot_arguments(parser: argparse.ArgumentParser) -> None:
    """``--bot`` and ``--bots``."""
    parser.add_argument(
        "--bot",
        default="heuristic",
        metavar="NAME",
        help="every bot seat's bot (default: heuristic): heuristic, random, search, "
        "search-easy, search-hard, module:Class, or cmd:COMMAND for a program that speaks "
        "the bot protocol",
    )
    parser.add_argument(
        "--bots",
        default=None,
        metavar="A,B,...",
        help="each bot seat's bot in turn, named as for --bot (in place of --bot)",
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
    ending = play_to_end(game, _bot_factory(specs, seed), sys.stdin, sys.stdout, seed)[1]
    log: str = args.log or args.resume or DEFAULT_LOG
    return _save(game, log, provenance, ending)


def _bot_factory(specs: dict[int, BotSpec], seed: int) -> Callable[[int], BotLike | RemoteBot]:
    """What makes the bot of each bot seat: in this process, or a program started for it."""

    def factory(seat: int) -> BotLike | RemoteBot:
        spec = specs[seat]
        if spec.remote:
            return spec.start(Clock(), f"seat {seat} ({spec.text})")
        bot: BotLike = spec.make(bot_seed(seed, seat))
        return bot

    return factory


def _fresh_seed() -> int:
    return random.SystemRandom().randrange(2**31)


def _bot_names(args: argparse.Namespace) -> list[str] | None:
    """The bots named by ``--bots``, or else ``--bot``, each checked; None after saying why."""
    names: list[str] = split_bots(args.bots) if args.bots is not None else [args.bot]
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


def _say_saved(saved: str, ending: Ending) -> Ending:
    """Say ``saved`` on the output; ``ending``, or OUTPUT_CLOSED if it cannot be written."""
    try:
        sys.stdout.write(saved + "\n")
        sys.stdout.flush()
    except (OSError, ValueError):
        return Ending.OUTPUT_CLOSED
    return ending


def _save(game: Game, log: str, provenance: dict[str, Any], ending: Ending) -> int:
    """Save the log and say where; the exit status for ``ending``."""
    with interrupts_deferred():  # a second Ctrl-C must not cut the log short
        try:
            with open(log, "w", encoding="utf-8") as file:
                write_log(game, file, provenance=provenance)
        except (OSError, ChicagoPokerError) as error:
            sys.stderr.write(f"chicago-poker play: error: cannot save the log: {error}\n")
            return 1
    saved = f"Game log saved to {log}."
    if ending is not Ending.OUTPUT_CLOSED:
        ending = _say_saved(saved, ending)
    if ending is Ending.OUTPUT_CLOSED:
        _discard_stdout()
        sys.stderr.write(
            f"chicago-poker play: the output was closed; the game stops unfinished. {saved}\n"
        )
    return {Ending.OVER: 0, Ending.INTERRUPTED: 130}.get(ending, 1)


def _discard_stdout() -> None:
    """Point stdout at devnull, so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file, as under pytest
        pass
