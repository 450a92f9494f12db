"""MkDocs hook: every rule or discrepancy ID in a page's text links to its entry.

Docstrings cite the rules they follow, such as ``(R-6.4)`` or ``D-44``; on the API pages,
rendered by mkdocstrings, and on every other page, such an ID becomes a link to its anchor
on the Rules or Discrepancies page, with its title as a tooltip. The work is done on the
page's HTML, after Markdown and mkdocstrings: IDs inside code, links and headings are left
as they are, and so are IDs the specification does not have.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from chicago_poker.specification import Specification, SpecificationError, load_specification

ID = re.compile(r"\b(?>R-\d+(?:\.\d+)*|D-\d+)(?![\w-])")
"""A rule, section or discrepancy ID, as the specification writes them, whole: not the
``R-3`` of ``R-3.1x``."""

_TAG = re.compile(r"(<!--.*?-->|<[^>]*>)", re.S)
_NAME = re.compile(r"</?([a-zA-Z][a-zA-Z0-9]*)")
UNTOUCHED = frozenset(
    {"a", "autoref", "code", "pre", "kbd", "samp", "script", "style", "textarea", "title"}
)
"""Elements whose text keeps its IDs as they are; headings (``h1`` to ``h6``) too.

``autoref`` is the placeholder mkdocstrings leaves for a cross-reference, a link later."""

Target = tuple[str, str]
"""Where an ID points: the page (a Markdown file name) and the entry's title."""

_targets: dict[str, Target] = {}


def targets(spec: Specification) -> dict[str, Target]:
    """Every ID of the specification, with the page that has its anchor and its title."""
    found = {section.id: (_page(section.id), section.title) for section in spec.sections}
    found |= {rule.id: (_page(rule.id), rule.title) for rule in spec.rules}
    found |= {d.id: ("discrepancies.md", d.title) for d in spec.discrepancies}
    return found


def _page(identifier: str) -> str:
    """The Rules page of a rule or section: one page a section (see spec_pages)."""
    return f"rules/{identifier.split('.', 1)[0]}.md"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Load the IDs of the specification next to ``mkdocs.yml``."""
    try:
        spec = load_specification(Path(config.config_file_path).parent / "spec")
    except SpecificationError as error:
        raise PluginError(f"cannot load the specification: {error}") from error
    _targets.clear()
    _targets.update(targets(spec))
    return config


def on_page_content(html_text: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Link the IDs of one page to the pages that define them, relative to this page."""

    def href(identifier: str) -> str | None:
        target = _targets.get(identifier)
        where = files.get_file_from_path(target[0]) if target else None
        if where is None:
            return None
        return f"{get_relative_url(where.url, page.file.url)}#{identifier}"

    return link_ids(html_text, href, title=lambda identifier: _targets[identifier][1])


def link_ids(
    html_text: str,
    href: Callable[[str], str | None],
    title: Callable[[str], str] = lambda identifier: identifier,
) -> str:
    """``html_text`` with each ID in its text made a link to ``href(ID)``, where there is one.

    >>> linked = link_ids("<p>(R-3.5)</p>", lambda i: f"rules/#{i}", lambda i: "End")
    >>> linked.startswith('<p>(<a href="rules/#R-3.5" title="R-3.5 End"')
    True
    >>> linked.endswith(">R-3.5</a>)</p>")
    True
    >>> link_ids("<p><code>R-3.5</code> D-9</p>", lambda i: None)
    '<p><code>R-3.5</code> D-9</p>'
    """

    parts = _TAG.split(html_text)
    depth = 0  # how many untouched elements are open around the text
    for index, part in enumerate(parts):
        if index % 2:
            depth = max(0, depth + nesting(part))
        elif depth == 0:
            parts[index] = ID.sub(lambda match: anchor(match[0], href, title), part)
    return "".join(parts)


def anchor(identifier: str, href: Callable[[str], str | None], title: Callable[[str], str]) -> str:
    """A link to the entry of ``identifier``, or the ID as it is if it has none."""
    url = href(identifier)
    if url is None:
        return identifier
    tooltip = html.escape(f"{identifier} {title(identifier)}")
    # Kept on one line: a line break after the hyphen of "R-7.3" would hide the rule.
    style = "white-space: nowrap"
    return f'<a href="{html.escape(url)}" title="{tooltip}" style="{style}">{identifier}</a>'


def nesting(tag: str) -> int:
    """+1 for a tag that opens an untouched element, -1 for one that closes it, else 0."""
    match = _NAME.match(tag)
    if match is None or tag.endswith("/>"):
        return 0
    name = match[1].lower()
    if name not in UNTOUCHED and re.fullmatch(r"h[1-6]", name) is None:
        return 0
    return -1 if tag.startswith("</") else 1
