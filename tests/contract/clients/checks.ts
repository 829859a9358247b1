// What both whole-game programs check of an answer: that the zod schema of its response keeps
// every member the server sent (zod drops what a schema does not name).

declare const process: { env: Record<string, string | undefined>; exitCode?: number };

export interface Parser<T = unknown> {
  parse(data: unknown): T;
}

/** ``data`` as ``schema`` parses it, after checking that this is exactly the same JSON. */
export function kept<T>(schema: Parser<T>, data: unknown): T {
  const parsed = schema.parse(data);
  if (JSON.stringify(sorted(parsed)) !== JSON.stringify(sorted(data))) {
    throw new Error(`not kept: ${JSON.stringify(parsed)}`);
  }
  return parsed;
}

/** The players of a final state as a described table takes them (POST /v1/table). */
export function described<P extends { name: string; alhambra: A; reserve: R; hand: H; score: number }, A, R, H>(
  players: P[],
): { name: string; alhambra: A; reserve: R; hand: H; score: number }[] {
  return players.map(({ name, alhambra, reserve, hand, score }) => ({ name, alhambra, reserve, hand, score }));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
    return Object.fromEntries(entries.map(([key, item]) => [key, sorted(item)]));
  }
  return value;
}

/** The server's address (the test's gunicorn). */
export const serverUrl = process.env.ALHAMBRA_URL;

/** Runs a game; a failure prints its stack and exits 1. */
export function play(game: () => Promise<object>): void {
  game()
    .then((summary) => console.log(JSON.stringify(summary)))
    .catch((error: unknown) => {
      console.log(String(error instanceof Error ? error.stack : error));
      process.exitCode = 1;
    });
}
