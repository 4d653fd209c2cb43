/**
 * Pilots: gacha pulls (standard and the limited pool of the period, with pity), the eleven card
 * operations (types 0-10) with their costs and returns, and skins (shop, events that expire,
 * the battle pass).
 */
import type { LogEvent } from '@gm/contract/log-catalogue.ts';
import { DAY_MS } from './display-time.ts';
import {
  CARDS_BY_RARITY,
  EVENT_SKINS,
  GACHA_PITY,
  GACHA_RATES,
  GACHA_SINGLE_COST,
  ITEM,
  SHOP_SKINS,
  SKINS,
  STANDARD_POOL,
  cardDef,
  itemDef,
  type CardDef,
  type CurrencyId,
} from './game-content.ts';
import type { CardState } from './player-ledger.ts';
import type { PlayerSim } from './player-state.ts';
import { limitedPoolAt } from './run-context.ts';

/** An item stack of the catalogue's `itemStacks` JSON shape. */
type Stack = { item_type: number; item_id: string; num: number };

/** Item stacks of card costs and returns: `item_type` is the item-log category, 0 for a currency. */
const itemStack = (sourceId: string, num: number): Stack => ({ item_type: itemDef(sourceId).category ?? 0, item_id: sourceId, num });
const goldStack = (num: number): Stack => ({ item_type: 0, item_id: 'gold', num });

// Gacha -----------------------------------------------------------------------------------------

function drawOne(p: PlayerSim, family: 'standard' | 'limited', featured: CardDef | null, guaranteeSr: boolean): CardDef {
  p.pity[family] += 1;
  const r = p.rng.next();
  let rarity: 3 | 4 | 5 = r < GACHA_RATES.ssr ? 5 : r < GACHA_RATES.ssr + GACHA_RATES.sr ? 4 : 3;
  if (p.pity[family] >= GACHA_PITY) rarity = 5;
  if (rarity === 3 && guaranteeSr) rarity = 4;
  if (rarity === 5) {
    p.pity[family] = 0;
    if (featured && p.rng.chance(0.5)) return featured;
  }
  return p.rng.pick(CARDS_BY_RARITY[rarity]);
}

/**
 * Pulls once or ten times when the role can pay: recruit tickets first, then bonus crystals,
 * then (for those who pay) recharge crystals.
 */
export function pullGacha(p: PlayerSim): boolean {
  const ten = 10 * GACHA_SINGLE_COST;
  const tickets = p.ledger.has(ITEM.recruitTicket);
  const { free_crystal: free, paid_crystal: paid } = p.ledger.currency;
  let draws: number;
  let cost: { kind: 'item'; id: string; n: number } | { kind: 'currency'; id: CurrencyId; n: number };
  if (tickets >= 10) {
    draws = 10;
    cost = { kind: 'item', id: ITEM.recruitTicket, n: 10 };
  } else if (free >= ten) {
    draws = 10;
    cost = { kind: 'currency', id: 'free_crystal', n: ten };
  } else if (paid >= ten && p.profile.payer !== 'none') {
    draws = 10;
    cost = { kind: 'currency', id: 'paid_crystal', n: ten };
  } else if (tickets >= 1) {
    draws = 1;
    cost = { kind: 'item', id: ITEM.recruitTicket, n: 1 };
  } else if (free >= GACHA_SINGLE_COST && p.rng.chance(0.5)) {
    draws = 1;
    cost = { kind: 'currency', id: 'free_crystal', n: GACHA_SINGLE_COST };
  } else {
    return false;
  }
  const limited = p.rng.chance(0.75) ? limitedPoolAt(p.run, p.sink.t) : null;
  const pool = limited ?? { ...STANDARD_POOL, featured: null };
  const family = limited ? 'limited' : 'standard';
  if (cost.kind === 'item') p.ledger.spendItem(cost.id, cost.n, 'gacha', pool.id);
  else p.ledger.spendCurrency(cost.id, cost.n, 'gacha', pool.id);

  const cards: CardDef[] = [];
  for (let d = 0; d < draws; d += 1) {
    const needSr = draws === 10 && d === 9 && cards.every((c) => c.rarity === 3);
    cards.push(drawOne(p, family, pool.featured, needSr));
  }
  const owned = new Set(p.ledger.cards.keys());
  const results = cards.map((c) => {
    const isNew = !owned.has(c.id);
    owned.add(c.id);
    return { card_id: c.id, rarity: c.rarity, is_new: isNew };
  });
  p.sink.advance(p.rng.int(5, 25) * 1000);
  p.sink.emit('gacha', {
    pool_id: pool.id,
    pool_name: pool.name,
    draw_count: draws,
    cost_id: cost.id,
    cost_num: cost.n,
    pity_count: p.pity[family],
    highest_rarity: Math.max(...cards.map((c) => c.rarity)),
    results,
  });
  for (const c of cards) p.ledger.gainCard(c.id, 'gacha', pool.id);
  return true;
}

// Card operations -------------------------------------------------------------------------------

interface Operation {
  type: LogEvent<'cardOp'>['op_type'];
  weight: number;
  /** The operation on this card, or null when it cannot be done. */
  plan(p: PlayerSim, card: CardState, def: CardDef): { before: number; after: number; cost: Stack[]; gain: Stack[]; apply(): void } | null;
}

const OPERATIONS: readonly Operation[] = [
  {
    type: 0, // upgrade
    weight: 40,
    plan(p, card) {
      const steps = Math.min(p.rng.int(1, 5), Math.min(p.level, 80) - card.level);
      if (steps <= 0) return null;
      return { before: card.level, after: card.level + steps, cost: [itemStack(ITEM.driverExpChip, 2 * steps), goldStack(300 * steps * card.level)], gain: [], apply: () => void (card.level += steps) };
    },
  },
  {
    type: 1, // disenchant a spare copy of an R pilot
    weight: 6,
    plan(_p, card, def) {
      if (def.rarity !== 3 || card.copies < 2) return null;
      return { before: card.copies, after: card.copies - 1, cost: [], gain: [itemStack(ITEM.alloyPlate, 5)], apply: () => undefined };
    },
  },
  {
    type: 2, // advance, using a spare copy
    weight: 10,
    plan(_p, card) {
      if (card.copies < 2 || card.stage >= 5) return null;
      return { before: card.stage, after: card.stage + 1, cost: [itemStack(ITEM.alloyPlate, 8 * (card.stage + 1)), goldStack(2000)], gain: [], apply: () => void (card.stage += 1) };
    },
  },
  {
    type: 3, // skill upgrade
    weight: 15,
    plan(_p, card) {
      if (card.skill >= 10) return null;
      return { before: card.skill, after: card.skill + 1, cost: [itemStack(ITEM.nanoFiber, 4 * card.skill), goldStack(1000)], gain: [], apply: () => void (card.skill += 1) };
    },
  },
  {
    type: 4, // evolve
    weight: 5,
    plan(_p, card) {
      if (card.level < 20 || card.evolution >= 3) return null;
      return { before: card.evolution, after: card.evolution + 1, cost: [itemStack(ITEM.quantumCore, 1), goldStack(5000)], gain: [], apply: () => void (card.evolution += 1) };
    },
  },
  {
    type: 5, // reconstruct: reroll the pilot's traits
    weight: 3,
    plan(p, card) {
      if (card.level < 10) return null;
      const trait = 1 + ((card.trait + p.rng.int(0, 10)) % 12);
      return { before: card.trait, after: trait, cost: [itemStack(ITEM.nanoFiber, 10)], gain: [], apply: () => void (card.trait = trait) };
    },
  },
  {
    type: 6, // pre-evolve: prepare the next evolution
    weight: 3,
    plan(_p, card) {
      if (card.level < 15 || card.evolution >= 3) return null;
      return { before: card.evolution * 10, after: card.evolution * 10 + 5, cost: [itemStack(ITEM.alloyPlate, 15)], gain: [], apply: () => undefined };
    },
  },
  {
    type: 7, // choose face
    weight: 5,
    plan(p, card) {
      const face = (card.face + p.rng.int(1, 3)) % 4;
      return { before: card.face, after: face, cost: [], gain: [], apply: () => void (card.face = face) };
    },
  },
  {
    type: 8, // face level
    weight: 4,
    plan(_p, card) {
      if (card.faceLevel >= 5) return null;
      return { before: card.faceLevel, after: card.faceLevel + 1, cost: [itemStack(ITEM.alloyPlate, 5), goldStack(800)], gain: [], apply: () => void (card.faceLevel += 1) };
    },
  },
  {
    type: 9, // unlock SP evolution (5-star pilots)
    weight: 3,
    plan(_p, card, def) {
      if (def.rarity < 5 || card.spUnlocked || card.level < 20) return null;
      return { before: 0, after: 1, cost: [itemStack(ITEM.quantumCore, 2)], gain: [], apply: () => void (card.spUnlocked = true) };
    },
  },
  {
    type: 10, // reset evolution: cores come back
    weight: 2,
    plan(_p, card) {
      if (card.evolution < 1) return null;
      const back = card.evolution;
      return {
        before: card.evolution,
        after: 0,
        cost: [],
        gain: [itemStack(ITEM.quantumCore, back)],
        apply: () => {
          card.evolution = 0;
          card.spUnlocked = false;
        },
      };
    },
  },
];
const TOTAL_WEIGHT = OPERATIONS.reduce((sum, o) => sum + o.weight, 0);

function affordable(p: PlayerSim, cost: readonly Stack[]): boolean {
  return cost.every((s) => (s.item_id === 'gold' ? p.ledger.currency.gold >= s.num : p.ledger.has(s.item_id) >= s.num));
}

/** One card operation on one of the role's pilots, paying its cost first. */
export function operateCard(p: PlayerSim): boolean {
  if (p.ledger.cards.size === 0) return false;
  const cardIds = [...p.ledger.cards.keys()];
  const cardId = p.rng.chance(0.6) ? (p.ledger.team(3)[0] ?? p.rng.pick(cardIds)) : p.rng.pick(cardIds);
  const card = p.ledger.cards.get(cardId) as CardState;
  const def = cardDef(cardId);
  let roll = p.rng.next() * TOTAL_WEIGHT;
  const op = OPERATIONS.find((o) => (roll -= o.weight) < 0) ?? OPERATIONS[0];
  if (!op) return false;
  const plan = op.plan(p, card, def);
  if (!plan || !affordable(p, plan.cost)) return false;
  const subreason = `op_${op.type}`;
  for (const s of plan.cost) {
    if (s.item_id === 'gold') p.ledger.spendCurrency('gold', s.num, 'card_op', subreason);
    else p.ledger.spendItem(s.item_id, s.num, 'card_op', subreason);
  }
  if (op.type === 1 || op.type === 2) p.ledger.loseCard(cardId, 'card_op', subreason);
  p.sink.advance(p.rng.int(2, 10) * 1000);
  p.sink.emit('cardOp', { card_id: cardId, card_name: def.name, op_type: op.type, before_value: plan.before, after_value: plan.after, cost_items: plan.cost, gain_items: plan.gain });
  plan.apply();
  for (const s of plan.gain) p.ledger.gainItem(s.item_id, s.num, 'card_op', subreason);
  return true;
}

// Skins -----------------------------------------------------------------------------------------

/** A shop skin bought with recharge crystals (spenders, now and then). */
export function buySkin(p: PlayerSim): boolean {
  const wanted = SHOP_SKINS.filter((s) => !p.ledger.skins.has(s.id));
  if (wanted.length === 0) return false;
  const skin = p.rng.pick(wanted);
  const price = skin.price ?? 0;
  if (!p.ledger.spendCurrency('paid_crystal', price, 'shop', skin.id)) return false;
  p.ledger.gainSkin(skin, 0, 'shop', skin.id);
  return true;
}

/** The event skin of the limited-time event (days 40 %-60 % of the history), lasting 14 days after it. */
export function eventSkin(p: PlayerSim): void {
  const from = p.run.windowStart + Math.floor(p.run.days * 0.4) * DAY_MS;
  const to = from + 7 * DAY_MS;
  const at = p.sink.t;
  if (at < from || at >= to) return;
  const skin = EVENT_SKINS[Math.floor((from / DAY_MS) % EVENT_SKINS.length)] ?? EVENT_SKINS[0];
  if (!skin || p.ledger.skins.has(skin.id) || p.level < 10) return;
  p.ledger.gainSkin(skin, to + 14 * DAY_MS, 'event', 'limited_event');
}

/** Skins past their time are taken back when the role next signs in. */
export function expireSkins(p: PlayerSim): void {
  for (const [id, expireAt] of [...p.ledger.skins]) {
    if (expireAt !== 0 && expireAt <= p.sink.t) {
      const skin = SKINS.find((s) => s.id === id);
      if (skin) p.ledger.loseSkin(skin, 'expired');
    }
  }
}
