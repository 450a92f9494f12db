"""The Gymnasium environment passes Gymnasium's checker, reproduces its seeds, and forfeits."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip(
    "gymnasium", reason='the ai layer needs its extra: pip install ".[ai]"'
)

from gymnasium.utils.env_checker import check_env  # noqa: E402

from chicago_poker import view  # noqa: E402
from chicago_poker.ai.gymnasium_env import ENV_ID, ChicagoPokerGymEnv  # noqa: E402
from chicago_poker.ai.observation import encode  # noqa: E402


@pytest.mark.parametrize(
    ("players", "opponents", "seat"), [(2, "random", 0), (3, "heuristic", 2), (6, "random", 3)]
)
def test_check_env(players: int, opponents: str, seat: int) -> None:
    made = gymnasium.make(ENV_ID, players=players, opponents=opponents, seat=seat)
    check_env(made.unwrapped)


def play(env: ChicagoPokerGymEnv, seed: int) -> list[Any]:
    """A whole episode with the first id of each mask: what it observed and was given."""
    observation, _ = env.reset(seed=seed)
    trace: list[Any] = [observation["observation"].tolist()]
    done = False
    while not done:
        action = int(observation["action_mask"].nonzero()[0][0])
        observation, reward, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
        trace.append((action, reward, observation["observation"].tolist()))
    return trace


def test_a_seed_gives_the_same_game_bots_included() -> None:
    env = ChicagoPokerGymEnv(players=3, opponents=["heuristic", "random"])
    first = play(env, 11)
    assert play(ChicagoPokerGymEnv(players=3, opponents=["heuristic", "random"]), 11) == first
    assert play(env, 12) != first


def test_the_learner_observes_its_view_and_the_game_ends_with_its_reward() -> None:
    env = ChicagoPokerGymEnv(players=4, seat=1)
    observation, _ = env.reset(seed=4)
    reward, terminated, truncated = 0.0, False, False
    while not (terminated or truncated):
        state = env.game.state
        assert np.array_equal(observation["observation"], encode(view(state, 1)))
        mask = observation["action_mask"]
        action = int(mask.nonzero()[0][-1])
        observation, reward, terminated, truncated, _ = env.step(action)
    assert terminated
    assert env.game.state.is_over
    winner = env.game.state.winner
    assert reward == (0.0 if winner is None else 1.0 if winner == 1 else -1 / 3)
    assert not observation["action_mask"].any()


def test_an_illegal_action_forfeits_or_raises() -> None:
    env = ChicagoPokerGymEnv()
    observation, _ = env.reset(seed=1)
    illegal = int((observation["action_mask"] == 0).nonzero()[0][0])
    before = env.game.state
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info) == (-1.0, True, False, {"illegal_action": True})
    assert env.game.state is before
    with pytest.raises(RuntimeError, match="reset"):
        env.step(illegal)
    strict = ChicagoPokerGymEnv(illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="not in the action mask"):
        strict.step(illegal)


def test_max_commands_truncates() -> None:
    env = ChicagoPokerGymEnv(max_commands=5)
    observation, _ = env.reset(seed=2)
    truncated, steps = False, 0
    while not truncated:
        action = int(observation["action_mask"].nonzero()[0][0])
        observation, reward, terminated, truncated, _ = env.step(action)
        steps += 1
        assert not terminated
        assert reward == 0.0
    assert steps <= 5


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"players": 7}, "2 to 6"),
        ({"seat": 2}, "seat"),
        ({"opponents": "shark"}, "unknown bots"),
        ({"players": 3, "opponents": ["random"]}, "one bot for each"),
        ({"illegal": "ignore"}, "illegal"),
    ],
)
def test_bad_arguments_are_refused(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ChicagoPokerGymEnv(**arguments)


def vector_trace(vector: Any, seed: int, steps: int) -> tuple[list[Any], int]:
    """``steps`` steps of the first id of each mask: observations, rewards, and how many ended."""
    observation, _ = vector.reset(seed=seed)
    trace: list[Any] = [observation["observation"].tobytes()]
    ended = 0
    for _ in range(steps):
        # an ended copy's mask is all 0; the next step resets it and ignores its action
        actions = np.array([int(mask.argmax()) for mask in observation["action_mask"]])
        observation, reward, terminated, truncated, _ = vector.step(actions)
        ended += int((terminated | truncated).sum())
        trace.append((observation["observation"].tobytes(), reward.tolist()))
    return trace, ended


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_vector_environments_step_autoreset_and_seed_each_copy(kind: str) -> None:
    """``reset(seed=s)`` seeds copy i with ``s + i``: the same seed, the same trajectories."""
    make = [
        lambda: gymnasium.make(ENV_ID, players=3, opponents="random", max_commands=20)
        for _ in range(3)
    ]
    vector_class = {
        "sync": gymnasium.vector.SyncVectorEnv,
        "async": gymnasium.vector.AsyncVectorEnv,
    }
    vector = vector_class[kind](make)
    try:
        trace, ended = vector_trace(vector, 7, 40)
        again, _ = vector_trace(vector, 7, 40)
        other, _ = vector_trace(vector, 8, 40)
    finally:
        vector.close()
    assert trace == again
    assert trace != other
    assert ended >= 3  # every copy truncated at least once and was reset on its own
    alone = gymnasium.make(ENV_ID, players=3, opponents="random", max_commands=20)
    first, _ = alone.reset(seed=7 + 1)
    assert (
        first["observation"].tobytes()
        == np.frombuffer(trace[0], np.float32).reshape(3, -1)[1].tobytes()
    )
