// A round's entries taken from a player's drawing (X1), offered by Build ("Use for ...") and on
// the player's card of the Score tab alike: the server counts the buildings, the longest wall
// and what the chosen modules count on an Alhambra (chests K1, residents H3, exposed sides K3,
// camp points G4, bazaar points K4), and the page copies them once the player agrees to what
// they replace. Nothing is counted here a second time.

import { post } from './api.js';
import { confirmLoss } from './confirm.js';
import { BUILDINGS, currentRound, keptAs, playerName } from './game.js';
import { drawingRequest } from './pieces.js';
import { currentGame, update } from './store.js';
import { buildingName, dateText, t } from './words.js';

/** The modules whose inputs a round takes from an Alhambra (X1): chests (K1), residents per
 *  colour (H3), exposed sides (K3), camp points (G4) and, at the final scoring, bazaar points
 *  (K4), each when the table plays with it. */
const COUNTED = ['treasure', 'street_traders', 'invaders', 'camps', 'bazaars'];

/** POST /v1/scores for `player`'s drawing alone, as a player given by an Alhambra with its
 *  pieces: the server counts the buildings, the wall and every module's part. Invaders need
 *  this scoring's attack card (K3): without one, the exposed sides are left as they are. */
async function countedByTheServer(game, player) {
  const round = currentRound(game);
  const counted = game.modules.filter((m) => COUNTED.includes(m)
    && (m !== 'invaders' || round.attack !== null) && (m !== 'bazaars' || game.round === 3));
  const { alhambra, gates, modules = [] } = drawingRequest(game.drawings[player], {}, counted);
  const body = {
    round: game.round, players: [{ name: playerName(game, player), alhambra, ...(gates ? { gates } : {}) }],
  };
  if (modules.length) body.modules = modules;
  if (modules.includes('invaders')) body.attack = round.attack;
  const [score] = (await post('/v1/scores', body)).players;
  const part = (module) => (counted.includes(module) ? score.modules[module] : null);
  const members = {};
  if (part('treasure')) members.chests = part('treasure').chests;
  if (part('street_traders')) {
    members.residents = { ...Object.fromEntries(BUILDINGS.map((b) => [b, 0])), ...part('street_traders').residents };
  }
  if (part('invaders')) members.exposed = { facing: part('invaders').facing, beside: part('invaders').beside ?? 0 };
  if (part('camps')) members.camp_points = part('camps').points;
  if (part('bazaars')) members.bazaar_points = part('bazaars').points;
  return {
    counts: BUILDINGS.map((b) => score.majorities[b].count), wall: score.wall, members,
    attackMissing: game.modules.includes('invaders') && round.attack === null,
  };
}

/** A table of counts in words, as a list within a sentence: "garden 2, tower 1, longest
 *  wall 4". */
export function entriesText(counts, wallLength) {
  const parts = BUILDINGS
    .flatMap((b, index) => (counts[index] ? [`${buildingName(b)} ${counts[index]}`] : []));
  if (wallLength) parts.push(`${t('entry.wall')} ${wallLength}`);
  return parts.join(', ');
}

/** A player's members in words, those of `members` only: "chests 1, camp points 2". */
function membersText(members) {
  const parts = [];
  Object.entries(members).forEach(([member, value]) => {
    if (member === 'residents') {
      BUILDINGS.forEach((b) => {
        if (value[b]) parts.push(`${t('entry.resident', { building: buildingName(b) })} ${value[b]}`);
      });
    } else if (member === 'exposed') {
      ['facing', 'beside'].forEach((side) => { if (value[side]) parts.push(`${t(`entry.${side}`)} ${value[side]}`); });
    } else if (value) {
      parts.push(`${t(`entry.${member}`)} ${value}`);
    }
  });
  return parts.join(', ');
}

/** Take `player`'s entries of the round on show from their drawing, saying what happened in
 *  `status`: counted by the server, then copied once the player agrees to what they replace
 *  (the entries typed; a scored round's points are kept on show, marked as changed, and a game
 *  kept in Past games changes only when it is scored again, which asks first). */
export async function useDrawing(player, status) {
  const game = currentGame();
  const name = game.names[player];
  const round = currentRound(game);
  let counted;
  status.textContent = t('build.checking');
  try {
    counted = await countedByTheServer(game, player);
  } catch (error) {
    status.textContent = error.describe();
    return;
  }
  if (currentGame() !== game) { // the game changed while the server counted: ask again
    status.textContent = '';
    return;
  }
  const { counts, wall, members, attackMissing } = counted;
  const entered = round.members[player];
  const enteredMembers = Object.fromEntries(Object.keys(members).map((m) => [m, entered[m]]));
  const same = round.walls[player] === wall
    && round.counts[player].every((count, index) => count === counts[index])
    && JSON.stringify(enteredMembers) === JSON.stringify({ ...enteredMembers, ...members });
  const attackNote = attackMissing ? ` ${t('build.use_no_attack', { n: game.round })}` : '';
  if (same) {
    status.textContent = t('build.use_same', { name, n: game.round }) + attackNote;
    return;
  }
  const lost = [];
  const entries = [entriesText(round.counts[player], round.walls[player]), membersText(enteredMembers)]
    .filter(Boolean).join(', ');
  if (entries) lost.push(t('lost.player_entries', { name, n: game.round, entries }));
  const notes = [];
  if (round.result) notes.push(t('build.use_scored', { n: game.round }));
  const kept = keptAs(game);
  if (kept) notes.push(t('past.changes_when_scored', { date: dateText(kept.at), n: game.round }));
  if (lost.length && !(await confirmLoss({
    question: t('build.use_confirm', { name, n: game.round }), lost, notes, action: t('build.use_action'),
  }))) {
    status.textContent = t('build.use_kept', { name, n: game.round });
    return;
  }
  update({ type: 'entries', player, counts, wall, members });
  const copied = Object.keys(members).length ? 'build.used_pieces' : 'build.used';
  status.textContent = t(round.result ? `${copied}_rescore` : copied, { name, n: game.round })
    + attackNote;
}
