"""Bots for Metropolia: a heuristic bot that estimates the coins each choice is worth."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from common import Action, GameRandom
from metropolia.actions import Build, NoSwap, Pass, Reroll, Roll, Swap, TakeFrom, UsePort
from metropolia.data import CARD_INDEX, CARDS, LANDMARK_INDEX, LANDMARKS, Card

if TYPE_CHECKING:
    from common import Game

#: chance of each total with one die and with two dice
ONE_DIE = tuple(1 / 6 if 1 <= t <= 6 else 0.0 for t in range(15))
TWO_DICE = tuple((6 - abs(t - 7)) / 36 if 2 <= t <= 12 else 0.0 for t in range(15))


class HeuristicBot:
    """Builds landmarks as soon as it can, else the establishment worth most coins per turn."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = GameRandom(seed)

    def choose(self, game: Game, seat: int) -> Action:
        """Return the action this bot prefers among ``game.legal_actions()``."""
        legal = game.legal_actions()
        prompt = game.prompt
        assert prompt is not None
        state = game.view(seat)["state"]
        kind = prompt.kind
        if kind == "build":
            return self._build(state, seat, legal)
        if kind == "dice":
            mine = state["cities"][seat]["cards"]
            one = sum(ONE_DIE[t] * _gain(state, seat, t) for t in range(15))
            two = sum(TWO_DICE[t] * _gain(state, seat, t) for t in range(15))
            return Roll(2) if two > one or not _has_one_die_cards(mine) else Roll(1)
        if kind == "reroll":
            now = _gain(state, seat, _dice_total(state))
            return Reroll(now < 1)
        if kind == "port":
            total = sum(state["dice"])
            return UsePort(_gain(state, seat, total + 2) > _gain(state, seat, total))
        if kind == "tv_station":
            best = max(
                (a for a in legal if isinstance(a, TakeFrom)),
                key=lambda a: state["cities"][a.seat]["coins"],
            )
            return best
        if kind == "business_center":
            swaps = [a for a in legal if isinstance(a, Swap)]
            if not swaps:
                return NoSwap()
            best_swap = max(swaps, key=lambda a: _card(a.take).cost - _card(a.give).cost)
            if _card(best_swap.take).cost > _card(best_swap.give).cost:
                return best_swap
            return NoSwap()
        return legal[self.rng.randrange(len(legal))]

    def _build(self, state: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        builds = [a for a in legal if isinstance(a, Build)]
        landmarks = [a for a in builds if a.card in LANDMARK_INDEX]
        if landmarks:
            return min(landmarks, key=lambda a: LANDMARKS[LANDMARK_INDEX[a.card]].cost)
        cards = [a for a in builds if a.card in CARD_INDEX]
        if not cards:
            return Pass()
        cities = state["cities"]
        assert isinstance(cities, list)
        n = len(cities)
        two = bool(cities[seat]["landmarks"].get("train_station"))
        mine_dist = TWO_DICE if two else ONE_DIE
        scored = []
        for a in cards:
            c = _card(a.card)
            value = _card_value(c, n, mine_dist, cities, seat)
            scored.append((value / (c.cost + 1), value, a))
        scored.sort(key=lambda x: (-x[0], x[2].card))
        _best_ratio, best_value, best = scored[0]
        if best_value <= 0.15:
            return Pass()
        return best


def _dice_total(state: dict[str, Any]) -> int:
    """The total of the dice shown in a view's state."""
    dice = state["dice"]
    assert isinstance(dice, list)
    return sum(dice)


def _card(cid: str) -> Card:
    return CARDS[CARD_INDEX[cid]]


def _has_one_die_cards(cards: dict[str, int]) -> bool:
    return any(min(_card(c).rolls) <= 6 and _card(c).colour != "red" for c in cards)


def _card_value(
    c: Card, n: int, mine: tuple[float, ...], cities: list[dict[str, Any]], seat: int
) -> float:
    """Expected coins per round of one more copy of ``c`` (a rough estimate)."""
    own = sum(mine[t] for t in c.rolls if t < 15)
    other = sum(ONE_DIE[t] for t in c.rolls if t < 15)
    city = cities[seat]
    assert isinstance(city, dict)
    lms = city["landmarks"]
    if c.needs_port and not lms.get("port"):
        return 0.0
    if c.colour == "blue":
        return c.amount * (own + (n - 1) * other) if c.effect != "tuna" else 7 * own
    if c.colour == "green":
        if c.effect == "income":
            return c.amount * own
        have = city["cards"]
        assert isinstance(have, dict)
        per = c.per or ""
        count: int = sum(k for cid, k in have.items() if _card(cid).icon == per or cid == per)
        return c.amount * count * own
    if c.colour == "red":
        return c.amount * (n - 1) * other
    return 2.0 * (n - 1) * own


def _gain(state: dict[str, Any], seat: int, total: int) -> float:
    """Coins ``seat`` nets from its own roll of ``total`` (a rough estimate)."""
    if total > 14:
        return 0.0
    cities = state["cities"]
    assert isinstance(cities, list)
    out = 0.0
    for p, city in enumerate(cities):
        for cid, k in city["cards"].items():
            c = _card(cid)
            if total not in c.rolls:
                continue
            if p == seat and c.colour in ("blue", "green"):
                out += k * max(c.amount, 1)
            elif p == seat and c.colour == "purple":
                out += 2
            elif p != seat and c.colour == "red":
                out -= k * c.amount
    return out
