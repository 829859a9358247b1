// Quick scoring: players, the modules, the round, steppers for each building and the wall
// and for what the chosen modules score (modules.js); points with their breakdown from
// POST /v1/scores (M1-M5, W4, D3, each module's part citing its rule), running totals that
// never go below 0 (K3), the winner (M6); the answer's warnings (what a real table cannot
// produce) and the server's refusals beside the entries they point at.
// The views draw from the game (renderScoring); the handlers change it only through update.

import { post } from './api.js';
import { piecesCount } from './build-pieces.js';
import { offerCard } from './card.js';
import { confirmLoss } from './confirm.js';
import { noneEntered } from './changes.js';
import { $, $$, nameSpan, swatch } from './dom.js';
import { kindOf } from './pieces.js';
import {
  BUILDINGS, MAX_COUNT, MAX_WALL, NAME_LENGTH, ROUNDS, SCORE_MODULES, currentRound, isFinished,
  isTwoPlayer, pastGame, playerName, runningTotals, toLink, totalsOf, winnersOf,
} from './game.js';
import {
  inputsShape, memberChange, memberEntries, memberValue, moduleParts, paidByScoreCard,
  renderModules, withModules,
} from './modules.js';
import { clamp, stepper } from './steppers.js';
import { currentGame, renderWhen, update } from './store.js';
import { buildingName, namesList, t } from './words.js';

// --- the table ----------------------------------------------------------------------------

const entries = $('#entries');
const playerCount = $('#player-count');
const scoreButton = $('#score-round');
export const scoreStatus = $('#score-status');

/** What an entry field shows: a player's name, count, wall or module member, or a count of
 *  the dummy. */
function entryValue(game, data) {
  const round = currentRound(game);
  if (data.name !== undefined) return game.names[Number(data.name)];
  if (data.member) return memberValue(game, Number(data.player), data.member);
  if (data.dummy) return round.dummy[Number(data.building)];
  if (data.wall) return round.walls[Number(data.player)];
  return round.counts[Number(data.player)][Number(data.building)];
}

/** The cards of the round on show are drawn afresh when the table or the round changes, and
 *  otherwise keep their fields (and the focus) and only take the game's values. */
let drawnTable = null;

function renderEntries(game) {
  const table = `${game.names.length}/${inputsShape(game)}`;
  if (table !== drawnTable) {
    drawEntries(game);
    drawnTable = table;
  }
  $$('input', entries).forEach((input) => {
    const value = String(entryValue(game, input.dataset));
    if (input.value !== value) input.value = value;
  });
  $$('fieldset.player[data-player]', entries).forEach((card) => {
    $('legend', card).textContent = game.names[Number(card.dataset.player)];
  });
  playerCount.value = String(game.names.length);
  $(`#round-${game.round}`).checked = true;
  scoreButton.textContent = t('score.button', { n: game.round });
}

function drawEntries(game) {
  const round = currentRound(game);
  entries.replaceChildren();
  game.names.forEach((name, player) => {
    const card = document.createElement('fieldset');
    card.className = 'card player';
    card.dataset.player = player;
    card.dataset.pointer = `/players/${player}`;
    const legend = document.createElement('legend');
    legend.className = 'visually-hidden'; // the name field below is the visible heading
    legend.textContent = name;
    const field = document.createElement('div');
    field.className = 'field';
    const nameLabel = document.createElement('label');
    nameLabel.htmlFor = `name-${player}`;
    nameLabel.textContent = t('players.name', { n: player + 1 });
    const nameInput = document.createElement('input');
    Object.assign(nameInput, {
      id: `name-${player}`, type: 'text', value: name, maxLength: NAME_LENGTH, autocomplete: 'off',
    });
    nameInput.dataset.name = player;
    field.append(nameLabel, nameInput);
    card.append(legend, field);
    BUILDINGS.forEach((b, index) => card.append(stepper({
      label: buildingName(b), value: round.counts[player][index], max: MAX_COUNT[b],
      data: { player, building: index }, building: b,
    })));
    const wall = stepper({
      label: t('stepper.wall'), value: round.walls[player], max: MAX_WALL, data: { player, wall: 1 },
    });
    wall.dataset.pointer = `/players/${player}/wall`;
    card.append(wall, ...memberEntries(game, player));
    entries.append(card);
  });
  if (isTwoPlayer(game)) {
    const card = document.createElement('fieldset');
    card.className = 'card player dummy';
    card.dataset.pointer = '/dummy';
    const legend = document.createElement('legend');
    legend.textContent = t('dummy.name');
    const note = document.createElement('p');
    note.className = 'hint';
    note.textContent = t('dummy.note');
    card.append(legend, note);
    BUILDINGS.forEach((b, index) => card.append(stepper({
      label: buildingName(b), value: round.dummy[index], max: MAX_COUNT[b],
      data: { dummy: 1, building: index }, building: b,
    })));
    entries.append(card);
  }
}

entries.addEventListener('input', (event) => {
  const input = event.target;
  const { dataset } = input;
  if (dataset.name !== undefined) {
    update({ type: 'name', player: Number(dataset.name), name: input.value });
    return;
  }
  const value = clamp(input);
  if (dataset.member) {
    update(memberChange(Number(dataset.player), dataset.member, value));
  } else if (dataset.dummy) {
    update({ type: 'dummy-count', building: Number(dataset.building), value });
  } else if (dataset.wall) {
    update({ type: 'wall', player: Number(dataset.player), value });
  } else {
    update({
      type: 'count', player: Number(dataset.player), building: Number(dataset.building), value,
    });
  }
});

/** The rounds (numbers) that `holds(round)`, in words: "the points of rounds 1 and 2". */
function roundsLoss(game, key, holds) {
  const rounds = ROUNDS.filter((n) => holds(game.rounds[n - 1]));
  return rounds.length ? [t(key, { n: rounds.length, rounds: namesList(rounds.map(String)) })] : [];
}
const scoredLoss = (game) => roundsLoss(game, 'lost.scored', (round) => round.result);

/** What a player entered that seating `players` would discard: the entries, drawings and
 *  names of the seats that go, and every scored round (another table scores afresh). */
function seatingLoss(game, players) {
  const leaving = game.names.slice(players).map((name, index) => ({ name, seat: players + index }));
  const entered = leaving.filter(({ seat }) => game.drawings[seat].length > 0
    || game.rounds.some((round) => round.walls[seat] > 0 || round.counts[seat].some((n) => n > 0)
      || !noneEntered(round.members[seat])));
  return [...entered.map(({ name }) => t('lost.seat', { name })), ...scoredLoss(game)];
}

playerCount.addEventListener('input', async () => {
  const players = clamp(playerCount);
  const game = currentGame();
  const lost = players === game.names.length ? [] : seatingLoss(game, players);
  const action = t('players.confirm_action', { n: players });
  if (lost.length && !(await confirmLoss({
    question: t('players.confirm', { n: players }), lost, action,
  }))) {
    playerCount.value = String(game.names.length);
    return;
  }
  update({ type: 'players', players });
});

// The modules, chosen once per game: a change asks first when rounds were scored, since each
// must be scored again with them.
$('#score-modules').addEventListener('change', async (event) => {
  const box = event.target;
  if (box.type !== 'checkbox') return;
  const chosen = $$('#score-modules input[type="checkbox"]:checked').map((b) => b.value);
  const lost = scoredLoss(currentGame());
  if (lost.length && !(await confirmLoss({
    question: t('modules.confirm'), lost, action: t('modules.confirm_action'),
  }))) {
    box.checked = !box.checked;
    return;
  }
  update({ type: 'modules', modules: SCORE_MODULES.filter((name) => chosen.includes(name)) });
  if (lost.length) scoreStatus.textContent = t('modules.changed');
});

$$('input[name="round"]').forEach((radio) => radio.addEventListener('change', () => {
  scoreStatus.textContent = '';
  update({ type: 'round', round: Number(radio.value) });
}));

/** An answer dropped because an entry of its round changed (the same table, the same round). */
const droppedByAnEntry = (game, previous) => previous !== null
  && previous.round === game.round && previous.names.length === game.names.length
  && currentRound(previous).result !== null && currentRound(game).result === null;

function scoresRequest(game, roundNumber) {
  const round = game.rounds[roundNumber - 1];
  const body = {
    round: roundNumber,
    players: game.names.map((_, player) => ({
      name: playerName(game, player),
      counts: Object.fromEntries(BUILDINGS.map((b, index) => [b, round.counts[player][index]])),
      wall: round.walls[player],
    })),
  };
  if (isTwoPlayer(game)) {
    body.dummy = { counts: Object.fromEntries(BUILDINGS.map((b, index) => [b, round.dummy[index]])) };
  }
  return withModules(game, roundNumber, body);
}

/** The server's last refusal of a round, with its problems' pointers: shown beside the
 *  entries they point at for as long as the request would be the same. */
let refusal = null;

class TableError extends Error {
  describe() { return this.message; }
}

// Two refusals the server would send (unique names; no more buildings of a type than the game
// has, C1), said before asking, in the page's language.
function tableProblem(body) {
  const names = body.players.map((player) => player.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) return t('score.same_name', { name: twice });
  const holders = [...body.players, ...(body.dummy ? [body.dummy] : [])];
  for (const b of BUILDINGS) {
    const count = holders.reduce((sum, holder) => sum + holder.counts[b], 0);
    if (count > MAX_COUNT[b]) {
      return t('score.too_many', { building: buildingName(b), max: MAX_COUNT[b], count });
    }
  }
  return null;
}

/** Ask POST /v1/scores for round `roundNumber` and keep the answer with the round. */
export async function scoreRound(roundNumber) {
  const body = scoresRequest(currentGame(), roundNumber);
  const problem = tableProblem(body);
  if (problem) throw new TableError(problem);
  const asked = JSON.stringify(body);
  let result;
  try {
    result = await post('/v1/scores', body);
  } catch (error) {
    const errors = error.status === 422 ? (error.problem.errors ?? []) : [];
    refusal = errors.length ? { round: roundNumber, asked, errors } : null;
    renderNotes(currentGame());
    throw error;
  }
  refusal = null;
  // Entries changed while the answer was on its way: it no longer fits them.
  const fits = JSON.stringify(scoresRequest(currentGame(), roundNumber)) === asked;
  update({ type: 'scored', round: roundNumber, result: fits ? result : null });
  if (isFinished(currentGame())) update({ type: 'finished', at: new Date().toISOString() });
}

/** Where the thumb is after Score: the points (their heading takes the focus, so a screen
 *  reader reads on from there), or the refusal beside the button. */
function bringIntoView(element) {
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'start', behavior: 'instant' });
}

scoreButton.addEventListener('click', async () => {
  const n = currentGame().round;
  scoreButton.disabled = true;
  scoreStatus.textContent = t('score.busy', { n });
  try {
    await scoreRound(n);
    scoreStatus.textContent = t('score.done', { n });
    if (currentRound(currentGame()).result) bringIntoView($('#results-heading'));
  } catch (error) {
    const marked = $$('.entry-refusal', entries.parentElement);
    scoreStatus.textContent = marked.length
      ? t('score.refused_marked', { n: marked.length })
      : (error.describe ? error.describe() : String(error));
    marked[0]?.scrollIntoView({ block: 'center', behavior: 'instant' });
    scoreStatus.focus();
  } finally {
    scoreButton.disabled = false;
  }
});

/** "1st", and under it which tie shared the place (M3, M4). */
function placeCell(cell, majority) {
  if (majority.place === null || majority.count === 0) {
    cell.textContent = t('results.no_place');
    return;
  }
  cell.textContent = t(`place.${majority.place}`);
  if (majority.shared_with > 0) {
    const tie = document.createElement('small');
    tie.className = 'tie';
    tie.textContent = t('results.tie', { n: majority.shared_with + 1 });
    cell.append(tie);
  }
}

function breakdownTable(name, score, withWall) {
  // One line per scorer (what the score track needs); the breakdown opens on a tap.
  const details = document.createElement('details');
  details.className = 'card result';
  const summary = document.createElement('summary');
  const who = document.createElement('strong');
  who.textContent = name;
  const points = document.createElement('span');
  points.className = 'points';
  points.textContent = t('results.points', { n: score.points });
  const more = document.createElement('span');
  more.className = 'more';
  more.setAttribute('aria-hidden', 'true');
  more.textContent = t('results.breakdown');
  summary.append(who, points, more);
  details.append(summary);
  const table = document.createElement('table');
  table.className = 'breakdown';
  const head = table.createTHead().insertRow();
  ['results.col_building', 'results.col_count', 'results.col_place', 'results.col_points']
    .forEach((key) => {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = t(key);
      head.append(th);
    });
  const body = table.createTBody();
  const row = (label, cells, { building, module, note } = {}) => {
    const tr = body.insertRow();
    if (building) tr.dataset.building = building;
    if (module) tr.dataset.module = module;
    const th = document.createElement('th');
    th.scope = 'row';
    if (building) th.append(swatch(building));
    th.append(nameSpan(label));
    if (note) {
      const small = document.createElement('small');
      small.className = 'tie';
      small.textContent = note;
      th.append(small);
    }
    tr.append(th);
    return cells.map((text) => {
      const td = tr.insertCell();
      td.textContent = text;
      return td;
    });
  };
  BUILDINGS.forEach((b) => {
    const majority = score.majorities[b];
    const [, place] = row(buildingName(b), [majority.count, '', majority.points], { building: b });
    placeCell(place, majority);
  });
  if (withWall) row(t('results.wall'), [score.wall, '', score.wall]);
  moduleParts(score).forEach((part) => {
    const [, place] = row(part.label, [part.count, '', part.points],
      { module: part.name, note: part.note });
    if (part.majority) placeCell(place, part.majority);
  });
  const foot = table.createTFoot().insertRow();
  const th = document.createElement('th');
  th.scope = 'row';
  th.colSpan = 3;
  th.textContent = t('results.total');
  foot.append(th);
  const total = foot.insertCell();
  total.className = 'points';
  total.textContent = score.points;
  details.append(table);
  return details;
}

// --- warnings and refusals, beside the entry they point at --------------------------------
// A warning: what a real table cannot produce, scored all the same. A refusal: what the server
// would not score, until the entry it points at changes.

/** The entry a JSON Pointer into the scores request is about: the field of that member (a
 *  player's wall, chests, residents of a colour; the round's attack or score card; a
 *  character's owner), else the nearest field or card that holds it, else none (the table as
 *  a whole). The fields carry their member's pointer (`data-pointer`). */
function entryAt(pointer) {
  const field = (selector) => $(`:is(#entries, #round-cards) [data-pointer${selector}]:not(.entry-note)`);
  let path = pointer.replace(/^\/players\/\d+\/characters\//, '/characters/'); // one owner each
  while (path) {
    const at = field(`="${CSS.escape(path)}"`) ?? field(`^="${CSS.escape(`${path}/`)}"`);
    if (at) return at;
    path = path.slice(0, path.lastIndexOf('/'));
  }
  return null;
}

function note(className, id, pointer, text) {
  const element = document.createElement('p');
  element.className = `entry-note ${className} notice`;
  element.id = id;
  element.dataset.pointer = pointer;
  element.textContent = text;
  const entry = entryAt(pointer);
  if (entry === null) {
    entries.prepend(element);
  } else if (entry.matches('.stepper, .field')) {
    entry.after(element);
    $('input, select', entry).setAttribute('aria-describedby', id);
  } else {
    entry.append(element);
    entry.setAttribute('aria-describedby', id);
  }
}

/** The round's warnings, and the server's refusal while the request would be the one refused. */
function renderNotes(game) {
  $$('.entry-note').forEach((element) => element.remove());
  $$('[aria-describedby^="warning-"], [aria-describedby^="refusal-"]')
    .forEach((described) => described.removeAttribute('aria-describedby'));
  (currentRound(game).result?.warnings ?? []).forEach((warning, index) => note(
    'entry-warning', `warning-${index}`, warning.pointer, t(`warning.${warning.code}`)));
  if (refusal === null || refusal.round !== game.round
    || JSON.stringify(scoresRequest(game, game.round)) !== refusal.asked) return;
  refusal.errors.forEach((error, index) => note('entry-refusal', `refusal-${index}`, error.pointer,
    t('score.refused_here', { message: error.message })));
}

function renderResults(game) {
  const round = currentRound(game);
  const section = $('#results');
  const body = $('#results-body');
  body.replaceChildren();
  const warnings = round.result?.warnings ?? [];
  if (!round.result) {
    section.hidden = true;
    return;
  }
  section.hidden = false;
  $('#results-heading').textContent = t('results.heading', { n: game.round });
  if (warnings.length) {
    const check = document.createElement('p');
    check.className = 'notice results-warned';
    check.textContent = t('warning.check');
    body.append(check);
  }
  if (paidByScoreCard(game)) {
    const paid = document.createElement('p');
    paid.className = 'hint';
    paid.textContent = t('results.score_card');
    body.append(paid);
  }
  const running = runningTotals(game);
  round.result.players.forEach((score, player) => {
    const card = breakdownTable(game.names[player], score, true);
    card.dataset.player = player;
    const { clamped } = running[player][game.round - 1];
    if (clamped) { // K3: the running total stops at 0
      const before = game.round > 1 ? running[player][game.round - 2].total : 0;
      const stopped = document.createElement('p');
      stopped.className = 'notice clamped';
      stopped.textContent = t('results.clamped',
        { before, points: score.points, sum: before + score.points });
      card.append(stopped);
    }
    body.append(card);
  });
  if (round.result.dummy) {
    const card = breakdownTable(t('dummy.name'), round.result.dummy, false);
    card.dataset.dummy = '1';
    body.append(card);
  }
}

function renderTotals(game) {
  const table = $('#totals-table');
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  [t('totals.player'), ...ROUNDS.map((n) => t('totals.round', { n })), t('totals.total')]
    .forEach((text) => {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = text;
      head.append(th);
    });
  const sums = totalsOf(game);
  const body = table.createTBody();
  game.names.forEach((name, player) => {
    const tr = body.insertRow();
    tr.dataset.player = player;
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = name;
    tr.append(th);
    game.rounds.forEach((round) => {
      const cell = tr.insertCell();
      if (round.result) {
        cell.textContent = round.result.players[player].points;
      } else {
        cell.textContent = '–';
        cell.setAttribute('aria-label', t('totals.not_scored'));
      }
    });
    const total = tr.insertCell();
    total.className = 'total';
    total.textContent = sums[player];
  });
  const winners = $('#winners');
  if (isFinished(game)) {
    const names = winnersOf(sums).map((player) => game.names[player]);
    winners.textContent = t(names.length > 1 ? 'totals.winners' : 'totals.winner',
      { names: names.join(', ') });
    winners.classList.add('decided');
  } else {
    winners.textContent = t('totals.pending');
    winners.classList.remove('decided');
  }
}

// --- share and reset -----------------------------------------------------------------------

$('#share').addEventListener('click', async () => {
  const link = toLink(currentGame());
  const box = $('#share-box');
  const field = $('#share-link');
  const status = $('#share-status');
  box.hidden = false;
  field.value = link;
  field.select();
  try {
    await navigator.clipboard.writeText(link);
    status.textContent = t('game.copied');
  } catch {
    status.textContent = t('game.copy_failed');
  }
});

/** What a new game would clear: the names typed, each round's points and entries, the
 *  drawings; a finished game stays among the past games. */
function gameLoss(game) {
  const lost = [];
  const typed = game.names
    .filter((name, player) => name !== t('players.default_name', { n: player + 1 }));
  if (typed.length) lost.push(t('lost.names', { names: namesList(typed) }));
  lost.push(...scoredLoss(game), ...roundsLoss(game, 'lost.entries', (round) => !round.result
    && ([...round.walls, ...round.counts.flat(), ...round.dummy].some((n) => n > 0)
      || !round.members.every(noneEntered))));
  const drawn = game.drawings.flat();
  const tiles = drawn.filter((entry) => kindOf(entry) === 'tile').length;
  if (tiles) lost.push(t('lost.drawings', { n: tiles }));
  if (tiles < drawn.length) lost.push(t('lost.drawn_pieces', { entries: piecesCount(drawn) }));
  if (lost.length && isFinished(game)) lost.push(t('lost.kept_in_past'));
  return lost;
}

$('#reset').addEventListener('click', async () => {
  const lost = gameLoss(currentGame());
  if (lost.length && !(await confirmLoss({
    question: t('game.reset_confirm'), lost, action: t('game.reset_action'),
  }))) {
    $('#reset-status').textContent = t('game.reset_kept');
    return;
  }
  update({ type: 'new-game' });
  scoreStatus.textContent = '';
  $('#share-status').textContent = '';
  $('#share-box').hidden = true;
  $('#reset-status').textContent = t('game.reset_done');
});

/** The share card, once a round has points to show. */
function renderCard(game) {
  const container = $('#game-card');
  if (game.rounds.some((round) => round.result)) {
    offerCard(container, () => pastGame(currentGame(), new Date().toISOString()));
  } else {
    container.replaceChildren();
  }
}

// --- the views, drawn from the game after every change --------------------------------------

const renderResultsWhenChanged = renderWhen((game) => [
  game.round, game.names, game.modules, game.rounds.map((round) => round.result),
], renderResults);
const renderTotalsWhenChanged = renderWhen(
  (game) => [game.names, game.rounds.map((round) => round.result)], renderTotals);
const renderCardWhenChanged = renderWhen(
  (game) => game.rounds.some((round) => round.result), renderCard);

/** The scoring tab drawn from `game`; `previous` is the game before the change, if any. */
export function renderScoring(game, previous) {
  if (droppedByAnEntry(game, previous)) scoreStatus.textContent = t('score.stale');
  renderEntries(game);
  renderModules(game);
  renderNotes(game); // into the cards just drawn
  renderResultsWhenChanged(game);
  renderTotalsWhenChanged(game);
  renderCardWhenChanged(game);
}
