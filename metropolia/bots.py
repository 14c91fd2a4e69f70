"""Bots for Metropolia: a heuristic bot that estimates the coins each choice is worth."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from common import Action, GameRandom
from metropolia.actions import Build, Pass, Reroll, Roll, Swap, TakeFrom, UsePort
from metropolia.data import CARD_INDEX, CARDS, LANDMARK_INDEX, LANDMARKS, Card
from metropolia.economy import ONE_DIE, TWO_DICE

if TYPE_CHECKING:
    from common import Game

#: the heuristic passes rather than build a card worth at most this many coins per round
PASS_BELOW = 0.15
_PASS = Pass()


class HeuristicBot:
    """Builds landmarks as soon as it can, else the establishment worth most coins per turn."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = GameRandom(seed)

    def choose(self, game: Game, seat: int) -> Action:
        """Return the action this bot prefers among ``game.legal_actions()``."""
        legal = game.legal_actions()
        prompt = game.prompt
        assert prompt is not None
        ranked = rank(game.view(seat)["state"], seat, prompt.kind, legal)
        if ranked:
            return ranked[0]
        return legal[self.rng.randrange(len(legal))]


def rank(state: dict[str, Any], seat: int, kind: str, legal: Sequence[Action]) -> list[Action]:
    """The heuristic's order of ``legal`` (its choice first), from a view's ``state``.

    Every legal action appears once; an unknown prompt ``kind`` gives an empty list.
    """
    if kind == "build":
        return _rank_builds(state, seat, legal)
    if kind == "roll":
        mine = state["cities"][seat]["cards"]
        gains = [_gain(state, seat, t) for t in range(15)]
        one = sum(ONE_DIE[t] * gains[t] for t in range(15))
        two = sum(TWO_DICE[t] * gains[t] for t in range(15))
        return _first(Roll(2) if two > one or not _has_one_die_cards(mine) else Roll(1), legal)
    if kind == "reroll":
        now = _gain(state, seat, _dice_total(state))
        return _first(Reroll() if now < 1 else _PASS, legal)
    if kind == "port":
        total = sum(state["dice"])
        add = _gain(state, seat, total + 2) > _gain(state, seat, total)
        return _first(UsePort() if add else _PASS, legal)
    if kind == "take":
        # the richest opponent first (sorted() is stable: the first of equals, as max() picks)
        return sorted(
            legal, key=lambda a: -state["cities"][a.seat]["coins"] if isinstance(a, TakeFrom) else 1
        )
    if kind == "swap":
        # the swap that gains most in card cost first, declining before any swap that gains nothing
        def gain(a: Action) -> int:
            return _card(a.take).cost - _card(a.give).cost if isinstance(a, Swap) else 0

        swaps = sorted((a for a in legal if isinstance(a, Swap)), key=lambda a: -gain(a))
        better = [a for a in swaps if gain(a) > 0]
        return better + [a for a in legal if not isinstance(a, Swap)] + swaps[len(better) :]
    return []


def _first(choice: Action, legal: Sequence[Action]) -> list[Action]:
    """``legal`` with ``choice`` moved to the front (the very objects of ``legal``)."""
    return [a for a in legal if a == choice] + [a for a in legal if a != choice]


def _rank_builds(state: dict[str, Any], seat: int, legal: Sequence[Action]) -> list[Action]:
    """Landmarks cheapest first; then cards by expected coins per coin of cost, with Pass
    before the cards worth almost nothing (and first when even the best is)."""
    builds = [a for a in legal if isinstance(a, Build)]
    landmarks = sorted(
        (a for a in builds if a.card in LANDMARK_INDEX),
        key=lambda a: LANDMARKS[LANDMARK_INDEX[a.card]].cost,
    )
    cards = [a for a in builds if a.card in CARD_INDEX]
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
    passes = [a for a in legal if not isinstance(a, Build)]
    if not scored or scored[0][1] <= PASS_BELOW:
        return landmarks + passes + [a for _, _, a in scored]
    worth = [a for _, value, a in scored if value > PASS_BELOW]
    rest = [a for _, value, a in scored if value <= PASS_BELOW]
    return landmarks + worth + passes + rest


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


# ---------------------------------------------------------------------- fixed strategies
#: one step of a build order: keep building ``card`` until the city holds ``count`` of it
Step = tuple[str, int]


class BuildOrderBot:
    """Follows a fixed build order, so strategy studies can be reproduced exactly.

    On each build prompt the bot takes the first step of ``order`` not yet met (a step
    ``(card, n)`` is met when the city holds ``n`` of ``card``; for a landmark, when it is
    built). A step whose card is not for sale (sold out, not face up in Plus, not in this
    edition, or a purple card already owned) is skipped for now; otherwise the bot builds it
    if it has the coins, else it passes and saves up. It never builds anything else. After the
    order, it builds the landmarks still missing in ``landmarks`` order, then each landmark
    in play that the order left out, cheapest first.

    Other decisions: ``two_dice`` says whether to roll two dice once the Train Station is
    built; the Radio Tower re-rolls a roll that activates none of the bot's own
    establishments; the Port, TV Station and Business Center choices are the heuristic bot's.
    """

    #: the bot's name in ``INFO.bots``
    name = "build_order"

    def __init__(
        self,
        order: tuple[Step, ...],
        landmarks: tuple[str, ...],
        *,
        two_dice: bool,
        seed: int = 0,
    ) -> None:
        self.order = order
        self.landmarks = landmarks
        self.two_dice = two_dice
        self._helper = HeuristicBot(seed)

    def plan(self) -> tuple[Step, ...]:
        """The whole build order: the establishments, then the landmarks in their order."""
        rest = tuple(
            m.id for m in sorted(LANDMARKS, key=lambda m: m.cost) if m.id not in self.landmarks
        )
        return self.order + tuple((lid, 1) for lid in self.landmarks + rest)

    def next_step(self, state: dict[str, Any], seat: int, legal: Sequence[Action]) -> Action:
        """The build (or pass) the build order asks for now."""
        city = state["cities"][seat]
        market = state["market"]
        buildable = {a.card for a in legal if isinstance(a, Build)}
        for card, count in self.plan():
            if card in LANDMARK_INDEX:
                if card not in city["landmarks"] or city["landmarks"][card]:
                    continue  # not in this edition, or built
                cost = LANDMARKS[LANDMARK_INDEX[card]].cost
            else:
                if city["cards"].get(card, 0) >= count:
                    continue
                c = _card(card)
                if not market.get(card) or (c.colour == "purple" and card in city["cards"]):
                    continue  # not for sale now: skip this step
                cost = state["costs"][card]
            if card in buildable:
                return Build(card)
            if cost > city["coins"]:
                return Pass()  # save up for this step
        return Pass()

    def choose(self, game: Game, seat: int) -> Action:
        """Return the action this strategy takes among ``game.legal_actions()``."""
        prompt = game.prompt
        assert prompt is not None
        kind = prompt.kind
        if kind == "build":
            return self.next_step(game.view(seat)["state"], seat, game.legal_actions())
        if kind == "roll":
            return Roll(2 if self.two_dice else 1)
        if kind == "reroll":
            state = game.view(seat)["state"]
            return _PASS if _activates_own(state, seat, _dice_total(state)) else Reroll()
        return self._helper.choose(game, seat)


def _activates_own(state: dict[str, Any], seat: int, total: int) -> bool:
    """Whether ``total`` activates any establishment of ``seat`` (as the roller)."""
    return any(total in _card(cid).rolls for cid in state["cities"][seat]["cards"])


#: The Cheese Factory rush: three Ranches on one die, a Cheese Factory, then the Train Station
#: (from then on it rolls two dice: 7, the likeliest total, pays 3 coins per Ranch for each
#: Cheese Factory), then more Cheese Factories and Ranches.
CHEESE_RUSH_ORDER: tuple[Step, ...] = (
    ("ranch", 3),
    ("cheese_factory", 1),
    ("train_station", 1),
    ("cheese_factory", 2),
    ("ranch", 4),
    ("cheese_factory", 3),
    ("ranch", 5),
    ("cheese_factory", 4),
    ("ranch", 6),
)
#: Landmarks after the rush: the Amusement Park (doubles of two dice), the Radio Tower, then
#: the Shopping Mall (it does nothing for cows and cheese).
CHEESE_RUSH_LANDMARKS: tuple[str, ...] = (
    "train_station",
    "amusement_park",
    "radio_tower",
    "shopping_mall",
)

#: The Convenience Store rush: one die always; Bakeries (2-3) and Convenience Stores (4), with
#: the Shopping Mall early since it adds a coin to every bread card.
STORE_RUSH_ORDER: tuple[Step, ...] = (
    ("convenience_store", 1),
    ("bakery", 2),
    ("convenience_store", 2),
    ("bakery", 3),
    ("convenience_store", 3),
    ("shopping_mall", 1),
    ("convenience_store", 4),
    ("bakery", 4),
)
#: Landmarks after the rush: the Shopping Mall, then the cheapest others (the Train Station
#: and Amusement Park only count toward the win: this strategy never rolls two dice).
STORE_RUSH_LANDMARKS: tuple[str, ...] = (
    "shopping_mall",
    "train_station",
    "radio_tower",
    "amusement_park",
)


class CheeseRushBot(BuildOrderBot):
    """The Cheese Factory rush (``CHEESE_RUSH_ORDER``, then ``CHEESE_RUSH_LANDMARKS``)."""

    name = "cheese_rush"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(CHEESE_RUSH_ORDER, CHEESE_RUSH_LANDMARKS, two_dice=True, seed=seed)


class StoreRushBot(BuildOrderBot):
    """The Convenience Store rush (``STORE_RUSH_ORDER``, then ``STORE_RUSH_LANDMARKS``)."""

    name = "store_rush"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(STORE_RUSH_ORDER, STORE_RUSH_LANDMARKS, two_dice=False, seed=seed)
