"""The game's own MCTS: its ranker, playout policy and estimate (guides, not rules)."""

from __future__ import annotations

from collections import Counter

from common import RandomBot, play
from common.game import Prompt
from common.mcts import MCTSBot
from metropolis_lots import INFO, Build, Decline, Done, HeuristicBot, Propose, new_game
from metropolis_lots.search import PlayoutBot, projected, rank
from tests.metropolis_lots.helpers import ask_build, dealt, own

DEPARTMENT_STORE = Build("department_store", (40, 41, 42, 45, 46, 47))


def test_ranker_keeps_every_legal_action_but_unpromising_proposals_in_random_games() -> None:
    checked = proposals = 0
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        g = new_game(players=players, seed=seed)
        bot = RandomBot(seed)
        while not g.is_over:
            p = g._pending
            if not isinstance(p, Prompt):
                g.resolve()
                continue
            legal = g.legal_actions()
            ranked = rank(g, p.seat, legal)
            left_out = Counter(legal) - Counter(ranked)
            assert not Counter(ranked) - Counter(legal)  # nothing that is not legal
            # only exchanges the heuristic would not propose, and proposals declined already,
            # are left out (a search would try them again and again: declined, they cost the
            # proposer nothing)
            assert all(isinstance(a, Propose | Build) for a in left_out)
            assert all(a not in left_out for a in ranked)
            if any(isinstance(a, Propose) for a in legal):
                assert Done() in ranked
                proposals += len(left_out)
            assert rank(g, p.seat, legal) == ranked  # remembered, and a fresh copy
            checked += 1
            g.apply(bot.choose(g, p.seat))
    assert checked > 300 and proposals > 0


def test_ranker_leaves_out_exchanges_declined_in_the_game_and_pools_declined_this_turn() -> None:
    """A declined exchange (for the rest of the game) or pooled building (for the rest of the
    turn) is not ranked again: the search would make it again and a person would have to
    answer it again, every turn."""
    seen = {"trade": 0, "build": 0}
    for players, seed in ((3, 4), (4, 5), (5, 6), (4, 7), (3, 8)):
        g = new_game(players=players, seed=seed, pool_proposals=3)
        bot = RandomBot(seed)
        trades: set[tuple[int, Propose]] = set()  # (proposer, exchange) declined, as seen here
        pools: set[Build] = set()  # declined this turn
        while not g.is_over:
            p = g._pending
            if not isinstance(p, Prompt):
                g.resolve()
                continue
            s = g.s
            if s.phase == "build" and s.pool_declined == 0:
                pools = set()
            declined: set[Propose] | set[Build] = set()
            if s.phase == "trade":
                declined = {a for seat, a in trades if seat == s.trader}
            elif s.phase == "build":
                declined = pools
            legal = g.legal_actions()
            ranked = rank(g, p.seat, legal)
            again = declined & set(legal)
            assert not again & set(ranked)
            if again:
                seen[s.phase] += 1
            action = bot.choose(g, p.seat)
            proposer = s.trader
            proposed = s.trade if s.phase == "answer" else s.pool if s.phase == "pool" else None
            caused = g.apply(action)
            if any(getattr(e, "accepted", None) is False for e in caused):
                if isinstance(proposed, Propose):
                    trades.add((proposer, proposed))
                elif isinstance(proposed, Build):
                    pools.add(proposed)
    assert seen["trade"] > 0 and seen["build"] > 0, seen


def test_heuristic_never_makes_the_same_exchange_twice_in_a_game() -> None:
    """Its partners decline every exchange: none is proposed to them again in a later window."""
    made = 0
    for players, seed in ((3, 4), (4, 5), (2, 6)):
        g = new_game(players=players, seed=seed)
        bots = [HeuristicBot(seed + k) for k in range(players)]
        proposed: set[tuple[int, Propose]] = set()
        while not g.is_over:
            p = g._pending
            if not isinstance(p, Prompt):
                g.resolve()
                continue
            if g.s.phase == "answer":
                g.apply(Decline())
                continue
            action = bots[p.seat].choose(g, p.seat)
            if isinstance(action, Propose):
                assert (p.seat, action) not in proposed
                proposed.add((p.seat, action))
            g.apply(action)
        made += len(proposed)
    assert made > 0


def test_ranker_puts_the_best_building_first() -> None:
    g = dealt(2, hands=[[40, 41, 42, 45, 46, 47]])
    g.apply(g.legal_actions()[0])
    g.resolve()
    assert g.s.phase == "build"
    assert rank(g, 0, g.legal_actions())[0] == DEPARTMENT_STORE


def test_playout_bot_plays_legal_moves_to_the_end() -> None:
    for players in (2, 3):
        g = new_game(players=players, seed=11)
        play(g, [PlayoutBot(s) for s in range(players)])
        assert g.is_over


def test_mcts_bot_plays_a_whole_game_against_the_heuristic() -> None:
    g = new_game(players=2, seed=5)
    mcts = INFO.bot_factory("mcts:8")(1)
    assert isinstance(mcts, MCTSBot)
    assert mcts.ranker is rank and isinstance(mcts.rollout_bot, PlayoutBot)
    play(g, [mcts, HeuristicBot(2)])  # every action passes the game's legality check
    assert g.is_over


def test_estimate_sums_to_one_and_favours_the_leading_seat() -> None:
    g = dealt(3)
    chances = g.estimate()
    assert abs(sum(chances) - 1) < 1e-9
    assert max(chances) - min(chances) < 0.5  # a fresh deal is roughly even
    own(g, 1, [40, 41, 42, 45, 46, 47])
    g.s.turn = 1
    ask_build(g)
    g.apply(DEPARTMENT_STORE)
    totals = projected(g)
    chances = g.estimate()
    assert abs(sum(chances) - 1) < 1e-9
    assert max(range(3), key=lambda s: totals[s]) == 1
    assert chances[1] > 0.6 and chances[1] == max(chances)


def test_mcts_puts_up_the_department_store_it_can_build() -> None:
    g = dealt(2, hands=[[40, 41, 42, 45, 46, 47]])
    g.apply(g.legal_actions()[0])
    g.resolve()
    bot = INFO.bot_factory("mcts:30")(3)
    assert bot.choose(g, 0) == DEPARTMENT_STORE
