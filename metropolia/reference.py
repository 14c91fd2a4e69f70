"""The plain reading: Metropolia's choices, payments and scores worked out from the rulebook.

The rules answer from tables made once (``metropolia.tables``) and from state they keep up to
date as the game moves (each seat's build offers, the purses' ledger). These functions work
the same answers out slowly and obviously, from the card table (``metropolia.data``) and the
position alone, in the same order; the tests play random games and check at every step that
both agree.
"""

from __future__ import annotations

from common import Action, Result
from common.seats import clockwise, counter_clockwise
from metropolia.actions import Build, Pass, Reroll, Roll, Swap, TakeFrom, UsePort
from metropolia.data import CARDS, LANDMARKS, MALL_ICONS, Card, cards_of, landmarks_of
from metropolia.events import Built, CoinsPaid, CoinsReceived
from metropolia.rules import Metropolia

#: a payment from the bank: (seat, amount, card id)
Income = tuple[int, int, str]
#: a payment between seats: (payer, payee, amount paid, amount owed, card id)
Payment = tuple[int, int, int, int, str]


def legal_actions(game: Metropolia) -> list[Action]:
    """What the seat asked may answer, as each prompt of the rulebook's turn offers it."""
    prompt = game.prompt
    if prompt is None:
        return []
    seat = prompt.seat
    kind = prompt.kind
    if kind == "roll":  # the Train Station: one die or two (ruling MK-2)
        return [Roll(1), Roll(2)]
    if kind == "reroll":  # the Radio Tower: roll again, or keep the roll (ruling MK-A1)
        return [Reroll(), Pass()]
    if kind == "port":  # the Port: add 2 to a total of 10 or more, or keep it
        return [UsePort(), Pass()]
    if kind == "take":  # the TV Station: any one opponent, clockwise
        return [TakeFrom(o) for o in clockwise(seat, game.num_players, include_start=False)]
    if kind == "swap":
        return swap_choices(game, seat)
    return build_choices(game, seat)


def card_cost(game: Metropolia, card: Card) -> int:
    """What ``card`` costs in this game: as printed, but the Sushi Bar's is an option (MK-A16)."""
    if card.id == "sushi_bar":
        return int(game.options["sushi_bar_cost"])
    return card.cost


def build_choices(game: Metropolia, seat: int) -> list[Action]:
    """Pass, then every build ``seat`` can pay for, cheapest first (rulebook "Building").

    An establishment whose pile is on sale, but never a second purple card of one name; a
    landmark in play not built yet. At one cost the establishments come before the landmarks,
    each in the card table's order.
    """
    s = game.s
    plus = bool(game.options["plus"])
    purse = s.coins[seat]
    found: list[tuple[int, int, int, Action]] = []
    for card in cards_of(plus):
        i = CARDS.index(card)
        cost = card_cost(game, card)
        if cost > purse or not s.supply[i]:
            continue
        if card.colour == "purple" and s.cards[seat][i]:
            continue
        found.append((cost, 0, i, Build(card.id)))
    for landmark in landmarks_of(plus):
        j = LANDMARKS.index(landmark)
        if landmark.cost <= purse and not s.landmarks[seat][j]:
            found.append((landmark.cost, 1, j, Build(landmark.id)))
    found.sort(key=lambda entry: entry[:3])
    return [Pass(), *(entry[3] for entry in found)]


def swap_choices(game: Metropolia, seat: int) -> list[Action]:
    """The Business Center's choices (ruling MK-A2): decline, or give any establishment that
    is not purple for any one of another name that an opponent holds (opponents clockwise,
    cards in table order, what is given before what is taken)."""
    s = game.s
    out: list[Action] = [Pass()]
    mine = s.cards[seat]
    for other in clockwise(seat, game.num_players, include_start=False):
        theirs = s.cards[other]
        for g, give in enumerate(CARDS):
            if give.colour == "purple" or not mine[g]:
                continue
            for t, take in enumerate(CARDS):
                if take.colour != "purple" and theirs[t] and t != g:
                    out.append(Swap(give.id, other, take.id))
    return out


def _counted(game: Metropolia, seat: int, card: Card) -> int:
    """How many of its own cards ``card`` pays for in the city of ``seat`` (the factories)."""
    city = game.s.cards[seat]
    if card.effect == "per_card":
        return sum(k for c, k in zip(CARDS, city, strict=True) if c.id == card.per)
    return sum(k for c, k in zip(CARDS, city, strict=True) if c.icon == card.per)


def _per_card(game: Metropolia, seat: int, card: Card) -> int:
    """What one ``card`` of ``seat`` pays before it is counted: its amount, and the Shopping
    Mall's coin on a cup or bread card (ruling MK-A5)."""
    mall = game.s.landmarks[seat][_landmark("shopping_mall")]
    return card.amount + (1 if mall and card.icon in MALL_ICONS else 0)


def _landmark(lid: str) -> int:
    return next(j for j, m in enumerate(LANDMARKS) if m.id == lid)


def income(game: Metropolia, total: int, tuna: int = 0) -> list[Income]:
    """What the green and blue cards pay from the bank on the roller's ``total`` (rulebook
    "Income"), in the order it is paid: the seats clockwise from the roller, the roller's blue
    cards then its green ones, every other seat's blue ones, each in the card table's order.

    A card that needs the Port pays nothing without it; the Tuna Boat pays the ``tuna`` dice's
    total per boat (ruling MK-A6); a factory pays per card it counts; nothing paid is no income.
    """
    s = game.s
    roller = s.turn
    port = _landmark("port")
    out: list[Income] = []
    for seat in clockwise(roller, game.num_players):
        colours = ("blue", "green") if seat == roller else ("blue",)
        for colour in colours:
            for i, card in enumerate(CARDS):
                k = s.cards[seat][i]
                if card.colour != colour or total not in card.rolls or not k:
                    continue
                if card.needs_port and not s.landmarks[seat][port]:
                    continue
                if card.effect == "tuna":
                    amount = tuna * k
                elif card.effect in ("per_icon", "per_card"):
                    amount = _per_card(game, seat, card) * k * _counted(game, seat, card)
                else:
                    amount = _per_card(game, seat, card) * k
                if amount:
                    out.append((seat, amount, card.id))
    return out


def red_payments(game: Metropolia, total: int) -> list[Payment]:
    """What the roller pays for the red cards that ``total`` activates (rulebook "Payments
    Between Players", ruling MK-4): each owner counter-clockwise from the roller, their cards
    in the card table's order, each debt in full while the roller's coins last, the rest
    waived."""
    s = game.s
    roller = s.turn
    port = _landmark("port")
    left = s.coins[roller]
    out: list[Payment] = []
    for owner in counter_clockwise(roller, game.num_players, include_start=False):
        for i, card in enumerate(CARDS):
            k = s.cards[owner][i]
            if card.colour != "red" or total not in card.rolls or not k:
                continue
            if card.needs_port and not s.landmarks[owner][port]:
                continue
            owed = _per_card(game, owner, card) * k
            paid = min(owed, left)
            left -= paid
            out.append((roller, owner, paid, owed, card.id))
    return out


def tuna_boat_sails(game: Metropolia, total: int) -> bool:
    """Whether ``total`` asks for the Tuna Boat's roll: some seat has a Tuna Boat it
    activates, and the Port (ruling MK-A6)."""
    s = game.s
    port = _landmark("port")
    return any(
        card.effect == "tuna" and total in card.rolls and s.cards[seat][i] and lms[port]
        for seat, lms in enumerate(s.landmarks)
        for i, card in enumerate(CARDS)
    )


def purses(game: Metropolia) -> list[int]:
    """Every purse from the whole log: what the bank paid the seat, what the other seats paid
    it, less what it paid them and what it paid to build (coins move only in these events)."""
    log = list(game.events)
    received = [e for e in log if isinstance(e, CoinsReceived)]
    paid = [e for e in log if isinstance(e, CoinsPaid)]
    built = [e for e in log if isinstance(e, Built)]
    return [
        sum(e.amount for e in received if e.seat == seat)
        + sum(e.amount for e in paid if e.payee == seat)
        - sum(e.amount for e in paid if e.payer == seat)
        - sum(e.cost for e in built if e.seat == seat)
        for seat in range(game.num_players)
    ]


def result(game: Metropolia) -> Result:
    """The scores as the rulings count them (MK-A10): each seat's landmarks in play built;
    the winner is the seat that built them all, and with none the turn limit ended it (MK-A3)."""
    s = game.s
    plus = bool(game.options["plus"])
    in_play = [LANDMARKS.index(m) for m in landmarks_of(plus)]
    scores = tuple(sum(1 for j in in_play if built[j]) for built in s.landmarks)
    complete = tuple(seat for seat, score in enumerate(scores) if score == len(in_play))
    if not complete:
        return Result(scores, (), "turn limit reached (ruling MK-A3)")
    return Result(scores, complete, "built all landmarks")
