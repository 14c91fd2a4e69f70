"""Words every game's sentences share."""

from __future__ import annotations

from collections.abc import Sequence


def in_words(items: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (``last`` joins the last two: ``or``); "" for none.

    >>> in_words(["Ann", "Bo", "Cy"]), in_words(["a cafe", "a bakery"], "or")
    ('Ann, Bo and Cy', 'a cafe or a bakery')
    """
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


class Teller:
    """The words for one reader (``seat``; None: a spectator): players by name, the reader's
    own seat as "you"."""

    __slots__ = ("players", "seat")

    def __init__(self, players: Sequence[str], seat: int | None) -> None:
        self.players = players
        self.seat = seat

    def who(self, seat: int) -> str:
        """The player's name, or "you" for the reader."""
        return "you" if seat == self.seat else self.players[seat]

    def whose(self, seat: int) -> str:
        """The possessive: "Ann's", or "your"."""
        return "your" if seat == self.seat else f"{self.players[seat]}'s"

    def their(self, seat: int) -> str:
        """The possessive of a player named before in the sentence: "their", or "your"."""
        return "your" if seat == self.seat else "their"

    def does(self, seat: int, verb: str, third: str | None = None) -> str:
        """Subject and verb: "you place", "Ann places" (``third`` when not just verb + "s")."""
        if seat == self.seat:
            return f"you {verb}"
        return f"{self.players[seat]} {third or verb + 's'}"
