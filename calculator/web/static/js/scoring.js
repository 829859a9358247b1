// Quick scoring: players, the modules, the round, steppers for each building and the wall
// and for what the chosen modules score (modules.js); points with their breakdown from
// POST /v1/scores (M1-M5, W4, D3, each module's part citing its rule), running totals that
// never go below 0 (K3), the winner (M6); the answer's warnings (what a real table cannot
// produce) and the server's refusals beside the entries they point at.
// The views draw from the game (renderScoring); the handlers change it only through update.

import { post } from './api.js';
import { breakdownCard } from './breakdown.js';
import { piecesCount } from './build-pieces.js';
import { offerCard, totalsText } from './card.js';
import { confirmLoss } from './confirm.js';
import { noneEntered } from './changes.js';
import { $, $$ } from './dom.js';
import { useDrawing } from './from-drawing.js';
import { kindOf } from './pieces.js';
import {
  BUILDINGS, MAX_COUNT, MAX_WALL, NAME_LENGTH, ROUNDS, SCORE_MODULES, currentRound, givenName,
  isFinished, isTwoPlayer, keptAs, pastGame, playerName, runningTotals, sameAsKept, toLink,
  totalsOf, typedNames, winnersOf,
} from './game.js';
import {
  inputsShape, memberChange, memberEntries, memberValue, paidByScoreCard, renderModules,
  withModules,
} from './modules.js';
import { describeRefusal } from './refusals.js';
import { clamp, offer, stepper } from './steppers.js';
import { currentGame, renderWhen, update } from './store.js';
import { buildingName, capitalized, dateText, namesList, pointsOf, t } from './words.js';

// --- the table ----------------------------------------------------------------------------

const entries = $('#entries');
const playerCount = $('#player-count');
const scoreButton = $('#score-round');
export const scoreStatus = $('#score-status');

/** What an entry field shows: a player's name, count, wall or module member, or a count of
 *  the dummy. */
function entryValue(game, data) {
  if (data.name !== undefined) return game.names[Number(data.name)];
  if (data.member) return memberValue(game, Number(data.player), data.member);
  return tableValue(currentRound(game), data);
}

/** A count of the round's table: a player's building or wall, or the dummy's building. */
function tableValue(round, data) {
  if (data.dummy) return round.dummy[Number(data.building)];
  if (data.wall) return round.walls[Number(data.player)];
  return round.counts[Number(data.player)][Number(data.building)];
}

/** The previous round's count where this round's is lower: counts only grow, so a lower one
 *  was most likely entered before that round was corrected (offered, not imposed: a tile
 *  moved to the reserve, T5, does lower a count). */
function previousOffer(game, data) {
  if (game.round === 1 || data.member || data.name !== undefined) return null;
  const before = tableValue(game.rounds[game.round - 2], data);
  return before > tableValue(currentRound(game), data) ? before : null;
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
    // a number being typed may be empty for a moment: the game keeps its value meanwhile
    const typing = input === document.activeElement && input.value === '';
    if (input.value !== value && !typing) input.value = value;
  });
  $$('.stepper', entries).forEach((row) => {
    const input = $('input', row);
    const before = previousOffer(game, input.dataset);
    offer(row, before, before !== null && {
      text: t('stepper.previous', { n: before, round: game.round - 1 }),
      label: t('stepper.previous_label', {
        what: $('label', row).textContent, n: before, round: game.round - 1,
      }),
    });
  });
  $$('fieldset.player[data-player]', entries).forEach((card) => {
    const player = Number(card.dataset.player);
    $('legend', card).textContent = game.names[player];
    const fromDrawing = $('.from-drawing', card);
    fromDrawing.hidden = game.drawings[player].length === 0;
    $('button', fromDrawing).textContent = t('score.from_drawing', { n: game.round });
  });
  renderRoster(game);
  playerCount.value = String(game.names.length);
  $(`#round-${game.round}`).checked = true;
  scoreButton.textContent = t('score.button', { n: game.round });
}

/** The offer to take a player's entries from their drawing (Build), while there is one. */
function drawingOffer(player) {
  const box = document.createElement('div');
  box.className = 'from-drawing';
  box.hidden = true;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'secondary';
  button.dataset.fromDrawing = player;
  const status = document.createElement('p');
  status.className = 'status';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  box.append(button, status);
  return box;
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
    nameInput.setAttribute('list', 'roster'); // the names typed at earlier tables
    field.append(nameLabel, nameInput);
    card.append(legend, field, drawingOffer(player));
    BUILDINGS.forEach((b, index) => card.append(stepper({
      label: buildingName(b), value: round.counts[player][index], max: MAX_COUNT[b],
      data: { player, building: index }, building: b, offers: true,
    })));
    const wall = stepper({
      label: t('stepper.wall'), value: round.walls[player], max: MAX_WALL, data: { player, wall: 1 },
      offers: true,
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
      data: { dummy: 1, building: index }, building: b, offers: true,
    })));
    entries.append(card);
  }
}

entries.addEventListener('click', (event) => {
  const button = event.target.closest('button[data-from-drawing]');
  if (button) useDrawing(Number(button.dataset.fromDrawing), button.nextElementSibling);
});

// --- the roster: the names typed at this device's tables, offered again ------------------------

const roster = $('#roster');

function renderRoster(game) {
  const seated = new Set(game.names.map((name) => name.toLocaleLowerCase()));
  const offered = game.roster.filter((name) => !seated.has(name.toLocaleLowerCase()));
  if (JSON.stringify(offered) === roster.dataset.names) return;
  roster.dataset.names = JSON.stringify(offered);
  roster.replaceChildren(...offered.map((name) => new Option(name, name)));
}

// A name is kept for the roster once it is typed (the field left), not letter by letter.
entries.addEventListener('change', (event) => {
  const { dataset, value } = event.target;
  if (dataset.name === undefined) return;
  const seat = Number(dataset.name);
  const names = typedNames(currentGame().names.map((name, index) => (index === seat ? value : name)));
  if (names.includes(value)) update({ type: 'roster', names: [value] });
});

entries.addEventListener('input', (event) => {
  const input = event.target;
  const { dataset } = input;
  if (dataset.name !== undefined) {
    update({ type: 'name', player: Number(dataset.name), name: input.value });
    return;
  }
  if (input.value === '') return; // being typed: see focusout
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

// A name the page gave (Player 2) is selected by a tap, so that typing replaces it.
['focusin', 'click'].forEach((type) => entries.addEventListener(type, (event) => {
  const { target } = event;
  if (target.dataset?.name !== undefined && givenName(target.value, Number(target.dataset.name))) {
    target.select();
  }
}));

// A number emptied and left: it shows the game's value again (nothing was typed).
entries.addEventListener('focusout', (event) => {
  const input = event.target;
  if (input.type === 'number' && input.value === '') {
    input.value = String(entryValue(currentGame(), input.dataset));
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
  if (playerCount.value === '') return; // being typed
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
// must then be scored again (their points stay on show meanwhile, marked as changed).
$('#score-modules').addEventListener('change', async (event) => {
  const box = event.target;
  if (box.type !== 'checkbox') return;
  const chosen = $$('#score-modules input[type="checkbox"]:checked').map((b) => b.value);
  const game = currentGame();
  const scored = ROUNDS.filter((n) => game.rounds[n - 1].result);
  if (scored.length && !(await confirmLoss({
    question: t('modules.confirm'),
    lost: [],
    notes: [t('modules.rescore', { n: scored.length, rounds: namesList(scored.map(String)) })],
    action: t('modules.confirm_action'),
  }))) {
    box.checked = !box.checked;
    return;
  }
  update({ type: 'modules', modules: SCORE_MODULES.filter((name) => chosen.includes(name)) });
  if (scored.length) scoreStatus.textContent = t('modules.changed');
});

$$('input[name="round"]').forEach((radio) => radio.addEventListener('change', () => {
  scoreStatus.textContent = '';
  update({ type: 'round', round: Number(radio.value) });
}));

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

/** What a round's points depend on: its scores request without the names (a name typed
 *  anew changes no points). Kept with the answer (`asked`), so that the page knows when the
 *  entries on show are no longer those the answer answers. */
const entriesOf = (body) => JSON.stringify({
  ...body, players: body.players.map(({ name, ...entered }) => entered),
});
const entriesKey = (game, n) => entriesOf(scoresRequest(game, n));

/** Whether round `n` was scored and an entry has changed since (its points stay on show,
 *  marked as changed, until it is scored again). A round kept before answers carried their
 *  entries is taken as scored as it is. */
export const changedSinceScored = (game, n) => {
  const round = game.rounds[n - 1];
  return round.result !== null && round.asked !== null && round.asked !== entriesKey(game, n);
};
const changedRounds = (game) => ROUNDS.filter((n) => changedSinceScored(game, n));

/** Every round scored, as its entries stand: the winner is known, the game kept. */
const decided = (game) => isFinished(game) && changedRounds(game).length === 0;

/** A game of scores is on: something entered at the table, and the winner not known yet. */
export const scoringOn = (game) => !decided(game) && gameLoss(game).length > 0;

/** The round on show has just changed since it was scored (the same table and round). */
const newlyChanged = (game, previous) => previous !== null
  && previous.round === game.round && previous.names.length === game.names.length
  && !changedSinceScored(previous, previous.round) && changedSinceScored(game, game.round);

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
      return capitalized(t('score.too_many', { building: buildingName(b), max: MAX_COUNT[b], count }));
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
    refusal = errors.length ? { round: roundNumber, asked, body, errors } : null;
    renderNotes(currentGame());
    throw error;
  }
  refusal = null;
  // The answer is kept with the entries it answers: should they have changed while it was on
  // its way, it is on show marked as changed.
  update({
    type: 'scored', round: roundNumber, result,
    asked: entriesOf(body),
  });
  if (decided(currentGame())) update({ type: 'finished', at: new Date().toISOString() });
}

/** A game kept among the past games changes there once a round is scored anew: the page asks
 *  first, naming the record as it stands. True when the scoring may go ahead. */
async function mayChangeKept(game, n) {
  const kept = keptAs(game);
  if (!kept || (game.rounds[n - 1].result && !changedSinceScored(game, n))) return true;
  return confirmLoss({
    question: t('past.change_confirm', { date: dateText(kept.at), n }),
    lost: [t('lost.past', { names: namesList(kept.names), totals: totalsText(kept) })],
    notes: [t('past.change_note', { n })],
    action: t('past.change_action', { n }),
  });
}

/** Where the thumb is after Score: the points (their heading takes the focus, so a screen
 *  reader reads on from there), or the refusal beside the button. */
function bringIntoView(element) {
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'start', behavior: 'instant' });
}

scoreButton.addEventListener('click', async () => {
  const n = currentGame().round;
  if (!(await mayChangeKept(currentGame(), n))) {
    scoreStatus.textContent = t('past.change_kept', { n });
    return;
  }
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
    describedBy($('input, select', entry), [id]);
  } else {
    entry.append(element);
    describedBy(entry, [id]);
  }
}

/** An element's description: what it already has (its help line), then `ids`, less any
 *  note of an earlier render. */
function describedBy(element, ids) {
  const kept = (element.getAttribute('aria-describedby') ?? '').split(' ')
    .filter((id) => id && !/^(warning|refusal)-/.test(id));
  const all = [...kept, ...ids];
  if (all.length) element.setAttribute('aria-describedby', all.join(' '));
  else element.removeAttribute('aria-describedby');
}

/** The round's warnings, and the server's refusal while the request would be the one refused. */
function renderNotes(game) {
  $$('.entry-note').forEach((element) => element.remove());
  $$('[aria-describedby*="warning-"], [aria-describedby*="refusal-"]')
    .forEach((described) => describedBy(described, []));
  // a warning is about the entries scored: it goes once one of them changes
  const warnings = changedSinceScored(game, game.round) ? [] : currentRound(game).result?.warnings ?? [];
  warnings.forEach((warning, index) => note(
    'entry-warning', `warning-${index}`, warning.pointer, t(`warning.${warning.code}`)));
  if (refusal === null || refusal.round !== game.round
    || JSON.stringify(scoresRequest(game, game.round)) !== refusal.asked) return;
  refusal.errors.forEach((error, index) => note('entry-refusal', `refusal-${index}`, error.pointer,
    describeRefusal(error, refusal.body)));
}

function renderResults(game) {
  const round = currentRound(game);
  const section = $('#results');
  const body = $('#results-body');
  body.replaceChildren();
  const changed = changedSinceScored(game, game.round);
  const warnings = changed ? [] : round.result?.warnings ?? [];
  if (!round.result) {
    section.hidden = true;
    return;
  }
  section.hidden = false;
  $('#results-heading').textContent = t('results.heading', { n: game.round });
  section.classList.toggle('changed', changed);
  if (changed) { // the last points, kept on show until the round is scored again
    const mark = document.createElement('p');
    mark.className = 'notice results-changed';
    mark.textContent = t('results.changed', { n: game.round });
    body.append(mark);
  }
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
    const card = breakdownCard(game.names[player], score, true);
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
    const card = breakdownCard(t('dummy.name'), round.result.dummy, false);
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
    game.rounds.forEach((round, index) => {
      const cell = tr.insertCell();
      if (!round.result) {
        cell.textContent = '–';
        cell.setAttribute('aria-label', t('totals.not_scored'));
        return;
      }
      const points = round.result.players[player].points;
      cell.textContent = points;
      if (changedSinceScored(game, index + 1)) {
        cell.classList.add('changed');
        cell.setAttribute('aria-label', t('totals.changed_points', { points }));
      }
    });
    const total = tr.insertCell();
    total.className = 'total';
    total.textContent = sums[player];
  });
  const winners = $('#winners');
  const changed = changedRounds(game);
  winners.classList.toggle('decided', decided(game));
  if (decided(game)) {
    const names = winnersOf(sums).map((player) => game.names[player]);
    winners.textContent = t(names.length > 1 ? 'totals.winners' : 'totals.winner',
      { names: names.join(', ') });
  } else if (changed.length) {
    winners.textContent = t('totals.changed', { n: changed.length, rounds: namesList(changed.map(String)) });
  } else {
    winners.textContent = t('totals.pending');
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

/** What a new game would clear (the names typed unless `names` is false: the same table keeps
 *  them), each round's points and entries, the drawings: nothing when the game is kept among
 *  the past games as it is. */
export function gameLoss(game, { names = true } = {}) {
  if (sameAsKept(game)) return [];
  const lost = [];
  const typed = game.names
    .filter((name, player) => name !== t('players.default_name', { n: player + 1 }));
  if (typed.length && names) lost.push(t('lost.names', { names: namesList(typed) }));
  lost.push(...scoredLoss(game), ...roundsLoss(game, 'lost.entries', (round) => !round.result
    && ([...round.walls, ...round.counts.flat(), ...round.dummy].some((n) => n > 0)
      || !round.members.every(noneEntered))));
  const drawn = game.drawings.flat();
  const tiles = drawn.filter((entry) => kindOf(entry) === 'tile').length;
  if (tiles) lost.push(t('lost.drawings', { n: tiles }));
  if (tiles < drawn.length) lost.push(t('lost.drawn_pieces', { entries: piecesCount(drawn) }));
  return lost;
}

/** What stays whatever a new game clears: the game's record among the past games. */
const keptNotes = (game) => {
  const kept = keptAs(game);
  return kept ? [t('past.stays', { date: dateText(kept.at) })] : [];
};

/** A new game: the same table again (`same`: names, seats and modules), or a new one; asked
 *  first when it would clear anything. */
async function startNew(same) {
  const game = currentGame();
  const lost = gameLoss(game, { names: !same });
  const kind = same ? 'rematch' : 'reset';
  if (lost.length && !(await confirmLoss({
    question: t(`game.${kind}_confirm`), lost, notes: keptNotes(game), action: t(`game.${kind}_action`),
  }))) {
    $('#reset-status').textContent = t('game.reset_kept');
    return;
  }
  update({ type: 'new-game', same });
  scoreStatus.textContent = '';
  $('#share-status').textContent = '';
  $('#share-box').hidden = true;
  $('#reset-status').textContent = same
    ? t('game.rematch_done', { names: namesList(currentGame().names) }) : t('game.reset_done');
}

$('#reset').addEventListener('click', () => startNew(false));
$('#rematch').addEventListener('click', () => startNew(true));

/** The same table in words, under its button: the names in their seats, and the modules. */
function renderRematch(game) {
  $('#rematch-table').textContent = t('game.rematch_table', {
    names: namesList(game.names.map((_, player) => playerName(game, player))), n: game.modules.length,
  });
}

// --- a game from a shared link ---------------------------------------------------------------

/** The game of a link opened on this phone: it takes the place of the game on show only after
 *  asking when that one holds anything not kept among the past games, and then keeps it there
 *  too (both games kept). Its rounds are scored again here. */
export async function openShared(shared) {
  const game = currentGame();
  const keep = gameLoss(game).length > 0;
  if (keep && !(await confirmLoss({
    question: t('link.confirm'), lost: [], notes: [t('link.keep_both')], action: t('link.open'),
    keep: t('link.keep'), safe: true,
  }))) {
    scoreStatus.textContent = t('link.kept');
    return;
  }
  update({ type: 'load', game: shared, keep: keep ? new Date().toISOString() : null });
  scoreStatus.textContent = t(keep ? 'link.loaded_kept' : 'game.loaded_link');
  const rescore = currentGame().rounds
    .map((round, index) => (round.rescore ? index + 1 : 0)).filter(Boolean);
  for (const n of rescore) {
    try {
      await scoreRound(n);
    } catch (error) {
      scoreStatus.textContent = error.describe();
      break;
    }
  }
}

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
  changedRounds(game),
], renderResults);
const renderTotalsWhenChanged = renderWhen(
  (game) => [game.names, game.rounds.map((round) => round.result), changedRounds(game)],
  renderTotals);
const renderCardWhenChanged = renderWhen(
  (game) => game.rounds.some((round) => round.result), renderCard);
const renderRematchWhenChanged = renderWhen((game) => [game.names, game.modules], renderRematch);

/** The scoring tab drawn from `game`; `previous` is the game before the change, if any. */
export function renderScoring(game, previous) {
  if (newlyChanged(game, previous)) scoreStatus.textContent = t('score.stale', { n: game.round });
  renderEntries(game);
  renderModules(game);
  renderNotes(game); // into the cards just drawn
  renderResultsWhenChanged(game);
  renderTotalsWhenChanged(game);
  renderCardWhenChanged(game);
  renderRematchWhenChanged(game);
}
