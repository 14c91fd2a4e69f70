"""The rules of Metropolia and Metropolia Plus: the turn, step by step, as the rulebook orders it.

A turn (rulebook "Gameplay", rulings MK-2 … MK-4): the Town Hall coin → roll one die, or one or
two with the Train Station → the Radio Tower re-roll → the Port's +2 → red cards, then green and
blue, then purple → build one card or landmark, or nothing → the Airport's 10 coins → the
Amusement Park's extra turn on doubles. The first to build all landmarks wins.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from common import (
    Action,
    ActionSet,
    Game,
    IllegalAction,
    Option,
    Prompt,
    Result,
    Shuffle,
)
from common.chance import ChanceRequest
from metropolia import words
from metropolia.actions import (
    ACTIONS,
    Build,
    Pass,
    Reroll,
    Roll,
    Swap,
    TakeFrom,
    UsePort,
)
from metropolia.data import (
    AIRPORT_COINS,
    CARD_INDEX,
    CARDS,
    LANDMARK_INDEX,
    LANDMARKS,
    MARKET_NAMES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PORT_BONUS,
    PORT_MIN_TOTAL,
    STARTING_CARDS,
    STARTING_COINS,
    SUSHI_BAR_COSTS,
    TOWN_HALL_COINS,
    TURN_LIMIT,
    static_data,
)
from metropolia.economy import win_chances
from metropolia.events import (
    EVENTS,
    Built,
    CardRevealed,
    CardsSwapped,
    CoinsPaid,
    CoinsReceived,
    DiceRolled,
    ExtraTurn,
    Passed,
    PileRemoved,
)
from metropolia.rl import ENCODINGS
from metropolia.schema import STATE_SCHEMA
from metropolia.state import MetroState
from metropolia.tables import (
    AIRPORT,
    ALL_CARDS,
    AMUSEMENT_PARK,
    BASE_CARDS,
    BLUE_AT,
    BUILD,
    BUILD_INDEX,
    BUILD_KIND,
    BUILD_LANDMARK,
    BUSINESS_CENTER,
    DECISIONS_PER_TURN,
    IS_PURPLE,
    MALL_BONUS,
    NC,
    NOT_PURPLE,
    PASS,
    PORT,
    PORT_CHOICES,
    PUBLISHER_CARDS,
    PURPLE_AT,
    RADIO_TOWER,
    RED_AT,
    REROLL_CHOICES,
    REROLLS,
    ROLL_1,
    ROLL_CHOICES,
    ROLLS,
    SHOPPING_MALL,
    SHUFFLE,
    TAKE_FROM,
    TAKE_KIND,
    TRAIN_STATION,
    TUNA_LEAST,
    TUNA_ROLL,
    SwapMenu,
    prompt_book,
    swap_blocks,
    table,
)


@attrs.frozen
class Readings:
    """The rule options that choose between two readings of one rule (a game's own record)."""

    #: payments="pay_first" (ruling MK-A17): the roller's purple cards take their coins
    #: before the roll's green and blue income is paid
    pay_first: bool
    #: reroll_dice="same" (ruling MK-A18): the Radio Tower re-rolls as many dice as before
    same_dice: bool
    #: unbuyable_purple="remove" (ruling MK-A19): a purple pile every player owns leaves the
    #: Plus market, which is refilled to ten names
    remove_unbuyable: bool


def _positive_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 1_000_000


class Metropolia(Game):
    """Metropolia (the Polish Machi Koro) with its Plus expansion as a rule option."""

    name = "metropolia"
    title = "Metropolia"
    encodings = ENCODINGS
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_spec = {
        "plus": Option(False, (False, True), help="play with the Metropolia Plus expansion"),
        "town_hall": Option(
            "start_of_turn",
            ("start_of_turn", "before_build"),
            help="Town Hall coin (MK-3): at the start of the turn, or only with 0 coins "
            "just before building",
        ),
        "sushi_bar_cost": Option(
            SUSHI_BAR_COSTS[0],
            SUSHI_BAR_COSTS,
            help="cost of the Sushi Bar (ruling MK-A16): 4 as printed (default), or 2 as some "
            "card lists give it",
        ),
        "payments": Option(
            "colour_order",
            ("colour_order", "pay_first"),
            help="order of payments and income (ruling MK-A17): colour_order (red, then green "
            "and blue, then purple, MK-A12) or pay_first (the seed's 'first the payment, then "
            "the income': the roller's purple cards take their coins before green and blue "
            "income)",
        ),
        "reroll_dice": Option(
            "choose",
            ("choose", "same"),
            help="the Radio Tower's re-roll (ruling MK-A18): choose (a new roll, one or two "
            "dice chosen again, MK-A1) or same (as many dice as the roll it replaces)",
        ),
        "unbuyable_purple": Option(
            "keep",
            ("keep", "remove"),
            help="Plus market (ruling MK-A19): keep a purple pile that every player owns, or "
            "remove it and refill to ten names (the Harbor rulebook's special note)",
        ),
        "turn_limit": Option(
            TURN_LIMIT,
            check=_positive_int,
            expects="an integer from 1 to 1000000",
            help="turns after which the game ends without a winner (ruling MK-A3)",
        ),
    }
    actions = ActionSet(ACTIONS)
    game_events = EVENTS
    state_schema = STATE_SCHEMA

    s: MetroState

    # --------------------------------------------------------------------- setup (rulebook "Setup")
    def _setup(self) -> None:
        n = self.num_players
        plus = bool(self.options["plus"])
        self._plus = plus
        self._book = prompt_book(self.players)
        self._readings = Readings(
            pay_first=self.options["payments"] == "pay_first",
            same_dice=self.options["reroll_dice"] == "same",
            remove_unbuyable=plus and self.options["unbuyable_purple"] == "remove",
        )
        self._build_prompt_of = self._book.build_found
        # ruling MK-3: when the Plus Town Hall pays its coin (every Plus city holds one)
        self._town_hall_first = plus and self.options["town_hall"] == "start_of_turn"
        self._town_hall_late = plus and self.options["town_hall"] == "before_build"
        self._turn_limit = int(self.options["turn_limit"])
        t = table(n, plus, int(self.options["sushi_bar_cost"]))
        self._income = t.income
        self._others = t.others
        self._next = t.next_seat
        self._ccw = t.ccw
        self._cost = t.cost
        self._landmarks_in_play = t.landmarks_in_play
        self._builds_by_cost = t.builds_by_cost
        self._to_win = t.to_win
        self.s = MetroState(
            coins=[0] * n,
            cards=[list(t.start_cards) for _ in range(n)],
            landmarks=[list(t.start_landmarks) for _ in range(n)],
            supply=list(t.start_supply),
            offers=[t.start_offers] * n,  # shared until changed: _withdraw copies
            town_hall=plus,
        )
        for seat in range(n):
            self._receive(seat, STARTING_COINS, "start")
        if plus:
            self._request(t.shuffle)
        else:
            self._first_turn()

    def _first_turn(self) -> None:
        """Ruling MK-A4: seat 0 begins, as if the last seat had just ended a turn."""
        self.s.turn = self.num_players - 1
        self._end_turn(True)  # True: no Airport coins, nobody has played

    # --------------------------------------------------------------------- the market (ruling MK-5)
    def _fill_market(self) -> None:
        """Ruling MK-5: turn cards face up until 10 names show or the stack is gone."""
        s = self.s
        supply = s.supply
        names = sum(1 for k in supply if k)
        stack = s.stack
        remove = self._readings.remove_unbuyable
        while names < MARKET_NAMES and stack:
            i = stack.pop()
            if not supply[i]:
                names += 1
            supply[i] += 1
            self._record(CardRevealed, CARDS[i].id, len(stack))
            if remove and IS_PURPLE[i] and self._everyone_owns(i):  # ruling MK-A19
                self._remove_pile(i)
                names -= 1
        self._refresh_offers(range(self.num_players))

    def _everyone_owns(self, i: int) -> bool:
        """Whether every city holds card ``i`` (a purple card nobody may build again)."""
        return all(city[i] for city in self.s.cards)

    def _remove_pile(self, i: int) -> None:
        """Ruling MK-A19: the face-up copies of purple card ``i`` leave the game."""
        s = self.s
        count = s.supply[i]
        s.supply[i] = 0
        s.retired += (i,) * count
        self._record(PileRemoved, CARDS[i].id, count)

    # --------------------------------------------------------------- the roll (rulebook "Gameplay")
    def _ask_roll(self) -> None:
        """One die; the Train Station owner chooses one or two (MK-2)."""
        s = self.s
        seat = s.turn
        if s.landmarks[seat][TRAIN_STATION]:
            self._ask_prompt(self._book.roll[seat])
        else:
            self._request(ROLL_1[seat])

    def _ask_roll_again(self) -> None:
        """The Radio Tower's new roll: the dice chosen again (ruling MK-A1)."""
        s = self.s
        seat = s.turn
        lms = s.landmarks[seat]
        if lms[TRAIN_STATION]:
            self._ask_prompt(self._book.roll_again[seat])
        else:
            self._request(REROLLS[1][seat])

    def _rolled(self, dice: tuple[int, ...], port: int | None = None) -> None:
        """The dice are in: the Radio Tower may roll them again, the Port may add 2 (``port``:
        what the Port's owner chose to add, once asked); then the cards activate (MK-4): red
        first, then green and blue, then purple.
        """
        s = self.s
        s.dice = dice
        seat = s.turn
        lms = s.landmarks[seat]
        total = sum(dice)
        if port is None:
            if lms[RADIO_TOWER] and not s.rerolled:
                s.total = total
                self._ask_prompt(self._book.reroll_prompt(seat, dice))
                return
            if total >= PORT_MIN_TOTAL and lms[PORT]:
                s.total = total
                self._ask_prompt(self._book.port_prompt(seat, dice))
                return
        else:
            total += port
        s.total = total
        # ruling MK-A11: doubles count only with an Amusement Park already built at the roll
        s.again = lms[AMUSEMENT_PARK] and len(dice) == 2 and dice[0] == dice[1]
        self._entries.append((DiceRolled, seat, dice, total))  # the step's list: no call
        if RED_AT[total]:
            self._resolve_red_cards(total)
        if total >= TUNA_LEAST and self._tuna_boat_sails(total):  # ruling MK-A6
            self._request(TUNA_ROLL)
            return
        if PURPLE_AT[total]:
            if self._readings.pay_first:  # ruling MK-A17: the purple payments come first
                s.income_due = True
            else:
                self._collect_income(total, 0)
            self._resolve_purple_cards(0)
        else:
            self._collect_income(total, 0)
            self._ask_build()

    # -------------- the cards activate (rulebook "Income", "Payments Between Players"; ruling MK-4)
    def _resolve_red_cards(self, total: int) -> None:
        """Red cards: the roller pays each owner counter-clockwise, while money lasts."""
        s = self.s
        roller = s.turn
        coins = s.coins
        reds = RED_AT[total]
        for owner in self._ccw[roller]:
            city = s.cards[owner]
            lms = s.landmarks[owner]
            for i in reds:
                k = city[i]
                if not k or (CARDS[i].needs_port and not lms[PORT]):
                    continue
                per = CARDS[i].amount + (MALL_BONUS[i] if lms[SHOPPING_MALL] else 0)
                owed = per * k
                paid = min(owed, coins[roller])
                coins[roller] -= paid
                coins[owner] += paid
                self._record(CoinsPaid, roller, owner, paid, owed, CARDS[i].id)

    def _tuna_boat_sails(self, total: int) -> bool:
        """Whether a Tuna Boat that ``total`` activates has an owner with the Port (MK-A6)."""
        s = self.s
        for i in BLUE_AT[total]:
            if CARDS[i].effect == "tuna":
                for seat in range(self.num_players):
                    if s.cards[seat][i] and s.landmarks[seat][PORT]:
                        return True
        return False

    def _collect_income(self, total: int, tuna: int) -> None:
        """Green cards pay the roller, blue cards pay every owner, from the bank.

        Seats are paid clockwise from the roller, who takes its blue cards, then its green.
        """
        s = self.s
        cards = s.cards
        coins = s.coins
        append = self._entries.append  # the step's list (kernel): no call a payment
        for seat, i, cid, amount, bonus, rule in self._income[s.turn][total]:
            k = cards[seat][i]
            if not k:  # most cards a total activates are not in this city
                continue
            if bonus and s.landmarks[seat][SHOPPING_MALL]:
                amount += bonus
            if rule is None:
                amount *= k
            else:
                effect, needs_port, per = rule
                if needs_port and not s.landmarks[seat][PORT]:
                    continue
                if effect == "income":
                    amount *= k
                elif effect == "tuna":
                    amount = tuna * k
                else:  # per_icon / per_card: the seed's Flower Shop counts the mall per orchard
                    city = cards[seat]
                    amount *= k * sum([city[j] for j in per])
                if not amount:
                    continue
            # _receive, inline: income is most of the coin events
            coins[seat] += amount
            append((CoinsReceived, seat, amount, cid))

    def _resolve_purple_cards(self, start: int) -> None:
        """Purple cards of the roller in card-table order (MK-4); some ask a decision."""
        s = self.s
        roller = s.turn
        city = s.cards[roller]
        for i in PURPLE_AT[s.total]:
            if i < start or not city[i]:
                continue
            effect = CARDS[i].effect
            if s.income_due and effect == "business_center":
                continue  # it moves cards, not coins: after the income (ruling MK-A17)
            if effect == "tv_station":
                s.purple_next = i
                others = self._others[roller]
                if len(others) == 1:  # two players: the one opponent pays
                    self._ask_prompt(TAKE_KIND[roller])  # the question with one answer
                    self._force(roller, TAKE_FROM[others[0]])
                    return
                names, coins = self.players, s.coins
                offers = [(names[o], coins[o]) for o in others]
                self._ask(roller, "take", words.take_text(names[roller], CARDS[i].amount, offers))
                return
            if effect == "business_center":
                s.purple_next = i
                self._ask_prompt(self._book.swap[roller])
                if not swap_blocks(s.cards, roller, self._others[roller]):
                    self._force(roller, PASS)  # nothing to swap: pass is the only answer
                return
            self._purple_from_everyone(i)
        if s.income_due:  # ruling MK-A17: the payments are made, now the income
            s.income_due = False
            self._collect_income(s.total, 0)
            if city[BUSINESS_CENTER] and BUSINESS_CENTER in PURPLE_AT[s.total]:
                self._resolve_purple_cards(BUSINESS_CENTER)  # the last purple card of a 6
                return
        self._ask_build()

    def _purple_from_everyone(self, i: int) -> None:
        """Stadium, Publisher and Tax Office: every opponent pays what they can (MK-A7)."""
        s = self.s
        card = CARDS[i]
        roller = s.turn
        coins = s.coins
        for other in self._others[roller]:
            if card.effect == "stadium":
                owed = card.amount
            elif card.effect == "publisher":
                theirs = s.cards[other]
                owed = card.amount * sum(theirs[j] for j in PUBLISHER_CARDS)
            else:  # tax_office: half, rounded down, from seats with 10 or more (seed)
                owed = coins[other] // 2 if coins[other] >= card.threshold else 0
            if owed:
                self._transfer(other, roller, owed, card.id)

    def _swap(self, seat: int, action: Swap) -> None:
        """Business Center: one establishment each way (ruling MK-A2)."""
        give = CARD_INDEX[action.give]
        take = CARD_INDEX[action.take]
        mine = self.s.cards[seat]
        theirs = self.s.cards[action.seat]
        mine[give] -= 1
        theirs[give] += 1
        theirs[take] -= 1
        mine[take] += 1
        self._record(CardsSwapped, seat, action.give, action.seat, action.take)

    def _transfer(self, payer: int, payee: int, owed: int, source: str) -> None:
        coins = self.s.coins
        paid = min(owed, coins[payer])
        coins[payer] -= paid
        coins[payee] += paid
        self._entries.append((CoinsPaid, payer, payee, paid, owed, source))

    def _receive(self, seat: int, amount: int, source: str) -> None:
        self.s.coins[seat] += amount
        self._entries.append((CoinsReceived, seat, amount, source))

    # ---------------------------------------------------- building (rulebook "Building Properties")
    def _ask_build(self) -> None:
        s = self.s
        seat = s.turn
        if self._town_hall_late and not s.coins[seat]:
            self._receive(seat, TOWN_HALL_COINS, "town_hall")  # ruling MK-3, before_build
        coins = s.coins[seat]
        costs = s.offers[seat][0]
        if not costs or costs[0] > coins:  # nothing affordable: pass is the only answer
            self._ask_prompt(BUILD_KIND[seat])  # the question with one answer, never shown
            self._force(seat, PASS)
            return
        prompt = self._build_prompt_of[seat](coins)
        self._ask_prompt(prompt if prompt is not None else self._book.build_prompt(seat, coins))

    def _build_landmark(self, seat: int, j: int) -> None:
        """Build landmark ``j``; the last one wins the game at once (ruling MK-A8)."""
        s = self.s
        cost = LANDMARKS[j].cost
        s.coins[seat] -= cost
        s.landmarks[seat][j] = True
        self._record(Built, seat, LANDMARKS[j].id, cost)
        self._withdraw((seat,), BUILD_LANDMARK[j])
        lms = s.landmarks[seat]
        if all(lms[w] for w in self._to_win):  # ruling MK-A8: the game ends at once
            s.winner = seat
            self._end()
            return
        self._end_turn(True)

    def _build_cost(self, build: Build) -> int:
        """What ``build`` costs in this game (the Sushi Bar's cost is an option, MK-A16)."""
        k = BUILD_INDEX[build.card]
        return self._cost[k] if k < NC else LANDMARKS[k - NC].cost

    def _build_choices(self, seat: int) -> tuple[Action, ...]:
        """Pass, then every build the seat can pay for, cheapest first (a tuple).

        The fast path of ``reference.build_choices``: the offers are kept up to date by
        ``_refresh_offers`` and ``_withdraw``, so only the coins cut the list here.
        """
        s = self.s
        costs, choices = s.offers[seat]
        return choices[: bisect_right(costs, s.coins[seat]) + 1]

    def _refresh_offers(self, seats: Iterable[int]) -> None:
        """Recompute what ``seats`` could build with unlimited coins (see ``_build_choices``).

        Called when the Plus market is dealt; ``_withdraw`` keeps the offers current after.
        """
        s = self.s
        supply = s.supply
        for seat in seats:
            city = s.cards[seat]
            lms = s.landmarks[seat]
            costs = []
            choices: list[Action] = [PASS]
            for cost, is_landmark, i, build in self._builds_by_cost:
                if is_landmark:
                    if lms[i]:
                        continue
                elif not supply[i] or (IS_PURPLE[i] and city[i]):
                    continue
                costs.append(cost)
                choices.append(build)
            s.offers[seat] = (tuple(costs), tuple(choices))

    def _withdraw(self, seats: Iterable[int], build: Build) -> None:
        """Take ``build`` out of the offers of ``seats``: a pile emptied, or the seat built a
        purple card or a landmark (rulebook "Building": one of each)."""
        offers = self.s.offers
        cost = self._build_cost(build)
        for seat in seats:
            costs, choices = offers[seat]
            at = bisect_left(costs, cost)  # the first offer of this cost; choices[0] is Pass
            while at < len(costs) and costs[at] == cost:
                if choices[at + 1] is build:
                    # new tuples: clones share the old ones (copy-on-write)
                    offers[seat] = (
                        costs[:at] + costs[at + 1 :],
                        choices[: at + 1] + choices[at + 2 :],
                    )
                    break
                at += 1

    # ------------------------------ the end of a turn, and of the game (rulebook "End of the Game")
    def _end_turn(self, built: bool) -> None:
        """The Airport's coins if the seat ``built`` nothing, then the next turn begins: the
        same seat's after doubles with the Amusement Park, else the next seat's.

        One step, not two calls: every turn passes here.
        """
        s = self.s
        seat = s.turn
        if not built and s.landmarks[seat][AIRPORT]:
            self._receive(seat, AIRPORT_COINS, "airport")
        if s.again:
            self._record(ExtraTurn, seat)
        else:
            seat = self._next[seat]
        # the start of the turn
        if s.turns >= self._turn_limit:
            self._end()  # ruling MK-A3
            return
        s.turn = seat
        s.turns += 1
        s.rerolled = False
        s.again = False
        if self._town_hall_first:
            self._receive(seat, TOWN_HALL_COINS, "town_hall")  # ruling MK-3
        # _ask_roll, inline: every turn begins here
        if s.landmarks[seat][TRAIN_STATION]:
            self._ask_prompt(self._book.roll[seat])
        else:
            self._request(ROLL_1[seat])

    def _result(self) -> Result:
        s = self.s  # ruling MK-A10: scores are landmarks built
        scores = tuple(sum(1 for j in self._to_win if lm[j]) for lm in s.landmarks)
        if s.winner is None:
            return Result(scores, (), "turn limit reached (ruling MK-A3)")
        return Result(scores, (s.winner,), "built all landmarks")

    # ----------------------------------------- what the core hands in: a decision, a chance outcome
    def _on_action(self, seat: int, action: Action) -> None:
        s = self.s
        # the exact classes (the base parsed the action): cheaper than isinstance
        if type(action) is Build:
            k = BUILD_INDEX[action.card]
            if k >= NC:
                self._build_landmark(seat, k - NC)
                return
            # an establishment, here and not in a function of its own (the usual decision):
            # pay the bank, take the card from its pile (rulebook "Building")
            cost = self._cost[k]
            s.coins[seat] -= cost
            s.cards[seat][k] += 1
            s.supply[k] -= 1
            self._entries.append((Built, seat, action.card, cost))
            if not s.supply[k]:  # the pile is empty
                if self._plus:
                    self._fill_market()  # ruling MK-5 (it refreshes every seat's offers)
                else:
                    self._withdraw(range(len(s.coins)), BUILD[k])
            elif IS_PURPLE[k]:  # one of each purple card
                self._withdraw((seat,), BUILD[k])
                if self._readings.remove_unbuyable and self._everyone_owns(k):
                    self._remove_pile(k)  # ruling MK-A19: nobody may build it any more
                    self._fill_market()
            self._end_turn(True)
        elif type(action) is Roll:  # the Train Station's owner, every turn
            self._request((REROLLS if s.rerolled else ROLLS)[action.dice][seat])
        elif type(action) is Pass:  # declines what the prompt offered
            kind = self._pending.kind  # type: ignore[union-attr]
            # what was declined, which the decision does not say (the log's words tell it)
            self._entries.append((Passed, seat, kind))
            if kind == "build":  # the usual one
                self._end_turn(False)
            elif kind == "swap":
                self._resolve_purple_cards(s.purple_next + 1)
            elif kind == "reroll":  # keep the roll
                s.rerolled = True  # ruling MK-A1: once a turn
                self._rolled(s.dice)
            else:  # port: keep the total
                self._rolled(s.dice, 0)
        elif type(action) is Reroll:
            s.rerolled = True  # ruling MK-A1: once a turn
            if self._readings.same_dice:  # ruling MK-A18: as many dice as the first roll
                self._request(REROLLS[len(s.dice)][seat])
            else:  # a new roll, the dice chosen again
                self._ask_roll_again()
        elif type(action) is UsePort:
            self._rolled(s.dice, PORT_BONUS)
        elif type(action) is TakeFrom:
            self._transfer(action.seat, seat, CARDS[s.purple_next].amount, "tv_station")
            self._resolve_purple_cards(s.purple_next + 1)
        elif type(action) is Swap:
            self._swap(seat, action)
            self._resolve_purple_cards(s.purple_next + 1)
        else:  # pragma: no cover - the base checked legality
            raise IllegalAction(f"unexpected action {action}")

    def _on_chance(self, request: ChanceRequest, outcome: tuple[Any, ...]) -> None:
        # only the rules set the request, so identity tells the two rare ones from the
        # rolls (a request for each roller and number of dice)
        if request is TUNA_ROLL:
            self._collect_income(self.s.total, sum(outcome))
            self._resolve_purple_cards(0)
        elif request is SHUFFLE:  # Plus setup (MK-5)
            self.s.stack = [CARD_INDEX[c] for c in reversed(outcome)]
            self._fill_market()
            self._first_turn()
        else:  # the turn's roll or the Radio Tower's new one: the usual case
            self._rolled(outcome)

    # -------------------------------------------------------------------------------- what is legal
    def _legal_actions(self) -> Sequence[Action]:
        # tuples where the choices are kept: the core hands a tuple out as it is, a list it
        # copies (a caller must not be able to edit what apply trusts)
        p = self._pending
        s = self.s
        seat = s.turn  # every prompt of a turn is the roller's
        kind = p.kind  # type: ignore[union-attr]
        if kind == "build":
            costs, choices = s.offers[seat]
            return choices[: bisect_right(costs, s.coins[seat]) + 1]
        if kind == "roll":
            return ROLL_CHOICES
        if kind == "reroll":
            return REROLL_CHOICES
        if kind == "port":
            return PORT_CHOICES
        if kind == "take":
            return [TAKE_FROM[o] for o in self._others[seat]]
        # swap (the Business Center): the swaps by index (see reference.swap_choices)
        return SwapMenu(swap_blocks(s.cards, seat, self._others[seat]))

    def _is_legal(self, action: Action) -> bool:
        """Exact legality without building the list of legal actions."""
        p = self._pending
        if not isinstance(p, Prompt):
            return False
        kind = p.kind
        seat = p.seat
        s = self.s
        if kind == "build":
            if isinstance(action, Pass):
                return True
            if not isinstance(action, Build):
                return False
            k = BUILD_INDEX.get(action.card)
            if k is None:
                return False
            money = s.coins[seat]
            if k < NC:
                return bool(
                    s.supply[k]
                    and self._cost[k] <= money
                    and not (IS_PURPLE[k] and s.cards[seat][k])
                )
            j = k - NC
            return (
                j in self._landmarks_in_play
                and not s.landmarks[seat][j]
                and (LANDMARKS[j].cost <= money)
            )
        if kind == "roll":
            return isinstance(action, Roll)
        if kind == "reroll":
            return isinstance(action, Reroll | Pass)
        if kind == "port":
            return isinstance(action, UsePort | Pass)
        if kind == "take":
            return isinstance(action, TakeFrom) and action.seat in self._others[seat]
        if isinstance(action, Pass):  # swap (the Business Center)
            return True
        if not isinstance(action, Swap) or action.seat not in self._others[seat]:
            return False
        give = CARD_INDEX.get(action.give)
        take = CARD_INDEX.get(action.take)
        if give is None or take is None:
            return False
        return bool(
            give != take
            and not IS_PURPLE[give]
            and not IS_PURPLE[take]
            and s.cards[seat][give]
            and s.cards[action.seat][take]
        )

    def _legal_text(self) -> str:
        """What is legal now, in the rule's words, for the message of a refused action."""
        p = self._pending
        assert isinstance(p, Prompt)
        seat = p.seat
        s = self.s
        if p.kind == "build":
            builds = ", ".join(
                f"{a.card} ({self._build_cost(a)})"
                for a in self._build_choices(seat)
                if isinstance(a, Build)
            )
            return f"pass, or build one of (cost): {builds}; {words.coins(s.coins[seat])} to spend"
        if p.kind == "swap":
            mine = ", ".join(CARDS[g].id for g in NOT_PURPLE if s.cards[seat][g])
            theirs = "; ".join(
                f"{self.players[o]} ({o + 1}): " + ", ".join(CARDS[k].id for k in takes)
                for o, _, takes, _ in swap_blocks(s.cards, seat, self._others[seat])
            )
            return (
                "pass, or swap <your card> <player> <their card> for a card of another name, "
                f"no purple card: yours: {mine}; theirs: {theirs}"
            )
        return super()._legal_text()

    # --------------------------------------------------- copies, views and the rest of the contract
    def _copy_state(self, other: Metropolia) -> None:
        self.s = other.s.copy()

    def _view(self, seat: int | None) -> dict[str, Any]:
        s = self.s
        cities = []
        for p in range(self.num_players):
            cities.append(
                {
                    "coins": s.coins[p],
                    "cards": {CARDS[i].id: k for i, k in enumerate(s.cards[p]) if k},
                    "landmarks": {
                        LANDMARKS[j].id: s.landmarks[p][j] for j in self._landmarks_in_play
                    },
                    "town_hall": s.town_hall,
                }
            )
        supply = s.supply
        plus = self._plus
        in_play = ALL_CARDS if plus else BASE_CARDS
        view: dict[str, Any] = {
            "edition": "plus" if plus else "base",
            "turn": s.turn,
            "turns": s.turns,
            "dice": list(s.dice),
            "total": s.total,
            "radio_tower_spent": s.rerolled,
            "extra_turn": s.again and self._pending is not None,
            "cities": cities,
            # the piles on the table: every base pile (0 once sold out); in Plus the face-up
            # piles (one that empties leaves the table, the stack refills the market, MK-5)
            "market": {CARDS[i].id: supply[i] for i in in_play if supply[i] or not plus},
            "costs": {CARDS[i].id: self._cost[i] for i in in_play},
            "landmark_costs": {LANDMARKS[j].id: LANDMARKS[j].cost for j in self._to_win},
            "landmarks_to_win": len(self._to_win),
            "winner": s.winner,
        }
        if plus:
            view["stack_size"] = len(s.stack)
        return view

    def _secrets(self, seat: int | None) -> list[Any]:
        stack = self.s.stack
        if len(set(stack)) > 1:  # ruling MK-5: the stack order is the only secret
            return [[CARDS[i].id for i in reversed(stack)]]
        return []

    def invariants(self) -> list[str]:
        """Coins move only in events and never below zero; every card is somewhere (MK-1): in a
        city, the market, the stack, or (ruling MK-A19) removed from the game."""
        s = self.s
        broken = []
        if min(s.coins) < 0:
            broken.append(f"a purse is negative: {s.coins}")
        purse = self._purses_from_events()
        if purse != s.coins:
            broken.append(f"purses {s.coins} differ from the coin events, which give {purse}")
        stacked = Counter(s.stack)
        stacked.update(s.retired)  # ruling MK-A19: out of the game, but counted
        if isinstance(self._pending, Shuffle):  # Plus setup: the supply is being shuffled
            stacked.update(CARD_INDEX[str(c)] for c in self._pending.cards)
        n = self.num_players
        for i, card in enumerate(CARDS):
            in_play = self._plus or card.edition == "base"
            expected = (card.copies if in_play else 0) + n * STARTING_CARDS.count(card.id)
            found = sum(city[i] for city in s.cards) + s.supply[i] + stacked[i]
            if found != expected:
                broken.append(
                    f"{card.id}: {found} cards in cities, market, stack and box, not {expected}"
                )
        return broken

    def _purses_from_events(self) -> list[int]:
        """Every purse summed from CoinsReceived, CoinsPaid and Built (the bank's ledger)."""
        log = self._log
        start, last, purse_t = getattr(self, "_ledger", (0, None, (0,) * self.num_players))
        if start > len(log) or (start and log[start - 1] is not last):
            start, purse_t = 0, (0,) * self.num_players  # the log was rewound (undo)
        purse = list(purse_t)
        for e in log.since(start):
            if isinstance(e, CoinsReceived):
                purse[e.seat] += e.amount
            elif isinstance(e, CoinsPaid):
                purse[e.payer] -= e.amount
                purse[e.payee] += e.amount
            elif isinstance(e, Built):
                purse[e.seat] -= e.cost
        if log:
            self._ledger = (len(log), log[-1], tuple(purse))  # immutable: clones may share it
        return purse

    def estimate(self) -> tuple[float, ...]:
        """Each seat's chance to win from the rounds it needs at its income (``economy``).

        A rough guide for cut-off searches (MCTS), summing to 1; not a rule of the game.
        """
        return win_chances(self.s, self._to_win)

    def determinize(self, seat: int, rng: Any) -> Metropolia:
        """A copy with the Plus stack (the only secret, MK-5) reshuffled by ``rng``."""
        other = self.clone()
        rng.shuffle(other.s.stack)
        return other

    def _describe(self, data: dict[str, Any], seat: int | None) -> str | None:
        """Every event in words (``metropolia.words``), from what ``seat`` may see of it."""
        return words.describe(data, seat, self.players)

    def _label(self, action: Action, seat: int | None) -> str | None:
        """A move for its button (``metropolia.words.label``): cards by name and cost."""
        p = self._pending
        kind = p.kind if isinstance(p, Prompt) else ""
        return words.label(action, kind, self.players, self._build_cost)

    @classmethod
    def _static_data(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every card, landmark and rule in play for these options (``data.static_data``)."""
        return static_data(options)

    def max_actions(self) -> int:
        """At most seven decisions a turn, and at most ``turn_limit`` turns (ruling MK-A3)."""
        return self._turn_limit * DECISIONS_PER_TURN + 1

    # -------------------------------------------------------------------------------------- queries
    def coins(self, seat: int) -> int:
        """The coins ``seat`` holds."""
        return self.s.coins[seat]

    def count(self, seat: int, card: str) -> int:
        """How many of establishment ``card`` the seat has built."""
        return self.s.cards[seat][CARD_INDEX[card]]

    def has(self, seat: int, landmark: str) -> bool:
        """Whether the seat has built ``landmark``."""
        return self.s.landmarks[seat][LANDMARK_INDEX[landmark]]
