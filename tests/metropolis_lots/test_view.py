"""Issue 22: what a player at the table sees, in the view: the board's geometry, the occupied
lots per district and who may claim each offered lot, checked against the engine's tables."""

from __future__ import annotations

import json

import pytest

from common import RandomBot
from common.bots import advance
from common.schema import SchemaChecker
from metropolis_lots import Metropolis, new_game, reference
from tests.metropolis_lots.helpers import dealt


def test_the_view_carries_the_boards_geometry() -> None:  # rulings MS-1, MS-2
    g = dealt(3)
    board = g.view(1)["state"]["board"]
    b = g.r.board
    assert board["lots"] == list(b.lots) and board["districts"] == list(b.districts)
    assert {int(k): tuple(v) for k, v in board["neighbours"].items()} == dict(b.neighbours)
    assert {int(k): tuple(v) for k, v in board["position"].items()} == dict(b.position)
    # the rulebook's lists
    assert board["park_view"] == [*range(15, 20), 25, 40, 45, *range(60, 65), 70]
    assert board["river"] == [*range(45, 50), *range(55, 60), *range(70, 75), *range(80, 85)]
    assert board["centre"] == list(range(40, 60))
    assert board["neighbours"]["11"] == [10, 12, 16]  # "11 and 12", not "11 and 15"


def test_each_view_has_its_own_copy_of_the_board() -> None:
    g = dealt(3)
    first = g.view(0)["state"]["board"]
    first["lots"].clear()
    assert g.view(0)["state"]["board"]["lots"] == list(g.r.board.lots)


def test_the_view_counts_the_occupied_lots_of_each_district() -> None:  # MS-6
    g = dealt(4, hands=[[14], [11], [17], [13]])
    state = g.view()["state"]
    owned = [int(lot) for lot in state["owners"]]
    assert state["occupied"]["1"] == 4
    assert state["occupied"] == {
        str(d): sum(1 for lot in owned if lot // 10 == d) for d in range(1, 9)
    }


def test_the_view_says_who_may_claim_each_offered_lot() -> None:  # MS-5, MS-6
    # the rulebook's example: with five lots of district 1 occupied, 12 goes to B, C or D
    g = dealt(4, hands=[[14, 19], [11], [17], [13]], offer=[12, 15, 16, 30])
    claims = g.view(0)["state"]["claims"]
    assert claims == {"12": [1, 2, 3], "15": [0, 1, 2, 3], "16": [1, 2], "30": [0, 1, 2, 3]}
    g.s.chips[2] = 0  # no chip left: no claim (MS-5)
    assert g.view(0)["state"]["claims"]["16"] == [1]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_views_of_random_games_fit_the_schema_and_agree_with_the_rules(players: int) -> None:
    checker = SchemaChecker(Metropolis)
    g = new_game(players=players, seed=players + 20)
    bots = [RandomBot(players + i) for i in range(players)]
    step = 0
    while not g.is_over:
        step += 1
        if step % 5 == 0:
            view = g.view(step % players)
            assert checker.errors("view", view) == []
            state = json.loads(json.dumps(view))["state"]
            for lot, seats in state["claims"].items():
                expected = [p for p in reference.claimants(g, int(lot)) if g.s.chips[p] > 0]
                assert seats == expected
            assert state["occupied"] == {str(d): g.s.occupied[d] for d in range(1, 9)}
            assert state["trader"] == (None if g.s.trader < 0 else g.s.trader)
        advance(g, bots, 1)
    assert checker.errors("view", g.view()) == []
