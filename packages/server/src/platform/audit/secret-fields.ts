import type { z } from 'zod';
import { secretFields } from '@gm/contract/common.contract.ts';

/** A field's place in a body: keys, with `*` for every element of an array. */
export type FieldPath = readonly string[];

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: readonly z.ZodType[];
  shape?: Record<string, z.ZodType>;
  left?: z.ZodType;
  right?: z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas a wrapper (optional, default, pipe, union ...) stands for. */
function inner(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return def.innerType ? [def.innerType] : [];
    case 'pipe':
      return [def.in, def.out].filter((s): s is z.ZodType => s !== undefined);
    case 'union':
      return [...(def.options ?? [])];
    case 'intersection':
      return [def.left, def.right].filter((s): s is z.ZodType => s !== undefined);
    default:
      return [];
  }
}

/** Marked secret itself, or wrapping (or offering, in a union) a schema that is. */
export function isSecret(schema: z.ZodType): boolean {
  return secretFields.has(schema) || inner(schema).some(isSecret);
}

/** Object schemas a schema is or wraps, and array elements, for the walk below. */
function walk(schema: z.ZodType, path: FieldPath, visit: (path: FieldPath, field: z.ZodType) => void, depth: number): void {
  if (depth > 16) return;
  const def = defOf(schema);
  if (def.type === 'object' && def.shape) {
    for (const [key, field] of Object.entries(def.shape)) {
      visit([...path, key], field);
      if (!isSecret(field)) walk(field, [...path, key], visit, depth + 1);
    }
    return;
  }
  if (def.type === 'array' && def.element) {
    walk(def.element, [...path, '*'], visit, depth + 1);
    return;
  }
  for (const wrapped of inner(schema)) walk(wrapped, path, visit, depth + 1);
}

/** Every field of a body schema with its path, the secret ones included (for the audit test). */
export function fieldsOf(schema: z.ZodType): { path: FieldPath; schema: z.ZodType; secret: boolean }[] {
  const fields: { path: FieldPath; schema: z.ZodType; secret: boolean }[] = [];
  walk(schema, [], (path, field) => fields.push({ path, schema: field, secret: isSecret(field) }), 0);
  return fields;
}

const pathsCache = new WeakMap<z.ZodType, FieldPath[]>();

/** The paths of a body schema's secret fields, computed once per schema. */
export function secretPaths(schema: z.ZodType): FieldPath[] {
  let paths = pathsCache.get(schema);
  if (!paths) {
    paths = fieldsOf(schema)
      .filter((f) => f.secret)
      .map((f) => f.path);
    pathsCache.set(schema, paths);
  }
  return paths;
}

export const REDACTED = '***';

function redactPath(value: unknown, path: FieldPath): unknown {
  if (path.length === 0) return value === undefined ? value : REDACTED;
  if (value === null || typeof value !== 'object') return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (head === '*') return Array.isArray(value) ? value.map((item) => redactPath(item, rest)) : value;
  if (Array.isArray(value) || !Object.hasOwn(value, head)) return value;
  return { ...(value as Record<string, unknown>), [head]: redactPath((value as Record<string, unknown>)[head], rest) };
}

/** `value` (a request body as sent, valid or not) with every field the schema marks secret replaced. */
export function redactBySchema(value: unknown, schema: z.ZodType | undefined): unknown {
  if (!schema) return value;
  return secretPaths(schema).reduce(redactPath, value);
}
