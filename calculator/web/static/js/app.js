// The phone page: quick scoring over three rounds, drawing an Alhambra, a game against the
// computer or at a table entered as it lies (play.js lists the game endpoints it calls,
// position.js the position editor's), and a game's record replayed and reviewed (records.js,
// replay.js list the records endpoints).
//
// Every rule is decided by the server through the public API (RULES.md ids in brackets):
//   POST /v1/scores            majorities, ties and walls of a round (M1-M5, W4, D3)
//   POST /v1/placement         is this placement legal, and why not (B2-B6)
//   POST /v1/placement/options every cell where a tile fits
//   POST /v1/removal           may this tile leave the Alhambra (T5)
//   POST /v1/walls             the longest wall and its segments (W1-W3)
//   POST /v1/render            the picture (SVG)
//   POST /v1/rulings           a refusal's ruling, as a picture to show or share (PNG)
// The game lives in store.js and changes only through update(change) (changes.js lists every
// change); after each change the store saves it on the device and calls renderPage, which draws
// every view from it. Modules import downwards only, never back:
//   app -> scoring, build, play, position, replay, past -> records -> store -> changes -> game -> words, dom
// (api: fetch, for the views, and the page's busy mark; confirm: the question before a loss;
// card: the share card)
// The page words the answers in the visitor's language (words.js).

import { opened } from './api.js';
import { renderBuild } from './build.js';
import { $, $$ } from './dom.js';
import { LINK_PREFIX, fromLink } from './game.js';
import { renderPast, showRecordProblems } from './past.js';
import { renderPlay } from './play.js';
import { renderPosition } from './position.js';
import { RECORD_LINK_PREFIX, openGiven, recordOfLink } from './records.js';
import { renderReplay } from './replay.js';
import { openShared, renderScoring, scoringOn } from './scoring.js';
import { markScrolling } from './scrolls.js';
import { keptOnDevice, subscribe, update } from './store.js';
import { keepAwake } from './wake.js';
import { t } from './words.js';

// --- tabs ----------------------------------------------------------------------------------

const tabs = $$('[role="tab"]');

function renderTabs(game) {
  tabs.forEach((tab) => {
    const selected = tab.id === `tab-${game.tab}`;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    document.getElementById(tab.getAttribute('aria-controls')).hidden = !selected;
  });
}

tabs.forEach((tab, index) => {
  tab.addEventListener('click', () => update({ type: 'tab', tab: tab.id.slice(4) }));
  tab.addEventListener('keydown', (event) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    const next = tabs[(index + step + tabs.length) % tabs.length];
    update({ type: 'tab', tab: next.id.slice(4) });
    next.focus();
  });
});

// --- the page, drawn from the game after every change ----------------------------------------

/** A game is on: a game against the computer not over, or a game of scores with entries and
 *  not yet decided. */
const gameOn = (game) => (game.play.state !== null && !game.play.state.over) || scoringOn(game);

/** A change the device could not keep is said, as long as it is so: nothing is lost unsaid. */
function renderKept() {
  $('#unsaved').hidden = keptOnDevice();
}

function renderPage(game, previous) {
  renderKept();
  renderScoring(game, previous);
  renderBuild(game);
  renderPlay(game);
  renderReplay(game);
  renderPosition(game);
  renderPast(game);
  renderTabs(game);
  markScrolling();
  keepAwake(gameOn(game));
}

/** Take the game out of a shared link (#game=...): it opens on the Score tab (asking first
 *  when it would take the place of a game in progress, scoring.js openShared). */
async function openGameLink() {
  const shared = fromLink(location.hash);
  history.replaceState(null, '', location.pathname + location.search);
  if (!shared) return; // not a game: keep the one on this device
  update({ type: 'tab', tab: 'score' });
  await openShared(shared);
}

/** Take the record out of a shared link (#record=...): it is kept in History and opens on the
 *  Play tab (asking first over a game against the computer in progress, records.js); one that
 *  cannot be read is said on the History tab, where records are pasted. */
async function openRecordLink() {
  const record = await recordOfLink(location.hash);
  history.replaceState(null, '', location.pathname + location.search);
  const status = $('#record-status');
  if (!record) {
    update({ type: 'tab', tab: 'history' });
    $('#record-open-fold').open = true;
    status.textContent = t('record.link_broken');
    return;
  }
  try {
    await openGiven(record, status);
  } catch (error) {
    update({ type: 'tab', tab: 'history' });
    showRecordProblems(error, t('record.link_unreadable'));
  }
}

function openLink() {
  if (location.hash.startsWith(LINK_PREFIX)) return openGameLink();
  if (location.hash.startsWith(RECORD_LINK_PREFIX)) return openRecordLink();
  return null;
}

window.addEventListener('hashchange', openLink); // a link opened in a tab already showing the page
subscribe(renderPage);
openLink();
opened(); // drawn: no longer busy once the requests the drawing and the link started are answered

// Let the page open at the table without a connection (the game itself is in localStorage).
navigator.serviceWorker?.register('/sw.js').catch(() => { /* no offline copy: still works online */ });
