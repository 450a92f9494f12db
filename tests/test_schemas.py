"""The JSON Schema files shipped with the package: up to date, valid, written where asked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema
import pytest

from chicago_poker.core.errors import ChicagoPokerError, InvalidArgumentError
from chicago_poker.formats.schemas import SCHEMA_DIR, SCHEMAS, schema_text, write_schemas


@pytest.mark.parametrize("name", list(SCHEMAS))
def test_each_schema_file_is_up_to_date(name: str) -> None:
    # Regenerate with: python -m chicago_poker.formats.schemas
    assert (SCHEMA_DIR / name).read_text(encoding="utf-8") == schema_text(name)


def test_the_schema_directory_holds_exactly_the_schemas() -> None:
    assert sorted(path.name for path in SCHEMA_DIR.glob("*.json")) == sorted(SCHEMAS)


@pytest.mark.parametrize("name", list(SCHEMAS))
def test_each_schema_is_a_valid_draft_2020_12_schema(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMAS[name]())


def test_write_schemas_writes_every_file_into_the_directory(tmp_path: Path) -> None:
    written = write_schemas(tmp_path / "out")
    assert [path.name for path in written] == list(SCHEMAS)
    for path in written:
        assert path.read_text(encoding="utf-8") == (SCHEMA_DIR / path.name).read_text("utf-8")


@pytest.mark.parametrize("name", ["log", "game-log.schema", 3])
def test_schema_text_refuses_an_unknown_name(name: Any) -> None:
    with pytest.raises(InvalidArgumentError, match=r"^name must be one of game-log\.schema\.json"):
        schema_text(name)
    assert issubclass(InvalidArgumentError, ChicagoPokerError)
