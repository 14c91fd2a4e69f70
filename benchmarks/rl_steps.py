"""The cost of observations: building one in a bot's pick loop, and the RL env with and without.

Three figures a game (extra ``[rl]`` for the last two):

- **observation**: microseconds of one ``game.observation(seat)`` at a new position, as a
  bot's ``pick`` asks for it while ``common.play`` drives random games (target: under 20);
- **env, mask only**: steps a second of the PettingZoo env when the agent to move reads its
  action mask alone (``env.action_mask(agent)``), picks a random allowed action and steps;
- **env, observed**: the same loop reading ``env.observe(agent)``, the observation vector and
  the mask (target: at most 2 times the mask-only step's time).

Game i is seeded i; each figure is the best of ``--repeat`` runs.

Run: ``python benchmarks/rl_steps.py [GAME ...] [-n GAMES] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import common
from common import Action, Game

#: the most microseconds one observation may take in the pick loop
OBSERVATION_US = 20.0
#: the most an observed env step may cost, in mask-only env steps
ENV_RATIO = 2.0


class ObservingBot:
    """A random bot that builds the observation of its seat at every decision, timed."""

    def __init__(self, seed: int, clock: list[float]) -> None:
        self.rng = random.Random(seed)
        self.clock = clock

    def pick(self, game: Game, seat: int, legal: Sequence[Action]) -> int:
        """A random index into ``legal``, after timing ``game.observation(seat)``."""
        start = time.perf_counter()
        game.observation(seat)
        self.clock.append(time.perf_counter() - start)
        return self.rng.randrange(len(legal))

    def choose(self, game: Game, seat: int) -> Action:
        """The action of ``pick``."""
        legal = game.legal_actions()
        return legal[self.pick(game, seat, legal)]


def observation_us(name: str, games: int) -> tuple[float, int]:
    """Mean microseconds of an observation in the pick loop, and how many were made."""
    info = common.get(name)
    clock: list[float] = []
    for seed in range(games):
        game = info.new_game(seed=seed)
        common.play(game, [ObservingBot(seed * 7 + s, clock) for s in range(game.num_players)])
    return sum(clock) / len(clock) * 1e6, len(clock)


def env_steps(name: str, games: int, observed: bool) -> tuple[float, int]:
    """Seconds and steps of ``games`` episodes of the PettingZoo env with a random policy."""
    from common.rl import make_env

    env = make_env(name)
    rng = random.Random(1)
    read: Callable[[str], Any] = (
        (lambda agent: env.observe(agent)["action_mask"]) if observed else env.action_mask
    )
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        env.reset(seed=seed)
        while not all(env.terminations.values()):
            allowed = read(env.agent_selection).nonzero()[0]
            env.step(int(allowed[rng.randrange(len(allowed))]))
            steps += 1
    return time.perf_counter() - start, steps


def best(run: Callable[[], tuple[float, int]], repeat: int) -> tuple[float, int]:
    """The lowest first figure of ``repeat`` runs (with its count)."""
    return min(run() for _ in range(repeat))


def main() -> None:
    """Print each game's figures and whether they meet the targets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=sorted(common.games()))
    parser.add_argument("-n", "--count", type=int, default=20, help="episodes a run")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    try:
        import pettingzoo  # noqa: F401
    except ImportError:
        sys.exit("the [rl] extra is not installed: pip install -e '.[rl]'")
    for name in args.games:
        env_steps(name, max(1, args.count // 10), True)  # warm-up
        us, made = best(functools.partial(observation_us, name, args.count), args.repeat)
        masked, steps = best(functools.partial(env_steps, name, args.count, False), args.repeat)
        observed, _ = best(functools.partial(env_steps, name, args.count, True), args.repeat)
        ratio = observed / masked
        print(
            f"{name}: observation {us:.1f} us ({made} made; target under {OBSERVATION_US:g}: "
            f"{'ok' if us < OBSERVATION_US else 'OVER'}); env {steps / masked:,.0f} steps/s "
            f"mask only, {steps / observed:,.0f} observed, {ratio:.2f}x the time "
            f"(target at most {ENV_RATIO:g}x: {'ok' if ratio <= ENV_RATIO else 'OVER'}; "
            f"{steps} steps in {args.count} episodes)"
        )


if __name__ == "__main__":
    main()
