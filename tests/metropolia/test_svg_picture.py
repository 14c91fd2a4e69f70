"""Metropolia's SVG board checked as a picture (issue 23): no label over another, every label
inside the picture and its card, landmark or panel, for each seat and the spectator, at the
start, in the middle and at the end of seeded games of every option set
(``tests/svgcheck.py``: boxes from the font's metrics, confirmed by the ink of the PNG that
cairosvg draws)."""

from __future__ import annotations

from typing import Any

import pytest

import metropolia
from metropolia import HeuristicBot
from metropolia.data import CARDS, LANDMARKS
from metropolia.render import action_keys, render_svg
from metropolia.rules import Metropolia
from tests import svgcheck
from tests.metropolia.helpers import OPTION_SETS, position, roll
from tests.tiers import first_quick

#: the games of each option set: (players, seed)
GAMES = ((2, 1), (3, 2), (4, 3))


@pytest.fixture(autouse=True)
def _needs_cairosvg() -> None:
    svgcheck.require()


def _positions(players: int, seed: int, options: dict[str, Any]) -> list[Metropolia]:
    """Copies of one seeded game: at its first decision, at its middle decision, and over."""
    g = metropolia.new_game(players=players, seed=seed, **options)
    bots = [HeuristicBot(seed + k) for k in range(players)]
    decisions: list[Metropolia] = []
    while not g.is_over:
        if g.chance is not None:
            g.resolve()
            continue
        decisions.append(g.clone())
        seat = g.to_act
        assert seat is not None
        g.apply(bots[seat].choose(g, seat))
    return [decisions[0], decisions[len(decisions) // 2], g]


def _targets(g: Metropolia, seat: int | None) -> set[str] | None:
    """The places the seat may act on now, as a front end would mark them."""
    if g.prompt is None or seat not in (None, g.to_act):
        return None
    return {k for a in g.legal_actions() for k in action_keys(a)}


@pytest.mark.parametrize(
    "options", first_quick(OPTION_SETS, ids=[",".join(map(str, o.items())) for o in OPTION_SETS])
)
@pytest.mark.parametrize("players,seed", GAMES)
def test_no_label_overlaps_or_overflows_at_the_start_middle_and_end(
    options: dict[str, Any], players: int, seed: int
) -> None:
    positions = _positions(players, seed, options)
    assert len(positions) == 3 and positions[-1].is_over and not positions[0].is_over
    seats: list[int | None] = [*range(players), None]
    for k, g in enumerate(positions):
        for seat in seats:
            # the PNG's ink confirms the computed boxes for one picture of each game
            ink = k == seed % 3 and seat == seats[(seed + k) % len(seats)]
            svg = render_svg(g, seat, targets=_targets(g, seat))
            assert svgcheck.problems(svg, ink=ink) == [], (k, seat)


def test_long_names_crowded_cities_and_highlights_still_fit() -> None:
    names = [
        "Anastasia Wolkonskaja-Montgomery",
        "Bartholomew Featherstonehaugh III",
        "Zoë Ångström-Ødegård",
        "<Ala & Co> Przybyszewska",
    ]
    every = {c.id: 6 for c in CARDS}
    built = [m.id for m in LANDMARKS if m.id != "airport"]
    g = position(names, plus=True, coins=[123, 0, 45, 1], cards=[every] * 4,
                 landmarks=[built, [], built[:2], ["port"]])  # fmt: skip
    roll(g, 6, 6)  # doubles: the Port is not asked below 10, the purple cards act
    targets = {"seat:1", "seat:2", "seat:3", "give:ranch", "take:mine", "card:airport"}
    for seat in (0, 1, None):
        svg = render_svg(g, seat, last=["card:cafe", "seat:2"], targets=targets)
        assert svgcheck.problems(svg, ink=seat == 0) == [], seat


def test_the_longest_prompts_and_roll_line_fit() -> None:
    names = ["Anastasia Wolkonskaja-Montgomery", "Bartholomew Featherstonehaugh III",
             "Zoë Ångström-Ødegård", "Celina Przybyszewska-Montgomery"]  # fmt: skip
    built = ["port", "train_station", "radio_tower", "amusement_park"]
    g = position(names, plus=True, coins=[30, 40, 40, 40], cards=[{"tv_station": 1}, {}, {}, {}],
                 landmarks=[built, [], [], []])  # fmt: skip
    roll(g, 6, 6)
    kinds = []
    for move in ("pass", "port", "pass"):  # keep the roll, add 2 for the Port, build nothing
        assert g.prompt is not None
        kinds.append(g.prompt.kind)
        for seat in (0, None):
            svg = render_svg(g, seat, targets=_targets(g, seat))
            assert svgcheck.problems(svg, ink=move == "port" and seat == 0) == []
        g.apply(move)
    assert kinds == ["reroll", "port", "build"]
    g = position(names, plus=True, coins=[0, 40, 40, 40], cards=[{"tv_station": 1}, {}, {}, {}],
                 landmarks=[built, [], [], []])  # fmt: skip
    roll(g, 3, 3)
    g.apply("pass")  # keep the 6: the TV Station asks whom to take from
    assert g.prompt is not None and g.prompt.kind == "take"
    for seat in (0, None):
        svg = render_svg(g, seat, targets=_targets(g, seat))
        assert svgcheck.problems(svg, ink=seat is None) == []
