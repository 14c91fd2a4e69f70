"""What a seat may decide in Metropolis: each a frozen record with a JSON and a text form."""

from __future__ import annotations

import attrs

from common import Action
from common.actions import seat_field
from common.codec import doc


@attrs.frozen
class Take(Action):
    """Take an offered lot for oneself (claim rule, ruling MS-6): ``take 23``."""

    lot: int = doc("the offered lot (10..89) to take for oneself")


@attrs.frozen
class Give(Action):
    """Give an offered lot to another seat that may take it: ``give 23 2`` (to Player 2)."""

    lot: int = doc("the offered lot (10..89) to give away")
    to: int = seat_field(
        "the seat it goes to: another seat that may take it (the claim rule and a chip left); "
        "in the text form the player's number (give 23 2: to Player 2)"
    )


@attrs.frozen
class Build(Action):
    """Put up a building model on these lots: ``build factory 40,41,45,46``.

    When some of the lots belong to other seats (4- and 6-lot buildings only, ruling MS-7)
    this is a pooling proposal that each partner accepts or declines.
    """

    model: str = doc(
        "the building model's id (data/buildings.json; as shipped: house, shop, school, "
        "apartment_l, apartment_j, office, factory, hospital_l, hospital_j, department_store)"
    )
    lots: tuple[int, ...] = doc(
        "the lots (10..89) it stands on, ascending, in one district: the builder's own, or "
        "pooled with other owners' for a 4- or 6-lot building"
    )


@attrs.frozen
class Pass(Action):
    """Put up no building this turn."""

    word = "pass"


@attrs.frozen
class Propose(Action):
    """Propose a lot exchange to ``partner`` (ruling MS-9): ``propose 2 23 45,46`` (to Player 2).

    ``give`` are the proposer's unbuilt lots, ``take`` the partner's; either may be empty
    (written ``-``) but not both.
    """

    partner: int = seat_field(
        "the seat the exchange is proposed to (in the text form the player's number, from 1)"
    )
    give: tuple[int, ...] = doc(
        "the proposer's unbuilt lots (10..89, ascending) that go to the partner; may be empty"
    )
    take: tuple[int, ...] = doc(
        "the partner's unbuilt lots (10..89, ascending) that go to the proposer; may be empty, "
        "but not with give"
    )


@attrs.frozen
class Done(Action):
    """Stop proposing exchanges and go on to choose a lot."""


@attrs.frozen
class Accept(Action):
    """Accept the pending proposal (a pool or an exchange)."""


@attrs.frozen
class Decline(Action):
    """Decline the pending proposal (a pool or an exchange)."""


ALL_ACTIONS = (Take, Give, Build, Pass, Propose, Done, Accept, Decline)
