"""The check of the quotations inside the specification's own prose.

Rules, discrepancies, passages and terms quote the rulebooks in their prose as well as in their
formal ``quotes`` lists: a rule's silent note, a discrepancy's impact or rationale, what an
edition ``says``. Each quotation there, between ``"…"``, ``“…”`` or ``«…»``, must be one of:

* verbatim: it occurs in at least one edition's text (after :func:`normalise`); an ellipsis,
  ``...`` or ``…``, stands for left-out words, and the parts must occur in that order;
* marked ``[translation]`` right after its closing mark: our English for an edition's words;
* marked ``[corrected spelling]`` right after its closing mark: an edition's words with its
  typing mistakes or OCR noise corrected, which must still be close to the text it corrects.

A note may mention an edition's words more loosely than a formal quote, so it need not be
unambiguous; but it may not put words in an edition's mouth.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator, Mapping
from typing import Final, NamedTuple

from chicago_poker.specification.model import (
    DISCREPANCIES_FILE,
    NOT_RULES_FILE,
    TERMINOLOGY_FILE,
    Discrepancy,
    Finding,
    Sources,
    Specification,
)
from chicago_poker.specification.quotes import nearest_text
from chicago_poker.specification.text import NormalisedText, normalise, shortened

__all__ = ["CORRECTED", "TRANSLATION", "check_note_quotes", "note_quotations"]

TRANSLATION: Final = "[translation]"
"""The mark, right after a quotation's closing mark, of our translation of an edition's words."""

CORRECTED: Final = "[corrected spelling]"
"""The mark, right after a quotation's closing mark, of an edition's words spelt correctly."""

_QUOTATION = re.compile(r'"([^"]+)"|“([^”]+)”|«([^»]+)»')
_MARK = re.compile(r"\s*(\[[a-z ]+\])")
_ELLIPSIS = re.compile(r"\s*(?:\.\.\.|…)\s*")
_CLOSE_ENOUGH: Final = 0.8
"""How similar a corrected spelling must stay to the text it corrects (difflib's ratio)."""


class Quotation(NamedTuple):
    """One quotation found in a note, with the mark that follows it, if any."""

    text: str
    """The words between the quotation marks, normalised."""
    mark: str | None
    """``[translation]``, ``[corrected spelling]``, another bracketed word, or ``None``."""


def note_quotations(note: str) -> list[Quotation]:
    """Find the quotations in a note, each with the bracketed mark after it.

    >>> note_quotations('It says "Deal five" [translation], then «Tirez» and “Stop”.')
    [Quotation(text='Deal five', mark='[translation]'), Quotation(text='Tirez', mark=None), \
Quotation(text='Stop', mark=None)]
    """
    found = []
    for match in _QUOTATION.finditer(note):
        text = normalise(next(group for group in match.groups() if group is not None))
        mark = _MARK.match(note, match.end())
        found.append(Quotation(text, mark.group(1) if mark else None))
    return found


def _discrepancy_notes(d: Discrepancy) -> Iterator[tuple[str, str, str, str]]:
    """Every prose field of the discrepancy ``d``, its readings' included."""
    fields = ("impact", "decision", "rationale", "option_effect", "no_option_reason")
    for name in fields:
        text = getattr(d, name)
        if text is not None:
            yield DISCREPANCIES_FILE, d.id, name, text
    for reading in d.readings:
        yield DISCREPANCIES_FILE, d.id, f"{reading.edition} says", reading.says


def _notes(spec: Specification) -> Iterator[tuple[str, str, str, str]]:
    """Every prose field of the specification: ``(file, entry, field, text)``."""
    for section in spec.sections:
        yield section.file, section.id, "summary", section.summary
    for rule in spec.rules:
        yield rule.file, rule.id, "statement", rule.statement
        for edition, note in rule.silent:
            yield rule.file, rule.id, f"silent {edition}", note
    for d in spec.discrepancies:
        yield from _discrepancy_notes(d)
    for p in spec.passages:
        if p.note is not None:
            yield NOT_RULES_FILE, p.label, "note", p.note
    for term in spec.terms:
        if term.note is not None:
            yield TERMINOLOGY_FILE, f"term #{term.index} ({term.code})", "note", term.note


def check_note_quotes(spec: Specification, sources: Sources) -> list[Finding]:
    """Check that every quotation in the prose is verbatim or marked as ours.

    >>> from chicago_poker.specification.model import Passage, SourceFile
    >>> sources = Sources((SourceFile("en", "en.txt", b"Draw a card. Play it."),), ())
    >>> def check(note: str) -> list[str]:
    ...     passage = Passage("en", "noise", "Draw a card.", note=note, index=1)
    ...     return [f.code for f in check_note_quotes(Specification((), (), (passage,)), sources)]
    >>> check('Says "Draw a card", then "Play it".'), check('"Draw ... it"'), check('"Draw it"')
    ([], [], ['note-quote-not-found'])
    >>> check('"Drew a card" [corrected spelling]'), check('"Take one" [translation]')
    ([], [])
    """
    texts = {file.edition: NormalisedText.of(file.text) for file in sources.files}
    findings = []
    for file, entry, field, note in _notes(spec):
        findings += _note_findings(file, entry, field, note, texts)
    return findings


def _note_findings(
    file: str, entry: str, field: str, note: str, texts: Mapping[str, NormalisedText]
) -> list[Finding]:
    """A finding for each quotation of ``note`` that is neither verbatim nor marked as ours."""
    findings = []
    for quotation in note_quotations(note):
        problem = _problem(quotation, texts)
        if problem is not None:
            code, message = problem
            findings.append(Finding(code, file, entry, f"{field}: {message}"))
    return findings


def _problem(quotation: Quotation, texts: Mapping[str, NormalisedText]) -> tuple[str, str] | None:
    """What is wrong with one quotation of a note, if anything: ``(code, message)``."""
    words, shown = quotation.text, shortened(quotation.text)
    if quotation.mark == TRANSLATION:
        return None
    if quotation.mark == CORRECTED:
        if any(_occurs(words, source.text) for source in texts.values()):
            return "note-quote-not-corrected", f"{shown} is verbatim; drop {CORRECTED}"
        if max((_similarity(words, source) for source in texts.values()), default=0.0) < (
            _CLOSE_ENOUGH
        ):
            return "note-quote-not-found", f"{shown} corrects no text of any edition"
        return None
    if quotation.mark is not None:
        marks = f"{TRANSLATION} or {CORRECTED}"
        return "note-quote-bad-mark", f"{shown} is marked {quotation.mark}; use {marks}"
    if any(_occurs(words, source.text) for source in texts.values()):
        return None
    message = f"{shown} is in no edition; {_hint(words, texts)}"
    return "note-quote-not-found", f"{message} (or mark it {TRANSLATION} or {CORRECTED})"


def _occurs(words: str, text: str) -> bool:
    """Whether the quotation occurs in the text, its parts around an ellipsis in order."""
    start = 0
    for part in _ELLIPSIS.split(words):
        if part:
            found = text.find(part, start)
            if found == -1:
                return False
            start = found + len(part)
    return True


def _similarity(words: str, source: NormalisedText) -> float:
    """How close the quotation comes to the most similar text of the source (0 to 1)."""
    nearest = nearest_text(source, words)
    if nearest is None:
        return 0.0
    return difflib.SequenceMatcher(None, words, nearest[1], autojunk=False).ratio()


def _hint(words: str, texts: Mapping[str, NormalisedText]) -> str:
    """The most similar text of any edition, to help correct a quotation."""
    best = max(texts, key=lambda edition: _similarity(words, texts[edition]), default=None)
    nearest = None if best is None else nearest_text(texts[best], words)
    if best is None or nearest is None:
        return "no similar text in any edition"
    start, window = nearest
    return f"nearest ({best}, line {texts[best].line(start)}): {shortened(window, 200)}"
