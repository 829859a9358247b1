"""The Vizier's Favour, exchange cards (V2): what the module adds to the base game
(:mod:`.rules` holds the rules)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from calculator.engine.actions import Buy, TakeMoney
from calculator.engine.components import DisplayCard
from calculator.engine.core import Claim, Game, Module, Move, Problems, Records, Seat
from calculator.modules.exchange.records import EXCHANGE_CARDS, HELD, NAME, ExchangeCard
from calculator.modules.exchange.rules import (
    IN_THE_PILES,
    at_table,
    check_buy,
    check_take,
    in_sight,
    inconsistencies,
    legal_buys,
    legal_takes,
    payments_by_card,
    pays_exactly,
    repeated,
    usable,
)


def _turn_actions(game: Game) -> list[Move]:
    """V2: an exchange card taken (T3) or used to pay (T4)."""
    return [*legal_takes(game), *legal_buys(game)]


def _table_inconsistencies(players: Sequence[Seat], face_up: Sequence[DisplayCard]) -> Problems:
    """V2: each exchange card in sight at most once."""
    return repeated(in_sight(players, face_up))


def _with_a_card(action: TakeMoney | Buy) -> bool:
    return bool(action.module_cards)


MODULE: Final[Module] = Module(
    name=NAME,
    rule="V2",
    records=Records(cards=(ExchangeCard,), player=HELD),
    pile_cards=IN_THE_PILES,
    turn_actions=_turn_actions,
    claims=(Claim(TakeMoney, check_take, _with_a_card), Claim(Buy, check_buy, _with_a_card)),
    payments=payments_by_card,
    pays_exactly=pays_exactly,
    usable=usable,
    random_kinds=(("take money", 4, (legal_takes,)), ("buy", 4, (legal_buys,))),
    inconsistencies=inconsistencies,
    at_table=at_table,
    table_inconsistencies=_table_inconsistencies,
    listed_items=("exchange",),
    catalog={"exchange_cards": [{card.wire: card.to_wire()} for card in EXCHANGE_CARDS]},
)
