"""The specification as data: its sections, rules, passages, discrepancies and terms.

Frozen :mod:`attrs` classes, as :func:`~chicago_poker.specification.loader.load_specification`
reads them from the TOML files, and the :class:`Finding` every check returns; the IDs' forms,
the allowed kinds and groups, and where each file lies under the specification directory.
"""

from __future__ import annotations

import re
from typing import Final

from attrs import frozen

__all__ = [
    "CHECKSUMS_FILE",
    "DISCREPANCIES_FILE",
    "DISCREPANCY_ID",
    "DISCREPANCY_KINDS",
    "EDITIONS",
    "NOT_RULES_FILE",
    "NO_NAME",
    "PASSAGE_KINDS",
    "RULES_DIR",
    "RULE_ID",
    "SECTION_ID",
    "SOURCES_DIR",
    "TERMINOLOGY_FILE",
    "TERM_GROUPS",
    "Discrepancy",
    "EditionReading",
    "Finding",
    "Passage",
    "Rule",
    "Section",
    "SourceFile",
    "Sources",
    "Specification",
    "SpecificationError",
    "Term",
    "source_file",
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
