"""The single-agent Gymnasium env (extra [rl]) and MaskablePPO training on it with no glue."""

from __future__ import annotations

import pytest

import common

pytest.importorskip("gymnasium", reason="the [rl] extra is not installed")
np = pytest.importorskip("numpy", reason="the [rl] extra is not installed")

from common.rl import make_gym_env  # noqa: E402

GAMES = sorted(common.games())


@pytest.mark.parametrize("name", GAMES)
def test_observations_fit_the_spaces_and_a_masked_out_action_is_refused(name: str) -> None:
    from common import IllegalAction

    env = make_gym_env(name, opponents=["random"])
    obs, _ = env.reset(seed=2)
    assert env.observation_space.contains(obs) and obs.dtype == np.float32
    assert env.action_space.n == env.unwrapped.game.num_distinct_actions()
    mask = env.action_masks()
    assert mask.dtype == bool and mask.shape == (env.action_space.n,)
    refused = int(np.flatnonzero(~mask)[0])
    before = env.unwrapped.game.to_json()
    with pytest.raises(IllegalAction, match="is not legal"):
        env.step(refused)  # an unmasked policy's mistake is the typed error, the game unchanged
    assert env.unwrapped.game.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_an_episode_masks_the_learners_legal_actions_and_pays_its_share_of_the_win(
    name: str,
) -> None:
    env = make_gym_env(name, opponents=["heuristic"], seat=None)
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(0)
    done, reward, steps = False, 0.0, 0
    while not done:
        game = env.unwrapped.game
        assert game.to_act == env.unwrapped.seat  # the bots played up to the learner's turn
        mask = env.action_masks()
        assert (
            list(np.flatnonzero(mask))
            == game.legal_indices()
            == list(np.flatnonzero(info["action_mask"]))
        )
        assert np.array_equal(obs, list(game.observation(env.unwrapped.seat)))
        obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not truncated
        steps += 1
    game = env.unwrapped.game
    winners = game.result().winners
    assert reward == (1 / len(winners) if env.unwrapped.seat in winners else 0.0)
    assert steps > 0


def test_the_same_seed_gives_the_same_episode() -> None:
    def run() -> list[float]:
        env = make_gym_env("metropolia", opponents=["heuristic", "random"], players=3)
        obs, _ = env.reset(seed=11)
        seen = [float(obs.sum())]
        done = False
        while not done:
            action = int(np.flatnonzero(env.action_masks())[0])
            obs, _, done, _, _ = env.step(action)
            seen.append(float(obs.sum()))
        return seen

    assert run() == run()


def test_bad_seats_and_opponents_are_refused_saying_what_is_allowed() -> None:
    with pytest.raises(ValueError, match="an integer from 0 to 1"):
        make_gym_env("metrocity", seat=2)
    with pytest.raises(ValueError, match="at least one bot"):
        make_gym_env("metrocity", opponents=[])
    with pytest.raises(ValueError, match="no bot 'nobody'"):
        make_gym_env("metrocity", opponents=["nobody"])


def test_maskable_ppo_trains_on_the_env_with_no_glue() -> None:
    pytest.importorskip("sb3_contrib", reason="sb3-contrib (and torch) are not installed")
    from tests.common.test_examples import load_example

    before, after = load_example("maskable_ppo").main("metropolia", timesteps=256, games=4)
    assert 0.0 <= before <= 1.0 and 0.0 <= after <= 1.0
