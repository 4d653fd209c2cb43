import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, SERVER_ENTRIES } from '../../../../scripts/build-server.ts';
import { openDatabase } from '../db/database.ts';
import { createSqlLogStore } from '../platform/log-store/sql-log-store.ts';
import { consoleProcesses, signInOverHttp } from './console-process.ts';
import { currencyEvent } from './currency-events.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './test-app.ts';

/**
 * `npm start` runs the server built by `scripts/build-server.ts`, not the sources (docs/decisions.md,
 * "The server started from a build"); every other test runs the sources. This one builds the
 * server into a folder of its own and starts it as a process on a SQLite file, then goes through
 * what the build could break: the bundle starts and answers, and an export is written by the
 * export thread started from its built file (a sibling of `main.js`), then read back.
 */

const HOUR = 3_600_000;
const EVENTS = 1_500;

let dir: string;
let outDir: string;
let consoles: ReturnType<typeof consoleProcesses>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gm-built-'));
  // Under packages/server, so that the bundle finds the server's packages as `npm start`'s does.
  outDir = fileURLToPath(new URL(`../../dist/test-${randomBytes(4).toString('hex')}/`, import.meta.url));
  await buildServer({ entries: SERVER_ENTRIES, outDir });
  consoles = consoleProcesses({ command: [join(outDir, 'main.js')] });
}, 120_000);

afterAll(async () => {
  await consoles?.stopAll();
  rmSync(dir, { recursive: true, force: true });
  if (outDir) rmSync(outDir, { recursive: true, force: true });
}, 60_000);

describe('the built server', () => {
  it('starts, answers, and writes an export in its thread from the built file', async () => {
    const databaseUrl = `sqlite:${join(dir, 'console.db')}`;
    const server = await consoles.start('built', { DATABASE_URL: databaseUrl, ADMIN_PASSWORD, DEMO_PASSWORD, EXPORT_DIR: join(dir, 'exports') });
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { code: number; result: { db: { ok: boolean } } };
    expect(health).toMatchObject({ code: 0, result: { db: { ok: true } } });

    const end = Date.now() - HOUR;
    const database = openDatabase(databaseUrl);
    try {
      await createSqlLogStore(database).insertEvents('currency', Array.from({ length: EVENTS }, (_, i) => currencyEvent(i, end)));
    } finally {
      await database.close();
    }
    const token = await signInOverHttp(server, ADMIN_PASSWORD);
    const created = await fetch(`${server.url}/api/gm/admin/exports`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ list: 'gold_list', start: end - 24 * HOUR, end, conditions: [] }),
    });
    const { result: task } = (await created.json()) as { result: { id: string } };
    const deadline = Date.now() + 60_000;
    let status = '';
    while (Date.now() < deadline) {
      const res = await fetch(`${server.url}/api/gm/admin/exports/${task.id}`, { headers: { authorization: token } });
      const body = (await res.json()) as { result: { status: string; rows: number } };
      status = body.result.status;
      if (status !== 'queued' && status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('done');

    const file = await fetch(`${server.url}/api/gm/admin/exports/${task.id}/file`, { headers: { authorization: token } });
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0];
    // The header row and every event, once each.
    expect(sheet?.rowCount).toBe(EVENTS + 1);
    const ids = new Set<unknown>();
    sheet?.eachRow((row) => {
      for (const value of row.values as unknown[]) if (typeof value === 'string' && value.startsWith('evt-')) ids.add(value);
    });
    expect(ids.size).toBe(EVENTS);
  }, 180_000);
});
