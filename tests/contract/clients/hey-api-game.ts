// A whole game played through the client @hey-api/openapi-ts generates from /openapi.yaml, with
// its zod schemas (docs/clients.md; openapi-ts.config.mjs): new game, legal actions, an
// advance, advice, bot turns to the end, the table described, its round 3 scored, a refusal
// (422). Every answer is parsed by the zod schema of its response and must come out exactly as
// the server sent it. Compiled by tsc --strict, run by node; prints a summary.
import { described, kept, play, serverUrl, type Parser } from "./checks";
import { client } from "./hey/client.gen";
import { advance, advice, botTurns, legalActions, newGame, scores, table } from "./hey/sdk.gen";
import type { GameEvent, GameState } from "./hey/types.gen";
import {
  zAdvice,
  zBotTurns,
  zGameResponse,
  zInvalidRequest,
  zLegalActions,
  zScoresResponse,
  zTableReport,
} from "./hey/zod.gen";

/** The data of an answer, kept whole by its schema. */
function exactly<T>(schema: Parser<T>, answer: { data?: unknown; error?: unknown }): T {
  if (answer.data === undefined) throw new Error(`no answer: ${JSON.stringify(answer.error)}`);
  return kept(schema, answer.data);
}

/** T8: narrowing on `type` gives a scored round's members, required: no `?.` needed. */
function roundsScored(events: GameEvent[]): { round: number; totals: number[] }[] {
  const rounds = [];
  for (const event of events) {
    if (event.type === "round_scored") rounds.push({ round: event.scores.round, totals: event.totals });
  }
  return rounds;
}

play(async () => {
  client.setConfig({ baseUrl: serverUrl });
  const seats = ["Anna", "Ben"];
  const created = await newGame({ body: { players: seats, seed: 18, options: { modules: ["huts"] } } });
  let state: GameState = exactly(zGameResponse, created).state;

  const actions = exactly(zLegalActions, await legalActions({ body: { state } })).actions;
  state = exactly(zGameResponse, await advance({ body: { state, actions: [actions[0]] } })).state;
  exactly(zAdvice, await advice({ body: { state, level: "greedy", seed: 1 } }));

  const rounds: { round: number; totals: number[] }[] = [];
  for (let requests = 0; !state.over && requests < 60; requests += 1) {
    const turns = await botTurns({
      body: { state, bots: { "0": "greedy", "1": "random" }, budget_ms: 10, seed: 1 },
    });
    const answer = exactly(zBotTurns, turns);
    rounds.push(...roundsScored(answer.events));
    state = answer.state;
  }

  exactly(zTableReport, await table({ body: { players: described(state.players), round: 3 } }));
  const players = state.players.map((player) => ({ name: player.name, alhambra: player.alhambra }));
  exactly(zScoresResponse, await scores({ body: { round: 3, players } }));

  // a name given twice: the contract allows it, the server refuses it (422) with a pointer
  const twice = await scores({ body: { round: 3, players: [players[0], players[0]] } });
  if (twice.response.status !== 422 || twice.error === undefined) throw new Error("not refused");
  const problem = kept(zInvalidRequest, twice.error);
  return {
    over: state.over,
    winners: state.winners,
    rounds,
    pointers: problem.errors.map((error) => error.pointer),
  };
});
