"""Metro City in words: a sentence for each event of its log, and the questions asked.

``MetroCity._describe`` hands every event here as the JSON a seat may see
(``event.for_seat(seat)``), so a sentence can never say more than that: another seat's draw
is "Player 2 draws a tile", one's own "You draw the Mall". Players are named by name (the seat
told is "you"), tiles, blocks and streets by their names in the rules (both names of the Park,
ruling MC-A10: "Park (School)"), tokens in dollars. The core's events get Metro City's words
too: a decision says which tile went on which block, the pile shuffles whose tiles they were.

>>> from metrocity.words import tell
>>> players = ("Ann", "Bo")
>>> tell({"type": "TilesDrawn", "seat": 1, "count": 1, "tiles": None}, players, 0)
'Bo draws a tile.'
>>> tell({"type": "TilesDrawn", "seat": 0, "count": 1, "tiles": ["mall"]}, players, 0)
'You draw the Mall.'
>>> tell({"type": "StreetAwarded", "street": "st1", "token": 10, "sums": [18, 9],
...       "winner": 0}, players, None)
'Ann wins the $10 bonus of 1st Street, 18 to 9.'

The questions' words are here too (``place_text``, the Courthouse's ``swap_opening``,
``street_token`` and ``swap_closing``, a refused action's ``legal_text``); ``tables.py`` makes
the recurring ones into prompts once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from common.words import Teller, in_words
from metrocity.data import (
    BLOCK_IDS,
    BLOCK_INDEX,
    BLOCK_NAMES,
    BLOCK_STREETS,
    STREET_INDEX,
    STREETS,
    TIE_RULES,
    TILES,
    TOKENS,
)

if TYPE_CHECKING:
    from metrocity.state import CityState

#: the set-up's shuffles by their request's text (``Shuffle.describe`` of tables.TOKEN_DECK and
#: tables.PILE_DECKS; the tables import this module, so the texts are written out here and the
#: words' tests check them against the log)
_TOKEN_SHUFFLE = "shuffle tokens"
_PILE_SHUFFLES = {"shuffle pile0": 0, "shuffle pile1": 1}


_Teller = Teller


def tile_name(tile: str) -> str:
    """A tile by its name in the rules: ``Residential 3``, ``Park (School)``."""
    return TILES[tile].display


def a_tile(tile: str) -> str:
    """A tile with the article it takes: ``Residential 3``, ``a Park (School)``, ``the Mall``.

    Each player owns one tile of each kind but two Parks (MC-1), so a special tile is "the"
    one, a Park "a" Park; a numbered tile is named by its number alone.
    """
    kind = TILES[tile]
    if kind.value:
        return kind.display
    return f"a {kind.display}" if tile == "park" else f"the {kind.display}"


def tiles_words(tiles: Sequence[str]) -> str:
    """Tiles in words, in hand order: ``Residential 1, two Parks (Schools) and the Mall``."""
    counts = Counter(tiles)
    words = []
    for tile in dict.fromkeys(tiles):
        kind = TILES[tile]
        if counts[tile] > 1:  # only the Parks come twice (MC-1)
            other = f" ({kind.edition_name}s)" if kind.edition_name else ""
            words.append(f"two {kind.name}s{other}")
        else:
            words.append(a_tile(tile))
    return in_words(words)


def block_words(block: str) -> str:
    """A block by its id and its two streets: ``B2 (2nd Street and B Avenue)``."""
    return f"{block} ({BLOCK_NAMES[BLOCK_INDEX[block]]})"


def street_name(street: str) -> str:
    """A street by its name: ``1st Street``, ``F Avenue``."""
    return STREETS[STREET_INDEX[street]].name


def dollars(token: int) -> str:
    """A token in words: ``$10``."""
    return f"${token}"


#: each token in words, by its value, made once: the place question names the tokens held
_DOLLARS = tuple(dollars(t) for t in range(TOKENS[-1] + 1))


def dollars_or(tokens: Sequence[int]) -> str:
    """Tokens to choose from in words: ``$3``, ``$3 or $10``, ``$3, $7 or $10`` (ascending)."""
    words = [_DOLLARS[t] for t in sorted(tokens)]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


# ------------------------------------------------------------------ the questions (MC-3, MC-5)
def _tiles_in_hand(hand_size: int) -> str:
    return "your last tile" if hand_size == 1 else f"one of your {hand_size} tiles"


def place_text(hand_size: int, tokens: Sequence[int]) -> str:
    """The place question in words (MC-3): what is in hand and what a build-over costs.

    Every seat's view shows the prompt, so it names how many tiles are in hand, never which:
    the seat's own view lists them (``hand_names``). The tokens held are public (MC-A8).
    """
    held = _tiles_in_hand(hand_size)
    if not tokens:
        return (
            f"place {held} on an empty block (building over one of your own blocks costs a "
            "won token, and you hold none)"
        )
    return (
        f"place {held} on an empty block, or build it over one of your own blocks by "
        f"discarding one of your tokens ({dollars_or(tokens)})"
    )


def swap_opening(block: int) -> str:
    """The start of the Courthouse's question at ``block`` (MC-5), up to the streets' list."""
    return (
        f"your Courthouse at {BLOCK_IDS[block]} ({BLOCK_NAMES[block]}) may swap the bonus "
        "tokens of two streets not yet awarded ("
    )


def street_token(street: int, token: int) -> str:
    """A street and the token lying there, in the Courthouse's question: ``1st Street $10``."""
    return f"{STREETS[street].name} {dollars(token)}"


def swap_closing(block: int, row: bool, column: bool) -> str:
    """The end of the Courthouse's question at ``block``: which of its streets the placement
    completes (``row``, ``column``), awarded after the swap (MC-5)."""
    completed = [
        STREETS[st].name
        for st, done in zip(BLOCK_STREETS[block], (row, column), strict=True)
        if done
    ]
    verb = "is" if len(completed) == 1 else "are"
    after = f", before {' and '.join(completed)} {verb} awarded" if completed else ""
    return f"){after}; or pass"


def legal_text(s: CityState, kind: str, seat: int) -> str:
    """What is legal at a ``kind`` question to ``seat``, in words and the game's ids.

    For a refused action's message. Only the seat to act (or the host) reads it: a refused
    action of another seat is refused for being out of turn first. So it names the hand,
    which the prompt cannot.
    """
    if kind == "swap":
        open_ = [
            f"{st.id} ({st.name}, ${token})"
            for st, token in zip(STREETS, s.street_tokens, strict=True)
            if token is not None
        ]
        return (
            "pass, or swap <street> <street> naming two streets still holding a token, the "
            f"first before the second in this order: {', '.join(open_)}"
        )
    hand = ", ".join(f"{t} = {TILES[t].display}" for t in dict.fromkeys(s.hands[seat]))
    empty = ", ".join(BLOCK_IDS[b] for b in s.free)
    text = f"place <tile> <block> with a tile of your hand ({hand}) on an empty block ({empty})"
    if not (s.money[seat] and s.owned[seat]):
        return text + "; build <tile> <block> <token> needs a won token, and you hold none"
    own = ", ".join(BLOCK_IDS[b] for b in s.owned[seat])
    tokens = ", ".join(f"{t} = ${t}" for t in sorted(s.money[seat]))
    return (
        f"{text}; or build <tile> <block> <token>: a tile of your hand over one of your "
        f"blocks ({own}), discarding a token you hold ({tokens})"
    )


def label(action: Any, street_tokens: Sequence[int | None]) -> str:
    """A move for its button: tiles and streets by their names, blocks as the board marks
    them (avenue letter and street number, ``B2``), tokens in dollars; ``street_tokens`` are
    the tokens lying on the streets (the Courthouse's swap names them)."""
    word = action.word
    if word == "place":
        return f"Place {tile_name(action.tile)} on {action.block}"
    if word == "build":
        return f"Build {tile_name(action.tile)} over {action.block}, paying {dollars(action.token)}"
    if word == "swap":

        def named(street: str) -> str:
            token = street_tokens[STREET_INDEX[street]]
            return street_name(street) + (f" ({dollars(token)})" if token is not None else "")

        return f"Swap the tokens of {named(action.first)} and {named(action.second)}"
    return "Make no swap"  # pass: asked only at the Courthouse (MC-5, MC-A3)


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


# ------------------------------------------------------------------ the decisions (MC-3, MC-5)
def _action(t: _Teller, seat: int, action: dict[str, Any]) -> str:
    """What ``seat`` chose, as a clause: "Ann places Residential 3 on B2"."""
    kind = action.get("type")
    if kind == "Place":
        return f"{t.does(seat, 'place')} {a_tile(action['tile'])} on {action['block']}"
    if kind == "BuildOver":
        return (
            f"{t.does(seat, 'build')} {a_tile(action['tile'])} over {t.their(seat)} block "
            f"{action['block']}, paying {dollars(action['token'])}"
        )
    if kind == "Swap":
        first, second = street_name(action["first"]), street_name(action["second"])
        return f"{t.does(seat, 'swap')} the bonus tokens of {first} and {second}"
    # Pass: asked only at the Courthouse; the pass of an empty hand is always forced (MC-A3)
    return f"{t.does(seat, 'pass', 'passes')}"


def _taken(t: _Teller, data: dict[str, Any]) -> str:
    seat, action = data["seat"], data["action"]
    if action.get("type") == "Pass":
        return f"{t.does(seat, 'leave')} the bonus tokens as they lie: no swap"
    return _action(t, seat, action)


def _forced(t: _Teller, data: dict[str, Any]) -> str:
    return f"{_action(t, data['seat'], data['action'])}, the only move there is"


# ------------------------------------------------------------------ chance and the set-up (MC-2)
def _chance(t: _Teller, data: dict[str, Any]) -> str | None:
    request = data["request"]
    if request == _TOKEN_SHUFFLE:
        return (
            f"the {len(TOKENS)} bonus tokens ({dollars(TOKENS[0])} to {dollars(TOKENS[-1])}) "
            "are shuffled face down"
        )
    if request in _PILE_SHUFFLES:
        seat = _PILE_SHUFFLES[request]
        return f"{t.whose(seat)} 20 tiles are shuffled into a face-down pile; nobody sees the order"
    return None


def _tokens_placed(t: _Teller, data: dict[str, Any]) -> str:
    laid = [
        f"{st.name} {dollars(token)}" for st, token in zip(STREETS, data["tokens"], strict=True)
    ]
    return f"a bonus token is laid face up on each street: {', '.join(laid)}"


def _first_player(t: _Teller, data: dict[str, Any]) -> str:
    draws, first = data["draws"], data["first"]
    drew = in_words([f"{t.does(k, 'draw')} {dollars(v)}" for k, v in enumerate(draws)])
    goes = t.does(first, "go", "goes")
    gone = in_words([dollars(v) for v in data["out_of_play"]])
    return f"for the first turn {drew}, so {goes} first; {gone} leave play"


def _drawn(t: _Teller, data: dict[str, Any]) -> str:
    seat, count, tiles = data["seat"], data["count"], data["tiles"]
    if tiles is None:  # another seat's draw: only how many (MC-A7)
        return f"{t.does(seat, 'draw')} {'a tile' if count == 1 else f'{count} tiles'}"
    return f"{t.does(seat, 'draw')} {tiles_words(tiles)}"


# ------------------------------------------------------------------ the facts of a turn
def _placed(t: _Teller, data: dict[str, Any]) -> str:
    seat, tile, block = data["seat"], data["tile"], data["block"]
    where = block_words(block)
    if data["replaced"] is None:
        text = f"{t.whose(seat)} {tile_name(tile)} now stands on {where}"
        if tile == "court":
            text += "; its owner may swap the bonus tokens of two streets before any award"
        return text
    # a build-over (MC-3, MC-A4): the old tile leaves the game, the token paid is discarded
    old = tile_name(data["replaced"])
    return (
        f"{t.whose(seat)} {tile_name(tile)} replaces {t.their(seat)} {old} on {where}; the "
        f"{old} leaves the game and the {dollars(data['paid'])} token that paid is discarded"
    )


def _swapped(t: _Teller, data: dict[str, Any]) -> str:
    first, second = street_name(data["first"]), street_name(data["second"])
    return (
        f"{t.whose(data['seat'])} Courthouse swaps two bonuses: {first} now holds "
        f"{dollars(data['second_token'])} and {second} {dollars(data['first_token'])}"
    )


def _awarded(t: _Teller, data: dict[str, Any]) -> str:
    street, token, sums, winner = (
        street_name(data["street"]),
        dollars(data["token"]),
        data["sums"],
        data["winner"],
    )
    if sums[0] == sums[1]:  # MC-4: a tie discards the token, or leaves it with the placer
        if winner is None:
            return (
                f"{street} is complete and tied at {sums[0]} to {sums[1]}: its {token} is discarded"
            )
        return (
            f"{street} is complete and tied at {sums[0]} to {sums[1]}: by the tie rule its "
            f"{token} bonus goes to {t.who(winner)}, who completed it"
        )
    assert winner is not None
    return (
        f"{t.does(winner, 'win')} the {token} bonus of {street}, {sums[winner]} to "
        f"{sums[1 - winner]}"
    )


def _passed(t: _Teller, data: dict[str, Any]) -> str:
    seat = data["seat"]
    verb = "pass" if seat == t.seat else "passes"
    return f"{t.does(seat, 'have', 'has')} no tile left to place and {verb}"


# ------------------------------------------------------------------ the start and the end
def _started(t: _Teller, data: dict[str, Any]) -> str:
    names = in_words(list(data["players"]))
    you = f" (you are {t.players[t.seat]})" if t.seat is not None else ""
    tie = TIE_RULES.get(str(data["options"].get("tie")), "")
    return f"a game of Metro City begins between {names}{you}; {tie}"


def _ended(t: _Teller, data: dict[str, Any]) -> str:
    scores, winners = data["scores"], data["winners"]
    if len(winners) == 1:
        (w,) = winners
        return (
            f"the game is over: {t.does(w, 'win')} with {dollars(scores[w])} against "
            f"{t.whose(1 - w)} {dollars(scores[1 - w])}"
        )
    both = in_words([t.who(w) for w in winners])
    return f"the game is over: {both} share the win with {dollars(scores[0])} each"


_TELL: dict[str, Callable[[_Teller, dict[str, Any]], str | None]] = {
    "GameStarted": _started,
    "ActionTaken": _taken,
    "ActionForced": _forced,
    "ChanceResolved": _chance,
    "TokensPlaced": _tokens_placed,
    "FirstPlayerDrawn": _first_player,
    "TilesDrawn": _drawn,
    "TilePlaced": _placed,
    "BonusesSwapped": _swapped,
    "StreetAwarded": _awarded,
    "Passed": _passed,
    "GameEnded": _ended,
}


def tell(data: dict[str, Any], players: Sequence[str], seat: int | None) -> str | None:
    """One sentence for the event ``data`` (its redacted JSON) as ``seat`` reads it.

    None for an event that is not Metro City's nor one of the core's it tells.
    """
    told = _TELL.get(str(data.get("type")))
    if told is None:
        return None
    text = told(_Teller(players, seat), data)
    return None if text is None else _sentence(text)


__all__ = [
    "a_tile",
    "block_words",
    "dollars_or",
    "legal_text",
    "place_text",
    "street_token",
    "swap_closing",
    "swap_opening",
    "tell",
    "tile_name",
    "tiles_words",
]
