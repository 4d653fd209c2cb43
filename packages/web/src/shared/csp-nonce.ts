/**
 * The Content-Security-Policy nonce of this page. The server writes a fresh one into index.html
 * for every response (`<meta property="csp-nonce">`, packages/server/src/platform/web/web-app.ts);
 * the policy only admits `<style>` elements that carry it. Undefined under the dev server, which
 * sends no policy and leaves Vite's placeholder in place.
 */
export function readCspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide the attribute once the policy applies; the property keeps the value.
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  return nonce && !nonce.startsWith('__') ? nonce : undefined;
}

/**
 * Gives the nonce to every `<style>` element this page's scripts create. antd's own styles get it
 * from ConfigProvider's `csp`; two helpers under its dialogs (the scroll lock and the scrollbar
 * measurement of @rc-component) create theirs without it (an open upstream issue), and the
 * browser would refuse them. Only this page's scripts run (script-src admits no inline script),
 * and those can read the nonce anyway, so this grants nothing new.
 */
export function nonceCreatedStyles(nonce: string, doc: Document = document): void {
  const create = doc.createElement.bind(doc);
  doc.createElement = (tagName: string, options?: ElementCreationOptions) => {
    const element = create(tagName, options);
    if (element instanceof HTMLStyleElement && !element.nonce) element.nonce = nonce;
    return element;
  };
}
