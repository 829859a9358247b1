// The past games: every finished game kept on this device (scored at the table, or played
// against the computer), newest first, at most MAX_PAST (game.js). Each shows its date,
// players, winner and totals; it opens read-only, with its share card, and is deleted only
// after the page has asked (confirm.js).

import { offerCard, standings } from './card.js';
import { confirmLoss } from './confirm.js';
import { $ } from './dom.js';
import { renderWhen, update } from './store.js';
import { dateText, namesList, pointsOf, t } from './words.js';

const list = $('#past-list');
const dialog = $('#past-game');
const status = $('#past-status');

const winnersText = (entry) => t(entry.winners.length > 1 ? 'totals.winners' : 'totals.winner',
  { names: entry.winners.map((seat) => entry.names[seat]).join(', ') });
const kindText = (entry) => t(entry.kind === 'play' ? 'past.kind_play' : 'past.kind_score');
const totalsText = (entry) => standings(entry)
  .map(({ seat }) => pointsOf(entry.names[seat], entry.totals[seat])).join(' · ');

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
  const winner = document.createElement('p');
  winner.className = 'past-winner';
  winner.textContent = winnersText(entry);
  const totals = document.createElement('p');
  totals.className = 'past-totals';
  totals.textContent = totalsText(entry);
  const buttons = document.createElement('div');
  buttons.className = 'button-row';
  const button = (kind, what, act) => {
    const made = document.createElement('button');
    made.type = 'button';
    made.className = kind;
    made.textContent = t(`past.${what}`);
    made.setAttribute('aria-label', t(`past.${what}_label`, { date: dateText(entry.at) }));
    made.addEventListener('click', () => act(entry));
    return made;
  };
  buttons.append(button('secondary', 'open', openPast), button('danger', 'delete', forget));
  item.append(heading, kind, winner, totals, buttons);
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

/** A past game, read-only: each round's points when it was scored at the table, the totals,
 *  the winner, and its share card. */
function openPast(entry) {
  $('#past-game-title').textContent = t('past.title', { date: dateText(entry.at) });
  $('#past-game-kind').textContent = kindText(entry);
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
    const row = body.insertRow();
    const name = document.createElement('th');
    name.scope = 'row';
    name.textContent = entry.names[seat];
    row.append(name);
    rounds.forEach((points) => { row.insertCell().textContent = points?.[seat] ?? '–'; });
    const total = row.insertCell();
    total.className = 'total';
    total.textContent = entry.totals[seat];
  });
  $('#past-game-winners').textContent = winnersText(entry);
  offerCard($('#past-game-card'), () => entry);
  dialog.showModal();
}

$('#past-game-close').addEventListener('click', () => dialog.close());

function renderPastList(game) {
  list.replaceChildren(...game.past.map(pastItem));
  $('#past-empty').hidden = game.past.length > 0;
}

const renderPastWhenChanged = renderWhen((game) => game.past, renderPastList);

/** The list of past games, drawn from the game. */
export function renderPast(game) {
  renderPastWhenChanged(game);
}
