import type { FastifyError, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { CONTROL_CHARS } from '@gm/contract/common.contract.ts';
import { invalidField } from './domain-error.ts';

/** Deep enough for any body the console accepts; deeper nesting is refused by the schemas anyway. */
const MAX_DEPTH = 32;

/**
 * The path of the first string (at any depth) holding a control character, or null. The path is
 * one array, grown and shrunk on the way (no array or entry list per key: this runs on every request).
 */
export function findControlChars(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return CONTROL_CHARS.test(value) ? path.join('.') : null;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  const record = value as Record<string, unknown>;
  // The own enumerable string keys, in Object.entries' order.
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    path.push(key);
    const found = findControlChars(record[key], path, depth + 1);
    path.pop();
    if (found !== null) return found;
  }
  return null;
}

/**
 * No operator types NUL or another C0 control: they hide text in logs and break what reads it
 * later. Refused in every body, query and path parameter of the console's API before any schema
 * runs (one-line fields, names and ids also refuse line breaks and direction controls, in their
 * shared schemas: `contract/common.contract.ts`). Ingest has its own checks.
 */
export function refuseControlChars(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  // A callback hook, not an async one: it never waits, and a promise per request costs (docs/performance.md, "API overhead").
  if (!request.url.startsWith('/api/gm/')) return done();
  const path = findControlChars(request.params) ?? findControlChars(request.query) ?? findControlChars(request.body);
  if (path !== null) return done(invalidField(path, 'validation.controlChars') as unknown as FastifyError);
  done();
}
