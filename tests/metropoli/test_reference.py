"""The engine's listing of legal actions (dispatch tables, cached action records: issue 8)
agrees with a plain reading of the rules written here, position by position, on random games."""

from __future__ import annotations

from common import Action, GameRandom
from metropoli import (
    Accept,
    Act,
    Bid,
    Build,
    Cancel,
    Cash,
    Cross,
    Decline,
    Done,
    FreeBlock,
    Give,
    GoTo,
    Metropoli,
    Offer,
    Pass,
    Preempt,
    Raise,
    Roll,
    Sell,
    Send,
    Steps,
    Take,
    new_game,
)
from metropoli import data as D
from metropoli.data import BOARD as B


def _open(g: Metropoli, x: int) -> bool:
    """Master Plan (MI-10, MI-11): a block may go on area x now."""
    s = g.s
    h = s.heights[x] + 1
    cap = s.caps[B.area_district[x]]
    return (
        not s.final
        and s.blocks_left > 0
        and h <= D.MAX_HEIGHT
        and x not in s.built_areas
        and (cap == 0 or h <= cap)
    )


def _listed_bids(g: Metropoli, seat: int, high: int) -> list[int]:
    """Ruling MI-A1: steps over the price, then all-in, up to the listing cap."""
    cash = min(g.s.cash[seat], D.BID_LIST_CAP)
    out = [high + st for st in D.RAISE_STEPS if high + st <= cash]
    all_in = cash - cash % D.BID_UNIT
    if all_in > high and all_in not in out and (not out or all_in > out[-1]):
        out.append(all_in)
    return out


def _has_deal(g: Metropoli, partner: int) -> bool:
    """Ruling MI-A26: a proposal to ``partner`` could list something (MI-A2's listed sums,
    either side's concessions, not the space reached at the arrival stop, MI-A18)."""
    s = g.s
    a = s.active
    least = min(D.TRADE_PRICES)
    here = s.pos[a] if s.phase == "act" else None
    return (
        s.cash[a] >= least
        or s.cash[partner] >= least
        or any(s.owner[c] == partner for c in B.concessions)
        or any(s.owner[c] == a and c != here for c in B.concessions)
    )


def reference_legal(g: Metropoli) -> list[Action]:
    """The legal actions read straight from the rules and rulings, in the engine's order."""
    s = g.s
    n = g.num_players
    a = s.active
    offers: list[Action] = []
    if s.proposals_left > 0:
        others = [(a + k) % n for k in range(1, n)]
        offers = [Offer(p) for p in others if s.status[p] == "in" and _has_deal(g, p)]
    ph = s.phase
    if ph == "roll":
        return [Roll(), *offers]
    if ph == "act":
        return [Act(), *offers]
    if ph == "move":
        return [Steps(k) for k in range(1, 41)]
    if ph == "bid":
        bidding = s.auction
        assert bidding is not None
        return [*(Bid(x) for x in _listed_bids(g, bidding.caller, bidding.high)), Pass()]
    if ph == "raise":
        au = s.auction
        assert au is not None and au.leader is not None
        return [Pass(), *(Raise(x) for x in _listed_bids(g, au.leader, au.high))]
    if ph == "preempt":
        return [Preempt(), Pass()]
    if ph == "cross":
        return [Cross(), Pass()]
    if ph == "free":
        return [*(FreeBlock(x) for x in s.free_areas), Pass()]
    # Master Plan rule 10 (MI-A16, MI-A25): two paid blocks, or two in all
    total = g.options["block_limit"] == "total"
    placed = len(s.built_areas) if total else s.paid_built
    if ph == "municipality":
        gos: list[Action] = [GoTo(c) for c in B.concessions if s.owner[c] is None]
        frees: list[Action] = [FreeBlock(x) for x in range(36) if _open(g, x)]
        last: list[Action] = [Pass()] if g.options["municipality_pass"] else []
        return [*gos, *frees, *last]
    if ph == "build":
        out: list[Action] = []
        if placed < 2 and s.cash[a] >= D.BLOCK_COST:
            out += [Build(x) for x in range(36) if _open(g, x)]
        obliged = s.roofs == 4 and not s.built_areas and bool(out)  # rule 9, ruling MI-A7
        out += offers
        return out if obliged else [*out, Done()]
    if ph == "draft":
        assert s.trade is not None
        partner, give, take, _ = s.trade
        # ruling MI-A18: at the stop on arrival, never the concession of the space reached
        here = s.pos[a] if s.trade_from == "act" else None
        out = [Give(c) for c in B.concessions if s.owner[c] == a and c not in give and c != here]
        out += [Take(c) for c in B.concessions if s.owner[c] == partner and c not in take]
        if not s.trade_cash_set:
            out += [Cash(x) for x in D.TRADE_PRICES if x <= s.cash[a]]
            out += [Cash(-x) for x in D.TRADE_PRICES if x <= s.cash[partner]]
        if give or take or s.trade_cash_set:
            out.append(Send())
        return [*out, Cancel()]
    if ph == "trade":
        return [Accept(), Decline()]
    if ph == "sell":
        debtor = s.debts[0].debtor
        return [Sell(c) for c in B.concessions if s.owner[c] == debtor]
    return []


OPTION_SETS: list[dict[str, object]] = [
    {},
    {"proposals_per_stop": 2},
    {"block_limit": "total", "municipality_pass": True},
    {"cross_bought_bridge": False, "trade_after_move": False},
]


def test_the_listing_agrees_with_the_plain_reading_on_random_games() -> None:
    for k, (seed, players) in enumerate(((1, 3), (2, 4), (3, 6), (4, 5))):
        g = new_game(players=players, seed=seed, **OPTION_SETS[k])
        rng = GameRandom(seed)
        while not g.is_over:
            if g.chance is not None:
                g.resolve()
                continue
            legal = g.legal_actions()
            assert list(legal) == reference_legal(g), g.s.phase
            # the Master Plan compared area by area in C (build, municipality, rule 9)
            assert g._open_of(range(36)) == [x for x in range(36) if _open(g, x)]
            g.apply(legal[rng.randrange(len(legal))])
