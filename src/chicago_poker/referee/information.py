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
from chicago_poker.core.commands import Command, DeclineReinforcement, PlayLimousine
from chicago_poker.core.errors import InvalidArgumentError
from chicago_poker.core.events import Event
from chicago_poker.core.legal import to_act
from chicago_poker.core.redacted_commands import (
    RedactedPlayGangster,
    RedactedPlayLimousine,
    RedactedSendReinforcement,
    SeenCommand,
)
from chicago_poker.core.redacted_events import SeenEvent
from chicago_poker.core.state import GameState
from chicago_poker.referee.assignment import Assignment, Infeasible, assign
from chicago_poker.referee.exact import BudgetSpentError, SearchBoundError
from chicago_poker.referee.forms import form_error
from chicago_poker.referee.ledger import Ledger, Makeup, SeenEntry
from chicago_poker.referee.probe import possible_specials, probe
from chicago_poker.referee.replay import REFUSED, Budget, Failure, Played, filler, judge, replay
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

    def __init__(
        self, viewer: int | None, *, automatic_decline: bool = False, players: int | None = None
    ) -> None:
        """An empty information set of ``viewer``, before the game starts; see :meth:`extend`.

        ``automatic_decline``: the history was written by an engine before 0.2.0, which
        declined by itself for a tied player holding no gangster card; the witness supplies
        those declines, as :func:`~chicago_poker.referee.releases.declines_automatically`
        tells from a log's header. ``players``: the number of seats, as a log's header says;
        by default, as the history's first entry (the set-up) says.
        """
        self.viewer = viewer
        self._players = players
        self._names: tuple[str, ...] = ()
        """The players' names, as the set-up gives them."""
        self._showing: tuple[int, set[int]] | None = None
        """The entries that show cards (:meth:`_shows_cards`), for so many entries read."""
        self._filled: Failure | None = None
        """The engine's answer to the last entry given after a prefix's witness, if it failed."""
        self._after: GameState | None = None
        """The state after that entry, where the engine took it."""
        self._form: Impossible | None = None
        """The first entry refused for its form (:mod:`~chicago_poker.referee.forms`)."""
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
    def refused(self) -> Impossible | None:
        """The first entry refused for its form, at once (see :meth:`extend`); None if none."""
        return self._form

    @property
    def entries(self) -> Sequence[SeenEntry]:
        """The history read so far."""
        return self._entries

    def extend(self, entry: SeenEntry) -> None:
        """Take the next entry of the history, as the seat saw it.

        Its form is checked first (:func:`~chicago_poker.referee.forms.form_error`): an entry
        refused for it is the answer of :meth:`witness`, and the ledger reads no further.
        """
        index = len(self._entries)
        self._entries.append(entry)
        self._found = None
        self._sampler = None
        if self._form is None:
            self._check_form(entry, index)
        if self._form is None:
            self.ledger.read(entry)

    def _check_form(self, entry: SeenEntry, index: int) -> None:
        """Refuse ``entry`` at once if its form is unsound (before the ledger reads it)."""
        names = getattr(entry.command, "players", None) if index == 0 else self._names
        if isinstance(names, tuple):
            self._names = names
        if self._players is None:
            if not isinstance(names, tuple):
                return  # no set-up: the engine refuses the entry
            self._players = len(names)
        error = form_error(
            entry,
            index,
            self.viewer,
            self._players,
            self._names,
            automatic_decline=self.ledger.automatic_decline,
        )
        if error is not None:
            self._form = Impossible(index, error.rule, f"{error.field}: {error.reason}")

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

        Just those of the free special cards, and any other cards given among ``specials``
        (free gangster cards, which stand for how many of each release the hand holds). The
        witness's search, with that make-up asked of the hand after the last entry: the
        sampler asks it where its quick change of the witness's history does not settle it.
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
        if self._form is not None:
            return self._form
        try:
            return self._witness(budget)
        except BudgetSpentError:
            return Undecided(len(self._entries), self._replayed)

    def _witness(self, budget: Budget | None) -> Witness | Impossible | Undecided:
        makeups: list[Makeup] = []
        while True:
            step = self._attempt(budget, makeups)
            if not isinstance(step, tuple):
                return step
            failure, assignment = step
            lesson = self._lesson(failure, assignment, makeups)
            if lesson is None:
                return _impossible(failure)
            makeups.append(lesson)

    def _attempt(
        self, budget: Budget | None, makeups: list[Makeup]
    ) -> Witness | Impossible | Undecided | tuple[Failure, Assignment]:
        """A witness with what the engine taught so far; else where it fails, or the verdict."""
        entries = len(self._entries)
        whole = entries if self.ledger.broken is None else self.ledger.broken
        # The fast steps keep only simple lessons: with others, the (bounded) search first.
        assignment = self._assign(whole, budget, makeups, exact=bool(makeups))
        if isinstance(assignment, Infeasible):
            located = self._locate(whole, budget, makeups)
            if not isinstance(located, Assignment):
                return located
            assignment = located
        if whole < entries:
            return self._at_break(whole, assignment, budget)
        played = self._replay(assignment, entries, budget)
        if isinstance(played, Failure):
            return played, assignment
        self._found = (played, assignment, makeups)
        return self._witness_of(played, assignment)

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

    def _locate(
        self, whole: int, budget: Budget | None, makeups: list[Makeup]
    ) -> Impossible | Undecided | tuple[Failure, Assignment] | Assignment:
        """The first impossible entry of the first ``whole``, where the fast steps found none.

        The fast steps alone (polynomial) find a prefix with identities whose next entry has
        none: its witness is replayed, and the engine is given the next entry. Only where the
        engine accepts that entry whatever the hands hold does the search (bounded) decide, which
        may find identities for all ``whole`` entries after all: they come back. A failure of
        the replay comes back with its identities, for a lesson.
        """
        good, found = self._boundary(0, whole, budget, makeups, exact=False)
        judged = self._judge_next(good, found, budget)
        filled = self._filled
        judged = judged or self._walk(good + 1, whole)
        if judged is not None:
            return judged
        after = self._assign(good + 1, budget, makeups)
        if isinstance(after, Assignment):  # the fast steps missed identities the search found
            last = self._assign(whole, budget, makeups)
            if isinstance(last, Assignment):
                return last
            good, found = self._boundary(good + 1, whole, budget, makeups, found=after)
            judged = self._judge_next(good, found, budget)
            if judged is not None:
                return judged
            filled = self._filled
            after = self._assign(good + 1, budget, makeups)
        if isinstance(after, Assignment) or after.bounded:
            return Undecided(good, self._replayed, reason="search bound")
        if filled is not None:  # proved impossible: the engine's words, where it has some
            return _impossible(filled)
        return Impossible(good, None, after.reason)

    def _at_break(
        self, whole: int, assignment: Assignment, budget: Budget | None
    ) -> Impossible | tuple[Failure, Assignment]:
        """The verdict where the ledger found a card seen where it cannot be, at ``whole``."""
        judged = self._judge_next(whole, assignment, budget)
        if judged is None and self._filled is not None:  # proved: the engine's words
            return _impossible(self._filled)
        return judged or Impossible(whole, None, "a card is seen where it cannot be")

    def _judge_next(
        self, good: int, found: Assignment, budget: Budget | None
    ) -> Impossible | tuple[Failure, Assignment] | None:
        """Replay the first ``good`` entries by ``found``, then give the engine the next one.

        A failure of the replay comes back for a lesson; the engine's refusal of the next
        entry is the verdict (see :meth:`_refused`); None if it takes it.
        """
        self._filled = None
        played = self._replay(found, good, budget)
        if isinstance(played, Failure):
            return played, found
        return self._refused(good, played.final)

    def _refused(self, good: int, state: GameState | None) -> Impossible | None:
        """The engine's refusal of entry ``good``'s command after a witness of the entries before.

        Its hidden cards are filled with cards the engine can take there (a card of the draw
        pile, a gangster card of the hand, a card of the discard pile: :func:`.replay.filler`).
        A command the engine refuses whatever the special cards of the hands it names
        (:func:`.probe.probe`) is refused by every witness: the rules look at the other hidden
        cards only through their number. Events that differ are not a verdict here: they may
        show cards the entry itself reveals, which the witness of the entries before it does
        not know; nor is the refusal of an entry that shows a card leaving a hand (a need),
        since the witness of the entries before it need not have given the hand that card,
        unless the seat has no decision to make there at all (:func:`_not_theirs_now`).
        """
        entry = self._entries[good]
        command = filler(entry.command, state, self.ledger, good)
        outcome = judge(good, entry, command, state, self.viewer, self.ledger.automatic_decline)
        self._replayed += 1
        if not isinstance(outcome, Failure):
            self._after, self._filled = outcome[0], None
            return None
        self._after, self._filled = None, outcome
        if outcome.depth != REFUSED:
            return None
        if _not_theirs_now(entry.command, state):
            return _impossible(outcome)
        if not _held(entry.command, command, state):
            _unheld(outcome, entry.command, state)  # said so if no identities hold one
            return None  # another witness may hold the card
        if self._shows_cards(good):
            return None  # another witness may let the move
        outcome.state = state
        known = Assignment(self.ledger.facts(good), {}, {}, {}, [], [])
        if state is not None and self._lesson(outcome, known, []) is not None:
            return None  # the hand's make-up may be the cause: the identities decide
        return _impossible(_emptied(outcome, entry.command, state))

    def _walk(self, start: int, whole: int) -> Impossible | None:
        """Go on from a complete game of the first ``start`` entries, entry by entry.

        The engine took entry ``start`` - 1 with its hidden cards filled in: the game so far
        is a witness of those entries. Each next entry is filled and given to the engine in
        turn; the first it refuses whatever any witness holds (see :meth:`_refused`) is the
        finding. None where one it takes no further, or refuses for cards another witness may
        hold: then the identities decide.
        """
        for index in range(start, whole):
            state = self._after
            if state is None:
                return None
            refused = self._refused(index, state)
            if refused is not None:
                return refused
        return None

    def _shows_cards(self, index: int) -> bool:
        """Whether entry ``index`` shows cards whose journeys the identities must fit.

        A card seen leaving a hand, a card the viewer sees drawn or dealt, any card whose
        whereabouts the entry tells (the ledger's bookkeeping changed at it); and a Limousine
        move, since which moves the engine allows depends on the cards.
        """
        if isinstance(self._entries[index].command, PlayLimousine | RedactedPlayLimousine):
            return True
        ledger = self.ledger
        if self._showing is None or self._showing[0] != ledger.entries:
            showing = {need.entry for need in ledger.needs}
            showing.update(entry for entry, *_ in ledger.sightings)
            showing.update(entry for entry, *_ in ledger.closing)
            self._showing = (ledger.entries, showing)
        return index in self._showing[1]

    def _assign(
        self,
        entries: int,
        budget: Budget | None,
        makeups: Sequence[Makeup] = (),
        *,
        exact: bool = True,
    ) -> Assignment | Infeasible:
        """Identities for the first ``entries`` entries: fast steps, then the bounded search."""
        _check(budget)
        lessons = [makeup for makeup in makeups if makeup.entry < entries]
        expired = None if budget is None else budget.expired
        facts = self.ledger.facts(entries)
        try:
            return assign(facts, expired, lessons, exact=exact, bounded=True)
        except SearchBoundError:
            return Infeasible("the search reached its work bound", bounded=True)

    def _boundary(
        self,
        low: int,
        whole: int,
        budget: Budget | None,
        makeups: list[Makeup],
        *,
        exact: bool = True,
        found: Assignment | None = None,
    ) -> tuple[int, Assignment]:
        """A prefix, at least ``low`` and under ``whole`` entries, with identities; its next none.

        Bisection: the prefix of ``low`` entries has identities (``found``, if known), that of
        ``whole`` has none (by the fast steps alone unless ``exact``; a search past its bound
        counts as none).
        """
        high = whole - 1  # the prefix of ``high`` + 1 entries has none
        while low < high:
            middle = (low + high + 1) // 2
            result = self._assign(middle, budget, makeups, exact=exact)
            if isinstance(result, Assignment):
                low, found = middle, result
            else:
                high = middle - 1
        if found is None:
            result = self._assign(low, budget, makeups, exact=exact)
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


def _not_theirs_now(seen: SeenCommand, state: GameState | None) -> bool:
    """Whether ``seen`` is a seat's command where that seat has no decision to make.

    Who decides (:func:`~chicago_poker.core.legal.to_act`) is the same in every witness of
    the entries before: it follows from what every seat sees (whose turn, the actions taken,
    a draw or tile awaited, the tied players still to choose). The player of a turn with no
    legal action left would have ended it by itself, a public event. A seat that is not among
    those has no legal command (:func:`~chicago_poker.core.legal.legal_commands`), so every
    witness refuses its command, whatever the hidden cards.
    """
    seat = getattr(seen, "player", None)
    if state is None or type(seat) is not int or not 0 <= seat < len(state.players):
        return False
    return seat not in to_act(state).seats


def _held(seen: SeenCommand, command: Command, state: GameState | None) -> bool:
    """Whether the hidden card a filler gave a face-down play or a reinforcement is held.

    Or whether the hand is empty, as it is then in every witness.
    """
    if not isinstance(seen, RedactedPlayGangster | RedactedSendReinforcement):
        return True
    card = getattr(command, "card", None)
    seat = seen.player
    if state is None or not 0 <= seat < len(state.players):
        return True  # the engine's refusal does not come from the hand
    hand = state.players[seat].hand
    return card in hand or not hand  # every witness's hand holds as many cards: none here


def _unheld(failure: Failure, seen: SeenCommand, state: GameState | None) -> None:
    """Say ``failure`` of a face-down play whose hand holds no gangster card in this witness.

    The engine names the card the filler chose, which the log does not show. The failure is
    the finding only where the identities prove that no witness gives the hand one.
    """
    assert isinstance(seen, RedactedPlayGangster | RedactedSendReinforcement)  # see _held
    assert state is not None
    failure.reason = (
        f"{state.players[seen.player].name} could hold no gangster card to play unseen here: "
        "no deal of the hidden cards that fits the log so far gives that hand one."
    )


def _emptied(failure: Failure, seen: SeenCommand, state: GameState | None) -> Failure:
    """``failure``, said of an empty hand where a hidden card was played from one.

    The engine names the card the filler chose, which the log does not show.
    """
    if (
        isinstance(seen, RedactedPlayGangster | RedactedSendReinforcement)
        and state is not None
        and 0 <= seen.player < len(state.players)
    ):
        player = state.players[seen.player]
        if not player.hand:
            failure.reason = f"{player.name} holds no card to place face down."
    return failure


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
