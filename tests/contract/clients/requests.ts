// Ordinary requests a companion app writes against the types openapi-typescript generates
// from /openapi.yaml (docs/clients.md). No casts: tsc --strict must accept them as they are,
// and refuse the mistakes marked @ts-expect-error (so the types do say something).
import type { components, paths } from "./alhambra";

type Schemas = components["schemas"];
type JsonBody<Path extends keyof paths> = paths[Path] extends {
  post: { requestBody: { content: { "application/json": infer Body } } };
}
  ? Body
  : never;

// M1-M5, D3: one player given as an Alhambra (counts and wall computed, so no wall given),
// one as counts with a wall, and the dummy.
export const scores: JsonBody<"/v1/scores"> = {
  round: 2,
  players: [
    {
      name: "Anna",
      alhambra: [
        { building: "tower", walls: "N", price: 11, x: 1, y: 0 },
        { building: "garden", walls: "", x: 2, y: 0 },
      ],
    },
    { name: "Ben", counts: { tower: 4, garden: 1 }, wall: 7 },
  ],
  dummy: { counts: { tower: 2 } },
};

// T1, V1-V4: a new game with modules, defaults left out.
export const newGame: JsonBody<"/v1/games"> = {
  players: ["Anna", "Ben", "Carla"],
  seed: 42,
  options: { modules: ["vizier", "exchange", "bonus", "huts"] },
};

export const tableGame: Schemas["NewGameRequest"] = {
  players: ["Anna", "Ben"],
  options: { mode: "table", holes: "cell" },
};

// T3, T4: the state comes back from the server; an advance sends it with actions.
export function takeMoney(state: Schemas["GameState"]): JsonBody<"/v1/games/advance"> {
  return {
    state,
    actions: [{ type: "take_money", player: 0, cards: [{ currency: "denar", value: 4 }] }],
  };
}

export function buy(game: Schemas["GameResponse"]): Schemas["AdvanceRequest"] {
  return {
    state: game.state,
    actions: [
      {
        type: "buy",
        player: 0,
        slot: 2,
        payment: [{ currency: "dirham", value: 8 }, { exchange: ["dirham", "florin"] }],
      },
    ],
  };
}

export const placement: JsonBody<"/v1/placement"> = {
  alhambra: [{ building: "tower", walls: "N", x: 1, y: 0 }],
  tile: { building: "garden", walls: "W" },
  x: 2,
  y: 0,
  rules: { holes: "region" },
};

export function bots(state: Schemas["GameState"]): JsonBody<"/v1/games/bot-turns"> {
  return { state, bots: { "1": "greedy" }, budget_ms: 100 };
}

// Reading answers: a 422's problems, each with its pointer.
export function pointers(problem: Schemas["InvalidRequest"]): string[] {
  return problem.errors.map((error) => error.pointer);
}

// Narrowing an event or an action on its `type` gives that kind's members, required (T8).
export function totals(event: Schemas["GameEvent"]): number[] {
  return event.type === "round_scored" ? event.totals.concat(event.scores.round) : [];
}

export function slot(action: Schemas["GameAction"]): number | null {
  return action.type === "buy" ? action.slot : null;
}

// @ts-expect-error: a taken card is never counted by a number (that is a reshuffle's cards)
export const counted: Schemas["GameEventMoneyTaken"] = { type: "money_taken", player: 0, cards: 3 };

// @ts-expect-error: there is no castle among the buildings (M2)
export const castle: Schemas["Tile"] = { building: "castle", walls: "" };

// @ts-expect-error: a player's name is required
export const nameless: Schemas["NewGameRequest"] = { seed: 1 };
