import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { P } from '@gm/contract/permissions.ts';
import { apiFor, auditEntries, operatorWith } from '../../testing/api-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof apiFor>;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  api = apiFor(t, '/api/gm/admin');
});
afterEach(async () => {
  await t.close();
});

interface Agreement { id: string; channel: string; kind: string; version: string; status: string; inEffect: boolean; contentEn?: string; contentEnLength?: number; publishedBy: string | null }

const full = () => ({
  channel: 'taptap',
  kind: 'privacyPolicy',
  version: '3.0',
  titleEn: 'Privacy Policy',
  titleZh: '隐私政策',
  contentEn: 'We collect your device id to keep your account safe.',
  contentZh: '我们收集设备标识以保护您的账号安全。',
  effectiveAt: t.clock.now - 1000,
});

describe('channel protocols', () => {
  it('creates a draft, lists it without texts and reads it in full', async () => {
    const created = await api.post<Agreement>(admin, '/agreements', full());
    expect(created.result).toMatchObject({ channel: 'taptap', kind: 'privacyPolicy', version: '3.0', status: 'draft', inEffect: false, publishedBy: null });
    const [entry] = await auditEntries(t, 'agreements.create');
    expect(entry).toMatchObject({ code: P.BASIC_CONFIG_EDIT, targets: '["taptap/privacyPolicy/3.0"]' });
    const after = JSON.parse(entry?.after ?? '{}') as { contentEn: { length: number; sha256: string } };
    expect(after.contentEn.length).toBe(full().contentEn.length);
    expect(after.contentEn.sha256).toMatch(/^[0-9a-f]{64}$/);

    const list = await api.get<{ results: Agreement[] }>(admin, '/agreements?channel=taptap&kind=privacyPolicy&status=draft');
    expect(list.result.results).toHaveLength(1);
    expect(list.result.results[0]).not.toHaveProperty('contentEn');
    expect(list.result.results[0]?.contentEnLength).toBe(full().contentEn.length);
    expect((await api.get<Agreement>(admin, `/agreements/${created.result.id}`)).result.contentEn).toBe(full().contentEn);
    expect((await api.get<{ total: number }>(admin, '/agreements?keyword=privacy')).result.total).toBe(1);
  });

  it('refuses bad input and a duplicate version of the same channel and kind', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...full(), channel: '' }, 'channel', 'Please enter the channel.'],
      [{ ...full(), channel: 'Tap Tap' }, 'channel', 'Use lowercase letters, digits, dots, dashes or underscores (at most 64).'],
      [{ ...full(), kind: 'eula' }, 'kind', 'Please choose the protocol type.'],
      [{ ...full(), version: 'third' }, 'version', 'Use a version such as 1.2.3.'],
      [{ ...full(), titleEn: 'x'.repeat(201) }, 'titleEn', 'Must be at most 200 characters.'],
    ];
    for (const [payload, path, message] of cases) {
      expect((await api.post(admin, '/agreements', payload)).details?.[0], JSON.stringify(payload)).toEqual({ path, message });
    }
    expect((await api.post(admin, '/agreements', full())).code).toBe(0);
    expect(await api.post(admin, '/agreements', full())).toMatchObject({ code: ErrorCode.CONFLICT, message: '"taptap/privacyPolicy/3.0" already exists.' });
    expect((await api.post(admin, '/agreements', { ...full(), kind: 'userAgreement' })).code).toBe(0);
  });

  it('publishes only a complete draft, then freezes it; the latest effective version is in effect', async () => {
    const incomplete = await api.post<Agreement>(admin, '/agreements', { ...full(), version: '1.0', contentZh: '', effectiveAt: null });
    const refused = await api.post(admin, `/agreements/${incomplete.result.id}/publish`);
    expect(refused).toMatchObject({ code: ErrorCode.WRONG_STATE, message: 'Before publishing, fill in both titles, both texts and the effective time.' });
    expect(refused.details?.map((d) => d.path)).toEqual(['contentZh', 'effectiveAt']);
    // A text of only spaces is stored empty, so the list's length (which the web app asks the same rule of) is 0.
    const blank = await api.post<Agreement>(admin, '/agreements', { ...full(), version: '1.1', contentEn: ' \n\t ' });
    expect((await api.get<Agreement>(admin, `/agreements/${blank.result.id}`)).result.contentEn).toBe('');
    const listed = await api.get<{ results: Agreement[] }>(admin, '/agreements?keyword=1.1');
    expect(listed.result.results.map((a) => a.contentEnLength)).toEqual([0]);
    expect((await api.post(admin, `/agreements/${blank.result.id}/publish`)).details?.map((d) => d.path)).toEqual(['contentEn']);

    const v1 = (await api.post<Agreement>(admin, '/agreements', { ...full(), version: '2.0' })).result;
    t.clock.now += 1000;
    const published = await api.post<Agreement>(admin, `/agreements/${v1.id}/publish`);
    expect(published.result).toMatchObject({ status: 'published', inEffect: true, publishedBy: 'admin' });
    const [entry] = await auditEntries(t, 'agreements.publish');
    expect(JSON.parse(entry?.before ?? '{}')).toEqual({ status: 'draft' });
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ status: 'published', version: '2.0' });

    // Frozen: no edit, no delete, no second publish.
    expect((await api.put(admin, `/agreements/${v1.id}`, { ...full(), version: '2.0', contentEn: 'changed' })).message).toBe('Only a draft can be changed or deleted; add a new version instead.');
    expect((await api.post(admin, '/agreements/actions/delete', { ids: [v1.id] })).code).toBe(ErrorCode.WRONG_STATE);
    expect((await api.post(admin, `/agreements/${v1.id}/publish`)).message).toBe('Only a draft or a withdrawn version can be published.');

    // A later version with a future effective time waits; the earlier stays in effect until then.
    const v2 = (await api.post<Agreement>(admin, '/agreements', { ...full(), version: '3.0', effectiveAt: t.clock.now + 60_000 })).result;
    t.clock.now += 1000;
    await api.post(admin, `/agreements/${v2.id}/publish`);
    const inEffect = async () => (await api.get<{ results: Agreement[] }>(admin, '/agreements?status=published')).result.results.filter((a) => a.inEffect).map((a) => a.version);
    expect(await inEffect()).toEqual(['2.0']);
    t.clock.now += 120_000;
    expect(await inEffect()).toEqual(['3.0']);

    // Withdrawing the newer one brings the older back.
    const withdrawn = await api.post<Agreement>(admin, `/agreements/${v2.id}/unpublish`);
    expect(withdrawn.result).toMatchObject({ status: 'withdrawn', inEffect: false });
    expect(await inEffect()).toEqual(['2.0']);
    expect((await api.post(admin, `/agreements/${v2.id}/unpublish`)).message).toBe('Only a published version can be withdrawn.');
    const [unpublish] = await auditEntries(t, 'agreements.unpublish');
    expect(JSON.parse(unpublish?.after ?? '{}')).toEqual({ status: 'withdrawn' });
    // A withdrawn version may be published again.
    expect((await api.post<Agreement>(admin, `/agreements/${v2.id}/publish`)).result.status).toBe('published');
  });

  it('edits drafts with before and after, deletes drafts only, and keeps others out', async () => {
    const draft = (await api.post<Agreement>(admin, '/agreements', { ...full(), version: '4.0' })).result;
    t.clock.now += 1000;
    const edited = await api.put<Agreement>(admin, `/agreements/${draft.id}`, { ...full(), version: '4.1', titleEn: 'Privacy Policy (2027)' });
    expect(edited.result).toMatchObject({ version: '4.1', status: 'draft' });
    const [entry] = await auditEntries(t, 'agreements.update');
    expect(JSON.parse(entry?.before ?? '{}')).toMatchObject({ version: '4.0', titleEn: 'Privacy Policy' });
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ version: '4.1', titleEn: 'Privacy Policy (2027)' });

    const analyst = await t.signIn('analyst');
    expect((await api.get(analyst, '/agreements')).code).toBe(ErrorCode.NO_PERMISSION);
    const viewer = await operatorWith(t, admin, [P.AGREEMENT_LIST]);
    expect((await api.get<{ total: number }>(viewer, '/agreements')).result.total).toBe(1);
    expect((await api.post(viewer, `/agreements/${draft.id}/publish`)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.post(viewer, '/agreements', { ...full(), version: '9.0' })).code).toBe(ErrorCode.NO_PERMISSION);

    expect((await api.post(admin, '/agreements/actions/delete', { ids: [] })).message).toBe('Delete needs at least one entry chosen.');
    expect((await api.post<{ changed: number }>(admin, '/agreements/actions/delete', { ids: [draft.id] })).result.changed).toBe(1);
    expect((await api.get<{ total: number }>(admin, '/agreements')).result.total).toBe(0);
  });
});
