// The moves of a game in the page's words: an action to choose (as POST /v1/games/legal-actions
// lists it) and a step to read (an event of /v1/games/advance or /v1/games/bot-turns).

import { at, buildingName, t } from './words.js';

/** A tile or a worker hut (V4), by its building. */
const pieceName = (piece) => buildingName(piece.building || piece.hut);

/** Money cards, and exchange cards (V2), as a short list. */
export function cardsText(cards) {
  return cards.map((card) => (card.exchange
    ? t('play.exchange_card', { a: t(`currency.${card.exchange[0]}`), b: t(`currency.${card.exchange[1]}`) })
    : `${t(`currency.${card.currency}`)} ${card.value}`)).join(', ');
}

/** What a legal action does, in words; `state` is the state it is legal in (the market). */
export function actionText(action, state) {
  const slot = state.market.find((s) => s.slot === action.slot);
  const bought = slot?.tile;
  const params = {
    cards: cardsText(action.cards || action.payment || []),
    slot: action.slot,
    building: action.tile ? pieceName(action.tile) : (bought && pieceName(bought)),
    price: (action.tile || bought)?.price ?? '',
    cell: at(action.x, action.y),
  };
  if (action.type === 'take_hut') params.building = buildingName(action.hut);
  return t(`action.${action.type}`, params);
}

/** The events a player reads as the game's steps; the others (draws, refills) it sees on the
 *  table itself. */
const STEPS = new Set([
  'turn_started', 'money_taken', 'tile_bought', 'tile_placed', 'tile_reserved',
  'tile_given_to_dummy', 'tile_built_from_reserve', 'tile_moved_to_reserve', 'tiles_swapped',
  'passed', 'round_scored', 'game_ended', 'vizier_bought', 'vizier_declined',
  'vizier_activated', 'hut_taken',
]);

/** The steps among `events`, each kept as short as its words need. */
export function steps(events) {
  return events.filter((event) => STEPS.has(event.type)).map((event) => (
    event.type === 'round_scored' ? { type: event.type, round: event.round, totals: event.totals }
      : event));
}

/** A step in words; `names` are the players' names by seat. */
export function stepText(event, names) {
  const scores = (totals) => totals.map((points, seat) => `${names[seat]} ${points}`).join(', ');
  return t(`step.${event.type}`, {
    name: names[event.player],
    cards: cardsText(event.cards || event.payment || []),
    building: event.tile ? pieceName(event.tile) : '',
    price: event.tile?.price ?? '',
    cell: at(event.x, event.y),
    round: event.round,
    totals: event.totals ? scores(event.totals) : '',
    names: (event.winners || []).map((seat) => names[seat]).join(', '),
  });
}
