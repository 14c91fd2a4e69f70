"""Metropolis's SVG board checked as a picture (issue 23): no label over another, every label
inside the picture and its lot, roof, chip or card, for every seat and the spectator, at the
start, in the middle and at the end of seeded games of every option set
(``tests/svgcheck.py``: boxes from the font's metrics, confirmed by the ink of the PNG that
cairosvg draws)."""

from __future__ import annotations

from typing import Any

import pytest

from common import RandomBot
from metropolis_lots import Accept, Build, Metropolis, Take, new_game, render_svg
from metropolis_lots.data import DEAL
from metropolis_lots.render import action_keys
from tests import svgcheck
from tests.metropolis_lots.test_describe import OPTION_SETS
from tests.metropolis_lots.test_text_board import LONG_NAMES
from tests.tiers import first_quick

#: the player counts of the two games of each option set: every count twice or more
_COUNTS = ((2, 5), (3, 4), (4, 2), (5, 3), (3, 5))


@pytest.fixture(autouse=True)
def _needs_cairosvg() -> None:
    svgcheck.require()


def _targets(g: Metropolis) -> set[str]:
    """The places the seat to act may choose now."""
    return {key for action in g.legal_actions() for key in action_keys(action)}


def _positions(players: int, seed: int, options: dict[str, Any]) -> list[tuple[Metropolis, Any]]:
    """Copies of one seeded game, with the move before each: the first decision, the first
    decision once half the lots are out, and the end."""
    names = LONG_NAMES[:players] if seed % 2 else None
    g = new_game(players=names or players, seed=seed, **options)
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    out: list[tuple[Metropolis, Any]] = []
    last = None
    while not g.is_over:
        if g.chance is not None:
            g.resolve()
            continue
        owned = len(g.view()["state"]["owners"])
        if not out or (len(out) == 1 and owned >= 40):
            out.append((g.clone(), last))
        seat = g.to_act
        assert seat is not None
        last = bots[seat].choose(g, seat)
        g.apply(last)
    out.append((g, last))
    return out


@pytest.mark.parametrize(
    "k,options",
    first_quick(
        enumerate(OPTION_SETS),
        ids=[",".join(sorted(o)) or "defaults" for o in OPTION_SETS],
        several=True,
    ),
)
def test_no_label_overlaps_or_overflows_at_the_start_middle_and_end(
    k: int, options: dict[str, Any]
) -> None:
    for n, players in enumerate(_COUNTS[k]):
        seed = 100 + 10 * k + n
        positions = _positions(players, seed, options)
        assert len(positions) == 3 and positions[-1][0].is_over
        for i, (g, last) in enumerate(positions):
            viewers: list[int | None] = [None, *range(players)]
            for v, seat in enumerate(viewers):
                mine = g.to_act is not None and seat == g.to_act
                svg = render_svg(g, seat, last=last, targets=_targets(g) if mine else None)
                # the PNG's ink confirms the computed boxes for one viewer of one position
                ink = i == (seed % 3) and v == seed % len(viewers)
                assert svgcheck.problems(svg, ink=ink) == [], (players, i, seat)


def test_long_names_a_pooling_proposal_and_highlights_still_fit() -> None:
    # the longest names a game takes: 40 characters, of the widest letters too
    names = [f"{name} of the Upper East Side"[:40] for name in LONG_NAMES[:4]] + ["W" * 40]
    g = new_game(players=names, seed=0, trade_proposals=0)
    # the deal as tests.metropolis_lots.helpers.dealt makes it: the lots of districts 1, 4
    # and 6 to the first three, the rest from district 8 down; then the offer 30-33
    spare = [lot for lot in range(89, 9, -1) if lot // 10 not in (1, 3, 4, 6)]
    hands = [[40, 41], [45], [46], [], []]
    for hand in hands:
        while len(hand) < DEAL[5]:
            hand.append(spare.pop(0))
    g.resolve(tuple(lot for hand in hands for lot in hand))
    g.resolve((30, 31, 32, 33))
    g.apply(Take(30))
    g.resolve((34,))
    move = Build("factory", (40, 41, 45, 46))
    g.apply(move)
    for seat in (None, 0, 1, 4):
        targets = _targets(g) if seat == g.to_act else None
        assert svgcheck.problems(render_svg(g, seat, last=move, targets=targets)) == [], seat
    g.apply(Accept())
    assert svgcheck.problems(render_svg(g, 2, last=Accept()), ink=False) == []
