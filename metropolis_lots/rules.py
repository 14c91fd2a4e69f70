"""Metropolis (Sid Sackson): the Game subclass, reading like the rulebook's turn.

A turn: propose lot exchanges (ruling MS-9), choose one of the four offered lots and take it
or give it away (MS-6), the offer is refilled (a draw), then put up at most one building
(MS-7). When all lots are out every seat gets one last building turn (MS-8), and every
building is valued from the scoring chart (MS-4).

The methods follow that order. The facts they read (the deal, the chips, the board, the
chart) are ``data.py``'s, the tables they read at every step (actions and prompts made once,
lots as bits, the listings read by index) ``tables.py``'s, the words ``words.py``'s;
``reference.py`` says what they compute in plain words, and the tests hold both equal.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from typing import Any

from common import (
    Action,
    ActionSet,
    Draw,
    Game,
    InvalidOption,
    Option,
    Prompt,
    Result,
    winners_by_score,
)
from common.chance import ChanceRequest, draw_request
from common.codec import freeze
from metropolis_lots.actions import (
    ALL_ACTIONS,
    Accept,
    Build,
    Decline,
    Done,
    Give,
    Pass,
    Propose,
    Take,
)
from metropolis_lots.data import (
    CHIP_COLOURS,
    CHIPS,
    COLOURS,
    DEAL,
    DEFAULT_FOUR,
    DEFAULT_ROTATION,
    FREE_UNTIL,
    MAX_SEATS,
    MAX_TRADE_PROPOSALS,
    OFFER_SIZE,
    SEED_BUILDINGS,
    TURNS,
    Rules,
    board_json,
    check_chart_option,
    rotations,
    rules_of,
)
from metropolis_lots.events import (
    ALL_EVENTS,
    BuildingPut,
    BuildingScored,
    ChoiceSkipped,
    FinalRound,
    LotGiven,
    LotOffered,
    LotsDealt,
    LotTaken,
    PoolAnswered,
    PoolProposed,
    TradeAnswered,
    TradeProposed,
)
from metropolis_lots.reference import values_of
from metropolis_lots.rl import ENCODINGS
from metropolis_lots.schema import STATE_SCHEMA
from metropolis_lots.state import LOT_SLOTS, NO_ONE, Building, MetropolisState
from metropolis_lots.tables import (
    ANSWERS,
    BUILD_KEY,
    CHOOSE_KEY,
    DISTRICT_OF,
    DONE,
    DONE_ONLY,
    GIVE_ASKS,
    GIVES,
    LOCAL_BIT,
    LOT_BIT,
    LOT_CLEAR,
    NOBODY,
    OTHERS,
    OUTSIDE,
    PASS,
    PASS_ONLY,
    TAKE_ASKS,
    TAKES,
    TRADE_ASKS,
    TRADE_KEY,
    BuildMenu,
    ChartModifiers,
    Listings,
    TradeMenu,
    Words,
    answer_prompt,
    board_view,
    chart_tables,
    closed_models,
    district_values,
    kind_modifiers,
    listings_for,
    new_menu,
    remember,
    words_for,
)
from metropolis_lots.words import (
    Reader,
    build_text,
    label,
    pool_text,
    proposals_left,
    tell,
)


def _check_colours(value: Any) -> bool:
    if value is None:
        return True
    if not isinstance(value, str):
        raise InvalidOption(f"option colours={value!r} is not allowed; expected e.g. 'white,blue'")
    names = value.split(",")
    if len(set(names)) != len(names) or not set(names) <= set(CHIPS):
        raise InvalidOption(
            f"option colours={value!r} is not allowed; expected distinct colours from "
            f"{list(CHIPS)}, comma-separated"
        )
    return True


def split_value(value: int, building: Building) -> list[tuple[int, int]]:
    """Credit a value by lots contributed, rounded down, the rest to the builder (MS-7)."""
    shares = building.shares
    if len(shares) == 1 and shares[0][0] == building.owner:  # the usual case: all to one
        return [(building.owner, value)]
    size = len(building.lots)
    credited = {seat: value * n // size for seat, n in building.shares}
    credited[building.owner] += value - sum(credited.values())
    return sorted(credited.items())


def scores_of(buildings: Sequence[Building], values: Sequence[int], players: int) -> list[int]:
    """Every seat's total building value: each building's chart value (``values``, kept as
    buildings go up) credited by ``split_value`` (MS-4, MS-7)."""
    scores = [0] * players
    for b, v in zip(buildings, values, strict=True):
        for seat, part in split_value(v, b):
            scores[seat] += part
    return scores


class Metropolis(Game):
    """Metropolis: claim lots on an 80-lot board, put up buildings, score them from the chart."""

    name = "metropolis_lots"
    title = "Metropolis"
    encodings = ENCODINGS
    min_players = 2
    max_players = MAX_SEATS
    options_spec = {
        "chart": Option(
            None,
            help="a scoring chart (a JSON object with 'kinds') replacing the shipped chart, "
            "which is a reconstruction (ruling MS-4); --chart FILE reads one from a file; "
            "null: the shipped one",
            check=check_chart_option,
            expects="a chart object",
            convert=freeze,
        ),
        "colours": Option(
            None,
            help="the chip colour of each seat, comma-separated: 4 players choose any 4; "
            "2, 3 and 5 players order the seed's colours (default the seed's order, "
            "4 players white,green,blue,yellow; rulings MS-5, MS-A8)",
            check=_check_colours,
            expects="comma-separated colours",
        ),
        "trade_proposals": Option(
            3,
            choices=tuple(range(MAX_TRADE_PROPOSALS + 1)),
            help="lot-exchange proposals each seat may make in its exchange window at the "
            "start of every turn (rulings MS-9, MS-A11, MS-A13)",
        ),
        "pool_proposals": Option(
            3,
            choices=tuple(range(6)),
            help="declined pooled-building proposals allowed per turn (ruling MS-A4)",
        ),
        "final_round": Option(
            "every_seat",
            choices=("every_seat", "others"),
            help="when all lots are out, one more building turn for every seat, or only for "
            "the others than the seat that gave out the last lot and built after it "
            "(ruling MS-A6)",
        ),
        "give_claimed": Option(
            True,
            choices=(True, False),
            help="the seat on turn may give away an offered lot it could take itself; false: "
            "only lots it may not take (ruling MS-A10)",
        ),
        "rotation": Option(
            DEFAULT_ROTATION,
            choices=tuple(TURNS),
            help="how a building may be turned to fit lots, never mirrored: half (default) "
            "as printed or turned around, so the mirrored apartment buildings and hospitals "
            "fit different lots as the seed says; free: any quarter turn; none: as printed "
            "(ruling MS-A12)",
        ),
    }
    actions = ActionSet(ALL_ACTIONS)
    game_events = ALL_EVENTS
    state_schema = STATE_SCHEMA

    s: MetropolisState
    r: Rules
    #: the legal actions last listed, for phase + seat (``TRADE_KEY``, ``CHOOSE_KEY``,
    #: ``BUILD_KEY``); dropped whenever lots, chips, the offer, the supply or the pooling
    #: allowance change
    _memo_key: int | None
    _memo: Sequence[Action]
    #: with ``_memo`` of the choose phase: whether the seat on turn may take an offered lot
    _memo_takes: bool
    #: ``_any_building_fits()`` last answered, and for what building count and supply (a
    #: copy: compared, never changed)
    _fits_built: int
    _fits_supply: list[int]
    _fits: bool
    #: ``_supply_ranks()`` last answered, and for what supply (a copy, as ``_fits_supply``)
    _supply_seen: list[int]
    _supply_bits: int
    #: the chart's modifiers per other building of each kind in the district (MS-4), and
    #: those of each district's buildings by their kinds (shared by the games of one chart)
    _modifiers: ChartModifiers
    #: the listings' memory, shared by every game of the process (see ``Listings``)
    _listings: Listings
    #: kinds standing in a district -> the placement ranks a "No" pair leaves open there
    #: (shared by the games of one chart)
    _by_kinds: dict[frozenset[str], int]
    #: ``_open_here[district]``: the placement ranks no "No" pair keeps out of the district
    #: (MS-4), ``_kinds_ranks(s.kinds[district])`` kept with ``s.kinds`` (a tuple, replaced
    #: when a building goes up: clones may share it)
    _open_here: tuple[int, ...]
    #: the options and the seat count, read at every step (plain attributes are cheaper)
    _seats: int
    #: ``OTHERS[_seats]``: by seat, the other seats clockwise
    _others: tuple[tuple[int, ...], ...]
    _trade_limit: int
    _pool_limit: int
    _give_claimed: bool
    #: the prompts naming a player, for these names (shared by the games of these names)
    _words: Words

    # ------------------------------------------------------------------ set-up (seed: Setup; MS-5)
    def _setup(self) -> None:
        self._fits_built = -1
        self._fits_supply = []
        self._fits = True
        self._supply_seen = []
        self._supply_bits = 0
        self._memo_key = None
        self._memo = []
        self._memo_takes = False
        self.r = r = rules_of(self.options["chart"], self.options["rotation"])
        self._by_kinds, self._modifiers = chart_tables(r)
        self._listings = listings = listings_for(r)
        self._seats = self.num_players
        self._others = OTHERS[self.num_players]
        self._words = words_for(self.players)
        self._trade_limit = self.options["trade_proposals"]
        self._pool_limit = self.options["pool_proposals"]
        self._give_claimed = self.options["give_claimed"]
        n = self.num_players
        chosen = self.options["colours"]
        colours = COLOURS.get(n, DEFAULT_FOUR)
        if chosen is not None:  # ruling MS-A8: who gets which colour
            colours = tuple(chosen.split(","))
            if len(colours) != n:
                raise InvalidOption(f"option colours names {len(colours)} colours; {n} are needed")
            if n != 4 and set(colours) != set(COLOURS[n]):
                raise InvalidOption(
                    f"option colours={chosen!r}: with {n} players the chips are "
                    f"{', '.join(COLOURS[n])} (ruling MS-5); the option only says which "
                    "seat gets which"
                )
        self.s = MetropolisState(
            owner=[NO_ONE] * LOT_SLOTS,
            building_at=[NO_ONE] * LOT_SLOTS,
            buildings=[],
            values=(),
            kinds=(frozenset(),) * 10,
            supply=[m.count for m in self.r.models],
            chips=[CHIPS[c] for c in colours],
            colours=colours,
            offer=[],
            stack=list(self.r.board.lots),
            own=[0] * (10 * n),
            built_by=[0] * (10 * n),
            built=[0] * 10,
            occupied=[0] * 10,
            unbuilt=[0] * n,
            near=[0] * n,
            lot_neighbours=listings.lot_neighbours,
            standing=((),) * 10,
        )
        self._open_here = (self._kinds_ranks(frozenset()),) * 10
        self._request(Draw("lots", tuple(self.s.stack), DEAL[n] * n))

    def _on_chance(self, request: ChanceRequest, outcome: tuple[Any, ...]) -> None:
        self._memo_key = None
        s = self.s
        stack = s.stack  # ascending: a drawn card is found by bisection, not a scan
        if s.phase == "refill":  # the usual draw: one card, then the building step
            (lot,) = outcome
            del stack[bisect_left(stack, lot)]
            s.offer.append(lot)
            self._entries.append((LotOffered, lot))
            self.building_step()
            return
        for lot in outcome:
            del stack[bisect_left(stack, lot)]
        if s.phase == "deal":
            self.deal_lots(outcome)
            s.phase = "offer"
            self._request(Draw("lots", tuple(s.stack), OFFER_SIZE))
            return
        for lot in outcome:
            s.offer.append(lot)
            self._record(LotOffered, lot)
        self.begin_turn(0)  # the first offer: seat 0 goes first (ruling MS-A1)

    def deal_lots(self, cards: tuple[Any, ...]) -> None:
        """Each seat marks its dealt lots with its chips (ruling MS-5)."""
        s = self.s
        k = DEAL[self._seats]
        for seat in range(self._seats):
            lots = tuple(sorted(cards[seat * k : (seat + 1) * k]))
            for lot in lots:
                self.mark(seat, lot)
            s.chips[seat] -= k
            self._record(LotsDealt, seat, s.colours[seat], lots)

    # ----------------------- a turn: its exchange windows, its lot, its building (MS-9, MS-6, MS-7)
    def begin_turn(self, seat: int) -> None:
        """Start ``seat``'s turn: every seat's exchange window first, the seat on turn's then
        clockwise (MS-9, ruling MS-A13), then the lot choice, or in the final round the last
        building turn (MS-8)."""
        s = self.s
        s.turn = seat
        s.pool_declined = 0
        self._memo_key = None
        s.progressed = False
        if self._trade_limit:
            self.open_window(seat)
        else:
            self.after_exchanges()

    def _on_action(self, seat: int, action: Action) -> None:
        s = self.s
        kind = type(action)  # exact classes; the most frequent decisions first
        if kind is Propose:
            trade: Propose = action  # type: ignore[assignment]  # (its exact class, tested)
            s.proposals += 1
            s.trade = trade
            s.phase = "answer"
            self._entries.append((TradeProposed, seat, trade.partner, trade.give, trade.take))
            ask = self._words.swaps[seat].get(id(trade))
            self._ask_prompt(answer_prompt(self._words, seat, trade) if ask is None else ask)
        elif kind is Accept:
            if s.phase == "answer":
                self.answer_trade(seat, True)
            else:
                self.answer_pool(seat, True)
        elif kind is Decline:
            if s.phase == "answer":
                self.answer_trade(seat, False)
            else:
                self.answer_pool(seat, False)
        elif kind is Done:
            self.close_window()
        elif kind is Take:
            taken: Take = action  # type: ignore[assignment]  # (its exact class, tested)
            self.place_chip(seat, taken.lot)
            self._entries.append((LotTaken, seat, taken.lot))
            self.refill_offer()
        elif kind is Give:
            given: Give = action  # type: ignore[assignment]
            # forced: no offered lot could be taken by the seat on turn itself (the choice
            # listing knows: a Take is listed exactly for the lots it may take)
            self._choices(seat)
            forced = not self._memo_takes
            self.place_chip(given.to, given.lot)
            self._record(LotGiven, seat, given.to, given.lot, forced)
            self.refill_offer()
        elif kind is Build:
            build: Build = action  # type: ignore[assignment]
            partners = self._partners(seat, build.lots)
            if partners:  # ruling MS-A4: each partner answers in turn, clockwise
                s.pool = build
                s.pool_waiting = partners
                s.phase = "pool"
                self._record(PoolProposed, seat, build.model, build.lots, partners)
                self._ask_pool(partners[0])
            else:
                self.put_up(seat, build.model, build.lots)
                self.end_turn()
        elif kind is Pass:
            self.end_turn()

    # -------------------------------------- negotiating: the exchange windows (MS-9, MS-A5, MS-A13)
    def open_window(self, seat: int) -> None:
        """``seat`` may now propose exchanges, up to ``trade_proposals`` (MS-A11, MS-A13)."""
        s = self.s
        s.trader = seat
        s.proposals = 0
        self.negotiation_step()

    def negotiation_step(self) -> None:
        """Ask the seat whose window is open for an exchange proposal (ruling MS-9) while it
        has proposals left and some proposal is listed (MS-A5); with none listed, ``done`` is
        taken for it (ruling MS-A14: no question with one listed answer); with no proposals
        left its window closes."""
        s = self.s
        seat = s.trader
        if s.proposals < self._trade_limit:
            s.phase = "trade"
            if self._trade_menu(seat) is not DONE_ONLY:
                self._ask_prompt(TRADE_ASKS[seat][self._trade_limit - s.proposals])
            else:
                self._force(seat, DONE)
            return
        self.close_window()

    def _trade_menu(self, seat: int) -> Sequence[Action]:
        """The trade prompt's actions: Done, then the listed proposals (ruling MS-A5), as
        ``reference.swaps`` lists them: one-for-one swaps in which each side receives a lot
        next to one it already holds; any other legal proposal passes ``is_legal``."""
        key = TRADE_KEY + seat
        if self._memo_key == key:
            return self._memo
        s = self.s
        unbuilt = s.unbuilt
        near = s.near
        mine = unbuilt[seat]
        next_to_mine = near[seat]
        blocks = []
        length = 1  # Done
        for p in self._others[seat]:
            offered = mine & near[p]
            wanted = unbuilt[p] & next_to_mine
            if offered and wanted:
                offered_count = offered.bit_count()
                wanted_count = wanted.bit_count()
                swaps = offered_count * wanted_count
                blocks.append((p, offered, wanted, offered_count, wanted_count, swaps))
                length += swaps
        if blocks:
            # made without a Python-level __init__ call: a trade prompt is listed at many
            # decisions
            menu = new_menu(TradeMenu)
            menu._blocks = blocks
            menu._len = length
            out: Sequence[Action] = menu
        else:
            out = DONE_ONLY
        self._memo_key = key
        self._memo = out
        return out

    def proposal_ok(self, seat: int, a: Propose) -> bool:
        """Whether an exchange proposal is legal (ruling MS-9): see docs/rulings."""
        s = self.s
        n = self.num_players
        if not (0 <= a.partner < n) or a.partner == seat:
            return False
        if not a.give and not a.take:
            return False
        for lots, who in ((a.give, seat), (a.take, a.partner)):
            if list(lots) != sorted(set(lots)):
                return False
            for lot in lots:
                if not (0 <= lot < LOT_SLOTS) or s.owner[lot] != who or s.building_at[lot] >= 0:
                    return False
        # ruling MS-A5: each side needs a chip for every lot it gains on balance
        delta = len(a.give) - len(a.take)
        return s.chips[seat] + delta >= 0 and s.chips[a.partner] - delta >= 0

    def answer_trade(self, seat: int, accepted: bool) -> None:
        """The partner answers an exchange; chips move with the lots (ruling MS-9)."""
        s = self.s
        trade = s.trade
        assert trade is not None
        s.trade = None
        # after a decline nothing changed, and the proposer was asked with some proposal
        # listed: while proposals are left, it is asked again without ``negotiation_step``'s
        # listing (after an exchange the listing may hold none: ``negotiation_step`` looks)
        still = not accepted and s.proposals < self._trade_limit
        proposer = s.trader
        if accepted:
            if len(trade.give) == 1 == len(trade.take):  # a listed swap: both lots at once
                self._swap_lots(proposer, trade.give[0], trade.partner, trade.take[0])
            else:
                for lot in trade.give:
                    self.move(lot, trade.partner)
                for lot in trade.take:
                    self.move(lot, proposer)
                delta = len(trade.give) - len(trade.take)
                s.chips[proposer] += delta
                s.chips[trade.partner] -= delta
        self._entries.append((TradeAnswered, seat, accepted))
        if still:
            s.phase = "trade"
            self._ask_prompt(TRADE_ASKS[proposer][self._trade_limit - s.proposals])
        else:
            self.negotiation_step()

    def move(self, lot: int, to: int) -> None:
        """An unbuilt lot changes hands in an exchange (ruling MS-9)."""
        self._memo_key = None
        s = self.s
        d = lot // 10
        bit = 1 << (lot % 10)
        seat = s.owner[lot]
        was = seat * 10 + d
        s.own[was] &= ~bit
        s.own[to * 10 + d] |= bit
        s.owner[lot] = to
        s.unbuilt[seat] &= ~(1 << lot)
        s.unbuilt[to] |= 1 << lot
        s.near[to] |= s.lot_neighbours[lot]
        self._renear(seat, d)

    def _swap_lots(self, seat: int, lot: int, partner: int, other: int) -> None:
        """``move(lot, partner)`` then ``move(other, seat)``, done at once (most accepted
        exchanges are one-for-one swaps); the fast-path test checks the masks."""
        self._memo_key = None
        s = self.s
        own = s.own
        d = DISTRICT_OF[lot]
        bit = LOCAL_BIT[lot]
        od = DISTRICT_OF[other]
        obit = LOCAL_BIT[other]
        # the lot leaves the seat for the partner in its district, the other lot the other
        # way (an unbuilt lot is in ``own`` of its owner: ``^`` clears its bit)
        mine = seat * 10 + d
        own[mine] ^= bit
        own[partner * 10 + d] |= bit
        own[seat * 10 + od] |= obit
        theirs_other = partner * 10 + od
        own[theirs_other] ^= obit
        s.owner[lot] = partner
        s.owner[other] = seat
        unbuilt = s.unbuilt
        unbuilt[seat] = unbuilt[seat] & LOT_CLEAR[lot] | LOT_BIT[other]
        unbuilt[partner] = unbuilt[partner] & LOT_CLEAR[other] | LOT_BIT[lot]
        # each side gains the new lot's neighbours and works out again the district it left
        # from its lots there, built or not
        near = s.near
        near_at = self._listings.near_at
        neighbours = s.lot_neighbours
        built_by = s.built_by
        near[seat] = (near[seat] | neighbours[other]) & OUTSIDE[d] | near_at[d][
            own[mine] | built_by[mine]
        ]
        near[partner] = (near[partner] | neighbours[lot]) & OUTSIDE[od] | near_at[od][
            own[theirs_other] | built_by[theirs_other]
        ]

    def _renear(self, seat: int, district: int) -> None:
        """Work out again which lots of a district lie next to the seat's, after it lost one."""
        s = self.s
        i = seat * 10 + district  # the seat's lots there, built or not
        near = self._listings.near_at[district][s.own[i] | s.built_by[i]]
        s.near[seat] = s.near[seat] & OUTSIDE[district] | near

    def close_window(self) -> None:
        """The open exchange window closes: the next seat's opens, clockwise, until every
        seat had one this turn (ruling MS-A13)."""
        s = self.s
        following = s.trader + 1
        if following == self._seats:
            following = 0
        if following != s.turn:
            self.open_window(following)
        else:
            self.after_exchanges()

    def after_exchanges(self) -> None:
        """The exchanges are over: the lot choice, or in the final round the last building
        turn (MS-8)."""
        s = self.s
        s.trader = NO_ONE
        s.proposals = 0
        if s.final_left >= 0:
            self.building_step()
        else:
            self.choice_step()

    # ---------------------------------------- choosing a lot: claims and giving away (MS-6, MS-A10)
    def choice_step(self) -> None:
        """Choose one of the offered lots, to take or give away (ruling MS-6); the only
        possible choice is taken for the seat (ruling MS-A14)."""
        s = self.s
        s.phase = "choose"
        choices = self._choices(s.turn)
        if choices:
            if len(choices) == 1:
                self._force(s.turn, choices[0])
            elif self._memo_takes:
                self._ask_prompt(TAKE_ASKS[s.turn])
            else:
                self._ask_prompt(GIVE_ASKS[s.turn])
        else:
            self._record(ChoiceSkipped, s.turn)  # ruling MS-A2: nobody may take any offered lot
            self.building_step()

    def _choices(self, seat: int) -> Sequence[Action]:
        """The choose prompt's actions, as ``reference.choices`` lists them; also sets
        ``_memo_takes``. The claim rule (MS-6) is read off the ``near`` masks: a seat may
        claim a lot next to one it holds."""
        key = CHOOSE_KEY + seat
        if self._memo_key == key:
            return self._memo
        s = self.s
        chips = s.chips
        near = s.near
        occupied = s.occupied
        give_claimed = self._give_claimed  # ruling MS-A10
        near_anyone = 0
        for mask in near:
            near_anyone |= mask
        # a seat without chips takes nothing (MS-5)
        can_take = chips[seat] > 0
        mine = near[seat]
        others = self._others[seat]
        takes = False
        out: list[Action] = []
        for lot in sorted(s.offer):
            bit = LOT_BIT[lot]
            # from the 6th lot of a district on, only the owners of a neighbour claim it,
            # unless it has none (MS-6)
            open_to_all = occupied[DISTRICT_OF[lot]] < FREE_UNTIL or not near_anyone & bit
            if can_take and (open_to_all or mine & bit):
                out.append(TAKES[lot])
                takes = True
                if not give_claimed:
                    continue
            gives = GIVES[lot]
            for p in others:
                if chips[p] > 0 and (open_to_all or near[p] & bit):
                    out.append(gives[p])
        self._memo_key = key
        self._memo = out
        self._memo_takes = takes
        return out

    def may_take(self, seat: int, lot: int) -> bool:
        """Whether ``seat`` may take ``lot`` now: chips left (MS-5) and the claim rule (MS-6)."""
        s = self.s
        if s.chips[seat] <= 0:
            return False
        return seat in self.claimants(lot)

    def claimants(self, lot: int) -> tuple[int, ...]:
        """The seats the claim rule lets take ``lot`` (ruling MS-6), chips aside."""
        if self.s.occupied_in(lot // 10) < FREE_UNTIL:
            return tuple(range(self.num_players))  # free choice up to the 5th lot
        return self.neighbour_claim(lot)

    def neighbour_claim(self, lot: int) -> tuple[int, ...]:
        """From the 6th lot on: the owners of its neighbours, or everyone if it has none."""
        s = self.s
        near = {s.owner[x] for x in self.r.board.neighbours[lot]} - {NO_ONE}
        if not near:
            return tuple(range(self.num_players))
        return tuple(sorted(near))

    def place_chip(self, seat: int, lot: int) -> None:
        """The new owner marks the chosen lot with a chip."""
        self._memo_key = None
        s = self.s
        s.offer.remove(lot)
        self.mark(seat, lot)
        s.chips[seat] -= 1
        s.progressed = True

    def mark(self, seat: int, lot: int) -> None:
        """A free lot becomes ``seat``'s (a chip on it)."""
        self._memo_key = None
        s = self.s
        s.owner[lot] = seat
        d = DISTRICT_OF[lot]
        bit = LOCAL_BIT[lot]
        s.occupied[d] += 1
        i = seat * 10 + d
        s.own[i] |= bit
        s.unbuilt[seat] |= LOT_BIT[lot]
        s.near[seat] |= s.lot_neighbours[lot]

    def refill_offer(self) -> None:
        """Turn a new card face up so that four lots are on offer again."""
        s = self.s
        if s.stack and len(s.offer) < OFFER_SIZE:
            # ruling MS-A7: the stack has no order; each refill is a draw, before building
            s.phase = "refill"
            # Draw("lots", tuple(s.stack)), made without attrs' checks of a known-good stack
            self._request(draw_request("lots", tuple(s.stack)))
        else:
            self.building_step()

    # ---------------------------------------------- building (MS-7, pooling MS-A4, "No" pairs MS-4)
    def building_step(self) -> None:
        """The seat on turn may put up one building (ruling MS-7); with nothing to put up,
        ``pass`` is taken for it (ruling MS-A14)."""
        s = self.s
        s.phase = "build"
        menu = self._build_menu(s.turn)
        if menu is not PASS_ONLY:  # more than Pass: a BuildMenu
            self._ask_prompt(self._build_ask(s.turn, menu))  # type: ignore[arg-type]
        else:
            self._force(s.turn, PASS)

    def _build_menu(self, seat: int) -> Sequence[Action]:
        """The build prompt's actions (ruling MS-7): the buildings ``seat`` may put up, as
        ``reference.builds`` lists them, then Pass.

        Per district, as bits of placement ranks: those on the seat's unbuilt lots, and when
        pooling is left those of a pool size on unbuilt owned lots touching one of the seat's
        (MS-A4), less the models out of the supply or kept out by a "No" pair (MS-4).
        """
        key = BUILD_KEY + seat
        if self._memo_key == key:
            return self._memo
        s = self.s
        r = self.r
        masks = s.own
        base = seat * 10
        mine = masks[base : base + 10]  # the seat's unbuilt lots, by district
        theirs: Sequence[int] = NOBODY  # the others' unbuilt lots, by district, if pooling
        if s.pool_declined < self._pool_limit:
            others = self._others[seat]
            first = others[0] * 10
            theirs = masks[first : first + 10]
            if len(others) > 1:
                for p in others[1:]:
                    theirs = [
                        a | b for a, b in zip(theirs, masks[p * 10 : p * 10 + 10], strict=True)
                    ]
        # ``_supply_ranks()``, its memo read here (no building went up since: the usual case)
        in_supply = self._supply_bits if s.supply == self._supply_seen else self._supply_ranks()
        open_here = self._open_here
        inside = r.inside_bits
        pool_bits = r.pool_bits
        touching = r.touching
        blocks = []
        length = 1  # Pass
        pooling = False
        for d, actions in self._listings.districts:
            own = mine[d]
            if not own:
                continue
            ranks = inside[own]
            other = theirs[d]  # never overlapping ``own``: a lot has one owner
            if other:
                pooled = pool_bits[own | other]
                if pooled:
                    pooled &= touching[own]
                    if pooled & ~ranks:  # some on others' lots too
                        pooling = True
                        ranks |= pooled
            ranks &= in_supply & open_here[d]
            if ranks:
                count = ranks.bit_count()
                blocks.append((ranks, actions, count))
                length += count
        if blocks:
            menu = new_menu(BuildMenu)  # without a Python-level __init__ call
            menu._blocks = blocks
            menu._len = length
            menu._pooling = pooling
            out: Sequence[Action] = menu
        else:
            out = PASS_ONLY
        self._memo_key = key
        self._memo = out
        return out

    def _build_ask(self, seat: int, menu: BuildMenu) -> Prompt:
        """The build prompt, naming by the rulebook's names what can be put up on the seat's
        own lots and what only by pooling lots with others (MS-A4); remembered per seat and
        the two sets of models."""
        ranks = 0
        for block, _, _ in menu._blocks:
            ranks |= block
        listings = self._listings
        if menu._pooling:
            # the placements on the seat's own lots alone (``_build_menu``'s less pooling)
            s = self.s
            solo = 0
            base = seat * 10
            inside = self.r.inside_bits
            open_here = self._open_here
            for d, _ in listings.districts:
                own = s.own[base + d]
                if own:
                    solo |= inside[own] & open_here[d]
            alone = listings.models_of(solo & ranks)
            pooled = listings.models_of(ranks) & ~alone
        else:
            alone = listings.models_of(ranks)
            pooled = 0
        asks = listings.build_asks
        key = (seat, alone, pooled)
        found = asks.get(key)
        if found is None:
            names = [m.name for m in self.r.models]
            found = asks.keep(key, Prompt(seat, "build", build_text(names, alone, pooled)))
        return found

    def _supply_ranks(self) -> int:
        """The placement ranks of the models still in the supply."""
        if self.s.supply == self._supply_seen:  # the usual case: no building went up
            return self._supply_bits
        supply = tuple(self.s.supply)
        listings = self._listings
        found = listings.by_supply.get(supply)
        if found is None:
            found = remember(listings.by_supply, supply, listings.open_ranks(closed_models(supply)))
        self._supply_seen = list(supply)
        self._supply_bits = found
        return found

    def _kinds_ranks(self, here: frozenset[str]) -> int:
        """The placement ranks of the models no "No" pair (MS-4) keeps out of a district
        holding the kinds ``here``."""
        found = self._by_kinds.get(here)
        if found is None:
            forbidden = self.r.forbidden
            blocked = sum(1 << mi for mi, m in enumerate(self.r.models) if forbidden[m.kind] & here)
            found = self._by_kinds[here] = self._listings.open_ranks(blocked)
        return found

    def build_ok(self, seat: int, action: Build) -> bool:
        """Exactly whether ``action`` is among ``_build_menu(seat)``, without listing them."""
        s = self.s
        r = self.r
        found = r.build_index.get((action.model, action.lots))
        if found is None:
            return False
        mi, d, _ = found
        m = r.models[mi]
        if s.supply[mi] <= 0 or r.forbidden[m.kind] & s.kinds[d]:
            return False
        mine = 0
        for lot in action.lots:
            o = s.owner[lot]
            if o == NO_ONE or s.building_at[lot] >= 0:
                return False
            mine += o == seat
        if mine == len(action.lots):
            return True
        pooling = s.pool_declined < self.options["pool_proposals"]
        return mine > 0 and pooling and m.size in r.pool_sizes

    def _partners(self, seat: int, lots: tuple[int, ...]) -> tuple[int, ...]:
        """The other owners of a building's lots, clockwise from ``seat`` (MS-A4)."""
        owner = self.s.owner
        for lot in lots:
            if owner[lot] != seat:
                break
        else:
            return ()  # the usual case: all the builder's own
        others = {owner[lot] for lot in lots} - {seat}
        return tuple(p for p in self._others[seat] if p in others)

    def _ask_pool(self, partner: int) -> None:
        """Ask ``partner`` whether it pools its lots for the proposed building (MS-A4)."""
        s = self.s
        pool = s.pool
        assert pool is not None
        name = self.r.model_by_id[pool.model].name
        yours = tuple(lot for lot in pool.lots if s.owner[lot] == partner)
        self._ask(partner, "pool", pool_text(self.players[s.turn], name, pool.lots, yours))

    def answer_pool(self, seat: int, accepted: bool) -> None:
        """A partner answers a pooled-building proposal; all must accept (ruling MS-7)."""
        s = self.s
        pool = s.pool
        assert pool is not None
        self._record(PoolAnswered, seat, accepted)
        rest = s.pool_waiting[1:]
        if accepted and rest:
            s.pool_waiting = rest
            self._ask_pool(rest[0])
            return
        s.pool = None
        s.pool_waiting = ()
        if accepted:
            self.put_up(s.turn, pool.model, pool.lots)
            self.end_turn()
        else:
            s.pool_declined += 1
            self._memo_key = None  # fewer pooling proposals are left
            self.building_step()

    def put_up(self, builder: int, model_id: str, lots: tuple[int, ...]) -> None:
        """Chips come off the lots, the building goes up marked with the builder's chip."""
        self._memo_key = None
        s = self.s
        r = self.r
        index = len(s.buildings)
        d = DISTRICT_OF[lots[0]]  # a building lies inside one district (MS-2)
        shift = d * 10
        lot_places = r.lot_places
        building_at = s.building_at
        places = 0  # the building's locations (MS-4), as ``tables.fixed_value`` reads them
        mask = 0  # its lots in the district
        for lot in lots:
            places |= lot_places[lot]
            mask |= LOCAL_BIT[lot]
            building_at[lot] = index
        mine = builder * 10 + d
        if s.own[mine] & mask == mask:  # the usual case: all of them the builder's own
            # one chip comes off each lot, one marks the building
            s.chips[builder] += len(lots) - 1
            s.own[mine] &= ~mask
            s.unbuilt[builder] &= ~(mask << shift)
            shares: tuple[tuple[int, int], ...] = ((builder, len(lots)),)
        else:  # pooled (MS-A4): every partner's chips come off its lots
            counts: dict[int, int] = {}
            for lot in lots:
                o = s.owner[lot]
                counts[o] = counts.get(o, 0) + 1
                s.chips[o] += 1
                bit = 1 << (lot - shift)
                s.own[o * 10 + d] &= ~bit
                s.unbuilt[o] &= ~(1 << lot)
                s.near[builder] |= s.lot_neighbours[lot]
                s.owner[lot] = builder  # ruling MS-A3: the building's chip marks all its lots
            s.chips[builder] -= 1
            shares = tuple(sorted(counts.items()))
        s.built[d] |= mask
        s.built_by[mine] |= mask  # ruling MS-A3: all its lots are the builder's
        m = r.model_by_id[model_id]
        kind = m.kind
        s.supply[r.model_index[model_id]] -= 1
        b = Building(model_id, kind, lots, builder, shares)
        for o, _ in shares:
            if o != builder:
                self._renear(o, d)
        s.buildings.append(b)
        standing = list(s.standing)
        here = standing[d] = (*standing[d], (index, kind, r.fixed_values[kind][places]))
        s.standing = tuple(standing)
        before = s.values
        if len(here) == 1:  # the district's first building: no other modifies it (MS-4)
            fixed = here[0][2]
            s.values = (*s.values, fixed if fixed > 0 else 0)
            revalued: tuple[tuple[tuple[int, ...], str, int, int, int], ...] = ()
        else:
            # the modifiers read by the kinds there (remembered)
            chart = self._modifiers
            kinds_here = tuple([k for _, k, _ in here])
            modifiers = chart.found.get(kinds_here)
            if modifiers is None:
                modifiers = remember(
                    chart.found, kinds_here, kind_modifiers(chart.per_building, kinds_here)
                )
            s.values = after = district_values(s.values, len(s.buildings), here, modifiers)
            revalued = ()  # the others of the district whose value changed, for the event
            if chart.affects[kind] & s.kinds[d]:  # (the kinds there before this one)
                for i, k, _ in here:
                    if i != index and before[i] != after[i]:
                        other = s.buildings[i]
                        revalued += ((other.lots, k, other.owner, before[i], after[i]),)
        if kind not in s.kinds[d]:  # a kind already there changes neither (MS-4)
            kinds = list(s.kinds)
            kinds[d] = kinds[d] | {kind}
            s.kinds = tuple(kinds)
            open_here = list(self._open_here)
            open_here[d] = self._kinds_ranks(kinds[d])
            self._open_here = tuple(open_here)
        s.progressed = True
        self._record(
            BuildingPut, builder, model_id, m.kind, lots, b.shares, s.values[index], revalued
        )

    # ----------------------------------------------------- end of the game and scoring (MS-8, MS-4)
    def end_turn(self) -> None:
        """Pass the turn clockwise, or start the final round, or end the game (ruling MS-8)."""
        s = self.s
        n = self._seats
        s.idle_turns = 0 if s.progressed else s.idle_turns + 1
        if not self._any_building_fits():  # ruling MS-A6: checked at the end of every turn
            self.finish()
            return
        if s.final_left >= 0:
            s.final_left -= 1
            if s.final_left == 0:
                self.finish()
                return
        elif not s.stack and not s.offer:
            # ruling MS-A6: one more building turn each, from the next seat clockwise; with
            # option final_round "others" the seat that gave out the last lot is not asked again
            s.final_left = n if self.options["final_round"] == "every_seat" else n - 1
            self._record(FinalRound, (s.turn + 1) % n)
        elif s.idle_turns >= n:
            # ruling MS-A2: a whole round in which no lot could go out and nothing was built
            self.finish()
            return
        self.begin_turn((s.turn + 1) % n)

    def _any_building_fits(self) -> bool:
        """Whether some supply building still fits on unbuilt lots (ruling MS-8).

        Asked at the end of every turn, but only a new building (or a change of the supply)
        can change the answer: it is remembered with the building count and the supply."""
        s = self.s
        if self._fits_built == len(s.buildings) and self._fits_supply == s.supply:
            return self._fits
        self._fits_built = len(s.buildings)
        self._fits_supply = s.supply[:]
        self._fits = self._fits_anywhere()
        return self._fits

    def _fits_anywhere(self) -> bool:
        s = self.s
        r = self.r
        in_supply = self._supply_ranks()
        for d in r.board.districts:
            free = r.district_masks[d] & ~s.built[d]
            if free and r.inside_bits[free] & in_supply & self._open_here[d]:
                return True
        return False

    def finish(self) -> None:
        """Value every building from the chart and end the game (ruling MS-4)."""
        s = self.s
        s.phase = "over"
        for b, value in zip(s.buildings, s.values, strict=True):
            credited = tuple(split_value(value, b))
            self._record(BuildingScored, b.lots, b.kind, value, credited)
        self._end()

    def _result(self) -> Result:
        scores = tuple(scores_of(self.s.buildings, self.s.values, self.num_players))
        return Result(scores, winners_by_score(scores), "highest total building value")

    # ------------------------------------------------------------------ the contract's other hooks
    def _legal_actions(self) -> Sequence[Action]:
        s = self.s
        seat = s.turn
        phase = s.phase
        # the choose and build steps listed their actions to ask at all: the memo is read
        # here without a further call (as each listing reads it first)
        if phase == "trade":  # the seat whose exchange window is open (ruling MS-A13)
            trader = s.trader
            return self._memo if self._memo_key == TRADE_KEY + trader else self._trade_menu(trader)
        if phase == "answer" or phase == "pool":
            return ANSWERS
        if phase == "choose":
            return self._memo if self._memo_key == CHOOSE_KEY + seat else self._choices(seat)
        if phase == "build":
            return self._memo if self._memo_key == BUILD_KEY + seat else self._build_menu(seat)
        return []

    def _is_legal(self, action: Action) -> bool:
        """Exact legality; any legal exchange proposal is accepted, not only listed swaps."""
        s = self.s
        phase = s.phase
        seat = s.turn
        kind = type(action)  # actions are exactly these classes (the ActionSet parses them)
        if kind is Propose:
            assert isinstance(action, Propose)
            return phase == "trade" and self.proposal_ok(s.trader, action)
        if kind is Accept or kind is Decline:
            return phase in ("answer", "pool")
        if kind is Done:
            return phase == "trade"
        if kind is Pass:
            return phase == "build"
        if isinstance(action, Take):
            return phase == "choose" and action.lot in s.offer and self.may_take(seat, action.lot)
        if isinstance(action, Give):
            to = action.to
            return (
                phase == "choose"
                and action.lot in s.offer
                and 0 <= to < self.num_players
                and to != seat
                and self.may_take(to, action.lot)
                # ruling MS-A10: giving away a lot one may take oneself is an option
                and (self.options["give_claimed"] or not self.may_take(seat, action.lot))
            )
        if isinstance(action, Build):
            return phase == "build" and self.build_ok(seat, action)
        return False

    def _legal_text(self) -> str:
        """What is legal, for a refused action's message: in an exchange window any legal
        exchange, not only the swaps listed (MS-A5); elsewhere the listed actions."""
        s = self.s
        if s.phase != "trade":
            return super()._legal_text()
        left = self._trade_limit - s.proposals
        listed = [str(a) for a in self._legal_actions()[1:4]]
        return (
            "done, or propose PLAYER GIVE TAKE: your unbuilt lots GIVE for the unbuilt lots "
            "TAKE of player PLAYER (numbered from 1), lots comma-separated, - for none on one "
            "side, and a chip for "
            f"every lot a side gains on balance ({proposals_left(left)}); listed swaps: "
            + ", ".join(listed)
        )

    def _describe(self, data: dict[str, Any], seat: int | None) -> str | None:
        """Every event in words (``metropolis_lots.words``): players by name, lots, buildings
        by their rulebook names, values in the chart's points."""
        return tell(data, self._reader(seat))

    def _reader(self, seat: int | None) -> Reader:
        """The words' reader for ``seat``: the names, colours and rules of this game."""
        r = self.r
        names = {m.kind: m.name for m in r.models} | {m.id: m.name for m in r.models}
        return Reader(
            self.players,
            seat,
            self.s.colours,  # chosen at the set-up, never changed (MS-5, MS-A8)
            names,
            DEAL[self.num_players],
            self.options,
            r.board.lot_locations,
        )

    def _label(self, action: Action, seat: int | None) -> str | None:
        """A move for its button (``metropolis_lots.words.label``): lots by number,
        buildings by their rulebook names, players by name."""
        p = self._pending
        return label(action, p.kind if isinstance(p, Prompt) else "", self._reader(seat))

    def _view(self, seat: int | None) -> dict[str, Any]:
        s = self.s
        r = self.r
        values = s.values
        return {
            "owners": {str(lot): s.owner[lot] for lot in r.board.lots if s.owner[lot] != NO_ONE},
            "buildings": [
                {
                    "model": b.model,
                    "kind": b.kind,
                    "lots": list(b.lots),
                    "owner": b.owner,
                    "shares": [list(x) for x in b.shares],
                    "value": values[i],
                }
                for i, b in enumerate(s.buildings)
            ],
            "supply": {m.id: s.supply[i] for i, m in enumerate(r.models)},
            "chips": list(s.chips),
            "colours": list(s.colours),
            "offer": list(s.offer),
            "stack_size": len(s.stack),
            "turn": s.turn,
            "phase": s.phase,
            "final_turns_left": s.final_left,
            "pool": None if s.pool is None else s.pool.to_json(),
            "pool_waiting": list(s.pool_waiting),
            "trade": None if s.trade is None else s.trade.to_json(),
            "trader": None if s.trader < 0 else s.trader,
            "proposals_made": s.proposals,
            "scores": scores_of(s.buildings, s.values, self.num_players),
            "board": board_view(r.board),
            "occupied": {str(d): s.occupied[d] for d in r.board.districts},
            "claims": {
                str(lot): [p for p in range(self.num_players) if self.may_take(p, lot)]
                for lot in sorted(s.offer)
            },
        }

    @classmethod
    def _static_data(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        """The game's tables as plain JSON: the board (MS-1), the building models
        with the orientations and placements option ``rotation`` gives them (MS-3, MS-A12),
        the scoring chart in use (option ``chart``, MS-4), the chips and the deal (MS-5)."""
        rotation = options["rotation"]
        r = rules_of(options["chart"], rotation)
        turns = TURNS[rotation]
        names = {m.kind: m.name for m in r.models}
        return {
            "game": cls.name,
            "board": board_json(r.board),
            "rotation": rotation,
            "buildings": [
                {
                    "model": m.id,
                    "kind": m.kind,
                    "name": m.name,
                    "count": m.count,
                    "cells": [list(cell) for cell in m.cells],
                    "orientations": [
                        [list(cell) for cell in shape] for shape in rotations(m.cells, turns)
                    ],
                    "placements": [
                        list(p.lots) for d in r.board.districts for p in r.placements[mi][d]
                    ],
                }
                for mi, m in enumerate(r.models)
            ],
            "pool_sizes": sorted(r.pool_sizes),
            "chart": {
                kind: {
                    "name": names.get(kind, kind),
                    "base": row.base,
                    "location": dict(row.location),
                    "per_building": dict(row.per_building),
                    "forbidden": sorted(row.forbidden),
                }
                for kind, row in sorted(r.chart.rows.items())
            },
            "chips": dict(CHIPS),
            "chip_colours": dict(CHIP_COLOURS),
            # each seat's chip colour as drawn: the option's order, else the seed's (for the
            # most players; fewer players take the first ones, MS-5)
            "seat_colours": [
                CHIP_COLOURS[c]
                for c in (options["colours"].split(",") if options["colours"] else CHIPS)
            ],
            "deal": {
                str(n): {
                    "lots": DEAL[n],
                    "colours": list(COLOURS.get(n, DEFAULT_FOUR)),
                    "colours_chosen": n not in COLOURS,
                }
                for n in range(cls.min_players, cls.max_players + 1)
            },
            "offer_size": OFFER_SIZE,
            "free_until": FREE_UNTIL,
        }

    def __copy__(self) -> Metropolis:
        """A shallow copy for ``clone()``, without copy's generic protocol (searches clone
        at every step); ``_copy_state`` then gives it its own state."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        return other

    def _copy_state(self, other: Metropolis) -> None:
        self.s = other.s.copy()

    def max_actions(self) -> int:
        """A true bound: turns times the most decisions one turn can hold."""
        n = self.num_players
        lots_out = len(self.r.board.lots) - DEAL[n] * n
        pieces = sum(m.count for m in self.r.models)
        # every turn gives out a lot or puts up a building, except runs of fewer than n idle
        # turns (ruling MS-A2); then the final round of n turns (MS-A6)
        progress_turns = lots_out + pieces
        turns = progress_turns + (progress_turns + 1) * n + n
        trades = int(self.options["trade_proposals"])
        pools = int(self.options["pool_proposals"])
        # every seat's exchanges with answers and its done (MS-A13), the lot, declined pools
        # with answers, the building (a pool with up to n - 1 answers)
        per_turn = n * (2 * trades + 1) + 1 + pools * n + n
        return turns * per_turn

    def estimate(self) -> tuple[float, ...]:
        """Each seat's chance to win from its projected total, for cut-off searches (not a
        rule: ``metropolis_lots.search.win_chances``)."""
        from metropolis_lots.search import win_chances  # the search imports this module

        return win_chances(self)

    def invariants(self) -> list[str]:
        """The conservation laws: the 80 lot cards, the 25 buildings, the chips of
        each colour, every building standing whole on its builder's lots in one district,
        and no "No" pair (MS-4) in any district."""
        s = self.s
        r = self.r
        broken: list[str] = []
        # every lot card is owned, on offer or in the stack, exactly once
        owned = [lot for lot in r.board.lots if s.owner[lot] != NO_ONE]
        cards = sorted([*owned, *s.offer, *s.stack])
        if cards != list(r.board.lots):
            lost = sorted(set(r.board.lots) - set(cards))
            twice = sorted({lot for lot in cards if cards.count(lot) > 1})
            broken.append(
                f"lot cards: {len(cards)} of {len(r.board.lots)}, lost {lost}, twice {twice}"
            )
        if s.stack != sorted(s.stack):
            broken.append("the stack is not in ascending order (its cards are found by bisection)")
        strays = [i for i, o in enumerate(s.owner) if o != NO_ONE and i not in r.board.lots]
        if strays:
            broken.append(f"owners on lots that do not exist: {strays}")
        # the 25 buildings: the supply and the board together hold the seed's count per kind
        built_kinds: dict[str, int] = {}
        for b in s.buildings:
            built_kinds[b.kind] = built_kinds.get(b.kind, 0) + 1
        for mi, m in enumerate(r.models):
            if s.supply[mi] < 0:
                broken.append(f"supply of {m.id} is {s.supply[mi]}")
            built = sum(1 for b in s.buildings if b.model == m.id)
            if s.supply[mi] + built != m.count:
                broken.append(f"{m.id}: {s.supply[mi]} in supply + {built} built != {m.count}")
        for kind, count in SEED_BUILDINGS.items():
            supply = sum(s.supply[mi] for mi, m in enumerate(r.models) if m.kind == kind)
            if supply + built_kinds.get(kind, 0) != count:
                broken.append(
                    f"{kind}: {supply} in supply + {built_kinds.get(kind, 0)} built != {count}"
                )
        # chips (MS-5): in hand + on unbuilt lots + one on each own building = the colour's count
        for seat, colour in enumerate(s.colours):
            on_lots = sum(
                1 for lot in owned if s.owner[lot] == seat and s.building_at[lot] == NO_ONE
            )
            on_buildings = sum(1 for b in s.buildings if b.owner == seat)
            if s.chips[seat] < 0 or s.chips[seat] + on_lots + on_buildings != CHIPS[colour]:
                broken.append(
                    f"{colour} chips of seat {seat}: {s.chips[seat]} in hand + {on_lots} on lots "
                    f"+ {on_buildings} on buildings != {CHIPS[colour]}"
                )
        # every building: a placement of its model in one district, on its builder's lots
        under = {lot for lot in owned if s.building_at[lot] != NO_ONE}
        for i, b in enumerate(s.buildings):
            if (b.model, b.lots) not in r.build_index:
                broken.append(f"building {i} ({b.model} on {b.lots}) is no placement of it")
            if any(s.owner[lot] != b.owner or s.building_at[lot] != i for lot in b.lots):
                broken.append(f"building {i} ({b.model} on {b.lots}) is not on its builder's lots")
            if sum(n for _, n in b.shares) != len(b.lots) or b.owner not in dict(b.shares):
                broken.append(f"building {i} ({b.model} on {b.lots}) has shares {b.shares}")
            under -= set(b.lots)
        if under:
            broken.append(f"lots marked built with no building on them: {sorted(under)}")
        # "No" pairs (MS-4): never two forbidden kinds in one district
        for d in r.board.districts:
            here = sorted({b.kind for b in s.buildings if b.district == d})
            for k, a in enumerate(here):
                for other in here[k + 1 :]:
                    if other in r.forbidden[a]:
                        broken.append(f"district {d} holds both {a} and {other} (a 'No' pair)")
            if s.kinds[d] != frozenset(here):
                broken.append(f"district {d}: kinds {sorted(s.kinds[d])} != built {here}")
        standing = [
            [(i, b.kind) for i, b in enumerate(s.buildings) if b.district == d] for d in range(10)
        ]
        if [[(i, k) for i, k, _ in here] for here in s.standing] != standing:
            broken.append("the buildings listed per district disagree with the buildings")
        if not s.index_matches():
            broken.append("the lot masks and counts disagree with the owners")
        if self._open_here != tuple(self._kinds_ranks(here) for here in s.kinds):
            broken.append("the placements open per district disagree with the kinds there")
        if s.values != values_of(r, s.buildings):
            broken.append("the building values are not the chart's")
        # ruling MS-A13: a seat's exchange window is open exactly during the exchanges
        in_window = s.phase in ("trade", "answer")
        if in_window != (0 <= s.trader < self.num_players) or s.proposals > self._trade_limit:
            broken.append(
                f"exchange window of seat {s.trader} in phase {s.phase} with {s.proposals} "
                "proposals made"
            )
        return broken
