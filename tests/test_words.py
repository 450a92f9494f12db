"""The one narrator: a sentence for every command and event, and never a hidden card in it."""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import chicago_poker
from chicago_poker import (
    GANGSTER_CARDS,
    ArgumentTypeError,
    DrawCard,
    Game,
    GameState,
    InvalidArgumentError,
    InvalidSeatError,
    PlayerView,
    RuleOptions,
    apply,
    describe,
    parse_card,
    parse_tile,
    redact,
    redact_command,
    view,
)
from chicago_poker.core.cards import GangsterCard, lands_face_down
from chicago_poker.core.commands import Command, PlayGangster, PlayLiquidation
from chicago_poker.core.events import Event, GangsterPlayed, TurnStarted
from chicago_poker.core.redacted_commands import RedactedCommand
from chicago_poker.core.redacted_events import RedactedEvent, RedactedGangsterPlayed
from chicago_poker.display import words
from chicago_poker.display.words import Describable, needs_view
from scenarios import NAMES

SPEAKEASY = parse_tile("Speakeasy#1")


def random_game(seed: int, players: int, options: RuleOptions) -> Game:
    """A whole game of random legal commands."""
    policy = random.Random(seed)
    game = Game.new(NAMES[:players], options, seed=seed)
    while not game.state.is_over:
        game.execute(policy.choice(game.legal_commands()))
    return game


def steps(game: Game) -> Iterator[tuple[GameState | None, Command | Event, GameState]]:
    """Each command and each event, with the state before it and the state after it."""
    state: GameState | None = None
    for entry in game.history:
        before = state
        for event in entry.events:
            after = apply(state, event)
            yield state, event, after
            state = after
        assert state is not None
        yield before, entry.command, state


def shown_cards(mine: PlayerView) -> set[str]:
    """Every gangster card a view shows: the hand, the discard pile and the known slots."""
    cards = set(mine.hand or ()) | set(mine.discard_pile)
    for business in mine.businesses:
        for column in business.columns:
            cards |= {slot.card for slot in column.slots if slot.card is not None}
    return {str(card) for card in cards}


def named_cards(text: str) -> set[str]:
    """The gangster cards a sentence names, such as ``9R``."""
    return {
        str(card)
        for card in GANGSTER_CARDS
        if re.search(rf"(?<![\w#]){re.escape(str(card))}(?!\w)", text)
    }


games = st.tuples(
    st.integers(0, 10_000),
    st.integers(2, 6),
    st.builds(
        RuleOptions,
        tactical=st.booleans(),
        short_game=st.just(True),
        limousine_any_cards=st.booleans(),
    ),
)


def seen(before: GameState | None, item: Command | Event, seat: int | None) -> Describable:
    """The item as ``seat`` may see it."""
    if isinstance(item, get_args(Command)):
        return redact_command(before, item, seat)
    return redact(before, item, seat)  # type: ignore[arg-type]  # not a command: an event


@pytest.mark.rule("R-2.4", "R-4.3", "R-4.4", "R-5.3", "R-5.6.1", "R-6.7.2")
@settings(max_examples=5, deadline=None)
@given(game=games)
def test_every_item_has_a_sentence_that_names_only_cards_the_seat_may_know(
    game: tuple[int, int, RuleOptions],
) -> None:
    """Full or redacted, for any seat or none, describe gives a sentence and never raises;
    every card in a seat's sentence of a redacted item is one its view shows before or after."""
    played = random_game(*game)
    names = NAMES[: game[1]]
    for before, item, after in steps(played):
        for seat in [None, *range(game[1])]:
            mine = None if before is None else view(before, seat)
            known = shown_cards(view(after, seat)) | (set() if mine is None else shown_cards(mine))
            redacted = seen(before, item, seat)
            text = describe(redacted, names, viewer=seat, before=mine)
            assert named_cards(text) <= known, (item, seat, text)
            for told in (item, redacted):
                text = describe(told, names, viewer=seat, before=mine)
                assert text.strip(), told
                assert text[-1] in ".!", (told, text)


@pytest.mark.rule("R-2.4", "R-4.2", "R-4.3", "R-4.4", "R-5.3", "R-5.6.1", "R-6.7.2")
@settings(max_examples=5, deadline=None)
@given(game=games)
def test_a_seat_is_told_the_same_whether_or_not_the_item_was_redacted_first(
    game: tuple[int, int, RuleOptions],
) -> None:
    """Words cannot leak: told to a seat, a full item and the item redacted for that seat give
    the same sentence, with the seat's view before or without it; without it, the sentence
    names only cards the seat's views show."""
    played = random_game(*game)
    names = NAMES[: game[1]]
    for before, item, after in steps(played):
        for seat in range(game[1]):
            mine = None if before is None else view(before, seat)
            redacted = seen(before, item, seat)
            told = describe(item, names, viewer=seat, before=mine)
            assert told == describe(redacted, names, viewer=seat, before=mine), (item, seat)
            known = shown_cards(view(after, seat)) | (set() if mine is None else shown_cards(mine))
            blind = describe(item, names, viewer=seat)
            assert named_cards(blind) <= known, (item, seat, blind)
            if mine is not None and not needs_view(redacted, seat):  # the view adds no card
                told_blind = describe(redacted, names, viewer=seat)
                assert named_cards(told_blind) == named_cards(told), (item, seat)


def test_a_sentence_for_each_seat() -> None:
    """The example of the issue: who plays what, where, and how it lies."""
    card = parse_card("9R")
    assert isinstance(card, GangsterCard)
    played = GangsterPlayed(0, card, SPEAKEASY)
    hidden = RedactedGangsterPlayed(0, None, SPEAKEASY)
    assert describe(played, ["Al", "Bugs"]) == "Al plays 9R at Speakeasy #1."
    assert describe(played, ["Al", "Bugs"], viewer=0) == "You play 9R at Speakeasy #1."
    assert describe(hidden, ["Al", "Bugs"]) == "Al plays a card face down at Speakeasy #1."
    assert describe(DrawCard(1), ["Al", "Bugs"], viewer=1) == "Draw a card."
    assert describe(DrawCard(1), ["Al", "Bugs"], viewer=0) == "Bugs draws a card."
    assert (
        describe(TurnStarted(1, 4, 3), ["Al", "Bugs"], viewer=1) == "Turn 5: your turn, 3 actions."
    )


def test_the_view_before_says_how_a_card_lands_and_what_is_at_stake() -> None:
    game = Game.new(["Al", "Bugs"], seed=2004)
    mine = view(game.state, 0)
    tile = mine.businesses[0].tile
    card = next(card for card in sorted(mine.hand or (), key=str) if isinstance(card, GangsterCard))
    text = describe(PlayGangster(0, card, tile), ["Al", "Bugs"], viewer=0, before=mine)
    face = "face down" if lands_face_down(tile, 0) else "face up"
    assert text == f"Play {card} at {tile.name}, {face}."
    liquidation = describe(PlayLiquidation(0, tile, 1), ["Al", "Bugs"], viewer=0, before=mine)
    assert liquidation == f"Play Liquidation at {tile.name}: discard Bugs's last card."


@pytest.mark.parametrize(
    ("item", "names", "viewer", "error", "message"),
    [
        ("DrawCard", ["Al"], None, ArgumentTypeError, "not a command or an event: 'DrawCard'"),
        (DrawCard(3), ["Al", "Bugs"], None, InvalidArgumentError, "seat 3 has no name"),
        (DrawCard(0), ["Al", "Bugs"], 2, InvalidSeatError, "2"),
    ],
)
def test_bad_input_gets_a_clear_error(
    item: object, names: list[str], viewer: int | None, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=re.escape(message)):
        describe(item, names, viewer=viewer)  # type: ignore[arg-type]


def test_the_narrator_is_pure_and_public() -> None:
    """It imports only the core (like the core, it can run anywhere), and the root exports it."""
    tree = ast.parse(Path(words.__file__).read_text(encoding="utf-8"))
    imported = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module is not None
    } | {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    outside = {
        module
        for module in imported
        if module.startswith("chicago_poker") and not module.startswith("chicago_poker.core")
    }
    assert not outside
    assert imported - {m for m in imported if m.startswith("chicago_poker")} <= {
        "__future__",
        "collections.abc",
        "typing",
        "attrs",
    }
    assert chicago_poker.describe is words.describe
    assert "describe" in chicago_poker.__all__


def test_every_kind_of_command_and_event_has_its_narrator() -> None:
    """The narrators are found by the item's class: none may be missing, whatever games play."""
    describable = {*get_args(Command), *get_args(Event)}
    describable |= {*get_args(RedactedCommand), *get_args(RedactedEvent)}
    assert set(words._NARRATORS) == describable
