"""Coverage: how much of each rulebook the specification accounts for, sentence by sentence.

A sentence is *quoted* when every letter or digit in it lies inside some rule quote, and
*accounted for* when every letter or digit lies inside a rule quote or a not-rule passage.
:func:`check_coverage` reports every sentence accounted for by neither, and
:func:`format_coverage` prints the table of ``python -m chicago_poker.specification``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from attrs import frozen

from chicago_poker.specification.model import Finding, Sources, Specification, source_file
from chicago_poker.specification.text import (
    NormalisedText,
    normalise,
    occurrences,
    sentence_spans,
    shortened,
)

__all__ = ["Coverage", "Sentence", "check_coverage", "coverage", "format_coverage"]


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
        for start in occurrences(text, quote) if quote else ():
            mask[start : start + len(quote)] = b"\x01" * len(quote)
    return mask


def coverage(spec: Specification, sources: Sources) -> tuple[Coverage, ...]:
    r"""Measure, per edition, which source sentences rules and passages account for.

    A sentence is *quoted* when every letter or digit in it lies inside some
    rule quote, and *accounted for* when every letter or digit lies inside a
    rule quote or a not-rule passage. Punctuation and other symbols need not
    be covered; sentences without letters or digits are ignored.

    >>> from chicago_poker.specification.model import Rule, SourceFile
    >>> sources = Sources((SourceFile("en", "en.txt", b"SETUP\nDraw. Play."),), ())
    >>> rule = Rule("R-1.1", "Draw", "Draw.", "R-1", "rules/01.toml",
    ...             sources=(("en", ("SETUP Draw.",)),))
    >>> [(c.sentences, c.quoted, len(c.unaccounted)) for c in coverage(
    ...     Specification((), (rule,)), sources)]
    [(2, 1, 1)]
    """
    return tuple(_edition_coverage(spec, file.edition, file.text) for file in sources.files)


def _edition_coverage(spec: Specification, edition: str, raw: str) -> Coverage:
    source = NormalisedText.of(raw)
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
    edition: str, source: NormalisedText, quoted: bytearray, accounted: bytearray
) -> tuple[Counter[str], list[Sentence]]:
    """How many sentences are quoted, not rules or unaccounted, and the unaccounted ones."""
    text = source.text
    counts, unaccounted = Counter[str](), []
    for start, end in sentence_spans(text):
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

    >>> from chicago_poker.specification.model import SourceFile
    >>> sources = Sources((SourceFile("en", "chicago-poker-en.txt", b"Draw. Play."),), ())
    >>> print(check_coverage(Specification((), ()), sources)[0])
    sources/chicago-poker-en.txt: line 1: unaccounted: «Draw.» (uncovered: Draw.)
    """
    return [
        Finding(
            "unaccounted",
            source_file(sentence.edition),
            f"line {sentence.line}",
            f"{shortened(sentence.text, 400)} (uncovered: {sentence.uncovered})",
        )
        for report in coverage(spec, sources)
        for sentence in report.unaccounted
    ]


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
