"""The stub of the public API, ``src/chicago_poker/__init__.pyi``, written from its one table.

``src/chicago_poker/__init__.py`` lists every public name once, with its module, in the
table ``_MODULES``: ``__all__`` and the lazy imports are made from it when the package is
imported. Type checkers and editors cannot run that code, so they read the stub, which
imports each name from its module. Write it again after a change of the table with

    python tests/public_api.py

from the repository root; ``test_startup.py`` fails when the stub is out of date.
"""

from __future__ import annotations

import ast
from pathlib import Path

INIT = Path(__file__).parents[1] / "src" / "chicago_poker" / "__init__.py"
STUB = INIT.with_suffix(".pyi")
LINE_LENGTH = 100  # the project's, in pyproject.toml

HEADER = '''"""The public API of chicago_poker, as type checkers and editors see it.

Written by ``python tests/public_api.py`` from the table ``_MODULES`` of ``__init__.py``,
where every public name is listed once; do not edit it by hand.
"""
'''


def table(init: Path = INIT) -> dict[str, list[str]]:
    """The table ``_MODULES`` of ``init``: each module, with the public names it defines."""
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if (
            isinstance(node, ast.AnnAssign | ast.Assign)
            and "_MODULES" in {ast.unparse(target) for target in _targets(node)}
            and node.value is not None
        ):
            modules: dict[str, str] = ast.literal_eval(node.value)
            return {module: names.split() for module, names in modules.items()}
    raise LookupError(f"{init} has no table _MODULES")


def _targets(node: ast.AnnAssign | ast.Assign) -> list[ast.expr]:
    return node.targets if isinstance(node, ast.Assign) else [node.target]


def _kind(name: str) -> int:
    """Constants first, then classes, then the rest: the order of ruff's isort."""
    if name.isupper() and len(name) > 1:
        return 0
    return 1 if name[:1].isupper() else 2


def _import(module: str, names: list[str]) -> str:
    ordered = sorted(names, key=lambda name: (_kind(name), name.lower(), name))
    line = f"from chicago_poker.{module} import {', '.join(ordered)}"
    if len(line) <= LINE_LENGTH:
        return line
    return "\n".join(
        [f"from chicago_poker.{module} import (", *(f"    {n}," for n in ordered), ")"]
    )


def _all(names: list[str]) -> str:
    """``__all__``, ordered as ruff orders it: constants, classes, then the rest."""
    ordered = sorted(names, key=lambda name: (_kind(name) if name[:1] != "_" else 2, name))
    return "\n".join(["__all__ = [", *(f'    "{name}",' for name in ordered), "]"])


def stub(init: Path = INIT) -> str:
    """The text of the stub of the public API listed in ``init``."""
    modules = table(init)
    imports = [_import(module, names) for module, names in sorted(modules.items())]
    public = [name for names in modules.values() for name in names]
    return "\n".join(
        [HEADER, *imports, "", "__version__: str", "", _all([*public, "__version__"]), ""]
    )


if __name__ == "__main__":
    STUB.write_text(stub(), encoding="utf-8")
    print(f"wrote {STUB.relative_to(Path.cwd()) if STUB.is_relative_to(Path.cwd()) else STUB}")
