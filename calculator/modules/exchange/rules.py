"""The Vizier's Favour, exchange cards (V2): shuffled into the money, laid face up, taken, used
to pay one purchase in two currencies, discarded and reshuffled.

Six cards, one per pair of currencies; at setup two are shuffled into each of money piles 2, 3
and 4 (T1). They are drawn like money: the face-up display holds four cards in all, money or
exchange cards (T1, T7), and the discard pile, exchange cards included, becomes the new pile
when the pile runs out (T7, :func:`calculator.engine.turn.draws.reshuffle_discard`).

Taking one face-up exchange card is a take-money action (T3), instead of money: alone, never
with money cards. A player may pay one purchase (T4) with one exchange card from the hand and
cards of both its currencies, when one of them is the slot's currency; an exact payment still
earns another action, and the card is discarded with the payment. Exchange cards are no money:
they count for nothing where money is counted (T9's majority for the market tiles left).

"Not usable once the last building tile has entered the market" is read as: once the bag is
empty, a purchase with an exchange card is refused (and not listed); taking one is still a
take-money action like any other, so it stays legal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import product
from typing import Any, Final

from calculator.core.text import Text
from calculator.core.tiles import CURRENCIES, Currency
from calculator.engine.actions import Buy, TakeMoney
from calculator.engine.codes import MONEY_CARDS, NO_TILE, PRICE, SLOT_CURRENCY, money_code
from calculator.engine.components import DisplayCard, ScoringCard
from calculator.engine.core import SETUP, Game, Kind, Move, PileCards, Problems, Seat
from calculator.engine.errors import IllegalAction, Path
from calculator.engine.events import MoneyTaken
from calculator.engine.hand import PAYMENT_MEMO, Hand, minimal_payments, totals_of, values
from calculator.engine.turn import actions_done
from calculator.engine.turn.purchase import check_payment, pay
from calculator.engine.turn.setup import piles_formed
from calculator.modules.exchange.records import EXCHANGE_CARDS, HELD, NAME, ExchangeCard, Held


def held(parts: Mapping[str, Any]) -> tuple[ExchangeCard, ...]:
    """V2: the exchange cards in a player's hand (given the player's parts)."""
    return HELD.get(parts).exchange_cards


IN_THE_PILES: Final[PileCards] = PileCards(EXCHANGE_CARDS, piles=(2, 3, 4), per_pile=2)
"""V2, T1: the six cards shuffled, two into each of money piles 2, 3 and 4."""


def usable(game: Game) -> bool:
    """V2: exchange cards cannot be used once the last building tile has entered the market
    (the bag is empty)."""
    return bool(game.bag)


# --- taking one ----------------------------------------------------------------------------


def legal_takes(game: Game) -> list[Move]:
    """V2: each face-up exchange card, taken alone (T3)."""
    seat = game.player
    cards = game.rules.cards
    face_up = dict.fromkeys(card for card in game.face_up if isinstance(cards[card], ExchangeCard))
    return [(TAKE, seat, card) for card in face_up]


def check_take(game: Game, action: TakeMoney) -> Move:
    """V2, T3: a face-up exchange card into the hand, instead of money; the turn ends."""
    _in_game(game)
    if action.cards or len(action.module_cards) != 1:
        raise IllegalAction("V2", Text("api.V2.taken_alone"))
    (card,) = action.module_cards
    code = game.rules.card_code.get(card)
    if not isinstance(card, ExchangeCard) or code not in game.face_up:
        raise IllegalAction("V2", Text("api.V2.not_face_up", card=card.named()))
    return (TAKE, action.player, code)


def _take(game: Game, move: Move) -> None:
    _, seat, code = move
    card = game.rules.cards[code]
    assert isinstance(card, ExchangeCard)
    game.face_up.remove(code)
    parts = game.seats[seat].parts
    HELD.set(parts, Held((*held(parts), card)))
    if game.log is not None:
        game.log.append(MoneyTaken(seat, (), (card,)))
    actions_done(game)


def _in_game(game: Game) -> None:
    if NAME not in game.rules.names:
        raise IllegalAction("V2", Text("api.V2.without"))


# --- paying with one -----------------------------------------------------------------------


def legal_buys(game: Game) -> list[Move]:
    """V2: for each slot and each distinct exchange card in the hand showing the slot's
    currency, the canonical payments (see :mod:`purchase`) that need the card: those using at
    least one card of its other currency. A payment the slot's currency alone makes is listed
    without the card (:func:`calculator.engine.turn.purchase.legal_buys`)."""
    seat = game.player
    assert seat is not None
    player = game.seats[seat]
    if not held(player.parts) or not usable(game):
        return []
    code = game.rules.card_code
    return [
        (BUY, seat, slot, payment, code[card])
        for slot, card, payments in payments_by_card(player, game.market)
        for payment in payments
    ]


def payments_by_card(
    player: Seat, market: Sequence[int]
) -> list[tuple[int, ExchangeCard, tuple[tuple[int, ...], ...]]]:
    """V2: for each tile of the ``market`` (codes, slot 1 first) and each distinct exchange
    card in the player's hand that shows the currency of its slot, the canonical payments for
    the tile that need the card (:func:`payments_with`; possibly none)."""
    cards = held(player.parts)
    if not cards:
        return []
    distinct = tuple(dict.fromkeys(cards))
    found = []
    for slot, tile in enumerate(market, start=1):
        if tile == NO_TILE or not PRICE[tile]:
            continue
        currency = CURRENCIES[SLOT_CURRENCY[slot]]
        found += [
            (slot, card, payments_with(player.hand, card, currency, PRICE[tile]))
            for card in distinct
            if currency in card.currencies
        ]
    return found


def pays_exactly(player: Seat, market: Sequence[int]) -> bool:
    """V2 for V1: can the player pay a tile of the ``market`` (codes, slot 1 first) exactly
    with the slot's currency and, by an exchange card of the hand that shows it, the card's
    other currency? Cards totalling the price have none to spare, so such a payment that
    needs the card is among those :func:`payments_by_card` lists. The values of the two
    currencies are counted together: at most 3 copies of a card (C3) fill no more than the
    bits of a value (:data:`~calculator.engine.hand.VALUE_BITS`) in the sum."""
    cards = held(player.parts)
    if not cards:
        return False
    packed = player.hand.packed
    for card in cards:
        first, second = _CURRENCIES_SHOWN[card]
        totals = totals_of(packed[first] + packed[second])
        for currency in (first, second):
            tile = market[_SLOT_INDEX[currency]]
            if tile != NO_TILE and PRICE[tile] and totals >> PRICE[tile] & 1:
                return True
    return False


_CURRENCIES_SHOWN: Final[dict[ExchangeCard, tuple[int, int]]] = {
    card: (CURRENCIES.index(card.currencies[0]), CURRENCIES.index(card.currencies[1]))
    for card in EXCHANGE_CARDS
}
"""V2: the two currencies each exchange card shows (indices of ``CURRENCIES``)."""
_SLOT_INDEX: Final[tuple[int, ...]] = tuple(
    SLOT_CURRENCY.index(currency) - 1 for currency in range(len(CURRENCIES))
)
"""C4: the market slot of each currency (by index of ``CURRENCIES``), as an index of the
market."""


def payments_with(
    hand: Hand, card: ExchangeCard, currency: Currency, price: int
) -> tuple[tuple[int, ...], ...]:
    """V2: the canonical payments (money codes) for a tile of ``price`` in a slot of
    ``currency`` that need the exchange card ``card`` (it shows ``currency`` and another)."""
    other = card.currencies[1] if card.currencies[0] is currency else card.currencies[0]
    own, theirs = CURRENCIES.index(currency), CURRENCIES.index(other)
    return _payments_with(own, theirs, hand.packed[own], hand.packed[theirs], price)


@lru_cache(maxsize=PAYMENT_MEMO)
def _payments_with(
    own_index: int, other_index: int, own_packed: int, their_packed: int, price: int
) -> tuple[tuple[int, ...], ...]:
    """A payment without a card to spare depends on the values alone
    (:func:`~calculator.engine.hand.minimal_payments`); each of those values is then made
    up of cards of either currency, in every way the hand allows, keeping the ways that use
    the other currency."""
    own, theirs = values(own_packed), values(their_packed)
    own_copies, their_copies = Counter(own), Counter(theirs)
    found = []
    for payment in minimal_payments(tuple(sorted(own + theirs)), price):
        ways = [
            [(value, count - theirs_used, theirs_used)
             for theirs_used in range(max(0, count - own_copies[value]),
                                      min(count, their_copies[value]) + 1)]
            for value, count in sorted(Counter(payment).items())
        ]  # fmt: skip
        for way in product(*ways):
            if any(theirs_used for _, _, theirs_used in way):
                cards: list[int] = []
                for value, own_used, theirs_used in way:
                    cards += [money_code(own_index, value)] * own_used
                    cards += [money_code(other_index, value)] * theirs_used
                found.append(tuple(sorted(cards)))
    return tuple(found)


def check_buy(game: Game, action: Buy) -> Move:
    """V2, T4: a purchase paid in both currencies of an exchange card from the hand, one of
    them the slot's; the card is discarded with the payment."""
    _in_game(game)
    if len(action.module_cards) > 1:
        raise IllegalAction("V2", Text("api.V2.one_per_purchase"))
    (card,) = action.module_cards
    if not isinstance(card, ExchangeCard) or card not in held(game.seats[action.player].parts):
        raise IllegalAction("V2", Text("api.V2.not_held", card=card.named()))
    if not usable(game):
        raise IllegalAction("V2", Text("api.V2.too_late"))
    currency = CURRENCIES[SLOT_CURRENCY[action.slot]]
    if currency not in card.currencies:
        raise IllegalAction(
            "V2",
            Text(
                "api.V2.wrong_currency",
                card=card.named(),
                currency=Text(f"currency.{currency.value}"),
                slot=action.slot,
            ),
        )
    payment = check_payment(game, action, [CURRENCIES.index(c) for c in card.currencies])
    return (BUY, action.player, action.slot, payment, game.rules.card_code[card])


def _buy(game: Game, move: Move) -> None:
    _, seat, slot, payment, code = move
    card = game.rules.cards[code]
    assert isinstance(card, ExchangeCard)
    pay(game, seat, slot, payment, (card,))
    parts = game.seats[seat].parts
    kept = list(held(parts))
    kept.remove(card)
    HELD.set(parts, Held(tuple(kept)))
    game.discard.append(code)


def _card(game: Game, code: int) -> ExchangeCard:
    card = game.rules.cards[code]
    assert isinstance(card, ExchangeCard)
    return card


TAKE: Final[Kind] = Kind(
    "take_money",
    _take,
    lambda game, move: TakeMoney(move[1], (), (_card(game, move[2]),)),
)
"""V2: ``(TAKE, seat, card)``, a face-up exchange card (its code) taken."""
BUY: Final[Kind] = Kind(
    "buy",
    _buy,
    lambda game, move: Buy(
        move[1], move[2], tuple(MONEY_CARDS[c] for c in move[3]), (_card(game, move[4]),)
    ),
)
"""V2: ``(BUY, seat, slot, payment, card)``, paid with the exchange card (its code)."""


# --- conservation ----------------------------------------------------------------------------


def inconsistencies(game: Game) -> Problems:
    """V2: each of the 6 exchange cards once (a hand, face up, the pile, the discard); none at
    all without the module."""
    known = game.rules.cards
    places = in_sight(game.seats, [known[card] for card in game.face_up])  # type: ignore[misc]
    money: tuple[tuple[str, Sequence[DisplayCard | ScoringCard]], ...] = (
        ("pile", [known[card] for card in game.pile]),
        ("discard", [known[card] for card in game.discard]),
    )
    for name, cards in money:
        places += _among(name, cards)
    if NAME not in game.rules.names:
        only = Text(
            "api.module.only_with", pieces=Text("api.V2.pieces"), module="exchange", rule="V2"
        )
        return [(where, only) for where, _ in places[:1]]
    found = repeated(places)
    seen = {card for _, card in places}
    # T1: the exchange cards join the money when it is split into piles, after the deal
    before_piles = game.phase == SETUP and not piles_formed(game.pile)
    if before_piles and seen:
        found.append(
            (
                places[0][0],
                Text("api.V2.join_the_piles"),
            )
        )
    missing = [card.named() for card in EXCHANGE_CARDS if card not in seen]
    if missing and not before_piles:
        found.append(
            (
                ("pile",),
                Text("api.V2.missing", cards=missing, n=len(missing)),
            )
        )
    return found


def at_table(game: Game) -> None:
    """V2, a game built from what lies on a table: the exchange cards nobody sees (in no
    hand, not face up, not discarded) are in the money pile."""
    known = game.rules.cards
    places = in_sight(game.seats, [known[card] for card in game.face_up])  # type: ignore[misc]
    places += _among("discard", [known[card] for card in game.discard])
    places += _among("pile", [known[card] for card in game.pile])
    seen = {card for _, card in places}
    code = game.rules.card_code
    game.pile += [code[card] for card in EXCHANGE_CARDS if card not in seen]


def in_sight(
    players: Sequence[Seat], face_up: Sequence[DisplayCard]
) -> list[tuple[Path, ExchangeCard]]:
    """Where each exchange card in sight lies: the hands, then the face-up money."""
    places: list[tuple[Path, ExchangeCard]] = [
        (("players", seat, "exchange_cards", index), card)
        for seat, player in enumerate(players)
        for index, card in enumerate(held(player.parts))
    ]
    return places + _among("face_up", face_up)


def _among(
    name: str, cards: Sequence[DisplayCard | ScoringCard]
) -> list[tuple[Path, ExchangeCard]]:
    return [
        ((name, index), card) for index, card in enumerate(cards) if isinstance(card, ExchangeCard)
    ]


def repeated(places: Sequence[tuple[Path, ExchangeCard]]) -> Problems:
    """V2: each place holding an exchange card already seen in an earlier one (there are 6
    cards, one of each pair of currencies)."""
    found: Problems = []
    seen: set[ExchangeCard] = set()
    for where, card in places:
        if card in seen:
            found.append((where, Text("api.V2.one_of_each")))
        seen.add(card)
    return found
