/**
 * Channel protocols (/agreement/list): the user agreement, privacy policy and children's
 * privacy notice each distribution channel shows, in both languages, as numbered versions.
 * A draft is edited freely; a published version is frozen (players agreed to that text) and
 * can only be withdrawn. The version in effect for a channel and kind is the published one
 * with the latest effective time that has passed.
 */
import { z } from 'zod';
import { pageQuery } from './common.contract.ts';
import { keywordQuery } from './basic-management.contract.ts';
import { VERSION_PATTERN } from './net-address.ts';

export const AGREEMENT_KINDS = ['userAgreement', 'privacyPolicy', 'childrenPrivacy'] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];

export const AGREEMENT_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

/** Channel ids the form suggests; any id of the pattern is accepted. `default` serves channels without their own text. */
export const SUGGESTED_CHANNELS = ['default', 'official', 'appstore', 'googleplay', 'taptap', 'huawei', 'xiaomi', 'oppo', 'vivo', 'bilibili'] as const;
export const CHANNEL_PATTERN = /^[a-z0-9][a-z0-9_.-]{0,63}$/;
export const AGREEMENT_TITLE_MAX = 200;
export const AGREEMENT_CONTENT_MAX = 100_000;

export const channelField = z
  .string({ error: 'validation.channelRequired' })
  .trim()
  .min(1, { error: 'validation.channelRequired' })
  .regex(CHANNEL_PATTERN, { error: 'validation.channel' });

const title = z.string().trim().max(AGREEMENT_TITLE_MAX, { error: 'validation.tooLong' }).default('');
/** Kept as typed, except that a text of only spaces is stored empty: its length then says whether it has one. */
const content = z
  .string()
  .max(AGREEMENT_CONTENT_MAX, { error: 'validation.tooLong' })
  .default('')
  .transform((text) => (text.trim() === '' ? '' : text));

export const agreementBody = z.object({
  channel: channelField,
  kind: z.enum(AGREEMENT_KINDS, { error: 'validation.agreementKindRequired' }),
  version: z
    .string({ error: 'validation.versionRequired' })
    .trim()
    .min(1, { error: 'validation.versionRequired' })
    .regex(VERSION_PATTERN, { error: 'validation.version' }),
  titleEn: title,
  titleZh: title,
  contentEn: content,
  contentZh: content,
  /** When players start seeing it once published; required to publish. */
  effectiveAt: z.number().int().nonnegative().nullable().default(null),
});
export type AgreementBody = z.infer<typeof agreementBody>;

const PUBLISH_FIELDS = ['titleEn', 'titleZh', 'contentEn', 'contentZh', 'effectiveAt'] as const;
export type PublishField = (typeof PUBLISH_FIELDS)[number];

/**
 * What publishing needs: both titles, both texts and the effective time. The texts are given as
 * whether they have any, so the list (which carries only their lengths) asks what the server does.
 */
export function missingForPublish(version: { titleEn: string; titleZh: string; hasContentEn: boolean; hasContentZh: boolean; effectiveAt: number | null }): PublishField[] {
  const present: Record<PublishField, boolean> = {
    titleEn: version.titleEn.trim() !== '',
    titleZh: version.titleZh.trim() !== '',
    contentEn: version.hasContentEn,
    contentZh: version.hasContentZh,
    effectiveAt: version.effectiveAt !== null,
  };
  return PUBLISH_FIELDS.filter((field) => !present[field]);
}

export const agreement = z.object({
  id: z.string(),
  channel: z.string(),
  kind: z.enum(AGREEMENT_KINDS),
  version: z.string(),
  titleEn: z.string(),
  titleZh: z.string(),
  contentEn: z.string(),
  contentZh: z.string(),
  effectiveAt: z.number().nullable(),
  status: z.enum(AGREEMENT_STATUSES),
  /** The version players of this channel see now for this kind. */
  inEffect: z.boolean(),
  publishedBy: z.string().nullable(),
  publishedAt: z.number().nullable(),
  creator: z.string(),
  createdAt: z.number(),
  updatedBy: z.string(),
  updatedAt: z.number(),
});
export type Agreement = z.infer<typeof agreement>;

/** The list leaves the long texts out; the detail call has them. */
export const agreementSummary = agreement.omit({ contentEn: true, contentZh: true }).extend({
  contentEnLength: z.number(),
  contentZhLength: z.number(),
});
export type AgreementSummary = z.infer<typeof agreementSummary>;

export const agreementQuery = pageQuery.extend({
  keyword: keywordQuery,
  channel: z.string().trim().regex(CHANNEL_PATTERN, { error: 'validation.channel' }).optional(),
  kind: z.enum(AGREEMENT_KINDS).optional(),
  status: z.enum(AGREEMENT_STATUSES).optional(),
});
export type AgreementQuery = z.infer<typeof agreementQuery>;
