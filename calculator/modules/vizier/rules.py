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

The vizier buys market tiles only, never a worker hut (V4), and is not offered once the last
building tile has entered the market (the bag is empty). Turning the token face up again is a
full action (:class:`ActivateVizier`, T2), also the further action an exact payment earns (T4).

The vizier's refill draws one tile and leaves the face-up money as it is (the purchase takes
none of it), so it cannot reveal a scoring card: a scoring card revealed by the turn's refill
is scored before the offers (T8).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from msgspec.structs import replace

from calculator import modules as registry
from calculator.engine.actions import (
    ActivateVizier,
    Buy,
    Choices,
    DeclineVizier,
    PlayerAction,
    VizierBuy,
)
from calculator.engine.components import ExchangeCard, MoneyCard, total
from calculator.engine.errors import IllegalAction, Path
from calculator.engine.events import (
    Event,
    VizierActivated,
    VizierBought,
    VizierDeclined,
    VizierOffered,
)
from calculator.engine.purchase import buy, payments_for
from calculator.engine.state import Draft, Game, GameState, Phase, slot_currency
from calculator.engine.turn import actions_done

PHASES: Final[tuple[Phase, ...]] = (Phase.VIZIER, Phase.VIZIER_PLACEMENT)


def face_up(state: GameState) -> GameState:
    """V1, setup: every player's vizier token face up."""
    return replace(state, players=tuple(replace(p, vizier=True) for p in state.players))


Payment = tuple[int, tuple[MoneyCard, ...], tuple[ExchangeCard, ...]]
"""A vizier's purchase: the slot, the money cards, and (V2) the exchange card used, if any."""


def exact_payments(game: Game, seat: int) -> Iterator[Payment]:
    """V1: every exact payment ``seat`` could make for a market tile: the canonical payments
    of T4 whose total is the price, and (V2) those with an exchange card of the hand."""
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
    return bool(game.players[seat].vizier) and next(exact_payments(game, seat), None) is not None


def offered_to(game: Game) -> int | None:
    """V1: the seat to ask next, in turn order from the player who plays next (the player
    whose turn just ended last): the first not yet asked who has an active vizier and can pay
    a market tile exactly; ``None`` when there is nobody, or once the last building tile has
    entered the market (the bag is empty)."""
    ended = game.turn.player
    if not game.bag or ended is None:
        return None
    seats = len(game.players)
    for step in range(1, seats + 1):
        seat = (ended + step) % seats
        if seat not in game.turn.vizier_asked and _may_buy(game, seat):
            return seat
    return None


def offer(draft: Draft) -> list[Event]:
    """V1: the turn and its refill are over; ask the next player about the vizier."""
    seat = offered_to(draft)
    assert seat is not None
    draft.turn = replace(draft.turn, phase=Phase.VIZIER)
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
    turn = draft.turn
    asked = (*turn.vizier_asked, action.player)
    if isinstance(action, DeclineVizier):
        draft.turn = replace(turn, phase=Phase.REFILL, vizier_asked=asked)  # the offers go on
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
    purchase = Buy(action.player, action.slot, action.payment, action.exchange)
    try:
        (registry.claimed(purchase) or buy)(draft, purchase)  # V2: an exchange card pays
    except IllegalAction as refusal:
        raise IllegalAction("V1", f"the vizier's purchase follows {refusal}") from None
    player = draft.players[action.player]
    draft.players[action.player] = replace(player, vizier=False)
    bought = draft.turn.bought[-1]
    draft.turn = replace(turn, phase=Phase.VIZIER_PLACEMENT, bought=(bought,), vizier_asked=asked)
    return [VizierBought(action.player, action.slot, bought, action.payment, action.exchange)]


def placed(draft: Draft) -> list[Event]:
    """V1: the vizier's tile is placed; the market is refilled (T7), then the offers go on."""
    draft.turn = replace(draft.turn, phase=Phase.REFILL)
    return []


def legal_activations(state: Game) -> list[ActivateVizier]:
    seat = state.turn.player
    assert seat is not None
    return [ActivateVizier(seat)] if state.players[seat].vizier is False else []


def activate(draft: Draft, action: ActivateVizier) -> list[Event]:
    """V1: turning the token face up again is the turn's action (T2)."""
    if "vizier" not in draft.options.modules:
        raise IllegalAction("V1", "this game is played without the vizier")
    player = draft.players[action.player]
    if player.vizier:
        raise IllegalAction("V1", "the vizier is already face up (active)")
    draft.players[action.player] = replace(player, vizier=True)
    return [VizierActivated(action.player), *actions_done(draft)]


def inconsistencies(state: GameState) -> list[tuple[Path, str]]:
    """V1: a vizier token per player exactly with the module; vizier phases that can exist."""
    turn = state.turn
    found: list[tuple[Path, str]]
    if "vizier" not in state.options.modules:
        found = [
            (("players", seat, "vizier"), 'there is a vizier only with the "vizier" module (V1)')
            for seat, player in enumerate(state.players)
            if player.vizier is not None
        ]
        if turn.vizier_asked or turn.phase in PHASES:
            found.append((("turn", "phase"), "the vizier is played only with its module (V1)"))
        return found
    found = [
        (("players", seat, "vizier"), "with the vizier module each player has a vizier (V1)")
        for seat, player in enumerate(state.players)
        if player.vizier is None
    ]
    seats = range(len(state.players))
    asked = turn.vizier_asked
    if any(seat not in seats for seat in asked) or len(set(asked)) < len(asked):
        return [*found, (("turn", "vizier_asked"), "each seat is asked at most once (V1)")]
    if asked and turn.phase not in (*PHASES, Phase.REFILL):  # a table waits in a vizier's refill
        found.append(
            (
                ("turn", "vizier_asked"),
                "players are asked about the vizier only between two turns (V1)",
            )
        )
    if turn.phase == Phase.VIZIER:
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
    elif turn.phase == Phase.VIZIER_PLACEMENT:
        buyer = asked[-1] if asked else None
        if buyer is None or state.players[buyer].vizier is not False:
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
