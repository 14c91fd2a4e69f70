"""Metropolis against the core contract: check_game, a state machine, legality and saves."""

from __future__ import annotations

import json

from hypothesis import settings

from common import RandomBot, play
from common.testing import check_game, make_state_machine
from metropolis_lots import Build, Give, Metropolis, Pass, Propose, Take, load, new_game
from metropolis_lots.actions import Accept, Decline, Done
from metropolis_lots.rules import CHIPS
from tests.metropolis_lots.helpers import ALL_LOTS


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


def test_chips_and_lot_cards_are_conserved_through_random_games() -> None:
    """Chips in hand plus chips on lots and buildings stay the colour's count (MS-5); every
    lot card is in the stack, on offer or owned, exactly once."""
    for seed in range(4):
        g = new_game(players=2 + seed, seed=seed)
        bots = [RandomBot(seed * 10 + i) for i in range(g.num_players)]
        g.resolve()
        while not g.is_over:
            s = g.s
            for seat, colour in enumerate(s.colours):
                on_board = sum(
                    1 for lot in ALL_LOTS if s.owner[lot] == seat and s.building_at[lot] < 0
                )
                on_board += sum(1 for b in s.buildings if b.owner == seat)
                assert s.chips[seat] + on_board == CHIPS[colour]
                assert s.chips[seat] >= 0
            owned = [lot for lot in ALL_LOTS if s.owner[lot] >= 0]
            assert sorted(owned + s.offer + s.stack) == ALL_LOTS
            if g.chance is not None:
                g.resolve()
            else:
                who = g.to_act
                assert who is not None
                g.apply(bots[who].choose(g, who))
