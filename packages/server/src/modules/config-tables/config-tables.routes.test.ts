import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigPublishResult, ConfigRowsPage, ConfigTableList, ConfigUpdateRecordPage, ConfigUploadResult, ConfigVersionList } from '@gm/contract/config-tables.contract.ts';
import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import { GatewayError } from '../../game/gateway/gateway.ts';
import { liveTable } from '../../game/world/world-config-tables.ts';
import { seedGameWorld } from '../../game/world/world.seed.ts';
import type { BagResult, PlayerMaps } from '@gm/contract/players.contract.ts';
import { workbookBuffer } from '../../platform/spreadsheet/workbook-buffer.ts';
import { apiFor, auditEntries, operatorWith, type Envelope } from '../../testing/api-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { multipart } from '../announcements/announcements.fixtures.ts';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof apiFor>;
const db = () => t.app.ctx.db;

beforeEach(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  api = apiFor(t, '/api/gm/admin');
});
afterEach(async () => {
  await t.close();
});

interface Detail {
  path: string;
  message: string;
}
type Answer<T> = Envelope<T> & { details?: Detail[] };

async function upload<T = ConfigUploadResult>(table: string, filename: string, content: Buffer, lang = 'en', token = admin): Promise<Answer<T>> {
  const body = multipart([{ filename, content }]);
  const res = await t.call(token, { method: 'POST', url: `/api/gm/admin/config-tables/${table}/versions`, payload: body.payload, headers: { ...body.headers, 'accept-language': lang } });
  return res.json<Answer<T>>();
}

const item = (itemId: string, over: Record<string, unknown> = {}) => ({ itemId, itemType: 'prop', nameEn: `Item ${itemId}`, nameZh: `道具 ${itemId}`, rarity: 2, stack: 10, ...over });
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

async function seededItems() {
  return (await api.get<ConfigRowsPage>(admin, '/config-tables/items/rows?size=100')).result.results;
}

describe('config tables', () => {
  it('start with version 1 of every table from the game world, published', async () => {
    const list = await api.get<ConfigTableList>(admin, '/config-tables');
    expect(list.result.results.map((r) => [r.table, r.publishedVersion, r.latestVersion])).toEqual([
      ['items', 1, 1],
      ['products', 1, 1],
      ['maps', 1, 1],
    ]);
    expect(list.result.results.find((r) => r.table === 'items')?.rowCount).toBe(16);
    const rows = await api.get<ConfigRowsPage>(admin, '/config-tables/items/rows?q=potion');
    expect(rows.result).toMatchObject({ version: 1, total: 1, results: [{ itemId: '100101', nameEn: 'Energy potion', rarity: 2 }] });
    const records = await api.get<ConfigUpdateRecordPage>(admin, '/config-tables/update-records?table=maps');
    expect(records.result.results).toHaveLength(1);
    expect(records.result.results[0]).toMatchObject({ version: 1, fromVersion: null, by: 'system', diff: { added: 20 } });
  });

  it('lists every error of a bad file by row and column, and stores and publishes nothing', async () => {
    const bad = [
      item('900001', { rarity: 'high' }),
      item('900002', { rarity: 9, itemType: 'hat' }),
      item('900001'),
      { itemId: '900003', itemType: 'prop', nameEn: 'x', nameZh: 'y', rarity: 1 },
      item('900004', { extra: 1 }),
    ];
    const res = await upload('items', 'bad.json', json(bad));
    expect(res.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(res.message).toBe('The file has 6 problem(s); nothing was stored. Fix them and upload again.');
    expect(res.details).toEqual([
      { path: 'rows.1.rarity', message: 'rarity: must be a whole number.' },
      { path: 'rows.2.itemType', message: 'itemType: must be one of prop, weapon, chip, materials.' },
      { path: 'rows.2.rarity', message: 'rarity: must be from 1 to 5.' },
      { path: 'rows.3.itemId', message: 'The key 900001 appears again (first in row 1).' },
      { path: 'rows.4.stack', message: 'stack: this cell is empty.' },
      { path: 'rows.5.extra', message: 'Unknown column extra.' },
    ]);
    const zh = await upload('items', 'bad.json', json(bad), 'zh-CN');
    expect(zh.message).toBe('文件有 6 处错误，未保存任何内容。请修正后重新上传。');
    expect(zh.details?.[3]?.message).toBe('主键 900001 重复（首次出现在第 1 行）。');

    // A sheet without a column: one problem for the header, not one a row.
    const sheet = await workbookBuffer(['itemId', 'itemType', 'nameEn', 'nameZh', 'rarity'].map((header) => ({ header })), [['1', 'prop', 'a', 'b', '2']], 'items');
    const missing = await upload('items', 'items.xlsx', sheet);
    expect(missing.details).toEqual([{ path: 'columns.stack', message: 'The column stack is missing.' }]);

    // Junk: one clear message.
    const junk = await upload('items', 'junk.bin', Buffer.alloc(10 * 1024 * 1024, 0x41));
    expect(junk).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'The file is neither JSON nor an Excel workbook (.xlsx); nothing was stored.' });
    const tooLarge = await upload('items', 'huge.json', Buffer.alloc(17 * 1024 * 1024, 0x20));
    expect(tooLarge).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'The file is larger than 16 MB; nothing was stored.' });
    const brokenJson = await upload('items', 'broken.json', Buffer.from('[{"itemId": '));
    expect(brokenJson.message).toBe('The file is not valid JSON (near line 1, column 13); nothing was stored.');
    // Where it stops, in the reader's words: not the parser's English.
    const brokenLine = await upload('items', 'broken.json', Buffer.from('[\n  {"itemId": "1",\n   oops: 2}\n]'), 'zh-CN');
    expect(brokenLine.message).toBe('文件不是有效的 JSON（第 3 行第 4 列附近），未保存任何内容。');

    expect(await db().selectFrom('config_table_versions').select('version').where('table_name', '=', 'items').execute()).toEqual([{ version: 1 }]);
    expect(await liveTable(db(), 'items')).toBeNull();
    // The refusals are audited as failed, nothing as done.
    const entries = await auditEntries(t, 'configTables.upload');
    expect(entries.every((e) => e.outcome !== 'ok')).toBe(true);
  });

  it('uploads a good file (JSON or xlsx) as a new version with its diff, publishes it to the game, and rolls back', async () => {
    const rows = await seededItems();
    const next = rows.filter((r) => r.itemId !== '100102').map((r) => (r.itemId === '100101' ? { ...r, stack: 99 } : r));
    next.push(item('900001'));
    const up = await upload('items', 'items.json', json(next));
    expect(up.code).toBe(0);
    expect(up.result.version).toMatchObject({ version: 2, rowCount: 16, uploadedBy: 'admin', fileName: 'items.json', live: false, publishedAt: null });
    expect(up.result.diff).toMatchObject({ fromVersion: 1, toVersion: 2, added: 1, removed: 1, changed: 1, unchanged: 14, truncated: false });
    expect(up.result.diff.entries).toContainEqual({ key: '100101', change: 'changed', fields: [{ column: 'stack', before: 40, after: 99 }] });
    const upAudit = await auditEntries(t, 'configTables.upload');
    expect(upAudit).toHaveLength(1);
    expect(upAudit[0]).toMatchObject({ code: P.DB_EDIT, outcome: 'ok' });

    // The same file again: refused, nothing stored.
    expect((await upload('items', 'items.json', json(next))).code).toBe(ErrorCode.WRONG_STATE);

    const published = await api.post<ConfigPublishResult>(admin, '/config-tables/items/versions/2/publish');
    expect(published.code).toBe(0);
    expect(published.result.record).toMatchObject({ table: 'items', version: 2, fromVersion: 1, kind: 'publish', by: 'admin', diff: { added: 1, removed: 1, changed: 1 } });
    // Read back from the game.
    const live = await liveTable(db(), 'items');
    expect(live?.version).toBe(2);
    expect(live?.rows).toContainEqual(expect.objectContaining({ itemId: '100101', stack: 99 }));
    expect((await api.post(admin, '/config-tables/items/versions/2/publish')).code).toBe(ErrorCode.WRONG_STATE);
    // The game's item catalogue (what mails may carry) is the published table.
    const catalogue = (await t.app.ctx.gateway.listItems({})).items;
    expect(catalogue.map((i) => i.itemId)).toContain('900001');
    expect(catalogue.map((i) => i.itemId)).not.toContain('100102');
    expect(catalogue.find((i) => i.itemId === '900001')).toMatchObject({ itemType: 'prop', name: { en: 'Item 900001', zh: '道具 900001' }, category: 'props' });

    // An xlsx for version 3.
    const cols = ['itemId', 'itemType', 'nameEn', 'nameZh', 'rarity', 'stack'];
    const sheet = await workbookBuffer(cols.map((header) => ({ header })), next.map((r) => cols.map((c) => r[c])).concat([['900002', 'chip', 'New chip', '新芯片', 3, 5]]), 'items');
    const x = await upload('items', 'items.xlsx', sheet);
    expect(x.code).toBe(0);
    expect(x.result.diff).toMatchObject({ fromVersion: 2, toVersion: 3, added: 1, removed: 0, changed: 0 });

    // Roll back to version 1.
    const back = await api.post<ConfigPublishResult>(admin, '/config-tables/items/versions/1/publish');
    expect(back.result.record).toMatchObject({ version: 1, fromVersion: 2, kind: 'rollback', diff: { added: 1, removed: 1, changed: 1 } });
    expect((await liveTable(db(), 'items'))?.version).toBe(1);
    expect((await t.app.ctx.gateway.listItems({})).items.map((i) => i.itemId)).toContain('100102');
    const versions = await api.get<ConfigVersionList>(admin, '/config-tables/items/versions');
    expect(versions.result.publishedVersion).toBe(1);
    expect(versions.result.results.map((v) => [v.version, v.live])).toEqual([[3, false], [2, false], [1, true]]);
    const diff = await api.get(admin, '/config-tables/items/versions/3/diff');
    expect(diff.result).toMatchObject({ fromVersion: 1, toVersion: 3, added: 2, removed: 1, changed: 1 });

    const records = await api.get<ConfigUpdateRecordPage>(admin, '/config-tables/update-records?table=items');
    expect(records.result.results.map((r) => [r.version, r.kind, r.by])).toEqual([[1, 'rollback', 'admin'], [2, 'publish', 'admin'], [1, 'publish', 'system']]);
    const audits = await auditEntries(t, 'configTables.publish');
    expect(audits.filter((a) => a.outcome === 'ok')).toHaveLength(2);
    expect(audits.every((a) => a.code === P.DB_EDIT)).toBe(true);
    expect((await api.get(admin, '/config-tables/items/versions/9/diff')).code).toBe(ErrorCode.NOT_FOUND);
  });

  it("gives a version's rows as a file in the upload's shape: edited and uploaded back, it is the next version", async () => {
    const file = await t.app.inject({ method: 'GET', url: '/api/gm/admin/config-tables/items/versions/1/file', headers: { authorization: admin } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(file.headers['content-disposition']).toContain('items_v1.json');
    const { rows } = file.json<{ rows: Record<string, unknown>[] }>();
    expect(rows).toEqual(await seededItems());
    const edited = rows.map((r) => (r.itemId === '100101' ? { ...r, nameEn: 'Energy potion (large)' } : r));
    const up = await upload('items', 'items_v1.json', Buffer.from(JSON.stringify({ rows: edited })));
    expect(up.code).toBe(0);
    expect(up.result.diff).toMatchObject({ fromVersion: 1, toVersion: 2, added: 0, removed: 0, changed: 1 });
    // An unknown version is the envelope's not-found, not a file.
    const missing = await api.get(admin, '/config-tables/items/versions/99/file');
    expect(missing.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('runs published products as the store and maps as the map catalogue, and names bag items from the published items', async () => {
    await seedGameWorld(db(), { players: 3, seed: 7, now: t.clock.now - 60_000 });
    const roleId = (await db().selectFrom('game_players').select('role_id').orderBy('role_id').executeTakeFirstOrThrow()).role_id;
    const rowsOf = async (table: string) => (await api.get<ConfigRowsPage>(admin, `/config-tables/${table}/rows?size=100`)).result.results;

    // Products: one off sale, one repriced and renamed, one new on existing goods.
    const products = (await rowsOf('products')).filter((r) => r.productId !== 'com.mecha.cn.energy').map((r) => (r.productId === 'com.mecha.cn.crystal60' ? { ...r, price: 800, name: '60 Crystals (new)' } : r));
    const model = products[0] ?? expect.fail('no product');
    products.push({ ...model, productId: 'com.mecha.cn.crystal60.promo', name: 'Promo 60', price: 300 });
    expect((await upload('products', 'products.json', json(products))).code).toBe(0);
    expect((await api.post(admin, '/config-tables/products/versions/2/publish')).code).toBe(0);
    const store = (await api.get<{ productId: string; name: string; price: number }[]>(admin, '/products')).result;
    expect(store.map((p) => p.productId)).not.toContain('com.mecha.cn.energy');
    expect(store).toContainEqual(expect.objectContaining({ productId: 'com.mecha.cn.crystal60', name: '60 Crystals (new)', price: 800 }));
    expect(store).toContainEqual(expect.objectContaining({ productId: 'com.mecha.cn.crystal60.promo', price: 300 }));
    // A product whose goods the game does not have: refused by the game, nothing changes.
    const ghost = [...products, { ...model, productId: 'com.mecha.cn.ghost', goodsId: 'G9999' }];
    expect((await upload('products', 'ghost.json', json(ghost))).code).toBe(0);
    const refused = await api.post(admin, '/config-tables/products/versions/3/publish');
    expect(refused.code).not.toBe(0);
    expect((await liveTable(db(), 'products'))?.version).toBe(2);
    expect((await api.get<{ productId: string }[]>(admin, '/products')).result.map((p) => p.productId)).not.toContain('com.mecha.cn.ghost');

    // Maps: a new explore map first in unlock order, one stage map gone.
    const maps = (await rowsOf('maps')).filter((r) => r.mapId !== 'C10');
    maps.push({ mapId: 'E00', kind: 'explore', unlockOrder: 1 });
    const reordered = maps.map((r) => (r.kind === 'explore' && r.mapId !== 'E00' ? { ...r, unlockOrder: Number(r.unlockOrder) + 1 } : r));
    expect((await upload('maps', 'maps.json', json(reordered))).code).toBe(0);
    expect((await api.post(admin, '/config-tables/maps/versions/2/publish')).code).toBe(0);
    const playerMaps = (await api.get<PlayerMaps>(admin, `/player-details?roleId=${roleId}`)).result;
    expect(playerMaps.maps.explore[0]?.mapId).toBe('E00');
    expect(playerMaps.maps.stage.map((m) => m.mapId)).not.toContain('C10');

    // Items: the bag names what the game runs.
    const bag = (await api.get<BagResult>(admin, `/player-baggage-list?roleId=${roleId}`)).result;
    const first = bag.items[0] ?? expect.fail('an empty bag');
    const items = (await seededItems()).map((r) => (r.itemId === first.sourceId ? { ...r, nameEn: 'Renamed', nameZh: '改名了' } : r));
    expect((await upload('items', 'items.json', json(items))).code).toBe(0);
    expect((await api.post(admin, '/config-tables/items/versions/2/publish')).code).toBe(0);
    const renamed = (await api.get<BagResult>(admin, `/player-baggage-list?roleId=${roleId}`)).result.items.find((i) => i.sourceId === first.sourceId);
    expect(renamed?.name).toEqual({ en: 'Renamed', zh: '改名了' });
  });

  it('records nothing when the game cannot be reached', async () => {
    const rows = await seededItems();
    await upload('items', 'items.json', json([...rows, item('900001')]));
    const gateway = t.app.ctx.gateway;
    gateway.publishConfigTable = async () => {
      throw GatewayError.unavailable('connection refused');
    };
    const res = await api.post(admin, '/config-tables/items/versions/2/publish');
    expect(res.code).not.toBe(0);
    expect((await api.get<ConfigUpdateRecordPage>(admin, '/config-tables/update-records?table=items')).result.total).toBe(1);
    expect(await liveTable(db(), 'items')).toBeNull();
  });

  it('answers each page to its own code, and changes to DB_EDIT only', async () => {
    const tables = await operatorWith(t, admin, [P.DB_TABLES]);
    const files = await operatorWith(t, admin, [P.DB_DATA_FILES]);
    const records = await operatorWith(t, admin, [P.DB_UPDATE_RECORDS]);
    expect((await api.get(tables, '/config-tables')).code).toBe(0);
    expect((await api.get(files, '/config-tables')).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.get(tables, '/config-tables/items/rows')).code).toBe(0);
    expect((await api.get(files, '/config-tables/items/versions')).code).toBe(0);
    expect((await api.get(tables, '/config-tables/items/versions/1/file')).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.get(tables, '/config-tables/items/versions')).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.get(records, '/config-tables/update-records')).code).toBe(0);
    expect((await api.get(files, '/config-tables/update-records')).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await upload('items', 'x.json', json([item('1')]), 'en', files)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.post(files, '/config-tables/items/versions/1/publish')).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.get(admin, '/config-tables/stages/rows')).code).toBe(ErrorCode.INVALID_PARAMS);
  });
});
