"""A convenient facade for front ends: :class:`Game` keeps the state, the history and a dealer.

>>> game = Game.new(["Al", "Bugs"], seed=42)
>>> command = game.legal_commands()[0]
>>> events = game.execute(command)
>>> game.undo()
>>> game.state == replay(game.events)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from attrs import frozen

from chicago_poker.core.apply import replay
from chicago_poker.core.cards import BUSINESS_TILES, card_order, full_deck, tactical_deck
from chicago_poker.core.commands import ChanceCommand, Command, DealCard, RevealTile, StartGame
from chicago_poker.core.decide import step
from chicago_poker.core.errors import (
    ArgumentTypeError,
    IllegalCommand,
    InvalidArgumentError,
    check_count,
    short_repr,
)
from chicago_poker.core.events import Event
from chicago_poker.core.legal import Awaiting, awaiting, legal_commands
from chicago_poker.core.rules import FACE_UP_BUSINESSES, HAND_SIZE, RuleOptions
from chicago_poker.core.state import GameState

__all__ = ["Dealer", "Entry", "Game"]


class Dealer:
    """Chance, seeded: shuffles, deals and draws so that one seed gives exactly one game.

    The dealer lives outside the functional core. It only proposes chance commands; the
    engine checks them like any other.
    """

    def __init__(self, seed: int | None = None) -> None:
        """Create a dealer; the same seed gives the same outcomes, and different seeds differ.

        Raises:
            ArgumentTypeError: ``seed`` is neither an int nor None (True included).
            InvalidArgumentError: ``seed`` is negative: Python's generator would give seed
                ``-n`` the game of seed ``n``.
        """
        if seed is not None:
            if type(seed) is not int:
                raise ArgumentTypeError(
                    f"Dealer: seed must be an int or None, not {short_repr(seed)}"
                )
            if seed < 0:
                raise InvalidArgumentError(f"Dealer: seed must be 0 or more, not {seed}")
        self._random = random.Random(seed)

    def start(self, players: Sequence[str], options: RuleOptions) -> StartGame:
        """Shuffle and deal a new game (R-2.3, R-2.5, R-2.7).

        Raises:
            IllegalCommand: ``players`` is not a sequence of names; a single string, which
                would seat one player per letter, is refused too (R-2.2).
            ArgumentTypeError: ``options`` is not a :class:`RuleOptions`.
        """
        if isinstance(players, str) or not isinstance(players, Sequence):
            raise IllegalCommand(
                f"The players are a sequence of names, not {short_repr(players)}.", rule="R-2.2"
            )
        if not isinstance(options, RuleOptions):
            raise ArgumentTypeError(
                f"Dealer.start: options must be a RuleOptions, not {short_repr(options)}"
            )
        deck = list(tactical_deck() if options.tactical else full_deck())
        self._random.shuffle(deck)
        tiles = list(BUSINESS_TILES)
        self._random.shuffle(tiles)
        count = len(players)
        hands = [deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(count)]
        face_up = FACE_UP_BUSINESSES.get(count, 0)
        first = self._random.randrange(count) if count else 0
        return StartGame(
            tuple(players), tuple(map(tuple, hands)), tuple(tiles[:face_up]), first, options
        )

    def outcome(self, state: GameState) -> ChanceCommand | None:
        """The chance command ``state`` waits for, or None if it waits for no chance."""
        match awaiting(state):
            case Awaiting.CARD:
                return DealCard(self._random.choice(sorted(state.draw_pile, key=card_order)))
            case Awaiting.TILE:
                return RevealTile(self._random.choice(sorted(state.tile_pile)))
            case _:
                return None

    def get_state(self) -> object:
        """The random generator's state, to rewind on undo."""
        return self._random.getstate()

    def set_state(self, value: object) -> None:
        """Rewind to a state from :meth:`get_state`."""
        self._random.setstate(value)  # type: ignore[arg-type]  # an opaque value from getstate


@frozen
class Entry:
    """One command of the history and the events it caused."""

    command: Command
    """The command, of a player or of chance."""

    events: tuple[Event, ...]
    """The events it caused, automatic ones included."""


class Game:
    """A game in progress: state, history and a seeded dealer for chance.

    :meth:`execute` takes a player's command and then lets the dealer answer every chance
    decision that follows, so a front end only ever deals with players' commands.
    """

    def __init__(self, start: StartGame, dealer: Dealer | None = None) -> None:
        """Start a game from a set-up command; chance afterwards comes from ``dealer``."""
        self._dealer = dealer if dealer is not None else Dealer()
        self._history: list[Entry] = []
        # The dealer's state before the chance that followed a command, by history index.
        self._dealer_states: dict[int, object] = {}
        self._state: GameState | None = None
        self._run(start)
        self._deal()

    @classmethod
    def new(
        cls, players: Sequence[str], options: RuleOptions | None = None, seed: int | None = None
    ) -> Game:
        """Set up a new game for ``players`` with a dealer seeded by ``seed``.

        ``options=None`` gives the default :class:`RuleOptions`.

        Raises:
            IllegalCommand: the players cannot sit down to a game (R-2.1, R-2.2).
            ArgumentTypeError: ``options`` is neither a RuleOptions nor None, or ``seed`` is
                neither an int nor None.
            InvalidArgumentError: ``seed`` is negative.
        """
        dealer = Dealer(seed)
        return cls(dealer.start(players, RuleOptions() if options is None else options), dealer)

    @property
    def state(self) -> GameState:
        """The current state."""
        assert self._state is not None
        return self._state

    @property
    def history(self) -> tuple[Entry, ...]:
        """Every command so far, chance included, with its events."""
        return tuple(self._history)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far."""
        return tuple(event for entry in self._history for event in entry.events)

    def legal_commands(self, player: int | None = None) -> tuple[Command, ...]:
        """The commands the players may give now (R-3, R-6.7); with ``player``, that seat's.

        Raises:
            InvalidSeatError: ``player`` is neither None nor a seat of the table.
        """
        return legal_commands(self.state, player)

    def execute(self, command: Command) -> tuple[Event, ...]:
        """Carry out a command, then let chance act; return every event that followed.

        Raises:
            IllegalCommand: the command breaks a rule; the game is unchanged.
        """
        mark = len(self._history)
        self._run(command)
        self._deal()
        return tuple(event for entry in self._history[mark:] for event in entry.events)

    def undo(self, commands: int = 1) -> None:
        """Take back the last ``commands`` player commands, with the chance that followed.

        Raises:
            InvalidArgumentError: ``commands`` is negative, or more than the game has had;
                nothing is taken back.
            ArgumentTypeError: ``commands`` is not an int (True included).
        """
        check_count("undo", "commands", commands, 0)
        keep = len(self._history)
        for _ in range(commands):
            keep -= 1
            while keep > 0 and isinstance(self._history[keep].command, (DealCard, RevealTile)):
                keep -= 1
            if keep <= 0:
                raise InvalidArgumentError(
                    f"undo: there are fewer than {commands} commands to take back; "
                    "the set-up cannot be taken back"
                )
        # The dealer only changed when it dealt, so its state at ``keep`` is the one saved
        # before the first deal at or after ``keep``, or its present state if none followed.
        later = [index for index in self._dealer_states if index >= keep]
        if later:
            self._dealer.set_state(self._dealer_states[min(later)])
        for index in later:
            del self._dealer_states[index]
        del self._history[keep:]
        self._state = replay(self.events)

    def _run(self, command: Command) -> None:
        state, events = step(self._state, command)
        self._history.append(Entry(command, events))
        self._state = state

    def _deal(self) -> None:
        if awaiting(self.state) not in (Awaiting.CARD, Awaiting.TILE):
            return
        self._dealer_states[len(self._history) - 1] = self._dealer.get_state()
        while (outcome := self._dealer.outcome(self.state)) is not None:
            self._run(outcome)
