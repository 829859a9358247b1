// A ruling a referee can show: a refused placement, or the Alhambra a refused piece would
// make, drawn by POST /v1/rulings (the Alhambra with the cells at fault, the verdict and the
// texts of the rules, in the page's language) as a PNG, shown full screen and handed on: to
// the phone's share sheet where the browser has one (Web Share API with the file), and saved
// by a download link always.

import { post } from './api.js';
import { $, statusLine } from './dom.js';
import { canShareFile, dataUrl, sharePng } from './share.js';
import { LANG, t } from './words.js';

const dialog = $('#ruling');
const picture = $('#ruling-picture');
const said = $('#ruling-status');
const NAME = 'alhambra-ruling.png';
let png = null; // the picture on show
let saveUrl = null;

/** Show the ruling on `question` (`{placement}`: the body of POST /v1/placement, or `{check}`:
 *  of POST /v1/alhambra/check), described by `alt`; `status` says why not when it cannot be
 *  drawn. */
async function showRuling(question, alt, status) {
  status.textContent = t('ruling.asking');
  try {
    png = await post('/v1/rulings', { ...question, lang: LANG, format: 'png' }, { as: 'blob' });
  } catch (error) {
    status.textContent = error.describe();
    return;
  }
  status.textContent = '';
  picture.src = await dataUrl(png);
  picture.alt = alt;
  picture.hidden = false;
  if (saveUrl) URL.revokeObjectURL(saveUrl);
  saveUrl = URL.createObjectURL(png);
  Object.assign($('#ruling-save'), { href: saveUrl, download: NAME, hidden: false });
  $('#ruling-share').hidden = !canShareFile(new File([png], NAME, { type: 'image/png' }));
  said.textContent = '';
  dialog.showModal();
  $('#ruling-close').focus();
}

$('#ruling-share').addEventListener('click', async () => {
  said.textContent = t(await sharePng(png, NAME, t('ruling.heading')) === 'shared'
    ? 'ruling.shared' : 'ruling.ready');
});
$('#ruling-close').addEventListener('click', () => dialog.close());

/** A "Show the ruling" button at the end of `container` (a refusal's list), for `question`;
 *  `alt` words the picture for whoever cannot see it. */
export function offerRuling(container, question, alt) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'secondary ruling-offer';
  button.textContent = t('ruling.show');
  const status = statusLine();
  button.addEventListener('click', () => showRuling(question, alt, status));
  container.append(button, status);
}
