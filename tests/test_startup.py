"""Start-up: importing the package is cheap, and what it puts off still works when first used.

``import chicago_poker`` imports no module of the engine: each public name is imported from
its module on first use (PEP 562). Each hand rank and each of the log format's converter hooks
is made on first use too, and ``chicago-poker --version`` answers without importing the engine.
The checks of what a fresh interpreter imports run in a subprocess, since this one has
imported everything already.
"""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

import chicago_poker
from chicago_poker.cli import command
from public_api import stub, table

INIT = Path(chicago_poker.__file__)
STUB = INIT.with_suffix(".pyi")


def run_fresh(code: str) -> str:
    """Run ``code`` in a new interpreter and return what it printed."""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=120
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def type_checking_imports() -> dict[str, str]:
    """Each name that the stub ``__init__.pyi``, which type checkers read, imports: its module."""
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    return {
        alias.name: node.module
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module is not None
        for alias in node.names
    }


PUBLIC = sorted(set(chicago_poker.__all__) - {"__version__"})


def test_the_names_type_checkers_see_are_those_of_all() -> None:
    assert sorted(type_checking_imports()) == PUBLIC


def test_the_table_of_modules_agrees_with_what_type_checkers_see() -> None:
    homes = {name: f"chicago_poker.{module}" for module, names in table().items() for name in names}
    assert homes == type_checking_imports()


def test_the_stub_is_written_from_the_table() -> None:
    assert STUB.read_text(encoding="utf-8") == stub(), "run python tests/public_api.py"


def test_the_stub_check_sees_a_name_added_to_the_table(tmp_path: Path) -> None:
    """A name added to the table, and not to the stub, makes the stub out of date."""
    init = tmp_path / "__init__.py"
    text = INIT.read_text(encoding="utf-8")
    init.write_text(text.replace('"core.apply": "apply replay"', '"core.apply": "apply replay x"'))
    assert table(init)["core.apply"] == ["apply", "replay", "x"]
    assert "from chicago_poker.core.apply import apply, replay, x\n" in stub(init)
    assert stub(init) != STUB.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", PUBLIC)
def test_each_public_name_is_the_object_its_module_defines(name: str) -> None:
    module = importlib.import_module(type_checking_imports()[name])
    assert getattr(chicago_poker, name) is getattr(module, name)


def test_dir_lists_every_public_name_before_its_first_use() -> None:
    out = run_fresh("import json, chicago_poker\nprint(json.dumps(dir(chicago_poker)))")
    assert set(chicago_poker.__all__) <= set(json.loads(out))


def test_an_unknown_name_is_an_attribute_error_that_names_it() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'Gmae'"):
        # The lookup of a name the API lacks is what is tested; type checkers refuse it.
        chicago_poker.Gmae  # type: ignore[attr-defined]  # noqa: B018
    assert not hasattr(chicago_poker, "_private")


def test_import_star_gives_every_public_name() -> None:
    namespace: dict[str, object] = {}
    exec("from chicago_poker import *", namespace)
    assert set(chicago_poker.__all__) <= set(namespace)


def test_import_chicago_poker_imports_none_of_its_modules() -> None:
    out = run_fresh(
        "import sys, json, chicago_poker\n"
        "prefixes = ('chicago_poker', 'attr', 'cattrs')\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith(prefixes))))"
    )
    assert json.loads(out) == ["chicago_poker"]


def test_the_layers_are_reached_from_the_package_without_importing_them() -> None:
    out = run_fresh("import chicago_poker\nprint(chicago_poker.referee.__name__)")
    assert out == "chicago_poker.referee\n"


def test_version_imports_no_module_of_the_engine() -> None:
    out = run_fresh(
        "import sys, json\n"
        "from chicago_poker.cli import main\n"
        "status = main(['--version'])\n"
        "names = sorted(m for m in sys.modules if m.startswith(('chicago_poker', 'attr')))\n"
        "print(json.dumps([status, names]))"
    )
    version, report = out.splitlines()
    assert version == f"chicago-poker {chicago_poker.__version__}"
    assert json.loads(report) == [0, ["chicago_poker", "chicago_poker.cli"]]


def test_version_says_what_the_full_parser_says(capsys: pytest.CaptureFixture[str]) -> None:
    from chicago_poker.cli import main

    assert command.main(["--version"]) == 0
    full = capsys.readouterr().out
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == full


def test_a_hand_rank_is_entered_in_the_tables_when_first_needed() -> None:
    out = run_fresh(
        "from chicago_poker.core import hands\n"
        "from chicago_poker.core.cards import parse_card\n"
        "def rank(text):\n"
        "    return hands.evaluate_hand([parse_card(card) for card in text.split()])\n"
        "sizes = [len(hands._PLAIN), len(hands._FAST)]\n"
        "first = rank('4R 5Y 6G 7B 8P')  # the first hand, and a run: rainbow or plain?\n"
        "ranks = [first, rank('9R 9Y 7G 5B 3P'), rank('9R 9Y 7G 5B 3P')]\n"
        "print(*sizes, *ranks, len(hands._PLAIN), len(hands._FAST), sep='; ')"
    )
    # At import: the ranks of the eleven straights only; then the pair, also for the fast path.
    assert out == (
        "11; 0; Rainbow straight to 8; Pair of 9s, then 7, 5, 3; Pair of 9s, then 7, 5, 3; 12; 1\n"
    )


def test_the_converter_generates_no_hook_at_import_and_each_on_first_use() -> None:
    out = run_fresh(
        "import json\n"
        "from chicago_poker.formats import converter as log\n"
        "from chicago_poker.core.commands import Command, DrawCard\n"
        "from chicago_poker.core.events import TurnEnded\n"
        "first = log._first_unstructure_event\n"
        "lazy = not log._STRUCTURE_HOOKS and log._unstructure_event is first\n"
        "command = log.converter.structure({'type': 'DrawCard', 'player': 1}, Command)\n"
        "event = {'type': 'TurnEnded', 'player': 1, 'forced': False}\n"
        "same = log.same_events([event], [TurnEnded(1, False)])\n"
        "print(json.dumps([lazy, repr(command), same]))"
    )
    assert json.loads(out) == [True, "DrawCard(player=1)", True]
