"""chicago-poker match, issue 49: faults scored, statistics over deals, a results file that
checks the report, round robins and gauntlets that any number of workers play alike, and a
report whose every bot can be told apart."""

from __future__ import annotations

import contextlib
import json
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import chicago_poker
from chicago_poker.cli import main
from chicago_poker.formats.match_results import results_schema
from chicago_poker.match.games import MatchGame, tables
from chicago_poker.match.report import MatchReport
from chicago_poker.match.runner import match
from chicago_poker.match.scoring import points, ranks
from chicago_poker.match.stats import Sprt, deal_interval, wilson

SRC = str(Path(chicago_poker.__file__).parent.parent)
CRASHER = f"cmd:{sys.executable} -m chicago_poker.protocol.faulty --rate 1 --only crash"


@pytest.fixture(autouse=True)
def _programs_import_this_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", SRC)


# ------------------------------------------------------------------------- faults scored


@given(st.integers(2, 6), st.data())
def test_a_game_is_worth_one_point_and_a_fault_never_pays(seats: int, data: Any) -> None:
    """Points sum to 1; a faulty seat gets 0; every other seat more than an even share."""
    faulty = data.draw(st.none() | st.integers(0, seats - 1))
    winner = None if faulty is not None else data.draw(st.none() | st.integers(0, seats - 1))
    scored = points(seats, winner, faulty)
    assert sum(scored) == pytest.approx(1.0)
    if faulty is not None:
        assert scored[faulty] == 0.0
        assert all(scored[seat] > 1 / seats for seat in range(seats) if seat != faulty)
        assert ranks(seats, winner, faulty)[faulty] == max(ranks(seats, winner, faulty))


def test_heads_up_the_opponent_of_a_bot_that_crashes_every_game_wins_them_all(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["match", "heuristic", CRASHER, "--games", "200", "--sprt", "0.5", "0.6"]
    assert main([*args, "--format", "json", "--startup-time", "30"]) == 0
    report = json.loads(capsys.readouterr().out)
    heuristic, crasher = report["bots"]
    assert report["sprt"]["verdict"] == "H1"
    assert heuristic["wins"] == heuristic["games"] == report["games"] < 200
    assert (crasher["wins"], crasher["points"], crasher["faults"]) == (0, 0.0, report["games"])
    assert heuristic["interval95"][0] > 0.5
    assert heuristic["rating"]["mu"] > crasher["rating"]["mu"]


def test_at_a_table_of_three_the_others_share_a_faulty_bots_game() -> None:
    report = MatchReport(["a", "b", "c"])
    report.add(_game(0, seats=(0, 1, 2), faulty=2))
    report.add(_game(1, seats=(1, 2, 0), faulty=2, rotation=1))
    report.add(_game(2, seats=(2, 0, 1), winner=2, rotation=2))
    bots = report.as_dict()["bots"]
    assert [bot["points"] for bot in bots] == [1.0, 1.0, 1.0]
    assert [bot["wins"] for bot in bots] == [0, 0, 1]
    assert [bot["faults"] for bot in bots] == [0, 0, 2]


def _game(
    index: int,
    seats: tuple[int, ...],
    *,
    winner: int | None = None,
    faulty: int | None = None,
    rotation: int = 0,
    deal: int = 0,
) -> MatchGame:
    """A game of bots ``seats``; ``winner`` and ``faulty`` are bots, not seats."""
    win_seat = None if winner is None else seats.index(winner)
    fault_seat = None if faulty is None else seats.index(faulty)
    count = len(seats)
    return MatchGame(
        index,
        deal,
        seats,
        winner,
        "finished" if faulty is None else "crashed",
        faulty,
        "",
        ranks(count, win_seat, fault_seat),
        10,
        points(count, win_seat, fault_seat),
        rotation=rotation,
    )


# ----------------------------------------------------------------- statistics over deals


def test_the_interval_is_over_deals_and_narrower_when_rotations_cancel_luck() -> None:
    """Each deal is won by the same seat both times: bot 0 always scores 0.5 a deal."""
    test = Sprt(0.5, 0.6)
    report = MatchReport(["a", "b"], test)
    for deal in range(20):
        first = deal % 2  # the seat that wins both rotations of the deal
        for rotation in range(2):
            seats = (0, 1) if rotation == 0 else (1, 0)
            index = 2 * deal + rotation
            report.add(_game(index, seats, winner=seats[first], rotation=rotation, deal=deal))
    for deal in range(20, 30):  # and ten deals bot 0 wins outright
        report.add(_game(2 * deal, (0, 1), winner=0, deal=deal))
        report.add(_game(2 * deal + 1, (1, 0), winner=0, rotation=1, deal=deal))
    bot = report.as_dict()["bots"][0]
    scores = [0.5] * 20 + [1.0] * 10
    assert bot["interval95"] == [round(bound, 6) for bound in deal_interval(scores, 2)]
    games_alone = wilson(40, 60)
    assert bot["interval95"][1] - bot["interval95"][0] < games_alone[1] - games_alone[0]
    assert bot["variance_per_game"]["deals"] < bot["variance_per_game"]["games"]
    llr = report.as_dict()["sprt"]["llr"]
    assert llr == round(test.llr(scores), 6)
    assert llr != round(test.llr([1.0, 0.0] * 20 + [1.0, 1.0] * 10), 6)  # games as units


@pytest.mark.parametrize(
    ("losses", "splits", "wins", "fastchess"),
    [(30, 40, 30, -3.3732), (20, 40, 40, 3.3980), (0, 0, 17, 3.0998), (10, 60, 30, 5.2324)],
)
def test_heads_up_the_sprt_agrees_with_fastchess_pentanomial_llr(
    losses: int, splits: int, wins: int, fastchess: float
) -> None:
    """fastchess's logistic LLR of the same pairs (its five outcomes, empty ones as 0.001)."""
    scores = [0.0] * losses + [0.5] * splits + [1.0] * wins
    assert Sprt(0.5, 0.6).llr(scores) == pytest.approx(fastchess, abs=1e-3)


def test_the_sprt_counts_deals_not_games() -> None:
    """A deal split 1-1 is one observation at 0.5, whatever its games say alone."""
    test = Sprt(0.4, 0.6)
    assert test.llr([0.5] * 50) == pytest.approx(0.0, abs=1e-6)
    assert test.llr([1.0] * 10) > test.llr([1.0] * 5) > 0 > test.llr([0.0] * 5)


# ---------------------------------------------------------------------- the results file


def test_the_results_file_lists_every_game_and_checks_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hanger = f"cmd:{sys.executable} -m chicago_poker.protocol.faulty --rate 0.3 --only hang"
    results = tmp_path / "results.jsonl"
    args = ["match", "heuristic", "random", hanger, "--games", "5", "--move-time", "0.3"]
    assert main([*args, "--results", str(results), "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    lines = [json.loads(line) for line in results.read_text("utf-8").splitlines()]
    validator = jsonschema.Draft202012Validator(results_schema())
    for line in lines:
        validator.validate(line)
    assert [line["game"] for line in lines] == list(range(1, 7))  # 5 asked: 2 deals of 3
    assert [line["deal"] for line in lines] == [1, 1, 1, 2, 2, 2]
    totals: defaultdict[int, float] = defaultdict(float)
    for line in lines:
        for seat in line["seats"]:
            totals[seat["bot"]] += seat["points"]
    assert [totals[bot["bot"]] for bot in report["bots"]] == [b["points"] for b in report["bots"]]
    hangs = [line["termination"] for line in lines if line["termination"]["reason"] != "finished"]
    assert hangs, "a bot that hangs a third of its moves hung in none of 6 games"
    assert all(end["detail"] == "did not send an answer by its deadline" for end in hangs)
    assert all(end["bot"] == 3 for end in hangs)


def test_a_bad_bot_is_refused_before_the_results_file_is_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for bad in ["nosuchbot", "no_such_module_here:Bot", "search:depth=3"]:
        results = tmp_path / "results.jsonl"
        assert main(["match", "heuristic", bad, "--results", str(results)]) == 2
        assert "error:" in capsys.readouterr().err
        assert not results.exists(), bad


# ------------------------------------------------------------------------------ seeds


def test_two_entries_of_the_same_bot_play_as_two_players_the_seed_fixing_every_game() -> None:
    """Seeded by seat, the second rotation of a deal replayed the first, seats swapped."""
    games = list(match(["random", "random"], 24, seed=4))
    pairs = list(zip(games[::2], games[1::2], strict=True))
    replayed = [a.winner != b.winner and a.commands == b.commands for a, b in pairs]
    assert not all(replayed), "every deal's second game replayed its first"
    assert sum(replayed) < len(pairs) / 2
    again = list(match(["random", "random"], 24, seed=4))
    assert [(g.winner, g.commands) for g in again] == [(g.winner, g.commands) for g in games]


# ------------------------------------------------------------------- tournament shapes


def test_the_shapes_make_their_tables() -> None:
    assert tables(3, "table") == ((0, 1, 2),)
    assert tables(4, "round-robin", 3) == ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3))
    assert tables(4, "gauntlet") == ((0, 1), (0, 2), (0, 3))
    with pytest.raises(chicago_poker.InvalidArgumentError, match="gauntlet of tables of 3"):
        tables(3, "gauntlet", 3)
    with pytest.raises(chicago_poker.InvalidArgumentError, match="table size 2: one table"):
        tables(3, "table", 2)
    with pytest.raises(chicago_poker.InvalidArgumentError, match="seats 2 to 6 bots, not 7"):
        tables(7, "table")


def test_a_gauntlet_plays_the_same_deals_at_every_table() -> None:
    games = list(match(["heuristic", "random", "random"], 4, 8, shape="gauntlet"))
    assert len(games) == 8  # 2 tables, 2 deals, 2 rotations
    by_deal: defaultdict[int, set[int]] = defaultdict(set)
    for game in games:
        assert 0 in game.seats
        by_deal[game.deal].add(game.seed)
    assert all(len(seeds) == 1 for seeds in by_deal.values())
    assert [game.table for game in games[:4]] == [0, 0, 1, 1]


def _reports(args: list[str], tmp_path: Path, tag: str) -> tuple[str, list[str]]:
    """The text report and the results (durations dropped) of ``match`` with ``args``."""
    results = tmp_path / f"{tag}.jsonl"
    stdout = tmp_path / f"{tag}.txt"
    with stdout.open("w", encoding="utf-8") as out, contextlib.redirect_stdout(out):
        assert main(["match", *args, "--results", str(results)]) == 0
    lines = []
    for line in results.read_text("utf-8").splitlines():
        data = json.loads(line)
        del data["duration"]
        lines.append(json.dumps(data))
    return stdout.read_text("utf-8"), lines


ROUND_ROBIN = [
    "heuristic",
    "random",
    f"cmd:{sys.executable} -m chicago_poker.protocol.speak random",
    "--shape",
    "round-robin",
    "--games",
    "4",
    "--seed",
    "6",
]


def test_a_round_robin_is_the_same_with_two_workers(tmp_path: Path) -> None:
    text, lines = _reports(ROUND_ROBIN, tmp_path, "one")
    assert (text, lines) == _reports([*ROUND_ROBIN, "--workers", "2"], tmp_path, "two")
    assert "Cross table" in text
    assert len(lines) == 12  # 3 pairings, 2 deals, 2 rotations


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A Dask LocalCluster of two one-thread workers in this process, over TCP."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, protocol="tcp", dashboard_address=":0"
    ) as local:
        yield local


def test_a_round_robin_is_the_same_on_a_dask_cluster(tmp_path: Path, cluster: Any) -> None:
    address = cluster.scheduler_address
    alone = _reports(ROUND_ROBIN, tmp_path, "one")
    assert alone == _reports([*ROUND_ROBIN, "--scheduler", address], tmp_path, "dask")


# ------------------------------------------------------------------ help and the report


def test_the_help_states_the_rounding_and_reads_right(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--help"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "--games 20 with 3 bots plays 21" in shown
    assert "95% interval" in shown
    assert "%%" not in shown


def test_the_report_states_the_rounding_and_tells_long_names_apart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    speak = f"cmd:{sys.executable} -m chicago_poker.protocol.speak"
    bots = [f"{speak} random", f"{speak} heuristic", "random"]  # alike for 36 characters
    assert main(["match", *bots, "--games", "2"]) == 0
    text = capsys.readouterr().out
    assert "Games: 3 (2 asked a table, rounded up to whole deals of 3 games)" in text
    legend = text.split("Bots:\n")[1].split("\n\n")[0].splitlines()
    assert legend[0] == f"   1  {bots[0]}  (calls itself 'random')"
    assert legend[1] == f"   2  {bots[1]}  (calls itself 'heuristic')"
    assert legend[2] == "   3  random"
