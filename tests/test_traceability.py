"""Static traceability between tests and specification rules.

Test files under ``tests/`` are parsed (not imported) and every
``pytest.mark.rule(...)`` call is read, wherever it appears: decorators,
``pytestmark``, ``pytest.param(..., marks=...)``. Every cited ID must exist,
and every rule of the sections listed in ``pyproject.toml`` under
``[tool.chicago_poker.traceability] required_sections`` must be cited by at
least one test (citing a rule's sub-rule or its section does not count).
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

from chicago_poker.specification import SECTION_ID, Rule, Specification

TESTS = Path(__file__).resolve().parent
PYPROJECT = TESTS.parent / "pyproject.toml"


class Citation(NamedTuple):
    """One rule ID cited by a ``pytest.mark.rule`` call."""

    file: str
    line: int
    rule_id: str


class Scan(NamedTuple):
    """What the scanner found in some source code."""

    citations: list[Citation]
    problems: list[str]


def _is_mark(node: ast.expr) -> bool:
    """``pytest.mark`` or a bare ``mark`` (``from pytest import mark``)."""
    if isinstance(node, ast.Attribute):
        return (
            node.attr == "mark" and isinstance(node.value, ast.Name) and node.value.id == "pytest"
        )
    return isinstance(node, ast.Name) and node.id == "mark"


def _is_rule_marker(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "rule" and _is_mark(node.value)


def scan(source: str, file: str) -> Scan:
    """Find the rule IDs cited by ``pytest.mark.rule(...)`` calls in Python source."""
    tree = ast.parse(source, file)
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _is_rule_marker(n.func)]
    calls.sort(key=lambda call: (call.lineno, call.col_offset))
    called = {id(call.func) for call in calls}
    found = Scan([], [])
    for call in calls:
        if not call.args:
            found.problems.append(f"{file}:{call.lineno}: pytest.mark.rule() names no rule")
        for arg in call.args:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.citations.append(Citation(file, arg.lineno, arg.value))
            else:
                found.problems.append(f"{file}:{arg.lineno}: rule ID is not a string literal")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is_rule_marker(node) and id(node) not in called:
            found.problems.append(f"{file}:{node.lineno}: pytest.mark.rule without IDs")
    return found


def scan_files(paths: Iterable[Path]) -> Scan:
    """Scan test files; file names are reported relative to ``tests/``'s parent."""
    total = Scan([], [])
    for path in paths:
        found = scan(path.read_text(encoding="utf-8"), path.relative_to(TESTS.parent).as_posix())
        total.citations.extend(found.citations)
        total.problems.extend(found.problems)
    return total


def unknown(spec: Specification, citations: Iterable[Citation]) -> list[str]:
    """Describe citations of IDs that are neither a rule nor a section."""
    known = {rule.id for rule in spec.rules} | {section.id for section in spec.sections}
    return [
        f"{c.file}:{c.line}: {c.rule_id} is not in the specification"
        for c in citations
        if c.rule_id not in known
    ]


def untraced(spec: Specification, citations: Iterable[Citation], sections: list[str]) -> list[str]:
    """Describe the rules of the given sections that no test cites (and unknown sections)."""
    cited = {c.rule_id for c in citations}
    problems = [
        f"required section {section} is not in the specification"
        for section in sections
        if section not in {s.id for s in spec.sections}
    ]
    rules: Iterator[Rule] = (rule for s in sections for rule in spec.rules_in(s))
    return problems + [f"{r.id} ({r.title}) has no test" for r in rules if r.id not in cited]


def required_sections() -> list[str]:
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    sections = config["tool"]["chicago_poker"]["traceability"]["required_sections"]
    assert isinstance(sections, list)
    assert all(isinstance(section, str) for section in sections)
    return sections


@pytest.fixture(scope="module")
def tests_scan() -> Scan:
    return scan_files(sorted(TESTS.rglob("*.py")))


# --- the real test suite ----------------------------------------------------------


def test_rule_markers_are_literal(tests_scan: Scan) -> None:
    assert not tests_scan.problems, "\n".join(tests_scan.problems)


def test_cited_rules_exist(spec: Specification, tests_scan: Scan) -> None:
    problems = unknown(spec, tests_scan.citations)
    assert not problems, "\n".join(problems)


def test_required_sections_are_traced(spec: Specification, tests_scan: Scan) -> None:
    problems = untraced(spec, tests_scan.citations, required_sections())
    assert not problems, "rules without tests:\n" + "\n".join(problems)


# --- the scanner itself -------------------------------------------------------------

SAMPLE = """
import pytest
from pytest import mark

pytestmark = [pytest.mark.rule("R-1.1"), pytest.mark.slow]

@pytest.mark.rule("R-1.2", "R-2.1")
def test_a(): ...

@pytest.mark.parametrize("x", [pytest.param(1, marks=pytest.mark.rule("R-2.1.1")), 2])
def test_b(x): ...

@mark.rule("R-9.9")
def test_c(): ...

@pytest.mark.rule(RULE)
def test_d(): ...

@pytest.mark.rule
def test_e(): ...

@pytest.mark.other("R-3.3")
def test_f(): ...
"""


def test_scanner_finds_every_form() -> None:
    found = scan(SAMPLE, "tests/test_sample.py")
    assert [(c.line, c.rule_id) for c in found.citations] == [
        (5, "R-1.1"),
        (7, "R-1.2"),
        (7, "R-2.1"),
        (10, "R-2.1.1"),
        (13, "R-9.9"),
    ]
    assert found.problems == [
        "tests/test_sample.py:16: rule ID is not a string literal",
        "tests/test_sample.py:19: pytest.mark.rule without IDs",
    ]


def test_unknown_citation_is_reported(tiny_spec: Specification) -> None:
    citations = scan(SAMPLE, "tests/test_sample.py").citations
    assert unknown(tiny_spec, citations) == [
        "tests/test_sample.py:13: R-9.9 is not in the specification"
    ]


def test_untraced_rules_are_reported(tiny_spec: Specification) -> None:
    citations = scan(SAMPLE, "tests/test_sample.py").citations
    assert untraced(tiny_spec, citations, ["R-2"]) == []
    assert untraced(tiny_spec, citations[1:], ["R-1", "R-2", "R-5"]) == [
        "required section R-5 is not in the specification",
        "R-1.1 (Deal) has no test",
    ]
    assert untraced(tiny_spec, citations[:3], ["R-2"]) == ["R-2.1.1 (Tie) has no test"]


def test_required_sections_configured() -> None:
    sections = required_sections()
    assert sections
    assert all(SECTION_ID.fullmatch(section) for section in sections)


# --- the rule_markers plugin, run in a nested pytest ---------------------------------------


@pytest.fixture
def marked_project(pytester: pytest.Pytester, tiny_root: Path) -> pytest.Pytester:
    pytester.makeini("[pytest]\nrule_spec_root = spec\n")
    (pytester.path / "spec").symlink_to(tiny_root, target_is_directory=True)
    return pytester


def test_plugin_accepts_known_ids(marked_project: pytest.Pytester) -> None:
    marked_project.makepyfile(
        test_known="""
        import pytest

        pytestmark = pytest.mark.rule("R-1")

        @pytest.mark.rule("R-1.1", "R-2.1.1")
        def test_deal(): pass

        @pytest.mark.parametrize("n", [pytest.param(1, marks=pytest.mark.rule("R-1.2"))])
        def test_start(n): pass
        """
    )
    result = marked_project.runpytest("-p", "rule_markers", "--strict-markers")
    result.assert_outcomes(passed=2)


@pytest.mark.parametrize(
    ("marker", "message"),
    [
        ('"R-9.9"', "test_unknown.py::test_it: R-9.9 is not in the specification"),
        ('"R-1.1", "R 1.2"', "test_unknown.py::test_it: 'R 1.2' is not a rule ID"),
        ("", "test_unknown.py::test_it: @pytest.mark.rule needs at least one rule ID"),
    ],
)
def test_plugin_rejects_unknown_ids(
    marked_project: pytest.Pytester, marker: str, message: str
) -> None:
    marked_project.makepyfile(
        test_unknown=f"""
        import pytest

        @pytest.mark.rule({marker})
        def test_it(): pass

        def test_other(): pass
        """
    )
    result = marked_project.runpytest("-p", "rule_markers")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*unknown rule IDs*", f"*{message}*"])
    result.assert_outcomes()


def test_plugin_uses_the_real_spec_by_default(
    pytester: pytest.Pytester, spec: Specification
) -> None:
    pytester.makepyfile(
        test_real=f"""
        import pytest

        @pytest.mark.rule({spec.rules[0].id!r})
        def test_known(): pass
        """
    )
    pytester.runpytest("-p", "rule_markers").assert_outcomes(passed=1)
    pytester.makepyfile(
        test_real="""
        import pytest

        @pytest.mark.rule("R-999.1")
        def test_unknown(): pass
        """
    )
    result = pytester.runpytest("-p", "rule_markers")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*test_real.py::test_unknown: R-999.1 is not in the specification"]
    )


def test_plugin_reports_a_broken_spec(marked_project: pytest.Pytester, tiny_root: Path) -> None:
    (tiny_root / "terminology.toml").write_text("terms = 1\n", encoding="utf-8")
    marked_project.makepyfile(
        test_x="""
        import pytest

        @pytest.mark.rule("R-1.1")
        def test_it(): pass
        """
    )
    result = marked_project.runpytest("-p", "rule_markers")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*cannot check @pytest.mark.rule IDs*'terms' must be*"])


def test_plugin_is_loaded_by_conftest(pytestconfig: pytest.Config) -> None:
    assert pytestconfig.pluginmanager.has_plugin("rule_markers")
    markers = pytestconfig.getini("markers")
    assert any(line.startswith("rule(*ids):") for line in markers)
