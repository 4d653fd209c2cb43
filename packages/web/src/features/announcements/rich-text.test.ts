import { describe, expect, it } from 'vitest';
import { contentHtml, type ContentNode } from './rich-text.tsx';

/** A small stand-in for the DOM (the unit tests run without one). */
const text = (value: string): ContentNode => ({ nodeType: 3, nodeName: '#text', textContent: value, childNodes: [] });
const el = (tag: string, children: ContentNode[], attributes: Record<string, string> = {}): ContentNode => ({
  nodeType: 1,
  nodeName: tag.toUpperCase(),
  textContent: children.map((c) => c.textContent ?? '').join(''),
  childNodes: children,
  getAttribute: (name) => attributes[name] ?? null,
});
const root = (...children: ContentNode[]) => el('div', children);

describe('contentHtml (the content field stand-in\'s value)', () => {
  it('keeps paragraphs, line breaks, bold, italic, lists and web links', () => {
    const html = contentHtml(
      root(
        el('p', [text('Servers restart at '), el('strong', [text('six')]), text('.')]),
        el('p', [el('em', [text('Soon')]), el('br', []), el('a', [text('notes')], { href: 'https://example.com/a?b=1&c="2"' })]),
        el('ul', [el('li', [text('one')]), el('li', [text('two')])]),
      ),
    );
    expect(html).toBe(
      '<p>Servers restart at <strong>six</strong>.</p><p><em>Soon</em><br><a href="https://example.com/a?b=1&amp;c=&quot;2&quot;">notes</a></p><ul><li>one</li><li>two</li></ul>',
    );
  });

  it('writes what was typed as text, never as markup', () => {
    expect(contentHtml(root(el('p', [text('<img src=x onerror=alert(1)> & more')])))).toBe('<p>&lt;img src=x onerror=alert(1)&gt; &amp; more</p>');
  });

  it('drops tags it does not keep (their text stays) and links that are not http or https', () => {
    expect(contentHtml(root(el('p', [el('span', [text('a')]), el('font', [text('b')]), el('a', [text('c')], { href: 'javascript:alert(1)' })])))).toBe('<p>abc</p>');
  });

  it('makes paragraphs of the divs the browser adds on Enter, and of loose text at the top', () => {
    expect(contentHtml(root(text('first'), el('div', [text('second')]), text('third')))).toBe('<p>first</p><p>second</p><p>third</p>');
  });

  it('an empty field (one empty paragraph) is no content', () => {
    expect(contentHtml(root(el('p', [el('br', [])])))).toBe('');
    expect(contentHtml(root(el('p', [text('   ')])))).toBe('');
  });
});
