"""MkDocs hook: draw the package's layers and imports, ``img/architecture.svg``, from the code.

At every build, the imports of every module under ``src/chicago_poker`` are read with
:mod:`ast`, those inside functions and under ``TYPE_CHECKING`` included, and drawn: each part
of the package (``core``, ``formats``, ``players``...) is a box in the band of its layer,
listing its modules, and an arrow goes from a part to each part it imports, the wider the
more module-to-module imports it stands for. The picture cannot fall behind the code.

Run as a script, it writes the picture to a file, to look at it without building the site::

    python docs/hooks/architecture.py architecture.svg
"""

from __future__ import annotations

import ast
import math
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

PICTURE = "img/architecture.svg"
"""Where the picture is in the site."""

PACKAGE = "chicago_poker"

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("front ends", ("cli", "web")),
    ("bots, matches and learning agents", ("ai", "protocol", "match")),
    ("playing and judging", ("players", "referee")),
    (
        "formats, words and pictures, the specification",
        ("display", "formats", "specification", "workers"),
    ),
    ("below everything", ("core", PACKAGE)),
)
"""The bands of the picture, from the top, each with its parts from the left. A part is a
subpackage, or the package itself: its ``__init__``, which imports nothing until a public
name is first used."""

ABOUT = {
    PACKAGE: ("__init__: the version,", "the public API's table"),
    "workers": ("processes,", "clusters"),
    "ai": ("through the public API only",),
    "core": ("the rules engine, pure",),
}
"""A few words under the name of a part, line by line."""

WIDTH = 1000
MARGIN = 16
GAP = 40
BAND_GAP = 60
TITLE = 64
FONT = 12
LINE = 16

INK = "#1f2933"
MUTED = "#52606d"
BAND = "#f0f4f8"
BOX = "#ffffff"
EDGE = "#486581"
DOWN = "#2f6f9f"
ACROSS = "#7b5ea7"


# --------------------------------------------------------------------------- reading the code


def part_of(module: str) -> str:
    """The part of the package a module is in: ``chicago_poker.formats.log`` is ``formats``.

    >>> [part_of(name) for name in ("chicago_poker.formats.log", "chicago_poker.__main__")]
    ['formats', 'cli']
    """
    parts = module.split(".")
    if len(parts) == 1:
        return PACKAGE
    return "cli" if parts[1] == "__main__" else parts[1]


def module_names(source: Path) -> dict[str, Path]:
    """Each module of the package under ``source`` (a ``src`` folder), by its dotted name."""
    found = {}
    for path in sorted((source / PACKAGE).rglob("*.py")):
        parts = path.relative_to(source).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def public_homes(init: Path) -> dict[str, str]:
    """The module of each public name, from the table ``_MODULES`` of ``__init__.py``."""
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.AnnAssign) and ast.unparse(node.target) == "_MODULES":
            assert node.value is not None
            table: dict[str, str] = ast.literal_eval(node.value)
            return {
                name: f"{PACKAGE}.{module}"
                for module, names in table.items()
                for name in names.split()
            }
    return {}


def imported(name: str, path: Path, modules: dict[str, Path], homes: dict[str, str]) -> set[str]:
    """The modules of the package that the module ``name``, at ``path``, imports.

    ``from package import name`` imports the module ``package.name`` where there is one; a
    name taken from the package itself (``from chicago_poker import Game``) imports the
    module that the public API's table gives for it.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        for module, taken in _imports(node, here):
            targets = [f"{module}.{each}" for each in taken] or [module]
            for target, each in zip(targets, taken or ("",), strict=True):
                if target not in modules and module == PACKAGE and each in homes:
                    target = homes[each]
                found.add(target if target in modules else module)
    return {module for module in found if module in modules and module != name}


def _imports(node: ast.AST, here: str) -> Iterator[tuple[str, tuple[str, ...]]]:
    """The modules an import statement names, with the names it takes from each."""
    if isinstance(node, ast.Import):
        yield from ((alias.name, ()) for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        module = node.module or ""
        if node.level:
            base = here.split(".")[: len(here.split(".")) - node.level + 1]
            module = ".".join([*base, module] if module else base)
        yield module, tuple(alias.name for alias in node.names)


def import_graph(source: Path) -> dict[str, set[str]]:
    """Each module of the package under ``source``, with the modules of the package it imports."""
    modules = module_names(source)
    homes = public_homes(source / PACKAGE / "__init__.py")
    return {name: imported(name, path, modules, homes) for name, path in modules.items()}


def part_imports(graph: dict[str, set[str]]) -> Counter[tuple[str, str]]:
    """How many module-to-module imports go from each part to each other part."""
    return Counter(
        (part_of(module), part_of(other))
        for module, others in graph.items()
        for other in others
        if part_of(module) != part_of(other)
    )


# --------------------------------------------------------------------------- drawing

Point = tuple[float, float]


class _Box:
    """Where a part is drawn: its band, its corner and size, and the lines written in it."""

    def __init__(self, part: str, band: int, x: float, y: float, width: float) -> None:
        self.part, self.band = part, band
        self.x, self.y, self.width = x, y, width
        self.lines: list[str] = []

    @property
    def height(self) -> float:
        """The box's height: its name, its few words, its lines of modules."""
        return 28 + LINE * (len(self.lines) + len(ABOUT.get(self.part, ()))) + 6

    @property
    def middle(self) -> float:
        """The x of the box's middle."""
        return self.x + self.width / 2


def _text_width(text: str, size: float = FONT) -> float:
    """A generous guess at the width of ``text`` in a sans-serif font."""
    return 0.58 * size * len(text)


def _lines(words: list[str], room: float) -> list[str]:
    """``words`` joined with middle dots into lines that each fit ``room`` pixels.

    >>> _lines(["apply", "cards", "checks"], 100)
    ['apply · cards', 'checks']
    """
    lines: list[str] = []
    for word in words:
        if lines and _text_width(f"{lines[-1]} · {word}") <= room:
            lines[-1] = f"{lines[-1]} · {word}"
        else:
            lines.append(word)
    return lines


def _modules(graph: dict[str, set[str]]) -> dict[str, list[str]]:
    """The modules of each part, by their last name; a package's ``__init__`` left out."""
    members: dict[str, list[str]] = {}
    for module in sorted(graph):
        name = module.rpartition(".")[2]
        package = (Path(*module.split(".")[1:]) / "__init__.py").parts
        if module == PACKAGE or module == f"{PACKAGE}.__main__" or len(package) == 2:
            continue
        members.setdefault(part_of(module), []).append(name)
    return members


def _layout(graph: dict[str, set[str]]) -> tuple[dict[str, _Box], list[tuple[float, float]]]:
    """The box of each part, and the top and bottom of each band."""
    members = _modules(graph)
    boxes: dict[str, _Box] = {}
    bands: list[tuple[float, float]] = []
    top: float = TITLE
    room = WIDTH - 2 * MARGIN - 20
    for band, (_, parts) in enumerate(LAYERS):
        weights = {part: max(len(members.get(part, [])), 4) for part in parts}
        share = (room - GAP * (len(parts) - 1)) / sum(weights.values())
        x: float = MARGIN + 10
        for part in parts:
            box = boxes[part] = _Box(part, band, x, top + 26, share * weights[part])
            box.lines = _lines(members.get(part, []), box.width - 20)
            x += box.width + GAP
        bottom = top + 26 + max(boxes[part].height for part in parts) + 12
        bands.append((top, bottom))
        top = bottom + BAND_GAP
    return boxes, bands


def _spread(count: int, index: int, box: _Box) -> float:
    """The x of the ``index``-th of ``count`` arrows along a side of ``box``."""
    return box.x + box.width * (index + 1) / (count + 1)


def _ends(
    boxes: dict[str, _Box], edges: Counter[tuple[str, str]]
) -> dict[tuple[str, str], tuple[Point, Point]]:
    """Where each arrow leaves its part and where it reaches the other.

    Arrows between bands leave a box's bottom and reach the other's top, spread along the
    sides in the order of the boxes at their other ends; arrows within a band join the
    boxes' facing sides.
    """
    ends: dict[tuple[str, str], tuple[Point, Point]] = {}
    down = [edge for edge in edges if boxes[edge[0]].band != boxes[edge[1]].band]
    for part, box in boxes.items():
        leaving = sorted((e for e in down if e[0] == part), key=lambda e: boxes[e[1]].middle)
        arriving = sorted((e for e in down if e[1] == part), key=lambda e: boxes[e[0]].middle)
        for index, edge in enumerate(leaving):
            start = (_spread(len(leaving), index, box), box.y + box.height)
            ends[edge] = (start, ends.get(edge, (start, start))[1])
        for index, edge in enumerate(arriving):
            stop = (_spread(len(arriving), index, box), box.y)
            ends[edge] = (ends.get(edge, (stop, stop))[0], stop)
    for edge in edges:
        if edge not in ends:
            source, target = boxes[edge[0]], boxes[edge[1]]
            left = source.x < target.x
            y = min(source.y + source.height, target.y + target.height) - 14
            start = (source.x + source.width if left else source.x, y)
            ends[edge] = (start, (target.x if left else target.x + target.width, y))
    return ends


def _element(
    parent: ET.Element, tag: str, text: str | None = None, **attributes: object
) -> ET.Element:
    """A new child of ``parent``; ``font_size`` gives the attribute ``font-size``, and so on."""
    named = {key.rstrip("_").replace("_", "-"): str(value) for key, value in attributes.items()}
    element = ET.SubElement(parent, tag, named)
    element.text = text
    return element


def _arrow(
    parent: ET.Element, edge: tuple[str, str], ends: tuple[Point, Point], count: int, across: bool
) -> None:
    """The arrow of ``count`` imports from ``edge[0]`` to ``edge[1]``."""
    (x1, y1), (x2, y2) = ends
    if across:
        path = f"M {x1:.1f} {y1:.1f} L {x2:.1f} {y2:.1f}"
    else:
        bend = (y2 - y1) / 2
        path = (
            f"M {x1:.1f} {y1:.1f} C {x1:.1f} {y1 + bend:.1f}, "
            f"{x2:.1f} {y2 - bend:.1f}, {x2:.1f} {y2:.1f}"
        )
    color = ACROSS if across else DOWN
    line = _element(
        parent,
        "path",
        d=path,
        stroke=color,
        stroke_width=f"{1 + math.log2(count):.1f}",
        stroke_opacity="0.6",
        marker_end=f"url(#{'across' if across else 'down'})",
    )
    plural = "s" if count != 1 else ""
    _element(line, "title", f"{edge[0]} imports {edge[1]}: {count} module import{plural}")


def _box(parent: ET.Element, box: _Box) -> None:
    """A part's box: its name, its few words, its modules."""
    group = _element(parent, "g", class_="part")
    _element(
        group,
        "rect",
        x=f"{box.x:.1f}",
        y=f"{box.y:.1f}",
        width=f"{box.width:.1f}",
        height=f"{box.height:.1f}",
        fill=BOX,
        stroke=EDGE,
        rx="6",
    )
    left = f"{box.x + 10:.1f}"
    _element(
        group,
        "text",
        box.part,
        x=left,
        y=f"{box.y + 20:.1f}",
        font_size="15",
        font_weight="bold",
        fill=INK,
    )
    y = box.y + 20
    for words in ABOUT.get(box.part, ()):
        y += LINE
        _element(group, "text", words, x=left, y=f"{y:.1f}", font_style="italic", fill=MUTED)
    for line in box.lines:
        y += LINE
        _element(group, "text", line, x=left, y=f"{y:.1f}", fill=MUTED)


def _frame(height: float) -> ET.Element:
    """The picture's root element, its title, its arrowheads and its headline."""
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg"})
    root.attrib.update(
        {
            "viewBox": f"0 0 {WIDTH} {height:.0f}",
            "width": str(WIDTH),
            "height": f"{height:.0f}",
            "font-family": "sans-serif",
            "font-size": str(FONT),
        }
    )
    _element(root, "title", "The parts of chicago_poker in their layers, and what each imports")
    defs = _element(root, "defs")
    for name, color in (("down", DOWN), ("across", ACROSS)):
        marker = _element(
            defs,
            "marker",
            id=name,
            viewBox="0 0 10 10",
            refX="10",
            refY="5",
            markerUnits="userSpaceOnUse",
            markerWidth="11",
            markerHeight="11",
            orient="auto",
        )
        _element(marker, "path", d="M 0 0 L 10 5 L 0 10 z", fill=color)
    _element(root, "rect", width=str(WIDTH), height=f"{height:.0f}", fill="#ffffff")
    _element(
        root,
        "text",
        "chicago_poker: its parts, layer by layer, and what each imports",
        x=str(MARGIN),
        y="26",
        font_size="18",
        font_weight="bold",
        fill=INK,
    )
    _element(
        root,
        "text",
        "An arrow goes from a part to a part it imports, wider for more "
        "module-to-module imports: blue goes down, violet across a band. None goes up.",
        x=str(MARGIN),
        y="48",
        fill=MUTED,
    )
    return root


def picture(graph: dict[str, set[str]]) -> str:
    """The SVG picture of the parts of ``graph``, in their bands, and their imports."""
    boxes, bands = _layout(graph)
    edges = part_imports(graph)
    root = _frame(bands[-1][1] + MARGIN)
    for top, bottom in bands:
        size = {"width": str(WIDTH - 2 * MARGIN), "height": f"{bottom - top:.1f}"}
        _element(root, "rect", x=str(MARGIN), y=f"{top:.1f}", fill=BAND, rx="8", **size)
    arrows = _element(root, "g", fill="none")
    for edge, ends in sorted(_ends(boxes, edges).items()):
        across = boxes[edge[0]].band == boxes[edge[1]].band
        _arrow(arrows, edge, ends, edges[edge], across)
    halo = {"stroke": BAND, "stroke_width": "5", "paint_order": "stroke"}
    for (top, _), (label, _) in zip(bands, LAYERS, strict=True):
        place = {"x": str(MARGIN + 10), "y": f"{top + 18:.1f}"}
        _element(root, "text", label, font_weight="bold", fill=MUTED, **place, **halo)
    for box in boxes.values():
        _box(root, box)
    return ET.tostring(root, encoding="unicode") + "\n"


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the picture, drawn from the working tree's code, to the site's files."""
    source = Path(config.config_file_path).parent / "src"
    existing = files.get_file_from_path(PICTURE)
    if existing is not None:
        files.remove(existing)
    files.append(File.generated(config, PICTURE, content=picture(import_graph(source))))
    return files


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "architecture.svg")
    target.write_text(picture(import_graph(Path(__file__).parents[2] / "src")), encoding="utf-8")
    print(f"wrote {target}")
