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
    EndTurn,
    FreeBlock,
    Give,
    GoTo,
    Keep,
    Metropoli,
    Offer,
    Pass,
    Preempt,
    Raise,
    Reject,
    Roll,
    Sell,
    Send,
    Skip,
    Stay,
    Steps,
    Take,
    Waive,
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


def reference_legal(g: Metropoli) -> list[Action]:
    """The legal actions read straight from the rules and rulings, in the engine's order."""
    s = g.s
    n = g.num_players
    a = s.active
    offers: list[Action] = []
    if s.trades_left > 0:
        offers = [Offer((a + k) % n) for k in range(1, n) if s.status[(a + k) % n] == "in"]
    ph = s.phase
    if ph == "roll":
        return [Roll(), *offers]
    if ph == "arrived":
        return [Act(), *offers]
    if ph == "steps":
        return [Steps(k) for k in range(1, 41)]
    if ph == "bid":
        bidding = s.auction
        assert bidding is not None
        return [*(Bid(x) for x in _listed_bids(g, bidding.caller, bidding.high)), Pass()]
    if ph == "raise":
        au = s.auction
        assert au is not None and au.leader is not None
        return [Keep(), *(Raise(x) for x in _listed_bids(g, au.leader, au.high))]
    if ph == "preempt":
        return [Preempt(), Waive()]
    if ph == "cross":
        return [Cross(), Stay()]
    if ph == "free_block":
        return [*(FreeBlock(x) for x in s.free_areas), Skip()]
    if ph == "municipality":
        gos: list[Action] = [GoTo(c) for c in B.concessions if s.owner[c] is None]
        return [*gos, *(FreeBlock(x) for x in range(36) if _open(g, x)), Skip()]
    if ph == "build":
        out: list[Action] = []
        if s.paid_built < 2 and s.cash[a] >= D.BLOCK_COST:
            out += [Build(x) for x in range(36) if _open(g, x)]
        out += offers
        obliged = (  # Master Plan rule 9, ruling MI-A7
            s.roofs == 4
            and not s.final
            and not s.built_areas
            and s.cash[a] >= D.BLOCK_COST
            and s.paid_built < 2
            and any(_open(g, x) for x in range(36))
        )
        return out if obliged else [*out, EndTurn()]
    if ph == "draft":
        assert s.trade is not None
        partner, give, take, _ = s.trade
        # ruling MI-A18: at the stop on arrival, never the concession of the space reached
        here = s.pos[a] if s.trade_from == "arrived" else None
        out = [Give(c) for c in B.concessions if s.owner[c] == a and c not in give and c != here]
        out += [Take(c) for c in B.concessions if s.owner[c] == partner and c not in take]
        if not s.trade_cash_set:
            out += [Cash(x) for x in D.TRADE_PRICES if x <= s.cash[a]]
            out += [Cash(-x) for x in D.TRADE_PRICES if x <= s.cash[partner]]
        if give or take or s.trade_cash_set:
            out.append(Send())
        return [*out, Cancel()]
    if ph == "trade":
        return [Accept(), Reject()]
    if ph == "sell":
        debtor = s.debts[0].debtor
        return [Sell(c) for c in B.concessions if s.owner[c] == debtor]
    return []


def test_the_listing_agrees_with_the_plain_reading_on_random_games() -> None:
    for seed, players in ((1, 3), (2, 4), (3, 6), (4, 5)):
        g = new_game(players=players, seed=seed, trades_per_turn=3)
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
