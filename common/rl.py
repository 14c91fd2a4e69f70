"""Reinforcement-learning environments over any game with fixed encodings (extra ``[rl]``).

- ``make_env(name)``: a PettingZoo AEC environment, every seat an agent;
- ``make_gym_env(name, opponents=[...])``: a single-agent Gymnasium environment, the other
  seats played by bots, with ``action_masks()`` as SB3-contrib's MaskablePPO reads it.

Both read the game's own encodings: the action space is ``Discrete(num_distinct_actions())``,
an observation is ``game.observation(seat)`` (float32) and the mask comes from
``game.legal_indices()``. Chance is resolved inside ``step`` from the game's own seeded
generator, so two environments reset with the same seed run identically. A step's reward is
each seat's share of the win when the game ends, else 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from common.bots import Bot
from common.game import Game
from common.registry import get


def _spaces(game: Game) -> tuple[Any, Any, int]:
    """The observation Box, the action space and the catalogue's size of ``game``."""
    import gymnasium
    import numpy as np

    actions = game.num_distinct_actions()
    size = game.observation_layout().size
    box = gymnasium.spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32)
    return box, gymnasium.spaces.Discrete(actions), actions


def _mask(game: Game, actions: int) -> Any:
    import numpy as np

    mask = np.zeros(actions, dtype=np.int8)
    mask[game.legal_indices()] = 1
    return mask


def _observe(game: Game, seat: int) -> Any:
    import numpy as np

    return np.frombuffer(game.observation(seat), dtype=np.float32)


def _settle(game: Game) -> None:
    while game.chance is not None:
        game.resolve()


def _shares(game: Game) -> list[float]:
    """Each seat's share of the win of the finished ``game``."""
    winners = game.result().winners
    share = 1.0 / len(winners) if winners else 0.0
    return [share if s in winners else 0.0 for s in range(game.num_players)]


def make_env(game_name: str, players: int | None = None, **options: Any) -> Any:
    """A PettingZoo ``AECEnv`` for the registered game ``game_name``."""
    from pettingzoo import AECEnv

    info = get(game_name)
    game_options = dict(options)

    class MetroEnv(AECEnv):  # type: ignore[misc, unused-ignore]
        """One game of ``game_name`` as an agent-environment cycle."""

        metadata = {
            "name": f"metro_{game_name}_v0",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }

        def __init__(self, render_mode: str | None = None) -> None:
            super().__init__()
            self.render_mode = render_mode
            probe = info.new_game(players=players, seed=0, options=game_options)
            box, space, self._actions = _spaces(probe)
            self.possible_agents = [f"player_{i}" for i in range(probe.num_players)]
            self._seat = {a: i for i, a in enumerate(self.possible_agents)}
            self.action_spaces = {a: space for a in self.possible_agents}
            import gymnasium
            import numpy as np

            mask = gymnasium.spaces.Box(0, 1, shape=(self._actions,), dtype=np.int8)
            self.observation_spaces = {
                a: gymnasium.spaces.Dict({"observation": box, "action_mask": mask})
                for a in self.possible_agents
            }
            self.game: Game = probe

        def observation_space(self, agent: str) -> Any:
            return self.observation_spaces[agent]

        def action_space(self, agent: str) -> Any:
            return self.action_spaces[agent]

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
            # the rule options are fixed when the environment is made; reset's own options
            # (which PettingZoo passes through freely) do not change the game
            self.game = info.new_game(
                players=players, seed=seed if seed is not None else 0, options=game_options
            )
            _settle(self.game)
            self.agents = list(self.possible_agents)
            self.rewards = {a: 0.0 for a in self.agents}
            self._cumulative_rewards = {a: 0.0 for a in self.agents}
            self.terminations = {a: False for a in self.agents}
            self.truncations = {a: False for a in self.agents}
            self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
            self._select()

        def _select(self) -> None:
            seat = self.game.to_act
            if seat is not None:
                self.agent_selection = self.possible_agents[seat]

        def action_mask(self, agent: str) -> Any:
            """The mask of ``agent``'s legal actions now (all 0 when it is not to act)."""
            if self.game.to_act == self._seat[agent]:
                return _mask(self.game, self._actions)
            import numpy as np

            return np.zeros(self._actions, dtype=np.int8)

        def observe(self, agent: str) -> Any:
            seat = self._seat[agent]
            return {
                "observation": _observe(self.game, seat),
                "action_mask": self.action_mask(agent),
            }

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._cumulative_rewards[agent] = 0.0
            game = self.game
            game.apply(game.action_from_index(int(action)), seat=self._seat[agent])
            _settle(game)
            self.rewards = {a: 0.0 for a in self.agents}
            if game.is_over:
                shares = _shares(game)
                for a in self.agents:
                    self.rewards[a] = shares[self._seat[a]]
                    self.terminations[a] = True
            else:
                self._select()
            self._accumulate_rewards()

        def render(self) -> str | None:
            if self.render_mode != "ansi":
                return None
            text = info.render_text(self.game, None) if info.render_text else str(self.game.view())
            return text

        def close(self) -> None:
            pass

    return MetroEnv()


def make_gym_env(
    game_name: str,
    opponents: Sequence[Any] = ("random",),
    *,
    players: int | None = None,
    seat: int | None = 0,
    **options: Any,
) -> Any:
    """A single-agent ``gymnasium.Env``: the learner plays ``seat``, bots the other seats.

    ``opponents`` go round the other seats in order (a game's bot name such as ``heuristic``
    or ``mcts:50``, ``module:Class``, a factory of a seed, or a bot object; see
    ``common.botspec``); each reset makes them afresh with seeds from the reset's seed.
    ``seat=None`` draws the learner's seat at each reset. ``action_masks()`` gives the legal
    actions as booleans, which SB3-contrib's MaskablePPO reads without a wrapper; the reward
    is the learner's share of the win at the end, else 0; an action the mask rules out raises
    ``IllegalAction`` and leaves the game as it was. Players and rule options are as for
    ``new_game``.
    """
    import gymnasium
    import numpy as np

    from common.botspec import call_factory, factory_of

    info = get(game_name)
    game_options = dict(options)
    probe = info.new_game(players=players, seed=0, options=game_options)
    n = probe.num_players
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise ValueError(f"seat is None or an integer from 0 to {n - 1}, got {seat!r}")
    if not opponents:
        raise ValueError("opponents names at least one bot for the other seats")
    factories = [factory_of(info, bot) for bot in opponents]

    class MetroGymEnv(gymnasium.Env):  # type: ignore[misc, unused-ignore]
        """One seat of ``game_name`` against bots, as a Gymnasium environment."""

        metadata = {"render_modes": ["ansi"]}

        def __init__(self, render_mode: str | None = None) -> None:
            super().__init__()
            self.render_mode = render_mode
            self.observation_space, self.action_space, self._actions = _spaces(probe)
            self.game: Game = probe
            self.seat = 0 if seat is None else seat
            self._bots: dict[int, Bot] = {}

        def _play_others(self) -> None:
            game = self.game
            while not game.is_over:
                if game.chance is not None:
                    game.resolve()
                    continue
                turn = game.to_act
                if turn == self.seat:
                    return
                assert turn is not None
                game.apply(self._bots[turn].choose(game, turn))

        def _answer(self) -> tuple[Any, dict[str, Any]]:
            return _observe(self.game, self.seat), {"action_mask": self.action_masks()}

        def reset(
            self, *, seed: int | None = None, options: dict[str, Any] | None = None
        ) -> tuple[Any, dict[str, Any]]:
            super().reset(seed=seed)
            game_seed = int(self.np_random.integers(0, 2**53)) if seed is None else seed
            if seat is None:
                self.seat = int(self.np_random.integers(0, n))
            others = [s for s in range(n) if s != self.seat]
            self._bots = {
                s: call_factory(factories[k % len(factories)], game_seed * 31 + s)
                for k, s in enumerate(others)
            }
            self.game = info.new_game(players=players, seed=game_seed, options=game_options)
            self._play_others()
            return self._answer()

        def action_masks(self) -> Any:
            """The learner's legal actions now, as booleans over the action space."""
            mask = np.zeros(self._actions, dtype=bool)
            if self.game.to_act == self.seat:
                mask[self.game.legal_indices()] = True
            return mask

        def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
            game = self.game
            game.apply(game.action_from_index(int(action)), seat=self.seat)
            self._play_others()
            reward = _shares(game)[self.seat] if game.is_over else 0.0
            observation, extra = self._answer()
            return observation, reward, game.is_over, False, extra

        def render(self) -> str | None:
            if self.render_mode != "ansi":
                return None
            if info.render_text:
                return info.render_text(self.game, self.seat)
            return str(self.game.view(self.seat))

    return MetroGymEnv()
