"""Draw the search bot's win rate against its budget, from the runs in ``strength.json``.

    python research/plot_strength.py [--svg docs/img/search/strength.svg]

``research/strength.json`` lists runs of ``chicago-poker match`` and of
``bench_strength.py``: the bot, its iterations a move, the number of players, the games and
the games won, and the command that gives them. The runs marked ``"line": true`` are drawn,
one line per number of players: the win rate at each budget, a band of its 95% Wilson
interval, and a dashed line at the rate of a bot no better than the heuristic bots it meets
(one game in as many as there are players). The runs marked ``"point": true`` are drawn
apart, each a ring at its rate with its interval as a whisker: runs of another kind of bot
than the lines'. The budget runs along a log scale.
``tests/test_strength_plot.py`` checks that the picture in the docs is what this script
draws from the file.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path
from typing import Final, NamedTuple

from chicago_poker.match.stats import wilson

HERE: Final = Path(__file__).resolve().parent
RUNS: Final = HERE / "strength.json"
PICTURE: Final = HERE.parent / "docs" / "img" / "search" / "strength.svg"

_FELT, _INK, _MUTED, _GRID = "#1e5631", "#f5f1e6", "#b5d3bf", "#3d7a55"
"""The colours of the documentation's pictures (``chicago_poker.display.svg``)."""
_LINES: Final = {2: "#ffd54f", 4: "#90caf9"}
"""The colour of each number of players' line."""
_WIDTH, _HEIGHT = 640, 400
_LEFT, _RIGHT, _TOP, _BOTTOM = 64, 110, 64, 60


class Run(NamedTuple):
    """One run of the search bot against heuristic bots."""

    iterations: int
    players: int
    games: int
    won: int
    line: bool = True
    """Part of its number of players' line; else a ring alone (``"point": true``)."""

    @property
    def rate(self) -> float:
        return self.won / self.games

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.won, self.games)


def read_runs(path: Path = RUNS) -> list[Run]:
    """The runs of ``path`` that are drawn: those marked ``line`` or ``point``."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return [
        Run(run["iterations"], run["players"], run["games"], run["won"], bool(run.get("line")))
        for run in data["runs"]
        if run.get("line") or run.get("point")
    ]


def _n(number: float) -> str:
    return str(round(number)) if abs(number - round(number)) < 0.05 else f"{number:.1f}"


def _text(x: float, y: float, content: str, **attributes: str) -> ET.Element:
    element = ET.Element("text", {"x": _n(x), "y": _n(y), "font-size": "12", "fill": _INK})
    element.attrib.update({name.replace("_", "-"): value for name, value in attributes.items()})
    element.text = content
    return element


class Plot:
    """The picture: budgets across on a log scale, win rates 0 to 1 down."""

    def __init__(self, budgets: Sequence[int]) -> None:
        self.low = math.log(min(budgets) / 1.5)
        self.high = math.log(max(budgets) * 1.5)
        self.root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg"})
        self.root.attrib.update(viewBox=f"0 0 {_WIDTH} {_HEIGHT}", style="font-family:sans-serif")
        self.root.attrib.update(width=str(_WIDTH), height=str(_HEIGHT))
        ET.SubElement(self.root, "title").text = "search bot: win rate against budget"
        size = {"width": str(_WIDTH), "height": str(_HEIGHT)}
        ET.SubElement(self.root, "rect", {**size, "fill": _FELT})

    def x(self, iterations: float) -> float:
        share = (math.log(iterations) - self.low) / (self.high - self.low)
        return _LEFT + (_WIDTH - _LEFT - _RIGHT) * share

    def y(self, rate: float) -> float:
        return _TOP + (_HEIGHT - _TOP - _BOTTOM) * (1 - rate)

    def grid(self, budgets: Sequence[int]) -> None:
        """Lines at win rates 0 to 1 by quarters, and each budget written under the plot."""
        left, right = _n(_LEFT), _n(_WIDTH - _RIGHT)
        for rate in (0.0, 0.25, 0.5, 0.75, 1.0):
            down = _n(self.y(rate))
            line = {"x1": left, "x2": right, "y1": down, "y2": down, "stroke": _GRID}
            ET.SubElement(self.root, "line", line)
            label = _text(_LEFT - 8, self.y(rate) + 4, f"{rate:g}", fill=_MUTED)
            label.set("text-anchor", "end")
            self.root.append(label)
        for budget in budgets:
            label = _text(self.x(budget), self.y(0) + 18, f"{budget:,}", fill=_MUTED)
            label.set("text-anchor", "middle")
            self.root.append(label)
        middle = (_LEFT + _WIDTH - _RIGHT) / 2
        self.root.append(_text(middle, _HEIGHT - 14, "iterations a move", text_anchor="middle"))
        centre = self.y(0.5)
        turned = _text(20, centre, "games won", text_anchor="middle")
        turned.set("transform", f"rotate(-90 20 {_n(centre)})")
        self.root.append(turned)

    def line(self, players: int, runs: Sequence[Run], below: bool) -> None:
        """The runs of one number of players: band, line, dots, rates, and the even rate.

        Each rate is written above its band, or below it if ``below``.
        """
        colour = _LINES.get(players, _INK)
        even = _n(self.y(1 / players))
        level = {"x1": _n(_LEFT), "x2": _n(_WIDTH - _RIGHT), "y1": even, "y2": even}
        ET.SubElement(self.root, "line", {**level, "stroke": colour, "stroke-dasharray": "6 4"})
        where = [(_n(self.x(run.iterations)), run) for run in runs]
        upper = [f"{x},{_n(self.y(run.interval[1]))}" for x, run in where]
        lower = [f"{x},{_n(self.y(run.interval[0]))}" for x, run in where]
        band = {"points": " ".join(upper + lower[::-1]), "fill": colour, "fill-opacity": "0.2"}
        ET.SubElement(self.root, "polygon", band)
        points = " ".join(f"{x},{_n(self.y(run.rate))}" for x, run in where)
        stroke = {"fill": "none", "stroke": colour, "stroke-width": "2.5"}
        ET.SubElement(self.root, "polyline", {"points": points, **stroke})
        for x, run in where:
            dot = {"cx": x, "cy": _n(self.y(run.rate)), "r": "4", "fill": colour}
            ET.SubElement(self.root, "circle", {**dot, "stroke": _FELT})
            down = self.y(run.interval[0]) + 16 if below else self.y(run.interval[1]) - 6
            written = f"{run.rate:.2f}"
            self.root.append(_text(self.x(run.iterations), down, written, text_anchor="middle"))
        last = runs[-1]
        name = f"{players} players"
        self.root.append(_text(_WIDTH - _RIGHT + 10, self.y(last.rate) + 4, name, fill=colour))
        even_label = _text(_WIDTH - _RIGHT + 10, self.y(1 / players) + 4, "even", fill=colour)
        self.root.append(even_label)

    def ring(self, run: Run) -> None:
        """A run apart from the lines: a ring with its interval and its rate beside it."""
        colour = _LINES.get(run.players, _INK)
        x = _n(self.x(run.iterations))
        low, high = (_n(self.y(bound)) for bound in run.interval)
        whisker = {"x1": x, "x2": x, "y1": low, "y2": high, "stroke": colour}
        ET.SubElement(self.root, "line", {**whisker, "stroke-width": "1.5"})
        ring = {"cx": x, "cy": _n(self.y(run.rate)), "r": "6", "fill": _FELT}
        ET.SubElement(self.root, "circle", {**ring, "stroke": colour, "stroke-width": "2.5"})
        beside = _text(self.x(run.iterations) + 10, self.y(run.rate) + 4, f"{run.rate:.2f}")
        self.root.append(beside)


def draw(runs: Sequence[Run]) -> str:
    """The picture of ``runs`` as SVG text."""
    budgets = sorted({run.iterations for run in runs})
    plot = Plot(budgets)
    title = "The search bot against heuristic bots, by its budget"
    plot.root.append(_text(16, 26, title, font_size="15", font_weight="bold"))
    note = "the same deals at each budget, seats rotated; band: 95 % interval"
    if any(not run.line for run in runs):
        note = "lines: the same deals at each budget; rings: runs of another kind"
    plot.root.append(_text(16, 46, note, fill=_MUTED))
    plot.grid(budgets)
    lines = [run for run in runs if run.line]
    counts = sorted({run.players for run in lines})
    for players in counts:
        line = sorted((run for run in lines if run.players == players), key=lambda r: r.iterations)
        plot.line(players, line, below=players != counts[0])
    for run in runs:
        if not run.line:
            plot.ring(run)
    return ET.tostring(plot.root, encoding="unicode") + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--svg", type=Path, default=PICTURE)
    args = parser.parse_args(argv)
    args.svg.parent.mkdir(parents=True, exist_ok=True)
    args.svg.write_text(draw(read_runs()), encoding="utf-8")
    print(f"wrote {args.svg}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
