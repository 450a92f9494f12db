"""The kinds of events that may follow a command's own event: :func:`following_kinds`.

:func:`~chicago_poker.core.decide.decide` gives a command's own events (the first, and a
marker placed by the same move), then the events that follow by themselves up to the next
decision: a turn ends, the next starts, a shootout is fought, a game is won. So an event
that only a command makes (a gangster placed, a card drawn, a special card played) is
always the first event of its entry: a log whose entry holds two plays, or a play after the
end of a turn, records no game, whatever the hidden cards. The referee checks this first
(:mod:`~chicago_poker.referee.forms`), before any search.

The set is read from the engine's own code, not written again: the event classes named by
the functions of :mod:`~chicago_poker.core.decide` that its automatic step reaches (and the
constants they use), and those its commands return after their first event. Naming a class
there without making it only makes the check weaker, never unsound; a class made elsewhere
would be missed, so ``tests/test_forms_following.py`` checks over random games that every
event the engine gives after a command's first is of a kind in the set. Where the engine's
code cannot be read (no source installed), every kind may follow, and the check is void.

The module reads the engine's source once; the answers are cached.

>>> from chicago_poker.core.events import GangsterPlayed, TurnEnded
>>> kinds = following_kinds()
>>> TurnEnded in kinds, GangsterPlayed in kinds
(True, False)
"""

from __future__ import annotations

import ast
import functools
import inspect
from collections.abc import Iterator
from typing import Final, get_args

from chicago_poker.core import decide, events

__all__ = ["following_kinds"]

_AUTOMATIC: Final = "_automatic"
"""The engine's automatic step: the event that follows by itself, if any."""

_PRIMARY: Final = "_primary"
"""The engine's step of a command: its own events."""

_DECLINE: Final = "_decline"
"""The engine's step of a decline, which engines before 0.2.0 gave by themselves."""

_EVERY_KIND: Final[frozenset[type]] = frozenset(get_args(events.Event))


@functools.cache
def following_kinds(*, automatic_decline: bool = False) -> frozenset[type]:
    """The event classes the engine may give after a command's first event.

    With ``automatic_decline`` (a log of an engine before 0.2.0, which declined for a tied
    player by itself), a decline may follow too. Every class, if the engine's code cannot
    be read.

    >>> from chicago_poker.core.events import MarkerPlaced, ReinforcementDeclined
    >>> MarkerPlaced in following_kinds(), ReinforcementDeclined in following_kinds()
    (True, False)
    >>> ReinforcementDeclined in following_kinds(automatic_decline=True)
    True
    """
    engine = _Engine.read()
    if engine is None:
        return _EVERY_KIND
    kinds = engine.named(_AUTOMATIC) | engine.returned_after_first(_PRIMARY)
    if automatic_decline:
        kinds |= engine.named(_DECLINE)
    return frozenset(kinds)


class _Engine:
    """The top-level functions and constants of the engine's ``decide`` module, parsed."""

    def __init__(self, tree: ast.Module) -> None:
        self.functions: dict[str, ast.FunctionDef] = {}
        self.constants: dict[str, ast.expr] = {}
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                self.functions[node.name] = node
            elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    if isinstance(target, ast.Name):
                        self.constants[target.id] = node.value
        self.kinds = {
            kind.__name__: kind for kind in _EVERY_KIND if getattr(events, kind.__name__) is kind
        }

    @classmethod
    def read(cls) -> _Engine | None:
        """The engine parsed; None if its source cannot be read or lacks the steps."""
        try:
            tree = ast.parse(inspect.getsource(decide))
        except (OSError, TypeError, SyntaxError):
            return None
        engine = cls(tree)
        steps = (_AUTOMATIC, _PRIMARY, _DECLINE)
        return engine if all(step in engine.functions for step in steps) else None

    def reached(self, root: str) -> Iterator[ast.AST]:
        """Every function (and constant) of the module that ``root`` reaches by name."""
        seen = {root}
        todo: list[ast.AST] = [self.functions[root]]
        while todo:
            node = todo.pop()
            yield node
            for name in _names(node):
                if name in seen:
                    continue
                found = self.functions.get(name) or self.constants.get(name)
                if found is not None:
                    seen.add(name)
                    todo.append(found)

    def named(self, root: str) -> set[type]:
        """The event classes named by what ``root`` reaches."""
        return {
            self.kinds[name]
            for node in self.reached(root)
            for name in _names(node)
            if name in self.kinds
        }

    def returned_after_first(self, root: str) -> set[type]:
        """The event classes named after the first item of a tuple returned in ``root``'s reach."""
        found: set[type] = set()
        for node in self.reached(root):
            for returned in ast.walk(node):
                if isinstance(returned, ast.Return) and isinstance(returned.value, ast.Tuple):
                    for item in returned.value.elts[1:]:
                        found.update(
                            self.kinds[name] for name in _names(item) if name in self.kinds
                        )
        return found


def _names(node: ast.AST) -> Iterator[str]:
    """The names a piece of code uses."""
    for child in ast.walk(node):
        if isinstance(child, ast.Name):
            yield child.id
