"""The text of a match's report, laid out from its figures (:meth:`MatchReport.as_dict`).

Bots are shown by number and a label of at most :data:`LABEL` characters; the legend below
the table gives each one's full name, and the name a program gave itself in its ``hello``.
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["LABEL", "label", "report_text"]

LABEL: Final = 24
"""The most characters of a bot's name in the report's table; the legend has them all."""


def label(name: str) -> str:
    """A bot's name cut to :data:`LABEL` characters, an ellipsis marking the cut.

    >>> label("heuristic")
    'heuristic'
    >>> label("cmd:python3 -m mybots.deep --depth 3")
    'cmd:python3 -m mybots.d…'
    """
    return name if len(name) <= LABEL else name[: LABEL - 1] + "…"


def report_text(data: dict[str, Any]) -> str:
    """The report's lines of text, from the figures of :meth:`MatchReport.as_dict`."""
    lines = [*_heading(data), ""]
    lines.append(
        f"  {'bot':<{LABEL + 4}} {'games':>6} {'wins':>6} {'points':>8}  {'score':>6}  "
        "95% over deals  faults  rating"
    )
    lines += [_bot_line(entry) for entry in data["bots"]]
    lines += ["", "Bots:"]
    lines += [_legend_line(entry) for entry in data["bots"]]
    if "cross" in data:
        lines += ["", *_cross_lines(data["cross"])]
    lines += ["", "Terminations:"]
    for reason, count in data["terminations"].items():
        lines.append(f"  {reason:<20} {count:>6}")
    if "sprt" in data:
        lines += ["", *_sprt_lines(data["sprt"], data["bots"][0])]
    if data["ratings"] is None:
        lines += ["", "Ratings: install the openskill package (the match extra) for them."]
    return "\n".join(lines) + "\n"


def _heading(data: dict[str, Any]) -> list[str]:
    """What was played: games (and how the number asked was rounded), tables, deals."""
    tables = data["tables"]
    size = len(tables[0])
    shape = (
        f"one table of {size} bots"
        if len(tables) == 1
        else f"{len(tables)} tables of {size} bots, the same deals at each"
    )
    games = f"Games: {data['games']}"
    asked = data["asked"]
    if asked is not None and asked % size:
        games += f" ({asked} asked a table, rounded up to whole deals of {size} games)"
    return [
        f"{games}; {shape}, seats rotated",
        f"Deals: {data['deals']}{'' if len(tables) == 1 else ' at each table'}. Intervals and "
        f"the SPRT are over deals: a deal's {size} rotations at a table are one observation, "
        "a deal score.",
        "Faults: the faulty bot scores 0 and the others share the game's point.",
    ]


def _bot_line(entry: dict[str, Any]) -> str:
    """A bot's line of the table."""
    low, high = entry["interval95"]
    rating = entry.get("rating")
    shown = "" if rating is None else f"{rating['mu']:.2f} ± {rating['sigma']:.2f}"
    name = f"{entry['bot']:>2}  {label(entry['name'])}"
    return (
        f"  {name:<{LABEL + 4}} {entry['games']:>6} {entry['wins']:>6} {entry['points']:>8.2f}  "
        f"{entry['score']:>6.3f}  [{low:.3f}, {high:.3f}]  {entry['faults']:>6}  {shown}"
    ).rstrip()


def _legend_line(entry: dict[str, Any]) -> str:
    """A bot's full name, and its own name from ``hello`` if it gave one."""
    line = f"  {entry['bot']:>2}  {entry['name']}"
    if entry["hello"] is not None:
        line += f"  (calls itself {entry['hello']!r})"
    return line


def _cross_lines(rows: list[list[float | None]]) -> list[str]:
    """The cross table: each row bot's score in the games it played with each column bot."""
    lines = ["Cross table: the row bot's score in the games it played with the column bot", ""]
    lines.append("      " + "".join(f"{column + 1:>7}" for column in range(len(rows))))
    for number, row in enumerate(rows, 1):
        cells = "".join("      -" if cell is None else f"{cell:>7.3f}" for cell in row)
        lines.append(f"  {number:>2}  {cells}")
    return lines


def _sprt_lines(sprt: dict[str, Any], first: dict[str, Any]) -> list[str]:
    """The test's lines of the report."""
    verdict = sprt["verdict"] or "none yet (the games ran out)"
    scores = f"{sprt['deals']} deal score" + ("" if sprt["deals"] == 1 else "s")
    return [
        f"SPRT of bot 1's score ({label(first['name'])}), over {scores}: "
        f"H0 p={sprt['p0']} against H1 p={sprt['p1']} (alpha {sprt['alpha']}, "
        f"beta {sprt['beta']})",
        f"  LLR {sprt['llr']:.3f}, bounds [{sprt['bounds'][0]:.3f}, "
        f"{sprt['bounds'][1]:.3f}]: {verdict}",
    ]
