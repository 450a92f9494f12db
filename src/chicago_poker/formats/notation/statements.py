"""The statements of a text in the position notation: its lines, split into words.

A :class:`Reader` holds the statements of a text by keyword, after the checks that every
reader shares: the header first, known keywords, and how many times each may appear.
"""

from __future__ import annotations

import json
import re
from typing import Final

from attrs import frozen

from chicago_poker.core.errors import NotationSyntaxError

__all__ = ["Reader", "Statement", "Token", "syntax"]


@frozen
class Token:
    """A word of a line, with where it starts; a quoted name is held decoded."""

    text: str
    line: int
    column: int
    quoted: bool = False


@frozen
class Statement:
    """A line: its keyword, the first word, and the words after it."""

    keyword: Token
    args: tuple[Token, ...]

    @property
    def line(self) -> int:
        """The number of the line, from 1."""
        return self.keyword.line


def syntax(token: Token, message: str) -> NotationSyntaxError:
    """The error of a text that breaks the grammar at ``token``."""
    return NotationSyntaxError(message, line=token.line, column=token.column)


def _tokens(text: str, number: int) -> list[Token]:
    """The words of one line; ``#`` at the start of a word begins a comment."""
    tokens: list[Token] = []
    index = 0
    while (match := _WORD.search(text, index)) is not None:
        start = match.start()
        if text[start] == "#":
            break
        if text[start] == '"':
            token, index = _quoted(text, number, start)
            tokens.append(token)
            continue
        tokens.append(Token(match[0], number, start + 1))
        index = match.end()
    return tokens


def _quoted(text: str, number: int, start: int) -> tuple[Token, int]:
    """The quoted name that starts at ``start``, a JSON string, and the index after it."""
    try:
        value, end = _JSON.raw_decode(text, start)
    except json.JSONDecodeError as error:
        raise NotationSyntaxError(
            f"a quoted name is not a valid JSON string: {error.msg}",
            line=number,
            column=start + 1,
        ) from None
    if not isinstance(value, str):
        raise NotationSyntaxError("a quoted name is a JSON string", line=number, column=start + 1)
    return Token(value, number, start + 1, quoted=True), end


_WORD: Final = re.compile(r"\S+")
_JSON: Final = json.JSONDecoder()


def _statements(text: str, header: str) -> list[Statement]:
    if not isinstance(text, str):
        raise NotationSyntaxError(f"a position is text, not {type(text).__name__}")
    statements: list[Statement] = []
    seen_header = False
    for number, line in enumerate(text.splitlines(), start=1):
        tokens = _tokens(line, number)
        if not tokens:
            continue
        if not seen_header:
            if " ".join(token.text for token in tokens) != header:
                raise NotationSyntaxError(
                    f"the first line must be {header!r}", line=number, column=tokens[0].column
                )
            seen_header = True
            continue
        statements.append(Statement(tokens[0], tuple(tokens[1:])))
    if not seen_header:
        raise NotationSyntaxError(f"the text is empty: it must start with {header!r}")
    return statements


class Reader:
    """The statements of a text, sorted by keyword, with the checks every reader shares."""

    def __init__(self, text: str, header: str, keywords: dict[str, tuple[int, int]]) -> None:
        """Read the statements of ``text``, which starts with ``header``.

        ``keywords`` gives each keyword of a statement with the least and the most lines of it.
        """
        self.by_keyword: dict[str, list[Statement]] = {key: [] for key in keywords}
        for statement in _statements(text, header):
            word = statement.keyword.text
            if statement.keyword.quoted or word not in keywords:
                raise syntax(
                    statement.keyword,
                    f"{word!r} is not a statement here; the statements are " + ", ".join(keywords),
                )
            self.by_keyword[word].append(statement)
        for word, (low, high) in keywords.items():
            found = self.by_keyword[word]
            if len(found) > high:
                raise syntax(found[high].keyword, f"{word!r} may appear at most {high} times")
            if len(found) < low:
                raise NotationSyntaxError(f"a {word!r} line is missing")

    def one(self, keyword: str) -> Statement | None:
        """The statement of ``keyword``, if there is one."""
        found = self.by_keyword[keyword]
        return found[0] if found else None

    def line(self, keyword: str) -> int | None:
        """The line of the statement of ``keyword``, if there is one."""
        statement = self.one(keyword)
        return None if statement is None else statement.line
