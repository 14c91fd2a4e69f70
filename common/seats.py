"""Seats and turn order: seats are ints ``0..n-1``; clockwise is increasing seat number."""

from __future__ import annotations

from collections.abc import Iterator


def next_seat(seat: int, n: int) -> int:
    """Return the seat to the left (clockwise) of ``seat`` at a table of ``n``."""
    return (seat + 1) % n


def clockwise(start: int, n: int, *, include_start: bool = True) -> Iterator[int]:
    """Walk the table clockwise from ``start``: start, start+1, ... (mod n)."""
    first = 0 if include_start else 1
    for i in range(first, n):
        yield (start + i) % n


def counter_clockwise(start: int, n: int, *, include_start: bool = True) -> Iterator[int]:
    """Walk the table counter-clockwise from ``start``: start, start-1, ... (mod n)."""
    first = 0 if include_start else 1
    for i in range(first, n):
        yield (start - i) % n
