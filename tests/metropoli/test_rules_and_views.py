"""Issue 22, "Rules and views": the readings a careful player would dispute (rulings MI-A24 to
MI-A28), the words and texts of the prompts, forced answers, the view and the static data."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from common import ActionForced, IllegalAction, InvalidOption, RandomBot
from metropoli import (
    Accept,
    Act,
    Bid,
    Build,
    Cancel,
    Cash,
    Decline,
    Done,
    FreeBlock,
    GoTo,
    Metropoli,
    Offer,
    Pass,
    Roll,
    Send,
    Take,
    new_game,
)
from metropoli import data as D
from metropoli.data import BOARD as B
from metropoli.events import BlockBuilt, FinalPhaseBegan, TradeProposed
from tests.metropoli.helpers import OPTION_SETS, clear_owners, forced, land, started

# --- MI-A24: the game ends when one player remains ----------------------------------------


def test_mi_a24_players_who_have_left_still_count_in_the_final_phase() -> None:
    # ruling MI-A24: "only one player remains in the game" counts the bankrupt out; a player
    # who has left in the final phase still collects and still counts, so play goes on
    g = started(players=3)
    clear_owners(g)
    g.s.final = True
    g.s.status[2] = "left"
    g.s.owner[6] = 1
    g.s.cash[0] = 10_000
    land(g, 6, total=5)  # seat 0 cannot pay seat 1: bankrupt; seats 1 (in), 2 (left) remain
    assert g.s.status[0] == "bankrupt"
    assert not g.is_over and g.s.active == 1


# --- MI-A25: rule 10's "two blocks in total" (option block_limit) -------------------------


def _on_il_comune(**options: Any) -> Metropoli:
    g = started(**options)
    clear_owners(g)
    land(g, 30)
    assert g.prompt is not None and g.prompt.kind == "municipality"
    return g


def test_mi_a25_default_paid_free_block_then_two_paid_blocks() -> None:
    # ruling MI-A16 (the default, block_limit="paid"): the free block comes on top
    g = _on_il_comune()
    g.apply(FreeBlock(20))
    g.apply(Build(0))
    g.apply(Build(1))
    paid = [e.paid for e in g.events if isinstance(e, BlockBuilt)]
    assert paid == [False, True, True]


def test_mi_a25_total_a_free_block_leaves_room_for_one_paid_block() -> None:
    """Master Plan rule 10 (English): "During their turn, a player may never build more
    than two blocks in total" (ruling MI-A25, block_limit="total")."""
    g = _on_il_comune(block_limit="total")
    g.apply(FreeBlock(20))
    assert g.prompt is not None and "one more block" in g.prompt.text
    g.apply(Build(0))
    assert not [a for a in g.legal_actions() if isinstance(a, Build)]
    assert not g.is_legal(Build(1))
    with pytest.raises(IllegalAction):
        g.apply(Build(1))
    assert Done() in g.legal_actions()


def test_mi_a25_total_without_a_free_block_still_two_paid_blocks() -> None:
    g = started(block_limit="total")
    clear_owners(g)
    land(g, 0)
    g.apply(Build(0))
    g.apply(Build(1))
    assert not [a for a in g.legal_actions() if isinstance(a, Build)]


def test_block_limit_option_is_validated() -> None:
    with pytest.raises(InvalidOption, match="block_limit"):
        new_game(players=3, block_limit="three")


# --- MI-A26: trading points and several proposals at each ----------------------------------


def _propose_and_decline(g: Metropoli, partner: int = 1) -> None:
    g.apply(Offer(partner))
    g.apply(Cash(100_000))
    g.apply(Send())
    g.apply(Decline())


@pytest.mark.parametrize("bound", [1, 2, 3, 5, 10, 20])
def test_mi_a26_each_trading_point_allows_the_bound_of_proposals(bound: int) -> None:
    """Seed "Trading and Negotiations": "players are free to make all the exchanges and
    negotiations they wish"; the bound is only against endless loops (ruling MI-A26)."""
    g = started(proposals_per_stop=bound)
    for k in range(bound):
        assert g.prompt is not None and g.prompt.kind == "roll", k
        _propose_and_decline(g, 1 + k % 3)
    # the bound is reached: the roll, now the only answer, is taken
    assert g.chance is not None and forced(g)[-1] == (0, Roll())
    assert len([e for e in g.events if isinstance(e, TradeProposed)]) == bound


def test_mi_a26_default_bound_is_ten_proposals_a_trading_point() -> None:
    assert Metropoli.options_spec["proposals_per_stop"].default == 10
    g = started()
    for _ in range(10):
        _propose_and_decline(g)
    assert g.chance is not None


def test_mi_a26_no_trading_at_all_with_a_bound_of_zero() -> None:
    g = started(proposals_per_stop=0)
    assert forced(g) == [(0, Roll())]
    clear_owners(g)
    g.resolve((1, 2, 3))  # to space 6, a free street: its auction at once, no stop
    assert g.prompt is not None and g.prompt.kind == "bid"
    assert not g.is_legal(Offer(1))


def test_mi_a26_the_arrival_stop_comes_even_after_proposals_before_the_roll() -> None:
    # the rhythm of the turn does not change: before issue 22 the one proposal of a turn
    # used before the roll removed the stop on arrival
    g = started()
    clear_owners(g)
    _propose_and_decline(g)
    land(g, 6, act=False)
    assert g.prompt is not None and g.prompt.kind == "act"
    g.apply(Act())
    for _ in range(4):
        g.apply(Pass())  # the auction, nobody bids
    assert g.prompt is not None and g.prompt.kind == "build"
    assert Offer(1) in g.legal_actions()  # the building step is a trading point of its own


def test_mi_a26_each_trading_point_has_its_own_bound() -> None:
    g = started(proposals_per_stop=1)
    clear_owners(g)
    _propose_and_decline(g)  # the roll's one proposal: the roll is then taken
    land(g, 6, act=False)
    assert g.prompt is not None and g.prompt.kind == "act"  # a new point: a new proposal
    _propose_and_decline(g)
    assert forced(g)[-1] == (0, Act())
    for _ in range(4):
        g.apply(Pass())
    assert Offer(1) in g.legal_actions()


def test_proposals_per_stop_option_is_validated() -> None:
    with pytest.raises(InvalidOption, match="proposals_per_stop"):
        new_game(players=3, proposals_per_stop=4)


# --- MI-A27: Il Comune has two options, no pass (option municipality_pass) ---------------


def test_mi_a27_il_comune_offers_its_two_options_and_no_pass() -> None:
    """Seed "Other Spaces": "The Municipality (Il Comune). The player has two options"."""
    g = _on_il_comune()
    legal = g.legal_actions()
    assert Pass() not in legal
    assert {type(a) for a in legal} == {GoTo, FreeBlock}
    with pytest.raises(IllegalAction):
        g.apply(Pass())


def test_mi_a27_option_municipality_pass_lets_il_comune_be_declined() -> None:
    g = _on_il_comune(municipality_pass=True)
    assert g.legal_actions()[-1] == Pass()
    assert g.prompt is not None and g.prompt.text.endswith("or pass")
    g.apply(Pass())
    assert g.prompt is not None and g.prompt.kind == "build"
    assert not [e for e in g.events if isinstance(e, BlockBuilt)]


def test_mi_a27_il_comune_with_a_single_option_takes_it() -> None:
    # no block can be placed and one concession is free: the trip is the only answer
    g = started()
    for c in B.concessions:
        g.s.owner[c] = 1
    g.s.owner[9] = None
    g.s.blocks_left = 0
    g.s.heights[0] = D.BLOCK_SUPPLY  # (the 80 blocks stand: the invariant holds)
    land(g, 30)
    assert forced(g)[-1] == (0, GoTo(9))
    assert g.s.pos[0] == 9


# --- words, texts and forced answers (issue 22) --------------------------------------------


def test_the_shared_words_and_their_text_forms() -> None:
    g = new_game(players=3, seed=1)
    words = set(Metropoli.actions.by_word)
    assert {"pass", "done", "accept", "decline", "roll"} <= words
    assert not words & {"skip", "keep", "waive", "stay", "end", "reject", "noswap"}
    assert str(Roll()) == "roll 3" and g.parse_action("roll 3") == Roll()
    for text in ("pass", "done", "decline", "move 12", "act", "free 4", "build 7"):
        assert str(g.parse_action(text)) == text


def test_a_refused_bid_says_what_is_allowed_in_words() -> None:
    g = started()
    clear_owners(g)
    g.s.cash[1] = 420_000
    land(g, 6)
    g.apply(Bid(100_000))  # seat 1
    with pytest.raises(IllegalAction) as refused:
        g.apply(Bid(120_000))  # seat 2: not a multiple of $50,000
    assert str(refused.value).endswith(
        "legal: bid any multiple of $50,000 from $150,000 up to $5,000,000 (your cash), or pass"
    )


def test_a_refused_proposal_step_says_what_is_allowed_in_words() -> None:
    g = started()
    clear_owners(g)
    g.s.owner[1] = 0
    g.s.owner[9] = 1
    g.apply(Offer(1))
    with pytest.raises(IllegalAction) as refused:
        g.apply(Cash(5_000))
    message = str(refused.value)
    assert "give one of Washington" in message and "take one of Jackson" in message
    assert "any multiple of $10,000 from -$5,000,000 (Player 2 pays) to $5,000,000" in message


def test_prompt_texts_name_the_high_bid_its_bidder_and_the_costs() -> None:
    g = new_game(players=["Anna", "Bruno", "Carla"], seed=1)
    for seat in range(3):
        g.resolve((6, 6, 5) if seat == 0 else (1, 1, 2))
    g.resolve(B.streets)
    g.resolve(B.neighbourhood_values)
    g.resolve(tuple(g.cards))
    clear_owners(g)
    assert g.prompt is not None
    assert g.prompt.text == "roll the three dice, or propose a trade first"
    land(g, 6, act=False)
    assert g.prompt is not None and g.prompt.text == (
        "on Madison, whose concession is free: its auction follows; act, or propose a trade first"
    )
    g.apply(Act())
    assert g.prompt is not None and g.prompt.text.startswith("auction of Madison: no bid yet")
    g.apply(Bid(150_000))  # Bruno
    assert g.prompt is not None and g.prompt.text.startswith(
        "auction of Madison: the high bid is $150,000, by Bruno"
    )
    g.apply(Pass())
    g.apply(Pass())  # Anna
    assert g.prompt is not None and g.prompt.kind == "raise"
    assert "at $150,000" in g.prompt.text and "Anna may then pre-empt" in g.prompt.text
    g.apply(Pass())
    assert g.prompt is not None and g.prompt.text == (
        "Bruno won Madison at a Market Value of $150,000: pre-empt at $200,000, or pass"
    )
    g.apply(Pass())
    assert g.prompt is not None and g.prompt.text == (
        "build up to two blocks at $100,000 each, propose a trade or done"
    )
    g.apply(Offer(2))
    g.apply(Cash(-250_000))
    g.apply(Send())
    assert g.prompt is not None and g.prompt.text == (
        "Anna proposes a trade: you give $250,000 for nothing; accept or decline"
    )


_MONEY = re.compile(r"-?\$[\d,]+")


def test_prompt_texts_carry_no_bare_numbers_on_random_games() -> None:
    # issue 22: spaces, areas and players by name; only money and the 1-to-40 of a triple
    seen: set[str] = set()
    for seed in range(6):
        g = new_game(players=3 + seed % 4, seed=seed)
        bots = [RandomBot(seed * 10 + k) for k in range(g.num_players)]
        while not g.is_over:
            if g.chance is not None:
                g.resolve()
                continue
            assert g.prompt is not None
            text = g.prompt.text.replace("1 to 40", "").replace("X < 0", "")
            text = re.sub(r"Player \d", "", _MONEY.sub("", text))
            assert not re.search(r"\d", text), g.prompt.text
            seen.add(g.prompt.kind)
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].choose(g, seat))
    assert {"roll", "act", "bid", "build", "draft", "trade"} <= seen


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: json.dumps(o, sort_keys=True))
def test_no_prompt_offers_a_single_action(options: dict[str, Any]) -> None:
    # issue 22: a question with one possible answer is never asked; the engine takes it
    # (ActionForced, no decision)
    for seed in range(12):
        g = new_game(players=3 + seed % 4, seed=seed, **options)
        bots = [RandomBot(seed * 7 + k) for k in range(g.num_players)]
        while not g.is_over:
            if g.chance is not None:
                g.resolve()
                continue
            legal = g.legal_actions()
            assert len(legal) >= 2, (g.prompt, legal)
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].choose(g, seat))
        taken = sum(1 for e in g.events if type(e).__name__ == "ActionTaken")
        assert g.decisions == taken
        assert any(isinstance(e, ActionForced) for e in g.events)


def test_a_lone_pass_in_an_auction_is_taken_for_a_bidder_without_the_cash() -> None:
    g = started()
    clear_owners(g)
    g.s.cash[2] = 40_000
    land(g, 6)
    g.apply(Bid(50_000))  # seat 1; seat 2 cannot bid $100,000: its pass is taken
    assert forced(g)[-1] == (2, Pass())
    assert g.to_act == 3


def test_a_lone_done_is_taken_when_nothing_else_can_be_done() -> None:
    g = started(proposals_per_stop=0)
    clear_owners(g)
    g.s.cash[0] = 50_000  # no block can be bought, no proposal made
    g.resolve((1, 1, 2))  # to space 4, a free street
    for _ in range(4):
        g.apply(Pass())
    assert forced(g)[-2:] == [(0, Done()), (1, Roll())]
    assert g.s.active == 1


# --- the view (what the table shows) ---------------------------------------------------------


def test_the_view_carries_the_spaces_names_exits_rents_trusts_and_areas() -> None:
    g = started()
    clear_owners(g)
    for sp in B.hood_streets[1]:  # Madison, Monroe, Jackson: a trust for seat 2
        g.s.owner[sp] = 2
    g.s.owner[5] = g.s.owner[15] = 3
    g.s.heights[15] = 2
    state = g.view(0)["state"]
    spaces = state["spaces"]
    assert len(spaces) == 40 and [x["name"] for x in spaces] == list(B.names)
    monroe = spaces[7]
    assert monroe["name"] == "Monroe" and monroe["kind"] == "street" and monroe["exit"] == 21
    assert monroe["owner"] == 2 and monroe["trust"] is True
    assert monroe["areas"] == list(B.street_areas[7]) and monroe["colour"] == "light_blue"
    assert monroe["rent"] == g.street_rent(7)[0] > 0
    assert spaces[1]["owner"] is None and spaces[1]["rent"] is None
    assert spaces[5]["kind"] == "bridge" and spaces[5]["rent"] == 200_000
    assert spaces[5]["crosses_to"] == 25 and spaces[0]["exit"] is None
    areas = state["areas"]
    assert len(areas) == 36 and areas[0]["streets"] == list(B.area_streets[0])
    assert areas[0]["name"] == f"between {B.names[1]} and {B.names[39]}"


def _properties(schema: Any, path: str = "state") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    if isinstance(schema, dict):
        for key, sub in schema.get("properties", {}).items():
            out.append((f"{path}.{key}", sub))
            out += _properties(sub, f"{path}.{key}")
        for key in ("items", "additionalProperties"):
            out += _properties(schema.get(key), path)
        for sub in schema.get("oneOf", ()):
            out += _properties(sub, path)
    return out


def test_every_property_of_the_state_schema_is_described() -> None:
    found = _properties(Metropoli.state_schema)
    assert len(found) > 50
    assert [name for name, sub in found if not sub.get("description")] == []


def test_views_fit_the_schema_with_the_new_fields() -> None:
    from common.schema import SchemaChecker

    checker = SchemaChecker(Metropoli)
    g = started()
    land(g, 6)
    for seat in (None, 0, 2):
        assert checker.errors("view", g.view(seat)) == []


# --- the static data ------------------------------------------------------------------------


def test_static_data_is_plain_json_and_agrees_with_the_engines_tables() -> None:
    data = Metropoli.static_data()
    assert json.loads(json.dumps(data)) == data
    board = data["board"]
    assert [s["name"] for s in board["spaces"]] == list(B.names)
    assert [s["exit"] for s in board["spaces"]] == list(B.exit_of)
    assert board["corners"] == {"borsa": 0, "court": 10, "motorway": 20, "municipality": 30}
    assert board["bridges"] == [5, 15, 25, 35]
    assert board["crossings"] == [
        {"avenue": "Broadway", "bridges": [5, 25]},
        {"avenue": "Main Street", "bridges": [15, 35]},
    ]
    assert board["exits"]["56"] == 33
    assert board["street_areas"]["7"] == list(B.street_areas[7])
    assert [d["areas"] for d in board["districts"]] == [list(a) for a in B.district_areas]
    assert data["money"]["symbol"] == "$" and data["money"]["banknotes"][0] == 10_000
    assert data["neighbourhood_value_cards"]["values"] == list(B.neighbourhood_values)
    assert [c["id"] for c in data["cards"]] == [c.id for c in D.DEFAULT_CARDS]
    assert data["costs"]["block"] == 100_000 and data["building"]["blocks_per_turn"] == 2


def test_static_data_concession_value_card_with_the_rulebooks_numbers() -> None:
    table = Metropoli.static_data()["concession_value"]
    values = table["values"]
    assert table["heights"] == [1, 2, 3, 4, 5] and table["blocks"] == list(range(11))

    def cell(h: int, b: int) -> int | None:
        return values[table["heights"].index(h)][b]  # type: ignore[no-any-return]

    # seed "The Value of Building Exploitation Concessions" and its note (ruling MI-6)
    assert cell(4, 5) == 400_000 and cell(4, 10) == 800_000 and cell(4, 4) == 320_000
    assert cell(3, 7) == 420_000 and cell(5, 10) == 1_000_000
    assert all(cell(h, 0) == 0 for h in range(1, 6))
    # the card's dashes: one floor at most cannot give more than three blocks
    assert [cell(1, b) for b in range(4, 11)] == [None] * 7
    assert [cell(2, b) for b in (7, 8, 9)] == [None] * 3 and cell(2, 10) == 400_000
    for h in range(1, 6):
        for b in range(11):
            if cell(h, b) is not None:
                assert cell(h, b) == D.concession_value(h, b, b == 10)


def test_static_data_follows_the_options_that_change_it() -> None:
    cards = [{"id": "bonus", "text": "Collect $1", "effect": "collect", "amount": 1}]
    data = Metropoli.static_data(cards=cards, block_limit="total")
    assert data["cards"] == cards
    assert data["building"]["free_blocks_count"] is True
    assert data["rules"]["block_limit"] == "total"
    assert Metropoli.static_data()["building"]["free_blocks_count"] is False
    with pytest.raises(InvalidOption, match="municipality_pass"):
        Metropoli.static_data(municipality_pass="yes")


# --- the answers to a proposal ---------------------------------------------------------------


def test_a_proposal_is_answered_accept_or_decline() -> None:
    g = started()
    g.apply(Offer(1))
    g.apply(Cash(-100_000))
    g.apply(Send())
    assert list(g.legal_actions()) == [Accept(), Decline()]
    g.apply(Accept())
    assert g.s.cash[1] == D.START_CASH - 100_000
    assert g.prompt is not None and g.prompt.kind == "roll"
    g.apply(Offer(2))
    g.apply(Cancel())
    assert not [e for e in g.events if isinstance(e, FinalPhaseBegan)]


def test_the_proposal_being_composed_is_said_by_its_prompt_and_shown_by_render_text() -> None:
    from metropoli.render import render_text

    g = started()
    clear_owners(g)
    g.s.owner[9] = 1
    g.apply(Offer(1))
    assert g.prompt is not None and g.prompt.text.startswith("proposal to Player 2: ")
    g.apply(Cash(-250_000))
    assert g.view(0)["state"]["trade"] == {
        "partner": 1,
        "give": [],
        "take": [],
        "cash": -250_000,
        "sent": False,
    }
    assert g.prompt is not None and g.prompt.text == (
        "proposal to Player 2: add a concession with give or take, then send or cancel"
    )
    g.apply(Take(9))
    assert (
        "Proposal of Player 1 to Player 2 (being composed): Player 1 gives nothing for Jackson "
        "and $250,000"
    ) in render_text(g)
