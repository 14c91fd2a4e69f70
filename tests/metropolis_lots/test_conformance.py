"""Metropolis against the core contract: check_game, a state machine, legality and saves."""

from __future__ import annotations

import json

from hypothesis import settings

from common import RandomBot, play
from common.testing import check_game, make_state_machine
from metropolis_lots import Build, Give, Metropolis, Pass, Propose, Take, load, new_game
from metropolis_lots.actions import Accept, Decline, Done
from tests.metropolis_lots.helpers import ALL_LOTS, dealt


def test_check_game_every_player_count() -> None:
    games = check_game(lambda s: new_game(players=2 + s % 4, seed=s), games=4, deep_games=1)
    assert all(g.is_over for g in games)


def test_check_game_without_exchanges_or_pools() -> None:
    games = check_game(
        lambda s: new_game(players=3, seed=s, trade_proposals=0, pool_proposals=0),
        games=3,
        seed=50,
        deep_games=1,
    )
    assert all(g.is_over for g in games)


TestMetropolisMachine = make_state_machine(
    lambda s: new_game(
        players=2 + s % 4, seed=s, trade_proposals=s % 4, pool_proposals=(s // 4) % 3
    )
).TestCase
TestMetropolisMachine.settings = settings(max_examples=8, stateful_step_count=40, deadline=None)


def _candidates(g: Metropolis) -> list[object]:
    """A universe of actions to test is_legal against legal_actions()."""
    out: list[object] = [Pass(), Done(), Accept(), Decline()]
    for lot in ALL_LOTS:
        out.append(Take(lot))
        out.extend(Give(lot, p) for p in range(g.num_players))
    for mi, m in enumerate(g.r.models):
        for d in g.r.board.districts:
            out.extend(Build(m.id, p.lots) for p in g.r.placements[mi][d])
    return out


def test_is_legal_agrees_with_legal_actions_and_the_lot_index_stays_true() -> None:
    for seed in range(3):
        g = new_game(players=3, seed=seed)
        bot = RandomBot(seed)
        step = 0
        while not g.is_over:
            if g.chance is not None:
                g.resolve()
                continue
            step += 1
            assert g.s.index_matches(), (seed, step)
            if step % 7 == 0:
                legal = g.legal_actions()
                listed = set(legal)
                for a in _candidates(g):
                    assert g.is_legal(a) == (a in listed), (seed, step, a)  # type: ignore[arg-type]
                for a in legal:
                    assert g.is_legal(a)
            assert g.to_act is not None
            g.apply(bot.choose(g, g.to_act))


def test_listed_exchange_proposals_are_legal_swaps() -> None:
    g = new_game(players=3, seed=5, trade_proposals=3)
    g.resolve()
    g.resolve()
    legal = g.legal_actions()
    assert legal[0] == Done()
    for a in legal[1:]:
        assert isinstance(a, Propose) and len(a.give) == len(a.take) == 1
        assert g.proposal_ok(0, a)


def test_save_load_and_replay_round_trip() -> None:
    g = new_game(players=4, seed=11)
    play(g, [RandomBot(i) for i in range(4)])
    text = g.to_json()
    again = load(text)
    assert again.to_json() == text
    assert again.result() == g.result()
    json.loads(text)


def test_same_seed_same_game() -> None:
    a = new_game(players=3, seed=9)
    b = new_game(players=3, seed=9)
    play(a, [RandomBot(1), RandomBot(2), RandomBot(3)])
    play(b, [RandomBot(1), RandomBot(2), RandomBot(3)])
    assert a.to_json() == b.to_json()


def test_declared_maximum_length_holds_with_every_option_at_its_largest() -> None:
    for seed in range(3):
        g = new_game(players=5, seed=seed, trade_proposals=10, pool_proposals=5)
        play(g, [RandomBot(seed + i) for i in range(5)])
        assert g.decisions <= g.max_actions()


def test_invariants_hold_at_every_step_of_random_games() -> None:
    """Issue 9: 80 lot cards, 25 buildings, the chips of each colour (MS-5), whole buildings
    on their builders' lots in one district, no "No" pair (MS-4) — after every step."""
    for seed in range(4):
        g = new_game(players=2 + seed, seed=seed, trade_proposals=3)
        bots = [RandomBot(seed * 10 + i) for i in range(g.num_players)]
        while not g.is_over:
            assert g.invariants() == [], (seed, g.decisions)
            if g.chance is not None:
                g.resolve()
            else:
                who = g.to_act
                assert who is not None
                g.apply(bots[who].choose(g, who))
        assert g.invariants() == []
        assert g.s.buildings, "random games put up buildings"


def _built_position() -> Metropolis:
    """Seat 0 has put up a factory on 40,41,45,46 and owns 42,43 beside it."""
    g = dealt(3, hands=[[40, 41, 45, 46, 42, 43]], offer=[30, 31, 32, 33])
    g.apply(Take(30))
    g.resolve((34,))
    g.apply(Build("factory", (40, 41, 45, 46)))
    assert g.invariants() == []
    return g


def test_invariants_report_a_lost_or_doubled_lot_card() -> None:
    g = _built_position()
    g.s.stack.pop()
    assert any("lot cards" in p and "lost" in p for p in g.invariants())
    g = _built_position()
    g.s.offer.append(40)
    assert any("twice [40]" in p for p in g.invariants())


def test_invariants_report_a_chip_or_building_from_nowhere() -> None:
    g = _built_position()
    g.s.chips[1] += 1
    assert any(p.startswith("green chips of seat 1") for p in g.invariants())
    g = _built_position()
    g.s.supply[g.r.models.index(g.r.model_by_id["house"])] -= 1
    broken = g.invariants()
    assert any(p.startswith("house: 7 in supply + 0 built != 8") for p in broken)


def test_invariants_report_a_building_off_its_builders_lots() -> None:
    g = _built_position()
    g.s.owner[41] = 1
    g.s.reindex()
    assert any("not on its builder's lots" in p for p in g.invariants())


def test_invariants_report_a_forbidden_pair_in_a_district() -> None:
    g = _built_position()
    g.put_up(0, "school", (42, 43))  # bypassing legality: a school beside the factory
    broken = g.invariants()
    assert any("district 4 holds both factory and school" in p for p in broken)


def test_invariants_report_an_exchange_window_outside_the_exchanges() -> None:  # MS-A13
    g = _built_position()
    assert g.s.phase != "trade" and g.invariants() == []
    g.s.trader = 1
    assert any("exchange window of seat 1" in p for p in g.invariants())
