"""The Vizier's Favour, the vizier (V1): an out-of-turn purchase, paid exactly, once per token.

Each player has a vizier token, face up (active) at setup. After every turn, once its refill
and any scoring round (and dummy draw) the refill called are over, the players are asked "in
the order of their usual turns": starting with the player who plays next and going round the
table, so the player whose turn just ended is asked last (a token turned face up again in a
turn is not used before everybody else has been asked). Only a player whose vizier is active
and who can pay some market tile exactly in its slot's currency is asked; the others are
passed over without a question.

The player asked either buys (:class:`VizierBuy`: exact payment, no extra action) or declines
(:class:`DeclineVizier`). A purchase turns the token face down; the player places the tile at
once like a bought tile (T6: Alhambra, reserve, or the dummy, D4) in phase
``vizier_placement``; the market is then refilled (T7, the phase ``refill`` again) and the
offers go on. Each player is asked at most once between two turns (``turn.vizier_asked``):
the next one asked is the first seat in that order not yet asked who may buy now, so a player
passed over before a vizier's refill is asked if the new tile makes an exact payment possible.
Then the next player's turn begins (T2).

The vizier buys market tiles only, never what a module's action added to the tiles waiting
for the end of a turn (V4), and is not offered once the last
building tile has entered the market (the bag is empty). Turning the token face up again is a
full action (:class:`ActivateVizier`, T2), also the further action an exact payment earns (T4).

The vizier's refill draws one tile and leaves the face-up money as it is (the purchase takes
none of it), so it cannot reveal a scoring card: a scoring card revealed by the turn's refill
is scored before the offers (T8).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Final

from calculator.core.text import Text
from calculator.engine.actions import Action, Buy
from calculator.engine.codes import HUT, MONEY_CARDS, NO_TILE, PRICE, SLOT_CURRENCY, TILES, VALUE
from calculator.engine.components import ModuleCard
from calculator.engine.core import REFILL, Game, Kind, Move, Phase, Problems, Seat, Step
from calculator.engine.errors import IllegalAction
from calculator.engine.hand import exact_payment, payments
from calculator.engine.turn import actions_done
from calculator.engine.turn.draws import below
from calculator.engine.turn.purchase import check_buy
from calculator.modules.vizier.records import (
    ASKED,
    NAME,
    OFFERED,
    PLACING,
    TOKEN,
    ActivateVizier,
    Asked,
    DeclineVizier,
    Token,
    VizierActivated,
    VizierBought,
    VizierBuy,
    VizierDeclined,
    VizierOffered,
)

PHASES: Final[tuple[Phase, ...]] = (OFFERED, PLACING)


def face_up(game: Game) -> None:
    """V1, setup: every player's vizier token face up."""
    for seat in game.seats:
        TOKEN.set(seat.parts, Token(True))


def token(game: Game, seat: int) -> bool | None:
    """V1: the vizier token of ``seat``, ``True`` face up; ``None`` without the module."""
    return TOKEN.get(game.seats[seat].parts).vizier


def asked(game: Game) -> tuple[int, ...]:
    """V1: the seats asked about their vizier since the turn's refill, in order."""
    return ASKED.get(game.turn_parts).vizier_asked


Payment = tuple[int, tuple[int, ...], tuple[ModuleCard, ...]]
"""A vizier's purchase: the slot, the money cards (codes), and a module's card used (V2)."""


def exact_payments(game: Game, seat: int) -> Iterator[Payment]:
    """V1: every exact payment ``seat`` could make for a market tile: the canonical payments
    of T4 whose total is the price, and those a module's card of the hand allows (V2)."""
    player = game.seats[seat]
    packed = player.hand.packed
    others = [
        ways(player, game.market)
        for ways, usable in game.rules.payments
        if usable is None or usable(game)
    ]
    for slot, tile in enumerate(game.market, start=1):
        price = PRICE[tile] if tile != NO_TILE else 0
        if not price:
            continue
        currency = SLOT_CURRENCY[slot]
        if exact_payment(packed[currency], price):
            for payment in payments(currency, packed[currency], price):
                if sum(map(VALUE.__getitem__, payment)) == price:
                    yield slot, payment, ()
        for by_module in others:
            for paid_slot, card, by_card in by_module:
                if paid_slot == slot:
                    for payment in by_card:
                        if sum(map(VALUE.__getitem__, payment)) == price:
                            yield slot, payment, (card,)


def _pays_exactly(game: Game, player: Seat) -> bool:
    """V1: can ``player`` pay a market tile exactly (in the slot's currency alone, or as a
    module's card allows: V2)?"""
    sums, packed = player.hand.sums, player.hand.packed
    for slot, tile in enumerate(game.market, start=1):
        if tile != NO_TILE:
            currency = SLOT_CURRENCY[slot]
            price = PRICE[tile]
            if price and sums[currency] >= price and exact_payment(packed[currency], price):
                return True
    for pays_exactly, usable in game.rules.pays_exactly:
        if (usable is None or usable(game)) and pays_exactly(player, game.market):
            return True
    return False


def offered_to(game: Game) -> int | None:
    """V1: the seat to ask next, in turn order from the player who plays next (the player
    whose turn just ended last): the first not yet asked who has an active vizier and can pay
    a market tile exactly; ``None`` when there is nobody, or once the last building tile has
    entered the market (the bag is empty)."""
    ended = game.player
    if not game.bag or ended is None:
        return None
    seats = game.seats
    already = asked(game)
    for step in range(1, len(seats) + 1):
        seat = (ended + step) % len(seats)
        player = seats[seat]
        if seat not in already and TOKEN.get(player.parts).vizier and _pays_exactly(game, player):
            return seat
    return None


def offering(seat: int) -> Step:
    def offer(game: Game) -> None:
        """V1: the turn and its refill are over; ask ``seat`` about the vizier."""
        game.phase = OFFERED
        if game.log is not None:
            game.log.append(VizierOffered(seat))

    return offer


OFFERS: Final[tuple[Step, ...]] = tuple(offering(seat) for seat in range(6))
"""V1: the step asking each seat, by seat."""


def legal_decisions(game: Game) -> list[Move]:
    """V1: the exact purchases of the player asked, and declining."""
    seat = _asked_now(game)
    return [*_buys(game, seat), (DECLINE, seat)]


def _asked_now(game: Game) -> int:
    seat = offered_to(game)
    assert seat is not None
    return seat


def _buys(game: Game, seat: int) -> list[Move]:
    """V1: the exact purchases ``seat`` may make with the vizier."""
    return [
        (BUY, seat, slot, payment, cards) for slot, payment, cards in exact_payments(game, seat)
    ]


def decide(game: Game, action: Action) -> Move:
    """V1: the player asked buys a tile paying exactly, or declines."""
    if isinstance(action, DeclineVizier):
        return (DECLINE, action.player)
    if not isinstance(action, VizierBuy):
        raise IllegalAction("V1", Text("api.V1.buy_or_decline"))
    slot = action.slot
    tile = game.market[slot - 1] if 1 <= slot <= len(game.market) else NO_TILE
    paid = sum(card.value for card in action.payment)
    if tile != NO_TILE and PRICE[tile] and paid > PRICE[tile]:
        raise IllegalAction(
            "V1",
            Text("api.V1.exact", paid=paid, tile=TILES[tile].named(), price=PRICE[tile]),
        )
    purchase = _purchase(game, action.player, slot, action.payment, action.module_cards)
    return (BUY, action.player, slot, purchase[3], action.module_cards)


def _purchase(
    game: Game,
    seat: int,
    slot: int,
    payment: tuple[object, ...],
    module_cards: tuple[ModuleCard, ...],
) -> Move:
    """The purchase the vizier makes, checked as a buy (T4; paid with a module's card, as that
    module rules it: V2)."""
    cards = tuple(MONEY_CARDS[card] if isinstance(card, int) else card for card in payment)
    purchase = Buy(seat, slot, cards, module_cards)  # type: ignore[arg-type]
    claim = game.rules.claim(purchase)
    try:
        return (check_buy if claim is None else claim.check)(game, purchase)
    except IllegalAction as refusal:
        told = Text("api.V1.follows", rule=refusal.rule, why=refusal.message)
        raise IllegalAction("V1", told) from None


def _buy(game: Game, move: Move) -> None:
    """V1: the purchase, out of turn: the token turns face down, and the buyer places the tile
    at once (no further action, whatever a purchase in a turn would earn)."""
    _, seat, slot, payment, module_cards = move
    ASKED.set(game.turn_parts, Asked((*asked(game), seat)))
    buys, extra_action, log = game.buys, game.extra_action, game.log
    purchase = _purchase(game, seat, slot, payment, module_cards)
    game.log = None  # the purchase is the vizier's, reported as such
    purchase[0].play(game, purchase)
    game.log = log
    tile = game.bought[-1]
    game.buys, game.extra_action, game.bought = buys, extra_action, [tile]
    game.phase = PLACING
    TOKEN.set(game.seats[seat].parts, Token(False))
    if log is not None:
        log.append(
            VizierBought(
                seat, slot, TILES[tile], tuple(MONEY_CARDS[card] for card in payment), module_cards
            )
        )


def _decline(game: Game, move: Move) -> None:
    seat = move[1]
    ASKED.set(game.turn_parts, Asked((*asked(game), seat)))
    game.phase = REFILL  # the offers go on
    if game.log is not None:
        game.log.append(VizierDeclined(seat))


def placed(game: Game) -> None:
    """V1: the vizier's tile is placed; the market is refilled (T7), then the offers go on."""
    game.phase = REFILL


def buyer(game: Game) -> int:
    """V1: the vizier's tile is placed by the player who used the vizier."""
    return asked(game)[-1]


def legal_activations(game: Game) -> list[Move]:
    seat = game.player
    assert seat is not None
    return [(ACTIVATE, seat)] if token(game, seat) is False else []


def check_activate(game: Game, action: ActivateVizier) -> Move:
    """V1: turning the token face up again is the turn's action (T2)."""
    if NAME not in game.rules.names:
        raise IllegalAction("V1", Text("api.V1.without"))
    if token(game, action.player):
        raise IllegalAction("V1", Text("api.V1.already_active"))
    return (ACTIVATE, action.player)


def _activate(game: Game, move: Move) -> None:
    seat = move[1]
    TOKEN.set(game.seats[seat].parts, Token(True))
    if game.log is not None:
        game.log.append(VizierActivated(seat))
    actions_done(game)


def not_in_a_turn(game: Game, action: Action) -> Move:
    """V1: the vizier is offered between two turns, never during one, and not at all once the
    last building tile has entered the market."""
    if not game.bag:
        raise IllegalAction("V1", Text("api.V1.no_more"))
    raise IllegalAction("V1", Text("api.V1.between_turns"))


def inconsistencies(game: Game) -> Problems:
    """V1: a vizier token per player exactly with the module; vizier phases that can exist."""
    found: Problems
    seats = range(len(game.seats))
    phase = game.phase
    if NAME not in game.rules.names:
        found = [
            (
                ("players", seat, "vizier"),
                Text(
                    "api.module.only_with", pieces=Text("api.V1.pieces"), module="vizier", rule="V1"
                ),
            )
            for seat in seats
            if token(game, seat) is not None
        ]
        if asked(game) or phase in PHASES:
            found.append((("turn", "phase"), Text("api.V1.module_only")))
        return found
    found = [
        (("players", seat, "vizier"), Text("api.V1.each_has"))
        for seat in seats
        if token(game, seat) is None
    ]
    seen = asked(game)
    if any(seat not in seats for seat in seen) or len(set(seen)) < len(seen):
        return [*found, (("turn", "vizier_asked"), Text("api.V1.asked_once"))]
    if seen and phase not in (*PHASES, REFILL):  # a table waits in a vizier's refill
        found.append(
            (
                ("turn", "vizier_asked"),
                Text("api.V1.asked_between"),
            )
        )
    if phase == OFFERED:
        if found:
            return found
        if NO_TILE in game.market or offered_to(game) is None:
            found.append(
                (
                    ("turn", "phase"),
                    Text("api.V1.nobody_asked"),
                )
            )
    elif phase == PLACING:
        bought_by = seen[-1] if seen else None
        if bought_by is None or token(game, bought_by) is not False:
            found.append(
                (
                    ("turn", "vizier_asked"),
                    Text("api.V1.placed_by_user"),
                )
            )
        if len(game.bought) != 1 or HUT[game.bought[0]]:
            found.append((("turn", "bought"), Text("api.V1.one_tile")))
        if sum(tile == NO_TILE for tile in game.market) != 1 or not game.bag:
            found.append(
                (
                    ("market",),
                    Text("api.V1.slot_empty"),
                )
            )
    if phase in PHASES and game.dummy_draws:
        found.append((("turn", "dummy_draws"), Text("api.V1.dummy_first")))
    return found


def random_decision(game: Game, rng: random.Random) -> Move:
    """V1: the random player buys (one exact payment, uniformly) or declines, as often: it
    decides first, and lists the purchases only to buy."""
    seat = _asked_now(game)
    if rng.random() < 0.5:
        return rng.choice(_buys(game, seat))
    return (DECLINE, seat)


def playout_decision(game: Game, rng: random.Random) -> Move:
    """V1: a search's playout buys with the vizier when offered (one exact payment,
    uniformly), and declines only when it cannot."""
    seat = _asked_now(game)
    buys = _buys(game, seat)
    return buys[below(rng, len(buys))] if buys else (DECLINE, seat)


def passed_over(game: Game, seat: int) -> None:
    """V1: the vizier is offered to ``seat`` now, so the seats the offer passed over (in turn
    order from the next player) could not pay exactly: they count as asked, so that no
    determinisation dealing them other money offers them the vizier first."""
    if game.phase != OFFERED or game.player is None:
        return
    seats = len(game.seats)
    already = asked(game)
    passed = []
    for step in range(1, seats + 1):
        seat_asked = (game.player + step) % seats
        if seat_asked == seat:
            break
        if seat_asked not in already:
            passed.append(seat_asked)
    ASKED.set(game.turn_parts, Asked(already + tuple(passed)))


BUY: Final[Kind] = Kind(
    "vizier_buy",
    _buy,
    lambda game, move: VizierBuy(
        move[1], move[2], tuple(MONEY_CARDS[card] for card in move[3]), move[4]
    ),
)
"""V1: ``(BUY, seat, slot, payment, module_cards)``."""
DECLINE: Final[Kind] = Kind("decline_vizier", _decline, lambda game, move: DeclineVizier(move[1]))
"""V1: ``(DECLINE, seat)``."""
ACTIVATE: Final[Kind] = Kind(
    "activate_vizier", _activate, lambda game, move: ActivateVizier(move[1])
)
"""V1: ``(ACTIVATE, seat)``."""
