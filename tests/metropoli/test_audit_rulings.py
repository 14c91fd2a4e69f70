"""The rulings written after the rules audit (docs/rulings-metropoli.md, MI-A16 … MI-A23);
MI-A17 … MI-A19 are tested with the rules they touch (test_confirmed_rules, test_trades)."""

from __future__ import annotations

from typing import Any

from common import Bot
from metropoli import Build, Done, FreeBlock, HeuristicBot, Metropoli, RandomBot, new_game
from metropoli.data import BOARD as B
from metropoli.events import BlockBuilt, PlayerLeft
from tests.metropoli.helpers import clear_owners, land, payments, started


def _with_cards(cards: list[dict[str, Any]], players: int = 4) -> Metropoli:
    """A started game whose Metropoli deck is ``cards``, in that order."""
    return started(players=players, cards=cards)


def test_mi_a16_free_blocks_come_on_top_of_the_two_paid_blocks() -> None:
    # ruling MI-A16 (MI-10; Master Plan rule 10 in Italian: "salvo altre indicazioni"): a free
    # block the rules give (own street, Il Comune, a card) is an "other indication"
    g = started()
    clear_owners(g)
    land(g, 30)  # Il Comune: a free block anywhere
    g.apply(FreeBlock(20))
    g.apply(Build(0))
    g.apply(Build(1))
    got = [(e.area, e.paid) for e in g.events if isinstance(e, BlockBuilt)]
    assert got == [(20, False), (0, True), (1, True)]
    assert Done() in g.legal_actions()
    assert not [a for a in g.legal_actions() if isinstance(a, Build)]


def test_mi_a20_a_direct_move_onto_la_borsa_pays_nothing() -> None:
    # ruling MI-A20 (MI-8, MI-12): "go to" passes nothing and is no movement along the track
    go = {"id": "go_borsa", "text": "Go to La Borsa", "effect": "go_to", "amount": 0}
    g = _with_cards([go])
    clear_owners(g)
    start = len(g.events)
    land(g, 8, total=5)  # from 3: no passing either
    assert g.s.pos[0] == 0
    assert payments(g, start) == []
    # the shipped "Advance to La Borsa" is a move along the track: it pays on landing
    adv = {"id": "adv_borsa", "text": "Advance to La Borsa", "effect": "advance_to", "amount": 0}
    g = _with_cards([adv])
    clear_owners(g)
    start = len(g.events)
    land(g, 8, total=5)
    assert payments(g, start) == [(None, 0, 500_000, "borsa")]


def test_mi_a21_a_backward_move_onto_l_autostrada_in_the_final_phase_leaves() -> None:
    # ruling MI-A21 (MI-A6): the token reaches L'Autostrada, whichever way it arrived
    back = {"id": "back_two", "text": "Move back two spaces", "effect": "move_back", "amount": 2}
    g = _with_cards([back])
    clear_owners(g)
    g.s.final = True
    land(g, 22, total=4)  # from 18: to 22, a Metropoli space; then back to 20
    assert g.s.pos[0] == 20 and g.s.status[0] == "left"
    assert PlayerLeft(0, "motorway") in g.events
    assert g.to_act == 1


def test_mi_a22_monroe_and_grant_face_no_common_area_on_the_reconstructed_board() -> None:
    # ruling MI-A22: the rulebook's picture puts an area "between Monroe and Grant"; MI-3's
    # names (display only) put Monroe on space 7 and Grant on 27, in districts 1 and 3
    monroe, grant = B.names.index("Monroe"), B.names.index("Grant")
    assert (monroe, grant) == (7, 27)
    assert not [pair for pair in B.area_streets if set(pair) == {monroe, grant}]


def test_mi_a23_a_skyscraper_is_the_tallest_building_of_its_district_in_play() -> None:
    # ruling MI-A23: rent takes the district's tallest building; on every position reached by
    # play it is the skyscraper (the first in the city at its height caps its district)
    roofs_seen = 0
    for seed in range(6):
        g = new_game(players=4, seed=seed)
        bots: list[Bot] = [HeuristicBot(seed), RandomBot(seed + 1)] * 2
        steps = 0
        while not g.is_over and steps < 3000:
            if g.chance is not None:
                g.resolve()
            else:
                seat = g.to_act
                assert seat is not None
                g.apply(bots[seat].choose(g, seat))
            steps += 1
            s = g.s
            for areas in B.district_areas:
                sky = [x for x in areas if s.roof[x]]
                if sky:
                    assert max(s.heights[x] for x in areas) == s.heights[sky[0]]
        roofs_seen += g.s.roofs
    assert roofs_seen >= 6
