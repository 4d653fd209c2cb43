import type { FormRule } from 'antd';
import { issueMessageKey, zodIssueFacts, zodIssueValues } from '@gm/contract/validation-issues.ts';
import type { core, ZodType } from 'zod';
import { messageKeyToI18n, translateKey } from './translate.ts';

/**
 * Forms take their rules from the contract's zod schemas, so the browser says exactly what the
 * server would (each rule of the spec lives in one schema with its message key).
 */
type Issue = core.$ZodIssue;

/**
 * The i18next key a zod issue stands for: its own message key, else one chosen by the issue code
 * (as the server chooses it). `missing`: the field was left empty (antd gives undefined).
 */
export function issueKey(issue: Issue, missing = false): string {
  return messageKeyToI18n(issueMessageKey({ ...zodIssueFacts(issue), missing })) ?? 'validation:invalidValue';
}

export function translateIssue(issue: Issue, missing = false): string {
  return translateKey(issueKey(issue, missing), zodIssueValues(issue), issue.message);
}

/**
 * The first problem of `value` against a schema, translated; null when valid. An empty field
 * (antd gives undefined) is also tried as '' so "required" reads as the schema's own message
 * (e.g. "Please enter a name.") instead of a bare type error; with none, it is "required".
 */
export function validateWith(schema: ZodType, value: unknown): string | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  let issue = parsed.error.issues[0];
  const empty = value === undefined || value === null;
  if (empty && issue?.code === 'invalid_type' && !messageKeyToI18n(issue.message)) {
    const asEmpty = schema.safeParse('');
    const other = asEmpty.success ? undefined : asEmpty.error.issues[0];
    if (other && (other.code !== 'invalid_type' || messageKeyToI18n(other.message))) issue = other;
  }
  return issue ? translateIssue(issue, empty) : null;
}

/** An antd rule from one field's schema, e.g. `zodRule(signInBody.shape.account)`. */
export function zodRule(schema: ZodType): FormRule {
  return { validator: async (_rule, value: unknown) => assertValid(schema, value) };
}

function assertValid(schema: ZodType, value: unknown): void {
  const problem = validateWith(schema, value);
  if (problem !== null) throw new Error(problem);
}

/**
 * `zodRule` for a filter field: an empty field is no filter, so only what was typed is checked
 * (against the list query's schema for that field, as the server would check it).
 */
export function filterRule(schema: ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return;
      assertValid(schema, value);
    },
  };
}

/**
 * An antd rule that validates the whole form with an object schema (including its refinements)
 * and reports the issues that belong to `field`.
 */
export function zodFieldRule(schema: ZodType, field: string): FormRule {
  return (form) => ({
    validator: async () => {
      const parsed = schema.safeParse(form.getFieldsValue(true));
      if (parsed.success) return;
      const issue = parsed.error.issues.find((i) => String(i.path[0] ?? '') === field);
      if (issue) throw new Error(translateIssue(issue));
    },
  });
}

/** The confirm-password rule, with the contract's message. */
export function sameAsRule(otherField: string, messageKey = 'validation:passwordMismatch'): FormRule {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === '' || value === form.getFieldValue(otherField)) return;
      throw new Error(translateKey(messageKey));
    },
  });
}
