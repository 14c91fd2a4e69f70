"""A city's economy in expected coins: what each roll pays, and how many rounds it needs to win.

Guides for the search (``Metropolia.estimate``, the MCTS playouts), not rules: they read the
state directly (a view would cost more than the estimate itself) and leave it unchanged.

The model: a seat's *income* is the coins it expects per round, from its own roll (one die,
or two if the Train Station makes that pay more, with the Radio Tower's re-roll of a poor
total, the Port's +2 and the Amusement Park's extra turns) and from the others' rolls (its
blue and red cards). What it still *needs* is the cost of its unbuilt landmarks less its
coins; ``need / income`` is the rounds it needs to win, if nothing changed. The seat that
needs fewest rounds is the likeliest winner.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from metropolia.data import CARDS, LANDMARKS, PORT_BONUS, PORT_MIN_TOTAL
from metropolia.state import MetroState
from metropolia.tables import (
    AMUSEMENT_PARK,
    MALL_BONUS,
    PER_INDEX,
    PORT,
    PUBLISHER_CARDS,
    RADIO_TOWER,
    SHOPPING_MALL,
    TRAIN_STATION,
)

#: chance of each total 0..14 with one die and with two dice
ONE_DIE = tuple(1 / 6 if 1 <= t <= 6 else 0.0 for t in range(15))
TWO_DICE = tuple((6 - abs(t - 7)) / 36 if 2 <= t <= 12 else 0.0 for t in range(15))
#: chance that a roll of one die / two dice activates each card
P_ONE = tuple(sum(ONE_DIE[t] for t in c.rolls if t < 15) for c in CARDS)
P_TWO = tuple(sum(TWO_DICE[t] for t in c.rolls if t < 15) for c in CARDS)
#: the totals that activate each card
ROLLS = tuple(tuple(t for t in c.rolls if t < 15) for c in CARDS)
TOTALS = range(1, 13)

LANDMARK_COST = tuple(m.cost for m in LANDMARKS)
#: the landmarks that change what cards pay (the others change only how the owner rolls)
CHANGES_PAYOUTS = frozenset({PORT, SHOPPING_MALL})

BLUE, GREEN, RED, PURPLE = 0, 1, 2, 3
_COLOUR = {"blue": BLUE, "green": GREEN, "red": RED, "purple": PURPLE}
COLOUR = tuple(_COLOUR[c.colour] for c in CARDS)
RED_CARDS = tuple(i for i, c in enumerate(CARDS) if c.colour == "red")
AMOUNT = tuple(c.amount for c in CARDS)
NEEDS_PORT = tuple(c.needs_port for c in CARDS)
EFFECT = tuple(c.effect for c in CARDS)
#: for each card: the cards paying per copy of it (the Cheese Factory for a Ranch)
COUNTED_BY = tuple(
    tuple(f for f in range(len(CARDS)) if k in PER_INDEX[f]) for k in range(len(CARDS))
)
#: the Tuna Boat pays the total of two dice: 7 on average
TUNA_MEAN = 7.0
#: what a Business Center swap is worth, in coins (a rough guess)
SWAP_WORTH = 1.0
#: a seat's chance to win goes as ``(rounds + ROUNDS_OFFSET) ** -ROUNDS_POWER`` (fitted by
#: log-loss on positions of 300 base 2-player games between the heuristic and rush bots)
ROUNDS_OFFSET = 0.5
ROUNDS_POWER = 2.0
#: the least income a city is credited with (so a poor city needs many rounds, not infinitely
#: many)
MIN_INCOME = 0.5


def own_roll(s: MetroState, seat: int) -> list[float]:
    """Coins ``seat`` nets from its own roll of each total 0..14 (red cards it pays counted)."""
    cards = s.cards
    mine = cards[seat]
    lms = s.landmarks
    port = lms[seat][PORT]
    mall = lms[seat][SHOPPING_MALL]
    out = [0.0] * 15
    for i, k in enumerate(mine):
        colour = COLOUR[i]
        if not k or colour == RED or (NEEDS_PORT[i] and not port):
            continue
        if colour == BLUE:
            value = k * (TUNA_MEAN if EFFECT[i] == "tuna" else AMOUNT[i])
        elif colour == GREEN:
            per = PER_INDEX[i]
            if per:
                value = k * AMOUNT[i] * sum(mine[j] for j in per)
            else:
                value = k * (AMOUNT[i] + (MALL_BONUS[i] if mall else 0))
        else:
            value = _purple(s, seat, i)
        for t in ROLLS[i]:
            out[t] += value
    owed = [0] * 15
    paid = False
    for o, theirs in enumerate(cards):
        if o == seat:
            continue
        their_port = lms[o][PORT]
        their_mall = lms[o][SHOPPING_MALL]
        for i in RED_CARDS:
            k = theirs[i]
            if k and (their_port or not NEEDS_PORT[i]):
                value = k * (AMOUNT[i] + (MALL_BONUS[i] if their_mall else 0))
                for t in ROLLS[i]:
                    owed[t] += value
                paid = True
    if paid:
        coins = s.coins[seat]
        for t in range(15):
            if owed[t]:
                out[t] -= min(owed[t], coins)
    if port:  # the Port's +2 on 10 or more, when it pays more
        for t in range(PORT_MIN_TOTAL, 13):
            out[t] = max(out[t], out[t + PORT_BONUS])
    return out


def _purple(s: MetroState, seat: int, i: int) -> float:
    """What the roller's purple card ``i`` takes from the others (what they can pay)."""
    effect = EFFECT[i]
    coins = s.coins
    others = [o for o in range(len(coins)) if o != seat]
    if effect == "stadium":
        return float(sum(min(AMOUNT[i], coins[o]) for o in others))
    if effect == "tv_station":
        return float(max(min(AMOUNT[i], coins[o]) for o in others))
    if effect == "publisher":
        return float(
            sum(min(coins[o], sum(s.cards[o][j] for j in PUBLISHER_CARDS)) for o in others)
        )
    if effect == "tax_office":
        return float(sum(coins[o] // 2 for o in others if coins[o] >= CARDS[i].threshold))
    return SWAP_WORTH


def roll_value(s: MetroState, seat: int, gains: Sequence[float]) -> tuple[float, bool]:
    """The coins a turn's roll is worth to ``seat``, and whether it rolls two dice for them."""
    lms = s.landmarks[seat]
    one = sum(ONE_DIE[t] * gains[t] for t in TOTALS)
    two = -math.inf
    if lms[TRAIN_STATION]:
        two = sum(TWO_DICE[t] * gains[t] for t in TOTALS)
    both = two > one
    dist, mean = (TWO_DICE, two) if both else (ONE_DIE, one)
    if lms[RADIO_TOWER]:  # roll again when the total pays less than a new roll would
        mean = sum(dist[t] * max(gains[t], mean) for t in TOTALS)
    if both and lms[AMUSEMENT_PARK]:
        mean *= 6 / 5  # doubles (1 in 6) give another turn
    if s.town_hall:  # the Plus Town Hall's coin (counted every turn, a rough guide)
        mean += 1
    return mean, both


def dice_modes(s: MetroState, seat: int | None = None, two: bool = False) -> list[bool]:
    """Whether each seat rolls two dice (it has the Train Station and two pay it more).

    ``two`` is given for ``seat`` when the caller knows it already.
    """
    return [
        two if o == seat else bool(lms[TRAIN_STATION]) and roll_value(s, o, own_roll(s, o))[1]
        for o, lms in enumerate(s.landmarks)
    ]


def incomes(s: MetroState) -> tuple[list[float], list[bool]]:
    """Each seat's expected coins per round, and whether it rolls two dice."""
    n = len(s.coins)
    own = []
    both = []
    for seat in range(n):
        value, two = roll_value(s, seat, own_roll(s, seat))
        own.append(value)
        both.append(two)
    return [own[seat] + passive(s, seat, both) for seat in range(n)], both


def _others_two(seat: int, both: Sequence[bool]) -> tuple[int, int]:
    """How many of the other seats roll one die, and how many two."""
    two = sum(1 for o, b in enumerate(both) if b and o != seat)
    return len(both) - 1 - two, two


def passive(s: MetroState, seat: int, both: Sequence[bool]) -> float:
    """Coins ``seat`` expects from the others' rolls in a round (its blue and red cards)."""
    ones, twos = _others_two(seat, both)
    lms = s.landmarks[seat]
    port = lms[PORT]
    mall = lms[SHOPPING_MALL]
    out = 0.0
    for i, k in enumerate(s.cards[seat]):
        colour = COLOUR[i]
        if not k or colour in (GREEN, PURPLE) or (NEEDS_PORT[i] and not port):
            continue
        odds = ones * P_ONE[i] + twos * P_TWO[i]
        if colour == BLUE:
            out += k * odds * (TUNA_MEAN if EFFECT[i] == "tuna" else AMOUNT[i])
        else:
            out += k * odds * (AMOUNT[i] + (MALL_BONUS[i] if mall else 0))
    return out


def income(s: MetroState, seat: int, both: Sequence[bool]) -> float:
    """The coins ``seat`` expects per round (the others roll as ``both`` says)."""
    return roll_value(s, seat, own_roll(s, seat))[0] + passive(s, seat, both)


def card_gains(s: MetroState, seat: int, both: Sequence[bool], cards: Sequence[int]) -> list[float]:
    """The coins per round one more of each of ``cards`` would add to ``seat``'s income."""
    mine = s.cards[seat]
    lms = s.landmarks[seat]
    port = lms[PORT]
    mall = lms[SHOPPING_MALL]
    two = both[seat]
    p_own = P_TWO if two else P_ONE
    amp = 6 / 5 if two and lms[AMUSEMENT_PARK] else 1.0
    ones, twos = _others_two(seat, both)
    out = []
    for i in cards:
        if NEEDS_PORT[i] and not port:
            out.append(0.0)
            continue
        colour = COLOUR[i]
        if colour == BLUE:
            amount = TUNA_MEAN if EFFECT[i] == "tuna" else AMOUNT[i]
            gain = amount * (p_own[i] * amp + ones * P_ONE[i] + twos * P_TWO[i])
        elif colour == RED:
            gain = (AMOUNT[i] + (MALL_BONUS[i] if mall else 0)) * (
                ones * P_ONE[i] + twos * P_TWO[i]
            )
        elif colour == GREEN:
            per = PER_INDEX[i]
            if per:
                gain = AMOUNT[i] * sum(mine[j] for j in per) * p_own[i] * amp
            else:
                gain = (AMOUNT[i] + (MALL_BONUS[i] if mall else 0)) * p_own[i] * amp
        else:
            gain = _purple(s, seat, i) * p_own[i] * amp
        for f in COUNTED_BY[i]:  # a Ranch also raises what each Cheese Factory pays
            if mine[f]:
                gain += mine[f] * AMOUNT[f] * p_own[f] * amp
        out.append(gain)
    return out


def needs(s: MetroState, to_win: Sequence[int]) -> list[int]:
    """The coins each seat still needs for its unbuilt landmarks (its coins counted)."""
    return [
        max(0, sum(LANDMARK_COST[j] for j in to_win if not lms[j]) - coins)
        for lms, coins in zip(s.landmarks, s.coins, strict=True)
    ]


def rounds_to_win(s: MetroState, to_win: Sequence[int]) -> list[float]:
    """The rounds each seat needs to win at its present income (at least one per landmark)."""
    income, _ = incomes(s)
    out = []
    for seat, need in enumerate(needs(s, to_win)):
        left = sum(1 for j in to_win if not s.landmarks[seat][j])
        out.append(max(need / max(income[seat], MIN_INCOME), left - 1.0))
    return out


def win_chances(s: MetroState, to_win: Sequence[int]) -> tuple[float, ...]:
    """Each seat's chance to win, from the rounds it needs (a softmax; sums to 1)."""
    weights = [(r + ROUNDS_OFFSET) ** -ROUNDS_POWER for r in rounds_to_win(s, to_win)]
    total = sum(weights)
    return tuple(w / total for w in weights)
