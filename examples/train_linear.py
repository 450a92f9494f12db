"""Train a linear policy to beat the random bot at two players: ``python examples/train_linear.py``.

The learner plays the Gymnasium environment ``chicago_poker/ChicagoPoker-v0`` against the
library's random bot, and knows only what the environment gives it: the observation tensor,
the action mask, and the reward at the end of each game (1 won, -1 lost). It never calls a
bot or the rules to choose.

- **Features.** Each legal action gets the numbers of ``FEATURES``, which
  :mod:`chicago_poker.ai.linear_policy` reads from the tensor by its documented layout and
  from the action id by the ranges of the action table: the kind of action, and for a
  gangster card the column it joins (pairs, one colour, a run, the hand it makes) and the
  rival's column there (its visible cards, how many are hidden, its marker).
- **Policy.** A softmax over the legal actions of their features' dot product with one weight
  vector. All weights 0, as it starts, is the uniform random policy.
- **Learning.** REINFORCE with a running mean of the rewards as baseline: after each game,
  each choice made is made more likely if the game went better than the baseline, less likely
  if worse. Adam takes the step, one after each game, its size falling to 0 at the last.
- **Measure.** Before training and every ``--every`` games, the policy plays the same
  ``--evaluation`` held-out games (deals that training never sees, seats alternated); each
  win rate is printed with its 95 % Wilson interval, and ``--svg`` draws the curve.

The same ``--seed`` gives the same weights, figures and picture: the documentation's is
``--svg docs/img/ai/learning-curve.svg`` with the defaults. ``--games 3000`` trains longer.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final, NamedTuple

import gymnasium
import numpy as np
import numpy.typing as npt

from chicago_poker.ai.gymnasium_env import ENV_ID
from chicago_poker.ai.linear_policy import FEATURES, Adam, features, read

SEED: Final = 1
GAMES: Final = 800
"""Training games of the documented run."""
EVERY: Final = 100
"""Training games between two evaluations."""
EVALUATION: Final = 100
"""Held-out games of each evaluation."""
LEARNING_RATE: Final = 0.1
"""Adam's step size at the start; it falls in a straight line to 0 at the last game."""
HELD_OUT: Final = 10**9
"""The seed of the first evaluation game; training deals seeds below it."""

Vector = npt.NDArray[np.float64]
Env = gymnasium.Env[Any, Any]


# ---------------------------------------------------------------------- policy, learning

Choice = tuple[Vector, Vector, int]
"""A choice the learner made: the features of the legal actions, their probabilities, and
the row of the one it chose."""


# --8<-- [start:learning]
def probabilities(weights: Vector, rows: Vector) -> Vector:
    """The softmax policy: each action's probability, from its features."""
    scores: Vector = rows @ weights
    exp = np.exp(scores - scores.max())
    chances: Vector = exp / exp.sum()
    return chances


def choose(
    weights: Vector,
    observation: dict[str, Any],
    generator: np.random.Generator,
    choices: list[Choice] | None,
) -> int:
    """An action drawn from the policy; the choice kept in ``choices``."""
    ids = np.flatnonzero(observation["action_mask"]).tolist()
    if len(ids) == 1:
        return int(ids[0])
    rows = features(read(observation["observation"]), ids)
    chances = probabilities(weights, rows)
    row = int(np.searchsorted(chances.cumsum(), generator.random(), "right"))
    row = min(row, len(ids) - 1)  # should the sum round below 1
    if choices is not None:
        choices.append((rows, chances, row))
    return int(ids[row])


def play(
    env: Env,
    weights: Vector,
    seed: int,
    generator: np.random.Generator,
    choices: list[Choice] | None = None,
) -> float:
    """One game, dealt by ``env.reset(seed=seed)``: the learner's reward."""
    observation, _ = env.reset(seed=seed)
    while True:
        action = choose(weights, observation, generator, choices)
        observation, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return float(reward)


def gradient(choices: Sequence[Choice]) -> Vector:
    """The gradient of the log-probability of ``choices``, by the weights."""
    total = np.zeros(len(FEATURES))
    for rows, chances, row in choices:
        total += rows[row] - chances @ rows
    return total


def train(
    seed: int = SEED,
    games: int = GAMES,
    every: int = EVERY,
    evaluation: int = EVALUATION,
    rate: float = LEARNING_RATE,
) -> tuple[Vector, list[Point]]:
    """Train for ``games`` games: the weights, and the evaluations."""
    envs = environments()
    weights = np.zeros(len(FEATURES))  # all 0: the uniform random policy
    adam = Adam(len(FEATURES), rate)
    generator = np.random.default_rng(seed)
    deals = generator.integers(HELD_OUT, size=games)
    points = [evaluate(envs, weights, 0, evaluation)]
    print(points[-1], flush=True)
    baseline = 0.0
    for game in range(1, games + 1):
        choices: list[Choice] = []
        env = envs[game % 2]  # the learner's seat alternates
        reward = play(env, weights, int(deals[game - 1]), generator, choices)
        adam.rate = rate * (games - game + 1) / games  # 0 after the last game
        adam.step(weights, (reward - baseline) * gradient(choices))
        baseline += 0.05 * (reward - baseline)
        if game % every == 0:
            points.append(evaluate(envs, weights, game, evaluation))
            print(points[-1], flush=True)
    return weights, points


# --8<-- [end:learning]


def environments() -> tuple[Env, Env]:
    """The learner at seat 0, and at seat 1, of a 2-player game against the random bot."""
    first, second = (
        gymnasium.make(ENV_ID, players=2, opponents="random", seat=seat) for seat in (0, 1)
    )
    return first, second


# ------------------------------------------------------------------------------ measuring


class Point(NamedTuple):
    """One evaluation: after how many training games, and how many held-out games won."""

    trained: int
    won: int
    games: int

    @property
    def rate(self) -> float:
        """The win rate."""
        return self.won / self.games

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson score interval of the win rate."""
        z2, n = 1.959964**2, self.games
        centre = (self.rate + z2 / (2 * n)) / (1 + z2 / n)
        half = math.sqrt(z2 * self.rate * (1 - self.rate) / n + z2 * z2 / (4 * n * n))
        return centre - half / (1 + z2 / n), centre + half / (1 + z2 / n)

    def __str__(self) -> str:
        low, high = self.interval
        return (
            f"after {self.trained:4} games: won {self.won:3} of {self.games} held-out games,"
            f" {self.rate:.2f} (95 %: {low:.2f} to {high:.2f})"
        )


def evaluate(envs: Sequence[Env], weights: Vector, trained: int, games: int) -> Point:
    """The held-out games the policy wins: the same deals and draws at every evaluation."""
    generator = np.random.default_rng(HELD_OUT)
    won = sum(
        play(envs[game % 2], weights, HELD_OUT + game, generator) > 0 for game in range(games)
    )
    return Point(trained, won, games)


# ------------------------------------------------------------------------------ picture

_FELT, _INK, _MUTED, _GRID, _GOLD = "#1e5631", "#f5f1e6", "#b5d3bf", "#3d7a55", "#ffd54f"
"""The colours of the documentation's pictures (``chicago_poker.display.svg``)."""
_WIDTH, _HEIGHT = 640, 380
_LEFT, _RIGHT, _TOP, _BOTTOM = 64, 28, 64, 60
"""The margins round the plot."""


def _n(number: float) -> str:
    """A coordinate as SVG text: whole numbers without a decimal point."""
    return str(round(number)) if abs(number - round(number)) < 0.05 else f"{number:.1f}"


def _text(x: float, y: float, content: str, **attributes: str) -> ET.Element:
    element = ET.Element("text", {"x": _n(x), "y": _n(y), "font-size": "12", "fill": _INK})
    element.attrib.update({name.replace("_", "-"): value for name, value in attributes.items()})
    element.text = content
    return element


def curve_svg(points: Sequence[Point], seed: int) -> str:
    """The learning curve: each evaluation's win rate with its 95 % interval, against 0.5."""
    plot = Plot(max(point.trained for point in points))
    title = "A linear policy learns to beat the random bot (2 players)"
    plot.root.append(_text(16, 26, title, font_size="15", font_weight="bold"))
    note = (
        f"seed {seed}; each point: {points[0].games} held-out games, seats alternated;"
        " band: 95 % interval"
    )
    plot.root.append(_text(16, 46, note, fill=_MUTED))
    plot.grid()
    plot.axes(points)
    plot.curve(points)
    return ET.tostring(plot.root, encoding="unicode") + "\n"


class Plot:
    """The picture being drawn, and where a win rate after some training games goes in it."""

    def __init__(self, last: int) -> None:
        """An empty plot of 0 to ``last`` training games, and of win rates 0 to 1."""
        self.last = last or 1
        self.root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg"})
        self.root.attrib.update(viewBox=f"0 0 {_WIDTH} {_HEIGHT}", style="font-family:sans-serif")
        self.root.attrib.update(width=str(_WIDTH), height=str(_HEIGHT))
        ET.SubElement(self.root, "title").text = "learning curve"
        size = {"width": str(_WIDTH), "height": str(_HEIGHT)}
        ET.SubElement(self.root, "rect", {**size, "fill": _FELT})

    def x(self, trained: float) -> float:
        """Where ``trained`` games go across."""
        return _LEFT + (_WIDTH - _LEFT - _RIGHT) * trained / self.last

    def y(self, rate: float) -> float:
        """Where a win rate of ``rate`` goes down."""
        return _TOP + (_HEIGHT - _TOP - _BOTTOM) * (1 - rate)

    def grid(self) -> None:
        """The lines of the win rates 0 to 1 by quarters, 0.5 dashed and called even."""
        for rate in (0.0, 0.25, 0.5, 0.75, 1.0):
            line = {"x1": _n(self.x(0)), "x2": _n(self.x(self.last)), "y1": _n(self.y(rate))}
            line["y2"] = line["y1"]
            line["stroke"] = _MUTED if rate == 0.5 else _GRID
            if rate == 0.5:
                line["stroke-dasharray"] = "6 4"
            ET.SubElement(self.root, "line", line)
            left, down = self.x(0) - 8, self.y(rate) + 4
            self.root.append(_text(left, down, f"{rate:g}", fill=_MUTED, text_anchor="end"))
        even = _text(self.x(self.last), self.y(0.5) - 6, "even", fill=_MUTED, text_anchor="end")
        self.root.append(even)

    def axes(self, points: Sequence[Point]) -> None:
        """The games of each evaluation under the plot, and the names of the axes."""
        for point in points:
            across, down = self.x(point.trained), self.y(0) + 18
            label = _text(across, down, str(point.trained), fill=_MUTED, text_anchor="middle")
            self.root.append(label)
        middle = (self.x(0) + self.x(self.last)) / 2
        self.root.append(_text(middle, _HEIGHT - 14, "training games", text_anchor="middle"))
        centre = self.y(0.5)
        turned = _text(20, centre, "held-out games won", text_anchor="middle")
        turned.set("transform", f"rotate(-90 20 {_n(centre)})")
        self.root.append(turned)

    def curve(self, points: Sequence[Point]) -> None:
        """The band of the intervals, the line of the win rates, and each rate written."""
        where = [(_n(self.x(point.trained)), point) for point in points]
        upper = [f"{x},{_n(self.y(point.interval[1]))}" for x, point in where]
        lower = [f"{x},{_n(self.y(point.interval[0]))}" for x, point in where]
        band = {"points": " ".join(upper + lower[::-1]), "fill": _GOLD, "fill-opacity": "0.2"}
        ET.SubElement(self.root, "polygon", band)
        line = " ".join(f"{x},{_n(self.y(point.rate))}" for x, point in where)
        stroke = {"fill": "none", "stroke": _GOLD, "stroke-width": "2.5"}
        ET.SubElement(self.root, "polyline", {"points": line, **stroke})
        for x, point in where:
            dot = {"cx": x, "cy": _n(self.y(point.rate)), "r": "4", "fill": _GOLD}
            ET.SubElement(self.root, "circle", {**dot, "stroke": _FELT})
            above = self.y(point.interval[1]) - 6
            written = f"{point.rate:.2f}"
            self.root.append(_text(self.x(point.trained), above, written, text_anchor="middle"))


def main(argv: Sequence[str] | None = None) -> int:
    """Train, print each evaluation and the weights learnt, and draw the curve."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--games", type=int, default=GAMES, help="training games")
    parser.add_argument("--every", type=int, default=EVERY, help="games between evaluations")
    parser.add_argument("--evaluation", type=int, default=EVALUATION, help="held-out games")
    parser.add_argument("--rate", type=float, default=LEARNING_RATE, help="Adam's step size")
    parser.add_argument("--svg", type=Path, default=Path("learning-curve.svg"))
    args = parser.parse_args(argv)
    start = time.perf_counter()
    weights, points = train(args.seed, args.games, args.every, args.evaluation, args.rate)
    print(f"{time.perf_counter() - start:.1f} s; the weights learnt, largest first:")
    for weight, name in sorted(zip(weights, FEATURES, strict=True), key=lambda x: -abs(x[0])):
        print(f"{weight:+6.2f}  {name}")
    args.svg.write_text(curve_svg(points, args.seed), encoding="utf-8")
    print(f"wrote {args.svg}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
