"""The totals of a match, game by game, and the report made of them, as text or JSON.

Each bot's games, wins, points and score (points a game, faults scored by
:mod:`~chicago_poker.match.scoring`), with a 95% interval computed over deals: a bot's
rotations of one deal at one table are one observation (see
:mod:`~chicago_poker.match.stats`). With more than one table, a cross table gives each bot's
score in the games it played with each other bot. Bots are shown by number and a short label,
with a legend of their full names and the names programs give themselves in ``hello``.
"""

from __future__ import annotations

import importlib
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from chicago_poker.match.games import MatchGame
from chicago_poker.match.stats import Sprt, deal_interval, variance
from chicago_poker.match.text import report_text

__all__ = ["MatchReport"]


class MatchReport:
    """The totals of a match, for a reader or as JSON."""

    def __init__(
        self,
        bots: Sequence[str],
        sprt: Sprt | None = None,
        *,
        tables: Sequence[Sequence[int]] | None = None,
        asked: int | None = None,
    ) -> None:
        """Start empty totals of ``bots`` at ``tables`` (one table of them all by default).

        ``asked`` is the number of games a table asked for, before rounding to whole deals.
        """
        self.bots = tuple(bots)
        self.sprt = sprt
        self.tables = tuple(tuple(table) for table in tables or [range(len(bots))])
        self.asked = asked
        self.games = 0
        self.deals = 0
        self.played: Counter[int] = Counter()
        self.wins: Counter[int] = Counter()
        self.points: defaultdict[int, float] = defaultdict(float)
        self.faults: Counter[int] = Counter()
        self.reasons: Counter[str] = Counter()
        self.hello: dict[int, str] = {}
        self.game_scores: defaultdict[int, list[float]] = defaultdict(list)
        self.deal_scores: defaultdict[int, list[float]] = defaultdict(list)
        self.cross: defaultdict[tuple[int, int], list[float]] = defaultdict(lambda: [0.0, 0])
        self.verdict: str | None = None
        self.llr = 0.0
        self._unit: defaultdict[int, float] = defaultdict(float)
        self._tested = False
        self._ratings = _Ratings(len(bots))

    def add(self, game: MatchGame) -> None:
        """Count one game (games come in order, a unit's rotations together)."""
        self.games += 1
        self.deals = max(self.deals, game.deal + 1)
        self.reasons[game.reason] += 1
        if game.faulty is not None:
            self.faults[game.faulty] += 1
        for seat, bot in enumerate(game.seats):
            self._add_seat(game, seat, bot)
        self._ratings.rate(game.seats, game.ranks)
        self._tested = False
        if game.last_of_unit:
            self._end_unit(game)

    def _add_seat(self, game: MatchGame, seat: int, bot: int) -> None:
        scored = game.points[seat]
        self.played[bot] += 1
        self.points[bot] += scored
        self.wins[bot] += scored == 1.0
        self.game_scores[bot].append(scored)
        self._unit[bot] += scored
        if game.hello and game.hello[seat] is not None:
            self.hello.setdefault(bot, str(game.hello[seat]))
        for other in game.seats:
            if other != bot:
                cell = self.cross[bot, other]
                cell[0] += scored
                cell[1] += 1

    def _end_unit(self, game: MatchGame) -> None:
        """A deal's rotations at a table are in: one deal score for each of its bots."""
        for bot in game.seats:
            self.deal_scores[bot].append(self._unit.pop(bot) / len(game.seats))
        if self.sprt is not None and 0 in game.seats:
            self.llr = self.sprt.llr(self.deal_scores[0])
            self._tested = True

    def deal_done(self) -> bool:
        """Whether the test has an answer after the game just added: time to stop."""
        if self.sprt is None or not self._tested:
            return False
        self.verdict = self.sprt.verdict(self.llr)
        return self.verdict is not None

    def as_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready data."""
        ratings = self._ratings.values()
        data: dict[str, Any] = {
            "games": self.games,
            "asked": self.asked,
            "deals": self.deals,
            "tables": [[bot + 1 for bot in table] for table in self.tables],
            "statistics": "over deals: each deal's rotations at a table are one observation",
            "bots": [self._bot_dict(number, ratings) for number in range(len(self.bots))],
            "terminations": {reason: self.reasons[reason] for reason in sorted(self.reasons)},
            "ratings": "openskill PlackettLuce" if ratings is not None else None,
        }
        if len(self.tables) > 1:
            data["cross"] = self._cross_rows()
        if self.sprt is not None:
            data["sprt"] = self._sprt_dict(self.sprt)
        return data

    def _bot_dict(self, number: int, ratings: list[dict[str, float]] | None) -> dict[str, Any]:
        """One bot's figures: games, wins, points, score with its interval, faults, rating."""
        games = self.played[number]
        deals = self.deal_scores[number]
        size = games // max(len(deals), 1)  # the games of a deal
        low, high = deal_interval(deals, size)
        entry: dict[str, Any] = {
            "bot": number + 1,
            "name": self.bots[number],
            "hello": self.hello.get(number),
            "games": games,
            "wins": self.wins[number],
            "points": _round(self.points[number]),
            "score": _round(self.points[number] / max(games, 1)),
            "interval95": [_round(low), _round(high)],
            "deals": len(deals),
            "variance_per_game": {
                "games": _round(variance(self.game_scores[number])),
                "deals": _round(variance(deals) * size),
            },
            "faults": self.faults[number],
        }
        if ratings is not None:
            entry["rating"] = ratings[number]
        return entry

    def _cross_rows(self) -> list[list[float | None]]:
        """Row bot's score in the games it played with column bot (None: none, or itself)."""
        count = len(self.bots)
        rows: list[list[float | None]] = []
        for row in range(count):
            cells = [self.cross.get((row, column)) for column in range(count)]
            rows.append([None if not cell else _round(cell[0] / cell[1]) for cell in cells])
        return rows

    def _sprt_dict(self, sprt: Sprt) -> dict[str, Any]:
        """The test's settings, its log-likelihood ratio so far, its bounds and verdict."""
        lower, upper = sprt.bounds
        return {
            "p0": sprt.p0,
            "p1": sprt.p1,
            "alpha": sprt.alpha,
            "beta": sprt.beta,
            "deals": len(self.deal_scores[0]),
            "llr": _round(self.llr),
            "bounds": [_round(lower), _round(upper)],
            "verdict": self.verdict,
        }

    def text(self) -> str:
        """The report as lines of text."""
        return report_text(self.as_dict())


def _round(value: float) -> float:
    return round(value, 6)


class _Ratings:
    """OpenSkill's Plackett-Luce ratings, game by game; nothing if openskill is missing."""

    def __init__(self, count: int) -> None:
        try:
            models = importlib.import_module("openskill.models")
        except ImportError:
            self._model: Any = None
            return
        self._model = models.PlackettLuce()
        self._ratings = [[self._model.rating()] for _ in range(count)]

    def rate(self, seats: Sequence[int], ranks: Sequence[int]) -> None:
        """Rate the bots at ``seats`` by their ``ranks`` (1 best), one a seat."""
        if self._model is None:
            return
        rated = self._model.rate([self._ratings[bot] for bot in seats], ranks=list(ranks))
        for bot, team in zip(seats, rated, strict=True):
            self._ratings[bot] = team

    def values(self) -> list[dict[str, float]] | None:
        if self._model is None:
            return None
        return [
            {"mu": _round(team[0].mu), "sigma": _round(team[0].sigma)} for team in self._ratings
        ]
