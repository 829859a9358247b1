// The server's refusals in the page's words. A refusal is a problem (API.md): a JSON Pointer
// into the request and a message citing the rule it applies (RULES.md ids); the page knows the
// refusals a tap can meet by where they point and the rule they cite, and words each from the
// request it sent, naming the module as the page names it. One it does not know is said in the
// page's words too, with its rule and module, never in the server's English.

import { BUILDINGS, MODULE_OF_RULE } from './game.js';
import { buildingName, t } from './words.js';

/** The rule id a message cites ("... (K1)"), or null. */
export const ruleOf = (message) => message.match(/\(([A-Z]\d+)\)\s*$/)?.[1] ?? null;

/** A module by the rule it cites, as the page names it: "Treasure chests, K1". */
export function moduleNamed(rule) {
  const module = MODULE_OF_RULE[rule];
  return module ? t('refusal.module', { name: t(`module.${module}`), rule }) : rule;
}

/** What a supply refusal counts, by the member it points at (the table's 42 chests, K1). */
const SUPPLIED = {
  chests: () => t('entry.chests'),
  residents: (building) => t('entry.resident', { building: buildingName(building) }),
  culture_points: () => t('entry.culture_points'),
};

/** A refusal of a POST /v1/scores request `body` (a problem: pointer and message), worded. */
export function describeRefusal(problem, body) {
  const rule = ruleOf(problem.message);
  const [member, seat, field, detail] = problem.pointer.split('/').slice(1);
  const module = moduleNamed(rule);
  const player = member === 'players' ? body.players[Number(seat)] : null;
  if (member === 'attack') return t('refusal.attack', { module });
  if (member === 'score_card') return t('refusal.score_card', { module });
  const supply = problem.message.match(/the table has (\d+)|show at most (\d+)/);
  if (player && supply && SUPPLIED[field]) {
    return t('refusal.supply', {
      what: SUPPLIED[field](detail), most: supply[1] ?? supply[2], module,
    });
  }
  if (player && field === 'chests') {
    const buildings = BUILDINGS.reduce((sum, b) => sum + player.counts[b], 0);
    return t('refusal.chests', { n: player.chests, buildings, module });
  }
  if (player && field === 'residents' && BUILDINGS.includes(detail)) {
    return t('refusal.residents', {
      n: player.residents[detail], buildings: player.counts[detail], building: buildingName(detail), module,
    });
  }
  if (player && field === 'characters') return t('refusal.owner', { module });
  return rule ? t('refusal.other', { module }) : t('refusal.unknown');
}
