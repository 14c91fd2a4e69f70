"""Help for every word of Metropoli's moves: the verbs, the numbers, the spaces and areas.

``explain(game, word)`` answers the terminal's ``help WORD``. The moves name Buildable Areas
and track spaces by number, so a number's answer says what it is in each move that takes
one (area 14 by the two streets facing it, space 14 by its name), and a verb's answer lists
what it may name now (``help build``: the areas open, each by its streets). The facts are
the static data's (``tables.static_data``: the board of rulings MI-2 to MI-5, the costs of
the seed's rules); the verbs' texts are the actions' own descriptions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from common.glossary import add, key, verbs_help
from metropoli.words import listing, money

#: what each corner does when a token stops there (seed "Other Spaces", "Rules in Brief")
CORNERS = {
    "borsa": "the Stock Exchange: passing it collects {borsa_pass} from the Bank, stopping "
    "on it {borsa_land}{first_round}",
    "court": "the Court: the player who stops here pays the Bank a fine of {fine_per_pip} "
    "for each pip of the dice just rolled",
    "motorway": "the Motorway: the player rolls two dice one after the other and moves to "
    "the space showing that exit number (5 then 6: exit 56), without passing La Borsa",
    "municipality": "the Municipality: the player may move to any space whose concession "
    "is still free (without passing La Borsa) and auction it, or place one block free",
}
#: the kinds of the other spaces
KINDS = {
    "metropoli": "a Metropoli space: the player reads the top card of the Metropoli deck, "
    "does what it says and puts it at the bottom",
    "street": "a street: its concession is auctioned while the Bank holds it; its holder "
    "collects rent from the others who stop on it and may build on its three areas",
    "bridge": "a bridge: its concession is auctioned while the Bank holds it; others who "
    "stop on it pay a toll of {toll_per_bridge} for each bridge its holder has, and may "
    "cross the city along its avenue to the opposite bridge",
}
#: the moves that take a number, by what the number is
AREA_VERBS = ("build", "free")
SPACE_VERBS = ("goto", "give", "take", "sell")
MONEY_VERBS = ("bid", "raise", "cash")
#: the seat word of ``offer``, as a player types it (its JSON field says a seat index)
OFFER = (
    "offer N: open a trade proposal to the player whose number is N (only the player on "
    "turn, ruling MI-18); then give, take and cash compose it and send sends it."
)


def _costs(data: dict[str, Any]) -> dict[str, str]:
    out = {k: money(v) for k, v in data["costs"].items() if isinstance(v, int)}
    out["first_round"] = "" if data["rules"]["first_round_borsa"] else " (not in the first round)"
    return out


def _area(n: int, data: dict[str, Any]) -> str:
    a = data["board"]["areas"][n]
    district = data["board"]["districts"][a["district"]]["name"]
    return f"area {n}: the Buildable Area {a['name']}, in the {district}"


def _space(n: int, data: dict[str, Any]) -> str:
    s = data["board"]["spaces"][n]
    colour = f", {s['colour'].replace('_', ' ')} neighbourhood" if s["colour"] else ""
    exit_ = f", motorway exit {s['exit']}" if s["exit"] is not None else ""
    return f"space {n}: {s['name']} ({s['kind']}{colour}{exit_})"


def _named(game: Any, data: dict[str, Any], verbs: Sequence[str], areas: bool) -> str:
    """The areas or spaces the legal moves of these verbs name now, by name."""
    found: dict[int, None] = {}
    for action in game.legal_actions():
        words = str(action).split()
        if words[0] in verbs and len(words) == 2 and words[1].isdigit():
            found.setdefault(int(words[1]), None)
    if not found:
        return ""
    if areas:
        names = [f"{n} {data['board']['areas'][n]['name']}" for n in found]
    else:
        names = [f"{n} {data['board']['spaces'][n]['name']}" for n in found]
    return f" Open now: {'; '.join(names)}."


def _number(n: int, data: dict[str, Any]) -> str:
    meanings = []
    if n < len(data["board"]["areas"]):
        meanings.append(f"in build {n} and free {n}, {_area(n, data)}")
    if n < len(data["board"]["spaces"]):
        meanings.append(f"in goto, give, take and sell, {_space(n, data)}")
    if 1 <= n <= len(data["board"]["spaces"]):
        meanings.append(f"in move {n}, {n} spaces to advance after a triple")
    if 1 <= n <= data["players"]["max"]:
        meanings.append(f"in offer {n}, the player whose number is {n}")
    if n and n % data["money"]["trade_unit"] == 0:
        meanings.append(f"in bid, raise and cash, {money(n)}")
    return f"{n}: " + "; ".join(meanings) + "."


def glossary(game: Any) -> dict[str, str]:
    """Every word of this game's moves but the numbers with its help, by ``glossary.key``."""
    data = type(game).static_data(**game.options)
    costs = _costs(data)
    out = {key(w): text for w, text in verbs_help(game.actions.by_word.values()).items()}
    out["offer"] = OFFER
    board = data["board"]
    for verb in AREA_VERBS:
        out[verb] += (
            f" An area is numbered 0 to {len(board['areas']) - 1} as the board's area:floor "
            "tables show it, each between two streets (help 14 tells area 14)."
        )
    for verb in SPACE_VERBS:
        out[verb] += (
            f" A space is numbered 0 to {len(board['spaces']) - 1} along the track as the "
            "board lists it."
        )
    for n, s in enumerate(board["spaces"]):
        kind = s["kind"]
        said = CORNERS.get(kind) or KINDS.get(kind, kind)
        text = f"{s['name']}: space {n}, {said.format(**costs)}."
        if kind == "street":
            areas = ", ".join(str(a) for a in s["areas"])
            hood = s["colour"].replace("_", " ")
            text += f" In the {hood} neighbourhood; its areas are {areas}."
        if kind == "bridge":
            text += f" It crosses along {s['avenue']} to space {s['crosses_to']}."
        if kind != "metropoli":
            add(out, s["name"], text)
    add(out, "metropoli", KINDS["metropoli"] + ".")
    for hood in board["neighbourhoods"]:
        names = [board["spaces"][n]["name"] for n in hood["streets"]]
        colour = hood["colour"].replace("_", " ")
        district = board["districts"][hood["district"]]["name"]
        add(out, colour, f"{colour}: the neighbourhood of {listing(names)}, in the {district}.")
    for n, a in enumerate(board["areas"]):
        add(out, a["name"], _area(n, data) + ".")
    for card in data["cards"]:
        add(out, card["id"], f"{card['id']}: a Metropoli card: {card['text']}.")
    for d in board["districts"]:
        first, last = d["areas"][0], d["areas"][-1]
        add(out, d["name"], f"{d['name']}: the Buildable Areas {first} to {last}.")
    for crossing in board["crossings"]:
        a, b = (board["spaces"][n]["name"] for n in crossing["bridges"])
        add(out, crossing["avenue"], f"{crossing['avenue']}: the avenue from {a} to {b}.")
    return out


def explain(game: Any, word: str) -> str | None:
    """What ``word`` (a verb, a number, a space, street, bridge, neighbourhood or district by
    name, an amount) means in this game's moves; None for a word the game does not use."""
    data = type(game).static_data(**game.options)
    digits = word.lstrip("-$").replace(",", "")
    if digits.isdigit():
        n = int(digits)
        if word.startswith("-"):
            return f"{word}: in cash {word}, the partner pays you {money(n)}."
        return _number(n, data)
    told = glossary(game).get(key(word))
    if told is None:
        return None
    if key(word) in AREA_VERBS:
        told += _named(game, data, AREA_VERBS, areas=True)
    elif key(word) in SPACE_VERBS:
        told += _named(game, data, SPACE_VERBS, areas=False)
    return told
