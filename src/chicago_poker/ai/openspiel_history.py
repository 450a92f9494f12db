"""The history of an OpenSpiel state, and the SHA-256 chains of what each viewer saw of it.

A :class:`Step` is one command given, with the state before it and its events, linked to the
step before it; states and their clones share their steps, which never change but for the
chains they keep. A chain (:func:`chain`) folds what a viewer saw of each command into one
SHA-256 digest: equal chains, equal histories as the viewer saw them. It is worked out only
when an observer asks for it, then kept at every step it passed, so a state asked again,
or a later state of the same game, goes on from there.

The viewers of a chain, the *keys*:

- a seat ``n`` (an ``int``): the seat's redacted history, its commands and events as the
  library redacts them for it (:func:`~chicago_poker.redact_command`,
  :func:`~chicago_poker.redact`);
- ``None``: the public history, redacted for a spectator;
- ``ALL``: every seat's redacted history side by side, which is everything the players know;
- ``(PRIVATE, n)``: what seat ``n`` saw that a spectator did not, the items of its redacted
  history that differ from the public ones;
- ``(PRIVATE, ALL)``: the same for every seat, side by side.
"""

from __future__ import annotations

import hashlib
from typing import Any, Final

from chicago_poker import Event, GameState, LogEntry, apply, redact, redact_command

__all__ = ["ALL", "PRIVATE", "Key", "SampledRoot", "Step", "chain", "entries_of"]

ALL: Final = "all"
"""The key of every seat at once."""
PRIVATE: Final = "private"
"""The tag of the keys of what seats saw beyond the public history."""

Key = int | str | tuple[str, int | str] | None
"""The viewer of a chain (see the module's docstring)."""


class Step:
    """One command of the history: the state before it, its events, and the step before it."""

    __slots__ = ("before", "chains", "command", "events", "parent")

    def __init__(
        self, parent: Step | None, before: GameState | None, command: Any, events: tuple[Event, ...]
    ) -> None:
        """The step of ``command``, given in ``before``, which gave ``events``."""
        self.parent = parent
        self.before = before
        self.command = command
        self.events = events
        self.chains: dict[Key, str] = {}
        """The chains worked out so far at this step, by key."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Step:
        """The step itself: steps are shared by the states of a game and their clones."""
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the list of its history's steps, so that a long game does not recurse."""
        steps: list[Step] = []
        step: Step | None = self
        while step is not None and not isinstance(step, SampledRoot):
            steps.append(step)
            step = step.parent
        kept = tuple((s.before, s.command, s.events, s.chains) for s in steps[::-1])
        return _relink, (step, kept)

    def cached(self, key: Key) -> str | None:
        """The chain of ``key`` up to this step, if already worked out."""
        return self.chains.get(key)

    def seen(self, key: Key, players: int) -> list[str]:
        """What the viewer ``key`` saw of this step, item by item (see the module's docstring)."""
        if key is None or type(key) is int:
            return self._redacted(key)
        if not isinstance(key, tuple):  # ALL
            return [item for seat in range(players) for item in self._redacted(seat)]
        whose = key[1]
        seats = range(players) if isinstance(whose, str) else (whose,)
        public = self._redacted(None)
        return [
            f"{seat}: {item}"
            for seat in seats
            for item, shown in zip(self._redacted(seat), public, strict=True)
            if item != shown
        ]

    def _redacted(self, seat: int | None) -> list[str]:
        """The command and its events as ``seat`` sees them, each as its ``repr``."""
        seen = [repr(redact_command(self.before, self.command, seat))]
        state = self.before
        for event in self.events:
            seen.append(repr(redact(state, event, seat)))
            state = apply(state, event)
        return seen


def _relink(root: Step | None, steps: tuple[tuple[Any, ...], ...]) -> Step:
    """The last of ``steps`` after ``root``, linked as :meth:`Step.__reduce__` left them."""
    last = root
    for before, command, events, chains in steps:
        last = Step(last, before, command, events)
        last.chains = chains
    assert last is not None, "a pickled history has a step at least"
    return last


class SampledRoot(Step):
    """The start of a sampled state's history: the chains its player knows, and nothing before.

    A chain this root was not given (another seat's, which the player cannot know) starts from
    the player's own, so that the seats' chains stay apart once the game goes on.
    """

    __slots__ = ("fallback",)

    def __init__(self, chains: dict[Key, str], fallback: Key) -> None:
        """A root with ``chains``; any other key starts from the chain of ``fallback``."""
        super().__init__(None, None, None, ())
        self.chains = chains
        self.fallback = fallback

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its chains and fallback."""
        return SampledRoot, (self.chains, self.fallback)

    def cached(self, key: Key) -> str:
        """The chain of ``key`` at the root, or the fallback's."""
        return self.chains.get(key, self.chains[self.fallback])


def chain(last: Step | None, key: Key, players: int) -> str:
    """The SHA-256 chain of what ``key`` saw up to ``last``, as a hex string; "" before any.

    >>> chain(None, 0, 2)
    ''
    """
    walked: list[Step] = []
    step = last
    digest = None
    while step is not None:
        digest = step.cached(key)
        if digest is not None:
            break
        walked.append(step)
        step = step.parent
    digest = digest or ""
    for step in reversed(walked):
        joined = "\n".join([digest, *step.seen(key, players)]).encode()
        digest = step.chains[key] = hashlib.sha256(joined).hexdigest()
    return digest


def entries_of(last: Step | None) -> tuple[LogEntry, ...] | None:
    """The history up to ``last`` as the library logs it; None if it starts at a sampled root.

    >>> entries_of(None)
    ()
    """
    entries: list[LogEntry] = []
    step = last
    while step is not None:
        if isinstance(step, SampledRoot):
            return None
        entries.append(LogEntry(step.command, step.events))
        step = step.parent
    return tuple(reversed(entries))
