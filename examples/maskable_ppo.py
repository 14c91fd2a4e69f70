"""SB3-contrib's MaskablePPO on a Metro game, with no glue: ``common.rl.make_gym_env``.

The environment is one seat of the game against bots (here the game's ``random``), a
Gymnasium env whose ``action_masks()`` MaskablePPO reads by itself; the observation is the
game's own vector (``Game.observation``) and the reward the learner's share of the win.

Run: ``python examples/maskable_ppo.py [GAME] [TIMESTEPS] [GAMES]`` (needs the ``[rl]``
extra and ``pip install sb3-contrib``): Metropolia, 20,000 steps of training, then the
learner's win rate over 100 games against the same opponent, before and after.
"""

from __future__ import annotations

import sys
from typing import Any

from sb3_contrib import MaskablePPO

from common.rl import make_gym_env


def win_rate(model: Any, env: Any, games: int, seed: int = 10_000) -> float:
    """The learner's share of the wins over ``games`` games (seeds ``seed`` and up)."""
    won = 0.0
    for k in range(games):
        obs, _ = env.reset(seed=seed + k)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, done, _, _ = env.step(action)
        won += reward
    return won / games


def main(
    game: str = "metropolia", timesteps: int = 20_000, games: int = 100
) -> tuple[float, float]:
    """Train MaskablePPO for ``timesteps`` steps; its win rate before and after."""
    env = make_gym_env(game, opponents=["random"])
    model = MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=64, seed=1, verbose=0)
    before = win_rate(model, make_gym_env(game, opponents=["random"]), games)
    model.learn(total_timesteps=timesteps)
    after = win_rate(model, make_gym_env(game, opponents=["random"]), games)
    return before, after


if __name__ == "__main__":
    args = sys.argv[1:]
    name = args[0] if args else "metropolia"
    steps = int(args[1]) if len(args) > 1 else 20_000
    n = int(args[2]) if len(args) > 2 else 100
    was, now = main(name, steps, n)
    print(f"MaskablePPO against random in {name}: {was:.0%} before, {now:.0%} after {steps} steps")
