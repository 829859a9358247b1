"""The computer players (issue 14): one interface, every legal action rated once, no peeking.

States come from seeded random games (digital and table mode, 2-6 players, module
combinations); budgets are small iteration counts, so every answer is reproducible.
"""

from __future__ import annotations

import random
from itertools import islice

import pytest
from msgspec.structs import replace

from calculator.core.scoring import POINTS, ROUNDS, rank_places
from calculator.core.tiles import BUILDINGS, CATALOG, Building
from calculator.engine import GameOver, NotYourTurn, Options, apply, legal_actions, new_game, to_act
from calculator.engine.actions import Buy, PlaceTile, ReserveTile, TakeMoney
from calculator.engine.components import CARD, MoneyCard
from calculator.engine.game import legal_moves, play
from calculator.engine.players import LEVELS, Budget, advise, choose, greedy, mcts
from calculator.engine.players.advice import Clock
from calculator.engine.players.evaluation import (
    WEIGHTS,
    extra_action,
    majority_gains,
    majority_points,
    money_values,
    projections,
    win_chances,
)
from calculator.engine.players.information import Unseen, determinise, information_set
from calculator.engine.players.mcts import EVALUATOR, Evaluation
from calculator.engine.players.random_play import random_action, random_move
from calculator.engine.simulate import NAMES
from calculator.engine.state import GameState, to_game, to_state
from calculator.engine.turn.purchase import BUY
from calculator.modules import ruleset
from calculator.modules.bonus.records import ASIDE, CARDS, Aside
from calculator.modules.bonus.rules import aside
from calculator.modules.exchange.records import EXCHANGE_CARDS
from calculator.modules.exchange.rules import held
from calculator.modules.huts.records import STACKS
from calculator.modules.huts.rules import stacks_of
from calculator.modules.vizier.records import DeclineVizier, VizierBuy
from tests.helpers import engine_scenes as scenes
from tests.helpers.clocks import ticking
from tests.helpers.engine_scenes import holding_exchange, with_hand

SMALL = Budget(iterations=12)
BUDGETS = {"random": Budget(iterations=1), "greedy": SMALL, "mcts": SMALL}
MODULE_SETS: list[frozenset[str]] = [
    frozenset(),
    frozenset({"vizier"}),
    frozenset({"exchange", "bonus"}),
    frozenset({"huts", "vizier"}),
    frozenset({"vizier", "exchange", "bonus", "huts"}),
]


def positions(count: int, mode: str = "digital", seed: int = 0):
    """``count`` states where a seat decides, each from its own random game, stopped after a
    random number of actions: 2-6 players, the module sets above in turn."""
    rng = random.Random(f"positions/{mode}/{seed}")
    found = 0
    game = 0
    while found < count:
        players = 2 + game % 5
        modules = MODULE_SETS[game % len(MODULE_SETS)]
        state = new_game(
            list(NAMES[:players]), seed=game, options=Options(mode=mode, rules=ruleset(modules))
        )
        stop = rng.randrange(5, 200)
        for _ in range(stop):
            if state.over:
                break
            state, _ = apply(state, random_action(state, rng))
        while not state.over and to_act(state) is None:  # table mode: the table reveals
            state, _ = apply(state, random_action(state, rng))
        game += 1
        if state.over:
            continue
        found += 1
        yield state


def known(state: GameState, seat: int) -> GameState:
    """What ``seat`` knows of ``state`` (its information set), as a state."""
    return to_state(information_set(state, seat))


def disguised(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same game as ``seat`` sees it, differing in everything the seat cannot see: the
    order of the bag and of the money pile (scoring cards included), the other players'
    hands (same sizes, other cards), their hidden bonus cards (V3), the hut stacks below their
    tops (V4) and the seed of later shuffles. V1: when the vizier is offered to the seat, the
    seats passed over could not pay exactly; a disguise where one could is drawn again."""
    for _ in range(100):
        other = _disguise(state, seat, rng)
        if to_act(other) == seat:
            return other
    raise AssertionError("no disguise found")


def _disguise(state: GameState, seat: int, rng: random.Random) -> GameState:
    pile = list(state.pile)
    players = list(state.players)
    for index, player in enumerate(players):
        if index == seat:
            continue
        hand = list(player.hand)
        for position, card in enumerate(hand):  # swap each card for one of the pile's
            spots = [i for i, other in enumerate(pile) if isinstance(other, MoneyCard)]
            if spots and rng.random() < 0.7:
                spot = rng.choice(spots)
                hand[position], pile[spot] = pile[spot], card  # type: ignore[assignment]
        set_aside = list(aside(state.parts))
        bonus = list(CARDS.of(player).bonus_hand)
        if set_aside and bonus:
            spot = rng.randrange(len(set_aside))
            bonus[0], set_aside[spot] = set_aside[spot], bonus[0]
            state = ASIDE.put(state, Aside(tuple(set_aside)))
        player = CARDS.change(player, bonus_hand=tuple(bonus))
        players[index] = replace(player, hand=tuple(hand))
    rng.shuffle(pile)
    bag = list(state.bag)
    rng.shuffle(bag)
    stacks = []
    for stack in stacks_of(state.parts).hut_stacks:
        below = list(stack[1:])
        rng.shuffle(below)
        stacks.append(stack[:1] + tuple(below))
    disguised = replace(
        state,
        seed=None if state.seed is None else rng.randrange(2**31),
        players=tuple(players),
        pile=tuple(pile),
        bag=tuple(bag),
    )
    return STACKS.change(disguised, hut_stacks=tuple(stacks)) if stacks else disguised


def test_a_disguise_changes_what_the_seat_cannot_see_and_nothing_else():
    rng = random.Random(3)
    changed = 0
    for state in positions(20):
        seat = to_act(state)
        other = disguised(state, seat, rng)
        changed += other != state
        assert other.players[seat] == state.players[seat]
        assert [len(p.hand) for p in other.players] == [len(p.hand) for p in state.players]
        assert other.market == state.market and other.face_up == state.face_up
        assert sorted(map(repr, other.bag)) == sorted(map(repr, state.bag))
        assert known(other, seat) == known(state, seat)
    assert changed == 20


@pytest.mark.parametrize("level", LEVELS)
def test_no_peeking_hidden_order_and_hidden_hands_do_not_change_the_advice(level):
    rng = random.Random(f"disguise/{level}")
    for number, state in enumerate(positions(16, seed=1)):
        seat = to_act(state)
        other = disguised(state, seat, rng)
        assert advise(level, other, seat, budget=BUDGETS[level], seed=number) == advise(
            level, state, seat, budget=BUDGETS[level], seed=number
        )


@pytest.mark.parametrize("level", LEVELS)
def test_no_peeking_at_a_table(level):
    rng = random.Random(f"table disguise/{level}")
    for number, state in enumerate(positions(8, mode="table", seed=2)):
        seat = to_act(state)
        other = disguised(state, seat, rng)
        assert advise(level, other, seat, budget=BUDGETS[level], seed=number) == advise(
            level, state, seat, budget=BUDGETS[level], seed=number
        )


def test_a_determinisation_agrees_with_everything_the_seat_knows():
    rng = random.Random(5)
    for state in positions(25, seed=3):
        seat = to_act(state)
        information = information_set(state, seat)
        world = to_state(determinise(Unseen(information, seat), rng))
        assert known(world, seat) == to_state(information)
        assert legal_actions(world) == legal_actions(to_state(information))


@pytest.mark.parametrize("mode", ["digital", "table"])
def test_the_seat_has_the_same_moves_in_every_determinisation(mode):
    """mcts lists the seat's moves at the root once per decision, not per searched game."""
    rng = random.Random(6)
    for state in positions(25, mode=mode, seed=7):
        seat = to_act(state)
        information = information_set(state, seat)
        unseen = Unseen(information, seat)
        moves = legal_moves(information)
        for _ in range(3):
            assert legal_moves(determinise(unseen, rng)) == moves


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("mode", ["digital", "table"])
def test_advice_lists_every_legal_action_once(level, mode):
    for number, state in enumerate(positions(6, mode=mode, seed=4)):
        seat = to_act(state)
        advice = advise(level, state, seat, budget=BUDGETS[level], seed=number)
        listed = [rated.action for rated in advice.actions]
        legal = legal_actions(state)
        assert len(listed) == len(legal) and set(listed) == set(legal)
        assert advice.player == seat and advice.level == level
        assert choose(level, state, seat, budget=BUDGETS[level], seed=number) == listed[0]


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_and_iterations_give_the_same_advice(level):
    state = next(iter(positions(1, seed=5)))
    seat = to_act(state)
    budget = Budget(iterations=30)
    assert advise(level, state, seat, budget=budget, seed=9) == advise(
        level, state, seat, budget=budget, seed=9
    )


def test_mcts_reports_visits_and_chances_of_winning():
    for state in islice(positions(20, seed=6), 6):
        seat = to_act(state)
        advice = advise("mcts", state, seat, budget=Budget(iterations=40))
        if len(advice.actions) == 1:
            assert advice.iterations == 0
            continue
        assert advice.iterations == 40
        assert sum(rated.visits or 0 for rated in advice.actions) == 40
        visits = [rated.visits for rated in advice.actions]
        assert all(visit is not None for visit in visits) and visits == sorted(visits, reverse=True)
        for rated in advice.actions:
            assert rated.win_probability is None or 0 <= rated.win_probability <= 1
            assert (rated.win_probability is None) == (rated.visits == 0)


class MoneyLover:
    """An evaluator of a test's own: a game is worth to a seat the money it holds (its prior
    judges nothing; its policy is the playouts')."""

    def __init__(self) -> None:
        self.evaluated = 0

    def evaluate(self, game, rng):
        self.evaluated += 1
        money = [player.hand.total / 100 for player in game.seats]
        return Evaluation(money, money)

    def prior(self, world, seat, moves, clock):
        return []

    def policy(self, game, rng):
        return EVALUATOR.policy(game, rng)


def test_mcts_takes_its_evaluator_as_a_parameter():
    state = _first(lambda s: s.turn.phase == "action" and len(s.face_up) == 4, players=2)
    seat = to_act(state)
    evaluator = MoneyLover()
    advice = mcts.advise(state, seat, budget=Budget(iterations=300), seed=1, evaluator=evaluator)
    assert evaluator.evaluated == advice.iterations == 300  # each searched game, once
    searched = [rated.action for rated in advice.actions if rated.visits]
    takes = [action for action in searched if isinstance(action, TakeMoney)]
    assert takes and advice.best in takes  # the prior judged nothing: the listing's first six
    assert sum(card.value for card in advice.best.cards) == max(
        sum(card.value for card in take.cards) for take in takes
    )


def _first(predicate, mode="digital", modules=frozenset(), players=3):
    """The first state of seeded random games where ``predicate`` holds and a seat decides."""
    for seed in range(200):
        rng = random.Random(seed)
        state = new_game(
            list(NAMES[:players]), seed=seed, options=Options(mode=mode, rules=ruleset(modules))
        )
        while not state.over:
            if to_act(state) is not None and predicate(state):
                return state
            state, _ = apply(state, random_action(state, rng))
    raise AssertionError("no such state in 200 games")


@pytest.mark.parametrize("level", LEVELS)
def test_v1_the_seat_offered_the_vizier_is_advised_to_buy_or_decline(level):
    state = _first(lambda s: s.turn.phase == "vizier", modules=frozenset({"vizier"}))
    seat = to_act(state)
    assert seat != state.turn.player  # V1: out of turn
    advice = advise(level, state, seat, budget=BUDGETS[level])
    assert {type(rated.action) for rated in advice.actions} <= {VizierBuy, DeclineVizier}
    assert len(advice.actions) == len(legal_actions(state))


def test_m1_greedy_builds_a_bought_tile_rather_than_reserve_it():
    state = _first(
        lambda s: (
            s.turn.phase == "placement"
            and any(type(a) is PlaceTile for a in legal_actions(s))
            and len(s.turn.bought) == 1
        )
    )
    best = choose("greedy", state, to_act(state), budget=BUDGETS["greedy"])
    assert type(best) is PlaceTile, best
    assert not isinstance(best, ReserveTile)


def test_t2_only_the_seat_that_decides_can_be_advised():
    state = new_game(list(NAMES[:3]), seed=1)
    seat = to_act(state)
    with pytest.raises(NotYourTurn):
        advise("greedy", state, (seat + 1) % 3, budget=SMALL)


def test_t7_at_a_table_a_reveal_is_nobodys_decision():
    state = new_game(list(NAMES[:3]), seed=1, options=Options(mode="table"))
    assert to_act(state) is None
    with pytest.raises(NotYourTurn) as refused:
        advise("mcts", state, 0, budget=SMALL)
    assert refused.value.rule == "T7"


def test_t9_a_game_over_cannot_be_advised():
    rng = random.Random(2)
    state = new_game(list(NAMES[:2]), seed=2)
    while not state.over:
        state, _ = apply(state, random_action(state, rng))
    with pytest.raises(GameOver):
        advise("random", state, 0, budget=SMALL)


def test_a_budget_needs_time_or_iterations():
    with pytest.raises(ValueError, match="milliseconds or iterations"):
        Budget()
    with pytest.raises(ValueError):
        Budget(iterations=0)


def _worst_state() -> GameState:
    """A 6-player game late on, with every module, the seat to act holding 36 money cards
    (every value of every currency) and every exchange card nobody else holds (V2): hundreds
    of payments for the market, and a large Alhambra."""
    state = _first(
        lambda s: s.turn.phase == "action" and len(s.bag) < 20 and not s.turn.bought,
        modules=frozenset({"vizier", "exchange", "bonus", "huts"}),
        players=6,
    )
    seat = state.turn.player
    state = with_hand(state, seat, list(CARD.values()))
    in_hands = {card for player in state.players for card in held(player.parts)}
    free = [card for card in EXCHANGE_CARDS if card not in in_hands and card not in state.face_up]
    return holding_exchange(state, seat, *free)


@pytest.mark.parametrize("level", ["greedy", "mcts"])
def test_the_time_budget_holds_on_the_worst_state(level, monkeypatch):
    state = _worst_state()
    seat = to_act(state)
    actions = legal_actions(state)
    assert len(actions) > 500
    ticks = ticking(monkeypatch)
    advice = advise(level, state, seat, budget=Budget(milliseconds=50))
    # the player looks at the clock between any two steps of its work (an action judged, a
    # few playout steps) and stops at the first look past the 50 ms
    assert 50 <= ticks.readings <= 50 + 2, ticks.readings
    assert advice.iterations < len(actions)
    assert len(advice.actions) == len(actions)


def test_m4_tied_majorities_share_the_places_points():
    # the rulebook's example: round 2, two players with 4 towers each: (13 + 6) / 2 = 9 each
    tower = BUILDINGS.index(Building.TOWER)
    holdings = [[0] * len(BUILDINGS) for _ in range(2)]
    holdings[0][tower] = holdings[1][tower] = 4
    assert majority_points(holdings, None, [(2, 1.0)]) == [9.0, 9.0]
    # D3: the dummy takes a place: alone first with 5 towers, the two share 2nd and 3rd
    dummy = [0] * len(BUILDINGS)
    dummy[tower] = 5
    assert majority_points(holdings, dummy, [(2, 1.0)]) == [3.0, 3.0]


def test_t4_an_exact_payment_earns_the_further_action_term():
    state = _first(lambda s: s.turn.phase == "action" and s.turn.extra_action)
    seat = state.turn.player
    game = to_game(state)
    assert extra_action(game, seat, WEIGHTS) == WEIGHTS.extra_action
    assert extra_action(game, (seat + 1) % 3, WEIGHTS) == 0


@pytest.mark.parametrize("counts", [(0, 0, 0), (2, 1, 1), (3, 3, 0, 2), (1, 0, 4, 4, 2)])
def test_m2_m4_a_majority_gain_is_what_one_more_building_brings(counts):
    tower = BUILDINGS.index(Building.TOWER)
    points = POINTS[Building.TOWER][2]
    gains = majority_gains(2, tower, counts)
    for seat in range(len(counts)):
        more = list(counts)
        more[seat] += 1
        now = rank_places(points, counts)[seat].points
        assert gains[seat] == rank_places(points, tuple(more))[seat].points - now


def test_t9_money_is_worth_nothing_once_the_bag_is_empty():
    game = to_game(new_game(list(NAMES[:3]), seed=4))
    holdings = [[0] * len(BUILDINGS) for _ in range(3)]
    assert money_values(game, holdings, None, WEIGHTS)[0] > 0
    game.bag = []
    assert money_values(game, holdings, None, WEIGHTS)[0] == 0


def test_m6_a_projected_lead_makes_a_win_likelier():
    chances = win_chances([80.0, 60.0, 60.0])
    assert sum(chances) == pytest.approx(1)
    assert chances[0] > 0.5 > chances[1] == chances[2]
    assert win_chances([70.0, 70.0]) == [0.5, 0.5]


def test_scoring_rounds_are_those_of_m2():
    assert ROUNDS == (1, 2, 3)


def test_greedy_judges_every_action_whatever_the_iteration_budget():
    state = _worst_state()
    advice = advise("greedy", state, to_act(state), budget=Budget(iterations=1))
    # every action once, and the best again with the turn played out (a few at most)
    assert len(advice.actions) < advice.iterations <= len(advice.actions) + greedy.CANDIDATES
    assert len(advice.actions) > 500


def _pavilion_then_tower() -> GameState:
    """2 players, the seat to act holding a florin 3 and a denar 9 only: slot 1's pavilion
    (florin, 3) is paid exactly (T4: a further action), slot 3's tower (denar, 8) only with a
    card to spare; the dummy already leads the pavilions (D3), so the pavilion alone is worth
    little and the tower a majority."""
    tile = scenes.tile
    state = scenes.with_market(
        scenes.game(players=2, seed=7, start=0),
        [tile("pavilion", 3), tile("garden", 8, "NE"), tile("tower", 8), tile("garden", 10, "N")],
    )
    dummy = [tile("pavilion", price) for price in (4, 5, 6)]
    dummy += [t for t in CATALOG if t.building is Building.ARCADES][:3]
    return with_hand(scenes.with_dummy(state, dummy), 0, scenes.cards("florin 3", "denar 9"))


def test_t4_greedy_pays_exactly_for_the_further_action_that_buys_the_tower():
    state = _pavilion_then_tower()
    pavilion = Buy(player=0, slot=1, payment=scenes.cards("florin 3"))
    tower = Buy(player=0, slot=3, payment=scenes.cards("denar 9"))
    information = information_set(state, 0)
    world = determinise(Unseen(information, 0), random.Random("greedy/0"))
    moves = legal_moves(information)
    one_ply = greedy.judge(world, 0, moves, Clock(None))
    record = [
        moves[rated.position][0].record(information, moves[rated.position]) for rated in one_ply
    ]
    assert record[:2] == [tower, pavilion]  # one ply: the further action is a flat term
    advice = advise("greedy", state, 0, budget=BUDGETS["greedy"])
    assert [rated.action for rated in advice.actions[:2]] == [pavilion, tower]
    # the turn it valued is the turn it plays: the tower with the further action
    state, _ = apply(state, advice.best)
    assert choose("greedy", state, 0, budget=BUDGETS["greedy"]) == tower


def test_t6_greedy_values_a_candidate_with_its_tiles_placed():
    state = _pavilion_then_tower()
    information = information_set(state, 0)
    world = determinise(Unseen(information, 0), random.Random("greedy/0"))
    moves = legal_moves(information)
    tower = moves.index(next(m for m in moves if m[0] is BUY and m[2] == 3))
    one_ply = next(r for r in greedy.judge(world, 0, moves, Clock(None)) if r.position == tower)
    again = greedy.played_out(world, 0, moves, one_ply, Clock(None))
    # the tower placed where the one-ply best puts it, and the turn over: what the seat
    # then projects, judged as the one-ply judgement judges any game
    game = world.copy()
    play(game, moves[tower])
    placements = legal_moves(game)
    play(game, placements[greedy.judge(game, 0, placements, Clock(None))[0].position])
    assert game.player != 0 and not game.bought
    assert again.points == projections(game)[0] != one_ply.points
    assert again.position == tower


@pytest.mark.parametrize("milliseconds", [5, 20, 40])
def test_greedys_look_past_one_ply_keeps_to_the_time_budget(milliseconds, monkeypatch):
    # six actions: 5 ms cut the one-ply judgement short, 20 ms a candidate's turn played
    # out; 40 ms are enough for the whole look
    state = _pavilion_then_tower()
    ticks = ticking(monkeypatch)
    advice = advise("greedy", state, 0, budget=Budget(milliseconds=milliseconds))
    assert ticks.readings <= milliseconds + 2, ticks.readings
    assert len(advice.actions) == len(legal_actions(state))
    assert len({rated.action for rated in advice.actions}) == len(advice.actions)


@pytest.mark.parametrize("milliseconds", [1, 3, 10])
def test_mcts_counts_only_searched_visits_when_greedy_is_cut_short(milliseconds):
    # greedy orders the seat's actions within a quarter of the budget: on the worst state it
    # judges only some, and the search may try actions greedy did not judge
    state = _worst_state()
    advice = advise("mcts", state, to_act(state), budget=Budget(milliseconds=milliseconds))
    visits = [rated.visits for rated in advice.actions]
    assert all(visit is not None and visit >= 0 for visit in visits)
    assert sum(visits) == advice.iterations


def _exact_and_over(state: GameState) -> int | None:
    """A market slot the player can pay both exactly and with more than the price (T4)."""
    if state.turn.phase != "action":
        return None
    for slot, tile in enumerate(state.market, start=1):
        paid = {
            sum(card.value for card in action.payment) == tile.price
            for action in legal_actions(state)
            if type(action) is Buy and action.slot == slot and not action.module_cards
        }
        if paid == {True, False}:
            return slot
    return None


def test_t4_greedy_pays_a_tile_exactly_rather_than_overpay():
    state = _first(lambda s: _exact_and_over(s) is not None)
    slot = _exact_and_over(state)
    tile = state.market[slot - 1]
    advice = advise("greedy", state, state.turn.player, budget=BUDGETS["greedy"])
    buys = [r.action for r in advice.actions if type(r.action) is Buy and r.action.slot == slot]
    exact = [sum(card.value for card in buy.payment) == tile.price for buy in buys]
    assert exact[0] and not exact[-1]  # the exact payment ranks above every overpayment


def test_the_random_level_plays_the_random_player_of_simulate_on_what_the_seat_knows():
    for number, state in enumerate(positions(10, seed=7)):
        seat = to_act(state)
        information = information_set(state, seat)
        picked = random_move(information, random.Random(f"random/{number}"))
        expected = picked[0].record(information, picked)
        assert choose("random", state, seat, budget=BUDGETS["random"], seed=number) == expected
