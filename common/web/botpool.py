"""Bot decisions off the event loop: a few worker threads, the games served in turn, within a
CPU budget.

A decision waits in the queue of the address that made its game; the queues take turns, so
a stranger with twenty busy games gets one decision in for each of another's. The bots of all
games together may use ``cpu`` of one core on average: past it the next decision waits, and
the event loop (every human's answers) keeps the rest.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


class BotPool:
    """Runs bot decisions in ``workers`` threads, the addresses' queues in turn, the bots of
    all games within ``cpu`` of one core."""

    def __init__(self, workers: int = 1, cpu: float = 0.5, burst: float = 2.0) -> None:
        if workers < 1:
            raise ValueError(f"bot workers must be at least 1, got {workers}")
        if not 0 < cpu <= workers:
            raise ValueError(f"the bots' CPU share must be above 0 and at most {workers}")
        self.workers = workers
        self.cpu = cpu
        self._executor: ThreadPoolExecutor | None = None
        self._queues: dict[str, deque[tuple[Callable[[], Any], asyncio.Future[Any]]]] = {}
        self._turns: deque[str] = deque()
        self._running = 0
        #: the CPU seconds the bots may use at once after a quiet spell (then ``cpu`` a second)
        self.burst = burst
        self._credit = burst
        self._at = time.monotonic()
        self._wake: asyncio.TimerHandle | None = None
        #: the CPU seconds bot decisions have used (for /health and the tests)
        self.used = 0.0
        self.decided = 0

    @property
    def busy(self) -> int:
        """Decisions under way in the workers."""
        return self._running

    @property
    def waiting(self) -> int:
        """Decisions queued and not yet started."""
        return sum(len(q) for q in self._queues.values())

    async def run(self, owner: str, decide: Callable[[], T]) -> T:
        """``decide()`` in a worker thread, in ``owner``'s turn; its result or its error."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        queue = self._queues.get(owner)
        if queue is None:
            queue = self._queues[owner] = deque()
            self._turns.append(owner)
        queue.append((decide, future))
        self._pump()
        return await future

    def _pump(self) -> None:
        """Start queued decisions while a worker is free and the budget allows."""
        loop = asyncio.get_running_loop()
        while self._running < self.workers and self._turns:
            now = time.monotonic()
            self._credit = min(self.burst, self._credit + (now - self._at) * self.cpu)
            self._at = now
            if self._credit <= 0:
                if self._wake is None:
                    self._wake = loop.call_later(-self._credit / self.cpu, self._woken)
                return
            owner = self._turns.popleft()
            queue = self._queues[owner]
            decide, future = queue.popleft()
            if queue:
                self._turns.append(owner)  # its next decision waits for the others' turns
            else:
                del self._queues[owner]
            if future.cancelled():  # its game was left while it waited
                continue
            self._running += 1
            if self._executor is None:
                self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="metro-bot")
            done = loop.run_in_executor(self._executor, _timed, decide)
            done.add_done_callback(functools.partial(self._finished, future=future))

    def _woken(self) -> None:
        self._wake = None
        self._pump()

    def _finished(
        self, done: asyncio.Future[tuple[Any, Exception | None, float]], *, future: Any
    ) -> None:
        self._running -= 1
        result, error, spent = done.result()
        if not future.cancelled():
            if error is not None:
                future.set_exception(error)
            else:
                future.set_result(result)
        self._credit -= spent
        self.used += spent
        self.decided += 1
        self._pump()

    def close(self) -> None:
        """Let the worker threads go (a decision under way finishes on its own)."""
        if self._wake is not None:
            self._wake.cancel()
        for queue in self._queues.values():
            for _, future in queue:
                future.cancel()
        self._queues.clear()
        self._turns.clear()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)


def _timed(decide: Callable[[], T]) -> tuple[T | None, Exception | None, float]:
    """``decide()``'s result or error, and the CPU seconds this thread spent on it."""
    start = time.thread_time()
    try:
        result = decide()
    except Exception as exc:  # handed to the waiting game, as the error of its step
        return None, exc, time.thread_time() - start
    return result, None, time.thread_time() - start
