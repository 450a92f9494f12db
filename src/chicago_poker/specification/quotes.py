"""The check of the quotes: each occurs exactly once in its edition's rulebook.

A rule, a not-rule passage or a discrepancy rests on verbatim quotes of the rulebooks. A quote
that is missing gets a finding that shows the nearest text of the source and where the two
differ, so that a typo is easy to fix; a quote that occurs more than once asks for more
context.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator
from typing import NamedTuple

from chicago_poker.specification.model import (
    DISCREPANCIES_FILE,
    NOT_RULES_FILE,
    Finding,
    Sources,
    Specification,
)
from chicago_poker.specification.text import NormalisedText, normalise, occurrences, shortened

__all__ = ["check_quotes", "nearest_text"]


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

    >>> from chicago_poker.specification.model import Passage, SourceFile
    >>> sources = Sources((SourceFile("en", "en.txt", b"Draw a card. Draw a card."),), ())
    >>> spec = Specification((), (), passages=(Passage("en", "noise", "Draw a card.", index=1),))
    >>> check_quotes(spec, sources)[0].code
    'quote-ambiguous'
    """
    texts = {file.edition: NormalisedText.of(file.text) for file in sources.files}
    return [
        finding
        for citation in _citations(spec)
        for finding in _check_quote(citation, texts.get(citation.edition))
    ]


def _check_quote(citation: _Citation, source: NormalisedText | None) -> Iterator[Finding]:
    quote = normalise(citation.quote)
    where = citation.file, citation.entry
    if source is None:
        yield Finding("quote-no-source", *where, f"no {citation.edition} source text")
    elif not quote:
        yield Finding("quote-empty", *where, f"empty {citation.edition} quote")
    elif not (starts := occurrences(source.text, quote)):
        message = (
            f"{citation.edition} quote {shortened(quote)} not found; {_nearest(source, quote)}"
        )
        yield Finding("quote-not-found", *where, message)
    elif len(starts) > 1:
        lines = ", ".join(str(source.line(start)) for start in starts)
        message = (
            f"{citation.edition} quote {shortened(quote)} occurs {len(starts)} times "
            f"(lines {lines}); quote more context so it is unambiguous"
        )
        yield Finding("quote-ambiguous", *where, message)


def _longest(fits: Callable[[int], bool], high: int) -> int:
    """Largest n in 0..high with fits(n), for fits true up to some point."""
    low = 0
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if fits(middle) else (low, middle - 1)
    return low


def nearest_text(source: NormalisedText, quote: str) -> tuple[int, str] | None:
    """The text of the source most like a quote, and where it starts, or ``None``.

    The window starts where the longest prefix of the quote occurs (or ends where its
    longest suffix does) and is trimmed to the part that matches; ``None`` when neither is
    as long as eight characters (or the whole quote).

    >>> text = NormalisedText.of("Deal five cards to each player.")
    >>> nearest_text(text, "Deal five cards to every player.")
    (0, 'Deal five cards to each player.')
    >>> nearest_text(text, "Zzyzx") is None
    True
    """
    text, size = source.text, len(quote)
    prefix = _longest(lambda n: quote[:n] in text, size)
    suffix = _longest(lambda n: quote[size - n :] in text, size)
    if max(prefix, suffix) < min(8, size):
        return None
    slack = size // 4 + 10
    if prefix >= suffix:
        start = text.find(quote[:prefix])
        end = start + size + slack
    else:
        end = text.find(quote[size - suffix :]) + suffix
        start = max(0, end - size - slack)
    return _trim(quote, start, text[start:end])


def _nearest(source: NormalisedText, quote: str) -> str:
    """Describe where the source text most resembles a quote that is not in it."""
    nearest = nearest_text(source, quote)
    if nearest is None:
        return "no similar text in the source"
    start, window = nearest
    found = f"nearest (line {source.line(start)}): {shortened(window, 200)}"
    return f"{found}; {_difference(quote, window)}"


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
