"""The linear policy's bot plays from its weights file, and the four-player example trains it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason='the ai layer needs its extra: pip install ".[ai]"')
pytest.importorskip("gymnasium", reason='the ai layer needs its extra: pip install ".[ai]"')

import gymnasium  # noqa: E402

from chicago_poker import Bot, GameState, HeuristicBot, legal_commands, view  # noqa: E402
from chicago_poker.ai.actions import ids_of  # noqa: E402
from chicago_poker.ai.gymnasium_env import ENV_ID  # noqa: E402
from chicago_poker.ai.linear_policy import (  # noqa: E402
    FEATURES,
    Choice,
    LinearPolicyBot,
    TrainedBot,
    load_weights,
    play_episode,
    save_weights,
)
from chicago_poker.cli import main  # noqa: E402
from chicago_poker.players.game import Game  # noqa: E402
from scripts import load_script  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def play(bots: list[Bot], seed: int) -> Game:
    game = Game.new(["Al", "Bugs", "Capone", "Dion"], seed=seed)
    while not game.state.is_over:
        seat = next(s for s in range(4) if game.legal_commands(s))
        legal = game.legal_commands(seat)
        command = bots[seat].choose(view(game.state, seat), legal)
        assert command in legal
        game.execute(command)
    return game


def test_the_trained_bot_plays_whole_games_the_same_way_for_a_seed() -> None:
    first = play([TrainedBot(1), HeuristicBot(2), HeuristicBot(3), HeuristicBot(4)], seed=5)
    again = play([TrainedBot(1), HeuristicBot(2), HeuristicBot(3), HeuristicBot(4)], seed=5)
    assert first.history == again.history
    assert first.state.is_over


def test_the_shipped_weights_are_small_and_name_every_feature() -> None:
    path = TrainedBot.weights_file
    assert path is not None
    assert path.stat().st_size < 10_000
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(data["weights"]) == list(FEATURES)
    assert data["trained_by"] == "examples/train_four.py"
    assert np.abs(load_weights(path)).sum() > 1  # trained, not the uniform policy


def test_weights_of_other_features_or_no_weights_are_refused(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"weights": {"a feature of old": 1.0}}), encoding="utf-8")
    with pytest.raises(ValueError, match=r"wrong\.json holds no weights.*features"):
        load_weights(wrong)
    with pytest.raises(ValueError, match="holds no weights"):
        load_weights(tmp_path / "missing.json")
    with pytest.raises(ValueError, match="needs a weights file"):
        LinearPolicyBot(1)


def test_saved_weights_load_back(tmp_path: Path) -> None:
    weights = np.linspace(-1, 1, len(FEATURES))
    save_weights(tmp_path / "w.json", weights, note="a test")
    assert np.allclose(load_weights(tmp_path / "w.json"), weights)
    bot = LinearPolicyBot(3, tmp_path / "w.json", sample=True)
    assert play([bot, HeuristicBot(2), HeuristicBot(3), HeuristicBot(4)], seed=8).state.is_over


class Recorded(gymnasium.Wrapper[Any, Any, Any, Any]):
    """The environment, keeping each state the learner acted in and the action it gave."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self.acted: list[tuple[GameState, int]] = []

    def step(self, action: Any) -> Any:
        game = self.env.unwrapped.game  # type: ignore[attr-defined]  # ChicagoPokerGymEnv
        self.acted.append((game.state, int(action)))
        return self.env.step(action)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_an_episode_of_most_likely_actions_plays_as_the_bot_of_the_same_weights(
    players: int,
) -> None:
    """``play_episode`` without a generator is the policy ``LinearPolicyBot`` plays."""
    env = Recorded(gymnasium.make(ENV_ID, players=players, opponents="heuristic", seat=1))
    reward = play_episode(env, load_weights(TrainedBot.weights_file), seed=players)
    bot, chosen = TrainedBot(0), 0
    for state, action in env.acted:
        legal = legal_commands(state, 1)
        if len(set(ids_of(state, legal))) > 1:
            command = bot.choose(view(state, 1), legal)
            assert ids_of(state, [command]) == [action]
            chosen += 1
    assert chosen > 10
    assert reward in (1.0, -1.0 / (players - 1), 0.0)


def test_an_episode_drawn_from_the_policy_keeps_its_choices_and_repeats_for_a_seed() -> None:
    env = gymnasium.make(ENV_ID, players=4, opponents="heuristic")
    weights = load_weights(TrainedBot.weights_file)
    runs: list[tuple[float, list[int]]] = []
    for _ in range(2):
        choices: list[Choice] = []
        reward = play_episode(env, weights, 7, np.random.default_rng(3), choices)
        runs.append((reward, [row for _, _, row in choices]))
        for rows, chances, row in choices:
            assert len(rows) == len(chances) > 1
            assert 0 <= row < len(rows)
            assert chances.sum() == pytest.approx(1)
    assert runs[0] == runs[1]
    assert len(runs[0][1]) > 10


def test_the_example_writes_the_same_weights_for_the_same_arguments(tmp_path: Path) -> None:
    example = load_script(ROOT / "examples" / "train_four.py")
    tiny = ["--imitation", "2", "--epochs", "2", "--games", "4"]
    assert example.main([*tiny, "--out", str(tmp_path / "a.json")]) == 0
    assert example.main([*tiny, "--out", str(tmp_path / "b.json")]) == 0
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
    assert np.abs(load_weights(tmp_path / "a.json")).sum() > 0


def test_match_seats_the_trained_bot_by_its_class(capsys: pytest.CaptureFixture[str]) -> None:
    bots = ["chicago_poker.ai.linear_policy:TrainedBot", "heuristic"]
    assert main(["match", *bots, "--games", "2", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert "chicago_poker.ai.linear_policy:TrainedBot" in json.dumps(report)
