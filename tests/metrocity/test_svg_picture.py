"""Metro City's SVG board checked as a picture (issue 23): no label over another, every label
inside the picture and its tile, for each seat and the spectator, at the start, in the middle
and at the end of seeded games (``tests/svgcheck.py``: boxes from the font's metrics, confirmed
by the ink of the PNG that cairosvg draws)."""

from __future__ import annotations

import pytest

import metrocity
from common import Bot, RandomBot
from metrocity.render import render_svg
from tests import svgcheck
from tests.metrocity.helpers import fill_row1, pile

SEATS = (0, 1, None)


@pytest.fixture(autouse=True)
def _needs_cairosvg() -> None:
    svgcheck.require()


def _positions(seed: int) -> list[metrocity.MetroCity]:
    """Copies of one seeded game: just set up, half-way, and over."""
    g = metrocity.new_game(seed=seed, tie="placer" if seed % 2 else "discard")
    bots: list[Bot] = [metrocity.HeuristicBot(seed), RandomBot(seed + 1)]
    out = []
    while not g.is_over:
        if g.chance is not None:
            g.resolve()
            if g.chance is None:
                out.append(g.clone())
            continue
        if g.s.empty == 15:
            out.append(g.clone())
        g.apply(bots[g.to_act or 0].choose(g, g.to_act or 0))
    out.append(g)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_no_label_overlaps_or_overflows_at_the_start_middle_and_end(seed: int) -> None:
    positions = _positions(seed)
    assert len(positions) == 3 and positions[-1].is_over
    for k, g in enumerate(positions):
        for seat in SEATS:
            # the PNG's ink confirms the computed boxes for one viewer of each position
            ink = seat == SEATS[(seed + k) % 3]
            assert svgcheck.problems(render_svg(g, seat), ink=ink) == [], (k, seat)


def test_long_names_a_pending_courthouse_and_highlights_still_fit() -> None:
    names = ["Anastasia Wolkonskaja-Montgomery", "Bartholomew Featherstonehaugh III"]
    g = metrocity.new_game(players=names, seed=1)
    g.resolve((10, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 15, 1, 13, 14))
    g.resolve(pile(["res5", "com6", "ind7", "mall", "court"]))
    g.resolve(pile(["com2", "com3", "com4", "park", "power"]))
    for move in ("place res5 A1", "place com2 B1", "place com6 C1", "place com3 D1"):
        g.apply(move)
    g.apply("place ind7 E1")
    g.apply("place com4 F1")  # Anastasia wins 1st Street
    g.apply("place court A2")  # the Courthouse asks its swap
    for seat in SEATS:
        svg = render_svg(g, seat, last="A2", targets=("street:st2", "block:B2", "tile:mall"))
        assert svgcheck.problems(svg) == [], seat


def test_a_street_won_in_a_tie_the_placer_kept_fits() -> None:
    g = fill_row1(("com2", "com3", "res1"), ("com4", "res2", "park"), tie="placer")
    assert svgcheck.problems(render_svg(g, 1)) == []
