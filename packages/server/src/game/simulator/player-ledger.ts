/**
 * A role's holdings during the simulation: currencies, bag items, stamina, pilots (cards),
 * equipment and skins. Every change goes through here and is logged as it happens, so each
 * currency, item and stamina record has `before + change = after`, and the last `after` is what
 * the world row ends with.
 */
import type { Grant } from '@gm/contract/game-commands.contract.ts';
import { CURRENCIES, GRANT_CURRENCY, cardDef, itemDef, type CurrencyId, type SkinDef } from './game-content.ts';
import type { EventSink } from './log-events.ts';

export interface CardState {
  copies: number;
  level: number;
  skill: number;
  stage: number;
  evolution: number;
  /** The trait set a reconstruct rolls (1-12). */
  trait: number;
  face: number;
  faceLevel: number;
  spUnlocked: boolean;
}

export interface EquipmentState {
  sourceId: string;
  level: number;
}

export interface BagStack {
  current: number;
  /** Obtained in all (the bag's `number`). */
  obtained: number;
  updatedAt: number;
}

const GAIN = 1;
const CONSUME = 2;

export class Ledger {
  readonly currency: Record<CurrencyId, number> = { paid_crystal: 0, free_crystal: 0, union_coin: 0, gold: 0 };
  readonly bag = new Map<string, BagStack>();
  readonly cards = new Map<string, CardState>();
  readonly equipment = new Map<string, EquipmentState>();
  /** Skin id -> expiry (0 = permanent). */
  readonly skins = new Map<string, number>();
  energy = 0;
  #equipSeq = 0;
  readonly #sink: EventSink;

  constructor(sink: EventSink) {
    this.#sink = sink;
  }

  // Currencies ---------------------------------------------------------------------------------

  gainCurrency(id: CurrencyId, n: number, reason: string, subreason = '', relatedOrder = ''): void {
    if (n <= 0) return;
    const def = CURRENCIES[id];
    const before = this.currency[id];
    this.currency[id] = before + n;
    this.#sink.emit('currency', {
      act_type: GAIN,
      gold_id: id,
      gold_name: def.name,
      gold_type: def.type,
      gold_num: n,
      before_count: before,
      after_count: before + n,
      reason,
      subreason,
      related_order: relatedOrder,
    });
  }

  /** Spends if the role has enough; false (and nothing logged) otherwise. */
  spendCurrency(id: CurrencyId, n: number, reason: string, subreason = '', relatedOrder = ''): boolean {
    const before = this.currency[id];
    if (n <= 0 || before < n) return false;
    const def = CURRENCIES[id];
    this.currency[id] = before - n;
    this.#sink.emit('currency', {
      act_type: CONSUME,
      gold_id: id,
      gold_name: def.name,
      gold_type: def.type,
      gold_num: n,
      before_count: before,
      after_count: before - n,
      reason,
      subreason,
      related_order: relatedOrder,
    });
    return true;
  }

  // Bag items (props and materials; weapons and chips are equipment) -------------------------

  has(sourceId: string): number {
    return this.bag.get(sourceId)?.current ?? 0;
  }

  gainItem(sourceId: string, n: number, reason: string, subreason = ''): void {
    if (n <= 0) return;
    const def = itemDef(sourceId);
    const category = def.category;
    if (category === null) throw new Error(`${sourceId} is equipment`);
    const stack = this.bag.get(sourceId) ?? { current: 0, obtained: 0, updatedAt: 0 };
    const before = stack.current;
    stack.current += n;
    stack.obtained += n;
    stack.updatedAt = this.#sink.t;
    this.bag.set(sourceId, stack);
    this.#sink.emit('item', {
      item_id: sourceId,
      item_name: def.name,
      item_category: category,
      change_num: n,
      before_count: before,
      after_count: before + n,
      reason,
      subreason,
    });
  }

  spendItem(sourceId: string, n: number, reason: string, subreason = ''): boolean {
    const stack = this.bag.get(sourceId);
    if (n <= 0 || !stack || stack.current < n) return false;
    const def = itemDef(sourceId);
    if (def.category === null) throw new Error(`${sourceId} is equipment`);
    const before = stack.current;
    stack.current -= n;
    stack.updatedAt = this.#sink.t;
    this.#sink.emit('item', {
      item_id: sourceId,
      item_name: def.name,
      item_category: def.category,
      change_num: -n,
      before_count: before,
      after_count: before - n,
      reason,
      subreason,
    });
    return true;
  }

  /** Applies a world grant list (a product's goods, a mail's attachments). */
  grant(grants: readonly Grant[], reason: string, subreason: string, relatedOrder = ''): void {
    for (const g of grants) {
      if (g.kind === 'currency') this.gainCurrency(GRANT_CURRENCY[g.currency], g.quantity, reason, subreason, relatedOrder);
      else if (g.itemType === 'weapon' || g.itemType === 'chip') for (let n = 0; n < g.quantity; n += 1) this.gainEquipment(g.sourceId, reason, subreason);
      else this.gainItem(g.sourceId, g.quantity, reason, subreason);
    }
  }

  // Stamina -------------------------------------------------------------------------------------

  changeEnergy(delta: number, reason: string, subreason = ''): void {
    if (delta === 0) return;
    const before = this.energy;
    this.energy = before + delta;
    this.#sink.emit('stamina', { change_num: delta, before_count: before, after_count: before + delta, reason, subreason });
  }

  // Pilots (cards) ------------------------------------------------------------------------------

  gainCard(cardId: string, reason: string, subreason = ''): { isNew: boolean } {
    const def = cardDef(cardId);
    const state = this.cards.get(cardId);
    if (state) state.copies += 1;
    else this.cards.set(cardId, { copies: 1, level: 1, skill: 1, stage: 0, evolution: 0, trait: 1, face: 0, faceLevel: 0, spUnlocked: false });
    const now = this.cards.get(cardId) as CardState;
    this.#sink.emit('card', { card_id: cardId, card_name: def.name, rarity: def.rarity, act_type: GAIN, card_num: 1, card_level: now.level, reason, subreason });
    return { isNew: !state };
  }

  /** Gives up one copy (or the card, when it is the last). */
  loseCard(cardId: string, reason: string, subreason = ''): void {
    const state = this.cards.get(cardId);
    if (!state) return;
    const def = cardDef(cardId);
    this.#sink.emit('card', { card_id: cardId, card_name: def.name, rarity: def.rarity, act_type: CONSUME, card_num: 1, card_level: state.level, reason, subreason });
    state.copies -= 1;
    if (state.copies <= 0) this.cards.delete(cardId);
  }

  /** The strongest pilots, as a battle team. */
  team(size: number): string[] {
    return [...this.cards.entries()]
      .sort((a, b) => b[1].level - a[1].level || cardDef(b[0]).rarity - cardDef(a[0]).rarity || (a[0] < b[0] ? -1 : 1))
      .slice(0, size)
      .map(([id]) => id);
  }

  // Equipment -----------------------------------------------------------------------------------

  gainEquipment(sourceId: string, reason: string, subreason = ''): string {
    const def = itemDef(sourceId);
    this.#equipSeq += 1;
    const uid = `${this.#sink.ctx.roleId}-E${this.#equipSeq}`;
    this.equipment.set(uid, { sourceId, level: 1 });
    const stack = this.bag.get(sourceId) ?? { current: 0, obtained: 0, updatedAt: 0 };
    stack.current += 1;
    stack.obtained += 1;
    stack.updatedAt = this.#sink.t;
    this.bag.set(sourceId, stack);
    this.#sink.emit('equipment', { equip_uid: uid, equip_id: sourceId, equip_name: def.name, equip_rarity: def.rarity, equip_level: 1, act_type: GAIN, reason, subreason });
    return uid;
  }

  loseEquipment(uid: string, reason: string, subreason = ''): void {
    const state = this.equipment.get(uid);
    if (!state) return;
    const def = itemDef(state.sourceId);
    this.#sink.emit('equipment', {
      equip_uid: uid,
      equip_id: state.sourceId,
      equip_name: def.name,
      equip_rarity: def.rarity,
      equip_level: state.level,
      act_type: CONSUME,
      reason,
      subreason,
    });
    this.equipment.delete(uid);
    const stack = this.bag.get(state.sourceId);
    if (stack) {
      stack.current -= 1;
      stack.updatedAt = this.#sink.t;
    }
  }

  // Skins ---------------------------------------------------------------------------------------

  gainSkin(skin: SkinDef, expireAt: number, reason: string, subreason = ''): void {
    this.skins.set(skin.id, expireAt);
    this.#sink.emit('skin', { driver_id: skin.driverId, skin_id: skin.id, skin_name: skin.name, act_type: GAIN, expire_time: expireAt, reason, subreason });
  }

  loseSkin(skin: SkinDef, reason: string, subreason = ''): void {
    const expireAt = this.skins.get(skin.id);
    if (expireAt === undefined) return;
    this.skins.delete(skin.id);
    this.#sink.emit('skin', { driver_id: skin.driverId, skin_id: skin.id, skin_name: skin.name, act_type: CONSUME, expire_time: expireAt, reason, subreason });
  }
}
