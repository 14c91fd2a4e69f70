"""``metro <game> bench`` and ``metro bench``: random self-play speed, clone, save and load."""

from __future__ import annotations

import math
import platform
import sys
import time

import click

from common import speed
from common.cli import options as O
from common.events import ActionTaken, ChanceResolved
from common.game import Game, replay_into
from common.registry import GameInfo, games, get, load
from common.simulation import timed


def run_bench(
    info: GameInfo,
    n: int,
    players: int | None,
    seed: int,
    options: tuple[str, ...],
    repeat: int = 3,
) -> None:
    """Time ``repeat`` batches of ``n`` random games (after a warm-up) and print the figures."""
    O.new_game(info, players, seed, options)  # a bad option: one line, before any batch
    parsed = O.parse_options(options)
    # a bar on stderr, moved only between the timed batches (never inside one)
    steps = 2 + 2 * repeat + 1 + 3
    with click.progressbar(length=steps, label=f"bench {info.name}", file=sys.stderr) as bar:
        speed.warm_up(info, n, players, seed, parsed)
        bar.update(1)
        before = speed.loop_rate()
        elapsed = cpu = math.inf
        rates = []
        # the batch ``repeat`` times, the fastest kept (as timeit does): a shared machine
        # only slows; each run's rate is shown too, so a run in a slow spell shows up
        for _ in range(repeat):
            start = time.perf_counter()
            cpu_start = time.process_time()
            actions, outcomes, first = speed.random_batch(info, n, players, seed, parsed)
            took = time.perf_counter() - start
            rates.append(actions / took)
            elapsed = min(elapsed, took)
            cpu = min(cpu, time.process_time() - cpu_start)
            bar.update(1)
        after = speed.loop_rate()
        bar.update(1)
        # the same games through the public contract, as a user's loop plays them
        public = math.inf
        public_actions = 0
        for _ in range(repeat):
            start = time.perf_counter()
            # its own count: random.Random's choices play other games, of other lengths
            public_actions = speed.public_batch(info, n, players, seed, parsed)[0]
            public = min(public, time.perf_counter() - start)
            bar.update(1)
        read_start = time.perf_counter()
        speed.random_batch(info, n, players, seed, parsed, read_log=True)
        read_elapsed = time.perf_counter() - read_start
        bar.update(1)
        # a mid-game position to copy: replay half of the first game's log
        mid_n = max(1, len(first.events) // 2)
        events = list(first.events)
        mid = replay_into(type(first), events[:mid_n]) if _prefix_ok(first, mid_n) else first
        clone_s = timed(mid.clone)
        bar.update(1)
        text = mid.to_json()
        save_s = timed(mid.to_json)
        bar.update(1)
        load_s = timed(lambda: load(text))
        bar.update(1)
    click.echo(
        f"{info.name}: python {platform.python_version()} "
        f"({platform.python_implementation()}), {platform.machine()}"
    )
    click.echo(
        f"  random self-play: {n / elapsed:,.1f} games/s, {actions / elapsed:,.0f} "
        f"actions/s ({n} games, {actions} actions, {elapsed:.2f} s, fastest of {repeat} "
        f"run{'s' if repeat > 1 else ''}; CPU {actions / cpu:,.0f} actions/s)"
    )
    click.echo(f"  each run: {', '.join(f'{r:,.0f}' for r in rates)} actions/s")
    click.echo(
        f"  through the public contract (legal_actions, random.Random.choice, apply): "
        f"{public_actions / public:,.0f} actions/s, "
        f"{public / public_actions / (elapsed / actions):.2f} times play()'s time a decision"
    )
    click.echo(f"  (actions are decisions; the games also settled {outcomes} chance outcomes)")
    click.echo(
        f"  machine speed: a fixed pure-Python loop ran {before:.1f} M iterations/s before "
        f"the batches and {after:.1f} M after (compare runs at like speeds)"
    )
    click.echo(
        f"  with every event built and read: {n / read_elapsed:,.1f} games/s, "
        f"{actions / read_elapsed:,.0f} actions/s"
    )
    click.echo(f"  clone (mid-game): {clone_s * 1e6:,.1f} us")
    click.echo(
        f"  save: {save_s * 1e3:,.3f} ms; load (replay): {load_s * 1e3:,.3f} ms "
        f"({len(mid.events)} events)"
    )


def _prefix_ok(game: Game, n: int) -> bool:
    """True if the first ``n`` events end where a step (decision or outcome) starts."""
    k = n
    while k < len(game.events) and not isinstance(game.events[k], ActionTaken | ChanceResolved):
        k += 1
    return k == n


def make(info: GameInfo) -> click.Command:
    """The ``bench`` command of ``info``'s game."""

    @click.command("bench")
    @O.games_opt(50, "Games a timed batch.")
    @O.players_opt
    @O.seed_opt
    @O.options_with_flags(info)
    @O.repeat_opt
    def bench_cmd(
        games: int,
        players: int | None,
        seed: int | None,
        options: tuple[str, ...],
        repeat: int,
    ) -> None:
        """Measure random self-play speed, clone and save/load times on this machine."""
        run_bench(info, games, players, seed if seed is not None else 1, options, repeat)

    return bench_cmd


def make_top() -> click.Command:
    """``metro bench [GAME]``: the figures of every game, or of one."""

    @click.command("bench")
    @click.argument("game", required=False)
    @click.option(
        "--games",
        "-n",
        "n_games",
        type=click.IntRange(min=1),
        default=100,
        show_default=True,
        help="Games a timed batch.",
    )
    @click.option("--seed", "-s", type=int, default=1, show_default=True)
    @O.repeat_opt
    def bench_all(game: str | None, n_games: int, seed: int, repeat: int) -> None:
        """Measure every game (or one): games/s, actions/s, clone, save and load times."""
        names = [game] if game else list(games())
        infos = []
        for name in names:  # every name checked before any batch is timed
            try:
                infos.append(get(name))
            except KeyError as exc:
                raise click.UsageError(str(exc.args[0])) from exc
        for info in infos:
            run_bench(info, n_games, None, seed, (), repeat)

    return bench_all
