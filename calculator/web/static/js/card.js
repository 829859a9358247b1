// The share card: a game's standings and each round's points as a picture (SVG drawn here,
// PNG from it) that the phone can share (Web Share API with a file) or save (a download
// link). It draws a past game's record (game.js pastGame, pastPlay), the same for the game on
// show and for one reopened from the list of past games.

import { statusLine } from './dom.js';
import { BUILDINGS } from './game.js';
import { dataUrl, sharePng } from './share.js';
import { dateText, pointsOf, t } from './words.js';

const WIDTH = 600;
const SCALE = 2; // the PNG's pixels per SVG unit: sharp on a phone's screen
const ROW = 46;
const FONT = 'system-ui, -apple-system, Roboto, "Noto Sans", "Noto Sans CJK JP", sans-serif';
const MEDALS = ['#f2c14e', '#c9ced3', '#d99a62']; // 1st, 2nd, 3rd place
const COLOURS = { // the buildings' colours (app.css); the white chambers greyed to show on paper
  pavilion: '#1565c0', seraglio: '#c62828', arcades: '#795548', chambers: '#d6d0c4',
  garden: '#2e7d32', tower: '#6a1b9a',
};

const escaped = (text) => String(text).replace(/[&<>"']/g,
  (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]);
const shortened = (name, most = 20) => ([...name].length > most
  ? `${[...name].slice(0, most - 1).join('')}…` : name);

function text(x, y, content, {
  size = 16, weight = 'normal', fill = '#111', anchor = 'start',
} = {}) {
  return `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}"`
    + ` text-anchor="${anchor}">${escaped(content)}</text>`;
}

/** Standings: seats by total, highest first; equal totals share a place (1, 1, 3). */
export function standings(entry) {
  const seats = entry.names.map((_, seat) => seat)
    .sort((a, b) => entry.totals[b] - entry.totals[a] || a - b);
  return seats.map((seat) => ({
    seat, place: 1 + entry.totals.filter((total) => total > entry.totals[seat]).length,
  }));
}

/** A past game's totals in words, the winner first: "Ben: 57 · Anna: 41". */
export const totalsText = (entry) => standings(entry)
  .map(({ seat }) => pointsOf(entry.names[seat], entry.totals[seat])).join(' · ');

/** The card of `entry` as an SVG document. */
export function cardSvg(entry) {
  const rounds = entry.rounds ?? [];
  const finished = entry.finished ?? rounds.every((points) => points !== null);
  const top = 196;
  const height = top + ROW * (entry.names.length + 1) + 56;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}"`
      + ` viewBox="0 0 ${WIDTH} ${height}" font-family='${FONT}' role="img">`,
    `<title>${escaped(t('card.title', { date: dateText(entry.at) }))}</title>`,
    `<rect width="${WIDTH}" height="${height}" rx="18" fill="#fdf8ef"/>`,
    `<path d="M0 18a18 18 0 0 1 18-18h${WIDTH - 36}a18 18 0 0 1 18 18v86H0z" fill="#0d3b66"/>`,
    text(24, 48, t('app.title'), { size: 28, weight: 'bold', fill: '#fff' }),
    text(24, 80, `${dateText(entry.at)} · ${t(`past.kind_${entry.kind}`)}`,
      { size: 15, fill: '#dbe7f3' }),
    // a band of the six buildings' colours under the heading
    ...BUILDINGS.map((building, index) => `<rect x="${(index * WIDTH) / BUILDINGS.length}" y="104"`
      + ` width="${WIDTH / BUILDINGS.length}" height="8" fill="${COLOURS[building]}"/>`),
  ];
  const winners = entry.winners.map((seat) => entry.names[seat]).join(', ');
  const verdict = finished
    ? t(entry.winners.length > 1 ? 'totals.winners' : 'totals.winner', { names: winners })
    : t('card.after', { n: rounds.filter((points) => points !== null).length });
  const [fill, stroke] = finished ? ['#fff3cd', '#8a6d00'] : ['#eef3f8', '#0d3b66'];
  parts.push(`<rect x="24" y="122" width="${WIDTH - 48}" height="48" rx="10" fill="${fill}"`
    + ` stroke="${stroke}" stroke-width="2"/>`);
  parts.push(text(WIDTH / 2, 153, shortened(verdict, 44),
    { size: 20, weight: 'bold', anchor: 'middle' }));
  const columns = rounds.map((_, index) => WIDTH - 112 - (rounds.length - 1 - index) * 58);
  const head = top + 24;
  parts.push(text(64, head, t('totals.player'), { size: 14, fill: '#555' }));
  columns.forEach((x, index) => parts.push(
    text(x, head, t('totals.round', { n: index + 1 }), { size: 14, fill: '#555', anchor: 'end' })));
  parts.push(text(WIDTH - 28, head, t('totals.total'), { size: 14, fill: '#555', anchor: 'end' }));
  standings(entry).forEach(({ seat, place }, row) => {
    const y = top + ROW * (row + 1);
    if (row % 2 === 0) {
      parts.push(`<rect x="16" y="${y}" width="${WIDTH - 32}" height="${ROW}" rx="8" fill="#f3ead8"/>`);
    }
    const middle = y + ROW / 2;
    parts.push(`<circle cx="38" cy="${middle}" r="15" fill="${MEDALS[place - 1] ?? '#e4e4e4'}"/>`);
    parts.push(text(38, middle + 6, place, { size: 16, weight: 'bold', anchor: 'middle' }));
    parts.push(text(64, middle + 6, shortened(entry.names[seat]),
      { size: 19, weight: entry.winners.includes(seat) && finished ? 'bold' : 'normal' }));
    columns.forEach((x, index) => parts.push(text(x, middle + 6, rounds[index]?.[seat] ?? '–',
      { size: 17, fill: '#333', anchor: 'end' })));
    parts.push(text(WIDTH - 28, middle + 7, entry.totals[seat],
      { size: 22, weight: 'bold', fill: '#0d3b66', anchor: 'end' }));
  });
  parts.push(text(WIDTH / 2, height - 22, t('card.footer'),
    { size: 13, fill: '#6b6b6b', anchor: 'middle' }));
  parts.push('</svg>');
  return parts.join('');
}

/** The card as a PNG, drawn from its SVG on a canvas. */
async function pngOf(svg) {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth * SCALE;
  canvas.height = image.naturalHeight * SCALE;
  canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => { canvas.toBlob(resolve, 'image/png'); });
}

let offers = 0;

/** A "share as a picture" button in `container` for the game `entryNow()` records at the time
 *  of the tap; the picture, its download link and what happened appear beside it. */
export function offerCard(container, entryNow) {
  offers += 1;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'secondary';
  button.textContent = t('card.share');
  const status = statusLine();
  const figure = document.createElement('figure');
  figure.hidden = true;
  const preview = document.createElement('img');
  const link = document.createElement('a');
  link.className = 'button secondary';
  link.textContent = t('card.save');
  link.hidden = true;
  link.id = `card-save-${offers}`;
  figure.append(preview);
  let url = null;
  button.addEventListener('click', async () => {
    const entry = entryNow();
    const png = await pngOf(cardSvg(entry));
    const name = `alhambra-${entry.at.slice(0, 10)}.png`;
    preview.src = await dataUrl(png);
    preview.alt = t('card.alt', { date: dateText(entry.at) });
    preview.width = WIDTH;
    figure.hidden = false;
    if (url) URL.revokeObjectURL(url);
    url = URL.createObjectURL(png);
    Object.assign(link, { href: url, download: name, hidden: false });
    // the sheet closed, or none: the link still saves it
    status.textContent = t(await sharePng(png, name, t('app.title')) === 'shared' ? 'card.shared' : 'card.ready');
  });
  container.replaceChildren(button, status, figure, link);
}
