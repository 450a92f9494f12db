"""What is wrong with a line that the grammar refused, said from the grammar itself.

The readers check a whole text against the grammar in one call, which only says whether it
follows it. When it does not, this module reads the text again, line by line and word by word,
against the same definitions of ``notation.lark``: :func:`slots` turns a definition into the
words it expects, :func:`walk` finds the first word that does not fit (or the word missing,
or one too many), and :func:`describe` says why that word does not fit its definition: a key
that the statement does not take (listing those it does), an empty item in a list, a card or
a tile in the words of :func:`~chicago_poker.core.cards.parse_card` or
:func:`~chicago_poker.core.cards.parse_tile`, a word that is none of the words allowed
(listing them), or else the definition in EBNF.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from chicago_poker.core.cards import GangsterCard, parse_card, parse_tile
from chicago_poker.core.errors import CardParseError, TileParseError
from chicago_poker.formats.notation.ebnf import ebnf_expression
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

__all__ = ["Failure", "Slot", "describe", "explain_line", "matches", "noun", "slots", "walk"]

_NOUNS: Final = {
    "OPTION": "rule option",
    "REVOLVER": "Revolver's state",
    "STAGE": "shootout stage",
    "SEAT": "seat",
    "COUNT": "whole number",
    "INTEGER": "whole number",
    "PLACE": "business",
    "RAID": "card seen in a raid",
    "CARDS": "list of cards",
    "SLOTS": "list of cards",
    "TILE_LIST": "list of tiles",
    "SEATS": "list of seats",
}
"""How a message names what a definition stands for, where its name does not say it well."""

_CARDS: Final = ("CARD", "GANGSTER_CARD", "SPECIAL_CARD")
_NUMBERS: Final = ("COUNT", "SEAT", "INTEGER")


class Slot(NamedTuple):
    """A word that a definition expects: what it is, and how many times it comes."""

    expression: Expression
    least: int
    most: int | None


class Failure(NamedTuple):
    """The first word that does not fit, by its index ``at``, and the slot it failed."""

    at: int
    slot: Slot | None
    """The slot that the word does not fit, or None for a word after the last slot."""
    missing: bool
    """Whether the words ran out before ``slot`` had its least."""


def explain_line(words: Sequence[str], start: str) -> tuple[int, str] | None:
    """The word at fault in a statement, by its index, and why; None if the line fits.

    ``words`` are the words of the line as written; ``start`` names the rule of the text,
    ``"position"`` or ``"view"``.
    """
    source = grammar()
    kinds = statement_kinds(source, start)
    definition = kinds.get(words[0])
    if definition is None:
        return 0, f"{words[0]!r} is not a statement here; the statements are {', '.join(kinds)}"
    expression = definition.expression
    items = expression.items if isinstance(expression, Series) else (expression,)
    failure = walk(source, words, slots(source, items))
    return None if failure is None else _fault(source, words, expression, failure)


def _fault(
    source: Grammar, words: Sequence[str], expression: Expression, failure: Failure
) -> tuple[int, str]:
    """Where a statement's words fail its definition, and why."""
    shape = f"write {ebnf_expression(source, expression)}"
    if failure.slot is None:
        return failure.at, f"{words[failure.at]!r} is one word too many: {shape}"
    if failure.missing:
        return 0, f"{words[0]} needs {_what(source, failure.slot.expression)}: {shape}"
    return failure.at, describe(source, words[failure.at], failure.slot.expression, words[0])


def statement_kinds(source: Grammar, start: str) -> dict[str, Definition]:
    """The statements that a text of rule ``start`` may hold, by keyword, in the order written.

    They are the definitions that the rule repeats after its header, each a line that starts
    with its keyword.
    """
    return {
        keyword: source[name]
        for name in _lines(source, source[start].expression, repeated=False)
        if (keyword := _keyword(source[name])) is not None
    }


def _keyword(definition: Definition) -> str | None:
    """The word that a definition starts with, if it starts with one."""
    expression = definition.expression
    first = expression.items[0] if isinstance(expression, Series) else expression
    return first.text if isinstance(first, Quoted) else None


def _lines(source: Grammar, expression: Expression, *, repeated: bool) -> list[str]:
    """The definitions with a keyword that ``expression`` repeats, looking through names."""
    match expression:
        case Reference(name) if repeated and _keyword(source[name]) is not None:
            return [name]
        case Reference(name) if not source[name].layout:
            return _lines(source, source[name].expression, repeated=repeated)
        case Series(items) | Choice(items):
            return [line for item in items for line in _lines(source, item, repeated=repeated)]
        case Repeat(item, _, _):
            return _lines(source, item, repeated=True)
    return []


def _what(source: Grammar, expression: Expression) -> str:
    """What a missing word is: ``a name``, ``a seat number or 'observer'``, or its EBNF."""
    if isinstance(expression, Reference):
        return f"a {noun(expression.name)}"
    if isinstance(expression, Quoted):
        return repr(expression.text)
    if isinstance(expression, Choice):
        return " or ".join(_what(source, option) for option in expression.options)
    return ebnf_expression(source, expression)


def noun(name: str) -> str:
    """What a definition stands for, in words: ``TILE_LIST`` is a tile list."""
    return _NOUNS.get(name, name.strip("_").lower().replace("_", " "))


def slots(grammar: Grammar, items: Sequence[Expression]) -> list[Slot]:
    """The words that a series of items expects, split at its layout (spaces between words).

    ``"player" _SP NAME (_SP PLAYER_FIELD)* _NL`` expects the word ``player``, a name, and any
    number of player fields.
    """
    found: list[Slot] = []
    word: list[Expression] = []
    for item in items:
        if grammar.layout(item):
            found += _word_slot(word)
            word = []
        elif isinstance(item, Repeat) and _spaced(grammar, item.item):
            found += _word_slot(word)
            word = []
            assert isinstance(item.item, Series)
            inner = [slot.expression for slot in slots(grammar, item.item.items)]
            found.append(Slot(_one(inner), item.least, item.most))
        else:
            word.append(item)
    return found + _word_slot(word)


def _spaced(grammar: Grammar, item: Expression) -> bool:
    """Whether a repeated item is words apart, as ``(_SP COLUMN)``."""
    if not isinstance(item, Series):
        return False
    return any(grammar.layout(part) for part in item.items)


def _word_slot(word: list[Expression]) -> list[Slot]:
    return [Slot(_one(word), 1, 1)] if word else []


def _one(items: list[Expression]) -> Expression:
    return items[0] if len(items) == 1 else Series(tuple(items))


def matches(grammar: Grammar, word: str, expression: Expression, *, ignore_case: bool) -> bool:
    """Whether ``word`` is all of what ``expression`` allows."""
    return grammar.regex(expression, ignore_case=ignore_case).fullmatch(word) is not None


def walk(
    grammar: Grammar, words: Sequence[str], expected: Sequence[Slot], *, ignore_case: bool = False
) -> Failure | None:
    """The first word that does not fit the slots, taken in order; None when all fit."""
    index = 0
    failed: Slot | None = None
    for slot in expected:
        count = 0
        while (slot.most is None or count < slot.most) and index < len(words):
            if not matches(grammar, words[index], slot.expression, ignore_case=ignore_case):
                failed = failed or slot
                break
            index, count, failed = index + 1, count + 1, None
        if count < slot.least:
            return Failure(index, slot, index >= len(words))
    if index < len(words):
        return Failure(index, failed, False)
    return None


def describe(
    grammar: Grammar, word: str, expression: Expression, owner: str, *, ignore_case: bool = False
) -> str:
    """Why ``word`` does not fit ``expression``, in a word of ``owner`` (a statement's keyword)."""
    return _Describer(grammar, owner, ignore_case).why(word, expression)


class _Describer:
    """Says why a word does not fit an expression, looking into the names it uses."""

    def __init__(self, grammar: Grammar, owner: str, ignore_case: bool) -> None:
        self.grammar = grammar
        self.owner = owner
        self.ignore_case = ignore_case

    def fits(self, word: str, expression: Expression) -> bool:
        return matches(self.grammar, word, expression, ignore_case=self.ignore_case)

    def why(self, word: str, expression: Expression, name: str | None = None) -> str:
        """The reason, by the first rule that applies: the named words first."""
        if isinstance(expression, Reference):
            return self.named(word, expression.name)
        if isinstance(expression, Choice) and all(_key(o) for o in expression.options):
            return self.field(word, expression)
        if isinstance(expression, Choice) and all(
            isinstance(o, Quoted) for o in expression.options
        ):
            allowed = ", ".join(o.text for o in expression.options if isinstance(o, Quoted))
            return f"{word!r} is not a {noun(name or 'word')}; they are {allowed}"
        if _list_item(expression) is not None:
            return self.items(word, expression)
        if isinstance(expression, Series) and _separators(expression) is not None:
            return self.parts(word, expression, name)
        if isinstance(expression, Choice):
            return self.option(word, expression, name)
        return self.fallback(word, expression, name)

    def named(self, word: str, name: str) -> str:
        """A word of a named definition: cards, tiles and numbers in their own words."""
        if name in _CARDS:
            return _card(word, name)
        if name in ("TILE", "PLACE"):
            return _tile(word, name)
        if name in _NUMBERS:
            return _number(word, name)
        return self.why(word, self.grammar[name].expression, name)

    def field(self, word: str, expression: Choice) -> str:
        """A ``key=value`` word: a key of the statement, then its value."""
        key, sign, value = word.partition("=")
        if not sign:
            return f"expected key=value after {self.owner!r}"
        for option in expression.options:
            assert isinstance(option, Series)
            written = option.items[0]
            assert isinstance(written, Quoted)
            if written.text == key + "=":
                return self.value(value, _one(list(option.items[1:])), f"after {key}=")
        keys = ", ".join(_key(option) or "" for option in expression.options)
        return f"{self.owner} has no {key!r}; it takes {keys}"

    def items(self, word: str, expression: Expression) -> str:
        """A list: its items joined by commas, each one of what the list holds."""
        item = _list_item(expression)
        assert item is not None
        parts = word.split(",")
        if "" in parts:
            return f"{word!r} has an empty item: separate items with single commas"
        for part in parts:
            if not self.fits(part, item):
                return self.why(part, item)
        return self.fallback(word, expression, None)

    def parts(self, word: str, expression: Series, name: str | None) -> str:
        """Parts joined by separators, as ``tile:owner:card`` or ``cards@marker``."""
        separators = _separators(expression)
        assert separators is not None
        first, rest = separators
        head, remaining, where = first, word, ""
        for separator, part, required in rest:
            if separator not in remaining:
                if required:
                    return self.fallback(word, expression, name)
                break
            piece, _, remaining = remaining.partition(separator)
            if not self.fits(piece, head):
                return self.value(piece, head, f"before {separator!r} in {word!r}")
            head, where = part, f"after {separator!r} in {word!r}"
        if not self.fits(remaining, head):
            return self.value(remaining, head, where)
        return self.fallback(word, expression, name)

    def value(self, word: str, expression: Expression, where: str) -> str:
        """Why the value ``where`` does not fit, or that it is missing."""
        if not word:
            return f"{_what(self.grammar, expression)} is missing {where}".rstrip()
        return self.why(word, expression)

    def option(self, word: str, expression: Choice, name: str | None) -> str:
        """One of several: the reason of the one option that names a definition, if one does."""
        named = [o for o in expression.options if not isinstance(o, Quoted)]
        if len(named) == 1:
            return self.why(word, named[0])
        return self.fallback(word, expression, name)

    def fallback(self, word: str, expression: Expression, name: str | None) -> str:
        what = f"a {noun(name)}" if name else "what is expected"
        if isinstance(expression, Regex):  # a name, whose EBNF is a comment in words
            return f"{word!r} is not {what}"
        return f"{word!r} is not {what}: write {ebnf_expression(self.grammar, expression)}"


def _key(expression: Expression) -> str | None:
    """The key of a ``"key=" value`` option, without its ``=``."""
    if isinstance(expression, Series) and expression.items:
        first = expression.items[0]
        if isinstance(first, Quoted) and first.text.endswith("="):
            return first.text[:-1]
    return None


def _list_item(expression: Expression) -> Expression | None:
    """What a list holds, for ``"-" | item ("," item)*`` and ``item ("," item)*``."""
    if isinstance(expression, Choice) and len(expression.options) == 2:
        empty, expression = expression.options
        if empty != Quoted("-"):
            return None
    if not isinstance(expression, Series) or len(expression.items) != 2:
        return None
    item, more = expression.items
    if more == Repeat(Series((Quoted(","), item)), 0, None):
        return item
    return None


def _optional_part(inner: Expression) -> tuple[str, Expression, bool] | None:
    """The separator and part of an optional ``["@" b]``, not required; None for another."""
    if not (isinstance(inner, Series) and len(inner.items) == 2):
        return None
    separator, part = inner.items
    if not isinstance(separator, Quoted):
        return None
    return separator.text, part, False


def _separators(
    expression: Series,
) -> tuple[Expression, list[tuple[str, Expression, bool]]] | None:
    """The parts of ``a ":" b ":" c`` or ``a ["@" b]``: the first, then each with its separator."""
    first, *items = expression.items
    rest: list[tuple[str, Expression, bool]] = []
    while items:
        head = items.pop(0)
        if isinstance(head, Quoted) and items:
            rest.append((head.text, items.pop(0), True))
        elif isinstance(head, Repeat) and (head.least, head.most) == (0, 1):
            optional = _optional_part(head.item)
            if optional is None:
                return None
            rest.append(optional)
        else:
            return None
    return (first, rest) if rest else None


def _card(word: str, name: str) -> str:
    """Why a word is not a card, in the words of the card parser."""
    try:
        card = parse_card(word)
    except CardParseError as error:
        return str(error)
    if name == "GANGSTER_CARD" and not isinstance(card, GangsterCard):
        return f"{word!r} is a special card, not a gangster card"
    return f"{word!r} is a gangster card, not a special card"


def _tile(word: str, name: str) -> str:
    """Why a word is not a business tile, in the words of the tile parser."""
    try:
        parse_tile(word)
    except TileParseError as error:
        kind = "; or write the kind alone, as Speakeasy" if name == "PLACE" else ""
        return f"{error}{kind}"
    return f"{word!r} is not a business here"


def _number(word: str, name: str) -> str:
    """Why a word is not a whole number (or one below zero where none may be)."""
    if name == "SEAT":
        return f"a seat is a number from 0, not {word!r}"
    if word.startswith("-") and word[1:].isdigit() and name != "INTEGER":
        return f"{word} is below 0"
    return f"{word!r} is not a {noun(name)}"
