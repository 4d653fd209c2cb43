/**
 * The whitelists of Basic management (spec sections 3 and 5): IP addresses and ranges, role and
 * user ids, third ids (function whitelist) and domain names. Rules and their message keys live
 * here once; the server validates with these schemas and the forms take their rules from them.
 */
import { z } from 'zod';
import { ID_MAX_LENGTH, SDK_PLATFORM_ID_LENGTH } from './constants.ts';
import { pageQuery } from './common.contract.ts';
import { chosenIds, keywordQuery, notesField, SWITCH_STATES } from './basic-management.contract.ts';
import { parseHostPattern, parseIp, parseIpRange } from './net-address.ts';

const epochMs = z.number().int().nonnegative();

// ---------------------------------------------------------------------------------------------
// IP whitelist: address, notes, creator, create time, status open/close, SDK platform id.
// ---------------------------------------------------------------------------------------------

/** An IPv4 or IPv6 address or CIDR range (see `parseIpRange`); the server checks it with node's `net` too. */
export const ipAddressField = z
  .string({ error: 'validation.ipRequired' })
  .trim()
  .min(1, { error: 'validation.ipRequired' })
  .max(64, { error: 'validation.ipAddress' })
  .superRefine((value, ctx) => {
    const parsed = parseIpRange(value);
    if (parsed.ok) return;
    if (parsed.reason === 'hostBits') ctx.addIssue({ code: 'custom', message: 'validation.cidrHostBits', params: { network: parsed.network } });
    else if (parsed.reason === 'tooWide') ctx.addIssue({ code: 'custom', message: 'validation.cidrTooWide', params: { minimum: parsed.minimum } });
    else ctx.addIssue({ code: 'custom', message: 'validation.ipAddress' });
  });

/** Spec section 9: the SDK platform id is 19 digits. Empty means every platform. */
export const sdkPlatformIdField = z
  .string()
  .trim()
  .refine((value) => value === '' || new RegExp(`^\\d{${SDK_PLATFORM_ID_LENGTH}}$`).test(value), { error: 'validation.sdkPlatformId' })
  .default('');

export const ipWhitelistBody = z.object({
  address: ipAddressField,
  notes: notesField,
  status: z.enum(SWITCH_STATES).default('open'),
  sdkPlatformId: sdkPlatformIdField,
});
export type IpWhitelistBody = z.infer<typeof ipWhitelistBody>;

export const ipWhitelistEntry = z.object({
  id: z.string(),
  /** Canonical: `address` or `network/prefix`. */
  address: z.string(),
  version: z.union([z.literal(4), z.literal(6)]),
  prefix: z.number().nullable(),
  notes: z.string(),
  status: z.enum(SWITCH_STATES),
  /** '' applies to every SDK platform. */
  sdkPlatformId: z.string(),
  creator: z.string(),
  createdAt: epochMs,
  updatedBy: z.string(),
  updatedAt: epochMs,
});
export type IpWhitelistEntry = z.infer<typeof ipWhitelistEntry>;

export const ipWhitelistQuery = pageQuery.extend({
  keyword: keywordQuery,
  status: z.enum(SWITCH_STATES).optional(),
  sdkPlatformId: z.string().trim().regex(/^\d{1,19}$/, { error: 'validation.sdkPlatformId' }).optional(),
});
export type IpWhitelistQuery = z.infer<typeof ipWhitelistQuery>;

/** "Is this address let in?": a single address, no range. */
export const ipCheckQuery = z.object({
  address: z
    .string({ error: 'validation.ipRequired' })
    .trim()
    .min(1, { error: 'validation.ipRequired' })
    .max(64, { error: 'validation.ipAddress' })
    .refine((value) => parseIp(value) !== null, { error: 'validation.ipSingle' }),
  sdkPlatformId: z.string().trim().regex(/^\d{19}$/, { error: 'validation.sdkPlatformId' }).optional(),
});

export const ipCheckResult = z.object({
  address: z.string(),
  /** True when an open entry covers the address. */
  allowed: z.boolean(),
  /** Every entry covering it, open or closed. */
  entries: z.array(ipWhitelistEntry),
});
export type IpCheckResult = z.infer<typeof ipCheckResult>;

// ---------------------------------------------------------------------------------------------
// ID whitelist: role or user ids let in while a region is GM-only or blocked.
// ---------------------------------------------------------------------------------------------

export const ID_WHITELIST_KINDS = ['role', 'user'] as const;
export type IdWhitelistKind = (typeof ID_WHITELIST_KINDS)[number];

export const whitelistTargetId = z
  .string({ error: 'validation.idRequired' })
  .trim()
  .min(1, { error: 'validation.idRequired' })
  .max(ID_MAX_LENGTH, { error: 'validation.idMax' });

export const idWhitelistBody = z.object({
  kind: z.enum(ID_WHITELIST_KINDS, { error: 'validation.idKindRequired' }),
  targetId: whitelistTargetId,
  notes: notesField,
  status: z.enum(SWITCH_STATES).default('open'),
  /** Temporary access (a QA pass) ends by itself; null never expires. Must be later than now. */
  expiresAt: epochMs.nullable().default(null),
});
export type IdWhitelistBody = z.infer<typeof idWhitelistBody>;

export const idWhitelistEntry = z.object({
  id: z.string(),
  kind: z.enum(ID_WHITELIST_KINDS),
  targetId: z.string(),
  notes: z.string(),
  status: z.enum(SWITCH_STATES),
  expiresAt: epochMs.nullable(),
  /** Open and not expired: the game lets this id in. */
  effective: z.boolean(),
  creator: z.string(),
  createdAt: epochMs,
  updatedBy: z.string(),
  updatedAt: epochMs,
});
export type IdWhitelistEntry = z.infer<typeof idWhitelistEntry>;

export const idWhitelistQuery = pageQuery.extend({
  keyword: keywordQuery,
  kind: z.enum(ID_WHITELIST_KINDS).optional(),
  status: z.enum(SWITCH_STATES).optional(),
});
export type IdWhitelistQuery = z.infer<typeof idWhitelistQuery>;

// ---------------------------------------------------------------------------------------------
// Function whitelist by third id: third id, adder, add time, notes, log switch open/close.
// ---------------------------------------------------------------------------------------------

/** Spec section 5: "Third id is required, max 100 characters." */
export const thirdIdField = z
  .string({ error: 'validation.thirdIdRequired' })
  .trim()
  .min(1, { error: 'validation.thirdIdRequired' })
  .max(ID_MAX_LENGTH, { error: 'validation.thirdIdMax' });

export const functionWhitelistBody = z.object({
  thirdId: thirdIdField,
  notes: notesField,
  logSwitch: z.enum(SWITCH_STATES).default('close'),
});
export type FunctionWhitelistBody = z.infer<typeof functionWhitelistBody>;

export const functionWhitelistEntry = z.object({
  id: z.string(),
  thirdId: z.string(),
  notes: z.string(),
  logSwitch: z.enum(SWITCH_STATES),
  adder: z.string(),
  addedAt: epochMs,
  updatedBy: z.string(),
  updatedAt: epochMs,
});
export type FunctionWhitelistEntry = z.infer<typeof functionWhitelistEntry>;

export const functionWhitelistQuery = pageQuery.extend({
  keyword: keywordQuery,
  logSwitch: z.enum(SWITCH_STATES).optional(),
});
export type FunctionWhitelistQuery = z.infer<typeof functionWhitelistQuery>;

export const logSwitchBody = z.object({ ids: chosenIds, logSwitch: z.enum(SWITCH_STATES) });
export type LogSwitchBody = z.infer<typeof logSwitchBody>;

// ---------------------------------------------------------------------------------------------
// Domain whitelist: hosts the game may send players to or accept calls from.
// ---------------------------------------------------------------------------------------------

/**
 * What a whitelisted domain is for: `redirect` (jump links of announcements, questionnaires),
 * `payment` (payment callbacks), `resource` (hosts of resources and hot-update bundles).
 */
export const DOMAIN_PURPOSES = ['redirect', 'payment', 'resource'] as const;
export type DomainPurpose = (typeof DOMAIN_PURPOSES)[number];

export const domainField = z
  .string({ error: 'validation.domainRequired' })
  .trim()
  .min(1, { error: 'validation.domainRequired' })
  .max(253, { error: 'validation.domain' })
  .superRefine((value, ctx) => {
    const parsed = parseHostPattern(value);
    if (parsed.ok) return;
    ctx.addIssue({ code: 'custom', message: parsed.reason === 'wildcardTooWide' ? 'validation.domainWildcardTooWide' : 'validation.domain' });
  });

export const domainWhitelistBody = z.object({
  domain: domainField,
  purpose: z.enum(DOMAIN_PURPOSES, { error: 'validation.domainPurposeRequired' }),
  notes: notesField,
  status: z.enum(SWITCH_STATES).default('open'),
});
export type DomainWhitelistBody = z.infer<typeof domainWhitelistBody>;

export const domainWhitelistEntry = z.object({
  id: z.string(),
  domain: z.string(),
  wildcard: z.boolean(),
  purpose: z.enum(DOMAIN_PURPOSES),
  notes: z.string(),
  status: z.enum(SWITCH_STATES),
  creator: z.string(),
  createdAt: epochMs,
  updatedBy: z.string(),
  updatedAt: epochMs,
});
export type DomainWhitelistEntry = z.infer<typeof domainWhitelistEntry>;

export const domainWhitelistQuery = pageQuery.extend({
  keyword: keywordQuery,
  purpose: z.enum(DOMAIN_PURPOSES).optional(),
  status: z.enum(SWITCH_STATES).optional(),
});
export type DomainWhitelistQuery = z.infer<typeof domainWhitelistQuery>;

export const domainCheckQuery = z.object({
  url: z.string({ error: 'validation.urlRequired' }).trim().min(1, { error: 'validation.urlRequired' }).max(2048, { error: 'validation.url' }),
  purpose: z.enum(DOMAIN_PURPOSES).optional(),
});

export const domainCheckResult = z.object({
  host: z.string(),
  allowed: z.boolean(),
  entries: z.array(domainWhitelistEntry),
});
export type DomainCheckResult = z.infer<typeof domainCheckResult>;
