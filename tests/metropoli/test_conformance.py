"""The core contract (check_game, a hypothesis state machine) and whole-game properties."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import settings

from common import Action, GameRandom, InvalidOption, RandomBot, play
from common.testing import check_game, make_state_machine
from metropoli import (
    Bid,
    Build,
    Cash,
    FreeBlock,
    Give,
    GoTo,
    HeuristicBot,
    Metropoli,
    Offer,
    Raise,
    Roll,
    Sell,
    Send,
    Steps,
    Take,
    load,
    new_game,
    reference,
)
from metropoli.data import BLOCK_SUPPLY, BOARD, START_CASH, load_cards_file
from metropoli.events import Payment
from metropoli.render import render_text


def test_check_game_random_games() -> None:
    games = check_game(lambda s: new_game(players=3 + s % 4, seed=s), games=4, deep_games=1)
    assert all(g.is_over for g in games)


TestMetropoliMachine = make_state_machine(lambda s: new_game(players=3 + s % 4, seed=s)).TestCase
TestMetropoliMachine.settings = settings(max_examples=10, stateful_step_count=150, deadline=None)


def _random_game(seed: int, players: int = 4) -> Metropoli:
    g = new_game(players=players, seed=seed)
    play(g, [RandomBot(seed * 10 + k) for k in range(players)])
    return g


@pytest.mark.parametrize("seed", range(12))
def test_money_is_conserved_and_the_bank_is_the_only_source_and_sink(seed: int) -> None:
    g = _random_game(seed, players=3 + seed % 4)
    net = [0] * g.num_players
    for e in g.events:
        if isinstance(e, Payment):
            assert e.amount > 0 and e.payer != e.payee
            if e.payer is not None:
                net[e.payer] -= e.amount
            if e.payee is not None:
                net[e.payee] += e.amount
    assert [START_CASH + x for x in net] == g.s.cash  # every dollar that moved is an event
    assert all(c >= 0 for c in g.s.cash)


def test_blocks_never_exceed_the_supply_of_80() -> None:
    for seed in range(6):
        g = new_game(players=4, seed=seed)
        bots = [RandomBot(seed + k) for k in range(4)]
        while not g.is_over:
            if g.chance is not None:
                g.resolve()
            else:
                seat = g.to_act
                assert seat is not None
                g.apply(bots[seat].choose(g, seat))
            assert sum(g.s.heights) + g.s.blocks_left == BLOCK_SUPPLY
            assert g.s.blocks_left >= 0
            assert all(h <= 5 for h in g.s.heights)


def test_heuristic_bot_beats_random_bots_in_four_player_games() -> None:
    n = 200
    wins = 0
    for seed in range(n):
        g = new_game(players=4, seed=seed)
        h = seed % 4
        bots = [HeuristicBot(seed) if k == h else RandomBot(seed * 10 + k) for k in range(4)]
        if h in play(g, bots).winners:
            wins += 1
    assert wins / n >= 0.7


def test_heuristic_games_end_through_the_final_phase() -> None:
    g = new_game(players=4, seed=3)
    result = play(g, [HeuristicBot(k) for k in range(4)])
    assert g.s.final and result.winners


def test_save_load_and_clone_continue_alike() -> None:
    g = new_game(players=4, seed=9)
    rng = GameRandom(1)
    for _ in range(150):
        if g.is_over:
            break
        if g.chance is not None:
            g.resolve()
        else:
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
    text = g.to_json()
    again = load(text)
    assert again.to_json() == text
    assert again.view(0) == g.view(0)
    twin = g.clone()
    assert twin.to_json() == text


def test_render_text_shows_track_districts_and_players() -> None:
    g = new_game(players=3, seed=2, first_round_borsa=True)
    while g.chance is not None:
        g.resolve()
    g.s.heights[0], g.s.roof[0] = 2, 1
    text = render_text(g, None)
    assert " 0 La Borsa" in text and "20 L'Autostrada (exit dice)" in text
    assert " 1 Washington (brown)" in text
    assert " Wilson     0:2 S1" in text  # area 0, between Washington and Wilson
    assert " 3 Player 3: $5,000,000, on La Borsa (0)" in text


def test_cards_option_replaces_the_deck() -> None:
    cards = [
        {"id": "bonus", "text": "Collect $1", "effect": "collect", "amount": 1},
        {"id": "fine", "text": "Pay $1", "effect": "pay", "amount": 1},
    ]
    g = new_game(players=3, seed=4, cards=cards)
    while g.chance is not None:
        g.resolve()
    assert sorted(g.s.deck) == ["bonus", "fine"]
    assert g.to_act is not None and g.legal_actions()[0] == Roll()
    again = load(g.to_json())
    assert again.to_json() == g.to_json()


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([], "non-empty list"),
        ([{"id": "x", "effect": "fly"}], "unknown effect 'fly'"),
        ([{"id": "x y", "effect": "pay"}], "without spaces"),
        ([{"id": "x", "effect": "pay"}, {"id": "x", "effect": "pay"}], "used twice"),
        ([{"id": "x", "effect": "go_to", "amount": 40}], "space 0..39"),
        ([{"id": "x", "effect": "pay", "colour": 1}], "unknown field"),
    ],
)
def test_bad_card_decks_are_invalid_options(cards: object, message: str) -> None:
    with pytest.raises(InvalidOption, match=message):
        new_game(players=3, cards=cards)


def test_cards_file_is_validated(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"cards": [{"id": "a", "effect": "collect", "amount": 5}]}))
    assert load_cards_file(str(good))[0]["id"] == "a"
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(InvalidOption, match="cannot read"):
        load_cards_file(str(bad))


def test_board_reconstruction_shape() -> None:
    # ruling MI-2 and MI-5: 24 streets in 8 neighbourhoods, 4 bridges, 36 areas
    assert len(BOARD.streets) == 24 and len(BOARD.bridges) == 4
    assert all(len(s) == 3 for s in BOARD.hood_streets)
    assert all(len(BOARD.street_areas[s]) == 3 for s in BOARD.streets)
    for a, pair in enumerate(BOARD.area_streets):
        h0, h1 = (BOARD.hood_of[x] for x in pair)
        assert h0 != h1
        assert BOARD.hood_district[h0 or 0] == BOARD.area_district[a]


def test_fast_is_legal_agrees_with_legal_actions() -> None:
    seen: list[Action] = []
    odd: list[Action] = [
        Build(36),
        Build(-1),
        GoTo(2),
        FreeBlock(40),
        Sell(2),
        Steps(0),
        Steps(41),
        Bid(1),
        Bid(60_000),
        Bid(350_000),
        Raise(2_000_000),
    ]
    odd += [Offer(0), Offer(9), Give(2), Take(1), Cash(0), Cash(-1), Cash(100_000), Send()]
    odd += [Cash(130_000), Cash(-70_000), Cash(5_000), Cash(9_990_000)]
    for seed in range(4):
        g = new_game(players=4, seed=seed)
        rng = GameRandom(seed)
        while not g.is_over:
            if g.chance is not None:
                g.resolve()
                continue
            legal = g.legal_actions()
            for a in legal:
                assert g.is_legal(a)
            for a in odd + seen[-40:]:
                assert g.is_legal(a) == reference.is_legal(g, a), (g.s.phase, a)
            action = legal[rng.randrange(len(legal))]
            seen.append(action)
            g.apply(action)


def test_views_fit_the_state_schema_through_a_game() -> None:
    from common.schema import SchemaChecker

    checker = SchemaChecker(Metropoli)
    g = new_game(players=5, seed=11)
    bots = [RandomBot(k) for k in range(5)]
    step = 0
    while not g.is_over:
        if step % 7 == 0:
            for seat in (None, 0, 3):
                assert checker.errors("view", g.view(seat)) == []
        step += 1
        if g.chance is not None:
            g.resolve()
        else:
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].choose(g, seat))
    assert checker.errors("view", g.view(None)) == []
