"""The EBNF of the specification, written from the grammar file that the readers use.

``spec/notation.md`` and ``docs/notation.md`` show the grammar in ISO EBNF; this module writes
that block from ``notation.lark``, so that the grammar people read is the one the readers use.
A test fails when a page's block differs; after changing the grammar, run::

    python -m chicago_poker.formats.notation.ebnf --write spec/notation.md docs/notation.md

The translation leaves out the layout terminals (names that start with ``_``: the spaces
between words, the end of a line and comments, which the lexical rules of the spec say in
words), writes quoted words that only spaces separate as one string (``"chicago-poker position
1"``), a terminal defined by a regular expression as its comment (``? a JSON string ?``), and a
definition's comment after it.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from chicago_poker.formats.notation.grammar import (
    Choice,
    Definition,
    Expression,
    Grammar,
    Quoted,
    Reference,
    Regex,
    Repeat,
    Series,
    grammar,
)

__all__ = ["WIDTH", "ebnf", "ebnf_expression", "main", "write_block"]

WIDTH: Final = 96
"""The longest line of the EBNF, where a definition fits in it."""

_BLOCK: Final = re.compile(r"```ebnf\n.*?```", re.DOTALL)


def ebnf(source: Grammar | None = None) -> str:
    """The EBNF block of the grammar (by default, the grammar file's), without its fence."""
    source = grammar() if source is None else source
    shown = [d for d in source.definitions.values() if not d.layout]
    width = max(len(_name(d.name)) for d in shown)
    lines: list[str] = []
    for definition in shown:
        if definition.paragraph and lines:
            lines.append("")
        lines += _definition(source, definition, width)
    return "\n".join(lines) + "\n"


def ebnf_expression(source: Grammar, expression: Expression) -> str:
    """An expression of the grammar in EBNF, on one line."""
    return " ".join(_words(source, expression))


def _name(name: str) -> str:
    """The EBNF name of a rule or terminal: ``_view_line`` is ``view-line``."""
    return name.strip("_").lower().replace("_", "-")


def _definition(source: Grammar, definition: Definition, width: int) -> list[str]:
    """The lines of one definition: its name, ``=``, its expression, ``;`` and its comment."""
    expression = definition.expression
    if isinstance(expression, Regex):
        if definition.comment is None:
            raise ValueError(f"{definition.name} is a pattern without a comment to write")
        parts = [f"? {definition.comment} ?"]
        comment = None
    else:
        parts = _top_parts(source, expression)
        comment = definition.comment
    head = f"{_name(definition.name):<{width}} = "
    indent = " " * (width + 1)
    lines = _pack(head, parts, indent)
    lines[-1] += " ;"
    if comment:
        _add_remark(lines, f"(* {comment} *)", indent)
    return lines


def _add_remark(lines: list[str], remark: str, indent: str) -> None:
    """Put ``remark`` after the last of ``lines``, or on a line of its own if it is too long."""
    if len(lines[-1]) + 2 + len(remark) > WIDTH:
        lines.append(indent + "  " + remark)
    else:
        lines[-1] += "  " + remark


def _top_parts(source: Grammar, expression: Expression) -> list[str]:
    """The parts a long definition may break between: its options, or the items of a series."""
    expression = _unwrap(source, expression)
    if isinstance(expression, Choice):
        options = [ebnf_expression(source, option) for option in expression.options]
        return [options[0], *(f"| {option}" for option in options[1:])]
    items = _words(source, expression)
    if isinstance(expression, Series) and " , " in " ".join(items):
        return _split_series(items)
    return [" ".join(items)]


def _split_series(words: list[str]) -> list[str]:
    """The items of a series at its top level, the second and later with a leading comma."""
    parts: list[str] = []
    depth = 0
    current: list[str] = []
    for word in words:
        depth += word in ("(", "[", "{")
        depth -= word in (")", "]", "}")
        if word == "," and depth == 0:
            parts.append(" ".join(current))
            current = [","]
        else:
            current.append(word)
    return [*parts, " ".join(current)]


def _pack(head: str, parts: Sequence[str], indent: str) -> list[str]:
    """The parts on as few lines as fit in :data:`WIDTH`, the first after ``head``."""
    lines = [head + parts[0]]
    for part in parts[1:]:
        if len(lines[-1]) + 1 + len(part) + 2 > WIDTH:
            lines.append(indent + part)
        else:
            lines[-1] += " " + part
    return lines


def _unwrap(source: Grammar, expression: Expression) -> Expression:
    """The expression without the layout around it: ``_WS? ( a | b )`` is ``a | b``."""
    if isinstance(expression, Series):
        shown = [item for item in expression.items if _words(source, item)]
        if len(shown) == 1:
            return _unwrap(source, shown[0])
    return expression


def _words(source: Grammar, expression: Expression) -> list[str]:
    """The words of an expression in EBNF: names, quoted strings, commas and brackets."""
    match expression:
        case Quoted(text):
            return [json.dumps(text) if '"' not in text else f"'{text}'"]
        case Regex():
            raise ValueError("a pattern is written by its definition's comment, not inline")
        case Reference(name):
            return [] if source[name].layout else [_name(name)]
        case Series():
            return _series(source, expression)
        case Choice(options):
            return _joined([_words(source, option) for option in options], "|")
        case Repeat(item, least, most):
            return _repeat(_words(source, _unwrap(source, item)), least, most)
    raise AssertionError(expression)


def _series(source: Grammar, expression: Series) -> list[str]:
    """The items of a series, joined by commas, with quoted words that spaces separate merged."""
    groups: list[list[str]] = []
    spaced = False
    for item in expression.items:
        words = _words(source, item)
        if not words:
            spaced = spaced or isinstance(item, Reference)
            continue
        if spaced and groups and _quoted(groups[-1]) and _quoted(words):
            groups[-1] = [groups[-1][0][:-1] + " " + words[0][1:]]
        else:
            groups.append(_bracketed(words, item))
        spaced = False
    return _joined(groups, ",")


def _quoted(words: list[str]) -> bool:
    return len(words) == 1 and words[0].startswith('"')


def _bracketed(words: list[str], item: Expression) -> list[str]:
    """An option list inside a series is put in brackets: ``"seat" , ( seat | "observer" )``."""
    return ["(", *words, ")"] if isinstance(item, Choice) and len(item.options) > 1 else words


def _joined(groups: list[list[str]], separator: str) -> list[str]:
    words: list[str] = []
    for group in groups:
        if words:
            words.append(separator)
        words += group
    return words


def _repeat(words: list[str], least: int, most: int | None) -> list[str]:
    if not words:
        return []
    if (least, most) == (0, 1):
        return ["[", *words, "]"]
    if (least, most) == (0, None):
        return ["{", *words, "}"]
    item = ["(", *words, ")"] if "|" in words else words
    return [*item, ",", "{", *words, "}"]


def write_block(path: Path, block: str) -> bool:
    """Replace the one ``ebnf`` block of a Markdown file; whether the file changed."""
    text = path.read_text(encoding="utf-8")
    found = _BLOCK.findall(text)
    if len(found) != 1:
        raise ValueError(f"{path} has {len(found)} ebnf blocks, not one")
    new = _BLOCK.sub(lambda _: f"```ebnf\n{block}```", text)
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text


def main(argv: Sequence[str] | None = None) -> None:
    """Print the EBNF, or write it into the ``ebnf`` block of each file given."""
    parser = argparse.ArgumentParser(prog="python -m chicago_poker.formats.notation.ebnf")
    parser.add_argument("--write", nargs="+", type=Path, metavar="FILE", default=[])
    args = parser.parse_args(argv)
    block = ebnf()
    if not args.write:
        print(block, end="")
    for path in args.write:
        print(f"{path}: {'written' if write_block(path, block) else 'up to date'}")


if __name__ == "__main__":  # pragma: no cover
    main()
