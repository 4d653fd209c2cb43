import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueMessageKey } from './validation-issues.ts';

const keyOf = (schema: z.ZodType, value: unknown, missing = false) => {
  const issue = schema.safeParse(value).error?.issues[0];
  if (!issue) throw new Error('expected a problem');
  return issueMessageKey({ code: issue.code, message: issue.message, origin: 'origin' in issue ? issue.origin : undefined, minimum: 'minimum' in issue ? issue.minimum : undefined, missing });
};

describe('issueMessageKey', () => {
  it("keeps a schema's own message key", () => {
    expect(keyOf(z.string().min(1, 'validation.nameRequired'), '')).toBe('validation.nameRequired');
    expect(keyOf(z.number().refine(() => false, 'errors.10005'), 1)).toBe('errors.10005');
  });

  it('reads an empty text where one character is the least as required, longer minimums as too short', () => {
    expect(keyOf(z.string().min(1), '')).toBe('validation.required');
    expect(keyOf(z.string().min(3), 'ab')).toBe('validation.tooShort');
    expect(keyOf(z.array(z.string()).min(1), [])).toBe('validation.tooShort');
    expect(keyOf(z.number().min(1), 0)).toBe('validation.tooSmall');
  });

  it('names sizes over the limit and wrong or missing values', () => {
    expect(keyOf(z.string().max(2), 'abc')).toBe('validation.tooLong');
    expect(keyOf(z.number().max(2), 3)).toBe('validation.tooBig');
    expect(keyOf(z.number(), 'x')).toBe('validation.invalidType');
    expect(keyOf(z.number(), undefined, true)).toBe('validation.required');
    expect(keyOf(z.enum(['a', 'b']), 'c')).toBe('validation.invalidValue');
  });
});
