// The History tab: every game kept on this device (scored at the table, played against the
// computer, or known by its record, pasted or from a link), newest first, at most MAX_PAST
// (game.js). A game finished, or set aside unfinished (a shared link or a record opened over
// it, another game continued in its place), shows its date, players, winner and totals; it
// reopens read-only with each round's points, breakdowns and modules (a game against the
// computer with each round and the opponents' levels), and its share card; a game with its
// record replays move by move and is reviewed on the Play tab (records.js, replay.js); one set
// aside may be continued. A record is pasted here to be opened. The whole history is saved to
// a file and read back from one, and the names played most are counted: games, wins, best
// score. Nothing kept here changes or goes without the page asking first (confirm.js).

import { breakdownCard } from './breakdown.js';
import { offerCard, standings, totalsText } from './card.js';
import { confirmLoss } from './confirm.js';
import { $ } from './dom.js';
import { MAX_PAST, isHistory } from './game.js';
import { openGiven, openKept, recordProblems, resumePlay } from './records.js';
import { gameLoss } from './scoring.js';
import { markScrolling } from './scrolls.js';
import { currentGame, renderWhen, update } from './store.js';
import { dateText, namesList, t } from './words.js';

const list = $('#past-list');
const dialog = $('#past-game');
const status = $('#past-status');
const FILE_FORMAT = 'alhambra-history';
/** A history file holds at most MAX_PAST games, each of a few kilobytes, or with its record of
 *  at most 900 moves about 100 kB: anything far larger is no history file of this page, and is
 *  not read into memory. */
const MOST_FILE_BYTES = 16 * 1024 * 1024;

const finished = (entry) => entry.finished ?? (entry.rounds ?? []).every((points) => points !== null);
const winnersText = (entry) => t(entry.winners.length > 1 ? 'totals.winners' : 'totals.winner',
  { names: entry.winners.map((seat) => entry.names[seat]).join(', ') });
/** The verdict of a game: its winner, or how far it got when it was set aside. */
function verdictText(entry) {
  if (finished(entry)) return winnersText(entry);
  const n = (entry.rounds ?? []).filter((points) => points !== null).length;
  if (entry.kind !== 'record') return t('past.set_aside', { n });
  return entry.stopped ? t('past.record_stopped', { n: entry.stopped.move + 1 }) : t('past.record_unfinished', { n });
}
const kindText = (entry) => t(entry.at_table ? 'past.kind_table' : `past.kind_${entry.kind}`);

function button(kind, words, label, act) {
  const made = document.createElement('button');
  made.type = 'button';
  made.className = kind;
  made.textContent = words;
  made.setAttribute('aria-label', label);
  made.addEventListener('click', act);
  return made;
}

function pastItem(entry) {
  const item = document.createElement('li');
  item.dataset.id = entry.id;
  const heading = document.createElement('h3');
  const time = document.createElement('time');
  time.dateTime = entry.at;
  time.textContent = dateText(entry.at);
  heading.append(time);
  const kind = document.createElement('p');
  kind.className = 'hint';
  kind.textContent = `${kindText(entry)}: ${namesList(entry.names)}`;
  const verdict = document.createElement('p');
  verdict.className = 'past-winner';
  verdict.textContent = verdictText(entry);
  const totals = document.createElement('p');
  totals.className = 'past-totals';
  totals.textContent = totalsText(entry);
  const buttons = document.createElement('div');
  buttons.className = 'button-row';
  const date = dateText(entry.at);
  buttons.append(
    button('secondary', t('past.open'), t('past.open_label', { date }), () => openPast(entry)),
    button('danger', t('past.delete'), t('past.delete_label', { date }), () => forget(entry)),
  );
  if (entry.record) {
    buttons.append(button('primary', t('past.replay'), t('past.replay_label', { date }),
      () => openKept(entry, status)));
  }
  item.append(heading, kind, verdict, totals, buttons);
  if (!finished(entry) && entry.kind === 'play' && entry.record) {
    const hint = document.createElement('p');
    hint.className = 'hint';
    hint.id = `resume-${entry.id}`;
    hint.textContent = t('past.resume_play_hint');
    const resumeButton = button('primary', t('past.resume'), t('past.resume_play_label', { date }),
      () => resumePlay(entry, status));
    resumeButton.setAttribute('aria-describedby', hint.id);
    buttons.append(resumeButton);
    item.append(hint);
  }
  if (!finished(entry) && entry.table) {
    // said before the tap: the game leaves History for the Score tab, and takes the place of
    // the game there, which comes here
    const hint = document.createElement('p');
    hint.className = 'hint';
    hint.id = `resume-${entry.id}`;
    hint.textContent = t('past.resume_hint');
    const resumeButton = button('primary', t('past.resume'), t('past.resume_label', { date }),
      () => resume(entry));
    resumeButton.setAttribute('aria-describedby', hint.id);
    buttons.append(resumeButton);
    item.append(hint);
  }
  return item;
}

async function forget(entry) {
  const agreed = await confirmLoss({
    question: t('past.delete_confirm', { date: dateText(entry.at) }),
    lost: [t('lost.past', { names: namesList(entry.names), totals: totalsText(entry) })],
    action: t('past.delete'),
  });
  if (!agreed) {
    status.textContent = t('past.kept');
    return;
  }
  update({ type: 'forget', id: entry.id });
  status.textContent = t('past.deleted', { date: dateText(entry.at) });
  status.focus();
}

/** A game set aside, played on: it takes the place of the game on the Score tab, which, if it
 *  holds anything, is kept here in its place (nothing is lost, so nothing is asked). */
function resume(entry) {
  const keep = gameLoss(currentGame()).length > 0;
  update({ type: 'resume', id: entry.id, keep: keep ? new Date().toISOString() : null });
  $('#score-status').textContent = t(keep ? 'past.resumed_kept' : 'past.resumed',
    { date: dateText(entry.at) });
}

// --- a past game, reopened read-only -----------------------------------------------------------

function cellRow(body, header, cells) {
  const row = body.insertRow();
  const name = document.createElement('th');
  name.scope = 'row';
  name.textContent = header;
  row.append(name);
  cells.forEach((text) => { row.insertCell().textContent = text; });
  return row;
}

/** Each round's points by player and the totals, the winner first. */
function roundsTable(entry) {
  const table = $('#past-game-table');
  table.replaceChildren();
  const rounds = entry.rounds ?? [];
  const head = table.createTHead().insertRow();
  [t('totals.player'), ...rounds.map((_, i) => t('totals.round', { n: i + 1 })), t('totals.total')]
    .forEach((text) => {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = text;
      head.append(th);
    });
  const body = table.createTBody();
  standings(entry).forEach(({ seat }) => {
    const row = cellRow(body, entry.names[seat], rounds.map((points) => points?.[seat] ?? '–'));
    const total = row.insertCell();
    total.className = 'total';
    total.textContent = entry.totals[seat];
  });
}

/** What the game was played with: its modules, and the computer's levels. */
function setupText(entry) {
  const parts = [];
  if (entry.modules !== undefined) {
    const names = entry.modules.map((m) => t(entry.kind === 'play' ? `play.module.${m}` : `module.${m}`));
    parts.push(names.length ? t('past.modules', { modules: namesList(names) }) : t('past.no_modules'));
  }
  if (entry.opponents) {
    parts.push(t('past.levels', {
      levels: namesList(entry.opponents.map((level, index) => t('past.level_of',
        { name: entry.names[index + 1], level: t(`play.level.${level}`) }))),
    }));
  }
  return parts.join(' ');
}

/** Each scored round of a game of scores, folded: every player's breakdown as the Score tab
 *  showed it. */
function roundBreakdowns(entry) {
  const rounds = entry.table?.rounds ?? [];
  return rounds.flatMap((round, index) => {
    if (!round.result) return [];
    const fold = document.createElement('details');
    fold.className = 'card fold past-round';
    fold.dataset.round = index + 1;
    const summary = document.createElement('summary');
    const heading = document.createElement('h3');
    heading.textContent = t('results.heading', { n: index + 1 });
    summary.append(heading);
    fold.append(summary);
    round.result.players.forEach((score, seat) => {
      const card = breakdownCard(entry.table.names[seat], score, true);
      card.dataset.player = seat;
      fold.append(card);
    });
    if (round.result.dummy) fold.append(breakdownCard(t('dummy.name'), round.result.dummy, false));
    return [fold];
  });
}

function openPast(entry) {
  $('#past-game-title').textContent = t('past.title', { date: dateText(entry.at) });
  $('#past-game-kind').textContent = kindText(entry);
  $('#past-game-setup').textContent = setupText(entry);
  roundsTable(entry);
  $('#past-game-winners').textContent = verdictText(entry);
  $('#past-game-rounds').replaceChildren(...roundBreakdowns(entry));
  offerCard($('#past-game-card'), () => entry);
  dialog.showModal();
  markScrolling();
}

$('#past-game-close').addEventListener('click', () => dialog.close());

// --- statistics: games, wins and best score per name ----------------------------------------

/** Per name (in any case, written as it was most often), over the finished games: how many,
 *  how many won (a shared win counts), the best total. The most played first. */
function statistics(past) {
  const byName = new Map();
  past.filter(finished).forEach((entry) => entry.names.forEach((name, seat) => {
    const key = name.toLocaleLowerCase();
    const row = byName.get(key) ?? { spellings: new Map(), games: 0, wins: 0, best: 0 };
    row.spellings.set(name, (row.spellings.get(name) ?? 0) + 1);
    row.games += 1;
    row.wins += entry.winners.includes(seat) ? 1 : 0;
    row.best = Math.max(row.best, entry.totals[seat]);
    byName.set(key, row);
  }));
  return [...byName.values()]
    .map(({ spellings, ...row }) => ({
      ...row, name: [...spellings].sort((a, b) => b[1] - a[1])[0][0],
    }))
    .sort((a, b) => b.games - a.games || b.wins - a.wins || b.best - a.best
      || a.name.localeCompare(b.name));
}

function renderStatistics(game) {
  const rows = statistics(game.past);
  $('#stats').hidden = rows.length === 0;
  const table = $('#stats-table');
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  ['stats.name', 'stats.games', 'stats.wins', 'stats.best'].forEach((key) => {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = t(key);
    head.append(th);
  });
  const body = table.createTBody();
  rows.forEach((row) => cellRow(body, row.name, [row.games, row.wins, row.best]));
}

// --- the whole history as a file -----------------------------------------------------------

const fileStatus = $('#history-status');

$('#history-export').addEventListener('click', () => {
  const { past } = currentGame();
  const at = new Date().toISOString();
  const file = JSON.stringify({ format: FILE_FORMAT, v: 1, saved: at, games: past }, null, 1);
  const url = URL.createObjectURL(new Blob([file], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `alhambra-history-${at.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  fileStatus.textContent = t('history.exported', { n: past.length });
});

/** The games of a history file, or null when it is not one (or not one this page can read). */
function gamesOf(text) {
  try {
    const file = JSON.parse(text);
    return file?.format === FILE_FORMAT && file.v === 1 && isHistory(file.games) ? file.games : null;
  } catch {
    return null;
  }
}

$('#history-import').addEventListener('change', async (event) => {
  const input = event.target;
  const [file] = input.files;
  input.value = ''; // the same file may be read again
  if (!file) return;
  const games = file.size <= MOST_FILE_BYTES ? gamesOf(await file.text()) : null;
  if (!games) {
    fileStatus.textContent = t('history.unreadable', { file: file.name });
    fileStatus.focus();
    return;
  }
  const { past } = currentGame();
  const kept = new Map(past.map((entry) => [entry.id, entry]));
  const fresh = games.filter((entry) => !kept.has(entry.id));
  const changed = games.filter((entry) => kept.has(entry.id)
    && JSON.stringify(kept.get(entry.id)) !== JSON.stringify(entry));
  // Past the bound, the oldest games go: that is a loss too.
  const after = [...past.filter((entry) => !changed.some((c) => c.id === entry.id)), ...fresh, ...changed]
    .sort((a, b) => (a.at < b.at ? 1 : -1));
  const dropped = after.slice(MAX_PAST).filter((entry) => kept.has(entry.id));
  const lost = [
    ...changed.map((entry) => t('lost.past_replaced', { date: dateText(entry.at), names: namesList(entry.names) })),
    ...dropped.map((entry) => t('lost.past', { names: namesList(entry.names), totals: totalsText(entry) })),
  ];
  if (lost.length && !(await confirmLoss({
    question: t('history.import_confirm', { file: file.name }), lost, action: t('history.import_action'),
  }))) {
    fileStatus.textContent = t('history.import_kept');
    return;
  }
  update({ type: 'import', entries: [...fresh, ...changed] });
  fileStatus.textContent = t('history.imported', { n: fresh.length, changed: changed.length });
  fileStatus.focus();
});

// --- a record pasted, opened move by move -------------------------------------------------------

const recordStatus = $('#record-status');
const recordProblemsBox = $('#record-problems');

/** The pasted text as the server reads it: JSON when it is a JSON object, else the notation
 *  (whose reader says at which line and column it cannot go on). */
function givenRecord(text) {
  if (!text.startsWith('{')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text; // not JSON after all: read as text, the server says where it stops
  }
}

/** A record the server could not read: where, in the page's words, and why. */
export function showRecordProblems(error, heading) {
  const said = document.createElement('p');
  said.textContent = heading;
  const list = document.createElement('ul');
  list.append(...recordProblems(error).map((content) => {
    const item = document.createElement('li');
    item.append(...[content].flat());
    return item;
  }));
  recordProblemsBox.replaceChildren(said, list);
  $('#record-open-fold').open = true;
}

$('#record-open').addEventListener('click', async () => {
  const field = $('#record-given');
  const text = field.value.trim();
  recordProblemsBox.replaceChildren();
  if (!text) {
    recordStatus.textContent = t('record.empty');
    field.focus();
    return;
  }
  recordStatus.textContent = t('record.reading');
  try {
    if (await openGiven(givenRecord(text), recordStatus)) field.value = '';
  } catch (error) {
    recordStatus.textContent = '';
    showRecordProblems(error, t('record.unreadable'));
    field.focus();
  }
});

// --- the view -----------------------------------------------------------------------------------

function renderPastList(game) {
  list.replaceChildren(...game.past.map(pastItem));
  $('#past-empty').hidden = game.past.length > 0;
  renderStatistics(game);
}

const renderPastWhenChanged = renderWhen((game) => game.past, renderPastList);

/** The History tab, drawn from the game. */
export function renderPast(game) {
  renderPastWhenChanged(game);
}
