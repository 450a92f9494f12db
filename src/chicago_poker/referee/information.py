"""What one seat knows of a game, as one object: the :class:`InformationSet`.

A seat's redacted history (its view of every entry) is consistent with many complete games:
they differ in the cards the seat never saw. Game theory calls the set of those games the seat's
*information set*. :class:`InformationSet` holds it implicitly: a
:class:`~chicago_poker.referee.ledger.Ledger` of every fact about hidden cards, read once and
extended entry by entry. From it come

- :meth:`InformationSet.witness`: one complete legal game that redacts to the history (the
  referee's proof that a redacted log is legal), or the first entry no legal game gives;
- :meth:`InformationSet.sample`: complete states consistent with the history, for search bots.

How the hidden cards are given identities is told in :mod:`~chicago_poker.referee.assignment`;
every witness is then replayed through the engine, the only judge of the rules.

The module is pure: chance comes in as a :class:`Chooser`, and a caller that waits bounds the
work with a :class:`~chicago_poker.referee.replay.Budget`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from attrs import frozen

from chicago_poker.core.cards import Card
from chicago_poker.core.commands import Command, DeclineReinforcement
from chicago_poker.core.errors import InvalidArgumentError
from chicago_poker.core.events import Event
from chicago_poker.core.redacted_commands import SeenCommand
from chicago_poker.core.redacted_events import SeenEvent
from chicago_poker.core.state import GameState
from chicago_poker.referee.assignment import Assignment, Infeasible, assign
from chicago_poker.referee.exact import BudgetSpentError
from chicago_poker.referee.ledger import Ledger, Makeup, SeenEntry
from chicago_poker.referee.probe import possible_specials, probe
from chicago_poker.referee.replay import Budget, Failure, Played, filler, judge, replay
from chicago_poker.referee.sampling import Chooser, Sampler, Tilt

__all__ = [
    "Chooser",
    "Impossible",
    "InformationSet",
    "Undecided",
    "Witness",
]


@frozen
class Witness:
    """A complete legal game that redacts, entry for entry, to the seat's log."""

    commands: tuple[Command, ...]
    """The complete commands, chance included, one per entry of the log."""

    events: tuple[tuple[Event, ...], ...]
    """The events the engine gave for each command."""

    state: GameState | None
    """The state after the last entry (None for an empty log)."""

    hidden_cards: int
    """How many cards the seat never saw arrive in other hands (dealt, drawn, bribed)."""

    unrevealed: int
    """How many of those the log never reveals: the witness chose them freely."""

    searched: int
    """How many commands were replayed to find the witness."""

    implied: tuple[tuple[int, DeclineReinforcement, tuple[Event, ...]], ...] = ()
    """The declines supplied for an engine before 0.2.0, which gave them by itself: the
    entry whose events end with theirs, the command, its events (see
    :mod:`~chicago_poker.referee.releases`)."""


@frozen
class Impossible:
    """No complete legal game redacts to the log: where it becomes impossible, and why."""

    index: int
    """The first entry (from 0) such that no legal game redacts to the entries up to it."""

    rule: str | None
    """The rule the engine named, where one applies."""

    reason: str
    """Why, in words."""

    recorded: SeenEvent | SeenCommand | None = None
    """Where the log differs from every legal game: the log's event or command there."""

    expected: SeenEvent | SeenCommand | None = None
    """The engine's event or command there, as the viewer sees it (None: no more events)."""


@frozen
class Undecided:
    """The question was left open: the caller's time budget ran out first."""

    index: int
    """The entry (from 0) the work had reached."""

    searched: int
    """How many commands were replayed."""

    rule: str | None = None
    """Unused: kept for readers of earlier versions."""

    reason: str = "time limit"
    """Why the question is open: ``"time limit"``."""

    recorded: SeenEvent | SeenCommand | None = None
    """Unused: kept for readers of earlier versions."""

    expected: SeenEvent | SeenCommand | None = None
    """Unused: kept for readers of earlier versions."""


class InformationSet:
    """Every complete game consistent with what one seat saw, held as facts about hidden cards.

    Build it from a seat's redacted history (:meth:`of`), or empty and :meth:`extend` it entry by
    entry as the game goes on. ``viewer`` is the seat, or None for a spectator.

    >>> from chicago_poker.players.game import Game
    >>> from chicago_poker.formats.log import redact_entries
    >>> game = Game.new(["Al", "Bugs"], seed=3)
    >>> for _ in range(20):
    ...     _ = game.execute(game.legal_commands()[0])
    >>> known = InformationSet.of(redact_entries(game.history, 1), 1)
    >>> witness = known.witness()
    >>> isinstance(witness, Witness), len(witness.commands) == len(game.history)
    (True, True)
    """

    def __init__(self, viewer: int | None, *, automatic_decline: bool = False) -> None:
        """An empty information set of ``viewer``, before the game starts; see :meth:`extend`.

        ``automatic_decline``: the history was written by an engine before 0.2.0, which
        declined by itself for a tied player holding no gangster card; the witness supplies
        those declines, as :func:`~chicago_poker.referee.releases.declines_automatically`
        tells from a log's header.
        """
        self.viewer = viewer
        self.ledger = Ledger(viewer, automatic_decline=automatic_decline)
        self._entries: list[SeenEntry] = []
        self._replayed = 0
        self._found: tuple[Played, Assignment, list[Makeup]] | None = None
        """The last witness found, with its identities and what the engine taught."""
        self._sampler: Sampler | None = None

    @classmethod
    def of(
        cls, entries: Iterable[SeenEntry], viewer: int | None, *, automatic_decline: bool = False
    ) -> InformationSet:
        """The information set of ``viewer`` after ``entries``, its redacted history."""
        known = cls(viewer, automatic_decline=automatic_decline)
        for entry in entries:
            known.extend(entry)
        return known

    @property
    def entries(self) -> Sequence[SeenEntry]:
        """The history read so far."""
        return self._entries

    def extend(self, entry: SeenEntry) -> None:
        """Take the next entry of the history, as the seat saw it."""
        self._entries.append(entry)
        self.ledger.read(entry)
        self._found = None
        self._sampler = None

    # --- samples

    def sample(self, chooser: Chooser, tilt: Tilt | None = None) -> GameState:
        """A complete state consistent with the history, uniformly at random (see below).

        Every consistent state is equally likely: where each card the seat never saw lies
        (in which hand, face down where, or in the draw deck; the deck's order is left to the
        dealer) is drawn uniformly among the placements some legal game with this history
        leads to. The first sample prepares the set (a witness); the next ones reuse it, until
        :meth:`extend` adds an entry.

        Raises:
            InvalidArgumentError: No legal game gives the history (a ``ValueError``); the
                message names the first entry that none gives, and why.
        """
        return self.sampler().sample(chooser, tilt)

    def sampler(self) -> Sampler:
        """The prepared :class:`~chicago_poker.referee.sampling.Sampler` of the history."""
        if self._sampler is None:
            if self._found is None:
                verdict = self.witness()
                if not isinstance(verdict, Witness) or verdict.state is None:
                    raise _no_state(None if isinstance(verdict, Witness) else verdict)
            assert self._found is not None
            played, assignment, makeups = self._found
            self._sampler = Sampler(
                self.ledger, self._entries, assignment, played, makeups, self._ends_holding
            )
        return self._sampler

    def _ends_holding(self, seat: int, specials: frozenset[Card]) -> bool:
        """Whether a legal game with the history ends with ``seat`` holding just ``specials``.

        Just those of the free special cards. The witness's search, with that make-up asked
        of the hand after the last entry: the sampler asks it where its quick change of the
        witness's history is refused.
        """
        assert self._found is not None
        _, found, makeups = self._found
        facts = found.facts  # the facts of the whole history, as the witness has them
        end = self.ledger.seq + 1
        candidates = possible_specials(facts, seat, end) | specials
        wanted = Makeup(seat, len(self._entries), end, candidates, frozenset({specials}))
        makeups = list(makeups)
        while True:
            assignment = assign(facts, None, [*makeups, wanted])
            if not isinstance(assignment, Assignment):
                return False
            played = self._replay(assignment, len(self._entries), None)
            if isinstance(played, Played):
                return True
            lesson = self._lesson(played, assignment, makeups)
            if lesson is None:
                return False
            makeups.append(lesson)

    # --- the referee

    def witness(self, budget: Budget | None = None) -> Witness | Impossible | Undecided:
        """A complete legal game that redacts to the history, or the first entry none gives.

        With a ``budget``, the answer is :class:`Undecided` (reason ``"time limit"``) once it
        is spent.
        """
        self._replayed = 0
        try:
            return self._witness(budget)
        except BudgetSpentError:
            return Undecided(len(self._entries), self._replayed)

    def _witness(self, budget: Budget | None) -> Witness | Impossible:
        entries = self._entries
        whole = len(entries) if self.ledger.broken is None else self.ledger.broken
        makeups: list[Makeup] = []
        while True:
            assignment = self._assign(whole, budget, makeups)
            if isinstance(assignment, Assignment) and whole == len(entries):
                played = self._replay(assignment, len(entries), budget)
                if isinstance(played, Played):
                    self._found = (played, assignment, makeups)
                    return self._witness_of(played, assignment)
            else:
                good, found = self._last_feasible(whole, assignment, budget, makeups)
                played = self._replay(found, good, budget)
                if isinstance(played, Played):
                    return self._refuted(good, played, assignment)
                assignment = found
            lesson = self._lesson(played, assignment, makeups)
            if lesson is None:
                return _impossible(played)
            makeups.append(lesson)

    def _lesson(
        self, failure: Failure, assignment: Assignment, makeups: list[Makeup]
    ) -> Makeup | None:
        """A make-up the failed entry needs, learnt from the engine; None if there is none."""
        state = failure.state
        if state is None:
            return None
        lesson = probe(self._entries, failure.index, state, self.ledger, assignment, self.viewer)
        self._replayed += 1
        if lesson is None or any(
            (known.seat, known.entry) == (lesson.seat, lesson.entry) for known in makeups
        ):
            return None
        return lesson

    def _refuted(
        self, good: int, played: Played, assignment: Assignment | Infeasible
    ) -> Impossible:
        """The engine's verdict on entry ``good``, the first that no identities fit."""
        entries = self._entries
        state = played.final
        entry = entries[good]
        command = filler(entry.command, state, self.ledger, good)
        outcome = judge(good, entry, command, state, self.viewer, self.ledger.automatic_decline)
        self._replayed += 1
        if isinstance(outcome, Failure):
            return _impossible(outcome)
        reason = assignment.reason if isinstance(assignment, Infeasible) else "no cards fit"
        return Impossible(good, None, reason)

    def _assign(
        self, entries: int, budget: Budget | None, makeups: Sequence[Makeup] = ()
    ) -> Assignment | Infeasible:
        _check(budget)
        lessons = [makeup for makeup in makeups if makeup.entry < entries]
        expired = None if budget is None else budget.expired
        return assign(self.ledger.facts(entries), expired, lessons)

    def _last_feasible(
        self,
        whole: int,
        assignment: Assignment | Infeasible,
        budget: Budget | None,
        makeups: list[Makeup],
    ) -> tuple[int, Assignment]:
        """The longest prefix, at most ``whole`` entries long, whose facts have identities.

        ``assignment`` is the answer for ``whole`` entries; the prefix's comes back with it.
        """
        if isinstance(assignment, Assignment):
            return whole, assignment
        low, high = 0, whole - 1  # the prefix of ``low`` entries is feasible; ``high`` + 1 is not
        found: Assignment | None = None  # that prefix's identities, once computed
        while low < high:
            middle = (low + high + 1) // 2
            result = self._assign(middle, budget, makeups)
            if isinstance(result, Assignment):
                low, found = middle, result
            else:
                high = middle - 1
        if found is None:
            result = self._assign(low, budget, makeups)
            assert isinstance(result, Assignment)  # the empty prefix has identities
            found = result
        return low, found

    def _replay(
        self, assignment: Assignment, count: int, budget: Budget | None
    ) -> Played | Failure:
        _check(budget)
        result = replay(self._entries[:count], self.viewer, self.ledger, assignment, budget)
        self._replayed += count if isinstance(result, Played) else result.index + 1
        return result

    def _witness_of(self, played: Played, assignment: Assignment) -> Witness:
        facts = assignment.facts
        return Witness(
            tuple(played.commands),
            tuple(played.events),
            played.final,
            len(facts.slots),
            len(facts.slots) - len(facts.needs),
            self._replayed,
            tuple(
                (index, command, caused)
                for index, implied in sorted(played.implied.items())
                for command, caused in implied
            ),
        )


def _check(budget: Budget | None) -> None:
    if budget is not None and budget.expired():
        raise BudgetSpentError


def _impossible(failure: Failure) -> Impossible:
    return Impossible(
        failure.index, failure.rule, failure.reason, failure.recorded, failure.expected
    )


def _no_state(result: Impossible | Undecided | None) -> InvalidArgumentError:
    """Why there is no state to sample."""
    if result is None:
        return InvalidArgumentError("consistent_state: entries holds no game: no StartGame")
    if isinstance(result, Undecided):
        return InvalidArgumentError("consistent_state: the time limit ran out")
    rule = f"{result.rule}: " if result.rule else ""
    return InvalidArgumentError(
        f"consistent_state: no legal game gives entries: entry {result.index} is impossible "
        f"({rule}{result.reason})"
    )
