import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';

/** Secrets read by each process once per database. */
const cache = new WeakMap<Db, Map<string, Promise<Buffer>>>();

async function load(db: Db, name: string, now: number): Promise<Buffer> {
  // The first instance to ask makes it; the others (and later starts) find it.
  await db
    .insertInto('app_secrets')
    .values({ name, value: randomBytes(32).toString('base64url'), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}

/**
 * A random 256-bit secret by name, the same for every API instance on this database (house plan
 * section 9: instances are interchangeable, so what one signs another must accept). Never sent
 * anywhere; rotating one is deleting its row and restarting every instance.
 */
export function sharedSecret(db: Db, name: string, now: number): Promise<Buffer> {
  let secrets = cache.get(db);
  if (!secrets) cache.set(db, (secrets = new Map<string, Promise<Buffer>>()));
  let secret = secrets.get(name);
  if (!secret) {
    secret = load(db, name, now);
    // A failed read (the database down) is not remembered: the next call tries again.
    secret.catch(() => secrets.delete(name));
    secrets.set(name, secret);
  }
  return secret;
}
