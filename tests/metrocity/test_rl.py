"""Metro City in the PettingZoo adapter (issue 10): the catalogue, observations, api_test."""

from __future__ import annotations

import pytest

import metrocity
from common import RandomBot
from metrocity.rl import catalogue, observe
from tests.metrocity.helpers import fill_row1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_legal_action_is_in_the_catalogue_and_observations_keep_their_size(
    seed: int,
) -> None:
    g = metrocity.new_game(seed=seed)
    index = set(catalogue(g))
    size = len(observe(g, 0))
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    while not g.is_over:
        if g.chance is not None:
            g.resolve()
            continue
        seat = g.to_act
        assert seat is not None
        assert set(g.legal_actions()) <= index
        assert len(observe(g, seat)) == len(observe(g, 1 - seat)) == size
        g.apply(bots[seat].choose(g, seat))


def test_the_catalogue_is_fixed_and_holds_each_kind_of_action_once() -> None:
    a = list(catalogue(metrocity.new_game(seed=1)))
    b = list(catalogue(metrocity.new_game(seed=2, tie="placer")))
    assert a == b and len(set(a)) == len(a)
    # 19 tile kinds on 30 blocks; each also built over with each of 15 tokens; a no-swap and
    # the 55 pairs of the 11 streets
    assert len(a) == 19 * 30 + 19 * 30 * 15 + 1 + 55


def test_observation_is_relative_to_the_seat_and_hides_the_other_hand() -> None:
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"))
    mine, theirs = observe(g, 0), observe(g, 1)
    assert mine != theirs
    assert all(isinstance(x, float) for x in mine)
    other = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"))
    other.s.hands[1] = ["res1", "res2", "res3", "res4", "res5"]  # seat 1's hand is unseen by 0
    assert observe(other, 0) == mine


def test_pettingzoo_api_and_seed_tests_pass() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from common.rl import make_env

    api_test(make_env("metrocity"), num_cycles=60)
    seed_test(lambda: make_env("metrocity"), num_cycles=60)
