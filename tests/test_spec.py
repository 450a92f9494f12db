"""The specification loads, passes every check, and every check can fail."""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path
from typing import Any

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_poker import specification as sp
from chicago_poker.specification import (
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
    check_coverage,
    check_discrepancies,
    check_editions,
    check_hashes,
    check_ids,
    check_note_quotes,
    check_quotes,
    check_specification,
    check_terminology,
    coverage,
    load_sources,
    load_specification,
    normalise,
    split_sentences,
)

REPOSITORY = Path(__file__).resolve().parents[1]
PUBLISHED_SHA256 = {
    "chicago-poker-en.txt": "54f3b94dc801c84a644769b95560a5a5b01f1dd7d1851431a3c00c9e67e1254e",
    "chicago-poker-fr.txt": "86fe05bdd7a2a97537037eb2f15e48cc78048180cf4f8ba4c4bbe352cd6de5e5",
    "chicago-poker-nl.txt": "eeee9cd34995bc609abef42e12191937a478bdd5eee15a87d5133e368d4cd1f0",
}


def codes(findings: list[Finding]) -> list[str]:
    return [finding.code for finding in findings]


def show(findings: list[Finding]) -> str:
    return "\n".join(map(str, findings))


# --- the real specification ----------------------------------------------------


@pytest.fixture(scope="module")
def sources() -> Sources:
    return load_sources()


def test_default_root_is_the_checkout_spec() -> None:
    """From a checkout, the checkout's spec/; installed, the copy the wheel carries."""
    packaged = Path(sp.__file__).resolve().parents[1] / "_spec"
    expected = packaged if packaged.is_dir() else REPOSITORY / "spec"
    assert sp.default_root().resolve() == expected.resolve()


def test_specification_loads(spec: Specification) -> None:
    assert spec.sections
    assert spec.rules


def test_sha256sums_records_the_published_hashes() -> None:
    text = (REPOSITORY / "spec" / "sources" / "SHA256SUMS").read_text(encoding="utf-8")
    recorded = {name: digest for digest, name in (line.split() for line in text.splitlines())}
    assert recorded == PUBLISHED_SHA256


def test_sources_match_sha256sums(sources: Sources) -> None:
    assert check_hashes(sources) == []


def test_ids(spec: Specification) -> None:
    findings = check_ids(spec)
    assert not findings, show(findings)


def test_every_edition_quoted_or_silent(spec: Specification) -> None:
    findings = check_editions(spec)
    assert not findings, show(findings)


def test_quotes_are_verbatim_and_unambiguous(spec: Specification, sources: Sources) -> None:
    findings = check_quotes(spec, sources)
    assert not findings, show(findings)


def test_quotations_in_notes_are_verbatim_or_marked(spec: Specification, sources: Sources) -> None:
    findings = check_note_quotes(spec, sources)
    assert not findings, show(findings)


def test_every_sentence_accounted_for(spec: Specification, sources: Sources) -> None:
    findings = check_coverage(spec, sources)
    assert not findings, show(findings)


def test_discrepancies(spec: Specification) -> None:
    findings = check_discrepancies(spec)
    assert not findings, show(findings)


def test_terminology(spec: Specification) -> None:
    findings = check_terminology(spec)
    assert not findings, show(findings)


# --- loading ------------------------------------------------------------------


def test_tiny_spec_is_sound(tiny_spec: Specification, tiny_sources: Sources) -> None:
    assert check_specification(tiny_spec, tiny_sources) == []
    assert [rule.id for rule in tiny_spec.rules] == ["R-1.1", "R-1.2", "R-2.1", "R-2.1.1"]
    assert tiny_spec.rule("R-1.2").silence("nl") == "The Dutch edition does not say who starts."
    assert tiny_spec.rules_in("R-2")[1].file == "rules/02-end.toml"
    assert tiny_spec.discrepancies_of("R-1.2")[0].reading("en") == EditionReading(
        "en", "The youngest player starts.", ("The youngest player starts.",)
    )
    assert tiny_spec.terms[1].nl == "—"


def edit(root: Path, name: str, old: str, new: str) -> None:
    path = root / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "old", "new", "expected"),
    [
        pytest.param(
            "rules/01-setup.toml",
            'title = "Deal"',
            'title = "Deal"\ntitel = "Deal"',
            r"01-setup\.toml: \[\[rules\]\] #1 \(R-1\.1\): unknown key 'titel'",
            id="unknown-rule-key",
        ),
        pytest.param(
            "rules/01-setup.toml",
            'fr = ["Distribuez cinq cartes."]',
            'fr = ["Distribuez cinq cartes."]\nde = ["Gib fünf Karten."]',
            r"\(R-1\.1\)\.sources: unknown key 'de'",
            id="unknown-edition",
        ),
        pytest.param(
            "rules/01-setup.toml",
            'statement = "Each player gets five cards."',
            "",
            r"\(R-1\.1\): missing required key 'statement'",
            id="missing-key",
        ),
        pytest.param(
            "rules/01-setup.toml",
            'decisions = ["D-1"]',
            'decisions = "D-1"',
            r"\(R-1\.2\): 'decisions' must be an array of strings, not str",
            id="wrong-type",
        ),
        pytest.param(
            "rules/01-setup.toml",
            '[section]\nid = "R-1"',
            "[section]\nid = 1",
            r"01-setup\.toml: top level\.section: 'id' must be a string, not int",
            id="wrong-type-section",
        ),
        pytest.param(
            "rules/01-setup.toml",
            "[section]",
            "[sektion]",
            r"01-setup\.toml: top level: missing required \[section\] table",
            id="missing-section",
        ),
        pytest.param(
            "not-rules.toml",
            'kind = "heading"',
            'kind = "flavor"',
            r"not-rules\.toml: \[\[passages\]\] #1: 'kind' must be one of .*; got 'flavor'",
            id="bad-kind",
        ),
        pytest.param(
            "discrepancies.toml",
            'says = "Silent."',
            'says = "Silent."\nquote = ["x"]',
            r"discrepancies\.toml: \[\[discrepancies\]\] #1 \(D-1\)\.nl: unknown key 'quote'",
            id="unknown-reading-key",
        ),
        pytest.param(
            "terminology.toml",
            'en = "shootout"',
            'en = ""',
            r"terminology\.toml: \[\[terms\]\] #2 \(Shootout\): 'en' must not be empty",
            id="empty-text",
        ),
        pytest.param(
            "terminology.toml",
            "[[terms]]",
            "[[term]]",
            r"terminology\.toml: top level: unknown key 'term'",
            id="unknown-top-key",
        ),
        pytest.param(
            "discrepancies.toml",
            'id = "D-1"',
            'id = "D-1',
            r"discrepancies\.toml: not valid TOML",
            id="toml-syntax",
        ),
    ],
)
def test_malformed_data_raises(
    tiny_root: Path, name: str, old: str, new: str, expected: str
) -> None:
    edit(tiny_root, name, old, new)
    with pytest.raises(SpecificationError, match=expected):
        load_specification(tiny_root)


def test_missing_file_raises(tiny_root: Path) -> None:
    (tiny_root / "terminology.toml").unlink()
    with pytest.raises(SpecificationError, match=r"terminology\.toml: file is missing"):
        load_specification(tiny_root)


def test_no_rule_files_raises(tiny_root: Path) -> None:
    for path in (tiny_root / "rules").iterdir():
        path.unlink()
    with pytest.raises(SpecificationError, match="no rule files"):
        load_specification(tiny_root)


def test_specification_error_is_a_value_error() -> None:
    assert issubclass(SpecificationError, ValueError)


def test_missing_source_raises(tiny_root: Path) -> None:
    (tiny_root / "sources" / "chicago-poker-fr.txt").unlink()
    with pytest.raises(SpecificationError, match=r"chicago-poker-fr\.txt: file is missing"):
        load_sources(tiny_root)


def test_malformed_checksum_line_raises(tiny_root: Path) -> None:
    (tiny_root / "sources" / "SHA256SUMS").write_text("abc  x.txt\n", encoding="utf-8")
    with pytest.raises(SpecificationError, match=r"SHA256SUMS: line 1"):
        load_sources(tiny_root)


def test_rule_files_load_in_file_name_order(tiny_root: Path) -> None:
    (tiny_root / "rules" / "01-setup.toml").rename(tiny_root / "rules" / "10-setup.toml")
    spec = load_specification(tiny_root)
    assert [section.id for section in spec.sections] == ["R-2", "R-1"]
    assert codes(check_ids(spec)) == ["out-of-order"]


# --- IDs ------------------------------------------------------------------------


def with_rule(spec: Specification, index: int, **changes: Any) -> Specification:
    rules = list(spec.rules)
    rules[index] = evolve(rules[index], **changes)
    return evolve(spec, rules=tuple(rules))


def test_duplicate_rule_id(tiny_spec: Specification) -> None:
    spec = evolve(tiny_spec, rules=(*tiny_spec.rules, tiny_spec.rules[-1]))
    assert "duplicate-id" in codes(check_ids(spec))


@pytest.mark.parametrize("bad", ["R1.3", "R-1.x", "R-1.03", "r-1.3", "R-1.", "D-1"])
def test_bad_rule_id(tiny_spec: Specification, bad: str) -> None:
    findings = check_ids(with_rule(tiny_spec, 0, id=bad))
    assert codes(findings) == ["bad-id"]
    assert findings[0].entry == bad
    assert findings[0].file == "rules/01-setup.toml"


def test_rule_outside_its_section(tiny_spec: Specification) -> None:
    findings = check_ids(with_rule(tiny_spec, 1, id="R-2.9"))
    assert codes(findings) == ["wrong-section"]


def test_rule_id_equal_to_its_section(tiny_spec: Specification) -> None:
    assert codes(check_ids(with_rule(tiny_spec, 0, id="R-1"))) == ["wrong-section"]


def test_unknown_parent(tiny_spec: Specification) -> None:
    findings = check_ids(with_rule(tiny_spec, 3, id="R-2.4.1"))
    assert codes(findings) == ["unknown-parent"]
    assert "R-2.4" in findings[0].message


def test_rules_out_of_order(tiny_spec: Specification) -> None:
    first, second, *rest = tiny_spec.rules
    findings = check_ids(evolve(tiny_spec, rules=(second, first, *rest)))
    assert codes(findings) == ["out-of-order"]
    assert findings[0].entry == "R-1.1"


def test_numeric_not_textual_order(tiny_spec: Specification) -> None:
    rules = (
        tiny_spec.rules[0],
        evolve(tiny_spec.rules[1], id="R-1.2"),
        evolve(tiny_spec.rules[1], id="R-1.10"),
    )
    assert check_ids(evolve(tiny_spec, rules=rules)) == []


def test_bad_and_duplicate_section_ids(tiny_spec: Specification) -> None:
    first, second = tiny_spec.sections
    spec = evolve(tiny_spec, sections=(first, evolve(second, id="R-1")), rules=())
    assert codes(check_ids(spec)) == ["duplicate-id", "out-of-order"]
    spec = evolve(tiny_spec, sections=(first, evolve(second, id="R-2.1")), rules=())
    assert codes(check_ids(spec)) == ["bad-id"]


def discrepancy(spec: Specification, **changes: Any) -> Specification:
    return evolve(spec, discrepancies=(evolve(spec.discrepancies[0], **changes),))


def test_discrepancy_ids(tiny_spec: Specification) -> None:
    d1 = tiny_spec.discrepancies[0]
    assert codes(check_ids(discrepancy(tiny_spec, id="D-2"))) == ["bad-sequence"]
    assert codes(check_ids(discrepancy(tiny_spec, id="D1"))) == ["bad-id", "bad-sequence"]
    spec = evolve(tiny_spec, discrepancies=(d1, d1))
    assert codes(check_ids(spec)) == ["duplicate-id", "bad-sequence"]


# --- editions and quotes ---------------------------------------------------------------


def test_edition_with_quotes_and_silent_note(tiny_spec: Specification) -> None:
    spec = with_rule(tiny_spec, 1, sources=(("en", ("x",)), ("nl", ("y",))))
    findings = check_editions(spec)
    assert codes(findings) == ["edition-both"]
    assert findings[0].message.startswith("nl:")


def test_edition_neither_quoted_nor_silent(tiny_spec: Specification) -> None:
    findings = check_editions(with_rule(tiny_spec, 1, silent=(("nl", "Silent."),)))
    assert codes(findings) == ["edition-missing"]
    assert (findings[0].entry, findings[0].message[:3]) == ("R-1.2", "fr:")


def test_quote_with_other_whitespace_is_verbatim(
    tiny_spec: Specification, tiny_sources: Sources
) -> None:
    spec = with_rule(tiny_spec, 0, sources=(("en", ("  Deal five cards\n to\teach player. ",)),))
    assert check_quotes(spec, tiny_sources) == []


def test_quote_not_verbatim(tiny_spec: Specification, tiny_sources: Sources) -> None:
    spec = with_rule(tiny_spec, 0, sources=(("en", ("Deal five cards to every player.",)),))
    findings = check_quotes(spec, tiny_sources)
    assert codes(findings) == ["quote-not-found"]
    assert findings[0].entry == "R-1.1"
    assert "nearest (line 2): «Deal five cards to each player.»" in findings[0].message
    assert "quote has «very» where the source has «ach»" in findings[0].message


def test_quote_with_nothing_similar(tiny_spec: Specification, tiny_sources: Sources) -> None:
    spec = with_rule(tiny_spec, 0, sources=(("en", ("Zzyzx qwv.",)),))
    assert "no similar text" in check_quotes(spec, tiny_sources)[0].message


def test_quote_ambiguous(tiny_spec: Specification, tiny_sources: Sources) -> None:
    spec = with_rule(tiny_spec, 0, sources=(("en", ("player",)),))
    findings = check_quotes(spec, tiny_sources)
    assert codes(findings) == ["quote-ambiguous"]
    assert "occurs 2 times (lines 3, 3)" in findings[0].message


def test_overlapping_occurrences_are_ambiguous() -> None:
    sources = Sources((SourceFile("en", "en.txt", b"aaa"),), ())
    spec = Specification((), (), passages=(Passage("en", "noise", "aa", index=1),))
    assert codes(check_quotes(spec, sources)) == ["quote-ambiguous"]


def test_passage_and_discrepancy_quotes_are_checked(
    tiny_spec: Specification, tiny_sources: Sources
) -> None:
    passages = (evolve(tiny_spec.passages[0], quote="2.0 SETUP"), *tiny_spec.passages[1:])
    reading = EditionReading("fr", "Silent.", ("Distribuez six cartes.",))
    d1 = tiny_spec.discrepancies[0]
    spec = evolve(
        tiny_spec,
        passages=passages,
        discrepancies=(evolve(d1, readings=(*d1.readings[:2], reading)),),
    )
    findings = check_quotes(spec, tiny_sources)
    assert [(f.code, f.file, f.entry) for f in findings] == [
        ("quote-not-found", "not-rules.toml", "passage #1"),
        ("quote-not-found", "discrepancies.toml", "D-1"),
    ]


def note_codes(spec: Specification, sources: Sources, **changes: Any) -> list[str]:
    return codes(check_note_quotes(discrepancy(spec, **changes), sources))


@pytest.mark.parametrize(
    ("rationale", "expected"),
    [
        ('The English says "The youngest player starts".', []),
        ("The Dutch «Deel ieder vijf kaarten» and the French “cinq cartes”.", []),
        ('"Deal five ... each player"', []),
        ('Only "The eldest player starts".', ["note-quote-not-found"]),
        ('"each player ... Deal five"', ["note-quote-not-found"]),
        ('"The youngest player begins" [translation]', []),
        ('"Distribuez cinc cartes" [corrected spelling]', []),
        ('"Distribuez cinq cartes" [corrected spelling]', ["note-quote-not-corrected"]),
        ('"Qwertz uiop" [corrected spelling]', ["note-quote-not-found"]),
        ('"The eldest player starts" [sic]', ["note-quote-bad-mark"]),
    ],
)
def test_quotations_in_notes(
    tiny_spec: Specification, tiny_sources: Sources, rationale: str, expected: list[str]
) -> None:
    assert note_codes(tiny_spec, tiny_sources, rationale=rationale) == expected


def test_a_misquoted_note_names_the_nearest_text(
    tiny_spec: Specification, tiny_sources: Sources
) -> None:
    spec = discrepancy(tiny_spec, impact='The French "Distribuez six cartes" deals six.')
    [finding] = check_note_quotes(spec, tiny_sources)
    assert (finding.file, finding.entry) == ("discrepancies.toml", "D-1")
    assert finding.message.startswith("impact: «Distribuez six cartes» is in no edition")
    assert "nearest (fr, line 2): «Distribuez cinq cartes" in finding.message


def test_every_kind_of_note_is_checked(tiny_spec: Specification, tiny_sources: Sources) -> None:
    wrong = 'It says "no such words".'
    reading = evolve(tiny_spec.discrepancies[0].readings[1], says=wrong)
    d1 = tiny_spec.discrepancies[0]
    fields = ("impact", "decision", "rationale", "no_option_reason")
    spec = evolve(
        with_rule(with_rule(tiny_spec, 0, statement=wrong), 1, silent=(("nl", wrong),)),
        sections=(evolve(tiny_spec.sections[0], summary=wrong), *tiny_spec.sections[1:]),
        passages=(evolve(tiny_spec.passages[0], note=wrong), *tiny_spec.passages[1:]),
        terms=(evolve(tiny_spec.terms[0], note=wrong), *tiny_spec.terms[1:]),
        discrepancies=(
            evolve(
                d1,
                impact=wrong,
                decision=wrong,
                rationale=wrong,
                no_option_reason=wrong,
                readings=(d1.readings[0], reading, d1.readings[2]),
            ),
        ),
    )
    where = [
        (f.file, f.entry, f.message.split(":")[0]) for f in check_note_quotes(spec, tiny_sources)
    ]
    assert where == [
        ("rules/01-setup.toml", "R-1", "summary"),
        ("rules/01-setup.toml", "R-1.1", "statement"),
        ("rules/01-setup.toml", "R-1.2", "silent nl"),
        *(("discrepancies.toml", "D-1", name) for name in fields),
        ("discrepancies.toml", "D-1", "nl says"),
        ("not-rules.toml", "passage #1", "note"),
        ("terminology.toml", "term #1 (BusinessTile)", "note"),
    ]


# --- coverage -------------------------------------------------------------------


def test_uncovered_sentence(tiny_spec: Specification, tiny_sources: Sources) -> None:
    spec = evolve(tiny_spec, passages=tiny_spec.passages[1:])
    findings = check_coverage(spec, tiny_sources)
    assert [(f.code, f.file, f.entry) for f in findings] == [
        ("unaccounted", "sources/chicago-poker-en.txt", "line 1")
    ]
    assert (
        findings[0].message == "«1.0 SETUP Deal five cards to each player.» (uncovered: 1.0 SETUP)"
    )


def test_uncovered_sentence_reports_its_original_line() -> None:
    sources = Sources((SourceFile("en", "x.txt", b"Quoted.\n\n  Not\nquoted.\n"),), ())
    rule = Rule("R-1.1", "T", "S.", "R-1", "rules/01.toml", sources=(("en", ("Quoted.",)),))
    findings = check_coverage(Specification((), (rule,)), sources)
    assert [f.entry for f in findings] == ["line 3"]


def test_punctuation_need_not_be_covered() -> None:
    sources = Sources((SourceFile("en", "x.txt", "• Draw “one” card!".encode()),), ())
    rule = Rule("R-1.1", "T", "S.", "R-1", "rules/01.toml", sources=(("en", ("Draw",)),))
    passage = Passage("en", "noise", "one” card", index=1)
    assert check_coverage(Specification((), (rule,), passages=(passage,)), sources) == []


def test_coverage_report(tiny_spec: Specification, tiny_sources: Sources) -> None:
    spec = evolve(tiny_spec, passages=tiny_spec.passages[:1])
    en, nl, fr = coverage(spec, tiny_sources)
    assert (en.edition, en.sentences, en.quoted, en.not_rules, en.unaccounted) == (
        "en",
        2,
        1,
        1,
        (),
    )
    assert (en.characters, en.quoted_characters) == (55, 48)
    assert (nl.sentences, nl.quoted, nl.not_rules, len(nl.unaccounted)) == (1, 0, 0, 1)
    assert fr.unaccounted[0].uncovered == "1.0 PRÉPARATION"
    assert round(en.percent, 1) == 87.3


# --- discrepancies ----------------------------------------------------------------


def test_dangling_discrepancy_rule(tiny_spec: Specification) -> None:
    findings = check_discrepancies(discrepancy(tiny_spec, rules=("R-1.2", "R-9.1")))
    assert codes(findings) == ["unknown-rule"]
    assert (findings[0].file, findings[0].entry) == ("discrepancies.toml", "D-1")


def test_discrepancy_without_rules(tiny_spec: Specification) -> None:
    spec = with_rule(discrepancy(tiny_spec, rules=()), 1, decisions=())
    assert codes(check_discrepancies(spec)) == ["no-rules"]


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"option": "youngest_first", "no_option_reason": None}, ["option-without-effect"]),
        (
            {"option": "youngest_first", "option_effect": "Any player starts."},
            ["option-and-reason"],
        ),
        ({"option_effect": "Any player starts."}, ["effect-without-option"]),
        ({"no_option_reason": None}, ["missing-reason"]),
        (
            {"option": "Youngest", "option_effect": "x", "no_option_reason": None},
            ["bad-option"],
        ),
    ],
)
def test_option_consistency(
    tiny_spec: Specification, changes: dict[str, Any], expected: list[str]
) -> None:
    assert codes(check_discrepancies(discrepancy(tiny_spec, **changes))) == expected


def test_option_with_effect_is_fine(tiny_spec: Specification) -> None:
    changes = {"option": "youngest_first", "option_effect": "x", "no_option_reason": None}
    assert check_discrepancies(discrepancy(tiny_spec, **changes)) == []


def test_missing_edition_reading(tiny_spec: Specification) -> None:
    readings = tiny_spec.discrepancies[0].readings
    spec = discrepancy(tiny_spec, readings=(readings[0], evolve(readings[1], says="  ")))
    findings = check_discrepancies(spec)
    assert codes(findings) == ["missing-reading", "missing-reading"]
    assert "discrepancies.nl" in findings[0].message
    assert "discrepancies.fr" in findings[1].message


def test_dangling_decision(tiny_spec: Specification) -> None:
    findings = check_discrepancies(with_rule(tiny_spec, 0, decisions=("D-7",)))
    assert codes(findings) == ["unknown-discrepancy"]
    assert findings[0].entry == "R-1.1"


def test_decision_not_listed_by_its_discrepancy(tiny_spec: Specification) -> None:
    findings = check_discrepancies(with_rule(tiny_spec, 0, decisions=("D-1",)))
    assert codes(findings) == ["unlinked-decision"]


# --- terminology ------------------------------------------------------------------


def test_duplicate_term_code(tiny_spec: Specification) -> None:
    first = tiny_spec.terms[0]
    spec = evolve(tiny_spec, terms=(first, evolve(first, en="tile", index=2)))
    assert codes(check_terminology(spec)) == ["duplicate-term", "duplicate-term"]


def test_same_code_in_other_group_is_fine(tiny_spec: Specification) -> None:
    first = tiny_spec.terms[0]
    spec = evolve(tiny_spec, terms=(first, evolve(first, group="card", index=2)))
    assert check_terminology(spec) == []


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"fr": None}, ["missing-name"]),
        ({"note": None}, ["no-name-without-note"]),
        ({"code": "shoot-out"}, ["bad-code"]),
        ({"code": "Face."}, ["bad-code"]),
        ({"code": "Face.UP"}, []),
    ],
)
def test_bad_term(tiny_spec: Specification, changes: dict[str, Any], expected: list[str]) -> None:
    spec = evolve(tiny_spec, terms=(evolve(tiny_spec.terms[1], **changes),))
    assert codes(check_terminology(spec)) == expected


def test_term_model() -> None:
    term = Term("card", "Revolver", "Revolver", "Revolver", "Revolver", index=1)
    assert [term.name(edition) for edition in sp.EDITIONS] == ["Revolver"] * 3


# --- hashes ---------------------------------------------------------------------


def test_hash_mismatch(tiny_sources: Sources) -> None:
    files = (evolve(tiny_sources.files[0], data=b"changed"), *tiny_sources.files[1:])
    findings = check_hashes(evolve(tiny_sources, files=files))
    assert codes(findings) == ["hash-mismatch"]
    assert (findings[0].file, findings[0].entry) == ("sources/SHA256SUMS", "chicago-poker-en.txt")


def test_hash_unlisted_and_extra(tiny_sources: Sources) -> None:
    checksums = (*tiny_sources.checksums[1:], ("old.txt", "0" * 64))
    assert codes(check_hashes(evolve(tiny_sources, checksums=checksums))) == [
        "hash-unlisted",
        "hash-extra",
    ]


def test_hashes_are_of_bytes(tiny_sources: Sources) -> None:
    digest = hashlib.sha256(tiny_sources.files[0].data).hexdigest()
    assert dict(tiny_sources.checksums)["chicago-poker-en.txt"] == digest


# --- normalising and sentences ---------------------------------------------------------


@given(st.text(alphabet=st.sampled_from("ab.!?”) \n\t\u00a0\u2003\r")))
def test_line_tracking_normalises_like_normalise(text: str) -> None:
    tracked = sp._Normalised.of(text)
    assert tracked.text == normalise(text)
    assert len(tracked.lines) == len(tracked.text)
    assert list(tracked.lines) == sorted(tracked.lines)
    assert all(1 <= line <= text.count("\n") + 1 for line in tracked.lines)


@given(st.text(alphabet=st.sampled_from("ab1.!?”)» ")).map(normalise))
def test_sentences_partition_the_text(text: str) -> None:
    assert " ".join(split_sentences(text)) == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("One. Two", ("One.", "Two")),
        ("1.0 SETUP Deal.", ("1.0 SETUP Deal.",)),
        ("He said “stop!” Then left.", ("He said “stop!”", "Then left.")),
        ("Draw (one card.) Play.", ("Draw (one card.)", "Play.")),
        ("Qui gagne ? Le plus fort.", ("Qui gagne ?", "Le plus fort.")),
        ("", ()),
    ],
)
def test_split_sentences(text: str, expected: tuple[str, ...]) -> None:
    assert split_sentences(text) == expected


# --- command line -----------------------------------------------------------------


def test_main_reports_a_sound_spec(tiny_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert sp.main(["--root", str(tiny_root)]) == 0
    out = capsys.readouterr().out
    assert "2 sections, 4 rules, 3 not-rule passages, 1 discrepancies, 2 terms" in out
    assert re.search(r"^en\s+2\s+1\s+1\s+0\s+48/55 \(87\.3 %\)$", out, re.MULTILINE)
    assert "0 findings" in out


def test_main_lists_findings(tiny_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit(tiny_root, "not-rules.toml", 'quote = "1.0 SETUP"', 'quote = "1.0 SETUP!"')
    assert sp.main(["--root", str(tiny_root)]) == 1
    out = capsys.readouterr().out
    assert "2 findings" in out
    assert "not-rules.toml: passage #1: quote-not-found" in out
    assert "sources/chicago-poker-en.txt: line 1: unaccounted" in out


def test_main_reports_malformed_spec(tiny_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tiny_root / "discrepancies.toml").write_text("[[discrepancies]]\nid = 1\n")
    assert sp.main(["--root", str(tiny_root)]) == 1
    assert "'id' must be a string, not int" in capsys.readouterr().err


def test_section_model(tiny_spec: Specification) -> None:
    assert tiny_spec.sections[0] == Section(
        "R-1", "Setup", "How the game starts.", "rules/01-setup.toml"
    )


def test_discrepancy_model(tiny_spec: Specification) -> None:
    d1 = tiny_spec.discrepancies[0]
    assert isinstance(d1, Discrepancy)
    assert (d1.option, d1.option_effect) == (None, None)
    assert d1.reading("nl") == EditionReading("nl", "Silent.", ())


def test_hypothesis_ci_profile() -> None:
    profile = settings.get_profile("ci")
    assert profile.derandomize
    assert profile.deadline is None
    if os.environ.get("CI"):
        assert settings.default is not None
        assert settings.default.derandomize
