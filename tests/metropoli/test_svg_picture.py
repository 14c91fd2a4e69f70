"""Metropoli's SVG board checked as a picture (issue 23): no label over another, every label
inside the picture and its space, area, chip, token or row, for every seat and the spectator,
at the start, in the middle and at the end of seeded games of every option set
(``tests/svgcheck.py``: boxes from the font's metrics, confirmed by the ink of the PNG that
cairosvg draws)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import pytest

from common import Action
from metropoli import Metropoli, new_game
from metropoli.bots import HeuristicBot, RandomBot
from metropoli.render import action_keys, render_svg
from tests import svgcheck
from tests.metropoli.helpers import NAMES, OPTION_SETS, mixed_game, steps
from tests.metropoli.test_svg_board import Replaced
from tests.tiers import first_quick

#: the second game of each option set: another table size, named when the first is not
_SECOND = len(OPTION_SETS)


@pytest.fixture(autouse=True)
def _needs_cairosvg() -> None:
    svgcheck.require()


def _targets(g: Metropoli, seat: int | None) -> set[str] | None:
    """The places the seat may act on now, as a front end marks them."""
    if g.to_act is None or seat != g.to_act:
        return None
    return {key for action in g.legal_actions() for key in action_keys(action)}


def _positions(game: int, options: dict[str, Any]) -> list[tuple[Metropoli, Action | None]]:
    """Copies of game ``game`` of the random games (``mixed_game``) with the move before each:
    at its first decision, at its middle decision (the game is played twice: its length is
    known after the first), and at its end."""
    g, bots = mixed_game(game, options)
    decisions = sum(1 for _ in steps(g, bots) if g.to_act is not None)
    g, bots = mixed_game(game, options)
    out: list[tuple[Metropoli, Action | None]] = []
    last: Action | None = None
    seen = 0
    while not g.is_over:
        if g.chance is not None:
            g.resolve()
            continue
        if seen in (0, decisions // 2):
            out.append((g.clone(), last))
        seen += 1
        seat = g.to_act
        assert seat is not None
        last = bots[seat].choose(g, seat)
        g.apply(last)
    out.append((g, last))
    return out


def _check(positions: list[tuple[Metropoli, Action | None]], ink_at: int | None) -> None:
    """Every position for every seat and the spectator; with ``ink_at``, one picture also
    confirmed by its ink (the PNG drawn twice: the dearest check)."""
    for i, (g, last) in enumerate(positions):
        viewers: list[int | None] = [None, *range(g.num_players)]
        for v, seat in enumerate(viewers):
            svg = render_svg(g, seat, last=last, targets=_targets(g, seat))
            ink = ink_at is not None and (i, v) == (ink_at % len(positions), ink_at % len(viewers))
            assert svgcheck.problems(svg, ink=ink) == [], (i, seat, str(last))


@pytest.mark.parametrize(
    "k",
    first_quick(
        range(len(OPTION_SETS)),
        ids=[
            ",".join(f"{key}={v}"[:30] for key, v in o.items()) or "defaults" for o in OPTION_SETS
        ],
    ),
)
def test_no_label_overlaps_or_overflows_at_the_start_middle_and_end(k: int) -> None:
    for game in (k, k + _SECOND):  # 3 to 6 players, named in one game of the two
        positions = _positions(game, OPTION_SETS[k])
        assert len(positions) == 3 and positions[-1][0].is_over, game
        _check(positions, ink_at=game if game == k else None)


def _long_names(players: int) -> list[str]:
    """Names of 40 characters, the longest a game takes, one of the widest letters."""
    names = [f"{name} della Valle degli Ulivi di Montepulciano"[:40] for name in NAMES]
    return [*names[: players - 1], "W" * 40]


def _until(
    g: Metropoli, bots: list[Any], stop: Callable[[Metropoli], bool]
) -> tuple[bool, Action | None]:
    """Play on until ``stop`` holds (True) or the game ends (False), and the last move."""
    last = None
    while not stop(g):
        if g.is_over:
            return False, last
        if g.chance is not None:
            g.resolve()
            continue
        seat = g.to_act
        assert seat is not None
        last = bots[seat].choose(g, seat)
        g.apply(last)
    return True, last


def _state(g: Metropoli) -> dict[str, Any]:
    state: dict[str, Any] = g.view()["state"]
    return state


#: positions worth a look of their own, by what the view shows (RandomBots go bankrupt and
#: trade; a heuristic seat keeps the game going to its final phase)
_MOMENTS: dict[str, Callable[[Metropoli], bool]] = {
    "an auction with bids": lambda g: (
        g.prompt is not None
        and g.prompt.kind == "bid"
        and _state(g)["auction"]["leader"] is not None
    ),
    "a proposal sent": lambda g: g.prompt is not None and g.prompt.kind == "trade",
    "a bankruptcy auction": lambda g: (
        g.prompt is not None
        and _state(g)["auction"] is not None
        and _state(g)["auction"]["kind"] == "bankruptcy"
    ),
    "a sale to cover a debt": lambda g: g.prompt is not None and g.prompt.kind == "sell",
    "the completion phase": lambda g: (
        g.prompt is not None and g.prompt.kind == "build" and _state(g)["completion_phase"]
    ),
    "the final phase": lambda g: g.prompt is not None and _state(g)["final_phase"],
}


@pytest.mark.parametrize("moment", list(_MOMENTS))
def test_long_names_and_crowded_moments_still_fit(moment: str) -> None:
    for seed in range(40):
        players = 6 - seed % 2
        g = new_game(players=_long_names(players), seed=seed)
        bots: list[Any] = [
            HeuristicBot(seed + s) if s == 0 else RandomBot(seed + s) for s in range(players)
        ]
        reached, last = _until(g, bots, _MOMENTS[moment])
        if not reached:  # this game never got there: the next seed
            continue
        for seat in (None, *range(players)):
            svg = render_svg(g, seat, last=last, targets=_targets(g, seat))
            assert svgcheck.problems(svg, ink=seat == g.to_act) == [], (seed, seat)
        return
    pytest.fail(f"no seed of 40 reached {moment}")


def test_a_replaced_board_laid_out_a_quadrant_a_district_still_reads() -> None:
    g = new_game(players=4, seed=2)
    svg = render_svg(cast(Metropoli, Replaced(g)), 1)
    assert svgcheck.problems(svg) == []
