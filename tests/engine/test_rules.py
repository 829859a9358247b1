"""The turn rules (T1-T9) and the 2-player game (D1-D4), one named test per rule and case."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from msgspec.structs import replace

from calculator.api.game_document import dump_event
from calculator.core.building import removal_violations, swap_violations
from calculator.core.grid import wall_pattern
from calculator.core.scoring import Holding, score_round
from calculator.core.tiles import CATALOG, Building
from calculator.engine import GameOver, IllegalAction, NotYourTurn, apply, legal_actions
from calculator.engine.actions import (
    BuildFromReserve,
    Buy,
    EndTurn,
    GiveToDummy,
    MoveToReserve,
    Pass,
    PlaceTile,
    ReserveTile,
    Swap,
    TakeMoney,
)
from calculator.engine.components import SCORING_CARDS, MoneyCard, ScoringCard, money_cards
from calculator.engine.events import (
    DiscardReshuffled,
    DummyDrew,
    GameEnded,
    MarketFilled,
    MarketTileAwarded,
    MoneyDrawn,
    RoundScored,
    ScoringCardRevealed,
    TileGivenToDummy,
    TurnStarted,
)
from calculator.engine.hand import minimal_payments
from calculator.engine.state import GameState
from calculator.engine.turn.redesign import removable_cells, swappable_cells
from calculator.engine.turn.setup import pile_sizes
from calculator.i18n import say
from tests.helpers.alhambras import grow
from tests.helpers.engine_scenes import (
    cards,
    checked,
    game,
    of_type,
    play,
    tile,
    with_alhambra,
    with_bag,
    with_dummy,
    with_face_up,
    with_hand,
    with_market,
    with_pile_top,
    with_reserve,
)

PAVILIONS = [tile("pavilion", price) for price in (3, 4, 5, 6)]
OPEN = tile("pavilion", 8)  # no walls: fits beside the fountain on any side
OPEN_TOO = tile("seraglio", 9)
WEST_WALL = tile("seraglio", 7)


def money_in(state: GameState) -> Counter[MoneyCard]:
    held = [card for player in state.players for card in player.hand]
    pile = [card for card in state.pile if isinstance(card, MoneyCard)]
    return Counter(held + list(state.face_up) + pile + list(state.discard))


# --- T1, D1, D2: setup ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_t1_each_player_draws_until_twenty(players):
    for seed in range(4):
        state = game(players, seed, start=None)
        for player in state.players:
            total = sum(card.value for card in player.hand)
            assert 20 <= total <= 28
            assert total - player.hand[-1].value < 20  # the last card drawn crossed 20


def test_t1_start_player_has_fewest_cards_then_lowest_total():
    for seed in range(10):
        state = game(4, seed, start=None)
        hands = [player.hand for player in state.players]
        expected = min(range(4), key=lambda s: (len(hands[s]), sum(c.value for c in hands[s]), s))
        assert state.turn.player == expected


def test_t1_the_caller_may_name_the_start_player():
    assert game(4, 3, start=2).turn.player == 2


def test_t1_four_money_cards_face_up_and_four_tiles_in_the_market():
    state = game(5, 11)
    assert len(state.face_up) == 4
    assert None not in state.market and len(state.market) == 4
    assert state.turn.number == 1 and state.turn.phase == "action"


def test_t1_scoring_cards_lie_in_piles_2_and_4():
    for seed in range(10):
        state = game(3, seed)
        pile = list(state.pile)
        sizes = pile_sizes(len(pile) - 2)
        first = pile.index(ScoringCard(1))
        second = pile.index(ScoringCard(2))
        pile_2 = range(sizes[0], sizes[0] + sizes[1] + 1)
        pile_4_start = sum(sizes[:3]) + 1  # scoring card 1 adds one card above
        pile_4 = range(pile_4_start, pile_4_start + sizes[3] + 1)
        assert first in pile_2 and second in pile_4


def test_t1_five_piles_as_equal_as_possible():
    assert pile_sizes(83) == [17, 17, 17, 16, 16]
    assert sum(pile_sizes(41)) == 41 and max(pile_sizes(41)) - min(pile_sizes(41)) <= 1


def test_t1_the_same_seed_gives_the_same_game_and_another_seed_another():
    assert game(4, 5) == game(4, 5)
    assert game(4, 5) != game(4, 6)


def test_d1_a_two_player_game_has_72_money_cards():
    assert sum(money_in(game(2)).values()) == 72
    assert money_in(game(2)) == Counter(money_cards(2))
    assert sum(money_in(game(3)).values()) == 108


def test_d2_the_dummy_draws_six_tiles_at_setup():
    state = game(2)
    assert state.dummy is not None and len(state.dummy) == 6
    assert game(3).dummy is None


# --- T2: the turn --------------------------------------------------------------------------------


def test_t2_play_passes_in_seat_order():
    state = with_face_up(game(3), cards("florin 9", "denar 1", "denar 2", "dirham 3"))
    state, events = apply(state, TakeMoney(0, cards("florin 9")))
    assert state.turn.player == 1 and of_type(events, TurnStarted) == [TurnStarted(1, 2)]


def test_t2_only_the_player_whose_turn_it_is_acts():
    state = with_face_up(game(3), cards("florin 9", "denar 1", "denar 2", "dirham 3"))
    with pytest.raises(NotYourTurn) as refused:
        apply(state, TakeMoney(1, cards("florin 9")))
    assert refused.value.rule == "T2"


def test_t2_a_player_with_no_legal_action_passes():
    state = with_face_up(with_hand(game(3), 0, ()), ())
    assert legal_actions(state) == [Pass(0)]
    state, _ = apply(state, Pass(0))
    assert state.turn.player == 1 and len(state.face_up) == 4


def test_t2_passing_is_refused_while_an_action_is_legal():
    with pytest.raises(IllegalAction) as refused:
        apply(game(3), Pass(0))
    assert refused.value.rule == "T2"


# --- T3: take money ------------------------------------------------------------------------------

FACE_UP = cards("florin 9", "denar 2", "dirham 3", "ducat 4")


def test_t3_one_card_of_any_value():
    state = with_face_up(game(3), FACE_UP)
    state, _ = apply(state, TakeMoney(0, cards("florin 9")))
    assert cards("florin 9")[0] in state.players[0].hand


def test_t3_several_cards_totalling_at_most_five():
    state = with_face_up(game(3), FACE_UP)
    hand = state.players[0].hand
    state, _ = apply(state, TakeMoney(0, cards("denar 2", "dirham 3")))
    assert state.players[0].hand == hand + cards("denar 2", "dirham 3")


def test_t3_several_cards_totalling_more_than_five_are_refused():
    state = with_face_up(game(3), FACE_UP)
    with pytest.raises(IllegalAction) as refused:
        apply(state, TakeMoney(0, cards("denar 2", "ducat 4")))
    assert refused.value.rule == "T3"


def test_t3_only_face_up_cards_can_be_taken():
    state = with_face_up(game(3), FACE_UP)
    with pytest.raises(IllegalAction) as refused:
        apply(state, TakeMoney(0, cards("denar 5")))
    assert refused.value.rule == "T3"


def test_t3_the_listed_takes_are_exactly_the_legal_ones():
    state = with_face_up(game(3), cards("denar 2", "denar 2", "dirham 3", "florin 9"))
    takes = {action.cards for action in legal_actions(state) if isinstance(action, TakeMoney)}
    assert takes == {
        cards("denar 2"),
        cards("dirham 3"),
        cards("florin 9"),
        cards("denar 2", "denar 2"),
        cards("denar 2", "dirham 3"),
    }


def test_t3_taking_money_ends_the_turn():
    state = with_face_up(game(3), FACE_UP)
    state, _ = apply(state, TakeMoney(0, cards("florin 9")))
    assert state.turn.player == 1


# --- T4: buy -------------------------------------------------------------------------------------


def buying(hand: tuple[MoneyCard, ...]) -> GameState:
    """Seat 0 holds ``hand``; the market offers pavilions of price 3, 4, 5 and 6."""
    return with_hand(with_market(game(3), PAVILIONS), 0, hand)


def test_t4_an_exact_payment_earns_another_action():
    state, events = apply(buying(cards("florin 3")), Buy(0, 1, cards("florin 3")))
    assert state.turn.player == 0 and state.turn.phase == "action" and state.turn.extra_action
    assert events[0].exact


def test_t4_overpaying_ends_the_turn():
    state, events = apply(buying(cards("florin 4")), Buy(0, 1, cards("florin 4")))
    assert not events[0].exact
    assert state.turn.phase == "placement" and state.turn.bought == (PAVILIONS[0],)


def test_t4_four_exact_buys_and_one_more_action():
    hand = cards("florin 3", "dirham 4", "denar 5", "ducat 6")
    state = with_face_up(buying(hand), FACE_UP)
    state, _ = play(state, *(Buy(0, slot, (card,)) for slot, card in enumerate(hand, start=1)))
    assert state.market == (None,) * 4 and state.turn.extra_action and state.turn.buys == 4
    state, _ = apply(state, TakeMoney(0, cards("florin 9")))  # the one more action
    assert state.turn.phase == "placement" and state.turn.bought == tuple(PAVILIONS)


def test_t4_payment_in_the_slot_currency_only():
    with pytest.raises(IllegalAction) as refused:
        apply(buying(cards("dirham 3")), Buy(0, 1, cards("dirham 3")))
    assert refused.value.rule == "T4" and "florin" in say(refused.value.message, "en")


def test_t4_too_little_money_is_refused():
    with pytest.raises(IllegalAction) as refused:
        apply(buying(cards("florin 1", "florin 1")), Buy(0, 1, cards("florin 1", "florin 1")))
    assert refused.value.rule == "T4"


def test_t4_cards_not_in_hand_are_refused():
    with pytest.raises(IllegalAction) as refused:
        apply(buying(cards("florin 3")), Buy(0, 1, cards("florin 7")))
    assert refused.value.rule == "T4"


def test_t4_the_market_is_not_refilled_during_the_turn():
    state, _ = apply(buying(cards("florin 3", "florin 4")), Buy(0, 1, cards("florin 3")))
    assert state.market[0] is None
    with pytest.raises(IllegalAction) as refused:
        apply(state, Buy(0, 1, cards("florin 4")))
    assert refused.value.rule == "T4"


def _all_minimal(values: list[int], price: int) -> set[tuple[int, ...]]:
    """By brute force: every sub-multiset that pays and has no card to spare."""
    found = set()
    for chosen in product([False, True], repeat=len(values)):
        payment = sorted(v for v, take in zip(values, chosen, strict=True) if take)
        if sum(payment) >= price and sum(payment) - payment[0] < price:
            found.add(tuple(payment))
    return found


@pytest.mark.parametrize(
    ("values", "price"),
    [([2, 2, 3, 5, 7], 7), ([9, 1, 1, 1], 3), ([4, 4, 4], 8), ([1, 2], 13), ([6], 2)],
)
def test_t4_payments_are_listed_canonically(values, price):
    assert set(minimal_payments(tuple(sorted(values)), price)) == _all_minimal(values, price)
    assert len(minimal_payments(tuple(sorted(values)), price)) == len(_all_minimal(values, price))


def test_t4_the_listed_buys_are_the_canonical_payments_of_each_slot():
    state = buying(cards("florin 2", "florin 2", "florin 1", "denar 9"))
    buys = {(a.slot, a.payment) for a in legal_actions(state) if isinstance(a, Buy)}
    assert buys == {
        (1, cards("florin 1", "florin 2")),
        (1, cards("florin 2", "florin 2")),
        (3, cards("denar 9")),
    }


def test_t4_a_payment_with_a_card_to_spare_is_legal_never_exact_and_not_listed():
    state = buying(cards("florin 3", "florin 1"))
    action = Buy(0, 1, cards("florin 1", "florin 3"))
    assert action not in legal_actions(state)
    state, events = apply(state, action)
    assert not events[0].exact and state.turn.phase == "placement"


def test_t4_declining_the_extra_action_ends_the_turn():
    state, _ = apply(buying(cards("florin 3")), Buy(0, 1, cards("florin 3")))
    assert EndTurn(0) in legal_actions(state)
    state, _ = apply(state, EndTurn(0))
    assert state.turn.phase == "placement"


def test_t4_nothing_to_decline_without_an_exact_payment():
    with pytest.raises(IllegalAction) as refused:
        apply(game(3), EndTurn(0))
    assert refused.value.rule == "T4"


# --- T5: redesign -------------------------------------------------------------------------------


def redesigning() -> GameState:
    """Seat 0: arcades at (1, 0) and (2, 0) (no walls); reserve: two tiles."""
    state = with_alhambra(game(3), 0, [((1, 0), tile("arcades", 9)), ((2, 0), tile("arcades", 10))])
    return with_reserve(state, 0, [OPEN, WEST_WALL])


def test_t5_a_reserve_tile_moves_into_the_alhambra():
    state, _ = apply(redesigning(), BuildFromReserve(0, OPEN, (0, 1)))
    player = state.players[0]
    assert player.alhambra.get((0, 1)) == OPEN and OPEN not in player.reserve
    assert state.turn.player == 1  # a redesign is the turn's action


def test_t5_a_build_must_keep_the_alhambra_legal():
    with pytest.raises(IllegalAction) as refused:
        apply(redesigning(), BuildFromReserve(0, WEST_WALL, (3, 0)))
    assert refused.value.rule == "B2"
    state, _ = apply(redesigning(), BuildFromReserve(0, WEST_WALL, (-1, 0)))
    assert state.players[0].alhambra.get((-1, 0)) == WEST_WALL


def test_t5_a_tile_moves_from_the_alhambra_to_the_reserve():
    state, _events = apply(redesigning(), MoveToReserve(0, (2, 0)))
    assert (2, 0) not in state.players[0].alhambra
    assert tile("arcades", 10) in state.players[0].reserve


def test_t5_a_removal_that_strands_a_tile_is_refused():
    with pytest.raises(IllegalAction) as refused:
        apply(redesigning(), MoveToReserve(0, (1, 0)))
    assert refused.value.rule == "B3"


def test_t5_the_fountain_never_moves():
    with pytest.raises(IllegalAction) as refused:
        apply(redesigning(), MoveToReserve(0, (0, 0)))
    assert refused.value.rule == "T5"
    with pytest.raises(IllegalAction):
        apply(redesigning(), Swap(0, OPEN, (0, 0)))


def test_t5_a_swap_takes_exactly_the_old_cell():
    state, _ = apply(redesigning(), Swap(0, OPEN, (1, 0)))
    player = state.players[0]
    assert player.alhambra.get((1, 0)) == OPEN
    assert tile("arcades", 9) in player.reserve and OPEN not in player.reserve


def test_t5_a_swap_must_match_the_walls_of_its_neighbours():
    with pytest.raises(IllegalAction) as refused:
        apply(redesigning(), Swap(0, WEST_WALL, (1, 0)))
    assert refused.value.rule == "B2"


def test_t5_only_reserve_tiles_come_into_the_alhambra():
    with pytest.raises(IllegalAction) as refused:
        apply(redesigning(), BuildFromReserve(0, OPEN_TOO, (0, 1)))
    assert refused.value.rule == "T5"


@pytest.mark.parametrize("seed", range(12))
def test_t5_the_fast_redesign_listings_agree_with_the_core(seed):
    alhambra = grow(seed, 6 + seed * 2)
    removable = {cell for cell in alhambra.tiles if not removal_violations(alhambra, cell)}
    assert set(removable_cells(alhambra.grid)) == removable
    for candidate in CATALOG[seed::9]:
        if candidate in alhambra.tiles.values():
            continue
        swappable = {c for c in alhambra.tiles if not swap_violations(alhambra, c, candidate)}
        assert set(swappable_cells(alhambra.grid, wall_pattern(candidate.walls))) == swappable


# --- T6, D4: placing at the end of the turn ------------------------------------------------------


def bought_two() -> GameState:
    """Seat 0 bought the pavilions of slots 1 and 2 (exactly) and declined a third action."""
    state = buying(cards("florin 3", "dirham 4"))
    state, _ = play(state, Buy(0, 1, cards("florin 3")), Buy(0, 2, cards("dirham 4")), EndTurn(0))
    return state


def test_t6_bought_tiles_are_placed_only_at_the_end_of_the_turn():
    state, _ = apply(buying(cards("florin 3")), Buy(0, 1, cards("florin 3")))
    with pytest.raises(IllegalAction) as refused:
        apply(state, PlaceTile(0, PAVILIONS[0], (0, 1)))
    assert refused.value.rule == "T6"


def test_t4_the_actions_are_over_once_placing_begins():
    """T4: only an exact payment earns another action; once the tiles bought wait to be
    placed, every further action is refused by that rule, not by the placement's (T6)."""
    with pytest.raises(IllegalAction) as refused:
        apply(bought_two(), TakeMoney(0, (bought_two().face_up[0],)))
    assert refused.value.rule == "T4" and "only an exact payment" in say(
        refused.value.message, "en"
    )


def test_t4_a_redesign_after_an_exact_buy_ends_the_turns_actions():
    """T4: the action an exact payment earns may be a redesign, which is not exact: a second
    purchase after it is refused by T4, the rule players argue about, and says why."""
    state = with_reserve(buying(cards("florin 3", "dirham 4")), 0, [OPEN])
    state, _ = apply(state, Buy(0, 1, cards("florin 3")))
    build = next(a for a in legal_actions(state) if isinstance(a, BuildFromReserve))
    state, _ = apply(state, build)
    assert state.turn.phase == "placement"
    with pytest.raises(IllegalAction) as refused:
        apply(state, Buy(0, 2, cards("dirham 4")))
    assert refused.value.rule == "T4"
    assert "only an exact payment earns another action" in say(refused.value.message, "en")
    assert "a redesign" in say(refused.value.message, "en")


def test_t6_bought_tiles_are_placed_in_any_order():
    state = bought_two()
    assert {a.tile for a in legal_actions(state) if isinstance(a, ReserveTile)} == set(
        PAVILIONS[:2]
    )
    state, _ = apply(state, ReserveTile(0, PAVILIONS[1]))  # the second one first
    assert state.turn.phase == "placement" and state.turn.bought == (PAVILIONS[0],)
    cell = next(a.cell for a in legal_actions(state) if isinstance(a, PlaceTile))
    state, _ = apply(state, PlaceTile(0, PAVILIONS[0], cell))
    assert state.players[0].alhambra.get(cell) == PAVILIONS[0]
    assert PAVILIONS[1] in state.players[0].reserve
    assert state.turn.player == 1  # all placed: the turn is over


def test_t6_a_placement_must_be_legal():
    with pytest.raises(IllegalAction) as refused:
        apply(bought_two(), PlaceTile(0, PAVILIONS[0], (5, 5)))
    assert refused.value.rule in ("B3", "B4")


def test_t6_only_waiting_tiles_are_placed():
    with pytest.raises(IllegalAction) as refused:
        apply(bought_two(), ReserveTile(0, PAVILIONS[3]))
    assert refused.value.rule == "T6"


def test_d4_a_bought_tile_may_go_to_the_dummy():
    state = with_hand(with_market(game(2), PAVILIONS), 0, cards("florin 4"))
    state, _ = apply(state, Buy(0, 1, cards("florin 4")))
    assert GiveToDummy(0, PAVILIONS[0]) in legal_actions(state)
    dummy = state.dummy
    state, events = apply(state, GiveToDummy(0, PAVILIONS[0]))
    assert state.dummy == (*dummy, PAVILIONS[0])
    assert events[0] == TileGivenToDummy(0, PAVILIONS[0])


def test_d4_there_is_no_dummy_with_three_players():
    state, _ = apply(buying(cards("florin 4")), Buy(0, 1, cards("florin 4")))
    assert not any(isinstance(a, GiveToDummy) for a in legal_actions(state))
    with pytest.raises(IllegalAction) as refused:
        apply(state, GiveToDummy(0, PAVILIONS[0]))
    assert refused.value.rule == "D4"


# --- T7, T8: refill and scoring rounds -----------------------------------------------------------


def test_t7_the_market_is_refilled_in_slot_order():
    state = buying(cards("florin 4", "denar 9"))
    bag_top = state.bag[:2]
    state, _ = play(state, Buy(0, 3, cards("denar 9")))
    state, events = play(state, ReserveTile(0, PAVILIONS[2]))
    filled = of_type(events, MarketFilled)
    assert filled == [MarketFilled(3, bag_top[0])]
    state = with_hand(with_market(game(3), PAVILIONS), 0, cards("florin 3", "denar 5"))
    bag_top = state.bag[:2]
    state, _ = play(state, Buy(0, 3, cards("denar 5")), Buy(0, 1, cards("florin 3")), EndTurn(0))
    state, events = play(state, ReserveTile(0, PAVILIONS[2]), ReserveTile(0, PAVILIONS[0]))
    assert of_type(events, MarketFilled) == [
        MarketFilled(1, bag_top[0]),
        MarketFilled(3, bag_top[1]),
    ]


def test_t7_the_face_up_money_goes_back_to_four():
    state = with_face_up(game(3), FACE_UP)
    top = state.pile[:2]
    state, events = apply(state, TakeMoney(0, cards("denar 2", "dirham 3")))
    assert of_type(events, MoneyDrawn) == [MoneyDrawn(card) for card in top]
    assert len(state.face_up) == 4


def test_t7_an_empty_pile_is_replaced_by_the_shuffled_discard():
    state = with_face_up(game(3), FACE_UP)
    pile = list(state.pile)
    last = pile[-1]
    assert isinstance(last, MoneyCard)
    rest = tuple(card for card in pile[:-1] if isinstance(card, MoneyCard))
    scoring = [card for card in pile if isinstance(card, ScoringCard)]
    # the pile is down to one card; the rest was spent (discarded); the scoring cards were scored
    state = checked(
        replace(state, pile=(last,), discard=rest, rounds_scored=tuple(c.round for c in scoring))
    )
    before = money_in(state)
    state, events = apply(state, TakeMoney(0, cards("denar 2", "dirham 3")))
    assert of_type(events, DiscardReshuffled) == [DiscardReshuffled(len(rest))]
    assert len(state.face_up) == 4 and not state.discard
    assert money_in(state) == before
    assert state.pile != rest[1:]  # shuffled, not kept in order


def test_t8_a_scoring_card_drawn_mid_refill_is_scored_after_the_refill():
    state = with_face_up(game(3), FACE_UP)
    first, second = [card for card in state.pile if isinstance(card, MoneyCard)][:2]
    state = with_pile_top(state, [first, SCORING_CARDS[0], second])
    state, events = apply(state, TakeMoney(0, cards("denar 2", "dirham 3")))
    kinds = [type(event) for event in events]
    assert kinds[kinds.index(MoneyDrawn) :] == [
        MoneyDrawn,
        ScoringCardRevealed,
        MoneyDrawn,
        RoundScored,
        TurnStarted,
    ]
    assert state.face_up[-2:] == (first, second) and state.rounds_scored == (1,)


def test_t8_a_round_adds_each_players_points_to_their_total():
    state = with_alhambra(
        game(3), 1, [((1, 0), tile("tower", 11, "")), ((0, 1), tile("garden", 10, ""))]
    )
    before = [p.score for p in state.players]  # no round scored yet: 0 each (T8)
    state = with_pile_top(with_face_up(state, FACE_UP), [SCORING_CARDS[0]])
    state, events = apply(state, TakeMoney(0, cards("florin 9")))
    scored = of_type(events, RoundScored)[0]
    tower_and_garden = score_round(
        1, [Holding({}), Holding({Building.TOWER: 1, Building.GARDEN: 1}), Holding({})]
    )
    assert scored.result == tower_and_garden
    totals = [
        score + points.points for score, points in zip(before, scored.result.players, strict=True)
    ]
    assert [p.score for p in state.players] == totals == [0, 6 + 5, 0] == list(scored.totals)


def test_d2_the_dummy_draws_six_tiles_right_after_round_1():
    state = with_pile_top(with_face_up(game(2), FACE_UP), [SCORING_CARDS[0]])
    dummy = state.dummy
    state, events = apply(state, TakeMoney(0, cards("florin 9")))
    kinds = [type(event) for event in events]
    assert kinds.index(RoundScored) < kinds.index(DummyDrew)
    assert len(of_type(events, DummyDrew)) == 6 and len(state.dummy) == len(dummy) + 6


def test_d2_the_dummy_draws_a_third_of_the_bag_right_after_round_2():
    state = with_pile_top(with_face_up(game(2), FACE_UP), [SCORING_CARDS[0]])
    state, _ = apply(state, TakeMoney(0, cards("florin 9")))
    state = with_pile_top(with_face_up(state, FACE_UP), [SCORING_CARDS[1]])
    bag = len(state.bag)
    state, events = apply(state, TakeMoney(1, cards("florin 9")))
    assert state.rounds_scored == (1, 2)
    assert len(of_type(events, DummyDrew)) == bag // 3 and len(state.bag) == bag - bag // 3


def test_d3_the_dummy_takes_part_in_majorities_but_scores_no_walls():
    state = with_pile_top(with_face_up(game(2), FACE_UP), [SCORING_CARDS[0]])
    towers = [
        t
        for t in state.bag + state.dummy
        if t.building == Building.TOWER and t != tile("tower", 11, "")
    ][:3]
    pavilions = [t for t in state.bag + state.dummy if t.building == Building.PAVILION][:3]
    # the dummy's 6 tiles of setup (D2): 3 towers, 3 pavilions
    dummy = towers + pavilions
    state = with_dummy(with_alhambra(state, 0, [((1, 0), tile("tower", 11, ""))]), dummy)
    state, events = apply(state, TakeMoney(0, cards("florin 9")))
    scored = of_type(events, RoundScored)[0].result
    assert scored.dummy is not None and scored.dummy.wall == 0
    assert scored.dummy.majorities[Building.TOWER].place == 1  # 3 towers against 1
    assert scored.dummy.majorities[Building.TOWER].points == 6
    assert scored.players[0].majorities[Building.TOWER].points == 0  # round 1 pays the 1st only


# --- T9: the end ---------------------------------------------------------------------------------


def ending(*, hands: dict[int, tuple[MoneyCard, ...]] | None = None) -> GameState:
    """Seat 0 is to buy the pavilion of slot 1 exactly; the bag is empty: the refill after
    this turn cannot fill slot 1 and the game ends (T9). Seats 1 and 2 hold ``hands``
    (by default nothing, so no market tile is awarded)."""
    state = with_hand(with_market(game(3), PAVILIONS), 0, cards("florin 3"))
    for seat, hand in (hands or {1: (), 2: ()}).items():
        state = with_hand(state, seat, hand)
    return with_bag(state, [])


def test_t9_the_game_ends_when_the_bag_cannot_fill_the_market():
    state, _ = play(
        ending(), Buy(0, 1, cards("florin 3")), EndTurn(0), ReserveTile(0, PAVILIONS[0])
    )
    assert state.over and state.turn.phase == "over" and state.rounds_scored[-1] == 3


def test_t9_the_market_is_filled_as_far_as_the_bag_allows():
    state = with_hand(with_market(game(3), PAVILIONS), 0, cards("florin 3", "dirham 4"))
    state = with_hand(with_hand(state, 1, ()), 2, ())
    one_left = state.bag[0]
    state = with_bag(state, [one_left])
    state, _ = play(state, Buy(0, 1, cards("florin 3")), Buy(0, 2, cards("dirham 4")), EndTurn(0))
    state, events = play(state, ReserveTile(0, PAVILIONS[0]), ReserveTile(0, PAVILIONS[1]))
    assert of_type(events, MarketFilled) == [MarketFilled(1, one_left)]
    assert state.over


def test_t9_market_tiles_go_to_the_most_money_in_their_currency():
    hands = {
        1: cards("dirham 9", "denar 2", "ducat 5"),
        2: cards("dirham 1", "denar 2", "dirham 8", "florin 1"),
    }
    state = ending(hands=hands)
    state, events = play(
        state, Buy(0, 1, cards("florin 3")), EndTurn(0), ReserveTile(0, PAVILIONS[0])
    )
    awards = {e.slot: (e.player, e.reason) for e in of_type(events, MarketTileAwarded)}
    # slot 2 (dirham): 9 against 9, a tie: stays; slot 3 (denar): 2 against 2: stays;
    # slot 4 (ducat): seat 1 holds 5, nobody else any
    assert awards == {2: (None, "tie"), 3: (None, "tie"), 4: (1, None)}
    assert state.turn.phase == "final_placement" and state.market[1:3] == tuple(PAVILIONS[1:3])


def test_t9_a_tile_nobody_holds_money_for_stays():
    state = ending(hands={1: cards("florin 9"), 2: cards("florin 8")})
    state, events = play(
        state, Buy(0, 1, cards("florin 3")), EndTurn(0), ReserveTile(0, PAVILIONS[0])
    )
    awarded = of_type(events, MarketTileAwarded)
    assert awarded and all(e.player is None for e in awarded)
    assert {e.reason for e in awarded} == {"nobody_holds"}  # florins only: no tie, no holder
    assert state.over


def test_t9_the_event_says_why_a_tile_stays_and_only_then():
    stays = MarketTileAwarded(2, PAVILIONS[0], None, "tie")
    goes = MarketTileAwarded(4, PAVILIONS[1], 1)
    assert dump_event(stays)["reason"] == "tie" and dump_event(stays)["player"] is None
    assert "reason" not in dump_event(goes) and dump_event(goes)["player"] == 1


def test_t9_receivers_place_their_tiles_then_round_3_is_scored():
    state = ending(hands={1: cards("ducat 5"), 2: cards("florin 1")})
    state, _ = play(state, Buy(0, 1, cards("florin 3")), EndTurn(0), ReserveTile(0, PAVILIONS[0]))
    assert state.turn.phase == "final_placement" and not state.over
    actions = legal_actions(state)
    assert {type(a) for a in actions} == {PlaceTile, ReserveTile}  # no redesign, no dummy
    assert {a.player for a in actions} == {1} and {a.tile for a in actions} == {PAVILIONS[3]}
    place = next(a for a in actions if isinstance(a, PlaceTile))
    state, events = apply(state, place)
    assert state.players[1].alhambra.get(place.cell) == PAVILIONS[3]
    assert of_type(events, RoundScored)[0].round == 3 and state.over


def test_t9_a_round_called_by_the_same_refill_is_scored_first():
    state = with_pile_top(with_face_up(ending(), FACE_UP), [SCORING_CARDS[0]])
    state, events = play(
        state,
        Buy(0, 1, cards("florin 3")),
        TakeMoney(0, cards("florin 9")),  # the face-up money is refilled: the scoring card
        ReserveTile(0, PAVILIONS[0]),
    )
    rounds = [e.round for e in of_type(events, RoundScored)]
    kinds = [type(e) for e in events]
    assert rounds == [1, 3] and kinds.index(RoundScored) < kinds.index(MarketTileAwarded)


def test_m6_equal_totals_share_the_win():
    # seats 0 and 1 each hold a tower without walls: round 3 ties them first, (21 + 13) / 2 =
    # 17 each; seat 2's tiles all lie in the reserve
    state = with_hand(with_market(game(3), PAVILIONS), 0, cards("florin 3"))
    state = with_hand(with_hand(state, 1, ()), 2, ())
    state = with_alhambra(state, 0, [((1, 0), tile("tower", 12, ""))])
    state = with_bag(with_alhambra(state, 1, [((1, 0), tile("tower", 11, ""))]), [])
    state, events = play(
        state, Buy(0, 1, cards("florin 3")), EndTurn(0), ReserveTile(0, PAVILIONS[0])
    )
    assert state.over and state.winners == (0, 1)
    assert of_type(events, GameEnded) == [GameEnded((0, 1), (17, 17, 0))]


def test_d3_the_dummy_never_wins():
    state = with_hand(with_market(game(2), PAVILIONS), 0, cards("florin 3"))
    state = with_bag(
        with_hand(state, 1, ()), []
    )  # everything else went to the dummy, who now holds 50 tiles
    state, _ = play(state, Buy(0, 1, cards("florin 3")), EndTurn(0), ReserveTile(0, PAVILIONS[0]))
    assert state.over and set(state.winners) <= {0, 1}


def test_t9_after_the_end_nothing_more_happens():
    state, _ = play(
        ending(), Buy(0, 1, cards("florin 3")), EndTurn(0), ReserveTile(0, PAVILIONS[0])
    )
    assert legal_actions(state) == []
    with pytest.raises(GameOver):
        apply(state, Pass(1))
