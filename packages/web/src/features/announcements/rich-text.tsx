import { createElement, type ReactNode } from 'react';

/**
 * Announcement content (HTML) rendered as React elements, keeping only what the game shows and
 * the server's sanitiser keeps: paragraphs, line breaks, bold, italic, lists and http/https
 * links. Nothing is handed to the browser as markup (no `dangerouslySetInnerHTML`), so content
 * from a template or an import cannot run anything in the console even before the server has
 * sanitised it.
 */
const KEPT = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a', 'u', 's']);

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const tag = node.tagName.toLowerCase();
  const children = Array.from(node.childNodes, (child, i) => convert(child, `${key}.${i}`));
  if (!KEPT.has(tag)) return children.length > 0 ? createElement('span', { key }, ...children) : null;
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = node.getAttribute('href') ?? '';
    if (!/^https?:\/\//i.test(href)) return createElement('span', { key }, ...children);
    return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer nofollow' }, ...children);
  }
  return createElement(tag, { key }, ...children);
}

export function RichText({ html, className }: { html: string; className?: string }) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return <div className={className ? `gm-rich-text ${className}` : 'gm-rich-text'}>{Array.from(doc.body.childNodes, (n, i) => convert(n, String(i)))}</div>;
}

/** The content's text alone (the scrolling line). */
export function plainText(html: string): string {
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
