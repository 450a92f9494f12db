"""The statements of a text in the position notation: its lines, split into words.

:func:`statements` checks the text against the grammar file, then splits each line after the
header into its words (a quoted name is one word, decoded), with their lines and
columns. A :class:`Reader` holds the statements by keyword, after the one check that the grammar
leaves to it: how many times each statement may appear. When the grammar refuses a text, the
error names the line and the word at fault and says why
(:mod:`~chicago_poker.formats.notation.diagnosis`).
"""

from __future__ import annotations

import json
import re
from typing import Final, NamedTuple

from chicago_poker.core.errors import NotationSyntaxError
from chicago_poker.formats.notation.grammar import follows
from chicago_poker.formats.notation.vocabulary import POSITION_HEADER, VIEW_HEADER

__all__ = ["HEADERS", "Reader", "Statement", "Token", "statements", "syntax", "words_of"]

HEADERS: Final = {"position": POSITION_HEADER, "view": VIEW_HEADER}
"""The first line of each kind of text, by the name of its rule in the grammar."""


class Token(NamedTuple):
    """A word of a line, with where it starts; a quoted name is held decoded."""

    text: str
    line: int
    column: int
    quoted: bool = False

    @property
    def written(self) -> str:
        """The word as the grammar sees it: a quoted name as a JSON string."""
        return json.dumps(self.text) if self.quoted else self.text


class Statement(NamedTuple):
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


def statements(text: str, start: str) -> list[Statement]:
    """The statements of a position (``start="position"``) or a view (``"view"``), but the header.

    Raises:
        NotationSyntaxError: The text breaks the grammar; the error gives the line and the
            column of the word at fault.
    """
    if not isinstance(text, str):
        raise NotationSyntaxError(f"a position is text, not {type(text).__name__}")
    if not follows(text, start):
        raise _refusal(text, start)
    found: list[Statement] = []
    header = True
    for number, line in enumerate(text.splitlines(), start=1):
        words = words_of(line, number)
        if words and not header:
            found.append(Statement(words[0], tuple(words[1:])))
        header = header and not words
    return found


def words_of(line: str, number: int) -> list[Token]:
    """The words of line ``number``, up to its end or its comment.

    ``#`` at the start of a word begins a comment, which runs to the end of the line.
    """
    if '"' in line:
        return _quoted_words(line, number)
    tokens: list[Token] = []
    index = 0
    for word in line.split():
        if word[0] == "#":
            break
        index = line.find(word, index)
        tokens.append(Token(word, number, index + 1))
        index += len(word)
    return tokens


def _quoted_words(line: str, number: int) -> list[Token]:
    """The words of a line where a quoted name may stand: a JSON string is one word."""
    tokens: list[Token] = []
    index = 0
    while (match := _WORD.search(line, index)) is not None:
        start = match.start()
        if line[start] == "#":
            break
        if line[start] == '"':
            token, index = _quoted(line, number, start)
            tokens.append(token)
            continue
        tokens.append(Token(match[0], number, start + 1))
        index = match.end()
    return tokens


def _quoted(line: str, number: int, start: int) -> tuple[Token, int]:
    """The quoted name that starts at ``start``, a JSON string, and the index after it."""
    try:
        value, end = _JSON.raw_decode(line, start)
    except json.JSONDecodeError as error:
        raise NotationSyntaxError(
            f"a quoted name is not a valid JSON string: {error.msg}", line=number, column=start + 1
        ) from None
    if not isinstance(value, str):
        raise NotationSyntaxError("a quoted name is a JSON string", line=number, column=start + 1)
    if end < len(line) and not line[end].isspace():
        raise NotationSyntaxError(
            "a quoted name ends at its closing quote: put a space after it",
            line=number,
            column=end + 1,
        )
    return Token(value, number, start + 1, quoted=True), end


_WORD: Final = re.compile(r"\S+")
_JSON: Final = json.JSONDecoder()


def _refusal(text: str, start: str) -> NotationSyntaxError:
    """The error of a text that the grammar refused: at its header, or at a line that breaks it.

    The first line that does not fit is read word by word, to name the word at fault.
    """
    from chicago_poker.formats.notation.diagnosis import explain_line

    header = HEADERS[start]
    written = [(n, words_of(line, n)) for n, line in enumerate(text.splitlines(), start=1)]
    lines = [words for _, words in written if words]
    if not lines:
        return NotationSyntaxError(f"the text is empty: it must start with {header!r}")
    if [word.written for word in lines[0]] != header.split():
        return syntax(lines[0][0], f"the first line must be {header!r}")
    for words in lines[1:]:
        fault = explain_line([word.written for word in words], start)
        if fault is not None:
            return syntax(words[fault[0]], fault[1])
    return NotationSyntaxError(f"the text does not follow the grammar of a {start}")


class Reader:
    """The statements of a text, sorted by keyword, each kind as many times as it may be."""

    def __init__(self, text: str, start: str, keywords: dict[str, tuple[int, int]]) -> None:
        """Read the statements of ``text``, a position or a view by ``start``.

        ``keywords`` gives each keyword of a statement with the least and the most lines of it.
        """
        self.by_keyword: dict[str, list[Statement]] = {key: [] for key in keywords}
        for statement in statements(text, start):
            self.by_keyword[statement.keyword.text].append(statement)
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
