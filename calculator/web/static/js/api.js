// Talking to the public API (API.md): JSON in, JSON (or an SVG or PNG picture) out, refusals as
// problem+json.

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

export async function post(path, body, { as = 'json' } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': LANG },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError('offline');
  }
  return answerOf(response, as);
}

export async function get(path) {
  let response;
  try {
    response = await fetch(path, { headers: { 'Accept-Language': LANG } });
  } catch {
    throw new ApiError('offline');
  }
  return answerOf(response, 'json');
}
