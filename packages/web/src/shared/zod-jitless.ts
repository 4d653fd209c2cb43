/**
 * `zod` as the web app's build resolves it (vite.config.ts `resolve.alias`): zod itself, told not
 * to compile parsers with `new Function` before any schema exists. The page's policy forbids eval,
 * and zod's probe for it, though caught, is reported as a violation on every page with a form.
 * Interpreted parsing is fast enough for forms; the server keeps zod's compiled parsers.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
