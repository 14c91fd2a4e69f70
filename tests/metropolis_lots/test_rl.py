"""The PettingZoo adapter of Metropolis (issue 10, extra [rl]): api_test, seed_test, the mask."""

from __future__ import annotations

import pytest

from common import RandomBot
from metropolis_lots import Build, Propose, new_game
from metropolis_lots.rl import catalogue, observe


@pytest.mark.parametrize("rotation", ["half", "free", "none"])
def test_the_catalogue_covers_every_listed_action_of_random_games(rotation: str) -> None:
    for players in (2, 3, 5):
        g = new_game(players=players, seed=players, rotation=rotation)
        cat = catalogue(g)
        index = set(cat)
        assert len(index) == len(cat)
        size = len(observe(g, 0))
        bots = [RandomBot(players * 10 + i) for i in range(players)]
        while not g.is_over:
            if g.chance is not None:
                g.resolve()
                continue
            seat = g.to_act
            assert seat is not None
            legal = g.legal_actions()
            assert all(a in index for a in legal)
            assert len(observe(g, seat)) == size
            g.apply(bots[seat].choose(g, seat))


def test_the_catalogue_is_fixed_and_holds_the_ms_a5_swaps_and_every_placement() -> None:
    g = new_game(players=3, seed=1)
    cat = list(catalogue(g))
    assert cat == list(catalogue(new_game(players=3, seed=2)))
    swaps = [a for a in cat if isinstance(a, Propose)]
    assert len(swaps) == 3 * 80 * 79  # ruling MS-A5: one lot for one lot, any other seat
    builds = [a for a in cat if isinstance(a, Build)]
    assert len(builds) == sum(len(p) for per in g.r.placements for p in per.values())
    # option rotation (ruling MS-A12) changes the placements, so the catalogue
    free = list(catalogue(new_game(players=3, seed=1, rotation="free")))
    assert len([a for a in free if isinstance(a, Build)]) > len(builds)
    assert Build("shop", (40, 45)) in free and Build("shop", (40, 45)) not in cat


def test_pettingzoo_api_and_seed_tests_pass() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from common.rl import make_env

    api_test(make_env("metropolis_lots", players=3), num_cycles=400)
    seed_test(lambda: make_env("metropolis_lots", players=2), num_cycles=100)


def test_an_environment_plays_a_whole_game_by_the_mask() -> None:
    pytest.importorskip("pettingzoo")
    import numpy as np

    from common.rl import make_env

    env = make_env("metropolis_lots", players=3)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    total = 0.0
    for _agent in env.agent_iter(max_iter=5000):
        obs, reward, terminated, truncated, _ = env.last()
        total += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == len(env.game.legal_actions())
        env.step(int(rng.choice(legal)))
    assert env.game.is_over
    assert total == pytest.approx(1.0)  # the win is shared among the winners


def test_the_observation_shows_whose_exchange_window_is_open() -> None:  # ruling MS-A13
    from metropolis_lots import Done
    from tests.metropolis_lots.test_trading import store_position

    g = store_position()
    before = observe(g, 0)
    g.apply(Done())  # seat 0's window closes, seat 1's opens: nothing else changes
    after = observe(g, 0)
    fields = g.observation_layout()
    was, now = fields.split(before), fields.split(after)
    assert {name for name in was if was[name] != now[name]} == {"trader", "to_act"}
    assert (was["trader"][:2], now["trader"][:2]) == ([1.0, 0.0], [0.0, 1.0])
    assert (was["to_act"], now["to_act"]) == ([1.0], [0.0])
