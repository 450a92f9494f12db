"""Shared pytest configuration: plugins, Hypothesis profiles, the specification and a tiny one."""

from __future__ import annotations

import hashlib
import os
import random
from pathlib import Path

import pytest
from hypothesis import settings

from chicago_poker.specification import (
    Sources,
    Specification,
    load_sources,
    load_specification,
)

pytest_plugins = ["rule_markers", "pytester"]

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_configure(config: pytest.Config) -> None:
    """With ``-n`` (pytest-xdist), give every worker process the same hash seed.

    Each worker collects the tests itself, and they must all collect the same ones, under the
    same names; a test parametrized with a set and named by its repr is named after the
    set's order, which differs from one hash seed to another. One seed per run, still
    random from run to run, and passed to the workers through the environment they inherit.
    """
    if config.getoption("numprocesses", None) and "PYTHONHASHSEED" not in os.environ:
        os.environ["PYTHONHASHSEED"] = str(random.SystemRandom().randrange(1, 2**32))


TINY_SOURCES = {
    "en": "1.0 SETUP\nDeal five cards to each\nplayer. The youngest player starts.\n",
    "nl": "1.0 VOORBEREIDING\nDeel ieder vijf kaarten.\n",
    "fr": "1.0 PRÉPARATION\nDistribuez cinq cartes.\n",
}

TINY_SPEC = {
    "rules/01-setup.toml": """
[section]
id = "R-1"
title = "Setup"
summary = "How the game starts."

[[rules]]
id = "R-1.1"
title = "Deal"
statement = "Each player gets five cards."
[rules.sources]
en = ["Deal five cards to each player."]
nl = ["Deel ieder vijf kaarten."]
fr = ["Distribuez cinq cartes."]

[[rules]]
id = "R-1.2"
title = "Start player"
statement = "The youngest player starts."
decisions = ["D-1"]
[rules.sources]
en = ["The youngest player starts."]
[rules.silent]
nl = "The Dutch edition does not say who starts."
fr = "The French edition does not say who starts."
""",
    "rules/02-end.toml": """
[section]
id = "R-2"
title = "End"
summary = "How the game ends."

[[rules]]
id = "R-2.1"
title = "Winner"
statement = "The first player to control three businesses wins."
[rules.silent]
en = "Silent in this tiny test edition."
nl = "Silent in this tiny test edition."
fr = "Silent in this tiny test edition."

[[rules]]
id = "R-2.1.1"
title = "Tie"
statement = "There are no ties."
[rules.silent]
en = "Silent."
nl = "Silent."
fr = "Silent."
""",
    "not-rules.toml": """
[[passages]]
edition = "en"
kind = "heading"
quote = "1.0 SETUP"

[[passages]]
edition = "nl"
kind = "heading"
quote = "1.0 VOORBEREIDING"

[[passages]]
edition = "fr"
kind = "heading"
quote = "1.0 PRÉPARATION"
note = "Accented heading."
""",
    "discrepancies.toml": """
[[discrepancies]]
id = "D-1"
title = "Who starts"
kind = "silence"
rules = ["R-1.2"]
impact = "Decides who moves first."
decision = "The youngest player starts."
rationale = "Only the English edition says anything."
no_option_reason = "Who starts hardly changes the game."
[discrepancies.en]
says = "The youngest player starts."
quotes = ["The youngest player starts."]
[discrepancies.nl]
says = "Silent."
[discrepancies.fr]
says = "Silent."
""",
    "terminology.toml": """
[[terms]]
group = "component"
code = "BusinessTile"
en = "business tile"
nl = "bedrijf"
fr = "tuile établissement"

[[terms]]
group = "game term"
code = "Shootout"
en = "shootout"
nl = "—"
fr = "fusillade"
note = "The Dutch edition only speaks of bullets."
""",
}


def write_tiny_spec(root: Path) -> Path:
    """Write a small, sound specification (with sources and SHA256SUMS) under root."""
    for name, text in TINY_SPEC.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text.lstrip(), encoding="utf-8")
    sums = []
    (root / "sources").mkdir(exist_ok=True)
    for edition, text in TINY_SOURCES.items():
        name = f"chicago-poker-{edition}.txt"
        (root / "sources" / name).write_text(text, encoding="utf-8")
        sums.append(f"{hashlib.sha256(text.encode()).hexdigest()}  {name}\n")
    (root / "sources" / "SHA256SUMS").write_text("".join(sums), encoding="utf-8")
    return root


@pytest.fixture(scope="session")
def spec() -> Specification:
    """The specification of the repository, loaded once; it is frozen, so tests share it."""
    return load_specification()


@pytest.fixture
def tiny_root(tmp_path: Path) -> Path:
    """Directory holding a small, sound specification."""
    return write_tiny_spec(tmp_path / "spec")


@pytest.fixture
def tiny_spec(tiny_root: Path) -> Specification:
    """The small specification, loaded."""
    return load_specification(tiny_root)


@pytest.fixture
def tiny_sources(tiny_root: Path) -> Sources:
    """The small specification's sources, loaded."""
    return load_sources(tiny_root)
