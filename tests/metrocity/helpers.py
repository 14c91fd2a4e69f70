"""Helpers that build Metro City positions through supplied chance outcomes and legal moves."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import metrocity
from common import Action, RandomBot
from metrocity.actions import BuildOver, Pass, Place, Swap
from metrocity.data import BLOCK_IDS, PLAYER_TILES, STREETS, TILE_KINDS
from metrocity.rules import MetroCity

#: the token shuffle used by most tests: st1..st5, avA..avF, then the draws of seat 0 and seat 1
#: (15 beats 1, so seat 0 goes first) and two tokens that stay out of play (ruling MC-2)
TOKENS = (10, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 15, 1, 13, 14)


def pile(first: Sequence[str]) -> tuple[str, ...]:
    """A shuffle outcome of one player's 20 tiles that starts with ``first`` (drawn first)."""
    rest = list(PLAYER_TILES)
    for tile in first:
        rest.remove(tile)
    return (*first, *rest)


def start(
    p0: Sequence[str] = (),
    p1: Sequence[str] = (),
    tokens: Sequence[int] = TOKENS,
    seed: int = 1,
    tie: str = "discard",
) -> MetroCity:
    """A new game whose token shuffle and both piles are the outcomes given."""
    g = metrocity.new_game(seed=seed, tie=tie)
    g.resolve(tuple(tokens))
    g.resolve(pile(p0))
    g.resolve(pile(p1))
    return g


def play(g: MetroCity, *moves: str) -> None:
    """Apply the moves in order, each by whoever is to act."""
    for move in moves:
        g.apply(move)


def alternate(blocks: Sequence[str], p0: Sequence[str], p1: Sequence[str]) -> list[str]:
    """Moves placing seat 0's and seat 1's tiles in turn on ``blocks`` (seat 0 first)."""
    moves = []
    tiles = iter(t for pair in zip(p0, p1, strict=False) for t in pair)
    extra = list(p0[len(p1) :]) if len(p0) > len(p1) else []
    for block, tile in zip(blocks, [*tiles, *extra], strict=True):
        moves.append(f"place {tile} {block}")
    return moves


ROW1 = ("A1", "B1", "C1", "D1", "E1", "F1")
COL_A = ("A1", "A2", "A3", "A4", "A5")


def fill_row1(
    p0: Sequence[str], p1: Sequence[str], hand0: Sequence[str] = (), tie: str = "discard"
) -> MetroCity:
    """A game where seat 0 placed ``p0`` on A1, C1, E1 and seat 1 ``p1`` on B1, D1, F1.

    Seat 0 draws ``hand0`` next, so those tiles are in its hand afterwards.
    """
    g = start((*p0, *hand0), p1, tie=tie)
    play(g, *alternate(ROW1, p0, p1))
    return g


def hold(g: MetroCity, seat: int, *tokens: int) -> None:
    """Give ``seat`` the won tokens ``tokens`` besides its own, set directly (money follows)."""
    g.s.money[seat].extend(tokens)
    g.s.cash[seat] += sum(tokens)


def candidates() -> list[Action]:
    """Actions legal and not: every tile on a third of the blocks, build-overs, any swap."""
    out: list[Action] = [Pass()]
    out += [Place(t.id, b) for t in TILE_KINDS for b in BLOCK_IDS[::3]]
    out += [BuildOver(t.id, b, k) for t in TILE_KINDS[::4] for b in BLOCK_IDS[::2] for k in (3, 10)]
    out += [Swap(a.id, b.id) for a in STREETS for b in STREETS]
    return out


def decisions(seed: int, last: bool = False, tie: str = "discard") -> Iterator[metrocity.MetroCity]:
    """The game at each decision of a random game (rule option ``tie``), before its move.

    With ``last`` the move is often the last legal action (a build-over once tokens are won),
    so positions with several tokens and many own blocks are met too.
    """
    g = metrocity.new_game(seed=seed, tie=tie)
    bot = RandomBot(seed)
    while not g.is_over:
        if g.chance is not None:
            g.resolve()
            continue
        yield g
        legal = g.legal_actions()
        g.apply(legal[-1] if last and bot.rng.random() < 0.5 else bot.choose(g, g.to_act or 0))


def arrange(
    g: MetroCity,
    grid: dict[str, tuple[str, int]],
    hands: tuple[Sequence[str], Sequence[str]],
    to_act: int,
) -> None:
    """Lay out a position of ``g`` directly: ``grid`` maps blocks to (tile, owner).

    Each seat's 20 tiles are on the grid, in ``hands[seat]`` or (the rest) in its pile; a full
    street's token is discarded (its award recorded as seat 0's placement); the indexes the
    engine keeps beside the grid are set from it. Then ``to_act`` begins its turn as the
    engine begins one (a one-answer turn is taken for it). The engine's conservation laws must hold.
    """
    from metrocity.data import BLOCK_INDEX, BLOCKS, STREETS
    from metrocity.tables import TALLY, street_sums

    s = g.s
    s.tiles = [None] * BLOCKS
    s.owners = [-1] * BLOCKS
    for block, (tile, owner) in grid.items():
        s.tiles[BLOCK_INDEX[block]] = tile
        s.owners[BLOCK_INDEX[block]] = owner
    for seat in (0, 1):
        rest = list(PLAYER_TILES)
        for tile in [t for t, o in grid.values() if o == seat] + list(hands[seat]):
            rest.remove(tile)
        s.hands[seat] = sorted(hands[seat], key=PLAYER_TILES.index)
        s.piles[seat] = rest
        s.doubled[seat] = s.hands[seat].count("park") > 1
        s.owned[seat] = [i for i in range(BLOCKS) if s.owners[i] == seat]
        s.street_tally[seat] = [
            sum(TALLY[t] for b in st.blocks if (t := s.tiles[b]) and s.owners[b] == seat)
            for st in STREETS
        ]
    s.free = [i for i in range(BLOCKS) if s.tiles[i] is None]
    s.street_empty = [sum(1 for b in st.blocks if s.tiles[b] is None) for st in STREETS]
    for k in range(len(STREETS)):
        token = s.street_tokens[k]
        if s.street_empty[k] == 0 and token is not None:
            s.street_tokens[k] = None
            s.street_winner[k] = -1
            s.discarded.append(token)
            s.awards[k] = (token, street_sums(s.tiles, s.owners, k), 0)
    assert g.invariants() == [], g.invariants()
    g._begin_turn(to_act)
