"""``chicago-poker demo``: one complete seeded game between bots, told turn by turn.

The story is told as a spectator sees it (:func:`chicago_poker.redact` for an observer), in the
sentences of :func:`chicago_poker.describe`: who drew, but not what; a face-down card as played
face down; every hand of a shootout with its description. The game's log is written and
checked with :func:`chicago_poker.referee.validate.validate_file`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final, TextIO

from chicago_poker.core.apply import apply
from chicago_poker.core.events import (
    GameBlocked,
    GameStalled,
    GameStarted,
    GameWon,
    ReinforcementChosen,
    ReinforcementDeclined,
    ReinforcementRequested,
    ReinforcementsRevealed,
    ShootoutVoided,
    ShootoutWon,
    TurnEnded,
    TurnStarted,
)
from chicago_poker.core.redacted_events import (
    RedactedGameStarted,
    RedactedReinforcementChosen,
    SeenEvent,
    redact,
)
from chicago_poker.core.rules import MAX_PLAYERS, MIN_PLAYERS
from chicago_poker.core.state import GameState
from chicago_poker.core.views import view
from chicago_poker.display.words import ROUTINE_EVENTS, describe
from chicago_poker.formats.log import write_log
from chicago_poker.players.bots import BOTS
from chicago_poker.players.game import Game
from chicago_poker.players.simulate import (
    add_rule_options,
    play_bots,
    rule_options,
    seed_argument,
)
from chicago_poker.referee.validate import Status, validate_file

__all__ = ["DEFAULT_LOG", "NAMES", "add_parser", "narrate", "run"]

NAMES: Final = ("Al", "Bugs", "Dutch", "Legs", "Lucky", "Nucky")
"""The players' names in the demo, by seat."""

DEFAULT_LOG: Final = "chicago-poker-demo.jsonl"
"""The log file the demo writes, in the current directory, unless ``--log`` says otherwise."""

_PROG: Final = "chicago-poker demo"

_IN_A_SHOOTOUT: Final = (
    ReinforcementRequested,
    ReinforcementChosen,
    ReinforcementDeclined,
    RedactedReinforcementChosen,
    ReinforcementsRevealed,
    ShootoutWon,
    ShootoutVoided,
)
"""The events told indented, under the shootout they belong to."""

_GAME_OVER: Final = (GameWon, GameBlocked, GameStalled)


def narrate(game: Game) -> Iterator[str]:
    """The lines of the story of ``game``, as a spectator sees it."""
    state: GameState | None = None
    for entry in game.history:
        for event in entry.events:
            yield from _lines(state, redact(state, event, None))
            state = apply(state, event)


def _lines(state: GameState | None, event: SeenEvent) -> Iterator[str]:
    """The lines of one event seen by a spectator in ``state``: :func:`~chicago_poker.describe`."""
    if isinstance(event, ROUTINE_EVENTS) or (isinstance(event, TurnEnded) and not event.forced):
        return  # the turn's first line says it
    if state is None:  # only the set-up comes before any state
        assert isinstance(event, GameStarted | RedactedGameStarted)
        text = describe(event, event.players)
    else:
        names = [player.name for player in state.players]
        text = describe(event, names, before=view(state, None))
    if isinstance(event, TurnStarted):
        yield ""
        yield f"--- {text.removesuffix('.')} ---"
    elif isinstance(event, _GAME_OVER):
        yield ""
        yield text
    else:
        yield f"  {text}" if isinstance(event, _IN_A_SHOOTOUT) else text


def _players(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"{value} is out of range: use from {MIN_PLAYERS} to {MAX_PLAYERS}"
        )
    return value


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``demo`` subcommand."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "demo",
        help="play one game between bots, told turn by turn",
        description="Play one complete seeded game between heuristic bots, tell it turn by "
        "turn as a spectator sees it, write its log and validate the log.",
    )
    parser.add_argument("--seed", type=seed_argument, default=1, metavar="S", help="default 1")
    parser.add_argument(
        "--players", type=_players, default=4, metavar="N", help="2 to 6 (default 4)"
    )
    parser.add_argument(
        "--bot",
        choices=tuple(BOTS),
        default="heuristic",
        help="the bot at every seat (default heuristic)",
    )
    parser.add_argument(
        "--log",
        type=Path,
        default=Path(DEFAULT_LOG),
        metavar="FILE",
        help=f"where to write the game's log (default {DEFAULT_LOG})",
    )
    add_rule_options(parser)
    parser.set_defaults(command=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Run ``demo``: 0 if the game's log validates, 1 if not, 2 if it cannot be written."""
    names = [args.bot] * args.players
    bots = [BOTS[name](args.seed * 10 + seat) for seat, name in enumerate(names)]
    game = play_bots(rule_options(args), bots, args.seed, names=NAMES[: args.players])
    out = sys.stdout
    for line in narrate(game):
        out.write(line + "\n")
    log: Path = args.log
    try:
        with log.open("w", encoding="utf-8") as file:
            write_log(game, file, provenance={"seed": args.seed})
    except OSError as error:
        sys.stderr.write(f"{_PROG}: error: cannot write the log {log}: {error.strerror}\n")
        return 2
    return _validate(log, out)


def _validate(log: Path, out: TextIO) -> int:
    """Validate the log written, say what validation found, and give its exit status."""
    report = validate_file(log)
    out.write("\n")
    if report.status is Status.OK:
        out.write(f"Log written to {log}; validation: legal game, {report.entries} entries.\n")
    else:
        out.write(f"Log written to {log}; validation: {report.status.value}.\n")
        for finding in report.findings:
            out.write(f"  line {finding.line}: {finding.rule or 'format'}: {finding.reason}\n")
    out.flush()
    return report.exit_code
