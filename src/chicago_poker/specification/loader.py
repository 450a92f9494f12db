"""Loading the specification: its TOML files into typed data, and its rulebook sources.

:func:`load_specification` reads the TOML into the frozen classes of
:mod:`~chicago_poker.specification.model` and raises
:class:`~chicago_poker.specification.model.SpecificationError`, naming the file and the entry,
for malformed data: a missing, mistyped or unknown key. :func:`load_sources` reads the
rulebook texts and their checksums.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection, Iterator
from importlib.resources import files
from pathlib import Path
from typing import Any, TypeVar

from chicago_poker.specification.model import (
    CHECKSUMS_FILE,
    DISCREPANCIES_FILE,
    DISCREPANCY_KINDS,
    EDITIONS,
    NOT_RULES_FILE,
    PASSAGE_KINDS,
    RULES_DIR,
    TERM_GROUPS,
    TERMINOLOGY_FILE,
    Discrepancy,
    EditionReading,
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

__all__ = ["default_root", "load_sources", "load_specification"]

_T = TypeVar("_T")


class _Table:
    """A TOML table being read: remembers its location and the keys asked for."""

    def __init__(self, data: dict[str, Any], file: str, entry: str) -> None:
        self.data = data
        self.file = file
        self.entry = entry
        self.used: set[str] = set()

    def error(self, message: str) -> SpecificationError:
        return SpecificationError(f"{self.file}: {self.entry}: {message}")

    def name(self, identifier: str) -> None:
        """Add the entry's own ID to its location, for later messages."""
        self.entry = f"{self.entry} ({identifier})"

    def _optional(self, key: str, kind: type[_T], what: str) -> _T | None:
        self.used.add(key)
        if key not in self.data:
            return None
        value = self.data[key]
        if not isinstance(value, kind):
            raise self.error(f"{key!r} must be {what}, not {type(value).__name__}")
        return value

    def optional_text(self, key: str) -> str | None:
        value = self._optional(key, str, "a string")
        if value is not None and not value.strip():
            raise self.error(f"{key!r} must not be empty")
        return value

    def text(self, key: str) -> str:
        value = self.optional_text(key)
        if value is None:
            raise self.error(f"missing required key {key!r}")
        return value

    def choice(self, key: str, allowed: Collection[str]) -> str:
        value = self.text(key)
        if value not in allowed:
            raise self.error(f"{key!r} must be one of {', '.join(allowed)}; got {value!r}")
        return value

    def optional_texts(self, key: str) -> tuple[str, ...] | None:
        items = self._optional(key, list, "an array of strings")
        if items is None:
            return None
        for number, item in enumerate(items, 1):
            if not isinstance(item, str) or not item.strip():
                raise self.error(f"{key!r} item {number} must be a non-empty string")
        return tuple(items)

    def texts(self, key: str) -> tuple[str, ...]:
        items = self.optional_texts(key)
        if items is None:
            raise self.error(f"missing required key {key!r}")
        return items

    def table(self, key: str) -> _Table | None:
        data = self._optional(key, dict, "a table")
        return None if data is None else _Table(data, self.file, f"{self.entry}.{key}")

    def tables(self, key: str) -> list[_Table]:
        items = self._optional(key, list, "an array of tables") or []
        tables = []
        for number, item in enumerate(items, 1):
            if not isinstance(item, dict):
                raise self.error(f"[[{key}]] #{number} must be a table")
            tables.append(_Table(item, self.file, f"[[{key}]] #{number}"))
        return tables

    def done(self) -> None:
        """Reject keys nobody asked for (typos must not pass silently)."""
        unknown = sorted(set(self.data) - self.used)
        if unknown:
            allowed = ", ".join(sorted(self.used))
            raise self.error(f"unknown key {', '.join(map(repr, unknown))} (allowed: {allowed})")


def _read_toml(path: Path) -> _Table:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SpecificationError(f"{path}: file is missing") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise SpecificationError(f"{path}: not valid TOML: {error}") from error
    return _Table(data, str(path), "top level")


def default_root() -> Path:
    """Return the specification directory used when none is given.

    That is the copy shipped inside the installed wheel
    (``chicago_poker/_spec``) when present, else the ``spec/`` directory of
    the source checkout the package is imported from.

    >>> (default_root() / "sources").is_dir()
    True
    """
    packaged = files("chicago_poker") / "_spec"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[3] / "spec"


def load_specification(root: Path | None = None) -> Specification:
    """Load the specification's TOML files.

    Args:
        root: The specification directory; :func:`default_root` if omitted.

    Returns:
        The loaded specification (not yet checked: see
        :func:`~chicago_poker.specification.checks.check_specification`).

    Raises:
        SpecificationError: A file is missing, is not TOML, or has a missing,
            mistyped or unknown key; the message names the file and entry.

    >>> spec = load_specification()
    >>> all(rule.id.startswith(rule.section + ".") for rule in spec.rules)
    True
    """
    root = default_root() if root is None else root
    sections, rules = _load_rules(root)
    return Specification(
        sections=sections,
        rules=rules,
        passages=_load_passages(root / NOT_RULES_FILE),
        discrepancies=_load_discrepancies(root / DISCREPANCIES_FILE),
        terms=_load_terms(root / TERMINOLOGY_FILE),
    )


def _load_rules(root: Path) -> tuple[tuple[Section, ...], tuple[Rule, ...]]:
    paths = sorted((root / RULES_DIR).glob("*.toml"), key=lambda path: path.name)
    if not paths:
        raise SpecificationError(f"{root / RULES_DIR}: no rule files (*.toml)")
    loaded = [_load_rule_file(path, f"{RULES_DIR}/{path.name}") for path in paths]
    sections = tuple(section for section, _ in loaded)
    return sections, tuple(rule for _, rules in loaded for rule in rules)


def _load_rule_file(path: Path, file: str) -> tuple[Section, tuple[Rule, ...]]:
    top = _read_toml(path)
    table = top.table("section")
    if table is None:
        raise top.error("missing required [section] table")
    section = _read_section(table, file)
    rules = tuple(_read_rule(table, section) for table in top.tables("rules"))
    top.done()
    return section, rules


def _read_section(table: _Table, file: str) -> Section:
    section = Section(
        id=table.text("id"), title=table.text("title"), summary=table.text("summary"), file=file
    )
    table.done()
    return section


def _read_rule(table: _Table, section: Section) -> Rule:
    table.name(table.text("id"))
    rule = Rule(
        id=table.text("id"),
        title=table.text("title"),
        statement=table.text("statement"),
        section=section.id,
        file=section.file,
        sources=_read_quotes(table.table("sources")),
        silent=_read_silent(table.table("silent")),
        decisions=table.optional_texts("decisions") or (),
    )
    table.done()
    return rule


def _read_quotes(table: _Table | None) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if table is None:
        return ()
    pairs = tuple(
        (edition, quotes) for edition in EDITIONS if (quotes := table.optional_texts(edition))
    )
    table.done()
    return pairs


def _read_silent(table: _Table | None) -> tuple[tuple[str, str], ...]:
    if table is None:
        return ()
    pairs = tuple((edition, note) for edition in EDITIONS if (note := table.optional_text(edition)))
    table.done()
    return pairs


def _load_passages(path: Path) -> tuple[Passage, ...]:
    top = _read_toml(path)
    passages = tuple(_read_passage(table, n) for n, table in enumerate(top.tables("passages"), 1))
    top.done()
    return passages


def _read_passage(table: _Table, index: int) -> Passage:
    passage = Passage(
        edition=table.choice("edition", EDITIONS),
        kind=table.choice("kind", PASSAGE_KINDS),
        quote=table.text("quote"),
        note=table.optional_text("note"),
        index=index,
    )
    table.done()
    return passage


def _load_discrepancies(path: Path) -> tuple[Discrepancy, ...]:
    top = _read_toml(path)
    discrepancies = tuple(_read_discrepancy(table) for table in top.tables("discrepancies"))
    top.done()
    return discrepancies


def _read_discrepancy(table: _Table) -> Discrepancy:
    table.name(table.text("id"))
    discrepancy = Discrepancy(
        id=table.text("id"),
        title=table.text("title"),
        kind=table.choice("kind", DISCREPANCY_KINDS),
        rules=table.texts("rules"),
        impact=table.text("impact"),
        decision=table.text("decision"),
        rationale=table.text("rationale"),
        option=table.optional_text("option"),
        option_effect=table.optional_text("option_effect"),
        no_option_reason=table.optional_text("no_option_reason"),
        readings=tuple(_read_readings(table)),
    )
    table.done()
    return discrepancy


def _read_readings(table: _Table) -> Iterator[EditionReading]:
    for edition in EDITIONS:
        reading = table.table(edition)
        if reading is not None:
            says = reading.optional_text("says") or ""
            yield EditionReading(edition, says, reading.optional_texts("quotes") or ())
            reading.done()


def _load_terms(path: Path) -> tuple[Term, ...]:
    top = _read_toml(path)
    terms = tuple(_read_term(table, n) for n, table in enumerate(top.tables("terms"), 1))
    top.done()
    return terms


def _read_term(table: _Table, index: int) -> Term:
    table.name(table.text("code"))
    term = Term(
        group=table.choice("group", TERM_GROUPS),
        code=table.text("code"),
        en=table.optional_text("en"),
        nl=table.optional_text("nl"),
        fr=table.optional_text("fr"),
        note=table.optional_text("note"),
        index=index,
    )
    table.done()
    return term


def load_sources(root: Path | None = None) -> Sources:
    """Load the rulebook texts and ``SHA256SUMS`` from ``sources/``.

    Args:
        root: The specification directory; :func:`default_root` if omitted.

    Raises:
        SpecificationError: A file is missing, a text is not UTF-8, or
            ``SHA256SUMS`` has a malformed line.

    >>> [file.name for file in load_sources().files]
    ['chicago-poker-en.txt', 'chicago-poker-nl.txt', 'chicago-poker-fr.txt']
    """
    root = default_root() if root is None else root
    return Sources(
        files=tuple(_read_source(root, edition) for edition in EDITIONS),
        checksums=_read_checksums(root / CHECKSUMS_FILE),
    )


def _read_source(root: Path, edition: str) -> SourceFile:
    path = root / source_file(edition)
    try:
        file = SourceFile(edition, path.name, path.read_bytes())
        file.data.decode("utf-8")
    except FileNotFoundError:
        raise SpecificationError(f"{path}: file is missing") from None
    except UnicodeDecodeError as error:
        raise SpecificationError(f"{path}: not UTF-8: {error}") from error
    return file


def _read_checksums(path: Path) -> tuple[tuple[str, str], ...]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise SpecificationError(f"{path}: file is missing") from None
    pairs = []
    for number, line in enumerate(lines, 1):
        match = re.fullmatch(r"([0-9a-f]{64}) [ *](\S.*)", line.strip())
        if line.strip() and match is None:
            raise SpecificationError(f"{path}: line {number}: expected '<sha256>  <file name>'")
        if match is not None:
            pairs.append((match[2], match[1]))
    return tuple(pairs)
