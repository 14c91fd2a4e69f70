"""Prompt texts and refused-action messages in words and dollars (issue 22)."""

from __future__ import annotations

import re

import pytest

import metrocity
from common import IllegalAction, RandomBot
from common.testing import fingerprint
from metrocity.data import STREETS, TILES
from metrocity.words import dollars_or, place_text
from tests.metrocity.helpers import fill_row1, hold, play, start


def test_dollars_reads_tokens_in_ascending_order() -> None:
    assert dollars_or([10]) == "$10"
    assert dollars_or([10, 3]) == "$3 or $10"
    assert dollars_or([10, 3, 7]) == "$3, $7 or $10"


def test_the_place_prompt_says_the_hand_size_and_that_building_over_needs_a_token() -> None:
    g = start()
    assert g.prompt is not None and g.prompt.kind == "place"
    assert g.prompt.text == (
        "place one of your 5 tiles on an empty block (building over one of your own blocks "
        "costs a won token, and you hold none)"
    )
    assert place_text(1, ()).startswith("place your last tile on an empty block")


def test_the_place_prompt_names_what_a_build_over_costs() -> None:
    # MC-3: "over a block of one's own by discarding one of one's Currency tokens (player's
    # choice of token)"
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"), hand0=("park",))
    hold(g, 0, 3)
    g.s.turn = 0
    g._begin_turn(0)  # ask again with the second token held
    assert g.prompt is not None and g.prompt.text == (
        "place one of your 5 tiles on an empty block, or build it over one of your own blocks "
        "by discarding one of your tokens ($3 or $10)"
    )


def test_the_place_prompt_never_names_the_tiles_in_hand() -> None:
    # ruling MC-A7: the other hand is secret, and every seat's view shows the prompt
    a = start(("ind7", "res5", "com2", "com3", "com4"))
    b = start(("mall", "park", "court", "power", "res1"))
    assert a.prompt == b.prompt
    assert a.view(1)["prompt"] == b.view(1)["prompt"]
    assert not any(TILES[t].name in (a.prompt.text if a.prompt else "") for t in a.s.hands[0])


def test_the_swap_prompt_names_the_streets_and_tokens_a_swap_can_exchange() -> None:
    # MC-5: "its owner may swap the bonus tokens of two streets not yet awarded, before any
    # award that placement triggers"
    g = fill_row1(("res1", "res2", "com2"), ("com6", "ind7", "court"))
    assert g.prompt is not None and g.prompt.kind == "swap"
    assert g.prompt.text == (
        "your Courthouse at F1 (1st Street and F Avenue) may swap the bonus tokens of two "
        "streets not yet awarded (1st Street $10, 2nd Street $2, 3rd Street $3, 4th Street $4, "
        "5th Street $5, A Avenue $6, B Avenue $7, C Avenue $8, D Avenue $9, E Avenue $11, "
        "F Avenue $12), before 1st Street is awarded; or pass"
    )


def test_a_courthouse_built_over_says_no_award_follows() -> None:
    # ruling MC-A1 / MC-A4: a build-over completes no street, so no award follows the swap
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"), hand0=("court",))
    g.apply("build court A1 10")
    assert g.prompt is not None and g.prompt.kind == "swap"
    assert "before" not in g.prompt.text and "1st Street $" not in g.prompt.text
    assert g.prompt.text.startswith("your Courthouse at A1 (1st Street and A Avenue) may swap")


#: a tile or street id, which a prompt should name in words
_IDS = re.compile(r"\b(?:st[1-5]|av[A-F]|res\d|com\d|ind\d|park|power|mall|court)\b")
#: what a Python tuple, list or dict looks like in text: "(3, 4)", "[...]", "{...}", "3, 4"
_PYTHON = re.compile(r"\(\s*\d+\s*,|[\[\]{}]|\b\d+,\s*\d+\b|None|True|False")


@pytest.mark.parametrize("tie", ["discard", "placer"])
def test_prompt_texts_speak_words_and_dollars_through_random_games(tie: str) -> None:
    # issue 22: never Python tuples, bare numbers or ids; money in dollars
    seen = set()
    for seed in range(20):
        g = metrocity.new_game(seed=seed, tie=tie)
        bot = RandomBot(seed)
        while not g.is_over:
            if g.chance is not None:
                g.resolve()
                continue
            assert g.prompt is not None
            kind, text = g.prompt.kind, g.prompt.text
            seen.add(kind)
            assert not _IDS.search(text) and not _PYTHON.search(text), text
            seat = g.prompt.seat
            if kind == "swap":  # every street a swap could take in, with its token in dollars
                for st, token in zip(STREETS, g.s.street_tokens, strict=True):
                    assert (f"{st.name} ${token}" in text) == (token is not None), text
            else:
                assert f"{len(g.s.hands[seat])} tiles" in text or "last tile" in text
                if g.s.money[seat]:
                    assert dollars_or(g.s.money[seat]) in text
            legal = g.legal_actions()
            g.apply(legal[-1] if bot.rng.random() < 0.5 else bot.choose(g, g.to_act or 0))
    assert seen == {"place", "swap"}


def test_a_refused_placement_says_the_hand_in_words_the_empty_blocks_and_the_tokens() -> None:
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"), hand0=("park", "park"))
    before = fingerprint(g)
    with pytest.raises(IllegalAction) as refused:
        g.apply("place com2 A1")  # A1 is built, com2 not in hand
    message = str(refused.value)
    assert "park = Park (School)" in message and "res1 = Residential 1" in message
    assert message.count("park = ") == 1  # two Parks, one kind
    assert "on an empty block (A2, B2, C2" in message and "F5)" in message
    assert "over one of your blocks (A1, C1, E1), discarding a token you hold (10 = $10)" in message
    assert fingerprint(g) == before


def test_a_refused_placement_without_tokens_says_building_over_needs_one() -> None:
    g = start(("res3",))
    with pytest.raises(IllegalAction, match="needs a won token, and you hold none"):
        g.apply("build res3 A1 4")


def test_a_refused_swap_lists_the_streets_still_holding_a_token_in_order() -> None:
    g = fill_row1(("res5", "com6", "ind7"), ("com2", "com3", "com4"), hand0=("court",))
    play(g, "place court B2")
    with pytest.raises(IllegalAction) as refused:
        g.apply("swap avF st2")
    message = str(refused.value)
    assert "pass, or swap <street> <street>" in message
    assert "st2 (2nd Street, $2), st3 (3rd Street, $3)" in message
    assert "st1 (" not in message  # 1st Street was awarded
