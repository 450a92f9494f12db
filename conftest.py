"""The doctests of the package: those of the ai layer need its extra (pip install ".[ai]")."""

from __future__ import annotations

import importlib.util

_AI_EXTRA = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "shimmy")

collect_ignore_glob = (
    []
    if all(importlib.util.find_spec(name) is not None for name in _AI_EXTRA)
    else ["src/chicago_poker/ai/[!a_]*.py"]  # all but __init__ and actions, which need none
)
