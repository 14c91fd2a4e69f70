"""The state of a game of Metropolis: plain slotted attrs classes, cheap to copy."""

from __future__ import annotations

from typing import Any, NamedTuple

import attrs

from metropolis_lots.actions import Build, Propose

NO_ONE = -1
#: index space of the per-lot lists: lots are 10..89
LOT_SLOTS = 100


class _BuildingFields(NamedTuple):
    model: str
    kind: str
    lots: tuple[int, ...]
    owner: int
    shares: tuple[tuple[int, int], ...]
    #: its district (a building lies inside one, ruling MS-2)
    district: int


class Building(_BuildingFields):
    """A building standing on the board: who put it up and who shares its value (MS-7).

    ``Building(model, kind, lots, owner, shares)``; its ``district`` is worked out from its
    lots. An immutable record: a named tuple (a frozen attrs record costs a
    ``object.__setattr__`` call a field, and a building is made at every building step and
    every what-if of the heuristic bot).
    """

    __slots__ = ()

    def __new__(
        cls,
        model: str,
        kind: str,
        lots: tuple[int, ...],
        owner: int,
        shares: tuple[tuple[int, int], ...],
    ) -> Building:
        return tuple.__new__(cls, (model, kind, lots, owner, shares, lots[0] // 10))

    def __getnewargs__(self) -> tuple[Any, ...]:
        """The arguments ``__new__`` takes (for copy and pickle): not the district."""
        return tuple(self[:5])


@attrs.define(slots=True)
class MetropolisState:
    """Everything that changes during a game.

    ``owner[lot]`` is the seat whose chip marks the lot (the building's owner once built),
    ``building_at[lot]`` the index of the building on it; both are -1 when there is none.
    """

    owner: list[int]
    building_at: list[int]
    buildings: list[Building]
    #: the chart value of each building now (ruling MS-4), kept in step with ``buildings``
    values: tuple[int, ...]
    #: the building kinds standing in each district, indexed by district number
    kinds: tuple[frozenset[str], ...]
    supply: list[int]
    chips: list[int]
    colours: tuple[str, ...]
    offer: list[int]
    #: the lots still to be drawn, ascending (ruling MS-A7: the stack has no order; every
    #: card comes from a draw)
    stack: list[int]
    #: ``own[seat * 10 + district]``: bit i set when lot district*10+i is the seat's, unbuilt
    own: list[int]
    #: ``built_by[seat * 10 + district]``: the seat's built lots there (as ``own``); its lots
    #: there, built or not, are ``own | built_by`` (an exchange, a claim or a deal
    #: changes unbuilt lots only, so it updates ``own`` alone)
    built_by: list[int]
    #: ``built[district]``: bit i set when lot district*10+i carries a building
    built: list[int]
    #: ``occupied[district]``: how many of its lots are owned, built or not (ruling MS-6)
    occupied: list[int]
    #: ``unbuilt[seat]``: the seat's unbuilt lots over the whole board, bit ``lot`` for a lot
    unbuilt: list[int]
    #: ``near[seat]``: the lots next to one the seat holds, built or not (as ``unbuilt``)
    near: list[int]
    #: ``lot_neighbours[lot]``: the bits of the lot's neighbours (board data, never changed;
    #: here so that ``reindex`` can rebuild ``near`` from the owners alone)
    lot_neighbours: tuple[int, ...]
    #: ``standing[district]``: (index, kind, base plus location value) of each building
    #: there, in the order they went up (only the district of a new building is revalued)
    standing: tuple[tuple[tuple[int, str, int], ...], ...]
    turn: int = 0
    phase: str = "deal"
    #: build turns left in the final round (ruling MS-8); -1 before it
    final_left: int = -1
    #: the seat whose exchange window is open (ruling MS-A13), -1 outside the windows
    trader: int = NO_ONE
    #: the proposals ``trader`` has made in its window this turn (ruling MS-A11)
    proposals: int = 0
    trade: Propose | None = None
    pool: Build | None = None
    pool_waiting: tuple[int, ...] = ()
    pool_declined: int = 0
    progressed: bool = False
    idle_turns: int = 0

    def copy(self) -> MetropolisState:
        """Return an independent copy (records inside are immutable)."""
        return MetropolisState(
            self.owner[:],
            self.building_at[:],
            self.buildings[:],
            self.values,
            self.kinds,
            self.supply[:],
            self.chips[:],
            self.colours,
            self.offer[:],
            self.stack[:],
            self.own[:],
            self.built_by[:],
            self.built[:],
            self.occupied[:],
            self.unbuilt[:],
            self.near[:],
            self.lot_neighbours,
            self.standing,
            self.turn,
            self.phase,
            self.final_left,
            self.trader,
            self.proposals,
            self.trade,
            self.pool,
            self.pool_waiting,
            self.pool_declined,
            self.progressed,
            self.idle_turns,
        )

    def occupied_in(self, district: int) -> int:
        """How many lots of a district are occupied (owned, built or not)."""
        return self.occupied[district]

    def _index(self) -> tuple[list[int], ...]:
        own = [0] * len(self.own)
        built_by = [0] * len(self.built_by)
        built = [0] * 10
        occupied = [0] * 10
        unbuilt = [0] * len(self.unbuilt)
        near = [0] * len(self.near)
        for lot, o in enumerate(self.owner):
            if o == NO_ONE:
                continue
            d = lot // 10
            bit = 1 << (lot % 10)
            occupied[d] += 1
            near[o] |= self.lot_neighbours[lot]
            if self.building_at[lot] < 0:
                own[o * 10 + d] |= bit
                unbuilt[o] |= 1 << lot
            else:
                built_by[o * 10 + d] |= bit
                built[d] |= bit
        return own, built_by, built, occupied, unbuilt, near

    def index_matches(self) -> bool:
        """Whether the masks and counts agree with ``owner`` and ``building_at``."""
        return self._index() == (
            self.own,
            self.built_by,
            self.built,
            self.occupied,
            self.unbuilt,
            self.near,
        )

    def reindex(self) -> None:
        """Recompute the masks and counts from the owners (after a direct edit in a test)."""
        self.own, self.built_by, self.built, self.occupied, self.unbuilt, self.near = self._index()

    def unbuilt_of(self, seat: int) -> list[int]:
        """The seat's lots that carry no building, ascending."""
        b = self.building_at
        return [lot for lot, o in enumerate(self.owner) if o == seat and b[lot] < 0]
