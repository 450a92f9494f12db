"""The picture of the architecture: drawn from the imports the layer test reads, going down.

``docs/hooks/architecture.py`` draws the parts of the package in bands, one per layer, with an
arrow for every part that another imports. It reads the imports itself, with no import of the
tests; here it is checked to read exactly what ``tests/test_layers.py`` reads, to place every
part of the package in a band, and to find no import that goes up a band.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from test_layers import PACKAGE, import_graph

DOCS = Path(__file__).parents[1] / "docs"
sys.path.insert(0, str(DOCS / "hooks"))

import architecture  # noqa: E402 - from docs/hooks, put on the path above

SOURCE = PACKAGE.parent
DRAWN = architecture.import_graph(SOURCE)
BAND = {part: band for band, (_, parts) in enumerate(architecture.LAYERS) for part in parts}


def test_the_picture_reads_the_imports_the_layer_test_reads() -> None:
    drawn = architecture.import_graph(SOURCE)
    assert drawn == import_graph(SOURCE)


def test_every_part_of_the_package_has_a_band() -> None:
    assert {architecture.part_of(module) for module in DRAWN} == BAND.keys()


def test_no_part_imports_a_part_of_a_band_above_it() -> None:
    """Each path through the package goes down the layers and comes back: none zig-zags."""
    edges = architecture.part_imports(DRAWN)
    assert [edge for edge in edges if BAND[edge[1]] < BAND[edge[0]]] == []


def test_the_up_check_sees_an_import_that_goes_up() -> None:
    edges = architecture.part_imports({"chicago_poker.core.x": {"chicago_poker.cli.command"}})
    assert [edge for edge in edges if BAND[edge[1]] < BAND[edge[0]]] == [("core", "cli")]


def test_the_picture_has_a_box_for_every_part_and_an_arrow_for_every_import() -> None:
    svg = ET.fromstring(architecture.picture(DRAWN))
    space = "{http://www.w3.org/2000/svg}"
    parts = [group.find(f"{space}text") for group in svg.iter(f"{space}g")]
    names = {part.text for part in parts if part is not None}
    titles = [title.text or "" for title in svg.iter(f"{space}title")]
    arrows = [title for title in titles if " imports " in title]
    assert names >= BAND.keys()
    assert len(arrows) == len(architecture.part_imports(DRAWN))
    assert any(title.startswith("cli imports core: ") for title in arrows)


def test_the_architecture_page_shows_the_picture_and_the_site_draws_it() -> None:
    page = (DOCS / "architecture.md").read_text(encoding="utf-8")
    config = (DOCS.parent / "mkdocs.yml").read_text(encoding="utf-8")
    assert f"]({architecture.PICTURE})" in page
    assert "- docs/hooks/architecture.py" in [line.strip() for line in config.splitlines()]
