"""What a seat may decide in Metropolis: each a frozen record with a JSON and a text form."""

from __future__ import annotations

import attrs

from common import Action


@attrs.frozen
class Take(Action):
    """Take an offered lot for oneself (claim rule, ruling MS-6): ``take 23``."""

    lot: int


@attrs.frozen
class Give(Action):
    """Give an offered lot to another seat that may take it: ``give 23 2``."""

    lot: int
    to: int


@attrs.frozen
class Build(Action):
    """Put up a building model on these lots: ``build factory 40,41,45,46``.

    When some of the lots belong to other seats (4- and 6-lot buildings only, ruling MS-7)
    this is a pooling proposal that each partner accepts or declines.
    """

    model: str
    lots: tuple[int, ...]


@attrs.frozen
class Pass(Action):
    """Put up no building this turn."""

    word = "pass"


@attrs.frozen
class Propose(Action):
    """Propose a lot exchange to ``partner`` (ruling MS-9): ``propose 1 23 45,46``.

    ``give`` are the proposer's unbuilt lots, ``take`` the partner's; either may be empty
    (written ``-``) but not both.
    """

    partner: int
    give: tuple[int, ...]
    take: tuple[int, ...]


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
