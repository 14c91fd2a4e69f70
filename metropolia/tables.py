"""Metropolia's tables: what the rules look up instead of working out again, made once.

Pure data built at import from ``data`` (the card table and the landmarks) and ``words`` (the
prompts' texts), shared by every game: the cards each total activates by colour, the income
plans per roller and total, the chance requests, every action object the rules hand out, the
prompts by seat, the Business Center's swaps by index, and per set of seats and options the
seat orders, costs and starting city (``table``). ``metropolia.reference`` lists the same
choices plainly from the rulebook; the tests check that both agree.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterator, Sequence
from itertools import compress
from operator import itemgetter

import attrs

from common import (
    Action,
    ActionsByIndex,
    Dice,
    Prompt,
    Shuffle,
    clockwise,
    counter_clockwise,
)
from common.kernel import PromptCache
from metropolia import words
from metropolia.actions import Build, Pass, Reroll, Roll, Swap, TakeFrom, UsePort
from metropolia.data import (
    CARD_INDEX,
    CARDS,
    LANDMARK_INDEX,
    LANDMARKS,
    MALL_ICONS,
    MAX_PLAYERS,
    PUBLISHER_ICONS,
    STARTING_CARDS,
    TUNA_DICE,
    Card,
    landmarks_of,
)
from metropolia.rl import KINDS

NC = len(CARDS)
NL = len(LANDMARKS)
PORT = LANDMARK_INDEX["port"]
TRAIN_STATION = LANDMARK_INDEX["train_station"]
SHOPPING_MALL = LANDMARK_INDEX["shopping_mall"]
AMUSEMENT_PARK = LANDMARK_INDEX["amusement_park"]
RADIO_TOWER = LANDMARK_INDEX["radio_tower"]
AIRPORT = LANDMARK_INDEX["airport"]
SUSHI_BAR = CARD_INDEX["sushi_bar"]
BUSINESS_CENTER = CARD_INDEX["business_center"]

MAX_TOTAL = 14  # two dice and the Port


def _at(colour: str) -> tuple[tuple[int, ...], ...]:
    """For each total 0..14, the indices of the cards of ``colour`` it activates (table order)."""
    return tuple(
        tuple(i for i, c in enumerate(CARDS) if c.colour == colour and t in c.rolls)
        for t in range(MAX_TOTAL + 1)
    )


RED_AT = _at("red")
GREEN_AT = _at("green")
BLUE_AT = _at("blue")
PURPLE_AT = _at("purple")
#: for each icon, the indices of the cards that carry it
ICON_CARDS: dict[str, tuple[int, ...]] = {
    icon: tuple(i for i, c in enumerate(CARDS) if c.icon == icon)
    for icon in {c.icon for c in CARDS}
}
PUBLISHER_CARDS = tuple(i for i, c in enumerate(CARDS) if c.icon in PUBLISHER_ICONS)
#: the Shopping Mall's +1 per card (per counted card for the Flower Shop), rulings MK-2, MK-A5
MALL_BONUS = tuple(1 if c.icon in MALL_ICONS else 0 for c in CARDS)
PER_INDEX = tuple(
    (ICON_CARDS[c.per] if c.effect == "per_icon" else (CARD_INDEX[c.per],))
    if c.per is not None
    else ()
    for c in CARDS
)
#: how a card that is not a plain "coins per card" pays: (effect, needs the Port, cards counted)
IncomeRule = tuple[str, bool, tuple[int, ...]]
#: for each total, what the green and the blue cards it activates pay: (index, id, amount,
#: Shopping Mall bonus, rule); the rule is None for the usual card, ``amount`` (and the bonus)
#: per card owned, with no Port needed
IncomePlan = tuple[tuple[int, str, int, int, IncomeRule | None], ...]


def _plan(found: tuple[tuple[int, ...], ...]) -> tuple[IncomePlan, ...]:
    def rule(c: Card) -> IncomeRule | None:
        if c.effect == "income" and not c.needs_port:
            return None
        return (c.effect, c.needs_port, PER_INDEX[CARD_INDEX[c.id]])

    return tuple(
        tuple((i, CARDS[i].id, CARDS[i].amount, MALL_BONUS[i], rule(CARDS[i])) for i in at)
        for at in found
    )


GREEN_PLAN = _plan(GREEN_AT)
BLUE_PLAN = _plan(BLUE_AT)
#: what the roller's own cards pay: blue first, then green
ROLLER_PLAN = tuple(b + g for b, g in zip(BLUE_PLAN, GREEN_PLAN, strict=True))
NOT_PURPLE = tuple(i for i, c in enumerate(CARDS) if c.colour != "purple")
#: the cards of each edition (Plus plays both sets)
BASE_CARDS = tuple(i for i, c in enumerate(CARDS) if c.edition == "base")
ALL_CARDS = tuple(range(len(CARDS)))
#: a city's counts of the NOT_PURPLE cards
NOT_PURPLE_COUNTS = itemgetter(*NOT_PURPLE)
IS_PURPLE = tuple(c.colour == "purple" for c in CARDS)


#: ROLLS[dice][seat]: the turn's roll of one or two dice by ``seat``, and REROLLS the Radio
#: Tower's new roll; the purpose names the roller, so the logged outcome says who rolled
ROLLS: tuple[tuple[Dice, ...], ...] = tuple(
    tuple(Dice(count, f"roll by seat {seat}") for seat in range(MAX_PLAYERS)) for count in (0, 1, 2)
)
REROLLS: tuple[tuple[Dice, ...], ...] = tuple(
    tuple(Dice(count, f"reroll by seat {seat}") for seat in range(MAX_PLAYERS))
    for count in (0, 1, 2)
)
ROLL_1 = ROLLS[1]
TUNA_ROLL = Dice(TUNA_DICE, "tuna boat")
#: the least total that activates a Tuna Boat: its roll is asked only from there (MK-A6)
TUNA_LEAST = min(CARDS[CARD_INDEX["tuna_boat"]].rolls)
#: Plus setup: the whole stack shuffled (ruling MK-5)
SHUFFLE = Shuffle("market", tuple(c.id for c in CARDS for _ in range(c.copies)))
BUILD = tuple(Build(c.id) for c in CARDS)
BUILD_LANDMARK = tuple(Build(m.id) for m in LANDMARKS)
BUILD_INDEX: dict[str, int] = {**CARD_INDEX, **{m.id: NC + j for j, m in enumerate(LANDMARKS)}}
PASS = Pass()
TAKE_FROM = tuple(TakeFrom(o) for o in range(MAX_PLAYERS))
#: SWAPS[give][seat][take]: every Business Center swap, made once
SWAPS = tuple(
    tuple(tuple(Swap(CARDS[g].id, o, CARDS[t].id) for t in range(NC)) for o in range(MAX_PLAYERS))
    for g in range(NC)
)
ROLL_CHOICES: tuple[Action, ...] = (Roll(1), Roll(2))
REROLL_CHOICES: tuple[Action, ...] = (Reroll(), PASS)
PORT_CHOICES: tuple[Action, ...] = (UsePort(), PASS)
#: the kinds of prompt, each the word of its main action (``pass`` declines the optional ones)
PROMPT_KINDS = KINDS
#: a question with one answer, put while the engine answers it (``_force``): never shown
BUILD_KIND = tuple(Prompt(seat, "build", words.NOTHING_TO_BUILD) for seat in range(MAX_PLAYERS))
TAKE_KIND = tuple(Prompt(seat, "take", words.ONE_OPPONENT) for seat in range(MAX_PLAYERS))
#: the most decisions one turn can ask for: dice, reroll, dice again, port, TV, swap, build
DECISIONS_PER_TURN = 7


#: how many build prompts a seat's cache keeps (one per purse met; a purse rarely tops 100)
BUILD_PROMPTS = 256
#: how many re-roll or Port prompts a seat's cache keeps (one per roll: 6 + 36 rolls)
ROLL_PROMPTS = 64


@attrs.frozen
class PromptBook:
    """The prompts whose text depends only on the seats' names (and, to build, the coins).

    Made once per list of names and shared by every game with them (prompts are frozen
    values); the prompts that name coins or dice are kept in bounded caches as they are met.
    """

    names: tuple[str, ...]
    #: the Train Station owner's choice of dice at the start of a turn
    roll: tuple[Prompt, ...]
    #: the same choice for the Radio Tower's new roll (ruling MK-A1)
    roll_again: tuple[Prompt, ...]
    swap: tuple[Prompt, ...]
    #: build[seat]: the build prompts by the coins held
    build: tuple[PromptCache, ...]
    #: reroll[seat] and port[seat]: the Radio Tower's and the Port's prompts by the dice
    reroll: tuple[PromptCache, ...]
    port: tuple[PromptCache, ...]
    #: build_found[seat](coins): the build prompt made already, or None (each cache's ``get``,
    #: asked at the end of every turn, so taken once)
    build_found: tuple[Callable[[Hashable], Prompt | None], ...] = attrs.field(init=False)

    @build_found.default
    def _found(self) -> tuple[Callable[[Hashable], Prompt | None], ...]:
        return tuple(made.get for made in self.build)

    def build_prompt(self, seat: int, coins: int) -> Prompt:
        """The build prompt of ``seat`` holding ``coins``."""
        made = self.build[seat]
        p = made.get(coins)
        if p is None:
            p = made.keep(coins, Prompt(seat, "build", words.build_text(self.names[seat], coins)))
        return p

    def reroll_prompt(self, seat: int, dice: tuple[int, ...]) -> Prompt:
        """The Radio Tower's question after ``dice``."""
        made = self.reroll[seat]
        p = made.get(dice)
        if p is None:
            text = words.reroll_text(self.names[seat], dice)
            p = made.keep(dice, Prompt(seat, "reroll", text))
        return p

    def port_prompt(self, seat: int, dice: tuple[int, ...]) -> Prompt:
        """The Port's question on a total of 10 or more."""
        made = self.port[seat]
        p = made.get(dice)
        if p is None:
            p = made.keep(dice, Prompt(seat, "port", words.port_text(self.names[seat], dice)))
        return p


@functools.lru_cache(maxsize=256)
def prompt_book(names: tuple[str, ...]) -> PromptBook:
    """The prompts of a game with these seat names."""
    return PromptBook(
        names=names,
        roll=tuple(Prompt(s, "roll", words.roll_text(name)) for s, name in enumerate(names)),
        roll_again=tuple(
            Prompt(s, "roll", words.roll_again_text(name)) for s, name in enumerate(names)
        ),
        swap=tuple(Prompt(s, "swap", words.swap_text(name)) for s, name in enumerate(names)),
        build=tuple(PromptCache(BUILD_PROMPTS) for _ in names),
        reroll=tuple(PromptCache(ROLL_PROMPTS) for _ in names),
        port=tuple(PromptCache(ROLL_PROMPTS) for _ in names),
    )


#: per opponent with swaps: (seat, cards given, cards taken, how many swaps)
SwapBlock = tuple[int, tuple[int, ...], tuple[int, ...], int]


def swap_blocks(
    cards: Sequence[Sequence[int]], seat: int, others: Sequence[int]
) -> list[SwapBlock]:
    """The Business Center's swaps of ``seat`` (``cards``: every city's counts), per opponent
    with swaps in the order ``others`` gives: the non-purple cards each side holds."""
    gives = tuple(compress(NOT_PURPLE, NOT_PURPLE_COUNTS(cards[seat])))
    blocks = []
    for o in others:
        takes = tuple(compress(NOT_PURPLE, NOT_PURPLE_COUNTS(cards[o])))
        count = len(gives) * len(takes) - len(set(gives).intersection(takes))
        if count:
            blocks.append((o, gives, takes, count))
    return blocks


class SwapMenu(ActionsByIndex):
    """The Business Center prompt's actions computed by index, in the order of
    ``reference.swap_choices``: Pass, then per opponent (clockwise) each card the roller holds
    (table order) for each card the opponent holds (table order), same-name pairs left out
    (ruling MK-A2).

    Random play reads one swap of dozens, so they are not listed: an index is arithmetic on
    which cards each side held when the prompt was listed (tuples: they do not change).
    """

    __slots__ = ("_blocks",)

    def __init__(self, blocks: list[SwapBlock]) -> None:
        self._blocks = blocks
        self._len = 1 + sum(b[3] for b in blocks)

    def _item(self, i: int) -> Action:
        if i == 0:
            return PASS
        i -= 1
        for o, gives, takes, count in self._blocks:
            if i < count:
                for g in gives:
                    row = len(takes) - (g in takes)  # no same-name swap
                    if i < row:
                        t = takes[i]
                        if g <= t and g in takes:  # the same name is skipped
                            t = takes[i + 1]
                        return SWAPS[g][o][t]
                    i -= row
            i -= count
        raise AssertionError("an index below the length falls in a block")

    def __iter__(self) -> Iterator[Action]:
        yield PASS
        for o, gives, takes, _ in self._blocks:
            for g in gives:
                row = SWAPS[g][o]
                yield from (row[t] for t in takes if t != g)


@attrs.frozen
class Table:
    """What every game with the same seats and options shares: made once, not per game."""

    #: for each roller: the others clockwise; the others counter-clockwise (the order red
    #: cards are paid in, rulebook "Payments"); the seat that plays next
    others: tuple[tuple[int, ...], ...]
    next_seat: tuple[int, ...]
    ccw: tuple[tuple[int, ...], ...]
    #: for each roller and total: what the cards pay, clockwise from the roller (its blue and
    #: green cards, the others' blue ones), each income plan entry led by the seat it pays
    income: tuple[tuple[tuple[tuple[int, int, str, int, int, IncomeRule | None], ...], ...], ...]
    #: the cost of each card (the Sushi Bar's is an option, ruling MK-1)
    cost: tuple[int, ...]
    landmarks_in_play: tuple[int, ...]
    #: every build in play, cheapest first (cards before landmarks of the same cost): the
    #: order of the build choices
    builds_by_cost: tuple[tuple[int, int, int, Build], ...]
    #: the landmarks that win the game when all are built: every one in play (ruling MK-A15:
    #: the Plus Town Hall is a property, not a landmark)
    to_win: tuple[int, ...]
    #: ruling MK-6: the city each seat starts with
    start_cards: tuple[int, ...]
    start_landmarks: tuple[bool, ...]
    #: ruling MK-5: base shows every card; Plus deals the market from the shuffled stack
    start_supply: tuple[int, ...]
    #: what a starting city could build with unlimited coins (see ``Metropolia._withdraw``)
    start_offers: tuple[tuple[int, ...], tuple[Action, ...]]
    #: Plus: the shuffle of the whole stack
    shuffle: Shuffle


@functools.cache
def table(n: int, plus: bool, sushi_bar_cost: int) -> Table:
    """The shared tables of an ``n``-seat game (Plus or not, with this Sushi Bar cost)."""
    costs = [c.cost for c in CARDS]
    costs[SUSHI_BAR] = sushi_bar_cost
    in_play = tuple(LANDMARK_INDEX[m.id] for m in landmarks_of(plus))
    builds = tuple(
        sorted(
            [(costs[i], 0, i, BUILD[i]) for i, c in enumerate(CARDS)
             if plus or c.edition == "base"]
            + [(LANDMARKS[j].cost, 1, j, BUILD_LANDMARK[j]) for j in in_play]
        )
    )  # fmt: skip
    start = [0] * NC
    for cid in STARTING_CARDS:
        start[CARD_INDEX[cid]] += 1
    supply = tuple(0 if plus or c.edition != "base" else c.copies for c in CARDS)
    offer_costs = []
    offers: list[Action] = [PASS]
    for cost, is_landmark, i, build in builds:
        if is_landmark or supply[i]:  # nothing built yet: every landmark and full pile
            offer_costs.append(cost)
            offers.append(build)
    return Table(
        others=tuple(tuple(clockwise(r, n, include_start=False)) for r in range(n)),
        next_seat=tuple((r + 1) % n for r in range(n)),  # clockwise
        ccw=tuple(tuple(counter_clockwise(r, n, include_start=False)) for r in range(n)),
        income=tuple(
            tuple(
                tuple(
                    (seat, *entry)
                    for seat in clockwise(r, n)
                    for entry in (ROLLER_PLAN[total] if seat == r else BLUE_PLAN[total])
                )
                for total in range(MAX_TOTAL + 1)
            )
            for r in range(n)
        ),
        cost=tuple(costs),
        landmarks_in_play=in_play,
        builds_by_cost=builds,
        to_win=in_play,
        start_cards=tuple(start),
        start_landmarks=(False,) * NL,
        start_supply=supply,
        start_offers=(tuple(offer_costs), tuple(offers)),
        shuffle=SHUFFLE,
    )
