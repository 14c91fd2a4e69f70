"""The generic MCTS bot plays legal moves, samples chance itself, and beats random play."""

from __future__ import annotations

from common import Action, Bot, Game, RandomBot, play
from common.mcts import MCTSBot
from tests.common.toygame import Race


def test_mcts_never_reads_the_games_own_future_chance() -> None:
    g = Race(players=2, seed=4)
    g.resolve()
    g.resolve()
    before = g.to_json()
    action = MCTSBot(1, iterations=30).choose(g, g.to_act or 0)
    assert action in g.legal_actions()
    assert g.to_json() == before  # the search works on copies only


def test_mcts_beats_random_in_the_toy_race_where_two_dice_are_better() -> None:
    wins = 0
    games = 30
    for i in range(games):
        g = Race(players=2, seed=100 + i)
        bots: list[Bot] = [MCTSBot(i, iterations=40), RandomBot(i)]
        if i % 2:
            bots.reverse()
        result = play(g, bots)
        mcts_seat = 0 if i % 2 == 0 else 1
        wins += mcts_seat in result.winners
    assert wins / games >= 0.6


def test_mcts_playouts_can_follow_a_given_policy() -> None:
    class Counting(RandomBot):
        calls = 0

        def choose(self, game: Game, seat: int) -> Action:
            Counting.calls += 1
            return super().choose(game, seat)

    g = Race(players=2, seed=4)
    g.resolve()
    g.resolve()
    action = MCTSBot(1, iterations=10, rollout_bot=Counting(3)).choose(g, g.to_act or 0)
    assert action in g.legal_actions() and Counting.calls > 0
