"""The doctests of the package, and which copy of the package the tests may import.

The doctests of the ai layer need its extra (pip install ".[ai]"). With
CHICAGO_POKER_TEST_INSTALLED set (``nox -s installed``), the tests run against an installed
package, and a package imported from this checkout's ``src/`` stops the run.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

_AI_EXTRA = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "shimmy")

collect_ignore_glob = (
    []
    if all(importlib.util.find_spec(name) is not None for name in _AI_EXTRA)
    else ["src/chicago_poker/ai/[!a_]*.py"]  # all but __init__ and actions, which need none
)


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to test ``src/`` when the installed package is the one to test."""
    if not os.environ.get("CHICAGO_POKER_TEST_INSTALLED"):
        return
    import chicago_poker

    source = Path(config.rootpath, "src").resolve()
    imported = Path(chicago_poker.__file__).resolve()
    if source in imported.parents:
        raise pytest.UsageError(
            f"CHICAGO_POKER_TEST_INSTALLED is set, but chicago_poker was imported from {imported},"
            " the source tree: run pytest with -o pythonpath= (see noxfile.py)"
        )
