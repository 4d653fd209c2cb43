import sanitizeHtml from 'sanitize-html';
import { UPLOAD_URL_PREFIX } from '@gm/contract/announcements.contract.ts';

/**
 * An announcement's rich text as the game and the console may show it: the tags the editor
 * writes (paragraphs, headings, emphasis, lists, quotes, code, links, images), no script or
 * style, no event handler or any other attribute not listed, links only http/https (and
 * mailto is not kept either), images only http/https or the console's own uploads.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'a', 'img', 'span'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text of script and style goes with them (sanitize-html's default for these two).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isImageSource(frame.attribs.src ?? ''),
};

function isImageSource(src: string): boolean {
  return /^https?:\/\//i.test(src) || (src.startsWith(UPLOAD_URL_PREFIX) && !src.includes('..'));
}

export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
