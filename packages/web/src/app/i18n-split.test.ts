import { afterAll, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import type { Language } from '@gm/contract/messages.ts';
import { CONSOLE_MESSAGES, type ConsoleNamespace } from './i18n-console-resources.ts';
import { PUBLIC_MESSAGES } from './i18n-public-resources.ts';
import { resources } from './i18n-resources.ts';
import { initI18n, loadMessages, messagesBackend } from './i18n.ts';

const LANGUAGES: Language[] = ['en', 'zh-CN'];

/** The loaded namespaces are exactly the typed ones, with the same texts: nothing is bundled. */
describe('namespaces loaded', () => {
  const all = Object.keys(resources.en).sort();
  const loaded = [...Object.keys(PUBLIC_MESSAGES), ...Object.keys(CONSOLE_MESSAGES)];

  it('cover every namespace once', () => {
    expect([...loaded].sort()).toEqual(all);
  });

  it('load the same messages as the typed resources, each language from its own module', async () => {
    const loaders = { ...PUBLIC_MESSAGES, ...CONSOLE_MESSAGES } as Record<string, Record<Language, () => Promise<object>>>;
    for (const namespace of loaded) {
      for (const language of LANGUAGES) {
        const messages = await loaders[namespace]?.[language]();
        expect({ namespace, language, messages }).toEqual({ namespace, language, messages: resources[language][namespace as ConsoleNamespace] });
      }
    }
  });
});

/** What the app downloads: one language at a time, and the other one before a switch. */
describe('loading one language at a time', () => {
  const read = vi.spyOn(messagesBackend, 'read');
  afterAll(() => read.mockRestore());
  const asked = () => read.mock.calls.map(([language, namespace]) => `${language}/${namespace}`).sort();
  let first: Language = 'en';
  let other: Language = 'zh-CN';

  it('starts with the public namespaces in the starting language only', async () => {
    await initI18n();
    first = i18next.language as Language;
    other = first === 'en' ? 'zh-CN' : 'en';
    expect(asked()).toEqual([`${first}/auth`, `${first}/common`, `${first}/errors`, `${first}/nav`, `${first}/validation`]);
    expect(i18next.hasResourceBundle(other, 'errors')).toBe(false);
    expect(i18next.getResourceBundle(first, 'common')).toEqual(resources[first].common);
    expect(i18next.hasResourceBundle(other, 'common')).toBe(false);
  });

  it("loads a feature's namespace in the current language only", async () => {
    read.mockClear();
    await loadMessages('players');
    expect(asked()).toEqual([`${first}/players`]);
    expect(i18next.getResourceBundle(first, 'players')).toEqual(resources[first].players);
    expect(i18next.hasResourceBundle(other, 'players')).toBe(false);
  });

  it('loads every namespace in use in the new language before switching to it', async () => {
    read.mockClear();
    const switching = i18next.changeLanguage(other);
    expect(i18next.language).toBe(first); // the old language stays until the new one is here
    await switching;
    expect(i18next.language).toBe(other);
    expect(asked()).toEqual([`${other}/auth`, `${other}/common`, `${other}/errors`, `${other}/nav`, `${other}/players`, `${other}/validation`]);
    expect(i18next.getResourceBundle(other, 'players')).toEqual(resources[other].players);
    expect(i18next.getResourceBundle(other, 'errors')).toEqual(resources[other].errors);
  });

  it('does not download a language twice', async () => {
    read.mockClear();
    await i18next.changeLanguage(first);
    await loadMessages('players');
    expect(asked()).toEqual([]);
  });

  it("fails the page's loader when a feature's messages cannot be downloaded, and asks again next time", async () => {
    const failing = vi.spyOn(CONSOLE_MESSAGES.statistics, first).mockRejectedValue(new Error('offline'));
    await expect(loadMessages('statistics')).rejects.toThrow(/statistics/);
    failing.mockRestore();
    await loadMessages('statistics');
    expect(i18next.getResourceBundle(first, 'statistics')).toEqual(resources[first].statistics);
  });
});
