"""The form of a seat's redacted entry, checked before any search: :func:`form_error`.

Some forgeries need no game to be refused: a seat that is not one of the players, a command
whose own event records another number of cards (or another seat, another business) than the
command, a card shown that the viewer cannot see (another seat's hand at the deal, a card it
drew), an event only a command makes recorded after the command's own (two plays in one
entry: :mod:`~chicago_poker.referee.following`). They are refused at once, with the entry,
the field and the rule, before the knowledge model looks for a game
(:class:`~chicago_poker.referee.information.InformationSet`), so that they cost one pass over
the entry.

The module is pure.

>>> from chicago_poker.core.commands import DrawCard
>>> from chicago_poker.core.events import DrawRequested
>>> from chicago_poker.formats.entries import RedactedLogEntry
>>> error = form_error(RedactedLogEntry(DrawCard(5), (DrawRequested(5),)), 3, 0, 5)
>>> error.rule, error.field
('R-2.1', 'command.player')
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any, Final

import attrs
from attrs import frozen

from chicago_poker.core.commands import DealCard, StartGame
from chicago_poker.core.events import CardDrawn, GameStarted, ReinforcementDeclined
from chicago_poker.core.redacted_commands import RedactedStartGame
from chicago_poker.core.redacted_events import RedactedCardDrawn, RedactedGameStarted, redact
from chicago_poker.referee.differences import REDACTED_KINDS, plain_kind, plain_kind_of, seen_rule
from chicago_poker.referee.following import following_kinds
from chicago_poker.referee.ledger import SeenEntry

__all__ = ["FormError", "form_error"]

SEAT_FIELDS: Final = ("player", "first_player", "target", "victim", "owner")
"""The fields of commands and events that name one seat."""

_STARTS: Final = (StartGame, RedactedStartGame, GameStarted, RedactedGameStarted)

_HIDDEN_HANDS: Final = "R-2.4"
"""The rule that hides a hand from the other players (and from a spectator)."""

_SEATS: Final = "R-2.1"
"""The rule of the number of players: a seat is one of them."""

_SEAT_RULES: Final = {"first_player": "R-2.7"}
"""The rule of a seat field, where it is not :data:`_SEATS`: the first player is one of them."""


@frozen
class FormError:
    """An entry refused for its form: where, which field, which rule, why."""

    index: int
    """The entry (from 0)."""

    field: str
    """The field, such as ``events[0].hands[1]``."""

    rule: str | None
    """The rule it breaks (that of the event, where a command and its event differ)."""

    reason: str
    """Why, in words."""


def form_error(
    entry: SeenEntry,
    index: int,
    viewer: int | None,
    players: int,
    names: tuple[str, ...] = (),
    *,
    automatic_decline: bool = False,
) -> FormError | None:
    """The first fault of form of ``entry``, the ``index``-th of a log of ``players`` seats.

    ``viewer`` is the seat whose log it is (None: a spectator); ``names`` the players', to
    say who cannot see a card; ``automatic_decline``: the log is of an engine before 0.2.0,
    which declined for a tied player by itself. None if its form is sound.
    """
    for check in (_seat_error, _count_error):
        found = check(entry, index, viewer, players)
        if found is not None:
            return found
    found = _shown_error(entry, index, _who(viewer, names), viewer)
    if found is not None:
        return found
    return _following_error(entry, index, automatic_decline)


def _following_error(entry: SeenEntry, index: int, automatic_decline: bool) -> FormError | None:
    """An event after the command's own that the engine never gives there.

    Only a command makes it, as its first event (:func:`.following.following_kinds`).
    """
    following = _may_follow(automatic_decline)
    for position, event in enumerate(entry.events[1:], start=1):
        if type(event) not in following:
            kind = plain_kind(event)
            return FormError(
                index,
                f"events[{position}]",
                seen_rule(event, None),
                f"a {kind.__name__} follows the command's own event, where only a command "
                "makes it, as its first: one entry records one move",
            )
    return None


def _items(entry: SeenEntry) -> Iterator[tuple[int, Any]]:
    """The command (-1) and each event (its position), as :func:`_where` names them."""
    yield -1, entry.command
    yield from enumerate(entry.events)


def _where(position: int) -> str:
    return "command" if position < 0 else f"events[{position}]"


def _seat_error(entry: SeenEntry, index: int, viewer: int | None, players: int) -> FormError | None:
    """A seat that is not one of the ``players``."""
    for position, item in _items(entry):
        for name, seat in _seats_named(item):
            if not 0 <= seat < players:
                return FormError(
                    index,
                    f"{_where(position)}.{name}",
                    _SEAT_RULES.get(name, _SEATS),
                    f"there is no seat {seat}: it is not a player of this {players}-player game",
                )
    return None


def _seats_named(item: Any) -> Iterator[tuple[str, int]]:
    """The seats an item names: (field, seat)."""
    kind: type = type(item)
    single, listed, paired = _seat_fields(kind)
    for name in single:
        value = getattr(item, name)
        if isinstance(value, int) and not isinstance(value, bool):
            yield name, value
    if listed:
        for position, seat in enumerate(item.contenders):
            yield f"contenders[{position}]", seat
    if paired:
        for position, pair in enumerate(getattr(item, paired)):
            yield f"{paired}[{position}][0]", pair[0]


@functools.cache
def _seat_fields(kind: type) -> tuple[tuple[str, ...], bool, str]:
    """Where a class names seats: its seat fields, whether it lists contenders, and more.

    The last is the field of (seat, cards) pairs, if it has one (a reveal's ``cards``, a
    shootout's ``hands``).
    """
    names = {field.name for field in attrs.fields(kind)} if attrs.has(kind) else set()
    single = tuple(name for name in SEAT_FIELDS if name in names)
    paired = "hands" if "owner" in names else ""
    if "contenders" in names and "cards" in names:
        paired = "cards"
    return single, "contenders" in names, paired


@functools.cache
def _shared_fields(command: type, event: type) -> tuple[str, ...]:
    """The fields a command class and an event class share, cards aside."""
    if not attrs.has(command) or not attrs.has(event):
        return ()
    theirs = {field.name for field in attrs.fields(event)}
    return tuple(
        field.name
        for field in attrs.fields(command)
        if field.name in theirs and field.name != "card"
    )


def _count_error(
    entry: SeenEntry, index: int, viewer: int | None, players: int
) -> FormError | None:
    """A command whose own event (its first) records it otherwise: a seat, a count of cards."""
    command = entry.command
    event = entry.events[0] if entry.events else None
    if isinstance(command, _STARTS) and isinstance(event, _STARTS):
        found = _start_error(command, event, index, players)
        if found is not None:
            return found
    kinds: tuple[type, type] = (type(command), type(event))
    for name in _shared_fields(*kinds):
        ours, theirs = getattr(command, name), getattr(event, name)
        if isinstance(ours, tuple) and isinstance(theirs, tuple):
            if len(ours) == len(theirs):
                continue
            what = f"{len(ours)} {name} where its event records {len(theirs)}"
        elif ours == theirs or isinstance(ours, tuple) or isinstance(theirs, tuple):
            continue
        else:
            what = f"{name} {ours!r} where its event records {theirs!r}"
        rule = seen_rule(event, event)
        return FormError(index, f"events[0].{name}", rule, f"the command has {what}")
    return None


def _start_error(command: Any, event: Any, index: int, players: int) -> FormError | None:
    """The set-up's hands: one per player, as many cards in the command as in its event."""
    for where, item in (("command", command), ("events[0]", event)):
        if len(item.players) != players or len(item.hands) != players:
            return FormError(
                index,
                f"{where}.hands",
                "R-2.3",
                f"{len(item.players)} players and {len(item.hands)} hands in a "
                f"{players}-player game",
            )
    return _hand_size_error(command, event, index)


def _hand_size_error(command: Any, event: Any, index: int) -> FormError | None:
    """The first hand the set-up's command deals with another number of cards than its event."""
    for seat, (ours, theirs) in enumerate(zip(command.hands, event.hands, strict=True)):
        if len(ours) != len(theirs):
            return FormError(
                index,
                f"events[0].hands[{seat}]",
                "R-2.3",
                f"the command deals {len(ours)} cards to seat {seat} where its event records "
                f"{len(theirs)}",
            )
    return None


@functools.cache
def _may_follow(automatic_decline: bool) -> frozenset[type]:
    """The classes of the events a seat may see after a command's own: plain or redacted.

    Those of :func:`.following.following_kinds`, each as it is or redacted; a decline that an
    engine before 0.2.0 gave by itself shows to another seat as the engine redacts it (a
    choice, its card hidden: R-6.7.2).
    """
    kinds = following_kinds(automatic_decline=automatic_decline)
    seen = set(kinds) | {kind for kind in REDACTED_KINDS if plain_kind_of(kind) in kinds}
    if automatic_decline:
        seen.add(type(redact(None, ReinforcementDeclined(0), 1)))
    return frozenset(seen)


def _shown_error(entry: SeenEntry, index: int, who: str, viewer: int | None) -> FormError | None:
    """A card shown that the viewer cannot see: another seat's hand dealt, or drawn."""
    for position, item in _items(entry):
        if isinstance(item, _STARTS):
            for seat, hand in enumerate(item.hands):
                if seat != viewer and any(card is not None for card in hand):
                    return FormError(
                        index,
                        f"{_where(position)}.hands[{seat}]",
                        _HIDDEN_HANDS,
                        f"it shows {who} a card hidden from them, in seat {seat}'s hand",
                    )
        if isinstance(item, CardDrawn) and item.player != viewer:
            return FormError(
                index,
                f"{_where(position)}.card",
                _HIDDEN_HANDS,
                f"it shows {who} a card hidden from them, drawn by seat {item.player}",
            )
    drawn = entry.events[0] if entry.events else None
    if (
        isinstance(entry.command, DealCard)
        and isinstance(drawn, RedactedCardDrawn)
        and drawn.player != viewer
    ):
        return FormError(
            index,
            "command.card",
            _HIDDEN_HANDS,
            f"it shows {who} a card hidden from them, dealt to seat {drawn.player}",
        )
    return None


def _who(viewer: int | None, names: tuple[str, ...]) -> str:
    if viewer is None:
        return "a spectator"
    return names[viewer] if 0 <= viewer < len(names) else f"seat {viewer}"
