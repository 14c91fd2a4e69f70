"""Unit tests of the core's pieces: errors, seats, chance, codec, actions, the event log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from common import (
    Action,
    ActionSet,
    Dice,
    Draw,
    EventLog,
    Game,
    GameStarted,
    IllegalAction,
    InvalidOption,
    InvalidSave,
    MetroError,
    Shuffle,
    clockwise,
    counter_clockwise,
    rng,
)
from common.chance import draw_request
from common.codec import CodecError
from common.rng import (
    GameRandom,
    chance_card,
    chance_dice,
    chance_drawn,
    chance_random,
    chance_stream,
)


def test_errors_are_metro_errors_and_value_errors() -> None:
    for cls in (IllegalAction, InvalidOption, InvalidSave):
        assert issubclass(cls, MetroError)
        assert issubclass(cls, ValueError)


def test_clockwise_and_counter_clockwise_walks() -> None:
    assert list(clockwise(2, 4)) == [2, 3, 0, 1]
    assert list(counter_clockwise(2, 4)) == [2, 1, 0, 3]
    assert list(counter_clockwise(0, 3, include_start=False)) == [2, 1]


def test_dice_outcome_must_be_ints_1_to_6_of_the_right_count() -> None:
    d = Dice(2)
    assert d.validate((1, 6)) == (1, 6)
    assert d.validate([3, 4]) == (3, 4)
    for bad in [(1,), (1, 2, 3), (0, 3), (7, 1), (True, 2), ("1", 2), 5, None]:
        with pytest.raises(IllegalAction, match="dice 2"):
            d.validate(bad)


def test_draw_outcome_must_name_cards_still_in_the_deck() -> None:
    d = Draw("lots", (10, 11, 11), count=2)
    assert d.validate((11, 11)) == (11, 11)
    with pytest.raises(IllegalAction, match="not in deck 'lots'"):
        d.validate((10, 10))
    with pytest.raises(IllegalAction, match="needs 2 card"):
        d.validate((10,))


def test_shuffle_outcome_must_be_a_permutation() -> None:
    s = Shuffle("market", ("a", "b", "b"))
    assert s.validate(("b", "a", "b")) == ("b", "a", "b")
    with pytest.raises(IllegalAction, match="ordering"):
        s.validate(("a", "b"))


def test_chance_random_is_a_seeded_random_random_independent_of_global_state() -> None:
    import random

    first = [chance_random(7, k).randint(1, 6) for k in range(20)]
    random.seed(1)
    assert [chance_random(7, k).randint(1, 6) for k in range(20)] == first
    assert isinstance(GameRandom(3), random.Random)
    counts = [0] * 6
    rng = GameRandom(11)
    for _ in range(6000):
        counts[rng.randint(1, 6) - 1] += 1
    assert all(800 < c < 1200 for c in counts)


@settings(max_examples=300, deadline=None)
@given(seed=st.one_of(st.integers(-(2**80), 2**80), st.none(), st.text(max_size=5)))
def test_a_bot_generator_is_the_librarys_twister(seed: int | str | None) -> None:
    # issue 8: BotRandom seeds an int without random.Random's Python layers; same stream
    import random

    from common.rng import BotRandom

    bot = BotRandom(seed)
    assert bot.gauss_next is None
    if seed is None:
        return  # seeded from the OS: nothing to compare
    lib = random.Random(seed)
    assert bot.getstate() == lib.getstate()
    assert [bot.random() for _ in range(3)] == [lib.random() for _ in range(3)]


@given(
    seed=st.integers(0, 2**63 - 1),
    k=st.integers(0, 10_000),
    n=st.integers(1, 200),
)
def test_a_one_card_draw_is_the_generators_draw(seed: int, k: int, n: int) -> None:
    # issue 8: one-card draws skip making the generator; the card must be the one it draws
    cards = tuple(range(n))
    assert (chance_card(seed, k, n),) == Draw("d", cards).draw(chance_stream(seed, k))


@given(seed=st.integers(0, 2**63 - 1), k=st.integers(0, 10_000), count=st.integers(1, 5))
def test_the_dice_are_the_base_6_digits_of_one_mixed_number(seed: int, k: int, count: int) -> None:
    # ruling CORE-6, read plainly: the fast path unrolls the usual one and two dice
    v = (rng._mix(rng._outcome_key(seed, k)) * 6**count) >> 64
    digits = []
    for _ in range(count):
        v, d = divmod(v, 6)
        digits.append(d + 1)
    assert chance_dice(seed, k, count) == tuple(digits)


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**63 - 1),
    k=st.integers(0, 10_000),
    n=st.integers(1, 120),
    data=st.data(),
)
def test_chance_drawn_is_the_generators_draw(
    seed: int, k: int, n: int, data: st.DataObject
) -> None:
    # issue 8: shuffles and draws skip making the generator; same cards, same order
    count = data.draw(st.integers(1, n))
    cards = tuple(range(n))
    assert chance_drawn(seed, k, cards, count) == chance_stream(seed, k).drawn(cards, count)
    assert chance_drawn(seed, k, cards, n) == Shuffle("d", cards).draw(chance_stream(seed, k))


@attrs.frozen
class Bid(Action):
    amount: int


@attrs.frozen
class Swap(Action):
    give: str
    take: str | None
    seats: tuple[int, ...]
    mode: Literal["fast", "slow"] = "fast"
    sure: bool = False


def test_action_text_and_json_forms_round_trip() -> None:
    actions = ActionSet([Bid, Swap])
    a = Swap("cafe", None, (1, 2), "slow", True)
    assert str(a) == "swap cafe - 1,2 slow yes"
    assert actions.parse(str(a)) == a
    assert actions.parse(a.to_json()) == a
    assert str(Bid(150000)) == "bid 150000"
    assert actions.parse("bid 150000") == Bid(150000)


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        ({"type": "Bid"}, "missing field"),
        ({"type": "Bid", "amount": 1, "x": 2}, "unknown field"),
        ({"type": "Bid", "amount": "1"}, "expected an integer"),
        ({"type": "Bid", "amount": True}, "expected an integer"),
        ({"type": "Nope"}, "unknown type 'Nope'; allowed: Bid, Swap"),
        ("fly 3", "unknown action 'fly'"),
        ("bid", "takes 1 value"),
        ("bid x", "bid amount"),
        ([1, 2], "expected an object"),
    ],
)
def test_malformed_actions_raise_illegal_action_saying_what_is_wrong(
    bad: object, says: str
) -> None:
    with pytest.raises(IllegalAction, match=says):
        ActionSet([Bid, Swap]).parse(bad)


def test_codec_rejects_wrong_types_in_nested_fields() -> None:
    with pytest.raises(CodecError, match=r"seats\[1\]"):
        Swap.from_json(
            {
                "type": "Swap",
                "give": "a",
                "take": None,
                "seats": [1, "2"],
                "mode": "fast",
                "sure": False,
            }
        )
    with pytest.raises(CodecError, match="one of"):
        Swap.from_json(
            {
                "type": "Swap",
                "give": "a",
                "take": None,
                "seats": [],
                "mode": "medium",
                "sure": False,
            }
        )


def test_json_schema_describes_the_record() -> None:
    schema = Swap.json_schema()
    assert schema["required"] == ["type", "give", "take", "seats", "mode", "sure"]
    assert schema["properties"]["seats"] == {"type": "array", "items": {"type": "integer"}}
    assert schema["properties"]["mode"] == {"enum": ["fast", "slow"]}


def test_event_log_fork_shares_the_prefix_and_diverges_independently() -> None:
    log = EventLog()
    start = GameStarted("x", ("a", "b"), 1, {})
    log.append(start)
    fork = log.fork()
    log.append(GameStarted("y", ("a", "b"), 2, {}))
    fork.append(GameStarted("z", ("a", "b"), 3, {}))
    assert [e.game for e in log] == ["x", "y"]  # type: ignore[attr-defined]
    assert [e.game for e in fork] == ["x", "z"]  # type: ignore[attr-defined]
    assert log[-1].game == "y"  # type: ignore[attr-defined]
    with pytest.raises(IndexError):
        log[2]


@settings(max_examples=100, deadline=None)
@given(
    deck=st.text(max_size=8),
    cards=st.lists(st.integers(0, 99) | st.text(max_size=3), max_size=10).map(tuple),
    count=st.integers(0, 12),
    visible_to=st.none() | st.lists(st.integers(0, 5), max_size=3).map(tuple),
)
def test_draw_request_is_the_draw_its_init_makes(
    deck: str, cards: tuple[int | str, ...], count: int, visible_to: tuple[int, ...] | None
) -> None:
    # issue 8: draw_request sets Draw's slots directly; it must make the very record the
    # attrs __init__ makes, and Draw must have no field, default or check it would skip
    assert [(f.name, f.validator, f.converter) for f in attrs.fields(Draw)] == [
        ("deck", None, None),
        ("cards", None, None),
        ("count", None, None),
        ("visible_to", None, None),
    ]
    assert not hasattr(Draw, "__attrs_post_init__")
    fast, made = draw_request(deck, cards, count, visible_to), Draw(deck, cards, count, visible_to)
    assert type(fast) is Draw
    assert fast == made and hash(fast) == hash(made) and repr(fast) == repr(made)
    assert attrs.asdict(fast) == attrs.asdict(made)
    assert draw_request(deck, cards) == Draw(deck, cards)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        fast.count = 2  # type: ignore[misc]


@settings(max_examples=200, deadline=None)
@given(
    steps=st.lists(
        st.tuples(st.sampled_from(["append", "record", "fork", "read"]), st.integers(0, 99)),
        max_size=40,
    )
)
def test_forked_logs_read_as_independent_lists(steps: list[tuple[str, int]]) -> None:
    # issue 8: a log that shares nothing appends with one list.append, and forks share
    # their list until each appends (the first in place, the others copying): whatever the
    # order of forks, appends and reads, every log reads as a list of its own would
    logs = [EventLog()]
    models: list[list[str]] = [[]]
    for n, (step, pick) in enumerate(steps):
        k = pick % len(logs)
        if step == "fork":
            logs.append(logs[k].fork())
            models.append(list(models[k]))
        elif step == "read":
            assert [e.game for e in logs[k]] == models[k]  # type: ignore[attr-defined]
            assert len(logs[k]) == len(models[k])
            if models[k]:
                assert logs[k][-1].game == models[k][-1]  # type: ignore[attr-defined]
                assert [e.game for e in logs[k].since(0)] == models[k]  # type: ignore[attr-defined]
        else:
            name = f"g{n}"
            if step == "append":
                logs[k].append(GameStarted(name, ("a", "b"), n, {}))
            else:
                logs[k].record(GameStarted, name, ("a", "b"), n, {})
            models[k].append(name)
    for log, model in zip(logs, models, strict=True):
        assert [e.game for e in log] == model  # type: ignore[attr-defined]
        assert len(log) == len(model)


def test_play_with_a_picking_bot_equals_play_with_choose() -> None:
    from common import RandomBot, play
    from tests.common.toygame import Race

    class ChoosingOnly:
        """A RandomBot seen without its pick(): play() must go through choose()."""

        def __init__(self, seed: int) -> None:
            self.bot = RandomBot(seed)

        def choose(self, game: Game, seat: int) -> Action:
            return self.bot.choose(game, seat)

    class PickingSubclass(RandomBot):
        """RandomBot's pick() reached through a call: play() must not read it inline."""

        def pick(self, game: Game, seat: int, legal: Sequence[Action]) -> int:
            return super().pick(game, seat, legal)

    for seed in range(5):
        a = Race(players=3, seed=seed)
        b = Race(players=3, seed=seed)
        c = Race(players=3, seed=seed)
        play(a, [RandomBot(seed + s) for s in range(3)])
        play(b, [ChoosingOnly(seed + s) for s in range(3)])
        play(c, [PickingSubclass(seed + s) for s in range(3)])
        assert a.to_json() == b.to_json() == c.to_json()
        # bots given by seat in a mapping, in any order, play the same game
        d = Race(players=3, seed=seed)
        play(d, {s: RandomBot(seed + s) for s in (2, 0, 1)})
        assert d.to_json() == a.to_json()
    # a seat without a bot is a KeyError when it is first asked
    with pytest.raises(KeyError):
        play(Race(players=3, seed=0), {0: RandomBot(0), 1: RandomBot(1)})
