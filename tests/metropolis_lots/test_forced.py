"""Issue 22, ruling MS-A14: no prompt offers a single action; the engine takes it (forced)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from common import Action, ActionForced, ActionTaken, RandomBot
from common.bots import advance
from common.game import load_data, replay_into
from metropolis_lots import (
    Done,
    Give,
    LotGiven,
    LotTaken,
    Metropolis,
    Pass,
    Take,
    new_game,
    reference,
)
from tests.metropolis_lots.helpers import ask_choice, dealt

#: every value of every option that changes what is asked (colours and chart change no
#: prompt), each met in several games of the sweep
SWEEP = list(
    itertools.product(("half", "free", "none"), (True, False), ("every_seat", "others"), (0, 1, 3))
)


def _listed_now(g: Metropolis) -> list[Action]:
    """What the readable rules list for the step being asked (``reference``), by phase."""
    s = g.s
    if s.phase == "choose":
        return reference.choices(g, s.turn)
    if s.phase == "build":
        return [*reference.builds(g, s.turn), Pass()]
    assert s.phase == "trade", s.phase
    return [Done(), *reference.swaps(g, s.trader)]


def _watch_forced(g: Metropolis, forced: list[tuple[str, Action]]) -> None:
    """Check every forced move of ``g`` against the readable rules as it is taken."""
    take = g._force

    def force(seat: int, action: Action) -> None:
        assert _listed_now(g) == [action], (g.s.phase, action)
        forced.append((g.s.phase, action))
        take(seat, action)

    g._force = force  # type: ignore[method-assign]


@pytest.mark.parametrize(("index", "options"), list(enumerate(SWEEP)))
def test_every_prompt_of_random_games_offers_two_actions_at_least(
    index: int, options: tuple[str, bool, str, int]
) -> None:
    rotation, give_claimed, final_round, trades = options
    players = 2 + index % 4
    g = new_game(
        players=players,
        seed=100 + index,
        rotation=rotation,
        give_claimed=give_claimed,
        final_round=final_round,
        trade_proposals=trades,
        pool_proposals=index % 3,
    )
    forced: list[tuple[str, Action]] = []
    _watch_forced(g, forced)
    bots = [RandomBot(index * 10 + i) for i in range(players)]
    while not g.is_over:
        if g.chance is not None:
            g.resolve()
            continue
        seat = g.to_act
        assert seat is not None
        assert len(g.legal_actions()) >= 2, (g.prompt, g.legal_actions())
        g.apply(bots[seat].choose(g, seat))
    logged = [e for e in g.events if isinstance(e, ActionForced)]
    assert [e.action for e in logged] == [a for _, a in forced]
    assert g.decisions == sum(1 for e in g.events if isinstance(e, ActionTaken))
    assert {phase for phase, _ in forced} >= {"build"}


def test_a_window_listing_no_exchange_closes_with_a_forced_done() -> None:  # MS-A14
    # seat 0 holds district 1 and 20, 21, seat 1 district 8 and 70, 71: no lot of one is
    # next to a lot of the other, so no swap is listed (MS-A5) and done is taken for both
    hands = [[*range(10, 20), 20, 21], [*range(80, 90), 70, 71]]
    g = dealt(2, hands=hands, offer=[30, 31, 32, 33], trade_proposals=2)
    assert reference.swaps(g, 0) == [] == reference.swaps(g, 1)
    forced = [e for e in g.events if isinstance(e, ActionForced)]
    assert forced == [ActionForced(0, Done()), ActionForced(1, Done())]
    assert g.decisions == 0
    assert g.prompt is not None and g.prompt.kind in ("take", "give") and g.to_act == 0


def test_a_window_listing_an_exchange_is_asked() -> None:
    hands = [[*range(10, 20), 20, 21], [*range(80, 90), 70, 22]]  # 21 and 22 are neighbours
    g = dealt(2, hands=hands, offer=[30, 31, 32, 33], trade_proposals=2)
    assert g.prompt is not None and g.prompt.kind == "propose" and g.to_act == 0
    assert len(g.legal_actions()) >= 2
    assert not any(isinstance(e, ActionForced) for e in g.events)


def crowded_district_two(**options: Any) -> Metropolis:
    """Seat 2 holds 20-24, so district 2 is crowded and 25, 26, 27 on offer neighbour only
    its lots; 30 on offer is in an empty district, free to all (MS-6)."""
    hands = [[*range(10, 18)], [*range(60, 68)], [20, 21, 22, 23, 24, 80, 81, 82]]
    return dealt(3, hands=hands, offer=[25, 26, 27, 30], **options)


def test_the_only_possible_lot_choice_is_taken_for_the_seat() -> None:  # MS-A14
    g = crowded_district_two()
    g.s.chips[1] = g.s.chips[2] = 0  # nobody else may take or receive a lot (MS-5)
    start = len(g.events)
    ask_choice(g)
    assert g.events[start : start + 2] == [ActionForced(0, Take(30)), LotTaken(0, 30)]
    assert g.chance is not None and g.decisions == 0  # the refill follows


def test_a_forced_give_away_is_taken_and_logged_as_forced() -> None:  # MS-A14
    g = crowded_district_two()
    g.s.chips[0] = g.s.chips[2] = 0  # seat 0 may take nothing; only seat 1 may receive 30
    start = len(g.events)
    ask_choice(g)
    forced, given = g.events[start : start + 2]
    assert forced == ActionForced(0, Give(30, 1))
    assert given == LotGiven(0, 1, 30, True)
    assert g.s.owner[30] == 1


def test_with_two_possible_choices_the_seat_is_asked() -> None:
    g = crowded_district_two()
    g.s.chips[2] = 0  # seat 0 takes 30 or gives it to seat 1
    ask_choice(g)
    assert g.prompt is not None and g.prompt.kind in ("take", "give")
    assert list(g.legal_actions()) == [Take(30), Give(30, 1)]


def test_nothing_to_build_is_a_forced_pass() -> None:  # MS-A14
    # only factories are left (a 2x2 block), and no four lots of seat 0 make one
    scattered = [10, 12, 14, 21, 23, 30, 32, 34]
    g = dealt(3, hands=[scattered], offer=[50, 51, 52, 53])
    g.s.supply = [m.count if m.id == "factory" else 0 for m in g.r.models]
    g.apply(Take(53))
    start = len(g.events)
    g.resolve((54,))
    assert ActionForced(0, Pass()) in g.events[start:]
    assert g.s.turn == 1 and g.decisions == 1


def test_a_game_with_forced_moves_replays_loads_and_undoes() -> None:
    g = new_game(players=3, seed=8)
    bots = [RandomBot(80 + i) for i in range(3)]
    while not g.is_over and g.decisions < 120:
        advance(g, bots, 1)
    assert any(isinstance(e, ActionForced) for e in g.events)
    text = g.to_json()
    assert load_data(Metropolis, text).to_json() == text
    assert replay_into(Metropolis, list(g.events)).to_json() == text
    last = max(i for i, e in enumerate(g.events) if isinstance(e, ActionTaken))
    g.undo()
    assert len(g.events) == last


def test_random_play_meets_each_kind_of_forced_move() -> None:
    """The sweep's games force a done (a window listing no exchange), a pass (nothing to
    build) and a lot choice (one possible), each checked against the readable rules."""
    kinds: set[str] = set()
    for index, (rotation, give_claimed, _, trades) in enumerate(SWEEP[:18]):
        players = 2 + index % 4
        g = new_game(
            players=players,
            seed=100 + index,
            rotation=rotation,
            give_claimed=give_claimed,
            trade_proposals=trades,
        )
        forced: list[tuple[str, Action]] = []
        _watch_forced(g, forced)
        bots = [RandomBot(index * 10 + i) for i in range(players)]
        while not g.is_over:
            advance(g, bots, 1)
        kinds |= {phase for phase, _ in forced}
    assert kinds == {"trade", "choose", "build"}
