"""The snapshot of the public API, ``tests/public-api.json``, and the check that guards it.

The public API is every name in ``chicago_poker.__all__``: for each, its kind, its signature
(parameters with their kinds, annotations and defaults, and the return annotation), its
bases and its public members, as Griffe reads them from the source. Docstrings and line
numbers are left out, so that only a change of the API changes the snapshot.

The check compares the package with the snapshot:

- every breaking change Griffe finds (a name or member removed, a parameter removed,
  renamed, reordered or made required, a default changed, a kind changed) must be named, in
  backticks, by an entry under ``Changed``, ``Deprecated`` or ``Removed`` in the
  ``[Unreleased]`` section of ``CHANGELOG.md`` or in a fragment ``changelog.d/*.md``;
- any other difference (a name added, an annotation changed) means the snapshot is out of
  date.

Write the snapshot again after a change of the API, from the repository root, with

    python tests/api_snapshot.py

which refuses while a breaking change has no changelog entry; check it with
``python tests/api_snapshot.py --check`` (``tests/test_api_snapshot.py`` runs the same check
with the tests).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import griffe

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOT = ROOT / "tests" / "public-api.json"
PACKAGE = "chicago_poker"
ANNOUNCING = ("Changed", "Deprecated", "Removed")
"""The changelog headings under which a breaking change must be announced."""

REFRESH = "python tests/api_snapshot.py"


def source_directory() -> Path:
    """The directory that holds the package the tests import: ``src/`` or site-packages."""
    import chicago_poker

    return Path(chicago_poker.__file__).resolve().parents[1]


def public_api(search_path: Path | None = None) -> dict[str, Any]:
    """The public API of the package, as the snapshot stores it (a JSON-ready dictionary)."""
    package = griffe.load(
        PACKAGE,
        search_paths=[str(search_path or source_directory())],
        resolve_aliases=True,
        resolve_external=False,
        docstring_parser=None,
    )
    members = {}
    for name in sorted(str(export) for export in package.exports or ()):
        member = package[name]
        target = member.final_target if member.is_alias else member
        members[name] = _describe(target, name)
    return {"kind": "module", "name": PACKAGE, "members": members}


def _describe(obj: Any, name: str) -> dict[str, Any]:
    """One object without its docstring and line numbers; expressions as their source text."""
    common = {"name": name, "kind": obj.kind.value, "lineno": 0}
    if obj.is_class:
        return {
            **common,
            "bases": [str(base) for base in obj.bases],
            "decorators": [_decorator(decorator) for decorator in obj.decorators],
            "members": {
                member: _describe(value.final_target if value.is_alias else value, member)
                for member, value in sorted(obj.all_members.items())
                if _is_public_member(member) and (not value.is_alias or value.inherited)
            },
        }
    if obj.is_function:
        return {
            **common,
            "decorators": [_decorator(decorator) for decorator in obj.decorators],
            "parameters": [
                {
                    "name": parameter.name,
                    "kind": parameter.kind.value,
                    "annotation": _text(parameter.annotation),
                    "default": _text(parameter.default),
                }
                for parameter in obj.parameters
            ],
            "returns": _text(obj.returns),
        }
    if obj.is_attribute:
        return {
            **common,
            "annotation": _text(obj.annotation),
            "value": _text(obj.value),
            "labels": sorted(obj.labels),
        }
    return {**common, "value": _text(getattr(obj, "value", None))}


def _decorator(decorator: Any) -> str:
    return str(decorator.value)


def _text(expression: object) -> str | None:
    return None if expression is None else str(expression)


def _is_public_member(name: str) -> bool:
    """A member a user may rely on: not private, dunder methods included (``__init__``)."""
    return not name.startswith("_") or (name.startswith("__") and name.endswith("__"))


def _as_griffe(api: Mapping[str, Any]) -> Any:
    """The snapshot's dictionary as Griffe's objects, which Griffe's API check compares."""
    return json.loads(json.dumps(_with_line_numbers(api)), object_hook=griffe.json_decoder)


def _with_line_numbers(value: Any) -> Any:
    """The decorators as Griffe's reader wants them: with (null) line numbers."""
    if isinstance(value, dict):
        return {
            key: (
                [{"value": text, "lineno": 0, "endlineno": 0} for text in item]
                if key == "decorators"
                else _with_line_numbers(item)
            )
            for key, item in value.items()
        }
    return value


def unreleased_entries(root: Path = ROOT) -> dict[str, str]:
    """The text under each heading of the changes not yet released.

    That is the ``[Unreleased]`` section of ``CHANGELOG.md`` and every fragment
    ``changelog.d/*.md``, joined by heading (``"Changed"``, ``"Removed"``, ...).
    """
    texts = []
    changelog = root / "CHANGELOG.md"
    if changelog.is_file():
        text = changelog.read_text(encoding="utf-8")
        _, _, after = text.partition("## [Unreleased]")
        texts.append(after.split("\n## ", 1)[0])
    texts += [
        fragment.read_text(encoding="utf-8")
        for fragment in sorted((root / "changelog.d").glob("*.md"))
    ]
    headings: dict[str, list[str]] = {}
    for text in texts:
        for part in re.split(r"^### ", text, flags=re.MULTILINE)[1:]:
            heading, _, body = part.partition("\n")
            headings.setdefault(heading.strip(), []).append(body)
    return {heading: "\n".join(bodies) for heading, bodies in headings.items()}


def _named(name: str, text: str) -> bool:
    """Whether ``text`` names ``name`` inside backticks (```Game.undo```, ```undo(n)```)."""
    pattern = rf"`[^`\n]*(?<![\w.]){re.escape(name)}(?![\w])[^`\n]*`"
    pattern_dotted = rf"`[^`\n]*\.{re.escape(name)}(?![\w])[^`\n]*`"
    return re.search(pattern, text) is not None or re.search(pattern_dotted, text) is not None


def unannounced_breakages(
    snapshot: Mapping[str, Any], current: Mapping[str, Any], entries: Mapping[str, str]
) -> list[str]:
    """The breaking changes from ``snapshot`` to ``current`` that no entry announces.

    Each is one line: what broke, as Griffe explains it, and the name an entry under
    ``Changed``, ``Deprecated`` or ``Removed`` must mention.
    """
    announcing = "\n".join(entries.get(heading, "") for heading in ANNOUNCING)
    missing = []
    for breakage in griffe.find_breaking_changes(_as_griffe(snapshot), _as_griffe(current)):
        path = breakage.obj.path.removeprefix(f"{PACKAGE}.")
        leaf = path.rsplit(".", 1)[-1]
        if not _named(leaf, announcing):
            missing.append(f"{path}: {_explain(breakage)} (name `{leaf}` in an entry)")
    return missing


def _explain(breakage: Any) -> str:
    kind = str(breakage.kind.value).lower()
    if breakage.new_value is None:
        return kind
    old = getattr(breakage.old_value, "name", breakage.old_value)
    new = getattr(breakage.new_value, "name", breakage.new_value)
    return f"{kind}: {new}" if old is None else f"{kind}: {old} -> {new}"


def differences(snapshot: Mapping[str, Any], current: Mapping[str, Any]) -> list[str]:
    """The public names whose description differs, each with how: added, removed or changed."""
    old, new = snapshot["members"], current["members"]
    lines = [f"{name}: added" for name in sorted(new.keys() - old.keys())]
    lines += [f"{name}: removed" for name in sorted(old.keys() - new.keys())]
    lines += [
        f"{name}: changed" for name in sorted(old.keys() & new.keys()) if old[name] != new[name]
    ]
    return lines


def check(
    snapshot: Mapping[str, Any], current: Mapping[str, Any], entries: Mapping[str, str]
) -> list[str]:
    """Every problem of the public API against its snapshot, in words; none when it holds."""
    problems = [
        f"breaking change without a changelog entry under {', '.join(ANNOUNCING)}: {line}"
        for line in unannounced_breakages(snapshot, current, entries)
    ]
    changed = differences(snapshot, current)
    if changed:
        problems.append(
            f"the public API differs from tests/public-api.json ({'; '.join(changed)}): "
            f"write the snapshot again with `{REFRESH}`"
        )
    return problems


def dump(api: Mapping[str, Any]) -> str:
    """The snapshot's text: sorted keys, one level of indentation a line."""
    return json.dumps(api, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def load(path: Path = SNAPSHOT) -> dict[str, Any]:
    """The committed snapshot."""
    api: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return api


def main(arguments: Iterable[str] | None = None) -> int:
    """Write the snapshot (refusing unannounced breaking changes), or check it (``--check``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="check, do not write")
    options = parser.parse_args(None if arguments is None else list(arguments))
    sys.path.insert(0, str(ROOT / "src"))
    current = public_api(ROOT / "src")
    snapshot = load() if SNAPSHOT.is_file() else {"kind": "module", "name": PACKAGE, "members": {}}
    if options.check:
        problems = check(snapshot, current, unreleased_entries())
    else:
        problems = unannounced_breakages(snapshot, current, unreleased_entries())
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    if not options.check:
        SNAPSHOT.write_text(dump(current), encoding="utf-8")
        print(f"wrote {SNAPSHOT.relative_to(ROOT)}: {len(current['members'])} public names")
    return 0


if __name__ == "__main__":
    sys.exit(main())
