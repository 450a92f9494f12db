"""The formal specification of Chicago Poker: a typed loader and pure checks.

The specification is a directory (``spec/`` in the repository, shipped inside
the wheel as ``chicago_poker/_spec``) holding:

* ``rules/NN-name.toml``: one section each, with its normative rules and the
  verbatim rulebook passages each rule rests on (loaded in file-name order);
* ``not-rules.toml``: rulebook passages that state no rule (headings, flavour
  text, credits, ...);
* ``discrepancies.toml``: where the editions disagree or are silent, and the
  reading the engine takes;
* ``terminology.toml``: the names the code and the three editions use;
* ``sources/``: the English, Dutch and French rulebook texts and their
  ``SHA256SUMS``.

:func:`load_specification` reads the TOML into frozen :mod:`attrs` classes and
raises :class:`SpecificationError` for malformed data. The ``check_*``
functions are pure: they take the loaded data and return a list of
:class:`Finding`; :func:`check_specification` runs them all. Run
``python -m chicago_poker.specification`` for a coverage report and all
findings (exit status 1 if there are any).

Quotes are compared after :func:`normalise` (every run of whitespace becomes
one space, ends stripped). Coverage splits each normalised source with
:func:`split_sentences`.

The package also holds :mod:`~chicago_poker.specification.frequencies`, the exact
frequency of each hand category, which checks the hand ranking the rulebooks state
(R-7.3) and which ``chicago-poker hands`` prints.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import re
import sys
import tomllib
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from importlib.resources import files
from itertools import pairwise
from pathlib import Path
from typing import Any, Final, NamedTuple, TypeVar

from attrs import frozen

__all__ = [
    "DISCREPANCY_ID",
    "DISCREPANCY_KINDS",
    "EDITIONS",
    "NO_NAME",
    "PASSAGE_KINDS",
    "RULE_ID",
    "SECTION_ID",
    "TERM_GROUPS",
    "Coverage",
    "Discrepancy",
    "EditionReading",
    "Finding",
    "Passage",
    "Rule",
    "Section",
    "Sentence",
    "SourceFile",
    "Sources",
    "Specification",
    "SpecificationError",
    "Term",
    "check_coverage",
    "check_discrepancies",
    "check_editions",
    "check_hashes",
    "check_ids",
    "check_quotes",
    "check_specification",
    "check_terminology",
    "coverage",
    "default_root",
    "format_coverage",
    "load_sources",
    "load_specification",
    "main",
    "normalise",
    "report",
    "source_file",
    "split_sentences",
]

EDITIONS: Final = ("en", "nl", "fr")
"""Rulebook editions, in the order reports list them."""

PASSAGE_KINDS: Final = (
    "heading",
    "flavour",
    "publisher",
    "credits",
    "caption",
    "chart",
    "noise",
    "layout",
    "example",
)
"""Allowed ``kind`` values of a not-rule passage."""

DISCREPANCY_KINDS: Final = (
    "conflict",
    "omission",
    "self-contradiction",
    "silence",
    "counting",
    "naming",
)
"""Allowed ``kind`` values of a discrepancy."""

TERM_GROUPS: Final = (
    "component",
    "business kind",
    "card",
    "special card",
    "action",
    "hand category",
    "colour",
    "game term",
)
"""Allowed ``group`` values of a term, in the order the documentation lists them."""

NO_NAME: Final = "—"
"""Term value meaning "this edition has no name for it" (a note is then required)."""

_NUMBER = r"(?:0|[1-9][0-9]*)"
SECTION_ID: Final = re.compile(rf"R-{_NUMBER}")
"""Pattern of a section ID such as ``R-7`` (use ``fullmatch``)."""
RULE_ID: Final = re.compile(rf"R-{_NUMBER}(?:\.{_NUMBER})*")
"""Pattern of a rule ID such as ``R-7.3.1`` (use ``fullmatch``; no leading zeros)."""
DISCREPANCY_ID: Final = re.compile(r"D-[1-9][0-9]*")
"""Pattern of a discrepancy ID such as ``D-12`` (use ``fullmatch``)."""

RULES_DIR: Final = "rules"
NOT_RULES_FILE: Final = "not-rules.toml"
DISCREPANCIES_FILE: Final = "discrepancies.toml"
TERMINOLOGY_FILE: Final = "terminology.toml"
SOURCES_DIR: Final = "sources"
CHECKSUMS_FILE: Final = "sources/SHA256SUMS"


def source_file(edition: str) -> str:
    """Return the path of an edition's rulebook text, relative to the spec root.

    >>> source_file("nl")
    'sources/chicago-poker-nl.txt'
    """
    return f"{SOURCES_DIR}/chicago-poker-{edition}.txt"


class SpecificationError(ValueError):
    """The specification's files are missing or malformed."""


# --- data -------------------------------------------------------------------


@frozen
class Section:
    """A top-level part of the rules, such as turns or hand ranking."""

    id: str
    """Section ID such as ``R-3``."""
    title: str
    """Short title."""
    summary: str
    """One paragraph in our own words."""
    file: str
    """File it was loaded from, relative to the spec root."""


@frozen
class Rule:
    """One normative rule with the rulebook passages it rests on."""

    id: str
    """Rule ID such as ``R-3.4``; starts with its section's ID."""
    title: str
    """Short title."""
    statement: str
    """The normative statement, in our own words."""
    section: str
    """ID of the section the rule belongs to."""
    file: str
    """File it was loaded from, relative to the spec root."""
    sources: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """``(edition, quotes)`` pairs: verbatim quotes per edition."""
    silent: tuple[tuple[str, str], ...] = ()
    """``(edition, note)`` pairs for editions that say nothing about the rule."""
    decisions: tuple[str, ...] = ()
    """IDs of the discrepancies that settle this rule."""

    def quotes(self, edition: str) -> tuple[str, ...]:
        """Return the edition's quotes (empty if it has none).

        >>> rule = Rule("R-1.1", "Deal", "Deal five.", "R-1", "rules/01.toml",
        ...             sources=(("en", ("Deal 5 cards.",)),))
        >>> rule.quotes("en"), rule.quotes("fr")
        (('Deal 5 cards.',), ())
        """
        return dict(self.sources).get(edition, ())

    def silence(self, edition: str) -> str | None:
        """Return the note saying the edition is silent, or ``None``.

        >>> Rule("R-1.1", "Deal", "Deal five.", "R-1", "rules/01.toml",
        ...      silent=(("fr", "Not said."),)).silence("fr")
        'Not said.'
        """
        return dict(self.silent).get(edition)


@frozen
class Passage:
    """A rulebook passage that states no rule (heading, flavour text, ...)."""

    edition: str
    """Edition the quote comes from: ``en``, ``nl`` or ``fr``."""
    kind: str
    """One of :data:`PASSAGE_KINDS`."""
    quote: str
    """Verbatim text from the edition's source."""
    note: str | None = None
    """Optional remark."""
    index: int = 0
    """Position in ``not-rules.toml``, counting from 1."""

    @property
    def label(self) -> str:
        """Name used in findings, such as ``passage #3``."""
        return f"passage #{self.index}"


@frozen
class EditionReading:
    """What one edition says about a discrepancy."""

    edition: str
    """``en``, ``nl`` or ``fr``."""
    says: str
    """Own-words summary of what the edition says (or that it is silent)."""
    quotes: tuple[str, ...] = ()
    """Verbatim quotes backing the summary; empty when the edition is silent."""


@frozen
class Discrepancy:
    """A point where the editions disagree or are silent, and how it is settled."""

    id: str
    """Discrepancy ID such as ``D-1``."""
    title: str
    """Short title."""
    kind: str
    """One of :data:`DISCREPANCY_KINDS`."""
    rules: tuple[str, ...]
    """IDs of the rules it touches."""
    impact: str
    """What difference it makes at the table."""
    decision: str
    """The reading the engine takes by default."""
    rationale: str
    """Why."""
    option: str | None = None
    """Name of the rule option offering another reading, if any."""
    option_effect: str | None = None
    """What the option changes (present exactly when ``option`` is)."""
    no_option_reason: str | None = None
    """Why there is no option (present exactly when ``option`` is not)."""
    readings: tuple[EditionReading, ...] = ()
    """What each edition says, in :data:`EDITIONS` order."""

    def reading(self, edition: str) -> EditionReading | None:
        """Return what the edition says, or ``None`` if the entry lacks it."""
        return next((r for r in self.readings if r.edition == edition), None)


@frozen
class Term:
    """A game term: the identifier the code uses and each edition's name."""

    group: str
    """One of :data:`TERM_GROUPS`."""
    code: str
    """Identifier the code uses, such as ``BusinessTile``."""
    en: str | None
    """English name (:data:`NO_NAME` if the edition has none)."""
    nl: str | None
    """Dutch name (:data:`NO_NAME` if the edition has none)."""
    fr: str | None
    """French name (:data:`NO_NAME` if the edition has none)."""
    note: str | None = None
    """Optional remark; required when a name is :data:`NO_NAME`."""
    index: int = 0
    """Position in ``terminology.toml``, counting from 1."""

    def name(self, edition: str) -> str | None:
        """Return the edition's name for the term.

        >>> Term("card", "Revolver", "Revolver", "Revolver", "Revolver").name("nl")
        'Revolver'
        """
        names = {"en": self.en, "nl": self.nl, "fr": self.fr}
        return names[edition]


@frozen
class Specification:
    """The whole specification, as loaded from its TOML files."""

    sections: tuple[Section, ...]
    """Sections in file-name order."""
    rules: tuple[Rule, ...]
    """Rules in file order."""
    passages: tuple[Passage, ...] = ()
    """Not-rule passages."""
    discrepancies: tuple[Discrepancy, ...] = ()
    """Discrepancies between editions."""
    terms: tuple[Term, ...] = ()
    """Terminology."""

    def rule(self, rule_id: str) -> Rule:
        """Return the rule with this ID.

        Raises:
            KeyError: There is no such rule.
        """
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        raise KeyError(rule_id)

    def rules_in(self, section_id: str) -> tuple[Rule, ...]:
        """Return the rules of a section, in order."""
        return tuple(rule for rule in self.rules if rule.section == section_id)

    def discrepancies_of(self, rule_id: str) -> tuple[Discrepancy, ...]:
        """Return the discrepancies that touch a rule or that it names as decisions."""
        decisions = set(self.rule(rule_id).decisions) if self.has_rule(rule_id) else set()
        return tuple(d for d in self.discrepancies if rule_id in d.rules or d.id in decisions)

    def has_rule(self, rule_id: str) -> bool:
        """Tell whether a rule with this ID exists."""
        return any(rule.id == rule_id for rule in self.rules)


@frozen
class SourceFile:
    """One edition's rulebook text, as raw bytes."""

    edition: str
    """``en``, ``nl`` or ``fr``."""
    name: str
    """File name inside ``sources/``."""
    data: bytes
    """The file's bytes (UTF-8 text)."""

    @property
    def text(self) -> str:
        """The file decoded as UTF-8."""
        return self.data.decode("utf-8")


@frozen
class Sources:
    """The rulebook texts and the checksums recorded for them."""

    files: tuple[SourceFile, ...]
    """One file per edition."""
    checksums: tuple[tuple[str, str], ...]
    """``(file name, SHA-256 hex digest)`` pairs from ``SHA256SUMS``."""

    def text(self, edition: str) -> str:
        """Return an edition's text.

        Raises:
            KeyError: There is no source for that edition.
        """
        for file in self.files:
            if file.edition == edition:
                return file.text
        raise KeyError(edition)


@frozen
class Finding:
    """One problem found by a check."""

    code: str
    """Short kind of problem, such as ``duplicate-id``."""
    file: str
    """File concerned, relative to the spec root."""
    entry: str
    """Rule ID, passage, discrepancy, term or source line concerned."""
    message: str
    """What is wrong."""

    def __str__(self) -> str:
        """Render as ``file: entry: code: message``.

        >>> print(Finding("duplicate-id", "rules/03.toml", "R-3.1", "appears 2 times"))
        rules/03.toml: R-3.1: duplicate-id: appears 2 times
        """
        return f"{self.file}: {self.entry}: {self.code}: {self.message}"


# --- loading ----------------------------------------------------------------

_T = TypeVar("_T")


class _Table:
    """A TOML table being read: remembers its location and the keys asked for."""

    def __init__(self, data: dict[str, Any], file: str, entry: str) -> None:
        self.data = data
        self.file = file
        self.entry = entry
        self.used: set[str] = set()

    def error(self, message: str) -> SpecificationError:
        return SpecificationError(f"{self.file}: {self.entry}: {message}")

    def name(self, identifier: str) -> None:
        """Add the entry's own ID to its location, for later messages."""
        self.entry = f"{self.entry} ({identifier})"

    def _optional(self, key: str, kind: type[_T], what: str) -> _T | None:
        self.used.add(key)
        if key not in self.data:
            return None
        value = self.data[key]
        if not isinstance(value, kind):
            raise self.error(f"{key!r} must be {what}, not {type(value).__name__}")
        return value

    def optional_text(self, key: str) -> str | None:
        value = self._optional(key, str, "a string")
        if value is not None and not value.strip():
            raise self.error(f"{key!r} must not be empty")
        return value

    def text(self, key: str) -> str:
        value = self.optional_text(key)
        if value is None:
            raise self.error(f"missing required key {key!r}")
        return value

    def choice(self, key: str, allowed: Collection[str]) -> str:
        value = self.text(key)
        if value not in allowed:
            raise self.error(f"{key!r} must be one of {', '.join(allowed)}; got {value!r}")
        return value

    def optional_texts(self, key: str) -> tuple[str, ...] | None:
        items = self._optional(key, list, "an array of strings")
        if items is None:
            return None
        for number, item in enumerate(items, 1):
            if not isinstance(item, str) or not item.strip():
                raise self.error(f"{key!r} item {number} must be a non-empty string")
        return tuple(items)

    def texts(self, key: str) -> tuple[str, ...]:
        items = self.optional_texts(key)
        if items is None:
            raise self.error(f"missing required key {key!r}")
        return items

    def table(self, key: str) -> _Table | None:
        data = self._optional(key, dict, "a table")
        return None if data is None else _Table(data, self.file, f"{self.entry}.{key}")

    def tables(self, key: str) -> list[_Table]:
        items = self._optional(key, list, "an array of tables") or []
        tables = []
        for number, item in enumerate(items, 1):
            if not isinstance(item, dict):
                raise self.error(f"[[{key}]] #{number} must be a table")
            tables.append(_Table(item, self.file, f"[[{key}]] #{number}"))
        return tables

    def done(self) -> None:
        """Reject keys nobody asked for (typos must not pass silently)."""
        unknown = sorted(set(self.data) - self.used)
        if unknown:
            allowed = ", ".join(sorted(self.used))
            raise self.error(f"unknown key {', '.join(map(repr, unknown))} (allowed: {allowed})")


def _read_toml(path: Path) -> _Table:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SpecificationError(f"{path}: file is missing") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise SpecificationError(f"{path}: not valid TOML: {error}") from error
    return _Table(data, str(path), "top level")


def default_root() -> Path:
    """Return the specification directory used when none is given.

    That is the copy shipped inside the installed wheel
    (``chicago_poker/_spec``) when present, else the ``spec/`` directory of
    the source checkout the package is imported from.

    >>> (default_root() / "sources").is_dir()
    True
    """
    packaged = files("chicago_poker") / "_spec"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[3] / "spec"


def load_specification(root: Path | None = None) -> Specification:
    """Load the specification's TOML files.

    Args:
        root: The specification directory; :func:`default_root` if omitted.

    Returns:
        The loaded specification (not yet checked: see :func:`check_specification`).

    Raises:
        SpecificationError: A file is missing, is not TOML, or has a missing,
            mistyped or unknown key; the message names the file and entry.

    >>> spec = load_specification()
    >>> all(rule.id.startswith(rule.section + ".") for rule in spec.rules)
    True
    """
    root = default_root() if root is None else root
    sections, rules = _load_rules(root)
    return Specification(
        sections=sections,
        rules=rules,
        passages=_load_passages(root / NOT_RULES_FILE),
        discrepancies=_load_discrepancies(root / DISCREPANCIES_FILE),
        terms=_load_terms(root / TERMINOLOGY_FILE),
    )


def _load_rules(root: Path) -> tuple[tuple[Section, ...], tuple[Rule, ...]]:
    paths = sorted((root / RULES_DIR).glob("*.toml"), key=lambda path: path.name)
    if not paths:
        raise SpecificationError(f"{root / RULES_DIR}: no rule files (*.toml)")
    loaded = [_load_rule_file(path, f"{RULES_DIR}/{path.name}") for path in paths]
    sections = tuple(section for section, _ in loaded)
    return sections, tuple(rule for _, rules in loaded for rule in rules)


def _load_rule_file(path: Path, file: str) -> tuple[Section, tuple[Rule, ...]]:
    top = _read_toml(path)
    table = top.table("section")
    if table is None:
        raise top.error("missing required [section] table")
    section = _read_section(table, file)
    rules = tuple(_read_rule(table, section) for table in top.tables("rules"))
    top.done()
    return section, rules


def _read_section(table: _Table, file: str) -> Section:
    section = Section(
        id=table.text("id"), title=table.text("title"), summary=table.text("summary"), file=file
    )
    table.done()
    return section


def _read_rule(table: _Table, section: Section) -> Rule:
    table.name(table.text("id"))
    rule = Rule(
        id=table.text("id"),
        title=table.text("title"),
        statement=table.text("statement"),
        section=section.id,
        file=section.file,
        sources=_read_quotes(table.table("sources")),
        silent=_read_silent(table.table("silent")),
        decisions=table.optional_texts("decisions") or (),
    )
    table.done()
    return rule


def _read_quotes(table: _Table | None) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if table is None:
        return ()
    pairs = tuple(
        (edition, quotes) for edition in EDITIONS if (quotes := table.optional_texts(edition))
    )
    table.done()
    return pairs


def _read_silent(table: _Table | None) -> tuple[tuple[str, str], ...]:
    if table is None:
        return ()
    pairs = tuple((edition, note) for edition in EDITIONS if (note := table.optional_text(edition)))
    table.done()
    return pairs


def _load_passages(path: Path) -> tuple[Passage, ...]:
    top = _read_toml(path)
    passages = tuple(_read_passage(table, n) for n, table in enumerate(top.tables("passages"), 1))
    top.done()
    return passages


def _read_passage(table: _Table, index: int) -> Passage:
    passage = Passage(
        edition=table.choice("edition", EDITIONS),
        kind=table.choice("kind", PASSAGE_KINDS),
        quote=table.text("quote"),
        note=table.optional_text("note"),
        index=index,
    )
    table.done()
    return passage


def _load_discrepancies(path: Path) -> tuple[Discrepancy, ...]:
    top = _read_toml(path)
    discrepancies = tuple(_read_discrepancy(table) for table in top.tables("discrepancies"))
    top.done()
    return discrepancies


def _read_discrepancy(table: _Table) -> Discrepancy:
    table.name(table.text("id"))
    discrepancy = Discrepancy(
        id=table.text("id"),
        title=table.text("title"),
        kind=table.choice("kind", DISCREPANCY_KINDS),
        rules=table.texts("rules"),
        impact=table.text("impact"),
        decision=table.text("decision"),
        rationale=table.text("rationale"),
        option=table.optional_text("option"),
        option_effect=table.optional_text("option_effect"),
        no_option_reason=table.optional_text("no_option_reason"),
        readings=tuple(_read_readings(table)),
    )
    table.done()
    return discrepancy


def _read_readings(table: _Table) -> Iterator[EditionReading]:
    for edition in EDITIONS:
        reading = table.table(edition)
        if reading is not None:
            says = reading.optional_text("says") or ""
            yield EditionReading(edition, says, reading.optional_texts("quotes") or ())
            reading.done()


def _load_terms(path: Path) -> tuple[Term, ...]:
    top = _read_toml(path)
    terms = tuple(_read_term(table, n) for n, table in enumerate(top.tables("terms"), 1))
    top.done()
    return terms


def _read_term(table: _Table, index: int) -> Term:
    table.name(table.text("code"))
    term = Term(
        group=table.choice("group", TERM_GROUPS),
        code=table.text("code"),
        en=table.optional_text("en"),
        nl=table.optional_text("nl"),
        fr=table.optional_text("fr"),
        note=table.optional_text("note"),
        index=index,
    )
    table.done()
    return term


def load_sources(root: Path | None = None) -> Sources:
    """Load the rulebook texts and ``SHA256SUMS`` from ``sources/``.

    Args:
        root: The specification directory; :func:`default_root` if omitted.

    Raises:
        SpecificationError: A file is missing, a text is not UTF-8, or
            ``SHA256SUMS`` has a malformed line.

    >>> [file.name for file in load_sources().files]
    ['chicago-poker-en.txt', 'chicago-poker-nl.txt', 'chicago-poker-fr.txt']
    """
    root = default_root() if root is None else root
    return Sources(
        files=tuple(_read_source(root, edition) for edition in EDITIONS),
        checksums=_read_checksums(root / CHECKSUMS_FILE),
    )


def _read_source(root: Path, edition: str) -> SourceFile:
    path = root / source_file(edition)
    try:
        file = SourceFile(edition, path.name, path.read_bytes())
        file.data.decode("utf-8")
    except FileNotFoundError:
        raise SpecificationError(f"{path}: file is missing") from None
    except UnicodeDecodeError as error:
        raise SpecificationError(f"{path}: not UTF-8: {error}") from error
    return file


def _read_checksums(path: Path) -> tuple[tuple[str, str], ...]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise SpecificationError(f"{path}: file is missing") from None
    pairs = []
    for number, line in enumerate(lines, 1):
        match = re.fullmatch(r"([0-9a-f]{64}) [ *](\S.*)", line.strip())
        if line.strip() and match is None:
            raise SpecificationError(f"{path}: line {number}: expected '<sha256>  <file name>'")
        if match is not None:
            pairs.append((match[2], match[1]))
    return tuple(pairs)


# --- checks: IDs --------------------------------------------------------------


def _key(identifier: str) -> tuple[int, ...]:
    """Numeric sort key of a well-formed ``R-`` or ``D-`` ID."""
    return tuple(int(part) for part in identifier[2:].split("."))


def check_ids(spec: Specification) -> list[Finding]:
    """Check the form, uniqueness, nesting and order of section, rule and discrepancy IDs.

    Rule IDs must match :data:`RULE_ID`, be unique, start with their section's
    ID, have a parent (the ID minus its last component) that is their section
    or another rule, and increase within their section. Sections must match
    :data:`SECTION_ID`, be unique and increase from file to file. Discrepancies
    must be numbered ``D-1`` to ``D-n`` in order.

    >>> rule = Rule("R-1.1", "Deal", "Deal five.", "R-1", "rules/01.toml")
    >>> section = Section("R-1", "Setup", "How to start.", "rules/01.toml")
    >>> check_ids(Specification((section,), (rule, rule)))[0].code
    'duplicate-id'
    """
    return [
        *_check_section_ids(spec.sections),
        *_check_rule_ids(spec.rules),
        *_check_discrepancy_ids(spec.discrepancies),
    ]


def _duplicates(items: Iterable[tuple[str, str, str]]) -> Iterator[Finding]:
    """Report ``(file, entry, id)`` items whose ID was seen before."""
    seen: Counter[str] = Counter()
    for file, entry, identifier in items:
        seen[identifier] += 1
        if seen[identifier] > 1:
            yield Finding("duplicate-id", file, entry, f"{identifier} appears more than once")


def _check_section_ids(sections: Sequence[Section]) -> Iterator[Finding]:
    for section in sections:
        if not SECTION_ID.fullmatch(section.id):
            yield Finding("bad-id", section.file, section.id, "section ID must look like R-7")
    yield from _duplicates((s.file, s.id, s.id) for s in sections)
    valid = [s for s in sections if SECTION_ID.fullmatch(s.id)]
    for before, after in pairwise(valid):
        if _key(after.id) <= _key(before.id):
            message = f"section {after.id} comes after {before.id}; number sections in file order"
            yield Finding("out-of-order", after.file, after.id, message)


def _check_rule_ids(rules: Sequence[Rule]) -> Iterator[Finding]:
    for rule in rules:
        if not RULE_ID.fullmatch(rule.id):
            yield Finding("bad-id", rule.file, rule.id, "rule ID must look like R-7.3 or R-7.3.1")
    yield from _duplicates((r.file, r.id, r.id) for r in rules)
    valid = [rule for rule in rules if RULE_ID.fullmatch(rule.id)]
    yield from _check_nesting(valid)
    yield from _check_rule_order(valid)


def _check_nesting(rules: Sequence[Rule]) -> Iterator[Finding]:
    known = {rule.id for rule in rules}
    for rule in rules:
        parent = rule.id.rpartition(".")[0]
        if not rule.id.startswith(rule.section + "."):
            message = f"rule ID does not start with its section's ID {rule.section}"
            yield Finding("wrong-section", rule.file, rule.id, message)
        elif parent != rule.section and parent not in known:
            message = f"parent {parent} is neither the section nor an existing rule"
            yield Finding("unknown-parent", rule.file, rule.id, message)


def _check_rule_order(rules: Sequence[Rule]) -> Iterator[Finding]:
    for before, after in pairwise(rules):
        if before.section == after.section and _key(after.id) <= _key(before.id):
            message = f"comes after {before.id}; rules must appear in numeric order"
            yield Finding("out-of-order", after.file, after.id, message)


def _check_discrepancy_ids(discrepancies: Sequence[Discrepancy]) -> Iterator[Finding]:
    for d in discrepancies:
        if not DISCREPANCY_ID.fullmatch(d.id):
            yield Finding("bad-id", DISCREPANCIES_FILE, d.id, "discrepancy ID must look like D-4")
    yield from _duplicates((DISCREPANCIES_FILE, d.id, d.id) for d in discrepancies)
    for number, d in enumerate(discrepancies, 1):
        if d.id != f"D-{number}":
            message = f"entry {number} should be D-{number}: number discrepancies D-1..D-n in order"
            yield Finding("bad-sequence", DISCREPANCIES_FILE, d.id, message)
            break


# --- checks: editions and quotes ---------------------------------------------------


def check_editions(spec: Specification) -> list[Finding]:
    """Check that every rule has, for each edition, either quotes or a silent note.

    >>> rule = Rule("R-1.1", "Deal", "Deal five.", "R-1", "rules/01.toml",
    ...             sources=(("en", ("Deal.",)), ("nl", ("Delen.",))))
    >>> [f.message for f in check_editions(Specification((), (rule,)))]
    ['fr: neither quotes nor a silent note']
    """
    return [finding for rule in spec.rules for finding in _check_rule_editions(rule)]


def _check_rule_editions(rule: Rule) -> Iterator[Finding]:
    for edition in EDITIONS:
        quoted, silent = bool(rule.quotes(edition)), rule.silence(edition) is not None
        if quoted and silent:
            message = f"{edition}: has both quotes and a silent note; keep one"
            yield Finding("edition-both", rule.file, rule.id, message)
        elif not quoted and not silent:
            message = f"{edition}: neither quotes nor a silent note"
            yield Finding("edition-missing", rule.file, rule.id, message)


def normalise(text: str) -> str:
    r"""Turn every run of whitespace into one space and strip both ends.

    >>> normalise("  Deal 5 cards\n  to each\tplayer. ")
    'Deal 5 cards to each player.'
    """
    return " ".join(text.split())


@frozen
class _Normalised:
    """A normalised source text, with the original line of each character."""

    text: str
    lines: tuple[int, ...]

    @classmethod
    def of(cls, raw: str) -> _Normalised:
        chars: list[str] = []
        lines: list[int] = []
        line, gap = 1, False
        for char in raw:
            if char.isspace():
                gap = gap or bool(chars)
                line += char == "\n"
                continue
            if gap:
                chars.append(" ")
                lines.append(line)
                gap = False
            chars.append(char)
            lines.append(line)
        return cls("".join(chars), tuple(lines))

    def line(self, offset: int) -> int:
        return self.lines[min(offset, len(self.lines) - 1)] if self.lines else 1


def _occurrences(text: str, needle: str) -> list[int]:
    """Start offsets of every (possibly overlapping) occurrence."""
    found = []
    start = text.find(needle)
    while start != -1:
        found.append(start)
        start = text.find(needle, start + 1)
    return found


class _Citation(NamedTuple):
    file: str
    entry: str
    edition: str
    quote: str


def _citations(spec: Specification) -> Iterator[_Citation]:
    for rule in spec.rules:
        for edition, quotes in rule.sources:
            yield from (_Citation(rule.file, rule.id, edition, quote) for quote in quotes)
    for p in spec.passages:
        yield _Citation(NOT_RULES_FILE, p.label, p.edition, p.quote)
    for d in spec.discrepancies:
        for reading in d.readings:
            for quote in reading.quotes:
                yield _Citation(DISCREPANCIES_FILE, d.id, reading.edition, quote)


def check_quotes(spec: Specification, sources: Sources) -> list[Finding]:
    """Check that every quote occurs exactly once in its edition's source.

    Quotes of rules, not-rule passages and discrepancies are compared with the
    source after :func:`normalise` on both sides. A missing quote's finding
    shows the nearest text of the source, so a typo is easy to fix.

    >>> sources = Sources((SourceFile("en", "en.txt", b"Draw a card. Draw a card."),), ())
    >>> spec = Specification((), (), passages=(Passage("en", "noise", "Draw a card.", index=1),))
    >>> check_quotes(spec, sources)[0].code
    'quote-ambiguous'
    """
    texts = {file.edition: _Normalised.of(file.text) for file in sources.files}
    return [
        finding
        for citation in _citations(spec)
        for finding in _check_quote(citation, texts.get(citation.edition))
    ]


def _check_quote(citation: _Citation, source: _Normalised | None) -> Iterator[Finding]:
    quote = normalise(citation.quote)
    where = citation.file, citation.entry
    if source is None:
        yield Finding("quote-no-source", *where, f"no {citation.edition} source text")
    elif not quote:
        yield Finding("quote-empty", *where, f"empty {citation.edition} quote")
    elif not (starts := _occurrences(source.text, quote)):
        message = f"{citation.edition} quote {_shorten(quote)} not found; {_nearest(source, quote)}"
        yield Finding("quote-not-found", *where, message)
    elif len(starts) > 1:
        lines = ", ".join(str(source.line(start)) for start in starts)
        message = (
            f"{citation.edition} quote {_shorten(quote)} occurs {len(starts)} times "
            f"(lines {lines}); quote more context so it is unambiguous"
        )
        yield Finding("quote-ambiguous", *where, message)


def _shorten(text: str, limit: int = 70) -> str:
    return f"«{text if len(text) <= limit else text[: limit - 1] + '…'}»"


def _longest(fits: Callable[[int], bool], high: int) -> int:
    """Largest n in 0..high with fits(n), for fits true up to some point."""
    low = 0
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if fits(middle) else (low, middle - 1)
    return low


def _nearest(source: _Normalised, quote: str) -> str:
    """Describe where the source text most resembles a quote that is not in it."""
    text, size = source.text, len(quote)
    prefix = _longest(lambda n: quote[:n] in text, size)
    suffix = _longest(lambda n: quote[size - n :] in text, size)
    if max(prefix, suffix) < min(8, size):
        return "no similar text in the source"
    slack = size // 4 + 10
    if prefix >= suffix:
        start = text.find(quote[:prefix])
        end = start + size + slack
    else:
        end = text.find(quote[size - suffix :]) + suffix
        start = max(0, end - size - slack)
    start, window = _trim(quote, start, text[start:end])
    nearest = f"nearest (line {source.line(start)}): {_shorten(window, 200)}"
    return f"{nearest}; {_difference(quote, window)}"


def _trim(quote: str, start: int, window: str) -> tuple[int, str]:
    """Cut a window of source text down to the part that matches the quote."""
    matcher = difflib.SequenceMatcher(None, quote, window, autojunk=False)
    blocks = [block for block in matcher.get_matching_blocks() if block.size]
    first, last = blocks[0].b, blocks[-1].b + blocks[-1].size
    return start + first, window[first:last]


def _difference(quote: str, window: str) -> str:
    matcher = difflib.SequenceMatcher(None, quote, window, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            return f"quote has «{quote[i1:i2]}» where the source has «{window[j1:j2]}»"
    return "the source text differs"


# --- checks: coverage --------------------------------------------------------

_SENTENCE_END = re.compile(r"[.!?][\"'”’»)\]]*(?=\s)")


def split_sentences(text: str) -> tuple[str, ...]:
    """Split normalised text into sentences, with a deliberately simple rule.

    A sentence ends after ``.``, ``!`` or ``?`` (plus any closing quotation
    marks or brackets right after it) when whitespace follows. Abbreviations,
    headings without a full stop, and the like are not treated specially: the
    spans only need to be stable, not grammatical.

    >>> split_sentences('Draw a card. Play "one!" Then stop? 1.0 SETUP')
    ('Draw a card.', 'Play "one!"', 'Then stop?', '1.0 SETUP')
    """
    return tuple(text[start:end] for start, end in _sentence_spans(text))


def _sentence_spans(text: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        spans.append((start, match.end()))
        start = match.end() + 1
    spans.append((start, len(text)))
    return [(start, end) for start, end in spans if text[start:end].strip()]


@frozen
class Sentence:
    """A source sentence that no rule quote or not-rule passage accounts for."""

    edition: str
    """``en``, ``nl`` or ``fr``."""
    line: int
    """Line of the original source file where the sentence starts."""
    text: str
    """The normalised sentence."""
    uncovered: str
    """The parts no quote covers, joined with `` … ``."""


@frozen
class Coverage:
    """How much of one edition's source the specification accounts for."""

    edition: str
    """``en``, ``nl`` or ``fr``."""
    sentences: int
    """Sentences with at least one letter or digit."""
    quoted: int
    """Sentences whose letters and digits all lie inside rule quotes."""
    not_rules: int
    """Other sentences fully covered by rule quotes and not-rule passages together."""
    unaccounted: tuple[Sentence, ...]
    """The remaining sentences."""
    characters: int
    """Letters and digits in the source."""
    quoted_characters: int
    """Letters and digits inside rule quotes."""

    @property
    def percent(self) -> float:
        """Share of letters and digits quoted by rules, in percent."""
        return 100.0 * self.quoted_characters / self.characters if self.characters else 100.0


def _mask(text: str, quotes: Iterable[str]) -> bytearray:
    mask = bytearray(len(text))
    for quote in map(normalise, quotes):
        for start in _occurrences(text, quote) if quote else ():
            mask[start : start + len(quote)] = b"\x01" * len(quote)
    return mask


def coverage(spec: Specification, sources: Sources) -> tuple[Coverage, ...]:
    r"""Measure, per edition, which source sentences rules and passages account for.

    A sentence is *quoted* when every letter or digit in it lies inside some
    rule quote, and *accounted for* when every letter or digit lies inside a
    rule quote or a not-rule passage. Punctuation and other symbols need not
    be covered; sentences without letters or digits are ignored.

    >>> sources = Sources((SourceFile("en", "en.txt", b"SETUP\nDraw. Play."),), ())
    >>> rule = Rule("R-1.1", "Draw", "Draw.", "R-1", "rules/01.toml",
    ...             sources=(("en", ("SETUP Draw.",)),))
    >>> [(c.sentences, c.quoted, len(c.unaccounted)) for c in coverage(
    ...     Specification((), (rule,)), sources)]
    [(2, 1, 1)]
    """
    return tuple(_edition_coverage(spec, file.edition, file.text) for file in sources.files)


def _print_summary(root: Path, spec: Specification) -> None:
    print(f"Specification: {root}")
    print(
        f"{len(spec.sections)} sections, {len(spec.rules)} rules, {len(spec.passages)} "
        f"not-rule passages, {len(spec.discrepancies)} discrepancies, {len(spec.terms)} terms\n"
    )


def _edition_coverage(spec: Specification, edition: str, raw: str) -> Coverage:
    source = _Normalised.of(raw)
    text = source.text
    rule_quotes = [q for rule in spec.rules for q in rule.quotes(edition)]
    passages = [p.quote for p in spec.passages if p.edition == edition]
    quoted, accounted = _mask(text, rule_quotes), _mask(text, rule_quotes + passages)
    counts, unaccounted = _sentence_counts(edition, source, quoted, accounted)
    letters = [i for i, char in enumerate(text) if char.isalnum()]
    return Coverage(
        edition=edition,
        sentences=counts["quoted"] + counts["not-rules"] + counts["unaccounted"],
        quoted=counts["quoted"],
        not_rules=counts["not-rules"],
        unaccounted=tuple(unaccounted),
        characters=len(letters),
        quoted_characters=sum(quoted[i] for i in letters),
    )


def _sentence_counts(
    edition: str, source: _Normalised, quoted: bytearray, accounted: bytearray
) -> tuple[Counter[str], list[Sentence]]:
    """How many sentences are quoted, not rules or unaccounted, and the unaccounted ones."""
    text = source.text
    counts, unaccounted = Counter[str](), []
    for start, end in _sentence_spans(text):
        letters = [i for i in range(start, end) if text[i].isalnum()]
        status = _status(letters, quoted, accounted)
        counts[status] += 1
        if status == "unaccounted":
            uncovered = _uncovered(text, start, end, accounted)
            unaccounted.append(Sentence(edition, source.line(start), text[start:end], uncovered))
    return counts, unaccounted


def _status(letters: Sequence[int], quoted: bytearray, accounted: bytearray) -> str:
    if not letters:
        return "empty"
    if all(quoted[i] for i in letters):
        return "quoted"
    return "not-rules" if all(accounted[i] for i in letters) else "unaccounted"


def _uncovered(text: str, start: int, end: int, mask: bytearray) -> str:
    runs = re.finditer(r"\x00+", mask[start:end].decode("latin-1"))
    parts = (text[start + m.start() : start + m.end()].strip() for m in runs)
    return " … ".join(part for part in parts if any(c.isalnum() for c in part))


def check_coverage(spec: Specification, sources: Sources) -> list[Finding]:
    """Report every source sentence that is neither quoted by a rule nor a not-rule passage.

    >>> sources = Sources((SourceFile("en", "chicago-poker-en.txt", b"Draw. Play."),), ())
    >>> print(check_coverage(Specification((), ()), sources)[0])
    sources/chicago-poker-en.txt: line 1: unaccounted: «Draw.» (uncovered: Draw.)
    """
    return [
        Finding(
            "unaccounted",
            source_file(sentence.edition),
            f"line {sentence.line}",
            f"{_shorten(sentence.text, 400)} (uncovered: {sentence.uncovered})",
        )
        for report in coverage(spec, sources)
        for sentence in report.unaccounted
    ]


# --- checks: discrepancies and terminology --------------------------------------------


def check_discrepancies(spec: Specification) -> list[Finding]:
    """Check discrepancy cross-references, option fields and edition readings.

    Each discrepancy must touch at least one existing rule, offer either an
    ``option`` with its ``option_effect`` or a ``no_option_reason``, and say
    what every edition says. Each rule's ``decisions`` must name existing
    discrepancies that list the rule among theirs.

    >>> d = Discrepancy("D-1", "Who starts", "silence", ("R-9.9",), "Start.", "Youngest.",
    ...                 "Only EN says.", option="any_start")
    >>> sorted({f.code for f in check_discrepancies(Specification((), (), discrepancies=(d,)))})
    ['missing-reading', 'option-without-effect', 'unknown-rule']
    """
    findings = [f for d in spec.discrepancies for f in _check_discrepancy(spec, d)]
    findings += [f for rule in spec.rules for f in _check_decisions(spec, rule)]
    return findings


def _check_discrepancy(spec: Specification, d: Discrepancy) -> Iterator[Finding]:
    where = DISCREPANCIES_FILE, d.id
    if not d.rules:
        yield Finding("no-rules", *where, "touches no rule; list the rules it settles")
    for rule_id in d.rules:
        if not spec.has_rule(rule_id):
            yield Finding("unknown-rule", *where, f"lists {rule_id}, which is not a rule")
    yield from _check_option(d)
    for edition in EDITIONS:
        reading = d.reading(edition)
        if reading is None or not reading.says.strip():
            message = f"[discrepancies.{edition}] with 'says' is missing"
            yield Finding("missing-reading", *where, message)


def _check_option(d: Discrepancy) -> Iterator[Finding]:
    where = DISCREPANCIES_FILE, d.id
    if d.option is not None:
        if not re.fullmatch(r"[a-z][a-z0-9_]*", d.option):
            yield Finding("bad-option", *where, f"option {d.option!r} must be snake_case")
        if d.option_effect is None:
            yield Finding("option-without-effect", *where, "option needs option_effect")
        if d.no_option_reason is not None:
            yield Finding("option-and-reason", *where, "drop no_option_reason: there is an option")
    else:
        if d.option_effect is not None:
            yield Finding("effect-without-option", *where, "option_effect needs option")
        if d.no_option_reason is None:
            yield Finding("missing-reason", *where, "without an option, give no_option_reason")


def _check_decisions(spec: Specification, rule: Rule) -> Iterator[Finding]:
    by_id = {d.id: d for d in spec.discrepancies}
    for decision in rule.decisions:
        if decision not in by_id:
            message = f"decisions names {decision}, which is not a discrepancy"
            yield Finding("unknown-discrepancy", rule.file, rule.id, message)
        elif rule.id not in by_id[decision].rules:
            message = f"decisions names {decision}, but {decision} does not list {rule.id}"
            yield Finding("unlinked-decision", rule.file, rule.id, message)


def check_terminology(spec: Specification) -> list[Finding]:
    """Check that term codes are (dotted) Python names, unique per group, named in every edition.

    A name may be :data:`NO_NAME` (the edition has no word for it); the term's
    note must then explain.

    >>> term = Term("card", "Revolver", "Revolver", NO_NAME, None)
    >>> [f.code for f in check_terminology(Specification((), (), terms=(term,)))]
    ['missing-name', 'no-name-without-note']
    """
    seen = Counter((t.group, t.code) for t in spec.terms)
    findings = [
        Finding("duplicate-term", TERMINOLOGY_FILE, _term_entry(t), "code repeats in its group")
        for t in spec.terms
        if seen[t.group, t.code] > 1
    ]
    return findings + [f for t in spec.terms for f in _check_term(t)]


def _term_entry(term: Term) -> str:
    return f"term #{term.index} ({term.group}: {term.code})"


def _check_term(term: Term) -> Iterator[Finding]:
    where = TERMINOLOGY_FILE, _term_entry(term)
    if not all(part.isidentifier() for part in term.code.split(".")):
        message = f"code {term.code!r} is not a (dotted) Python name such as Color.RED"
        yield Finding("bad-code", *where, message)
    names = [term.name(edition) for edition in EDITIONS]
    for edition, name in zip(EDITIONS, names, strict=True):
        if name is None:
            yield Finding("missing-name", *where, f"no {edition} name (use {NO_NAME} and a note)")
    if NO_NAME in names and term.note is None:
        yield Finding("no-name-without-note", *where, f"a name is {NO_NAME}: add a note")


# --- checks: sources --------------------------------------------------------------


def check_hashes(sources: Sources) -> list[Finding]:
    """Check each source file's SHA-256 against ``SHA256SUMS``.

    >>> sources = Sources((SourceFile("en", "en.txt", b"x"),), (("en.txt", "0" * 64),))
    >>> [f.code for f in check_hashes(sources)]
    ['hash-mismatch']
    """
    listed = dict(sources.checksums)
    findings = []
    for file in sources.files:
        finding = _hash_finding(file, listed.pop(file.name, None))
        if finding is not None:
            findings.append(finding)
    findings += [
        Finding("hash-extra", CHECKSUMS_FILE, name, "listed, but not a source file")
        for name in listed
    ]
    return findings


def _hash_finding(file: SourceFile, expected: str | None) -> Finding | None:
    """What is wrong with a source file's SHA-256 in ``SHA256SUMS``, if anything."""
    actual = hashlib.sha256(file.data).hexdigest()
    if expected is None:
        return Finding("hash-unlisted", CHECKSUMS_FILE, file.name, "not listed in SHA256SUMS")
    if expected != actual:
        message = f"SHA-256 is {actual}, but SHA256SUMS says {expected}"
        return Finding("hash-mismatch", CHECKSUMS_FILE, file.name, message)
    return None


def check_specification(spec: Specification, sources: Sources) -> list[Finding]:
    """Run every check and return all findings (empty when the specification is sound).

    >>> check_specification(load_specification(), load_sources()) == []
    True
    """
    return [
        *check_ids(spec),
        *check_editions(spec),
        *check_quotes(spec, sources),
        *check_coverage(spec, sources),
        *check_discrepancies(spec),
        *check_terminology(spec),
        *check_hashes(sources),
    ]


# --- command line -------------------------------------------------------------------


def format_coverage(reports: Iterable[Coverage]) -> str:
    """Render coverage reports as a text table.

    >>> print(format_coverage([Coverage("en", 10, 7, 2, (), 400, 300)]))
    edition  sentences  quoted by rules  not rules  unaccounted  letters/digits quoted
    en              10                7          2            0   300/400 (75.0 %)
    """
    lines = ["edition  sentences  quoted by rules  not rules  unaccounted  letters/digits quoted"]
    for c in reports:
        share = f"{c.quoted_characters}/{c.characters} ({c.percent:.1f} %)"
        lines.append(
            f"{c.edition:<7}  {c.sentences:>9}  {c.quoted:>15}  {c.not_rules:>9}  "
            f"{len(c.unaccounted):>11}   {share}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the coverage report and all findings; return 1 if there are findings.

    Args:
        argv: Command-line arguments (``--root DIR``); ``sys.argv[1:]`` if omitted.

    Returns:
        The exit status: 0 when the specification is sound, 1 otherwise.
    """
    parser = argparse.ArgumentParser(
        prog="python -m chicago_poker.specification",
        description="Check the Chicago Poker specification and report source coverage.",
    )
    parser.add_argument("--root", type=Path, help="specification directory (default: shipped)")
    return report(parser.parse_args(argv).root or default_root())


def report(root: Path) -> int:
    """Print the coverage report and all findings for a specification directory.

    Args:
        root: The specification directory.

    Returns:
        The exit status: 0 when the specification is sound, 1 otherwise.
    """
    try:
        spec, sources = load_specification(root), load_sources(root)
    except SpecificationError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    _print_summary(root, spec)
    print(format_coverage(coverage(spec, sources)))
    findings = check_specification(spec, sources)
    _print_findings(findings)
    return 1 if findings else 0


def _print_findings(findings: Sequence[Finding]) -> None:
    print(f"\n{len(findings)} finding{'' if len(findings) == 1 else 's'}")
    for finding in findings:
        print(f"  {finding}")
