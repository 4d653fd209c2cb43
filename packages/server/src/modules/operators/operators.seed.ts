import { ALL_CODES, P, PERMISSIONS } from '@gm/contract/permissions.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import { normalizeCodes } from '../../platform/auth/access.ts';
import * as identityRepository from '../../platform/auth/identity.repository.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { newId } from '../../platform/auth/tokens.ts';
import type { ServiceContext } from '../../platform/context.ts';

interface SeedRole {
  name: string;
  description: string;
  codes: number[];
}

const pagesAndGroups = PERMISSIONS.filter((p) => p.kind !== 'operation').map((p) => p.code);
const without = (codes: number[], removed: number[]) => codes.filter((c) => !removed.includes(c));

/** The four roles a studio starts with. Names are stored as written; operators can rename them. */
export const DEMO_ROLES: Record<'admin' | 'operator' | 'support' | 'analyst', SeedRole> = {
  admin: { name: 'Administrator', description: 'Everything, including operators and roles. 管理员：全部权限。', codes: [...ALL_CODES] },
  operator: {
    name: 'Operator',
    description: 'Runs the live game: regions, players, mail, announcements, orders. 运营：日常运营操作。',
    codes: [
      ...without(pagesAndGroups, [P.PERMISSION_SETTINGS, P.GROUP_DEVELOP, P.DEVELOP_TOOLS, P.GROUP_DATABASE, P.DB_TABLES, P.DB_DATA_FILES, P.DB_UPDATE_RECORDS]),
      P.EXPORT, P.PERSONAL_DATA,
      P.AREA_EDIT, P.AREA_STATUS, P.AREA_LOGIN_CONTROL, P.AREA_MERGE, P.AREA_AUTO_CLOSE, P.WHITELIST_EDIT, P.BASIC_CONFIG_EDIT,
      P.USER_BAN, P.PLAYER_BAN, P.PLAYER_MUTE, P.PLAYER_KICK, P.PLAYER_KICK_ALL, P.PLAYER_MARK, P.PLAYER_UNLOCK_MAP,
      P.EXPLORE_POS_EDIT, P.ANNOUNCEMENT_EDIT, P.MAIL_EDIT, P.ORDER_CANCEL, P.ORDER_REPLENISH, P.EXCHANGE_CONFIG_EDIT, P.INFO_CONFIG_EDIT,
    ],
  },
  support: {
    name: 'Customer service',
    description: 'Answers players: looks them up, mutes, bans, kicks, replenishes orders. 客服：处理玩家问题。',
    codes: [
      P.USER_LIST, P.USER_BAN_LIST, P.PLAYER_LIST, P.PLAYER_BAN_LIST, P.REPORT_LIST, P.EXCHANGE_CLAIMS, P.ORDER_LIST, P.MAIL_LIST, P.LOG_LISTS,
      P.PERSONAL_DATA, P.USER_BAN, P.PLAYER_BAN, P.PLAYER_MUTE, P.PLAYER_KICK, P.PLAYER_MARK, P.ORDER_REPLENISH,
    ],
  },
  analyst: {
    name: 'Read-only analyst',
    description: 'Reads statistics and logs, exports, changes nothing. 分析师：只读。',
    codes: [
      P.STAT_ONLINE, P.STAT_PLAYER_LOGIN, P.STAT_RECHARGE, P.STAT_RETENTION, P.LOG_LISTS, P.CUSTOM_QUERY, P.EXPORT,
      P.PLAYER_LIST, P.USER_LIST, P.ORDER_LIST, P.AREA_LIST,
      P.GROUP_FLOW_ECONOMY, P.GROUP_FLOW_CARDS, P.GROUP_FLOW_GAMEPLAY, P.GROUP_FLOW_SOCIAL,
    ],
  },
};

export interface SeededCredentials {
  account: string;
  password: string;
  role: string;
}

/**
 * On an empty database: the four roles and one operator each (`admin`, `operator`, `support`,
 * `analyst`). Returns what was created so main.ts can print it once; later starts return [].
 */
export async function seedOperators(ctx: ServiceContext, passwords: { admin: string; demo: string }): Promise<SeededCredentials[]> {
  if ((await identityRepository.countOperators(ctx.db)) > 0) return [];
  const now = ctx.now();
  const accounts = Object.keys(DEMO_ROLES) as (keyof typeof DEMO_ROLES)[];
  const hashes = await Promise.all(accounts.map((a) => hashPassword(a === 'admin' ? passwords.admin : passwords.demo)));
  const created: SeededCredentials[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    for (const [index, account] of accounts.entries()) {
      const role = DEMO_ROLES[account];
      const roleId = newId();
      await identityRepository.insertRole(trx, {
        id: roleId,
        name: role.name,
        description: role.description,
        resource_ids: JSON.stringify(normalizeCodes(role.codes)),
        buttons: '[]',
        require_totp: 0,
        builtin: account === 'admin' ? 1 : 0,
        created_at: now + index,
        updated_at: now + index,
      });
      const operatorId = newId();
      const name = account === 'admin' ? 'Administrator' : role.name;
      await identityRepository.insertOperator(trx, {
        id: operatorId,
        account,
        name,
        password_hash: hashes[index] ?? '',
        role_id: roleId,
        created_at: now + index,
        updated_at: now + index,
      });
      await audit.record(trx, { operatorId: null, accountName: 'system', ip: '' }, { action: 'operators.create', code: P.OPERATOR_EDIT, targets: [account], after: { account, name, role: role.name } }, now);
      created.push({ account, password: account === 'admin' ? passwords.admin : passwords.demo, role: role.name });
    }
  });
  return created;
}
