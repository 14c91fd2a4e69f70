"""The PettingZoo adapter passes PettingZoo's own API and seed tests (extra [rl])."""

from __future__ import annotations

from typing import Any

import pytest

from common import Game, GameInfo, register
from common.registry import _REGISTRY
from common.rl import RLSpec, make_env
from tests.common.toygame import Race, Roll


def race_catalogue(game: Game) -> list[Any]:
    return [Roll(1), Roll(2)]


def race_observe(game: Game, seat: int) -> list[float]:
    state = game.view(seat)["state"]
    mine = state["positions"][seat]
    best_other = max(p for i, p in enumerate(state["positions"]) if i != seat)
    return [mine / 30, best_other / 30, state["deck_size"] / 6]


@pytest.fixture
def race_env_name() -> Any:
    register(GameInfo(Race, rl=RLSpec(race_catalogue, race_observe)))
    yield "toyrace"
    _REGISTRY.pop("toyrace", None)


def test_pettingzoo_api_and_seed_tests_pass(race_env_name: str) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    api_test(make_env(race_env_name, players=3), num_cycles=200)
    seed_test(lambda: make_env(race_env_name, players=2), num_cycles=100)


def test_a_game_without_an_action_space_says_so(toy_registered: object) -> None:
    pytest.importorskip("pettingzoo")
    with pytest.raises(NotImplementedError, match="fixed action space"):
        make_env("toyrace")


@pytest.mark.parametrize("name", ["metropolia", "metropoli"])
def test_a_masked_step_applies_the_games_own_object_without_checking_it_again(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After an observation, the step hands apply() the very object legal_actions() listed
    (the identity fast path); an action picked with no fresh mask is still checked."""
    pytest.importorskip("pettingzoo")
    env = make_env(name)
    env.reset(seed=3)
    checked: list[Any] = []
    real = Game._apply_quietly

    def counted(self: Game, action: Any, seat: Any) -> int:
        checked.append(action)
        return real(self, action, seat)

    monkeypatch.setattr(Game, "_apply_quietly", counted)
    for _ in range(30):
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        allowed = env.observe(agent)["action_mask"].nonzero()[0]
        env.step(int(allowed[-1]))
    assert checked == []
    agent = env.agent_selection
    allowed = env.observe(agent)["action_mask"].nonzero()[0]
    env._listed_at = -1  # as if the mask were stale: the catalogue's object, checked
    env.step(int(allowed[0]))
    assert len(checked) == 1
