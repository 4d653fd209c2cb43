/**
 * Resources (/resource/list, /resource/add): the files game clients download from a CDN, per
 * platform and version: hot-update bundles, full install packages and remote config files.
 * The spec shows no fields; docs/decisions.md ("Basic management") says why these.
 */
import { z } from 'zod';
import { pageQuery } from './common.contract.ts';
import { keywordQuery, notesField, chosenIds } from './basic-management.contract.ts';
import { compareVersions, httpUrlHost, VERSION_PATTERN } from './net-address.ts';

export const RESOURCE_TYPES = ['bundle', 'package', 'config'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const RESOURCE_PLATFORMS = ['android', 'ios', 'pc', 'all'] as const;
export type ResourcePlatform = (typeof RESOURCE_PLATFORMS)[number];

/** `online`: clients are offered it; `offline`: kept but not offered. */
export const RESOURCE_STATUSES = ['online', 'offline'] as const;
export type ResourceStatus = (typeof RESOURCE_STATUSES)[number];

/** 4 GiB: larger than any install package we ship. */
export const RESOURCE_SIZE_MAX = 4 * 1024 ** 3;
export const URL_MAX = 2048;

export const versionField = z
  .string({ error: 'validation.versionRequired' })
  .trim()
  .min(1, { error: 'validation.versionRequired' })
  .regex(VERSION_PATTERN, { error: 'validation.version' });

export const httpUrlField = z
  .string({ error: 'validation.urlRequired' })
  .trim()
  .min(1, { error: 'validation.urlRequired' })
  .max(URL_MAX, { error: 'validation.tooLong' })
  .refine((value) => httpUrlHost(value) !== null, { error: 'validation.url' });

export const md5Field = z
  .string({ error: 'validation.md5' })
  .trim()
  .regex(/^[0-9a-fA-F]{32}$/, { error: 'validation.md5' });

export const resourceBody = z
  .object({
    name: z.string({ error: 'validation.nameRequired' }).trim().min(1, { error: 'validation.nameRequired' }).max(100, { error: 'validation.nameMax' }),
    type: z.enum(RESOURCE_TYPES, { error: 'validation.resourceTypeRequired' }),
    platform: z.enum(RESOURCE_PLATFORMS, { error: 'validation.platformRequired' }),
    version: versionField,
    /** Clients below this version are not offered the resource; empty means every client. */
    minClientVersion: z
      .string()
      .trim()
      .refine((value) => value === '' || VERSION_PATTERN.test(value), { error: 'validation.version' })
      .default(''),
    url: httpUrlField,
    md5: md5Field,
    size: z.number({ error: 'validation.sizeRequired' }).int({ error: 'validation.sizeRequired' }).min(1, { error: 'validation.sizeRequired' }).max(RESOURCE_SIZE_MAX, { error: 'validation.tooBig' }),
    status: z.enum(RESOURCE_STATUSES).default('offline'),
    notes: notesField,
  })
  .superRefine((value, ctx) => {
    if (value.minClientVersion !== '' && VERSION_PATTERN.test(value.minClientVersion) && VERSION_PATTERN.test(value.version) && compareVersions(value.minClientVersion, value.version) > 0) {
      ctx.addIssue({ code: 'custom', path: ['minClientVersion'], message: 'validation.minClientVersion' });
    }
  });
export type ResourceBody = z.infer<typeof resourceBody>;

export const resource = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(RESOURCE_TYPES),
  platform: z.enum(RESOURCE_PLATFORMS),
  version: z.string(),
  minClientVersion: z.string(),
  url: z.string(),
  md5: z.string(),
  size: z.number(),
  status: z.enum(RESOURCE_STATUSES),
  notes: z.string(),
  creator: z.string(),
  createdAt: z.number(),
  updatedBy: z.string(),
  updatedAt: z.number(),
});
export type Resource = z.infer<typeof resource>;

export const resourceQuery = pageQuery.extend({
  keyword: keywordQuery,
  type: z.enum(RESOURCE_TYPES).optional(),
  platform: z.enum(RESOURCE_PLATFORMS).optional(),
  status: z.enum(RESOURCE_STATUSES).optional(),
});
export type ResourceQuery = z.infer<typeof resourceQuery>;

export const resourceStatusBody = z.object({ ids: chosenIds, status: z.enum(RESOURCE_STATUSES) });
export type ResourceStatusBody = z.infer<typeof resourceStatusBody>;
