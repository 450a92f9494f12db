"""Code run in a fresh interpreter that imports this tree's package: for what a process
holds from its start (the collector's tracked and frozen objects, the tables filled)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import chicago_poker


def run_fresh(code: str) -> str:
    """What ``code`` prints, run by ``python -c`` with this tree's ``src`` on the path."""
    source = str(Path(chicago_poker.__file__).parent.parent)
    environment = {**os.environ, "PYTHONPATH": source}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=environment
    )
    return done.stdout
