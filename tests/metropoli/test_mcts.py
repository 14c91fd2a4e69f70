"""The Metropoli MCTS bot's knowledge: the ranker, the estimate, and whole games with legal moves.

No test depends on seeded chance outcomes of the core or on timing.
"""

from __future__ import annotations

import pytest

from common import Action, RandomBot, play
from common.game import Prompt
from common.mcts import MCTSBot
from metropoli import (
    INFO,
    Accept,
    Cash,
    Decline,
    Give,
    HeuristicBot,
    Metropoli,
    Offer,
    Send,
    Take,
    new_game,
)
from metropoli.bots import rank_actions
from metropoli.data import BOARD as B
from metropoli.state import BANKRUPT
from tests.metropoli.helpers import started


def test_ranker_orders_every_legal_action_but_offers_and_puts_the_heuristics_choice_first() -> None:
    checked = 0
    for seed in range(4):
        g = new_game(players=3 + seed % 2, seed=seed)
        bots = [RandomBot(seed * 10 + k) for k in range(g.num_players)]
        while not g.is_over and checked < 600 * (seed + 1):
            p = g._pending
            if not isinstance(p, Prompt):
                g.resolve()
                continue
            legal = g.legal_actions()
            ranked = rank_actions(g, p.seat, legal)
            # a proposal is opened only where nothing else is legal (the search never opens
            # one the heuristic would not)
            kept = [a for a in legal if type(a) is not Offer] or list(legal)
            assert sorted(map(str, ranked)) == sorted(map(str, kept))
            assert len(set(ranked)) == len(ranked)
            assert ranked[0] == HeuristicBot(0).choose(g, p.seat)
            checked += 1
            g.apply(bots[p.seat].choose(g, p.seat))
    assert checked > 1000


def test_the_registered_mcts_bot_plays_a_whole_game_with_legal_moves() -> None:
    g = new_game(players=3, seed=5)
    mcts = INFO.bot_factory("mcts:4")(0)
    assert isinstance(mcts, MCTSBot) and mcts.ranker is rank_actions
    result = play(g, [mcts, HeuristicBot(1), HeuristicBot(2)])  # apply() refuses illegal moves
    assert g.is_over and result.winners


def test_estimate_sums_to_one_and_favours_the_rich_seat() -> None:
    g = started(players=3, first=0)
    even = g.estimate()
    assert sum(even) == pytest.approx(1.0)
    g.s.cash[2] += 10_000_000
    est = g.estimate()
    assert sum(est) == pytest.approx(1.0)
    assert est[2] > 0.8 and est[2] > even[2]


def test_estimate_gives_a_bankrupt_seat_nothing() -> None:
    g = started(players=3, first=0)
    g.s.status[1] = BANKRUPT
    est = g.estimate()
    assert est[1] == 0.0 and sum(est) == pytest.approx(1.0)


def _proposal_to_seat_0(actions: list[Action]) -> Metropoli:
    g = started(players=3, first=1)
    for a in [Offer(0), *actions, Send()]:
        g.apply(a)
    assert g.to_act == 0 and g.s.phase == "trade"
    return g


@pytest.mark.parametrize(
    ("proposal", "answer"),
    [
        # seat 1 (holding streets 2 and 3 of the track order) gives both and $2,000,000
        ([Give(B.streets[2]), Give(B.streets[3]), Cash(2_000_000)], Accept()),
        # seat 1 takes both of seat 0's streets and asks $2,000,000 on top
        ([Take(B.streets[0]), Take(B.streets[1]), Cash(-2_000_000)], Decline()),
    ],
)
def test_the_search_accepts_a_gift_and_rejects_a_robbery(
    proposal: list[Action], answer: Action
) -> None:
    g = _proposal_to_seat_0(proposal)
    bot = INFO.bot_factory("mcts:24")(3)
    assert bot.choose(g, 0) == answer
