"""The checks of the specification: pure functions from the loaded data to findings.

Each ``check_*`` function takes the loaded data and returns a list of
:class:`~chicago_poker.specification.model.Finding`, empty when the specification is sound;
:func:`check_specification` runs them all: the IDs, the editions each rule quotes, the quotes
(:mod:`~chicago_poker.specification.quotes`), the quotations inside notes
(:mod:`~chicago_poker.specification.notes`), the coverage of the rulebooks
(:mod:`~chicago_poker.specification.coverage`), the discrepancies, the terminology and the
checksums of the sources.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import pairwise

from chicago_poker.specification.coverage import check_coverage
from chicago_poker.specification.model import (
    CHECKSUMS_FILE,
    DISCREPANCIES_FILE,
    DISCREPANCY_ID,
    EDITIONS,
    NO_NAME,
    RULE_ID,
    SECTION_ID,
    TERMINOLOGY_FILE,
    Discrepancy,
    Finding,
    Rule,
    Section,
    SourceFile,
    Sources,
    Specification,
    Term,
)
from chicago_poker.specification.notes import check_note_quotes
from chicago_poker.specification.quotes import check_quotes

__all__ = [
    "check_discrepancies",
    "check_editions",
    "check_hashes",
    "check_ids",
    "check_specification",
    "check_terminology",
]

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


# --- checks: editions -----------------------------------------------------------------


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

    >>> from chicago_poker.specification.loader import load_sources, load_specification
    >>> check_specification(load_specification(), load_sources()) == []
    True
    """
    return [
        *check_ids(spec),
        *check_editions(spec),
        *check_quotes(spec, sources),
        *check_note_quotes(spec, sources),
        *check_coverage(spec, sources),
        *check_discrepancies(spec),
        *check_terminology(spec),
        *check_hashes(sources),
    ]
