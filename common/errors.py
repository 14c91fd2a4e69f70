"""Typed errors of the engines: every one is a ValueError, so ``except ValueError`` still works."""

from __future__ import annotations

from typing import Any


def short(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for messages about values from outside."""
    try:
        text = repr(value)
    except ValueError:  # an int too long for repr
        return f"an integer of {value.bit_length()} bits"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class MetroError(ValueError):
    """Base class of every error the engines raise on bad input."""


class IllegalAction(MetroError):
    """An action (or chance outcome) that is not allowed now; the game is left unchanged.

    ``reason`` says what was refused; ``legal``, when given, says what the seat to act may do
    instead (its own moves: a host shows it only to that seat). The message is both.
    """

    def __init__(self, reason: str, *, legal: str | None = None) -> None:
        super().__init__(reason if legal is None else f"{reason}; legal: {legal}")
        self.reason = reason
        self.legal = legal


class InvalidOption(MetroError):
    """A game option, player count or seed that the game does not accept."""


class InvalidSave(MetroError):
    """A save or event log that cannot be loaded: malformed, tampered with, or divergent."""
