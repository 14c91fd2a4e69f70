"""What happened in a game of Metropolis: the fact events that follow decisions and draws."""

from __future__ import annotations

import attrs

from common import Event
from common.codec import doc


@attrs.frozen
class LotsDealt(Event):
    """At set-up a seat received these lots and marked them with its chips (ruling MS-5)."""

    seat: int = doc("the seat dealt them")
    colour: str = doc("the seat's chip colour: white, green, blue, yellow or pink")
    lots: tuple[int, ...] = doc("the lots dealt (10..89), ascending")


@attrs.frozen
class LotOffered(Event):
    """A lot card was turned face up and joins the offer."""

    lot: int = doc("the lot (10..89) turned up")


@attrs.frozen
class LotTaken(Event):
    """The seat on turn took an offered lot for itself."""

    seat: int = doc("the seat on turn, which took it")
    lot: int = doc("the lot taken (10..89)")


@attrs.frozen
class LotGiven(Event):
    """The seat on turn gave an offered lot to another seat (forced or not)."""

    seat: int = doc("the seat on turn, which gave it")
    to: int = doc("the seat that received it (and marked it with its chip)")
    lot: int = doc("the lot given (10..89)")
    forced: bool = doc("the giver could take no offered lot itself, so it had to give one away")


@attrs.frozen
class ChoiceSkipped(Event):
    """No seat may take any offered lot (chips exhausted): the seat on turn only builds."""

    seat: int = doc("the seat on turn")


@attrs.frozen
class PoolProposed(Event):
    """The seat on turn proposes a pooled building on lots owned with partners (MS-7)."""

    seat: int = doc("the seat on turn, which proposes it and would put it up")
    model: str = doc("the building model's id (data/buildings.json)")
    lots: tuple[int, ...] = doc(
        "the lots (10..89, ascending) it would stand on, some of them the partners'"
    )
    partners: tuple[int, ...] = doc(
        "the other owners of those lots, in the order they answer (clockwise)"
    )


@attrs.frozen
class PoolAnswered(Event):
    """A partner accepted or declined a pooled building."""

    seat: int = doc("the partner that answered")
    accepted: bool = doc("true: it pools its lots; false: the building is not put up")


@attrs.frozen
class BuildingPut(Event):
    """A building went up; ``shares`` are (seat, lots contributed) pairs; ``owner`` built it.

    ``value`` is its chart value as it stands now (MS-4), and ``revalued`` the other buildings
    of its district whose value it changed, each as (its lots, kind, owner, value before,
    value now): what putting it up caused, told without replaying the game.
    """

    owner: int = doc("the seat that put it up: the seat on turn, which owns it")
    model: str = doc("the building model's id (data/buildings.json)")
    kind: str = doc(
        "its scoring-chart row (as shipped: house, shop, school, apartment, office, factory, "
        "hospital, department_store)"
    )
    lots: tuple[int, ...] = doc("the lots (10..89, ascending) it stands on")
    shares: tuple[tuple[int, int], ...] = doc(
        "[seat, lots contributed] for each seat whose lots it stands on, by seat"
    )
    value: int = doc("its chart value in points as it stands now")
    revalued: tuple[tuple[tuple[int, ...], str, int, int, int], ...] = doc(
        "the other buildings of its district whose value it changed: [their lots, kind, owner, "
        "value before, value now], values in points"
    )


@attrs.frozen
class TradeProposed(Event):
    """A seat proposed an exchange of unbuilt lots (ruling MS-9)."""

    seat: int = doc("the seat whose exchange window is open, which proposes")
    partner: int = doc("the seat the exchange is proposed to")
    give: tuple[int, ...] = doc("the proposer's unbuilt lots (10..89) that would go to the partner")
    take: tuple[int, ...] = doc("the partner's unbuilt lots (10..89) that would go to the proposer")


@attrs.frozen
class TradeAnswered(Event):
    """The partner accepted (the lots changed hands) or declined an exchange."""

    seat: int = doc("the partner, which answered")
    accepted: bool = doc("true: the lots changed hands, chips with them; false: nothing changed")


@attrs.frozen
class FinalRound(Event):
    """All lots are given out: every seat gets one more building turn (ruling MS-8)."""

    first: int = doc(
        "the seat that takes the first of the last building turns: the next seat clockwise"
    )


@attrs.frozen
class BuildingScored(Event):
    """At the end a building was valued from the chart and credited to its owners (MS-4)."""

    lots: tuple[int, ...] = doc("the lots (10..89, ascending) the building stands on")
    kind: str = doc(
        "its scoring-chart row (as shipped: house, shop, school, apartment, office, factory, "
        "hospital, department_store)"
    )
    value: int = doc("its final chart value in points")
    credited: tuple[tuple[int, int], ...] = doc(
        "[seat, points] credited to each of its owners, by seat: by lots contributed, rounded "
        "down, the rest to the builder"
    )


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
