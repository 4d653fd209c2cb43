import { JSON_SHAPES, LOG_BY_KEY, logColumns, type LogColumnDef, type LogKey } from '@gm/contract/log-catalogue.ts';

/**
 * A fast yes/no check of one event, compiled from the same catalogue as `logEventSchema`: it
 * accepts exactly what the schema accepts (a test compares them on thousands of mutated events).
 * The ingest path runs it first and asks the zod schema only about events it refuses, for the
 * per-field reasons; at tens of thousands of events a second the difference is most of the
 * validation time.
 */
export type EventCheck = (event: Readonly<Record<string, unknown>>, extraKeys?: number) => boolean;

type ValueCheck = (value: unknown) => boolean;

function valueCheck(column: LogColumnDef): ValueCheck {
  switch (column.type) {
    case 'string': {
      const { minLength, maxLength } = column;
      return (v) => typeof v === 'string' && v.length >= minLength && v.length <= maxLength;
    }
    case 'int':
    case 'bigint': {
      const { min, max } = column;
      return (v) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
    }
    case 'bool':
      return (v) => typeof v === 'boolean';
    case 'time':
      return (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= Number.MAX_SAFE_INTEGER;
    case 'enum': {
      const allowed = new Set<unknown>(column.values.map((e) => e.value));
      return (v) => typeof v === 'number' && allowed.has(v);
    }
    case 'json': {
      const schema = JSON_SHAPES[column.shape];
      return (v) => schema.safeParse(v).success;
    }
  }
}

function compile(key: LogKey): EventCheck {
  const def = LOG_BY_KEY.get(key);
  const eventNames = new Set<unknown>(def?.events ?? []);
  const columns = logColumns(key);
  const names = columns.map((c) => c.name);
  const checks = columns.map((c) => (c.name === 'b_event_name' ? (v: unknown) => eventNames.has(v) : valueCheck(c)));
  const width = columns.length;
  return (event, extraKeys = 0) => {
    // Every column present and valid, and no other key: the schema is strict.
    if (Object.keys(event).length !== width + extraKeys) return false;
    for (let c = 0; c < width; c += 1) {
      if (!(checks[c] as ValueCheck)(event[names[c] as string])) return false;
    }
    return true;
  };
}

const compiled = new Map<LogKey, EventCheck>();

export function eventCheck(key: LogKey): EventCheck {
  let check = compiled.get(key);
  if (!check) {
    check = compile(key);
    compiled.set(key, check);
  }
  return check;
}
