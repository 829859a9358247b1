// The moves of a game in the page's words: an action to choose (as POST /v1/games/legal-actions
// lists it), a move of a record (docs/records.md: the same actions, the table's reveals among
// them) and a step to read (an event of /v1/games/advance, /v1/games/bot-turns or a replay).

import { YOU } from './game.js';
import { at, buildingForms, t, wallsText } from './words.js';

/** A tile or a worker hut (V4), by its building, in the forms a sentence may need. */
const pieceForms = (piece) => buildingForms(piece.building || piece.hut);

/** Money cards, and exchange cards (V2), as a short list. */
export function cardsText(cards) {
  return cards.map((card) => (card.exchange
    ? t('play.exchange_card', { a: t(`currency.${card.exchange[0]}`), b: t(`currency.${card.exchange[1]}`) })
    : `${t(`currency.${card.currency}`)} ${card.value}`)).join(', ');
}

/** What an action does, in words; `state` is the state it is played in (the market names the
 *  tile a purchase buys), or null where that state is not at hand: a purchase then names its
 *  slot and payment only. A reveal of the table (table mode, T7) names what was drawn. */
export function actionText(action, state = null) {
  const bought = state?.market.find((s) => s.slot === action.slot)?.tile;
  const piece = action.tile || bought || (action.hut && { hut: action.hut });
  const unseen = !piece && ['buy', 'vizier_buy'].includes(action.type);
  return t(unseen ? `move.${action.type}` : `action.${action.type}`, {
    cards: cardsText(action.cards || action.payment || (action.card ? [action.card] : [])),
    slot: action.slot,
    round: action.round,
    ...(piece ? pieceForms(piece) : {}),
    price: piece?.price ?? '',
    walls: piece ? wallsText(piece.walls) : '',
    cell: at(action.x, action.y),
  });
}

/** A move of a record in words, with whose it is: "Anna: Take denar 3", or "The table: Draw
 *  denar 3" for a reveal (T7); `names` by seat. */
export function moveText(action, names, state = null) {
  const words = actionText(action, state);
  return action.player === undefined ? t('replay.table_move', { action: words })
    : t('replay.move_of', { name: names[action.player], action: words });
}

/** Whether a purchase pays its tile's price exactly, which earns another action (T4): the
 *  buttons say so before the tap. */
export function isExact(action, state) {
  const bought = state.market.find((s) => s.slot === action.slot)?.tile;
  if (!action.payment || !bought?.price) return false;
  return action.payment.reduce((sum, card) => sum + card.value, 0) === bought.price;
}

/** The events a player reads as the game's steps; the others (draws, refills) it sees on the
 *  table itself. */
const STEPS = new Set([
  'turn_started', 'money_taken', 'tile_bought', 'tile_placed', 'tile_reserved',
  'tile_given_to_dummy', 'tile_built_from_reserve', 'tile_moved_to_reserve', 'tiles_swapped',
  'passed', 'round_scored', 'market_tile_awarded', 'game_ended', 'vizier_bought',
  'vizier_declined', 'vizier_activated', 'hut_taken',
]);

/** The steps among `events`, each kept as short as its words need. */
export function steps(events) {
  return events.filter((event) => STEPS.has(event.type)).map((event) => (
    event.type === 'round_scored' ? { type: event.type, round: event.round, totals: event.totals }
      : event));
}

/** A step in words; `names` are the players' names by seat. Your own steps (`you`: Play's
 *  seat, or null where nobody is "you") have their own sentences ("You buy", not "You buys"). */
export function stepText(event, names, you = YOU) {
  const scores = (totals) => totals.map((points, seat) => `${names[seat]} ${points}`).join(', ');
  const piece = event.tile || (event.hut && { hut: event.hut });
  // T9: a tile nobody holds the most of its currency for stays on the market, and says why (a
  // tie, or nobody holds any); an event of a game kept before the reason was given says neither
  const stays = event.type === 'market_tile_awarded' && event.player === null;
  const why = event.reason ? `_${event.reason}` : '';
  const key = stays ? `step.market_tile_stays${why}` : `${event.player === you && you !== null ? 'step_you' : 'step'}.${event.type}`;
  return t(key, {
    name: names[event.player],
    cards: cardsText(event.cards || event.payment || []),
    ...(piece ? pieceForms(piece) : { building: '', building_acc: '' }),
    price: piece?.price ?? '',
    cell: at(event.x, event.y),
    slot: event.slot,
    round: event.round,
    totals: event.totals ? scores(event.totals) : '',
    names: (event.winners || []).map((seat) => names[seat]).join(', '),
  });
}
