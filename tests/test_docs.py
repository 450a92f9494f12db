"""The documentation's pages tell the truth: their code runs, and the generated parts are whole.

The code blocks of the tutorial, the bots page and the README run as written; the home page
shows the README's quick start; the command-line reference lists every option of the parser;
rule and discrepancy IDs become links to the entries that define them.
"""

from __future__ import annotations

import contextlib
import io
import linecache
import re
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from mkdocs.structure.files import File, Files

from chicago_poker.cli.command import build_parser
from chicago_poker.specification import load_specification

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CODE_WIDTH = 79
"""The longest line a code block shows whole on a desktop screen (see docs/screenshots.py)."""
sys.path.insert(0, str(DOCS / "hooks"))

import cli_reference  # noqa: E402  (a hook of mkdocs.yml, found through sys.path)
import rule_links  # noqa: E402
import spec_pages  # noqa: E402

_BLOCK = re.compile(
    r'^```python\n(.*?)^```$(?:\s*^```text title="Output"\n(.*?)^```$)?', re.S | re.M
)
"""A ```python block, and the ```text block titled Output that may follow it: what it prints."""


def python_blocks(path: Path) -> list[str]:
    """The ```python blocks of a Markdown file, in order."""
    return [code for code, _ in _BLOCK.findall(path.read_text(encoding="utf-8"))]


def run_blocks(path: Path) -> dict[str, Any]:
    """Run the Python blocks of a page one after the other in one namespace, as one program.

    A block followed by an Output block must print exactly that: a page never promises
    output that its code does not print.
    """
    namespace: dict[str, Any] = {"__name__": f"docs:{path.name}"}
    blocks = _BLOCK.findall(path.read_text(encoding="utf-8"))
    for number, (block, output) in enumerate(blocks, 1):
        name = f"{path.name}, python block {number}"
        # Registered, so that a failing block's traceback shows its lines.
        linecache.cache[name] = (len(block), None, block.splitlines(True), name)
        code = compile(block, name, "exec")
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(code, namespace)
        if output:
            assert printed.getvalue().rstrip() == output.rstrip(), name
    return namespace


# --------------------------------------------------------------------------- code that runs


@pytest.mark.parametrize("page", ["tutorial.md", "bots.md", "bot-protocol.md", "ai.md"])
def test_the_python_blocks_of_a_page_run_in_order(page: str) -> None:
    assert len(python_blocks(DOCS / page)) >= 3
    run_blocks(DOCS / page)


IN_ORDER = ("tutorial.md", "bots.md", "bot-protocol.md", "ai.md")
"""The pages whose Python blocks build on one another, run in order above."""

ALONE = sorted(
    str(path.relative_to(DOCS))
    for path in DOCS.rglob("*.md")
    if path.name not in IN_ORDER and python_blocks(path)
)
"""Every other page with Python blocks: each of its blocks runs on its own."""


@pytest.mark.parametrize("page", ALONE)
def test_every_python_block_of_the_other_pages_runs_on_its_own(
    page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reader copies one block: it needs nothing from another (files go to a scratch folder)."""
    monkeypatch.chdir(tmp_path)
    for number, block in enumerate(python_blocks(DOCS / page), 1):
        name = f"{page}, python block {number}"
        linecache.cache[name] = (len(block), None, block.splitlines(True), name)
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(block, name, "exec"), {"__name__": f"docs:{page}"})


@pytest.mark.parametrize("page", ["tutorial.md", "bots.md", "bot-protocol.md", "ai.md"])
def test_the_code_of_a_page_fits_its_width(page: str) -> None:
    """Longer lines scroll sideways in the site's code blocks, at a desktop width."""
    long = [line for block in python_blocks(DOCS / page) for line in block.split("\n")]
    assert [line for line in long if len(line) > CODE_WIDTH] == []


def test_the_learning_agents_page_lists_every_field_of_the_observation() -> None:
    observation = pytest.importorskip("chicago_poker.ai.observation")
    text = (DOCS / "ai.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \| (\d+) \| (.+) \|$", text, re.M)
    assert rows == [
        (name, str(first), str(size), what) for name, first, size, what in observation.FIELDS
    ]


def test_the_tutorial_plays_a_whole_game_and_validates_its_log() -> None:
    namespace = run_blocks(DOCS / "tutorial.md")
    assert namespace["game"].state.is_over
    assert namespace["report"].exit_code == 0
    assert namespace["broken"].exit_code == 1


def test_the_readme_engine_example_runs() -> None:
    (block,) = python_blocks(ROOT / "README.md")
    exec(compile(block, "README.md", "exec"), {})


# --------------------------------------------------------------------------- one quick start


def readme_quick_start() -> str:
    """The README's quick start section, as CI runs it (up to the next ``## `` heading)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text.split("## Quick start\n", 1)[1].split("\n## ", 1)[0]


def snippet_section(text: str, name: str) -> str:
    """The text between the ``--8<--`` start and end markers of a section."""
    start = re.search(rf"^.*--8<-- \[start:{name}\].*\n", text, re.M)
    end = re.search(rf"^.*--8<-- \[end:{name}\].*$", text, re.M)
    assert start is not None, f"no start of the snippet section {name}"
    assert end is not None, f"no end of the snippet section {name}"
    return text[start.end() : end.start()]


def test_the_home_page_shows_the_readme_quick_start() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    home = index.split("## Quick start\n", 1)[1].split("\n## ", 1)[0]
    assert '--8<-- "README.md:quick-start"' in home
    shown = snippet_section(readme_quick_start(), "quick-start")
    # Everything CI runs is shown: the snippet holds every shell block of the section.
    ran = re.findall(r"```sh\n(.*?)```", readme_quick_start(), re.S)
    assert ran
    assert re.findall(r"```sh\n(.*?)```", shown, re.S) == ran


def test_the_site_reads_snippets_and_runs_the_hooks() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    lines = [line.strip() for line in config.splitlines()]
    for line in [
        "- pymdownx.snippets:",
        "- docs/hooks/cli_reference.py",
        "- docs/hooks/rule_links.py",
        "- Tutorial: tutorial.md",
        "- Bots: bots.md",
        "- Command line: cli.md",
    ]:
        assert line in lines, line


# --------------------------------------------------------------------------- the CLI page


def sections(page: str) -> dict[str, str]:
    """The page's text by subcommand; the command's own options under ``""``."""
    top, *parts = re.split(r"^## chicago-poker ", page, flags=re.M)
    return {"": top} | {part.split(" ", 1)[0]: part for part in parts}


def test_the_command_line_page_has_every_subcommand_and_option() -> None:
    parser = build_parser()
    parsers = {"": parser} | cli_reference.subcommands(parser)
    text = sections(cli_reference.page(parser))
    assert text.keys() == parsers.keys()
    assert {"validate", "play", "demo", "simulate", "rules", "hands"} <= text.keys()
    for name, subcommand in parsers.items():
        for action in subcommand._actions:
            if not cli_reference.documented(action):
                continue
            for option in action.option_strings or [cli_reference.metavar(action)]:
                assert f"`{option}" in text[name], f"{name}: {option} is not on the page"
            assert cli_reference.escape(action.help or "") in text[name]


def test_a_new_option_appears_on_the_command_line_page() -> None:
    parser = build_parser()
    subcommand = cli_reference.subcommands(parser)["hands"]
    subcommand.add_argument("--colour", choices=("never", "always"), help="when to use colour")
    text = cli_reference.page(parser)
    assert "| `--colour {never,always}` | when to use colour |" in text


# --------------------------------------------------------------------------- rule links


def fake_href(identifier: str) -> str | None:
    return None if identifier == "R-99" else f"../rules/#{identifier}"


NOWRAP = "white-space: nowrap"

LINKS: list[tuple[str, str]] = [
    (
        "<p>A card came off the deck (R-3.6, R-6.7.5).</p>",
        '<p>A card came off the deck (<a href="../rules/#R-3.6" title="R-3.6 T" '
        f'style="{NOWRAP}">R-3.6</a>, <a href="../rules/#R-6.7.5" title="R-6.7.5 T" '
        f'style="{NOWRAP}">R-6.7.5</a>).</p>',
    ),
    ("<p>Unknown: R-99.</p>", "<p>Unknown: R-99.</p>"),
    ("<p><code>rule='R-3.1'</code></p>", "<p><code>rule='R-3.1'</code></p>"),
    ('<h3 id="R-3.1">R-3.1 Turns</h3>', '<h3 id="R-3.1">R-3.1 Turns</h3>'),
    ('<p><a href="x">see R-3.1</a></p>', '<p><a href="x">see R-3.1</a></p>'),
    (
        "<pre><code>R-3.1\n<span>D-9</span></code></pre>",
        "<pre><code>R-3.1\n<span>D-9</span></code></pre>",
    ),
    ('<td><span title="R-3.1">x</span></td>', '<td><span title="R-3.1">x</span></td>'),
    ("<p>PR-3.1 R-3.1x</p>", "<p>PR-3.1 R-3.1x</p>"),
]


@pytest.mark.parametrize(("html", "expected"), LINKS)
def test_an_id_in_the_text_links_to_its_rule_and_nothing_else_changes(
    html: str, expected: str
) -> None:
    assert rule_links.link_ids(html, fake_href, title=lambda identifier: "T") == expected


def test_text_after_code_or_a_heading_links_again() -> None:
    html = "<h2>R-1 Cards</h2><p><code>R-2</code> then D-9</p>"
    linked = rule_links.link_ids(html, fake_href)
    assert linked.endswith(
        'then <a href="../rules/#D-9" title="D-9 D-9" style="white-space: nowrap">D-9</a></p>'
    )
    assert linked.startswith("<h2>R-1 Cards</h2><p><code>R-2</code>")


def test_every_id_of_the_specification_has_a_target_on_its_page() -> None:
    spec = load_specification(ROOT / "spec")
    targets = rule_links.targets(spec)
    assert targets["R-6.4"][0] == "rules/R-6.md"
    assert targets["R-6"][0] == "rules/R-6.md"
    assert targets["D-1"][0] == "discrepancies.md"
    assert len(targets) == len(spec.sections) + len(spec.rules) + len(spec.discrepancies)
    assert all(rule_links.ID.fullmatch(identifier) for identifier in targets)


def test_the_hook_links_an_api_page_to_the_rules_and_discrepancies_pages() -> None:
    config: Any = SimpleNamespace(config_file_path=str(ROOT / "mkdocs.yml"))
    rule_links.on_config(config)
    names = ["index.md", "api/views.md", "rules/R-6.md", "discrepancies.md"]
    files = Files([File(name, "docs", "site", use_directory_urls=True) for name in names])
    html = "<p>Shootouts (R-6.4) and D-1, not R-99.</p>"
    page: Any = SimpleNamespace(file=files.get_file_from_path("api/views.md"))
    linked = rule_links.on_page_content(html, page, config, files)
    assert '<a href="../../rules/R-6/#R-6.4" title="R-6.4 ' in linked
    assert '<a href="../../discrepancies/#D-1" title="D-1 ' in linked
    assert linked.endswith(", not R-99.</p>")
    page = SimpleNamespace(file=files.get_file_from_path("index.md"))
    assert 'href="rules/R-6/#R-6.4"' in rule_links.on_page_content(html, page, config, files)


def test_each_rule_is_on_its_section_s_page_and_every_section_page_is_in_the_menu() -> None:
    spec = load_specification(ROOT / "spec")
    generated = spec_pages.pages(spec)
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for section in spec.sections:
        page = f"rules/{section.id}.md"
        assert f": {page}" in config, page
        anchors = re.findall(r"\{ #(R-[\d.]+) \}", generated[page])
        assert anchors == [section.id, *(rule.id for rule in spec.rules_in(section.id))]
    index = generated["rules/index.md"]
    assert [link for link in re.findall(r"\]\(([^)#]+)\)", index)] == [
        f"{section.id}.md" for section in spec.sections
    ]
    every = [a for text in generated.values() for a in re.findall(r"\{ #(R-[\d.]+) \}", text)]
    assert sorted(every) == sorted([s.id for s in spec.sections] + [r.id for r in spec.rules])
