"""The rules of Metro City (City Blocks), on the core contract.

The game in the order of the rulebook (seed 004, rulings MC-1 to MC-6, added MC-A1 to MC-A10):
set-up (tokens to the streets, the first-player draw, each player's shuffled tiles and a hand of
5), then turns: place a tile (on an empty block, or over one's own by paying a token), swap
bonuses after a Courthouse, award every street the placement completes (row first), refill the
hand; pass when unable to place; the game ends when the grid is full or neither can place.

The street award's comparison comes first, as the heart of the game; the steps follow in the
class. What the steps look up (prebuilt actions, events and prompts, a street's sums as lane
arithmetic, the legal moves read by index) is in ``tables.py``; the plain reading of the same
rules, which the tests hold these steps to, is ``reference.py``.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Mapping, Sequence
from itertools import compress
from typing import Any, Self

from common import (
    Action,
    ActionSet,
    Game,
    Option,
    Prompt,
    Result,
    Secret,
    Shuffle,
    winners_by_score,
)
from common.chance import ChanceRequest
from metrocity.actions import BuildOver, Pass, Place, Swap
from metrocity.data import (
    BLOCK_IDS,
    BLOCK_INDEX,
    BLOCK_STREETS,
    COLUMNS,
    HAND_SIZE,
    PLAYER_TILES,
    STREET_INDEX,
    STREETS,
    TILES,
    static_data,
)
from metrocity.events import (
    BonusesSwapped,
    FirstPlayerDrawn,
    Passed,
    StreetAwarded,
    TilePlaced,
    TilesDrawn,
    TokensPlaced,
)
from metrocity.reference import broken_laws
from metrocity.rl import ENCODINGS
from metrocity.schema import STATE_SCHEMA
from metrocity.state import CityState
from metrocity.tables import (
    AWARDED_AFTER,
    COURT_AT,
    COURTHOUSE,
    DRAWN_ONE,
    PASS,
    PAYING_ASKS,
    PILE_DECKS,
    PLACE_ASKS,
    PLACE_ROW,
    PLACED,
    SHUFFLE_PILES,
    SHUFFLE_TOKENS,
    STREET_GET,
    STREET_NUMBERS,
    STREET_TOKEN,
    TALLY,
    TILE_RANK,
    TOKEN_DECK,
    TWICE,
    Placements,
    PlaceMoves,
    new_object,
    street_sums,
    swaps_between,
    tally_sums,
)
from metrocity.words import label, legal_text, place_text, tell


# ---------------------------------------------------------------------- the street award (MC-4)
def award_winner(sums: tuple[int, int], placer: int, tie: str) -> int | None:
    """Who takes a completed street's token: the higher sum; a tie per the ``tie`` option.

    Each seat's sum is its numbered tiles on the street, Industrial not counting beside a Park
    or Mall, Residential not counting beside a Power Plant or Mall (``tables.street_sums``).
    A tie discards the token, or under the option ``tie=placer`` leaves it with the placer.
    """
    if sums[0] != sums[1]:
        return 0 if sums[0] > sums[1] else 1
    return placer if tie == "placer" else None  # ruling MC-4


def completed_by(tiles: list[str | None], block: int) -> list[int]:
    """The streets that ``block`` completes (all their blocks built), the row first (MC-4)."""
    return [st for st in BLOCK_STREETS[block] if None not in STREET_GET[st](tiles)]


class MetroCity(Game):
    """Metro City: two developers compete for the mayor's street bonuses on a 6x5 grid."""

    name = "metrocity"
    title = "Metro City"
    min_players = 2
    max_players = 2
    options_spec = {
        "tie": Option(
            "discard",
            ("discard", "placer"),
            "a tied street's token is discarded, or stays with the placer (ruling MC-4)",
        )
    }
    actions = ActionSet([Place, BuildOver, Swap, Pass])
    state_schema = STATE_SCHEMA
    game_events = (
        TokensPlaced,
        FirstPlayerDrawn,
        TilesDrawn,
        TilePlaced,
        BonusesSwapped,
        StreetAwarded,
        Passed,
    )

    s: CityState
    encodings = ENCODINGS

    # ------------------------------------------------------------------ set-up (MC-1, MC-2)
    def _setup(self) -> None:
        self.s = CityState.new()
        # ruling MC-2: one shuffle of the 15 tokens; the first 11 go to the streets in street
        # order, the next two are the seats' first-player draws, the last two stay out of play.
        self._request(SHUFFLE_TOKENS)

    def _on_chance(self, request: ChanceRequest, outcome: tuple[Any, ...]) -> None:
        assert isinstance(request, Shuffle)
        if request.deck == TOKEN_DECK:
            self._place_tokens(outcome)
            self._request(SHUFFLE_PILES[0])
        elif request.deck == PILE_DECKS[0]:
            self.s.piles[0] = list(reversed(outcome))
            self._request(SHUFFLE_PILES[1])
        else:
            self.s.piles[1] = list(reversed(outcome))
            for seat in (self.s.first, 1 - self.s.first):
                self._draw_tiles(seat)
            self._begin_turn(self.s.first)

    def _place_tokens(self, order: tuple[Any, ...]) -> None:
        """Lay the shuffled tokens on the streets and settle who goes first (MC-2, MC-A6)."""
        s = self.s
        n = len(STREETS)
        on_streets, out = tuple(order[:n]), tuple(order[n:])
        s.street_tokens = list(on_streets)
        draws = (int(order[n]), int(order[n + 1]))
        s.out_of_play = out
        s.first = 0 if draws[0] > draws[1] else 1
        self._record(TokensPlaced, on_streets)
        self._record(FirstPlayerDrawn, draws, out, s.first)

    def _draw_tiles(self, seat: int) -> None:
        """Draw back up to a hand of 5 while the pile lasts (MC-1), in private."""
        hand = self.s.hands[seat]
        pile = self.s.piles[seat]
        n = min(HAND_SIZE - len(hand), len(pile))
        if n > 0:
            drawn = tuple(pile[: -n - 1 : -1])  # from the top: the pile's end
            del pile[-n:]
            hand.extend(drawn)
            hand.sort(key=TILE_RANK)
            self.s.doubled[seat] = hand.count(TWICE) > 1
            self._record(TilesDrawn, seat, n, drawn)

    # ------------------------------------------------------------------ the turn (MC-3)
    def _begin_turn(self, seat: int) -> None:
        """Ask ``seat`` to place; take a one-answer turn for it; end when nobody can place."""
        # ruling MC-A9: a seat holding a tile must place it (no voluntary pass); ruling MC-A3:
        # a turn with one possible answer is not asked but taken for the seat (ActionForced)
        s = self.s
        free = s.free
        if not free:
            self._end()
            return
        hand = s.hands[seat]
        if not hand:
            if not s.hands[1 - seat]:
                self._end()
                return
            self._force(seat, PASS)  # MC-3: a seat that cannot place passes
            return
        s.turn = seat
        # one empty block, one kind of tile in hand (the hand is in tile order, so two Parks
        # are its first and last) and no build-over (no token, or no block of its own): the
        # one placement there is; the length test alone is all most turns pay
        if (
            len(free) == 1
            and (len(hand) == 1 or hand[0] == hand[-1])
            and not (s.money[seat] and s.owned[seat])
        ):
            self._force(seat, PLACE_ROW[hand[0]][free[0]])
            return
        money = s.money[seat]
        if not money:
            self._ask_prompt(PLACE_ASKS[seat][len(hand)])
            return
        key = (seat, len(hand), *money)
        ask = PAYING_ASKS.get(key)
        if ask is None:
            ask = PAYING_ASKS.keep(key, Prompt(seat, "place", place_text(len(hand), money)))
        self._ask_prompt(ask)

    def _legal_actions(self) -> Sequence[Action]:
        """The legal actions, in the order of ``reference.legal_actions``, computed by index.

        A random player looks at one move of 60-150, so the place prompt's moves are not
        listed: ``Placements`` (no token held) and ``PlaceMoves`` answer ``len`` and ``[i]``
        by arithmetic (and list them from prebuilt tables when iterated). A property test
        checks them against the reference's list.
        """
        s = self.s
        if s.pending_block >= 0:  # the Courthouse's swap question (MC-5)
            # the streets still holding a token: tokens are $1-$15 (MC-2), so only a taken
            # token (None) is false
            return swaps_between(tuple(compress(STREET_NUMBERS, s.street_tokens)))
        seat = s.turn
        hand = s.hands[seat]
        # the kinds in hand, once each (the hand is in tile order; only Parks come twice)
        kinds = tuple(dict.fromkeys(hand)) if s.doubled[seat] else tuple(hand)
        free = tuple(s.free)
        money = s.money[seat]
        # made without the class call's ``__init__`` frame, asked at every decision; the
        # legal-moves property test checks these slots against the reference
        if money:  # sorted() makes a list of its own: already a snapshot
            both = new_object(PlaceMoves)
            both._kinds = kinds
            both._free = free
            both._owned = owned = tuple(s.owned[seat])
            both._tokens = tokens = sorted(money)
            both._placed = placed = len(kinds) * len(free)
            both._len = placed + len(kinds) * len(tokens) * len(owned)
            return both
        moves = new_object(Placements)
        moves._kinds = kinds
        moves._free = free
        moves._len = len(kinds) * len(free)
        return moves

    def _legal_text(self) -> str:
        """What is legal now, in words and the game's ids, for a refused action's message."""
        p = self._pending
        if not isinstance(p, Prompt):
            return "nothing"
        return legal_text(self.s, p.kind, p.seat)

    def _is_legal(self, action: Action) -> bool:
        """Exact and fast: the same answer as membership in ``legal_actions()``."""
        p = self._pending
        if not isinstance(p, Prompt):
            return False
        s = self.s
        if p.kind == "place":
            if isinstance(action, Place):
                i = BLOCK_INDEX.get(action.block)
                return i is not None and s.tiles[i] is None and action.tile in s.hands[p.seat]
            if isinstance(action, BuildOver):
                i = BLOCK_INDEX.get(action.block)
                return (
                    i is not None
                    and s.owners[i] == p.seat
                    and action.tile in s.hands[p.seat]
                    and action.token in s.money[p.seat]
                )
            return False
        if isinstance(action, Pass):
            return True
        if not isinstance(action, Swap):
            return False
        a = STREET_INDEX.get(action.first)
        b = STREET_INDEX.get(action.second)
        return (
            a is not None
            and b is not None
            and a < b
            and s.street_tokens[a] is not None
            and s.street_tokens[b] is not None
        )

    def _on_action(self, seat: int, action: Action) -> None:
        if isinstance(action, Place):
            self._place(seat, action.tile, BLOCK_INDEX[action.block])
        elif isinstance(action, BuildOver):
            self._build_over(seat, action.tile, BLOCK_INDEX[action.block], action.token)
        else:
            s = self.s
            block, filled = s.pending_block, s.pending_filled
            if block < 0:  # no Courthouse waits: the pass of a seat that cannot place (MC-3)
                self._record(Passed, seat)
                self._begin_turn(1 - seat)
                return
            if isinstance(action, Swap):
                self._swap_bonuses(seat, STREET_INDEX[action.first], STREET_INDEX[action.second])
            s.pending_block = -1
            s.pending_filled = False
            self._finish_placement(seat, block, filled)

    def _place(self, seat: int, tile: str, block: int) -> None:
        """Place a tile from hand on an empty block (MC-3)."""
        s = self.s
        s.hands[seat].remove(tile)
        if tile == TWICE:
            s.doubled[seat] = False
        s.tiles[block] = tile
        s.owners[block] = seat
        insort(s.owned[seat], block)
        free = s.free
        del free[bisect_left(free, block)]  # free.remove(block), by halving: it is in block order
        row_street, column_street = BLOCK_STREETS[block]
        s.street_empty[row_street] -= 1
        s.street_empty[column_street] -= 1
        add = TALLY[tile]
        tally = s.street_tally[seat]
        tally[row_street] += add
        tally[column_street] += add
        self._entries.append(PLACED[seat][tile][block])  # the step's list (kernel): no call
        if tile == COURTHOUSE:
            self._after_placing(seat, block, True)
        else:
            self._finish_placement(seat, block, True)

    def _build_over(self, seat: int, tile: str, block: int, token: int) -> None:
        """Build over one's own tile, discarding one of one's tokens; the old tile leaves (MC-3)."""
        s = self.s
        s.hands[seat].remove(tile)
        if tile == TWICE:
            s.doubled[seat] = False
        s.money[seat].remove(token)
        s.cash[seat] -= token
        s.discarded.append(token)
        old = s.tiles[block]
        assert old is not None
        s.gone[seat].append(old)
        s.tiles[block] = tile
        change = TALLY[tile] - TALLY[old]
        tally = s.street_tally[seat]
        for street in BLOCK_STREETS[block]:
            tally[street] += change
        self._entries.append((TilePlaced, seat, tile, BLOCK_IDS[block], old, token))
        # ruling MC-A4: a build-over fills no empty block, so it completes no street
        if tile == COURTHOUSE:
            self._after_placing(seat, block, False)
        else:
            self._finish_placement(seat, block, False)

    # ------------------------------------------------------------------ the Courthouse (MC-5)
    def _after_placing(self, seat: int, block: int, filled: bool) -> None:
        """Ask the swap question of a Courthouse just placed, before any award (MC-5)."""
        s = self.s
        # ruling MC-5 / MC-A1: any placement of the Courthouse, the swap before the awards
        s.pending_block = block
        s.pending_filled = filled
        if len(s.street_tokens) - s.street_tokens.count(None) >= 2:
            self._ask(seat, "swap", self._swap_text(block, filled))
        else:  # ruling MC-A3: fewer than two tokens left to swap, so pass is the one answer
            self._force(seat, PASS)

    def _swap_text(self, block: int, filled: bool) -> str:
        """The Courthouse's question in words (MC-5): which tokens a swap can exchange.

        Made of prebuilt words (``COURT_AT``, ``STREET_TOKEN``, ``AWARDED_AFTER``): it is
        asked at every Courthouse placement, so its pieces are made once rather than written
        from the names each time.
        """
        s = self.s
        row, column = BLOCK_STREETS[block]
        empty = s.street_empty
        ends = AWARDED_AFTER[filled and not empty[row]][filled and not empty[column]]
        words = STREET_TOKEN
        streets = ", ".join([words[i][t] for i, t in enumerate(s.street_tokens) if t is not None])
        return COURT_AT[block] + streets + ends[block]

    def _swap_bonuses(self, seat: int, a: int, b: int) -> None:
        """Swap the tokens of two streets not yet awarded (MC-5)."""
        tokens = self.s.street_tokens
        ta, tb = tokens[a], tokens[b]
        assert ta is not None and tb is not None
        tokens[a], tokens[b] = tb, ta
        self._record(BonusesSwapped, seat, STREETS[a].id, STREETS[b].id, ta, tb)

    # ------------------------------------------------------------------ the awards (MC-4, MC-1)
    def _finish_placement(self, seat: int, block: int, filled: bool) -> None:
        """Award the streets the placement completed (the row first), refill, pass the turn."""
        s = self.s
        if filled:
            row_street, column_street = BLOCK_STREETS[block]
            if not s.street_empty[row_street]:  # the row first (MC-4)
                self._award_street(seat, row_street)
            if not s.street_empty[column_street]:
                self._award_street(seat, column_street)
        # the refill after a placement (MC-1): the hand held 5 while the pile lasted, so one
        # tile, sorted in (``_draw_tiles`` is the set-up's hand of five)
        pile = s.piles[seat]
        if pile:
            tile = pile.pop()
            hand = s.hands[seat]
            insort(hand, tile, key=TILE_RANK)
            if tile == TWICE:
                s.doubled[seat] = hand.count(TWICE) > 1
            self._entries.append(DRAWN_ONE[seat][tile])
        self._begin_turn(1 - seat)

    def _award_street(self, placer: int, street: int) -> None:
        """Award a just-completed street's token by the comparison rule (MC-4)."""
        s = self.s
        token = s.street_tokens[street]
        assert token is not None
        # the tallies kept with the grid: street_sums(s.tiles, s.owners, street), without the walk
        sums = tally_sums(s.street_tally[0][street], s.street_tally[1][street])
        winner = award_winner(sums, placer, self.options["tie"])
        s.street_tokens[street] = None
        s.street_winner[street] = -1 if winner is None else winner
        s.awards[street] = (token, sums, placer)  # the award as it was made
        if winner is None:
            s.discarded.append(token)
        else:
            s.money[winner].append(token)
            s.cash[winner] += token
        self._entries.append((StreetAwarded, STREETS[street].id, token, sums, winner))

    # ------------------------------------------------------------------ the end (MC-3, MC-6)
    def _result(self) -> Result:
        scores = (self.s.score(0), self.s.score(1))
        reason = "the grid is full" if self.s.empty == 0 else "neither player can place"
        return Result(scores, winners_by_score(scores), reason)

    def max_actions(self) -> int:
        """Every placement uses up a tile (40 in all); each Courthouse asks one swap question."""
        return 2 * len(PLAYER_TILES) + 2

    def determinize(self, seat: int, rng: Any) -> Self:
        """A copy where what ``seat`` cannot see is redrawn with ``rng`` (for search bots).

        The other seat's hand and pile are dealt afresh from their tiles not yet seen on the
        grid, and both piles are reshuffled; the result depends only on what ``seat`` sees.
        """
        other = self.clone()
        s = other.s
        opp = 1 - seat
        pool = sorted(s.hands[opp] + s.piles[opp], key=TILE_RANK)
        rng.shuffle(pool)
        n = len(s.hands[opp])
        s.hands[opp] = sorted(pool[:n], key=TILE_RANK)
        s.doubled[opp] = s.hands[opp].count(TWICE) > 1
        s.piles[opp] = pool[n:]
        own = sorted(s.piles[seat], key=TILE_RANK)
        rng.shuffle(own)
        s.piles[seat] = own
        return other

    # ------------------------------------------------------------------ static data
    @classmethod
    def _static_data(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        """The grid, streets, tiles, tokens and tie rule as JSON (``data.static_data``)."""
        return static_data(str(options["tie"]))

    # ------------------------------------------------------------------ words
    def _describe(self, data: dict[str, Any], seat: int | None) -> str | None:
        """Metro City's sentence for an event's redacted JSON (``metrocity.words.tell``)."""
        return tell(data, self.players, seat)

    def _label(self, action: Action, seat: int | None) -> str | None:
        """A move for its button in Metro City's words (``metrocity.words.label``)."""
        return label(action, self.s.street_tokens)

    # ------------------------------------------------------------------ what each seat sees
    def _copy_state(self, other: MetroCity) -> None:
        self.s = other.s.copy()

    def _view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees at the table (None: a spectator); described by ``STATE_SCHEMA``.

        Everything on the table is public: the grid, the streets' tokens, every award as it was
        made, the won tokens (ruling MC-A8), the discarded tokens and the four out of play
        (ruling MC-A6); a seat also sees its own hand (ruling MC-A7).
        """
        s = self.s
        grid = [
            [
                None
                if (t := s.tiles[r * COLUMNS + c]) is None
                else {"tile": t, "owner": s.owners[r * COLUMNS + c], "name": TILES[t].display}
                for c in range(COLUMNS)
            ]
            for r in range(len(BLOCK_IDS) // COLUMNS)
        ]
        streets = []
        for i, st in enumerate(STREETS):
            winner = s.street_winner[i]
            award = s.awards[i]
            sums = street_sums(s.tiles, s.owners, i) if award is None else award[1]
            streets.append(
                {
                    "id": st.id,
                    "name": st.name,
                    "blocks": [BLOCK_IDS[b] for b in st.blocks],
                    "token": s.street_tokens[i],
                    "awarded": winner is not None,
                    "winner": None if winner is None or winner < 0 else winner,
                    "sums": list(sums),
                    "empty": sum(1 for b in st.blocks if s.tiles[b] is None),
                    "award": None
                    if award is None
                    else {
                        "token": award[0],
                        "sums": list(award[1]),
                        "winner": None if winner is None or winner < 0 else winner,
                        "placer": award[2],
                        "tied": award[1][0] == award[1][1],
                    },
                }
            )
        # ruling MC-A8: the tokens each player won (and so its money) are public
        players = [
            {
                "seat": k,
                "money": s.score(k),
                "tokens": sorted(s.money[k]),
                "hand_size": len(s.hands[k]),
                "pile_size": len(s.piles[k]),
            }
            for k in range(2)
        ]
        hand = s.hands[seat] if seat is not None else None
        return {
            "tie": self.options["tie"],
            "first": s.first,
            "grid": grid,
            "streets": streets,
            "players": players,
            "hand": list(hand) if hand is not None else None,
            "hand_names": [TILES[t].display for t in hand] if hand is not None else None,
            "swap_for": BLOCK_IDS[s.pending_block] if s.pending_block >= 0 else None,
            "discarded": list(s.discarded),
            "out_of_play": list(s.out_of_play),
        }

    def _secrets(self, seat: int | None) -> list[Any]:
        """What ``seat`` may not see: the other hands, the other piles and every pile's order.

        A seat knows its own pile's contents (its tiles not yet seen) but not their order
        (ruling MC-A7), so its own pile is an ordered secret. The other seat's hand and pile
        are secret in contents and order; a spectator sees neither hand. A value equal to a
        list the seat legitimately sees (its own hand, its own draws) is left out: the two
        cannot be told apart, so no check could tell a leak from a coincidence.
        """
        s = self.s
        own_hand, own_draws = self._seen_lists(seat)
        seen = [*own_draws, own_hand] if own_hand is not None else own_draws
        seen_sorted = [sorted(v) for v in seen]
        out: list[Any] = []
        for k in range(2):
            order = list(reversed(s.piles[k]))  # the next tile to draw first
            if k == seat:
                if len(order) >= 2 and order not in seen:
                    out.append(Secret(order, ordered=True))
                continue
            for value in (list(s.hands[k]), order):
                if value and sorted(value) not in seen_sorted:
                    out.append(value)
        return out

    def _seen_lists(self, seat: int | None) -> tuple[list[str] | None, list[list[str]]]:
        """The tile lists ``seat`` legitimately sees: its hand and the tiles of each own draw."""
        if seat is None:
            return None, []
        draws = [
            list(e.tiles)
            for e in self.events
            if isinstance(e, TilesDrawn) and e.seat == seat and e.tiles is not None
        ]
        return list(self.s.hands[seat]), draws

    # ------------------------------------------------------------------ conservation
    def invariants(self) -> list[str]:
        """The broken conservation laws of Metro City, each as a sentence ([] when none).

        Tiles and tokens are all accounted for, money is the tokens held, and what the state
        keeps beside the grid (the empty and own blocks, the streets' counts and tallies, the
        awards) agrees with the grid: ``reference.broken_laws`` reads each law plainly.
        """
        return broken_laws(self)

    def estimate(self) -> tuple[float, ...]:
        """Each seat's chance to win as the search guesses it (a guide for search, not a rule).

        It reads only what both seats see: the money, the grid and the open streets' tokens
        (``metrocity.search.win_chances``).
        """
        from metrocity.search import win_chances  # the guide lives with the search, not the rules

        return win_chances(self)


__all__ = ["MetroCity", "award_winner", "completed_by"]
