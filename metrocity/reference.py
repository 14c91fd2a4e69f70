"""The plain reading of Metro City's rules: slow, obvious code written from the rulebook.

``rules.py`` and ``tables.py`` compute the same things fast: the legal moves read by index from
prebuilt tables, a street's sums as lane arithmetic kept with the grid, the grid indexed by
empty and owned blocks, the money kept as a total. These functions say each thing as the
rules (seed 004, rulings MC-1 to MC-6 and MC-A1 to MC-A10) state it, block by block and tile
by tile; the tests (``tests/metrocity/test_reference.py``) check on random games that both
agree at every decision, in the same order.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from common import Action, Result, Shuffle, winners_by_score
from metrocity.actions import BuildOver, Pass, Place, Swap
from metrocity.data import (
    BLOCK_IDS,
    BLOCKS,
    HAND_SIZE,
    PLAYER_TILES,
    STREETS,
    TILE_KINDS,
    TILES,
    TOKENS,
)
from metrocity.events import StreetAwarded, TilePlaced
from metrocity.tables import PILE_DECKS, SETUP_DECKS, TALLY, TOKEN_DECK, TWICE

if TYPE_CHECKING:
    from metrocity.rules import MetroCity


# ---------------------------------------------------------------------- the turn (MC-3, MC-5)
def legal_actions(game: MetroCity) -> list[Action]:
    """The legal actions as the rules state them (MC-3, MC-5), in the engine's order.

    Place: each tile kind in hand (in tile order) on each empty block. Build over: each kind
    in hand, paying each token held (ascending), over each block of one's own. Swap: no swap,
    or two streets still holding a token (the first before the second in street order).
    """
    p = game.prompt
    if p is None:
        return []
    s = game.s
    if p.kind == "swap":
        tokens = s.street_tokens
        open_ = [st.id for st, token in zip(STREETS, tokens, strict=True) if token is not None]
        return [Pass(), *(Swap(a, b) for k, a in enumerate(open_) for b in open_[k + 1 :])]
    seat = p.seat
    kinds = [t.id for t in TILE_KINDS if t.id in s.hands[seat]]
    moves: list[Action] = []
    for tile in kinds:
        for i in range(BLOCKS):
            if s.tiles[i] is None:
                moves.append(Place(tile, BLOCK_IDS[i]))
    for tile in kinds:
        for token in sorted(s.money[seat]):
            for i in range(BLOCKS):
                if s.owners[i] == seat:
                    moves.append(BuildOver(tile, BLOCK_IDS[i], token))
    return moves


def is_legal(game: MetroCity, action: Action) -> bool:
    """Whether ``action`` is one of the legal actions (the reading of ``Game.is_legal``)."""
    return action in legal_actions(game)


# ---------------------------------------------------------------------- the award (MC-4)
def rule_sums(street: list[tuple[str, int]]) -> tuple[int, int]:
    """Each seat's sum of the (tile, owner) pairs on a street, read from MC-4's sentences.

    Numbered tiles add their number; Industrial adds nothing where a Park or Mall of either
    player stands; Residential adds nothing where a Power Plant or Mall does; special tiles
    have no number (ruling MC-A5).
    """
    present = {tile for tile, _ in street}
    no_industrial = "park" in present or "mall" in present
    no_residential = "power" in present or "mall" in present
    sums = [0, 0]
    for tile, owner in street:
        category = TILES[tile].kind
        if category == "industrial" and no_industrial:
            continue
        if category == "residential" and no_residential:
            continue
        sums[owner] += TILES[tile].value
    return sums[0], sums[1]


def street_sums(game: MetroCity, street: int) -> tuple[int, int]:
    """Each seat's sum on street number ``street`` as the grid stands (MC-4)."""
    s = game.s
    on_street = [(s.tiles[b], s.owners[b]) for b in STREETS[street].blocks]
    return rule_sums([(t, o) for t, o in on_street if t is not None])


# ---------------------------------------------------------------------- the end (MC-6)
def scores(game: MetroCity) -> tuple[int, int]:
    """Each seat's money: the worth of the tokens it won and still holds (MC-2, MC-6)."""
    return sum(game.s.money[0]), sum(game.s.money[1])


def result(game: MetroCity) -> Result:
    """The result of a finished game: most money wins, equal money is a shared win (MC-6).

    It ended because the grid is full, or else because neither player could place (MC-3).
    """
    money = scores(game)
    full = None not in game.s.tiles
    reason = "the grid is full" if full else "neither player can place"
    return Result(money, winners_by_score(money), reason)


# ---------------------------------------------------------------------- conservation (MC-1, MC-2)
def broken_laws(game: MetroCity) -> list[str]:
    """The broken conservation laws of Metro City, each as a sentence ([] when none).

    Tiles: each seat's 20 (MC-1) are in its hand, its pile, on the grid or gone (built
    over); until its pile is shuffled at set-up all 20 are still in the box. Tokens: the 15
    (MC-2) lie on streets, are held, discarded or out of play; until the set-up shuffle all
    are in the bag. Money is the sum of the tokens held, and those are exactly the tokens
    the log awarded the seat less the ones it paid. Hands hold at most 5 (MC-1); a block
    holds at most one tile; a full street is awarded unless its Courthouse swap is pending.
    """
    s = game.s
    broken: list[str] = []
    pending = game._pending
    waiting = pending.deck if isinstance(pending, Shuffle) else None
    unshuffled = SETUP_DECKS[SETUP_DECKS.index(waiting) :] if waiting else ()
    broken += _block_laws(game)
    for k in range(2):
        hand, pile, gone = s.hands[k], s.piles[k], s.gone[k]
        if len(hand) > HAND_SIZE:
            broken.append(f"seat {k} holds {len(hand)} tiles, more than {HAND_SIZE}")
        if s.doubled[k] != (hand.count(TWICE) > 1):
            broken.append(f"seat {k}'s hand {hand} is marked doubled: {s.doubled[k]}")
        on_grid = [t for t, o in zip(s.tiles, s.owners, strict=True) if o == k and t]
        have = Counter(hand) + Counter(pile) + Counter(on_grid) + Counter(gone)
        expect: Counter[str] = Counter() if PILE_DECKS[k] in unshuffled else Counter(PLAYER_TILES)
        if have != expect:
            broken.append(
                f"seat {k}'s tiles in hand, pile, on the grid and gone are "
                f"{sorted(have.elements())}, not its {sum(expect.values())} tiles"
            )
    tokens = Counter(t for t in s.street_tokens if t is not None)
    tokens += Counter(s.money[0]) + Counter(s.money[1])
    tokens += Counter(s.discarded) + Counter(s.out_of_play)
    expect_tokens: Counter[int] = Counter() if TOKEN_DECK in unshuffled else Counter(TOKENS)
    if tokens != expect_tokens:
        broken.append(
            "the tokens on streets, held, discarded and out of play are "
            f"{sorted(tokens.elements())}, not the {sum(expect_tokens.values())} in play"
        )
    broken += _money_laws(game)
    broken += _street_laws(game)
    return broken


def _block_laws(game: MetroCity) -> list[str]:
    s = game.s
    out = []
    if len(s.tiles) != BLOCKS or len(s.owners) != BLOCKS:
        return [f"the grid has {len(s.tiles)} tiles and {len(s.owners)} owners, not {BLOCKS}"]
    for i, (tile, owner) in enumerate(zip(s.tiles, s.owners, strict=True)):
        if (tile is None) != (owner == -1) or owner not in (-1, 0, 1):
            out.append(f"block {BLOCK_IDS[i]} holds {tile!r} owned by {owner}")
    empty = [i for i, tile in enumerate(s.tiles) if tile is None]
    if s.free != empty:
        out.append(f"the empty blocks are listed as {s.free}, but they are {empty}")
    counts = [sum(1 for b in st.blocks if s.tiles[b] is None) for st in STREETS]
    if s.street_empty != counts:
        out.append(f"the streets' empty blocks are counted {s.street_empty}, but are {counts}")
    for k in range(2):
        tally = [
            sum(TALLY[t] for b in st.blocks if (t := s.tiles[b]) and s.owners[b] == k)
            for st in STREETS
        ]
        if s.street_tally[k] != tally:
            out.append(f"seat {k}'s street tallies are {s.street_tally[k]}, but are {tally}")
        own = [i for i, owner in enumerate(s.owners) if owner == k]
        if s.owned[k] != own:
            out.append(f"seat {k}'s blocks are listed as {s.owned[k]}, but they are {own}")
    return out


def _money_laws(game: MetroCity) -> list[str]:
    s = game.s
    ledger: list[list[int]] = [[], []]
    out = []
    for e in game.events:
        if isinstance(e, StreetAwarded) and e.winner is not None:
            ledger[e.winner].append(e.token)
        elif isinstance(e, TilePlaced) and e.paid is not None:
            if e.paid in ledger[e.seat]:
                ledger[e.seat].remove(e.paid)
            else:
                out.append(f"seat {e.seat} paid token {e.paid} it was never awarded")
    for k in range(2):
        if s.cash[k] != sum(s.money[k]):
            out.append(f"seat {k} has ${s.cash[k]} but holds tokens {s.money[k]}")
        if sorted(s.money[k]) != sorted(ledger[k]):
            out.append(
                f"seat {k} holds tokens {sorted(s.money[k])}, but the log awarded it "
                f"{sorted(ledger[k])} net of payments"
            )
    return out


def _street_laws(game: MetroCity) -> list[str]:
    s = game.s
    out: list[str] = []
    if not s.out_of_play:
        return out  # the tokens are not laid yet
    logged = {
        e.street: (e.token, tuple(e.sums)) for e in game.events if isinstance(e, StreetAwarded)
    }
    for i, st in enumerate(STREETS):
        awarded = s.street_winner[i] is not None
        if awarded == (s.street_tokens[i] is not None):
            out.append(f"{st.id} must either hold its token or have been awarded")
        award = s.awards[i]
        if awarded != (award is not None):
            out.append(f"{st.id}'s award record is {award}, but its winner is {s.street_winner[i]}")
        elif award is not None and st.id in logged and logged[st.id] != award[:2]:
            out.append(f"{st.id} was awarded {logged[st.id]} by the log, but records {award[:2]}")
        full = all(s.tiles[b] is not None for b in st.blocks)
        swap_due = s.pending_filled and s.pending_block in st.blocks
        if full != awarded and not (full and swap_due):
            state = "is full but unawarded" if full else "was awarded with empty blocks"
            out.append(f"{st.id} {state}")
    return out


__all__ = [
    "broken_laws",
    "is_legal",
    "legal_actions",
    "result",
    "rule_sums",
    "scores",
    "street_sums",
]
