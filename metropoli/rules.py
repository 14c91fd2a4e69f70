"""The rules of Metropoli: the Game subclass, its steps in the rulebook's order.

The set-up; the turn: roll three dice (a triple lets the player choose the distance) and move;
the space reached (a Metropoli card, the Court, the Motorway, the Municipality); concession
auctions with the winner's raise and the pre-emption; rent and trusts; bridges; building under
the Master Plan; trading; debts and bankruptcy; the end. Each rule step keeps beside it what
may be decided there (``_legal_*``) and how a decision is taken (``_do_*``). Rulings
MI-1..MI-18 (shared) and MI-A1.. (docs/rulings-metropoli.md) are cited where they decide
behaviour.

The rulebook's numbers are ``metropoli.data``; the lookups made once from them (action records,
seat orders, prompts made ahead) are ``metropoli.tables``; what is said to people is
``metropoli.words``; ``metropoli.reference`` reads the same rules plainly, and the tests hold
these fast steps to it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from itertools import compress
from math import exp
from operator import lt
from typing import Any, TypeVar

from common import Action, ActionSet, Dice, Game, Option, Prompt, Result, Shuffle
from common.chance import ChanceRequest
from common.codec import freeze
from metropoli import data as D
from metropoli import words as W
from metropoli.actions import (
    ALL_ACTIONS,
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
    Offer,
    Pass,
    Preempt,
    Raise,
    Roll,
    Sell,
    Send,
    Steps,
    Take,
)
from metropoli.events import (
    ALL_EVENTS,
    AuctionClosed,
    AuctionOpened,
    BankruptcyBegan,
    BlockBuilt,
    CardRead,
    CompletionPhaseBegan,
    ConcessionsDealt,
    ConcessionTransferred,
    DeckShuffled,
    FinalPhaseBegan,
    FirstPlayerChosen,
    Moved,
    NeighbourhoodValuesDealt,
    Payment,
    PlayerBankrupt,
    PlayerLeft,
    RentCharged,
    RoofPlaced,
    TradeDone,
    TradeProposed,
    TurnBegan,
    WealthCounted,
)
from metropoli.rl import ENCODINGS
from metropoli.schema import STATE_SCHEMA
from metropoli.state import BANKRUPT, IN, LEFT, Auction, Debt, MetropoliState
from metropoli.tables import (
    ACCEPT_OR_DECLINE,
    ACT,
    ACT_PROMPTS,
    ALL_AREAS,
    ALL_OFFERS,
    AREA_VIEW,
    AREAS,
    ASK,
    BID_AT,
    BID_PROMPTS,
    BID_STEPS,
    BORSA,
    BRIDGE_HOLDERS,
    BUILD,
    BUILD_PROMPTS,
    CANCEL_ONLY,
    CAP_UNITS,
    CLOCKWISE,
    CONCESSION_SET,
    CONCESSIONS,
    CROSS_OR_PASS,
    CROSS_PROMPTS,
    DEAL_STREETS,
    DEAL_VALUES,
    DONE,
    DRAFT_PROMPTS,
    FREE,
    FREE_CARD_PROMPTS,
    FREE_STREET_PROMPTS,
    GIVE,
    GOTO,
    HOLDERS,
    LEAST_LISTED,
    MAX_ACTIONS,
    MOTORWAY,
    MOVE_PROMPTS,
    OFFER,
    OTHERS,
    PASS,
    PAY,
    PREEMPT_OR_PASS,
    RAISE_AT,
    RAISE_STEPS,
    ROLL,
    ROLL_ONLY,
    ROLL_OR_OFFER,
    ROLL_PROMPTS,
    SELL,
    SEND_CANCEL,
    SPACE_VIEW,
    SPACES,
    STEP_UNITS,
    STEPS,
    STREET_HOODS,
    TAKE,
    UNIT,
    area_limits,
    held_by,
    rolls_of,
    static_data,
)

B = D.BOARD
_T = TypeVar("_T")


def _check_cards(value: Any) -> bool:
    if value is not None:
        D.parse_cards(value, "option cards")
    return True


class Metropoli(Game):
    """Metropoli (Editrice Giochi, 2010): concession auctions and a city built by everyone."""

    name = "metropoli"
    title = "Metropoli"
    encodings = ENCODINGS
    min_players = 3
    max_players = 6
    options_spec = {
        "cards": Option(
            None,
            help="the Metropoli deck, a list of card objects (--cards FILE on every command, "
            "or -o cards='[...]'); default: the shipped reconstruction (MI-8)",
            check=_check_cards,
            expects="a list of cards",
            convert=freeze,
        ),
        "proposals_per_stop": Option(
            10,
            (0, 1, 2, 3, 5, 10, 20),
            help="trade proposals the player on turn may make at each trading point (before "
            "the roll, on arrival, in the building step): a bound against endless loops only; "
            "0: no trading (MI-A26)",
        ),
        "trade_after_move": Option(
            True,
            (True, False),
            help="the player on turn may also propose a trade after moving, before the space "
            "acts, unless it makes a payment due (MI-A15)",
        ),
        "round_limit": Option(
            200,
            (50, 100, 200, 400, 1000),
            help="rounds after which the final phase starts if blocks remain (MI-A3)",
        ),
        "final_turn_limit": Option(
            10, (5, 10, 20, 40), help="final-phase turns after which a player leaves (MI-A4)"
        ),
        "first_round_borsa": Option(
            False, (False, True), help="La Borsa pays in the first round too (MI-12 other reading)"
        ),
        "block_limit": Option(
            "paid",
            ("paid", "total"),
            help="Master Plan rule 10's two blocks a turn: 'paid' counts the paid ones, free "
            "blocks come on top (MI-A16); 'total' counts every block, free ones too (the "
            "English 'never more than two blocks in total', MI-A25)",
        ),
        "municipality_pass": Option(
            False,
            (False, True),
            help="Il Comune may also be declined with pass; the rulebook gives 'two options' "
            "only (MI-A27)",
        ),
        "cross_bought_bridge": Option(
            True,
            (True, False),
            help="the player on turn who buys at auction the bridge the token stands on may "
            "cross it at once, as its owner (the rulebook); False: not that turn (MI-13, "
            "MI-A28)",
        ),
    }
    actions = ActionSet(ALL_ACTIONS)
    game_events = ALL_EVENTS
    state_schema = STATE_SCHEMA

    s: MetropoliState
    cards: dict[str, D.Card]
    #: by seat, the dice of the move and of L'Autostrada's exit: each request names its roller
    #: (the log says who rolled)
    _dice: tuple[tuple[Dice, ...], tuple[Dice, ...]]

    # ========== set-up (seed "Setup"; rulings MI-1, MI-7, MI-A13)
    def _setup(self) -> None:
        n = self.num_players
        self._load_cards()
        self._dice = rolls_of(self.players)
        self.s = MetropoliState(
            cash=[D.START_CASH] * n,
            pos=[BORSA] * n,
            status=[IN] * n,
            turns_taken=[0] * n,
            final_turns=[0] * n,
            owner=[None] * SPACES,
            heights=[0] * len(B.area_district),
            roof=[0] * len(B.area_district),
            caps=[0] * len(B.district_areas),
            hood_values=[0] * len(B.hood_streets),
            deck=[],
            blocks_left=D.BLOCK_SUPPLY,
            phase="first",
            first_rolls=[0] * n,
            contenders=list(range(n)),
        )
        self._ask_first_roll()

    def _load_cards(self) -> None:
        opt = self.options["cards"]
        deck = D.DEFAULT_CARDS if opt is None else D.parse_cards(opt, "option cards")
        self.cards = {c.id: c for c in deck}

    def _ask_first_roll(self) -> None:
        seat = self.s.contenders[self.s.roll_idx]
        self._request(Dice(3, f"{W.FIRST_DICE}: {self.players[seat]}"))

    def _first_roll(self, outcome: tuple[Any, ...]) -> None:
        s = self.s
        s.first_rolls[s.contenders[s.roll_idx]] = sum(outcome)
        s.roll_idx += 1
        if s.roll_idx < len(s.contenders):
            self._ask_first_roll()
            return
        top = max(s.first_rolls[c] for c in s.contenders)
        tied = [c for c in s.contenders if s.first_rolls[c] == top]
        if len(tied) > 1:  # seed "Setup", ruling MI-A13: only the tied re-roll
            s.contenders, s.roll_idx = tied, 0
            self._ask_first_roll()
            return
        s.active = tied[0]
        self._record(FirstPlayerChosen, s.active)
        s.phase = "deal"
        self._request(DEAL_STREETS)

    def _deal(self, outcome: tuple[Any, ...]) -> None:
        s = self.s
        for seat in range(self.num_players):  # ruling MI-1: two street concessions each
            got = (int(outcome[2 * seat]), int(outcome[2 * seat + 1]))
            for sp in got:
                s.owner[sp] = seat
            self._record(ConcessionsDealt, seat, got)
        s.phase = "hoods"
        self._request(DEAL_VALUES)

    def _deal_values(self, outcome: tuple[Any, ...]) -> None:
        self.s.hood_values = [int(v) for v in outcome]  # ruling MI-7
        self._record(NeighbourhoodValuesDealt, tuple(self.s.hood_values))
        self.s.phase = "deck"
        self._request(Shuffle("metropoli", tuple(self.cards)))

    def _deck_shuffled(self, outcome: tuple[Any, ...]) -> None:
        self.s.deck = [str(c) for c in outcome]
        self._record(DeckShuffled, len(self.s.deck))
        self._begin_turn()

    # ========== the turn: roll and move (seed "Rules in Brief", "Triple Dice"; MI-12, MI-14)
    def _begin_turn(self) -> None:
        s = self.s
        s.turn_no += 1
        s.paid_built = 0
        s.built_areas = []
        s.cards_read = 0
        s.bridge_at = -1
        s.last_roll = 0
        if s.final:
            s.final_turns[s.active] += 1
        self._record(TurnBegan, s.active, s.turn_no)
        s.proposals_left = self.options["proposals_per_stop"]  # the first trading point
        self._ask_roll()

    def _ask_roll(self) -> None:
        """Roll, or first propose a trade (rulings MI-A2, MI-A26); a lone roll is taken."""
        s = self.s
        s.phase = "roll"
        if s.proposals_left > 0 and self._offers():
            self._ask_prompt(ROLL_PROMPTS[s.active])
        else:
            self._force(s.active, ROLL)

    def _legal_roll(self) -> Sequence[Action]:
        s = self.s
        if s.proposals_left <= 0:  # (then the roll is taken, never asked: ``_ask_roll``)
            return ROLL_ONLY
        # rulings MI-A2, MI-A26: the player on turn may trade before rolling
        status = s.status
        n = len(status)
        if status.count(IN) == n and s.cash[s.active] >= LEAST_LISTED:  # listed once
            return ROLL_OR_OFFER[n][s.active]
        return [ROLL, *self._offers()]

    def _do_roll(self, seat: int, action: Roll) -> None:
        self.s.phase = "dice"
        self._request(self._dice[0][seat])

    def _rolled(self, outcome: tuple[Any, ...]) -> None:
        s = self.s
        s.last_roll = sum(outcome)
        if outcome[0] == outcome[1] == outcome[2]:  # seed "Triple Dice", ruling MI-14
            s.phase = "move"
            self._ask_prompt(MOVE_PROMPTS[s.active][s.pos[s.active]])
            return
        self._advance(s.last_roll, "roll")

    def _legal_move(self) -> Sequence[Action]:
        return STEPS

    def _do_steps(self, seat: int, action: Steps) -> None:
        self._advance(action.count, "triple")

    def _first_round(self, seat: int) -> bool:
        return self.s.turns_taken[seat] == 0 and not self.options["first_round_borsa"]

    def _borsa(self, seat: int, landed: bool) -> None:
        """Pay La Borsa's bonus for passing or landing (ruling MI-12)."""
        if self._first_round(seat):
            return
        self._pay(None, seat, D.BORSA_LAND if landed else D.BORSA_PASS, "borsa")

    def _advance(self, steps: int, how: str) -> None:
        """Move forward along the track; passing La Borsa pays; then act on the space."""
        s = self.s
        a = s.active
        p = s.pos[a]
        if s.final:  # rulings MI-17, MI-A6: leave on reaching or passing L'Autostrada
            dist = (MOTORWAY - p) % SPACES or SPACES
            if steps >= dist:
                self._record(Moved, a, p, MOTORWAY, how)
                s.pos[a] = MOTORWAY
                if p + dist > SPACES:
                    self._borsa(a, landed=False)
                self._leave(a, "motorway")
                self._finish_turn()
                return
        total = p + steps
        to = total % SPACES
        self._record(Moved, a, p, to, how)
        s.pos[a] = to
        if total >= SPACES:
            self._borsa(a, landed=to == BORSA)
        self._arrive()

    def _jump(self, to: int, how: str) -> None:
        """Move directly (never passes La Borsa, ruling MI-12); then act on the space."""
        s = self.s
        a = s.active
        self._record(Moved, a, s.pos[a], to, how)
        s.pos[a] = to
        if s.final and to == MOTORWAY:  # ruling MI-A6
            self._leave(a, "motorway")
            self._finish_turn()
            return
        self._arrive()

    def _arrive(self) -> None:
        """The token has arrived on a space: a new trading point (ruling MI-A26)."""
        self.s.proposals_left = self.options["proposals_per_stop"]
        self._act_on_space()

    # ========== the space reached (seed "Game Actions", "Other Spaces"; MI-A15)
    def _act_on_space(self) -> None:
        """Stop for a trade on arrival (rulings MI-A15, MI-A26), or let the space act at once.

        The stop comes at every arrival where it is open (trading on, no payment due), so the
        turn keeps one rhythm; when no proposal can be made there, ``act`` is taken."""
        s = self.s
        opts = self.options
        if opts["trade_after_move"] and opts["proposals_per_stop"] and not self._payment_due():
            s.phase = "act"
            a = s.active
            if s.proposals_left > 0 and self._offers():
                sp = s.pos[a]
                self._ask_prompt(ACT_PROMPTS[a][sp][s.owner[sp] == a])
            else:
                self._force(a, ACT)
            return
        self._space_acts()

    def _legal_act(self) -> list[Action]:
        return [ACT, *self._offers()] if self.s.proposals_left > 0 else [ACT]

    def _do_act(self, seat: int, action: Act) -> None:
        self._space_acts()

    def _payment_due(self) -> bool:
        """The space reached makes a payment due at once (rent, a toll, the Court's fine):
        debts are settled immediately, with no discount (seed "Trading", rule 1; MI-A15)."""
        s = self.s
        a = s.active
        sp = s.pos[a]
        kind = B.kinds[sp]
        if kind == "court":
            return True
        if kind == "street" or kind == "bridge":
            owner = s.owner[sp]
            return owner is not None and owner != a
        return False

    def _space_acts(self) -> None:
        """Seed "Game Actions" and "Other Spaces": what the space reached makes happen."""
        s = self.s
        a = s.active
        sp = s.pos[a]
        kind = B.kinds[sp]
        if kind in ("street", "bridge"):
            owner = s.owner[sp]
            if kind == "bridge":
                s.bridge_at = sp  # rulings MI-13, MI-A28: the bridge one may cross from
            if owner is None:
                self._open_auction(sp)
            elif kind == "street":
                if owner == a:
                    self._offer_free_block(B.street_areas[sp], FREE_STREET_PROMPTS[a][sp])
                else:
                    self._charge_rent(a, sp, owner)
            elif owner != a:  # ruling MI-13: toll, then the crossing is optional
                toll = D.TOLL_PER_BRIDGE * sum(1 for b in B.bridges if s.owner[b] == owner)
                s.debts.append(Debt(a, owner, toll, "toll"))
                self._settle_debts("cross")
            else:
                self._ask_cross()
        elif kind == "metropoli":
            self._read_card()
        elif kind == "court":  # ruling MI-15
            s.debts.append(Debt(a, None, D.FINE_PER_PIP * s.last_roll, "fine"))
            self._settle_debts("build")
        elif kind == "motorway":  # ruling MI-4
            s.phase = "motorway"
            self._request(self._dice[1][a])
        elif kind == "municipality":
            self._municipality()
        else:
            self._start_build()

    # ---------- Metropoli cards (MI-8)
    def _read_card(self) -> None:
        s = self.s
        a = s.active
        if s.cards_read >= len(s.deck):  # ruling MI-A5: the deck has gone round this turn
            self._start_build()
            return
        cid = s.deck.pop(0)
        s.deck.append(cid)
        s.cards_read += 1
        card = self.cards[cid]
        self._record(CardRead, a, cid, card.text)
        eff, amt = card.effect, card.amount
        others = OTHERS[len(s.status)][a]
        if eff == "collect":
            self._pay(None, a, amt, "card")
        elif eff == "pay":
            s.debts.append(Debt(a, None, amt, "card"))
        elif eff == "collect_from_each":
            s.debts.extend(Debt(x, a, amt, "card") for x in others if s.status[x] == IN)
        elif eff == "pay_each":
            s.debts.extend(Debt(a, x, amt, "card") for x in others if s.status[x] != BANKRUPT)
        elif eff == "pay_per_block":  # ruling MI-A11
            mine = [sp for sp in B.streets if s.owner[sp] == a]
            blocks = sum(s.heights[x] for sp in mine for x in B.street_areas[sp])
            s.debts.append(Debt(a, None, amt * blocks, "card"))
        elif eff == "collect_per_bridge":
            self._pay(None, a, amt * sum(1 for b in B.bridges if s.owner[b] == a), "card")
        elif eff == "collect_per_street":
            self._pay(None, a, amt * sum(1 for x in B.streets if s.owner[x] == a), "card")
        elif eff == "pay_per_street":
            n = sum(1 for x in B.streets if s.owner[x] == a)
            s.debts.append(Debt(a, None, amt * n, "card"))
        elif eff == "advance_to":
            self._advance((amt - s.pos[a]) % SPACES or SPACES, "card")
            return
        elif eff == "go_to":
            self._jump(amt, "card")
            return
        elif eff == "advance_to_bridge":
            self._advance(self._steps_to(lambda sp: B.kinds[sp] == "bridge"), "card")
            return
        elif eff == "advance_to_free":
            free = set(self._free_concessions())
            if free:
                self._advance(self._steps_to(lambda sp: sp in free), "card")
                return
        elif eff == "move_back":
            self._jump((s.pos[a] - amt) % SPACES, "back")
            return
        elif eff == "free_block":
            self._offer_free_block(ALL_AREAS, FREE_CARD_PROMPTS[a])
            return
        self._settle_debts("build")

    def _steps_to(self, pred: Any) -> int:
        p = self.s.pos[self.s.active]
        for k in range(1, SPACES + 1):
            if pred((p + k) % SPACES):
                return k
        return SPACES

    # ---------- L'Autostrada (MI-4)
    def _motorway_exit(self, outcome: tuple[Any, ...]) -> None:
        self.s.last_roll = outcome[0] + outcome[1]  # ruling MI-15
        self._jump(B.exits[10 * outcome[0] + outcome[1]], "motorway")

    # ---------- Il Comune (MI-A10, MI-A27)
    def _free_concessions(self) -> list[int]:
        """The concessions still with the Bank, in track order."""
        owner = self.s.owner
        return [c for c in CONCESSIONS if owner[c] is None]

    def _municipality(self) -> None:
        """Seed "Other Spaces": "The player has two options": a trip to a free concession
        (then its auction) or one free block anywhere (rulings MI-A10, MI-A27)."""
        s = self.s
        legal = self._legal_municipality()
        trip = type(legal[0]) is GoTo if legal else False
        block = any(type(x) is FreeBlock for x in legal)
        if not trip and not block:  # neither option is open: nothing happens
            self._start_build()
            return
        s.phase = "municipality"
        if len(legal) == 1:
            self._force(s.active, legal[0])
            return
        may_pass = self.options["municipality_pass"]
        self._ask(s.active, "municipality", W.municipality(trip, block, may_pass))

    def _legal_municipality(self) -> list[Action]:
        """Il Comune's two options (seed "Other Spaces"); ``pass`` only with the option
        ``municipality_pass`` (ruling MI-A27)."""
        out: list[Action] = held_by(self.s.owner, None, GOTO)
        out.extend(self._open_of(FREE))
        if self.options["municipality_pass"]:
            out.append(PASS)
        return out

    def _do_goto(self, seat: int, action: GoTo) -> None:
        self._jump(action.space, "municipality")

    # ========== concession auctions and pre-emption (seed "Game Actions"; MI-9, MI-A1)
    def _clockwise_from(self, seat: int) -> tuple[int, ...]:
        """The seats from ``seat``'s left round to ``seat`` itself."""
        return CLOCKWISE[len(self.players)][seat]

    def _open_auction(self, space: int) -> None:
        s = self.s
        status = s.status
        n = len(status)
        order = CLOCKWISE[n][s.active]
        if status.count(IN) < n:  # only the seats still in bid
            order = tuple(x for x in order if status[x] == IN)
        s.auction = Auction(space, "sale", order, [False] * n)
        self._record(AuctionOpened, space, "sale")
        self._auction_next()

    def _auction_next(self) -> None:
        s = self.s
        au = s.auction
        assert au is not None
        order, passed, leader = au.order, au.passed, au.leader
        n = len(order)
        i = au.idx
        for _ in order:  # once round the table, from the seat after the last caller
            i = i + 1 if i + 1 < n else 0
            seat = order[i]
            if not passed[seat] and seat != leader:
                au.idx, au.caller, au.stage = i, seat, "bid"
                s.phase = "bid"
                if s.cash[seat] < au.high + UNIT:  # no bid within the cash (MI-9): out
                    self._force(seat, PASS)
                else:
                    self._ask_prompt(self._bid_prompt(au, seat))
                return
        self._auction_close()

    def _bid_prompt(self, au: Auction, seat: int) -> Prompt:
        """The bid prompt: the concession, the high bid and its bidder (made once each)."""
        debtor = self.s.owner[au.space]  # None in a sale
        key = (self.players, au.space, debtor, au.high, au.leader, seat)
        prompt = BID_PROMPTS.get(key)
        if prompt is None:
            text = W.bid_prompt(self.players, au.space, debtor, au.high, au.leader)
            prompt = BID_PROMPTS.keep(key, Prompt(seat, "bid", text))
        return prompt

    def _legal_bid(self) -> list[Action]:
        au = self.s.auction
        assert au is not None
        out = self._listed_bids(BID_STEPS, BID_AT, au.caller, au.high)
        out.append(PASS)
        return out

    def _listed_bids(
        self, steps: tuple[tuple[Action, ...], ...], made: tuple[Action, ...], seat: int, high: int
    ) -> list[Action]:
        """The bids listed, as records of ``made`` (by amount in bid units; ``steps`` the
        table of its raise steps): raise steps over ``high`` and all-in, up to the listing
        cap (ruling MI-A1; every other legal bid is accepted by ``is_legal``, CORE-5). Prices
        are multiples of the unit (MI-9)."""
        top = self.s.cash[seat] // UNIT  # all-in, in units
        if top > CAP_UNITS:
            top = CAP_UNITS
        h = high // UNIT
        if top <= h:
            return []
        k = bisect_right(STEP_UNITS, top - h)  # the steps within the cash: a prefix
        out = list(steps[h][:k])
        if not k or top > h + STEP_UNITS[k - 1]:
            out.append(made[top])
        return out

    def _bid_ok(self, seat: int, high: int, amount: Any) -> bool:
        """Ruling MI-9: a bid raises the price by a multiple of $50,000, within the cash."""
        return (
            type(amount) is int
            and amount > high
            and amount % D.BID_UNIT == 0
            and amount <= self.s.cash[seat]
        )

    def _do_bid(self, seat: int, action: Bid) -> None:
        au = self.s.auction
        assert au is not None
        au.high, au.leader = action.amount, seat
        self._auction_next()

    def _do_pass(self, seat: int, action: Pass) -> None:
        """``pass`` declines what the prompt offers (one word for all of them)."""
        s = self.s
        ph = s.phase
        if ph == "bid":  # out of this auction (MI-9)
            au = s.auction
            assert au is not None
            au.passed[seat] = True
            self._auction_next()
        elif ph == "raise":  # the winning bid is the Market Value
            self._market_value_set()
        elif ph == "preempt":  # no pre-emption: the winner buys
            au = s.auction
            assert au is not None and au.leader is not None
            self._award(au.leader, au.high, "auction")
        elif ph == "cross":  # stay on the bridge (seed "Bridges": not obliged to cross)
            self._start_build()
        else:  # free or municipality: the free block, or Il Comune, declined (MI-A10, MI-A27)
            self._settle_debts("build")

    def _auction_close(self) -> None:
        s = self.s
        au = s.auction
        assert au is not None
        self._record(AuctionClosed, au.space, au.leader, au.high)
        if au.leader is None:  # nobody bid: the concession stays with the Bank
            s.auction = None
            if au.kind == "sale":
                self._start_build()
            else:
                self._transfer(au.space, None, "unsold")
                self._settle_debts(s.after_debts)
            return
        if au.kind == "bankruptcy":  # ruling MI-16: no raise, no pre-emption
            debtor = s.owner[au.space]
            assert debtor is not None
            self._pay(au.leader, debtor, au.high, "bankruptcy auction")
            self._transfer(au.space, au.leader, "bankruptcy auction")
            s.auction = None
            self._settle_debts(s.after_debts)
            return
        if au.leader == s.active:  # ruling MI-A17: no pre-emption to guard against, no raise
            self._award(au.leader, au.high, "auction")
            return
        au.stage = "raise"
        s.phase = "raise"
        if s.cash[au.leader] < au.high + UNIT:  # no raise within the cash: the bid stands
            self._force(au.leader, PASS)
            return
        text = W.raise_prompt(self.players, au.space, au.high, s.active)
        self._ask(au.leader, "raise", text)

    def _legal_raise(self) -> list[Action]:
        au = self.s.auction
        assert au is not None and au.leader is not None
        out: list[Action] = [PASS]
        out.extend(self._listed_bids(RAISE_STEPS, RAISE_AT, au.leader, au.high))
        return out

    def _do_raise(self, seat: int, action: Raise) -> None:
        assert self.s.auction is not None
        self.s.auction.high = action.amount
        self._market_value_set()

    def _market_value_set(self) -> None:
        s = self.s
        au = s.auction
        assert au is not None and au.leader is not None
        a = s.active
        if au.leader != a and s.cash[a] >= au.high + D.PREEMPT_EXTRA:
            au.stage = "preempt"
            s.phase = "preempt"
            text = W.preempt_prompt(self.players, au.space, au.high, au.leader)
            self._ask(a, "preempt", text)
            return
        self._award(au.leader, au.high, "auction")

    def _legal_preempt(self) -> Sequence[Action]:
        return PREEMPT_OR_PASS

    def _do_preempt(self, seat: int, action: Preempt) -> None:
        assert self.s.auction is not None
        self._award(seat, self.s.auction.high + D.PREEMPT_EXTRA, "preemption")

    def _award(self, seat: int, price: int, how: str) -> None:
        s = self.s
        au = s.auction
        assert au is not None
        self._pay(seat, None, price, how)
        self._transfer(au.space, seat, how)
        s.auction = None
        # ruling MI-A28 (seed "Bridges"): the player on turn who has just bought the bridge
        # the token ended on owns it, and the owner "may decide to cross"; option
        # cross_bought_bridge=False keeps MI-13's "not this turn"
        if au.space == s.bridge_at and seat == s.active and self.options["cross_bought_bridge"]:
            self._ask_cross()
            return
        self._start_build()

    # ========== rent and trusts (seed "The Value of ... Concessions", "Trust"; MI-6)
    def street_rent(self, space: int) -> tuple[int, int, int, bool, int, int, bool]:
        """Rent of a street now: (total, tallest, blocks, skyscraper, value, hood, trust)."""
        s = self.s
        hood = B.hood_of[space]
        assert hood is not None
        areas = B.street_areas[space]
        heights, roof, holder = s.heights, s.roof, s.owner
        tallest = max([heights[x] for x in B.district_areas[B.area_district[areas[0]]]])
        blocks = sum([heights[x] for x in areas])
        sky = any([roof[x] for x in areas])
        value = D.concession_value(tallest, blocks, sky)
        hood_value = s.hood_values[hood]  # due even with no blocks (ruling MI-A14)
        owner = holder[space]
        streets = B.hood_streets[hood]
        trust = owner is not None and [holder[t] for t in streets].count(owner) == len(streets)
        total = (value + hood_value) * (D.TRUST_FACTOR if trust else 1)
        return total, tallest, blocks, sky, value, hood_value, trust

    def _charge_rent(self, seat: int, space: int, owner: int) -> None:
        total, tallest, blocks, sky, value, hood_value, trust = self.street_rent(space)
        self._record(
            RentCharged, seat, owner, space, tallest, blocks, sky, value, hood_value, trust, total
        )
        self.s.debts.append(Debt(seat, owner, total, "rent"))
        self._settle_debts("build")

    # ========== bridges (seed "Bridges"; MI-13, MI-A28)
    def _ask_cross(self) -> None:
        self.s.phase = "cross"
        self._ask_prompt(CROSS_PROMPTS[self.s.active][self.s.bridge_at])

    def _legal_cross(self) -> Sequence[Action]:
        return CROSS_OR_PASS

    def _do_cross(self, seat: int, action: Cross) -> None:
        self._cross()

    def _cross(self) -> None:
        s = self.s
        a = s.active
        to = B.opposite[s.bridge_at]
        s.bridge_at = -1  # one crossing a turn: the arrival bridge is not crossed back
        self._record(Moved, a, s.pos[a], to, "bridge")
        s.pos[a] = to
        if s.owner[to] is None:  # the arrival bridge is auctioned if free; no toll there
            self._open_auction(to)
        else:
            self._start_build()

    # ========== building, skyscrapers, the Master Plan (seed "Building Rights"...; MI-10, MI-11)
    def _area_open(self, area: int) -> bool:
        """The Master Plan: height 5 at most, the district cap, one block per area per turn."""
        s = self.s
        h = s.heights[area] + 1
        if h > D.MAX_HEIGHT or area in s.built_areas:
            return False
        cap = s.caps[B.area_district[area]]
        return cap == 0 or h <= cap

    def _area_ok(self, area: int) -> bool:
        s = self.s
        return (
            0 <= area < len(s.heights)
            and not s.final
            and s.blocks_left > 0
            and self._area_open(area)
        )

    def _paid_room(self) -> int:
        """Paid blocks the player on turn may still buy (Master Plan rule 10): two a turn;
        with ``block_limit="total"`` the free block placed counts too (MI-A16, MI-A25). A
        free block comes with the space's action, before the building step, one a turn at
        most (it ends the action), so it never has to wait for room itself."""
        s = self.s
        if self.options["block_limit"] == "total":
            return D.BLOCKS_PER_TURN - len(s.built_areas)
        return D.BLOCKS_PER_TURN - s.paid_built

    def _placeable_areas(self, areas: Any) -> list[int]:
        """The areas among ``areas`` where a block may go now (``_area_open``, inlined)."""
        s = self.s
        if s.final or s.blocks_left <= 0:
            return []
        heights, district = s.heights, B.area_district
        # a district's limit: its cap, else height 5 (caps never exceed 5)
        limit = [cap or D.MAX_HEIGHT for cap in s.caps]
        out = [x for x in areas if heights[x] < limit[district[x]]]
        built = s.built_areas
        return [x for x in out if x not in built] if built else out

    def _open_of(self, records: Sequence[_T]) -> list[_T]:
        """Of ``records`` (one per Buildable Area, in area order), those of the areas where a
        block may go now: ``_placeable_areas(AREAS)`` compared in C, area by area, with each
        area's limit (the areas built this turn are set to the top height first)."""
        s = self.s
        if s.final or s.blocks_left <= 0:
            return []
        heights = s.heights
        built = s.built_areas
        if built:  # one block per area per turn
            heights = heights[:]
            for x in built:
                heights[x] = D.MAX_HEIGHT
        return list(compress(records, map(lt, heights, area_limits(s.caps))))

    def _offer_free_block(self, areas: tuple[int, ...], prompt: Prompt) -> None:
        s = self.s
        s.free_areas = tuple(self._placeable_areas(areas))
        if not s.free_areas:
            self._settle_debts("build")
            return
        s.phase = "free"
        self._ask_prompt(prompt)

    def _legal_free(self) -> list[Action]:
        out: list[Action] = [FREE[x] for x in self.s.free_areas]
        out.append(PASS)
        return out

    def _do_free_block(self, seat: int, action: FreeBlock) -> None:
        self._place_block(seat, action.area, paid=False)
        self._settle_debts("build")

    def _place_block(self, seat: int, area: int, paid: bool) -> None:
        s = self.s
        if paid:
            self._pay(seat, None, D.BLOCK_COST, "block")
            s.paid_built += 1
        s.heights[area] += 1
        s.blocks_left -= 1
        s.built_areas.append(area)
        h = s.heights[area]
        self._record(BlockBuilt, seat, area, h, paid)
        district = B.area_district[area]
        # Master Plan rules 4-8: the first building of height roofs+2 gets the next roof
        if s.roofs < D.ROOFS and h == s.roofs + D.FIRST_ROOF_HEIGHT and s.caps[district] == 0:
            s.roofs += 1
            s.roof[area] = s.roofs
            s.caps[district] = h
            self._record(RoofPlaced, area, s.roofs, h, district)
            if s.roofs == D.ROOFS:
                self._record(CompletionPhaseBegan)
        if s.blocks_left == 0 and not s.final:
            self._start_final("the last block is placed")

    def _completion_obliges(self) -> bool:
        """Master Plan rule 9 (rulings MI-11, MI-A7): a block is due this turn and can be bought."""
        s = self.s
        return (
            s.roofs == D.ROOFS
            and not s.built_areas
            and s.cash[s.active] >= D.BLOCK_COST
            and self._paid_room() > 0
            and bool(self._open_of(AREAS))
        )

    def _paid_blocks_open(self) -> list[Action]:
        """The paid blocks the player on turn may buy now, a Build per open area."""
        s = self.s
        if s.cash[s.active] < D.BLOCK_COST or self._paid_room() <= 0:
            return []
        return self._open_of(BUILD)

    def _start_build(self) -> None:
        """The building step (seed "Building Rights"), a trading point of its own (MI-A26)."""
        s = self.s
        if s.status[s.active] != IN:
            self._finish_turn()
            return
        s.proposals_left = self.options["proposals_per_stop"]
        self._ask_build()

    def _ask_build(self) -> None:
        """Ask for a block, a proposal or ``done``; a lone answer is taken."""
        s = self.s
        s.phase = "build"
        a = s.active
        legal = self._legal_build()
        if len(legal) == 1:
            self._force(a, legal[0])
            return
        last = legal[-1]
        obliged = last is not DONE  # rule 9: no "done" until a block stands
        offers = type(last if obliged else legal[-2]) is Offer
        room = self._paid_room() if type(legal[0]) is Build else 0
        self._ask_prompt(BUILD_PROMPTS[a][room, obliged, offers])

    def _legal_build(self) -> list[Action]:
        s = self.s
        out = self._paid_blocks_open()
        # Master Plan rule 9 (rulings MI-11, MI-A7): a block is due while one can be bought
        obliged = bool(out) and s.roofs == D.ROOFS and not s.built_areas
        if s.proposals_left > 0:
            out.extend(self._offers())
        if not obliged:
            out.append(DONE)
        return out

    def _do_build(self, seat: int, action: Build) -> None:
        self._place_block(seat, action.area, paid=True)
        self._ask_build()

    def _do_done(self, seat: int, action: Done) -> None:
        self._finish_turn()

    # ========== trading (seed "Trading and Negotiations"; MI-18, MI-A2, MI-A26)
    def _offers(self) -> Sequence[Action]:
        """Trade proposals the player on turn may open (rulings MI-A2, MI-A26): to each other
        player still in the game, if the proposal could hold something listed: a listed cash
        sum either way, or a concession of either side."""
        s = self.s
        a = s.active
        status = s.status
        n = len(status)
        if s.cash[a] >= LEAST_LISTED or self._own_to_give():
            if status.count(IN) == n:
                return ALL_OFFERS[n][a]
            return [OFFER[p] for p in OTHERS[n][a] if status[p] == IN]
        cash, holders = s.cash, HOLDERS(s.owner)
        return [
            OFFER[p]
            for p in OTHERS[n][a]
            if status[p] == IN and (cash[p] >= LEAST_LISTED or p in holders)
        ]

    def _own_to_give(self) -> bool:
        """The player on turn holds a concession that may be given here: any, except the
        space reached at the stop on arrival (ruling MI-A18)."""
        s = self.s
        a = s.active
        held: int = HOLDERS(s.owner).count(a)
        if held and s.phase == "act" and s.owner[s.pos[a]] == a:
            held -= 1
        return held > 0

    def _offer_ok(self, partner: int) -> bool:
        s = self.s
        return (
            0 <= partner < self.num_players
            and partner != s.active
            and s.status[partner] == IN
            and (
                s.cash[s.active] >= LEAST_LISTED
                or s.cash[partner] >= LEAST_LISTED
                or partner in HOLDERS(s.owner)
                or self._own_to_give()
            )
        )

    def _do_offer(self, seat: int, action: Offer) -> None:
        s = self.s
        s.proposals_left -= 1
        a, partner, owner = s.active, action.partner, s.owner
        s.trade = (partner, (), (), 0)
        if s.phase == "act":  # ruling MI-A18: not the concession of the space reached
            here = s.pos[a]
            gives = [GIVE[c] for c in CONCESSIONS if owner[c] == a and c != here]
        else:
            gives = [GIVE[c] for c in CONCESSIONS if owner[c] == a]
        s.trade_menu = (
            tuple(gives),
            tuple([TAKE[c] for c in CONCESSIONS if owner[c] == partner]),
            # the listed sums the payer holds (the sums ascend)
            PAY[: bisect_right(D.TRADE_PRICES, s.cash[a])]
            + ASK[: bisect_right(D.TRADE_PRICES, s.cash[partner])],
            CANCEL_ONLY,  # Send once the proposal holds something
        )
        s.trade_cash_set = False
        s.trade_from = s.phase
        s.phase = "draft"
        self._ask_draft()

    def _draft_actions(self) -> tuple[Action, ...]:
        """While composing a proposal: add a concession either way, set the cash once (only
        amounts the payer holds: no loans), send it (once it holds something), or cancel."""
        # holdings and cash do not change while a proposal is composed: the choices are
        # listed at the offer, and each one taken leaves the menu (``_do_give`` ...)
        gives, takes, cash, last = self.s.trade_menu
        return gives + takes + cash + last

    def _draft_ok(self, action: Action) -> bool:
        """Exactly ``action in _draft_actions()``, checked without listing them."""
        s = self.s
        assert s.trade is not None
        partner, give, take, _ = s.trade
        t = type(action)
        if t is Cancel:
            return True
        if t is Send:
            return bool(give or take or s.trade_cash_set)
        if t is Give:
            c = action.space  # type: ignore[attr-defined]
            if s.trade_from == "act" and c == s.pos[s.active]:  # ruling MI-A18
                return False
            return c in CONCESSION_SET and s.owner[c] == s.active and c not in give
        if t is Take:
            c = action.space  # type: ignore[attr-defined]
            return c in CONCESSION_SET and s.owner[c] == partner and c not in take
        if t is Cash and not s.trade_cash_set:
            x: int = action.amount  # type: ignore[attr-defined]
            # ruling MI-A2: any sum in the money unit the payer holds (no loans); CORE-5
            if x == 0 or x % D.TRADE_UNIT:
                return False
            return x <= s.cash[s.active] if x > 0 else -x <= s.cash[partner]
        return False

    def _ask_draft(self) -> None:
        """Ask for the next step of the proposal: to whom, and what it may do next. What it
        holds so far is the view's ``trade`` (``render_text`` shows it); the partner's prompt
        spells the deal out (``_do_send``): the deal spelled out at every step of a composition
        would cost more than the rest of the step."""
        s = self.s
        assert s.trade is not None
        gives, takes, _, _ = s.trade_menu
        partner, give, take, _ = s.trade
        held = bool(give or take or s.trade_cash_set)
        more = bool(gives or takes)
        a = s.active
        key = (self.players, partner, held, s.trade_cash_set, more, a)
        prompt = DRAFT_PROMPTS.get(key)
        if prompt is None:
            text = W.draft_prompt(self.players, partner, held, s.trade_cash_set, more)
            prompt = DRAFT_PROMPTS.keep(key, Prompt(a, "draft", text))
        self._ask_prompt(prompt)

    def _do_give(self, seat: int, action: Give) -> None:
        s = self.s
        assert s.trade is not None
        partner, give, take, cash = s.trade
        c = action.space
        s.trade = (partner, (*give, c), take, cash)
        gives, takes, cashes, _ = s.trade_menu
        chosen = GIVE[c]
        s.trade_menu = (tuple([x for x in gives if x is not chosen]), takes, cashes, SEND_CANCEL)
        self._ask_draft()

    def _do_take(self, seat: int, action: Take) -> None:
        s = self.s
        assert s.trade is not None
        partner, give, take, cash = s.trade
        c = action.space
        s.trade = (partner, give, (*take, c), cash)
        gives, takes, cashes, _ = s.trade_menu
        chosen = TAKE[c]
        s.trade_menu = (gives, tuple([x for x in takes if x is not chosen]), cashes, SEND_CANCEL)
        self._ask_draft()

    def _do_cash(self, seat: int, action: Cash) -> None:
        s = self.s
        assert s.trade is not None
        s.trade = (*s.trade[:3], action.amount)
        s.trade_cash_set = True
        gives, takes, _, _ = s.trade_menu
        s.trade_menu = (gives, takes, (), SEND_CANCEL)  # the cash is set once
        self._ask_draft()

    def _do_send(self, seat: int, action: Send) -> None:
        s = self.s
        assert s.trade is not None
        partner, give, take, cash = s.trade
        self._record(TradeProposed, seat, partner, give, take, cash)
        s.phase = "trade"
        self._ask(partner, "trade", W.proposal_prompt(self.players, seat, give, take, cash))

    def _do_cancel(self, seat: int, action: Cancel) -> None:
        self.s.trade = None
        self._after_trade()

    def _legal_trade(self) -> Sequence[Action]:
        return ACCEPT_OR_DECLINE

    def _do_accept(self, seat: int, action: Accept) -> None:
        self._do_trade()
        self.s.trade = None
        self._after_trade()

    def _do_decline(self, seat: int, action: Decline) -> None:
        self.s.trade = None
        self._after_trade()

    def _after_trade(self) -> None:
        s = self.s
        if s.trade_from == "roll":
            self._ask_roll()
        elif s.trade_from == "act":
            self._act_on_space()  # the stop again (ruling MI-A15)
        else:
            self._ask_build()

    def _do_trade(self) -> None:
        s = self.s
        assert s.trade is not None
        partner, give, take, cash = s.trade
        a = s.active
        for c in give:
            self._transfer(c, partner, "trade")
        for c in take:
            self._transfer(c, a, "trade")
        if cash > 0:
            self._pay(a, partner, cash, "trade")
        elif cash < 0:
            self._pay(partner, a, -cash, "trade")
        self._record(TradeDone, a, partner, give, take, cash)

    # ========== debts and bankruptcy (seed "Bankruptcy"; MI-16, MI-A9)
    def _settle_debts(self, then: str) -> None:
        """Pay the debts in order; a debtor short of cash auctions concessions (MI-16, MI-A9)."""
        s = self.s
        s.after_debts = then
        while s.debts:
            d = s.debts[0]
            if s.status[d.debtor] != IN:
                s.debts.pop(0)
                continue
            if s.cash[d.debtor] >= d.amount:
                s.debts.pop(0)
                self._pay(d.debtor, d.creditor, d.amount, d.reason)
                continue
            if not d.began:
                d.began = True
                self._record(BankruptcyBegan, d.debtor, d.creditor, d.amount)
            held = held_by(s.owner, d.debtor, SELL)
            if held:
                s.phase = "sell"
                if len(held) == 1:
                    self._force(d.debtor, held[0])
                else:
                    self._ask(d.debtor, "sell", self._sell_text(d))
                return
            self._go_bankrupt(d)
            if s.phase == "over":  # ruling MI-A24: only one player remains
                return
        if s.status[s.active] != IN:
            self._finish_turn()
        elif then == "cross":
            self._ask_cross()
        else:
            self._start_build()

    def _sell_text(self, d: Debt) -> str:
        cash = self.s.cash[d.debtor]
        return W.sell_prompt(self.players, d.creditor, d.amount, d.reason, cash)

    def _legal_sell(self) -> list[Action]:
        s = self.s
        return held_by(s.owner, s.debts[0].debtor, SELL)

    def _do_sell(self, seat: int, action: Sell) -> None:
        self._sell(action.space)

    def _sell(self, space: int) -> None:
        s = self.s
        debtor, creditor = s.debts[0].debtor, s.debts[0].creditor
        status = s.status
        n = len(status)
        order = OTHERS[n][debtor]
        if status.count(IN) < n:
            # ruling MI-A19: the creditor may buy (seed "Bankruptcy") even after leaving
            order = tuple(x for x in order if status[x] == IN or x == creditor)
        s.auction = Auction(space, "bankruptcy", order, [False] * n)
        self._record(AuctionOpened, space, "bankruptcy")
        self._auction_next()

    def _go_bankrupt(self, d: Debt) -> None:
        s = self.s
        seat = d.debtor
        if s.cash[seat] > 0:  # ruling MI-16: all cash to the creditor (the Bank: nothing more)
            self._pay(seat, d.creditor, s.cash[seat], "bankruptcy")
        s.status[seat] = BANKRUPT
        self._record(PlayerBankrupt, seat, d.creditor)
        s.debts = [x for x in s.debts if x.debtor != seat and x.creditor != seat]
        # ruling MI-A24, seed "End of the Game": "The game ends at the moment when only one
        # player remains in the game" (seed 003: the last player left without going bankrupt
        # wins); players who have left in the final phase are still in the count
        if s.status.count(BANKRUPT) == len(s.status) - 1:
            self._end_game()

    # ========== the end (seed "End of the Game"; MI-17, MI-A24)
    def _start_final(self, reason: str) -> None:
        self.s.final = True
        self._record(FinalPhaseBegan, reason)

    def _leave(self, seat: int, how: str) -> None:
        self.s.status[seat] = LEFT
        self._record(PlayerLeft, seat, how)

    def _finish_turn(self) -> None:
        s = self.s
        a = s.active
        s.turns_taken[a] += 1
        s.phase = "between"
        opts, status = self.options, s.status
        if s.final and status[a] == IN and s.final_turns[a] >= opts["final_turn_limit"]:
            self._leave(a, "turn limit")  # ruling MI-A4
        if not s.final and s.turn_no >= opts["round_limit"] * len(status):
            self._start_final("round limit")  # ruling MI-A3
        for x in CLOCKWISE[len(status)][a]:
            if status[x] == IN:
                s.active = x
                self._begin_turn()
                return
        self._end_game()

    def _end_game(self) -> None:
        """Count every player's wealth (ruling MI-17) and end the game."""
        for seat in range(self.num_players):
            cash, streets, bridges = self.wealth(seat)
            self._record(WealthCounted, seat, cash, streets, bridges, cash + streets + bridges)
        self.s.phase = "over"
        self._end()

    def wealth(self, seat: int) -> tuple[int, int, int]:
        """(cash, streets at neighbourhood value, bridges at $500,000) — ruling MI-17."""
        s = self.s
        owner, values = s.owner, s.hood_values
        streets = sum([values[hood] for c, hood in STREET_HOODS if owner[c] == seat])
        bridges = D.BRIDGE_WEALTH * BRIDGE_HOLDERS(owner).count(seat)
        return s.cash[seat], streets, bridges

    def _result(self) -> Result:
        scores = tuple(sum(self.wealth(seat)) for seat in range(self.num_players))
        standing = [seat for seat in range(self.num_players) if self.s.status[seat] != BANKRUPT]
        # the game ends when one player remains (ruling MI-A24), so one is always standing
        assert standing, "every player bankrupt"
        if len(standing) == 1:
            # seed 000 "End of the Game"; seed 003 "Vittoria": the last player left without
            # going bankrupt wins (ruling MI-A24)
            return Result(scores, tuple(standing), "the last player remaining (ruling MI-A24)")
        # a bankrupt player never wins (ruling MI-A12); the others by wealth (MI-17)
        best = max(scores[seat] for seat in standing)
        winners = tuple(seat for seat in standing if scores[seat] == best)
        return Result(scores, winners, "wealth (ruling MI-17)")

    # ========== money and titles
    def _pay(self, payer: int | None, payee: int | None, amount: int, reason: str) -> None:
        """Move money; the Bank (None) is the only source and sink."""
        if amount <= 0:
            return
        s = self.s
        if payer is not None:
            assert s.cash[payer] >= amount, "a payment beyond cash"
            s.cash[payer] -= amount
        if payee is not None:
            s.cash[payee] += amount
        self._record(Payment, payer, payee, amount, reason)

    def _transfer(self, space: int, to: int | None, how: str) -> None:
        frm = self.s.owner[space]
        self.s.owner[space] = to
        self._record(ConcessionTransferred, space, frm, to, how)

    # ========== the hooks the core calls
    def _on_chance(self, request: ChanceRequest, outcome: tuple[Any, ...]) -> None:
        phase = self.s.phase
        if phase == "dice":  # the most frequent first
            self._rolled(outcome)
        elif phase == "first":
            self._first_roll(outcome)
        elif phase == "deal":
            self._deal(outcome)
        elif phase == "hoods":
            self._deal_values(outcome)
        elif phase == "deck":
            self._deck_shuffled(outcome)
        elif phase == "motorway":
            self._motorway_exit(outcome)
        else:  # pragma: no cover - the state machine never asks chance elsewhere
            raise AssertionError(f"chance in phase {phase}")

    def _legal_actions(self) -> Sequence[Action]:
        return _LEGAL_BY_PHASE[self.s.phase](self)

    def _legal_none(self) -> Sequence[Action]:
        return []

    def _legal_text(self) -> str:
        """What is legal now, in words where a rule says it better than a list."""
        s = self.s
        ph = s.phase
        au = s.auction
        if ph in ("bid", "raise") and au is not None:
            seat = au.caller if ph == "bid" else au.leader
            assert seat is not None
            return W.bids_open(ph, au.high, s.cash[seat])
        if ph == "move":
            return f"move 1 to {SPACES}"
        if ph == "draft" and s.trade is not None:
            partner = s.trade[0]
            gives, takes, _, last = s.trade_menu
            cash_range = None
            if not s.trade_cash_set:
                unit = D.TRADE_UNIT
                most = s.cash[s.active] - s.cash[s.active] % unit
                least = s.cash[partner] - s.cash[partner] % unit
                cash_range = (least, most)
            return W.draft_open(
                self.players,
                partner,
                [g.space for g in gives],
                [x.space for x in takes],
                cash_range,
                [str(x) for x in last],
            )
        return super()._legal_text()

    def _is_legal(self, action: Action) -> bool:
        """Exactly ``action in legal_actions()``, checked without listing them (for speed)."""
        s = self.s
        ph = s.phase
        t = type(action)
        if ph == "draft":  # the most frequent decisions of random play come first
            return self._draft_ok(action)
        if ph == "roll":
            if t is Offer:
                return s.proposals_left > 0 and self._offer_ok(action.partner)  # type: ignore[attr-defined]
            return action == ROLL
        if ph == "move":
            return t is Steps and 1 <= action.count <= SPACES  # type: ignore[attr-defined]
        if ph == "act":
            if t is Offer:
                return s.proposals_left > 0 and self._offer_ok(action.partner)  # type: ignore[attr-defined]
            return t is Act
        if ph == "bid":
            au = s.auction
            assert au is not None
            if t is Pass:
                return True
            return t is Bid and self._bid_ok(au.caller, au.high, action.amount)  # type: ignore[attr-defined]
        if ph == "raise":
            au = s.auction
            assert au is not None and au.leader is not None
            if t is Pass:
                return True
            return t is Raise and self._bid_ok(au.leader, au.high, action.amount)  # type: ignore[attr-defined]
        if ph == "preempt":
            return t is Preempt or t is Pass
        if ph == "cross":
            return t is Cross or t is Pass
        if ph == "free":
            return t is Pass or (t is FreeBlock and action.area in s.free_areas)  # type: ignore[attr-defined]
        if ph == "municipality":
            if t is Pass:
                return bool(self.options["municipality_pass"])
            if t is GoTo:
                sp = action.space  # type: ignore[attr-defined]
                return sp in CONCESSION_SET and s.owner[sp] is None
            return t is FreeBlock and self._area_ok(action.area)  # type: ignore[attr-defined]
        if ph == "build":
            if t is Build:
                return (
                    s.cash[s.active] >= D.BLOCK_COST
                    and self._paid_room() > 0
                    and self._area_ok(action.area)  # type: ignore[attr-defined]
                )
            if t is Offer:
                return s.proposals_left > 0 and self._offer_ok(action.partner)  # type: ignore[attr-defined]
            return t is Done and not self._completion_obliges()
        if ph == "trade":
            return t is Accept or t is Decline
        if ph == "sell":
            sp = getattr(action, "space", None)
            return t is Sell and sp in CONCESSION_SET and s.owner[sp] == s.debts[0].debtor
        return False

    def _on_action(self, seat: int, action: Action) -> None:
        _HANDLERS[type(action)](self, seat, action)

    def _copy_state(self, other: Metropoli) -> None:
        self.s = other.s.copy()

    def _secrets(self, seat: int | None) -> list[Any]:
        deck = self.s.deck
        return [list(deck)] if len(set(deck)) > 1 else []

    def _describe(self, data: dict[str, Any], seat: int | None) -> str | None:
        """Every event of the log in Metropoli's words (``metropoli.words``)."""
        return W.tell(data, self.players, seat, _OPTION_DEFAULTS)

    def _label(self, action: Action, seat: int | None) -> str | None:
        """A move for its button in Metropoli's words (``metropoli.words.label``)."""
        p = self._pending
        au = self.s.auction
        kind = p.kind if isinstance(p, Prompt) else ""
        return W.label(action, kind, self.players, au.high if au is not None else None)

    # ========== views, checks and bounds
    def _view(self, seat: int | None) -> dict[str, Any]:
        s = self.s
        au = s.auction
        return {
            "phase": s.phase,
            "turn": s.turn_no,
            "active": s.active,
            "final_phase": s.final,
            "completion_phase": s.roofs == D.ROOFS,
            "cash": list(s.cash),
            "positions": list(s.pos),
            "status": list(s.status),
            "first_round": [t == 0 for t in s.turns_taken],
            "final_turns": list(s.final_turns),
            "owners": {str(c): s.owner[c] for c in B.concessions},
            "spaces": self._view_spaces(),
            "areas": [dict(x) for x in AREA_VIEW],
            "heights": list(s.heights),
            "roofs": list(s.roof),
            "district_names": list(B.district_names),
            "district_caps": list(s.caps),
            "skyscrapers": s.roofs,
            "blocks_left": s.blocks_left,
            "neighbourhood_values": list(s.hood_values),
            "deck_size": len(s.deck),
            "paid_blocks_this_turn": s.paid_built,
            "areas_built_this_turn": list(s.built_areas),
            "proposals_left": s.proposals_left,
            "last_roll": s.last_roll,
            "auction": None
            if au is None
            else {
                "space": au.space,
                "kind": au.kind,
                "order": list(au.order),
                "passed": [x for x in au.order if au.passed[x]],
                "price": au.high,
                "leader": au.leader,
                "stage": au.stage,
            },
            "trade": None
            if s.trade is None
            else {
                "partner": s.trade[0],
                "give": list(s.trade[1]),
                "take": list(s.trade[2]),
                "cash": s.trade[3],
                "sent": s.phase == "trade",
            },
            "debts": [
                {"debtor": d.debtor, "creditor": d.creditor, "amount": d.amount, "reason": d.reason}
                for d in s.debts
            ],
        }

    def _view_spaces(self) -> list[dict[str, Any]]:
        """The 40 spaces as the table shows them: name, kind, exit, the neighbourhood and the
        three areas of a street, the crossing of a bridge, and for a concession its holder,
        the rent or toll a player landing there would pay now, and the trust flag."""
        s = self.s
        owner = s.owner
        out = []
        for sp, static in enumerate(SPACE_VIEW):
            entry = dict(static)
            entry["areas"] = list(static["areas"])
            holder = owner[sp]
            rent: int | None = None
            trust = False
            kind = static["kind"]
            if kind == "street" and holder is not None:
                total, *_, trust = self.street_rent(sp)
                rent = total
            elif kind == "bridge" and holder is not None:
                rent = D.TOLL_PER_BRIDGE * BRIDGE_HOLDERS(owner).count(holder)
            entry["owner"] = holder
            entry["rent"] = rent
            entry["trust"] = trust
            out.append(entry)
        return out

    def invariants(self) -> list[str]:
        """Conservation laws: money, the 80 blocks, the 28 concessions, the Master
        Plan's caps and roofs; returns what is broken."""
        s = self.s
        n = self.num_players
        out: list[str] = []
        nets = self._ledger()
        for seat in range(n):  # ruling MI-1: $5,000,000 each, then only Payment events move it
            expected = D.START_CASH + nets[seat]
            if s.cash[seat] != expected:
                out.append(
                    f"money: seat {seat} holds {s.cash[seat]} but the start and the Payment "
                    f"events give {expected}"
                )
            if s.cash[seat] < 0:
                out.append(f"money: seat {seat} holds {s.cash[seat]} < 0")
        bank = nets[n]  # what the Bank paid out, net: the only source and sink
        if sum(s.cash) != D.START_CASH * n + bank:
            out.append(
                f"money: players hold {sum(s.cash)} but {D.START_CASH} x {n} + the Bank's net "
                f"flow {bank} is {D.START_CASH * n + bank}"
            )
        placed = sum(s.heights)
        if s.blocks_left < 0 or placed + s.blocks_left != D.BLOCK_SUPPLY:
            out.append(
                f"blocks: {placed} on the board + {s.blocks_left} in the supply != {D.BLOCK_SUPPLY}"
            )
        for sp in range(SPACES):
            o = s.owner[sp]
            if sp not in CONCESSION_SET:
                if o is not None:
                    out.append(f"concessions: space {sp} is no concession but has owner {o}")
            elif o is not None and not 0 <= o < n:
                out.append(f"concessions: space {sp} is held by {o}, no seat")
            elif o is not None and s.status[o] == BANKRUPT:
                out.append(f"concessions: space {sp} is held by bankrupt seat {o}")
        if len(CONCESSION_SET) != D.CONCESSIONS:
            out.append(f"concessions: the board has {len(CONCESSION_SET)}, not {D.CONCESSIONS}")
        roofed = [x for x in AREAS if s.roof[x]]
        if sorted(s.roof[x] for x in roofed) != list(range(1, s.roofs + 1)):
            out.append(f"roofs: {s.roofs} placed but areas carry {[s.roof[x] for x in roofed]}")
        for d, areas in enumerate(B.district_areas):
            sky = [x for x in areas if s.roof[x]]
            if len(sky) > 1:
                out.append(f"master plan: district {d} has {len(sky)} skyscrapers (at most 1)")
            cap = s.caps[d]
            # rules 4-8: an uncapped district's buildings stay below the next roof's height
            limit = cap if cap else min(D.MAX_HEIGHT, s.roofs + D.FIRST_ROOF_HEIGHT - 1)
            for x in areas:
                if s.heights[x] > limit:
                    out.append(
                        f"master plan: area {x} is {s.heights[x]} high, district {d} allows {limit}"
                    )
            if bool(cap) != bool(sky) or (sky and s.heights[sky[0]] != cap):
                out.append(f"master plan: district {d} cap {cap} does not match its skyscraper")
        return out

    def _ledger(self) -> list[int]:
        """Net Payment flows per seat, and (last) the Bank's net payout, from the event log;
        kept incrementally per log, so check_game's call after every step stays cheap."""
        kept, new = self._kept_and_since("_ledger_cache")
        nets = [0] * (self.num_players + 1) if kept is None else list(kept)
        bank = self.num_players
        for e in new:
            if type(e) is Payment:
                nets[bank if e.payer is None else e.payer] -= e.amount
                nets[bank if e.payee is None else e.payee] += e.amount
        self._keep("_ledger_cache", tuple(nets))
        # the Bank's entry counts what it paid out: a Bank payment lowers its net above
        return [*nets[:bank], -nets[bank]]

    def _kept_and_since(self, key: str) -> tuple[Any, tuple[Any, ...]]:
        """The value kept under ``key`` for this very log (None if none) and the events since.

        A value kept for another log (a clone's fork, a log rebuilt by undo) does not count.
        """
        log = self._log
        cache = self.__dict__.get(key)
        if cache is not None and cache[0] is log and cache[1] <= len(log):
            return cache[2], log.since(cache[1])
        return None, log.since(0)

    def _keep(self, key: str, value: Any) -> None:
        """Keep ``value`` under ``key`` as computed up to the current end of the log."""
        self.__dict__[key] = (self._log, len(self._log), value)

    @classmethod
    def _static_data(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        """The board, the cards, the Concession Value card, the costs and the rule options as
        plain JSON (``metropoli.tables.static_data``)."""
        players = {"min": cls.min_players, "max": cls.max_players}
        return static_data({"game": cls.name, "title": cls.title, "players": players}, options)

    def max_actions(self) -> int:
        """A true bound (rulings MI-A1..MI-A5, MI-A26): turns are bounded by the round limit and
        the final-phase limit; bids by the money that can exist; chains by the deck size;
        proposals by the bound at each trading point.

        With the shipped deck it is computed once per player count and options (``play``
        asks it at every game's start)."""
        opts = self.options
        if opts["cards"] is not None:
            return self._max_actions()
        key = (
            self.num_players,
            opts["proposals_per_stop"],
            opts["trade_after_move"],
            opts["round_limit"],
            opts["final_turn_limit"],
        )
        got = MAX_ACTIONS.get(key)
        if got is None:
            got = MAX_ACTIONS[key] = self._max_actions()
        return got

    def _max_actions(self) -> int:
        n = self.num_players
        deck = list(self.cards.values())
        d = len(deck)
        gain = 0
        for c in deck:
            per = {
                "collect": 1,
                "collect_from_each": n - 1,
                "collect_per_bridge": len(B.bridges),
                "collect_per_street": len(B.streets),
            }.get(c.effect, 0)
            gain = max(gain, c.amount * per)
        turns = (self.options["round_limit"] + self.options["final_turn_limit"] + 1) * n
        moves = 3 + 2 * d
        inflow = moves * D.BORSA_LAND + d * gain
        money = n * D.START_CASH + turns * inflow
        bids = money // D.BID_UNIT + 2 * n + 4
        debts = d * (n - 1) + moves  # a card owed by or to every player, or one per move
        auctions = moves + len(B.concessions) * debts  # bankruptcy sales: all a debtor holds
        # trading points: the roll, each arrival, the building step (ruling MI-A26); a
        # proposal is an offer, at most every concession, the cash, send or cancel, an answer
        stops = 2 + (moves if self.options["trade_after_move"] else 0)
        per_turn = (
            self.options["proposals_per_stop"] * stops * (len(B.concessions) + 6)
            + moves  # a stop to trade after each move (ruling MI-A15)
            + 2
            + 4 * moves
            + auctions * (bids + 1)
            + D.BLOCKS_PER_TURN
            + d
            + 2
        )
        return int(turns * per_turn)

    # ========== for search (no rule)
    def determinize(self, seat: int, rng: Any) -> Metropoli:
        """A copy with the Metropoli cards nobody has seen yet reshuffled by ``rng`` (search).

        A read card goes to the bottom of the deck (MI-8) in full view, so the deck is the
        unread cards in a secret order, then the read ones in the order everybody saw; once
        every card has been read the whole cycle is known.
        """
        other = self.clone()
        deck = other.s.deck
        unseen = len(deck) - self._cards_seen()
        if unseen > 1:
            top = deck[:unseen]
            rng.shuffle(top)
            other.s.deck = top + deck[unseen:]
        return other

    def _cards_seen(self) -> int:
        """How many cards have been read since the shuffle (CardRead events), kept per log."""
        kept, new = self._kept_and_since("_seen_cache")
        seen = (kept or 0) + sum(1 for e in new if type(e) is CardRead)
        self._keep("_seen_cache", seen)
        return int(seen)

    def estimate(self) -> tuple[float, ...]:
        """Each seat's chance to win, guessed from its standing (for cut-off searches; no rule).

        A softmax over cash + 1.85 x its streets at neighbourhood value + 1.2 x its bridges'
        worth + 0.6 x the rent its streets charge now - 1.6 x what the dearest rival street's
        rent exceeds its cash by, at a temperature of $4,100,000: weights fitted on 900
        three-player games of the heuristic bot (the winner's log-likelihood at every turn).
        Bankrupt seats get 0.
        """
        s = self.s
        n = self.num_players
        hood_of, rent = B.hood_of, self.street_rent
        values = [0.0] * n
        dearest = [0] * n  # by owner: the highest rent of its streets
        for c in B.streets:
            o = s.owner[c]
            if o is not None:
                r = rent(c)[0]
                values[o] += 1.85 * s.hood_values[hood_of[c] or 0] + 0.6 * r
                if r > dearest[o]:
                    dearest[o] = r
        for b in B.bridges:
            o = s.owner[b]
            if o is not None:
                values[o] += 1.2 * D.BRIDGE_WEALTH
        alive = [seat for seat in range(n) if s.status[seat] != BANKRUPT]
        if not alive:
            return tuple([1.0 / n] * n)
        for x in alive:
            cash = s.cash[x]
            threat = max(dearest[y] for y in range(n) if y != x)
            values[x] += cash + 1.6 * min(0, cash - threat)
        top = max(values[x] for x in alive)
        weights = [0.0] * n
        for x in alive:
            weights[x] = exp((values[x] - top) / 4_100_000)
        total = sum(weights)
        return tuple(w / total for w in weights)


#: the rule options' defaults: the start's sentence names the options that differ
_OPTION_DEFAULTS = {key: spec.default for key, spec in Metropoli.options_spec.items()}

#: what is decided in each phase; chance phases and the end list nothing
_LEGAL_BY_PHASE: dict[str, Callable[[Metropoli], Sequence[Action]]] = {
    "roll": Metropoli._legal_roll,
    "move": Metropoli._legal_move,
    "act": Metropoli._legal_act,
    "bid": Metropoli._legal_bid,
    "raise": Metropoli._legal_raise,
    "preempt": Metropoli._legal_preempt,
    "cross": Metropoli._legal_cross,
    "free": Metropoli._legal_free,
    "municipality": Metropoli._legal_municipality,
    "build": Metropoli._legal_build,
    "draft": Metropoli._draft_actions,
    "trade": Metropoli._legal_trade,
    "sell": Metropoli._legal_sell,
}
for _phase in ("setup", "first", "deal", "hoods", "deck", "dice", "motorway", "between", "over"):
    _LEGAL_BY_PHASE[_phase] = Metropoli._legal_none

#: each action type's handler (the base has checked legality)
_HANDLERS: dict[type[Action], Callable[[Metropoli, int, Any], None]] = {
    Roll: Metropoli._do_roll,
    Steps: Metropoli._do_steps,
    Act: Metropoli._do_act,
    Bid: Metropoli._do_bid,
    Pass: Metropoli._do_pass,
    Raise: Metropoli._do_raise,
    Preempt: Metropoli._do_preempt,
    Cross: Metropoli._do_cross,
    FreeBlock: Metropoli._do_free_block,
    GoTo: Metropoli._do_goto,
    Build: Metropoli._do_build,
    Done: Metropoli._do_done,
    Offer: Metropoli._do_offer,
    Give: Metropoli._do_give,
    Take: Metropoli._do_take,
    Cash: Metropoli._do_cash,
    Send: Metropoli._do_send,
    Cancel: Metropoli._do_cancel,
    Accept: Metropoli._do_accept,
    Decline: Metropoli._do_decline,
    Sell: Metropoli._do_sell,
}
assert set(_HANDLERS) == set(ALL_ACTIONS)
