"""The fixed action table: one id per command, the same meaning in every state."""

from __future__ import annotations

import collections

import pytest

from ai_states import deciders, decision_states
from chicago_poker import (
    DeclineReinforcement,
    PlayLimousine,
    SendReinforcement,
    legal_commands,
    view,
)
from chicago_poker.ai.actions import (
    ACTION_COUNT,
    MOVES,
    action_id,
    command_of,
    commands_by_id,
    describe_action,
    legal_ids,
)

STATES = 10_000
"""Decision states checked: shootouts, reinforcements and Limousines among them."""


def test_the_table_has_its_documented_size() -> None:
    assert ACTION_COUNT == 2_960
    assert len(MOVES) == 5 + 20 + 60 + 120
    assert len({describe_action(action) for action in range(ACTION_COUNT)}) == ACTION_COUNT


def test_over_random_states_the_mask_is_the_legal_commands_and_ids_round_trip() -> None:
    kinds: collections.Counter[str] = collections.Counter()
    players: set[int] = set()
    for number, state in enumerate(decision_states(STATES)):
        players.add(len(state.players))
        for seat in deciders(state):
            legal = legal_commands(state, seat)
            ids = legal_ids(state, seat)
            assert len(ids) == len(set(ids))
            # every legal command has an id, and that id means the command: command -> id -> command
            for command in legal:
                assert command_of(state, seat, action_id(state, command)) == command
                kinds[type(command).__name__] += 1
            # every id of the mask means a legal command, and that command has the id
            decoded = [command_of(state, seat, action) for action in ids]
            assert set(decoded) == set(legal)
            assert [action_id(state, command) for command in decoded] == ids
            # the legal command kept for each id (the environments give it back) is the one
            # the id is read as
            assert commands_by_id(state, legal) == dict(zip(ids, decoded, strict=True))
            # the seat can read its ids from its own view alone
            seen = view(state, seat)
            assert [command_of(seen, seat, action) for action in ids] == decoded
            if number % 200 == 0:  # and no id outside the mask means a legal command
                allowed = set(ids)
                for action in range(ACTION_COUNT):
                    if action in allowed:
                        continue
                    try:
                        command = command_of(state, seat, action)
                    except ValueError:
                        continue
                    assert command not in legal
    assert players == {2, 3, 4, 5, 6}
    for kind in (SendReinforcement, DeclineReinforcement, PlayLimousine):
        assert kinds[kind.__name__] > 50, kinds
    assert len(kinds) == 10, kinds


def test_an_id_that_names_what_the_table_lacks_is_refused() -> None:
    state = next(decision_states(1))
    with pytest.raises(ValueError, match="not an action id"):
        command_of(state, 0, ACTION_COUNT)
    with pytest.raises(ValueError, match="no business in slot 3"):
        command_of(state, 0, 4 + 3)  # PlayGangster at slot 3 of a two-business table


def test_a_limousine_to_or_from_a_business_not_face_up_is_refused_naming_it() -> None:
    state = next(decision_states(1))
    face_up = [business.tile for business in state.businesses]
    hidden = next(tile for tile in state.tile_pile if tile not in face_up)
    for source, destination in ((hidden, face_up[0]), (face_up[0], hidden)):
        command = PlayLimousine(0, source, destination, ())
        with pytest.raises(ValueError, match=f"{hidden} is not a face-up business"):
            action_id(state, command)
        with pytest.raises(ValueError, match=f"{hidden} is not a face-up business"):
            commands_by_id(state, [command])
