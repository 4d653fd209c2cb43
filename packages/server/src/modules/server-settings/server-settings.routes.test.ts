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

interface Setting { id: string; key: string; type: string; value: string | number | boolean; description: string; revision: number; updatedBy: string }
interface HistoryEntry { action: string; accountName: string; log: string; before: unknown; after: unknown }

describe('server settings', () => {
  it('stores each type and gives it back typed', async () => {
    const samples = [
      { key: 'login.queueThreshold', type: 'integer', value: 3000 },
      { key: 'drop.rateBonus', type: 'number', value: 1.25 },
      { key: 'payment.enabled', type: 'boolean', value: false },
      { key: 'maintenance.notice', type: 'string', value: 'Back at 18:00' },
      { key: 'event.config', type: 'json', value: '{"boss":"hydra","hp":[1,2]}' },
    ];
    for (const sample of samples) {
      const created = await api.post<Setting>(admin, '/server-settings', { ...sample, description: `The ${sample.key}` });
      expect(created.result, sample.key).toMatchObject({ ...sample, revision: 1 });
      t.clock.now += 10;
    }
    const page = await api.get<{ results: Setting[]; total: number }>(admin, '/server-settings');
    expect(page.result.total).toBe(5);
    // Listed by key.
    expect(page.result.results.map((s) => s.key)).toEqual(['drop.rateBonus', 'event.config', 'login.queueThreshold', 'maintenance.notice', 'payment.enabled']);
    expect(page.result.results.find((s) => s.key === 'payment.enabled')?.value).toBe(false);
    expect((await api.get<{ total: number }>(admin, '/server-settings?type=boolean')).result.total).toBe(1);
    expect((await api.get<{ total: number }>(admin, '/server-settings?keyword=LOGIN')).result.total).toBe(1);
  });

  it('refuses values that do not fit their type, bad keys and duplicates (whatever their case)', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ key: 'a', type: 'string', value: 'x' }, 'key', 'Use 2-100 letters, digits, dots, dashes or underscores, starting with a letter.'],
      [{ key: 'ok.key', type: 'color', value: 'x' }, 'type', 'Please choose the value type.'],
      [{ key: 'ok.key', type: 'integer', value: 1.5 }, 'value', 'The value must be a whole number.'],
      [{ key: 'ok.key', type: 'integer', value: '12' }, 'value', 'The value must be a whole number.'],
      [{ key: 'ok.key', type: 'number', value: 'abc' }, 'value', 'The value must be a number.'],
      [{ key: 'ok.key', type: 'boolean', value: 'yes' }, 'value', 'The value must be on or off.'],
      [{ key: 'ok.key', type: 'json', value: '{nope' }, 'value', 'The value must be valid JSON.'],
      [{ key: 'ok.key', type: 'string', value: 7 }, 'value', 'The value must be text.'],
      [{ key: 'ok.key', type: 'string' }, 'value', 'Please enter the value.'],
    ];
    for (const [payload, path, message] of cases) {
      expect((await api.post(admin, '/server-settings', payload)).details?.[0], JSON.stringify(payload)).toEqual({ path, message });
    }
    expect((await api.post(admin, '/server-settings', { key: 'ok.key', type: 'json', value: '[' }, 'zh-CN')).details?.[0]?.message).toBe('值必须是有效的JSON。');
    expect((await api.post(admin, '/server-settings', { key: 'chat.minLevel', type: 'integer', value: 10 })).code).toBe(0);
    expect(await api.post(admin, '/server-settings', { key: 'Chat.MinLevel', type: 'integer', value: 12 })).toMatchObject({ code: ErrorCode.CONFLICT, details: [{ path: 'key' }] });
  });

  it('changes a value with before and after, refuses a stale revision, and shows the history', async () => {
    const created = (await api.post<Setting>(admin, '/server-settings', { key: 'chat.minLevel', type: 'integer', value: 10, description: 'World chat level' })).result;
    t.clock.now += 1000;
    const changed = await api.put<Setting>(admin, `/server-settings/${created.id}`, { type: 'integer', value: 15, description: 'World chat level', revision: 1 });
    expect(changed.result).toMatchObject({ value: 15, revision: 2, updatedBy: 'admin' });
    const [entry] = await auditEntries(t, 'serverSettings.update');
    expect(entry).toMatchObject({ code: P.BASIC_CONFIG_EDIT, targets: '["chat.minLevel"]' });
    expect(JSON.parse(entry?.before ?? '{}')).toMatchObject({ value: 10 });
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ value: 15 });

    // Someone else's edit was based on revision 1: refused, nothing changes.
    const stale = await api.put(admin, `/server-settings/${created.id}`, { type: 'integer', value: 99, description: '', revision: 1 });
    expect(stale).toMatchObject({ code: ErrorCode.WRONG_STATE, message: 'Someone else changed this setting in the meantime. Reload it and try again.' });
    expect((await api.get<{ results: Setting[] }>(admin, '/server-settings')).result.results[0]?.value).toBe(15);

    // The type may change with a value that fits it.
    t.clock.now += 1000;
    expect((await api.put<Setting>(admin, `/server-settings/${created.id}`, { type: 'string', value: 'off', description: 'now text' })).result).toMatchObject({ type: 'string', value: 'off', revision: 3 });
    expect((await api.put(admin, `/server-settings/${created.id}`, { type: 'boolean', value: 'off', description: '' })).details?.[0]?.path).toBe('value');

    // A similar key's changes do not leak into this history.
    await api.post(admin, '/server-settings', { key: 'chat.minLevelVip', type: 'integer', value: 1 });
    const history = await api.get<{ results: HistoryEntry[]; total: number }>(admin, `/server-settings/${created.id}/history`);
    expect(history.result.total).toBe(3);
    expect(history.result.results.map((h) => h.action)).toEqual(['serverSettings.update', 'serverSettings.update', 'serverSettings.create']);
    expect(history.result.results[1]).toMatchObject({ accountName: 'admin', before: { value: 10 }, after: { value: 15 } });
    const zh = await api.get<{ results: HistoryEntry[] }>(admin, `/server-settings/${created.id}/history`, 'zh-CN');
    expect(zh.result.results[0]?.log).toContain('修改服务器设置');
  });

  it('deletes with the spec rule; the analyst and viewers cannot change anything', async () => {
    const created = (await api.post<Setting>(admin, '/server-settings', { key: 'temp.flag', type: 'boolean', value: true })).result;
    const analyst = await t.signIn('analyst');
    expect((await api.get(analyst, '/server-settings')).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.get(analyst, `/server-settings/${created.id}/history`)).code).toBe(ErrorCode.NO_PERMISSION);
    const viewer = await operatorWith(t, admin, [P.SERVER_SETTING]);
    expect((await api.get<{ total: number }>(viewer, '/server-settings')).result.total).toBe(1);
    expect((await api.get<{ total: number }>(viewer, `/server-settings/${created.id}/history`)).result.total).toBe(1);
    expect((await api.put(viewer, `/server-settings/${created.id}`, { type: 'boolean', value: false, description: '' })).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.post(viewer, '/server-settings/actions/delete', { ids: [created.id] })).code).toBe(ErrorCode.NO_PERMISSION);

    expect((await api.post(admin, '/server-settings/actions/delete', { ids: [] })).message).toBe('Delete needs at least one entry chosen.');
    expect((await api.post<{ changed: number }>(admin, '/server-settings/actions/delete', { ids: [created.id] })).result.changed).toBe(1);
    expect(JSON.parse((await auditEntries(t, 'serverSettings.delete'))[0]?.before ?? '[]')).toEqual([{ key: 'temp.flag', type: 'boolean', value: true, description: '' }]);
    expect((await api.get(admin, `/server-settings/${created.id}/history`)).code).toBe(ErrorCode.NOT_FOUND);
  });
});
