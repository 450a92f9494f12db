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

Every name is importable from here; each part has a module of its own:

* :mod:`~chicago_poker.specification.model`: the data, and the findings;
* :mod:`~chicago_poker.specification.loader`: loading the TOML and the sources;
* :mod:`~chicago_poker.specification.text`: normalised text, cut into sentences;
* :mod:`~chicago_poker.specification.checks`: the checks, with those of the quotes
  (:mod:`~chicago_poker.specification.quotes`), of the quotations inside notes
  (:mod:`~chicago_poker.specification.notes`) and of the coverage of the rulebooks
  (:mod:`~chicago_poker.specification.coverage`);
* :mod:`~chicago_poker.specification.command`: ``python -m chicago_poker.specification``.

The package also holds :mod:`~chicago_poker.specification.frequencies`, the exact
frequency of each hand category, which checks the hand ranking the rulebooks state
(R-7.3) and which ``chicago-poker hands`` prints.
"""

from __future__ import annotations

from chicago_poker.specification.checks import (
    check_discrepancies,
    check_editions,
    check_hashes,
    check_ids,
    check_specification,
    check_terminology,
)
from chicago_poker.specification.command import main, report
from chicago_poker.specification.coverage import (
    Coverage,
    Sentence,
    check_coverage,
    coverage,
    format_coverage,
)
from chicago_poker.specification.loader import default_root, load_sources, load_specification
from chicago_poker.specification.model import (
    DISCREPANCY_ID,
    DISCREPANCY_KINDS,
    EDITIONS,
    NO_NAME,
    PASSAGE_KINDS,
    RULE_ID,
    SECTION_ID,
    TERM_GROUPS,
    Discrepancy,
    EditionReading,
    Finding,
    Passage,
    Rule,
    Section,
    SourceFile,
    Sources,
    Specification,
    SpecificationError,
    Term,
    source_file,
)
from chicago_poker.specification.notes import check_note_quotes
from chicago_poker.specification.quotes import check_quotes
from chicago_poker.specification.text import NormalisedText, normalise, split_sentences

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
    "check_note_quotes",
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

_Normalised = NormalisedText
"""The normalised text of a source, under the name it had when it was defined here."""
