import { describe, expect, it } from 'vitest';
import { resources } from './i18n-resources.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('translations', () => {
  const en = resources.en as unknown as Record<string, Tree>;
  const zh = resources['zh-CN'] as unknown as Record<string, Tree>;

  it('has the same namespaces in both languages', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });

  for (const namespace of Object.keys(resources.en)) {
    describe(namespace, () => {
      const english = flatten(en[namespace] ?? {});
      const chinese = flatten(zh[namespace] ?? {});

      it('has the same keys in English and Chinese', () => {
        expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
      });

      it('uses the same {{placeholders}} in both languages', () => {
        for (const [key, text] of english) {
          expect({ key, placeholders: placeholders(chinese.get(key) ?? '') }).toEqual({ key, placeholders: placeholders(text) });
        }
      });

      it('has no empty texts', () => {
        for (const [key, text] of [...english, ...chinese]) expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
      });
    });
  }
});
