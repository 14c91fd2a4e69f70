"""The heuristic bot's strength and the game's registration (the text board: test_text_board)."""

from __future__ import annotations

import metropolia
from common import Bot, RandomBot, get, play
from metropolia import HeuristicBot
from tests.metropolia.helpers import position


def test_heuristic_bot_beats_random_in_at_least_80_percent_of_two_player_games() -> None:
    wins = 0
    games = 200
    for i in range(games):
        g = metropolia.new_game(players=2, seed=i, plus=i % 4 == 0)
        h = i % 2  # the heuristic bot plays first in half of the games
        bots: list[Bot] = [RandomBot(i), RandomBot(i)]
        bots[h] = HeuristicBot(i)
        wins += play(g, bots).winners == (h,)
    assert wins >= 0.8 * games


def test_heuristic_bot_makes_every_decision_legally() -> None:
    for plus in (False, True):
        g = metropolia.new_game(players=4, seed=3, plus=plus)
        play(g, [HeuristicBot(k) for k in range(4)])
        assert g.is_over


def test_heuristic_bot_takes_from_the_richest_with_the_tv_station() -> None:
    g = position(3, coins=[0, 2, 9], cards=[{"tv_station": 1}, {}, {}])
    g.resolve((6,))
    assert HeuristicBot().choose(g, 0) == metropolia.TakeFrom(2)


def test_the_game_is_registered_for_the_cli() -> None:
    info = get("metropolia")
    assert info.cls is metropolia.Metropolia
    assert set(info.bots) == {"random", "heuristic", "cheese_rush", "store_rush", "greedy", "mcts"}
