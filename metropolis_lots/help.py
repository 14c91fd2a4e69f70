"""Help for every word of Metropolis' moves: the verbs, the buildings, the lots, the chips.

``explain(game, word)`` answers the terminal's ``help WORD``. A building's answer gives its
shape, how many the box holds and its value on the scoring chart in play (base, location and
the other buildings of its district, ruling MS-4), all from the static data of the game's
options (``Metropolis.static_data``: the shapes of MS-3, the board of MS-1); a lot's answer
gives its district, its neighbours and its location.
"""

from __future__ import annotations

from typing import Any

from common.glossary import add, key, verbs_help
from common.words import in_words
from metropolis_lots.words import LOCATION_WORDS

#: the seat words of the verbs, as a player types them (their JSON fields say seat indices)
VERBS = {
    "give": "give LOT N: give the offered lot LOT to the player whose number is N, who "
    "marks it with a chip of theirs; only to a player who may take it (the claim rule) "
    "and has a chip left.",
    "propose": "propose N GIVE TAKE: propose to the player whose number is N an exchange "
    "of unbuilt lots: your lots GIVE for their lots TAKE, each a comma-separated list "
    "(40,41) or - for none on one side (not both); they accept or decline. Each side "
    "pays a chip for every lot it gains on balance.",
}
#: a location as the chart's values say it (ruling MS-4: any of the building's lots has it)
LOCATED = {"park_view": "with a park view", "river": "on the river", "centre": "in the centre"}
#: what a small number means in the moves that name a player
PLAYER_NUMBER = "in give LOT N and propose N GIVE TAKE, N is the other player's number"


def _shape(cells: list[list[int]]) -> str:
    """``##/##``: a building's lots, a row of the board a group, ``#`` a lot it covers."""
    rows = max(r for r, _ in cells) + 1
    columns = max(c for _, c in cells) + 1
    taken = {(r, c) for r, c in cells}
    return "/".join(
        "".join("#" if (r, c) in taken else "." for c in range(columns)) for r in range(rows)
    )


def _value(kind: str, chart: dict[str, Any], names: dict[str, str]) -> str:
    entry = chart[kind]
    parts = [f"base value {entry['base']}"]
    for place, extra in entry["location"].items():
        parts.append(f"{extra:+d} {LOCATED[place]} (any of its lots)")
    for other, extra in entry["per_building"].items():
        parts.append(f"{extra:+d} for each other {names.get(other, other)} in its district")
    text = "; ".join(parts)
    if entry["forbidden"]:
        banned = in_words([names.get(k, k) for k in entry["forbidden"]], "or")
        text += f"; not allowed in a district with a {banned}"
    return text + " (never below 0)"


def _building(b: dict[str, Any], chart: dict[str, Any], names: dict[str, str]) -> str:
    lots = len(b["cells"])
    turns = len(b["orientations"])
    turned = f", {turns} ways it may be turned" if turns > 1 else ""
    pooled = (
        "; may be pooled with other players' lots" if lots in (4, 6) else ""
    )  # ruling MS-7: 4- and 6-lot buildings only
    named = b["model"] if b["name"] == b["model"] else f"{b['model']} = {b['name']}"
    return (
        f"{named}: {lots} {'lot' if lots == 1 else 'lots'} in the shape "
        f"{_shape(b['cells'])} (# a lot, / a new row{turned}); {b['count']} in the box"
        f"{pooled}. Value: {_value(b['kind'], chart, names)}."
    )


def _lot(lot: int, board: dict[str, Any]) -> str:
    where = [LOCATION_WORDS[p] for p in ("park_view", "river", "centre") if lot in board[p]]
    said = f" ({', '.join(where)})" if where else ""
    near = ", ".join(str(n) for n in board["neighbours"][str(lot)])
    return f"lot {lot}: in district {lot // 10}{said}; its neighbours are lots {near}."


def glossary(game: Any) -> dict[str, str]:
    """Every word of this game's moves but the numbers with its help, by ``glossary.key``."""
    data = type(game).static_data(**game.options)
    out = {key(w): text for w, text in verbs_help(game.actions.by_word.values()).items()}
    out.update((key(w), text) for w, text in VERBS.items())
    chart = data["chart"]
    names = {kind: entry["name"] for kind, entry in chart.items()}
    models: dict[str, list[str]] = {}
    for b in data["buildings"]:
        said = _building(b, chart, names)
        add(out, b["model"], said)
        models.setdefault(b["kind"], []).append(said)
    for kind, told in models.items():
        for name in {kind, names[kind]}:
            for said in told:
                add(out, name, said)
    board = data["board"]
    for place, word in LOCATION_WORDS.items():
        lots = ", ".join(str(n) for n in board[place])
        add(out, word, f"{word}: the lots {lots}.")
    out["district"] = (
        "district: the 10 lots that share their first digit (40 to 49 is district 4); a "
        "building stands in one district, and the other buildings of its district change "
        "its value."
    )
    out["-"] = "-: no lots on that side of an exchange (propose N - TAKE, propose N GIVE -)."
    for colour, count in data["chips"].items():
        out[colour] = f"{colour}: a colour of chips ({count} in the box), one player's marks."
    return out


def explain(game: Any, word: str) -> str | None:
    """What ``word`` (a verb, a building by model or name, a lot, lots ``40,41``, a player's
    number) means in this game's moves; None for a word the game does not use."""
    data = type(game).static_data(**game.options)
    board = data["board"]
    parts = word.split(",")
    if all(p.isdigit() for p in parts):
        lots = [int(p) for p in parts if int(p) in board["lots"]]
        if len(lots) == len(parts):
            return " ".join(_lot(n, board) for n in lots)
        if len(parts) == 1:
            return f"{word}: {PLAYER_NUMBER}; lots are numbered 10 to 89."
        return None
    return glossary(game).get(key(word))
