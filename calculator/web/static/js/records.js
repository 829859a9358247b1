// A game's record (docs/records.md) opened on this phone, to be replayed move by move and
// reviewed on the Play tab (replay.js):
//   POST /v1/records/notation  a pasted record, JSON or text, read and given back canonical
//   POST /v1/records/replay    how far a record goes (the first move that cannot be played),
//                              and the state a game set aside is continued from
// A record comes from a game of History (a game against the computer keeps its record), from a
// paste, or from a shared link (#record=..., the record's JSON compressed into the fragment,
// which browsers never send to the server). A pasted or shared record is kept in History.
// Opening one over a game against the computer in progress asks first and keeps both: that
// game goes to History, kept by its record, from where Continue brings it back by a replay of
// the record (T1: every draw follows from its seed). Nothing is lost without a question.

import { post } from './api.js';
import { confirmLoss } from './confirm.js';
import { $ } from './dom.js';
import {
  base64url, fromBase64url, isRecord, linkTo, newReplay, pastRecord, recordId,
} from './game.js';
import { steps } from './moves.js';
import { currentGame, update } from './store.js';
import { LANG, dateText, pointsOf, t } from './words.js';

export const RECORD_LINK_PREFIX = '#record=';
/** The most a link's record may take once inflated: what the API reads of a request. */
const MOST_LINK_BYTES = 256 * 1024;

// --- a record in a link ------------------------------------------------------------------------

const compressed = async (text) => new Uint8Array(await new Response(
  new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());

/** The text of deflated bytes, or null past MOST_LINK_BYTES (no link inflates without end). */
async function inflated(bytes) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'))
    .getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MOST_LINK_BYTES) {
      reader.cancel();
      return null;
    }
    parts.push(value);
  }
  return new TextDecoder().decode(await new Blob(parts).arrayBuffer());
}

/** A link that opens `record` on another phone. */
export async function recordLink(record) {
  return linkTo(`${RECORD_LINK_PREFIX}${base64url(await compressed(JSON.stringify(record)))}`);
}

/** The record a link's fragment carries, or null when it carries none this page can read. */
export async function recordOfLink(hash) {
  try {
    const text = await inflated(fromBase64url(hash.slice(RECORD_LINK_PREFIX.length)));
    const record = text === null ? null : JSON.parse(text);
    return isRecord(record) ? record : null;
  } catch {
    return null;
  }
}

// --- the server's refusal of a record, in the page's words where it can -------------------------

/** Where a problem of a record lies, in the page's words: a move of its JSON, its game, its
 *  tags or the record (a text's line and column are in the server's message). */
function problemPlace({ pointer = '', message = '' }) {
  const move = pointer.match(/^\/record\/moves\/(\d+)/);
  if (move) return [t('record.at_move', { n: Number(move[1]) + 1 }), message];
  const part = pointer.match(/^\/record\/(game|tags)/)?.[1] ?? 'record';
  return [t(`record.at_${part}`), message];
}

/** A refused record's problems as list items: where, in the page's words, then the server's
 *  own, in the page's language (api.js asks for it); an error that is no refusal says what it
 *  is. */
export function recordProblems(error) {
  const problems = error.kind === 'refused' && error.status === 422 ? error.problem.errors ?? [] : [];
  if (!problems.length) return [error.describe()];
  return problems.map((problem) => {
    const [where, detail] = problemPlace(problem);
    const words = document.createElement('span');
    words.lang = LANG;
    words.textContent = detail;
    const place = document.createElement('strong');
    place.textContent = where;
    return [place, ': ', words];
  });
}

// --- opening a record on the Play tab --------------------------------------------------------

/** Room on the Play tab for another game: the game against the computer in progress, if any,
 *  is set aside in History by its record (`aside`, a time), or ends (`quit`: it had no move
 *  yet, or no record to keep it by, and then only after the question). With `askFirst` the
 *  player is asked even when both are kept (a record opened over it, as a shared link over a
 *  game of scores). Resolves to the change's `aside` and `quit`, or null when the player keeps
 *  the game as it is. */
async function room(play, askFirst) {
  const { state, record } = play;
  if (state === null || state.over) return { aside: null, quit: false };
  if (record?.moves.length === 0) return { aside: null, quit: true };
  if (record) {
    if (askFirst && !(await confirmLoss({
      question: t('record.open_confirm'), lost: [], notes: [t('record.keep_both')],
      action: t('record.open_both'), keep: t('record.keep_playing'), safe: true,
    }))) return null;
    return { aside: new Date().toISOString(), quit: true };
  }
  if (!(await confirmLoss({
    question: t(play.table ? 'record.open_end_table_confirm' : 'record.open_end_confirm'),
    lost: [t('lost.play', { scores: state.players.map((p) => pointsOf(p.name, p.score)).join(', ') })],
    action: t('record.open_end'), keep: t('record.keep_playing'),
  }))) return null;
  return { aside: null, quit: true };
}

/** Open `entry` (a game of History with its record, or a record's entry to keep there, `kept`
 *  false) replayed as far as it goes (`replayed`), on the Play tab, which says so. Resolves to
 *  whether it opened; `status` (where it was asked for) says why not. */
async function open(entry, replayed, status, kept) {
  const choice = await room(currentGame().play, true);
  if (!choice) {
    status.textContent = t('record.not_opened');
    return false;
  }
  update({ type: 'replay-open', replay: newReplay(entry, replayed), entry: kept ? null : entry, ...choice });
  status.textContent = '';
  $('#replay-status').textContent = t(choice.aside ? 'record.opened_aside' : 'record.opened');
  $('#replay-heading').focus();
  return true;
}

/** The whole replay of a kept record, or null when the server cannot be asked (`status`
 *  says why). */
async function replayedOrSaid(record, status) {
  try {
    return await post('/v1/records/replay', { record });
  } catch (error) {
    status.textContent = error.describe();
    return null;
  }
}

/** A game of History with its record (a game against the computer), opened move by move. */
export async function openKept(entry, status) {
  const replayed = await replayedOrSaid(entry.record, status);
  return replayed !== null && open(entry, replayed, status, true);
}

/** The finished game against the computer, opened move by move from the end of the game. */
export async function openPlayed(play, status) {
  const kept = currentGame().past.find((entry) => entry.id === play.id);
  return openKept({
    id: play.id, kind: 'play', at: kept?.at ?? new Date().toISOString(), record: play.record,
  }, status);
}

/** A record given as its JSON or its text (a paste, a link), read by the server, replayed,
 *  kept in History and opened. Resolves to true once open; false when the player kept the
 *  game in progress; or throws the server's refusal of a record that cannot be read. */
export async function openGiven(given, status) {
  const { record } = await post('/v1/records/notation', { record: given });
  // replayed as given: a text's stop names its line too
  const replayed = await post('/v1/records/replay', { record: given });
  const id = recordId(record);
  const before = currentGame().past.find((entry) => entry.id === id);
  const entry = pastRecord(id, record, replayed, before?.at ?? new Date().toISOString());
  return open(entry, replayed, status, false);
}

/** A game against the computer set aside in History, played on from its record on the Play
 *  tab, which says so: the replay gives its state and steps. The game in progress, if any,
 *  goes to History in its place (nothing is lost, so nothing is asked), unless it has no
 *  record to keep it by. `status` (where it was asked for) says why not. */
export async function resumePlay(entry, status) {
  const replayed = await replayedOrSaid(entry.record, status);
  if (replayed === null) return false;
  if (replayed.stopped) { // a record that stops cannot be played on from its end
    status.textContent = t('record.cannot_continue', { n: replayed.stopped.move + 1 });
    return false;
  }
  const choice = await room(currentGame().play, false);
  if (!choice) {
    status.textContent = t('record.not_continued');
    return false;
  }
  update({
    type: 'play-resume', id: entry.id, state: replayed.state, steps: steps(replayed.events),
    aside: choice.aside,
  });
  status.textContent = '';
  $('#play-status').textContent = t(choice.aside ? 'past.resumed_play_kept' : 'past.resumed_play',
    { date: dateText(entry.at) });
  return true;
}
