import { z } from 'zod';
import { accountName, newPassword } from './auth.contract.ts';
import { isKnownCode } from './permissions.ts';
import { multiLine, nameOrId, pageQuery } from './common.contract.ts';

const codes = z.array(z.number().int()).superRefine((list, ctx) => {
  for (const code of list) {
    if (!isKnownCode(code)) ctx.addIssue({ code: 'custom', message: 'validation.unknownPermission', params: { code } });
  }
});

export const displayName = nameOrId(z.string().trim().min(1, { error: 'validation.nameRequired' }).max(64, { error: 'validation.nameMax' }));

export const roleBody = z.object({
  name: nameOrId(z.string().trim().min(1, { error: 'validation.roleNameRequired' }).max(32, { error: 'validation.nameMax' })),
  description: multiLine(z.string().trim().max(200, { error: 'validation.nameMax' })).default(''),
  resourceIds: codes,
  buttons: codes.default([]),
  requireTotp: z.boolean().default(false),
});
export type RoleBody = z.infer<typeof roleBody>;

export const role = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  resourceIds: z.array(z.number()),
  buttons: z.array(z.number()),
  requireTotp: z.boolean(),
  builtin: z.boolean(),
  operatorCount: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Role = z.infer<typeof role>;

export const operator = z.object({
  id: z.string(),
  account: z.string(),
  name: z.string(),
  roleId: z.string().nullable(),
  roleName: z.string().nullable(),
  disabled: z.boolean(),
  totpEnabled: z.boolean(),
  lastSignInAt: z.number().nullable(),
  activeSessions: z.number(),
  createdAt: z.number(),
});
export type Operator = z.infer<typeof operator>;

export const operatorQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  roleId: z.string().max(100).optional(),
  /** `pending`: self sign-ups waiting for an administrator to give them a role. */
  status: z.enum(['active', 'disabled', 'pending']).optional(),
});
export type OperatorQuery = z.infer<typeof operatorQuery>;

export function operatorCreateBody(passwordMin: number) {
  return z.object({
    account: accountName,
    name: displayName,
    password: newPassword(passwordMin),
    roleId: z.string().min(1, { error: 'validation.roleRequired' }).nullable().default(null),
  });
}
export type OperatorCreateBody = z.infer<ReturnType<typeof operatorCreateBody>>;

export const operatorUpdateBody = z.object({
  name: displayName.optional(),
  roleId: z.string().min(1).nullable().optional(),
  disabled: z.boolean().optional(),
});
export type OperatorUpdateBody = z.infer<typeof operatorUpdateBody>;

export function resetPasswordBody(passwordMin: number) {
  return z.object({ password: newPassword(passwordMin) });
}
