// Quick scoring: players, the round, steppers for each building and the wall; points with
// their breakdown from POST /v1/scores (M1-M5, W4, D3), running totals, the winner (M6); the
// answer's warnings (what a real table cannot produce) beside the entries they concern.

import { post } from './api.js';
import { renderAll } from './app.js';
import { renderBuilderChoice } from './build.js';
import { $, $$, nameSpan, swatch } from './dom.js';
import {
  BUILDINGS, MAX_COUNT, MAX_WALL, NAME_LENGTH, ROUNDS, currentRound, game, isTwoPlayer,
  newGame, replaceGame, save, toLink, zeros,
} from './game.js';
import { buildingName, t } from './words.js';

// --- steppers ------------------------------------------------------------------------------

let nextId = 0;

/** A labelled number with − and + buttons: large targets, no keyboard needed on a phone. */
function stepper({ label, value, max, data, building }) {
  const id = `stepper-${nextId++}`;
  const row = document.createElement('div');
  row.className = 'stepper';
  const labelElement = document.createElement('label');
  labelElement.htmlFor = id;
  if (building) labelElement.append(swatch(building));
  labelElement.append(nameSpan(label));
  const input = document.createElement('input');
  Object.assign(input, { id, type: 'number', min: 0, max, value });
  input.inputMode = 'none'; // steppers, not keyboards
  Object.entries(data).forEach(([key, val]) => { input.dataset[key] = val; });
  const button = (step, text, aria) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'step';
    b.dataset.step = step;
    b.textContent = text;
    b.setAttribute('aria-label', aria);
    b.setAttribute('aria-controls', id);
    return b;
  };
  row.append(labelElement, button(-1, '−', t('stepper.fewer', { what: label })), input,
    button(1, '+', t('stepper.more', { what: label })));
  return row;
}

function clamp(input) {
  const min = Number(input.min);
  const max = Number(input.max);
  const value = Math.round(Number(input.value));
  const clamped = Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;
  if (String(clamped) !== input.value) input.value = String(clamped);
  return clamped;
}

document.addEventListener('click', (event) => {
  const button = event.target.closest('button.step');
  if (!button) return;
  const input = document.getElementById(button.getAttribute('aria-controls'));
  const before = input.value;
  input.value = String(Number(input.value) + Number(button.dataset.step));
  clamp(input);
  if (input.value !== before) input.dispatchEvent(new Event('input', { bubbles: true }));
});

// --- the table ----------------------------------------------------------------------------

const entries = $('#entries');
const playerCount = $('#player-count');
const scoreButton = $('#score-round');
export const scoreStatus = $('#score-status');

export function renderEntries() {
  const round = currentRound();
  entries.replaceChildren();
  game.names.forEach((name, player) => {
    const card = document.createElement('fieldset');
    card.className = 'card player';
    card.dataset.player = player;
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
    card.append(stepper({
      label: t('stepper.wall'), value: round.walls[player], max: MAX_WALL, data: { player, wall: 1 },
    }));
    entries.append(card);
  });
  if (isTwoPlayer()) {
    const card = document.createElement('fieldset');
    card.className = 'card player dummy';
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
  playerCount.value = String(game.names.length);
  $(`#round-${game.round}`).checked = true;
  scoreButton.textContent = t('score.button', { n: game.round });
}

entries.addEventListener('input', (event) => {
  const input = event.target;
  const round = currentRound();
  if (input.dataset.name !== undefined) {
    const player = Number(input.dataset.name);
    game.names[player] = input.value.slice(0, NAME_LENGTH);
    input.closest('fieldset').querySelector('legend').textContent = input.value;
    renderTotals();
    renderBuilderChoice();
    save();
    return; // a name does not change any score
  }
  const value = clamp(input);
  if (input.dataset.dummy) {
    round.dummy[Number(input.dataset.building)] = value;
  } else if (input.dataset.wall) {
    round.walls[Number(input.dataset.player)] = value;
  } else {
    round.counts[Number(input.dataset.player)][Number(input.dataset.building)] = value;
  }
  entriesChanged(round);
});

export function entriesChanged(round) {
  if (round.result) {
    round.result = null;
    scoreStatus.textContent = t('score.stale');
  }
  renderResults();
  renderTotals();
  save();
}

function resize(players) {
  const old = game.names.length;
  if (players === old) return;
  const names = Array.from({ length: players },
    (_, i) => game.names[i] ?? t('players.default_name', { n: i + 1 }));
  const fit = (list, make) => Array.from({ length: players }, (_, i) => list[i] ?? make());
  game.rounds.forEach((round) => {
    round.counts = fit(round.counts, () => zeros(BUILDINGS.length));
    round.walls = fit(round.walls, () => 0);
    round.result = null; // another table: every score must be asked again
  });
  game.names = names;
  game.drawings = fit(game.drawings, () => []);
  game.builder = Math.min(game.builder, players - 1);
  save();
  renderAll();
}

playerCount.addEventListener('input', () => resize(clamp(playerCount)));

$$('input[name="round"]').forEach((radio) => radio.addEventListener('change', () => {
  const chosen = Number(radio.value);
  const target = game.rounds[chosen - 1];
  const before = game.rounds[game.round - 1];
  const untouched = !target.result && target.walls.every((w) => w === 0)
    && target.counts.every((c) => c.every((n) => n === 0)) && target.dummy.every((n) => n === 0);
  if (untouched && chosen > game.round) {
    // Buildings stay between rounds: start from the previous round's table.
    target.counts = before.counts.map((c) => [...c]);
    target.walls = [...before.walls];
    target.dummy = [...before.dummy];
  }
  game.round = chosen;
  scoreStatus.textContent = '';
  save();
  renderAll();
}));

function scoresRequest(roundNumber) {
  const round = game.rounds[roundNumber - 1];
  const body = {
    round: roundNumber,
    players: game.names.map((name, player) => ({
      name: name.trim() || t('players.default_name', { n: player + 1 }),
      counts: Object.fromEntries(BUILDINGS.map((b, index) => [b, round.counts[player][index]])),
      wall: round.walls[player],
    })),
  };
  if (isTwoPlayer()) {
    body.dummy = { counts: Object.fromEntries(BUILDINGS.map((b, index) => [b, round.dummy[index]])) };
  }
  return body;
}

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

export async function scoreRound(roundNumber) {
  const round = game.rounds[roundNumber - 1];
  const body = scoresRequest(roundNumber);
  const problem = tableProblem(body);
  if (problem) throw new TableError(problem);
  const asked = JSON.stringify(body);
  round.result = await post('/v1/scores', body);
  // Entries changed while the answer was on its way: it no longer fits them.
  if (JSON.stringify(scoresRequest(roundNumber)) !== asked) round.result = null;
  delete round.rescore;
  save();
}

scoreButton.addEventListener('click', async () => {
  const n = game.round;
  scoreButton.disabled = true;
  scoreStatus.textContent = t('score.busy', { n });
  try {
    await scoreRound(n);
    scoreStatus.textContent = t('score.done', { n });
  } catch (error) {
    scoreStatus.textContent = error.describe ? error.describe() : String(error);
  } finally {
    scoreButton.disabled = false;
  }
  renderResults();
  renderTotals();
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
  const row = (label, cells, building) => {
    const tr = body.insertRow();
    if (building) tr.dataset.building = building;
    const th = document.createElement('th');
    th.scope = 'row';
    if (building) th.append(swatch(building));
    th.append(nameSpan(label));
    tr.append(th);
    return cells.map((text) => {
      const td = tr.insertCell();
      td.textContent = text;
      return td;
    });
  };
  BUILDINGS.forEach((b) => {
    const majority = score.majorities[b];
    const [, place] = row(buildingName(b), [majority.count, '', majority.points], b);
    placeCell(place, majority);
  });
  if (withWall) row(t('results.wall'), [score.wall, '', score.wall]);
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

// --- warnings: what a real table cannot produce, beside the entry it concerns -------------

/** The element a warning's JSON Pointer (into the scores request) is about: a player's wall
 * or counts, the dummy, else none (the table as a whole). */
function warnedEntry(pointer) {
  const [, head, seat, member] = pointer.split('/');
  if (head === 'players' && seat !== undefined) {
    const card = $(`fieldset.player[data-player="${Number(seat)}"]`, entries);
    if (card && member === 'wall') return $('input[data-wall]', card).closest('.stepper');
    return card;
  }
  if (head === 'dummy') return $('fieldset.dummy', entries);
  return null;
}

function renderWarnings(warnings) {
  $$('.entry-warning', entries).forEach((note) => note.remove());
  $$('[aria-describedby^="warning-"]', entries)
    .forEach((described) => described.removeAttribute('aria-describedby'));
  warnings.forEach((warning, index) => {
    const note = document.createElement('p');
    note.className = 'entry-warning notice';
    note.id = `warning-${index}`;
    note.dataset.pointer = warning.pointer;
    note.textContent = t(`warning.${warning.code}`);
    const entry = warnedEntry(warning.pointer);
    if (entry === null) {
      entries.prepend(note);
    } else if (entry.matches('.stepper')) {
      entry.after(note);
      $('input', entry).setAttribute('aria-describedby', note.id);
    } else {
      entry.append(note);
      entry.setAttribute('aria-describedby', note.id);
    }
  });
}

export function renderResults() {
  const round = currentRound();
  const section = $('#results');
  const body = $('#results-body');
  body.replaceChildren();
  const warnings = round.result?.warnings ?? [];
  renderWarnings(warnings);
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
  round.result.players.forEach((score, player) => {
    const card = breakdownTable(game.names[player], score, true);
    card.dataset.player = player;
    body.append(card);
  });
  if (round.result.dummy) {
    const card = breakdownTable(t('dummy.name'), round.result.dummy, false);
    card.dataset.dummy = '1';
    body.append(card);
  }
}

function totals() {
  return game.names.map((_, player) => game.rounds.reduce(
    (sum, round) => sum + (round.result ? round.result.players[player].points : 0), 0));
}

export function renderTotals() {
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
  const sums = totals();
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
  if (game.rounds.every((round) => round.result)) {
    // M6: the highest total wins, equal totals share; the dummy is no player (D3).
    const best = Math.max(...sums);
    const names = game.names.filter((_, player) => sums[player] === best);
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
  const link = toLink();
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

$('#reset').addEventListener('click', () => {
  if (!window.confirm(t('game.reset_confirm'))) return;
  replaceGame(newGame(game.names.length));
  save();
  scoreStatus.textContent = '';
  $('#share-box').hidden = true;
  renderAll();
});
