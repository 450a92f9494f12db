"""Over the network, every seat and spectator learns only what its seat may know.

Whole games are played over WebSockets with a connection for every seat and one for the
spectators; every message each receives is kept, with the game's event count it was sent
at. Then each message is checked with the machinery of the views test (tests/test_views.py):

- it is exactly what the library gives that viewer: the redacted event (``redact``), the
  view (``view``), the seat's own legal commands, the engine's rejection;
- no card in it is one the viewer may not know (``known_cards``);
- it is unchanged when the cards hidden from the viewer are shuffled among their places
  (``permute_hidden``): so no hidden card, count or choice can be read from it, however
  it is encoded;
- its picture rings only events the viewer was sent (``lastmove``), in either layout.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason='the web table needs its extra: pip install ".[web]"')

from starlette.testclient import TestClient

from chicago_poker.core.apply import apply
from chicago_poker.core.cards import GangsterCard
from chicago_poker.core.decide import decide
from chicago_poker.core.errors import IllegalCommand
from chicago_poker.core.legal import legal_commands
from chicago_poker.core.redacted_events import redact
from chicago_poker.core.state import GameState
from chicago_poker.core.views import view
from chicago_poker.display.words import needs_view
from chicago_poker.formats.jsonio import (
    command_from_json,
    seen_event_from_json,
    to_json,
    view_from_json,
)
from chicago_poker.web.app import create_app
from chicago_poker.web.render import command_words, event_words, table_svg
from chicago_poker.web.tables import Table, Tables
from test_views import cards_in, known_cards, permute_hidden
from test_web import Message, caught_up, connect, make_table, receive_until, send_command

Received = list[tuple[Message, Any]]
"""Each message a connection received, with what was sent to cause it (None: nothing)."""

NAMES = ["Al", "Bugs", "Capone", "Dutch"]
LAYOUTS: dict[int | None, str] = {0: "narrow", 1: "compact"}
"""The viewers whose connection asks for the picture drawn for a phone; the others, wide."""


def play_over_the_network(
    client: TestClient, table: Table, rng: random.Random
) -> dict[int | None, Received]:
    """Play ``table`` to its end with a connection per seat and one spectator.

    Each turn, a random seat that has commands sends a random legal one, or now and then
    a random command of its own that may well be illegal, such as playing another seat's
    card. Returns every message of every connection.
    """
    viewers: list[int | None] = [None, *range(len(table.names))]
    received: dict[int | None, Received] = {viewer: [] for viewer in viewers}
    legal: dict[int | None, list[Any]] = {}
    with _connections(client, table, viewers) as sockets:
        for viewer in viewers:
            _catch_up(table, viewer, sockets[viewer], received[viewer], None, legal)
        while not table.game.state.is_over:
            seat = rng.choice([seat for seat in viewers if legal.get(seat)])
            sent = _a_command(table, seat, legal[seat], rng)
            send_command(sockets[seat], sent)
            first = sockets[seat].receive_json()
            received[seat].append((first, sent))
            if first["type"] == "rejected":
                continue
            assert first["type"] == "events", first
            _catch_up(table, seat, sockets[seat], received[seat], sent, legal)
            for viewer in viewers:
                if viewer != seat:
                    _catch_up(table, viewer, sockets[viewer], received[viewer], None, legal)
    return received


class _connections:  # noqa: N801 - used as a context manager, like a function
    def __init__(self, client: TestClient, table: Table, viewers: list[int | None]) -> None:
        self.managers = {
            viewer: connect(client, table, viewer, LAYOUTS.get(viewer, "wide"))
            for viewer in viewers
        }

    def __enter__(self) -> dict[int | None, Any]:
        return {viewer: manager.__enter__() for viewer, manager in self.managers.items()}

    def __exit__(self, *exc: object) -> None:
        for manager in self.managers.values():
            manager.__exit__(None, None, None)


def _catch_up(
    table: Table,
    viewer: int | None,
    ws: Any,
    into: Received,
    sent: object,
    legal: dict[int | None, list[Any]],
) -> None:
    for message in receive_until(ws, caught_up(table, viewer)):
        into.append((message, sent))
        if message["type"] == "legal":
            legal[viewer] = message["commands"]


def _a_command(table: Table, seat: int | None, legal: list[Any], rng: random.Random) -> Any:
    """One of the seat's legal commands, or one in ten times a guess that may be illegal."""
    if rng.random() >= 0.1:
        return rng.choice(legal)
    pile = table.game.state.draw_pile
    card = rng.choice(sorted(str(card) for card in pile if isinstance(card, GangsterCard)))
    business = rng.choice([b.tile for b in table.game.state.businesses])
    return {"type": "PlayGangster", "player": seat, "card": card, "business": str(business)}


class Checker:
    """Checks the messages of a finished table against the game's own history."""

    def __init__(self, table: Table, rng: random.Random) -> None:
        self.names = list(table.names)
        self.events = table.game.events
        self.rng = rng
        # The state after each number of events; the one "after 0 events" is unused.
        self.states: list[Any] = [None]
        for event in self.events:
            self.states.append(apply(self.states[-1], event))

    def shuffled(self, state: GameState, seat: int | None) -> Iterator[GameState]:
        """Two states that differ from ``state`` only in the cards hidden from ``seat``."""
        for _ in range(2):
            swaps = [(self.rng.randrange(500), self.rng.randrange(500)) for _ in range(30)]
            yield permute_hidden(state, seat, swaps)

    def check_all(self, received: dict[int | None, Received]) -> int:
        """Check every message; return how many were checked."""
        checked = 0
        for viewer, messages in received.items():
            at = 0  # the event count of the viewer's latest update
            stream: list[Any] = []  # the events the viewer was sent
            for message, sent in messages:
                kind = message["type"]
                if kind == "events":
                    self.check_events(message, viewer)
                    stream[message["first"] :] = message["events"]
                    at = message["first"] + len(message["events"])
                elif kind in ("view", "legal"):
                    assert message["events"] == at
                    self.check_state(message, viewer, self.states[at], stream)
                elif kind == "rejected":
                    self.check_rejection(message, viewer, sent, self.states[at])
                else:
                    assert (kind, message["seat"]) == ("welcome", viewer)
                checked += 1
        return checked

    def check_events(self, message: Message, viewer: int | None) -> None:
        """Each event redacted by the library, with only cards the viewer may know."""
        for offset, data in enumerate(message["events"]):
            index = message["first"] + offset
            before = self.states[index]
            assert data == to_json(redact(before, self.events[index], viewer))
            seen = seen_event_from_json(data)
            known = known_cards(self.states[index + 1], viewer)
            if before is not None:
                known |= known_cards(before, viewer)
            assert set(cards_in(seen)) <= known
            mine = view(before, viewer) if before is not None and needs_view(seen, viewer) else None
            assert message["words"][offset] == event_words(seen, self.names, viewer, mine)

    def check_state(
        self, message: Message, viewer: int | None, state: GameState, stream: list[Any]
    ) -> None:
        """A view or legal message: what the library gives, equal in every shuffled state.

        The picture rings the last move as the viewer was sent it: events of its own stream.
        """
        if message["type"] == "view":
            assert message["view"] == to_json(view(state, viewer))
            assert set(cards_in(view_from_json(message["view"]))) <= known_cards(state, viewer)
            assert 0 <= message["lastmove"] <= message["events"]
            moved = [seen_event_from_json(data) for data in stream[message["lastmove"] :]]
            layout = LAYOUTS.get(viewer, "wide")
            for other in self.shuffled(state, viewer):
                assert to_json(view(other, viewer)) == message["view"]
                drawn = table_svg(view(other, viewer), self.names, lastmove=moved, layout=layout)
                assert drawn == message["svg"]
            return
        assert viewer is not None
        assert message["commands"] == to_json(legal_commands(state, viewer))
        for other in self.shuffled(state, viewer):
            legal = legal_commands(other, viewer)
            assert to_json(legal) == message["commands"]
            seen = view(other, viewer)
            words = [command_words(command, self.names, viewer, seen) for command in legal]
            assert words == message["words"]

    def check_rejection(
        self, message: Message, viewer: int | None, sent: Any, state: GameState
    ) -> None:
        """The engine's own rejection, word for word the same in every shuffled state."""
        command = command_from_json(sent)
        for other in [state, *self.shuffled(state, viewer)]:
            with pytest.raises(IllegalCommand) as refused:
                decide(other, command)
            assert (refused.value.rule, refused.value.message) == (
                message["rule"],
                message["message"],
            )


@pytest.mark.rule("R-2.4", "R-4.3", "R-4.4", "R-5.3", "R-6.7.2")
@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_no_message_tells_a_seat_what_it_may_not_know(players: int, seed: int) -> None:
    rng = random.Random(seed)
    registry = Tables()
    with TestClient(create_app(registry, messages_per_second=10_000.0)) as client:
        table = make_table(registry, NAMES[:players], [None] * players, seed=seed)
        received = play_over_the_network(client, table, rng)
    assert table.game.state.is_over
    kinds = {message["type"] for messages in received.values() for message, _ in messages}
    assert kinds == {"welcome", "events", "view", "legal", "rejected"}
    assert Checker(table, rng).check_all(received) > 500
