// A round's points in detail: each player's breakdown as the Score tab shows it after Score,
// and as a past game shows it again (M2-M5, W4, D3; each module's part citing its rule).

import { nameSpan, swatch } from './dom.js';
import { BUILDINGS } from './game.js';
import { moduleParts } from './modules.js';
import { buildingName, t } from './words.js';

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

/** A player's (or the dummy's) points of a round as a card that opens on a tap: one line with
 *  the name and the points (what the score track needs), then the breakdown per building
 *  (count, place, points), the wall (`withWall`) and each module's part citing its rule. */
export function breakdownCard(name, score, withWall) {
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
  // a narrow phone may not fit every column: the table then scrolls, and says so (scrolls.js)
  const wrap = document.createElement('div');
  wrap.className = 'table-wrap';
  wrap.append(table);
  details.append(wrap);
  return details;
}
