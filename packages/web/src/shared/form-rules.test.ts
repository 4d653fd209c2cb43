import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { z } from 'zod';
import { en, zhCN } from '@gm/contract/messages.ts';
import { newPassword, signInBody, signUpBody } from '@gm/contract/auth.contract.ts';
import { displayName, roleBody } from '@gm/contract/operators.contract.ts';
import { validateWith } from './form-rules.ts';
import { planFieldErrors } from './form-errors.ts';

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    resources: { en: { errors: en.errors, validation: en.validation }, 'zh-CN': { errors: zhCN.errors, validation: zhCN.validation } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
});

describe('zod schemas as form rules', () => {
  it('speaks the spec sign-in messages', () => {
    expect(validateWith(signInBody.shape.password, 'abc')).toBe('The password must be at least 5 characters long.');
    expect(validateWith(signInBody.shape.account, undefined)).toBe('Please enter the account.');
    expect(validateWith(signInBody.shape.account, 'bad name!')).toBe('Please enter the correct username.');
    expect(validateWith(signInBody.shape.account, 'admin')).toBeNull();
  });

  it('reads an empty field as the schema\'s own "required" message', () => {
    expect(validateWith(displayName, undefined)).toBe('Please enter a name.');
    expect(validateWith(z.number(), undefined)).toBe('This field is required.');
    expect(validateWith(z.number(), 'x')).toBe('Must be a number.');
  });

  it('fills placeholders from the issue', () => {
    expect(validateWith(newPassword(8), 'short')).toBe('The password must be at least 8 characters long.');
    expect(validateWith(roleBody.shape.name, 'x'.repeat(40))).toBe('At most 32 characters.');
  });

  it('falls back to a message by issue code when the schema has no key', () => {
    expect(validateWith(z.string().max(3), 'abcd')).toBe('Must be at most 3 characters.');
    expect(validateWith(z.number().min(2), 1)).toBe('Must be at least 2.');
    // Not "at least 1 characters": an empty text is a missing one.
    expect(validateWith(z.string().min(1), '')).toBe('This field is required.');
    expect(validateWith(z.string().min(3), 'ab')).toBe('Must be at least 3 characters.');
  });

  it('translates into Chinese', async () => {
    await i18next.changeLanguage('zh-CN');
    expect(validateWith(signInBody.shape.password, 'abc')).toBe('密码长度不能少于5个字符。');
    await i18next.changeLanguage('en');
  });

  it('reports object-level refinements on their field', () => {
    const parsed = signUpBody(8).safeParse({ name: 'li.wei', password: 'longenough1', confirm: 'different1' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['confirm']);
  });
});

describe('server field errors', () => {
  it('puts details on the form fields and keeps the rest', () => {
    const plan = planFieldErrors(
      [
        { path: 'password', message: 'Too short' },
        { path: 'resourceIds.3', message: 'Unknown permission code 1.' },
        { path: 'password', message: 'Too common' },
        { path: 'other', message: 'Other problem' },
      ],
      ['password', 'resourceIds'],
    );
    expect(plan.fields).toEqual([
      { name: 'password', errors: ['Too short', 'Too common'] },
      { name: 'resourceIds', errors: ['Unknown permission code 1.'] },
    ]);
    expect(plan.rest).toEqual(['Other problem']);
  });
});
