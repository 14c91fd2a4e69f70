"""Chance requests: dice, draws and shuffles, settled by a supplied outcome or the game's RNG.

Every outcome is a tuple: the dice values, the cards drawn, or the deck in its new order.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import attrs

from common.errors import IllegalAction
from common.rng import Draws, SplitMix

Card = int | str

#: ``outcomes()`` lists at most this many outcomes (a request with more raises ChanceTooLarge)
MAX_OUTCOMES = 10_000


class ChanceTooLarge(ValueError):
    """A chance request has too many outcomes to list (a shuffle, a draw of several cards)."""


#: one outcome and its probability, as ``outcomes()`` lists them
Outcome = tuple[tuple[Any, ...], float]


class ChanceRequest:
    """Base of the things a game can wait for chance to settle."""

    __slots__ = ()
    kind: str = ""
    #: seats that may see the outcome (None: everybody)
    visible_to: tuple[int, ...] | None

    def validate(self, outcome: Any) -> tuple[Any, ...]:
        """Return the outcome as a tuple if it fits this request; raise IllegalAction otherwise."""
        raise NotImplementedError

    def draw(self, rng: Draws | SplitMix) -> tuple[Any, ...]:
        """Draw an outcome from ``rng``."""
        raise NotImplementedError

    def describe(self) -> str:
        """Return a short text such as ``dice 3 (move)``."""
        raise NotImplementedError

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """Return the JSON form of the request that ``seat`` may see."""
        raise NotImplementedError

    def outcome_count(self) -> int:
        """How many different outcomes the request has."""
        raise NotImplementedError

    def outcomes(self, limit: int = MAX_OUTCOMES) -> list[Outcome]:
        """Every outcome with its probability, as OpenSpiel's ``chance_outcomes``.

        The outcomes are the tuples ``resolve`` accepts, in a fixed order, and their
        probabilities sum to 1. A request with more than ``limit`` outcomes raises
        ChanceTooLarge (``outcome_count()`` says how many): dice and a one-card draw are
        small, a shuffle of a deck is not.
        """
        count = self.outcome_count()
        if count > limit:
            raise ChanceTooLarge(
                f"{self.describe()} has {count:,} outcomes, more than the {limit:,} listed"
            )
        return [(o, float(p)) for o, p in self._outcomes()]

    def _outcomes(self) -> Iterator[tuple[tuple[Any, ...], Fraction]]:
        raise NotImplementedError


def _tuple(outcome: Any, request: ChanceRequest) -> tuple[Any, ...]:
    if isinstance(outcome, list):
        outcome = tuple(outcome)
    if not isinstance(outcome, tuple):
        raise IllegalAction(f"the outcome of {request.describe()} must be a tuple, got {outcome!r}")
    return outcome


@functools.lru_cache(maxsize=256)
def _describe_dice(count: int, purpose: str) -> str:
    return f"dice {count}" + (f" ({purpose})" if purpose else "")


@attrs.frozen
class Dice(ChanceRequest):
    """Roll ``count`` six-sided dice; the outcome is a tuple of ``count`` ints 1-6."""

    count: int
    purpose: str = ""
    visible_to: tuple[int, ...] | None = None
    kind = "dice"

    def validate(self, outcome: Any) -> tuple[Any, ...]:
        """Accept a tuple of ``count`` ints from 1 to 6."""
        values = _tuple(outcome, self)
        ok = len(values) == self.count and all(type(v) is int and 1 <= v <= 6 for v in values)
        if not ok:
            raise IllegalAction(
                f"{self.describe()} needs a tuple of {self.count} int(s) from 1 to 6, "
                f"got {outcome!r}"
            )
        return values

    def draw(self, rng: Draws | SplitMix) -> tuple[Any, ...]:
        """Roll the dice."""
        return rng.dice(self.count)

    def describe(self) -> str:
        """Return e.g. ``dice 2 (roll)``."""
        return _describe_dice(self.count, self.purpose)

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """Everyone sees a dice request."""
        return {"kind": "dice", "count": self.count, "purpose": self.purpose}

    def outcome_count(self) -> int:
        """Six a die: the dice are told apart by their order."""
        return int(6**self.count)

    def _outcomes(self) -> Iterator[tuple[tuple[Any, ...], Fraction]]:
        p = Fraction(1, 6**self.count)
        for values in itertools.product(range(1, 7), repeat=self.count):
            yield values, p


@attrs.frozen
class Draw(ChanceRequest):
    """Draw ``count`` cards from the named deck, whose remaining cards are ``cards``.

    The outcome is a tuple of ``count`` cards, each still in the deck (a sub-multiset).
    """

    deck: str
    cards: tuple[Card, ...]
    count: int = 1
    visible_to: tuple[int, ...] | None = None
    kind = "draw"

    def validate(self, outcome: Any) -> tuple[Any, ...]:
        """Accept ``count`` cards that are all still in the deck."""
        values = _tuple(outcome, self)
        if len(values) != self.count:
            raise IllegalAction(
                f"{self.describe()} needs {self.count} card(s), got {len(values)}: {outcome!r}"
            )
        have = Counter(self.cards)
        for v in values:
            # exactly an int or a str: True == 1 and 1.0 == 1 would find card 1
            if (type(v) is not int and type(v) is not str) or have[v] <= 0:
                raise IllegalAction(
                    f"{v!r} is not in deck {self.deck!r} ({len(self.cards)} card(s) left)"
                )
            have[v] -= 1
        return values

    def draw(self, rng: Draws | SplitMix) -> tuple[Any, ...]:
        """Draw uniformly without replacement."""
        return rng.drawn(self.cards, self.count)

    def describe(self) -> str:
        """Return e.g. ``draw 1 from lots``."""
        return f"draw {self.count} from {self.deck}"

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """Show the deck size; its contents only to seats that see the outcome."""
        data: dict[str, Any] = {"kind": "draw", "deck": self.deck, "count": self.count}
        data["size"] = len(self.cards)
        if self.visible_to is None or (seat is not None and seat in self.visible_to):
            data["cards"] = list(self.cards)
        return data

    def outcome_count(self) -> int:
        """The different ordered draws of ``count`` cards (equal cards are one card)."""
        return _arrangements(Counter(self.cards), self.count)

    def _outcomes(self) -> Iterator[tuple[tuple[Any, ...], Fraction]]:
        return _sequences(_ordered(self.cards), self.count)


_new = object.__new__
_set_deck = Draw.__dict__["deck"].__set__
_set_cards = Draw.__dict__["cards"].__set__
_set_count = Draw.__dict__["count"].__set__
_set_visible_to = Draw.__dict__["visible_to"].__set__


def draw_request(
    deck: str, cards: tuple[Card, ...], count: int = 1, visible_to: tuple[int, ...] | None = None
) -> Draw:
    """``Draw(deck, cards, count, visible_to)``, made without the attrs ``__init__``.

    Its four slots are set directly: a frozen attrs record sets each field through
    ``object.__setattr__``, and some games draw a card every turn. A test checks it against
    ``Draw(...)`` and Draw's fields.
    """
    request: Draw = _new(Draw)
    _set_deck(request, deck)
    _set_cards(request, cards)
    _set_count(request, count)
    _set_visible_to(request, visible_to)
    return request


@attrs.frozen
class Shuffle(ChanceRequest):
    """Shuffle the named deck; the outcome is the deck's cards in their new order."""

    deck: str
    cards: tuple[Card, ...]
    visible_to: tuple[int, ...] | None = ()
    kind = "shuffle"

    def validate(self, outcome: Any) -> tuple[Any, ...]:
        """Accept any ordering of exactly the deck's cards."""
        values = _tuple(outcome, self)
        # exactly ints and strs: True == 1 and 1.0 == 1 would count as card 1
        same = all(type(v) is int or type(v) is str for v in values) and Counter(values) == Counter(
            self.cards
        )
        if not same:
            raise IllegalAction(
                f"{self.describe()} needs an ordering of the deck's {len(self.cards)} cards"
            )
        return values

    def draw(self, rng: Draws | SplitMix) -> tuple[Any, ...]:
        """Shuffle uniformly."""
        return rng.drawn(self.cards, len(self.cards))

    def describe(self) -> str:
        """Return e.g. ``shuffle market``."""
        return f"shuffle {self.deck}"

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """Show the deck name and size, never the order."""
        return {"kind": "shuffle", "deck": self.deck, "size": len(self.cards)}

    def outcome_count(self) -> int:
        """The different orders of the deck (equal cards are one card)."""
        counts = Counter(self.cards)
        return math.factorial(len(self.cards)) // math.prod(
            math.factorial(c) for c in counts.values()
        )

    def _outcomes(self) -> Iterator[tuple[tuple[Any, ...], Fraction]]:
        return _sequences(_ordered(self.cards), len(self.cards))


def _ordered(cards: tuple[Card, ...]) -> list[tuple[Card, int]]:
    """Each different card with its number of copies, in the order first met."""
    return list(Counter(cards).items())


def _arrangements(counts: Counter[Card], k: int) -> int:
    """How many different sequences of ``k`` cards can be drawn from ``counts``."""
    # the exponential generating function: k! [x^k] prod_c sum_{j<=n_c} x^j / j!
    poly = [Fraction(1)]
    for n in counts.values():
        term = [Fraction(1, math.factorial(j)) for j in range(min(n, k) + 1)]
        product = [Fraction(0)] * min(len(poly) + len(term) - 1, k + 1)
        for i, a in enumerate(poly):
            for j, b in enumerate(term):
                if i + j <= k:
                    product[i + j] += a * b
        poly = product
    return int(poly[k] * math.factorial(k)) if k < len(poly) else 0


def _sequences(cards: list[tuple[Card, int]], k: int) -> Iterator[tuple[tuple[Any, ...], Fraction]]:
    """Every sequence of ``k`` cards drawn uniformly without replacement, with its chance."""
    total = sum(n for _, n in cards)
    left = [n for _, n in cards]

    def walk(depth: int, remaining: int) -> Iterator[tuple[tuple[Any, ...], Fraction]]:
        if depth == k:
            yield (), Fraction(1)
            return
        for i, (card, _) in enumerate(cards):
            n = left[i]
            if n == 0:
                continue
            left[i] -= 1
            for rest, p in walk(depth + 1, remaining - 1):
                yield (card, *rest), Fraction(n, remaining) * p
            left[i] += 1

    yield from walk(0, total)
