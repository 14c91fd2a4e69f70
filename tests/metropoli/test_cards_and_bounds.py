"""Each Metropoli card effect (MI-8, MI-A11), the engine's bounds (MI-A3..A5) and the CLI extras."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from metropoli import Bid, Done, FreeBlock, Metropoli, Pass, Roll
from metropoli.cli import cli
from metropoli.data import BOARD as B
from metropoli.events import CardRead, FinalPhaseBegan, Moved, PlayerLeft
from tests.metropoli.helpers import clear_owners, dice_for, land, pass_stop, payments, started


def with_card(card: str, players: int = 4) -> Metropoli:
    """A started game whose Metropoli deck has ``card`` on top."""
    ids = tuple(started().cards)
    return started(players=players, deck=(card, *(c for c in ids if c != card)))


def test_card_collect_and_pay_the_bank() -> None:
    g = with_card("collect_200k_1")
    land(g, 2, not_first_round=False)
    assert payments(g)[-1] == (None, 0, 200_000, "card")
    g = with_card("pay_300k")
    land(g, 2, not_first_round=False)
    assert payments(g)[-1] == (0, None, 300_000, "card")


def test_card_every_other_player_pays_you() -> None:
    g = with_card("collect_from_each")
    g.s.status[3] = "left"  # ruling MI-A8: a player who has left pays nothing
    land(g, 2, not_first_round=False)
    assert [p for p in payments(g) if p[3] == "card"] == [
        (1, 0, 50_000, "card"),
        (2, 0, 50_000, "card"),
    ]


def test_card_advance_to_la_borsa_pays_on_landing() -> None:
    g = with_card("advance_borsa")
    land(g, 32)
    assert g.s.pos[0] == 0
    assert (None, 0, 500_000, "borsa") in payments(g)


def test_card_go_to_the_court_fines_the_dice_just_rolled() -> None:
    g = with_card("go_court")
    land(g, 2, total=9, not_first_round=False)
    assert Moved(0, 2, 10, "card") in g.events
    assert (0, None, 90_000, "fine") in payments(g)
    assert not [p for p in payments(g) if p[3] == "borsa"]


def test_card_go_to_the_motorway_and_the_municipality() -> None:
    g = with_card("go_motorway")
    land(g, 2, not_first_round=False)
    assert g.s.pos[0] == 20 and g.chance is not None
    g = with_card("go_municipality")
    land(g, 2, not_first_round=False)
    assert g.s.pos[0] == 30 and g.prompt is not None and g.prompt.kind == "municipality"


def test_card_free_block_anywhere() -> None:
    g = with_card("free_block_1")
    land(g, 2, not_first_round=False)
    assert g.prompt is not None and g.prompt.kind == "free"
    g.apply(FreeBlock(30))
    assert g.s.heights[30] == 1 and not [p for p in payments(g) if p[3] == "block"]


def test_card_pay_per_block_on_own_streets() -> None:
    g = with_card("pay_per_block")
    clear_owners(g)
    g.s.owner[1] = g.s.owner[39] = 0
    g.s.heights[0] = 2  # faced by both streets 1 and 39: counts twice (MI-A11)
    g.s.heights[3] = 1
    land(g, 2, not_first_round=False)
    assert payments(g)[-1] == (0, None, 20_000 * 5, "card")


def test_card_collect_per_bridge_and_per_street_and_pay_per_street() -> None:
    g = with_card("collect_per_bridge")
    clear_owners(g)
    g.s.owner[5] = g.s.owner[15] = 0
    land(g, 2, not_first_round=False)
    assert payments(g)[-1] == (None, 0, 200_000, "card")
    g = with_card("collect_per_street")
    land(g, 2, not_first_round=False)  # seat 0 holds its two dealt streets
    assert payments(g)[-1] == (None, 0, 100_000, "card")
    g = with_card("pay_per_street")
    land(g, 2, not_first_round=False)
    assert payments(g)[-1] == (0, None, 100_000, "card")


def test_card_move_back_three_spaces_acts_on_the_space() -> None:
    g = with_card("back_three")
    clear_owners(g)
    land(g, 8, not_first_round=False)
    assert Moved(0, 8, 5, "back") in g.events
    assert g.prompt is not None and g.prompt.kind == "bid"  # the free bridge is auctioned


def test_card_advance_to_the_next_free_concession() -> None:
    g = with_card("advance_free")
    clear_owners(g)
    g.s.owner[3] = g.s.owner[4] = g.s.owner[5] = 1
    land(g, 2, not_first_round=False)
    assert g.s.pos[0] == 6 and g.prompt is not None and g.prompt.kind == "bid"


def test_a_left_player_does_not_bid() -> None:
    g = started()
    clear_owners(g)
    g.s.status[1] = "left"
    land(g, 6)
    assert g.to_act == 2
    g.apply(Bid(50_000))
    g.apply(Pass())
    g.apply(Pass())
    assert g.s.auction is not None and g.s.auction.stage == "raise"


def test_round_limit_starts_the_final_phase() -> None:
    g = started(players=3, round_limit=50)
    g.s.turn_no = 150
    land(g, 0, not_first_round=False)
    g.apply(Done())
    assert FinalPhaseBegan("round limit") in g.events


def test_final_turn_limit_makes_a_player_leave() -> None:
    g = started(players=3, final_turn_limit=5)
    clear_owners(g)
    g.s.final = True
    g.s.final_turns[0] = 5
    land(g, 0, not_first_round=False)
    g.apply(Done())
    assert PlayerLeft(0, "turn limit") in g.events


def test_cards_read_per_turn_are_bounded_by_the_deck() -> None:
    cards = [{"id": "m", "text": "Go to L'Autostrada", "effect": "go_to", "amount": 20}]
    g = started(players=3, deck=("m",), cards=cards)
    land(g, 2, not_first_round=False)
    g.resolve((1, 2))  # exit 12 is space 2, a Metropoli space again
    pass_stop(g)
    assert B.exits[12] == 2
    reads = [e for e in g.events if isinstance(e, CardRead)]
    assert len(reads) == 1  # ruling MI-A5: the one-card deck has gone round this turn
    assert g.prompt is not None and g.prompt.kind == "build"


def test_max_actions_is_an_integer_bound() -> None:
    g = started()
    assert isinstance(g.max_actions(), int) and g.max_actions() > 10_000
    g.apply(Roll())
    g.resolve(dice_for(7))


def test_max_actions_made_once_per_options_is_the_computed_bound() -> None:
    # the bound is kept per player count and options (shipped deck): each key its own
    for players in (3, 6):
        for opts in ({}, {"proposals_per_stop": 3}, {"round_limit": 50}, {"final_turn_limit": 40}):
            g = Metropoli(players=players, seed=1, **opts)
            assert g.max_actions() == g._max_actions()
            assert g.max_actions() == g._max_actions()  # the kept value
    deck = [{"id": "a", "text": "x", "effect": "collect_from_each", "amount": 10_000_000}]
    g = Metropoli(players=3, seed=1, cards=deck)  # another deck: never the kept value
    assert g.max_actions() == g._max_actions() != Metropoli(players=3, seed=1).max_actions()


def test_cli_check_cards_validates_a_deck_file(tmp_path: Path) -> None:
    good = tmp_path / "cards.json"
    good.write_text(json.dumps([{"id": "a", "text": "x", "effect": "collect", "amount": 1}]))
    runner = CliRunner()
    out = runner.invoke(cli, ["check-cards", str(good)])
    assert out.exit_code == 0 and "1 cards OK" in out.output
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"id": "a", "effect": "teleport"}]))
    out = runner.invoke(cli, ["check-cards", str(bad)])
    assert out.exit_code != 0 and "unknown effect" in out.output and "'a'" in out.output
