// A game's record on the Play tab, move by move, and its review (records.js opens one):
//   POST /v1/records/replay    the game after its first n moves and their events: each
//                              position on show is exactly the state advance gave
//   POST /v1/records/review    every decision judged by the greedy or mcts player with the
//                              seat's information only, in several answers when its time runs
//                              out (`next` says where to go on)
//   POST /v1/records/notation  the record as text, to copy
//   GET  /v1/rules             the rule a record breaks, in the page's language
// The record, the position on show and the review belong to the game (game.replay, changed
// through update: a reload or a language switch keeps them); the answers asked to draw the
// positions this view keeps, as it keeps no rule of its own.

import { get, post } from './api.js';
import { $, $$ } from './dom.js';
import { YOU, replayNames } from './game.js';
import { actionText, moveText, stepText, steps } from './moves.js';
import { recordLink } from './records.js';
import { markScrolling } from './scrolls.js';
import { currentGame, renderWhen, update } from './store.js';
import {
  listOf, renderGrid, renderScores, renderTable, renderWhere, winnersText,
} from './table.js';
import { LANG, dateText, t } from './words.js';

const view = $('#replay');
const status = $('#replay-status');
/** The replay answers kept for the record on show: a step back or forth asks for one more. */
const MOST_KEPT = 40;
/** The review asked at each level: greedy with a seed gives the same review again; mcts at a
 *  small budget a decision, its whole game in a few answers (docs/records.md, Review). */
const REVIEW = { greedy: { level: 'greedy', seed: 1 }, mcts: { level: 'mcts', budget_ms: 50 } };
/** A verdict's mark, as annotators mark a move (the word beside it says the same). */
const MARKS = { best: '✓', good: '✓', inaccuracy: '?!', mistake: '?', blunder: '??' };
const MARKED = ['mistake', 'blunder']; // what "Next mistake" jumps to
const decimal = new Intl.NumberFormat(LANG, { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat(LANG, { style: 'percent', maximumFractionDigits: 1 });

const replayOn = () => currentGame().replay;
/** The seat the page calls "you": yours in a game against the computer, nobody's in a record. */
const youIn = (replay) => (replay.kind === 'play' ? YOU : null);

// --- the positions: the record replayed to each, asked once and kept a while -----------------

let kept = { id: null, answers: new Map() };

/** The replay answer for the first `position` moves of the record on show (a promise, shared by
 *  whoever asks while it is on its way). */
function replayedTo(replay, position) {
  if (kept.id !== replay.id) kept = { id: replay.id, answers: new Map() };
  const { answers } = kept;
  let answer = answers.get(position);
  if (answer) {
    answers.delete(position); // the latest asked last: the oldest goes first
  } else {
    answer = post('/v1/records/replay', { record: replay.record, to: position });
    answer.catch(() => answers.delete(position));
  }
  answers.set(position, answer);
  if (answers.size > MOST_KEPT) answers.delete(answers.keys().next().value);
  return answer;
}

/** `state` with the players' names as the page shows them. */
const named = (state, names) => ({
  ...state, players: state.players.map((player, seat) => ({ ...player, name: names[seat] })),
});

// --- the rules a stopped record breaks, in the page's language ------------------------------

let rules = null;
/** Every rule's title and text by id in the page's language (asked once; {} offline). */
function ruleTexts() {
  rules ??= get(`/v1/rules?lang=${LANG}`).then((answer) => answer.rules).catch(() => {
    rules = null;
    return {};
  });
  return rules;
}

async function renderStopped(replay) {
  const box = $('#replay-stopped');
  const { stopped } = replay;
  box.hidden = !stopped;
  if (!stopped) return;
  const move = replay.record.moves[stopped.move];
  const where = t(stopped.line ? 'replay.stopped_line' : 'replay.stopped', { n: stopped.move + 1, line: stopped.line });
  $('#replay-stopped-where').textContent = where;
  $('#replay-stopped-move').textContent = move ? moveText(move, replayNames(replay)) : '';
  const why = document.createElement('span');
  why.lang = LANG; // the engine's own words, in the language the page asked for
  why.textContent = stopped.message;
  $('#replay-stopped-why').replaceChildren(t('replay.why'), ' ', why);
  const rule = document.createElement('strong');
  rule.className = 'rule-id';
  rule.textContent = stopped.rule;
  $('#replay-stopped-rule').replaceChildren(rule);
  const text = (await ruleTexts())[stopped.rule];
  if (text && replayOn()?.id === replay.id) {
    $('#replay-stopped-rule').replaceChildren(rule, ` ${text.title}: ${text.text}`);
  }
}

$('#replay-to-stop').addEventListener('click', () => {
  update({ type: 'replay-to', position: replayOn().played });
});

// --- a position: the move that led there, its verdict, and the table as it stood -------------

/** The review's row of move `index`, if it was judged. */
const rowOf = (replay, index) => replay.review?.rows.find((row) => row.move === index) ?? null;

function verdictMark(verdict) {
  const mark = document.createElement('span');
  mark.className = `verdict-mark verdict-${verdict}`;
  mark.textContent = `${MARKS[verdict]} ${t(`review.verdict.${verdict}`)}`;
  return mark;
}

/** The verdict on the move on show: the review's, with the advisor's best move and the points
 *  lost; that it was no decision, once the review has passed it; nothing before a review. */
function renderVerdict(replay, index, before) {
  const box = $('#replay-verdict');
  const row = index === null ? null : rowOf(replay, index);
  const { review } = replay;
  const passed = review && index !== null && (review.next === null || review.next > index);
  box.hidden = !row && !passed;
  box.className = `verdict${row ? ` verdict-${row.verdict}` : ''}`;
  if (!row) {
    box.replaceChildren(t('review.no_choice'));
    return;
  }
  const lines = [verdictMark(row.verdict)];
  if (row.verdict !== 'best') {
    lines.push(' ', t('review.lost', { points: decimal.format(row.expected_points_lost) }));
    const best = document.createElement('p');
    best.textContent = t('review.best_was', { action: actionText(row.best, before) });
    box.replaceChildren(...lines, best);
    return;
  }
  box.replaceChildren(...lines);
}

/** The player whose table is on show: the one chosen, else the one who made the move on
 *  show, else (the start, a reveal) the one whose turn it is. */
const seatOnShow = (replay, move, state) => replay.seat ?? move?.player ?? state.turn.player;

function renderSeats(replay, names, seat) {
  $('#replay-seats').replaceChildren(...names.map((name, index) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'secondary';
    button.textContent = name;
    button.setAttribute('aria-pressed', String(index === seat));
    button.addEventListener('click', () => update({ type: 'replay-seat', seat: index }));
    return button;
  }));
}

function drawPosition(replay, now, before) {
  const names = replayNames(replay);
  const you = youIn(replay);
  const { position } = replay;
  const move = position ? replay.record.moves[position - 1] : null;
  const state = named(now.state, names);
  $('#replay-move').textContent = move
    ? t('replay.move', { n: position, total: replay.record.moves.length }) : t('replay.start');
  const happened = move ? steps(now.events.slice(before.events.length)) : [];
  const words = happened.map((event) => stepText(event, names, you));
  // a move the steps do not tell (a reveal, T7; the end of a turn) is told by itself
  listOf($('#replay-events'), words.length || !move ? words : [moveText(move, names, before.state)],
    t('replay.start_hint'));
  renderVerdict(replay, move ? position - 1 : null, before?.state);
  renderWhere($('#replay-where'), state, names, you);
  renderScores($('#replay-scores'), state);
  $('#replay-scores-heading').textContent = t(state.over ? 'play.final' : 'play.scores');
  $('#replay-winners').textContent = winnersText(state);
  const seat = seatOnShow(replay, move, state);
  renderSeats(replay, names, seat);
  $('#replay-seat-heading').textContent = t('play.alhambra_of', { name: names[seat] });
  renderGrid($('#replay-grid'), state.players[seat]);
  $('#replay-reserve-heading').textContent = t('replay.reserve_of', { name: names[seat] });
  $('#replay-hand-heading').textContent = t('replay.hand_of', { name: names[seat] });
  renderTable(state, seat, {
    market: $('#replay-market'), faceUp: $('#replay-face-up'), hand: $('#replay-hand'),
    reserve: $('#replay-reserve'),
  });
  $$('#replay-moves [aria-current]').forEach((item) => item.removeAttribute('aria-current'));
  $(`#replay-moves li[data-position="${position}"]`)?.setAttribute('aria-current', 'step');
  markScrolling();
}

let shown = null; // the position on show (its key), or the one asked for
let failed = false; // the last position asked for could not be: the status says why

/** Ask for the position of `replay` on show (and the one before it, whose events end where
 *  the move's begin), then draw it, unless another was asked for meanwhile. */
async function showPosition(replay) {
  const wanted = JSON.stringify([replay.id, replay.position]);
  shown = wanted;
  view.setAttribute('aria-busy', 'true');
  let now;
  let before = null;
  try {
    [now, before] = await Promise.all([replayedTo(replay, replay.position),
      replay.position ? replayedTo(replay, replay.position - 1) : null]);
  } catch (error) {
    if (shown !== wanted) return;
    view.removeAttribute('aria-busy');
    status.textContent = error.describe();
    failed = true;
    $('#replay-retry').hidden = false;
    return;
  }
  if (shown !== wanted) return;
  view.removeAttribute('aria-busy');
  if (failed) {
    status.textContent = '';
    failed = false;
    $('#replay-retry').hidden = true;
  }
  drawPosition(replayOn(), now, before);
}

$('#replay-retry').addEventListener('click', () => {
  $('#replay-retry').hidden = true;
  showPosition(replayOn());
});

// --- moving through the record ----------------------------------------------------------------

const go = (position) => {
  const replay = replayOn();
  const to = Math.max(0, Math.min(replay.played, position));
  if (!failed) status.textContent = ''; // what opened the record is said: the move speaks now
  if (to !== replay.position) update({ type: 'replay-to', position: to });
};

$('#replay-first').addEventListener('click', () => go(0));
$('#replay-back').addEventListener('click', () => go(replayOn().position - 1));
$('#replay-forward').addEventListener('click', () => go(replayOn().position + 1));
$('#replay-last').addEventListener('click', () => go(replayOn().played));
$('#replay-to').addEventListener('change', (event) => {
  const typed = Number.parseInt(event.target.value, 10);
  if (Number.isInteger(typed)) go(typed);
  else event.target.value = String(replayOn().position);
});

/** The next move the review marks as a mistake or a blunder after the one on show (from the
 *  first again past the last), as a position; null when it marks none. */
function nextMarked(replay) {
  const marked = (replay.review?.rows ?? []).filter((row) => MARKED.includes(row.verdict))
    .map((row) => row.move + 1).filter((position) => position <= replay.played);
  return marked.find((position) => position > replay.position) ?? marked[0] ?? null;
}

$('#replay-next-mark').addEventListener('click', () => {
  const position = nextMarked(replayOn());
  if (position !== null) go(position);
});

/** The buttons that move: each end says it is one, the field holds the position. */
function renderControls(replay) {
  const { position, played } = replay;
  $('#replay-first').disabled = position === 0;
  $('#replay-back').disabled = position === 0;
  $('#replay-forward').disabled = position === played;
  $('#replay-last').disabled = position === played;
  const field = $('#replay-to');
  field.max = String(played);
  if (document.activeElement !== field) field.value = String(position);
  $('#replay-next-mark').hidden = nextMarked(replay) === null;
}

// --- every move, to jump to one, with the review's marks -------------------------------------

function renderMoveList(replay) {
  const names = replayNames(replay);
  const { moves } = replay.record;
  $('#replay-list-heading').textContent = t('replay.moves', { n: moves.length });
  const rows = new Map((replay.review?.rows ?? []).map((row) => [row.move, row]));
  $('#replay-moves').replaceChildren(...moves.map((move, index) => {
    const item = document.createElement('li');
    item.dataset.position = index + 1;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'record-move';
    const words = document.createElement('span');
    words.textContent = `${index + 1}. ${moveText(move, names)}`;
    button.append(words);
    const row = rows.get(index);
    if (row) {
      button.append(verdictMark(row.verdict));
      item.dataset.verdict = row.verdict;
    }
    if (index >= replay.played) { // the move that cannot be played, and the ones after it
      button.disabled = true;
      if (index === replay.played) button.append(mark(t('replay.cannot'), 'cannot'));
    } else {
      button.addEventListener('click', () => go(index + 1));
    }
    item.append(button);
    return item;
  }));
  $(`#replay-moves li[data-position="${replay.position}"]`)?.setAttribute('aria-current', 'step');
}

function mark(text, kind) {
  const span = document.createElement('span');
  span.className = `verdict-mark ${kind}`;
  span.textContent = text;
  return span;
}

// --- the review ------------------------------------------------------------------------------

let reviewing = null; // the replay whose review is on its way

/** A review not yet asked at `level`. */
const fresh = (level) => ({ level, rows: [], players: [], parts: 0, next: 0, stopped: null });

/** Each seat summed over the answers of a review (review.json: decisions, verdicts, points
 *  lost); the accuracy is the share of best and good moves (docs/records.md), as one answer
 *  gives it. */
function summed(before, answer) {
  if (before.parts === 0) return answer.players;
  return answer.players.map((player) => {
    const earlier = before.players.find((p) => p.player === player.player);
    if (!earlier) return player;
    const total = { ...player };
    ['decisions', 'best', 'good', 'inaccuracies', 'mistakes', 'blunders'].forEach((count) => {
      total[count] = earlier[count] + player[count];
    });
    total.expected_points_lost = Math.round(100 * (earlier.expected_points_lost
      + player.expected_points_lost)) / 100;
    total.accuracy = total.decisions
      ? Math.round((1000 * (total.best + total.good)) / total.decisions) / 10 : null;
    return total;
  }).concat(before.players.filter((p) => !answer.players.some((a) => a.player === p.player)));
}

const together = (before, answer) => ({
  level: before.level,
  rows: [...before.rows, ...answer.moves],
  players: summed(before, answer),
  parts: before.parts + 1,
  next: answer.next,
  stopped: answer.stopped,
});

/** Ask for the review from where `review` stands until it is whole; each answer comes into the
 *  game as it arrives, so the marks appear part by part. */
async function runReview(review) {
  const { id, record } = replayOn();
  reviewing = id;
  let sofar = review;
  renderReviewControls(replayOn());
  const said = $('#review-status');
  while (sofar.next !== null) {
    said.textContent = t('review.progress', { n: sofar.next + 1, total: record.moves.length });
    let answer;
    try {
      answer = await post('/v1/records/review', { record, ...REVIEW[sofar.level], from: sofar.next });
    } catch (error) {
      answer = error;
    }
    if (reviewing !== id) return; // another review took its place
    if (replayOn()?.id !== id) { // the record was closed: its review ends with it
      reviewing = null;
      return;
    }
    if (answer instanceof Error) {
      reviewing = null;
      said.textContent = answer.describe();
      renderReviewControls(replayOn());
      return;
    }
    sofar = together(sofar, answer);
    update({ type: 'replay-reviewed', review: sofar });
  }
  reviewing = null;
  renderReviewControls(replayOn());
  said.textContent = sofar.stopped
    ? t('review.stopped', { n: sofar.stopped.move + 1 })
    : t('review.done', { n: sofar.rows.length });
}

$('#review-ask').addEventListener('click', () => {
  const { review } = replayOn();
  const level = $('#review-level').value;
  const goingOn = review?.next !== null && review?.next !== undefined && review.level === level;
  runReview(goingOn ? review : fresh(level));
});

function renderReviewControls(replay) {
  const { review } = replay;
  const ask = $('#review-ask');
  const unfinished = review && review.next !== null;
  ask.textContent = t(unfinished ? 'review.continue' : (review ? 'review.again' : 'review.ask'));
  ask.disabled = reviewing === replay.id;
  if (review && reviewing !== replay.id) $('#review-level').value = review.level;
}

/** A seat's decisions summed up: the accuracy, each kind of error counted, the points lost. */
function playerItem(player, names) {
  const item = document.createElement('li');
  item.dataset.player = player.player;
  const name = document.createElement('strong');
  name.textContent = names[player.player];
  const accuracy = document.createElement('span');
  accuracy.className = 'accuracy';
  accuracy.append(name, ': ', player.accuracy === null ? t('review.no_decisions')
    : t('review.accuracy', { accuracy: percent.format(player.accuracy / 100) }));
  const counts = document.createElement('span');
  counts.className = 'counts';
  [['inaccuracy', player.inaccuracies], ['mistake', player.mistakes], ['blunder', player.blunders]]
    .forEach(([verdict, n], index) => {
      const count = document.createElement('span');
      count.className = `verdict-mark verdict-${verdict}`;
      count.textContent = `${MARKS[verdict]} ${t(`review.count.${verdict}`, { n })}`;
      counts.append(...(index ? [' ', count] : [count]));
    });
  const lost = document.createElement('span');
  lost.className = 'lost-points';
  lost.textContent = t('review.lost_total', { points: decimal.format(player.expected_points_lost) });
  item.append(accuracy, ' ', counts, ' ', lost);
  return item;
}

function renderReview(replay) {
  renderReviewControls(replay);
  const players = replay.review?.players ?? [];
  const names = replayNames(replay);
  $('#review-players').replaceChildren(...players.map((player) => playerItem(player, names)));
  $('#review-players').hidden = players.length === 0;
}

// --- the record handed on: a link, or its text -----------------------------------------------

$('#replay-share').addEventListener('click', async () => {
  const link = await recordLink(replayOn().record);
  const field = $('#replay-link');
  $('#replay-share-box').hidden = false;
  field.value = link;
  field.select();
  try {
    await navigator.clipboard.writeText(link);
    $('#replay-share-status').textContent = t('game.copied');
  } catch {
    $('#replay-share-status').textContent = t('game.copy_failed');
  }
});

$('#replay-text').addEventListener('click', async () => {
  const said = $('#replay-text-status');
  let answer;
  try {
    answer = await post('/v1/records/notation', { record: replayOn().record });
  } catch (error) {
    said.textContent = error.describe();
    return;
  }
  const field = $('#replay-notation');
  $('#replay-text-box').hidden = false;
  field.value = answer.text;
  field.select();
  try {
    await navigator.clipboard.writeText(answer.text);
    said.textContent = t('replay.text_copied');
  } catch {
    said.textContent = t('replay.text_shown');
  }
});

$('#replay-close').addEventListener('click', () => {
  update({ type: 'replay-close' });
  $('#play-heading').focus();
});

// --- the view, drawn from the game after every change ---------------------------------------

/** What the record is, above it: the game's date, and whose. */
function renderFrame(replay) {
  const names = replayNames(replay);
  $('#replay-heading').textContent = t('past.title', { date: dateText(replay.at) });
  $('#replay-about').textContent = `${t(`past.kind_${replay.kind}`)}: ${names.join(', ')}`;
  $('#replay-share-box').hidden = true;
  $('#replay-text-box').hidden = true;
  $('#replay-share-status').textContent = '';
  $('#replay-text-status').textContent = '';
  if (reviewing !== replay.id) $('#review-status').textContent = '';
  renderStopped(replay);
}

const renderFrameWhenChanged = renderWhen(
  (game) => game.replay && [game.replay.id, game.replay.record, game.replay.stopped], (game) => {
    if (game.replay) renderFrame(game.replay);
  });
const renderListWhenChanged = renderWhen(
  (game) => game.replay && [game.replay.id, game.replay.review?.rows.length ?? 0, game.replay.played],
  (game) => { if (game.replay) renderMoveList(game.replay); });
const renderPositionWhenChanged = renderWhen(
  (game) => game.replay && [game.replay.id, game.replay.position, game.replay.seat,
    game.replay.review?.rows.length ?? 0],
  (game) => { if (game.replay) showPosition(game.replay); });

/** The Play tab's record on show, if any, in place of its game against the computer. */
export function renderReplay(game) {
  const { replay } = game;
  view.hidden = replay === null;
  $('#play-game').hidden = replay !== null;
  $('#play-heading').textContent = t(replay ? 'replay.panel' : 'play.heading');
  renderFrameWhenChanged(game);
  renderListWhenChanged(game);
  if (replay) {
    renderControls(replay);
    renderReview(replay);
  }
  renderPositionWhenChanged(game);
}
