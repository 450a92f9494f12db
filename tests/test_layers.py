"""The package keeps its layers: a pure core, no circle of imports, no reaching into privates.

Read from the source with :mod:`ast`, so that an import hidden in a function or under
``TYPE_CHECKING`` counts as much as one at the top of a module.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import chicago_poker
from public_api import table

PACKAGE = Path(chicago_poker.__file__).parent
CORE = PACKAGE / "core"
DISPLAY = PACKAGE / "display"

# The standard library and third-party modules the core may import: pure computation only.
# Anything else (random, time, os, io, pathlib, socket, subprocess, sys, ...) is refused,
# whether or not it is listed below: the list of what is allowed is the rule.
CORE_MAY_IMPORT = frozenset(
    {
        "__future__",
        "abc",
        "attrs",
        "bisect",
        "collections",
        "enum",
        "fractions",
        "functools",
        "heapq",
        "itertools",
        "math",
        "operator",
        "re",
        "reprlib",
        "typing",
    }
)

# Pictures and words for front ends: pure like the core, and they may build XML too.
DISPLAY_MAY_IMPORT = CORE_MAY_IMPORT | {"xml"}

# Named so that a failure says plainly why these are refused.
IMPURE = frozenset(
    {
        "asyncio",
        "datetime",
        "glob",
        "http",
        "io",
        "multiprocessing",
        "os",
        "pathlib",
        "random",
        "secrets",
        "select",
        "shutil",
        "signal",
        "socket",
        "ssl",
        "subprocess",
        "sys",
        "tempfile",
        "threading",
        "time",
        "urllib",
        "uuid",
    }
)

# Built-in functions that read or write the world, or run code from a string.
IMPURE_CALLS = frozenset({"open", "print", "input", "eval", "exec", "__import__", "breakpoint"})


def modules(root: Path) -> list[Path]:
    return sorted(root.rglob("*.py"))


def dotted(path: Path, root: Path = PACKAGE.parent) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, root: Path) -> Iterator[tuple[int, str, tuple[str, ...]]]:
    """Every import of a module: its line, the module imported, and the names taken from it."""
    name = dotted(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, ()
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, module] if module else base)
            yield node.lineno, module, tuple(alias.name for alias in node.names)


def core_import_problems(
    path: Path,
    root: Path = PACKAGE.parent,
    *,
    layer: str = "core",
    may_import: frozenset[str] = CORE_MAY_IMPORT,
) -> Iterator[str]:
    """Every import or call of a pure ``layer`` that leaves it, the core, or ``may_import``."""
    where = path.relative_to(root)
    inside = {"chicago_poker.core", f"chicago_poker.{layer}"}
    who = "the core" if layer == "core" else f"the {layer} layer"
    for line, module, _ in imports(path, root):
        top = module.split(".")[0]
        if any(module == part or module.startswith(part + ".") for part in inside):
            continue
        if top == "chicago_poker":
            yield f"{where}:{line}: {who} imports {module}, outside the core"
        elif top in IMPURE:
            yield f"{where}:{line}: {who} imports {module}, which touches the world"
        elif top not in may_import:
            yield f"{where}:{line}: {who} imports {module}, not on the list of pure modules"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in IMPURE_CALLS
        ):
            yield f"{where}:{node.lineno}: {who} calls {node.func.id}()"


def private_import_problems(path: Path, root: Path = PACKAGE.parent) -> Iterator[str]:
    where = path.relative_to(root)
    for line, module, names in imports(path, root):
        for name in names:
            if name.startswith("_") and not name.endswith("__"):
                yield f"{where}:{line}: imports the private name {name} from {module}"


@pytest.mark.parametrize("path", modules(CORE), ids=lambda path: path.name)
def test_the_core_imports_only_the_core_and_pure_modules(path: Path) -> None:
    assert list(core_import_problems(path)) == []


@pytest.mark.parametrize("path", modules(DISPLAY), ids=lambda path: path.name)
def test_the_display_imports_only_the_core_and_pure_modules(path: Path) -> None:
    problems = core_import_problems(path, layer="display", may_import=DISPLAY_MAY_IMPORT)
    assert list(problems) == []


def test_the_display_check_refuses_the_layers_above_the_core(tmp_path: Path) -> None:
    display = tmp_path / "chicago_poker" / "display"
    display.mkdir(parents=True)
    bad = display / "bad.py"
    bad.write_text(
        "import xml.etree.ElementTree\n"
        "from chicago_poker.display import words\n"
        "from chicago_poker.core.views import view\n"
        "from chicago_poker.players.game import Game\n"
        "import os\n",
        encoding="utf-8",
    )
    found = core_import_problems(bad, tmp_path, layer="display", may_import=DISPLAY_MAY_IMPORT)
    assert [problem.split(": ", 1)[1] for problem in found] == [
        "the display layer imports chicago_poker.players.game, outside the core",
        "the display layer imports os, which touches the world",
    ]


@pytest.mark.parametrize("path", modules(PACKAGE), ids=lambda path: dotted(path))
def test_no_module_imports_the_private_names_of_another(path: Path) -> None:
    assert list(private_import_problems(path)) == []


def test_the_checks_see_what_they_must_refuse(tmp_path: Path) -> None:
    """Each check reports a line written to break it, so a passing run means something."""
    core = tmp_path / "chicago_poker" / "core"
    core.mkdir(parents=True)
    bad = core / "bad.py"
    bad.write_text(
        "import random\n"
        "from time import perf_counter\n"
        "from chicago_poker.formats.log import read_log\n"
        "from . import state\n"
        "from .. import log\n"
        "from chicago_poker.core.decide import _step\n"
        "import json\n"
        "def f() -> None:\n"
        "    open('x')\n",
        encoding="utf-8",
    )
    found = list(core_import_problems(bad, tmp_path))
    private = list(private_import_problems(bad, tmp_path))
    assert [problem.split(": ", 1)[1] for problem in found] == [
        "the core imports random, which touches the world",
        "the core imports time, which touches the world",
        "the core imports chicago_poker.formats.log, outside the core",
        "the core imports chicago_poker, outside the core",
        "the core imports json, not on the list of pure modules",
        "the core calls open()",
    ]
    assert [problem.split(": ", 1)[1] for problem in private] == [
        "imports the private name _step from chicago_poker.core.decide"
    ]


def test_the_core_is_a_package_with_modules() -> None:
    """The checks above would pass vacuously if the core moved or emptied."""
    assert {path.stem for path in modules(CORE)} >= {"decide", "apply", "legal", "views"}


# Who may import whom above the core: each layer lists the layers it may import.
LAYERS = {
    "formats": {"core", "formats"},
    # workers: processes and clusters for the commands that do much work at once
    "workers": {"core", "workers"},
    # referee: the search bot's knowledge model (players.search, and only there)
    "players": {"core", "formats", "players", "referee", "workers"},
    "referee": {"core", "formats", "referee", "specification", "workers"},
    "protocol": {"core", "formats", "players", "protocol"},
    "match": {"core", "formats", "players", "protocol", "match", "workers"},
}


def layer_problems(path: Path, layer: str, root: Path = PACKAGE.parent) -> Iterator[str]:
    where = path.relative_to(root)
    for line, module, _ in imports(path, root):
        parts = module.split(".")
        if parts[0] != "chicago_poker" or len(parts) < 2 or parts[1].startswith("_"):
            continue
        if parts[1] not in LAYERS[layer] and parts[1] != "__version__":
            yield f"{where}:{line}: the {layer} layer imports {module}"


@pytest.mark.parametrize(
    ("layer", "path"),
    [(layer, path) for layer in LAYERS for path in modules(PACKAGE / layer)],
    ids=lambda value: value if isinstance(value, str) else value.name,
)
def test_each_layer_imports_only_the_layers_below_it(layer: str, path: Path) -> None:
    assert list(layer_problems(path, layer)) == []


def test_the_layer_check_refuses_an_import_from_above(tmp_path: Path) -> None:
    protocol = tmp_path / "chicago_poker" / "protocol"
    protocol.mkdir(parents=True)
    bad = protocol / "bad.py"
    bad.write_text(
        "from chicago_poker.match.runner import match\nfrom chicago_poker.cli import main\n"
    )
    found = [problem.split(": ", 1)[1] for problem in layer_problems(bad, "protocol", tmp_path)]
    assert found == [
        "the protocol layer imports chicago_poker.match.runner",
        "the protocol layer imports chicago_poker.cli",
    ]


AI = PACKAGE / "ai"


def ai_import_problems(path: Path, root: Path = PACKAGE.parent) -> Iterator[str]:
    """Every import of the ai layer that reaches into the package but through its public API."""
    where = path.relative_to(root)
    for line, module, _ in imports(path, root):
        if module.split(".")[0] != "chicago_poker":
            continue
        if module == "chicago_poker" or module.startswith("chicago_poker.ai"):
            continue
        yield f"{where}:{line}: the ai layer imports {module}, not the public API chicago_poker"


@pytest.mark.parametrize("path", modules(AI), ids=lambda path: path.name)
def test_the_ai_layer_imports_only_the_public_api(path: Path) -> None:
    assert list(ai_import_problems(path)) == []


def test_the_ai_check_refuses_a_module_below_the_public_api(tmp_path: Path) -> None:
    ai = tmp_path / "chicago_poker" / "ai"
    ai.mkdir(parents=True)
    bad = ai / "bad.py"
    bad.write_text(
        "import numpy\n"
        "from chicago_poker import view\n"
        "from chicago_poker.ai.actions import ACTION_COUNT\n"
        "from chicago_poker.core.legal import legal_commands\n"
        "import chicago_poker.players.game\n",
        encoding="utf-8",
    )
    assert [problem.split(": ", 1)[1] for problem in ai_import_problems(bad, tmp_path)] == [
        "the ai layer imports chicago_poker.core.legal, not the public API chicago_poker",
        "the ai layer imports chicago_poker.players.game, not the public API chicago_poker",
    ]


def test_the_ai_layer_is_a_package_with_modules() -> None:
    assert {path.stem for path in modules(AI)} >= {"actions", "observation"}


def test_among_the_players_only_the_search_bot_imports_the_referee() -> None:
    """The other bots, the facade and simulate start without the knowledge model.

    The search bot's belief (how its rivals' hidden cards lie) weighs the knowledge model's
    draws, so it imports the referee's sampler too.
    """
    users = {
        path.name
        for path in modules(PACKAGE / "players")
        for _, module, _ in imports(path, PACKAGE.parent)
        if module.startswith("chicago_poker.referee")
    }
    assert users == {"search.py", "belief.py"}


# --- no circle of imports --------------------------------------------------------------------


def import_graph(root: Path = PACKAGE.parent) -> dict[str, set[str]]:
    """Each module of the package under ``root``, with the modules of the package it imports.

    Every import counts, wherever it stands: at the top of the module, inside a function (to
    import a module only when it is needed) or under ``TYPE_CHECKING``. An import put off
    into a function is still a module that needs the other, and a circle through it is as
    much a knot in the design as one at the top. ``from package import name`` imports the
    module ``package.name`` where there is one. A name taken from the package itself
    (``from chicago_poker import Game``, or ``chicago_poker.Game`` after ``import
    chicago_poker``) imports the module that the table of ``__init__.py`` gives for it: the
    module its first use imports.
    """
    paths = {dotted(path, root): path for path in modules(root / "chicago_poker")}
    init = root / "chicago_poker" / "__init__.py"
    homes = {
        name: f"chicago_poker.{module}"
        for module, names in (table(init) if "_MODULES" in init.read_text() else {}).items()
        for name in names
    }
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        found: set[str] = set()
        for _, module, names in imports(path, root):
            targets = [module] if not names else [f"{module}.{each}" for each in names]
            for target, taken in zip(targets, names or ("",), strict=True):
                if target not in paths and module == "chicago_poker" and taken in homes:
                    target = homes[taken]
                found.add(target if target in paths else module)
            if module == "chicago_poker" and not names:  # import chicago_poker: its attributes
                found |= {homes[each] for each in _package_attributes(path) if each in homes}
        graph[name] = {target for target in found if target in paths and target != name}
    return graph


def _package_attributes(path: Path) -> set[str]:
    """The names a module reads as ``chicago_poker.NAME``."""
    return {
        node.attr
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "chicago_poker"
    }


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The circles of ``graph``: each set of two or more modules that import one another,
    through the others of the set (its strongly connected components, by Tarjan)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in order:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            members = stack[stack.index(module) :]
            del stack[stack.index(module) :]
            if len(members) > 1:
                found.append(sorted(members))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return sorted(found)


def describe_circle(graph: dict[str, set[str]], circle: list[str]) -> str:
    ties = [f"{module} -> {other}" for module in circle for other in sorted(graph[module])]
    return "; ".join(tie for tie in ties if tie.split(" -> ")[1] in circle)


def test_no_modules_import_one_another_in_a_circle() -> None:
    graph = import_graph()
    assert [describe_circle(graph, circle) for circle in circles(graph)] == []


def test_the_circle_check_finds_a_circle(tmp_path: Path) -> None:
    """A circle of three modules, tied by each kind of import the graph counts, is found."""
    package = tmp_path / "chicago_poker"
    package.mkdir()
    sources = {
        "__init__.py": '_MODULES = {"b": "Thing"}\n',
        "a.py": "from chicago_poker import Thing\n",  # a -> b, through the public API
        "b.py": "def f() -> None:\n    from . import c\n",  # b -> c, inside a function
        "c.py": "import chicago_poker.a\n",  # c -> a
        "d.py": "from chicago_poker.a import x\n",  # d -> a, outside the circle
        "e.py": "import chicago_poker\nchicago_poker.Thing\n",  # e -> the package, and b
    }
    for name, source in sources.items():
        (package / name).write_text(source, encoding="utf-8")
    graph = import_graph(tmp_path)
    assert graph["chicago_poker.e"] == {"chicago_poker", "chicago_poker.b"}
    assert circles(graph) == [["chicago_poker.a", "chicago_poker.b", "chicago_poker.c"]]
    assert describe_circle(graph, circles(graph)[0]) == (
        "chicago_poker.a -> chicago_poker.b; chicago_poker.b -> chicago_poker.c; "
        "chicago_poker.c -> chicago_poker.a"
    )
    (package / "c.py").write_text("", encoding="utf-8")
    assert circles(import_graph(tmp_path)) == []


def test_the_import_graph_sees_the_whole_package() -> None:
    """The check would pass vacuously if the graph lost the package's modules or imports."""
    graph = import_graph()
    assert len(graph) > 50
    assert "chicago_poker.core.state" in graph["chicago_poker.core.views"]
    assert "chicago_poker.core.views" in graph["chicago_poker.ai.observation"]
