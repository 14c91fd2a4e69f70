"""Conservation invariants (issue 9): money, 80 blocks, 28 concessions, the Master Plan."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from common import play
from metropoli import Metropoli, RandomBot, new_game
from metropoli.data import BOARD as B
from tests.metropoli.helpers import land, started


def _played(steps: int = 300, seed: int = 3) -> Metropoli:
    g = new_game(players=4, seed=seed)
    bots = [RandomBot(seed * 10 + k) for k in range(4)]
    for _ in range(steps):
        if g.is_over:
            break
        if g.chance is not None:
            g.resolve()
        else:
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].choose(g, seat), seat=seat)
    return g


def test_invariants_hold_through_whole_games() -> None:
    for seed in range(3):
        g = new_game(players=3 + seed, seed=seed)
        play(g, [RandomBot(seed + k) for k in range(g.num_players)])
        assert g.invariants() == []


def test_invariants_follow_clones_and_undo() -> None:
    g = _played()
    assert g.invariants() == []
    c = g.clone()
    c.s.cash[0] += 10_000
    assert c.invariants() and g.invariants() == []
    g.undo()
    assert g.invariants() == []


def _gift(g: Metropoli) -> None:
    g.s.cash[1] += 50_000  # money from nowhere: no Payment event


def _theft(g: Metropoli) -> None:
    g.s.cash[2] -= 50_000
    g.s.cash[1] += 50_000  # conserved in total, but not recorded


def _negative(g: Metropoli) -> None:
    g.s.cash[0] = -10_000


def _block_from_nowhere(g: Metropoli) -> None:
    g.s.heights[4] += 1


def _lost_block(g: Metropoli) -> None:
    g.s.blocks_left -= 1


def _foreign_owner(g: Metropoli) -> None:
    g.s.owner[B.concessions[0]] = 7


def _owned_corner(g: Metropoli) -> None:
    g.s.owner[0] = 1  # La Borsa is no concession


def _bankrupt_owner(g: Metropoli) -> None:
    g.s.owner[B.concessions[3]] = 2
    g.s.status[2] = "bankrupt"


def _cap_exceeded(g: Metropoli) -> None:
    g.s.heights[0], g.s.roof[0], g.s.caps[0], g.s.roofs = 2, 1, 2, 1
    g.s.heights[1] = 3
    g.s.blocks_left -= 5


def _two_skyscrapers(g: Metropoli) -> None:
    s = g.s
    s.heights[0], s.roof[0], s.heights[1], s.roof[1] = 2, 1, 3, 2
    s.caps[0], s.roofs = 2, 2
    s.blocks_left -= 5


def _uncapped_too_tall(g: Metropoli) -> None:
    g.s.heights[10] = 2  # a 2-floor building without roof 1
    g.s.blocks_left -= 2


BREAKS: dict[str, tuple[Callable[[Metropoli], None], str]] = {
    "gift": (_gift, "money"),
    "theft": (_theft, "money: seat 2"),
    "negative": (_negative, "< 0"),
    "block": (_block_from_nowhere, "blocks"),
    "lost": (_lost_block, "blocks"),
    "foreign": (_foreign_owner, "no seat"),
    "corner": (_owned_corner, "no concession"),
    "bankrupt": (_bankrupt_owner, "bankrupt seat 2"),
    "cap": (_cap_exceeded, "allows 2"),
    "two roofs": (_two_skyscrapers, "2 skyscrapers"),
    "uncapped": (_uncapped_too_tall, "allows 1"),
}


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_a_deliberately_broken_state_is_reported(name: str) -> None:
    g = started()
    land(g, 0, not_first_round=False)
    assert g.invariants() == []
    breaker, words = BREAKS[name]
    breaker(g)
    broken = g.invariants()
    assert broken and any(words in line for line in broken), broken


def test_check_game_reports_a_broken_invariant() -> None:
    from common.testing import check_game

    class Leaky(Metropoli):
        def _finish_turn(self) -> None:
            self.s.cash[self.s.active] += 10_000  # an unrecorded bonus each turn
            super()._finish_turn()

    with pytest.raises(AssertionError, match="money"):
        check_game(lambda s: Leaky(players=3, seed=s), games=1)


def test_the_core_play_loop_drives_real_turns() -> None:
    # the core's play() resolves chance through its own private helpers: a game method of
    # the same name once swallowed every roll (no token moved, no auction held)
    from metropoli.events import AuctionOpened, Moved

    g = new_game(players=3, seed=4)
    play(g, [RandomBot(k) for k in range(3)])
    kinds = {type(e) for e in g.events}
    assert Moved in kinds and AuctionOpened in kinds
    assert g.invariants() == []
