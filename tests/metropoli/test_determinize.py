"""Search bots see the Metropoli deck only as players do: unread cards reshuffled (MI-8)."""

from __future__ import annotations

from common import RandomBot, advance
from common.rng import BotRandom
from metropoli import Metropoli, new_game
from metropoli.events import CardRead


def _game_with_some_cards_read(seed: int) -> tuple[Metropoli, int]:
    g = new_game(players=3, seed=seed)
    bots = [RandomBot(seed + s) for s in range(3)]
    while not g.is_over:
        advance(g, bots, 1)
        read = sum(1 for e in g.events if isinstance(e, CardRead))
        if read >= 1 and g.chance is None:
            return g, read
    raise AssertionError("no card read in a whole game")


def test_determinize_reshuffles_only_the_unread_cards() -> None:
    for seed in (1, 2, 3):
        g, read = _game_with_some_cards_read(seed)
        deck = list(g.s.deck)
        unseen = len(deck) - read
        orders = set()
        for k in range(20):
            d = g.determinize(0, BotRandom(k))
            other = d.s.deck
            assert other[unseen:] == deck[unseen:]  # the read cards, as everybody saw them
            assert sorted(other[:unseen]) == sorted(deck[:unseen])
            assert d.view(0) == g.view(0)
            assert d.invariants() == []
            orders.add(tuple(other[:unseen]))
        assert len(orders) > 1  # the unread order really is redrawn
        assert g.s.deck == deck  # the game itself is untouched


def test_determinize_keeps_the_deck_once_every_card_has_been_read() -> None:
    g, _ = _game_with_some_cards_read(1)
    size = len(g.s.deck)
    g.__dict__["_seen_cache"] = (g.events, len(g.events), size)
    d = g.determinize(0, BotRandom(3))
    assert d.s.deck == g.s.deck
