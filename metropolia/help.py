"""Help for every word of Metropolia's moves: the verbs, the cards, the landmarks, the numbers.

``explain(game, word)`` answers the terminal's ``help WORD``. A card's answer gives the die
numbers that activate it, its cost, its colour and what it does, all from the static data
of the game's rule options (``data.static_data``: the card table of ruling MK-1, the
landmarks of MK-2); the verbs' answers are the actions' own descriptions.
"""

from __future__ import annotations

from typing import Any

from common.glossary import add, key, verbs_help
from common.words import in_words
from metropolia.words import COLOURS, coins

#: what a number means in each move it appears in (the roll's dice, an opponent)
NUMBERS = (
    "in roll N, N is how many dice to roll (2 only with the Train Station built); in take N "
    "(TV Station) and swap CARD N CARD (Business Center), N is the opponent's player number"
)
#: the seat words of the verbs, as a player types them (their JSON fields say seat indices)
VERBS = {
    "take": "take N: with your TV Station, take its coins from the opponent whose player "
    "number is N (5 coins, or all they hold); asked after a 6 activates it.",
    "swap": "swap GIVE N TAKE: with your Business Center, give your establishment GIVE to "
    "the opponent whose player number is N and take their establishment TAKE in return "
    "(green, blue or red ones, not purple); pass makes no swap.",
}


def _rolls(rolls: list[int]) -> str:
    if len(rolls) == 1:
        return f"a roll of {rolls[0]}"
    return f"a roll of {in_words([str(r) for r in rolls], 'or')}"


def _card(c: dict[str, Any]) -> str:
    port = "; needs the Port" if c["needs_port"] else ""
    plus = " (Metropolia Plus)" if c["edition"] == "plus" else ""
    polish = f", in Polish {c['polish']}" if c.get("polish") else ""
    return (
        f"{c['id']} = {c['name']}{polish}: a {c['colour']} establishment{plus}, activated by "
        f"{_rolls(c['rolls'])}; costs {coins(c['cost'])}; {c['icon']} icon; "
        f"{c['copies']} in the supply{port}. {c['effect']} "
        f"(A {c['colour']} card {COLOURS[c['colour']]}.)"
    )


def _landmark(m: dict[str, Any], total: int) -> str:
    plus = " (Metropolia Plus)" if m["edition"] == "plus" else ""
    polish = f", in Polish {m['polish']}" if m.get("polish") else ""
    return (
        f"{m['id']} = {m['name']}{polish}: a landmark{plus}; costs {coins(m['cost'])}. "
        f"{m['effect']} The first player to build all {total} landmarks wins."
    )


def glossary(game: Any) -> dict[str, str]:
    """Every word of this game's moves with its help, by ``glossary.key``."""
    data = type(game).static_data(**game.options)
    out = {key(w): text for w, text in verbs_help(game.actions.by_word.values()).items()}
    out.update((key(w), text) for w, text in VERBS.items())
    for c in data["cards"]:
        add(out, c["id"], _card(c))
        add(out, c["name"], _card(c))
    total = data["landmarks_to_win"]
    for m in data["landmarks"]:
        add(out, m["id"], _landmark(m, total))
        add(out, m["name"], _landmark(m, total))
    for p in data["properties"]:
        said = (
            f"{p['id']} = {p['name']}: a starting property of Metropolia Plus, not a "
            f"landmark. {p['effect']}"
        )
        add(out, p["id"], said)
        add(out, p["name"], said)
    for colour, says in data["colours"].items():
        cards = [c["name"] for c in data["cards"] if c["colour"] == colour]
        out[key(colour)] = f"{colour}: a {colour} card {says}. The {colour} cards: " + (
            in_words(cards, "and") + "."
        )
    for icon, carriers in data["icons"].items():
        names = [c["name"] for c in data["cards"] if c["id"] in carriers]
        out.setdefault(key(icon), f"{icon}: the icon of {in_words(names, 'and')}.")
    return out


def explain(game: Any, word: str) -> str | None:
    """What ``word`` (a verb, a card or landmark by id or name, a colour, a number) means in
    this game's moves; None for a word the game does not use."""
    if word.isdigit():
        return f"{word}: {NUMBERS}."
    return glossary(game).get(key(word))
