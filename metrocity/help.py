"""Help for every word of Metro City's moves: the verbs, the tiles, the blocks, the streets.

``explain(game, word)`` answers the terminal's ``help WORD`` from the static data
(``data.static_data``: the tiles of ruling MC-1 with their effects of MC-4 and MC-5, the grid
and its streets of MC-6) and the actions' own descriptions.
"""

from __future__ import annotations

from typing import Any

from common.glossary import add, key, verbs_help
from common.words import in_words


def _tile(t: dict[str, Any], category: dict[str, Any]) -> str:
    names = category["names"]
    also = f" (also called {in_words(names[1:], 'or')})" if len(names) > 1 else ""
    each = f"{t['count']} of them" if t["count"] > 1 else "one"
    value = f", value {t['value']}" if t.get("value") else ""
    return (
        f"{t['id']} = {t['name']}{also}: a {category['name']} tile{value}, labelled "
        f"{t['label']} on the board; each player has {each}. It {t['effect']}."
    )


def _block(b: dict[str, Any], streets: dict[str, dict[str, Any]]) -> str:
    row, column = (streets[s] for s in b["streets"])
    return (
        f"{b['id']} = the block at {b['name']}: on {row['name']} ({row['id']}) and "
        f"{column['name']} ({column['id']}); it counts toward both streets' sums."
    )


def _street(s: dict[str, Any], tie: str) -> str:
    article = "an" if s["kind"][0] in "aeiou" else "a"
    return (
        f"{s['id']} = {s['name']}: {article} {s['kind']} of {len(s['blocks'])} blocks "
        f"({', '.join(s['blocks'])}). When its last empty block is filled, the player with "
        f"the higher sum of counting tiles on it wins its bonus token; {tie}."
    )


def glossary(game: Any) -> dict[str, str]:
    """Every word of this game's moves with its help, by ``glossary.key``."""
    data = type(game).static_data(**game.options)
    out = {key(w): text for w, text in verbs_help(game.actions.by_word.values()).items()}
    categories = {c["id"]: c for c in data["categories"]}
    for t in data["tiles"]:
        said = _tile(t, categories[t["category"]])
        for name in {t["id"], t["name"], t["label"], *categories[t["category"]]["names"][1:]}:
            add(out, name, said)
    for c in data["categories"]:
        tiles = [t["id"] for t in data["tiles"] if t["category"] == c["id"]]
        if len(tiles) > 1:
            add(out, c["name"], f"{c['name']}: the tiles {', '.join(tiles)}.")
    streets = {s["id"]: s for s in data["streets"]}
    for b in data["grid"]["blocks"]:
        add(out, b["id"], _block(b, streets))
        add(out, b["name"], _block(b, streets))
    tie = data["tie"]["text"]
    for s in data["streets"]:
        said = _street(s, tie)
        add(out, s["id"], said)
        add(out, s["name"], said)
        add(out, s["name"].split()[0], said)  # "1st" of "1st Street", "A" of "A Avenue"
    kinds = {"street": "the rows", "avenue": "the columns"}
    for kind, which in kinds.items():
        named = [s["name"] for s in data["streets"] if s["kind"] == kind]
        add(out, kind, f"{kind}: {which} of the grid, {in_words(named, 'and')}.")
    values = data["tokens"]["values"]
    out["token"] = (
        f"token: a bonus token of ${values[0]} to ${values[-1]}; one lies on each of the "
        f"{data['tokens']['on_streets']} streets and goes to the street's winner; won tokens "
        "are money, and build TILE BLOCK TOKEN pays one to build over your own tile."
    )
    return out


def explain(game: Any, word: str) -> str | None:
    """What ``word`` (a verb, a tile, a block, a street, a token's value) means in this
    game's moves; None for a word the game does not use."""
    data = type(game).static_data(**game.options)
    values = data["tokens"]["values"]
    if word.lstrip("$").isdigit() and int(word.lstrip("$")) in values:
        return (
            f"{word.lstrip('$')}: the ${word.lstrip('$')} bonus token; in build TILE BLOCK "
            f"{word.lstrip('$')} it is the won token you pay (it leaves the game) to build "
            "over your own tile."
        )
    return glossary(game).get(key(word))
