/**
 * What the simulated game contains beyond the world seed's regions, bag items and store: the
 * currencies, cards (pilots), gacha pools, stages, skins, mail and chat texts, and the devices,
 * platforms and channels players come from. The bag items, products and maps are the world
 * seed's (`world.seed.ts`), so ids in the logs are the ids the console's screens show.
 */
import { DEMO_ITEMS, DEMO_MAPS } from '../world/world.seed.ts';
import { ITEM, itemDef } from '../world/world-log-names.ts';

export {
  CURRENCIES,
  GRANT_CURRENCY,
  ITEM,
  ITEMS,
  itemDef,
  type CurrencyDef,
  type CurrencyId,
  type ItemCategory,
  type ItemDef,
} from '../world/world-log-names.ts';

/** Weapons and chips: instances in the equipment log, counted per source id in the bag. */
export const EQUIPMENT = DEMO_ITEMS.filter((i) => i.type === 'weapon' || i.type === 'chip').map((i) => itemDef(i.sourceId));

// ---------------------------------------------------------------------------------------------
// Cards (pilots) and skins.
// ---------------------------------------------------------------------------------------------

export interface CardDef {
  id: string;
  name: string;
  /** 3 R, 4 SR, 5 SSR. */
  rarity: number;
  /** Only in its limited pool. */
  limited: boolean;
}

const card = (id: string, zh: string, en: string, rarity: number, limited = false): CardDef => ({ id, name: `${zh} ${en}`, rarity, limited });

export const CARDS: readonly CardDef[] = [
  card('600101', '林岚', 'Lin Lan', 3), card('600102', '赵锋', 'Zhao Feng', 3), card('600103', '米娅', 'Mia', 3),
  card('600104', '奥斯卡', 'Oscar', 3), card('600105', '苏晴', 'Su Qing', 3), card('600106', '雷恩', 'Ren', 3),
  card('600107', '维拉', 'Vera', 3), card('600108', '韩朔', 'Han Shuo', 3), card('600109', '诺亚', 'Noah', 3),
  card('600110', '叶铃', 'Ye Ling', 3), card('600111', '卡尔', 'Karl', 3), card('600112', '周焰', 'Zhou Yan', 3),
  card('600201', '白夜', 'Byakuya', 4), card('600202', '艾琳', 'Irene', 4), card('600203', '墨川', 'Mo Chuan', 4),
  card('600204', '索菲亚', 'Sofia', 4), card('600205', '凌霄', 'Ling Xiao', 4), card('600206', '伊万', 'Ivan', 4),
  card('600207', '青鸾', 'Qing Luan', 4), card('600208', '马库斯', 'Marcus', 4),
  card('600301', '星璃', 'Seiri', 5), card('600302', '阿斯特拉', 'Astra', 5), card('600303', '夜枭', 'Night Owl', 5),
  card('600304', '瓦尔基里', 'Valkyrie', 5),
  card('600401', '苍焰', 'Azure Flame', 5, true), card('600402', '零式', 'Type Zero', 5, true), card('600403', '极光', 'Aurora', 5, true),
];

export const CARDS_BY_RARITY: Readonly<Record<3 | 4 | 5, readonly CardDef[]>> = {
  3: CARDS.filter((c) => c.rarity === 3),
  4: CARDS.filter((c) => c.rarity === 4),
  5: CARDS.filter((c) => c.rarity === 5 && !c.limited),
};

export const LIMITED_CARDS = CARDS.filter((c) => c.limited);

/** The three R pilots every new role starts with. */
export const STARTER_CARDS = ['600101', '600102', '600103'] as const;

export function cardDef(id: string): CardDef {
  const found = CARDS.find((c) => c.id === id);
  if (!found) throw new Error(`unknown card ${id}`);
  return found;
}

export interface SkinDef {
  id: string;
  name: string;
  /** The pilot (card) who wears it: `driver_id` in the skin log. */
  driverId: string;
  /** Crystal price in the shop; null when only events or the battle pass give it. */
  price: number | null;
}

export const SKINS: readonly SkinDef[] = [
  { id: '700101', name: '夏日泳装 Summer Splash', driverId: '600201', price: 980 },
  { id: '700102', name: '机库工装 Hangar Crew', driverId: '600101', price: 480 },
  { id: '700103', name: '夜色礼服 Night Gala', driverId: '600301', price: 1280 },
  { id: '700104', name: '极地作战 Polar Ops', driverId: '600205', price: 980 },
  { id: '700105', name: '新春华服 Spring Festival', driverId: '600302', price: 1280 },
  { id: '700106', name: '活动限定·星夜 Event: Starry Night', driverId: '600103', price: null },
  { id: '700107', name: '活动限定·霓虹 Event: Neon', driverId: '600202', price: null },
  { id: '700108', name: '战令·先锋 Pass: Vanguard', driverId: '600102', price: null },
];

export const SHOP_SKINS = SKINS.filter((s) => s.price !== null);
export const EVENT_SKINS = SKINS.filter((s) => s.id === '700106' || s.id === '700107');
export const PASS_SKIN = SKINS.find((s) => s.id === '700108') as SkinDef;

// ---------------------------------------------------------------------------------------------
// Gacha.
// ---------------------------------------------------------------------------------------------

export const GACHA_SINGLE_COST = 160;
export const GACHA_RATES = { ssr: 0.02, sr: 0.1 } as const;
/** A 5-star is guaranteed on this many draws without one. */
export const GACHA_PITY = 70;
/** A limited pool runs this many days; the next one follows at once. */
export const LIMITED_POOL_DAYS = 14;

export const STANDARD_POOL = { id: 'P1000', name: '常驻招募 Standard Recruit' } as const;

/** The limited pool running in period `n` (0, 1, ...) of the history. */
export function limitedPool(n: number): { id: string; name: string; featured: CardDef } {
  const featured = LIMITED_CARDS[n % LIMITED_CARDS.length] as CardDef;
  return { id: `P2${String(n + 1).padStart(3, '0')}`, name: `限定招募·${featured.name}`, featured };
}

// ---------------------------------------------------------------------------------------------
// Stages.
// ---------------------------------------------------------------------------------------------

export const STAGES_PER_CHAPTER = 12;
export const CHAPTERS = DEMO_MAPS.stage;
export const MAIN_STAGES = CHAPTERS.length * STAGES_PER_CHAPTER;

/** Main stage number `n` (1-based) as chapter and stage id, e.g. 14 -> C02, C02-02. */
export function mainStage(n: number): { chapterId: string; stageId: string } {
  const chapter = CHAPTERS[Math.min(CHAPTERS.length - 1, Math.floor((n - 1) / STAGES_PER_CHAPTER))] as string;
  const within = ((n - 1) % STAGES_PER_CHAPTER) + 1;
  return { chapterId: chapter, stageId: `${chapter}-${String(within).padStart(2, '0')}` };
}

/** How far the main story is, as the player snapshot shows it: `3-12`. */
export function storyProgressText(cleared: number): string {
  if (cleared <= 0) return '0-0';
  const chapter = Math.floor((cleared - 1) / STAGES_PER_CHAPTER) + 1;
  return `${chapter}-${((cleared - 1) % STAGES_PER_CHAPTER) + 1}`;
}

export const DAILY_STAGES = [
  { id: 'D-GOLD', name: 'gold', reward: 'gold' },
  { id: 'D-EXP', name: 'exp', reward: ITEM.driverExpChip },
  { id: 'D-MAT', name: 'material', reward: ITEM.nanoFiber },
] as const;

export const ENERGY_COST = { main: 6, elite: 12, daily: 10 } as const;

// ---------------------------------------------------------------------------------------------
// Where players come from.
// ---------------------------------------------------------------------------------------------

export type Platform = 'android' | 'ios' | 'pc';

export const PLATFORM_WEIGHTS: readonly [Platform, number][] = [
  ['android', 62],
  ['ios', 33],
  ['pc', 5],
];

/** Android stores in China; Google Play only for the global regions. */
export const ANDROID_CHANNELS: readonly [string, number][] = [
  ['official', 30],
  ['huawei', 15],
  ['xiaomi', 12],
  ['taptap', 12],
  ['oppo', 10],
  ['vivo', 10],
  ['bilibili', 8],
];

export const DEVICE_MODELS: Readonly<Record<Platform, readonly string[]>> = {
  ios: ['iPhone15,2', 'iPhone14,5', 'iPhone16,1', 'iPhone16,2', 'iPhone13,2', 'iPad13,4'],
  android: ['SM-S9180', 'Mi 13', 'HUAWEI P60', 'OPPO Find X6', 'vivo X90', 'Pixel 8', 'Redmi K60', 'HONOR 90', 'OnePlus 11'],
  pc: ['Windows PC'],
};

export const OS_VERSIONS: Readonly<Record<Platform, readonly string[]>> = {
  ios: ['iOS 17.5.1', 'iOS 18.0', 'iOS 18.1', 'iOS 16.7'],
  android: ['Android 14', 'Android 13', 'Android 12', 'HarmonyOS 4.2'],
  pc: ['Windows 11', 'Windows 10'],
};

/** Payment channels by platform. */
export const PAY_CHANNELS: Readonly<Record<Platform, readonly string[]>> = {
  ios: ['appstore'],
  android: ['alipay', 'wechat', 'alipay', 'wechat', 'unionpay'],
  pc: ['alipay', 'wechat'],
};

/**
 * Client versions: the game ships an update at these fractions of the history; a player runs
 * the new version from a few hours to two days after it ships.
 */
export const CLIENT_RELEASES: readonly { version: string; at: number }[] = [
  { version: '1.3.0', at: 0 },
  { version: '1.3.2', at: 0.35 },
  { version: '1.4.0', at: 0.75 },
];

export const UNION_NAMES = ['星辰联盟', 'Iron Legion', '破晓', 'Night Owls', '苍穹之巅', 'Valkyrie', '龙吟阁', 'Aurora Guild', '钢铁之心', 'Deep Blue'];
export const BAN_REASONS = ['外挂 Cheating tool', '刷资源 Resource exploit', '账号交易 Account trading'];
export const MUTE_REASONS = ['辱骂 Abusive language', '广告刷屏 Spam advertising', '涉政言论 Prohibited content'];

// ---------------------------------------------------------------------------------------------
// Chat and mail texts.
// ---------------------------------------------------------------------------------------------

export const FRIEND_LINES = [
  '在吗？一起刷本', 'Need help with C03-08?', '今天的体力用完了', 'gg 打得好', '帮我点个助战',
  'Thanks for the assist!', '限定池出了吗', 'Got Astra on my 10-pull!!', '晚上一起打竞技场', '我先下了，明天见',
  'Which team for the tower?', '联盟战记得来', 'lol same', '送你体力了', 'Did you get the maintenance mail?',
];

export const WORLD_LINES = [
  '求组队 C05 精英', 'LF union, active daily', '星辰联盟招人，每天活跃的来', 'Is the limited pool worth it?',
  '新版本什么时候更新', 'Arena meta is wild this week', '有人出苍焰了吗', 'gg ez', '今天服务器好卡',
  'How do I get quantum cores?', '萌新求带', 'Welcome new pilots!', '这期限定值得抽吗', 'Tower floor 30 tips?',
];

export const BLOCKED_LINES = ['加我微信买号 ***', '*** 代充便宜', 'sell acc cheap *** contact', '***'];

export const WORLD_CHANNELS = ['world', 'world', 'world', 'recruit'] as const;

export const SYSTEM_SENDER = '系统 System';
export const OPERATIONS_SENDER = '运营团队 Operations';
