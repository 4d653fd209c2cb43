import { describe, expect, it } from 'vitest';
import { CONSOLE_MESSAGES, type ConsoleNamespace } from './i18n-console-resources.ts';
import { publicResources } from './i18n-public-resources.ts';
import { resources } from './i18n-resources.ts';

/** The bundled namespaces plus the loaded ones are exactly the typed ones, with the same texts. */
describe('namespaces bundled and loaded', () => {
  const all = Object.keys(resources.en).sort();
  const bundled = Object.keys(publicResources.en);
  const loaded = Object.keys(CONSOLE_MESSAGES) as ConsoleNamespace[];

  it('cover every namespace once', () => {
    expect([...bundled, ...loaded].sort()).toEqual(all);
  });

  it('load the same messages as the typed resources', async () => {
    for (const namespace of loaded) {
      const messages = await CONSOLE_MESSAGES[namespace]();
      expect(messages.en).toEqual(resources.en[namespace]);
      expect(messages.zhCN).toEqual(resources['zh-CN'][namespace]);
    }
  });
});
