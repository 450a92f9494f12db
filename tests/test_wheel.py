"""The wheel holds every file the package reads at run time, not only its Python modules.

The package reads its specification (``spec/``, shipped as ``chicago_poker/_spec``), the JSON
Schemas, the notation's grammar, the web table's static files and its protocol schema, and
ships ``py.typed`` and the stub of its public API. A wheel without one of them installs and
imports, then fails when that file is first needed.

The wheel checked is the one named by CHICAGO_POKER_WHEEL (``nox -s installed`` names the
wheel it tests), or else one built here from the source tree by the project's build backend.
"""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "chicago_poker"
CODE = {".py", ".pyc", ".so", ".pyd"}


def data_files() -> set[str]:
    """Every file of the package that is not code, and the specification, as wheel paths."""
    package = {
        f"chicago_poker/{path.relative_to(PACKAGE).as_posix()}"
        for path in PACKAGE.rglob("*")
        if path.is_file() and path.suffix not in CODE and "__pycache__" not in path.parts
    }
    spec = {
        f"chicago_poker/_spec/{path.relative_to(ROOT / 'spec').as_posix()}"
        for path in (ROOT / "spec").rglob("*")
        if path.is_file()
    }
    return package | spec


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel under test."""
    named = os.environ.get("CHICAGO_POKER_WHEEL")
    if named:
        return Path(named)
    from hatchling.builders.wheel import WheelBuilder

    directory = tmp_path_factory.mktemp("wheel")
    [built] = WheelBuilder(str(ROOT)).build(directory=str(directory), versions=["standard"])
    return Path(built)


def test_the_files_read_at_run_time_are_found() -> None:
    """The list below is made from the tree: it must hold the files the code reads."""
    assert {
        "chicago_poker/py.typed",
        "chicago_poker/__init__.pyi",
        "chicago_poker/formats/notation/notation.lark",
        "chicago_poker/formats/schema/game-log.schema.json",
        "chicago_poker/web/protocol.schema.json",
        "chicago_poker/web/static/index.html",
        "chicago_poker/_spec/rules/01-components.toml",
    } <= data_files()


def test_the_wheel_holds_every_file_the_package_reads(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert sorted(data_files() - names) == []


def test_the_wheel_holds_every_module(wheel: Path) -> None:
    modules = {
        f"chicago_poker/{path.relative_to(PACKAGE).as_posix()}" for path in PACKAGE.rglob("*.py")
    }
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert sorted(modules - names) == []
