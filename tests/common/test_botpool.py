"""The bots' pool of metro web: decisions off the event loop, the addresses in turn, within
a CPU budget."""

from __future__ import annotations

import asyncio
import functools
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import pytest

from common.web.botpool import BotPool

T = TypeVar("T")


def _run(main: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``asyncio.run(main())`` in a thread of its own: a test session may hold a running loop
    in this thread (Playwright's sync API does)."""
    out: list[T] = []
    errors: list[BaseException] = []

    def go() -> None:
        try:
            out.append(asyncio.run(main()))
        except BaseException as exc:  # handed to the test's own thread
            errors.append(exc)

    thread = threading.Thread(target=go)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return out[0]


def _burn(seconds: float) -> float:
    """Spend ``seconds`` of this thread's CPU time; the CPU time spent."""
    start = time.thread_time()
    while time.thread_time() - start < seconds:
        pass
    return time.thread_time() - start


def test_a_decision_runs_off_the_event_loop_and_gives_back_its_result_or_its_error() -> None:
    async def main() -> None:
        pool = BotPool(workers=1, cpu=1.0)
        loop_thread = threading.get_ident()
        assert await pool.run("a", threading.get_ident) != loop_thread

        def broken() -> int:
            raise ValueError("the bot broke")

        with pytest.raises(ValueError, match="the bot broke"):
            await pool.run("a", broken)
        assert pool.decided == 2
        pool.close()

    _run(main)


def test_a_kind_of_decision_cheaper_than_a_handoff_runs_on_the_loop() -> None:
    async def main() -> None:
        pool = BotPool(workers=1, cpu=1.0, inline=0.001)
        loop_thread = threading.get_ident()
        # a kind's first decision is timed in a worker; once known to be cheap, it runs here
        assert await pool.run("a", threading.get_ident, "game:random") != loop_thread
        assert await pool.run("a", threading.get_ident, "game:random") == loop_thread
        await pool.run("a", functools.partial(_burn, 0.02), "game:mcts")
        assert await pool.run("a", threading.get_ident, "game:mcts") != loop_thread
        assert pool.used >= 0.02 and pool.decided == 4
        pool.close()

    _run(main)


def test_one_address_with_many_games_gets_one_decision_in_for_each_of_anothers() -> None:
    order: list[str] = []

    async def main() -> None:
        pool = BotPool(workers=1, cpu=1.0, burst=100)

        def decide(name: str) -> str:
            order.append(name)
            _burn(0.002)
            return name

        greedy = [pool.run("stranger", functools.partial(decide, f"s{i}")) for i in range(20)]
        tasks = [asyncio.ensure_future(g) for g in greedy]
        await asyncio.sleep(0)  # the stranger's twenty wait before the other's one
        mine = asyncio.ensure_future(pool.run("player", lambda: decide("p")))
        await asyncio.gather(*tasks, mine)
        pool.close()

    _run(main)
    # the first of the stranger's had started; the player's comes next but one at the latest
    assert order.index("p") <= 2, order


def test_the_bots_of_all_games_keep_within_their_share_of_a_core() -> None:
    async def main() -> float:
        pool = BotPool(workers=1, cpu=0.25, burst=0.1)
        start = time.monotonic()
        await asyncio.gather(*(pool.run(f"g{i % 3}", lambda: _burn(0.05)) for i in range(10)))
        wall = time.monotonic() - start
        assert pool.used == pytest.approx(0.5, abs=0.1)
        pool.close()
        return wall

    wall = _run(main)
    # 0.5 s of CPU, 0.1 s of it at once and then a quarter of a core, the last decision
    # starting on the last of the credit: at least (0.5 - 0.1 - 0.05) / 0.25 s, not 0.5 s
    assert wall >= 1.35, wall


def test_a_pool_is_refused_a_share_it_cannot_use() -> None:
    with pytest.raises(ValueError, match="at most 1"):
        BotPool(workers=1, cpu=1.5)
    with pytest.raises(ValueError, match="at least 1"):
        BotPool(workers=0, cpu=0.5)
