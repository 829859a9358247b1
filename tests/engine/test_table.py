"""Table mode: a physical game followed turn by turn; where the engine would draw, it asks."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from calculator.api.game_document import dump_state, load_state
from calculator.core.tiles import BUILDINGS, CATALOG, Building
from calculator.engine import IllegalAction, NotYourTurn, Options, apply, legal_actions, to_act
from calculator.engine.actions import (
    Action,
    PlaceTile,
    ReserveTile,
    RevealMoney,
    RevealScoringCard,
    RevealTile,
    TakeMoney,
)
from calculator.engine.components import CARD, MoneyCard, ScoringCard
from calculator.engine.consistency import inconsistencies
from calculator.engine.events import (
    DummyDrew,
    Event,
    MarketFilled,
    MoneyDealt,
    MoneyDrawn,
    ScoringCardRevealed,
)
from calculator.engine.game import new_game, settle
from calculator.engine.players.random_play import random_action
from calculator.engine.state import GameState, to_state
from calculator.engine.turn.setup import initial_game
from calculator.modules import NAMES as MODULES
from calculator.modules import ruleset
from calculator.modules.bonus.records import ASIDE, CARDS, Aside, BonusCardDealt, RevealBonusCard
from calculator.modules.bonus.rules import PROVISIONAL_BONUS_CARDS, aside
from calculator.modules.exchange.records import EXCHANGE_CARDS, ExchangeCard
from calculator.modules.huts.records import STACKS, HutRevealed, HutTaken, RevealHut, TakeHut
from calculator.modules.huts.rules import PROVISIONAL_HUTS, stacks_of
from calculator.modules.vizier.records import ASKED, TOKEN, VizierBought
from tests.helpers.engine_scenes import NAMES, checked, game, new_table_game


def test_a_table_game_begins_by_asking_for_the_first_card_dealt():
    state = game(3, mode="table", start=None)
    assert state.turn.phase == "setup" and to_act(state) is None
    assert legal_actions(state) == [RevealMoney(card) for card in CARD.values()]
    assert state.seed is None


def test_a_scoring_card_cannot_be_revealed_before_the_piles_are_formed():
    state = game(3, mode="table")
    with pytest.raises(IllegalAction) as refused:
        apply(state, RevealScoringCard(1))
    assert refused.value.rule == "T7"


def test_only_what_the_bag_holds_can_be_revealed():
    state = _empty_slot_1(_set_up(game(4, mode="table"), random.Random(1)))
    assert legal_actions(state) == [RevealTile(tile) for tile in state.bag]
    with pytest.raises(IllegalAction) as refused:
        apply(state, RevealTile(state.market[1]))  # still in slot 2
    assert refused.value.rule == "T7"


def test_a_tile_cannot_be_revealed_when_a_card_is_drawn():
    state = game(3, mode="table")
    with pytest.raises(IllegalAction):
        apply(state, RevealTile(CATALOG[0]))


def test_players_wait_while_the_table_reveals():
    state = game(3, mode="table", start=0)
    with pytest.raises(NotYourTurn):
        apply(state, TakeMoney(0, ()))


def test_scoring_card_2_is_never_revealed_before_scoring_card_1():
    state = _set_up(game(3, mode="table"), random.Random(2))
    assert ScoringCard(2) in state.pile
    state = _take_all_face_up(state)
    reveals = legal_actions(state)
    assert RevealScoringCard(1) in reveals and RevealScoringCard(2) not in reveals
    with pytest.raises(IllegalAction):
        apply(state, RevealScoringCard(2))


MODULE_SETS: list[frozenset[str]] = [
    frozenset(chosen) for size in range(len(MODULES) + 1) for chosen in combinations(MODULES, size)
]


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 8), (6, 1)])
def test_a_table_game_follows_a_digital_game_draw_by_draw(players, seed):
    """Reveal the digital game's draws, play its players' actions: the same game."""
    _follow_a_digital_game(players, seed, frozenset())


@pytest.mark.parametrize(
    ("players", "seed", "modules"),
    [(2 + index % 5, index, modules) for index, modules in enumerate(MODULE_SETS) if modules],
    ids=lambda value: "+".join(sorted(value)) if isinstance(value, frozenset) else None,
)
def test_v1_v4_a_table_game_with_modules_follows_a_digital_game_draw_by_draw(
    players, seed, modules
):
    """V1-V4, every combination of modules: the table reveals the digital game's draws (the
    bonus cards dealt, V3; every top hut, V4; exchange cards among the money, V2) and its
    players' actions are played: the same game."""
    _follow_a_digital_game(players, seed, modules)


def _follow_a_digital_game(players: int, seed: int, modules: frozenset[str]) -> None:
    names = list(NAMES[:players])
    digital = new_game(names, seed, None, Options(rules=ruleset(modules)))
    draws = _setup_draws(names, seed, modules)
    rng = random.Random(seed)
    decisions: list[Action] = []
    state = digital
    while not state.over:
        action = random_action(state, rng)
        decisions.append(action)
        state, events = apply(state, action)
        draws += _drawn(events, state)
    table = new_game(names, seed, None, Options(mode="table", rules=ruleset(modules)))
    for item in draws:
        table = _decide(table, decisions)
        table, _ = apply(table, item)
    table = _decide(table, decisions)
    assert table.over and not decisions
    assert table.players == state.players and table.winners == state.winners
    assert table.market == state.market and table.dummy == state.dummy
    assert table.face_up == state.face_up and table.rounds_scored == state.rounds_scored
    assert [stack[:1] for stack in stacks_of(table.parts).hut_stacks] == [
        stack[:1] for stack in stacks_of(state.parts).hut_stacks
    ]


def _setup_draws(names: list[str], seed: int, modules: frozenset[str]) -> list[Action]:
    """The draws of the digital game's setup: the top huts (V4, revealed first at a table),
    the bonus cards (V3), the deal, face-up money, market, dummy."""
    start = initial_game(names, seed, options=Options(rules=ruleset(modules)))
    tops = [RevealHut(stack[0]) for stack in stacks_of(start.parts).hut_stacks]
    start.log = []
    settle(start)
    return tops + _drawn(start.log, to_state(start))


def _drawn(events: list[Event], after: GameState) -> list[Action]:
    reveals: list[Action] = []
    for event in events:
        if isinstance(event, MoneyDealt | MoneyDrawn):
            reveals.append(RevealMoney(event.card))
        elif isinstance(event, ScoringCardRevealed):
            reveals.append(RevealScoringCard(event.round))
        elif isinstance(event, MarketFilled | DummyDrew):
            reveals.append(RevealTile(event.tile))
        elif isinstance(event, BonusCardDealt):
            reveals.append(RevealBonusCard(event.tile))
        elif isinstance(event, HutTaken):  # V4: the table turns up the stack's next hut
            stack = stacks_of(after.parts).hut_stacks[BUILDINGS.index(event.tile.building)]
            reveals += [RevealHut(stack[0])] if stack else []
    return reveals


def _decide(table: GameState, decisions: list[Action]) -> GameState:
    """Play the players' actions until the table must reveal a draw."""
    while decisions and to_act(table) is not None:
        table, _ = apply(table, decisions.pop(0))
    return table


def _set_up(state: GameState, rng: random.Random) -> GameState:
    while state.turn.phase == "setup":
        state, _ = apply(state, rng.choice(legal_actions(state)))
    return state


def _empty_slot_1(state: GameState) -> GameState:
    """The refill after a turn: slot 1 is empty (its tile back in the bag), a tile is due."""
    gone = state.market[0]
    assert gone is not None
    return checked(
        replace(
            state,
            market=(None, *state.market[1:]),
            bag=(*state.bag, gone),
            turn=replace(state.turn, phase="refill"),
        )
    )


def _take_all_face_up(state: GameState) -> GameState:
    """Move the face-up cards to the discard: the refill must draw four cards."""
    return checked(
        replace(
            state,
            discard=state.discard + state.face_up,
            face_up=(),
            turn=replace(state.turn, phase="refill"),
        )
    )


# --- the Vizier's Favour at a table (V1-V4) ----------------------------------------------------


def _table(*modules: str) -> Options:
    return Options(mode="table", rules=ruleset(modules))


def test_v1_the_vizier_is_played_at_a_table_and_its_refill_is_revealed():
    rng = random.Random(4)
    for _ in range(50):  # games until a vizier buys (bounded)
        state = new_table_game(3, _table("vizier"), rng)
        assert all(TOKEN.of(player).vizier for player in state.players)
        while not state.over:
            state, events = apply(state, random_action(state, rng))
            checked(state)
            if any(isinstance(event, VizierBought) for event in events):
                break
        if not state.over:
            break
    assert state.turn.phase == "vizier_placement"
    state, _ = apply(state, random_action(state, rng))  # placed: the market is refilled (T7)
    assert to_act(state) is None and ASKED.of(state.turn).vizier_asked
    assert legal_actions(state) == [RevealTile(tile) for tile in dict.fromkeys(state.bag)]
    checked(state)


def test_v2_an_exchange_card_drawn_at_a_table_is_revealed_like_money():
    state = new_table_game(2, _table("exchange"))
    assert sorted(c for c in state.pile if isinstance(c, ExchangeCard)) == sorted(EXCHANGE_CARDS)
    refill = _take_all_face_up(state)
    reveals = legal_actions(refill)
    assert [RevealMoney(card) for card in EXCHANGE_CARDS] == [
        r for r in reveals if isinstance(r, RevealMoney) and isinstance(r.card, ExchangeCard)
    ]
    state, events = apply(refill, RevealMoney(EXCHANGE_CARDS[2]))
    assert events == [MoneyDrawn(EXCHANGE_CARDS[2])] and EXCHANGE_CARDS[2] in state.face_up
    assert RevealMoney(EXCHANGE_CARDS[2]) not in legal_actions(state)  # each card exists once
    with pytest.raises(IllegalAction) as refused:
        apply(state, RevealMoney(EXCHANGE_CARDS[2]))
    assert refused.value.rule == "T7"
    assert RevealScoringCard(2) not in legal_actions(state)  # T1: still never before card 1


def test_v2_at_a_table_the_discard_reshuffled_is_known_as_a_set_money_first():
    state = new_table_game(2, _table("exchange"))
    pile = tuple(c for c in state.pile if not isinstance(c, ScoringCard))
    ended = checked(
        replace(
            state,
            pile=tuple(c for c in state.pile if isinstance(c, ScoringCard)),
            discard=state.discard + tuple(reversed(pile)) + state.face_up,
            face_up=(),
            turn=replace(state.turn, phase="refill"),
            rounds_scored=(),
        )
    )
    # the pile holds only the scoring cards: reveal them, then the discard becomes the pile
    ended, _ = apply(ended, RevealScoringCard(1))
    ended, _ = apply(ended, RevealScoringCard(2))
    money = [c for c in ended.pile if isinstance(c, MoneyCard)]
    exchange = [c for c in ended.pile if isinstance(c, ExchangeCard)]
    assert list(ended.pile) == sorted(money) + sorted(exchange)
    checked(ended)


def test_v3_at_a_table_the_bonus_cards_dealt_are_revealed_in_seat_order():
    state = new_game(list(NAMES[:4]), 0, 0, _table("bonus"))
    in_play = PROVISIONAL_BONUS_CARDS
    assert legal_actions(state) == [RevealBonusCard(card) for card in in_play]
    assert aside(state.parts) == in_play and to_act(state) is None
    with pytest.raises(NotYourTurn):
        apply(state, TakeMoney(0, ()))
    state, events = apply(state, RevealBonusCard(in_play[5]))
    assert events == [BonusCardDealt(0, in_play[5])]
    with pytest.raises(IllegalAction) as refused:
        apply(state, RevealBonusCard(in_play[5]))
    assert refused.value.rule == "V3"
    with pytest.raises(IllegalAction):
        apply(state, RevealMoney(CARD[next(iter(CARD))]))  # the deal of the bonus cards first
    for card in in_play[:7]:  # 2 each with 4 players (V3)
        state, _ = apply(state, RevealBonusCard(card)) if card != in_play[5] else (state, [])
    assert [CARDS.of(p).bonus_hand for p in state.players] == [
        (in_play[5], in_play[0]),
        (in_play[1], in_play[2]),
        (in_play[3], in_play[4]),
        (in_play[6],),
    ]
    checked(state)
    state, _ = apply(state, RevealBonusCard(in_play[9]))
    assert aside(state.parts) == (in_play[7], in_play[8])  # known as a set: what nobody holds
    assert all(isinstance(a, RevealMoney) for a in legal_actions(state))
    checked(state)


def test_v3_a_table_deal_out_of_seat_order_is_inconsistent():
    state = new_game(list(NAMES[:3]), 0, 0, _table("bonus"))
    card = aside(state.parts)[0]
    dealt = CARDS.change(state.players[1], bonus_hand=(card,))
    skipped = ASIDE.put(
        replace(state, players=(state.players[0], dealt, state.players[2])),
        Aside(aside(state.parts)[1:]),
    )
    assert [p.where for p in inconsistencies(skipped)] == [
        ("players", 0, "bonus_hand"),
        ("players", 1, "bonus_hand"),
    ]
    money_first = replace(
        state,
        players=(replace(state.players[0], hand=(CARD[next(iter(CARD))],)), *state.players[1:]),
        pile=state.pile[1:],
    )
    assert ("players", 0, "hand") in [p.where for p in inconsistencies(money_first)]


def test_v4_at_a_table_each_stack_s_top_hut_is_revealed_and_again_after_a_take():
    state = new_game(list(NAMES[:2]), 0, 0, _table("huts"))
    assert stacks_of(state.parts).hidden_tops == tuple(range(6)) and to_act(state) is None
    pavilions = [hut for hut in PROVISIONAL_HUTS if hut.building is Building.PAVILION]
    assert legal_actions(state) == [RevealHut(hut) for hut in dict.fromkeys(pavilions)]
    with pytest.raises(IllegalAction) as refused:
        apply(
            state, RevealHut(stacks_of(state.parts).hut_stacks[5][0])
        )  # a tower: the pavilions come first
    assert refused.value.rule == "V4"
    state = new_table_game(2, _table("huts"), random.Random(3))
    assert not stacks_of(state.parts).hidden_tops
    seat = state.turn.player
    garden = BUILDINGS.index(Building.GARDEN)
    top, rest = (
        stacks_of(state.parts).hut_stacks[garden][0],
        stacks_of(state.parts).hut_stacks[garden][1:],
    )
    state, events = apply(state, TakeHut(seat, Building.GARDEN))
    assert events == [HutTaken(seat, top)] and stacks_of(state.parts).hidden_tops == (garden,)
    # the hut is the turn's action, as in a digital game: placed once the top is revealed
    assert to_act(state) is None and state.turn.phase == "placement"
    assert legal_actions(state) == [RevealHut(hut) for hut in dict.fromkeys(rest)]
    with pytest.raises(NotYourTurn):
        apply(state, ReserveTile(seat, top))
    checked(state)
    state, events = apply(state, RevealHut(rest[-1]))
    assert (
        events == [HutRevealed(rest[-1])]
        and stacks_of(state.parts).hut_stacks[garden][0] == rest[-1]
    )
    assert to_act(state) == seat and ReserveTile(seat, top) in legal_actions(state)
    assert {type(action) for action in legal_actions(state)} == {PlaceTile, ReserveTile}
    with pytest.raises(IllegalAction) as refused:
        apply(state, TakeHut(seat, Building.TOWER))
    assert refused.value.rule == "V4"  # the hut ended the turn's actions
    checked(state)
    state, _ = apply(state, ReserveTile(seat, top))  # the market and money are full: no refill
    following = (seat + 1) % 2
    assert state.turn.player == following and state.turn.phase == "action"
    assert TakeHut(following, Building.GARDEN) in legal_actions(state)
    checked(state)


def test_v4_hidden_tops_that_cannot_be_are_inconsistent():
    table = new_table_game(2, _table("huts"))
    digital = new_game(list(NAMES[:2]), 0, 0, Options(rules=ruleset({"huts"})))
    assert [p.where for p in inconsistencies(STACKS.change(digital, hidden_tops=(2,)))] == [
        ("hidden_tops",)
    ]
    emptied = STACKS.change(
        table, hut_stacks=((), *stacks_of(table.parts).hut_stacks[1:]), hidden_tops=(0,)
    )
    assert ("hidden_tops", 0) in [p.where for p in inconsistencies(emptied)]
    assert [p.where for p in inconsistencies(STACKS.change(table, hidden_tops=(1, 1)))] == [
        ("hidden_tops",)
    ]


@settings(max_examples=10, deadline=None, derandomize=True)
@given(
    players=st.integers(2, 6),
    modules=st.sets(st.sampled_from(MODULES), min_size=1),
    seed=st.integers(0, 2**31 - 1),
)
def test_v1_v4_random_table_games_with_modules_stay_consistent_and_legal(players, modules, seed):
    """C1, C3, V1-V4: every action of a table game with modules, reveals included, is one
    legal_actions lists, and every state reached is consistent and survives its document."""
    rng = random.Random(seed)
    state = new_game(list(NAMES[:players]), 0, None, _table(*modules))
    for step in range(400):  # bounded: a game is 400-700 actions
        if state.over:
            break
        action = random_action(state, rng)
        if to_act(state) is None or step % 25 == 0:
            assert action in legal_actions(state)
        state, _ = apply(state, action)
        if step % 10 == 0 or (to_act(state) is None and step % 3 == 0):
            checked(state)
            assert load_state(dump_state(state)) == state
    checked(state)
