"""Tests for ``chicago-poker rules`` (chicago_poker.referee.explain)."""

from __future__ import annotations

import argparse
import io

import pytest

from chicago_poker.referee import explain
from chicago_poker.specification import Specification


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="chicago-poker")
    explain.add_parser(top.add_subparsers(required=True))
    return top


def run(argv: list[str]) -> tuple[int, str, str]:
    args = parser().parse_args(["rules", *argv])
    out, err = io.StringIO(), io.StringIO()
    status = explain.explain(args.id, out, err)
    return status, out.getvalue(), err.getvalue()


def test_the_list_shows_every_rule_by_section(spec: Specification) -> None:
    status, out, err = run([])
    assert status == 0
    assert err == ""
    for rule in spec.rules:
        assert f"  {rule.id:<10} {rule.title}\n" in out
    for section in spec.sections:
        assert f"{section.id}  {section.title}\n" in out
    assert out.index("R-5  Special cards") < out.index("  R-5.4.1    Limousine: which cards move")
    assert out.index("  R-5.4.1 ") < out.index("R-6  Shootouts")
    assert "  D-18       Limousine: any of one's cards, or the last ones\n" in out


@pytest.mark.rule("R-5.4.1")
def test_a_rule_shows_statement_quotes_and_discrepancies(spec: Specification) -> None:
    status, out, err = run(["R-5.4.1"])
    assert (status, err) == (0, "")
    rule = spec.rule("R-5.4.1")
    assert out.startswith("R-5.4.1  Limousine: which cards move\nSection R-5: Special cards\n")
    flat = " ".join(out.split())
    assert " ".join(rule.statement.split()) in flat
    for edition, name in (("en", "English (EN)"), ("nl", "Dutch (NL)"), ("fr", "French (FR)")):
        assert f"  {name}:" in out
        for quote in rule.quotes(edition):
            assert f"“{' '.join(quote.split())}”" in flat
    assert "  D-18  Limousine: any of one's cards, or the last ones" in out
    assert "Decision: The player moves the last one to four cards of their column" in flat
    assert "Option: limousine_any_cards:" in flat


@pytest.mark.rule("R-5.4.2")
def test_a_silent_edition_is_shown_with_its_note(spec: Specification) -> None:
    status, out, _ = run(["R-5.4.2"])
    assert status == 0
    assert "  Dutch (NL): silent.\n" in out
    note = spec.rule("R-5.4.2").silence("nl")
    assert note is not None
    assert " ".join(note.split()) in " ".join(out.split())


def test_every_discrepancy_of_a_rule_is_listed(spec: Specification) -> None:
    for rule in spec.rules:
        status, out, _ = run([rule.id])
        assert status == 0
        for discrepancy in spec.discrepancies_of(rule.id):
            assert f"  {discrepancy.id}  {discrepancy.title}\n" in out


def test_a_discrepancy_is_shown_in_full(spec: Specification) -> None:
    status, out, err = run(["D-18"])
    assert (status, err) == (0, "")
    discrepancy = next(d for d in spec.discrepancies if d.id == "D-18")
    flat = " ".join(out.split())
    assert out.startswith("D-18  Limousine: any of one's cards, or the last ones\nKind: conflict\n")
    for rule_id in discrepancy.rules:
        assert f"  {rule_id:<10} {spec.rule(rule_id).title}" in out
    for text in (discrepancy.impact, discrepancy.decision, discrepancy.rationale):
        assert " ".join(text.split()) in flat
    for reading in discrepancy.readings:
        assert " ".join(reading.says.split()) in flat
        for quote in reading.quotes:
            assert " ".join(quote.split()) in flat
    assert "Option: limousine_any_cards" in out


def test_a_discrepancy_without_option_gives_the_reason(spec: Specification) -> None:
    status, out, _ = run(["D-1"])
    assert status == 0
    assert "Option: none.\n" in out
    assert "A counting mistake, not a different rule." in out


def test_a_section_lists_its_rules() -> None:
    status, out, _ = run(["R-5"])
    assert status == 0
    assert out.startswith("R-5  Special cards\n")
    assert "  R-5.6.2    Bribery: shuffle discard pile and draw deck together\n" in out


def test_ids_are_read_case_insensitively() -> None:
    assert run(["r-5.4.1"])[1] == run(["R-5.4.1"])[1]
    assert run([" d-18 "])[1] == run(["D-18"])[1]


@pytest.mark.parametrize("identifier", ["R-99.1", "R-5.99", "D-999", "R-99"])
def test_an_unknown_id_is_an_error_with_status_1(identifier: str) -> None:
    status, out, err = run([identifier])
    assert status == 1
    assert out == ""
    assert err.startswith("chicago-poker rules: error: no ")
    assert identifier in err
    assert "IDs look like R-5.4.1 (a rule), R-5 (a section) or D-18 (a discrepancy)" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("identifier", ["foo", "R-05", "R5.4", "D-0", "D-1.2", "", "R-5."])
def test_a_malformed_id_is_an_error_with_status_2(identifier: str) -> None:
    status, out, err = run([identifier])
    assert status == 2
    assert out == ""
    assert f"{identifier!r} is not a rule or discrepancy ID" in err
    assert "IDs look like R-5.4.1" in err


def test_run_writes_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    args = parser().parse_args(["rules", "D-18"])
    assert args.command(args) == 0
    assert capsys.readouterr().out.startswith("D-18  ")


def test_run_writes_errors_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    args = parser().parse_args(["rules", "X-1"])
    assert args.command(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "'X-1' is not a rule or discrepancy ID" in captured.err


def test_more_than_one_id_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        parser().parse_args(["rules", "R-1.1", "R-1.2"])
    assert stop.value.code == 2
    assert "unrecognized arguments: R-1.2" in capsys.readouterr().err
