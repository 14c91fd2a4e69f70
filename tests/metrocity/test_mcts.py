"""Metro City's MCTS bot: its ranker, its playouts, its estimate, and whole games."""

from __future__ import annotations

from collections import Counter

import pytest

import metrocity
from common import Action, Bot, RandomBot, play
from common.mcts import MCTSFactory
from metrocity.bots import action_values
from metrocity.search import CachedRanker, GreedyPlayout, rank_actions, win_chances
from tests.metrocity import helpers as hs
from tests.metrocity.helpers import fill_row1, hold, start


def _positions(games: int, seed: int) -> list[metrocity.MetroCity]:
    """Every decision of ``games`` random games (copies), Courthouse questions included."""
    out = []
    for i in range(games):
        g = metrocity.new_game(seed=seed + i, tie="placer" if i % 2 else "discard")
        bot = RandomBot(i)
        while not g.is_over:
            if g.chance is not None:
                g.resolve()
                continue
            out.append(g.clone())
            seat = g.to_act
            assert seat is not None
            g.apply(bot.choose(g, seat))
    return out


def test_the_ranker_orders_every_legal_action_best_first_at_every_decision() -> None:
    cached = CachedRanker(size=50)
    for g in _positions(3, seed=300):
        seat = g.to_act
        assert seat is not None
        legal = g.legal_actions()
        ranked = rank_actions(g, seat, legal)
        assert Counter(ranked) == Counter(legal)
        values = dict(zip(legal, action_values(g, seat, legal), strict=True))
        scores = [values[a] for a in ranked]
        assert scores == sorted(scores, reverse=True)
        assert cached(g, seat, legal) == ranked
        assert cached(g, seat, legal) == ranked  # the second time from memory


def test_the_ranker_puts_first_the_move_the_heuristic_bot_would_play() -> None:
    g = start(("res5", "com2", "res1"), ("com6", "com5", "ind7"))
    hs.play(g, "place res5 A1", "place com6 B1", "place com2 C1", "place com5 D1", "place res1 E1")
    ranked = rank_actions(g, 1, g.legal_actions())
    assert ranked[0] == metrocity.HeuristicBot(0).choose(g, 1)


def test_the_greedy_playout_plays_legal_moves_to_the_end() -> None:
    g = metrocity.new_game(seed=5)
    result = play(g, [GreedyPlayout(1), GreedyPlayout(2, noise=0.5)])
    assert g.is_over and result.winners


def test_estimate_sums_to_one_and_favours_the_seat_ahead_in_money() -> None:
    g = start()
    even = g.estimate()
    assert sum(even) == pytest.approx(1.0) and even[0] == pytest.approx(0.5, abs=0.1)
    hold(g, 0, 12, 9)
    chances = g.estimate()
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] > 0.9
    assert chances == win_chances(g)


def test_estimate_favours_the_seat_leading_the_open_streets() -> None:
    # nobody holds money yet; seat 0 leads st1 (token 10) 11 to 3 with two blocks left
    g = start(("res5", "com6"), ("res1", "com2"))
    hs.play(g, "place res5 A1", "place res1 B1", "place com6 C1", "place com2 D1")
    assert g.s.cash == [0, 0]
    chances = g.estimate()
    assert sum(chances) == pytest.approx(1.0) and chances[0] > 0.6


def test_estimate_counts_a_street_won_in_full() -> None:
    # seat 0 won st1's $10 (11 to 5: seat 1's Park stops seat 0's Industrial 7)
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "park"))
    assert g.s.cash == [10, 0]
    assert g.estimate()[0] > 0.8


def test_the_mcts_bot_plays_a_whole_game_with_legal_moves() -> None:
    factory = metrocity.INFO.bot_factory("mcts:8")
    assert isinstance(factory, MCTSFactory)
    g = metrocity.new_game(seed=9)
    bots: list[Bot] = [factory(1), metrocity.HeuristicBot(2)]
    result = play(g, bots)  # play() refuses an illegal move
    assert g.is_over and result.scores is not None


def test_the_mcts_bot_takes_a_street_it_can_win_now() -> None:
    g = start(("res5", "com2", "res1"), ("com6", "com5", "ind7"))
    hs.play(g, "place res5 A1", "place com6 B1", "place com2 C1", "place com5 D1", "place res1 E1")
    # seat 1 leads st1 (token 10) by 11 to 8 with F1 the last empty block
    action: Action = metrocity.INFO.bot_factory("mcts:40")(3).choose(g, 1)
    assert isinstance(action, metrocity.Place) and action.block == "F1"
