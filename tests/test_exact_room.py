"""The test of the exact search made without search: room for every face-down play.

Before the search places a seat's unrevealed face-down plays among the slots of its hand
(:func:`~chicago_poker.referee.exact.search`), it asks whether each play and each card that
must be dealt but is no free gangster card can have a slot of its own
(``exact._room``, one bipartite matching). Every answer gives such slots, so where there are
none the facts have no identities: the forgeries that made a seat play more cards than its
hand could have held were left undecided by the bounded search before.

Checked here: those forgeries are refused at their line with the engine's rule; over every
single-line edit of legal logs, no facts the check refuses have identities by the search; and
every seat's log of random legal games passes it at every entry.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chicago_poker.core.rules import RuleOptions
from chicago_poker.formats.entries import load_redacted_entry
from chicago_poker.formats.log import redact_entries
from chicago_poker.referee import assignment, exact
from chicago_poker.referee.information import InformationSet
from chicago_poker.referee.ledger import Facts, Need, Token
from chicago_poker.referee.validate import Status, validate_log
from log_edits import sample_log, single_edits
from random_games import by_kind, random_game

Check = Callable[[exact._Matching, list[list[int]]], bool]
"""The check's signature."""

OPTIONS = st.builds(RuleOptions, *(st.booleans() for _ in range(5)))


def bindings(facts: Facts) -> Iterator[tuple[list[Need], list[Token]]]:
    """For each order of the Limousine moves that fits: the needs, and the plays to place."""
    for orders in itertools.islice(assignment._orders(facts), assignment.MAX_ORDERS):
        bound = assignment._bindings(facts, orders)
        if isinstance(bound, assignment.Infeasible):
            continue
        needs, token_cards = bound
        plays = [token for token in facts.tokens if token not in token_cards]
        yield needs, sorted(plays, key=lambda token: token.seq)


def room(facts: Facts, needs: list[Need], plays: list[Token], check: Check | None = None) -> bool:
    """The check (``check``, by default ``exact._room``), as the search makes it."""
    slots = list(facts.slots)
    matching = exact._Matching(slots, exact._journeys(facts, needs))
    return (check or exact._room)(matching, exact._windows(slots, plays))


def known_of(lines: list[str], viewer: int | None) -> InformationSet:
    known = InformationSet(viewer)
    for line in lines[1:]:
        known.extend(load_redacted_entry(line))
    return known


# --------------------------------------------------------------- the forgeries it decides


@pytest.mark.parametrize(
    ("seed", "index", "max_lines", "kind", "line", "found", "rule"),
    [
        # Al's hidden play written twice: a third in the turn, from a hand with no card left.
        (248, 10, 120, "duplicate", 20, 21, "R-3.10"),
        # Al's Police Raid #2 deleted: Capone cannot have taken #2 back with his Bribery.
        (300, 6, 200, "delete", 50, 65, "R-5.3"),
        # Al's hidden play written twice: the card he is then seen to play has no slot.
        (348, 17, 120, "duplicate", 97, 99, "R-3.10"),
    ],
)
def test_a_seat_that_played_more_cards_than_it_held_is_refused_at_its_line(
    seed: int, index: int, max_lines: int, kind: str, line: int, found: int, rule: str
) -> None:
    """Three edits of ``bench_edits.py``'s logs that the bounded search left undecided."""
    _, players, lines = sample_log(seed, index, max_lines)
    forged = next(
        edited for k, at, edited in single_edits(lines, players) if (k, at) == (kind, line)
    )
    report = validate_log(forged, "forged")
    assert report.status is Status.ILLEGAL, report.findings
    assert (report.findings[0].line, report.findings[0].rule) == (found, rule)


def test_a_hidden_play_no_hand_could_make_is_said_so_without_the_fillers_card() -> None:
    _, players, lines = sample_log(248, 10, 120)
    forged = next(
        edited for k, at, edited in single_edits(lines, players) if (k, at) == ("duplicate", 20)
    )
    reason = validate_log(forged, "forged").findings[0].reason
    assert "Al could hold no gangster card to play unseen here" in reason, reason


# --------------------------------------------------------------- sound: never facts with identities


@pytest.mark.parametrize(("seed", "index", "max_lines"), [(248, 10, 120), (300, 6, 200)])
def test_over_every_single_line_edit_the_check_refuses_only_facts_the_search_cannot_place(
    seed: int, index: int, max_lines: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every kind of single-line edit of a log of ``bench_edits.py`` is tried.

    The facts of each edited log are asked: where the check finds no room, the exact search
    without it finds no identities either, wherever it settles the question within a large
    bound (it does for every such edit of these two logs); the check does refuse some edits
    (duplicates, deletions, swaps).
    """
    check = exact._room
    monkeypatch.setattr(exact, "_room", lambda matching, windows: True)
    label, players, lines = sample_log(seed, index, max_lines)
    viewer = None if label.endswith("spectator") else int(label.rsplit(" ", 1)[1])
    kinds: set[str] = set()
    refused = 0
    for kind, _, forged in single_edits(lines, players):
        kinds.add(kind)
        try:
            known = known_of(forged, viewer)
        except ValueError:
            continue  # unreadable: the referee never gets to the facts
        if known.refused is not None:
            continue  # refused for its form
        facts = known.ledger.facts(len(known.entries))
        for needs, plays in bindings(facts):
            if not room(facts, needs, plays, check):
                refused += 1
                assert exact.search(facts, needs, plays, None, (), [200_000]) is None, kind
    assert kinds == {"duplicate", "delete", "swap", "seat", "card", "count"}
    assert refused >= 20


# --------------------------------------------------------------- honest logs pass it


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    options=OPTIONS,
    commands=st.integers(1, 200),
)
def test_every_seats_log_of_a_legal_game_leaves_room_for_its_plays_at_every_entry(
    seed: int, players: int, options: RuleOptions, commands: int
) -> None:
    game = random_game(players, options, seed=seed, commands=commands, policy=by_kind)
    for viewer in [*range(players), None]:
        known = InformationSet.of(redact_entries(game.history, viewer), viewer)
        for entries in range(1, len(known.entries) + 1):
            facts = known.ledger.facts(entries)
            assert any(room(facts, needs, plays) for needs, plays in bindings(facts)), (
                viewer,
                entries,
            )
