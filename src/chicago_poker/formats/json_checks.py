"""JSON from outside, read with care: the checks every line of a log passes before it is read.

A log may come from anyone, so its text is refused, with a message that names the line and
the field, wherever readers could differ on it or run out of memory: a line over
:data:`MAX_LINE_BYTES`, an object that names a key twice, text that is not JSON or not UTF-8,
and in a header a number JSON has no text for (NaN, an infinity), an integer of more than
:data:`MAX_INTEGER_DIGITS` digits or a string that UTF-8 cannot write (a lone surrogate). The
writer applies the same checks, so that it never writes a line that the reader refuses. The
web table reads its requests with :func:`check_unique_keys` too.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from typing import Any, Final, NoReturn

import orjson

from chicago_poker.core.errors import (
    ArgumentTypeError,
    InvalidArgumentError,
    LogFormatError,
    short_repr,
)

__all__ = [
    "ASCII_SAFE_CHARS",
    "MAX_INTEGER_DIGITS",
    "MAX_LINE_BYTES",
    "at_line",
    "check_json",
    "check_keys",
    "check_line_number",
    "check_size",
    "check_text",
    "check_unique_keys",
    "dumps",
    "dumps_exact",
    "keys_phrase",
    "loads",
    "loads_exact",
    "without_line_end",
]

MAX_LINE_BYTES: Final = 1 << 20
"""The longest line of a log: 1 MiB of UTF-8, its line end included.

The writer refuses to write a longer line, and the reader refuses to read one.
"""

MAX_INTEGER_DIGITS: Final = 640
"""The most digits of an integer in a header (a seed in the provenance, say).

Every Python reads integers of 640 digits from text, whatever its limit on such conversions
(``sys.set_int_max_str_digits`` accepts no lower limit), so every reader can read them.
"""

# Entries are written and read with orjson: they hold small integers, strings, booleans and
# arrays only, and orjson reads them several times faster than the standard library, which
# matters to the validator. The header is written and read with the standard library: read
# once per log, it may hold any JSON number (such as a 128-bit seed), beyond orjson's 64 bits.


def dumps(obj: object) -> str:
    """The JSON text of an entry (or a command or event alone), as orjson writes it."""
    try:
        return orjson.dumps(obj).decode()
    except orjson.JSONEncodeError as error:  # an integer of over 64 bits, a lone surrogate
        raise LogFormatError(f"cannot be written as JSON: {error}") from error


def loads(text: str | bytes, line: int | None) -> object:
    """Parse a line of an entry (or a command or event alone): JSON, each key once."""
    check_size(text, line)
    try:
        obj = orjson.loads(text)
    except orjson.JSONDecodeError as error:
        ended = without_line_end(text)
        if len(ended) == len(text):
            raise _not_json(text, error, line) from error
        try:  # parsed again without the line end, to say where in the line, not after its end
            obj = orjson.loads(ended)
        except orjson.JSONDecodeError as again:
            raise _not_json(text, again, line) from again
    check_unique_keys(text, obj, line=line)
    return obj


def check_unique_keys(text: str | bytes, obj: object, *, line: int | None = None) -> None:
    """Refuse JSON ``text``, read by orjson as ``obj``, if an object in it names a key twice.

    Readers differ on which value of a repeated key counts, and orjson keeps the last value
    without a word. A line that orjson writes back byte for byte from what it read has no
    repeated key (the written form has none), which is every line the log's writer writes; only
    a line written another way (spaces, escapes, a repeated key) is parsed again, by the
    standard library, which shows every key. The web table reads its requests with it too.

    >>> check_unique_keys('{"a": 1, "a": 2}', {"a": 2})
    Traceback (most recent call last):
    chicago_poker.core.errors.LogFormatError: not JSON this format reads: the key 'a' appears ...

    Raises:
        LogFormatError: a key appears twice in one object; ``line`` prefixes the message.
    """
    if type(obj) is not dict and type(obj) is not list:
        return
    written = orjson.dumps(obj)
    raw = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    if raw.startswith(written) and raw[len(written) :] in _LINE_ENDS:
        return
    ended = without_line_end(text)
    try:
        json.loads(ended, object_pairs_hook=_unique_keys)
    except _RepeatedKeyError as repeated:
        raise LogFormatError(str(repeated), line=line) from None
    except (ValueError, RecursionError):  # orjson read it: the check was for keys alone
        pass


_LINE_ENDS: Final = (b"", b"\n", b"\r\n")


class _RepeatedKeyError(Exception):
    """A JSON object with a key twice (raised while parsing, without the line)."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The ``object_pairs_hook`` of ``json.loads`` that refuses a repeated key."""
    obj = dict(pairs)
    if len(obj) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _RepeatedKeyError(
                    f"not JSON this format reads: the key {short_repr(key)} appears twice in "
                    "one object, so readers may differ on its value"
                )
            seen.add(key)
    return obj


def check_size(text: str | bytes, line: int | None) -> None:
    """Refuse a line over :data:`MAX_LINE_BYTES` (in UTF-8, with a line end of two bytes).

    The one size check of a line, for the writer and the reader alike. A line end is
    counted as two bytes whatever the line has, so that a line written with a line feed still
    fits when a text file turns it into a carriage return and a line feed.
    """
    if len(text) <= ASCII_SAFE_CHARS:  # fits, whatever its characters and line end
        return
    ended = without_line_end(text)
    size = len(ended)
    if type(ended) is str and size > ASCII_SAFE_CHARS:
        assert isinstance(ended, str)
        size = len(ended.encode("utf-8", "surrogatepass"))
    if size + 2 > MAX_LINE_BYTES:
        raise LogFormatError(
            f"the line is longer than {MAX_LINE_BYTES:,} bytes with its line end "
            f"({size + 2:,} bytes of UTF-8)",
            line=line,
        )


ASCII_SAFE_CHARS: Final = (MAX_LINE_BYTES - 2) // 4
"""Text of at most this many characters fits in a line whatever its characters."""


def without_line_end(text: str | bytes) -> str | bytes:
    """``text`` without its line end (a line feed, or a carriage return and a line feed)."""
    return text.rstrip(b"\r\n") if isinstance(text, bytes) else text.rstrip("\r\n")


def dumps_exact(obj: object) -> str:
    """The JSON text of a header, as the standard library writes it."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def loads_exact(text: str | bytes, line: int | None) -> object:
    """Parse a header's line: JSON, each key once, every number as written.

    An integer of more than :data:`MAX_INTEGER_DIGITS` digits is left unread, for
    :func:`check_json` to refuse with the field's name.
    """
    check_size(text, line)
    try:
        ended = without_line_end(text)
        return json.loads(
            ended.decode("utf-8") if isinstance(ended, bytes) else ended,
            object_pairs_hook=_unique_keys,
            parse_int=_header_integer,
        )
    except _RepeatedKeyError as repeated:
        raise LogFormatError(str(repeated), line=line) from None
    except ValueError as error:  # not JSON, or not UTF-8
        raise _not_json(text, error, line) from error
    except RecursionError:
        raise LogFormatError("not JSON: nested too deeply", line=line) from None


def _header_integer(text: str) -> int | _LongInteger:
    """An integer of a header; one of too many digits is left unread, for the header check.

    ``NaN``, ``Infinity`` and numbers such as ``1e999`` are read as floats that the check
    refuses, naming the field, as the writer refuses them.
    """
    if len(text) - text.startswith("-") > MAX_INTEGER_DIGITS:
        return _LongInteger()
    return int(text)


def _not_json(text: str | bytes, error: ValueError, line: int | None) -> LogFormatError:
    """The error for a line that does not parse: empty, not UTF-8 (bytes), or not JSON."""
    if not text.strip():
        return LogFormatError("the line is empty", line=line)
    if isinstance(text, bytes):
        try:
            text.decode("utf-8")
        except UnicodeDecodeError as bad:
            return LogFormatError(
                f"not UTF-8: byte {text[bad.start]:#04x} at column {bad.start + 1}", line=line
            )
    return LogFormatError(f"not JSON: {error}", line=line)


class _LongInteger:
    """An integer of a header with more than :data:`MAX_INTEGER_DIGITS` digits, left as text."""

    def __repr__(self) -> str:
        return f"an integer of more than {MAX_INTEGER_DIGITS} digits"


_INTEGER_BOUND: Final = 10**MAX_INTEGER_DIGITS


def check_json(value: object, path: str) -> None:
    """Refuse what a header may not hold, naming the field.

    That is a number JSON has no text for (NaN, an infinity), an integer of more than
    :data:`MAX_INTEGER_DIGITS` digits, a string that cannot be written in UTF-8 (a lone
    surrogate), a key that is not a string, or a value of no JSON type. The reader meets the
    first three as ``NaN``, ``1e999``, a long integer or an escaped surrogate.
    """
    check = _JSON_CHECKS.get(type(value))
    if check is None:
        raise LogFormatError(f"{path}: {short_repr(value)} is not a JSON value")
    check(value, path)


def _check_json_string(value: str, path: str) -> None:
    """Refuse a lone surrogate, which UTF-8 cannot write."""
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as error:
            raise LogFormatError(
                f"{path}: the string holds {value[error.start]!r} at index {error.start}, "
                "a lone surrogate, which is not a character and cannot be written in UTF-8"
            ) from None


def _check_json_integer(value: int, path: str) -> None:
    if abs(value) >= _INTEGER_BOUND:
        _refuse_long_integer(value, path)


def _refuse_long_integer(value: object, path: str) -> NoReturn:
    raise LogFormatError(
        f"{path}: an integer of more than {MAX_INTEGER_DIGITS} digits; a log holds "
        f"integers of at most {MAX_INTEGER_DIGITS} digits"
    )


def _check_json_float(value: float, path: str) -> None:
    if not math.isfinite(value):
        raise LogFormatError(f"{path}: {value!r} is not a number JSON can hold")


def _check_json_object(value: dict[object, object], path: str) -> None:
    for key, item in value.items():
        if type(key) is not str:
            raise LogFormatError(f"{path}: the key {short_repr(key)} is not a string")
        check_json(key, f"{path} (a key)")
        check_json(item, _key_path(path, key))


def _check_json_array(value: Sequence[object], path: str) -> None:
    for index, item in enumerate(value):
        check_json(item, f"{path}[{index}]")


def _check_json_scalar(value: object, path: str) -> None:
    """None and booleans: always JSON."""


# The check of each JSON type, by the value's exact class (a subclass is no JSON value).
_JSON_CHECKS: Final[dict[type, Callable[[Any, str], None]]] = {
    type(None): _check_json_scalar,
    bool: _check_json_scalar,
    str: _check_json_string,
    int: _check_json_integer,
    _LongInteger: _refuse_long_integer,
    float: _check_json_float,
    dict: _check_json_object,
    list: _check_json_array,
    tuple: _check_json_array,
}


_MAX_KEY_CHARS: Final = 40
"""Keys up to this length are written as ``.key`` in a path; longer ones are quoted."""


def _key_path(path: str, key: str) -> str:
    """The path of ``key`` in the object at ``path``: ``$.a.b``, or ``$.a["odd key"]``."""
    if key.isidentifier() and len(key) <= _MAX_KEY_CHARS:
        return f"{path}.{key}"
    return f"{path}[{short_repr(key)}]"


def keys_phrase(what: str, keys: Sequence[str]) -> str:
    """``unknown key: x`` or ``missing keys: a, b``, for messages."""
    return f"{what} {'key' if len(keys) == 1 else 'keys'}: {', '.join(keys)}"


def check_keys(
    obj: dict[str, Any], *, required: set[str] | frozenset[str], optional: set[str]
) -> None:
    """Refuse an object that lacks a ``required`` key or has one neither required nor optional."""
    missing = sorted(required - obj.keys())
    if missing:
        raise LogFormatError(f"$: {keys_phrase('missing', missing)}")
    extra = sorted(obj.keys() - required - optional)
    if extra:
        raise LogFormatError(f"$: {keys_phrase('unknown', extra)}")


def at_line(error: LogFormatError, line: int | None) -> LogFormatError:
    """``error``, naming ``line`` if it names none yet."""
    if line is None or error.line is not None:
        return error
    return LogFormatError(str(error), line=line)


def check_text(text: object, argument: str) -> None:
    """Refuse an ``argument`` that is not JSON text (a string or UTF-8 bytes)."""
    if not isinstance(text, str | bytes):
        raise ArgumentTypeError(
            f"{argument} must be JSON text (a string or UTF-8 bytes), not {short_repr(text)}"
        )


def check_line_number(line: object) -> None:
    """Refuse a ``line`` that is neither a line number (from 1) nor None."""
    if line is not None and (type(line) is not int or line < 1):
        raise InvalidArgumentError(
            f"line must be a line number from 1, or None, not {short_repr(line)}"
        )
