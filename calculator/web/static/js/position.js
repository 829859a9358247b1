// From the table: a game at a physical table entered as it lies now, to be played on from
// there on the Play tab (legal moves, the hint, the table's reveals). It asks
//   POST /v1/games/position   the table-mode state of what lies on the table (C1, C3, D1, D2,
//                             T1, T4, T8, B2-B5; the modules' pieces, V1-V4), everything
//                             unseen pooled
// and types only what the page does not hold already: the players are the Score tab's names
// and their Alhambras are Build's drawings; the scores are the Score tab's totals and the round
// to come the one after those it scored, until the table says otherwise. Of the Vizier's
// Favour, only the pieces of the modules chosen are asked (and sent): the vizier tokens (V1),
// exchange cards among the cards (V2), the bonus cards laid and in hand (V3), each
// hut stack's face-up top (V4). A refusal stands at
// the field its pointer names, in the page's language (the server words it), until that part
// of the entry changes. The entry is the game's (game.position): a reload keeps it.

import { post } from './api.js';
import { confirmLoss } from './confirm.js';
import { $ } from './dom.js';
import {
  BUILDINGS, CATALOG, CURRENCIES, MARKET_SLOTS, MAX_HAND, MAX_SCORE, MODULES, ROUNDS, SIDES, newSeat,
  playerName, totalsOf,
} from './game.js';
import { numeric } from './steppers.js';
import { currentGame, update } from './store.js';
import { buildingName, pointsOf, t, wallsText } from './words.js';

const view = $('#position');
const status = $('#position-status');
const VALUES = Array.from({ length: 9 }, (_, i) => i + 1); // C3: money cards of 1 to 9
/** V2: the six exchange cards, one per pair of currencies (in alphabetical order). */
const EXCHANGE = CURRENCIES.flatMap((a, i) => CURRENCIES.slice(i + 1).map((b) => ({ exchange: [a, b] })));
/** V4: a hut's walls, at least one (the printed layouts are the table's to say). */
const HUT_WALLS = Array.from({ length: 15 }, (_, i) => SIDES.filter((_, side) => (i + 1) & (1 << side)).join(''))
  .sort((a, b) => a.length - b.length);
const MAX_BONUS = 10; // V3: the bonus cards
/** The refusals of the last answer, each with the part of the request it points at as it was
 *  then (`was`): shown beside their field while that part is unchanged. */
let problems = [];

const tileKey = (tile) => `${tile.building}/${tile.walls}/${tile.price}`;
const cardKey = (card) => (card.exchange ? `exchange/${card.exchange.join('/')}` : `${card.currency}/${card.value}`);
const tileOfKey = (key) => {
  const [building, walls, price] = key.split('/');
  return { building, walls, price: Number(price) };
};
const cardOfKey = (key) => {
  const [currency, value, other] = key.split('/');
  return currency === 'exchange' ? { exchange: [value, other] } : { currency, value: Number(value) };
};
const tileText = (tile) => t('picker.catalog_item',
  { building: buildingName(tile.building), price: tile.price, walls: wallsText(tile.walls) });
const cardText = (card) => (card.exchange
  ? t('play.exchange_card', { a: t(`currency.${card.exchange[0]}`), b: t(`currency.${card.exchange[1]}`) })
  : `${t(`currency.${card.currency}`)} ${card.value}`);
/** The cards a module not chosen has not: exchange cards only with V2. */
const cardsOf = (cards, modules) => (modules.includes('exchange') ? cards : cards.filter((card) => !card.exchange));

// --- the request, from the game --------------------------------------------------------------

/** The seats of the position: one per seat of the Score tab. */
const seatsOf = (game) => game.names.map((_, seat) => game.position.seats[seat] ?? newSeat());

/** The scoring round to come: the one after those the Score tab scored, unless entered. */
const roundOf = (game) => game.position.round
  ?? Math.min(game.rounds.filter((round) => round.result).length + 1, ROUNDS.length);

/** A player's Alhambra as Build drew it, each tile with its price (C1): a tile drawn by hand
 *  is the catalog's tile of its building and walls that nothing else on the table is. */
function alhambraOf(drawing, taken) {
  return drawing.filter((entry) => Array.isArray(entry)).map(([x, y, building, walls, price]) => {
    const tile = price !== null ? { building, walls, price }
      : CATALOG.find((c) => c.building === building && c.walls === walls && !taken.has(tileKey(c)));
    if (tile) taken.add(tileKey(tile));
    return { building, walls, price: tile?.price ?? 0, x, y };
  });
}

/** The body of POST /v1/games/position for the game's table. */
export function positionRequest(game) {
  const { position } = game;
  const { modules } = position;
  const vizier = modules.includes('vizier');
  const bonus = modules.includes('bonus');
  const totals = totalsOf(game);
  const seats = seatsOf(game);
  const drawn = game.drawings.flat().filter((e) => Array.isArray(e) && e[4] !== null)
    .map(([, , building, walls, price]) => tileKey({ building, walls, price }));
  const taken = new Set([...drawn, ...position.market.filter(Boolean).map(tileKey),
    ...position.dummy.map(tileKey), ...seats.flatMap((seat) => seat.reserve.map(tileKey))]);
  return {
    players: seats.map((seat, index) => ({
      name: playerName(game, index),
      alhambra: alhambraOf(game.drawings[index], taken),
      reserve: seat.reserve,
      ...(seat.hand ? { hand: cardsOf(seat.hand, modules) } : { hand_size: seat.hand_size }),
      score: seat.score ?? totals[index],
      ...(vizier ? { vizier: seat.vizier } : {}),
      ...(bonus ? { bonus_cards: seat.bonus_cards, bonus_hand: seat.bonus_hand } : {}),
    })),
    market: position.market.map((tile, index) => ({ slot: index + 1, tile })),
    face_up: cardsOf(position.face_up, modules),
    ...(seats.length === 2 ? { dummy: { tiles: position.dummy } } : {}),
    round: roundOf(game),
    turn: Math.min(position.turn, seats.length - 1),
    options: { modules },
    ...(modules.includes('huts') ? { hut_stacks: position.hut_stacks.map((top) => (top ? [top] : [])) } : {}),
  };
}

/** The part of `body` at the JSON Pointer `pointer` (RFC 6901), as JSON; undefined if none. */
function partAt(body, pointer) {
  const part = pointer.split('/').slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((value, token) => (value === undefined || value === null ? undefined : value[token]), body);
  return JSON.stringify(part);
}

// --- the fields, each with the pointers its refusals come at ---------------------------------

/** The box under a field where its refusals stand: `pointers` are the parts of the request it
 *  answers for (a refusal goes to the field with the longest of them that leads to it). */
function problemBox(...pointers) {
  const box = document.createElement('div');
  box.className = 'position-problems';
  box.dataset.pointers = pointers.join(' ');
  box.setAttribute('role', 'alert');
  return box;
}

function field(labelText, control, id) {
  const wrap = document.createElement('div');
  wrap.className = 'field';
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = labelText;
  control.id = id;
  wrap.append(label, control);
  return wrap;
}

function numberField(labelText, id, value, max, data) {
  const input = document.createElement('input');
  Object.assign(input, { type: 'number', min: 0, max, value });
  numeric(input);
  Object.assign(input.dataset, data);
  return field(labelText, input, id);
}

function checkField(labelText, id, checked, data) {
  const wrap = document.createElement('div');
  wrap.className = 'check';
  const box = document.createElement('input');
  Object.assign(box, { type: 'checkbox', id, checked });
  Object.assign(box.dataset, data);
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = labelText;
  wrap.append(box, label);
  return wrap;
}

/** A select of the catalog's tiles (C1), by building, with `first` as its empty choice. */
function tileSelect(first, chosen = null) {
  const select = document.createElement('select');
  select.append(new Option(first, ''));
  BUILDINGS.forEach((building) => {
    const group = document.createElement('optgroup');
    group.label = buildingName(building);
    group.append(...CATALOG.filter((tile) => tile.building === building)
      .map((tile) => new Option(tileText(tile), tileKey(tile))));
    select.append(group);
  });
  select.value = chosen ? tileKey(chosen) : '';
  return select;
}

/** A select of the money cards (C3), and with `exchange` the exchange cards (V2), with `first`
 *  as its empty choice. */
function cardSelect(first, exchange = false) {
  const select = document.createElement('select');
  select.append(new Option(first, ''));
  CURRENCIES.forEach((currency) => {
    const group = document.createElement('optgroup');
    group.label = t(`currency.${currency}`);
    group.append(...VALUES.map((value) => new Option(cardText({ currency, value }),
      cardKey({ currency, value }))));
    select.append(group);
  });
  if (exchange) {
    const group = document.createElement('optgroup');
    group.label = t('play.module.exchange');
    group.append(...EXCHANGE.map((card) => new Option(cardText(card), cardKey(card))));
    select.append(group);
  }
  return select;
}

/** The cards of a game with the modules `modules`: with V2, the exchange cards too. */
const cardAdder = (modules) => (first) => cardSelect(first, modules.includes('exchange'));

/** A list of tiles or cards, each with a button that takes it off, then a select that adds one
 *  (one tap and a choice: the catalog's pickers, C1, C3). `change(list)` keeps the new list. */
function pieceList({ id, label, items, text, adder, ofKey, change, most, adds = 'position.add_card' }) {
  const wrap = document.createElement('div');
  wrap.className = 'position-list';
  const list = document.createElement('ul');
  list.className = 'pieces';
  list.setAttribute('aria-label', label);
  list.append(...items.map((item, index) => {
    const row = document.createElement('li');
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'secondary remove';
    remove.textContent = `✕ ${text(item)}`;
    remove.setAttribute('aria-label', t('position.remove', { what: text(item) }));
    remove.addEventListener('click', () => change(items.filter((_, i) => i !== index)));
    row.append(remove);
    return row;
  }));
  const add = adder(t(adds));
  add.disabled = items.length >= most;
  add.addEventListener('change', () => {
    if (add.value) change([...items, ofKey(add.value)]);
  });
  wrap.append(field(label, add, id), list);
  return wrap;
}

function seatCard(game, seat, index, modules) {
  const name = playerName(game, index);
  const card = document.createElement('fieldset');
  card.className = 'card position-seat';
  card.dataset.seat = index;
  const legend = document.createElement('legend');
  legend.textContent = name;
  const change = (fieldName) => (value) => update({ type: 'position-seat', seat: index, field: fieldName, value });

  const tiles = game.drawings[index].filter((entry) => Array.isArray(entry)).length;
  const alhambra = document.createElement('p');
  alhambra.className = 'position-alhambra';
  alhambra.textContent = t('position.alhambra', { n: tiles });
  const draw = document.createElement('button');
  draw.type = 'button';
  draw.className = 'secondary wide';
  draw.textContent = t('position.draw', { name });
  draw.addEventListener('click', () => {
    update({ type: 'builder', player: index });
    update({ type: 'tab', tab: 'build' });
  });

  const score = seat.score ?? totalsOf(game)[index];
  const known = seat.hand !== null;
  card.append(
    legend, alhambra, draw, problemBox(`/players/${index}/alhambra`),
    numberField(t('position.score'), `position-score-${index}`, score, MAX_SCORE, { seat: index, field: 'score' }),
    problemBox(`/players/${index}/score`),
    pieceList({
      id: `position-reserve-${index}`, label: t('position.reserve'), items: seat.reserve,
      text: tileText, adder: tileSelect, ofKey: tileOfKey, change: change('reserve'), most: CATALOG.length,
      adds: 'position.add_tile',
    }),
    problemBox(`/players/${index}/reserve`),
    checkField(t('position.hand_known'), `position-known-${index}`, known, { seat: index, field: 'known' }),
    known ? pieceList({
      id: `position-hand-${index}`, label: t('position.hand'),
      text: cardText, adder: cardAdder(modules), ofKey: cardOfKey, change: change('hand'), most: MAX_HAND,
      items: cardsOf(seat.hand, modules),
    }) : numberField(t('position.hand_size'), `position-hand-size-${index}`, seat.hand_size, MAX_HAND,
      { seat: index, field: 'hand_size' }),
    problemBox(`/players/${index}/hand`, `/players/${index}/hand_size`, `/players/${index}`),
  );
  if (modules.includes('vizier')) {
    card.append(
      checkField(t('position.vizier_token'), `position-vizier-${index}`, seat.vizier, { seat: index, field: 'vizier' }),
      problemBox(`/players/${index}/vizier`),
    );
  }
  if (modules.includes('bonus')) {
    // V3: a bonus card shows one tile of the catalog; the API takes each player's whole share,
    // laid and in hand (it pools the other players' hands again for advice)
    const bonusList = (fieldName, label) => [pieceList({
      id: `position-${fieldName.replace('_', '-')}-${index}`, label, items: seat[fieldName],
      text: tileText, adder: tileSelect, ofKey: tileOfKey, change: change(fieldName), most: MAX_BONUS,
    }), problemBox(`/players/${index}/${fieldName}`)];
    card.append(...bonusList('bonus_cards', t('position.bonus_cards')),
      ...bonusList('bonus_hand', t('position.bonus_hand')));
  }
  return card;
}

/** A card of the table's entries, under `title`. */
function tableCard(title) {
  const card = document.createElement('fieldset');
  card.className = 'card';
  const legend = document.createElement('legend');
  legend.textContent = title;
  card.append(legend);
  return card;
}

function marketCard(position) {
  const card = tableCard(t('position.market'));
  for (let slot = 0; slot < MARKET_SLOTS; slot += 1) {
    const select = tileSelect(t('position.slot_empty'), position.market[slot]);
    select.addEventListener('change', () => {
      const market = [...position.market];
      market[slot] = select.value ? tileOfKey(select.value) : null;
      update({ type: 'position-table', field: 'market', value: market });
    });
    card.append(field(t('position.slot', { n: slot + 1 }), select, `position-slot-${slot + 1}`),
      problemBox(`/market/${slot}`));
  }
  card.append(problemBox('/market'));
  return card;
}

function moneyCard(position) {
  const card = tableCard(t('position.face_up'));
  card.append(pieceList({
    id: 'position-face-up', label: t('position.face_up_cards'), items: cardsOf(position.face_up, position.modules),
    text: cardText, adder: cardAdder(position.modules), ofKey: cardOfKey, most: MARKET_SLOTS,
    change: (value) => update({ type: 'position-table', field: 'face_up', value }),
  }), problemBox('/face_up', '/discard'));
  return card;
}

function dummyCard(position) {
  const card = tableCard(t('position.dummy'));
  const help = document.createElement('p');
  help.className = 'hint';
  help.textContent = t('position.dummy_help');
  card.append(help, pieceList({
    id: 'position-dummy', label: t('position.dummy_tiles'), items: position.dummy,
    text: tileText, adder: tileSelect, ofKey: tileOfKey, most: CATALOG.length, adds: 'position.add_tile',
    change: (value) => update({ type: 'position-table', field: 'dummy', value }),
  }), problemBox('/dummy'));
  return card;
}

/** V4: the six hut stacks, pavilion to tower, each with its face-up top (none: it is empty). */
function hutsCard(position) {
  const card = tableCard(t('position.hut_stacks'));
  BUILDINGS.forEach((building, index) => {
    const select = document.createElement('select');
    select.append(new Option(t('position.hut_stack_empty'), ''),
      ...HUT_WALLS.map((walls) => new Option(t('position.hut_top', { walls: wallsText(walls) }), walls)));
    select.value = position.hut_stacks[index]?.walls ?? '';
    select.addEventListener('change', () => {
      const stacks = [...position.hut_stacks];
      stacks[index] = select.value ? { hut: building, walls: select.value } : null;
      update({ type: 'position-table', field: 'hut_stacks', value: stacks });
    });
    card.append(field(t('position.hut_stack', { building: buildingName(building) }), select,
      `position-hut-${building}`), problemBox(`/hut_stacks/${index}`));
  });
  card.append(problemBox('/hut_stacks'));
  return card;
}

/** The whole entry, drawn from the game; the field in focus keeps it (the entry is drawn
 *  afresh after every change, and is small). */
function renderEntry(game) {
  const { position } = game;
  const seats = seatsOf(game);
  const focused = document.activeElement?.closest('#position') ? document.activeElement.id : null;

  $('#position-players').textContent = t('position.players', {
    names: game.names.map((_, index) => playerName(game, index)).join(', '),
  });
  const round = $('#position-round');
  round.replaceChildren(...ROUNDS.map((n) => new Option(t('position.round_n', { n }), n)));
  round.value = String(roundOf(game));
  const turn = $('#position-turn');
  turn.replaceChildren(...seats.map((_, index) => new Option(playerName(game, index), index)));
  turn.value = String(Math.min(position.turn, seats.length - 1));
  MODULES.forEach((module) => {
    $(`#position-module-${module}`).checked = position.modules.includes(module);
  });

  $('#position-seats').replaceChildren(...seats.map((seat, index) => seatCard(game, seat, index, position.modules)));
  $('#position-table-cards').replaceChildren(marketCard(position), moneyCard(position),
    ...(seats.length === 2 ? [dummyCard(position)] : []),
    ...(position.modules.includes('huts') ? [hutsCard(position)] : []));
  showProblems(positionRequest(game));
  if (focused) document.getElementById(focused)?.focus();
}

/** Each refusal at the field whose pointers lead to it (the longest), while the part of the
 *  request it points at is as it was refused; those of no field on top. */
function showProblems(body) {
  const boxes = [...view.querySelectorAll('.position-problems')];
  boxes.forEach((box) => box.replaceChildren());
  const general = $('#position-general');
  general.replaceChildren();
  problems.filter((problem) => partAt(body, problem.pointer) === problem.was).forEach((problem) => {
    let best = null;
    let length = -1;
    boxes.forEach((box) => box.dataset.pointers.split(' ').forEach((pointer) => {
      const leads = problem.pointer === pointer || problem.pointer.startsWith(`${pointer}/`);
      if (leads && pointer.length > length) {
        best = box;
        length = pointer.length;
      }
    }));
    const line = document.createElement('p');
    line.className = 'notice entry-refusal';
    line.textContent = problem.message;
    (best ?? general).append(line);
  });
}

// --- the entry's own fields (the lists and pickers change it themselves) ---------------------

// a number is kept once typed (on Next, or leaving it): drawn afresh at each key, the field
// would select what was typed so far, and the next key replace it
view.addEventListener('change', (event) => {
  const input = event.target;
  const { seat, field: name } = input.dataset;
  if (seat === undefined) return;
  if (input.type === 'number') {
    const value = Math.max(0, Math.min(Number(input.max), Math.trunc(Number(input.value)) || 0));
    update({ type: 'position-seat', seat: Number(seat), field: name, value });
  } else if (name === 'known') {
    update({ type: 'position-seat', seat: Number(seat), field: 'hand', value: event.target.checked ? [] : null });
  } else if (name === 'vizier') {
    update({ type: 'position-seat', seat: Number(seat), field: 'vizier', value: event.target.checked });
  }
});

$('#position-round').addEventListener('change', (event) => {
  update({ type: 'position-table', field: 'round', value: Number(event.target.value) });
});
$('#position-turn').addEventListener('change', (event) => {
  update({ type: 'position-table', field: 'turn', value: Number(event.target.value) });
});
MODULES.forEach((module) => $(`#position-module-${module}`).addEventListener('change', () => {
  const value = MODULES.filter((m) => $(`#position-module-${m}`).checked);
  update({ type: 'position-table', field: 'modules', value });
}));

// --- opening it on the Play tab --------------------------------------------------------------

/** Room on the Play tab for the table's game: a game in progress there goes only after the
 *  question; one with a record is kept in History (from where it is continued), one without
 *  (a game from a table) is lost, and the question says so. Resolves to the change's `aside`,
 *  or null when the player keeps the game. */
async function room(play) {
  const { state, record } = play;
  if (state === null || state.over || record?.moves.length === 0) return { aside: null };
  const scores = state.players.map((p) => pointsOf(p.name, p.score)).join(', ');
  const agreed = await confirmLoss(record ? {
    question: t('position.replace_confirm'), lost: [], notes: [t('position.keep_both')],
    action: t('position.replace_both'), keep: t('record.keep_playing'), safe: true,
  } : {
    question: t('position.replace_confirm'), lost: [t('lost.play', { scores })],
    action: t('position.replace'), keep: t('record.keep_playing'),
  });
  if (!agreed) return null;
  return { aside: record ? new Date().toISOString() : null };
}

$('#position-play').addEventListener('click', async () => {
  const body = positionRequest(currentGame());
  status.textContent = t('position.asking');
  let answer;
  try {
    answer = await post('/v1/games/position', body);
  } catch (error) {
    const errors = error.problem?.errors ?? [];
    problems = errors.map((e) => ({ pointer: e.pointer, message: e.message, was: partAt(body, e.pointer) }));
    if (!errors.length && error.problem?.detail) {
      problems = [{ pointer: '', message: error.problem.detail, was: partAt(body, '') }];
    }
    status.textContent = problems.length ? t('position.refused', { n: problems.length }) : error.describe();
    showProblems(body);
    view.querySelector('.entry-refusal')?.closest('.position-problems, #position-general')
      ?.previousElementSibling?.scrollIntoView({ block: 'center' });
    return;
  }
  problems = [];
  status.textContent = '';
  const choice = await room(currentGame().play);
  if (!choice) {
    status.textContent = t('position.not_opened');
    return;
  }
  status.textContent = '';
  update({ type: 'position-played', state: answer.state, aside: choice.aside });
  $('#play-status').textContent = t('position.opened');
  $('#play-heading').focus();
});

$('#position-back').addEventListener('click', () => {
  update({ type: 'position-close' });
  $('#play-heading').focus();
});

['#position-from-setup', '#position-from-game'].forEach((id) => $(id).addEventListener('click', () => {
  update({ type: 'position-open' });
  $('#position-heading').focus();
}));

let drawn = null;
/** The screen, in place of Play's game and the replay while it is open; drawn again when what
 *  it shows changed (the entry, the names, the drawings, the scores). */
export function renderPosition(game) {
  view.hidden = !game.position.open;
  if (game.position.open || (game.play.table && game.replay === null)) {
    $('#play-heading').textContent = t('position.game_heading');
  }
  if (!game.position.open) {
    drawn = null;
    return;
  }
  $('#play-game').hidden = true;
  $('#replay').hidden = true;
  const shown = JSON.stringify([game.position, game.names, game.drawings, totalsOf(game),
    game.rounds.map((round) => round.result !== null)]);
  if (shown === drawn) return;
  drawn = shown;
  renderEntry(game);
}
