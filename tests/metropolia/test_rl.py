"""Metropolia in the PettingZoo adapter (the core's optional ``[rl]`` extra)."""

from __future__ import annotations

import pytest

import metropolia
from common import RandomBot
from metropolia.rl import catalogue, observe


@pytest.mark.parametrize(("plus", "players"), [(False, 2), (True, 4)])
def test_every_legal_action_is_in_the_catalogue(plus: bool, players: int) -> None:
    g = metropolia.new_game(players=players, seed=1, plus=plus)
    index = set(catalogue(g))
    size = len(observe(g, 0))
    bots = [RandomBot(k) for k in range(players)]
    while not g.is_over:
        if g.chance is not None:
            g.resolve()
            continue
        seat = g.to_act
        assert seat is not None
        assert set(g.legal_actions()) <= index
        assert len(observe(g, seat)) == size
        g.apply(bots[seat].choose(g, seat))


def test_pettingzoo_api_test_passes() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from common.rl import make_env

    api_test(make_env("metropolia", players=2, plus=True), num_cycles=100)
