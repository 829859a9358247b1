// The Score tab's modules (V1-V4, G1-S4): the table's choice, once per game, and what each
// round then asks of the chosen ones, named and shaped as POST /v1/scores takes them:
//   this scoring's cards: the attack (K3) and the score card, six taps in order (S1);
//   the characters' owners, one each, and the Wise Man's type (G3);
//   each player's members: chests (K1), residents per colour (H3), exposed sides (K3, beside
//   the attack in round 3 only), camp points (G4), bazaar points (K4, round 3 only), culture
//   points (S4), the ones only an Alhambra shows counted by the table (X1);
// and each module's part of a player's points in the answer's breakdown, citing its rule.
// A module not chosen asks for nothing and shows nothing.

import { $, $$, nameSpan, swatch } from './dom.js';
import {
  BUILDINGS, CHARACTERS, MAX_MEMBER, SIDES, currentRound, playerName,
} from './game.js';
import { stepper } from './steppers.js';
import { currentGame, update } from './store.js';
import { buildingName, t } from './words.js';

const FINAL_ROUND = 3; // bazaars score, and sides beside the attack count, only then (K3, K4)
const has = (game, module) => game.modules.includes(module);

/** The pointer into the scores request of a player's member: /players/0/residents/garden. */
const memberPointer = (player, path) => ['', 'players', player, ...path].join('/');

// --- the choice of modules, once per game ---------------------------------------------------

const choice = $('#score-modules');

function renderChoice(game) {
  $('#score-modules-heading').textContent = t('modules.summary', { n: game.modules.length });
  $$('input[type="checkbox"]', choice).forEach((box) => {
    box.checked = game.modules.includes(box.value);
  });
}

// --- this scoring's cards and characters ----------------------------------------------------

const roundCards = $('#round-cards');

/** A group of a module's entries, with its legend and (`help`) a line that says what to
 *  count, which describes the group to a screen reader too. */
function fieldset(className, legendText, pointer = null, help = null) {
  const set = document.createElement('fieldset');
  set.className = className;
  if (pointer) set.dataset.pointer = pointer; // where a warning or refusal of it is shown
  const legend = document.createElement('legend');
  legend.textContent = legendText;
  set.append(legend);
  if (help) {
    const line = helpLine(help, `help-${className.split(' ')[0]}-${pointer ?? ''}`);
    set.setAttribute('aria-describedby', line.id);
    set.append(line);
  }
  return set;
}

function helpLine(text, id) {
  const line = document.createElement('p');
  line.className = 'help';
  line.id = id.replace(/[^\w-]/g, '-');
  line.textContent = text;
  return line;
}

function button(text, className, data = {}) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.textContent = text;
  Object.assign(b.dataset, data);
  return b;
}

function attackChoice() {
  const set = fieldset('attack', t('attack.legend'), '/attack', t('help.attack'));
  const sides = document.createElement('div');
  sides.className = 'segmented four';
  SIDES.forEach((side) => {
    const radio = document.createElement('input');
    Object.assign(radio, { type: 'radio', name: 'attack', id: `attack-${side}`, value: side });
    const label = document.createElement('label');
    label.htmlFor = radio.id;
    label.textContent = t(`attack.${side}`);
    sides.append(radio, label);
  });
  set.append(sides);
  return set;
}

function scoreCardChoice() {
  const set = fieldset('score-card', t('score_card.legend'), '/score_card', t('help.score_card'));
  const list = document.createElement('ol');
  list.className = 'score-card-list';
  list.setAttribute('aria-live', 'polite');
  const empty = document.createElement('p');
  empty.className = 'hint score-card-empty';
  empty.textContent = t('score_card.empty');
  const types = document.createElement('div');
  types.className = 'score-card-types';
  BUILDINGS.forEach((b) => {
    const tap = button('', 'secondary building-tap', { building: b });
    tap.append(swatch(b), nameSpan(buildingName(b)));
    tap.setAttribute('aria-label', t('score_card.add', { building: buildingName(b) }));
    types.append(tap);
  });
  const row = document.createElement('div');
  row.className = 'button-row';
  row.append(button(t('score_card.undo'), 'secondary', { card: 'undo' }),
    button(t('score_card.clear'), 'danger', { card: 'clear' }));
  set.append(list, empty, types, row);
  return set;
}

function ownerField(game, character, id) {
  const field = document.createElement('div');
  field.className = 'field';
  field.dataset.pointer = `/characters/${character}`;
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = t(`characters.${character}`);
  const select = document.createElement('select');
  select.id = id;
  select.dataset.character = character;
  select.append(new Option(t('characters.nobody'), ''));
  game.names.forEach((_, seat) => select.append(new Option(playerName(game, seat), String(seat))));
  field.append(label, select);
  return field;
}

function charactersChoice(game) {
  const set = fieldset('characters', t('characters.legend'), '/characters', t('help.characters'));
  const type = document.createElement('div');
  type.className = 'field';
  const label = document.createElement('label');
  label.htmlFor = 'wise-man-type';
  label.textContent = t('characters.wise_man_type');
  const select = document.createElement('select');
  select.id = 'wise-man-type';
  BUILDINGS.forEach((b) => select.append(new Option(buildingName(b), b)));
  type.append(label, select);
  set.append(ownerField(game, 'wise_man', 'wise-man-owner'), type,
    ownerField(game, 'city_watch', 'city-watch-owner'));
  return set;
}

/** The owner of `character` this round (a seat), or null (G3: one owner each). */
function owner(round, character) {
  const seat = round.members.findIndex((m) => m.characters[character] !== undefined);
  return seat < 0 ? null : seat;
}

let drawnCards = null;

function renderRoundCards(game) {
  const round = currentRound(game);
  const shape = JSON.stringify([game.modules, game.round, game.names]);
  if (shape !== drawnCards) {
    drawnCards = shape;
    roundCards.replaceChildren();
    const parts = [
      has(game, 'invaders') && attackChoice(),
      has(game, 'score_cards') && scoreCardChoice(),
      has(game, 'characters') && charactersChoice(game),
    ].filter(Boolean);
    if (parts.length) {
      const card = fieldset('card round-cards', t('scoring.legend', { n: game.round }));
      card.append(...parts);
      roundCards.append(card);
    }
  }
  $$('input[name="attack"]', roundCards).forEach((radio) => {
    radio.checked = radio.value === round.attack;
  });
  const list = $('.score-card-list', roundCards);
  if (list) {
    list.replaceChildren(...round.score_card.map((b) => {
      const item = document.createElement('li');
      item.dataset.building = b;
      item.append(swatch(b), nameSpan(buildingName(b)));
      return item;
    }));
    $('.score-card-empty', roundCards).hidden = round.score_card.length > 0;
    $$('.building-tap', roundCards).forEach((tap) => {
      tap.disabled = round.score_card.includes(tap.dataset.building);
    });
    $('.score-card-types', roundCards).hidden = round.score_card.length === BUILDINGS.length;
    $('[data-card="undo"]', roundCards).disabled = round.score_card.length === 0;
    $('[data-card="clear"]', roundCards).disabled = round.score_card.length === 0;
  }
  CHARACTERS.forEach((character) => {
    const select = $(`select[data-character="${character}"]`, roundCards);
    if (select) select.value = String(owner(round, character) ?? '');
  });
  const type = $('#wise-man-type', roundCards);
  if (type) {
    const seat = owner(round, 'wise_man');
    type.closest('.field').hidden = seat === null;
    if (seat !== null) type.value = round.members[seat].characters.wise_man;
  }
}

roundCards.addEventListener('change', (event) => {
  const { target } = event;
  const round = currentRound(currentGame());
  if (target.name === 'attack') {
    update({ type: 'attack', attack: target.value });
  } else if (target.dataset.character) {
    const seat = target.value === '' ? null : Number(target.value);
    const held = owner(round, 'wise_man');
    const building = held === null ? BUILDINGS[0] : round.members[held].characters.wise_man;
    update({ type: 'character', character: target.dataset.character, owner: seat, building });
  } else if (target.id === 'wise-man-type') {
    update({
      type: 'character', character: 'wise_man', owner: owner(round, 'wise_man'), building: target.value,
    });
  }
});

roundCards.addEventListener('click', (event) => {
  const tap = event.target.closest('button');
  if (!tap) return;
  const card = currentRound(currentGame()).score_card;
  if (tap.dataset.building) {
    update({ type: 'score-card', card: [...card, tap.dataset.building] });
    // the next type to tap, or the undo once all six are on the card
    const next = $('.building-tap:not(:disabled)', roundCards) ?? $('[data-card="undo"]', roundCards);
    next.focus();
  } else if (tap.dataset.card === 'undo') {
    update({ type: 'score-card', card: card.slice(0, -1) });
  } else if (tap.dataset.card === 'clear') {
    update({ type: 'score-card', card: [] });
    $('.building-tap', roundCards).focus();
  }
});

// --- each player's members ------------------------------------------------------------------

/** The steppers a player's card shows in round `n` besides the residents: [path, label,
 *  the line that says what to count]. */
function memberFields(game, n) {
  const field = (path) => [path, t(`members.${path.at(-1)}`), t(`help.${path.at(-1)}`)];
  return [
    has(game, 'treasure') && field(['chests']),
    has(game, 'invaders') && field(['exposed', 'facing']),
    has(game, 'invaders') && n === FINAL_ROUND && field(['exposed', 'beside']),
    has(game, 'camps') && field(['camp_points']),
    has(game, 'bazaars') && n === FINAL_ROUND && field(['bazaar_points']),
    has(game, 'art_of_the_moors') && field(['culture_points']),
  ].filter(Boolean);
}

const valueAt = (members, path) => path.reduce((object, key) => object[key], members);

function memberStepper(player, path, label, value, building, help) {
  const row = stepper({
    label, value, max: MAX_MEMBER[path.at(-1)] ?? MAX_MEMBER[path[0]],
    data: { player, member: path.join('.') }, building, help,
  });
  row.dataset.pointer = memberPointer(player, path);
  return row;
}

/** The steppers of a player's members in the round on show, for their card. */
export function memberEntries(game, player) {
  const members = currentRound(game).members[player];
  const rows = memberFields(game, game.round)
    .map(([path, label, help]) => memberStepper(player, path, label, valueAt(members, path), null, help));
  if (has(game, 'street_traders')) {
    const set = fieldset('residents', t('members.residents'), memberPointer(player, ['residents']),
      t('help.residents'));
    BUILDINGS.forEach((b) => set.append(memberStepper(player, ['residents', b],
      t('members.resident', { building: buildingName(b) }), members.residents[b], b)));
    rows.push(set);
  }
  return rows;
}

/** What a member input shows: the value at its path among the player's members. */
export const memberValue = (game, player, member) =>
  valueAt(currentRound(game).members[player], member.split('.'));

/** The change a member input makes. */
export const memberChange = (player, member, value) => ({
  type: 'member', player, path: member.split('.'), value,
});

/** What the inputs of the chosen modules look like: redraw the cards when it changes. */
export const inputsShape = (game) => JSON.stringify([game.modules, game.round]);

// --- the scores request and the answer ------------------------------------------------------

/** A player's members of the chosen modules in round `n`, as the request takes them. */
function playerMembers(game, n, members) {
  const given = {};
  if (has(game, 'treasure')) given.chests = members.chests;
  if (has(game, 'street_traders')) given.residents = { ...members.residents };
  if (has(game, 'invaders')) {
    given.exposed = n === FINAL_ROUND ? { ...members.exposed } : { facing: members.exposed.facing };
  }
  if (has(game, 'camps')) given.camp_points = members.camp_points;
  if (has(game, 'bazaars') && n === FINAL_ROUND) given.bazaar_points = members.bazaar_points;
  if (has(game, 'art_of_the_moors')) given.culture_points = members.culture_points;
  if (has(game, 'characters') && Object.keys(members.characters).length) {
    given.characters = { ...members.characters };
  }
  return given;
}

/** The scores request `body` of round `n` with the chosen modules and their members. An
 *  attack or a score card not yet tapped is left out: the server's refusal names it. */
export function withModules(game, n, body) {
  if (!game.modules.length) return body;
  const round = game.rounds[n - 1];
  const players = body.players.map((player, seat) => ({
    ...player, ...playerMembers(game, n, round.members[seat]),
  }));
  return {
    ...body,
    modules: [...game.modules],
    ...(has(game, 'invaders') && round.attack ? { attack: round.attack } : {}),
    ...(has(game, 'score_cards') && round.score_card.length ? { score_card: [...round.score_card] } : {}),
    players,
  };
}

/** What a module's part counts, as the breakdown's count and note show it. */
function partDetail(part) {
  const sum = (values) => Object.values(values).reduce((a, b) => a + b, 0);
  switch (part.rule) {
    case 'K1':
      return { count: part.chests, note: '' };
    case 'H3':
      return {
        count: sum(part.residents),
        note: part.sets.length ? t('results.sets', {
          n: part.sets.length, sets: part.sets.map((n) => t('results.set_colours', { n })).join(' + '),
        }) : '',
      };
    case 'K3':
      return {
        count: part.facing,
        note: [t('results.attack', { side: t(`attack.${part.attack}`) }),
          ...(part.beside === undefined ? [] : [t('results.exposed', part)])].join(', '),
      };
    case 'G4':
      return { count: '', note: part.camps ? t('results.camps', { n: part.camps.length }) : '' };
    case 'K4':
      return { count: '', note: part.bazaars ? t('results.bazaars', { n: part.bazaars.length }) : '' };
    case 'G3':
      return {
        count: '',
        note: [
          ...(part.wise_man === undefined ? [] : [t('results.wise_man', { points: part.wise_man })]),
          ...(part.city_watch === undefined ? [] : [t('results.city_watch', { points: part.city_watch })]),
        ].join(', '),
      };
    default:
      return { count: '', note: '' };
  }
}

/** Each module's part of a player's round, in the answer's order: its name and rule (as the
 *  answer cites it), what it counts, its place where it is a majority (K1) and its points. */
export function moduleParts(score) {
  return Object.entries(score.modules ?? {}).map(([name, part]) => ({
    name,
    label: t('module.rule', { name: t(`module.${name}`), rule: part.rule }),
    majority: part.rule === 'K1'
      ? { count: part.chests, place: part.place, shared_with: part.shared_with } : null,
    points: part.points,
    ...partDetail(part),
  }));
}

/** Whether the round's majorities were paid by its score card (S1). */
export const paidByScoreCard = (game) => has(game, 'score_cards');

/** The Score tab's module views: the choice and this round's cards. */
export function renderModules(game) {
  renderChoice(game);
  renderRoundCards(game);
}
