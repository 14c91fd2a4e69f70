"""The state of a Metro City game: the grid, the street tokens, hands, piles and money."""

from __future__ import annotations

from typing import Final

import attrs

from metrocity.actions import Place
from metrocity.data import BLOCK_IDS, BLOCKS, STREETS, TILE_KINDS

#: every placement, kind by kind (in tile order) and block by block (row-major): actions are
#: immutable values, built once
PLACE: Final = tuple(Place(t.id, b) for t in TILE_KINDS for b in BLOCK_IDS)
#: each street's number of blocks: its count of empty blocks before play
_STREET_SIZES: Final = tuple(len(st.blocks) for st in STREETS)


@attrs.define(slots=True)
class CityState:
    """Everything that changes during a game; ``copy()`` is what ``clone()`` uses.

    ``tiles[i]``/``owners[i]`` hold block ``i`` (row-major; None/-1 when empty); ``free`` and
    ``owned`` list the same blocks by whether and whose; ``street_empty[st]`` counts street
    ``st``'s empty blocks (0: complete). ``street_tokens`` holds the token lying at each
    street (None once it has been awarded or discarded).
    ``piles[s]`` is seat ``s``'s face-down pile, the next tile to draw last. ``money[s]`` holds
    the tokens seat ``s`` has won and still holds; ``cash[s]`` is the money they are worth.
    ``gone[s]`` are seat ``s``'s tiles built over (they left the game), ``discarded`` the tokens
    paid for build-overs or lost to ties, ``out_of_play`` the four set aside at set-up (MC-2).
    """

    tiles: list[str | None] = attrs.field(factory=lambda: [None] * BLOCKS)
    owners: list[int] = attrs.field(factory=lambda: [-1] * BLOCKS)
    street_tokens: list[int | None] = attrs.field(factory=lambda: [None] * len(STREETS))
    #: who took each street's token: a seat, -1 when it was discarded, None while unawarded
    street_winner: list[int | None] = attrs.field(factory=lambda: [None] * len(STREETS))
    hands: list[list[str]] = attrs.field(factory=lambda: [[], []])
    piles: list[list[str]] = attrs.field(factory=lambda: [[], []])
    money: list[list[int]] = attrs.field(factory=lambda: [[], []])
    cash: list[int] = attrs.field(factory=lambda: [0, 0])
    gone: list[list[str]] = attrs.field(factory=lambda: [[], []])
    discarded: list[int] = attrs.field(factory=list)
    out_of_play: tuple[int, ...] = ()
    first: int = 0
    turn: int = 0
    #: the empty blocks and each seat's blocks, in block order: the grid indexed for speed
    free: list[int] = attrs.field(factory=lambda: list(range(BLOCKS)))
    owned: list[list[int]] = attrs.field(factory=lambda: [[], []])
    #: the block of a Courthouse placement waiting for its owner's swap decision (MC-5)
    pending_block: int = -1
    pending_filled: bool = False
    #: the grid indexed for the street checks (kept with ``free``)
    street_empty: list[int] = attrs.field(factory=lambda: list(_STREET_SIZES))
    #: ``street_tally[s][st]``: seat ``s``'s tiles on street ``st`` added up in the lanes of
    #: ``tables.TALLY`` (ruling MC-4's sums, kept with the grid: an award reads them)
    street_tally: list[list[int]] = attrs.field(factory=lambda: [[0] * len(STREETS) for _ in "ab"])
    #: whether seat ``s``'s hand holds both its Parks (the one kind a player owns twice, MC-1):
    #: kept with the hand, so the legal moves need not count them
    doubled: list[bool] = attrs.field(factory=lambda: [False, False])
    #: ``awards[st]``: how street ``st`` was awarded, (token, both sums, the placer who
    #: completed it), as they were at that moment (a later build-over changes the tiles, not
    #: the award); None while unawarded
    awards: list[tuple[int, tuple[int, int], int] | None] = attrs.field(
        factory=lambda: [None] * len(STREETS)
    )

    @classmethod
    def new(cls) -> CityState:
        """The state before set-up, equal to ``CityState()`` but made without its factories.

        Every game starts from one, and a random game is short, so its set-up weighs on
        each decision; a test checks it equals ``CityState()``.
        """
        return cls(
            [None] * BLOCKS,
            [-1] * BLOCKS,
            [None] * len(STREETS),
            [None] * len(STREETS),
            [[], []],
            [[], []],
            [[], []],
            [0, 0],
            [[], []],
            [],
            (),
            0,
            0,
            list(range(BLOCKS)),
            [[], []],
            -1,
            False,
            list(_STREET_SIZES),
            [[0] * len(STREETS), [0] * len(STREETS)],
            [False, False],
            [None] * len(STREETS),
        )

    def copy(self) -> CityState:
        """Return an independent copy."""
        return CityState(
            list(self.tiles),
            list(self.owners),
            list(self.street_tokens),
            list(self.street_winner),
            list(map(list, self.hands)),
            list(map(list, self.piles)),
            list(map(list, self.money)),
            list(self.cash),
            list(map(list, self.gone)),
            list(self.discarded),
            self.out_of_play,
            self.first,
            self.turn,
            list(self.free),
            list(map(list, self.owned)),
            self.pending_block,
            self.pending_filled,
            list(self.street_empty),
            list(map(list, self.street_tally)),
            list(self.doubled),
            list(self.awards),
        )

    @property
    def empty(self) -> int:
        """How many blocks are still empty."""
        return len(self.free)

    def score(self, seat: int) -> int:
        """The money ``seat`` holds: the worth of its won tokens (ruling MC-6)."""
        return self.cash[seat]
