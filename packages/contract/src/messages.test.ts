import { describe, expect, it } from 'vitest';
import { languageFrom, translate } from './messages.ts';

describe('languageFrom (Accept-Language)', () => {
  it('takes the most wanted of English and Chinese by q-value, else English', () => {
    expect(languageFrom('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(languageFrom('zh-CN;q=0.1, en;q=0.9')).toBe('en');
    expect(languageFrom('fr-FR, zh-TW;q=0.5')).toBe('zh-CN');
    expect(languageFrom('en-GB, zh;q=0.7')).toBe('en');
    expect(languageFrom('zh;q=0')).toBe('en');
    expect(languageFrom('de')).toBe('en');
    expect(languageFrom(undefined)).toBe('en');
  });
});

describe('translate', () => {
  it('joins a list as the language does', () => {
    expect(translate('en', 'errors.mailPlayersNotExist', { ids: ['a', 'b'] })).toBe('player does not exist: a, b');
    expect(translate('zh-CN', 'errors.mailPlayersNotExist', { ids: ['a', 'b'] })).toBe('玩家不存在：a、b');
  });

  it('says "1 second", not "1 seconds"', () => {
    expect(translate('en', 'errors.10006', { seconds: 1 })).toBe('Too many requests. Please wait 1 second.');
    expect(translate('en', 'errors.10006', { seconds: 2 })).toBe('Too many requests. Please wait 2 seconds.');
    expect(translate('en', 'errors.logQueryTooSoon', { interval: 10, seconds: 1 })).toBe('At least 10 seconds between two searches. Please wait 1 second.');
  });
});
