"""Expectimax that counts chance as a ply: chains of chance end, outcomes are weighed."""

from __future__ import annotations

from typing import Any

import pytest

import common
import metropolia
from common import Game
from common.search import ExpectimaxBot, expectimax
from tests.common.test_fifth_game import _pig


def _counting() -> tuple[list[Game], Any]:
    seen: list[Game] = []

    def evaluate(game: Game) -> list[float]:
        seen.append(game)
        return [0.5] * game.num_players

    return seen, evaluate


def test_a_chain_of_chance_ends_where_the_plies_run_out() -> None:
    # Pig: a roll of 1 passes the die and the next roll is forced, so chance follows chance
    # with no decision between; a depth of decisions alone would never reach a leaf there
    pig = _pig()(seed=1)
    pig.apply("roll")
    assert pig.chance is not None
    seen, evaluate = _counting()
    expectimax(pig, 2, evaluate=evaluate)
    # five faces go on to a prompt of two moves (a decision ply each); a 1 goes on to the
    # next player's forced roll, a chance ply of six faces with no decision between
    assert len(seen) == 5 * 2 + 6
    chained = [g for g in seen if g.decisions == 1]
    assert len(chained) == 6
    # a second 1 passes the die again, to a third forced roll: the plies end the chain there
    assert sum(g.chance is not None for g in chained) == 1


def test_chance_values_are_weighed_by_their_probabilities() -> None:
    pig = _pig()(seed=1)
    pig.apply("roll")
    # one ply: each face settled once; the value is the mean of the faces' leaves
    value = expectimax(pig, 1, evaluate=lambda g: [float(getattr(g, "pot")), 0.0])  # noqa: B009
    assert value[0] == pytest.approx(sum(range(2, 7)) / 6)


def test_too_many_outcomes_are_sampled_from_the_searchers_own_generator() -> None:
    game = metropolia.new_game(players=2, seed=3, plus=True)  # the Plus stack's shuffle
    assert game.chance is not None and game.chance.outcome_count() > 64
    seen, evaluate = _counting()
    expectimax(game, 1, evaluate=evaluate, samples=5)
    assert len(seen) == 5 and game.chance is not None  # the original is left as it was


def test_the_bot_plays_a_whole_game_and_refuses_a_depth_without_the_move() -> None:
    result = common.play(metropolia.new_game(seed=2), [ExpectimaxBot(1), ExpectimaxBot(2)])
    assert result.scores
    with pytest.raises(ValueError, match="depth counts the move itself"):
        ExpectimaxBot(depth=0)
    with pytest.raises(ValueError, match="non-negative"):
        expectimax(metropolia.new_game(seed=1), -1)
