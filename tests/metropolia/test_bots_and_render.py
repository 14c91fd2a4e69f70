"""The heuristic bot's strength and the text rendering."""

from __future__ import annotations

import metropolia
from common import Bot, RandomBot, get, play
from metropolia import HeuristicBot
from metropolia.render import render_text
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


def test_render_text_shows_each_city_and_the_market() -> None:
    g = metropolia.new_game(players=["Ala", "Olek"], seed=1, plus=True)
    g.resolve()
    text = render_text(g, None)
    assert "Ala (on turn): 4 coins" in text  # 3 to start and the Town Hall coin
    assert "Olek: 3 coins" in text
    assert "[ ] Airport" in text and "Town Hall" not in text.split("cards:")[0]
    # ruling MK-A15: the Town Hall stands among the city's properties, not its landmarks
    assert "cards: Town Hall, 1x Wheat Field (B 1), 1x Bakery (G 2-3)" in text
    assert "Market:" in text and "stack:" in text


def test_render_text_ends_with_the_prompt_in_words() -> None:
    g = position(["Ala", "Olek"], coins=[2, 0], cards=[{}, {}])
    g.resolve((5,))
    text = render_text(g, 0)
    assert text.endswith("Ala has 2 coins: build one establishment or landmark, or pass (build).")


def test_render_text_names_the_winner() -> None:
    g = metropolia.new_game(players=2, seed=2)
    play(g, [HeuristicBot(0), HeuristicBot(1)])
    assert "Game over:" in render_text(g, 0)


def test_the_game_is_registered_for_the_cli() -> None:
    info = get("metropolia")
    assert info.cls is metropolia.Metropolia
    assert set(info.bots) == {"random", "heuristic", "cheese_rush", "store_rush", "greedy", "mcts"}
