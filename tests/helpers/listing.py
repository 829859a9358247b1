"""Whether an engine state lists exactly its legal actions (T1-T9, D1-D4, V1-V4): every listed
action is accepted, and plausible unlisted ones (right and wrong seats, cards, slots, tiles,
cells) are refused. The random games of ``tests/engine`` check it at sampled steps."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import chain

from calculator.core.tiles import BUILDINGS, CATALOG
from calculator.engine import ActionRefused, GameState, apply, legal_actions
from calculator.engine.actions import (
    Action,
    BuildFromReserve,
    Buy,
    EndTurn,
    GiveToDummy,
    MoveToReserve,
    Pass,
    PlaceTile,
    ReserveTile,
    RevealMoney,
    RevealScoringCard,
    RevealTile,
    Swap,
    TakeMoney,
)
from calculator.engine.components import CARD, MoneyCard
from calculator.engine.game import to_act
from calculator.modules.huts.records import TakeHut
from calculator.modules.vizier.records import ActivateVizier, DeclineVizier, VizierBuy


def sampled(pool: list, count: int, rng: random.Random) -> list:
    return pool if len(pool) <= count else rng.sample(pool, count)


def candidates(state: GameState, rng: random.Random) -> Iterator[Action]:
    """Plausible actions, legal or not: right and wrong seats, cards, slots, tiles, cells."""
    seats = list(range(len(state.players)))
    actor = to_act(state)
    seat = actor if actor is not None and rng.random() < 0.8 else rng.choice(seats)
    player = state.players[seat]
    every_card = list(CARD.values())
    yield RevealTile(rng.choice(CATALOG))
    yield RevealMoney(rng.choice(every_card))
    yield RevealScoringCard(rng.choice((1, 2)))
    for _ in range(4):
        face_up = [card for card in state.face_up if isinstance(card, MoneyCard)]  # V2 apart
        pool = [*face_up, rng.choice(every_card)]
        yield TakeMoney(seat, tuple(sorted(rng.sample(pool, rng.randint(1, min(4, len(pool)))))))
    for slot in range(1, 5):
        if player.hand:
            payment = rng.sample(player.hand, rng.randint(1, min(4, len(player.hand))))
            yield Buy(seat, slot, tuple(sorted(payment)))
    yield EndTurn(seat)
    yield Pass(seat)
    if "huts" in state.options.modules:  # V4: a turn's action, at most 3 per player
        yield TakeHut(seat, rng.choice(BUILDINGS))
    if "vizier" in state.options.modules:  # V1: offered or not, paid exactly or not
        yield DeclineVizier(seat)
        yield ActivateVizier(seat)
        for slot in range(1, 5):
            if player.hand:
                payment = rng.sample(player.hand, rng.randint(1, min(3, len(player.hand))))
                yield VizierBuy(seat, slot, tuple(sorted(payment)))
    alhambra = player.alhambra
    frontier = sorted(alhambra.frontier())
    cells = [*sampled(frontier, 4, rng), (rng.randint(-6, 6), rng.randint(-6, 6))]
    built = sorted(alhambra.tiles)
    for cell in [*sampled(built, 3, rng), (9, 9)]:
        yield MoveToReserve(seat, cell)
    waiting = list(state.turn.bought) + [a.tile for a in state.turn.awarded]
    for tile in [*sampled(list(player.reserve), 2, rng), rng.choice(CATALOG)]:
        for cell in cells:
            yield BuildFromReserve(seat, tile, cell)
        for cell in sampled(built, 2, rng):
            yield Swap(seat, tile, cell)
    for tile in [*waiting, rng.choice(CATALOG)]:
        for cell in cells:
            yield PlaceTile(seat, tile, cell)
        yield ReserveTile(seat, tile)
        yield GiveToDummy(seat, tile)


def contains(payment: tuple[MoneyCard, ...], part: tuple[MoneyCard, ...]) -> bool:
    return not Counter(part) - Counter(payment)


def check_listing(state: GameState, rng: random.Random, more: Iterable[Action] = ()) -> None:
    """Listed actions are accepted; an unlisted one (of :func:`candidates`, and ``more``) is
    refused, unless it is a buy paying more than a listed (canonical) payment contained in it
    (T4: legal, never listed)."""
    listed = legal_actions(state)
    assert len(set(listed)) == len(listed), "an action is listed twice"
    for action in sampled(listed, 40, rng):
        apply(state, action)  # raises if refused
    listed_set = set(listed)
    for action in chain(candidates(state, rng), more):
        if action in listed_set:
            continue
        try:
            apply(state, action)
        except ActionRefused:
            continue
        assert isinstance(action, Buy), f"accepted but not listed: {action}"
        assert any(
            isinstance(other, Buy)
            and other.slot == action.slot
            and contains(action.payment, other.payment)
            for other in listed
        ), f"accepted but no listed payment within it: {action}"
