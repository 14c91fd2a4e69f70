"""Game knowledge for the core's Monte Carlo tree search: a ranker, a playout bot, the settings.

Guides, not rules. ``GreedyBot`` builds whatever brings its win nearest in the economy model
of ``metropolia.economy``; it plays the playouts, and ``greedy_ranker`` (its order of the
legal actions, its choice first) guides the tree's expansion; ``Metropolia.estimate`` scores
a playout cut short. ``ranker`` is the heuristic bot's order (``bots.rank``), kept for
comparison: the search does better with the greedy order (docs/metropolia.md, "MCTS and the
greedy bot").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from common import Action
from common.mcts import mcts_factory
from metropolia import economy
from metropolia.actions import Build, Pass, Swap, TakeFrom
from metropolia.bots import rank
from metropolia.data import CARD_INDEX, CARDS, PORT_BONUS
from metropolia.tables import BUILD_INDEX, NC

if TYPE_CHECKING:
    from common import Game
    from metropolia.rules import Metropolia


class GreedyBot:
    """Builds what brings its win nearest (rounds to win at its income); a cheap playout policy.

    It reads the rules' state directly (``game.s``): a view would cost more than the choice.
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: Game, seat: int) -> Action:
        """Return the action this bot prefers among ``game.legal_actions()``."""
        g: Metropolia = game  # type: ignore[assignment]
        kind = g._pending.kind  # type: ignore[union-attr]
        # the very objects of the legal list: the core then skips parsing them again
        legal = g.legal_actions(copy=False)
        if len(legal) == 1:
            return legal[0]
        s = g.s
        if kind == "build":
            return self._build(g, seat, legal)
        gains = economy.own_roll(s, seat)
        if kind == "roll":  # [Roll(1), Roll(2)]
            return legal[economy.roll_value(s, seat, gains)[1]]
        if kind == "reroll":  # [Reroll(), Pass()]
            dist = economy.TWO_DICE if len(s.dice) == 2 else economy.ONE_DIE
            mean = sum(dist[t] * gains[t] for t in economy.TOTALS)
            return legal[gains[sum(s.dice)] >= mean]
        if kind == "port":  # [UsePort(), Pass()]
            return legal[gains[s.total + PORT_BONUS] <= gains[s.total]]
        if kind == "take":
            return max(legal, key=lambda a: s.coins[a.seat] if isinstance(a, TakeFrom) else -1)
        return _swap(legal)

    def _build(self, g: Metropolia, seat: int, legal: Sequence[Action]) -> Action:
        rounds = build_rounds(g, seat, legal)
        return legal[min(range(len(legal)), key=rounds.__getitem__)]


def build_rounds(g: Metropolia, seat: int, legal: Sequence[Action]) -> list[float]:
    """For each legal build (or Pass), the rounds ``seat`` would then need to win.

    A landmark leaves the coins still needed unchanged and may raise the income; a card adds
    its cost to them and its expected coins to the income. Landmarks win ties (fractionally
    fewer rounds): they must be built anyway, and coins spent are safe from red cards.
    """
    s = g.s
    gains = economy.own_roll(s, seat)
    roll, two = economy.roll_value(s, seat, gains)
    both = economy.dice_modes(s, seat, two)
    passive = economy.passive(s, seat, both)
    income = max(roll + passive, economy.MIN_INCOME)
    lms = s.landmarks[seat]
    coins = s.coins[seat]
    rest = sum(economy.LANDMARK_COST[j] for j in g._to_win if not lms[j])
    need = max(0, rest - coins)
    cards = [k for a in legal if isinstance(a, Build) and (k := BUILD_INDEX[a.card]) < NC]
    gain_of = dict(zip(cards, economy.card_gains(s, seat, both, cards), strict=True))
    out = []
    for a in legal:
        if not isinstance(a, Build):  # Pass
            out.append(need / income)
            continue
        k = BUILD_INDEX[a.card]
        if k < NC:
            after_cost = max(0, rest - coins + g._cost[k])
            out.append(after_cost / max(income + gain_of[k], economy.MIN_INCOME))
            continue
        j = k - NC
        cost = economy.LANDMARK_COST[j]
        lms[j] = True
        s.coins[seat] -= cost
        try:
            if j in economy.CHANGES_PAYOUTS:
                after = economy.income(s, seat, both)
            else:  # only how the seat rolls changes
                after = economy.roll_value(s, seat, gains)[0] + passive
        finally:
            lms[j] = False
            s.coins[seat] += cost
        out.append(need / max(after, economy.MIN_INCOME) - _LANDMARK_FIRST)
    return out


#: how much sooner a landmark counts than a choice needing as many rounds
_LANDMARK_FIRST = 1e-6


def _swap(legal: Sequence[Action]) -> Action:
    """The heuristic's Business Center choice: the dearest card for the cheapest, if a gain."""
    best: Action = next(a for a in legal if isinstance(a, Pass))
    best_gain = 0
    for a in legal:
        if isinstance(a, Swap):
            gain = CARDS[CARD_INDEX[a.take]].cost - CARDS[CARD_INDEX[a.give]].cost
            if gain > best_gain:
                best, best_gain = a, gain
    return best


def greedy_ranker(game: Game, seat: int, legal: Sequence[Action]) -> list[Action]:
    """The greedy bot's order of ``legal``: builds by the rounds to win they leave."""
    g: Metropolia = game  # type: ignore[assignment]
    if g._pending.kind == "build":  # type: ignore[union-attr]
        rounds = build_rounds(g, seat, legal)
        return [legal[i] for i in sorted(range(len(legal)), key=rounds.__getitem__)]
    first = _GREEDY.choose(game, seat)
    return [first, *(a for a in legal if a is not first)]


_GREEDY = GreedyBot()


def ranker(game: Game, seat: int, legal: Sequence[Action]) -> list[Action]:
    """The heuristic bot's order of ``legal`` (its choice first), for the search's expansion."""
    prompt = game._pending
    kind = prompt.kind  # type: ignore[union-attr]
    ranked = rank(game.view(seat)["state"], seat, kind, legal)
    return ranked or list(legal)


#: the game's MCTS bot (``-b mcts``; ``mcts:N`` / ``mcts:Ts`` change the budget): greedy
#: playouts cut off after ``rollout_depth`` decisions and scored by ``Metropolia.estimate``
MCTS = mcts_factory(
    rollout=GreedyBot,
    iterations=100,
    ranker=greedy_ranker,
    widening=0.3,
    rollout_depth=8,
    exploration=1.0,
)
