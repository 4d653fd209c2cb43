import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { ImportIdsResult } from '@gm/contract/players.contract.ts';
import { seedGameWorld } from '../../game/world/world.seed.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { xlsOf, xlsxOf } from '../../testing/workbooks.ts';

let t: TestApp;
let admin: string;
let roleIds: string[];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeEach(async () => {
  t = await createTestApp();
  roleIds = await seedGameWorld(t.app.ctx.db, { players: 30, seed: 2, now: t.clock.now - 60_000 });
  admin = await t.signIn('admin');
});
afterEach(async () => {
  await t.close();
});

async function upload(file: Buffer, fileName: string, kind = 'roles', contentType = XLSX, headers: Record<string, string> = {}) {
  const res = await t.call(admin, {
    method: 'POST',
    url: `/api/gm/admin/players/import-ids?kind=${kind}&fileName=${encodeURIComponent(fileName)}`,
    payload: file,
    headers: { 'content-type': contentType, ...headers },
  });
  return res.json<{ code: number; message: string; result: ImportIdsResult; details?: { path: string; message: string }[] }>();
}

describe('import of ids from Excel', () => {
  it('reads role ids from an .xlsx and tells known from unknown ones', async () => {
    const rows = [['角色ID'], [roleIds[0] ?? ''], [Number(roleIds[1])], ['ghost-9'], [roleIds[0] ?? ''], [null], [roleIds[2] ?? '']];
    const res = await upload(await xlsxOf([{ name: 'Sheet1', rows }]), 'ban list.xlsx');
    expect(res.code).toBe(0);
    expect(res.result).toEqual({ kind: 'roles', sheet: 'Sheet1', ids: [roleIds[0], roleIds[1], roleIds[2]], unknown: ['ghost-9'], duplicates: 1, rows: 5 });
  });

  it('reads user ids from an .xls', async () => {
    const account = await t.app.ctx.db.selectFrom('game_accounts').select('user_id').orderBy('user_id').executeTakeFirstOrThrow();
    const res = await upload(xlsOf([{ name: 'Users', rows: [['userId'], [Number(account.user_id)], ['999']] }]), 'users.XLS', 'accounts', 'application/vnd.ms-excel');
    expect(res.result).toMatchObject({ kind: 'accounts', ids: [account.user_id], unknown: ['999'] });
  });

  it('refuses files that break the worksheet rules, with the spec messages, in both languages', async () => {
    const cases: [Buffer, string, string][] = [
      [await xlsxOf([]), 'none.xlsx', 'The Excel file has no worksheet.'],
      [await xlsxOf([{ name: 'A', rows: [] }, { name: 'B', rows: [[null]] }]), 'empty.xlsx', 'All worksheets of the Excel file are empty.'],
      [await xlsxOf([{ name: 'A', rows: [['roleId']] }]), 'header.xlsx', 'No data was parsed from the Excel file.'],
      [Buffer.from('roleId\n1\n'), 'fake.xlsx', 'The Excel file could not be parsed.'],
    ];
    for (const [file, name, message] of cases) {
      const res = await upload(file, name);
      expect(res, name).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message });
    }
    const wrongType = await upload(await xlsxOf([{ name: 'A', rows: [['1']] }]), 'ids.csv');
    expect(wrongType.details).toEqual([{ path: 'fileName', message: 'Upload format error: choose one .xls or .xlsx file.' }]);
    const zh = await upload(await xlsxOf([]), 'none.xlsx', 'roles', XLSX, { 'accept-language': 'zh-CN' });
    expect(zh.message).toBe('Excel 文件中没有工作表。');
    const empty = await t.call(admin, { method: 'POST', url: '/api/gm/admin/players/import-ids?kind=roles&fileName=a.xlsx', payload: Buffer.alloc(0), headers: { 'content-type': XLSX } });
    expect(empty.json<{ code: number }>().code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('needs a signed-in operator', async () => {
    const other = await t.call(null, { method: 'POST', url: '/api/gm/admin/players/import-ids?kind=roles&fileName=a.xlsx', payload: await xlsxOf([]), headers: { 'content-type': XLSX } });
    expect(other.json<{ code: number }>().code).toBe(ErrorCode.LOGGED_OUT);
  });
});
