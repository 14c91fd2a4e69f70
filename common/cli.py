"""The ``metro`` command: ``metro list``, ``metro demo``, ``metro serve`` and, for every
registered game, ``metro <game> demo | play | simulate | replay | bench``."""

from __future__ import annotations

import functools
import json
import math
import platform
import secrets
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from common.bots import RandomBot, advance, play
from common.errors import MetroError
from common.game import Game
from common.registry import GameInfo, games, get, load
from common.simulate import simulate, summarize, timed
from common.speed import public_batch, random_batch


def _parse_options(pairs: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise click.BadParameter(f"expected KEY=VALUE, got {pair!r}", param_hint="--option")
        key, raw = pair.split("=", 1)
        if raw.startswith("@"):  # KEY=@FILE: the value is the JSON held in FILE
            path = Path(raw[1:])
            try:
                out[key] = json.loads(path.read_text())
            except OSError as exc:
                raise click.BadParameter(f"{key}: cannot read {path}: {exc.strerror}") from exc
            except ValueError as exc:
                raise click.BadParameter(f"{key}: {path} is not JSON: {exc}") from exc
            continue
        try:
            out[key] = json.loads(raw)
        except ValueError:
            out[key] = raw
    return out


def _seed(seed: int | None) -> int:
    if seed is None:
        seed = secrets.randbelow(2**31)
        click.echo(f"seed: {seed}", err=True)
    return seed


def _render(info: GameInfo, game: Game, seat: int | None) -> str:
    if info.render_text is not None:
        return info.render_text(game, seat)
    return json.dumps(game.view(seat), indent=2)


def _bot_list(info: GameInfo, bots: str | None, players: int) -> list[str]:
    default = "heuristic" if "heuristic" in info.bots else "random"
    names = [b.strip() for b in (bots or default).split(",") if b.strip()]
    for n in names:
        if n != "human":
            try:
                info.bot_factory(n)
            except (KeyError, ValueError) as exc:
                raise click.BadParameter(str(exc.args[0]), param_hint="--bots") from exc
    return [names[i % len(names)] for i in range(players)]


def _new(info: GameInfo, players: int | None, seed: int, options: tuple[str, ...]) -> Game:
    try:
        return info.new_game(players=players, seed=seed, **_parse_options(options))
    except MetroError as exc:
        raise click.UsageError(str(exc)) from exc


_players_opt = click.option("--players", "-p", type=int, default=None, help="Number of players.")
_seed_opt = click.option("--seed", "-s", type=int, default=None, help="Seed (random if omitted).")
_repeat_opt = click.option(
    "--repeat",
    "-r",
    type=click.IntRange(min=1),
    default=3,
    show_default=True,
    help="Timed runs of the batch; the fastest is reported and every run's rate shown (a "
    "shared machine's speed can change from second to second: more runs, a steadier fastest).",
)
_bots_opt = click.option(
    "--bots", "-b", default=None, help="Comma-separated bots by seat, e.g. heuristic,random."
)
_plain_option_opt = click.option(
    "--option",
    "-o",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="A rule option; the value is read as JSON when it parses, KEY=@FILE reads it from FILE.",
)


def _options_with_flags(info: GameInfo) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``-o KEY=VALUE`` plus the game's own flags (``--chart FILE``) for its rule options."""

    def decorate(f: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(f)
        def run(*args: Any, **kwargs: Any) -> Any:
            extra = []
            for name in info.flags:
                value = kwargs.pop(f"flag_{name}", None)
                if value is not None:
                    prefix = "@" if name in info.file_flags else ""
                    extra.append(f"{name}={prefix}{value}")
            kwargs["options"] = (*kwargs.get("options", ()), *extra)
            return f(*args, **kwargs)

        wrapped: Callable[..., Any] = _plain_option_opt(run)
        for name, help_text in info.flags.items():
            wrapped = click.option(
                f"--{name.replace('_', '-')}",
                f"flag_{name}",
                default=None,
                metavar=name.upper(),
                help=help_text,
            )(wrapped)
        return wrapped

    return decorate


def _run_demo(
    info: GameInfo, players: int | None, seed: int, bots: str | None, options: tuple[str, ...]
) -> None:
    game = _new(info, players, seed, options)
    names = _bot_list(info, bots, game.num_players)
    click.echo(
        f"== {game.title or info.name}: {game.num_players} players, seed {seed}, "
        f"bots {', '.join(names)}"
    )
    bot_objs = [info.bot_factory(n)(seed * 31 + i) for i, n in enumerate(names)]
    result = play(game, bot_objs)
    click.echo(_render(info, game, None))
    winners = ", ".join(game.players[w] for w in result.winners)
    click.echo(
        f"result: scores {list(result.scores)}; winner(s): {winners}; "
        f"{game.decisions} decisions, {len(game.events)} events"
    )


def _game_group(info: GameInfo) -> click.Group:
    cls = info.cls
    _option_opt = _options_with_flags(info)
    opts_help = "; ".join(
        f"{k} (default {o.default!r}{', one of ' + str(list(o.choices)) if o.choices else ''})"
        f": {o.help}"
        for k, o in cls.options_spec.items()
    )
    group = click.Group(
        name=info.name,
        help=f"{cls.title}: {info.description}\n\nOptions (-o KEY=VALUE): {opts_help or 'none'}",
    )

    @group.command("demo")
    @_players_opt
    @_seed_opt
    @_bots_opt
    @_option_opt
    def demo_cmd(
        players: int | None, seed: int | None, bots: str | None, options: tuple[str, ...]
    ) -> None:
        """Play one game between bots and show the final position."""
        _run_demo(info, players, _seed(seed), bots, options)

    @group.command("play")
    @_players_opt
    @_seed_opt
    @click.option(
        "--bots",
        "-b",
        default=None,
        help="Seats in order: 'human' or a bot name, e.g. human,heuristic.",
    )
    @_option_opt
    def play_cmd(
        players: int | None, seed: int | None, bots: str | None, options: tuple[str, ...]
    ) -> None:
        """Play in the terminal: humans type an action's number or its text form."""
        seed = _seed(seed)
        game = _new(info, players, seed, options)
        names = _bot_list(
            info,
            bots or "human," + ("heuristic" if "heuristic" in info.bots else "random"),
            game.num_players,
        )
        bot_objs = {
            i: info.bot_factory(n)(seed * 31 + i) for i, n in enumerate(names) if n != "human"
        }
        humans = [i for i, n in enumerate(names) if n == "human"]
        watcher = humans[0] if len(humans) == 1 else None  # what the table may see
        while not game.is_over:
            if game.chance is not None:
                for e in game.resolve():
                    shown = e.for_seat(watcher)
                    if shown is not None:
                        click.echo(f"  {json.dumps(shown)}")
                continue
            seat = game.to_act
            assert seat is not None
            if seat in bot_objs:
                action = bot_objs[seat].choose(game, seat)
                game.apply(action)
                click.echo(f"  {game.players[seat]} ({names[seat]}): {action}")
                continue
            click.echo(_render(info, game, seat))
            prompt = game.prompt
            legal = game.legal_actions()
            click.echo(f"{game.players[seat]}, {prompt.text if prompt else ''}")
            for i, a in enumerate(legal):
                click.echo(f"  {i}: {a}")
            answer = click.prompt("action (number, text, 'undo', 'save FILE' or 'quit')").strip()
            if answer == "quit":
                return
            if answer == "undo":
                _undo_to_human(game, bot_objs)
                continue
            if answer.startswith("save "):
                Path(answer[5:].strip()).write_text(game.to_json())
                click.echo("saved")
                continue
            try:
                game.apply(legal[int(answer)] if answer.isdigit() else answer, seat=seat)
            except (MetroError, IndexError) as exc:
                click.echo(f"not accepted: {exc}")
        result = game.result()
        click.echo(_render(info, game, None))
        click.echo(
            f"scores {list(result.scores)}; winner(s): "
            f"{', '.join(game.players[w] for w in result.winners)}"
        )

    @group.command("simulate")
    @click.option("--games", "-n", type=int, default=100, show_default=True)
    @_players_opt
    @_seed_opt
    @_bots_opt
    @click.option(
        "--jobs",
        "-j",
        type=int,
        default=1,
        show_default=True,
        help="Processes to use; results equal a serial run.",
    )
    @click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
    @click.option(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="A Dask scheduler to send batches of seeds to (extra [dask]).",
    )
    @_option_opt
    def simulate_cmd(
        games: int,
        players: int | None,
        seed: int | None,
        bots: str | None,
        jobs: int,
        as_json: bool,
        scheduler: str | None,
        options: tuple[str, ...],
    ) -> None:
        """Play many bot games (game i uses seed+i, bots rotate seats) and summarize them."""
        seed = _seed(seed)
        n_players = players or cls.min_players
        probe = _new(info, n_players, seed, options)
        _bot_list(info, bots or "random", probe.num_players)  # checks the names
        given = [b.strip() for b in (bots or "random").split(",") if b.strip()]
        run = functools.partial(
            simulate,
            info.name,
            games=games,
            players=n_players,
            seed=seed,
            bot_names=given,
            options=dict(probe.options),
            jobs=jobs,
            scheduler=scheduler,
        )
        start = time.perf_counter()
        if as_json:
            records = run()
        else:
            with click.progressbar(length=games, label="simulating", file=sys.stderr) as bar:
                records = run(progress=bar.update)
        elapsed = time.perf_counter() - start
        summary = summarize(records, n_players)
        summary.update(
            {
                "game": info.name,
                "players": n_players,
                "seed": seed,
                "bots": given,
                "jobs": jobs,
                "seconds": round(elapsed, 3),
                "games_per_second": round(games / elapsed, 2) if elapsed else None,
            }
        )
        if as_json:
            click.echo(json.dumps(summary, indent=2))
            return
        click.echo(
            f"{info.name}: {games} games, {n_players} players, seed {seed}, "
            f"bots {','.join(given)} (rotating seats), {elapsed:.2f} s"
        )
        click.echo(f"{'bot':<14}{'games':>8}{'wins':>10}{'win rate':>10}")
        for bot in summary["wins_by_bot"]:
            click.echo(
                f"{bot:<14}{summary['games_by_bot'][bot]:>8}"
                f"{summary['wins_by_bot'][bot]:>10}{summary['win_rate_by_bot'][bot]:>10.1%}"
            )
        click.echo(f"{'seat':<14}{'':>8}{'wins':>10}{'win rate':>10}")
        for seat, (w, r) in enumerate(
            zip(summary["wins_by_seat"], summary["win_rate_by_seat"], strict=True)
        ):
            click.echo(f"{seat:<14}{'':>8}{w:>10}{r:>10.1%}")
        click.echo(
            f"mean length {summary['mean_decisions']} decisions (max {summary['max_decisions']})"
        )

    @group.command("replay")
    @click.argument("save_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
    @click.option("--seat", type=int, default=None, help="Show the log as this seat sees it.")
    @click.option("--step", is_flag=True, help="Walk the game: Enter forward, b back, N to seek.")
    def replay_cmd(save_file: Path, seat: int | None, step: bool) -> None:
        """Load a save, check it by replaying it, and print its events (or walk it)."""
        try:
            game = load(save_file.read_text())
        except MetroError as exc:
            raise click.ClickException(str(exc)) from exc
        if step:
            _walk(info, save_file.read_text(), seat)
            return
        for i, e in enumerate(game.events_for(seat)):
            click.echo(f"{i:5}  {json.dumps(e)}")
        click.echo(_render(info, game, seat))

    @group.command("bench")
    @click.option("--games", "-n", type=int, default=50, show_default=True)
    @_players_opt
    @_seed_opt
    @_option_opt
    @_repeat_opt
    def bench_cmd(
        games: int,
        players: int | None,
        seed: int | None,
        options: tuple[str, ...],
        repeat: int,
    ) -> None:
        """Measure random self-play speed, clone and save/load times on this machine."""
        _bench(info, games, players, seed if seed is not None else 1, options, repeat)

    @group.command("playthrough")
    @_players_opt
    @_seed_opt
    @click.option("--bot-seed", type=int, default=0, show_default=True)
    @click.option("--max-steps", type=int, default=None, help="Stop after this many steps.")
    @click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None)
    @_option_opt
    def playthrough_cmd(
        players: int | None,
        seed: int | None,
        bot_seed: int,
        max_steps: int | None,
        out: Path | None,
        options: tuple[str, ...],
    ) -> None:
        """Write a golden playthrough: every step's prompt, legal actions, events and views."""
        from common.playthrough import playthrough

        game = _new(info, players, _seed(seed), options)
        text = playthrough(game, bot_seed=bot_seed, max_steps=max_steps)
        if out is None:
            click.echo(text, nl=False)
        else:
            out.write_text(text)

    @group.command("render")
    @_players_opt
    @_seed_opt
    @click.option(
        "--steps",
        "-k",
        type=int,
        default=0,
        show_default=True,
        help="Steps (decisions and chance) played by random bots before drawing.",
    )
    @click.option("--seat", type=int, default=None, help="Draw what this seat sees.")
    @click.option(
        "--svg",
        "svg_path",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help="Write an SVG picture here instead of printing text.",
    )
    @_option_opt
    def render_cmd(
        players: int | None,
        seed: int | None,
        steps: int,
        seat: int | None,
        svg_path: Path | None,
        options: tuple[str, ...],
    ) -> None:
        """Draw the position after K random steps: text, or an SVG picture with --svg."""
        seed = _seed(seed)
        game = _new(info, players, seed, options)
        advance(game, [RandomBot(seed * 31 + s) for s in range(game.num_players)], steps)
        if svg_path is None:
            click.echo(_render(info, game, seat))
            return
        if info.render_svg is None:
            raise click.ClickException(f"{info.name} has no SVG renderer yet")
        svg_path.write_text(info.render_svg(game, seat))
        click.echo(f"wrote {svg_path}")

    @group.command("tournament")
    @click.option(
        "--bots",
        "-b",
        default="random,heuristic",
        show_default=True,
        help="Comma-separated bots; every ordered pair meets.",
    )
    @click.option(
        "--games", "-n", type=int, default=20, show_default=True, help="Games per pairing."
    )
    @_players_opt
    @_seed_opt
    @click.option(
        "--jobs",
        "-j",
        type=click.IntRange(min=1),
        default=1,
        show_default=True,
        help="Processes to play in (the table is the same for any number).",
    )
    @click.option("--json", "as_json", is_flag=True, help="Print the table as JSON.")
    @_option_opt
    def tournament_cmd(
        bots: str,
        games: int,
        players: int | None,
        seed: int | None,
        jobs: int,
        as_json: bool,
        options: tuple[str, ...],
    ) -> None:
        """Round robin: one bot against another in the other seats, seats rotating.

        Bots: the game's named bots, ``random``, ``mcts`` or ``mcts:N`` (N playouts a decision)
        / ``mcts:Ts`` (T seconds a decision).
        """
        from common.tournament import tournament

        seed = _seed(seed)
        names = [b.strip() for b in bots.split(",") if b.strip()]
        probe = _new(info, players, seed, options)
        _bot_list(info, bots, len(names))
        table = tournament(
            info.name,
            names,
            games=games,
            seed=seed,
            players=probe.num_players,
            options=dict(probe.options),
            jobs=jobs,
        )
        if as_json:
            click.echo(json.dumps(table, indent=2))
            return
        click.echo(
            f"{info.name}: {probe.num_players} players, {games} games per pairing, "
            f"seed {seed}; one bot against the other in every other seat"
        )
        click.echo(
            f"{'bot':<14}{'against':<14}{'win rate':>10}{'95% CI':>16}{'fair':>8}{'ahead':>8}"
        )
        for r in table["pairings"]:
            ci = f"{r['ci95'][0]:.1%}-{r['ci95'][1]:.1%}"
            click.echo(
                f"{r['bot']:<14}{r['against']:<14}{r['win_rate']:>10.1%}{ci:>16}"
                f"{r['fair_share']:>8.1%}{r['ahead_rate']:>8.1%}"
            )

    @group.command("schema")
    @click.option(
        "--out",
        type=click.Path(file_okay=False, path_type=Path),
        default=None,
        help="Write action/event/view/save .schema.json files into this folder.",
    )
    def schema_cmd(out: Path | None) -> None:
        """Print (or write) the JSON Schemas of this game's actions, events, views and saves."""
        from common.schema import schemas_for

        found = schemas_for(cls)
        if out is None:
            click.echo(json.dumps(found, indent=2))
            return
        out.mkdir(parents=True, exist_ok=True)
        for kind, schema in found.items():
            (out / f"{info.name}.{kind}.schema.json").write_text(json.dumps(schema, indent=2))
        click.echo(f"wrote {len(found)} schemas to {out}")

    @group.command("soak")
    @click.option("--games", "-n", type=int, default=20, show_default=True)
    @_players_opt
    @_seed_opt
    @_option_opt
    def soak_cmd(
        games: int, players: int | None, seed: int | None, options: tuple[str, ...]
    ) -> None:
        """Play random games through every check of check_game; report a failing seed."""
        from common.testing import ConformanceError, check_game

        seed = _seed(seed)
        parsed = _parse_options(options)
        _new(info, players, seed, options)  # validates the options once, with a clear error
        with click.progressbar(range(games), label="soaking", file=sys.stderr) as bar:
            for i in bar:
                try:
                    check_game(
                        lambda s: info.new_game(players=players, seed=s, **parsed),
                        games=1,
                        seed=seed + i,
                    )
                except ConformanceError as exc:
                    raise click.ClickException(
                        f"{exc}\nreproduce: metro {info.name} soak --games 1 --seed {seed + i}"
                    ) from exc
        click.echo(f"{games} games from seed {seed}: every check passed")

    if info.cli is not None:
        for name, cmd in info.cli.commands.items():
            group.add_command(cmd, name)
    return group


def _undo_to_human(game: Game, bots: dict[int, Any]) -> None:
    """Take back decisions until the last one a human took is undone."""
    from common.events import ActionTaken

    for i in range(len(game.events) - 1, -1, -1):
        e = game.events[i]
        if isinstance(e, ActionTaken) and e.seat not in bots:
            game.undo(to=i)
            click.echo("taken back")
            return
    click.echo("nothing of yours to take back")


def _walk(info: GameInfo, text: str, seat: int | None) -> None:
    from common.replay_cursor import Replay

    cursor = Replay(text)
    while True:
        game = cursor.game
        click.echo(_render(info, game, seat))
        click.echo(f"step {cursor.position}/{cursor.length}")
        answer = click.prompt(
            "Enter: forward, b: back, N: seek, q: quit", default="", show_default=False
        ).strip()
        try:
            if answer == "q":
                return
            if answer == "b":
                cursor.back()
            elif answer.isdigit():
                cursor.seek(int(answer))
            elif cursor.position < cursor.length:
                cursor.forward()
            else:
                return
        except MetroError as exc:
            click.echo(str(exc))


def _random_batch(
    info: GameInfo,
    n: int,
    players: int | None,
    seed: int,
    options: tuple[str, ...],
    *,
    read_log: bool = False,
) -> tuple[int, int, Game]:
    """``common.speed.random_batch`` with the options as the command line gives them."""
    return random_batch(info, n, players, seed, _parse_options(options), read_log=read_log)


#: iterations of ``_loop_rate``'s fixed loop
_LOOP = 1_000_000


def _loop_rate() -> float:
    """Millions of iterations a second of a fixed pure-Python loop, the fastest of three.

    A shared machine's speed changes from minute to minute (issue 8: by half on the project's
    VM), so ``metro bench`` prints it beside its figures: compare runs at like speeds.
    """
    best = math.inf
    for _ in range(3):
        start = time.perf_counter()
        count = 0
        for _ in range(_LOOP):
            count += 1
        best = min(best, time.perf_counter() - start)
    return count / best / 1e6


def _warm_up(
    info: GameInfo, n: int, players: int | None, seed: int, options: tuple[str, ...]
) -> None:
    """Play a tenth of an ``n``-game batch untimed, before timing it: the process's one-time
    tables and the interpreter's specialisation are paid here, not by the first timed run."""
    _random_batch(info, max(1, n // 10), players, seed, options)


def _bench(
    info: GameInfo,
    n: int,
    players: int | None,
    seed: int,
    options: tuple[str, ...],
    repeat: int = 3,
) -> None:
    _new(info, players, seed, options)  # a bad option: one line, before any batch
    _warm_up(info, n, players, seed, options)
    before = _loop_rate()
    elapsed = cpu = math.inf
    rates = []
    # the batch ``repeat`` times, the fastest kept (as timeit does): a shared machine only
    # slows; each run's rate is shown too, so a run in a slow spell of the machine shows up
    for _ in range(repeat):
        start = time.perf_counter()
        cpu_start = time.process_time()
        actions, outcomes, first = _random_batch(info, n, players, seed, options)
        took = time.perf_counter() - start
        rates.append(actions / took)
        elapsed = min(elapsed, took)
        cpu = min(cpu, time.process_time() - cpu_start)
    after = _loop_rate()
    # the same games through the public contract, as a user's loop plays them (issue 28)
    public = math.inf
    parsed = _parse_options(options)
    for _ in range(repeat):
        start = time.perf_counter()
        public_batch(info, n, players, seed, parsed)
        public = min(public, time.perf_counter() - start)
    read_start = time.perf_counter()
    _random_batch(info, n, players, seed, options, read_log=True)
    read_elapsed = time.perf_counter() - read_start
    # a mid-game position to copy: replay half of the first game's log
    full = first
    mid_n = max(1, len(full.events) // 2)
    from common.game import replay_into

    events = list(full.events)
    mid = replay_into(type(full), events[:mid_n]) if _prefix_ok(full, mid_n) else full
    clone_s = timed(mid.clone)
    text = mid.to_json()
    save_s = timed(mid.to_json)
    load_s = timed(lambda: load(text))
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
        f"{actions / public:,.0f} actions/s, {public / elapsed:.2f} times play()'s time"
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
    from common.events import ActionTaken, ChanceResolved

    k = n
    while k < len(game.events) and not isinstance(game.events[k], ActionTaken | ChanceResolved):
        k += 1
    return k == n


class MetroCLI(click.Group):
    """The top-level group; each registered game is a subcommand group."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Built-in commands, then the games."""
        return [*super().list_commands(ctx), *games()]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """A built-in command or a game's group."""
        found = super().get_command(ctx, cmd_name)
        if found is not None:
            return found
        try:
            return _game_group(get(cmd_name))
        except KeyError:
            return None


@click.group(cls=MetroCLI)
def main() -> None:
    """Rules engines for Metropoli, Metropolis, Metropolia and Metro City."""


@main.command("list")
def list_cmd() -> None:
    """List the registered games."""
    for name, info in games().items():
        cls = info.cls
        lo, hi = cls.min_players, cls.max_players
        count = f"{lo}" if lo == hi else f"{lo}-{hi}"
        click.echo(
            f"{name:<16}{cls.title:<26}{count:>3} players  bots: {', '.join(info.bot_names())}"
        )


@main.command("demo")
@_seed_opt
def demo_all(seed: int | None) -> None:
    """Play a short bot demo of every registered game."""
    seed = _seed(seed)
    found = games()
    if not found:
        click.echo("no games are installed")
    for info in found.values():
        _run_demo(info, None, seed, None, ())
        click.echo()


@main.command("bench")
@click.argument("game", required=False)
@click.option("--games", "-n", "n_games", type=int, default=100, show_default=True)
@click.option("--seed", "-s", type=int, default=1, show_default=True)
@_repeat_opt
def bench_all(game: str | None, n_games: int, seed: int, repeat: int) -> None:
    """Measure every game (or one): games/s, actions/s, clone, save and load times."""
    names = [game] if game else list(games())
    for name in names:
        try:
            info = get(name)
        except KeyError as exc:
            raise click.UsageError(str(exc.args[0])) from exc
        _bench(info, n_games, None, seed, (), repeat)


@main.command("serve")
def serve_cmd() -> None:
    """Speak the JSON-lines protocol on stdin/stdout (see docs/protocol.md)."""
    from common.serve import serve

    serve(sys.stdin.buffer, sys.stdout)


@main.command("web")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option(
    "--db",
    default="metro.sqlite",
    show_default=True,
    help="Where the games are kept: a SQLite file, a postgresql:// URL, or 'memory'.",
)
@click.option(
    "--bot-delay",
    type=click.FloatRange(0, 10),
    default=0.0,
    show_default=True,
    help="Seconds between two bot moves (the browser app also paces them).",
)
@click.option(
    "--rate",
    type=click.FloatRange(1, 100_000),
    default=30.0,
    show_default=True,
    help="Messages a second one connection may send (twice that in a burst).",
)
def web_cmd(host: str, port: int, db: str, bot_delay: float, rate: float) -> None:
    """Host games over the web: the protocol on a WebSocket at /ws and the browser app at /."""
    try:
        from common.web.app import run
    except ImportError as exc:
        raise click.ClickException(
            f"metro web needs the [web] extra (pip install -e '.[web]'): {exc}"
        ) from exc
    click.echo(f"metro web on http://{host}:{port}/ (games kept in {db})", err=True)
    run(host, port, None if db == "memory" else db, bot_delay=bot_delay, rate=rate)
