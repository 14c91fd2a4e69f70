"""The rules of Metropoli read plainly: slow, obvious code written from the rulebook.

``rules`` answers the same questions fast (dispatch tables by phase, action records and
prompts made once, a trade's menu listed at the offer, area limits compared in C); these
functions answer them the way the rulebook and the rulings state them, from the state alone,
and the tests check that the two agree at every position of random games:

- ``legal_actions``: what the seat asked may decide, the whole list in the engine's order;
- ``is_legal``: the decisions accepted, the listed ones and every other legal amount;
- ``open_areas``: where a block may go now (the Master Plan);
- ``street_rent``: a street's rent (the Concession Value card, the neighbourhood, a trust);
- ``wealth`` and ``result``: the count at the end and the winners;
- ``cards_seen`` and ``cash_flows``: tallies the engine keeps as it goes, counted from the log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from common import Action, Result
from metropoli import actions as A
from metropoli import data as D
from metropoli.events import CardRead, Payment

if TYPE_CHECKING:
    from metropoli.rules import Metropoli

B = D.BOARD


def block_open(game: Metropoli, area: int) -> bool:
    """The Master Plan (MI-10, MI-11): a block may go on ``area`` now.

    Not in the final phase nor with the supply empty; a building is at most 5 high, and no
    higher than its district's cap once the district has a skyscraper; never two blocks of one
    turn on one area.
    """
    s = game.s
    height = s.heights[area] + 1
    cap = s.caps[B.area_district[area]]
    return (
        not s.final
        and s.blocks_left > 0
        and height <= D.MAX_HEIGHT
        and area not in s.built_areas
        and (cap == 0 or height <= cap)
    )


def open_areas(game: Metropoli) -> list[int]:
    """Every Buildable Area where a block may go now, in area order."""
    return [x for x in range(len(B.area_district)) if block_open(game, x)]


def listed_bids(game: Metropoli, seat: int, high: int) -> list[int]:
    """The bids listed for ``seat`` over ``high`` (ruling MI-A1): each raise step over the
    price, then all-in, up to the listing cap."""
    cash = min(game.s.cash[seat], D.BID_LIST_CAP)
    out = [high + step for step in D.RAISE_STEPS if high + step <= cash]
    all_in = cash - cash % D.BID_UNIT
    if all_in > high and all_in not in out and (not out or all_in > out[-1]):
        out.append(all_in)
    return out


def could_trade(game: Metropoli, partner: int) -> bool:
    """Ruling MI-A26: a proposal to ``partner`` could hold something: one of MI-A2's listed
    sums either way, or a concession of either side (at the stop on arrival, not the one of
    the space reached, MI-A18)."""
    s = game.s
    me = s.active
    least = min(D.TRADE_PRICES)
    here = s.pos[me] if s.phase == "act" else None
    return (
        s.cash[me] >= least
        or s.cash[partner] >= least
        or any(s.owner[c] == partner for c in B.concessions)
        or any(s.owner[c] == me and c != here for c in B.concessions)
    )


def offers(game: Metropoli) -> list[Action]:
    """The proposals the player on turn may open: one to each other player still in, from
    the left, where a proposal could hold something, while the trading point allows one."""
    s = game.s
    n = game.num_players
    if s.proposals_left <= 0:
        return []
    others = [(s.active + k) % n for k in range(1, n)]
    return [A.Offer(p) for p in others if s.status[p] == "in" and could_trade(game, p)]


def _free_block_areas(game: Metropoli) -> list[int]:
    """The areas a free block may go on: one's own street's three areas (seed "Game Actions"),
    or any area for the Metropoli card's free block, where the Master Plan allows one."""
    s = game.s
    space = s.pos[s.active]
    areas = B.street_areas[space] if B.kinds[space] == "street" else range(len(B.area_district))
    return [x for x in areas if block_open(game, x)]


def legal_actions(game: Metropoli) -> list[Action]:
    """The legal actions read straight from the rules and rulings, in the engine's order."""
    s = game.s
    me = s.active
    phase = s.phase
    if phase == "roll":
        return [A.Roll(), *offers(game)]
    if phase == "act":
        return [A.Act(), *offers(game)]
    if phase == "move":  # seed "Triple Dice": any distance from 1 to the whole track
        return [A.Steps(k) for k in range(1, B.size + 1)]
    if phase == "bid":
        au = s.auction
        assert au is not None
        return [*(A.Bid(x) for x in listed_bids(game, au.caller, au.high)), A.Pass()]
    if phase == "raise":
        au = s.auction
        assert au is not None and au.leader is not None
        return [A.Pass(), *(A.Raise(x) for x in listed_bids(game, au.leader, au.high))]
    if phase == "preempt":
        return [A.Preempt(), A.Pass()]
    if phase == "cross":
        return [A.Cross(), A.Pass()]
    if phase == "free":
        return [*(A.FreeBlock(x) for x in _free_block_areas(game)), A.Pass()]
    if phase == "municipality":  # "two options" (MI-A27): a free concession, a free block
        trips: list[Action] = [A.GoTo(c) for c in B.concessions if s.owner[c] is None]
        blocks: list[Action] = [A.FreeBlock(x) for x in open_areas(game)]
        last: list[Action] = [A.Pass()] if game.options["municipality_pass"] else []
        return [*trips, *blocks, *last]
    if phase == "build":
        # Master Plan rule 10 (MI-A16, MI-A25): two paid blocks a turn, or two in all
        total = game.options["block_limit"] == "total"
        placed = len(s.built_areas) if total else s.paid_built
        out: list[Action] = []
        if placed < D.BLOCKS_PER_TURN and s.cash[me] >= D.BLOCK_COST:
            out += [A.Build(x) for x in open_areas(game)]
        # rule 9 (MI-A7): in the completion phase a block is due while one can be bought
        obliged = s.roofs == D.ROOFS and not s.built_areas and bool(out)
        out += offers(game)
        return out if obliged else [*out, A.Done()]
    if phase == "draft":
        assert s.trade is not None
        partner, give, take, _ = s.trade
        here = s.pos[me] if s.trade_from == "act" else None  # MI-A18
        out = [A.Give(c) for c in B.concessions if s.owner[c] == me and c not in give and c != here]
        out += [A.Take(c) for c in B.concessions if s.owner[c] == partner and c not in take]
        if not s.trade_cash_set:  # MI-A2: the listed sums the payer holds (no loans)
            out += [A.Cash(x) for x in D.TRADE_PRICES if x <= s.cash[me]]
            out += [A.Cash(-x) for x in D.TRADE_PRICES if x <= s.cash[partner]]
        if give or take or s.trade_cash_set:
            out.append(A.Send())
        return [*out, A.Cancel()]
    if phase == "trade":
        return [A.Accept(), A.Decline()]
    if phase == "sell":  # MI-16: a concession of the debtor's goes up for auction
        debtor = s.debts[0].debtor
        return [A.Sell(c) for c in B.concessions if s.owner[c] == debtor]
    return []


def is_legal(game: Metropoli, action: Action) -> bool:
    """Whether ``action`` may be decided now: a listed action, or a bid or raise of any
    multiple of $50,000 over the price within the bidder's cash (MI-9, CORE-5), or a trade's
    cash of any multiple of $10,000 the payer holds, set once (MI-A2)."""
    s = game.s
    kind = type(action)
    au = s.auction
    if s.phase in ("bid", "raise") and kind in (A.Bid, A.Raise) and au is not None:
        if (kind is A.Bid) != (s.phase == "bid"):
            return False
        seat = au.caller if s.phase == "bid" else au.leader
        assert seat is not None
        amount = action.amount  # type: ignore[attr-defined]
        return (
            type(amount) is int
            and amount > au.high
            and amount % D.BID_UNIT == 0
            and amount <= s.cash[seat]
        )
    if s.phase == "draft" and kind is A.Cash and s.trade is not None:
        if s.trade_cash_set:
            return False
        cash: int = action.amount  # type: ignore[attr-defined]
        payer = s.active if cash > 0 else s.trade[0]
        return cash != 0 and cash % D.TRADE_UNIT == 0 and abs(cash) <= s.cash[payer]
    return action in legal_actions(game)


def street_rent(game: Metropoli, space: int) -> int:
    """What landing on another's street costs (seed "The Value of Building Exploitation
    Concessions", MI-6, MI-A14): the Concession Value card read at the height of the district's
    tallest building and the blocks on the street's three areas (10 with a skyscraper there),
    plus the neighbourhood's value; doubled for a trust (seed "Trust": one holder of all the
    neighbourhood's streets)."""
    s = game.s
    areas = B.street_areas[space]
    district = B.area_district[areas[0]]
    tallest = max(s.heights[x] for x in B.district_areas[district])
    blocks = sum(s.heights[x] for x in areas)
    if any(s.roof[x] for x in areas):
        blocks = D.VALUE_MAX_BLOCKS
    value = tallest * D.VALUE_PER_FLOOR_BLOCK * min(blocks, D.VALUE_MAX_BLOCKS)
    hood = B.hood_of[space]
    assert hood is not None
    holder = s.owner[space]
    trust = holder is not None and all(s.owner[t] == holder for t in B.hood_streets[hood])
    return (value + s.hood_values[hood]) * (D.TRUST_FACTOR if trust else 1)


def wealth(game: Metropoli, seat: int) -> int:
    """A player's wealth (MI-17): cash, each street held at its neighbourhood's value, each
    bridge held at $500,000."""
    s = game.s
    streets = sum(s.hood_values[B.hood_of[c] or 0] for c in B.streets if s.owner[c] == seat)
    bridges = sum(D.BRIDGE_WEALTH for b in B.bridges if s.owner[b] == seat)
    return s.cash[seat] + streets + bridges


def result(game: Metropoli) -> Result:
    """The end (seed "End of the Game", MI-17, MI-A12, MI-A24): the last player not bankrupt
    wins; otherwise the wealthiest of those not bankrupt, ties shared."""
    scores = tuple(wealth(game, seat) for seat in range(game.num_players))
    standing = [seat for seat in range(game.num_players) if game.s.status[seat] != "bankrupt"]
    if len(standing) == 1:
        return Result(scores, (standing[0],), "the last player remaining (ruling MI-A24)")
    best = max(scores[seat] for seat in standing)
    winners = tuple(seat for seat in standing if scores[seat] == best)
    return Result(scores, winners, "wealth (ruling MI-17)")


def cards_seen(game: Metropoli) -> int:
    """How many Metropoli cards have been read, counted from the whole log."""
    return sum(1 for event in game.events if type(event) is CardRead)


def cash_flows(game: Metropoli) -> list[int]:
    """Each seat's net Payments, then what the Bank paid out net, counted from the whole log."""
    n = game.num_players
    nets = [0] * n
    bank = 0
    for event in game.events:
        if type(event) is Payment:
            if event.payer is None:
                bank += event.amount
            else:
                nets[event.payer] -= event.amount
            if event.payee is None:
                bank -= event.amount
            else:
                nets[event.payee] += event.amount
    return [*nets, bank]
