"""The human at the terminal: their seat, the menu of their moves, and their answers.

The legal commands are listed by kind (:func:`menu_of`), numbered; every Limousine move is one
item, chosen step by step. An answer is a number (:func:`numbered_choice`), written with the
digits 0-9 only, or a move in the move notation; what the human typed is quoted back to them
cut short (:func:`echo`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, TypeVar

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
from chicago_poker.core.views import PlayerView
from chicago_poker.display.words import describe
from chicago_poker.players.game import Game

__all__ = [
    "HUMAN",
    "HUMAN_NAME",
    "MenuItem",
    "describe_command",
    "distinct",
    "echo",
    "menu_of",
    "numbered_choice",
    "only_digits",
    "taken_back",
]

HUMAN: Final = 0
"""The human's seat."""

HUMAN_NAME: Final = "You"
"""The human's name in the game and its log."""


def only_digits(text: str) -> str | None:
    """``text`` if it is written with the digits 0-9 only, else None.

    ``str.isdigit`` alone also accepts superscripts, circled digits and the digits of other
    scripts, which ``int`` refuses or reads otherwise; only the digits of every keyboard count.
    """
    return text if text.isascii() and text.isdigit() else None


def echo(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters, to quote a player's answer back to them."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def describe_command(command: Command, mine: PlayerView) -> str:
    """A legal command as an order to the seat whose view is ``mine``, in plain English.

    This is :func:`chicago_poker.describe` told to that seat, with its view before the command.
    """
    names = [player.name for player in mine.players]
    return describe(command, names, viewer=mine.seat, before=mine)


def numbered_choice(answer: str, moves: int) -> int | str:
    """The move numbered ``answer`` (from 1 to ``moves``), or why there is none.

    Only the digits 0-9 make a number; their count is checked before ``int`` reads them, so a
    line of thousands of digits is just a number too large.
    """
    digits = only_digits(answer)
    if digits is None:
        return f"'{echo(answer)}' is not a number: type the number of a move."
    significant = digits.lstrip("0") or "0"
    if len(significant) > len(str(moves)) or not 1 <= int(significant) <= moves:
        return f"There is no move {echo(significant)}: choose from 1 to {moves}."
    return int(significant)


MenuItem = tuple[str, Command | tuple[PlayLimousine, ...]]
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


def menu_of(legal: Sequence[Command]) -> list[MenuItem]:
    """The items of the menu of ``legal``, by kind, the kinds in the order they first come.

    Every Limousine move is in one item, at the place of the first; the first item is always
    ``legal[0]`` or holds it.
    """
    kinds: dict[str, list[Command]] = {}
    for command in legal:
        kinds.setdefault(_KINDS.get(type(command), "Play a special card"), []).append(command)
    items: list[MenuItem] = []
    for kind, commands in kinds.items():
        limousines = tuple(c for c in commands if isinstance(c, PlayLimousine))
        for command in commands:
            if not isinstance(command, PlayLimousine):
                items.append((kind, command))
            elif command is limousines[0]:
                items.append((kind, limousines))
    return items


def distinct(items: Iterable[_T]) -> list[_T]:
    """``items`` without repeats, in the order they first come."""
    return list(dict.fromkeys(items))


def taken_back(game: Game) -> int | None:
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
