"""Every registered game as an OpenSpiel Python game (extra ``[openspiel]``).

Importing this module registers each game with pyspiel as ``python_metro_<name>``:

    >>> import pyspiel, common.openspiel  # doctest: +SKIP
    >>> game = pyspiel.load_game("python_metro_metrocity")  # doctest: +SKIP
    >>> pyspiel.load_game("python_metro_metropolia", {"players": 3, "plus": True})  # doctest: +SKIP

The parameters are ``players`` and every rule option whose default is a bool, an int or a
text (options that hold data, such as a chart or a deck, keep their defaults). A decision's
action is the game's fixed action index (``Game.action_index``), so OpenSpiel's legal
actions are ``Game.legal_indices()``. Chance is explicit: each pending chance request is
split into single items, a die (outcome ``value - 1``) or one card drawn without
replacement (outcome: the card's place among the request's distinct cards in sorted order,
numbers as numbers; probability: its copies left / the cards left), and the game resolves
the request with the whole outcome once its last item is drawn; a shuffle is a draw of the
whole deck.

Observation tensors are ``Game.observation(seat)``; observation strings name its non-zero
entries field by field. The information-state string is ``Game.information_state(seat)``
(every event as the seat saw it: perfect recall); the information-state tensor is the
observation followed by how often the seat took each action so far. Returns are each
seat's share of the win at the end (0 to 1; 0 for all when nobody won).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from common.chance import ChanceRequest, Dice, Draw, Shuffle
from common.game import Game
from common.registry import GameInfo, games

#: the prefix of every registered short name
PREFIX = "python_metro_"


def parameters(info: GameInfo) -> dict[str, Any]:
    """The OpenSpiel parameters of a game and their defaults: players and the plain options."""
    cls = info.cls
    out: dict[str, Any] = {"players": cls.min_players}
    for name, spec in cls.options_spec.items():
        if type(spec.default) in (bool, int, str):
            out[name] = spec.default
    return out


def _items(request: ChanceRequest) -> tuple[list[Any], list[int]] | None:
    """The distinct cards of a draw or shuffle in sorted order and each one's copies."""
    if isinstance(request, Dice):
        return None
    assert isinstance(request, Draw | Shuffle)
    counts: dict[Any, int] = {}
    for card in request.cards:
        counts[card] = counts.get(card, 0) + 1
    values = sorted(counts, key=_order)
    return values, [counts[v] for v in values]


def _order(card: Any) -> tuple[int, Any]:
    """Cards sort as numbers when they are ints, else by their JSON text."""
    if type(card) is int:
        return (0, card)
    return (1, json.dumps(card, sort_keys=True))


def _length(request: ChanceRequest) -> int:
    """How many single items make up the request's outcome."""
    if isinstance(request, Dice):
        return request.count
    if isinstance(request, Shuffle):
        return len(request.cards)
    assert isinstance(request, Draw)
    return request.count


class MetroState(pyspiel.State):  # type: ignore[misc]
    """A position of a Metro game, with the items of the pending chance drawn so far."""

    def __init__(self, game: MetroGame, metro: Game) -> None:
        super().__init__(game)
        self.metro = metro
        #: the items of the pending chance request drawn so far (values)
        self._drawn: list[Any] = []
        #: the pending draw's distinct cards and the copies of each still in the deck
        self._left: tuple[list[Any], list[int]] | None = None

    def current_player(self) -> int:
        """The seat to act, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        g = self.metro
        if g.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if g.chance is not None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = g.to_act
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        """The action indices open to ``player`` (the seat to act), ascending."""
        return self.metro.legal_indices()

    def _request(self) -> ChanceRequest:
        request = self.metro.chance
        assert request is not None
        if self._left is None and not isinstance(request, Dice):
            self._left = _items(request)
        return request

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next chance item's outcomes and their probabilities."""
        request = self._request()
        if isinstance(request, Dice):
            return [(face, 1.0 / 6.0) for face in range(6)]
        assert self._left is not None
        copies = self._left[1]
        total = sum(copies)
        return [(i, n / total) for i, n in enumerate(copies) if n]

    def _apply_action(self, action: int) -> None:
        """Apply a decision by its index, or one item of the pending chance."""
        g = self.metro
        if g.chance is None:
            g.apply(g.action_from_index(action))
            return
        request = self._request()
        if isinstance(request, Dice):
            self._drawn.append(action + 1)
        else:
            assert self._left is not None
            values, copies = self._left
            copies[action] -= 1
            self._drawn.append(values[action])
        if len(self._drawn) == _length(request):
            outcome = tuple(self._drawn)
            self._drawn = []
            self._left = None
            g.resolve(outcome)

    def _action_to_string(self, player: int, action: int) -> str:
        """A decision's text form, or the chance item's value."""
        if player == pyspiel.PlayerId.CHANCE:
            request = self._request()
            if isinstance(request, Dice):
                return f"die {action + 1}"
            assert self._left is not None
            return f"{request.describe()}: {self._left[0][action]}"
        return str(self.metro.action_from_index(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return bool(self.metro.is_over)

    def returns(self) -> list[float]:
        """Each seat's share of the win at the end, 0 before."""
        g = self.metro
        if not g.is_over:
            return [0.0] * g.num_players
        winners = g.result().winners
        share = 1.0 / len(winners) if winners else 0.0
        return [share if s in winners else 0.0 for s in range(g.num_players)]

    def __str__(self) -> str:
        """The position in words: what it waits for and the chance items drawn so far."""
        drawn = f", drawn so far {self._drawn}" if self._drawn else ""
        return f"{self.metro!r}{drawn}"


class MetroObserver:
    """OpenSpiel's observer of a Metro game: the observation, or the information state."""

    def __init__(self, game: MetroGame, perfect_recall: bool) -> None:
        probe = game.probe
        self.layout = probe.observation_layout()
        self.perfect_recall = perfect_recall
        self.actions = probe.num_distinct_actions()
        size = self.layout.size + (self.actions if perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {
            f.name: self.tensor[self.layout.offset(f.name) : self.layout.offset(f.name) + f.size]
            for f in self.layout.fields
        }
        if perfect_recall:
            self.dict["actions_taken"] = self.tensor[self.layout.size :]

    def set_from(self, state: MetroState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees (and, for perfect recall, has done)."""
        size = self.layout.size
        self.tensor[:size] = np.frombuffer(state.metro.observation(player), dtype=np.float32)
        if self.perfect_recall:
            taken = self.tensor[size:]
            taken.fill(0.0)
            for move in state.full_history():
                if move.player == player:
                    taken[move.action] += 1.0

    def string_from(self, state: MetroState, player: int) -> str:
        """The information state, or the observation's non-zero entries field by field."""
        if self.perfect_recall:
            return state.metro.information_state(player)
        return self.layout.text(state.metro.observation(player))


class MetroGame(pyspiel.Game):  # type: ignore[misc]
    """A registered Metro game as an OpenSpiel game, for the given parameters."""

    info: GameInfo
    game_type: Any

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = {**parameters(self.info), **dict(params or {})}
        self.players = int(given.pop("players"))
        self.options = given
        self.probe = self.metro_game(seed=0)
        super().__init__(self.game_type, _game_info(self.probe), dict(params or {}))

    def metro_game(self, seed: int) -> Game:
        """A new game of these parameters with ``seed``."""
        return self.info.new_game(players=self.players, seed=seed, options=self.options)

    def new_initial_state(self, seed: int = 0) -> MetroState:
        """The start of a game; its set-up chance is explicit like every other."""
        return MetroState(self, self.metro_game(seed))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> MetroObserver:
        """The observation (default), or the information state for perfect recall."""
        if params:
            raise ValueError(f"a Metro observer takes no parameters, got {dict(params)}")
        perfect = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return MetroObserver(self, perfect)


def _chance_bound(game: Game) -> int:
    """The most outcomes one chance item can have: six faces, or a deck's distinct cards.

    Every deck is full at the set-up shuffle or at its first draw, so the requests of one
    game played to its end with random moves show each deck at its largest.
    """
    from common.bots import RandomBot

    g = game.clone()
    bot = RandomBot(0)
    most = 6
    while not g.is_over:
        request = g.chance
        if request is not None:
            items = _items(request)
            if items is not None:
                most = max(most, len(items[0]))
            g.resolve()
        else:
            seat = g.to_act
            assert seat is not None
            g.apply(bot.choose(g, seat))
    return most


def _game_info(probe: Game) -> Any:
    # a bound on the moves, chance items included (at most 200 a decision), within the
    # 32-bit integer OpenSpiel keeps it in
    length = min(201 * probe.max_actions(), 2**31 - 1)
    return pyspiel.GameInfo(
        num_distinct_actions=probe.num_distinct_actions(),
        max_chance_outcomes=_chance_bound(probe),
        num_players=probe.num_players,
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=None,
        max_game_length=length,
    )


def register(info: GameInfo) -> type[MetroGame]:
    """Register ``info``'s game with pyspiel as ``python_metro_<name>``; return its class."""
    cls = info.cls
    game_type = pyspiel.GameType(
        short_name=PREFIX + info.name,
        long_name=f"Metro engines: {cls.title or cls.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(info),
    )
    made = type(f"Metro_{info.name}", (MetroGame,), {"info": info, "game_type": game_type})
    pyspiel.register_game(game_type, made)
    return made


#: the OpenSpiel game class of each registered game, by name
GAMES: dict[str, type[MetroGame]] = {name: register(info) for name, info in games().items()}
