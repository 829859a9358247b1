"""Is a state one the rules can reach? The check a client-sent state passes before use.

A client holds the game state between requests and may send back anything. Before the
engine goes on from it, the state must hold every component exactly once (C1, C3, D1: 54
tiles, 108 or 72 money cards, 2 scoring cards; V2-V4: what the modules add), only legal
Alhambras (B2-B5), a turn that can exist (the phase agrees with the market, the tiles
waiting, the scoring rounds...), scores the rounds scored can pay (M2-M5, W4, T8), a turn
number late enough for the purchases made (T4), the dummy's draws (D2) and an empty bag at
the end (T9).

Each problem names where it is, as a path into the state (``("players", 1, "hand", 3)``;
an Alhambra tile is named by its cell), for the caller to turn into a pointer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from typing import Final

from msgspec import Struct

from calculator.core.building import alhambra_violations
from calculator.core.plausibility import most_wall
from calculator.core.scoring import POINTS, winners
from calculator.core.tiles import CATALOG, Tile
from calculator.engine.components import (
    CARD,
    SCORING_CARDS,
    DisplayCard,
    MoneyCard,
    ScoringCard,
    copies_per_card,
    total,
)
from calculator.engine.core import (
    ACTION,
    FINAL_PLACEMENT,
    OVER,
    PLACEMENT,
    REFILL,
    SETUP,
    Draw,
    Game,
)
from calculator.engine.errors import Path
from calculator.engine.game import next_step
from calculator.engine.state import FACE_UP_MONEY, MAX_BUYS, GameState, Player, to_game
from calculator.engine.turn.dummy import AFTER_ROUND_1, SETUP_TILES
from calculator.engine.turn.end import FINAL_ROUND
from calculator.engine.turn.setup import STARTING_MONEY, piles_formed


class Inconsistency(Struct, frozen=True):
    where: Path
    message: str


def inconsistencies(state: GameState) -> list[Inconsistency]:
    """Every reason ``state`` cannot be a state of a game; none for a consistent one. The
    modules check their parts on the game's core (every module the state's ruleset knows:
    none of its pieces without it)."""
    game = to_game(state)
    found = _tiles(state) + _money(state) + _scoring_cards(state, game) + _alhambras(state)
    found += _seats(state) + _turn(state, game)
    found += _scores(state) + _turn_number(state) + _dummy_tiles(state) + _bag_at_the_end(state)
    for module in state.options.rules.known:
        if module.inconsistencies is not None:
            found += [Inconsistency(*problem) for problem in module.inconsistencies(game)]
    return found


def _describe(tile: Tile) -> str:
    return f"{tile.describe()} (price {tile.price}, walls {tile.walls or 'none'})"


def tiles_on_table(
    players: Sequence[Player], market: Sequence[Tile | None], dummy: Sequence[Tile] | None
) -> list[tuple[Path, Tile]]:
    """Where each tile in sight lies: the market, the Alhambras and reserves, the dummy."""
    places: list[tuple[Path, Tile]] = [
        (("market", index), tile) for index, tile in enumerate(market) if tile is not None
    ]
    for seat, player in enumerate(players):
        places += [
            (("players", seat, "alhambra", cell), tile)
            for cell, tile in player.alhambra.buildings()
        ]
        places += [
            (("players", seat, "reserve", index), tile) for index, tile in enumerate(player.reserve)
        ]
    if dummy is not None:
        places += [(("dummy", index), tile) for index, tile in enumerate(dummy)]
    return places


def tile_places(state: GameState) -> list[tuple[Path, Tile]]:
    """Where each tile of the state lies: in sight, in the bag, waiting to be placed."""
    places = tiles_on_table(state.players, state.market, state.dummy)
    places += [(("bag", index), tile) for index, tile in enumerate(state.bag)]
    places += [(("turn", "bought", index), tile) for index, tile in enumerate(state.turn.bought)]
    places += [
        (("turn", "awarded", index), award.tile) for index, award in enumerate(state.turn.awarded)
    ]
    return places


def _tiles(state: GameState) -> list[Inconsistency]:
    """C1: each of the 54 tiles exactly once."""
    found = []
    seen: dict[Tile, Path] = {}
    for where, tile in tile_places(state):
        if tile.hut:
            continue  # V4: counted by its module
        if tile not in CATALOG_SET:
            found.append(Inconsistency(where, f"{_describe(tile)} is not a tile of the game (C1)"))
        elif tile in seen:
            found.append(
                Inconsistency(
                    where, f"{_describe(tile)} is there twice: every tile exists once (C1)"
                )
            )
        else:
            seen[tile] = where
    missing = [tile for tile in CATALOG if tile not in seen]
    if missing:
        found.append(
            Inconsistency(
                ("bag",),
                _missing(
                    [_describe(tile) for tile in missing],
                    "tile",
                    "the 54 tiles are each somewhere (C1)",
                ),
            )
        )
    return found


CATALOG_SET: Final[frozenset[Tile]] = frozenset(CATALOG)


def _missing(names: list[str], kind: str, rule: str) -> str:
    shown = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
    return f"{len(names)} {kind}{'s' if len(names) > 1 else ''} missing ({shown}): {rule}"


def money_in_sight(
    players: Sequence[Player], face_up: Sequence[DisplayCard]
) -> list[tuple[Path, MoneyCard]]:
    """Where each money card in sight lies: the hands and the face-up money (a module's cards
    among it are counted by the module: V2)."""
    places: list[tuple[Path, MoneyCard]] = [
        (("players", seat, "hand", index), card)
        for seat, player in enumerate(players)
        for index, card in enumerate(player.hand)
    ]
    places += [
        (("face_up", index), card)
        for index, card in enumerate(face_up)
        if isinstance(card, MoneyCard)
    ]
    return places


def money_places(state: GameState) -> list[tuple[Path, MoneyCard]]:
    """Where each money card of the state lies: in the pile, in the discard, in sight. The
    card a client can edit is in sight, so it is counted last: a copy too many is named where
    it was edited (a hand), not in the pile that holds the true copies."""
    places: list[tuple[Path, MoneyCard]] = [
        (("pile", index), card)
        for index, card in enumerate(state.pile)
        if isinstance(card, MoneyCard)
    ]
    places += [
        (("discard", index), card)
        for index, card in enumerate(state.discard)
        if isinstance(card, MoneyCard)
    ]
    return places + money_in_sight(state.players, state.face_up)


def extra_copies(
    places: list[tuple[Path, MoneyCard]], copies: int
) -> tuple[list[Inconsistency], Counter[MoneyCard]]:
    """C3, D1: each card beyond the ``copies`` that exist, and the count of each card."""
    counted: Counter[MoneyCard] = Counter()
    found = []
    for where, card in places:
        counted[card] += 1
        if counted[card] == copies + 1:
            found.append(
                Inconsistency(
                    where,
                    f"one {card.describe()} too many: there are {copies} of each card "
                    f"({'D1: a 2-player game' if copies == 2 else 'C3'})",
                )
            )
    return found, counted


def _money(state: GameState) -> list[Inconsistency]:
    """C3, D1: 3 copies of each card (2 in a 2-player game), each somewhere."""
    copies = copies_per_card(len(state.players))
    places = money_places(state)
    found, counted = extra_copies(places, copies)
    missing = [card for card in CARD.values() for _ in range(max(copies - counted[card], 0))]
    if missing:
        found = [_edited(problem, dict(places), missing) for problem in found]
        found.append(
            Inconsistency(
                ("pile",),
                _missing(
                    [card.describe() for card in missing],
                    "money card",
                    f"the {copies * len(CARD)} money cards are each somewhere "
                    f"({'D1' if copies == 2 else 'C3'})",
                ),
            )
        )
    return found


def _edited(
    problem: Inconsistency, cards: dict[Path, MoneyCard], missing: list[MoneyCard]
) -> Inconsistency:
    """A copy too many where a card is missing: a card edited in place. When a missing card
    shares its currency, the value was changed (or the currency, sharing its value): the
    problem names that member."""
    card = cards.get(problem.where)
    if card is None:
        return problem
    for member, same in (("value", "currency"), ("currency", "value")):
        if any(getattr(other, same) == getattr(card, same) for other in missing):
            return Inconsistency((*problem.where, member), problem.message)
    return problem


def _scoring_cards(state: GameState, game: Game) -> list[Inconsistency]:
    """T1, T8: each scoring card in the pile, waiting for its round, or scored; round 1 first."""
    found = []
    for index, card in enumerate(state.pile):
        if isinstance(card, ScoringCard) and card.round not in (1, 2):
            found.append(Inconsistency(("pile", index), "there are only scoring cards 1 and 2"))
    places = Counter(
        [card.round for card in state.pile if isinstance(card, ScoringCard)]
        + list(state.turn.scoring_due)
        + [r for r in state.rounds_scored if r != FINAL_ROUND]
    )
    for card in SCORING_CARDS:
        if places[card.round] > 1:
            found.append(
                Inconsistency(
                    ("rounds_scored",),
                    f"scoring card {card.round} is in more than one place (pile, revealed, scored)",
                )
            )
        elif places[card.round] == 0 and not _before_piles(game):
            found.append(
                Inconsistency(
                    ("pile",),
                    f"scoring card {card.round} is nowhere: it is in the pile until "
                    "revealed (T1, T8)",
                )
            )
    scored = tuple(r for r in state.rounds_scored if r != FINAL_ROUND)
    revealed = scored + tuple(sorted(state.turn.scoring_due))
    if revealed not in ((), (1,), (1, 2)) or len(set(state.rounds_scored)) < len(
        state.rounds_scored
    ):
        found.append(
            Inconsistency(
                ("rounds_scored",),
                "scoring card 1 lies above scoring card 2 (T1): rounds are revealed and "
                "scored in order",
            )
        )
    if (FINAL_ROUND in state.rounds_scored) != state.over:
        found.append(
            Inconsistency(
                ("rounds_scored",), ("round 3 is scored exactly when the game is over (T9)")
            )
        )
    return found


def _before_piles(game: Game) -> bool:
    """T1: during setup the scoring cards join the pile only once the money is dealt out."""
    return game.phase is SETUP and not game.rounds_scored and not game.scoring_due


def _alhambras(state: GameState) -> list[Inconsistency]:
    """B2-B5: every Alhambra is legal."""
    found = []
    for seat, player in enumerate(state.players):
        for violation in alhambra_violations(player.alhambra, state.options.hole_rule):
            # point at a tile the player placed, not at the fountain or an empty cell
            cell = next(
                (c for c in violation.cells if c in player.alhambra and c != (0, 0)),
                violation.cells[0],
            )
            found.append(
                Inconsistency(
                    ("players", seat, "alhambra", cell),
                    f"{violation.rule}: {violation.message}",
                )
            )
    return found


def _seats(state: GameState) -> list[Inconsistency]:
    found = []
    if (state.dummy is not None) != (len(state.players) == 2):
        found.append(
            Inconsistency(("dummy",), "there is a dummy in a 2-player game, and only then (D2)")
        )
    if state.digital != (state.seed is not None):
        found.append(Inconsistency(("rng",), "a digital game has a seed; a table game has none"))
    return found


def _turn(state: GameState, game: Game) -> list[Inconsistency]:
    """A turn state that can exist."""
    turn = state.turn
    phase = game.phase
    seats = len(state.players)
    found: list[Inconsistency] = []

    def wrong(where: Path, message: str) -> None:
        found.append(Inconsistency(where, message))

    if turn.player is None:
        if phase != SETUP:
            wrong(("turn", "player"), "only a table game's setup may wait for its start player")
    elif not 0 <= turn.player < seats:
        wrong(("turn", "player"), f"there is no seat {turn.player} among {seats} players")
        return found
    for index, award in enumerate(turn.awarded):
        if not 0 <= award.player < seats:
            wrong(("turn", "awarded", index), f"there is no seat {award.player}")
            return found
    if len(state.face_up) > FACE_UP_MONEY:
        wrong(("face_up",), f"at most {FACE_UP_MONEY} money cards lie face up (T1)")
    if turn.dummy_draws > len(state.bag) or (turn.dummy_draws and state.dummy is None):
        wrong(
            ("turn", "dummy_draws"),
            "the dummy draws only what the bag holds, in a 2-player game (D2)",
        )
    empty_slots = sum(tile is None for tile in state.market)
    if state.over != (phase == OVER):
        wrong(("over",), "the game is over exactly in the phase 'over'")
    if phase == OVER:
        totals = [player.score for player in state.players]
        if list(state.winners) != winners(totals):
            wrong(("winners",), "the winners are the players with the highest total (M6)")
    elif state.winners:
        wrong(("winners",), "there are winners only once the game is over (T9)")
    if phase in (SETUP, REFILL):
        if state.digital:
            wrong(
                ("turn", "phase"),
                "a digital game never waits in the middle of its setup or "
                "refill: the engine draws itself",
            )
        elif not isinstance(next_step(game), Draw):
            wrong(("turn", "phase"), "nothing is left to draw here: this setup or refill is over")
    if phase == SETUP:
        found += _setup(state, game)
    if phase != SETUP and turn.number < 1:
        wrong(("turn", "number"), "the first turn is number 1")
    if phase in (ACTION, PLACEMENT):
        if turn.buys > MAX_BUYS:
            wrong(("turn", "buys"), f"a turn holds at most {MAX_BUYS} buys (T4)")
        if empty_slots != turn.buys:
            wrong(
                ("market",),
                "the market is full when a turn begins and is not refilled "
                "during it (T4): its empty slots are the tiles bought this turn",
            )
        bought = [tile for tile in turn.bought if not tile.hut]  # a hut is taken, not bought
        if len(bought) > turn.buys or (phase == ACTION and len(bought) != turn.buys):
            wrong(("turn", "bought"), "the tiles waiting are the ones bought this turn (T6)")
        taken = len(turn.bought) - len(bought)
        if taken > 1 or (taken and phase == ACTION):
            wrong(
                ("turn", "bought"),
                "taking a hut is one of the turn's actions and ends "
                "them (V4): at most one hut waits, once the actions are over",
            )
        if turn.extra_action and (phase != ACTION or turn.buys == 0):
            wrong(("turn", "extra_action"), "only an exact payment earns another action (T4)")
        if phase == PLACEMENT and not turn.bought:
            wrong(("turn", "bought"), "the placement phase places the tiles bought (T6)")
    elif (turn.bought and not phase.bought) or turn.extra_action:  # a module's buy apart (V1)
        wrong(("turn", "bought"), "tiles wait to be placed only at the end of a turn (T6)")
    if phase == FINAL_PLACEMENT:
        if state.bag or not turn.awarded:
            wrong(("turn", "awarded"), "awarded tiles are placed when the bag is empty (T9)")
    elif turn.awarded:
        wrong(("turn", "awarded"), "tiles are awarded only at the end of the game (T9)")
    if turn.scoring_due and phase != REFILL:
        wrong(("turn", "scoring_due"), "a revealed scoring card is scored after the refill (T8)")
    return found


def _setup(state: GameState, game: Game) -> list[Inconsistency]:
    """T1, D2: hands dealt in seat order, then the face-up money, the piles, market, dummy."""
    found: list[Inconsistency] = []
    dealing = next(
        (seat for seat, player in enumerate(state.players) if total(player.hand) < STARTING_MONEY),
        None,
    )
    for seat, player in enumerate(state.players):
        if len(player.alhambra) > 1 or player.reserve or player.score:
            found.append(Inconsistency(("players", seat), "during setup nobody builds or scores"))
        if dealing is not None and seat > dealing and player.hand:
            found.append(
                Inconsistency(
                    ("players", seat, "hand"),
                    ("players are dealt in seat order, each until their total is at least 20 (T1)"),
                )
            )
    formed = piles_formed(game.pile)
    filled = [tile is not None for tile in state.market]
    stages: list[tuple[Path, str, bool, bool]] = [  # where, what, begun, done
        (("players",), "dealing", True, dealing is None),
        (
            ("face_up",),
            "laying out the money",
            bool(state.face_up),
            len(state.face_up) == FACE_UP_MONEY,
        ),
        (("pile",), "forming the piles", formed, formed),
        (("market",), "filling the market", any(filled), all(filled)),
        (
            ("dummy",),
            "the dummy's draw",
            bool(state.dummy),
            state.dummy is None or len(state.dummy) == SETUP_TILES,
        ),
    ]
    for (_, before, _, done), (where, what, begun, _) in pairwise(stages):
        if begun and not done:
            found.append(Inconsistency(where, f"{what} comes after {before} (T1)"))
    if filled != sorted(filled, reverse=True):
        found.append(Inconsistency(("market",), "the market is filled in slot order 1 -> 4 (T1)"))
    if state.discard or state.rounds_scored or state.turn.number or state.turn.buys:
        found.append(Inconsistency(("turn", "phase"), "nothing has been played during setup"))
    return found


# --- what the rounds scored, the purchases and the dummy's draws bound ----------------------


def score_bound(state: GameState, seat: int) -> int:
    """The most points the player at ``seat`` can hold after the rounds ``state`` has scored.

    Proof. A player's score is the sum of their points at each scoring round scored (T8, T9;
    nothing else scores: V1-V4 change counts and walls only), and a round pays majority points
    plus the longest wall (M5, W4).

    * Majorities: in each building type a player earns at most the first place's points, a
      tie sharing the points of the places it occupies, which are at most the first's each
      (M2-M4); and only in a type of which they hold a building (M1). A bonus card counts only
      beside its tile in the Alhambra (V3), a hut only beside a building of its colour (V4),
      so neither brings a type of its own.
    * The wall: an Alhambra of ``n`` tiles has a longest wall of at most ``most_wall(n)``
      (:func:`~calculator.core.plausibility.most_wall`), which grows with ``n``.
    * A player never loses a tile: a tile bought goes to their Alhambra or reserve (or, at
      once, to the dummy, D4: then it never was theirs), and a redesign moves it between the
      two (T5). So at every round scored before, their Alhambra held at most the tiles they
      own now (their Alhambra and reserve, huts included), of the types they own now.

    So each round ``r`` scored paid at most the first places of the types they own, plus the
    wall of all the tiles they own; before any scoring round, nothing.
    """
    player = state.players[seat]
    owned = [tile for _, tile in player.alhambra.buildings()] + list(player.reserve)
    types = {tile.building for tile in owned if tile.building is not None and not tile.hut}
    wall = most_wall(len(owned))
    return sum(
        sum(POINTS[building][scoring_round][0] for building in types) + wall
        for scoring_round in state.rounds_scored
    )


def _scores(state: GameState) -> list[Inconsistency]:
    """M2-M5, W4, T8: no score beyond what the rounds scored can pay (:func:`score_bound`)."""
    found = []
    for seat, player in enumerate(state.players):
        bound = score_bound(state, seat)
        if player.score <= bound:
            continue
        if not state.rounds_scored:
            message = f"{player.score} points before any scoring round: every score is 0 (T8)"
        else:
            scored = ", ".join(str(r) for r in sorted(state.rounds_scored))
            message = (
                f"{player.score} points, more than rounds {scored} can pay this player: at most "
                f"{bound}, first place in each type of building they own and the longest wall "
                "their tiles can make, each round (M2-M5, W4)"
            )
        found.append(Inconsistency(("players", seat, "score"), message))
    return found


def purchases_at_least(state: GameState) -> int:
    """The fewest purchases that leave ``state``'s tiles where they are.

    Every tile out of the bag went to the market or, drawn, to the dummy (D2; his tiles also
    count the gifts, D4, so his pile bounds his draws). A tile leaves the market bought, or
    awarded at the end (T9: at most the market's 4). So the purchases are at least the tiles
    out of the bag, less the dummy's, those in the market and those the end may have awarded.
    """
    out_of_bag = len(CATALOG) - len(state.bag)
    in_market = sum(tile is not None for tile in state.market)
    dummy = len(state.dummy or ())
    awarded = len(state.market) if state.turn.phase in (FINAL_PLACEMENT, OVER) else 0
    return max(0, out_of_bag - dummy - in_market - awarded)


def earliest_turn(state: GameState) -> int:
    """T2, T4, V1: the earliest turn the purchases made can have come to. A turn holds at most
    4 purchases (T4: the market's 4 slots, not refilled during it) and, after it, at most one
    more per player (V1: each player is offered the vizier at most once between two turns).

    No latest turn holds: a player may redesign (T5) on every turn, so a game may last any
    number of turns."""
    return -(-purchases_at_least(state) // (MAX_BUYS + len(state.players)))


def _turn_number(state: GameState) -> list[Inconsistency]:
    """T2, T4: a turn number late enough for the purchases made (:func:`earliest_turn`)."""
    least = earliest_turn(state)
    if state.turn.phase == SETUP or state.turn.number >= least:
        return []
    return [
        Inconsistency(
            ("turn", "number"),
            f"turn {state.turn.number} comes too early: {purchases_at_least(state)} tiles have "
            f"been bought, at most {MAX_BUYS + len(state.players)} a turn at this table (T4, "
            f"V1), so this is turn {least} or later",
        )
    ]


def _dummy_tiles(state: GameState) -> list[Inconsistency]:
    """D2: the dummy holds his 6 tiles from the end of setup, and 6 more once round 1 is
    scored, unless those 6 emptied the bag (he then drew what it held, and it stays empty);
    tiles he is still to draw (table mode) count. His tiles only grow (D4 adds)."""
    if state.dummy is None or state.turn.phase == SETUP:
        return []
    least = SETUP_TILES
    if 1 in state.rounds_scored and state.bag:
        least += AFTER_ROUND_1
    if len(state.dummy) + state.turn.dummy_draws >= least:
        return []
    return [
        Inconsistency(
            ("dummy",),
            f"the dummy holds {len(state.dummy)} tiles; by now he has drawn at least {least} "
            "(D2: 6 at setup, 6 more after scoring round 1)",
        )
    ]


def _bag_at_the_end(state: GameState) -> list[Inconsistency]:
    """T9: the game ends when the bag cannot fill the market, which empties it."""
    if state.over and state.bag:
        return [Inconsistency(("bag",), "the game ends only once the bag is empty (T9)")]
    return []
