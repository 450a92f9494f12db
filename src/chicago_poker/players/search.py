"""A bot that searches: information set Monte Carlo tree search (ISMCTS).

:class:`SearchBot` looks ahead over complete states that agree with everything its seat saw:
it draws them from the seat's knowledge model, an
:class:`~chicago_poker.referee.information.InformationSet` kept from move to move, and plays
each forward through the engine (``step``). One search tree gathers every *determinization*
(a drawn state): this is single-observer ISMCTS (SO-ISMCTS, Cowling, Powley and Whitehouse,
*Information Set Monte Carlo Tree Search*, IEEE TCIAIG 4(2), 2012). A node is a sequence of
commands from the seat's decision; its children are the commands that followed it in some
determinization. The commands legal there differ from one determinization to the next (the
rivals' hands differ), so a child is chosen by UCB1 with *availability counts*: how often it
could be chosen, rather than how often its parent was visited.

Each iteration draws a determinization (or reuses the last one, :attr:`SearchBot.reuse`),
walks the tree by UCB1, adds one node and scores the position it reaches with
:func:`~chicago_poker.players.evaluation.evaluate`: the winner takes 1; in a game not yet
won, each seat's share is its chance to win as a model fitted to the winners of heuristic
games gives it, from the businesses it controls and the columns it leads. With
:attr:`SearchBot.rollout` above 0, every seat first plays on as the heuristic would for that
many commands. Chance during the search deals the determinization's draw deck in an order
drawn once per determinization.

**Knowledge.** The search leans on :class:`~chicago_poker.players.heuristic.HeuristicBot`.
In the tree, each decision looks only at the heuristic's best few commands
(:attr:`SearchBot.width`, :meth:`~chicago_poker.players.heuristic.HeuristicBot.ranked`), its
favourite tried first: a 4-player turn offers a median of 16 commands and up to 87, too many
to try each a few times within a move's budget. A decision visited often looks at more of
them (:attr:`SearchBot.widening`, progressive widening), so that a larger budget, in
iterations or in seconds, looks further rather than only again. At the root, the
heuristic's favourite stands unless the command the search visited most scores more than
:attr:`SearchBot.margin` above it on average: the evaluation is fitted to who wins, not to
what each command is worth, and it leans towards playing cards now (they count on the board
at once) where the heuristic would draw. ``benchmarks/README.md`` ("The search bot") has what
each choice measured.

**What the bot believes.** The determinizations are not drawn uniformly: uniform draws treat
the rivals as if they played at random, and they do not. By default
(:attr:`SearchBot.believing`), they lean as :func:`~chicago_poker.players.belief.belief`
says rivals that play as the heuristic bot does hold their cards: low gangster cards in hand,
high ones face down. With four players this won 82 of 200 games against heuristic bots where
uniform draws won 61 on the same deals (``docs/bots.md``).

**What the bot knows.** It is told its seat's redacted history, entry by entry
(:meth:`SearchBot.observe`): :func:`~chicago_poker.protocol.table.play_table`,
:func:`~chicago_poker.players.simulate.play_bots` and the bot protocol
(``python -m chicago_poker.protocol.speak search``) all do so. It never sees a state. A bot
that was not told the history up to the view it is given (a front end that only passes views)
cannot search: it then chooses as :class:`~chicago_poker.players.bots.HeuristicBot` does, and
counts the move in :attr:`SearchBot.fallbacks`.

**Budget.** Iterations per move (:attr:`SearchBot.iterations`), or seconds per move
(:attr:`SearchBot.seconds`), whichever ends first. The seconds count from the moment the move
is asked for, so they cover bringing the knowledge model up to date and drawing the first
determinization as well. The search aims to end :data:`SAFETY` of the seconds early (at least
:data:`SAFETY_MIN` seconds), the margin a referee needs to read the answer on a busy machine.
On the system's clock, the margin grows as the share of a core the process got in its last
searches shrinks (CPU time over time on the wall, :attr:`SearchBot.share`): the time to answer,
and for the referee to read the answer, stretches as much (at most :data:`SAFETY_MAX` of the
seconds). The search stops when one more iteration, as long as the average so far, would end
after that, and it reads the clock at every command inside an iteration too, dropping an
iteration that runs past the deadline (a pause of the garbage collector, or a process the
machine's other work holds up). If the deadline has passed before the first iteration (the
knowledge model took it all), the bot plays the heuristic's choice at once and counts the move
in :attr:`SearchBot.hurried`. With iterations alone the bot is deterministic for a seed; with
seconds, its choices depend on the machine's speed and load.

>>> from chicago_poker.core.rules import RuleOptions
>>> from chicago_poker.players.bots import HeuristicBot
>>> from chicago_poker.players.simulate import play_bots
>>> bot = SearchBot(1, iterations=20)
>>> game = play_bots(RuleOptions(short_game=True), [bot, HeuristicBot(2)], 4)
>>> game.state.is_over, bot.searches > 0, bot.fallbacks
(True, True, 0)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Final

from chicago_poker.core.cards import Card, card_order
from chicago_poker.core.commands import Command, DealCard, RevealTile
from chicago_poker.core.decide import step
from chicago_poker.core.errors import ChicagoPokerError
from chicago_poker.core.legal import Awaiting, awaiting, legal_commands, to_act
from chicago_poker.core.memos import owned
from chicago_poker.core.state import GameState
from chicago_poker.core.views import PlayerView, view
from chicago_poker.players.belief import belief
from chicago_poker.players.evaluation import evaluate
from chicago_poker.players.heuristic import HeuristicBot, Ranking
from chicago_poker.referee.information import InformationSet
from chicago_poker.referee.ledger import SeenEntry
from chicago_poker.referee.sampling import Tilt

__all__ = [
    "DEFAULT_ITERATIONS",
    "LEAST_SHARE",
    "LEVELS",
    "SAFETY",
    "SAFETY_MAX",
    "SAFETY_MIN",
    "SearchBot",
    "evaluate",
]

DEFAULT_ITERATIONS: Final = 300
"""Iterations per move of a bot made from a seed alone (as the ``BOTS`` registry makes it)."""
LEVELS: Final = {"easy": 100, "normal": DEFAULT_ITERATIONS, "hard": 1000}
"""The iterations per move of each difficulty: ``search-easy``, ``search`` and ``search-hard``
in :data:`~chicago_poker.players.bots.BOTS`."""
DEFAULT_REUSE: Final = 4
"""Iterations on each determinization: as many as the tree's width, so that the first
commands of a decision are compared on the same drawn states."""
DEFAULT_ROLLOUT: Final = 0
"""Commands the heuristic plays beyond the tree before the position is scored: none. The
fitted evaluation scores a leaf at once, about twelve times faster than after 20 commands of
play, and the search plays no worse for it (``benchmarks/README.md``)."""
DEFAULT_MARGIN: Final = 0.03
"""How much better than the heuristic's choice a command must score to be chosen instead."""
DEFAULT_WIDTH: Final = 4
"""The heuristic's best commands the tree looks at in each decision."""
DEFAULT_WIDENING: Final = 0.3
"""How the width grows with a decision's visits (progressive widening): after ``n`` visits, a
decision looks at ``round(n ** 0.3)`` commands when that is more than the width: 5 from 151
visits, 6 from 296, 7 from 514, 8 from 827. So 100 iterations search as at the fixed width,
and 1,000 look further among the root's commands (``docs/bots.md``)."""

SAFETY: Final = 0.15
"""The share of :attr:`SearchBot.seconds` kept back as a safety margin: the search aims to
end this much early, so that its answer is written and read within the seconds even when
every core of the machine is busy (``benchmarks/README.md``, "Clocks under load")."""
SAFETY_MIN: Final = 0.02
"""The least safety margin, in seconds, whatever :attr:`SearchBot.seconds` is."""
SAFETY_MAX: Final = 0.6
"""The most of :attr:`SearchBot.seconds` the safety margin may grow to on a loaded machine."""
LEAST_SHARE: Final = 0.2
"""The least share of a core the margin allows for: below it, the margin stops growing."""

_ACTION: Final = Awaiting.ACTION
_REINFORCEMENT: Final = Awaiting.REINFORCEMENT
_CARD: Final = Awaiting.CARD
_TILE: Final = Awaiting.TILE


class _Node:
    """A node of the tree: the commands from the root that lead to it, as statistics."""

    __slots__ = ("available", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        """The seat whose command led here: its rewards are summed in :attr:`total`."""
        self.visits = 0
        self.total = 0.0
        self.available = 0
        """How often the command leading here was legal when its parent was visited."""
        self.children: dict[Command, _Node] = {}


class SearchBot:
    """Chooses by ISMCTS over states drawn from what its seat saw (see the module's notes)."""

    name = "search"

    searches: int
    """Moves chosen by search."""
    fallbacks: int
    """Moves chosen as the heuristic bot would, for want of the seat's history."""
    played: int
    """Iterations played in all, over every search."""
    share: float
    """The share of a core the process got in its last timed searches (a running mean, 1 to
    begin with): the safety margin grows as it falls."""
    remembers: bool = True
    """Whether the iterations on one determinization keep the states they met for the next
    (:class:`_Memo`). The search chooses the same either way; it is faster remembering."""
    hurried: int
    """Moves chosen as the heuristic bot would because the deadline passed before the search
    could begin (with :attr:`seconds` only)."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        reuse: int = DEFAULT_REUSE,
        rollout: int = DEFAULT_ROLLOUT,
        width: int = DEFAULT_WIDTH,
        widening: float = DEFAULT_WIDENING,
        guided: bool = True,
        modelled: bool = False,
        believing: bool = True,
        margin: float = DEFAULT_MARGIN,
        exploration: float = 0.7,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        """Create the bot; the same seed and the same budget in iterations give the same choices.

        Args:
            seed: The seed of the bot's generator.
            iterations: The most iterations per move (at least 1).
            seconds: The most seconds per move, the whole move, or None for no time limit.
            reuse: Iterations played on each determinization before the next is drawn.
            rollout: Commands the heuristic plays beyond the tree before the position is scored.
            width: The heuristic's best commands looked at in each decision of the tree.
            widening: A decision visited ``n`` times looks at ``max(width, round(n**widening))``.
            guided: Whether the heuristic ranks the tree's commands and plays the rollouts.
            modelled: Whether the rivals' decisions in the tree are the heuristic's, unsearched.
            believing: Whether determinizations lean as :func:`.belief.belief` says, not uniform.
            margin: How much more than the first command tried another must score to be chosen.
            exploration: The constant of UCB1's exploration term.
            clock: The clock of ``seconds``.
        """
        _check_settings(iterations, reuse, width, rollout, widening)
        self.iterations = iterations
        self.seconds = seconds
        self.reuse = reuse
        self.rollout = rollout
        self.width = width
        self.widening = widening
        self.guided, self.modelled, self.believing = guided, modelled, believing
        self.margin, self.exploration = margin, exploration
        self._clock, self.share = clock, 1.0
        self._random = random.Random(seed)
        self._fallback = HeuristicBot(seed)
        self._policy = HeuristicBot(None if seed is None else seed + 1)  # ranks, plays rollouts
        self._entries: list[SeenEntry] = []
        self._known: InformationSet | None = None
        self.searches = self.fallbacks = self.played = self.hurried = 0

    def observe(self, entry: SeenEntry) -> None:
        """Take the next entry of the seat's redacted history (a redacted log entry)."""
        self._entries.append(entry)

    def forget(self) -> None:
        """Forget the history taken so far: moves were taken back, and it is told anew."""
        self._entries.clear()
        self._known = None

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """The command of ``legal`` the search visits most; a lone command at once."""
        if len(legal) == 1:
            return legal[0]
        with owned():  # what the move makes for the core's memos goes with it
            return self._choose(view, legal)

    def _choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        deadline = self._deadline()
        seat = view.seat
        tilt = belief(len(view.players)) if self.believing else None
        known = None if seat is None else self._information(seat)
        root = None if known is None or seat is None else self._sample(known, seat, view, tilt)
        if known is None or root is None or seat is None:
            self.fallbacks += 1
            return self._fallback.choose(view, legal)
        if deadline is not None and self._clock() >= deadline:
            self.hurried += 1
            return self._fallback.choose(view, legal)
        self.searches += 1
        return self._search(known, root, seat, legal, tilt, deadline)

    # --- the knowledge model

    def _information(self, seat: int) -> InformationSet | None:
        """The seat's information set, brought up to the entries observed so far."""
        known = self._known
        if known is None or known.viewer != seat:
            known = self._known = InformationSet(seat)
        try:
            for entry in self._entries[len(known.entries) :]:
                known.extend(entry)
        except ChicagoPokerError:
            self._known = None
            return None
        return known

    def _sample(
        self, known: InformationSet, seat: int, seen: PlayerView, tilt: Tilt | None
    ) -> GameState | None:
        """A determinization, if the history observed is that of ``seen``; None otherwise."""
        if not known.entries:
            return None
        try:
            state = known.sample(self._random, tilt)
        except ChicagoPokerError:
            return None
        return state if view(state, seat) == seen else None

    # --- the search

    def _deadline(self) -> float | None:
        """When a move asked for now must end: :attr:`seconds` less the safety margin.

        None without a time limit.
        """
        if self.seconds is None:
            return None
        margin = max(self.seconds * SAFETY, SAFETY_MIN) / max(self.share, LEAST_SHARE)
        margin = min(margin, self.seconds * SAFETY_MAX)
        return self._clock() + max(self.seconds - margin, 0.0)

    def _search(
        self,
        known: InformationSet,
        first: GameState,
        seat: int,
        legal: Sequence[Command],
        tilt: Tilt | None,
        deadline: float | None,
    ) -> Command:
        """Search until the budget ends: the iterations, or the move's ``deadline`` if any.

        The search stops before the deadline when one more iteration, as long as the average
        so far, would end after it; an iteration that reaches the deadline is dropped.
        """
        root = _Node(seat)
        state = first
        order = self._order(state)
        memo: dict[_Node, _Memo] = {}
        began = 0.0 if deadline is None else self._clock()
        began_cpu = time.process_time()
        done = 0
        while done < self.iterations:
            if done and done % self.reuse == 0:
                state = known.sample(self._random, tilt)
                order = self._order(state)
                memo.clear()
            elif not self.remembers:
                memo.clear()
            if not self._iterate(root, state, order, seat, deadline, memo):
                break
            done += 1
            if deadline is not None:
                now = self._clock()
                if now + (now - began) / done >= deadline:
                    break
        self.played += done
        if deadline is not None and self._clock is time.perf_counter:
            self._note_share(self._clock() - began, time.process_time() - began_cpu)
        return _choice(root, legal, self.margin)

    def _note_share(self, wall: float, cpu: float) -> None:
        """Fold the share of a core a search got (``cpu`` over ``wall`` seconds) into the mean."""
        if wall > 0.01:
            self.share = 0.5 * self.share + 0.5 * min(cpu / wall, 1.0)

    def _order(self, state: GameState) -> list[Card]:
        """The order in which the search deals the cards that may yet be drawn."""
        cards = sorted(state.draw_pile | state.discard_pile, key=card_order)
        self._random.shuffle(cards)
        return cards

    def _iterate(
        self,
        root: _Node,
        state: GameState,
        order: list[Card],
        seat: int,
        deadline: float | None,
        memo: dict[_Node, _Memo],
    ) -> bool:
        """One iteration: select, expand one node, roll out, score, back up.

        False, and nothing backed up, if the clock reaches ``deadline`` on the way: the
        iteration is dropped (a node it added stays, unvisited, for the next to try).
        ``memo`` holds what this determinization met at the nodes it reached (:class:`_Memo`).
        """
        node: _Node | None = root  # where the tree's statistics are kept; None beyond the tree
        reached: _Node | None = root  # the node whose state comes next, even a new leaf
        path: list[_Node] = []
        deal = _Deal(order, self._random)
        plies = 0
        clock = self._clock
        known = memo.get(root)
        while True:
            if deadline is not None and clock() >= deadline:
                return False
            if known is None:
                state = deal.chance(state)
                if deal.drawn:
                    reached = None  # the states from here on are this iteration's own
                elif reached is not None:
                    known = memo[reached] = _Memo(state, deal.dealt)
            else:
                state, deal.dealt = known.state, known.dealt
            if node is None and plies >= self.rollout:
                break  # a leaf: scored as it stands, whoever decides there
            decision = _decision(state, seat) if known is None else known.decision(seat)
            if decision is None:
                break
            if node is None or (self.modelled and decision[0] != seat):  # the generator's
                plies += node is None
                command = self._played(state, *decision, node is None)
                deal.drawn, reached = True, None
            else:
                command, node, reached = self._tree_step(node, state, *decision, path, known)
                reached = None if deal.drawn else reached
            known = None if reached is None else memo.get(reached)
            if known is None:  # else the state after the command is known
                state = step(state, command)[0]
        _back_up(root, path, evaluate(state))
        return True

    def _played(
        self, state: GameState, actor: int, legal: Sequence[Command], rollout: bool
    ) -> Command:
        """The command of ``actor`` outside the tree: in a rollout, or a rival modelled.

        The heuristic's, or in a rollout of an unguided search, a random one. The node of the
        tree stays, and the state moves on as the generator says.
        """
        if rollout and not self.guided:
            return legal[self._random.randrange(len(legal))]
        return self._policy.choose(view(state, actor), legal)

    def _tree_step(
        self,
        node: _Node,
        state: GameState,
        actor: int,
        legal: Sequence[Command],
        path: list[_Node],
        known: _Memo | None,
    ) -> tuple[Command, _Node | None, _Node]:
        """The command of ``actor`` at ``node``: an untried one, else UCB1's; the nodes next.

        The commands looked at are the heuristic's best few in this determinization: the
        :attr:`SearchBot.width`, or more in a decision visited often (:attr:`SearchBot.widening`).
        An untried one becomes a new leaf, and the iteration leaves the tree: the node next
        is None, the leaf is the node reached. ``known`` keeps the decision's scores for the
        next iteration on this determinization.
        """
        width = self.width
        if self.widening:
            width = max(width, round(node.visits**self.widening))
        if self.guided and width < len(legal):
            if known is None:
                legal = self._policy.ranked(view(state, actor), legal, width)
            else:
                if known.ranking is None:
                    known.ranking = Ranking(view(state, actor), legal)
                legal = known.ranking.top(self._policy, width)
        children = node.children
        untried = _untried(children, legal)
        if untried:
            # Guided, the heuristic's favourite first; else at random.
            command = untried[0] if self.guided else untried[self._random.randrange(len(untried))]
            child = children[command] = _Node(actor)
            child.available = 1
            path.append(child)
            return command, None, child
        command, child = _select(children, legal, self.exploration)
        path.append(child)
        return command, child, child


def _check_settings(iterations: int, reuse: int, width: int, rollout: int, widening: float) -> None:
    """Refuse settings that leave the search nothing to do, naming the first such setting.

    Raises:
        ValueError: ``iterations``, ``reuse`` or ``width`` is below 1, ``rollout`` below 0, or
            ``widening`` outside 0 to 1.
    """
    for name, value in (("iterations", iterations), ("reuse", reuse), ("width", width)):
        if value < 1:
            raise ValueError(f"SearchBot: {name} must be 1 or more, not {value}")
    if rollout < 0:
        raise ValueError(f"SearchBot: rollout must be 0 or more, not {rollout}")
    if not 0 <= widening <= 1:
        raise ValueError(f"SearchBot: widening must be from 0 to 1, not {widening}")


class _Deal:
    """Chance in one iteration: cards in the determinization's order, tiles at random."""

    __slots__ = ("dealt", "drawn", "order", "random")

    def __init__(self, order: list[Card], rng: random.Random) -> None:
        self.order = order
        self.random = rng
        self.dealt = 0
        self.drawn = False
        """Whether a chance was drawn at random (or a rival's command, :attr:`SearchBot.modelled`):
        the states after it are not the determinization's alone."""

    def chance(self, state: GameState) -> GameState:
        """``state`` after every chance it waits for."""
        while True:
            waiting = awaiting(state, check_actions=False)
            if waiting is _CARD:
                state = step(state, DealCard(self._card(state.draw_pile)))[0]
            elif waiting is _TILE:
                tiles = sorted(state.tile_pile)
                self.drawn = True
                state = step(state, RevealTile(tiles[self.random.randrange(len(tiles))]))[0]
            else:
                return state

    def _card(self, pile: frozenset[Card]) -> Card:
        order = self.order
        dealt = self.dealt
        while dealt < len(order) and order[dealt] not in pile:
            dealt += 1
        if dealt < len(order):
            self.dealt = dealt + 1
            return order[dealt]
        self.dealt = dealt
        self.drawn = True
        cards = sorted(pile, key=card_order)
        return cards[self.random.randrange(len(cards))]


_UNKNOWN: Final = (-1, ())
"""A memo's decision not yet worked out."""


class _Memo:
    """What one determinization met at a node: the state there and its decision.

    The iterations on one determinization follow one another down the same commands, and
    meet the same states, as long as no chance on the way was drawn at random (a tile, or a
    card the order has run out of) and no command was the generator's (a rollout, a rival
    modelled): the search keeps those states, with their legal commands and the heuristic's
    scores, for the next iterations on the determinization. States after a random draw are
    worked out again, drawing as before, so the search chooses exactly as it would without
    the memo, only sooner.
    """

    __slots__ = ("_decision", "dealt", "ranking", "state")

    def __init__(self, state: GameState, dealt: int) -> None:
        self.state = state
        """The state at the node, its chances dealt."""
        self.dealt = dealt
        """The cards of the determinization's order looked at by then (:attr:`_Deal.dealt`)."""
        self._decision: tuple[int, Sequence[Command]] | None = _UNKNOWN
        self.ranking: Ranking | None = None
        """The heuristic's scores of the decision, once the tree has asked for them."""

    def decision(self, seat: int) -> tuple[int, Sequence[Command]] | None:
        """:func:`_decision` of the state, worked out once."""
        if self._decision is _UNKNOWN:
            self._decision = _decision(self.state, seat)
        return self._decision


def _back_up(root: _Node, path: list[_Node], rewards: list[float]) -> None:
    """Count a visit of the root and of each node of ``path``, with its seat's reward."""
    root.visits += 1
    for child in path:
        child.visits += 1
        child.total += rewards[child.seat]


def _untried(children: dict[Command, _Node], legal: Sequence[Command]) -> list[Command]:
    """The commands of ``legal`` without a child yet; each child of the others was available."""
    untried = []
    for each in legal:
        child = children.get(each)
        if child is None:
            untried.append(each)
        else:
            child.available += 1
    return untried


def _decision(state: GameState, seat: int) -> tuple[int, Sequence[Command]] | None:
    """Who decides now and what they may do: the seat searching first among tied players."""
    waiting = awaiting(state, check_actions=False)
    if waiting is _ACTION:
        actor = state.turn.player
        legal = legal_commands(state)
    elif waiting is _REINFORCEMENT:
        seats = to_act(state).seats
        actor = seat if seat in seats else seats[0]
        legal = legal_commands(state, actor)
    else:
        return None
    return (actor, legal) if legal else None


def _most_visited(root: _Node, legal: Sequence[Command]) -> tuple[Command, tuple[int, float]]:
    """The command of ``legal`` visited most (the better score breaks ties), with both figures."""
    best = legal[0]
    best_key = (-1, 0.0)
    for command in legal:
        child = root.children.get(command)
        if child is not None and child.visits:
            key = (child.visits, child.total / child.visits)
            if key > best_key:
                best, best_key = command, key
    return best, best_key


def _choice(root: _Node, legal: Sequence[Command], margin: float) -> Command:
    """The command of ``legal`` visited most, unless it scores within ``margin`` of the first.

    The first command tried at the root is the heuristic's choice (guided) or a random one.
    The search overrules it only when the command it visited most scores more than
    ``margin`` above it on average: small differences are mostly the noise of the drawn
    states and the bias of the evaluation.
    """
    best, best_key = _most_visited(root, legal)
    first = next(iter(root.children), None)
    if first is None or first not in legal:
        return best
    kept = root.children[first]
    if not kept.visits or best_key[1] - kept.total / kept.visits <= margin:
        return first  # unvisited: the clock ended the only iteration that tried it
    return best


def _select(
    children: dict[Command, _Node], legal: Sequence[Command], exploration: float
) -> tuple[Command, _Node]:
    """UCB1 with availability counts, among the children legal in this determinization."""
    best_command = legal[0]
    best = children[best_command]
    best_value = -math.inf
    log = math.log
    sqrt = math.sqrt
    for command in legal:
        child = children[command]
        visits = child.visits
        if visits == 0:  # expanded by an iteration still on its way back: try it
            return command, child
        value = child.total / visits + exploration * sqrt(log(child.available) / visits)
        if value > best_value:
            best_command, best, best_value = command, child, value
    return best_command, best
