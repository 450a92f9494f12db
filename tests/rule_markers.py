"""Pytest plugin: the ``rule`` marker, tying tests to specification rule IDs.

Use ``@pytest.mark.rule("R-7.3")`` (several IDs allowed) on a test, a class,
``pytestmark`` or ``pytest.param(..., marks=...)``. At collection time every
cited ID must be well formed and name a rule (or section) of the
specification; otherwise the run stops with a usage error naming the test and
the ID. The specification is :func:`chicago_poker.specification.default_root`
unless the ini option ``rule_spec_root`` names another directory (relative to
the rootdir).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import pytest

from chicago_poker.specification import (
    RULE_ID,
    Specification,
    SpecificationError,
    load_specification,
)


def pytest_addoption(parser: pytest.Parser) -> None:
    """Register the ``rule_spec_root`` ini option."""
    parser.addini(
        "rule_spec_root",
        "specification directory for @pytest.mark.rule IDs (default: the package's)",
        default="",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``rule`` marker."""
    config.addinivalue_line(
        "markers", "rule(*ids): the specification rules (such as 'R-7.3') the test checks"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Fail the run if a ``rule`` marker cites a malformed or unknown ID."""
    cited = [(item, marker.args) for item in items for marker in item.iter_markers("rule")]
    if not cited:
        return
    known = _known_ids(_load(config))
    problems = [problem for item, ids in cited for problem in _problems(item, ids, known)]
    if problems:
        raise pytest.UsageError(
            "unknown rule IDs in @pytest.mark.rule:\n" + "\n".join(sorted(set(problems)))
        )


def _load(config: pytest.Config) -> Specification:
    setting = str(config.getini("rule_spec_root"))
    root = config.rootpath / setting if setting else None
    try:
        return load_specification(root)
    except SpecificationError as error:
        raise pytest.UsageError(f"cannot check @pytest.mark.rule IDs: {error}") from error


def _known_ids(spec: Specification) -> frozenset[str]:
    return frozenset(rule.id for rule in spec.rules) | {section.id for section in spec.sections}


def _problems(item: pytest.Item, ids: Iterable[object], known: frozenset[str]) -> Iterator[str]:
    ids = tuple(ids)
    if not ids:
        yield f"  {item.nodeid}: @pytest.mark.rule needs at least one rule ID"
    for rule_id in ids:
        if not isinstance(rule_id, str) or not RULE_ID.fullmatch(rule_id):
            yield f"  {item.nodeid}: {rule_id!r} is not a rule ID (expected e.g. 'R-7.3')"
        elif rule_id not in known:
            yield f"  {item.nodeid}: {rule_id} is not in the specification"
