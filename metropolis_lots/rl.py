"""A fixed action space and observation vector for the PettingZoo adapter (issue 10, ``[rl]``).

The catalogue holds every action that can ever be listed by ``legal_actions()`` for the
game's player count, derived from the data in a fixed order: the four answers, every lot
taken or given to each seat, every building placement (a pooled building is the same
``build`` action), and the exchange proposals ruling MS-A5 lists (one lot for one lot with
any other seat). Larger exchanges stay legal through ``apply`` but are not in the space.

The observation is built from ``game.view(seat)`` only, seats counted from the observer.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from common import Action, Game
from common.rl import RLSpec
from metropolis_lots.actions import Accept, Decline, Done, Give, Pass, Propose, Take
from metropolis_lots.data import chart_key, rules_for

#: the phases a view can show, for a one-hot of what is being decided
PHASES = ("deal", "offer", "trade", "answer", "choose", "refill", "build", "pool", "over")
#: per lot: one channel per seat (observer first), built, offered, in the pending exchange
#: (given, taken), in the pending pool, then one channel per building kind
_LOT_FLAGS = 5
_SCALE_CHIPS = 30.0
_SCALE_SCORE = 100.0


@cache
def _catalogue(players: int, chart: str | None, rotation: str) -> tuple[Action, ...]:
    r = rules_for(chart, rotation)
    lots = r.board.lots
    out: list[Action] = [Done(), Pass(), Accept(), Decline()]
    out += [Take(lot) for lot in lots]
    out += [Give(lot, to) for lot in lots for to in range(players)]
    out += [a for mi in range(len(r.models)) for d in r.board.districts for _, a in r.builds[mi][d]]
    # ruling MS-A5: the listed proposals are one-for-one swaps with any other seat
    out += [
        Propose(p, (give,), (take,))
        for p in range(players)
        for give in lots
        for take in lots
        if give != take
    ]
    return tuple(out)


def catalogue(game: Game) -> Sequence[Action]:
    """Every action ``legal_actions()`` can list for these players and options, fixed order."""
    return _catalogue(game.num_players, chart_key(game.options["chart"]), game.options["rotation"])


@cache
def _kinds(chart: str | None) -> tuple[str, ...]:
    r = rules_for(chart)
    return tuple(dict.fromkeys(m.kind for m in r.models))


def observe(game: Game, seat: int) -> Sequence[float]:
    """What ``seat`` sees as numbers: per lot its owner, building and offers; then supply,
    chips, scores, whose turn and whose exchange window, the phase and the final round."""
    view = game.view(seat)
    state = view["state"]
    n = game.num_players
    chart = chart_key(game.options["chart"])
    r = rules_for(chart, game.options["rotation"])
    kinds = _kinds(chart)
    kind_at = {k: i for i, k in enumerate(kinds)}
    lots = r.board.lots
    slot = {lot: i for i, lot in enumerate(lots)}
    width = n + _LOT_FLAGS + len(kinds)
    grid = [0.0] * (len(lots) * width)
    for lot, owner in state["owners"].items():
        grid[slot[int(lot)] * width + (owner - seat) % n] = 1.0
    for b in state["buildings"]:
        for lot in b["lots"]:
            base = slot[lot] * width
            grid[base + n] = 1.0
            grid[base + n + _LOT_FLAGS + kind_at[b["kind"]]] = 1.0
    for lot in state["offer"]:
        grid[slot[lot] * width + n + 1] = 1.0
    trade = state["trade"]
    if trade is not None:
        for lot in trade["give"]:
            grid[slot[lot] * width + n + 2] = 1.0
        for lot in trade["take"]:
            grid[slot[lot] * width + n + 3] = 1.0
    pool = state["pool"]
    if pool is not None:
        for lot in pool["lots"]:
            grid[slot[lot] * width + n + 4] = 1.0
    out = grid
    out += [state["supply"][m.id] / m.count for m in r.models]
    order = [(seat + k) % n for k in range(n)]
    out += [state["chips"][p] / _SCALE_CHIPS for p in order]
    out += [state["scores"][p] / _SCALE_SCORE for p in order]
    out += [1.0 if state["turn"] == p else 0.0 for p in order]
    # whose exchange window is open (ruling MS-A13): the seat on turn or another
    out += [1.0 if state["trader"] == p else 0.0 for p in order]
    out += [1.0 if state["phase"] == ph else 0.0 for ph in PHASES]
    out.append(state["stack_size"] / len(lots))
    out.append(max(0, state["final_turns_left"]) / n)
    out.append(state["proposals_made"] / 10)
    return out


SPEC = RLSpec(catalogue, observe)
