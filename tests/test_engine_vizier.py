"""The Vizier's Favour in the engine: bonus cards (V3), dealt, laid and taken back; worker huts
(V4), stacked, taken as a free action, placed at the end of the turn; in scoring rounds, in the
state document, in the consistency check and in random games of every module combination."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from calculator.core.tiles import BUILDINGS, CATALOG, Building, Tile
from calculator.engine import ActionRefused, Options, apply, legal_actions, new_game
from calculator.engine.actions import (
    BuildFromReserve,
    GiveToDummy,
    MoveToReserve,
    PlaceTile,
    ReserveTile,
    TakeHut,
    TakeMoney,
)
from calculator.engine.bonus import DEALT, PROVISIONAL_BONUS_CARDS
from calculator.engine.consistency import inconsistencies
from calculator.engine.events import BonusCardLaid, BonusCardTakenBack, HutTaken
from calculator.engine.huts import PROVISIONAL_HUTS
from calculator.engine.rounds import holding
from calculator.engine.simulate import play_random_game, random_action
from calculator.web.game_document import dump_state, load_state
from tests.engine_scenes import NAMES, checked, of_type, with_reserve
from tests.test_engine_properties import check_listing

BONUS = Options(modules=frozenset({"bonus"}))


def bonus_game(players: int = 3, seed: int = 7, options: Options = BONUS):
    return new_game(list(NAMES[:players]), seed, 0, options)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_v3_bonus_cards_are_dealt_by_player_count_the_rest_set_aside(players):
    state = checked(bonus_game(players))
    hands = [player.bonus_hand for player in state.players]
    assert [len(hand) for hand in hands] == [DEALT[players]] * players
    assert DEALT[players] == {2: 3, 3: 3, 4: 2, 5: 2, 6: 1}[players]
    dealt = [card for hand in hands for card in hand]
    assert sorted(map(repr, dealt + list(state.bonus_aside))) == sorted(
        map(repr, PROVISIONAL_BONUS_CARDS)
    )


def test_v3_the_caller_may_name_the_bonus_cards():
    named = tuple(CATALOG[20:30])
    state = checked(bonus_game(4, options=replace(BONUS, bonus_cards=named)))
    in_game = [c for p in state.players for c in p.bonus_hand] + list(state.bonus_aside)
    assert set(in_game) == set(named)


def test_v3_without_the_module_there_are_no_bonus_cards():
    state = new_game(list(NAMES[:3]), 7, 0)
    assert all(not p.bonus_hand and not p.bonus_cards for p in state.players)
    assert not state.bonus_aside and "bonus_aside" not in dump_state(state)
    assert dump_state(state)["version"] == 1


def laid_scene():
    """Seat 0 holds a card whose tile lies in its reserve; building it lays the card."""
    state = bonus_game()
    card = state.players[0].bonus_hand[0]
    state = with_reserve(state, 0, [card])
    build = next(
        action for action in legal_actions(state)
        if isinstance(action, BuildFromReserve) and action.tile == card
    )
    return state, card, build


def test_v3_a_card_is_laid_face_up_when_its_tile_enters_the_alhambra():
    state, card, build = laid_scene()
    before = holding(state.players[0]).counts[card.building]
    after, events = apply(state, build)
    assert of_type(events, BonusCardLaid) == [BonusCardLaid(0, card)]
    assert card in after.players[0].bonus_cards and card not in after.players[0].bonus_hand
    # the tile and its card: two buildings of that type
    assert holding(after.players[0]).counts[card.building] == before + 2
    checked(after)


def test_v3_a_card_goes_back_to_the_hand_when_its_tile_leaves_the_alhambra():
    state, card, build = laid_scene()
    state, _ = apply(state, build)
    cell = build.cell
    # seat 0's turn again: move the tile back to the reserve (T5)
    state = replace(state, turn=replace(state.turn, player=0, phase="action"))
    state, events = apply(state, MoveToReserve(0, cell))
    assert of_type(events, BonusCardTakenBack) == [BonusCardTakenBack(0, card)]
    assert card in state.players[0].bonus_hand and not state.players[0].bonus_cards
    checked(state)


def test_v3_a_card_face_up_without_its_tile_is_inconsistent():
    state = bonus_game()
    player = state.players[0]
    wrong = replace(player, bonus_cards=player.bonus_hand[:1], bonus_hand=player.bonus_hand[1:])
    problems = inconsistencies(replace(state, players=(wrong, *state.players[1:])))
    assert [p.where for p in problems] == [("players", 0, "bonus_cards", 0)]
    assert "V3" in problems[0].message


def test_v3_each_bonus_card_exists_once():
    state = bonus_game()
    doubled = replace(state, bonus_aside=state.bonus_aside + state.players[0].bonus_hand[:1])
    assert any("once" in p.message for p in inconsistencies(doubled))


def test_v3_a_missing_bonus_card_is_inconsistent():
    state = bonus_game()
    assert any("missing" in p.message for p in inconsistencies(replace(state, bonus_aside=())))


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
    final = [holding(p).counts for p in state.players]
    assert all(sum(c.values()) >= len(p.bonus_cards)
               for c, p in zip(final, state.players, strict=True))


def test_v3_simulated_games_with_bonus_cards_end():
    for players in (2, 5):
        assert play_random_game(players, 11, BONUS).state.over


# --- worker huts (V4) ------------------------------------------------------------------------

HUTS = Options(modules=frozenset({"huts"}))


def hut_game(players: int = 3, seed: int = 7, options: Options = HUTS):
    return new_game(list(NAMES[:players]), seed, 0, options)


def test_v4_huts_lie_in_six_stacks_by_colour_top_face_up():
    state = checked(hut_game())
    assert [len(stack) for stack in state.hut_stacks] == [3, 3, 4, 4, 5, 5]
    assert all({hut.building for hut in stack} == {building}
               for building, stack in zip(BUILDINGS, state.hut_stacks, strict=True))
    assert all(hut.hut and hut.walls for stack in state.hut_stacks for hut in stack)
    assert sorted(map(repr, (h for s in state.hut_stacks for h in s))) == sorted(
        map(repr, PROVISIONAL_HUTS))


def test_v4_taking_a_hut_is_a_free_action_and_it_waits_for_the_end_of_the_turn():
    state = hut_game()
    take = TakeHut(0, Building.TOWER)
    assert take in legal_actions(state)
    top = state.hut_stacks[5][0]
    after, events = apply(state, take)
    assert of_type(events, HutTaken) == [HutTaken(0, top)]
    assert after.turn.player == 0 and after.turn.phase == "action"  # still seat 0's action
    assert after.turn.bought == (top,) and after.hut_stacks[5] == state.hut_stacks[5][1:]
    assert after.players[0].hand == state.players[0].hand  # no money
    checked(after)
    # the action proper ends the turn; the hut is then placed like a bought tile (T6)
    money = next(a for a in legal_actions(after) if isinstance(a, TakeMoney))
    placing, _ = apply(after, money)
    assert placing.turn.phase == "placement"
    placements = legal_actions(placing)
    assert ReserveTile(0, top) in placements
    assert any(isinstance(a, PlaceTile) and a.tile == top for a in placements)
    assert not any(isinstance(a, GiveToDummy) for a in placements)
    done, _ = apply(placing, ReserveTile(0, top))
    assert top in done.players[0].reserve and done.turn.player == 1
    checked(done)


def test_v4_a_player_owns_at_most_three_huts_reserve_included():
    state = hut_game()
    for _ in range(3):
        state, _ = apply(state, TakeHut(0, Building.GARDEN))
    assert not any(isinstance(a, TakeHut) for a in legal_actions(state))
    with pytest.raises(ActionRefused) as refused:
        apply(state, TakeHut(0, Building.TOWER))
    assert refused.value.rule == "V4"


def test_v4_an_empty_stack_cannot_be_taken_from():
    state = hut_game()
    emptied = replace(state, hut_stacks=((), *state.hut_stacks[1:]))
    assert TakeHut(0, Building.PAVILION) not in legal_actions(emptied)


def test_v4_a_hut_too_many_is_inconsistent():
    state = hut_game()
    extra = replace(state, hut_stacks=(state.hut_stacks[0] + state.hut_stacks[0][:1],
                                       *state.hut_stacks[1:]))
    assert any("V4" in p.message for p in inconsistencies(extra))


def test_v4_the_caller_may_give_the_huts_walls():
    given = tuple(Tile(b, "NS", hut=True) for b in BUILDINGS for _ in range(
        {"pavilion": 3, "seraglio": 3, "arcades": 4, "chambers": 4, "garden": 5, "tower": 5}[b]))
    state = checked(hut_game(options=replace(HUTS, huts=given)))
    assert all(h.walls == "NS" for s in state.hut_stacks for h in s)


MODULE_SETS = [frozenset(), frozenset({"bonus"}), frozenset({"huts"}),
               frozenset({"bonus", "huts"})]


@pytest.mark.parametrize("modules", MODULE_SETS, ids=lambda m: "+".join(sorted(m)) or "base")
@pytest.mark.parametrize("players,seed", [(2, 21), (5, 22)])
def test_random_games_with_every_module_combination_keep_every_rule(modules, players, seed):
    """Conservation (tiles, money, bonus cards, huts), legal Alhambras and the JSON round trip
    at every step of random games with each combination of the modules played."""
    rng = random.Random(seed)
    state = new_game(list(NAMES[:players]), seed, None, Options(modules=modules))
    while not state.over:
        assert not inconsistencies(state)
        if rng.random() < 0.05:
            assert load_state(json.loads(json.dumps(dump_state(state)))) == state
            check_listing(state, rng)  # listed actions accepted, unlisted ones refused
        state, _ = apply(state, random_action(state, rng))
    assert not inconsistencies(state)
    assert load_state(json.loads(json.dumps(dump_state(state)))) == state


def test_v4_no_hut_can_be_taken_in_a_game_without_the_huts_module():
    state = new_game(list(NAMES[:3]), 7, 0, Options())
    assert not any(isinstance(a, TakeHut) for a in legal_actions(state))
    with pytest.raises(ActionRefused) as refused:
        apply(state, TakeHut(0, Building.TOWER))
    assert refused.value.rule == "V4"
