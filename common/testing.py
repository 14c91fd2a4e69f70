"""The conformance kit: ``check_game`` plays random games and checks the contract at every step.

Each game's test suite calls ``check_game(factory)``; ``make_state_machine(factory)`` gives a
hypothesis ``RuleBasedStateMachine`` over the same contract, and ``options_strategy`` draws
valid rule options for a game class.
"""

from __future__ import annotations

import contextlib
import json
import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from common.actions import Action
from common.bots import RandomBot
from common.errors import IllegalAction, InvalidSave
from common.events import ActionTaken, ChanceResolved, GameStarted
from common.fairplay import reveals, undo_point
from common.game import SEED_LIMIT, Game, Prompt, Secret, load_data, replay_into

Factory = Callable[[int], Game]


class ConformanceError(AssertionError):
    """A game broke the contract; the message names the game seed and step."""


def fingerprint(game: Game) -> str:
    """A text that changes whenever anything observable about the game changes."""
    seats: list[int | None] = [None, *range(game.num_players)]
    return json.dumps(
        {
            "views": [game.view(s) for s in seats],
            "legal": [a.to_json() for a in game.legal_actions()],
            "log": len(game.events),
            "last": game.events[-1].to_json(),
            "chance": game.chance.describe() if game.chance is not None else None,
        },
        sort_keys=True,
        default=str,
    )


def check_kept(game: Game, where: str = "") -> None:
    """Raise ConformanceError unless ``is_over`` and ``chance`` say what is pending.

    The core keeps both as attributes and brings them up to date when each step
    ends; a step that changed what is pending behind the core's back shows here.
    """
    pending = game._pending
    over = pending is None
    chance = None if over or isinstance(pending, Prompt) else pending
    if game.is_over is not over or game.chance is not chance:
        raise ConformanceError(
            f"{where or 'now'}: is_over={game.is_over!r} and chance={game.chance!r}, but "
            f"{'nothing' if over else repr(pending)} is pending"
        )


def _subtrees(value: Any) -> Iterator[Any]:
    yield value
    if isinstance(value, dict):
        for v in value.values():
            yield from _subtrees(v)
    elif isinstance(value, list):
        for v in value:
            yield from _subtrees(v)


def _norm(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _leaks(shown: Any, secret: Any) -> bool:
    ordered = isinstance(secret, Secret) and secret.ordered
    value = _norm(secret.value if isinstance(secret, Secret) else secret)
    for sub in _subtrees(shown):
        if sub == value:
            return True
        if ordered or not (isinstance(sub, list) and isinstance(value, list) and len(value) > 1):
            continue
        try:
            if sorted(map(json.dumps, sub)) == sorted(map(json.dumps, value)):
                return True
        except TypeError:
            pass
    return False


def _check_views(game: Game, where: str, since: int = 0) -> None:
    """Views are JSON and leak no declared secret; events are checked from index ``since``."""
    for seat in [None, *range(game.num_players)]:
        view = game.view(seat)
        try:
            text = json.dumps(view)
        except (TypeError, ValueError) as exc:
            raise ConformanceError(f"{where}: view({seat}) is not JSON: {exc}") from exc
        shown = json.loads(text)
        events = game.events_for(seat, since)
        for secret in game._secrets(seat):
            if _leaks(shown, secret):
                raise ConformanceError(f"{where}: view({seat}) reveals a secret: {secret!r}")
            if _leaks(events, secret):
                raise ConformanceError(f"{where}: events for {seat} reveal a secret: {secret!r}")


def _other_seed(seed: int) -> int:
    """A seed other than ``seed``, still a valid seed (below 2**53)."""
    return (seed ^ 0x5DEECE66D) % SEED_LIMIT


def _check_seed_hidden(game: Game, where: str) -> None:
    """What every seat and the spectator see depends on the outcomes drawn, never on the seed.

    The log is replayed with another seed: the replay takes the recorded outcomes, so the
    game goes the same way, and every view and every seat's events must be what they were.
    A difference is a leak: a seat that knew the seed would know every die to come.
    """
    events = list(game.events)
    start = events[0]
    assert isinstance(start, GameStarted)
    other = [attrs.evolve(start, seed=_other_seed(start.seed)), *events[1:]]
    try:
        twin = replay_into(type(game), other)
    except InvalidSave as exc:
        raise ConformanceError(
            f"{where}: the game depends on its seed, not only on the outcomes it drew: {exc}"
        ) from exc
    for seat in [None, *range(game.num_players)]:
        if twin.view(seat) != game.view(seat):
            raise ConformanceError(f"{where}: view({seat}) depends on the seed: it leaks it")
        if twin.events_for(seat) != game.events_for(seat):
            raise ConformanceError(f"{where}: the events for {seat} depend on the seed")
        if seat is not None and encoded(game):
            if list(twin.observation(seat)) != list(game.observation(seat)):
                raise ConformanceError(f"{where}: observation({seat}) depends on the seed")
            if twin.information_state(seat) != game.information_state(seat):
                raise ConformanceError(f"{where}: information_state({seat}) depends on the seed")


def encoded(game: Game) -> bool:
    """Whether ``game`` declares the fixed encodings (an action index and an observation)."""
    try:
        game.num_distinct_actions()
        game.observation_layout()
    except NotImplementedError:
        return False
    return True


def check_encodings(game: Game, where: str) -> None:
    """The action index and the observation at this position (``encoded`` games only).

    The legal actions' indices are those ``legal_indices()`` and ``legal_mask()`` give, each
    index maps back to its action, an index out of range is refused; every seat's
    observation has the layout's length, finite numbers, and does not change when the game
    is determinized for that seat (what the seat cannot see redrawn).
    """
    size = game.num_distinct_actions()
    legal = list(game.legal_actions())
    indices = sorted(game.action_index(a) for a in legal)
    if game.legal_indices() != indices:
        raise ConformanceError(
            f"{where}: legal_indices() {game.legal_indices()[:8]}... are not the indices of "
            f"legal_actions() {indices[:8]}..."
        )
    mask = game.legal_mask()
    if len(mask) != size or [i for i, m in enumerate(mask) if m] != indices:
        raise ConformanceError(f"{where}: legal_mask() does not mark exactly the legal actions")
    for a, i in zip(legal, (game.action_index(a) for a in legal), strict=True):
        if not 0 <= i < size or game.action_from_index(i) != a:
            raise ConformanceError(f"{where}: action {a} has index {i}, which maps back elsewhere")
    for bad in (-1, size, True):
        try:
            game.action_from_index(bad)
        except IllegalAction:
            pass
        else:
            raise ConformanceError(f"{where}: action_from_index({bad!r}) was accepted")
    width = game.observation_layout().size
    rng = random.Random(len(game.events))
    for seat in range(game.num_players):
        vector = game.observation(seat)
        if len(vector) != width or not all(math.isfinite(x) for x in vector):
            raise ConformanceError(
                f"{where}: observation({seat}) is not {width} finite numbers ({len(vector)})"
            )
        if list(game.observation(seat)) != list(vector):
            raise ConformanceError(f"{where}: observation({seat}) is not the same when asked again")
        redrawn = game.determinize(seat, rng)
        if list(redrawn.observation(seat)) != list(vector):
            fields = game.observation_layout()
            was, now = fields.split(vector), fields.split(redrawn.observation(seat))
            names = [name for name in was if was[name] != now[name]]
            raise ConformanceError(
                f"{where}: observation({seat}) shows what the seat may not see: the fields "
                f"{names} change when it is determinized"
            )
        if redrawn.information_state(seat) != game.information_state(seat):
            raise ConformanceError(
                f"{where}: information_state({seat}) changes when it is determinized"
            )


def _ints_as(value: Any, kind: type) -> Any:
    """``value`` (JSON) with every int in it, not a bool, turned into ``kind`` (float, bool)."""
    if type(value) is int:
        return kind(value) if kind is float or value in (0, 1) else value
    if isinstance(value, dict):
        return {k: v if k == "type" else _ints_as(v, kind) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_ints_as(v, kind) for v in value]
    return value


@attrs.frozen
class _Intruder(Action):
    """An action of no game: what a caller might write into a list of legal actions."""

    word = "intrude"


def _schema_checker(cls: type[Game]) -> Any:
    try:
        from common.schema import SchemaChecker

        return SchemaChecker(cls)
    except ImportError:  # jsonschema is a test extra; without it the schemas are not checked
        return None


class _Checker:
    def __init__(self, factory: Factory, seed: int, noise: int) -> None:
        self.factory = factory
        self.seed = seed
        self.noise = noise
        self.seen: list[Action] = []
        self.schemas: Any = None

    def fail(self, step: int, msg: str) -> ConformanceError:
        return ConformanceError(f"game seed {self.seed}, step {step}: {msg}")

    def check_rejected(self, game: Game, step: int, bad: Any, seat: Any = None) -> None:
        before = fingerprint(game)
        try:
            game.apply(bad, seat=seat)
        except ValueError:
            pass
        else:
            raise self.fail(step, f"the illegal action {bad!r} (seat {seat!r}) was accepted")
        if fingerprint(game) != before:
            raise self.fail(step, f"rejecting {bad!r} changed the game")

    def check_strict(self, game: Game, step: int, legal: Sequence[Action]) -> None:
        """Integers are integers: an action or seat given as a float or a bool is refused."""
        seat = game.to_act
        for action in legal[:3]:
            data = action.to_json()
            for kind in (float, bool):
                bent = _ints_as(data, kind)
                if bent != data or json.dumps(bent) != json.dumps(data):
                    self.check_rejected(game, step, bent)
        if seat is not None:
            self.check_rejected(game, step, legal[0], seat=float(seat))
            if seat in (0, 1):
                self.check_rejected(game, step, legal[0], seat=bool(seat))

    def check_sealed(self, game: Game, step: int, legal: Sequence[Action]) -> None:
        """What legal_actions() hands out cannot be edited into a licence to apply anything."""
        stale = [a for a in self.seen[-50:] if a not in legal]
        intruder = stale[-1] if stale else _Intruder()
        before = fingerprint(game)
        handed = game.legal_actions()  # the last call before apply: what apply may trust
        with contextlib.suppress(TypeError):
            handed[0] = intruder  # type: ignore[index]
        with contextlib.suppress(AttributeError):
            handed.append(intruder)  # type: ignore[attr-defined]
        try:
            game.apply(intruder)
        except ValueError:
            pass
        except Exception as exc:  # applied unchecked, and the rules choked on it
            raise self.fail(
                step, f"an action written into the legal list was applied: {exc!r}"
            ) from exc
        else:
            raise self.fail(step, f"{intruder!r}, written into the legal list, was accepted")
        if fingerprint(game) != before:
            raise self.fail(step, "editing what legal_actions() returned changed the game")

    def check_index(self, game: Game, step: int, legal: Sequence[Action]) -> None:
        """The legal actions' indices are ``legal_indices()``, each maps back to its action."""
        indices = [game.action_index(a) for a in legal]
        if sorted(indices) != game.legal_indices():
            raise self.fail(step, "legal_indices() are not the indices of legal_actions()")
        for a, i in zip(legal, indices, strict=True):
            if game.action_from_index(i) != a:
                raise self.fail(step, f"action {a} has index {i}, which maps back elsewhere")

    def check_outcome_strict(self, game: Game, step: int) -> None:
        """A chance outcome given as floats or bools is refused, the game unchanged."""
        twin = game.clone()
        got = twin.resolve()[0]
        if not isinstance(got, ChanceResolved):
            raise self.fail(step, "resolve() must return the events, ChanceResolved first")
        before = fingerprint(game)
        for kind in (float, bool):
            bent = _ints_as(list(got.outcome), kind)
            if json.dumps(bent) == json.dumps(list(got.outcome)):
                continue
            try:
                game.resolve(bent)
            except IllegalAction:
                pass
            else:
                raise self.fail(step, f"the outcome {bent!r} was accepted for {got.outcome!r}")
            if fingerprint(game) != before:
                raise self.fail(step, f"refusing the outcome {bent!r} changed the game")

    def run(self, *, deep: bool) -> Game:
        game = self.factory(self.seed)
        bot = RandomBot(self.seed)
        cls = type(game)
        if deep:
            self.schemas = _schema_checker(cls)
        limit = game.max_actions()
        step = 0
        checkpoints = {*range(1, 11), *(2**k for k in range(4, 40))}
        checked = 0
        while not game.is_over:
            step += 1
            where = f"game seed {self.seed}, step {step}"
            random.seed(self.noise * 1_000_003 + step)  # the global RNG must not matter
            check_kept(game, where)
            broken = game.invariants()
            if broken:
                raise self.fail(step, f"invariant broken: {'; '.join(broken)}")
            if deep:
                # the new events at every step; the whole log against today's secrets at the
                # checkpoints (an old event may reveal what only later became a secret)
                _check_views(game, where, 0 if step in checkpoints else checked)
                checked = len(game.events)
                if step in checkpoints:
                    _check_seed_hidden(game, where)
                    if encoded(game):
                        check_encodings(game, where)
            if game.chance is not None:
                if game.legal_actions():
                    raise self.fail(step, "legal actions while chance is pending")
                if deep and step in checkpoints:
                    self.check_outcome_strict(game, step)
                    twin = game.clone()
                    twin.resolve()
                    game.resolve()
                    if twin.to_json() != game.to_json():
                        raise self.fail(step, "a clone resolved chance differently")
                else:
                    game.resolve()
                continue
            seat = game.to_act
            if seat is None:
                raise self.fail(step, "neither a decision nor chance is pending, yet not over")
            legal = game.legal_actions()
            if not legal:
                raise self.fail(step, f"seat {seat} must decide ({game.prompt}) but has no action")
            if len(legal) == 1:  # a forced answer is the engine's to take
                raise self.fail(
                    step,
                    f"seat {seat} is asked ({game.prompt}) with one possible answer, "
                    f"{legal[0]}: take it with _force instead of asking",
                )
            texts = [json.dumps(a.to_json(), sort_keys=True) for a in legal]
            if len(set(texts)) != len(texts):
                raise self.fail(step, "the legal actions repeat")
            if list(game.legal_actions()) != list(legal):
                raise self.fail(step, "legal_actions() is not deterministic")
            if deep:
                for a in legal[:3]:
                    if game.parse_action(a.to_json()) != a or game.parse_action(str(a)) != a:
                        raise self.fail(step, f"{a!r} does not survive its JSON or text form")
                self.check_rejected(game, step, {"type": "NoSuchAction"})
                self.check_rejected(game, step, "")
                others = [a for a in self.seen[-50:] if a not in legal]
                if others:
                    self.check_rejected(game, step, others[-1])
                if game.num_players > 1:
                    self.check_rejected(game, step, legal[0], seat=(seat + 1) % game.num_players)
                self.check_strict(game, step, legal)
                self.check_sealed(game, step, legal)
                if encoded(game):
                    self.check_index(game, step, legal)
            action = bot.choose(game, seat)
            self.seen.append(action)
            if deep and self.schemas is not None:  # every action met fits the action schema
                problems = self.schemas.errors("action", action.to_json())
                if problems:
                    raise self.fail(step, f"{action} does not fit the action schema: {problems}")
            if deep and step in checkpoints:
                self.check_copies(game, cls, step, action)
                self.check_undo_window(game, step)
            start = len(game.events)
            got = game.apply(action)
            if not got or not isinstance(got[0], ActionTaken) or got[0].action != action:
                raise self.fail(step, "apply() must return the events, ActionTaken first")
            if tuple(game.events[start:]) != got:
                raise self.fail(step, "apply() returned other events than it logged")
            if game.decisions > limit:
                raise self.fail(step, f"the game passed its declared maximum of {limit} actions")
        check_kept(game, f"game seed {self.seed}, end")
        broken = game.invariants()
        if broken:
            raise self.fail(step, f"invariant broken at the end: {'; '.join(broken)}")
        if deep:
            _check_views(game, f"game seed {self.seed}, end")
            _check_seed_hidden(game, f"game seed {self.seed}, end")
            self.check_schemas(game, step, None)
            again = replay_into(cls, list(game.events))
            if again.to_json() != game.to_json():
                raise self.fail(step, "replay(events) does not rebuild the same game")
            game.result()
        return game

    def check_undo_window(self, game: Game, step: int) -> None:
        """What a host of strangers lets a seat take back (``common.fairplay``) reveals
        nothing: no chance outcome and no private event lies in it, the seat's secrets are
        those it had before, and the same decisions again bring the very same log."""
        for seat in range(game.num_players):
            try:
                point = undo_point(game, seat)
            except IllegalAction:
                continue
            taken = list(game.events[point:])
            if any(reveals(type(e)) for e in taken):
                raise self.fail(step, f"seat {seat}'s undo would take back what was revealed")
            twin = game.clone()
            twin.undo(to=point)
            if twin._chance_count != game._chance_count:
                raise self.fail(step, f"seat {seat}'s undo takes back a draw")
            alone = all(e.seat == seat for e in taken if isinstance(e, ActionTaken))
            if alone and twin._secrets(seat) != game._secrets(seat):
                raise self.fail(
                    step,
                    f"seat {seat} learns a secret by its own moves with nothing drawn: a game "
                    "shows hidden information only through chance outcomes, events that "
                    "redact (for_seat) and events marked reveals",
                )
            for e in taken:
                if isinstance(e, ActionTaken):
                    twin.apply(e.action, seat=e.seat)
            if twin.to_json() != game.to_json():
                raise self.fail(step, f"seat {seat}'s undone decisions, taken again, differ")

    def check_schemas(self, game: Game, step: int, action: Action | None) -> None:
        if self.schemas is None:
            return
        problems = self.schemas.errors("save", json.loads(game.to_json()))
        for seat in [None, *range(game.num_players)]:
            problems += self.schemas.errors("view", game.view(seat))
        if action is not None:
            problems += self.schemas.errors("action", action.to_json())
        if problems:
            raise self.fail(step, f"JSON does not fit the game's schema: {problems[:3]}")

    def check_copies(self, game: Game, cls: type[Game], step: int, action: Action) -> None:
        self.check_schemas(game, step, action)
        before = fingerprint(game)
        text = game.to_json()
        twin = game.clone()
        if fingerprint(twin) != before or twin.to_json() != text:
            raise self.fail(step, "clone() differs from the original")
        twin.apply(action)
        check_kept(twin, f"game seed {self.seed}, step {step}, a clone after a move")
        if fingerprint(game) != before or game.to_json() != text:
            raise self.fail(step, "changing a clone changed the original")
        loaded = load_data(cls, text)
        if fingerprint(loaded) != before or loaded.to_json() != text:
            raise self.fail(step, "save and load do not round-trip")
        loaded.apply(action)
        check_kept(loaded, f"game seed {self.seed}, step {step}, a loaded save after a move")
        if fingerprint(loaded) != fingerprint(twin):
            raise self.fail(step, "a loaded save does not continue like a clone")


def check_game(
    factory: Factory, games: int = 5, seed: int = 0, *, deep_games: int | None = None
) -> list[Game]:
    """Play ``games`` random games (game i from ``factory(seed + i)``) checking the contract.

    The first ``deep_games`` (default: all) get every check at every step; the rest are played
    only for the rules' own assertions, determinism and the length bound. Returns the games.
    """
    deep_n = games if deep_games is None else deep_games
    played = []
    for i in range(games):
        s = seed + i
        first = _Checker(factory, s, noise=1).run(deep=i < deep_n)
        second = _Checker(factory, s, noise=2).run(deep=False)
        if first.to_json() != second.to_json():
            raise ConformanceError(
                f"game seed {s}: the same seed gave a different log (the global random or "
                "another outside state leaks into the game)"
            )
        played.append(first)
    return played


def options_strategy(cls: type[Game]) -> Any:
    """A hypothesis strategy of option dicts for ``cls`` (options with listed choices)."""
    from hypothesis import strategies as st

    fields = {
        name: st.sampled_from(spec.choices)
        for name, spec in cls.options_spec.items()
        if spec.choices is not None
    }
    return st.fixed_dictionaries(fields)


def make_state_machine(factory: Factory, *, max_seed: int = 1000) -> type[Any]:
    """A hypothesis RuleBasedStateMachine that drives any game through its public contract."""
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

    class GameMachine(RuleBasedStateMachine):
        game: Game

        @initialize(seed=st.integers(0, max_seed))
        def start(self, seed: int) -> None:
            self.game = factory(seed)

        @precondition(lambda self: self.game.chance is not None)
        @rule()
        def resolve(self) -> None:
            self.game.resolve()

        @precondition(lambda self: self.game.to_act is not None)
        @rule(data=st.data())
        def act(self, data: Any) -> None:
            legal = self.game.legal_actions()
            assert legal, "a decision with no legal action"
            action = data.draw(st.sampled_from(legal))
            if self.game.decisions >= self.game.max_actions():
                raise AssertionError("the game passed its declared maximum length")
            got = self.game.apply(action)
            assert got and isinstance(got[0], ActionTaken)

        @rule(
            junk=st.one_of(
                st.text(max_size=20),
                st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
            )
        )
        def garbage(self, junk: Any) -> None:
            before = fingerprint(self.game)
            # what is legal *before* the junk is tried: "roll" at a roll prompt is no garbage
            legal = self.game.legal_actions()
            legal_texts = {str(a) for a in legal}
            legal_json = [a.to_json() for a in legal]
            try:
                self.game.apply(junk)
            except IllegalAction:
                pass
            else:
                if junk in legal_texts or junk in legal_json:
                    return
                raise AssertionError(f"garbage {junk!r} was accepted")
            assert fingerprint(self.game) == before

        @rule()
        def clone_and_reload(self) -> None:
            text = self.game.to_json()
            assert self.game.clone().to_json() == text
            assert load_data(type(self.game), text).to_json() == text

        @invariant()
        def views_are_json(self) -> None:
            if hasattr(self, "game"):
                for s in [None, *range(self.game.num_players)]:
                    json.dumps(self.game.view(s))

    return GameMachine
