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
from collections.abc import Sequence
from functools import lru_cache
from itertools import product
from typing import Final

from msgspec.structs import replace

from calculator.core.tiles import CURRENCIES, Currency
from calculator.engine.actions import Buy, Choices, TakeMoney
from calculator.engine.components import CARD, DisplayCard, MoneyCard, ScoringCard, piles_formed
from calculator.engine.errors import IllegalAction, Path
from calculator.engine.events import Event, MoneyTaken
from calculator.engine.hooks import PileCards
from calculator.engine.state import SETUP, Draft, Game, GameState, Player, slot_currency
from calculator.engine.turn import actions_done
from calculator.engine.turn.purchase import PAYMENT_MEMO, minimal_payments, pay
from calculator.modules.exchange.records import EXCHANGE_CARDS, HELD, NAME, ExchangeCard, Held


def held(player: Player) -> tuple[ExchangeCard, ...]:
    """V2: the exchange cards in the player's hand."""
    return HELD.of(player).exchange_cards


IN_THE_PILES: Final[PileCards] = PileCards(EXCHANGE_CARDS, piles=(2, 3, 4), per_pile=2)
"""V2, T1: the six cards shuffled, two into each of money piles 2, 3 and 4."""


def usable(game: Game) -> bool:
    """V2: exchange cards cannot be used once the last building tile has entered the market
    (the bag is empty)."""
    return bool(game.bag)


# --- taking one ----------------------------------------------------------------------------


def legal_takes(state: Game) -> Choices:
    """V2: each face-up exchange card, taken alone (T3)."""
    seat = state.turn.player
    assert seat is not None
    face_up = dict.fromkeys(card for card in state.face_up if isinstance(card, ExchangeCard))
    return Choices([(TakeMoney, (seat, (), (card,))) for card in face_up])


def take(draft: Draft, action: TakeMoney) -> list[Event]:
    """V2, T3: a face-up exchange card into the hand, instead of money; the turn ends."""
    _in_game(draft)
    if action.cards or len(action.module_cards) != 1:
        raise IllegalAction(
            "V2", "an exchange card is taken alone, instead of money: one card, nothing else"
        )
    (card,) = action.module_cards
    if not isinstance(card, ExchangeCard) or card not in draft.face_up:
        raise IllegalAction("V2", f"the {card.describe()} is not face up")
    draft.face_up.remove(card)
    player = draft.players[action.player]
    draft.players[action.player] = HELD.put(player, Held((*held(player), card)))
    return [MoneyTaken(action.player, (), (card,)), *actions_done(draft)]


def _in_game(game: Game) -> None:
    if NAME not in game.options.modules:
        raise IllegalAction("V2", "this game is played without the exchange cards")


# --- paying with one -----------------------------------------------------------------------


def legal_buys(state: Game) -> Choices:
    """V2: for each slot and each distinct exchange card in the hand showing the slot's
    currency, the canonical payments (see :mod:`purchase`) that need the card: those using at
    least one card of its other currency. A payment the slot's currency alone makes is listed
    without the card (:func:`calculator.engine.turn.purchase.legal_buys`)."""
    seat = state.turn.player
    assert seat is not None
    player = state.players[seat]
    if not held(player) or not usable(state):
        return Choices([])
    return Choices(
        [
            (Buy, (seat, slot, payment, (card,)))
            for slot, tile in enumerate(state.market, start=1)
            if tile is not None and tile.price is not None
            for card, payments in payments_by_card(player, slot, tile.price)
            for payment in payments
        ]
    )


def payments_by_card(
    player: Player, slot: int, price: int
) -> list[tuple[ExchangeCard, tuple[tuple[MoneyCard, ...], ...]]]:
    """V2: for each distinct exchange card in the player's hand that shows the currency of
    market slot ``slot``, the canonical payments for a tile of ``price`` there that need it
    (:func:`payments_with`; possibly none)."""
    cards = HELD.of(player).exchange_cards
    if not cards:
        return []
    currency = slot_currency(slot)
    return [
        (card, payments_with(player.hand, card, currency, price))
        for card in dict.fromkeys(cards)
        if currency in card.currencies
    ]


def payments_with(
    hand: Sequence[MoneyCard], card: ExchangeCard, currency: Currency, price: int
) -> tuple[tuple[MoneyCard, ...], ...]:
    """V2: the canonical payments for a tile of ``price`` in a slot of ``currency`` that need
    the exchange card ``card`` (it shows ``currency`` and another)."""
    other = card.currencies[1] if card.currencies[0] is currency else card.currencies[0]
    own = sorted(c.value for c in hand if c.currency is currency)
    theirs = sorted(c.value for c in hand if c.currency is other)
    return _payments_with(
        CURRENCIES.index(currency), CURRENCIES.index(other), tuple(own), tuple(theirs), price
    )


@lru_cache(maxsize=PAYMENT_MEMO)
def _payments_with(
    own_index: int, other_index: int, own: tuple[int, ...], theirs: tuple[int, ...], price: int
) -> tuple[tuple[MoneyCard, ...], ...]:
    """A payment without a card to spare depends on the values alone
    (:func:`~calculator.engine.turn.purchase.minimal_payments`); each of those values is then made
    up of cards of either currency, in every way the hand allows, keeping the ways that use
    the other currency."""
    currency, other = CURRENCIES[own_index], CURRENCIES[other_index]
    own_copies, their_copies = Counter(own), Counter(theirs)
    found = []
    for values in minimal_payments(tuple(sorted(own + theirs)), price):
        ways = [
            [(value, count - theirs_used, theirs_used)
             for theirs_used in range(max(0, count - own_copies[value]),
                                      min(count, their_copies[value]) + 1)]
            for value, count in sorted(Counter(values).items())
        ]  # fmt: skip
        for way in product(*ways):
            if any(theirs_used for _, _, theirs_used in way):
                cards: list[MoneyCard] = []
                for value, own_used, theirs_used in way:
                    cards += [CARD[currency, value]] * own_used + [CARD[other, value]] * theirs_used
                found.append(tuple(sorted(cards)))
    return tuple(found)


def buy(draft: Draft, action: Buy) -> list[Event]:
    """V2, T4: a purchase paid in both currencies of an exchange card from the hand, one of
    them the slot's; the card is discarded with the payment."""
    _in_game(draft)
    if len(action.module_cards) > 1:
        raise IllegalAction("V2", "one exchange card covers one purchase: use one at most")
    (card,) = action.module_cards
    player = draft.players[action.player]
    if not isinstance(card, ExchangeCard) or card not in held(player):
        raise IllegalAction("V2", f"the player holds no {card.describe()}")
    if not usable(draft):
        raise IllegalAction(
            "V2",
            "exchange cards cannot be used once the last building tile has entered the market",
        )
    currency = slot_currency(action.slot)
    if currency not in card.currencies:
        raise IllegalAction(
            "V2",
            f"the {card.describe()} does not show {currency.value}, the currency of market "
            f"slot {action.slot}",
        )
    events = pay(draft, action, card.currencies)
    player = draft.players[action.player]
    kept = list(held(player))
    kept.remove(card)
    draft.players[action.player] = HELD.put(player, Held(tuple(kept)))
    draft.discard += (card,)
    return events


# --- conservation ----------------------------------------------------------------------------


def inconsistencies(state: GameState) -> list[tuple[Path, str]]:
    """V2: each of the 6 exchange cards once (a hand, face up, the pile, the discard); none at
    all without the module."""
    places = in_sight(state.players, state.face_up)
    money: tuple[tuple[str, Sequence[DisplayCard | ScoringCard]], ...] = (
        ("pile", state.pile), ("discard", state.discard),
    )  # fmt: skip
    for name, cards in money:
        places += _among(name, cards)
    if NAME not in state.options.modules:
        return [(where, 'there are exchange cards only with the "exchange" module (V2)')
                for where, _ in places[:1]]  # fmt: skip
    found = repeated(places)
    seen = {card for _, card in places}
    # T1: the exchange cards join the money when it is split into piles, after the deal
    before_piles = state.turn.phase == SETUP and not piles_formed(state.pile)
    if before_piles and seen:
        found.append(
            (
                places[0][0],
                "the exchange cards join the money when the piles are "
                "formed, after the deal (T1, V2)",
            )
        )
    missing = [card.describe() for card in EXCHANGE_CARDS if card not in seen]
    if missing and not before_piles:
        found.append(
            (
                ("pile",),
                f"{', '.join(missing)} missing: the 6 exchange cards are each somewhere (V2)",
            )
        )
    return found


def at_table(state: GameState) -> GameState:
    """V2, a state built from what lies on a table: the exchange cards nobody sees (in no
    hand, not face up, not discarded) are in the money pile."""
    places = in_sight(state.players, state.face_up)
    places += _among("discard", state.discard) + _among("pile", state.pile)
    seen = {card for _, card in places}
    unseen = tuple(card for card in EXCHANGE_CARDS if card not in seen)
    return replace(state, pile=(*state.pile, *unseen))


def in_sight(
    players: Sequence[Player], face_up: Sequence[DisplayCard]
) -> list[tuple[Path, ExchangeCard]]:
    """Where each exchange card in sight lies: the hands, then the face-up money."""
    places: list[tuple[Path, ExchangeCard]] = [
        (("players", seat, "exchange_cards", index), card)
        for seat, player in enumerate(players)
        for index, card in enumerate(held(player))
    ]
    return places + _among("face_up", face_up)


def _among(
    name: str, cards: Sequence[DisplayCard | ScoringCard]
) -> list[tuple[Path, ExchangeCard]]:
    return [
        ((name, index), card) for index, card in enumerate(cards) if isinstance(card, ExchangeCard)
    ]


def repeated(places: Sequence[tuple[Path, ExchangeCard]]) -> list[tuple[Path, str]]:
    """V2: each place holding an exchange card already seen in an earlier one (there are 6
    cards, one of each pair of currencies)."""
    found: list[tuple[Path, str]] = []
    seen: set[ExchangeCard] = set()
    for where, card in places:
        if card in seen:
            found.append((where, "there is one exchange card of each pair of currencies (V2)"))
        seen.add(card)
    return found
