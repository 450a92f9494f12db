"""A linear softmax policy over features of the observation and the mask, and its bot.

The policy reads nothing but what the environments give a learner: the observation tensor
(by its documented layout, :data:`~chicago_poker.ai.observation.FIELDS`) and the action mask
(by the ranges of :mod:`chicago_poker.ai.actions`). Each legal action gets the numbers of
:data:`FEATURES`; its score is their dot product with one weight vector, and the policy is
the softmax of the scores (all weights 0: the uniform random policy). NumPy alone.

:class:`LinearPolicyBot` plays the weights of a JSON file (:func:`save_weights`) as a bot of
the library, so that ``chicago-poker match``, ``play`` and ``simulate`` can seat it as
``chicago_poker.ai.linear_policy:TrainedBot`` (the weights trained by
``examples/train_four.py``, shipped with the package) or as a class of your own that names
another file. ``examples/train_linear.py`` and ``examples/train_four.py`` train it.
"""

from __future__ import annotations

import bisect
import functools
import json
import math
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NamedTuple

import numpy as np
import numpy.typing as npt

from chicago_poker import GANGSTER_CARDS, Color, Command, PlayerView
from chicago_poker.ai import actions
from chicago_poker.ai.observation import FIELDS, encode

if TYPE_CHECKING:
    import gymnasium

__all__ = [
    "FEATURES",
    "Adam",
    "Choice",
    "LinearPolicyBot",
    "TrainedBot",
    "choose_row",
    "features",
    "load_weights",
    "play_episode",
    "probabilities",
    "read",
    "save_weights",
]

Vector = npt.NDArray[np.float64]

# ------------------------------------------------------------------- reading the tensor

_AT: Final = {name: start for name, start, _, _ in FIELDS}
_SLOT_WIDTH: Final = 293
"""Numbers of one business slot: present, shootout, kind (4), tile number (5), 6 columns."""
_COLUMNS_AT: Final = 11
_COLUMN_WIDTH: Final = 47
"""Numbers of one column: marker, the marker's number, then 5 positions of 9 numbers."""
_POSITION_WIDTH: Final = 9
"""Numbers of one position: a card there, face down, known, value, colour one-hot (5)."""
_GANGSTERS: Final = len(GANGSTER_CARDS)
_COLOURS: Final = tuple(Color)
_CARD: Final = tuple((card.value, _COLOURS.index(card.color)) for card in GANGSTER_CARDS)
"""Each gangster card id's value and colour index."""
_HIDDEN: Final = 0.5
"""What a hidden card of a rival's column adds to how strong the column looks."""

Gangster = tuple[int, int]
"""A gangster card as the learner reads it: its value and its colour's index."""


@functools.lru_cache(maxsize=1 << 14)
def strength(cards: tuple[Gangster, ...]) -> float:
    """A hand of up to five cards as one number, in the rules' order of hands (R-7.3).

    Its category, 0 (high card) to 10 (Chicago Poker), plus its highest value / 16.
    """
    if not cards:
        return 0.0
    values = sorted((value for value, _ in cards), reverse=True)
    counts = [*sorted(Counter(values).values(), reverse=True), 0]
    colours = len({colour for _, colour in cards})
    five = len(cards) == 5
    run = five and counts[0] == 1 and values[0] - values[-1] == 4
    categories = (
        (counts[0] == 5, 10),
        (run and colours == 1, 9),
        (run and colours == 5, 8),
        (counts[0] == 4, 7),
        (counts[0] == 3 and counts[1] == 2, 6),
        (five and colours == 1, 5),
        (run, 4),
        (counts[0] == 3, 3),
        (counts[0] == 2 and counts[1] == 2, 2),
        (counts[0] == 2, 1),
    )
    return next((number for met, number in categories if met), 0) + values[0] / 16


class Column(NamedTuple):
    """One seat's column at one business, as the tensor shows it to the learner."""

    known: tuple[Gangster, ...]
    """The cards the learner sees there, sorted (all of its own)."""
    size: int
    """How many cards lie there."""
    marker: bool

    @property
    def looks(self) -> float:
        """How strong the column looks: its known cards, and something for each hidden one."""
        return strength(self.known) + _HIDDEN * (self.size - len(self.known))


def read_column(numbers: Sequence[float]) -> Column:
    """The column of ``numbers``, its :data:`_COLUMN_WIDTH` numbers in the tensor."""
    known: list[Gangster] = []
    size = 0
    for at in range(2, _COLUMN_WIDTH, _POSITION_WIDTH):
        if numbers[at]:
            size += 1
            if numbers[at + 2]:
                colour = numbers[at + 4 : at + _POSITION_WIDTH].index(1.0)
                known.append((int(numbers[at + 3]), colour))
    return Column(tuple(sorted(known)), size, bool(numbers[0]))


class Slot:
    """One business slot as the learner reads it, and what each gangster card would do there.

    Every observation of an unchanged business has the same numbers, so :func:`read_slot`
    makes one :class:`Slot` of them, which works out each card's features once.
    """

    def __init__(self, columns: tuple[Column, ...]) -> None:
        """The slot of ``columns``, by relative seat: the learner's first."""
        self.columns = columns
        rivals = [column for column in columns[1:] if column.size]
        self.looks = max((rival.looks for rival in rivals), default=0.0)
        """How strong the strongest rival column looks."""
        self.marker = any(rival.marker for rival in rivals)
        """Whether a rival has a shootout marker here: its shootout is due."""
        self._played: dict[int, tuple[float, ...]] = {}

    def gangster(self, card: int) -> tuple[float, ...]:
        """The features of playing ``card`` (its id) here, in the order of :data:`FEATURES`."""
        kept = self._played.get(card)
        if kept is None:
            kept = self._played[card] = self._gangster(card)
        return kept

    def _gangster(self, card: int) -> tuple[float, ...]:
        value, colour = _CARD[card]
        before = self.columns[0].known
        after = tuple(sorted((*before, (value, colour))))
        power = strength(after)
        margin = max(-1.0, min(1.0, (power - self.looks) / 3))
        values = [each for each, _ in after]
        run = len(set(values)) == len(values) and values[-1] - values[0] <= 4
        fifth = len(after) == 5
        return (
            value / 15,
            sum(each == value for each, _ in before) / 2,
            len(before) / 4 if all(each == colour for _, each in before) else 0.0,
            len(before) / 4 if run else 0.0,
            (power - strength(before)) / 5,
            power / 5,
            len(after) / 5,
            float(fifth),
            margin if fifth else 0.0,
            float(self.marker),
            margin if self.marker else 0.0,
            self.looks / 5,
        )


@functools.lru_cache(maxsize=1 << 12)
def read_slot(block: bytes) -> Slot:
    """The :class:`Slot` of one business slot's numbers in the tensor (their bytes)."""
    numbers = np.frombuffer(block, np.float32).tolist()
    return Slot(
        tuple(
            read_column(numbers[at : at + _COLUMN_WIDTH])
            for at in range(_COLUMNS_AT, _SLOT_WIDTH, _COLUMN_WIDTH)
        )
    )


class Sight(NamedTuple):
    """What the learner reads of the tensor before it scores its actions."""

    hand: tuple[int, ...]
    """The gangster card ids in its hand."""
    cards: int
    """Its hand size, special cards included."""
    slots: tuple[Slot | None, ...]
    """Each business slot, or None for an empty one."""


def read(observation: npt.NDArray[np.float32]) -> Sight:
    """The :class:`Sight` of an observation tensor."""
    held = np.flatnonzero(observation[_AT["hand"] : _AT["discard"]]).tolist()
    slots: list[Slot | None] = []
    for at in range(_AT["businesses"], len(observation), _SLOT_WIDTH):
        present = observation[at] == 1
        slots.append(read_slot(observation[at : at + _SLOT_WIDTH].tobytes()) if present else None)
    return Sight(tuple(card for card in held if card < _GANGSTERS), len(held), tuple(slots))


# ----------------------------------------------------------------------------- features

_KINDS: Final = (
    ("draw", actions.DRAW),
    ("end the turn", actions.END_TURN),
    ("Revolver", actions.REVOLVER),
    ("decline to reinforce", actions.DECLINE),
    ("gangster card", actions.GANGSTER),
    ("Liquidation", actions.LIQUIDATION),
    ("Police Raid", actions.RAID),
    ("Bribery", actions.BRIBERY),
    ("reinforcement", actions.REINFORCEMENT),
    ("Limousine", actions.LIMOUSINE),
)
"""The kinds of action, each with its first id in the table."""
_FIRST_IDS: Final = tuple(first for _, first in _KINDS)
_DRAW, _GANGSTER, _LIQUIDATION, _RAID, _REINFORCEMENT, _LIMOUSINE = 0, 4, 5, 6, 8, 9

FEATURES: Final = (
    *(f"is: {kind}" for kind, _ in _KINDS),
    "any: log of the number of legal actions of its kind",
    "draw: hand size / 7",
    "draw: no gangster card in hand",
    "draw: the most strength a gangster card would add / 5",
    "gangster: its value / 15",
    "gangster: cards of its value in the column / 2",
    "gangster: the column stays one colour: its size / 4",
    "gangster: the column stays a possible run: its size / 4",
    "gangster: the strength it adds / 5",
    "gangster: the column's strength after / 5",
    "gangster: the column's size after / 5",
    "gangster: a fifth card (a shootout is due)",
    "gangster: a fifth card, times the margin",
    "gangster: a rival's marker there",
    "gangster: a rival's marker there, times the margin",
    "gangster: how strong the rival column looks / 5",
    "gangster: other cards of its value in hand / 2",
    "reinforcement: its value / 15",
    "Liquidation: the victim's column size / 5",
    "Liquidation: how strong the victim's column looks / 5",
    "Police Raid: the target's hidden cards / 5",
    "Limousine: cards moved / 4",
)
"""What each weight multiplies, in order.

A column's strength is :func:`strength` of its cards. How strong a rival column looks is the
strength of its visible cards plus 0.5 for each hidden one, the strongest rival's at a
business. The margin is the column's strength after the card, less how strong the rival
column looks, over 3, between -1 and 1."""
_COUNT: Final = len(_KINDS)
_DRAWING: Final = FEATURES.index("draw: hand size / 7")
_PLAYING: Final = FEATURES.index("gangster: its value / 15")
_PARTNERS: Final = FEATURES.index("gangster: other cards of its value in hand / 2")
_ADDS: Final = FEATURES.index("gangster: the strength it adds / 5")


def features(sight: Sight, ids: Sequence[int]) -> Vector:
    """The features of each action of ``ids``, one row each, in the order of :data:`FEATURES`."""
    kinds = [bisect.bisect_right(_FIRST_IDS, action) - 1 for action in ids]
    counts = Counter(kinds)
    rows = np.zeros((len(ids), len(FEATURES)))
    rows[range(len(ids)), kinds] = 1
    rows[:, _COUNT] = [math.log(counts[kind]) for kind in kinds]
    values = Counter(_CARD[card][0] for card in sight.hand)
    for row, action, kind in zip(rows, ids, kinds, strict=True):
        reader = _READERS.get(kind)
        if reader is not None:
            start, numbers = reader(sight, action)
            row[start : start + len(numbers)] = numbers
        if kind == _GANGSTER:
            row[_PARTNERS] = (values[_CARD[(action - actions.GANGSTER) // 4][0]] - 1) / 2
    if _DRAW in counts:
        most = max(rows[:, _ADDS])
        rows[kinds.index(_DRAW), _DRAWING : _DRAWING + 3] = sight.cards / 7, not sight.hand, most
    return rows


def _gangster(sight: Sight, action: int) -> tuple[int, tuple[float, ...]]:
    card, slot = divmod(action - actions.GANGSTER, actions.MAX_SLOTS)
    place = sight.slots[slot]
    assert place is not None, "the mask allows gangster cards at face-up businesses only"
    return _PLAYING, place.gangster(card)


def _strike(sight: Sight, action: int) -> tuple[int, tuple[float, ...]]:
    """A Liquidation's or a Police Raid's features: the column it strikes."""
    liquidation = action < actions.RAID
    first = actions.LIQUIDATION if liquidation else actions.RAID
    slot, offset = divmod(action - first, 5)
    place = sight.slots[slot]
    assert place is not None, "the mask allows special cards at face-up businesses only"
    column = place.columns[offset + 1]
    if liquidation:
        return FEATURES.index("Liquidation: the victim's column size / 5"), (
            column.size / 5,
            column.looks / 5,
        )
    return FEATURES.index("Police Raid: the target's hidden cards / 5"), (
        (column.size - len(column.known)) / 5,
    )


def _reinforcement(sight: Sight, action: int) -> tuple[int, tuple[float, ...]]:
    value = _CARD[action - actions.REINFORCEMENT][0]
    return FEATURES.index("reinforcement: its value / 15"), (value / 15,)


def _limousine(sight: Sight, action: int) -> tuple[int, tuple[float, ...]]:
    moved = actions.MOVES[(action - actions.LIMOUSINE) % len(actions.MOVES)]
    return FEATURES.index("Limousine: cards moved / 4"), (len(moved) / 4,)


_READERS: Final[dict[int, Callable[[Sight, int], tuple[int, tuple[float, ...]]]]] = {
    _GANGSTER: _gangster,
    _LIQUIDATION: _strike,
    _RAID: _strike,
    _REINFORCEMENT: _reinforcement,
    _LIMOUSINE: _limousine,
}
"""The features of each kind of action beyond its kind: where they start, and their numbers."""


# ---------------------------------------------------------------------- policy and bot


def probabilities(weights: Vector, rows: Vector) -> Vector:
    """The softmax policy: each action's probability, from its features' rows.

    >>> probabilities(np.zeros(len(FEATURES)), np.ones((4, len(FEATURES)))).tolist()
    [0.25, 0.25, 0.25, 0.25]
    """
    scores: Vector = rows @ weights
    exp = np.exp(scores - scores.max())
    chances: Vector = exp / exp.sum()
    return chances


def choose_row(
    weights: Vector, rows: Vector, generator: np.random.Generator | None = None
) -> tuple[int, Vector]:
    """The row of the policy's choice among ``rows`` (one a legal action), and each row's chance.

    Without ``generator``, the most likely row (the first of equals); with it, a row drawn
    from the policy.

    >>> choose_row(np.zeros(len(FEATURES)), np.ones((3, len(FEATURES))))[0]
    0
    """
    chances = probabilities(weights, rows)
    if generator is None:
        return int(np.argmax(chances)), chances
    return int(generator.choice(len(rows), p=chances)), chances


Choice = tuple[Vector, Vector, int]
"""A choice drawn in :func:`play_episode`: the legal actions' features, their chances, and
the row drawn."""


def play_episode(
    env: gymnasium.Env[dict[str, npt.NDArray[Any]], int],
    weights: Vector,
    seed: int,
    generator: np.random.Generator | None = None,
    choices: list[Choice] | None = None,
) -> float:
    """One episode of the policy in the Gymnasium environment ``env``: the learner's reward.

    ``env.reset(seed=seed)`` deals the game. Where the mask offers one action, it is played;
    where it offers more, :func:`choose_row` chooses among them: the most likely, or with
    ``generator`` one drawn from the policy, appended to ``choices`` (for learning).

    >>> import gymnasium
    >>> from chicago_poker.ai.gymnasium_env import ENV_ID
    >>> env = gymnasium.make(ENV_ID, players=2, opponents="random")
    >>> weights = load_weights(TrainedBot.weights_file)
    >>> play_episode(env, weights, seed=3) == play_episode(env, weights, seed=3)
    True
    >>> drawn: list[Choice] = []
    >>> _ = play_episode(env, weights, 3, np.random.default_rng(1), drawn)
    >>> len(drawn) > 0
    True
    """
    observation, _ = env.reset(seed=seed)
    while True:
        ids = np.flatnonzero(observation["action_mask"]).tolist()
        row = 0
        if len(ids) > 1:
            rows = features(read(observation["observation"]), ids)
            row, chances = choose_row(weights, rows, generator)
            if generator is not None and choices is not None:
                choices.append((rows, chances, row))
        observation, reward, terminated, truncated, _ = env.step(ids[row])
        if terminated or truncated:
            return float(reward)


class Adam:
    """Adam's steps up a gradient (Kingma and Ba, 2015), as the examples train the weights.

    >>> weights = np.zeros(2)
    >>> Adam(2, rate=0.1).step(weights, np.array([1.0, -2.0]))
    >>> weights.round(3).tolist()
    [0.1, -0.1]
    """

    def __init__(self, size: int, rate: float) -> None:
        """Steps of about ``rate`` for each of ``size`` weights."""
        self.rate = rate
        self.steps = 0
        self.mean = np.zeros(size)
        self.square = np.zeros(size)

    def step(self, weights: Vector, grad: Vector) -> None:
        """Move ``weights`` along ``grad``, in place."""
        self.steps += 1
        self.mean = 0.9 * self.mean + 0.1 * grad
        self.square = 0.999 * self.square + 0.001 * grad**2
        mean = self.mean / (1 - 0.9**self.steps)
        square = self.square / (1 - 0.999**self.steps)
        weights += self.rate * mean / (np.sqrt(square) + 1e-8)


def save_weights(path: Path, weights: Vector, **about: Any) -> None:
    """Write ``weights`` to ``path`` as JSON, each by its feature's name, with ``about``."""
    named = dict(zip(FEATURES, (round(float(w), 6) for w in weights), strict=True))
    path.write_text(json.dumps({"weights": named, **about}, indent=1) + "\n", encoding="utf-8")


def load_weights(path: Path) -> Vector:
    """The weights of a file written by :func:`save_weights`.

    Raises:
        ValueError: the file is not such JSON, or its features are not :data:`FEATURES`.
    """
    try:
        named = json.loads(path.read_text(encoding="utf-8"))["weights"]
        if list(named) != list(FEATURES):
            raise ValueError("its features are not those of this version")
        return np.array([float(named[name]) for name in FEATURES])
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ValueError(f"{path} holds no weights of the linear policy: {error}") from None


class LinearPolicyBot:
    """A bot that plays the most likely action of the linear policy of a weights file.

    It reads only its seat's view, encoded as the learner's observation, and the legal
    commands, as the mask; ``sample=True`` draws from the policy instead, with the seed.
    """

    name = "linear"
    weights_file: Path | None = None
    """The weights a subclass plays by default."""

    def __init__(
        self, seed: int | None = None, weights: Path | None = None, *, sample: bool = False
    ) -> None:
        """A bot of the weights in ``weights`` (by default :attr:`weights_file`).

        Raises:
            ValueError: no weights file is given, or it holds no weights.
        """
        path = weights or self.weights_file
        if path is None:
            raise ValueError("LinearPolicyBot needs a weights file (examples/train_four.py)")
        self.weights = load_weights(Path(path))
        self.sample = sample
        self.generator = np.random.default_rng(seed)

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """The command of the policy's choice among ``legal``, from ``view`` alone."""
        if len(legal) == 1:
            return legal[0]
        by_id: dict[int, Command] = {}
        for command in legal:
            by_id.setdefault(actions.ids_of(view, [command])[0], command)
        ids = sorted(by_id)
        rows = features(read(encode(view)), ids)
        row, _ = choose_row(self.weights, rows, self.generator if self.sample else None)
        return by_id[ids[row]]


class TrainedBot(LinearPolicyBot):
    """The linear policy trained at four players by ``examples/train_four.py``, shipped here.

    >>> from chicago_poker.players.game import Game
    >>> from chicago_poker import view
    >>> game = Game.new(["Al", "Bugs", "Capone", "Dion"], seed=3)
    >>> seat = game.state.turn.player
    >>> legal = game.legal_commands(seat)
    >>> TrainedBot(1).choose(view(game.state, seat), legal) in legal
    True
    """

    name = "trained"
    weights_file = Path(__file__).with_name("linear_policy_4p.json")
