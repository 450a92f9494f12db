"""The rulebooks' text as the checks compare it: normalised, and cut into sentences.

Quotes are compared after :func:`normalise` (every run of whitespace becomes one space, ends
stripped); :class:`NormalisedText` keeps the original line of each character, for messages.
Coverage splits each normalised source with :func:`split_sentences`.
"""

from __future__ import annotations

import re

from attrs import frozen

__all__ = [
    "NormalisedText",
    "normalise",
    "occurrences",
    "sentence_spans",
    "shortened",
    "split_sentences",
]


def normalise(text: str) -> str:
    r"""Turn every run of whitespace into one space and strip both ends.

    >>> normalise("  Deal 5 cards\n  to each\tplayer. ")
    'Deal 5 cards to each player.'
    """
    return " ".join(text.split())


@frozen
class NormalisedText:
    """A normalised source text, with the original line of each character."""

    text: str
    lines: tuple[int, ...]

    @classmethod
    def of(cls, raw: str) -> NormalisedText:
        """The normalised text of ``raw``, with the line of each of its characters."""
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
        """The original line of the character at ``offset`` (of the last, past the end)."""
        return self.lines[min(offset, len(self.lines) - 1)] if self.lines else 1


def occurrences(text: str, needle: str) -> list[int]:
    """Start offsets of every (possibly overlapping) occurrence."""
    found = []
    start = text.find(needle)
    while start != -1:
        found.append(start)
        start = text.find(needle, start + 1)
    return found


def shortened(text: str, limit: int = 70) -> str:
    """``text`` in guillemets, cut to ``limit`` characters, to quote it in a finding."""
    return f"«{text if len(text) <= limit else text[: limit - 1] + '…'}»"


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
    return tuple(text[start:end] for start, end in sentence_spans(text))


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """The start and end of each sentence of :func:`split_sentences` in ``text``."""
    spans, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        spans.append((start, match.end()))
        start = match.end() + 1
    spans.append((start, len(text)))
    return [(start, end) for start, end in spans if text[start:end].strip()]
