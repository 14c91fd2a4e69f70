"""What happened in a game of Metropoli: the fact events that follow each decision or outcome."""

from __future__ import annotations

import attrs

from common import Event


@attrs.frozen
class FirstPlayerChosen(Event):
    """The highest roll at set-up chose the first player."""

    seat: int


@attrs.frozen
class ConcessionsDealt(Event):
    """Two street concessions were dealt to a seat at set-up (ruling MI-1)."""

    seat: int
    spaces: tuple[int, ...]


@attrs.frozen
class NeighbourhoodValuesDealt(Event):
    """The neighbourhood value cards were dealt, one per neighbourhood (ruling MI-7)."""

    values: tuple[int, ...]


@attrs.frozen
class DeckShuffled(Event):
    """The Metropoli deck was shuffled face down (its order is secret)."""

    size: int


@attrs.frozen
class TurnBegan(Event):
    """A seat's turn began."""

    seat: int
    turn: int


@attrs.frozen
class Moved(Event):
    """A token moved; ``how`` is roll, triple, card, back, motorway, municipality or bridge."""

    seat: int
    frm: int
    to: int
    how: str


@attrs.frozen
class Payment(Event):
    """Money moved; None is the Bank. ``reason`` names the rule that moved it."""

    payer: int | None
    payee: int | None
    amount: int
    reason: str


@attrs.frozen
class RentCharged(Event):
    """The rent of a street (ruling MI-6): value + neighbourhood value, doubled for a trust."""

    seat: int
    owner: int
    space: int
    tallest: int
    blocks: int
    skyscraper: bool
    value: int
    neighbourhood: int
    trust: bool
    total: int


@attrs.frozen
class AuctionOpened(Event):
    """A concession is put up for auction; ``kind`` is sale or bankruptcy."""

    space: int
    kind: str


@attrs.frozen
class AuctionClosed(Event):
    """An auction ended: its winner (None: nobody bid) and the winning bid."""

    space: int
    winner: int | None
    price: int


@attrs.frozen
class ConcessionTransferred(Event):
    """A concession changed hands (None: the Bank)."""

    space: int
    frm: int | None
    to: int | None
    how: str


@attrs.frozen
class BlockBuilt(Event):
    """A block was placed on a Buildable Area, now ``height`` high."""

    seat: int
    area: int
    height: int
    paid: bool


@attrs.frozen
class RoofPlaced(Event):
    """A building became skyscraper number ``number`` and caps its district (ruling MI-11)."""

    area: int
    number: int
    height: int
    district: int


@attrs.frozen
class CompletionPhaseBegan(Event):
    """The fourth skyscraper stands: every player must build each turn (Master Plan rule 9)."""


@attrs.frozen
class CardRead(Event):
    """A Metropoli card was read and put at the bottom of the deck."""

    seat: int
    card: str
    text: str


@attrs.frozen
class TradeProposed(Event):
    """The player on turn sent a proposal: concessions given and taken, and the cash
    (> 0 paid to the partner, < 0 paid by the partner)."""

    seat: int
    partner: int
    give: tuple[int, ...]
    take: tuple[int, ...]
    cash: int


@attrs.frozen
class TradeDone(Event):
    """A trade was accepted and carried out."""

    seat: int
    partner: int
    give: tuple[int, ...]
    take: tuple[int, ...]
    cash: int


@attrs.frozen
class BankruptcyBegan(Event):
    """A seat cannot pay a debt and must auction its concessions (ruling MI-16)."""

    seat: int
    creditor: int | None
    amount: int


@attrs.frozen
class PlayerBankrupt(Event):
    """A seat could not pay even after its auctions and leaves the game."""

    seat: int
    creditor: int | None


@attrs.frozen
class FinalPhaseBegan(Event):
    """No more building; players leave on reaching L'Autostrada (ruling MI-17)."""

    reason: str


@attrs.frozen
class PlayerLeft(Event):
    """In the final phase a seat reached or passed L'Autostrada and left the game."""

    seat: int
    how: str


@attrs.frozen
class WealthCounted(Event):
    """Final wealth (ruling MI-17): cash + streets at neighbourhood value + bridges."""

    seat: int
    cash: int
    streets: int
    bridges: int
    total: int


ALL_EVENTS: tuple[type[Event], ...] = (
    FirstPlayerChosen,
    ConcessionsDealt,
    NeighbourhoodValuesDealt,
    DeckShuffled,
    TurnBegan,
    Moved,
    Payment,
    RentCharged,
    AuctionOpened,
    AuctionClosed,
    ConcessionTransferred,
    BlockBuilt,
    RoofPlaced,
    CompletionPhaseBegan,
    CardRead,
    TradeProposed,
    TradeDone,
    BankruptcyBegan,
    PlayerBankrupt,
    FinalPhaseBegan,
    PlayerLeft,
    WealthCounted,
)
