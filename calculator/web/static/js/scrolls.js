// Whatever scrolls sideways says so. A table or an Alhambra wider than the phone scrolls inside
// its box (the page itself never does); while there is more of it to one side, the box is
// marked on that side (a shade at its edge) and a line under it says that it scrolls and which
// way. Run after every render and on every scroll and resize.

import { t } from './words.js';

const SCROLLERS = '.table-wrap, .grid-wrap';

/** The line under a box that scrolls, made the first time it is needed. */
function cueOf(box) {
  let cue = box.nextElementSibling;
  if (!cue?.classList.contains('scroll-cue')) {
    cue = document.createElement('p');
    cue.className = 'scroll-cue';
    cue.setAttribute('aria-hidden', 'true'); // what it says, the box's scroll bar says to a reader
    box.after(cue);
  }
  return cue;
}

function mark(box) {
  const room = box.scrollWidth - box.clientWidth;
  const left = box.scrollLeft > 1;
  const right = box.scrollLeft < room - 1;
  box.classList.toggle('more-left', room > 0 && left);
  box.classList.toggle('more-right', room > 0 && right);
  if (room <= 0) {
    if (box.nextElementSibling?.classList.contains('scroll-cue')) box.nextElementSibling.hidden = true;
    return;
  }
  const cue = cueOf(box);
  cue.hidden = false;
  cue.textContent = t(right ? (left ? 'scroll.both' : 'scroll.right') : 'scroll.left');
}

/** Mark every box on show that scrolls sideways. */
export function markScrolling() {
  document.querySelectorAll(SCROLLERS).forEach((box) => {
    if (box.offsetParent !== null) mark(box);
  });
}

document.addEventListener('scroll', (event) => {
  if (event.target instanceof Element && event.target.matches(SCROLLERS)) mark(event.target);
}, { capture: true, passive: true });
window.addEventListener('resize', markScrolling);
// a fold or a dialog opened shows boxes the last render could not measure
document.addEventListener('toggle', markScrolling, { capture: true });
