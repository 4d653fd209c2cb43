import { createElement, type ReactNode } from 'react';

/**
 * Announcement content (HTML) rendered as React elements, keeping only what the game shows and
 * the server's sanitiser keeps: paragraphs, line breaks, bold, italic, lists and http/https
 * links. Nothing is handed to the browser as markup (no `dangerouslySetInnerHTML`), so content
 * from a template or an import cannot run anything in the console even before the server has
 * sanitised it.
 */
const KEPT = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a', 'u', 's']);
const isWebHref = (href: string): boolean => /^https?:\/\//i.test(href);

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const tag = node.tagName.toLowerCase();
  const children = Array.from(node.childNodes, (child, i) => convert(child, `${key}.${i}`));
  if (!KEPT.has(tag)) return children.length > 0 ? createElement('span', { key }, ...children) : null;
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = node.getAttribute('href') ?? '';
    if (!isWebHref(href)) return createElement('span', { key }, ...children);
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

/**
 * The same content as DOM nodes, built element by element with the same rules as `RichText`
 * (never parsed into the page as markup): what the content field's stand-in shows and edits
 * until the rich-text editor has loaded.
 */
export function richFragment(html: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const copy = (node: Node, into: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      into.appendChild(document.createTextNode(node.textContent ?? ''));
      return;
    }
    if (!(node instanceof Element)) return;
    const tag = node.tagName.toLowerCase();
    let target: Node = into;
    if (KEPT.has(tag) && (tag !== 'a' || isWebHref(node.getAttribute('href') ?? ''))) {
      const element = document.createElement(tag);
      if (tag === 'a') element.setAttribute('href', node.getAttribute('href') ?? '');
      into.appendChild(element);
      target = element;
    }
    node.childNodes.forEach((child) => copy(child, target));
  };
  new DOMParser().parseFromString(html, 'text/html').body.childNodes.forEach((node) => copy(node, fragment));
  return fragment;
}

const BLOCKS = new Set(['p', 'div', 'ul', 'ol', 'li']);
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What `contentHtml` reads of a DOM node (so it runs on plain objects in a unit test too). */
export interface ContentNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<ContentNode>;
  getAttribute?: (name: string) => string | null;
}
const TEXT = 3;
const ELEMENT = 1;

/**
 * What an edited element holds, as announcement HTML with only the tags kept above (a `div`
 * the browser made on Enter becomes a paragraph, loose text at the top goes into one): the
 * stand-in's value for the form, and what it hands to the editor.
 */
export function contentHtml(root: ContentNode): string {
  const inner = (node: ContentNode): string => {
    if (node.nodeType === TEXT) return escapeText(node.textContent ?? '');
    if (node.nodeType !== ELEMENT) return '';
    const tag = node.nodeName.toLowerCase();
    const children = Array.from(node.childNodes, inner).join('');
    if (tag === 'br') return '<br>';
    if (tag === 'div') return `<p>${children}</p>`;
    if (tag === 'a') {
      const href = node.getAttribute?.('href') ?? '';
      return isWebHref(href) ? `<a href="${escapeText(href).replace(/"/g, '&quot;')}">${children}</a>` : children;
    }
    return KEPT.has(tag) ? `<${tag}>${children}</${tag}>` : children;
  };
  let html = '';
  let loose = '';
  for (const node of Array.from(root.childNodes)) {
    if (node.nodeType === ELEMENT && BLOCKS.has(node.nodeName.toLowerCase())) {
      if (loose) html += `<p>${loose}</p>`;
      loose = '';
      html += inner(node);
    } else {
      loose += inner(node);
    }
  }
  if (loose) html += `<p>${loose}</p>`;
  return (root.textContent ?? '').trim() === '' ? '' : html;
}
