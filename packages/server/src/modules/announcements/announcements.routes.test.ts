import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  Announcement,
  AnnouncementBackup,
  AnnouncementBackupDetail,
  AnnouncementChangeResult,
  AnnouncementImportResult,
  AnnouncementPage,
  AnnouncementRedirects,
  AnnouncementRestoreResult,
  AnnouncementTemplate,
  UploadResult,
} from '@gm/contract/announcements.contract.ts';
import { ErrorCode } from '@gm/contract/errors.ts';
import type { GameAnnouncement } from '@gm/contract/game-commands.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { GatewayError } from '../../game/gateway/gateway.ts';
import { seedRegionsAndCatalogue } from '../../game/world/world.seed.ts';
import { readWorkbook } from '../../platform/spreadsheet/read-workbook.ts';
import { apiFor, auditEntries, operatorWith, type Envelope } from '../../testing/api-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { xlsOf, xlsxOf } from '../../testing/workbooks.ts';
import { jpegOf, multipart, pngOf, siteBody, type FilePart } from './announcements.fixtures.ts';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof apiFor>;
let image: string;

const PREFIX = '/api/gm/admin';

async function upload(token: string, files: FilePart[], lang = 'en') {
  const body = multipart(files);
  const res = await t.call(token, { method: 'POST', url: `${PREFIX}/uploads`, payload: body.payload, headers: { ...body.headers, 'accept-language': lang } });
  return res.json<Envelope<UploadResult>>();
}

async function importFile(token: string, files: FilePart[], lang = 'en') {
  const body = multipart(files);
  const res = await t.call(token, { method: 'POST', url: `${PREFIX}/announcements/import`, payload: body.payload, headers: { ...body.headers, 'accept-language': lang } });
  return res.json<Envelope<AnnouncementImportResult>>();
}

const create = async (overrides: Parameters<typeof siteBody>[2] = {}) => {
  const res = await api.post<Announcement>(admin, '/announcements', siteBody(image, t.clock.now, overrides));
  expect(res.message).toBe('success');
  return res.result;
};

const board = async (query = '') => (await api.get<GameAnnouncement[]>(admin, `/announcements/game-board${query}`)).result;

beforeEach(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://gm.example.com' } });
  await seedRegionsAndCatalogue(t.app.ctx.db, t.clock.now);
  admin = await t.signIn('admin');
  api = apiFor(t, PREFIX);
  image = (await upload(admin, [{ filename: 'banner.png', content: pngOf(4, 2, 1), type: 'image/png' }])).result.url;
});
afterEach(async () => {
  await t.close();
});

describe('uploads', () => {
  it('accepts a PNG named .jpg (stored and served as png) and a JPEG, by their bytes', async () => {
    const png = pngOf(3, 3, 7);
    const renamed = await upload(admin, [{ filename: 'photo.jpg', content: png, type: 'image/jpeg' }]);
    expect(renamed.code).toBe(0);
    expect(renamed.result).toMatchObject({ contentType: 'image/png', size: png.length });
    expect(renamed.result.url).toMatch(/^\/api\/gm\/admin\/uploads\/[0-9a-f]{64}\.png$/);
    const again = await upload(admin, [{ filename: 'other-name.png', content: png }]);
    expect(again.result.url).toBe(renamed.result.url);

    const served = await t.call(null, { method: 'GET', url: renamed.result.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png)).toBe(true);
    // The other extension of the same hash is not an image the console handed out.
    const wrongExt = await t.call(null, { method: 'GET', url: renamed.result.url.replace(/\.png$/, '.jpg') });
    expect(wrongExt.statusCode).toBe(404);

    // Above the API's 1 MB body limit, below the upload's 2 MB: taken.
    const large = await upload(admin, [{ filename: 'large.png', content: Buffer.concat([pngOf(2, 2, 11), Buffer.alloc(1536 * 1024)]) }]);
    expect(large.result).toMatchObject({ contentType: 'image/png', size: 1536 * 1024 + pngOf(2, 2, 11).length });
    const jpeg = await upload(admin, [{ filename: 'shot.JPG', content: jpegOf() }]);
    expect(jpeg.result).toMatchObject({ contentType: 'image/jpeg' });
    expect(jpeg.result.url).toMatch(/\.jpg$/);
    expect((await auditEntries(t, 'uploads.create')).length).toBe(5);
  });

  it('refuses an HTML page named .png, other formats, an empty file, two files, too large a file, and a caller without 21017', async () => {
    const html = await upload(admin, [{ filename: 'evil.png', content: Buffer.from('<html><script>alert(1)</script></html>'), type: 'image/png' }]);
    expect(html).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'upload format error' });
    const zh = await upload(admin, [{ filename: 'evil.png', content: Buffer.from('<svg onload="alert(1)"></svg>') }], 'zh-CN');
    expect(zh.message).toBe('上传格式错误。');
    const gif = await upload(admin, [{ filename: 'a.gif', content: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1') }]);
    expect(gif.message).toBe('upload format error');
    expect((await upload(admin, [{ filename: 'empty.png', content: Buffer.alloc(0) }])).message).toBe('upload format error');
    const two = await upload(admin, [{ filename: 'a.png', content: pngOf() }, { filename: 'b.png', content: pngOf(1, 1, 9) }]);
    expect(two).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'Choose only one file.' });
    const big = await upload(admin, [{ filename: 'big.png', content: Buffer.concat([pngOf(), Buffer.alloc(2 * 1024 * 1024)]) }]);
    expect(big).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'The image is larger than 2 MB.' });
    const none = await t.call(admin, { method: 'POST', url: `${PREFIX}/uploads`, payload: {} });
    expect(none.json<Envelope>().code).toBe(ErrorCode.INVALID_PARAMS);
    expect(await t.app.ctx.db.selectFrom('uploads').select('sha256').execute()).toHaveLength(1);

    const reader = await operatorWith(t, admin, [P.ANNOUNCEMENTS]);
    expect((await upload(reader, [{ filename: 'a.png', content: pngOf(1, 1, 3) }])).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(null, { method: 'GET', url: `${PREFIX}/uploads/${'0'.repeat(64)}.png` })).statusCode).toBe(404);
  });
});

describe('announcement rules and messages', () => {
  it('creates every field of spec section 3, audited, and lists it by type', async () => {
    const a = await create();
    expect(a).toMatchObject({ type: 'site', tab: 2, title: 'Double drops weekend', tabTitle: 'Event', status: 'created', sort: 0, hotType: 1, jumpType: 1, popupType: 'notAgainToday', restrictionLevel: 10, mapId: 'map-3', progress: 40, createdBy: 'admin' });
    const login = await create({ type: 'login', title: 'Maintenance', jumpType: 0, jumpTarget: 'shop.main' });
    const scrolling = await create({ type: 'scrolling', image: '', previewImage: '', title: 'Server restarts at 02:00' });
    expect(login.sort).toBe(0);
    expect(scrolling.sort).toBe(0);
    const second = await create({ title: 'Second' });
    expect(second.sort).toBe(1);
    const sites = await api.get<AnnouncementPage>(admin, '/announcements?type=site');
    expect(sites.result.results.map((r) => r.title)).toEqual(['Double drops weekend', 'Second']);
    expect((await api.get<AnnouncementPage>(admin, '/announcements')).result.total).toBe(4);
    expect((await api.get<AnnouncementPage>(admin, '/announcements?type=scrolling')).result.results.map((r) => r.id)).toEqual([scrolling.id]);
    expect((await api.get<AnnouncementPage>(admin, '/announcements?keyword=maint')).result.results.map((r) => r.id)).toEqual([login.id]);
    expect((await api.get<Announcement>(admin, `/announcements/${a.id}`)).result).toEqual(a);
    const entries = await auditEntries(t, 'announcements.create');
    expect(entries).toHaveLength(4);
    expect(entries.some((e) => e.targets.includes(second.id))).toBe(true);
    expect((await api.get(admin, '/announcements/nope')).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('says each rule of spec section 5 in both languages and stores nothing', async () => {
    const now = t.clock.now;
    const message = async (body: unknown, lang = 'en') => (await api.post(admin, '/announcements', body, lang)).message;
    expect(await message({ ...siteBody(image, now), title: '' })).toBe('Please enter the title.');
    expect(await message({ ...siteBody(image, now), title: '' }, 'zh-CN')).toBe('请输入标题。');
    expect(await message({ ...siteBody(image, now), title: 'x'.repeat(129) })).toBe('The title is at most 128 characters.');
    expect(await message({ ...siteBody(image, now), tab: undefined })).toBe('Please select the tab.');
    expect(await message({ ...siteBody(image, now), tabTitle: '123456789' })).toBe('The tab title is at most 8 characters.');
    expect(await message({ ...siteBody(image, now), image: '' })).toBe('The image cannot be empty');
    expect(await message({ ...siteBody(image, now), image: '' }, 'zh-CN')).toBe('图片不能为空。');
    expect(await message({ ...siteBody(image, now), image: 'https://evil.example/x.gif' })).toBe('upload format error');
    expect(await message({ ...siteBody(image, now), previewImage: `/api/gm/admin/uploads/${'a'.repeat(64)}.png` })).toBe('upload format error');
    expect(await message({ ...siteBody(image, now), content: '<a href="https://x.example">a</a>'.repeat(600) })).toBe('Must be at most 20000 characters.');
    expect(await message({ ...siteBody(image, now), jumpType: undefined })).toBe('Please choose the redirect.');
    expect(await message({ ...siteBody(image, now), jumpTarget: '' })).toBe('Please enter the redirect link.');
    expect(await message({ ...siteBody(image, now), jumpType: 0, jumpTarget: ' ' })).toBe('Please choose the jump target.');
    expect(await message({ ...siteBody(image, now), jumpTarget: 'javascript:alert(1)' })).toBe('The redirect link must be an http or https address.');
    expect(await message({ ...siteBody(image, now), startTime: null })).toBe('Please choose the effective time.');
    expect(await message({ ...siteBody(image, now), endTime: now - 120_000 })).toBe('The end time must be after the start time.');
    expect(await message({ ...siteBody(image, now), effectiveMode: 'afterRegistration', daysAfterRegistration: 0 })).toBe('The number of effective days must be a whole number from 1 to 3650.');
    expect(await message({ ...siteBody(image, now), hotType: 3 })).not.toBe('success');
    expect(await message({ ...siteBody(image, now), popupType: 'always' })).toBe('Please choose the popup type.');
    expect((await api.get<AnnouncementPage>(admin, '/announcements')).result.total).toBe(0);

    const days = await create({ effectiveMode: 'afterRegistration', daysAfterRegistration: 7, startTime: null, endTime: null });
    expect(days).toMatchObject({ effectiveMode: 'afterRegistration', daysAfterRegistration: 7, status: 'created' });
  });

  it('sanitises the content: no script, no event handler, links only http/https', async () => {
    const a = await create({
      content:
        '<p onclick="steal()">Hi <script>alert(1)</script><a href="javascript:alert(2)">bad</a> <a href="https://ok.example/x" onmouseover="x()">good</a></p><img src="x" onerror="alert(3)"><img src="' +
        image +
        '"><iframe src="https://evil.example"></iframe><style>body{}</style>',
    });
    expect(a.content).not.toMatch(/script|onclick|onerror|onmouseover|javascript:|iframe|style/i);
    expect(a.content).toContain('<a href="https://ok.example/x"');
    expect(a.content).toContain(`<img src="${image}" />`);
    expect(a.content).toContain('rel="noopener noreferrer nofollow"');
    const edited = await api.put<Announcement>(admin, `/announcements/${a.id}`, siteBody(image, t.clock.now, { content: '<p>ok</p><script>x</script>' }));
    expect(edited.result.content).toBe('<p>ok</p>');
  });

  it('reads and changes by permission: 11022 reads, 21017 changes', async () => {
    const a = await create();
    const reader = await operatorWith(t, admin, [P.ANNOUNCEMENTS]);
    expect((await api.get<AnnouncementPage>(reader, '/announcements')).result.total).toBe(1);
    expect((await api.post(reader, '/announcements', siteBody(image, t.clock.now))).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.post(reader, `/announcements/${a.id}/publish`)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.post(reader, '/announcements/sort', { ids: [a.id] })).code).toBe(ErrorCode.NO_PERMISSION);
    const nobody = await operatorWith(t, admin, [P.AREA_LIST]);
    expect((await api.get(nobody, '/announcements')).code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('life cycle through the game', () => {
  it('publishes (refresh) to the game with every field it shows, and reads it back from the game board', async () => {
    const a = await create({ areaId: '1001' });
    const published = await api.post<AnnouncementChangeResult>(admin, `/announcements/${a.id}/publish`);
    expect(published.message).toBe('Announcement refresh success');
    expect(published.result).toMatchObject({ live: true, announcement: { status: 'sent' } });
    expect((await api.post(admin, `/announcements/${a.id}/publish`, {}, 'zh-CN')).message).toBe('公告刷新成功');

    const [shown] = await board('?areaId=1001');
    expect(shown).toMatchObject({
      announcementId: a.id,
      type: 'inSite',
      areaIds: ['1001'],
      title: 'Double drops weekend',
      tab: 2,
      tabTitle: 'Event',
      hotType: 1,
      jumpType: 1,
      jumpTarget: 'https://example.com/event',
      image: `https://gm.example.com${image}`,
      popupType: 'notAgainToday',
      showTime: true,
      restrictionLevel: 10,
      mapId: 'map-3',
      progress: 40,
      startAt: a.startTime,
      endAt: a.endTime,
    });
    expect(await board('?areaId=1002')).toEqual([]);
    expect(await board('?type=login')).toEqual([]);
    expect((await auditEntries(t, 'announcements.publish')).length).toBe(2);

    // An edit of a sent one reaches the game at once.
    await api.put(admin, `/announcements/${a.id}`, siteBody(image, t.clock.now, { areaId: '1001', title: 'Triple drops' }));
    expect((await board())[0]?.title).toBe('Triple drops');
  });

  it('says "Announcement refresh Failed" when the game cannot be reached, and changes nothing', async () => {
    const a = await create();
    const gateway = t.app.ctx.gateway as { pushAnnouncement: unknown };
    const original = gateway.pushAnnouncement;
    gateway.pushAnnouncement = async () => {
      throw GatewayError.unavailable('connectionRefused');
    };
    const failed = await api.post(admin, `/announcements/${a.id}/publish`);
    expect(failed).toMatchObject({ code: ErrorCode.GATEWAY_UNAVAILABLE, message: 'Announcement refresh Failed' });
    expect((await api.post(admin, `/announcements/${a.id}/publish`, {}, 'zh-CN')).message).toBe('公告刷新失败');
    gateway.pushAnnouncement = original;
    expect((await api.get<Announcement>(admin, `/announcements/${a.id}`)).result.status).toBe('created');
    expect(await board()).toEqual([]);
    // A region the game does not know is the game's refusal, said the same way.
    const unknown = await create({ areaId: '9999' });
    expect((await api.post(admin, `/announcements/${unknown.id}/publish`)).message).toBe('Announcement refresh Failed');
  });

  it('sorts by drag (empty: "empty data needs no sorting") and the game shows the new order', async () => {
    const a = await create({ title: 'A' });
    const b = await create({ title: 'B' });
    const c = await create({ title: 'C' });
    for (const x of [a, b, c]) await api.post(admin, `/announcements/${x.id}/publish`);
    expect((await board()).map((x) => x.title)).toEqual(['A', 'B', 'C']);

    const empty = await api.post(admin, '/announcements/sort', { ids: [] });
    expect(empty).toMatchObject({ code: ErrorCode.INVALID_PARAMS, message: 'empty data needs no sorting' });
    expect((await api.post(admin, '/announcements/sort', { ids: [] }, 'zh-CN')).message).toBe('空数据无需排序');
    const unknown = await api.post(admin, '/announcements/sort', { ids: [a.id, 'ghost'] });
    expect(unknown.message).toBe('These announcements are not on the board: ghost');

    const sorted = await api.post<{ results: Announcement[] }>(admin, '/announcements/sort', { ids: [c.id, a.id, b.id] });
    expect(sorted.result.results.map((x) => [x.title, x.sort, x.status])).toEqual([
      ['C', 0, 'sent'],
      ['A', 1, 'sent'],
      ['B', 2, 'sent'],
    ]);
    expect((await api.get<AnnouncementPage>(admin, '/announcements?type=site')).result.results.map((x) => x.title)).toEqual(['C', 'A', 'B']);
    expect((await board()).map((x) => x.title)).toEqual(['C', 'A', 'B']);
    expect((await auditEntries(t, 'announcements.sort')).length).toBe(1);
  });

  it('deletes softly: a sent one is withdrawn from the game, the list leaves it out, edits and publishes are refused', async () => {
    const a = await create();
    await api.post(admin, `/announcements/${a.id}/publish`);
    expect(await board()).toHaveLength(1);
    const deleted = await t.call(admin, { method: 'DELETE', url: `${PREFIX}/announcements/${a.id}` });
    expect(deleted.json<Envelope<AnnouncementChangeResult>>().result).toMatchObject({ live: false, announcement: { status: 'deleted' } });
    expect(await board()).toEqual([]);
    expect((await api.get<AnnouncementPage>(admin, '/announcements')).result.total).toBe(0);
    expect((await api.get<AnnouncementPage>(admin, '/announcements?status=deleted')).result.results.map((x) => x.id)).toEqual([a.id]);
    expect((await api.post(admin, `/announcements/${a.id}/publish`)).message).toBe('This announcement has been deleted.');
    expect((await api.put(admin, `/announcements/${a.id}`, siteBody(image, t.clock.now))).code).toBe(ErrorCode.WRONG_STATE);
    const [entry] = await auditEntries(t, 'announcements.delete');
    expect(entry?.after).toContain('"withdrawnFromGame":true');
  });

  it('an expired scrolling announcement must be reset ("Scrolling announcement has expired. Please reset it!") and then goes live again', async () => {
    const now = t.clock.now;
    const s = await create({ type: 'scrolling', image: '', previewImage: '', title: 'Marquee', startTime: now, endTime: now + 60_000 });
    await api.post(admin, `/announcements/${s.id}/publish`);
    expect(await board('?type=scrolling')).toHaveLength(1);
    expect((await api.post(admin, `/announcements/${s.id}/reset`, { startTime: now, endTime: now + 120_000 })).message).toBe('Only an expired scrolling announcement can be reset.');

    t.clock.now += 61_000;
    expect((await api.get<Announcement>(admin, `/announcements/${s.id}`)).result.status).toBe('expired');
    expect((await api.get<AnnouncementPage>(admin, '/announcements?status=expired')).result.total).toBe(1);
    expect(await board('?type=scrolling')).toEqual([]);
    const refused = await api.post(admin, `/announcements/${s.id}/publish`);
    expect(refused).toMatchObject({ code: ErrorCode.WRONG_STATE, message: 'Scrolling announcement has expired. Please reset it!' });
    expect((await api.post(admin, `/announcements/${s.id}/publish`, {}, 'zh-CN')).message).toBe('滚动公告已过期，请重置！');

    expect((await api.post(admin, `/announcements/${s.id}/reset`, { startTime: t.clock.now, endTime: t.clock.now - 1 })).code).toBe(ErrorCode.INVALID_PARAMS);
    const reset = await api.post<AnnouncementChangeResult>(admin, `/announcements/${s.id}/reset`, { startTime: t.clock.now, endTime: t.clock.now + 3_600_000 });
    expect(reset.result).toMatchObject({ live: true, announcement: { status: 'sent', endTime: t.clock.now + 3_600_000 } });
    expect((await board('?type=scrolling')).map((x) => x.announcementId)).toEqual([s.id]);
    expect((await auditEntries(t, 'announcements.reset')).length).toBe(1);
  });
});

describe('redirect choices', () => {
  it('offers the game\'s jump targets and the open redirect domains; "failure to initialize redirection information" when the game cannot answer', async () => {
    await api.post(admin, '/whitelists/domain', { domain: 'event.example.com', purpose: 'redirect', notes: '' });
    await api.post(admin, '/whitelists/domain', { domain: 'pay.example.com', purpose: 'payment', notes: '' });
    const choices = await api.get<AnnouncementRedirects>(admin, '/announcements/redirects');
    expect(choices.result.jumpTargets).toContainEqual({ jumpId: 'shop.main', nameEn: 'Shop', nameZh: '商店' });
    expect(choices.result.linkDomains).toEqual(['event.example.com']);
    const gateway = t.app.ctx.gateway as { listJumpTargets: unknown };
    gateway.listJumpTargets = async () => {
      throw GatewayError.timeout('noAnswer');
    };
    expect(await api.get(admin, '/announcements/redirects')).toMatchObject({ code: ErrorCode.GATEWAY_UNAVAILABLE, message: 'failure to initialize redirection information' });
    expect((await api.get(admin, '/announcements/redirects', 'zh-CN')).message).toBe('初始化跳转信息失败');
  });
});

describe('import and export', () => {
  it('exports the board as xlsx and imports it back (a round trip of every field)', async () => {
    await create({ title: 'First', content: '<p>one</p>' });
    await create({ type: 'scrolling', image: '', previewImage: '', title: 'Second', effectiveMode: 'afterRegistration', daysAfterRegistration: 3, startTime: null, endTime: null, showTime: false });
    const res = await t.call(admin, { method: 'GET', url: `${PREFIX}/announcements/export` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const [sheet] = await readWorkbook(res.rawPayload);
    expect(sheet?.rows[0]?.slice(0, 6)).toEqual(['type', 'tab', 'areaId', 'sort', 'progress', 'title']);
    expect(sheet?.rows).toHaveLength(3);

    const imported = await importFile(admin, [{ filename: 'board.xlsx', content: res.rawPayload }]);
    expect(imported.code).toBe(0);
    expect(imported.result.created).toBe(2);
    const strip = (a: Announcement) => {
      const { id: _id, createdAt: _c, updatedAt: _u, sort: _s, ...rest } = a;
      return rest;
    };
    const all = (await api.get<AnnouncementPage>(admin, '/announcements')).result.results;
    const firsts = all.filter((a) => a.title === 'First');
    expect(firsts).toHaveLength(2);
    expect(strip(firsts[1] as Announcement)).toEqual(strip(firsts[0] as Announcement));
    const seconds = all.filter((a) => a.title === 'Second');
    expect(strip(seconds[1] as Announcement)).toEqual(strip(seconds[0] as Announcement));
    expect((await auditEntries(t, 'announcements.import')).length).toBe(1);
    expect((await auditEntries(t, 'announcements.export')).length).toBe(1);
  });

  it('takes only one file, xls or xlsx, not empty, with the spec\'s Excel messages, and every row valid', async () => {
    const good = await xlsxOf([{ name: 'Sheet1', rows: [['type', 'tab', 'title', 'tabTitle', 'jumpType', 'jumpTarget', 'startTime', 'endTime'], ['scrolling', 1, 'Hello', 'News', 0, 'home', '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z']] }]);
    expect((await importFile(admin, [{ filename: 'board.csv', content: good }])).message).toBe('Upload format error: choose one .xls or .xlsx file.');
    expect((await importFile(admin, [{ filename: 'a.xlsx', content: good }, { filename: 'b.xlsx', content: good }])).message).toBe('Choose only one file.');
    expect((await importFile(admin, [{ filename: 'empty.xlsx', content: Buffer.alloc(0) }])).message).toBe('The file could not be read.');
    expect((await importFile(admin, [{ filename: 'fake.xlsx', content: Buffer.from('not a workbook') }])).message).toBe('The Excel file could not be parsed.');
    const blank = await xlsxOf([{ name: 'Sheet1', rows: [] }]);
    expect((await importFile(admin, [{ filename: 'blank.xlsx', content: blank }])).message).toBe('All worksheets of the Excel file are empty.');
    const headerOnly = await xlsxOf([{ name: 'Sheet1', rows: [['type', 'title']] }]);
    expect((await importFile(admin, [{ filename: 'h.xlsx', content: headerOnly }])).message).toBe('No data was parsed from the Excel file.');
    const badRow = await xlsxOf([{ name: 'Sheet1', rows: [['type', 'tab', 'title', 'tabTitle', 'jumpType', 'jumpTarget', 'startTime', 'endTime'], ['scrolling', 1, 'Ok', 'News', 0, 'home', '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'], ['site', 1, '', 'News', 0, 'home', '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z']] }]);
    const refused = await importFile(admin, [{ filename: 'bad.xlsx', content: badRow }]);
    expect(refused.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(refused.message).toBe('Row 3, title: Please enter the title.');
    // Each problem is said with its place by the server, with its own values, in the caller's language.
    const longTarget = ['scrolling', 1, 'Long', 'News', 0, 'x'.repeat(2049), '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'];
    const twoBad = await xlsxOf([{ name: 'Sheet1', rows: [['type', 'tab', 'title', 'tabTitle', 'jumpType', 'jumpTarget', 'startTime', 'endTime'], ['site', 1, '', 'News', 0, 'home', '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'], longTarget] }]);
    const en = await importFile(admin, [{ filename: 'two.xlsx', content: twoBad }]);
    expect(en.details).toContainEqual({ path: 'rows.2.title', message: 'Row 2, title: Please enter the title.' });
    expect(en.details).toContainEqual({ path: 'rows.3.jumpTarget', message: 'Row 3, jumpTarget: Must be at most 2048 characters.' });
    const zh = await importFile(admin, [{ filename: 'two.xlsx', content: twoBad }], 'zh-CN');
    expect(zh.message).toBe('第 2 行，title：请输入标题。');
    expect(zh.details).toContainEqual({ path: 'rows.3.jumpTarget', message: '第 3 行，jumpTarget：最多 2048 个字符。' });
    expect((await api.get<AnnouncementPage>(admin, '/announcements')).result.total).toBe(0);

    const ok = await importFile(admin, [{ filename: 'board.XLSX', content: good }]);
    expect(ok.result.results[0]).toMatchObject({ type: 'scrolling', title: 'Hello', startTime: Date.parse('2026-01-01T00:00:00Z') });
    // The legacy .xls too (BIFF8), times as epoch milliseconds.
    const legacy = xlsOf([{ name: 'Sheet1', rows: [['title', 'type', 'tab', 'tabTitle', 'jumpType', 'jumpTarget', 'startTime', 'endTime', 'showTime'], ['Legacy', 'scrolling', 3, 'System', 0, 'mail.box', 1767225600000, 1798761600000, 'false']] }]);
    const fromXls = await importFile(admin, [{ filename: 'old.xls', content: legacy }]);
    expect(fromXls.result.results[0]).toMatchObject({ title: 'Legacy', tab: 3, jumpTarget: 'mail.box', startTime: 1767225600000, showTime: false });
  });
});

describe('templates and backups', () => {
  it('saves a template from the form or an announcement, and creates from it with overrides', async () => {
    const a = await create({ title: 'Weekly maintenance' });
    const fromForm = await api.post<AnnouncementTemplate>(admin, '/announcements/templates', { name: 'Event', body: siteBody(image, t.clock.now, { content: '<p>x</p><script>y</script>' }) });
    expect(fromForm.result.body.content).toBe('<p>x</p>');
    const fromOne = await api.post<AnnouncementTemplate>(admin, '/announcements/templates', { name: 'Maintenance', fromId: a.id });
    expect(fromOne.result.body.title).toBe('Weekly maintenance');
    expect((await api.post(admin, '/announcements/templates', { name: '', fromId: a.id })).message).toBe('Please enter a name.');
    const list = await api.get<{ results: AnnouncementTemplate[] }>(admin, '/announcements/templates');
    expect(list.result.results.map((x) => x.name).sort()).toEqual(['Event', 'Maintenance']);

    const made = await api.post<Announcement>(admin, `/announcements/templates/${fromOne.result.id}/create`, { title: 'Maintenance on Tuesday' });
    expect(made.message).toBe('success');
    expect(made.result).toMatchObject({ title: 'Maintenance on Tuesday', tabTitle: 'Event', status: 'created' });
    const invalid = await api.post(admin, `/announcements/templates/${fromOne.result.id}/create`, { tabTitle: 'far too long' });
    expect(invalid.message).toBe('The tab title is at most 8 characters.');
    const removed = await t.call(admin, { method: 'DELETE', url: `${PREFIX}/announcements/templates/${fromForm.result.id}` });
    expect(removed.json<Envelope>().code).toBe(0);
    expect((await api.get<{ results: AnnouncementTemplate[] }>(admin, '/announcements/templates')).result.results).toHaveLength(1);
  });

  it('backs up the whole board, compares it with the current one and restores it (the game follows)', async () => {
    const a = await create({ title: 'A' });
    const b = await create({ title: 'B' });
    await api.post(admin, `/announcements/${a.id}/publish`);
    const backup = await api.post<AnnouncementBackup>(admin, '/announcements/backups', { note: 'before the event' });
    expect(backup.result).toMatchObject({ count: 2, note: 'before the event', createdBy: 'admin' });

    await api.put(admin, `/announcements/${a.id}`, siteBody(image, t.clock.now, { title: 'A edited' }));
    await t.call(admin, { method: 'DELETE', url: `${PREFIX}/announcements/${b.id}` });
    const c = await create({ title: 'C' });
    await api.post(admin, `/announcements/${c.id}/publish`);

    const detail = await api.get<AnnouncementBackupDetail>(admin, `/announcements/backups/${backup.result.id}`);
    const kinds = Object.fromEntries(detail.result.diff.map((d) => [d.id, d.kind]));
    expect(kinds).toEqual({ [a.id]: 'changed', [b.id]: 'removed', [c.id]: 'added' });
    expect(detail.result.diff.find((d) => d.id === a.id)?.fields).toContain('title');
    expect(detail.result.snapshot.map((x) => x.title)).toEqual(['A', 'B']);
    expect((await api.get<{ results: AnnouncementBackup[] }>(admin, '/announcements/backups')).result.results).toHaveLength(1);

    const restored = await api.post<AnnouncementRestoreResult>(admin, `/announcements/backups/${backup.result.id}/restore`);
    expect(restored.result).toMatchObject({ restored: 2, removed: 1 });
    expect(restored.result.results.map((x) => [x.title, x.status])).toEqual([
      ['A', 'sent'],
      ['B', 'created'],
    ]);
    expect((await board()).map((x) => x.title)).toEqual(['A']);
    const again = await api.get<AnnouncementBackupDetail>(admin, `/announcements/backups/${backup.result.id}`);
    expect(again.result.diff.every((d) => d.kind === 'same')).toBe(true);
    expect((await auditEntries(t, 'announcements.backupRestore')).length).toBe(1);
    expect((await api.get(admin, '/announcements/backups/nope')).code).toBe(ErrorCode.NOT_FOUND);
  });
});
