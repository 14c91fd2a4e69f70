"""The games' own random numbers: a small seeded ``random.Random`` whose state is one integer.

Chance outcome number ``k`` of a game is drawn from ``chance_random(seed, k)``, so a clone, a
loaded save and a replayed log draw exactly the same later outcomes as the original, and undo
cannot fish for a better roll. The global ``random`` module is never used.
"""

from __future__ import annotations

import _random
import math
import random
from collections.abc import Sequence
from functools import cache
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
#: the step between the keys of a game's successive chance outcomes
_OUTCOME_STEP = 0xD1B54A32D192ED03


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _bits(state: int, k: int) -> tuple[int, int]:
    """``k`` random bits from the SplitMix64 generator at ``state``, and its state after."""
    out = got = 0
    while got < k:
        state = (state + _GOLDEN) & _MASK64
        out |= _mix(state) << got
        got += 64
    return out & ((1 << k) - 1), state


class _Ordered:
    """Ordered card draws from a generator's ``_randbelow`` and ``getrandbits``."""

    __slots__ = ()

    def _randbelow(self, n: int) -> int:
        raise NotImplementedError

    def getrandbits(self, k: int, /) -> int:
        """Return a non-negative int with ``k`` random bits."""
        raise NotImplementedError

    def drawn(self, items: Sequence[T], count: int) -> tuple[T, ...]:
        """``count`` of ``items`` drawn uniformly without replacement, in the order drawn.

        Fisher-Yates over the first ``count`` places, its choices read as the digits of one
        big random number in the mixed radix n, n-1, ...: one call for all the randomness
        (64 bits beyond what the draw needs, so any bias is below 2**-64). ``drawn(items,
        len(items))`` is a uniform shuffle.
        """
        n = len(items)
        if not 0 <= count <= n:
            raise ValueError(f"cannot draw {count} of {n} items")
        if count == 1:
            return (items[self._randbelow(n)],)
        return _ordered(items, count, self.getrandbits(_draw_bits(n, count)))


def _ordered(items: Sequence[T], count: int, r: int) -> tuple[T, ...]:
    """``count`` of ``items`` in the order Fisher-Yates picks them, its choices the digits of
    ``r`` in the mixed radix n, n-1, ... (``_Ordered.drawn``; ``count <= len(items)``)."""
    pool = list(items)
    for i, radix in _places(len(items), count):
        j = r % radix + i  # divmod(r, radix) without the call and its tuple
        r //= radix
        pool[i], pool[j] = pool[j], pool[i]
    return tuple(pool[:count])


@cache
def _places(n: int, count: int) -> tuple[tuple[int, int], ...]:
    """The places a draw of ``count`` of ``n`` fills, each with the number of items left."""
    return tuple((i, n - i) for i in range(min(count, n - 1)))


class Draws(random.Random, _Ordered):
    """A ``random.Random`` with the draws chance requests make: dice and ordered card draws."""

    def dice(self, count: int) -> tuple[int, ...]:
        """Roll ``count`` six-sided dice."""
        r = self.random
        return tuple(int(r() * 6) + 1 for _ in range(count))


class BotRandom(Draws):
    """The library's Mersenne Twister (its draws run in C) with ``dice`` and ``drawn``: for bots.

    A bot's generator is never copied with a game, so it needs none of GameRandom's cheap
    copies; search bots sample chance outcomes from it thousands of times a decision.
    """

    def __init__(self, x: int | float | str | bytes | bytearray | None = None) -> None:
        if type(x) is int:
            # random.Random(x) without its two Python-level layers, which pass an int seed
            # straight to the C seeding: every simulated game makes a bot per seat
            _random.Random.seed(self, x)
            self.gauss_next = None
        else:
            super().__init__(x)


class _SplitMixCore:
    """SplitMix64 over ``self._state``: bits, bounded ints and dice (no other state)."""

    __slots__ = ()
    _state: int  # a slot of the concrete class

    def __init__(self, seed: int = 0) -> None:
        self._state = seed & _MASK64  # type: ignore[misc]

    def getrandbits(self, k: int, /) -> int:
        """Return a non-negative int with ``k`` random bits."""
        out, self._state = _bits(self._state, k)  # type: ignore[misc]
        return out

    def _randbelow(self, n: int) -> int:
        """Return an int in [0, n): one 64-bit output scaled by multiply-shift.

        The bias is below n / 2**64, far under anything a game can notice, and it costs one
        step of the generator instead of a rejection loop.
        """
        if n <= 0:
            raise ValueError("n must be positive")
        if n >= 1 << 64:
            return self.getrandbits(n.bit_length() + 64) % n
        state = self._state = (self._state + _GOLDEN) & _MASK64  # type: ignore[misc]
        # _mix(state), inline: every random bot's move and every card draw comes through here
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return ((z ^ (z >> 31)) * n) >> 64

    def dice(self, count: int) -> tuple[int, ...]:
        """Roll ``count`` six-sided dice (the same values as ``randint(1, 6)`` would give)."""
        out = []
        state = self._state
        for _ in range(count):
            state = (state + _GOLDEN) & _MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            out.append((((z ^ (z >> 31)) * 6) >> 64) + 1)
        self._state = state  # type: ignore[misc]
        return tuple(out)


class SplitMix(_SplitMixCore, _Ordered):
    """The generator of one chance outcome: SplitMix64 and the draws, no Mersenne Twister.

    ``random.Random`` allocates a Mersenne Twister state (2.5 KB) with every instance even
    when nothing uses it; a game settles one chance outcome from a fresh generator each time.
    The draws are GameRandom's, number for number.
    """

    __slots__ = ("_state",)


class GameRandom(_SplitMixCore, Draws):
    """A ``random.Random`` driven by SplitMix64: cheap to create, copy and store."""

    __slots__ = ("_state",)
    # random.Random.__init_subclass__ would otherwise install its own _randbelow (built on
    # random()) in this class, over the SplitMix one every seeded game is drawn with
    _randbelow = _SplitMixCore._randbelow

    def seed(self, a: object = None, version: int = 2) -> None:
        """Reset the state from an integer seed."""
        self._state = (a if isinstance(a, int) else 0) & _MASK64

    def random(self) -> float:
        """Return a float in [0, 1)."""
        return self.getrandbits(53) * (1.0 / 9007199254740992.0)

    def getstate(self) -> int:  # type: ignore[override]
        """Return the whole state: one integer."""
        return self._state

    def setstate(self, state: int) -> None:  # type: ignore[override]
        """Restore a state returned by ``getstate``."""
        self._state = state & _MASK64


@cache
def _draw_bits(n: int, count: int) -> int:
    """Random bits for an unbiased-enough ordered draw of ``count`` of ``n``."""
    return math.perm(n, count).bit_length() + 64


def _outcome_key(seed: int, k: int) -> int:
    """The unmixed key of chance outcome ``k`` of the game seeded with ``seed``."""
    return (seed * _GOLDEN + k * _OUTCOME_STEP) & _MASK64


def chance_random(seed: int, k: int) -> GameRandom:
    """Return the generator for chance outcome ``k`` of the game seeded with ``seed``."""
    return GameRandom(_mix(_outcome_key(seed, k)))


def chance_stream(seed: int, k: int) -> SplitMix:
    """``chance_random(seed, k)`` without the Mersenne Twister: the same draws, made cheaply."""
    return SplitMix(_mix(_outcome_key(seed, k)))


def chance_card(seed: int, k: int, n: int) -> int:
    """The index of the one card of ``n`` that chance outcome ``k`` draws.

    The same number as ``chance_stream(seed, k).drawn(cards, 1)`` picks (one generator step
    scaled by multiply-shift), without making the generator: one-card draws are every turn's
    refill in some games. ``n`` is below 2**64.
    """
    # _mix(_outcome_key(seed, k)), then the generator's first step and _mix, inline
    z = (seed * _GOLDEN + k * _OUTCOME_STEP) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    z = ((z ^ (z >> 31)) + _GOLDEN) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return ((z ^ (z >> 31)) * n) >> 64


def chance_drawn(seed: int, k: int, items: Sequence[T], count: int) -> tuple[T, ...]:
    """The cards chance outcome ``k`` draws: ``chance_stream(seed, k).drawn(items, count)``.

    The same draw without making the generator: one-card draws are every turn's refill in
    some games, and set-up shuffles a large part of a short game. ``0 < count <= len(items)``.
    """
    n = len(items)
    if count == 1:
        return (items[chance_card(seed, k, n)],)
    return _ordered(items, count, _bits(_mix(_outcome_key(seed, k)), _draw_bits(n, count))[0])


def chance_dice(seed: int, k: int, count: int) -> tuple[int, ...]:
    """The dice of chance outcome ``k``: the base-6 digits of one mixed 64-bit number.

    One mixing step for all the dice (``6**count`` is far below 2**64, so the bias is below
    6**count / 2**64); the hot path of every dice game. Ruling CORE-6.
    """
    state = (seed * _GOLDEN + k * _OUTCOME_STEP) & _MASK64  # _outcome_key, inline
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    if count == 1:
        return ((((z ^ (z >> 31)) * 6) >> 64) + 1,)
    v = ((z ^ (z >> 31)) * 6**count) >> 64
    if count == 2:  # the loop below, unrolled for the usual pair
        return (v % 6 + 1, v // 6 + 1)
    out = []
    for _ in range(count):
        v, d = divmod(v, 6)
        out.append(d + 1)
    return tuple(out)
