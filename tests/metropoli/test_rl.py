"""Metropoli in the PettingZoo adapter (issue 10): the catalogue, observations, api_test."""

from __future__ import annotations

import math

import pytest

import metropoli
from common import GameRandom
from metropoli.rl import catalogue, observe


def _walk(players: int, seed: int, steps: int) -> list[metropoli.Metropoli]:
    """Positions along a random game (every decision point), set-up chance resolved."""
    g = metropoli.new_game(players=players, seed=seed, proposals_per_stop=2)
    rng = GameRandom(seed)
    out = []
    for _ in range(steps):
        if g.is_over:
            break
        if g.chance is not None:
            g.resolve()
            continue
        out.append(g.clone())
        g.apply(rng.choice(g.legal_actions()))
    return out


def test_the_catalogue_is_fixed_and_holds_every_listed_action() -> None:
    for players in (3, 6):
        g = metropoli.new_game(players=players, seed=0)
        cat = catalogue(g)
        assert cat is catalogue(metropoli.new_game(players=players, seed=9))  # fixed
        assert len(set(cat)) == len(cat)
        known = set(cat)
        for pos in _walk(players, seed=players, steps=1500):
            missing = [a for a in pos.legal_actions() if a not in known]
            assert not missing, (pos.s.phase, missing)


def test_the_observation_has_one_length_and_finite_values() -> None:
    lengths = set()
    for pos in _walk(4, seed=2, steps=600)[::7]:
        for seat in range(4):
            vec = observe(pos, seat)
            lengths.add(len(vec))
            assert all(math.isfinite(x) for x in vec)
    assert len(lengths) == 1


def test_the_observation_never_shows_the_deck_order() -> None:
    g = _walk(3, seed=5, steps=50)[-1]
    other = g.clone()
    other.s.deck.reverse()
    assert other.s.deck != g.s.deck
    assert observe(g, 0) == observe(other, 0)


def test_the_game_class_declares_its_encodings() -> None:
    assert metropoli.Metropoli.encodings is metropoli.rl.ENCODINGS


def test_pettingzoo_api_and_seed_tests_pass() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from common.rl import make_env

    api_test(make_env("metropoli", players=3), num_cycles=40)
    seed_test(lambda: make_env("metropoli", players=3), num_cycles=40)
