// Steppers: a labelled number with − and + buttons, large targets. Every count of the Score
// tab is one (counts, walls, module members, the number of players), and each is fast to set:
//   tap the number   the phone's numeric keyboard opens with the number selected, so typing
//                    replaces it; its Next (Enter) key goes on to the following number
//   tap − or +       one less or one more
//   hold − or +      repeats, faster the longer it is held, until released

import { nameSpan, swatch } from './dom.js';
import { t } from './words.js';

const HOLD_MS = 450; // a press longer than this repeats
const REPEAT_MS = [140, 140, 140, 100, 100, 100, 70]; // then every 50 ms
const FAST_MS = 50;

let nextId = 0;

/** What makes a number field a phone's numeric one: digits keyboard, Next on its Enter key. */
export function numeric(input) {
  input.inputMode = 'numeric';
  input.enterKeyHint = 'next';
  input.pattern = '[0-9]*';
  input.autocomplete = 'off';
}

function stepButton(step, text, aria, id) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'step';
  b.dataset.step = step;
  b.textContent = text;
  b.setAttribute('aria-label', aria);
  b.setAttribute('aria-controls', id);
  return b;
}

/** A stepper for `label`, holding `value` from 0 to `max`; `data` goes to the input's
 *  dataset (what the entry is), `building` puts that building's colour beside the label,
 *  `help` (optional) is a line under it that says what to count, `offers` makes room for a
 *  value offered in one tap (see offer). */
export function stepper({ label, value, max, data, building, help, offers = false }) {
  const id = `stepper-${nextId++}`;
  const row = document.createElement('div');
  row.className = 'stepper';
  const labelElement = document.createElement('label');
  labelElement.htmlFor = id;
  if (building) labelElement.append(swatch(building));
  labelElement.append(nameSpan(label));
  const input = document.createElement('input');
  Object.assign(input, { id, type: 'number', min: 0, max, value });
  numeric(input);
  Object.entries(data).forEach(([key, val]) => { input.dataset[key] = val; });
  row.append(labelElement, stepButton(-1, '−', t('stepper.fewer', { what: label }), id), input,
    stepButton(1, '+', t('stepper.more', { what: label }), id));
  if (offers) {
    const offered = document.createElement('button');
    offered.type = 'button';
    offered.className = 'offer';
    offered.hidden = true;
    offered.setAttribute('aria-controls', id);
    row.append(offered);
  }
  if (help) {
    const line = document.createElement('p');
    line.className = 'help';
    line.id = `${id}-help`;
    line.textContent = help;
    input.setAttribute('aria-describedby', line.id);
    row.append(line);
  }
  return row;
}

/** Offer `value` in one tap on the stepper `row` (made with `offers`), worded by `words`
 *  ({text, label}); null takes the offer away. */
export function offer(row, value, words) {
  const button = row.querySelector('button.offer');
  if (!button) return;
  button.hidden = value === null;
  if (value === null) return;
  button.dataset.value = value;
  button.textContent = words.text;
  button.setAttribute('aria-label', words.label);
}

/** The input's value as a whole number within its bounds, written back when it was not. */
export function clamp(input) {
  const min = Number(input.min);
  const max = Number(input.max);
  const value = Math.round(Number(input.value));
  const clamped = Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;
  if (String(clamped) !== input.value) input.value = String(clamped);
  return clamped;
}

/** One step of the stepper `button`: its input changed and told, within its bounds. */
function step(button) {
  const input = document.getElementById(button.getAttribute('aria-controls'));
  const before = input.value;
  input.value = String(Number(input.value) + Number(button.dataset.step));
  clamp(input);
  if (input.value !== before) input.dispatchEvent(new Event('input', { bubbles: true }));
  return input.value !== before;
}

// --- holding − or +: the steps repeat until the finger lifts --------------------------------

let held = null; // { button, timer, repeats }

function release() {
  if (!held) return;
  clearTimeout(held.timer);
  held.button.classList.remove('held');
  // the click that ends a press that repeated is not one more step
  if (held.repeats > 0) held.button.dataset.repeated = '1';
  held = null;
}

function repeat() {
  if (!held) return;
  held.button.classList.add('held');
  if (!step(held.button)) {
    release();
    return;
  }
  held.repeats += 1;
  held.timer = setTimeout(repeat, REPEAT_MS[held.repeats - 1] ?? FAST_MS);
}

document.addEventListener('pointerdown', (event) => {
  const button = event.target.closest?.('button.step');
  if (!button || event.button !== 0) return;
  release();
  delete button.dataset.repeated;
  held = { button, timer: setTimeout(repeat, HOLD_MS), repeats: 0 };
});
['pointerup', 'pointercancel'].forEach((type) => document.addEventListener(type, release));
document.addEventListener('pointerout', (event) => {
  if (held && event.target === held.button && !held.button.contains(event.relatedTarget)) release();
});
// a long press on a phone would open the text menu on the button's sign
document.addEventListener('contextmenu', (event) => {
  if (event.target.closest?.('button.step')) event.preventDefault();
});

document.addEventListener('click', (event) => {
  const offered = event.target.closest('button.offer');
  if (offered) {
    const input = document.getElementById(offered.getAttribute('aria-controls'));
    input.value = offered.dataset.value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return;
  }
  const button = event.target.closest('button.step');
  if (!button) return;
  if (button.dataset.repeated) {
    delete button.dataset.repeated;
    return;
  }
  step(button);
});

// --- typing: the number selected on a tap, Next to the following number ---------------------

const isNumberField = (element) => element instanceof HTMLInputElement && element.type === 'number';

// every tap on a number selects it (the one that focuses it, and any tap after)
['focusin', 'click'].forEach((type) => document.addEventListener(type, (event) => {
  if (isNumberField(event.target)) event.target.select();
}));

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter' || !isNumberField(event.target)) return;
  event.preventDefault();
  const fields = [...document.querySelectorAll('input[type="number"]')]
    .filter((field) => field.offsetParent !== null && !field.disabled);
  const next = fields[fields.indexOf(event.target) + 1];
  if (next) next.focus();
  else event.target.blur(); // the last number: the keyboard goes
});
