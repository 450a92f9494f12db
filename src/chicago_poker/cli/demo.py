"""``chicago-poker demo``: one complete seeded game between bots, told turn by turn.

The story is told as a spectator sees it (:func:`chicago_poker.redact` for an observer):
who drew, but not what; face-down cards as "a face-down card"; every hand of a shootout with
its description (:func:`chicago_poker.core.hands.evaluate_hand`). The game's log is written and
checked with :func:`chicago_poker.referee.validate.validate_file`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final, assert_never

from chicago_poker.core.apply import apply
from chicago_poker.core.cards import BusinessTile, Card, GangsterCard, SpecialCard
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
from chicago_poker.core.state import GameState
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


def _card(card: Card | None) -> str:
    if card is None:
        return "a face-down card"
    if isinstance(card, GangsterCard):
        return f"{card.color.label} {card.value} ({card})"
    assert isinstance(card, SpecialCard)
    return card.kind.label


def _cards(cards: Sequence[GangsterCard | None]) -> str:
    return ", ".join(_card(card) for card in cards)


def _tile(tile: BusinessTile) -> str:
    return f"the {tile.name}"


def narrate(game: Game) -> Iterator[str]:
    """The lines of the story of ``game``, as a spectator sees it."""
    state: GameState | None = None
    for entry in game.history:
        for event in entry.events:
            seen = redact(state, event, None)
            assert state is not None or isinstance(event, GameStarted)
            yield from _lines(state, seen)
            state = apply(state, event)


def _lines(state: GameState | None, event: SeenEvent) -> Iterator[str]:
    names = tuple(player.name for player in state.players) if state is not None else ()
    match event:
        case GameStarted() | RedactedGameStarted():
            yield f"A game of Chicago Poker for {len(event.players)}: {', '.join(event.players)}."
            yield "Each player is dealt five cards, face down."
            yield f"Businesses open: {', '.join(tile.name for tile in event.businesses)}."
            yield f"{event.players[event.first_player]} plays first."
        case TurnStarted(player=player, number=number, actions=actions):
            yield ""
            yield (
                f"--- Turn {number + 1}: {names[player]} "
                f"({actions} action{'s' if actions != 1 else ''}) ---"
            )
        case ShootoutStarted(business=tile, owner=owner, hands=hands):
            yield f"Shootout at {_tile(tile)}, called by {names[owner]}! Every card turns face up:"
            for seat, cards in hands:
                rank = evaluate_hand(cards)
                yield f"  {names[seat]}: {_cards(cards)} - {rank.description}"
        case ReinforcementRequested(contenders=contenders):
            yield f"  A tie between {_join(names[seat] for seat in contenders)}: reinforcements!"
        case ReinforcementChosen(player=player, card=card):
            yield f"  {names[player]} sends the {_card(card)} as a reinforcement."
        case ReinforcementDeclined(player=player):
            yield f"  {names[player]} declines to reinforce."
        case RedactedReinforcementChosen(player=player):
            yield f"  {names[player]} makes a secret reinforcement choice."
        case ReinforcementsRevealed(cards=cards):
            shown = _join(f"{names[seat]} the {_card(card)}" for seat, card in cards)
            yield f"  Reinforcements revealed: {shown or 'none'}."
        case ShootoutWon(business=tile, player=player, category=category, reinforced=reinforced):
            how = " after reinforcements" if reinforced else ""
            yield f"  {names[player]} wins {_tile(tile)} with {category.label.lower()}{how}."
        case ShootoutVoided(business=tile):
            yield f"  Nobody wins {_tile(tile)}: every card there is discarded."
        case TileRevealed(tile=tile):
            yield f"A new business opens: {_tile(tile)}."
        case CardDrawn(player=player) | RedactedCardDrawn(player=player):
            yield f"{names[player]} draws a card."
        case DiscardPileReshuffled(cards=count):
            yield f"The discard pile ({count} cards) is shuffled into a new draw deck."
        case GangsterPlayed(player=player, card=card, business=tile):
            yield f"{names[player]} plays the {_card(card)} at {_tile(tile)}."
        case RedactedGangsterPlayed(player=player, business=tile):
            yield f"{names[player]} plays a face-down card at {_tile(tile)}."
        case MarkerPlaced(player=player, business=tile):
            yield (
                f"{names[player]} has five cards at {_tile(tile)}: a shootout marker goes on them; "
                f"the shootout comes at the start of {names[player]}'s next turn."
            )
        case LiquidationPlayed(player=player, business=tile, victim=victim, card=card):
            yield (
                f"{names[player]} plays Liquidation at {_tile(tile)}: "
                f"{names[victim]}'s last card, the {_card(card)}, is discarded."
            )
        case PoliceRaidPlayed(player=player, business=tile, target=target, seen=seen) | (
            RedactedPoliceRaidPlayed(player=player, business=tile, target=target, seen=seen)
        ):
            yield (
                f"{names[player]} plays a Police Raid on {names[target]} at {_tile(tile)} "
                f"and looks at {len(seen)} face-down card{'s' if len(seen) != 1 else ''}."
            )
        case LimousinePlayed(player=player, source=source, destination=destination) | (
            RedactedLimousinePlayed(player=player, source=source, destination=destination)
        ):
            count = len(event.cards)
            yield (
                f"{names[player]} plays the Limousine and moves {count} "
                f"card{'s' if count != 1 else ''} from {_tile(source)} to {_tile(destination)}: "
                f"{_cards(event.cards)}."
            )
        case RevolverPlayed(player=player):
            yield f"{names[player]} plays the Revolver: two extra actions this turn."
        case BriberyPlayed(player=player) | RedactedBriberyPlayed(player=player):
            yield (
                f"{names[player]} plays Bribery, takes a card from the discard pile and "
                "the rest is shuffled into the draw deck."
            )
        case TurnEnded(player=player, forced=forced):
            if forced:
                yield f"{names[player]} cannot act any more: the turn ends."
        case GameWon(player=player, victory=victory):
            yield ""
            yield f"{names[player]} wins the game with {victory.value}!"
        case GameBlocked():
            yield ""
            yield "Nobody can act any more: the game ends without a winner."
        case GameStalled(turns=turns):
            yield ""
            yield f"No business was won in {turns} turns: the game ends without a winner."
        case ActionPhaseStarted() | DrawRequested():
            pass  # the turn line and the draw say it
        case _:
            assert_never(event)


def _join(parts: Iterator[str]) -> str:
    items = list(parts)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _players(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 2 <= value <= 6:
        raise argparse.ArgumentTypeError(f"{value} is out of range: use from 2 to 6")
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
