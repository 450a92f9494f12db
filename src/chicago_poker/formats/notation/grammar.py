"""The grammar of both notations: ``notation.lark``, read as data, and whether a text follows it.

The grammar file is read with Lark's own grammar of grammars (``lark/grammars/lark.lark``) into
one :class:`Definition` per rule or terminal, each an expression made of :class:`Quoted`,
:class:`Regex`, :class:`Reference`, :class:`Series`, :class:`Choice` and :class:`Repeat`.
:func:`follows` checks a whole position, view or command against its rule, written out into
one regular expression: nothing in the notations nests, so they are regular languages, and one
call of :mod:`re` reads a text that Lark's LALR parser would read token by token (tests check
that Lark's parser, built from the same file, accepts and refuses the same texts). The EBNF of
the specification (:mod:`~chicago_poker.formats.notation.ebnf`) and the explanation of a
refused text (:mod:`~chicago_poker.formats.notation.diagnosis`) walk the same definitions.

Reading the grammar takes about a tenth of a second, once per process, on first use.
"""

from __future__ import annotations

import ast
import functools
import re
from importlib import resources
from typing import TYPE_CHECKING, Final, TypeAlias

from attrs import frozen

if TYPE_CHECKING:
    import lark

__all__ = [
    "GRAMMAR_FILE",
    "Choice",
    "Definition",
    "Expression",
    "Grammar",
    "Quoted",
    "Reference",
    "Regex",
    "Repeat",
    "Series",
    "follows",
    "grammar",
    "grammar_text",
]

GRAMMAR_FILE: Final = "notation.lark"
"""The grammar, beside this module in the package."""


@frozen
class Quoted:
    """A string written as it is, such as ``"player"``."""

    text: str


@frozen
class Regex:
    """A regular expression, such as the one of a name."""

    regex: str


@frozen
class Reference:
    """The name of another definition."""

    name: str


@frozen
class Series:
    """Expressions one after the other."""

    items: tuple[Expression, ...]


@frozen
class Choice:
    """One expression of several."""

    options: tuple[Expression, ...]


@frozen
class Repeat:
    """An expression ``least`` times or more, up to ``most`` (None: no limit)."""

    item: Expression
    least: int
    most: int | None


Expression: TypeAlias = Quoted | Regex | Reference | Series | Choice | Repeat
"""What a definition says, and each of its parts; two are equal when of one kind and alike."""

_REPEATS: Final = {"?": (0, 1), "*": (0, None), "+": (1, None)}


@frozen
class Definition:
    """A rule (lower-case name) or a terminal (upper-case name) of the grammar file."""

    name: str
    expression: Expression
    comment: str | None
    """The comment at the end of the definition's first line, without ``//``."""
    paragraph: bool
    """Whether an empty line or a comment comes before it in the file."""

    @property
    def terminal(self) -> bool:
        """Whether this is a terminal, which the lexer reads with one regular expression."""
        return self.name.lstrip("_")[:1].isupper()

    @property
    def layout(self) -> bool:
        """Whether this is white space, a line end or a comment, which the EBNF leaves out."""
        return self.terminal and self.name.startswith("_")


class Grammar:
    """The definitions of the grammar file, in the order written, by name."""

    def __init__(self, text: str) -> None:
        """Read the definitions of the grammar ``text``."""
        from lark import Tree

        comments, paragraphs = _comments(text)
        tree = _meta_parser().parse(text)
        self.definitions: dict[str, Definition] = {}
        for item in tree.children:
            if isinstance(item, Tree) and item.data in ("rule", "token"):
                name = str(item.children[0])
                expression = _expression(item.children[-1])
                self.definitions[name] = Definition(
                    name, expression, comments.get(name), name in paragraphs
                )

    def __getitem__(self, name: str) -> Definition:
        """The definition of ``name``."""
        return self.definitions[name]

    def layout(self, item: Expression) -> bool:
        """Whether an item is layout, which parts words: ``_SP``, ``_NL``, ``_WS?``."""
        if isinstance(item, Repeat):
            item = item.item
        return isinstance(item, Reference) and self[item.name].layout

    def options(self, name: str) -> tuple[Expression, ...]:
        """The options of a definition, without the layout around them (``_WS? ( a | b )``)."""
        expression = self[name].expression
        if isinstance(expression, Series):
            shown = [item for item in expression.items if not self.layout(item)]
            expression = shown[0] if len(shown) == 1 else expression
        return expression.options if isinstance(expression, Choice) else (expression,)

    def regex(self, expression: Expression, *, ignore_case: bool = False) -> re.Pattern[str]:
        """The regular expression of ``expression``, its names written out, to match a word."""
        flags = re.IGNORECASE if ignore_case else 0
        return _compiled(self, expression, flags)

    def source(self, expression: Expression) -> str:
        """The regular expression of ``expression`` as text."""
        match expression:
            case Quoted(text):
                return re.escape(text)
            case Regex(regex):
                return f"(?:{regex})"
            case Reference(name):
                return self.source(self[name].expression)
            case Series(items):
                return "".join(self.source(item) for item in items)
            case Choice(options):
                return "(?:" + "|".join(self.source(option) for option in options) + ")"
            case Repeat(item, least, most):
                operator = {(0, 1): "?", (0, None): "*", (1, None): "+"}[(least, most)]
                return f"(?:{self.source(item)}){operator}"


@functools.cache
def _compiled(grammar: Grammar, expression: Expression, flags: int) -> re.Pattern[str]:
    return re.compile(grammar.source(expression), flags)


def grammar_text() -> str:
    """The text of the grammar file."""
    return resources.files(__package__).joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")


@functools.cache
def grammar() -> Grammar:
    """The definitions of the grammar file, read once."""
    return Grammar(grammar_text())


def follows(text: str, start: str) -> bool:
    """Whether ``text`` follows rule ``start``: ``"position"``, ``"view"`` or ``"command"``.

    A command's words are read whatever their case.
    """
    if start == "command":
        return _whole(start).fullmatch(text) is not None
    # Every statement ends with a line end (_NL), and the rule starts with one, which takes
    # the empty lines, comments and indentation before the header.
    return _whole(start).fullmatch("\n" + text + "\n") is not None


@functools.cache
def _whole(start: str) -> re.Pattern[str]:
    """The regular expression of a whole text of rule ``start``."""
    source = grammar()
    return source.regex(source[start].expression, ignore_case=start == "command")


@functools.cache
def _meta_parser() -> lark.Lark:
    import lark

    return lark.Lark.open_from_package("lark", "grammars/lark.lark", parser="lalr")


_DEFINITION_LINE: Final = re.compile(r"[?!]?(\w+)(?:\.\d+)?\s*:")


def _comments(text: str) -> tuple[dict[str, str], set[str]]:
    """The comments of the definitions, and those that start a paragraph.

    A definition's comment ends its first line, after two spaces and ``//``; a definition starts
    a paragraph when an empty line or a comment line comes before it.
    """
    comments: dict[str, str] = {}
    paragraphs: set[str] = set()
    apart = False
    for line in text.splitlines():
        head = _DEFINITION_LINE.match(line)
        if head is not None:
            if "  // " in line:
                comments[head[1]] = line.rpartition("  // ")[2].strip()
            if apart:
                paragraphs.add(head[1])
        apart = not line.strip() or line.startswith("//")
    return comments, paragraphs


def _expression(tree: lark.Tree[lark.Token] | lark.Token) -> Expression:
    """The expression of one node of Lark's tree of a grammar."""
    from lark import Token

    if isinstance(tree, Token):
        raise ValueError(f"unexpected token {tree!r} in the grammar")
    children = [child for child in tree.children if child is not None]
    match tree.data:
        case "expansions":
            return Choice(tuple(_expression(child) for child in children))
        case "alias":  # the name after -> is the parse tree's, not the grammar's
            return _expression(children[0])
        case "expansion":
            return Series(tuple(_expression(child) for child in children))
        case "expr":
            return _repeat(children)
        case "maybe":
            return Repeat(_expression(children[0]), 0, 1)
        case "name":
            return Reference(str(children[0]))
        case "literal":
            return _literal(str(children[0]))
    raise ValueError(f"the grammar uses {tree.data!r}, which the EBNF does not write")


def _repeat(children: list[lark.Tree[lark.Token] | lark.Token]) -> Expression:
    item = _expression(children[0])
    if len(children) == 1:
        return item
    least, most = _REPEATS[str(children[1])]
    return Repeat(item, least, most)


def _literal(text: str) -> Quoted | Regex:
    if text.startswith("/"):
        if not text.endswith("/"):
            raise ValueError(f"flags on {text}: the grammar's patterns take none")
        return Regex(text[1:-1])  # Python reads \/ as /
    if not text.endswith('"'):
        raise ValueError(f"flags on {text}: the move notation ignores case as a whole")
    value = ast.literal_eval(text)
    assert isinstance(value, str)
    return Quoted(value)
