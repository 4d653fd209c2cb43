/**
 * Playing the game: stamina, story and elite stages with their battle progress, daily
 * dungeons, sweeps, the tower, the arena, daily tasks, the union, and equipment drops,
 * upgrades and dismantling. Each writes the stage, battle-progress, stamina, currency, item and
 * equipment events it causes.
 */
import { DAILY_STAGES, ENERGY_COST, EQUIPMENT, ITEM, MAIN_STAGES, STAGES_PER_CHAPTER, UNION_NAMES, mainStage } from './game-content.ts';
import { addExp, ENERGY_REGEN_MS, energyCap, type PlayerSim } from './player-state.ts';

type BattleResult = 1 | 2 | 3 | 4;
const VICTORY = 1;
const DEFEAT = 2;
const WITHDRAWAL = 3;
const TIMEOUT = 4;

function battleResult(p: PlayerSim, winChance: number): BattleResult {
  const r = p.rng.next();
  if (r < winChance) return VICTORY;
  const rest = (r - winChance) / (1 - winChance);
  if (rest < 0.62) return DEFEAT;
  if (rest < 0.85) return WITHDRAWAL;
  return TIMEOUT;
}

function duration(p: PlayerSim, result: BattleResult, base: number): number {
  switch (result) {
    case VICTORY:
      return p.rng.int(base, base * 3);
    case DEFEAT:
      return p.rng.int(Math.round(base * 0.6), base * 3);
    case WITHDRAWAL:
      return p.rng.int(8, base);
    case TIMEOUT:
      return 300;
  }
}

function stars(p: PlayerSim, result: BattleResult): number {
  if (result !== VICTORY) return 0;
  const r = p.rng.next();
  return r < 0.62 ? 3 : r < 0.9 ? 2 : 1;
}

// Stamina --------------------------------------------------------------------------------------

/** Regeneration since it was last topped up, logged at sign-in as the game computes it. */
export function regenerateEnergy(p: PlayerSim): void {
  const cap = energyCap(p.level);
  const gained = Math.floor((p.sink.t - p.energyAt) / ENERGY_REGEN_MS);
  if (p.ledger.energy < cap && gained > 0) p.ledger.changeEnergy(Math.min(gained, cap - p.ledger.energy), 'regen');
  p.energyAt = p.sink.t;
}

/** Makes sure `cost` energy is there: a potion, or bought with bonus crystals by the keen. */
function ensureEnergy(p: PlayerSim, cost: number): boolean {
  if (p.ledger.energy >= cost) return true;
  if (p.ledger.has(ITEM.energyPotion) > 0 && p.rng.chance(0.7)) {
    p.ledger.spendItem(ITEM.energyPotion, 1, 'use_item', 'energy');
    p.ledger.changeEnergy(60, 'item', ITEM.energyPotion);
    return p.ledger.energy >= cost;
  }
  const keen = p.profile.core || p.profile.payer !== 'none';
  if (keen && p.daily.energyBuys < 2 && p.rng.chance(0.5)) {
    const price = 50 * (p.daily.energyBuys + 1);
    const paid = p.ledger.spendCurrency('free_crystal', price, 'buy_energy') || p.ledger.spendCurrency('paid_crystal', price, 'buy_energy');
    if (paid) {
      p.daily.energyBuys += 1;
      p.ledger.changeEnergy(60, 'buy');
      return p.ledger.energy >= cost;
    }
  }
  return false;
}

// Stages ---------------------------------------------------------------------------------------

function rewardStage(p: PlayerSim, stageId: string, weight: number, firstClear: boolean): void {
  p.ledger.gainCurrency('gold', Math.round((80 + 12 * weight) * (0.8 + p.rng.next() * 0.4)), 'stage', stageId);
  addExp(p, Math.round(40 + 7 * weight));
  if (p.rng.chance(0.45)) p.ledger.gainItem(p.rng.chance(0.6) ? ITEM.driverExpChip : ITEM.alloyPlate, p.rng.int(1, 3), 'stage', stageId);
  if (firstClear) {
    p.ledger.gainCurrency('free_crystal', 10, 'first_clear', stageId);
    // The last stage of a chapter gives a piece of equipment.
    if (weight % STAGES_PER_CHAPTER === 0) p.ledger.gainEquipment(p.rng.pick(EQUIPMENT).sourceId, 'chapter_clear', stageId);
  }
}

function battleProgress(p: PlayerSim, chapterId: string, stageId: string, result: BattleResult, seconds: number, starCount: number, team: string[], waves: number): void {
  p.battleSeq += 1;
  const wave = result === VICTORY ? waves : result === WITHDRAWAL ? p.rng.int(1, Math.max(1, waves - 1)) : p.rng.int(1, waves);
  p.sink.emit('battleProgress', {
    battle_id: `${p.roleId}-B${p.battleSeq}`,
    chapter_id: chapterId,
    stage_id: stageId,
    wave,
    total_waves: waves,
    battle_result: result,
    duration_seconds: seconds,
    stars: starCount,
    team,
  });
}

/** The next story stage, if the role's level allows it. */
function storyUnlocked(p: PlayerSim): boolean {
  return p.story < MAIN_STAGES && p.level >= 1 + Math.floor(p.story * 0.5);
}

export function playStory(p: PlayerSim): boolean {
  if (!storyUnlocked(p) || !ensureEnergy(p, ENERGY_COST.main)) return false;
  const n = p.story + 1;
  const { chapterId, stageId } = mainStage(n);
  p.ledger.changeEnergy(-ENERGY_COST.main, 'stage', stageId);
  const result = battleResult(p, 0.84 - 0.2 * (n / MAIN_STAGES));
  const seconds = duration(p, result, 45);
  const team = p.ledger.team(4);
  p.sink.advance(seconds * 1000);
  const starCount = stars(p, result);
  const first = result === VICTORY;
  p.sink.emit('stage', { stage_id: stageId, stage_type: 'main', battle_result: result, duration_seconds: seconds, stars: starCount, is_first_clear: first, is_sweep: false, team });
  battleProgress(p, chapterId, stageId, result, seconds, starCount, team, 3);
  if (first) {
    p.story = n;
    rewardStage(p, stageId, n, true);
  }
  return true;
}

export function playElite(p: PlayerSim): boolean {
  if (p.story < STAGES_PER_CHAPTER || !ensureEnergy(p, ENERGY_COST.elite)) return false;
  const n = p.rng.int(1, p.story);
  const { chapterId, stageId } = mainStage(n);
  const eliteId = `${stageId}-H`;
  p.ledger.changeEnergy(-ENERGY_COST.elite, 'stage', eliteId);
  const result = battleResult(p, 0.7);
  const seconds = duration(p, result, 70);
  const team = p.ledger.team(5);
  p.sink.advance(seconds * 1000);
  const starCount = stars(p, result);
  p.sink.emit('stage', { stage_id: eliteId, stage_type: 'elite', battle_result: result, duration_seconds: seconds, stars: starCount, is_first_clear: false, is_sweep: false, team });
  battleProgress(p, chapterId, eliteId, result, seconds, starCount, team, 5);
  if (result === VICTORY) {
    rewardStage(p, eliteId, n + 10, false);
    if (p.rng.chance(0.1)) dropEquipment(p, eliteId);
    if (p.rng.chance(0.12)) p.ledger.gainItem(ITEM.quantumCore, 1, 'stage', eliteId);
  }
  return true;
}

export function playDungeon(p: PlayerSim): boolean {
  if (p.level < 8 || p.daily.dungeons >= 6 || !ensureEnergy(p, ENERGY_COST.daily)) return false;
  const dungeon = p.rng.pick(DAILY_STAGES);
  p.daily.dungeons += 1;
  p.ledger.changeEnergy(-ENERGY_COST.daily, 'stage', dungeon.id);
  const result = battleResult(p, 0.9);
  const seconds = duration(p, result, 40);
  p.sink.advance(seconds * 1000);
  p.sink.emit('stage', {
    stage_id: dungeon.id,
    stage_type: 'daily',
    battle_result: result,
    duration_seconds: seconds,
    stars: stars(p, result),
    is_first_clear: false,
    is_sweep: false,
    team: p.ledger.team(4),
  });
  if (result === VICTORY) {
    if (dungeon.reward === 'gold') p.ledger.gainCurrency('gold', 1500 + 40 * p.level, 'dungeon', dungeon.id);
    else p.ledger.gainItem(dungeon.reward, p.rng.int(3, 8), 'dungeon', dungeon.id);
    addExp(p, 30 + 3 * p.level);
    if (p.rng.chance(0.05)) dropEquipment(p, dungeon.id);
  }
  return true;
}

export function sweep(p: PlayerSim): boolean {
  if (p.story < 3 || p.ledger.has(ITEM.sweepScroll) === 0 || !ensureEnergy(p, ENERGY_COST.main)) return false;
  const n = p.rng.int(1, p.story);
  const { stageId } = mainStage(n);
  p.ledger.spendItem(ITEM.sweepScroll, 1, 'sweep', stageId);
  p.ledger.changeEnergy(-ENERGY_COST.main, 'stage', stageId);
  p.sink.advance(p.rng.int(1, 3) * 1000);
  p.sink.emit('stage', { stage_id: stageId, stage_type: 'main', battle_result: VICTORY, duration_seconds: 0, stars: 3, is_first_clear: false, is_sweep: true, team: p.ledger.team(4) });
  rewardStage(p, stageId, n, false);
  return true;
}

export function climbTower(p: PlayerSim): boolean {
  if (p.level < 12) return false;
  const floor = p.towerFloor + 1;
  const stageId = `T-${String(floor).padStart(3, '0')}`;
  const result = battleResult(p, Math.max(0.35, 0.9 - floor * 0.012));
  const seconds = duration(p, result, 60);
  const team = p.ledger.team(5);
  p.sink.advance(seconds * 1000);
  const starCount = stars(p, result);
  p.sink.emit('stage', { stage_id: stageId, stage_type: 'tower', battle_result: result, duration_seconds: seconds, stars: starCount, is_first_clear: result === VICTORY, is_sweep: false, team });
  battleProgress(p, 'TOWER', stageId, result, seconds, starCount, team, 4);
  if (result === VICTORY) {
    p.towerFloor = floor;
    p.ledger.gainCurrency('gold', 300 + 25 * floor, 'tower', stageId);
    if (floor % 5 === 0) p.ledger.gainCurrency('free_crystal', 30, 'tower', stageId);
    if (floor % 10 === 0) p.ledger.gainItem(ITEM.quantumCore, 1, 'tower', stageId);
  }
  return true;
}

export function fightArena(p: PlayerSim): boolean {
  if (p.level < 15 || p.daily.arena >= 5) return false;
  p.daily.arena += 1;
  if (p.pvpScore === 0) p.pvpScore = 1000;
  const result = battleResult(p, 0.52);
  const seconds = duration(p, result, 50);
  p.sink.advance(seconds * 1000);
  p.sink.emit('stage', { stage_id: 'ARENA', stage_type: 'arena', battle_result: result, duration_seconds: seconds, stars: 0, is_first_clear: false, is_sweep: false, team: p.ledger.team(5) });
  if (result === VICTORY) {
    p.pvpScore += p.rng.int(15, 25);
    p.ledger.gainCurrency('gold', 200, 'arena');
  } else {
    p.pvpScore = Math.max(0, p.pvpScore - p.rng.int(8, 18));
  }
  return true;
}

/** The daily tasks' rewards, once a day, after some play. */
export function claimDailyTasks(p: PlayerSim): boolean {
  if (p.daily.tasks) return false;
  p.daily.tasks = true;
  p.ledger.gainCurrency('gold', 1000 + 20 * p.level, 'daily_task');
  p.ledger.gainCurrency('free_crystal', 60, 'daily_task');
  p.ledger.gainItem(ITEM.sweepScroll, 3, 'daily_task');
  addExp(p, 200 + 15 * p.level);
  return true;
}

// Union -----------------------------------------------------------------------------------------

export function unionDaily(p: PlayerSim): void {
  if (p.unionName === null && p.joinsUnion && p.level >= 12) p.unionName = p.rng.pick(UNION_NAMES);
  if (p.unionName === null || p.daily.checkIn) return;
  p.daily.checkIn = true;
  p.ledger.gainCurrency('union_coin', p.rng.int(20, 50), 'union_checkin');
  if (p.ledger.currency.union_coin >= 200 && p.rng.chance(0.3)) {
    p.ledger.spendCurrency('union_coin', 200, 'union_shop');
    p.ledger.gainItem(ITEM.nanoFiber, 10, 'union_shop');
  }
}

// Equipment -------------------------------------------------------------------------------------

function dropEquipment(p: PlayerSim, from: string): void {
  const roll = p.rng.next();
  const pool = EQUIPMENT.filter((e) => (roll < 0.7 ? e.rarity <= 3 : roll < 0.95 ? e.rarity === 4 : e.rarity >= 5));
  const def = pool.length > 0 ? p.rng.pick(pool) : p.rng.pick(EQUIPMENT);
  p.ledger.gainEquipment(def.sourceId, 'stage_drop', from);
}

/** Upgrades a piece (gold and alloy), or dismantles the weakest when the bag is full. */
export function tendEquipment(p: PlayerSim): boolean {
  const owned = [...p.ledger.equipment.entries()];
  if (owned.length === 0) return false;
  if (owned.length > 8) {
    const [uid, weakest] = owned.reduce((low, e) => (e[1].level < low[1].level ? e : low));
    p.ledger.loseEquipment(uid, 'dismantle');
    // Weapons give back more alloy than chips.
    p.ledger.gainItem(ITEM.alloyPlate, weakest.sourceId.startsWith('2') ? 6 : 3, 'dismantle', uid);
    return true;
  }
  const [uid, piece] = p.rng.pick(owned);
  const gold = 400 * piece.level;
  if (piece.level >= Math.min(60, p.level) || p.ledger.currency.gold < gold || p.ledger.has(ITEM.alloyPlate) < 2) return false;
  p.ledger.spendCurrency('gold', gold, 'equip_enhance', uid);
  p.ledger.spendItem(ITEM.alloyPlate, 2, 'equip_enhance', uid);
  piece.level += 1;
  p.sink.advance(p.rng.int(3, 15) * 1000);
  return true;
}
