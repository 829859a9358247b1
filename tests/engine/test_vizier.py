"""The Vizier's Favour in the engine: bonus cards (V3), dealt, laid and taken back; worker huts
(V4), stacked, taken as one of the turn's actions, placed at the end of the turn; the vizier
(V1), offered after every turn from the next player on, bought with exactly, reactivated as an
action; in scoring rounds, in the state document and in the consistency check."""

from __future__ import annotations

import json
import random

import pytest
from msgspec.structs import replace

from calculator.api.game_document import dump_state, load_state
from calculator.core.tiles import BUILDINGS, CATALOG, Building, Currency, Tile
from calculator.engine import (
    ActionRefused,
    IllegalAction,
    NotYourTurn,
    Options,
    apply,
    legal_actions,
    new_game,
    to_act,
)
from calculator.engine.actions import (
    BuildFromReserve,
    Buy,
    EndTurn,
    GiveToDummy,
    MoveToReserve,
    Pass,
    PlaceTile,
    ReserveTile,
    TakeMoney,
)
from calculator.engine.components import ScoringCard
from calculator.engine.consistency import inconsistencies
from calculator.engine.events import (
    MarketFilled,
    MoneyDrawn,
    RoundScored,
    ScoringCardRevealed,
    TurnEnded,
    TurnStarted,
)
from calculator.engine.players.random_play import random_action
from calculator.engine.simulate import play_random_game
from calculator.engine.state import to_game
from calculator.i18n import say
from calculator.modules import ruleset
from calculator.modules.bonus.records import (
    ASIDE,
    CARDS,
    Aside,
    BonusCardLaid,
    BonusCardTakenBack,
    Cards,
)
from calculator.modules.bonus.rules import DEALT, PROVISIONAL_BONUS_CARDS, aside
from calculator.modules.exchange.records import exchange_card
from calculator.modules.exchange.rules import held
from calculator.modules.huts import PROVISIONAL_HUTS
from calculator.modules.huts.records import STACKS, HutTaken, TakeHut
from calculator.modules.huts.rules import stacks_of
from calculator.modules.vizier.records import (
    ASKED,
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
from tests.helpers.engine_scenes import (
    GARDEN_6,
    NAMES,
    VIZIER,
    cards,
    checked,
    holding_exchange,
    of_type,
    take_denar,
    tile,
    vizier_scene,
    with_bag,
    with_face_up,
    with_pile_top,
    with_reserve,
)

BONUS = Options(rules=ruleset({"bonus"}))


def bonus_game(players: int = 3, seed: int = 7, options: Options = BONUS):
    return new_game(list(NAMES[:players]), seed, 0, options)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_v3_bonus_cards_are_dealt_by_player_count_the_rest_set_aside(players):
    state = checked(bonus_game(players))
    hands = [CARDS.of(player).bonus_hand for player in state.players]
    assert [len(hand) for hand in hands] == [DEALT[players]] * players
    assert DEALT[players] == {2: 3, 3: 3, 4: 2, 5: 2, 6: 1}[players]
    dealt = [card for hand in hands for card in hand]
    assert sorted(map(repr, dealt + list(aside(state.parts)))) == sorted(
        map(repr, PROVISIONAL_BONUS_CARDS)
    )


def test_v3_the_caller_may_name_the_bonus_cards():
    named = tuple(CATALOG[20:30])
    state = checked(bonus_game(4, options=replace(BONUS, components=(("bonus_cards", named),))))
    in_game = [c for p in state.players for c in CARDS.of(p).bonus_hand] + list(aside(state.parts))
    assert set(in_game) == set(named)


def test_v3_without_the_module_there_are_no_bonus_cards():
    state = new_game(list(NAMES[:3]), 7, 0)
    assert all(not CARDS.of(p).bonus_hand and not CARDS.of(p).bonus_cards for p in state.players)
    assert not aside(state.parts) and "bonus_aside" not in dump_state(state)
    assert dump_state(state)["version"] == 1


def _counts(state, seat):
    """M1, V3: the seat's buildings as a scoring round counts them, by type."""
    game = to_game(state)
    player = game.seats[seat]
    return dict(zip(BUILDINGS, game.rules.counts(player.alhambra, player.parts), strict=True))


def laid_scene():
    """Seat 0 holds a card whose tile lies in its reserve; building it lays the card."""
    state = bonus_game()
    card = CARDS.of(state.players[0]).bonus_hand[0]
    state = with_reserve(state, 0, [card])
    build = next(
        action
        for action in legal_actions(state)
        if isinstance(action, BuildFromReserve) and action.tile == card
    )
    return state, card, build


def test_v3_a_card_is_laid_face_up_when_its_tile_enters_the_alhambra():
    state, card, build = laid_scene()
    before = _counts(state, 0)[card.building]
    after, events = apply(state, build)
    assert of_type(events, BonusCardLaid) == [BonusCardLaid(0, card)]
    assert (
        card in CARDS.of(after.players[0]).bonus_cards
        and card not in CARDS.of(after.players[0]).bonus_hand
    )
    # the tile and its card: two buildings of that type
    assert _counts(after, 0)[card.building] == before + 2
    checked(after)


def test_v3_a_card_goes_back_to_the_hand_when_its_tile_leaves_the_alhambra():
    state, card, build = laid_scene()
    state, _ = apply(state, build)
    cell = build.cell
    # seat 0's turn again: move the tile back to the reserve (T5)
    state = replace(state, turn=replace(state.turn, player=0, phase="action"))
    state, events = apply(state, MoveToReserve(0, cell))
    assert of_type(events, BonusCardTakenBack) == [BonusCardTakenBack(0, card)]
    assert (
        card in CARDS.of(state.players[0]).bonus_hand and not CARDS.of(state.players[0]).bonus_cards
    )
    checked(state)


def test_v3_a_card_face_up_without_its_tile_is_inconsistent():
    state = bonus_game()
    player = state.players[0]
    hand = CARDS.of(player).bonus_hand
    wrong = CARDS.put(player, Cards(bonus_cards=hand[:1], bonus_hand=hand[1:]))
    problems = inconsistencies(replace(state, players=(wrong, *state.players[1:])))
    assert [p.where for p in problems] == [("players", 0, "bonus_cards", 0)]
    assert "V3" in say(problems[0].message, "en")


def test_v3_each_bonus_card_exists_once():
    state = bonus_game()
    doubled = ASIDE.put(
        state, Aside(aside(state.parts) + CARDS.of(state.players[0]).bonus_hand[:1])
    )
    assert any("once" in say(p.message, "en") for p in inconsistencies(doubled))


def test_v3_a_missing_bonus_card_is_inconsistent():
    state = bonus_game()
    found = inconsistencies(ASIDE.put(state, Aside()))
    assert any("missing" in say(p.message, "en") for p in found)


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2), (6, 3)])
def test_v3_random_games_with_bonus_cards_keep_every_rule(players, seed):
    """At every step: every component (bonus cards included) once, every card face up exactly
    while its tile is in the Alhambra; the state survives a JSON round trip (version 2)."""
    rng = random.Random(seed)
    state = bonus_game(players, seed)
    laid = 0
    while not state.over:
        assert not inconsistencies(state)
        if rng.random() < 0.1:
            document = json.loads(json.dumps(dump_state(state)))
            assert document["version"] == 2 and load_state(document) == state
        state, events = apply(state, random_action(state, rng))
        laid += len(of_type(events, BonusCardLaid))
    assert not inconsistencies(state)
    assert load_state(json.loads(json.dumps(dump_state(state)))) == state
    final = [_counts(state, seat) for seat in range(len(state.players))]
    assert all(
        sum(c.values()) >= len(CARDS.of(p).bonus_cards)
        for c, p in zip(final, state.players, strict=True)
    )


def test_v3_simulated_games_with_bonus_cards_end():
    for players in (2, 5):
        assert play_random_game(players, 11, BONUS).state.over


# --- worker huts (V4) ------------------------------------------------------------------------

HUTS = Options(rules=ruleset({"huts"}))


def hut_game(players: int = 3, seed: int = 7, options: Options = HUTS):
    return new_game(list(NAMES[:players]), seed, 0, options)


def test_v4_huts_lie_in_six_stacks_by_colour_top_face_up():
    state = checked(hut_game())
    assert [len(stack) for stack in stacks_of(state.parts).hut_stacks] == [3, 3, 4, 4, 5, 5]
    assert all(
        {hut.building for hut in stack} == {building}
        for building, stack in zip(BUILDINGS, stacks_of(state.parts).hut_stacks, strict=True)
    )
    assert all(
        hut.hut and hut.walls for stack in stacks_of(state.parts).hut_stacks for hut in stack
    )
    assert sorted(map(repr, (h for s in stacks_of(state.parts).hut_stacks for h in s))) == sorted(
        map(repr, PROVISIONAL_HUTS)
    )


def hut_scene(hands):
    """A huts game at the start of seat 0's turn, with the market and face-up money of the
    vizier scenes (florin 6, dirham 7, denar 8, ducat 9) and the given hands."""
    return vizier_scene(hands, options=HUTS)


def with_huts_in_reserve(state, seat, count):
    """The seat keeps ``count`` worker huts in its reserve, the top ones of the tower stack."""
    tower = BUILDINGS.index(Building.TOWER)
    stack = stacks_of(state.parts).hut_stacks[tower]
    player = replace(state.players[seat], reserve=state.players[seat].reserve + stack[:count])
    players = (*state.players[:seat], player, *state.players[seat + 1 :])
    stacks = (
        *stacks_of(state.parts).hut_stacks[:tower],
        stack[count:],
        *stacks_of(state.parts).hut_stacks[tower + 1 :],
    )
    return checked(STACKS.change(replace(state, players=players), hut_stacks=stacks))


def test_v4_hut_is_the_turns_action_and_is_placed_at_the_end_of_the_turn():
    state = hut_game(players=2)
    take = TakeHut(0, Building.TOWER)
    assert take in legal_actions(state)
    top = stacks_of(state.parts).hut_stacks[5][0]
    after, events = apply(state, take)
    assert events == [HutTaken(0, top)]
    assert after.players[0].hand == state.players[0].hand  # no money
    assert stacks_of(after.parts).hut_stacks[5] == stacks_of(state.parts).hut_stacks[5][1:]
    # no further action (T2): the hut waits and is placed like a bought tile (T6)
    assert after.turn.phase == "placement" and not after.turn.extra_action
    assert after.turn.bought == (top,) and to_act(after) == 0
    placements = legal_actions(after)
    assert ReserveTile(0, top) in placements
    assert any(isinstance(a, PlaceTile) and a.tile == top for a in placements)
    assert all(isinstance(a, PlaceTile | ReserveTile) for a in placements)  # D4: not a purchase
    checked(after)
    done, events = apply(after, ReserveTile(0, top))
    assert TurnEnded(0) in events and top in done.players[0].reserve
    assert done.turn.player == 1 and done.turn.phase == "action"
    checked(done)


def test_v4_hut_may_be_the_further_action_an_exact_payment_earns():
    state = hut_scene([("florin 6",), ("ducat 2",), ("ducat 3",)])
    state, _ = apply(state, Buy(0, 1, cards("florin 6")))
    assert state.turn.extra_action and TakeHut(0, Building.GARDEN) in legal_actions(state)
    top = stacks_of(state.parts).hut_stacks[BUILDINGS.index(Building.GARDEN)][0]
    after, events = apply(state, TakeHut(0, Building.GARDEN))
    assert events == [HutTaken(0, top)]
    assert after.turn.phase == "placement" and not after.turn.extra_action  # T4: no more
    assert after.turn.bought == (GARDEN_6, top)
    checked(after)


def test_v4_no_purchase_money_redesign_or_second_hut_after_a_hut():
    state = hut_scene([("florin 6", "dirham 7"), ("ducat 2",), ("ducat 3",)])
    state = with_reserve(state, 0, [tile("pavilion", 2)])
    build = next(a for a in legal_actions(state) if isinstance(a, BuildFromReserve))
    after, _ = apply(state, TakeHut(0, Building.TOWER))
    assert {type(a) for a in legal_actions(after)} <= {PlaceTile, ReserveTile}
    for action in (
        TakeMoney(0, cards("denar 1")),
        Buy(0, 1, cards("florin 6")),
        build,
        TakeHut(0, Building.GARDEN),
        EndTurn(0),
    ):
        with pytest.raises(IllegalAction) as refused:
            apply(after, action)
        assert refused.value.rule == "V4"  # the hut ended the turn's actions: place it


def test_v4_hut_cannot_follow_an_overpaid_purchase():
    state = hut_scene([("florin 9",), ("ducat 2",), ("ducat 3",)])
    state, _ = apply(state, Buy(0, 1, cards("florin 9")))  # 9 for a price of 6: no change
    assert state.turn.phase == "placement" and not state.turn.extra_action
    assert not any(isinstance(a, TakeHut) for a in legal_actions(state))
    with pytest.raises(IllegalAction) as refused:
        apply(state, TakeHut(0, Building.TOWER))
    assert refused.value.rule == "T4"  # only an exact payment earns another action


def test_v4_taking_a_hut_is_listed_only_while_an_action_is_open():
    state = hut_scene([("florin 6", "dirham 7"), ("ducat 2",), ("ducat 3",)])
    takes = [TakeHut(0, building) for building in BUILDINGS]
    assert [a for a in legal_actions(state) if isinstance(a, TakeHut)] == takes  # T2
    state, _ = apply(state, Buy(0, 1, cards("florin 6")))
    assert [a for a in legal_actions(state) if isinstance(a, TakeHut)] == takes  # T4
    state, _ = apply(state, EndTurn(0))  # the further action declined: the placement (T6)
    assert state.turn.phase == "placement"
    assert not any(isinstance(a, TakeHut) for a in legal_actions(state))


def test_v4_a_player_who_can_take_a_hut_does_not_pass():
    state = with_face_up(hut_scene([(), ("ducat 2",), ("ducat 3",)]), ())
    without_huts = STACKS.change(replace(state, options=Options(rules=ruleset(()))), hut_stacks=())
    assert legal_actions(checked(without_huts)) == [Pass(0)]  # nothing else is legal (T2)
    assert legal_actions(state) == [TakeHut(0, building) for building in BUILDINGS]
    with pytest.raises(IllegalAction) as refused:
        apply(state, Pass(0))
    assert refused.value.rule == "T2"


def test_v4_a_player_owns_at_most_three_huts_reserve_included():
    two = with_huts_in_reserve(hut_game(), 0, 2)
    assert TakeHut(0, Building.GARDEN) in legal_actions(two)
    third, _ = apply(two, TakeHut(0, Building.GARDEN))
    assert checked(third).turn.phase == "placement"
    full = with_huts_in_reserve(hut_game(), 0, 3)
    assert not any(isinstance(a, TakeHut) for a in legal_actions(full))
    with pytest.raises(ActionRefused) as refused:
        apply(full, TakeHut(0, Building.GARDEN))
    assert refused.value.rule == "V4" and "at most 3" in say(refused.value.message, "en")
    # nor as the further action of an exact payment
    paid, _ = apply(
        with_huts_in_reserve(hut_scene([("florin 6",), (), ()]), 0, 3), Buy(0, 1, cards("florin 6"))
    )
    assert paid.turn.extra_action
    assert not any(isinstance(a, TakeHut) for a in legal_actions(paid))
    with pytest.raises(ActionRefused) as refused:
        apply(paid, TakeHut(0, Building.GARDEN))
    assert refused.value.rule == "V4"


def test_v4_hut_waiting_while_the_player_still_acts_is_inconsistent():
    state, _ = apply(hut_game(), TakeHut(0, Building.TOWER))
    acting = replace(state, turn=replace(state.turn, phase="action"))
    problems = inconsistencies(acting)
    said = say(problems[0].message, "en")
    assert [p.where for p in problems] == [("turn", "bought")] and "V4" in said
    garden = BUILDINGS.index(Building.GARDEN)
    stacks = stacks_of(state.parts).hut_stacks
    two = STACKS.change(
        replace(state, turn=replace(state.turn, bought=(*state.turn.bought, stacks[garden][0]))),
        hut_stacks=(*stacks[:garden], stacks[garden][1:], *stacks[garden + 1 :]),
    )
    problems = inconsistencies(two)
    said = say(problems[0].message, "en")
    assert [p.where for p in problems] == [("turn", "bought")] and "V4" in said


def test_v4_an_empty_stack_cannot_be_taken_from():
    state = hut_game()
    emptied = STACKS.change(state, hut_stacks=((), *stacks_of(state.parts).hut_stacks[1:]))
    assert TakeHut(0, Building.PAVILION) not in legal_actions(emptied)


def test_v4_a_hut_too_many_is_inconsistent():
    state = hut_game()
    stacks = stacks_of(state.parts).hut_stacks
    extra = STACKS.change(state, hut_stacks=(stacks[0] + stacks[0][:1], *stacks[1:]))
    assert any("V4" in say(p.message, "en") for p in inconsistencies(extra))


def test_v4_the_caller_may_give_the_huts_walls():
    given = tuple(
        Tile(b, "NS", hut=True)
        for b in BUILDINGS
        for _ in range(
            {"pavilion": 3, "seraglio": 3, "arcades": 4, "chambers": 4, "garden": 5, "tower": 5}[b]
        )
    )
    state = checked(hut_game(options=replace(HUTS, components=(("huts", given),))))
    assert all(h.walls == "NS" for s in stacks_of(state.parts).hut_stacks for h in s)


def test_v4_no_hut_can_be_taken_in_a_game_without_the_huts_module():
    """The ruleset knows every module the engine plays, so a game without the huts still
    refuses a hut by its rule (V4)."""
    state = new_game(list(NAMES[:3]), 7, 0, Options(rules=ruleset(())))
    assert not any(isinstance(a, TakeHut) for a in legal_actions(state))
    with pytest.raises(ActionRefused) as refused:
        apply(state, TakeHut(0, Building.TOWER))
    assert refused.value.rule == "V4"


# --- the vizier (V1) -------------------------------------------------------------------------


def with_bag_top(state, top):
    """The bag's tile ``top`` is drawn next."""
    bag = list(state.bag)
    bag.remove(top)
    return checked(replace(state, bag=(top, *bag)))


def test_v1_each_player_has_an_active_vizier_at_setup():
    state = checked(new_game(list(NAMES[:4]), 3, None, VIZIER))
    assert [TOKEN.of(player).vizier for player in state.players] == [True] * 4
    assert all(TOKEN.of(player).vizier is None for player in new_game(list(NAMES[:4]), 3).players)


def test_v1_after_a_turn_only_players_with_an_active_vizier_who_can_pay_exactly_are_asked():
    state = vizier_scene(
        [
            ("ducat 1",),  # the current player: no exact payment
            ("florin 2", "florin 4"),  # pays the garden exactly, but the vizier is face down
            ("florin 9",),  # active, but would overpay
            ("dirham 3", "dirham 4"),
        ],  # active, pays the seraglio (slot 2) exactly
        viziers=[True, False, True, True],
    )
    after, events = apply(state, take_denar(state))
    assert of_type(events, VizierOffered) == [VizierOffered(3)]
    assert after.turn.phase == "vizier" and to_act(after) == 3 and after.turn.player == 0
    assert legal_actions(after) == [
        VizierBuy(3, 2, cards("dirham 3", "dirham 4")),
        DeclineVizier(3),
    ]
    checked(after)
    # seat 3 declines: nobody else may buy, the next player's turn begins
    after, events = apply(after, DeclineVizier(3))
    assert of_type(events, VizierDeclined) == [VizierDeclined(3)]
    assert of_type(events, TurnStarted) == [TurnStarted(1, 2)]
    assert (
        after.turn.phase == "action"
        and after.turn.player == 1
        and not ASKED.of(after.turn).vizier_asked
    )


def asked_until_the_next_turn(state):
    """Everybody asked declines; the seats asked, in order, and the state at the next turn."""
    asked = []
    while state.turn.phase == "vizier":
        seat = to_act(state)
        asked.append(seat)
        state, _ = apply(state, DeclineVizier(seat))
    return asked, state


def test_v1_offers_start_with_the_next_player_and_end_with_the_one_whose_turn_ended():
    exact = [("florin 6",), ("florin 6",), ("florin 2", "florin 4"), ("florin 6",)]
    state = vizier_scene(exact, start=2)
    state, _ = apply(state, take_denar(state))
    asked, state = asked_until_the_next_turn(state)
    assert asked == [3, 0, 1, 2]  # round the table from the next player; seat 2 last
    assert state.turn.player == 3 and state.turn.phase == "action"


def test_v1_a_vizier_turned_face_up_in_a_turn_is_offered_last():
    """Seat 0 spends its turn turning its vizier face up (T2) while it could pay the garden
    exactly: the others are asked first, seat 0 only after them."""
    state = vizier_scene(
        [("florin 6",), ("florin 2", "florin 4"), ("dirham 7",)], viziers=[False, True, True]
    )
    state, events = apply(state, ActivateVizier(0))
    assert of_type(events, VizierOffered) == [VizierOffered(1)]
    asked, _ = asked_until_the_next_turn(state)
    assert asked == [1, 2, 0]
    # seat 1 takes the garden seat 0 wanted: seat 0 is asked only about what is left
    state, _ = apply(state, VizierBuy(1, 1, cards("florin 2", "florin 4")))
    state, events = apply(state, ReserveTile(1, GARDEN_6))
    assert of_type(events, VizierOffered) == [VizierOffered(2)]


def test_v1_players_passed_over_are_asked_after_a_vizier_refill_in_the_same_order():
    """Seat 0's turn ends; only seat 3 can pay exactly and buys; the refill brings a tile every
    other seat can pay exactly: they are asked from the next player on, seat 0 last."""
    state = vizier_scene([("florin 5",), ("florin 5",), ("florin 5",), ("florin 6",)])
    state = with_bag_top(state, tile("chambers", 5))
    state, events = apply(state, take_denar(state))
    assert of_type(events, VizierOffered) == [VizierOffered(3)]
    state, _ = apply(state, VizierBuy(3, 1, cards("florin 6")))
    state, _ = apply(state, ReserveTile(3, GARDEN_6))
    asked, state = asked_until_the_next_turn(state)
    assert asked == [1, 2, 0]  # each once, seat 3 not again
    assert state.turn.player == 1 and state.turn.phase == "action"


def test_v1_a_vizier_purchase_flips_the_token_earns_no_action_and_is_placed_at_once():
    state = vizier_scene([("ducat 1",), ("florin 2", "florin 4", "denar 5"), ("dirham 7",)])
    next_tile = state.bag[0]
    state, _ = apply(state, take_denar(state))
    assert to_act(state) == 1
    payment = cards("florin 2", "florin 4")
    after, events = apply(state, VizierBuy(1, 1, payment))
    assert events == [VizierBought(1, 1, GARDEN_6, payment)]
    buyer = after.players[1]
    assert TOKEN.of(buyer).vizier is False and buyer.hand == cards("denar 5")
    assert after.market[0] is None and after.discard[-2:] == payment
    # no extra action: the tile is placed now, by the buyer (Alhambra or reserve, T6)
    assert after.turn.phase == "vizier_placement" and to_act(after) == 1
    listed = legal_actions(after)
    assert ReserveTile(1, GARDEN_6) in listed
    assert all(isinstance(a, PlaceTile | ReserveTile) and a.player == 1 for a in listed)
    checked(after)
    place = next(a for a in listed if isinstance(a, PlaceTile))
    after, events = apply(after, place)
    assert GARDEN_6 in after.players[1].alhambra.tiles.values()
    # the market is refilled (T7); the offers go on with seat 2, not yet asked
    assert of_type(events, MarketFilled) == [MarketFilled(1, next_tile)]
    assert after.market[0] == next_tile and not of_type(events, MoneyDrawn)
    assert of_type(events, VizierOffered) == [VizierOffered(2)] and to_act(after) == 2
    # then normal order resumes: the turn after seat 0's is seat 1's
    after, events = apply(after, DeclineVizier(2))
    assert of_type(events, TurnStarted) == [TurnStarted(1, 2)]
    assert TOKEN.of(after.players[1]).vizier is False
    checked(after)


def test_v1_a_tile_bought_with_the_vizier_may_go_to_the_dummy_d4():
    state = vizier_scene([("ducat 1",), ("florin 6",)])
    state, _ = apply(state, take_denar(state))
    state, _ = apply(state, VizierBuy(1, 1, cards("florin 6")))
    assert GiveToDummy(1, GARDEN_6) in legal_actions(state)
    after, _ = apply(state, GiveToDummy(1, GARDEN_6))
    assert after.dummy[-1] == GARDEN_6
    checked(after)


def test_v1_declining_keeps_the_vizier_and_the_player_is_not_asked_again():
    """Seat 1 declines; seat 2's purchase brings a tile seat 1 could pay exactly: seat 1 was
    asked already between these turns and is not asked again."""
    state = vizier_scene([("ducat 1",), ("dirham 7", "florin 5"), ("florin 6",)])
    state = with_bag_top(state, tile("chambers", 5))
    state, _ = apply(state, take_denar(state))
    assert to_act(state) == 1
    state, events = apply(state, DeclineVizier(1))
    assert events == [VizierDeclined(1), VizierOffered(2)]
    assert TOKEN.of(state.players[1]).vizier is True
    assert state.players[1].hand == cards("dirham 7", "florin 5")
    state, _ = apply(state, VizierBuy(2, 1, cards("florin 6")))
    state, events = apply(state, ReserveTile(2, GARDEN_6))
    assert state.market[0] == tile("chambers", 5)  # seat 1 could pay it exactly
    assert not of_type(events, VizierOffered) and of_type(events, TurnStarted) == [
        TurnStarted(1, 2)
    ]


def test_v1_a_player_passed_over_is_asked_when_the_vizier_refill_brings_an_exact_price():
    state = vizier_scene([("ducat 1",), ("florin 5",), ("florin 6",)])
    state = with_bag_top(state, tile("chambers", 5))
    state, events = apply(state, take_denar(state))
    assert of_type(events, VizierOffered) == [VizierOffered(2)]  # seat 1 cannot pay exactly
    state, _ = apply(state, VizierBuy(2, 1, cards("florin 6")))
    state, events = apply(state, ReserveTile(2, GARDEN_6))
    assert of_type(events, VizierOffered) == [VizierOffered(1)]
    assert legal_actions(state) == [VizierBuy(1, 1, cards("florin 5")), DeclineVizier(1)]


def test_v1_activating_the_vizier_is_a_full_action():
    state = vizier_scene([("ducat 1",), ("ducat 2",), ("ducat 3",)], viziers=[False] * 3)
    assert ActivateVizier(0) in legal_actions(state)
    after, events = apply(state, ActivateVizier(0))
    assert events[:2] == [VizierActivated(0), TurnEnded(0)]
    assert TOKEN.of(after.players[0]).vizier is True
    assert after.turn.player == 1 and after.turn.phase == "action"  # the turn is over (T2)
    checked(after)


def test_v1_activating_the_vizier_may_be_the_action_an_exact_payment_earns():
    state = vizier_scene([("florin 6",), ("ducat 2",), ("ducat 3",)], viziers=[False] * 3)
    state, _ = apply(state, Buy(0, 1, cards("florin 6")))
    assert state.turn.extra_action and ActivateVizier(0) in legal_actions(state)
    after, _ = apply(state, ActivateVizier(0))
    assert (
        TOKEN.of(after.players[0]).vizier is True and after.turn.phase == "placement"
    )  # T4: no more


def test_v1_activating_an_active_vizier_is_refused():
    state = vizier_scene([("ducat 1",), ("ducat 2",), ("ducat 3",)])
    assert ActivateVizier(0) not in legal_actions(state)
    with pytest.raises(IllegalAction) as refused:
        apply(state, ActivateVizier(0))
    assert refused.value.rule == "V1" and "already" in say(refused.value.message, "en")


def test_v1_no_offers_once_the_last_building_tile_has_entered_the_market():
    state = vizier_scene([("ducat 1",), ("florin 6",), ("dirham 7",)])
    state = with_bag(state, ())
    after, events = apply(state, take_denar(state))
    assert not of_type(events, VizierOffered)
    assert after.turn.player == 1 and after.turn.phase == "action"
    assert not any(isinstance(a, VizierBuy) for a in legal_actions(after))


def test_v1_the_vizier_refill_drawing_the_last_tile_ends_the_offers():
    state = vizier_scene([("ducat 1",), ("florin 6",), ("dirham 7",)])
    state = with_bag(state, state.bag[:1])
    number = state.turn.number
    state, _ = apply(state, take_denar(state))
    state, _ = apply(state, VizierBuy(1, 1, cards("florin 6")))
    state, events = apply(state, ReserveTile(1, GARDEN_6))
    assert not state.bag and None not in state.market
    assert not of_type(events, VizierOffered)  # seat 2 could pay, but the bag is empty
    assert of_type(events, TurnStarted) == [TurnStarted(1, number + 1)]


def test_v1_t8_a_scoring_card_revealed_by_the_refill_is_scored_before_the_vizier():
    state = vizier_scene([("ducat 1",), ("florin 6",), ("dirham 7",)])
    state = with_pile_top(state, [ScoringCard(1)])
    after, events = apply(state, take_denar(state))
    kinds = [type(event) for event in events]
    assert kinds.index(ScoringCardRevealed) < kinds.index(RoundScored)
    assert kinds.index(RoundScored) < kinds.index(VizierOffered)
    assert after.rounds_scored == (1,) and to_act(after) == 1
    # the vizier's refill draws the one tile bought: the face-up money is full, so it can
    # reveal no scoring card
    after, _ = apply(after, VizierBuy(1, 1, cards("florin 6")))
    after, events = apply(after, ReserveTile(1, GARDEN_6))
    assert len(of_type(events, MarketFilled)) == 1 and not of_type(events, MoneyDrawn)


def test_v1_the_vizier_pays_exactly_an_overpayment_is_refused():
    state = vizier_scene([("ducat 1",), ("florin 9", "florin 2", "florin 4"), ("ducat 3",)])
    state, _ = apply(state, take_denar(state))
    assert to_act(state) == 1
    with pytest.raises(IllegalAction) as refused:
        apply(state, VizierBuy(1, 1, cards("florin 9")))
    assert refused.value.rule == "V1" and "exactly" in say(refused.value.message, "en")
    with pytest.raises(IllegalAction) as refused:  # too little, or the wrong currency
        apply(state, VizierBuy(1, 1, cards("florin 2")))
    assert refused.value.rule == "V1" and "T4" in say(refused.value.message, "en")
    assert [a for a in legal_actions(state) if isinstance(a, VizierBuy)] == [
        VizierBuy(1, 1, cards("florin 2", "florin 4"))
    ]


def test_v1_only_the_player_asked_decides_and_only_about_the_vizier():
    state = vizier_scene([("ducat 1",), ("florin 6",), ("florin 2", "florin 4")])
    state, _ = apply(state, take_denar(state))
    assert to_act(state) == 1
    for wrong in (
        DeclineVizier(2),
        VizierBuy(2, 1, cards("florin 2", "florin 4")),
        DeclineVizier(0),
    ):
        with pytest.raises(NotYourTurn) as refused:
            apply(state, wrong)
        assert refused.value.rule == "V1" and "seat 1" in say(refused.value.message, "en")
    with pytest.raises(IllegalAction) as refused:  # seat 1's turn has not begun yet
        apply(state, TakeMoney(1, cards("florin 1")))
    assert refused.value.rule == "V1"


def test_v1_the_vizier_is_not_offered_during_a_turn():
    state = vizier_scene([("florin 6", "florin 9"), ("ducat 2",), ("ducat 3",)])
    placing, _ = apply(state, Buy(0, 1, cards("florin 9")))  # overpaid: the tile waits
    assert placing.turn.phase == "placement"
    for during in (state, placing):  # the turn's actions, then the placement of its tiles
        for action in (VizierBuy(0, 1, cards("florin 6")), DeclineVizier(0)):
            with pytest.raises(IllegalAction) as refused:
                apply(during, action)
            assert refused.value.rule == "V1"
            said = say(refused.value.message, "en")
            assert said.endswith("after a turn and its refill, not during a turn")


def test_v1_the_vizier_is_offered_no_more_once_the_last_tile_has_entered_the_market():
    state = vizier_scene([("florin 6",), ("ducat 2",), ("ducat 3",)])
    state = replace(state, bag=())  # the refill before this turn drew the last tile
    with pytest.raises(IllegalAction) as refused:
        apply(state, VizierBuy(0, 1, cards("florin 6")))
    assert refused.value.rule == "V1"
    assert say(refused.value.message, "en").endswith("the last tile has entered the market")


def test_v1_never_for_worker_huts():
    state = vizier_scene(
        [("ducat 1",), ("florin 6",), ("ducat 3",)],
        options=Options(rules=ruleset({"vizier", "huts"})),
    )
    state, _ = apply(state, take_denar(state))
    assert to_act(state) == 1
    assert not any(isinstance(a, TakeHut) for a in legal_actions(state))
    with pytest.raises(IllegalAction) as refused:
        apply(state, TakeHut(1, Building.TOWER))
    assert refused.value.rule == "V1"


def test_v1_a_vizier_without_the_module_or_none_with_it_is_inconsistent():
    base = new_game(list(NAMES[:3]), 7, 0, Options(rules=ruleset(())))
    player = TOKEN.put(base.players[1], Token(True))
    problems = inconsistencies(replace(base, players=(base.players[0], player, *base.players[2:])))
    assert [p.where for p in problems] == [("players", 1, "vizier")]
    state = vizier_scene([("ducat 1",), ("ducat 2",), ("ducat 3",)])
    player = TOKEN.put(state.players[2], Token(None))
    problems = inconsistencies(replace(state, players=(*state.players[:2], player)))
    assert [p.where for p in problems] == [("players", 2, "vizier")]


def test_v1_a_vizier_offer_nobody_can_take_is_inconsistent():
    state = vizier_scene([("ducat 1",), ("ducat 2",), ("ducat 3",)])
    waiting = replace(state, turn=replace(state.turn, phase="vizier"))
    problems = inconsistencies(waiting)
    said = say(problems[0].message, "en")
    assert [p.where for p in problems] == [("turn", "phase")] and "V1" in said


def test_v1_vizier_states_survive_the_json_round_trip():
    state = vizier_scene([("ducat 1",), ("florin 6",), ("dirham 7",)])
    state, _ = apply(state, take_denar(state))
    state, _ = apply(state, DeclineVizier(1))
    for step in (state, apply(state, VizierBuy(2, 2, cards("dirham 7")))[0]):
        document = json.loads(json.dumps(dump_state(step)))
        assert document["version"] == 2 and load_state(document) == step
    document = dump_state(state)
    assert document["turn"]["vizier_asked"] == [1] and document["players"][1]["vizier"] is True
    base = dump_state(new_game(list(NAMES[:3]), 7, 0))
    assert "vizier_asked" not in base["turn"] and "vizier" not in base["players"][0]


def test_v1_simulated_games_with_the_vizier_end_and_use_it():
    for players in (2, 4, 6):
        rng = random.Random(players)
        state = new_game(list(NAMES[:players]), players, None, VIZIER)
        used = activated = 0
        while not state.over:
            state, events = apply(state, random_action(state, rng))
            used += len(of_type(events, VizierBought))
            activated += len(of_type(events, VizierActivated))
        assert used and activated and not inconsistencies(state)


def test_v1_v2_the_vizier_may_pay_with_an_exchange_card_exactly():
    """V1 + V2: a vizier's purchase is a purchase: one exchange card of the hand lets it be paid
    in both of its currencies, exactly; the card is discarded with the payment."""
    card = exchange_card(Currency.FLORIN, Currency.DIRHAM)
    options = Options(rules=ruleset({"vizier", "exchange"}))
    hands = [("ducat 1",), ("florin 1", "florin 2", "dirham 4"), ("ducat 3",)]
    state = vizier_scene(hands, options=options)
    state = holding_exchange(state, 1, card)
    state, _ = apply(state, take_denar(state))
    assert to_act(state) == 1 and state.turn.phase == "vizier"
    with_card = VizierBuy(1, 1, cards("dirham 4", "florin 2"), (card,))
    seraglio = VizierBuy(1, 2, cards("dirham 4", "florin 1", "florin 2"), (card,))
    # the garden (florin 6) = florin 2 + dirham 4; the seraglio (dirham 7) = dirham 4 + florins 3
    assert legal_actions(state) == [with_card, seraglio, DeclineVizier(1)]
    after, events = apply(state, with_card)
    assert TOKEN.of(after.players[1]).vizier is False and held(after.players[1].parts) == ()
    assert after.discard[-3:] == (*cards("dirham 4", "florin 2"), card)
    assert events[0] == VizierBought(1, 1, GARDEN_6, with_card.payment, (card,))
    assert not inconsistencies(after)
    over = VizierBuy(1, 1, cards("dirham 4", "florin 1", "florin 2"), (card,))
    with pytest.raises(IllegalAction) as refused:
        apply(state, over)
    assert refused.value.rule == "V1"
