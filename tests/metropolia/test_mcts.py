"""Metropolia's knowledge for the core's MCTS: the rankers, the greedy playouts, the estimate."""

from __future__ import annotations

import pytest

import metropolia
from common import Game, Prompt, RandomBot, play
from common.mcts import MCTSBot
from metropolia import INFO, Build, HeuristicBot
from metropolia.bots import rank
from metropolia.search import GreedyBot, greedy_ranker, ranker
from tests.metropolia.helpers import Checked, position


@pytest.mark.parametrize(("players", "plus"), [(2, False), (3, True), (4, False), (2, True)])
def test_the_rankers_order_every_legal_action_once(players: int, plus: bool) -> None:
    for i in range(2):
        g = metropolia.new_game(players=players, seed=40 + i, plus=plus)
        mover = RandomBot(i)
        while g.chance is not None or g.prompt is not None:
            p = g._pending
            if not isinstance(p, Prompt):
                g.resolve()
                continue
            legal = g.legal_actions()
            for order in (ranker, greedy_ranker):
                ranked = order(g, p.seat, legal)
                assert sorted(map(str, ranked)) == sorted(map(str, legal))
            g.apply(mover.choose(g, p.seat))


def test_the_heuristic_bot_plays_the_first_of_its_ranking() -> None:
    g = metropolia.new_game(players=3, seed=8)
    bots = [HeuristicBot(s) for s in range(3)]
    steps = 0
    while g.prompt is not None or g.chance is not None:
        if g.chance is not None:
            g.resolve()
            continue
        p = g.prompt
        assert p is not None
        choice = bots[p.seat].choose(g, p.seat)
        assert rank(g.view(p.seat)["state"], p.seat, p.kind, g.legal_actions())[0] == choice
        g.apply(choice)
        steps += 1
    assert steps > 20


@pytest.mark.parametrize("plus", [False, True])
def test_the_greedy_playout_bot_plays_legal_moves_to_the_end(plus: bool) -> None:
    g = metropolia.new_game(players=3, seed=5, plus=plus)
    result = play(g, [Checked(GreedyBot(s)) for s in range(3)])
    assert result.winners


def test_the_games_mcts_plays_a_whole_game_with_legal_moves() -> None:
    bot = INFO.bot_factory("mcts:8")(1)
    assert isinstance(bot, MCTSBot)
    g = metropolia.new_game(players=2, seed=2)
    result = play(g, [Checked(bot), HeuristicBot(2)])
    assert g.is_over and result.scores


def test_estimate_sums_to_one_and_favours_the_seat_nearer_its_win() -> None:
    g = position(
        3,
        coins=[5, 5, 12],
        cards=[{"wheat_field": 1, "bakery": 1}] * 2 + [{"wheat_field": 2, "bakery": 3}],
        landmarks=[[], [], ["train_station", "shopping_mall"]],
    )
    est = g.estimate()
    assert sum(est) == pytest.approx(1.0)
    assert est[2] > est[0] == est[1]
    g.s.coins[0] = 30  # seat 0 now needs fewer coins than seat 1
    est = g.estimate()
    assert sum(est) == pytest.approx(1.0)
    assert est[0] > est[1]


def _at_build(g: Game) -> None:
    """Roll a 1 for the seat to move (a Wheat Field, no red cards) and stop at its build."""
    g.resolve((1,))
    assert g.prompt is not None and g.prompt.kind == "build"


@pytest.mark.parametrize("with_ranker", [True, False])
def test_the_search_builds_the_last_landmark_and_wins(with_ranker: bool) -> None:
    g = position(
        2,
        coins=[30, 30],
        cards=[{"wheat_field": 1, "bakery": 1}] * 2,
        landmarks=[["train_station", "shopping_mall", "amusement_park"]] * 2,
    )  # whoever builds the Radio Tower first wins: seat 0 can now
    g.apply("roll 1")
    _at_build(g)
    bot = MCTSBot(3, iterations=60, rollout_bot=GreedyBot(), ranker=ranker if with_ranker else None)
    assert bot.choose(g, 0) == Build("radio_tower")


def test_the_greedy_bot_prefers_a_second_cheese_factory_with_many_ranches() -> None:
    g = position(
        2,
        coins=[5, 3],
        cards=[{"wheat_field": 1, "bakery": 1, "ranch": 5, "cheese_factory": 1}, {}],
        landmarks=[["train_station"], []],
    )
    g.apply("roll 1")
    _at_build(g)
    assert GreedyBot().choose(g, 0) == Build("cheese_factory")
    assert greedy_ranker(g, 0, g.legal_actions())[0] == Build("cheese_factory")
