"""A PettingZoo AEC environment over any game that describes a fixed action space.

Optional extra ``[rl]`` (pettingzoo, gymnasium, numpy). A game takes part by giving its
``GameInfo`` an ``rl`` value with two functions:

- ``catalogue(game) -> Sequence[Action]``: every action the game could ever offer with these
  players and options, in a fixed order (the action space is ``Discrete(len(catalogue))``);
- ``observe(game, seat) -> Sequence[float]``: a fixed-length vector of what ``seat`` may see
  (built from ``game.view(seat)``, never from hidden state).

Chance is resolved inside ``step`` from the game's own seeded generator, so two environments
reset with the same seed run identically. Observations are built only when asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from common.actions import Action
from common.game import Game
from common.registry import get


@attrs.frozen
class RLSpec:
    """How a game maps onto a fixed action space and a fixed observation vector."""

    catalogue: Callable[[Game], Sequence[Action]]
    observe: Callable[[Game, int], Sequence[float]]


def make_env(game_name: str, players: int | None = None, **options: Any) -> Any:
    """A PettingZoo ``AECEnv`` for the registered game ``game_name``."""
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv

    info = get(game_name)
    game_options = dict(options)
    found: RLSpec | None = info.rl
    if found is None:
        raise NotImplementedError(f"{game_name} does not describe a fixed action space (rl)")
    spec: RLSpec = found

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
            self._catalogue = list(spec.catalogue(probe))
            self._index = {a: i for i, a in enumerate(self._catalogue)}
            size = len(spec.observe(probe, 0))
            self.possible_agents = [f"player_{i}" for i in range(probe.num_players)]
            self._seat = {a: i for i, a in enumerate(self.possible_agents)}
            self.action_spaces = {
                a: gymnasium.spaces.Discrete(len(self._catalogue)) for a in self.possible_agents
            }
            self.observation_spaces = {
                a: gymnasium.spaces.Dict(
                    {
                        "observation": gymnasium.spaces.Box(
                            -np.inf, np.inf, shape=(size,), dtype=np.float32
                        ),
                        "action_mask": gymnasium.spaces.Box(
                            0, 1, shape=(len(self._catalogue),), dtype=np.int8
                        ),
                    }
                )
                for a in self.possible_agents
            }
            self.game: Game = probe

        def observation_space(self, agent: str) -> Any:
            return self.observation_spaces[agent]

        def action_space(self, agent: str) -> Any:
            return self.action_spaces[agent]

        def _settle_chance(self) -> None:
            while self.game.chance is not None:
                self.game.resolve()

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
            # the rule options are fixed when the environment is made; reset's own options
            # (which PettingZoo passes through freely) do not change the game
            self.game = info.new_game(
                players=players, seed=seed if seed is not None else 0, options=game_options
            )
            self._settle_chance()
            #: the game's own legal objects by catalogue index, as the last mask listed them,
            #: and the length of the log then (its position): step() applies those objects,
            #: which the game takes as legal without reading them again from JSON
            self._listed: dict[int, Action] = {}
            self._listed_at = -1
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

        def _mask(self, agent: str) -> Any:
            mask = np.zeros(len(self._catalogue), dtype=np.int8)
            if self.game.to_act == self._seat[agent]:
                index = self._index
                listed = self._listed = {index[a]: a for a in self.game.legal_actions()}
                self._listed_at = len(self.game.events)
                mask[list(listed)] = 1
            return mask

        def observe(self, agent: str) -> Any:
            seat = self._seat[agent]
            vector = np.asarray(spec.observe(self.game, seat), dtype=np.float32)
            return {"observation": vector, "action_mask": self._mask(agent)}

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._cumulative_rewards[agent] = 0.0
            i = int(action)
            listed = self._listed.get(i) if self._listed_at == len(self.game.events) else None
            self.game.apply(
                self._catalogue[i] if listed is None else listed, seat=self._seat[agent]
            )
            self._settle_chance()
            self.rewards = {a: 0.0 for a in self.agents}
            if self.game.is_over:
                result = self.game.result()
                share = 1.0 / len(result.winners) if result.winners else 0.0
                for a in self.agents:
                    self.rewards[a] = share if self._seat[a] in result.winners else 0.0
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


def one_hot(index: int, size: int) -> list[float]:
    """A list of ``size`` zeros with a one at ``index``."""
    out = [0.0] * size
    out[index] = 1.0
    return out
