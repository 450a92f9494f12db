"""The search bot's strength in the docs is what the recorded runs say, picture and table.

``research/strength.json`` records each run of the search bot against heuristic bots;
``research/plot_strength.py`` draws ``docs/img/search/strength.svg`` from it, and the
bots page lists each run with the mended sampler in a table, ``research/README.md`` each
run before it. None of them can show a figure the file no longer holds.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from scripts import load_script

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "research" / "plot_strength.py"
RUNS = ROOT / "research" / "strength.json"
PICTURE = ROOT / "docs" / "img" / "search" / "strength.svg"
PAGE = ROOT / "docs" / "bots.md"
EARLIER = ROOT / "research" / "README.md"


@pytest.fixture(scope="module")
def plot() -> ModuleType:
    return load_script(SCRIPT)


def test_the_picture_is_what_the_runs_draw(plot: ModuleType) -> None:
    assert PICTURE.read_text(encoding="utf-8") == plot.draw(plot.read_runs(RUNS))


def test_every_run_is_a_row_of_the_bots_page_with_its_command() -> None:
    """The runs with the mended sampler on the bots page; those before, in the research README."""
    pages = {
        True: PAGE.read_text(encoding="utf-8"),
        False: EARLIER.read_text(encoding="utf-8"),
    }
    for run in json.loads(RUNS.read_text(encoding="utf-8"))["runs"]:
        page = pages[run.get("sampler") == "mended"]
        assert 0 <= run["won"] <= run["games"]
        row = (
            f"| {run['label']} | {run['players']} | {run['iterations']:,} | {run['games']} | "
            f"{run['won']} |"
        )
        assert row in page, row
        assert run["command"] in page, run["command"]
