"""Reinforcement learning on a Metro game with the ``[rl]`` extra: REINFORCE in a few lines.

The environment is ``common.rl.make_env("metropolia")``, a PettingZoo AEC environment: every
step the agent to move gets an observation vector and an action mask over the game's fixed
catalogue of actions, and chance (the dice) is settled inside ``step`` from the game's seed.
The learner is a linear softmax policy over the legal actions (a weight vector per action of
the catalogue, dotted with the observation), trained by REINFORCE with a running baseline
against a uniformly random opponent; seats alternate from episode to episode.

Run: ``python examples/rl_reinforce.py [EPISODES]`` (needs ``pip install -e '.[rl]'``). It
prints the learner's win rate against random before and after training, each over the same
evaluation games (seeds 10,000 and up). The test suite runs it with a short budget.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from common.rl import make_env


def features(obs: Any) -> Any:
    """The observation squashed into -1..1 (coins run to dozens), and a constant 1."""
    return np.append(np.tanh(np.asarray(obs) / 10.0), 1.0)


class LinearPolicy:
    """A softmax over the legal actions of ``weights @ observation``."""

    def __init__(self, actions: int, features: int, seed: int = 0) -> None:
        self.weights = np.zeros((actions, features + 1))
        self.rng = np.random.default_rng(seed)

    def probabilities(self, obs: Any, mask: Any) -> Any:
        """The chance of each action of the catalogue (0 where the mask forbids it)."""
        x = features(obs)
        logits = self.weights @ x
        logits = np.where(mask == 1, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, obs: Any, mask: Any) -> int:
        """An action drawn from the policy."""
        p = self.probabilities(obs, mask)
        return int(self.rng.choice(len(p), p=p))

    def gradient(self, obs: Any, mask: Any, action: int) -> Any:
        """The gradient of ``log p(action)`` with respect to the weights."""
        x = features(obs)
        p = self.probabilities(obs, mask)
        grad = -np.outer(p, x)
        grad[action] += x
        return grad


def episode(
    env: Any, policy: LinearPolicy, seed: int, seat: int, learn: bool
) -> tuple[float, list[Any]]:
    """Play one game; the learner's reward and the gradients of its own decisions."""
    env.reset(seed=seed)
    me = env.possible_agents[seat]
    other = np.random.default_rng(seed + 1)
    grads = []
    won = 0.0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if agent == me:
            won += reward  # the reward since the learner's last move: its share of the win
        if terminated or truncated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        if agent == me:
            action = policy.act(obs["observation"], mask)
            if learn:
                grads.append(policy.gradient(obs["observation"], mask, action))
        else:
            action = int(other.choice(np.flatnonzero(mask)))
        env.step(action)
    return won, grads


def win_rate(env: Any, policy: LinearPolicy, games: int) -> float:
    """The policy's wins against random over ``games`` fixed evaluation games."""
    policy.rng = np.random.default_rng(10_000)  # the same draws before and after training
    wins = sum(episode(env, policy, 10_000 + i, i % 2, learn=False)[0] for i in range(games))
    return wins / games


def train(episodes: int = 400, evaluation: int = 100, lr: float = 0.05) -> dict[str, float]:
    """Train against random; the win rates before and after and the last mean reward."""
    env = make_env("metropolia", players=2)
    env.reset(seed=0)
    first = env.possible_agents[0]
    features = env.observation_space(first)["observation"].shape[0]
    actions = env.action_space(first).n
    policy = LinearPolicy(actions, features)
    before = win_rate(env, policy, evaluation)
    baseline = 0.5
    recent: list[float] = []
    for i in range(episodes):
        reward, grads = episode(env, policy, i, i % 2, learn=True)
        advantage = reward - baseline
        baseline += 0.05 * (reward - baseline)
        for g in grads:
            policy.weights += lr * advantage * g
        recent = [*recent[-99:], reward]
    after = win_rate(env, policy, evaluation)
    return {"before": before, "after": after, "recent_reward": sum(recent) / max(1, len(recent))}


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    result = train(n)
    print(
        f"the policy against random: {result['before']:.0%} of 100 games before training, "
        f"{result['after']:.0%} after {n} episodes (last 100 episodes' mean reward "
        f"{result['recent_reward']:.2f})"
    )
