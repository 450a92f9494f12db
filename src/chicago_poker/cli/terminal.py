"""The human's side of the table in a terminal: the board and the story told, the moves asked.

:class:`TerminalTable` prints the library's table of the human's view (``str(view)``) and tells
every event as :func:`chicago_poker.redact` shows it to the human's seat, so no card hidden from
the human is ever printed; it lists the legal moves and reads the human's choice, a Limousine
step by step. Lines are wrapped between words at the terminal's width (:func:`wrap`,
:func:`output_width`), and painted on a terminal.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TextIO, TypeVar

from chicago_poker.cli.human import (
    HUMAN,
    MenuItem,
    describe_command,
    distinct,
    echo,
    menu_of,
    numbered_choice,
    only_digits,
    taken_back,
)
from chicago_poker.core.apply import apply
from chicago_poker.core.cards import BusinessTile, GangsterCard, card_order
from chicago_poker.core.commands import Command, PlayLimousine
from chicago_poker.core.errors import ChicagoPokerError
from chicago_poker.core.events import TurnStarted
from chicago_poker.core.redacted_events import SeenEvent, redact
from chicago_poker.core.rules import stall_limit
from chicago_poker.core.state import GameState, Victory
from chicago_poker.core.tables import piles_text, printable
from chicago_poker.core.views import PlayerView, view
from chicago_poker.display.words import ROUTINE_EVENTS, describe
from chicago_poker.formats.moves import parse_command, write_command
from chicago_poker.players.game import Game

__all__ = [
    "DEFAULT_WIDTH",
    "MIN_WIDTH",
    "InputClosedError",
    "OutputClosedError",
    "TerminalTable",
    "compact_piles",
    "output_width",
    "wrap",
]

DEFAULT_WIDTH: Final = 80
"""The width of output that is no terminal (a pipe, a file), unless ``COLUMNS`` says otherwise."""

MIN_WIDTH: Final = 20
"""The narrowest width lines are wrapped to, however narrow the terminal."""

_LONGEST_MOVE: Final = 200
"""More characters than any move's text has: a longer answer is not read as a move."""

_BACK_WORDS: Final = frozenset({"b", "back"})
_QUIT: Final = frozenset({"q", "quit", "exit"})
_UNDO: Final = frozenset({"u", "undo"})
_HELP: Final = frozenset({"h", "help", "?"})
_ANSI: Final = re.compile(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?)")
"""A terminal's colour and control codes, which a move copied from a coloured menu may carry."""
_NOT_A_MOVE: Final = " is not a move: "
_HELP_TEXT: Final = (
    "Type a move's number, or the move in the notation shown in brackets: draw; end; a "
    "gangster card and a business (9R Speakeasy); a special card and what it is played on "
    "(Liquidation, PoliceRaid, Limousine, Revolver, Bribery); send and a card; decline. "
    "u takes your last move back, with the bots' moves after it; q quits."
)
_RULE: Final = "-" * 72
_CARD_TOKEN: Final = re.compile(r"(?<![\w#])\d+([RYGBP])(?!\w)")
_CARD_STYLES: Final = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "magenta"}

_T = TypeVar("_T")


class InputClosedError(Exception):
    """The human's input ended (end of file, or ``q``) before the game did."""


class OutputClosedError(Exception):
    """The game's output can no longer be written (a closed pipe or file)."""


def _tile_name(tile: BusinessTile) -> str:
    return tile.name


def _moved(cards: Sequence[GangsterCard]) -> str:
    count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    return f"No more: move {' '.join(map(str, cards))} ({count})."


def compact_piles(seen: PlayerView) -> str:
    """The piles' sizes, and the discard pile's cards grouped by colour, each colour once.

    The library's table lists every discarded card with its colour ("2R 5R 9R 1Y ..."); a
    whole game's pile of 50 cards reads shorter as "R 2 5 9 · Y 1 ...".

    >>> from chicago_poker import Game, parse_card, view
    >>> seen = view(Game.new(["Al", "Bugs"], seed=1).state, 0)
    >>> cards = frozenset(parse_card(text) for text in ("9R", "1Y", "2R", "Revolver"))
    >>> print(compact_piles(seen._replace(discard_pile=cards)))
    Draw deck 71 · business tiles face down 18 · discard pile 4
    Discard pile: Y 1 · R 2 9 · Revolver
    """
    line = piles_text(seen, discards=False)
    gangsters: dict[str, list[str]] = {}
    specials: list[str] = []
    for card in sorted(seen.discard_pile, key=card_order):
        if isinstance(card, GangsterCard):
            gangsters.setdefault(card.color.value, []).append(str(card.value))
        else:
            specials.append(card.kind.label)
    groups = [f"{colour} {' '.join(values)}" for colour, values in gangsters.items()]
    if specials:
        groups.append(", ".join(specials))
    return f"{line}\nDiscard pile: {' · '.join(groups)}" if groups else line


def _taken(count: int) -> str:
    """What taking back ``count`` player commands takes: the human's last and the bots' after."""
    others = count - 1
    after = f" and the {others} bot move{'s' if others != 1 else ''} after it" if others else ""
    return f"your last move{after}"


def _unparsed(answer: str, error: ChicagoPokerError) -> str:
    """What to say when ``answer`` cannot be read as a move, as ``error`` found."""
    if _NOT_A_MOVE in str(error):  # an unknown word: one line, not the grammar
        return f"'{echo(answer)}' is not a move: type a move's number, or help."
    return f"{error} (type a move's number, or the move itself)"


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
        given = only_digits(os.environ.get("COLUMNS", "").strip())
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


class TerminalTable:
    """The human's side of the table: prints the board and the narration, reads choices."""

    def __init__(self, game: Game, input: TextIO, output: TextIO, width: int | None = None) -> None:
        """The table of ``game``: the human reads ``output`` and answers on ``input``.

        ``width`` is the width lines are wrapped at; :func:`output_width` if None.
        """
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
        """The name of the player at ``seat``."""
        return self.names[seat]

    def possessive(self, seat: int) -> str:
        """``your`` for the human, else the player's name with ``'s``."""
        return "your" if seat == HUMAN else f"{self.name(seat)}'s"

    def introduce(self, bots: Mapping[int, str]) -> None:
        """Who plays (``bots`` gives the kind of each bot seat), the legend, the story so far."""
        count = len(bots)
        self.say(f"Chicago Poker: you against {count} bot{'s' if count > 1 else ''}.", "bold")
        for seat, kind in bots.items():
            self.say(f"  {self.name(seat)} plays as the {kind} bot.")
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
        self.say(str(mine).replace(piles_text(mine), compact_piles(mine), 1))
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
        menu = menu_of(legal)
        self.show_menu(menu, state, mine)
        self.say_undo()
        while True:
            answer = self.read(len(menu))
            if answer.lower() in _UNDO:
                if self.undo():
                    return None
                continue
            if answer.lower() in _HELP:
                self.say(_HELP_TEXT)
                continue
            if only_digits(answer) is None:
                command = self.typed(answer, state, legal)
            else:
                command = self.numbered(answer, menu, state, mine)
            if command is not None:
                return command

    def numbered(
        self, answer: str, menu: Sequence[MenuItem], state: GameState, mine: PlayerView
    ) -> Command | None:
        """The move of ``menu`` numbered ``answer``; None after saying why not, or going back.

        A Limousine is chosen step by step (:meth:`limousine`); going back from it shows the
        menu again.
        """
        choice = numbered_choice(answer, len(menu))
        if isinstance(choice, str):
            self.say(choice, "yellow")
            return None
        item = menu[choice - 1][1]
        if not isinstance(item, tuple):
            return item
        command = self.limousine(item, mine)
        if command is None:
            self.show_menu(menu, state, mine)
        return command

    def show_menu(self, menu: Sequence[MenuItem], state: GameState, mine: PlayerView) -> None:
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
            self.say(f"'{echo(answer)}' is too long to be a move.", "yellow")
            return None
        try:
            command = parse_command(answer, state, player=HUMAN)
        except ChicagoPokerError as error:
            self.say(_unparsed(answer, error), "yellow")
            return None
        if command not in legal:  # parse_command reads legal commands: not expected
            self.say(f"'{echo(answer)}' is not one of your moves now.", "yellow")
            return None
        return command

    def _limousine_route(
        self, commands: Sequence[PlayLimousine]
    ) -> tuple[list[PlayLimousine], BusinessTile] | None:
        """The ``commands`` between the two businesses chosen, and the second; None to go back."""
        sources = distinct(command.source for command in commands)
        source = self.step("Which business do your cards leave?", sources, _tile_name)
        if source is None:
            return None
        left = [command for command in commands if command.source == source]
        destinations = distinct(command.destination for command in left)
        destination = self.step(f"Where do they go from {source.name}?", destinations, _tile_name)
        if destination is None:
            return None
        return [command for command in left if command.destination == destination], destination

    def limousine(self, commands: Sequence[PlayLimousine], mine: PlayerView) -> Command | None:
        """A Limousine move chosen step by step among ``commands``; None to go back.

        First the business the cards leave, then the one they go to, then the cards one by one
        in the order they are placed. Each step offers only what some of ``commands`` allows,
        and a step with one choice is taken at once, so the answer is one of ``commands``.
        """
        route = self._limousine_route(commands)
        if route is None:
            return None
        left, destination = route
        command = self.limousine_cards(left, destination)
        if command is not None:
            self.say(f"Limousine: {describe_command(command, mine)}")
        return command

    def limousine_cards(
        self, commands: Sequence[PlayLimousine], destination: BusinessTile
    ) -> PlayLimousine | None:
        """The cards of a Limousine move, chosen one by one in the order they are placed.

        ``commands`` are the moves left from the chosen source to ``destination``; None goes
        back.
        """
        left = list(commands)
        chosen: tuple[GangsterCard, ...] = ()
        while True:
            done = [command for command in left if command.cards == chosen]
            more = [command for command in left if len(command.cards) > len(chosen)]
            if not more:
                break
            nexts: list[GangsterCard | str] = list(
                distinct(command.cards[len(chosen)] for command in more)
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
            choice = numbered_choice(answer, len(options))
            if isinstance(choice, int):
                return options[choice - 1]
            self.say(choice, "yellow")

    def read(self, moves: int, *, back: bool = False) -> str:
        """The human's next answer, stripped; raise InputClosedError on q or end of input.

        ``back`` asks within a move chosen step by step, where ``b`` goes back.
        """
        extra = "b to go back" if back else "or type a move, help; u to undo"
        self.write(f"Choose 1-{moves} ({extra}, q to quit): ")
        self.flush()
        line = self.input.readline()
        if not line:
            raise InputClosedError("End of input.")
        answer = _ANSI.sub("", line).strip()
        if answer.lower() in _QUIT:
            raise InputClosedError("You quit.")
        self.say("")
        return answer

    def say_undo(self) -> None:
        """Say what ``u`` would take back now, before the human types it."""
        count = None if self.programs else taken_back(self.game)
        if count is not None:
            self.say(f"u takes back {_taken(count)}.")

    def undo(self) -> bool:
        """Take back the human's last move, and the bots' moves after it, if there is one."""
        if self.programs:
            self.say(
                "A bot program plays at this table: it has been told every move, so none can "
                "be taken back.",
                "yellow",
            )
            return False
        count = taken_back(self.game)
        if count is None:
            self.say("There is nothing to take back: you have not moved yet.", "yellow")
            return False
        self.game.undo(count)
        self.say(f"Taken back: {_taken(count)}.", "yellow")
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
        """How the game ended, and who controls which businesses."""
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
