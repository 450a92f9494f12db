"""MkDocs hook: generate the Rules, Discrepancies and Terminology pages from ``spec/``.

The pages are built from the TOML files next to ``mkdocs.yml`` (not from an
installed copy), so the site always shows the working tree's specification.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from chicago_poker.specification import (
    EDITIONS,
    TERM_GROUPS,
    Discrepancy,
    Rule,
    Specification,
    SpecificationError,
    Term,
    load_specification,
)

LABELS = {"en": "EN", "nl": "NL", "fr": "FR"}
LANGUAGES = {"en": "English", "nl": "Dutch", "fr": "French"}


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated pages to the site's files."""
    root = Path(config.config_file_path).parent / "spec"
    try:
        spec = load_specification(root)
    except SpecificationError as error:
        raise PluginError(f"cannot load the specification: {error}") from error
    for name, content in pages(spec).items():
        existing = files.get_file_from_path(name)
        if existing is not None:
            files.remove(existing)
        files.append(File.generated(config, name, content=content))
    return files


def pages(spec: Specification) -> dict[str, str]:
    """Render every generated page, by file name.

    The rules have a page for each section (``rules/R-6.md``) and an index
    (``rules/index.md``): one page of every rule was too long to read or to load on a phone.
    """
    rules = {"rules/index.md": "\n".join(rules_index(spec))}
    rules |= {
        section_page(section.id): "\n".join(rules_page(spec, section.id))
        for section in spec.sections
    }
    return {
        **{name: in_rules_directory(text) for name, text in rules.items()},
        "discrepancies.md": "\n".join(discrepancies_page(spec)),
        "terminology.md": "\n".join(terminology_page(spec)),
    }


def section_of(identifier: str) -> str:
    """The section of a rule or section ID: ``R-6`` for ``R-6.7.2`` and for ``R-6``."""
    return identifier.split(".", 1)[0]


def section_page(identifier: str) -> str:
    """The page of a rule or section ID, from the documentation's root: ``rules/R-6.md``."""
    return f"rules/{section_of(identifier)}.md"


def in_rules_directory(text: str) -> str:
    """Links written from the documentation's root, rewritten for a page in ``rules/``."""
    text = text.replace("](rules/", "](")
    return re.sub(r"\]\((discrepancies|terminology)\.md", r"](../\1.md", text)


# --- text helpers -------------------------------------------------------------

_SPECIAL = re.compile(r"([\\`*_{}\[\]|])")


def escape(text: str) -> str:
    """Make plain text safe inside Markdown: no emphasis, links, HTML or headings."""
    text = _SPECIAL.sub(r"\\\1", html.escape(" ".join(text.split()), quote=False))
    return re.sub(r"^([#+\-]|\d+\.)", r"\\\1", text)


_REFERENCE = re.compile(r"\b(?:R-\d+(?:\.\d+)*|D-\d+)\b")


def prose(spec: Specification, text: str) -> str:
    """Own-words Markdown, with rule and discrepancy IDs outside code spans made links."""
    parts = re.split(r"(`[^`]*`)", text)
    return "".join(
        part if part.startswith("`") else _REFERENCE.sub(lambda m: link(spec, m[0]), part)
        for part in parts
    )


def paragraphs(spec: Specification, text: str) -> list[str]:
    """Split own-words text at blank lines into Markdown paragraphs."""
    return [
        prose(spec, " ".join(part.split())) for part in re.split(r"\n\s*\n", text) if part.strip()
    ]


def link(spec: Specification, identifier: str) -> str:
    """A link to a rule, section or discrepancy; the plain ID if there is none."""
    if identifier.startswith("D-"):
        known = any(d.id == identifier for d in spec.discrepancies)
        return f"[{identifier}](discrepancies.md#{identifier})" if known else identifier
    known = spec.has_rule(identifier) or any(s.id == identifier for s in spec.sections)
    return f"[{identifier}]({section_page(identifier)}#{identifier})" if known else identifier


def blockquote(label: str, lines: Iterable[str]) -> list[str]:
    """A blockquote whose first paragraph is a bold label."""
    out = [f"> **{label}**"]
    for line in lines:
        out += [">", f"> {line}"]
    return [*out, ""]


def titled_link(spec: Specification, d: Discrepancy) -> str:
    return f"{link(spec, d.id)} {d.title}"


# --- rules -------------------------------------------------------------------------


def rules_index(spec: Specification) -> Iterator[str]:
    yield "# Rules"
    yield ""
    yield (
        "Generated from `spec/rules/`. Each rule states, in our own words, what the engine "
        "implements; below it are the verbatim passages of the English (EN), Dutch (NL) and "
        "French (FR) rulebooks it rests on, or a note where an edition is silent. Quotes keep "
        "the sources' spelling, mistakes and OCR noise. The rules have a page for each section:"
    )
    yield ""
    for section in spec.sections:
        rules = spec.rules_in(section.id)
        count = f"{len(rules)} rule{'s' if len(rules) != 1 else ''}"
        yield f"- [{section.id} {section.title}]({section_page(section.id)}) ({count})"
    yield ""


def rules_page(spec: Specification, identifier: str) -> Iterator[str]:
    (section,) = (section for section in spec.sections if section.id == identifier)
    yield f"# {section.id} {section.title} {{ #{section.id} }}"
    yield ""
    yield from (f"{paragraph}\n" for paragraph in paragraphs(spec, section.summary))
    for rule in spec.rules_in(section.id):
        yield from rule_entry(spec, rule)


def rule_entry(spec: Specification, rule: Rule) -> Iterator[str]:
    level = "#" * min(6, 1 + rule.id.count("."))
    yield f"{level} {rule.id} {rule.title} {{ #{rule.id} }}"
    yield ""
    yield from (f"{paragraph}\n" for paragraph in paragraphs(spec, rule.statement))
    related = spec.discrepancies_of(rule.id)
    if related:
        yield "Discrepancies: " + "; ".join(titled_link(spec, d) for d in related)
        yield ""
    for edition in EDITIONS:
        yield from edition_evidence(spec, rule, edition)


def edition_evidence(spec: Specification, rule: Rule, edition: str) -> list[str]:
    quotes = rule.quotes(edition)
    if quotes:
        return blockquote(LABELS[edition], (escape(quote) for quote in quotes))
    note = rule.silence(edition)
    if note is not None:
        return blockquote(f"{LABELS[edition]} (silent)", paragraphs(spec, note))
    return []


# --- discrepancies -------------------------------------------------------------------


def discrepancies_page(spec: Specification) -> Iterator[str]:
    yield "# Discrepancies"
    yield ""
    yield (
        "Generated from `spec/discrepancies.toml`: where the editions disagree, omit something, "
        "contradict themselves or are all silent, what difference it makes, and the reading the "
        "engine takes by default."
    )
    yield ""
    for discrepancy in spec.discrepancies:
        yield from discrepancy_entry(spec, discrepancy)


def discrepancy_entry(spec: Specification, d: Discrepancy) -> Iterator[str]:
    yield f"## {d.id} {d.title} {{ #{d.id} }}"
    yield ""
    rules = ", ".join(link(spec, rule_id) for rule_id in d.rules) or "none"
    yield f"**Kind:** {d.kind} · **Rules:** {rules}"
    yield ""
    for label, text in (("Impact", d.impact), ("Decision", d.decision), ("Why", d.rationale)):
        yield f"**{label}.** " + "\n\n".join(paragraphs(spec, text))
        yield ""
    yield from option_lines(spec, d)
    for edition in EDITIONS:
        yield from reading_lines(spec, d, edition)


def option_lines(spec: Specification, d: Discrepancy) -> list[str]:
    if d.option is not None:
        effect = " ".join(paragraphs(spec, d.option_effect or ""))
        return [f"**Option** `{d.option}`: {effect}", ""]
    if d.no_option_reason is not None:
        return [f"**No option.** {' '.join(paragraphs(spec, d.no_option_reason))}", ""]
    return []


def reading_lines(spec: Specification, d: Discrepancy, edition: str) -> list[str]:
    reading = d.reading(edition)
    if reading is None:
        return []
    says = " ".join(paragraphs(spec, reading.says))
    lines = [f"**{LANGUAGES[edition]} ({LABELS[edition]}).** {says}", ""]
    if reading.quotes:
        lines += blockquote(LABELS[edition], (escape(quote) for quote in reading.quotes))
    return lines


# --- terminology ---------------------------------------------------------------------


def terminology_page(spec: Specification) -> Iterator[str]:
    yield "# Terminology"
    yield ""
    yield (
        "Generated from `spec/terminology.toml`: what each edition calls things, and the "
        "identifier the code uses. A dash means the edition has no name for it."
    )
    yield ""
    for group in TERM_GROUPS:
        terms = [term for term in spec.terms if term.group == group]
        if terms:
            yield from term_table(spec, group, terms)


def term_table(spec: Specification, group: str, terms: list[Term]) -> Iterator[str]:
    yield f"## {group.capitalize()}"
    yield ""
    yield "| Code | English | Dutch | French | Note |"
    yield "| --- | --- | --- | --- | --- |"
    for term in terms:
        names = [escape(term.name(edition) or "") for edition in EDITIONS]
        note = " ".join(paragraphs(spec, term.note or "")).replace("|", "\\|")
        yield f"| `{term.code}` | {' | '.join(names)} | {note} |"
    yield ""
