"""Metro City against the core contract: check_game, the state machine, fast legality."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import metrocity
from common import RandomBot
from common.testing import check_game, make_state_machine
from tests.metrocity.helpers import candidates


def test_metrocity_passes_check_game() -> None:
    games = check_game(lambda s: metrocity.new_game(seed=s), games=4, deep_games=2)
    assert all(g.is_over for g in games)


def test_metrocity_passes_check_game_with_the_placer_tie_rule() -> None:
    check_game(lambda s: metrocity.new_game(seed=s, tie="placer"), games=3, seed=50, deep_games=1)


def test_many_random_games_stay_within_the_declared_length() -> None:
    check_game(lambda s: metrocity.new_game(seed=s), games=30, seed=100, deep_games=0)


TestMetroCityMachine = make_state_machine(lambda s: metrocity.new_game(seed=s)).TestCase
TestMetroCityMachine.settings = settings(max_examples=15, stateful_step_count=60, deadline=None)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 45))
def test_fast_legality_check_agrees_with_legal_actions(seed: int, steps: int) -> None:
    g = metrocity.new_game(seed=seed)
    bot = RandomBot(seed)
    while not g.is_over and steps > 0:
        if g.chance is not None:
            g.resolve()
            continue
        legal = g.legal_actions()
        for a in candidates():
            assert g.is_legal(a) == (a in legal), a
        for a in legal:
            assert g.is_legal(a)
        g.apply(bot.choose(g, g.to_act or 0))
        steps -= 1
