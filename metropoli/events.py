"""What happened in a game of Metropoli: the fact events that follow each decision or outcome."""

from __future__ import annotations

import attrs

from common import Event
from common.codec import doc


@attrs.frozen
class FirstPlayerChosen(Event):
    """The highest roll at set-up chose the first player."""

    seat: int = doc("the seat that plays first: the highest set-up roll, ties rolled again")


@attrs.frozen
class ConcessionsDealt(Event):
    """Two street concessions were dealt to a seat at set-up (ruling MI-1)."""

    seat: int = doc("the seat dealt them")
    spaces: tuple[int, ...] = doc("the two street concessions dealt, by space (0..39)")


@attrs.frozen
class NeighbourhoodValuesDealt(Event):
    """The neighbourhood value cards were dealt, one per neighbourhood (ruling MI-7)."""

    values: tuple[int, ...] = doc(
        "each neighbourhood's value in dollars, by neighbourhood 0..7 in track order"
    )


@attrs.frozen
class DeckShuffled(Event):
    """The Metropoli deck was shuffled face down (its order is secret)."""

    size: int = doc("how many cards the shuffled deck holds")


@attrs.frozen
class TurnBegan(Event):
    """A seat's turn began."""

    seat: int = doc("the seat whose turn it is")
    turn: int = doc("the turn's number, counted over all seats (1 = the first turn of the game)")


@attrs.frozen
class Moved(Event):
    """A token moved; ``how`` is roll, triple, card, back, motorway, municipality or bridge."""

    seat: int = doc("the seat whose token moved")
    frm: int = doc("the space (0..39) the token left")
    to: int = doc("the space (0..39) the token reached")
    how: str = doc(
        "what moved it: roll (the dice), triple (the move chosen after a triple), card (a "
        "card's advance or go to), back (a card's move back), motorway (an exit of "
        "L'Autostrada), municipality (Il Comune's trip) or bridge (a crossing)"
    )


@attrs.frozen
class Payment(Event):
    """Money moved; None is the Bank. ``reason`` names the rule that moved it."""

    payer: int | None = doc("the seat that paid; null: the Bank")
    payee: int | None = doc("the seat paid; null: the Bank")
    amount: int = doc("the dollars paid (always more than 0)")
    reason: str = doc(
        "what it paid for: borsa, rent, toll, fine, card, block, auction, preemption, "
        "bankruptcy auction, bankruptcy (a bankrupt's last cash) or trade"
    )


@attrs.frozen
class RentCharged(Event):
    """The rent of a street (ruling MI-6): value + neighbourhood value, doubled for a trust."""

    seat: int = doc("the seat that landed on the street and owes the rent")
    owner: int = doc("the seat holding the street's concession, owed the rent")
    space: int = doc("the street (space 0..39)")
    tallest: int = doc(
        "H: the height in blocks (0..5) of the tallest building in the street's district"
    )
    blocks: int = doc("B: the blocks on the street's three Buildable Areas")
    skyscraper: bool = doc("one of those three areas holds a skyscraper (B counts as 10)")
    value: int = doc("the Concession Value in dollars: H x $20,000 x min(B, 10), 0 with no block")
    neighbourhood: int = doc("the street's neighbourhood value in dollars, due even with no block")
    trust: bool = doc("the owner holds every street of the neighbourhood: the rent is doubled")
    total: int = doc("the rent due in dollars: value + neighbourhood value, doubled for a trust")


@attrs.frozen
class AuctionOpened(Event):
    """A concession is put up for auction; ``kind`` is sale or bankruptcy."""

    space: int = doc("the concession auctioned (space 0..39)")
    kind: str = doc(
        "sale (a concession with the Bank, on arrival) or bankruptcy (a debtor's, sold to pay "
        "a debt)"
    )


@attrs.frozen
class AuctionClosed(Event):
    """An auction ended: its winner (None: nobody bid) and the winning bid."""

    space: int = doc("the concession auctioned (space 0..39)")
    winner: int | None = doc("the high bidder; null: nobody bid")
    price: int = doc("the winning bid in dollars, before the winner's raise; 0 when nobody bid")


@attrs.frozen
class ConcessionTransferred(Event):
    """A concession changed hands (None: the Bank)."""

    space: int = doc("the concession (space 0..39)")
    frm: int | None = doc("the seat that held it; null: the Bank")
    to: int | None = doc("the seat that holds it now; null: the Bank")
    how: str = doc(
        "auction, preemption, bankruptcy auction, trade, or unsold (a bankruptcy auction "
        "nobody bid in: back to the Bank)"
    )


@attrs.frozen
class BlockBuilt(Event):
    """A block was placed on a Buildable Area, now ``height`` high."""

    seat: int = doc("the seat that placed it")
    area: int = doc("the Buildable Area (0..35) it went on")
    height: int = doc("the area's height in blocks with it, 1..5")
    paid: bool = doc(
        "bought for $100,000 in the building step; false: a free block (own street, Il Comune, "
        "a card)"
    )


@attrs.frozen
class RoofPlaced(Event):
    """A building became skyscraper number ``number`` and caps its district (ruling MI-11)."""

    area: int = doc("the Buildable Area (0..35) of the building roofed")
    number: int = doc("the skyscraper's number, 1..4, in the order roofs are placed")
    height: int = doc(
        "its height in blocks (number + 1): no building of the district may be higher"
    )
    district: int = doc("the district (0..3) it caps")


@attrs.frozen
class CompletionPhaseBegan(Event):
    """The fourth skyscraper stands: every player must build each turn (Master Plan rule 9)."""


@attrs.frozen
class CardRead(Event):
    """A Metropoli card was read and put at the bottom of the deck."""

    reveals = True  # the deck's order is secret: no undo of a host of strangers crosses it

    seat: int = doc("the seat that read it")
    card: str = doc("the card's id in the deck (the option cards)")
    text: str = doc("the card's text as printed")


@attrs.frozen
class TradeProposed(Event):
    """The player on turn sent a proposal: concessions given and taken, and the cash
    (> 0 paid to the partner, < 0 paid by the partner)."""

    seat: int = doc("the player on turn, who proposes")
    partner: int = doc("the seat the proposal is made to")
    give: tuple[int, ...] = doc(
        "the proposer's concessions that would go to the partner (spaces 0..39)"
    )
    take: tuple[int, ...] = doc(
        "the partner's concessions that would go to the proposer (spaces 0..39)"
    )
    cash: int = doc(
        "dollars: > 0 the proposer pays the partner, < 0 the partner pays the proposer, 0 none"
    )


@attrs.frozen
class TradeDone(Event):
    """A trade was accepted and carried out."""

    seat: int = doc("the player on turn, who proposed")
    partner: int = doc("the seat that accepted")
    give: tuple[int, ...] = doc(
        "the proposer's concessions that went to the partner (spaces 0..39)"
    )
    take: tuple[int, ...] = doc(
        "the partner's concessions that went to the proposer (spaces 0..39)"
    )
    cash: int = doc(
        "dollars: > 0 the proposer paid the partner, < 0 the partner paid the proposer, 0 none"
    )


@attrs.frozen
class BankruptcyBegan(Event):
    """A seat cannot pay a debt and must auction its concessions (ruling MI-16)."""

    seat: int = doc("the debtor: the seat that cannot pay")
    creditor: int | None = doc("the seat owed; null: the Bank")
    amount: int = doc("the debt in dollars")


@attrs.frozen
class PlayerBankrupt(Event):
    """A seat could not pay even after its auctions and leaves the game."""

    seat: int = doc("the seat that goes bankrupt and leaves the game")
    creditor: int | None = doc(
        "the seat that got its remaining cash; null: the Bank (which gets nothing more)"
    )


@attrs.frozen
class FinalPhaseBegan(Event):
    """No more building; players leave on reaching L'Autostrada (ruling MI-17)."""

    reason: str = doc(
        'why it began: "the last block is placed" or "round limit" (the option '
        "round_limit, ruling MI-A3)"
    )


@attrs.frozen
class PlayerLeft(Event):
    """In the final phase a seat reached or passed L'Autostrada and left the game."""

    seat: int = doc("the seat that left")
    how: str = doc(
        "motorway (it reached or passed L'Autostrada) or turn limit (the option "
        "final_turn_limit, ruling MI-A4)"
    )


@attrs.frozen
class WealthCounted(Event):
    """Final wealth (ruling MI-17): cash + streets at neighbourhood value + bridges."""

    seat: int = doc("the seat counted")
    cash: int = doc("its cash in dollars")
    streets: int = doc("its street concessions, each at its neighbourhood value, in dollars")
    bridges: int = doc("its bridge concessions at $500,000 each, in dollars")
    total: int = doc("its final wealth in dollars: cash + streets + bridges (its score)")


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
