"""Rules of R-1 that the card and tile modules alone do not show."""

from __future__ import annotations

from typing import Any

import pytest

from chicago_poker.core.cards import BUSINESS_TILES, GANGSTER_CARDS, SPECIAL_CARDS, full_deck
from chicago_poker.core.commands import PlayGangster
from chicago_poker.core.decide import decide
from chicago_poker.core.errors import IllegalCommand
from chicago_poker.core.legal import legal_commands
from chicago_poker.formats.notation import parse_position
from scenarios import AL, cards, tiles


@pytest.mark.rule("R-1.8")
def test_a_special_card_is_never_placed_at_a_business() -> None:
    state = parse_position(
        """
        chicago-poker position 1
        player Al hand=9R,Revolver
        player Bugs
        turn seat=0 number=10
        business Brewery#1 - -
        """
    )
    revolver: Any = cards("Revolver")[0]  # deliberately the wrong card type
    with pytest.raises(IllegalCommand) as error:
        decide(state, PlayGangster(AL, revolver, tiles("Brewery#1")[0]))
    assert error.value.rule == "R-1.8"
    placed = [c for c in legal_commands(state) if isinstance(c, PlayGangster)]
    assert [str(c.card) for c in placed] == ["9R"]


@pytest.mark.rule("R-1.9")
def test_the_box_holds_the_cards_and_tiles_the_game_uses() -> None:
    assert len(GANGSTER_CARDS) == 75
    assert len(SPECIAL_CARDS) == 6
    # The 87 cards of the box less the 6 rules summary cards, which never enter play.
    assert len(full_deck()) == 87 - 6
    assert len(BUSINESS_TILES) == 20
