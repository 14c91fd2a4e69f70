"""Every place a legal move names (``GameInfo.action_keys``) is a clickable place of the
board the seat to act sees, so the browser lights up a place for every move that needs one."""

from __future__ import annotations

import random
import re

import pytest

import common
from common.protocol import legal

GAMES = ["metrocity", "metropoli", "metropolia", "metropolis_lots"]
KEY = re.compile(r'data-key="([^"]+)"')


@pytest.mark.parametrize("name", GAMES)
def test_every_key_a_legal_move_names_is_on_the_seats_board(name: str) -> None:
    info = common.get(name)
    assert info.action_keys is not None and info.render_svg is not None
    named = 0
    for seed in (1, 2):
        g = info.new_game(seed=seed)
        rng = random.Random(seed)
        decisions = 0
        while not g.is_over and decisions < 400:
            if g.to_act is None:
                g.resolve()
                continue
            decisions += 1
            moves = legal(g, g.to_act)
            keys = {k for ks in moves["keys"] for k in ks}
            if keys and decisions % 7 == 1:  # a picture now and then: drawing is the cost
                on_board = set(KEY.findall(info.render_svg(g, g.to_act)))
                assert keys <= on_board, (seed, g.to_act, sorted(keys - on_board))
                named += 1
            g.apply(rng.choice(g.legal_actions()))
    assert named > 3  # the check saw boards with places to click


def test_the_answer_lists_a_moves_places_beside_it() -> None:
    info = common.get("metrocity")
    g = info.new_game(seed=1)
    moves = legal(g, g.to_act)
    assert len(moves["keys"]) == len(moves["actions"])
    for action, keys in zip(g.legal_actions(), moves["keys"], strict=True):
        assert keys == [f"tile:{action.tile}", f"block:{action.block}"]  # type: ignore[attr-defined]
