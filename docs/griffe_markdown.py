"""Griffe extension: turn the reStructuredText habits of the docstrings into Markdown.

The docstrings are written for ``help()`` and pytest as much as for these pages: their
examples are plain doctest lines, and they name other objects with roles such as
``:func:`~chicago_poker.core.apply```. Markdown would read each ``>>>`` as three nested quotes
and print the roles as they are. For the API pages, this puts every doctest example (a
``>>>`` line up to the next blank line, as doctest reads it) in a ``pycon`` code fence, and
shows every role as the code of the name it gives.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:func|meth|class|attr|mod|data|exc|obj):`(~?)([^`]+)`")


class DocstringMarkdown(griffe.Extension):
    """Rewrite every docstring that mkdocstrings renders (see the module)."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        """Rewrite the docstring of ``obj``, if it has one."""
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)


def markdown(text: str) -> str:
    r"""``text`` with its doctest examples fenced and its roles shown as code.

    >>> markdown("Folds with :func:`~chicago_poker.core.apply.apply`.")
    'Folds with `apply`.'
    >>> markdown("Adds:\n>>> 1 + 1\n2\n\nDone.").split("\n")
    ['Adds:', '```pycon', '>>> 1 + 1', '2', '```', '', 'Done.']
    """
    lines = text.split("\n")
    written: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        code = line.lstrip()
        if not code.startswith(">>>"):
            written.append(_ROLE.sub(_role_as_code, line))
            index += 1
            continue
        indent = line[: len(line) - len(code)]
        written.append(f"{indent}```pycon")
        while index < len(lines) and lines[index].strip():
            written.append(lines[index])
            index += 1
        written.append(f"{indent}```")
    return "\n".join(written)


def _role_as_code(match: re.Match[str]) -> str:
    short, target = match.groups()
    return f"`{target.rsplit('.', 1)[-1] if short else target}`"
