"""The PettingZoo adapter passes PettingZoo's own API and seed tests (extra [rl])."""

from __future__ import annotations

from array import array
from typing import Any

import pytest

import common
from common import Game, GameInfo, register
from common.encoding import Encodings, Field, Layout
from common.registry import _REGISTRY
from common.rl import make_env
from tests.common.toygame import Race, Roll

RACE_LAYOUT = Layout(
    [
        Field("mine", 1, "the seat's square / 30"),
        Field("best_other", 1, "the best other seat's square / 30"),
        Field("deck", 1, "bonus cards left / 6"),
    ]
)


def race_observe(game: Race, seat: int) -> array[float]:
    out = RACE_LAYOUT.zeros()
    positions = game.s.positions
    out[0] = positions[seat] / 30
    out[1] = max(p for i, p in enumerate(positions) if i != seat) / 30
    out[2] = len(game.s.deck) / 6
    return out


class EncodedRace(Race):
    """The toy race with fixed encodings: two actions and three numbers."""

    encodings = Encodings(lambda game: [Roll(1), Roll(2)], lambda game: RACE_LAYOUT, race_observe)


@pytest.fixture
def race_env_name() -> Any:
    register(GameInfo(EncodedRace))
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


@pytest.mark.parametrize("name", ["metropolia", "metropoli", "metrocity", "metropolis_lots"])
def test_masked_steps_play_the_game_the_indices_name(name: str) -> None:
    """Each step applies ``action_from_index`` of the index chosen from the mask: the env's
    game is the one the same indices give when applied by hand."""
    pytest.importorskip("pettingzoo")
    env = make_env(name)
    env.reset(seed=3)
    twin = common.get(name).new_game(seed=3)
    for _ in range(40):
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        allowed = env.observe(agent)["action_mask"].nonzero()[0]
        assert list(allowed) == twin_legal(twin)
        env.step(int(allowed[-1]))
        twin.apply(twin.action_from_index(int(allowed[-1])))
    twin_legal(twin)
    assert env.game.to_json() == twin.to_json()


def twin_legal(game: Game) -> list[int]:
    """The legal indices after settling chance from the game's own generator."""
    while game.chance is not None:
        game.resolve()
    return game.legal_indices()
