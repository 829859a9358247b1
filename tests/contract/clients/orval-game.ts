// A whole game played through the fetch client orval generates from /openapi.yaml, with the
// zod schemas it generates beside it (docs/clients.md; orval.config.cjs): new game, legal
// actions, an advance, advice, bot turns to the end, the table described, its round 3 scored,
// a refusal (422). Every answer's status is the one expected and its body, parsed by the zod
// schema of that response, comes out exactly as the server sent it. Compiled by tsc --strict,
// run by node; prints a summary.
import { described, kept, play, type Parser } from "./checks";
import {
  advance,
  advice,
  botTurns,
  legalActions,
  newGame,
  scores,
  table,
  type BotTurns,
  type GameEvent,
  type GameResponse,
  type LegalActions,
} from "./orval/alhambra";
import * as schemas from "./orval/alhambra.zod";

/** The body of an answer of status 200, kept whole by its schema. */
function exactly<T>(schema: Parser, answer: { status: number; data: unknown }): T {
  if (answer.status !== 200) throw new Error(`${answer.status}: ${JSON.stringify(answer.data)}`);
  kept(schema, answer.data);
  return answer.data as T; // orval's types of the answer of that status
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
  const seats = ["Anna", "Ben"];
  const created = await newGame({ players: seats, seed: 18, options: { modules: ["huts"] } });
  let state = exactly<GameResponse>(schemas.newGameResponse, created).state;

  const legal = exactly<LegalActions>(schemas.legalActionsResponse, await legalActions({ state }));
  const stepped = await advance({ state, actions: [legal.actions[0]] });
  state = exactly<GameResponse>(schemas.advanceResponse, stepped).state;
  exactly(schemas.adviceResponse, await advice({ state, level: "greedy", seed: 1 }));

  const rounds: { round: number; totals: number[] }[] = [];
  for (let requests = 0; !state.over && requests < 60; requests += 1) {
    const turns = await botTurns({
      state,
      bots: { "0": "greedy", "1": "random" },
      budget_ms: 10,
      seed: 1,
    });
    const answer = exactly<BotTurns>(schemas.botTurnsResponse, turns);
    rounds.push(...roundsScored(answer.events));
    state = answer.state;
  }

  exactly(schemas.tableResponse, await table({ players: described(state.players), round: 3 }));
  const players = state.players.map((player) => ({ name: player.name, alhambra: player.alhambra }));
  exactly(schemas.scoresResponse, await scores({ round: 3, players }));

  // a name given twice: the contract allows it, the server refuses it (422) with a pointer
  const twice = await scores({ round: 3, players: [players[0], players[0]] });
  if (twice.status !== 422) throw new Error(`status ${twice.status}`);
  return {
    over: state.over,
    winners: state.winners,
    rounds,
    pointers: twice.data.errors.map((error) => error.pointer),
  };
});
