"""Bot decisions off the event loop: a few worker threads, the games served in turn, within a
CPU budget.

A decision waits in the queue of the address that made its game; the queues take turns, so
a stranger with twenty busy games gets one decision in for each of another's. The bots of all
games together may use ``cpu`` of one core on average: past it the next decision waits, and
the event loop (every human's answers) keeps the rest.

A decision of a kind (a game and a bot) that has taken less than ``inline`` CPU seconds on
average runs at once on the event loop instead: a random move costs microseconds, less than
handing it to a thread and back (which waits for the interpreter's lock while the loop is
busy), and it is counted in the budget all the same.
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

    def __init__(
        self, workers: int = 1, cpu: float = 0.5, burst: float = 2.0, inline: float = 0.0005
    ) -> None:
        if workers < 1:
            raise ValueError(f"bot workers must be at least 1, got {workers}")
        if not 0 < cpu <= workers:
            raise ValueError(f"the bots' CPU share must be above 0 and at most {workers}")
        self.workers = workers
        self.cpu = cpu
        self._executor: ThreadPoolExecutor | None = None
        #: per address, its decisions waiting: (the timed call, its future, its kind)
        self._queues: dict[str, deque[tuple[Callable[[], Any], Any, str | None]]] = {}
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
        #: the average CPU seconds below which a kind of decision runs on the loop
        self.inline = inline
        #: each kind's average CPU seconds a decision (an exponential moving average)
        self._cost: dict[str, float] = {}

    @property
    def busy(self) -> int:
        """Decisions under way in the workers."""
        return self._running

    @property
    def waiting(self) -> int:
        """Decisions queued and not yet started."""
        return sum(len(q) for q in self._queues.values())

    async def run(self, owner: str, decide: Callable[[], T], kind: str | None = None) -> T:
        """``decide()`` in a worker thread, in ``owner``'s turn; its result or its error. A
        ``kind`` of decision known to cost less than ``inline`` runs at once, here."""
        cost = self._cost.get(kind) if kind is not None else None
        if cost is not None and cost < self.inline and self._refill() > 0:
            result, error, spent = _timed(decide)
            self._spent(kind, spent)
            if error is not None:
                raise error
            return result  # type: ignore[return-value]
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        queue = self._queues.get(owner)
        if queue is None:
            queue = self._queues[owner] = deque()
            self._turns.append(owner)
        queue.append((functools.partial(_timed, decide), future, kind))
        self._pump()
        return await future

    def _refill(self) -> float:
        """The budget's credit now (CPU seconds the bots may still use at once)."""
        now = time.monotonic()
        self._credit = min(self.burst, self._credit + (now - self._at) * self.cpu)
        self._at = now
        return self._credit

    def _spent(self, kind: str | None, spent: float) -> None:
        self._credit -= spent
        self.used += spent
        self.decided += 1
        if kind is not None:
            old = self._cost.get(kind)
            self._cost[kind] = spent if old is None else 0.8 * old + 0.2 * spent

    def _pump(self) -> None:
        """Start queued decisions while a worker is free and the budget allows."""
        loop = asyncio.get_running_loop()
        while self._running < self.workers and self._turns:
            credit = self._refill()
            if credit <= 0:
                if self._wake is None:
                    self._wake = loop.call_later(-credit / self.cpu, self._woken)
                return
            owner = self._turns.popleft()
            queue = self._queues[owner]
            job, future, kind = queue.popleft()
            if queue:
                self._turns.append(owner)  # its next decision waits for the others' turns
            else:
                del self._queues[owner]
            if future.cancelled():  # its game was left while it waited
                continue
            self._running += 1
            if self._executor is None:
                self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="metro-bot")
            done = loop.run_in_executor(self._executor, job)
            done.add_done_callback(functools.partial(self._finished, future=future, kind=kind))

    def _woken(self) -> None:
        self._wake = None
        self._pump()

    def _finished(
        self,
        done: asyncio.Future[tuple[Any, Exception | None, float]],
        *,
        future: Any,
        kind: str | None,
    ) -> None:
        self._running -= 1
        result, error, spent = done.result()
        if not future.cancelled():
            if error is not None:
                future.set_exception(error)
            else:
                future.set_result(result)
        self._spent(kind, spent)
        self._pump()

    def close(self) -> None:
        """Let the worker threads go (a decision under way finishes on its own)."""
        if self._wake is not None:
            self._wake.cancel()
        for queue in self._queues.values():
            for _, future, _ in queue:
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
