"""What happened in a game of Metropolis: the fact events that follow decisions and draws."""

from __future__ import annotations

import attrs

from common import Event


@attrs.frozen
class LotsDealt(Event):
    """At set-up a seat received these lots and marked them with its chips (ruling MS-5)."""

    seat: int
    colour: str
    lots: tuple[int, ...]


@attrs.frozen
class LotOffered(Event):
    """A lot card was turned face up and joins the offer."""

    lot: int


@attrs.frozen
class LotTaken(Event):
    """The seat on turn took an offered lot for itself."""

    seat: int
    lot: int


@attrs.frozen
class LotGiven(Event):
    """The seat on turn gave an offered lot to another seat (forced or not)."""

    seat: int
    to: int
    lot: int
    forced: bool


@attrs.frozen
class ChoiceSkipped(Event):
    """No seat may take any offered lot (chips exhausted): the seat on turn only builds."""

    seat: int


@attrs.frozen
class PoolProposed(Event):
    """The seat on turn proposes a pooled building on lots owned with partners (MS-7)."""

    seat: int
    model: str
    lots: tuple[int, ...]
    partners: tuple[int, ...]


@attrs.frozen
class PoolAnswered(Event):
    """A partner accepted or declined a pooled building."""

    seat: int
    accepted: bool


@attrs.frozen
class BuildingPut(Event):
    """A building went up; ``shares`` are (seat, lots contributed) pairs; ``owner`` built it.

    ``value`` is its chart value as it stands now (MS-4), and ``revalued`` the other buildings
    of its district whose value it changed, each as (its lots, kind, owner, value before,
    value now): what putting it up caused, told without replaying the game (issue 23).
    """

    owner: int
    model: str
    kind: str
    lots: tuple[int, ...]
    shares: tuple[tuple[int, int], ...]
    value: int
    revalued: tuple[tuple[tuple[int, ...], str, int, int, int], ...]


@attrs.frozen
class TradeProposed(Event):
    """A seat proposed an exchange of unbuilt lots (ruling MS-9)."""

    seat: int
    partner: int
    give: tuple[int, ...]
    take: tuple[int, ...]


@attrs.frozen
class TradeAnswered(Event):
    """The partner accepted (the lots changed hands) or declined an exchange."""

    seat: int
    accepted: bool


@attrs.frozen
class FinalRound(Event):
    """All lots are given out: every seat gets one more building turn (ruling MS-8)."""

    first: int


@attrs.frozen
class BuildingScored(Event):
    """At the end a building was valued from the chart and credited to its owners (MS-4)."""

    lots: tuple[int, ...]
    kind: str
    value: int
    credited: tuple[tuple[int, int], ...]


ALL_EVENTS = (
    LotsDealt,
    LotOffered,
    LotTaken,
    LotGiven,
    ChoiceSkipped,
    PoolProposed,
    PoolAnswered,
    BuildingPut,
    TradeProposed,
    TradeAnswered,
    FinalRound,
    BuildingScored,
)
