"""Issue 22: prompt kinds and texts in words (the shared conventions), and the legal text."""

from __future__ import annotations

import re

import pytest

from common import Action, IllegalAction, RandomBot
from metropolis_lots import (
    Accept,
    Build,
    Decline,
    Done,
    Give,
    Pass,
    Propose,
    Take,
    new_game,
)
from tests.metropolis_lots.helpers import dealt
from tests.metropolis_lots.test_trading import SWAP, store_position

#: prompt kind -> the action classes its listing may hold (docs/metropolis_lots.md, "Prompts")
KINDS: dict[str, set[type[Action]]] = {
    "propose": {Done, Propose},
    "exchange": {Accept, Decline},
    "take": {Take, Give},
    "give": {Give},
    "build": {Build, Pass},
    "pool": {Accept, Decline},
}
#: a Python tuple or list, a model id (``department_store``), or a bare seat number
_NOT_WORDS = re.compile(r"[()\[\]_]|\bseat \d")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_prompt_of_random_games_has_a_known_kind_and_speaks_words(players: int) -> None:
    names = ["Ann", "Bob", "Cy", "Di", "Ed"][:players]
    g = new_game(players=names, seed=players, pool_proposals=2)
    bots = [RandomBot(players * 7 + i) for i in range(players)]
    seen = set()
    while not g.is_over:
        if g.chance is not None:
            g.resolve()
            continue
        prompt = g.prompt
        assert prompt is not None
        legal = g.legal_actions()
        assert {type(a) for a in legal} <= KINDS[prompt.kind], prompt
        assert not _NOT_WORDS.search(prompt.text), prompt.text
        if prompt.kind in ("exchange", "pool"):  # the proposer, by name
            assert prompt.text.startswith(
                g.players[g.s.trader if prompt.kind == "exchange" else g.s.turn]
            )
        seen.add(prompt.kind)
        g.apply(bots[prompt.seat].choose(g, prompt.seat))
    assert seen >= {"propose", "exchange", "take", "build"}


def test_the_exchange_prompt_says_who_offers_what_for_what() -> None:
    g = store_position()
    g.apply(SWAP)  # seat 0 offers its 31 for seat 1's 47
    assert g.prompt is not None and g.prompt.seat == 1 and g.prompt.kind == "exchange"
    assert g.prompt.text == "Player 1 offers lot 31 for your lot 47"
    g.apply(Decline())
    g.apply(Propose(1, (31, 45), ()))
    assert g.prompt is not None and g.prompt.text == "Player 1 offers you lots 31 and 45 as a gift"


def test_the_propose_prompt_counts_the_proposals_left() -> None:  # ruling MS-A11
    g = store_position(trade_proposals=2)
    assert g.prompt is not None and g.prompt.kind == "propose"
    assert g.prompt.text.endswith("or done: 2 proposals left")
    g.apply(SWAP)
    g.apply(Decline())
    assert g.prompt is not None and g.prompt.text.endswith("or done: 1 proposal left")


def test_the_build_prompt_names_what_can_be_put_up() -> None:
    g = dealt(3, hands=[[40, 41, 45, 46, 20, 10, 12, 14]], offer=[30, 31, 32, 33])
    g.apply(Take(30))
    g.resolve((34,))
    assert g.prompt is not None and g.prompt.kind == "build"
    assert g.prompt.text == (
        "put up a house, a shop, a school, an apartment building or a factory, or pass"
    )


def test_the_build_prompt_names_what_only_pooling_can_put_up() -> None:  # ruling MS-A4
    g = dealt(3, hands=[[40, 41, 45, 20, 10, 12, 14, 16], [46]], offer=[30, 31, 32, 33])
    g.apply(Take(30))
    g.resolve((34,))
    assert g.prompt is not None and g.prompt.text == (
        "put up a house, a shop, a school or an apartment building, or pool lots with other "
        "players for a factory, or pass"
    )


def test_the_pool_prompt_names_the_builder_the_building_and_the_partners_lots() -> None:
    g = dealt(3, hands=[[40, 41, 45], [46]], offer=[30, 31, 32, 33])
    g.apply(Take(30))
    g.resolve((34,))
    g.apply(Build("factory", (40, 41, 45, 46)))
    assert g.prompt is not None and g.prompt.kind == "pool" and g.prompt.seat == 1
    assert g.prompt.text == (
        "Player 1 proposes a factory on lots 40, 41, 45 and 46, pooling your lot 46; "
        "its value is shared by lots contributed"
    )


def test_the_choice_prompts_are_take_and_give() -> None:
    g = dealt(3, offer=[30, 31, 32, 33])
    assert g.prompt is not None and g.prompt.kind == "take"
    assert g.prompt.text.startswith("take an offered lot")


def test_a_refused_proposal_says_that_any_exchange_may_be_proposed() -> None:  # MS-A5
    g = store_position()
    before = g.to_json()
    with pytest.raises(IllegalAction, match=r"legal: done, or propose PLAYER GIVE TAKE") as info:
        g.apply(Propose(1, (47,), (31,)))  # the lots the wrong way round
    assert "not legal for Player 1 now" in str(info.value)
    assert "3 proposals left" in str(info.value)
    assert "listed swaps: propose 2 31 30" in str(info.value)
    assert g.to_json() == before


def test_a_refused_lot_choice_lists_the_choices() -> None:
    g = dealt(3, offer=[30, 31, 32, 33])
    with pytest.raises(IllegalAction, match="legal: take 30, give 30 2, give 30 3") as info:
        g.apply(Take(50))
    # why, in players' numbering: the lot is not offered
    assert "none of the listed 'take' moves has lot 50" in str(info.value)
    assert "seat 0" not in str(info.value)
