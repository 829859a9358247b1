// Talking to the public API (API.md): JSON in, JSON (or an SVG or PNG picture) out, refusals as
// problem+json. Every request goes through here, so here the page says when it is busy.

import { LANG, t } from './words.js';

class ApiError extends Error {
  constructor(kind, status = 0, problem = {}) {
    super(kind);
    this.kind = kind; // 'offline' or 'refused'
    this.status = status;
    this.problem = problem;
  }

  /** The refusal in the page's words: the rules it cites, never the server's English (the
   *  views word the refusals they can meet in full, refusals.js). */
  describe() {
    if (this.kind === 'offline') return t('score.offline');
    const cited = [this.problem.detail, ...(this.problem.errors || []).map((e) => e.message)]
      .map((message) => String(message ?? '').match(/\(([A-Z]\d+)\)\s*$/)?.[1]).filter(Boolean);
    return cited.length
      ? t('score.refused_rules', { rules: [...new Set(cited)].join(', ') })
      : t('score.refused', { status: this.status });
  }
}

// --- busy: <main> is aria-busy from the page's opening until it is drawn, and while a request
// is on its way; assistive technologies wait for what it changes, and so do the page's tests --

const main = document.querySelector('main');
let pending = 1; // the opening, until app.js has drawn the page (opened)
main.setAttribute('aria-busy', 'true');

/** One request answered, or the opening done. The mark goes in a later task, once the answer
 *  is drawn: a request the answer leads to (the computer's turns after a move's legal actions)
 *  keeps the page busy without a moment's gap. */
function done() {
  pending -= 1;
  setTimeout(() => {
    if (pending === 0) main.removeAttribute('aria-busy');
  });
}

export const opened = done;

/** The answer of `response`, read `as` JSON, text or a blob (a picture); a refusal thrown as
 *  an ApiError with its problem+json. */
async function answerOf(response, as) {
  if (!response.ok) {
    let problem = {};
    try { problem = await response.json(); } catch { /* not JSON: keep the status */ }
    throw new ApiError('refused', response.status, problem);
  }
  if (as === 'text') return response.text();
  return as === 'blob' ? response.blob() : response.json();
}

/** `path` fetched with `init` in the page's language, its answer read `as` answerOf says; the
 *  page busy meanwhile. */
async function request(path, init, as) {
  pending += 1;
  main.setAttribute('aria-busy', 'true');
  try {
    let response;
    try {
      response = await fetch(path, { ...init, headers: { ...init.headers, 'Accept-Language': LANG } });
    } catch {
      throw new ApiError('offline');
    }
    return await answerOf(response, as);
  } finally {
    done();
  }
}

export async function post(path, body, { as = 'json' } = {}) {
  const headers = { 'Content-Type': 'application/json' };
  return request(path, { method: 'POST', headers, body: JSON.stringify(body) }, as);
}

export async function get(path) {
  return request(path, {}, 'json');
}
