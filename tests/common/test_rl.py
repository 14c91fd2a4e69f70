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
