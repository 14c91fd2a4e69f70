"""Issue 8: the table-driven legal actions, the early-end check, the lot masks and the
incremental values agree with the readable path (``metropolis_lots.reference``,
``values_of``, the masks rebuilt from the owners) at every step of random games."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from common import RandomBot
from metropolis_lots import new_game, reference
from metropolis_lots.rules import values_of


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 10_000),
    trades=st.integers(0, 4),
    pools=st.integers(0, 3),
    give_claimed=st.booleans(),
)
def test_fast_legal_actions_and_values_agree_with_the_readable_rules(
    players: int, seed: int, trades: int, pools: int, give_claimed: bool
) -> None:
    g = new_game(
        players=players,
        seed=seed,
        trade_proposals=trades,
        pool_proposals=pools,
        give_claimed=give_claimed,
    )
    bots = [RandomBot(seed + i) for i in range(players)]
    while not g.is_over:
        assert g.s.values == values_of(g.r, g.s.buildings)
        assert g.s.index_matches()  # the lot masks, ``unbuilt`` and ``near`` included
        assert g._any_building_fits() == reference.any_building_fits(g)
        if g.chance is not None:
            g.resolve()
            continue
        seat = g.to_act
        assert seat is not None
        assert g.legal_actions() == reference.legal_actions(g), (seed, g.decisions)
        g.apply(bots[seat].choose(g, seat))
