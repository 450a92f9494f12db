"""A convenient facade for front ends: :class:`Game` keeps the state, the history and a dealer.

>>> game = Game.new(["Al", "Bugs"], seed=42)
>>> command = game.legal_commands()[0]
>>> events = game.execute(command)
>>> game.undo()
>>> from chicago_poker.core.apply import replay
>>> game.state == replay(game.events)
True

A game saved with :meth:`Game.to_json` between a server's requests comes back exactly, the
dealer included, with :meth:`Game.from_json`; :meth:`Game.from_log` resumes a game from its log.
The dealer (:class:`~chicago_poker.players.dealer.Dealer`) is defined in a module of its own
and imported from here as ever.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable, Sequence
from typing import Any, Final, TextIO

from chicago_poker.core.apply import apply
from chicago_poker.core.commands import Command, DealCard, RevealTile, StartGame
from chicago_poker.core.decide import step, step_awaited_deal, step_well_formed
from chicago_poker.core.errors import (
    IllegalCommand,
    InvalidArgumentError,
    SavedGameError,
    check_count,
    short_repr,
)
from chicago_poker.core.events import Event
from chicago_poker.core.history import Entry, RecordedGame, entry
from chicago_poker.core.legal import Awaiting, ToAct, awaiting, legal_commands, to_act
from chicago_poker.core.rules import RuleOptions
from chicago_poker.core.state import GameState
from chicago_poker.players.dealer import Dealer

__all__ = ["SAVED_GAME_VERSION", "Dealer", "Entry", "Game", "SavedGameError"]

SAVED_GAME_VERSION: Final = 1
"""The version of the JSON data of :meth:`Game.to_json`."""


class Game(RecordedGame):
    """A game in progress: state, history and a seeded dealer for chance.

    :meth:`execute` takes a player's command and then lets the dealer answer every chance
    decision that follows, so a front end only ever deals with players' commands.
    """

    def __init__(self, start: StartGame, dealer: Dealer | None = None) -> None:
        """Start a game from a set-up command; chance afterwards comes from ``dealer``.

        The dealer must deal for this game alone: :meth:`undo` deals its history again.
        """
        self._begin(dealer if dealer is not None else Dealer())
        self._run(start)
        self._deal()

    def _begin(self, dealer: Dealer) -> None:
        self._dealer = dealer
        # The history: each command and its events. Its entries are made only when asked for
        # (self._entries holds those made so far): making one costs more than a deal.
        self._commands: list[Command] = []
        self._events: list[tuple[Event, ...]] = []
        self._entries: list[Entry] = []
        # The history index of the first chance the dealer dealt into this game, and its state
        # before it: every chance from there on is the dealer's, so undo rewinds the dealer by
        # setting that state and dealing again what the kept history dealt. None: none yet.
        self._origin: tuple[int, object] | None = None
        self._state: GameState | None = None
        # From which command on the dealer, fresh from its seed, dealt every chance (None:
        # unknown), and whether it dealt the set-up too: what lets to_json save a seed, not
        # the generator's states.
        self._fresh_at: int | None = 0 if dealer.is_fresh() else None
        self._dealt_start = False

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        options: RuleOptions | None = None,
        seed: int | None = None,
        *,
        duplicate: bool = False,
    ) -> Game:
        """Set up a new game for ``players`` with a dealer seeded by ``seed``.

        ``options=None`` gives the default :class:`RuleOptions`. With ``duplicate``, the seed
        fixes the whole order of the deck and tiles (:class:`Dealer`'s ``fixed_order``), as a
        match with duplicate deals needs.

        Raises:
            IllegalCommand: the players cannot sit down to a game (R-2.1, R-2.2).
            ArgumentTypeError: ``options`` is neither a RuleOptions nor None, or ``seed`` is
                neither an int nor None.
            InvalidArgumentError: ``seed`` is negative.
        """
        dealer = Dealer(seed, fixed_order=duplicate)
        game = cls(dealer.start(players, RuleOptions() if options is None else options), dealer)
        game._fresh_at, game._dealt_start = 0, True
        return game

    @classmethod
    def from_log(
        cls, source: str | os.PathLike[str] | TextIO | Iterable[str], *, new_dealer: bool = False
    ) -> Game:
        """Resume the game of a full or commands-only log: a path, an open file or its lines.

        Every command goes through the engine again. The log's provenance carries the
        ``seed`` of the dealer (:func:`~chicago_poker.formats.log.write_log` writes it, and
        ``seed_from``, the first command it dealt, when it did not deal the set-up): the game
        goes on with that dealer, which deals exactly as the original would have. A log
        without a seed (one of a game dealt at a real table, say) is refused unless
        ``new_dealer`` is true: then a dealer with a fresh seed deals what comes next, and the
        game goes on otherwise than the original would have.

        >>> import io
        >>> from chicago_poker.formats.log import write_log
        >>> game = Game.new(["Al", "Bugs"], seed=42)
        >>> events = game.execute(game.legal_commands()[0])
        >>> saved = io.StringIO()
        >>> write_log(game, saved, provenance={"seed": 42})
        >>> _ = saved.seek(0)
        >>> Game.from_log(saved).history == game.history
        True

        Raises:
            SavedGameError: the log is redacted or empty, has no seed (and ``new_dealer`` is
                false), a command in it is illegal, its events are not the engine's, or its
                seed does not deal its cards; the message names the line.
            LogFormatError: a line does not follow the log format.
            OSError: the file cannot be read.
        """
        if isinstance(source, str | os.PathLike):
            with open(source, encoding="utf-8") as file:
                return cls._from_log_lines(file, new_dealer)
        return cls._from_log_lines(source, new_dealer)

    @classmethod
    def _from_log_lines(cls, lines: Iterable[str], new_dealer: bool) -> Game:
        # Imported here: the log format's converter costs an import that a game never
        # resumed from a log need not pay.
        from chicago_poker.formats.log import LogEntry, LogKind, read_log

        header, *entries = read_log(lines)
        if header.kind is LogKind.REDACTED:  # type: ignore[union-attr]  # line 1 is the header
            raise SavedGameError(
                "line 1: a redacted log cannot be resumed: it hides cards the game needs"
            )
        logged = [entry for entry in entries if isinstance(entry, LogEntry)]
        if not logged:
            raise SavedGameError("the log has no entries: there is no game to resume")
        provenance = header.provenance  # type: ignore[union-attr]  # line 1 is the header
        commands = [entry.command for entry in logged]
        where = [f"line {entry.line}" for entry in logged]
        dealer, dealt = _logged_dealer(provenance, len(commands), new_dealer)
        game = cls._rebuild(commands, dealer, dealt, where)
        game._check_events([entry.events for entry in logged], where)
        return game

    def to_json(self) -> dict[str, Any]:
        """The game as JSON-ready data, to save between a server's requests.

        It holds every command, hidden cards included, and the dealer's seed, so that
        :meth:`from_json` gives the same game: the same next deal, the same undo. Keep it
        where the players cannot read it.

        >>> game = Game.new(["Al", "Bugs"], seed=42)
        >>> Game.from_json(game.to_json()).history == game.history
        True
        """
        # Imported here, like the log format in from_log: a game never saved need not pay
        # for the converter.
        from chicago_poker.formats.jsonio import to_json

        if self._dealer.fixed_order:
            raise InvalidArgumentError("to_json: a game of duplicate deals cannot be saved")
        data: dict[str, Any] = {
            "format": "chicago-poker-game",
            "version": SAVED_GAME_VERSION,
            "seed": self._dealer.seed,
            "dealt_start": self._dealt_start,
            "fresh_at": self._fresh_at,
            "commands": to_json(self._commands),
        }
        if self._fresh_at is None:  # a dealer of unknown past: save its generator
            data.update(self._generator_fields())
        return data

    def _generator_fields(self) -> dict[str, Any]:
        """The dealer's generator now, and before its first deal if it dealt, for undo."""
        fields: dict[str, Any] = {"dealer": _generator_json(self._dealer.get_state())}
        if self._origin is not None:
            index, state = self._origin
            fields["dealer_origin"] = [index, _generator_json(state)]
        return fields

    @classmethod
    def from_json(cls, data: object) -> Game:
        """The game saved by :meth:`to_json`.

        Raises:
            SavedGameError: ``data`` is not a saved game of this version, or its commands
                are illegal or not what its seed deals.
            JSONFormatError: a command in it is not a command.
        """
        from chicago_poker.formats.jsonio import commands_from_json  # see to_json

        fields = _saved_fields(data)
        commands = list(commands_from_json(fields["commands"]))
        if not commands:
            raise SavedGameError("saved game: commands is empty; the set-up is missing")
        where = [f"saved game: commands[{index}]" for index in range(len(commands))]
        dealer = Dealer(fields["seed"])
        dealt = (fields["dealt_start"], fields["fresh_at"])
        if fields["fresh_at"] is not None:
            return cls._rebuild(commands, dealer, dealt, where)
        return cls._rebuild_from_generator(fields, commands, dealer, where)

    @classmethod
    def _rebuild_from_generator(
        cls, fields: dict[str, Any], commands: list[Command], dealer: Dealer, where: list[str]
    ) -> Game:
        """The saved game of a dealer of unknown past, from its generator's saved states.

        Its state now, and before its first deal if it dealt (saves of earlier releases have
        only the first).
        """
        dealt = (fields["dealt_start"], fields["fresh_at"])
        present = _generator_state(fields.get("dealer"), "dealer")
        if fields.get("dealer_origin") is None:  # it had dealt nothing, or an older save
            game = cls._rebuild(commands, dealer, dealt, where)
            dealer.set_state(present)
            return game
        origin, state = _origin_fields(fields["dealer_origin"], len(commands))
        dealer.set_state(state)
        game = cls._rebuild(commands, dealer, dealt, where, deal_from=origin)
        if dealer.get_state() != present:
            raise SavedGameError(
                "saved game: dealer_origin does not deal the saved commands into the state "
                "saved as dealer"
            )
        return game

    @classmethod
    def _rebuild(
        cls,
        commands: Sequence[Command],
        dealer: Dealer,
        dealt: tuple[bool, int | None],
        where: Sequence[str],
        deal_from: int | None = None,
    ) -> Game:
        """Replay ``commands`` through the engine.

        ``dealt`` is whether the dealer dealt the set-up, and from which command on it dealt
        every chance, fresh from its seed (None: it is of unknown past). The dealer deals
        from that command on, or from ``deal_from`` if given, and must deal what was saved.
        """
        dealt_start, fresh_at = dealt
        if deal_from is None:
            deal_from = fresh_at
        _check_set_up(commands[0], dealer if dealt_start else None, where[0])
        game = cls.__new__(cls)
        game._begin(dealer)
        game._fresh_at, game._dealt_start = fresh_at, dealt_start
        for index, command in enumerate(commands):
            game._replay(index, command, where[index], deal_from)
        if deal_from is not None:
            game._deal()
        return game

    def _check_dealt(self, index: int, command: Command, where: str) -> None:
        """Refuse ``command`` where the dealer dealt another at ``index``."""
        dealt = self._commands[index]
        if dealt != command:
            raise SavedGameError(
                f"{where}: the seed {self._dealer.seed} deals {dealt} here, "
                f"not {short_repr(command)}"
            )

    def _replay(self, index: int, command: Command, where: str, deal_from: int | None) -> None:
        """Replay the command at ``index``, or check it against what the dealer dealt there.

        The dealer deals from ``deal_from`` on (None: never).
        """
        if index == deal_from and index > 0:
            self._deal()
        if index < len(self._commands):
            self._check_dealt(index, command, where)
            return
        try:
            self._run(command)
            if deal_from is not None and index >= deal_from:
                self._deal()
        except IllegalCommand as error:
            raise SavedGameError(f"{where}: {error} ({error.rule})") from error

    def _check_events(
        self, logged: Sequence[tuple[Event, ...] | None], where: Sequence[str]
    ) -> None:
        """Refuse a full log whose events are not the ones the engine gives."""
        for index, events in enumerate(logged):
            if events is not None and events != self._events[index]:
                raise SavedGameError(
                    f"{where[index]}: the events logged are not the ones the engine gives "
                    "for this command"
                )

    @property
    def seed(self) -> int:
        """The seed of the dealer that deals this game's chance (:attr:`Dealer.seed`).

        With :meth:`dealer_provenance`, what a log needs to go on dealing as this game would.
        It tells every card to come: keep it from the players until the game is over.
        """
        return self._dealer.seed

    def dealer_provenance(self) -> dict[str, int]:
        """What a log's provenance needs for :meth:`from_log` to go on with this game's dealer.

        ``seed``, and ``seed_from`` when the dealer did not deal the set-up: the first
        command it dealt, fresh from its seed (a game resumed from a log without a seed, or
        set up with a dealer of its own); ``duplicate`` (true) when the seed fixed the order of
        every card and tile. :func:`~chicago_poker.formats.log.write_log` adds
        these to every full or commands-only log of a game.

        >>> Game.new(["Al", "Bugs"], seed=42).dealer_provenance()
        {'seed': 42}

        Raises:
            SavedGameError: the dealer dealt before this game, or was restored from its
                generator's state (:meth:`from_json`): no seed gives its next deal. Save the
                game with :meth:`to_json` instead.
        """
        fresh_at, dealt_start = self._fresh_at, self._dealt_start
        if fresh_at is None or (dealt_start and fresh_at):
            raise SavedGameError(
                f"the dealer of this game (seed {self.seed}) had dealt before the game, so its "
                "seed does not give its next deal: a log cannot resume the game as it stands; "
                "save it with Game.to_json"
            )
        provenance = {"seed": self.seed}
        if not dealt_start:
            provenance["seed_from"] = max(fresh_at, 1)
        if self._dealer.fixed_order:
            provenance["duplicate"] = True  # the dealer keeps the order its seed fixed
        return provenance

    @property
    def state(self) -> GameState:
        """The current state."""
        assert self._state is not None
        return self._state

    @property
    def history(self) -> tuple[Entry, ...]:
        """Every command so far, chance included, with its events."""
        entries = self._entries
        made = len(entries)
        if made < len(self._commands):
            entries += map(entry, self._commands[made:], self._events[made:])
        return tuple(entries)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far."""
        return tuple(event for events in self._events for event in events)

    def legal_commands(self, player: int | None = None) -> tuple[Command, ...]:
        """The commands the players may give now (R-3, R-6.7); with ``player``, that seat's.

        Raises:
            InvalidSeatError: ``player`` is neither None nor a seat of the table.
        """
        return legal_commands(self.state, player)

    def to_act(self) -> ToAct:
        """Who must act now (:func:`~chicago_poker.core.legal.to_act`): the seats to decide.

        The game deals chance itself, so it waits for seats, or for nobody once it is over.

        >>> Game.new(["Al", "Bugs"], seed=1).to_act().seats
        (0,)
        """
        return to_act(self.state)

    def execute(self, command: Command) -> tuple[Event, ...]:
        """Carry out a command, then let chance act; return every event that followed.

        Raises:
            IllegalCommand: the command breaks a rule; the game is unchanged.
        """
        # _run, inlined: a call fewer for every command.
        state, events = step(self._state, command)
        self._keep(command, state, events)
        dealt = self._deal()
        return events + dealt if dealt else events

    def undo(self, commands: int = 1) -> None:
        """Take back the last ``commands`` player commands, with the chance that followed.

        The dealer goes back too, so that the same commands are dealt the same cards again.

        Raises:
            InvalidArgumentError: ``commands`` is negative, or more than the game has had;
                or the dealer was drawn from outside the game, so that it cannot deal the
                kept history again. Nothing is taken back.
            ArgumentTypeError: ``commands`` is not an int (True included).
        """
        check_count("undo", "commands", commands, 0)
        self._rewind(self._kept_after_undo(commands))

    def _kept_after_undo(self, commands: int) -> int:
        """How many of the commands stay when the last ``commands`` player commands go."""
        keep = len(self._commands)
        for _ in range(commands):
            keep -= 1
            while keep > 0 and isinstance(self._commands[keep], _CHANCE):
                keep -= 1
            if keep <= 0:
                raise InvalidArgumentError(
                    f"undo: there are fewer than {commands} commands to take back; "
                    "the set-up cannot be taken back"
                )
        return keep

    def _rewind(self, keep: int) -> None:
        """Cut the history to ``keep`` entries, and rewind the state and the dealer with it.

        The dealer is rewound without saving its state at every deal, which would cost more
        than the deal (625 numbers): it goes back to its state at ``self._origin`` and deals
        again every chance from there that the kept history holds.

        Raises:
            InvalidArgumentError: the dealer does not deal the kept history again: something
                else drew from it. The game and the dealer are then unchanged.
        """
        origin = self._origin
        state = self._replay_kept(keep)
        if origin is not None and keep <= origin[0]:
            self._dealer.set_state(origin[1])
            self._origin = None
        if self._fresh_at is not None and keep < self._fresh_at:
            self._fresh_at = keep  # the dealer, fresh again, deals from here on
        del self._commands[keep:], self._events[keep:], self._entries[keep:]
        self._state = state

    def _replay_kept(self, keep: int) -> GameState | None:
        """The state after the first ``keep`` entries, the dealer dealing again what they hold.

        Raises:
            InvalidArgumentError: the dealer deals otherwise; it is set back as it was.
        """
        kept = zip(self._commands[:keep], self._events[:keep], strict=True)
        origin = self._origin
        dealer = self._dealer
        present = dealer.get_state() if origin is not None else None
        state: GameState | None = None
        for index, (command, events) in enumerate(kept):
            if origin is not None and index >= origin[0]:
                if index == origin[0]:
                    dealer.set_state(origin[1])
                assert state is not None  # the set-up came first: the dealer deals after it
                if type(command) in _CHANCE and dealer.outcome(state) != command:
                    dealer.set_state(present)
                    raise InvalidArgumentError(
                        f"undo: the dealer no longer deals command {index} of this game; it "
                        "must deal for this game alone"
                    )
            for event in events:
                state = apply(state, event)
        return state

    def _run(self, command: Command) -> tuple[Event, ...]:
        """Step ``command`` and keep it in the history, with the state it leads to; its events."""
        state, events = step(self._state, command)
        self._keep(command, state, events)
        return events

    def _keep(self, command: Command, state: GameState, events: tuple[Event, ...]) -> None:
        """Keep ``command`` in the history, with its ``events`` and the ``state`` they lead to."""
        self._state = state
        self._commands.append(command)
        self._events.append(events)

    def _deal(self) -> tuple[Event, ...]:
        """Let the dealer deal every chance the state waits for; the events that followed."""
        if self._origin is None:
            if awaiting(self.state, check_actions=False) not in (_CARD, _TILE):
                return ()
            self._origin = (len(self._commands), self._dealer.get_state())
        dealer = self._dealer
        dealt: tuple[Event, ...] = ()
        # self._state, not the property self.state: in Python 3.11 a property is a call from
        # C back into Python, dearer than the rest of this loop.
        state = self._state
        assert state is not None  # a game has a state from the start
        # A Dealer deals a card only when the state waits for one, and only from the draw
        # pile: such a deal skips decide's checks of both. A subclass may deal otherwise.
        known = type(dealer) is Dealer
        while (outcome := dealer.outcome(state)) is not None:
            if known and type(outcome) is DealCard:
                state, events = step_awaited_deal(state, outcome.card)
            else:  # the dealer's commands have their form: a card or tile of its pile
                state, events = step_well_formed(state, outcome)
            self._keep(outcome, state, events)
            dealt += events
        return dealt


_CHANCE: Final = (DealCard, RevealTile)
"""The chance commands the dealer deals during a game."""

# Enum members bound to module names once: see the note in chicago_poker.core.legal.
_CARD: Final = Awaiting.CARD
_TILE: Final = Awaiting.TILE


def _check_set_up(start: Command, dealer: Dealer | None, where: str) -> None:
    """Refuse a first command that is no StartGame, or one ``dealer`` (if given) does not deal."""
    if not isinstance(start, StartGame):
        raise SavedGameError(
            f"{where}: the first command is {type(start).__name__}, "
            "not the StartGame that sets up a game"
        )
    if dealer is not None and dealer.start(start.players, start.options) != start:
        raise SavedGameError(
            f"{where}: the seed {dealer.seed} does not deal these hands and businesses"
        )


def _logged_dealer(
    provenance: dict[str, Any], commands: int, new_dealer: bool
) -> tuple[Dealer, tuple[bool, int]]:
    """The dealer a log's provenance gives, with whether it dealt the set-up and from where.

    A log without a seed gets a new dealer, dealing after its last command, if ``new_dealer``.
    """
    seed = provenance.get("seed")
    if type(seed) is int and seed >= 0:
        dealt = _seed_from(provenance.get("seed_from", 0), commands)
        return Dealer(seed, fixed_order=provenance.get("duplicate") is True), dealt
    if new_dealer:
        return Dealer(), (False, commands)
    raise SavedGameError(
        "line 1: the log's provenance has no seed, so the game cannot go on as its "
        "dealer would have dealt it; pass new_dealer=True to go on with a new dealer"
    )


def _seed_from(value: object, commands: int) -> tuple[bool, int]:
    """Whether the seeded dealer dealt the set-up, and the first command it dealt.

    As a log's provenance ``seed_from`` says: 0, the default, is the set-up on.
    """
    if type(value) is not int or not 0 <= value <= commands:
        raise SavedGameError(
            f"line 1: the provenance's seed_from is {short_repr(value)}, not the index of a "
            f"command from 0 to {commands}"
        )
    return (value == 0, value)


def _generator_json(state: object) -> list[Any]:
    """A random generator's state (``random.getstate``) as JSON-ready lists."""
    parts: Any = state  # the tuple (version, internal state, gauss) of getstate
    return [parts[0], list(parts[1]), parts[2]]


def _generator_state(data: object, name: str) -> object:
    """The state :func:`_generator_json` wrote, checked; ``name`` is where it was saved."""
    try:
        parts: Any = data  # checked by setstate below
        version, internal, gauss = parts
        state = (version, tuple(internal), gauss)
        random.Random().setstate(state)
    except (TypeError, ValueError) as error:
        raise SavedGameError(f"saved game: {name} is not a generator's state ({error})") from None
    return state


def _origin_fields(data: object, commands: int) -> tuple[int, object]:
    """The index and the generator state of a saved ``dealer_origin``, checked."""
    if not isinstance(data, list) or len(data) != 2:
        raise SavedGameError(
            f"saved game: dealer_origin is {short_repr(data)}, not [index, generator state]"
        )
    index, state = data
    if type(index) is not int or not 1 <= index < commands:
        raise SavedGameError(
            f"saved game: dealer_origin's index is {short_repr(index)}, not a command "
            f"from 1 to {commands - 1}"
        )
    return index, _generator_state(state, "dealer_origin")


def _saved_fields(data: object) -> dict[str, Any]:
    """The fields of a saved game, checked."""
    if not isinstance(data, dict) or data.get("format") != "chicago-poker-game":
        raise SavedGameError(
            f"not a saved game (no format 'chicago-poker-game'): {short_repr(data)}"
        )
    if data.get("version") != SAVED_GAME_VERSION:
        raise SavedGameError(
            f"saved game: version {short_repr(data.get('version'))} is not "
            f"{SAVED_GAME_VERSION}, the version this chicago-poker reads"
        )
    missing = {"seed", "dealt_start", "fresh_at", "commands"} - set(data)
    if missing:
        raise SavedGameError(f"saved game: {', '.join(sorted(missing))} missing")
    fresh_at = data["fresh_at"]
    if fresh_at is not None and (type(fresh_at) is not int or fresh_at < 0):
        raise SavedGameError(f"saved game: fresh_at is {short_repr(fresh_at)}, not a count")
    if type(data["dealt_start"]) is not bool:
        raise SavedGameError("saved game: dealt_start is not true or false")
    return data
