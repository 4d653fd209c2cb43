import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The embedded game world (house plan section 1): what a game server would hold, kept in the
 * console's own database. Booleans are 0/1 integers, times epoch milliseconds, money integer
 * minor units, lists JSON text, the same on SQLite and PostgreSQL.
 */

/** A user account (spec section 3): one per sign-in identity; it may own roles in several areas. */
export interface GameAccountsTable {
  user_id: string;
  account: string;
  /** The nickname shown for the account. */
  name: Generated<string>;
  /** `GAME_ACCOUNT_TYPES`: guest, phone, email, thirdParty. */
  type: string;
  third_id: string | null;
  /** The inheritance (transfer) code and the hash of its password. */
  inheritance_code: string | null;
  inheritance_password_hash: string | null;
  /** The account name it was created with, before any binding. */
  init_account: string;
  last_login_at: number | null;
  last_login_ip: string | null;
  last_login_device: string | null;
  create_device_number: Generated<string>;
  created_at: number;
  updated_at: number;
  /** Banned while `ban_until` is later than now. */
  ban_until: Generated<number | null>;
  ban_reason: Generated<string | null>;
}

/** A player role (spec section 3). */
export interface GamePlayersTable {
  role_id: string;
  role_name: string;
  user_id: string;
  third_id: string | null;
  account: string;
  area_id: string;
  level: Generated<number>;
  union_name: Generated<string | null>;
  /** 0 common, 1 insider, 2 external; the remark says why. */
  identity_mark: Generated<number>;
  identity_remark: Generated<string>;
  created_at: number;
  /** The latest sign-in. */
  last_login_at: Generated<number | null>;
  /** When the player was last seen: the latest sign-in or sign-out. */
  recent_login_at: Generated<number | null>;
  offline_at: Generated<number | null>;
  is_online: Generated<number>;
  is_recharge: Generated<number>;
  recharge_currency: Generated<number>;
  non_recharge_currency: Generated<number>;
  mute_until: Generated<number | null>;
  mute_reason: Generated<string | null>;
  ban_until: Generated<number | null>;
  ban_reason: Generated<string | null>;
  /** Main-story stages cleared. */
  main_story_progress: Generated<number>;
  current_exp: Generated<number>;
  energy: Generated<number>;
  union_coin: Generated<number>;
  pvp_ranks: Generated<number>;
  pvp_score: Generated<number>;
  updated_at: number;
}

/** One stack of an item in a role's bag, keyed by the item's source id. */
export interface GameBagItemsTable {
  role_id: string;
  source_id: string;
  /** `BAG_ITEM_TYPES`: prop, weapon, chip, materials. */
  item_type: string;
  /** How many the role has obtained in all. */
  number: Generated<number>;
  rarity: Generated<number>;
  /** How many the role holds now. */
  current_number: Generated<number>;
  updated_at: number;
}

/** A store product (what the platform sells, at a price in minor units). */
export interface GameProductsTable {
  product_id: string;
  name: string;
  price: number;
  currency: string;
  goods_id: string;
  created_at: number;
}

/** What the game grants for a product: an item group and its grants (JSON `Grant[]`). */
export interface GameGoodsTable {
  goods_id: string;
  name: string;
  item_group_id: string;
  item_group_name: string;
  items: string;
  created_at: number;
}

/** An order (spec section 3); status completed, incomplete or cancelled. */
export interface GameOrdersTable {
  order_id: string;
  platform_order_id: string;
  role_id: string;
  user_id: string;
  product_id: string;
  goods_id: string;
  status: string;
  login_device: Generated<string>;
  product_name: string;
  price: number;
  currency: string;
  item_group_id: string;
  item_group_name: string;
  receipt: Generated<string>;
  /** The role's area and name when the order was placed. */
  role_area: string;
  role_name: string;
  created_at: number;
  updated_at: number;
}

/** A server region's settings and runtime state. */
export interface GameRegionsTable {
  id: string;
  name: string;
  /** open, close (under maintenance) or hide. */
  status: string;
  /** open, gm (insiders only) or blocked. */
  login_status: string;
  /** fluent, crowded or packed. */
  heat: string;
  /** Larger first. */
  ui_sort: Generated<number>;
  group_name: Generated<string>;
  online_number: Generated<number>;
  /** Players waiting in the login queue now. */
  queue_size: Generated<number>;
  /** The last queue ticket admitted (grows with every admission). */
  queue_sequence: Generated<number>;
  auto_close_at: Generated<number | null>;
  /** Set once the region was merged into another; its roles live there now. */
  merged_into: Generated<string | null>;
  under_maintenance: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A role's progress on one map: explore map, stage dungeon or quantum battle. */
export interface GameMapProgressTable {
  role_id: string;
  /** `MAP_KINDS`: explore, stage, quantum. */
  kind: string;
  map_id: string;
  unlocked: Generated<number>;
  /** JSON `{ x, y, z }` on an explore map, else null. */
  position: Generated<string | null>;
  updated_at: number;
}

/** A mail delivered to a role's mailbox. */
export interface GameMailboxesTable {
  role_id: string;
  mail_id: string;
  /** private or public. */
  mail_kind: string;
  sender: string;
  title: string;
  content: string;
  /** JSON `Grant[]`. */
  items: string;
  delivered_at: number;
  expires_at: number | null;
  is_read: Generated<number>;
  is_collected: Generated<number>;
  collected_at: Generated<number | null>;
}

/**
 * One record per mail the game received. A public mail lives only here (its targets as JSON)
 * until a player opens it, when it gets a `game_mailboxes` row; a withdrawn mail reaches no one
 * more.
 */
export interface GameMailsTable {
  mail_id: string;
  /** private or public. */
  mail_kind: string;
  sender: string;
  title: string;
  content: string;
  /** JSON `Grant[]`. */
  items: string;
  /** JSON `MailTargets` of a public mail; `{}` for private. */
  targets: string;
  created_at: number;
  expires_at: number | null;
  withdrawn_at: number | null;
}

/** An announcement the game shows; live until withdrawn or past its end. */
export interface GameAnnouncementsTable {
  announcement_id: string;
  type: string;
  /** JSON array of area ids; empty for every area. */
  area_ids: string;
  title: string;
  content: string;
  start_at: number;
  end_at: number | null;
  sort: number;
  pushed_at: number;
  withdrawn_at: number | null;
  /** JSON of what the game shows besides title and text (game-commands.contract `announcementDisplay`); '{}' for older pushes. */
  display: Generated<string>;
}

/** Every command the world applied or refused, by its idempotency key. */
export interface GameCommandsTable {
  command_id: string;
  kind: string;
  /** The validated command, JSON. */
  params: string;
  /** applied or failed. */
  status: string;
  /** The result (applied) or the failure (failed), JSON. */
  result: string;
  applied_at: number;
}

export interface GameWorldTables {
  game_accounts: GameAccountsTable;
  game_players: GamePlayersTable;
  game_bag_items: GameBagItemsTable;
  game_products: GameProductsTable;
  game_goods: GameGoodsTable;
  game_orders: GameOrdersTable;
  game_regions: GameRegionsTable;
  game_map_progress: GameMapProgressTable;
  game_mailboxes: GameMailboxesTable;
  game_mails: GameMailsTable;
  game_announcements: GameAnnouncementsTable;
  game_commands: GameCommandsTable;
}

export type GameAccountRow = Selectable<GameAccountsTable>;
export type NewGameAccount = Insertable<GameAccountsTable>;
export type GamePlayerRow = Selectable<GamePlayersTable>;
export type NewGamePlayer = Insertable<GamePlayersTable>;
export type GamePlayerUpdate = Updateable<GamePlayersTable>;
export type GameBagItemRow = Selectable<GameBagItemsTable>;
export type NewGameBagItem = Insertable<GameBagItemsTable>;
export type GameProductRow = Selectable<GameProductsTable>;
export type NewGameProduct = Insertable<GameProductsTable>;
export type GameGoodsRow = Selectable<GameGoodsTable>;
export type NewGameGoods = Insertable<GameGoodsTable>;
export type GameOrderRow = Selectable<GameOrdersTable>;
export type NewGameOrder = Insertable<GameOrdersTable>;
export type GameRegionRow = Selectable<GameRegionsTable>;
export type NewGameRegion = Insertable<GameRegionsTable>;
export type GameRegionUpdate = Updateable<GameRegionsTable>;
export type GameMapProgressRow = Selectable<GameMapProgressTable>;
export type NewGameMapProgress = Insertable<GameMapProgressTable>;
export type GameMailboxRow = Selectable<GameMailboxesTable>;
export type GameMailRow = Selectable<GameMailsTable>;
export type GameAnnouncementRow = Selectable<GameAnnouncementsTable>;
export type GameCommandRow = Selectable<GameCommandsTable>;
