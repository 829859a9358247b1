// A game's table drawn from a state document of the public API (API.md): the scores, an
// Alhambra on a grid, a reserve and a hand, the market and the money on the table, and who
// decides now. The Play tab draws its game with these, and the replay of a record draws each
// of its positions the same way (replay.js).

import { nameSpan } from './dom.js';
import { cardsText } from './moves.js';
import { markScrolling } from './scrolls.js';
import { at, buildingName, namesList, t, wallsText } from './words.js';

const CURRENCIES = ['denar', 'dirham', 'ducat', 'florin'];
const key = (x, y) => `${x},${y}`;

/** `list` holding one item per entry of `items` (each an element, text, or a list of them), or
 *  one item `empty` when there is none. */
export function listOf(list, items, empty) {
  list.replaceChildren(...(items.length ? items : [empty]).map((content) => {
    const item = document.createElement('li');
    item.append(...[content].flat());
    return item;
  }));
}

/** A tile drawn as Build draws it: its building's colour and short name, its walls, its price
 *  (decorative: the words beside it name it). */
function tileFace(piece) {
  const building = piece.building || piece.hut;
  const face = document.createElement('span');
  face.className = `tile-face building-${building}`;
  piece.walls.split('').forEach((side) => face.classList.add(`wall-${side}`));
  face.setAttribute('aria-hidden', 'true');
  const short = document.createElement('span');
  short.className = 'short';
  short.textContent = t(`building_short.${building}`);
  face.append(short);
  if (piece.price) {
    const price = document.createElement('span');
    price.className = 'price';
    price.textContent = piece.price;
    face.append(price);
  }
  return face;
}

/** A tile drawn, and in words beside it ("tower (8), north, east"), under `above` if any. */
export function tileItem(piece, above = [], below = []) {
  const words = document.createElement('span');
  words.className = 'tile-words';
  const name = nameSpan(t('play.tile', {
    building: buildingName(piece.building || piece.hut), price: piece.price ?? '', walls: wallsText(piece.walls),
  }));
  words.append(...above, name, ...below);
  return [tileFace(piece), words];
}

/** A line of its own within a tile's words. */
function line(...content) {
  const span = document.createElement('span');
  span.className = 'line';
  span.append(...content);
  return span;
}

/** The scores of `state` into `table`, the winners' rows marked once the game is over. */
export function renderScores(table, state) {
  const rows = state.players.map((player, seat) => {
    const row = document.createElement('tr');
    const who = document.createElement('th');
    who.scope = 'row';
    who.textContent = player.name;
    const points = document.createElement('td');
    points.textContent = player.score;
    points.dataset.seat = seat;
    row.append(who, points);
    if (state.winners.includes(seat)) row.className = 'winner';
    return row;
  });
  const head = document.createElement('tr');
  [t('play.col_player'), t('play.col_points')].forEach((text) => {
    const cell = document.createElement('th');
    cell.scope = 'col';
    cell.textContent = text;
    head.append(cell);
  });
  table.replaceChildren(head, ...rows);
}

function currencySwatch(currency) {
  const chip = document.createElement('span');
  chip.className = `swatch currency-${currency}`;
  chip.setAttribute('aria-hidden', 'true');
  return chip;
}

export function exactMark(text) {
  const mark = document.createElement('span');
  mark.className = 'exact';
  mark.textContent = text;
  return mark;
}

/** The hand of `seat` by currency, each sorted, with its total, and the market slots it pays
 *  exactly (`exact`, T4); exchange cards (V2) after them. */
function handRows(state, seat, exact) {
  const { hand } = state.players[seat];
  const rows = CURRENCIES.flatMap((currency) => {
    const values = hand.filter((card) => card.currency === currency).map((card) => card.value)
      .sort((a, b) => a - b);
    if (!values.length) return [];
    const slots = state.market.filter((s) => s.currency === currency && exact.has(s.slot))
      .map((s) => s.slot);
    const row = [currencySwatch(currency), nameSpan(t(`currency.${currency}`)), ' ',
      t('play.hand_row', { cards: values.join(' · '), total: values.reduce((a, b) => a + b, 0) })];
    if (slots.length) row.push(' ', exactMark(t('play.exact_slots', { n: slots.length, slots: namesList(slots.map(String)) })));
    return [row];
  });
  const exchange = hand.filter((card) => card.exchange);
  return exchange.length ? [...rows, [cardsText(exchange)]] : rows;
}

/** The table around an Alhambra, into the lists `market`, `faceUp`, `hand` and `reserve`: the
 *  market drawn with tiles, the money on the table, and the hand and reserve of `seat`; the
 *  slots in `exact` are marked as paid exactly by a purchase on offer (T4). */
export function renderTable(state, seat, { market, faceUp, hand, reserve }, exact = new Set()) {
  listOf(market, state.market.map(({ slot, currency, tile }) => {
    const where = line(currencySwatch(currency), t('play.slot', { n: slot, currency: t(`currency.${currency}`) }));
    if (!tile) return [line(where, ': ', t('play.slot_empty'))];
    return tileItem(tile, [where], exact.has(slot) ? [line(exactMark(t('play.exact_possible')))] : []);
  }), t('play.none'));
  [...market.children].forEach((item, index) => { item.dataset.slot = index + 1; });
  listOf(faceUp, state.money.face_up.map((card) => cardsText([card])), t('play.none'));
  listOf(hand, handRows(state, seat, exact), t('play.none'));
  listOf(reserve, state.players[seat].reserve.map((piece) => tileItem(piece)), t('play.none'));
}

/** The coordinate a cell shows, as hints, moves and steps name it ("(1,-1)"). */
function coordinate(x, y) {
  const label = document.createElement('span');
  label.className = 'coordinate';
  label.setAttribute('aria-hidden', 'true');
  label.textContent = at(x, y);
  return label;
}

/** A cell of an Alhambra: the fountain, a tile or worker hut (V4), or an empty square. */
function drawnCell(x, y, tiles) {
  const square = document.createElement('span');
  square.className = 'cell';
  if (!tiles.has(key(x, y))) {
    square.setAttribute('aria-hidden', 'true');
    return square;
  }
  const tile = tiles.get(key(x, y));
  square.setAttribute('role', 'img');
  if (tile === null) {
    square.classList.add('fountain');
    square.setAttribute('aria-label', t('play.cell_fountain', { cell: at(x, y) }));
    return square;
  }
  const building = tile.building || tile.hut;
  square.classList.add(`building-${building}`, ...tile.walls.split('').map((side) => `wall-${side}`));
  const short = document.createElement('span');
  short.className = 'short';
  short.textContent = t(`building_short.${building}`);
  square.append(short);
  square.setAttribute('aria-label', tile.hut
    ? t('play.cell_hut', { building: buildingName(building), cell: at(x, y), walls: wallsText(tile.walls) })
    : t('play.cell_tile', { building: buildingName(building), price: tile.price, cell: at(x, y),
      walls: wallsText(tile.walls) }));
  return square;
}

/** `player`'s Alhambra on `grid`: its tiles, the fountain, and the cells of `placeable` (a map
 *  from "x,y" to an action), each drawn by `placeButton(action, x, y)`. */
export function renderGrid(grid, player, placeable = new Map(), placeButton = null) {
  const tiles = new Map([[key(0, 0), null]]);
  player.alhambra.forEach((tile) => tiles.set(key(tile.x, tile.y), tile));
  const cells = [...player.alhambra, ...[...placeable.values()].map((a) => ({ x: a.x, y: a.y }))];
  const xs = [0, ...cells.map((c) => c.x)];
  const ys = [0, ...cells.map((c) => c.y)];
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  grid.style.setProperty('--columns', String(right - left + 1));
  grid.setAttribute('aria-label', t('play.grid', { name: player.name }));
  const drawn = [];
  for (let y = top; y <= bottom; y += 1) {
    for (let x = left; x <= right; x += 1) {
      const action = placeable.get(key(x, y));
      const square = action ? placeButton(action, x, y) : drawnCell(x, y, tiles);
      square.dataset.x = x;
      square.dataset.y = y;
      square.append(coordinate(x, y));
      drawn.push(square);
    }
  }
  grid.replaceChildren(...drawn);
  markScrolling();
}

/** Who decides now, in words: the player whose turn it is, or, between turns, the one placing
 *  the tiles awarded at the end (T9) or offered the vizier (V1); `you` is the seat the page
 *  calls "you" (Play's), or null. */
export function turnText(state, names, you = null) {
  const { phase, awarded, vizier_asked: asked = [] } = state.turn;
  const as = (seat, yours, theirs) => (seat === you ? t(yours) : t(theirs, { name: names[seat] }));
  if (phase === 'final_placement' && awarded.length) {
    return as(awarded[0].player, 'play.awarded_yours', 'play.awarded_of');
  }
  if ((phase === 'vizier' || phase === 'vizier_placement') && asked.length) {
    return as(asked.at(-1), 'play.vizier_yours', 'play.vizier_of');
  }
  return as(state.turn.player, 'play.turn_yours', 'play.turn_of');
}

const LAST_ROUND = 3; // the third scoring round ends the game (T9)

/** Where the game stands, into `where`: the round, the tiles in the bag, who decides (or that
 *  the game is over). */
export function renderWhere(where, state, names, you = null) {
  where.replaceChildren(...[
    t('play.round', { n: Math.min(state.rounds_scored.length + 1, LAST_ROUND) }),
    t('play.bag', { n: state.bag.length }),
    state.over ? t('play.over') : turnText(state, names, you),
  ].map((text) => {
    const part = document.createElement('span');
    part.textContent = text;
    return part;
  }));
}

/** The winners of a game over, in words (M6); '' before. */
export const winnersText = (state) => (state.over
  ? t('play.winners', { names: state.winners.map((seat) => state.players[seat].name).join(', ') })
  : '');
