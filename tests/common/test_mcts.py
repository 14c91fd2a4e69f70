"""The generic MCTS bot plays legal moves, samples chance itself, and beats random play."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

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


def _race_at_a_decision() -> Race:
    g = Race(players=2, seed=4)
    while g.chance is not None:
        g.resolve()
    return g


def test_mcts_with_a_ranker_and_narrow_widening_keeps_to_the_rankers_first_choice() -> None:
    g = _race_at_a_decision()
    legal = g.legal_actions()
    assert len(legal) > 1

    def last_first(game: Game, seat: int, actions: Sequence[Action]) -> list[Action]:
        return list(reversed(actions))

    # widening 0.01 allows one child at every visit count below 10,000: only the first ranked
    bot = MCTSBot(2, iterations=25, ranker=last_first, widening=0.01)
    assert bot.choose(g, g.to_act or 0) == legal[-1]
    assert bot.last_iterations == 25


def test_mcts_settings_are_checked_when_the_factory_is_made() -> None:
    from common.mcts import mcts_factory

    with pytest.raises(ValueError, match="iterations must be at least 1"):
        mcts_factory(iterations=0)
    with pytest.raises(ValueError, match="widening must be positive"):
        mcts_factory(widening=0)


def test_mcts_budgets_by_name(toy_registered: object) -> None:
    from common.mcts import MCTSFactory
    from common.registry import get

    info = get("toyrace")
    bot = info.bot_factory("mcts:7")(1)
    assert isinstance(bot, MCTSBot) and bot.iterations == 7 and bot.seconds is None
    timed = info.bot_factory("mcts:0.25s")(1)
    assert isinstance(timed, MCTSBot) and timed.seconds == 0.25
    factory = info.bot_factory("mcts")
    assert isinstance(factory, MCTSFactory)
    assert factory.with_budget("9").settings["iterations"] == 9
    for bad in ("x", "0", "-3", "0s", "s"):
        with pytest.raises(ValueError, match="bad MCTS budget"):
            info.bot_factory(f"mcts:{bad}")


def test_mcts_opponent_moves_need_a_ranker() -> None:
    with pytest.raises(ValueError, match="opponent_moves needs a ranker"):
        MCTSBot(1, opponent_moves=1)
    with pytest.raises(ValueError, match="opponent_moves needs a ranker"):
        MCTSBot(1, opponent_moves=0, ranker=lambda g, s, legal: legal)


def test_mcts_with_an_opponent_model_still_chooses_its_own_move_freely() -> None:
    g = _race_at_a_decision()
    legal = g.legal_actions()
    seen: list[int] = []

    def order(game: Game, seat: int, actions: Sequence[Action]) -> list[Action]:
        seen.append(seat)
        return list(actions)

    me = g.to_act or 0
    bot = MCTSBot(2, iterations=60, ranker=order, opponent_moves=1)
    assert bot.choose(g, me) in legal
    assert set(seen) == {0, 1}  # both seats' nodes were ranked
    root = bot.last_root
    assert root is not None and len(root.children) > 1  # its own choices: all tried
    stack = [root]
    others = 0
    while stack:
        node = stack.pop()
        if node.seat is not None and node.seat != me:
            others += 1
            assert len(node.children) <= 1  # the other seat: the ranker's first move only
        stack.extend(node.children.values())
    assert others > 0
