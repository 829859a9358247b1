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

from msgspec.structs import replace

from calculator import modules as registry
from calculator.engine.actions import Action, Buy, Choices, PlayerAction
from calculator.engine.components import ModuleCard, MoneyCard, total
from calculator.engine.errors import IllegalAction, Path
from calculator.engine.events import Event
from calculator.engine.state import REFILL, Draft, Game, GameState, Phase, slot_currency
from calculator.engine.turn import actions_done
from calculator.engine.turn.purchase import buy, payments_for
from calculator.modules.vizier.records import (
    ASKED,
    NAME,
    OFFERED,
    PLACING,
    TOKEN,
    ActivateVizier,
    DeclineVizier,
    Token,
    VizierActivated,
    VizierBought,
    VizierBuy,
    VizierDeclined,
    VizierOffered,
)

PHASES: Final[tuple[Phase, ...]] = (OFFERED, PLACING)


def face_up(state: GameState) -> GameState:
    """V1, setup: every player's vizier token face up."""
    return replace(state, players=tuple(TOKEN.put(p, Token(True)) for p in state.players))


def token(game: Game, seat: int) -> bool | None:
    """V1: the vizier token of ``seat``, ``True`` face up; ``None`` without the module."""
    return TOKEN.of(game.players[seat]).vizier


def asked(game: Game) -> tuple[int, ...]:
    """V1: the seats asked about their vizier since the turn's refill, in order."""
    return ASKED.of(game.turn).vizier_asked


Payment = tuple[int, tuple[MoneyCard, ...], tuple[ModuleCard, ...]]
"""A vizier's purchase: the slot, the money cards, and a module's card used (V2), if any."""


def exact_payments(game: Game, seat: int) -> Iterator[Payment]:
    """V1: every exact payment ``seat`` could make for a market tile: the canonical payments
    of T4 whose total is the price, and those a module's card of the hand allows (V2)."""
    player = game.players[seat]
    others = [
        ways
        for ways, usable in registry.active(game.options.modules).payments
        if usable is None or usable(game)
    ]
    for slot, tile in enumerate(game.market, start=1):
        if tile is None or tile.price is None:
            continue
        for payment in payments_for(player.hand, slot_currency(slot), tile.price):
            if total(payment) == tile.price:
                yield slot, payment, ()
        for ways in others:
            for card, payments in ways(player, slot, tile.price):
                for payment in payments:
                    if total(payment) == tile.price:
                        yield slot, payment, (card,)


def _may_buy(game: Game, seat: int) -> bool:
    return (
        bool(TOKEN.of(game.players[seat]).vizier)
        and next(exact_payments(game, seat), None) is not None
    )


def offered_to(game: Game) -> int | None:
    """V1: the seat to ask next, in turn order from the player who plays next (the player
    whose turn just ended last): the first not yet asked who has an active vizier and can pay
    a market tile exactly; ``None`` when there is nobody, or once the last building tile has
    entered the market (the bag is empty)."""
    ended = game.turn.player
    if not game.bag or ended is None:
        return None
    seats = len(game.players)
    already = asked(game)
    for step in range(1, seats + 1):
        seat = (ended + step) % seats
        if seat not in already and _may_buy(game, seat):
            return seat
    return None


def offer(draft: Draft) -> list[Event]:
    """V1: the turn and its refill are over; ask the next player about the vizier."""
    seat = offered_to(draft)
    assert seat is not None
    draft.turn = replace(draft.turn, phase=OFFERED)
    return [VizierOffered(seat)]


def legal_decisions(state: Game) -> Choices:
    """V1: the exact purchases of the player asked, and declining."""
    seat = offered_to(state)
    assert seat is not None
    buys: list[tuple[type, tuple[object, ...]]] = [
        (VizierBuy, (seat, slot, payment, card))
        for slot, payment, card in exact_payments(state, seat)
    ]
    return Choices([*buys, (DeclineVizier, (seat,))])


def decide(draft: Draft, action: PlayerAction) -> list[Event]:
    """V1: the player asked buys a tile paying exactly, or declines."""
    turn = ASKED.change(draft.turn, vizier_asked=(*asked(draft), action.player))
    if isinstance(action, DeclineVizier):
        draft.turn = replace(turn, phase=REFILL)  # the offers go on
        return [VizierDeclined(action.player)]
    if not isinstance(action, VizierBuy):
        raise IllegalAction(
            "V1",
            "between two turns a player asked about the vizier buys a tile paying exactly "
            "(vizier_buy) or declines (decline_vizier); nothing else",
        )
    tile = draft.market[action.slot - 1]
    if tile is not None and tile.price is not None and total(action.payment) > tile.price:
        raise IllegalAction(
            "V1",
            f"the vizier's purchase is paid exactly: {total(action.payment)} for "
            f"{tile.describe()}'s price of {tile.price}",
        )
    purchase = Buy(action.player, action.slot, action.payment, action.module_cards)
    try:
        (registry.claimed(purchase) or buy)(draft, purchase)  # a module's card pays (V2)
    except IllegalAction as refusal:
        raise IllegalAction("V1", f"the vizier's purchase follows {refusal}") from None
    draft.players[action.player] = TOKEN.put(draft.players[action.player], Token(False))
    bought = draft.turn.bought[-1]
    draft.turn = replace(turn, phase=PLACING, bought=(bought,))
    return [VizierBought(action.player, action.slot, bought, action.payment, action.module_cards)]


def placed(draft: Draft) -> list[Event]:
    """V1: the vizier's tile is placed; the market is refilled (T7), then the offers go on."""
    draft.turn = replace(draft.turn, phase=REFILL)
    return []


def legal_activations(state: Game) -> list[ActivateVizier]:
    seat = state.turn.player
    assert seat is not None
    return [ActivateVizier(seat)] if token(state, seat) is False else []


def activate(draft: Draft, action: ActivateVizier) -> list[Event]:
    """V1: turning the token face up again is the turn's action (T2)."""
    if NAME not in draft.options.modules:
        raise IllegalAction("V1", "this game is played without the vizier")
    if token(draft, action.player):
        raise IllegalAction("V1", "the vizier is already face up (active)")
    draft.players[action.player] = TOKEN.put(draft.players[action.player], Token(True))
    return [VizierActivated(action.player), *actions_done(draft)]


def inconsistencies(state: GameState) -> list[tuple[Path, str]]:
    """V1: a vizier token per player exactly with the module; vizier phases that can exist."""
    turn = state.turn
    found: list[tuple[Path, str]]
    seats = range(len(state.players))
    if NAME not in state.options.modules:
        found = [
            (("players", seat, "vizier"), 'there is a vizier only with the "vizier" module (V1)')
            for seat in seats
            if token(state, seat) is not None
        ]
        if asked(state) or turn.phase in PHASES:
            found.append((("turn", "phase"), "the vizier is played only with its module (V1)"))
        return found
    found = [
        (("players", seat, "vizier"), "with the vizier module each player has a vizier (V1)")
        for seat in seats
        if token(state, seat) is None
    ]
    seen = asked(state)
    if any(seat not in seats for seat in seen) or len(set(seen)) < len(seen):
        return [*found, (("turn", "vizier_asked"), "each seat is asked at most once (V1)")]
    if seen and turn.phase not in (*PHASES, REFILL):  # a table waits in a vizier's refill
        found.append(
            (
                ("turn", "vizier_asked"),
                "players are asked about the vizier only between two turns (V1)",
            )
        )
    if turn.phase == OFFERED:
        if found:
            return found
        if None in state.market or offered_to(state) is None:
            found.append(
                (
                    ("turn", "phase"),
                    "nobody can be asked about the vizier now (V1): "
                    "it takes an active vizier, an exact payment for a market tile and "
                    "tiles left in the bag",
                )
            )
    elif turn.phase == PLACING:
        buyer = seen[-1] if seen else None
        if buyer is None or token(state, buyer) is not False:
            found.append(
                (
                    ("turn", "vizier_asked"),
                    "the vizier's tile is placed by the player "
                    "who used the vizier, now face down (V1)",
                )
            )
        if len(turn.bought) != 1 or turn.bought[0].hut:
            found.append((("turn", "bought"), "the vizier buys one market tile (V1)"))
        if sum(tile is None for tile in state.market) != 1 or not state.bag:
            found.append(
                (
                    ("market",),
                    "the vizier's purchase leaves one market slot empty, "
                    "refilled from the bag after the placement (V1)",
                )
            )
    if turn.phase in PHASES and turn.dummy_draws:
        found.append((("turn", "dummy_draws"), "the dummy draws before the vizier (V1, D2)"))
    return found


def random_decision(game: Game, rng: random.Random) -> Action:
    """V1: the random player buys (one exact payment, uniformly) or declines, as often."""
    *buys, decline = legal_decisions(game)
    return rng.choice(buys) if rng.random() < 0.5 else decline


def playout_decision(game: Game, rng: random.Random) -> Action:
    """V1: a search's playout buys with the vizier when offered (one exact payment,
    uniformly), and declines only when it cannot."""
    *buys, decline = legal_decisions(game)
    return buys[rng.randrange(len(buys))] if buys else decline


def passed_over(state: GameState, seat: int) -> GameState:
    """V1: the vizier is offered to ``seat`` now, so the seats the offer passed over (in turn
    order from the next player) could not pay exactly: they count as asked, so that no
    determinisation dealing them other money offers them the vizier first."""
    turn = state.turn
    if turn.phase != OFFERED or turn.player is None:
        return state
    seats = len(state.players)
    passed = []
    for step in range(1, seats + 1):
        seat_asked = (turn.player + step) % seats
        if seat_asked == seat:
            break
        if seat_asked not in asked(state):
            passed.append(seat_asked)
    return replace(state, turn=ASKED.change(turn, vizier_asked=asked(state) + tuple(passed)))
