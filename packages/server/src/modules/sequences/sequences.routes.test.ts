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

interface Seq { id: string; name: string; currentValue: number; step: number; minValue: number; maxValue: number; remaining: number }
interface Allocation { sequence: Seq; first: number; last: number; count: number }

describe('sequences', () => {
  it('creates with defaults, hands out ids in order and audits each allocation', async () => {
    const created = await api.post<Seq>(admin, '/sequences', { name: 'mail.id', description: 'Mail ids' });
    expect(created.result).toMatchObject({ name: 'mail.id', currentValue: 0, step: 1, minValue: 0, maxValue: Number.MAX_SAFE_INTEGER });
    const first = await api.post<Allocation>(admin, `/sequences/${created.result.id}/next`, { count: 1 });
    expect(first.result).toMatchObject({ first: 1, last: 1, count: 1, sequence: { currentValue: 1 } });
    t.clock.now += 1000;
    const batch = await api.post<Allocation>(admin, `/sequences/${created.result.id}/next`, { count: 5 });
    expect(batch.result).toMatchObject({ first: 2, last: 6, count: 5 });
    const [entry] = await auditEntries(t, 'sequences.next');
    expect(entry).toMatchObject({ code: P.BASIC_CONFIG_EDIT, targets: '["mail.id"]' });
    expect(JSON.parse(entry?.before ?? '{}')).toEqual({ currentValue: 1 });
    expect(JSON.parse(entry?.after ?? '{}')).toEqual({ currentValue: 6, first: 2, last: 6 });
    expect((await auditEntries(t, 'sequences.create'))).toHaveLength(1);
  });

  it('uses the step, refuses to pass the maximum, and says so in both languages', async () => {
    const seq = (await api.post<Seq>(admin, '/sequences', { name: 'role.id.s12', currentValue: 1_200_000, step: 10, minValue: 1_200_000, maxValue: 1_200_050 })).result;
    expect(seq.remaining).toBe(5);
    const three = await api.post<Allocation>(admin, `/sequences/${seq.id}/next`, { count: 3 });
    expect(three.result).toMatchObject({ first: 1_200_010, last: 1_200_030 });
    const tooMany = await api.post(admin, `/sequences/${seq.id}/next`, { count: 3 });
    expect(tooMany).toMatchObject({ code: ErrorCode.WRONG_STATE, message: 'The sequence role.id.s12 cannot hand out 3 more ids: that would pass its maximum 1200050.' });
    const zh = await api.post(admin, `/sequences/${seq.id}/next`, { count: 3 }, 'zh-CN');
    expect(zh.message).toBe('自增序列 role.id.s12 无法再分配 3 个ID：将超过最大值 1200050。');
    expect((await api.post<Allocation>(admin, `/sequences/${seq.id}/next`, { count: 2 })).result.last).toBe(1_200_050);
    expect((await api.get<Seq>(admin, `/sequences/${seq.id}`)).result).toMatchObject({ currentValue: 1_200_050, remaining: 0 });
    for (const count of [0, 1001, 1.5]) {
      expect((await api.post(admin, `/sequences/${seq.id}/next`, { count })).message, String(count)).toBe('Allocate between 1 and 1000 ids at a time.');
    }
    expect((await api.post(admin, '/sequences/nope/next', { count: 1 })).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('never hands out the same id twice under concurrent calls', async () => {
    const seq = (await api.post<Seq>(admin, '/sequences', { name: 'order.no', currentValue: 1000, step: 2 })).result;
    const results = await Promise.all(Array.from({ length: 24 }, () => api.post<Allocation>(admin, `/sequences/${seq.id}/next`, { count: 3 })));
    const ids = results.flatMap((r) => {
      expect(r.code).toBe(0);
      return Array.from({ length: r.result.count }, (_, i) => r.result.first + i * 2);
    });
    expect(new Set(ids).size).toBe(72);
    expect(Math.min(...ids)).toBe(1002);
    expect(Math.max(...ids)).toBe(1000 + 72 * 2);
    expect((await api.get<Seq>(admin, `/sequences/${seq.id}`)).result.currentValue).toBe(1144);
    expect(await auditEntries(t, 'sequences.next')).toHaveLength(24);
  });

  it('refuses bad bodies and duplicate names', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'A' }, 'name', 'Use 2-64 lowercase letters, digits, dots, dashes or underscores, starting with a letter.'],
      [{ name: '1abc' }, 'name', 'Use 2-64 lowercase letters, digits, dots, dashes or underscores, starting with a letter.'],
      [{ name: 'ok.name', step: 0 }, 'step', 'The step is a whole number from 1 to 1000000000.'],
      [{ name: 'ok.name', currentValue: -1 }, 'currentValue', 'Enter a whole number from 0 to 9007199254740991.'],
      [{ name: 'ok.name', currentValue: 2 ** 53 }, 'currentValue', 'Enter a whole number from 0 to 9007199254740991.'],
      [{ name: 'ok.name', currentValue: 5, minValue: 10 }, 'minValue', 'The minimum must not be above the current value, nor the current value above the maximum.'],
      [{ name: 'ok.name', currentValue: 50, maxValue: 10 }, 'maxValue', 'The minimum must not be above the current value, nor the current value above the maximum.'],
    ];
    for (const [payload, path, message] of cases) {
      expect((await api.post(admin, '/sequences', payload)).details?.[0], JSON.stringify(payload)).toEqual({ path, message });
    }
    expect((await api.post(admin, '/sequences', { name: 'dup.seq' })).code).toBe(0);
    expect(await api.post(admin, '/sequences', { name: 'dup.seq' })).toMatchObject({ code: ErrorCode.CONFLICT, message: '"dup.seq" already exists.', details: [{ path: 'name' }] });
  });

  it('edits: the current value only moves forward, the maximum never falls below it', async () => {
    const seq = (await api.post<Seq>(admin, '/sequences', { name: 'gift.code', currentValue: 100 })).result;
    await api.post(admin, `/sequences/${seq.id}/next`, { count: 10 });
    const back = await api.put(admin, `/sequences/${seq.id}`, { currentValue: 105 });
    expect(back).toMatchObject({ code: ErrorCode.INVALID_PARAMS, details: [{ path: 'currentValue', message: 'The current value can only move forward; it is 110 now.' }] });
    const low = await api.put(admin, `/sequences/${seq.id}`, { maxValue: 109 });
    expect(low.details?.[0]?.path).toBe('maxValue');
    t.clock.now += 1000;
    const forward = await api.put<Seq>(admin, `/sequences/${seq.id}`, { currentValue: 500, step: 5, maxValue: 10_000, description: 'Gift codes' });
    expect(forward.result).toMatchObject({ currentValue: 500, step: 5, maxValue: 10_000, description: 'Gift codes', name: 'gift.code' });
    const [entry] = await auditEntries(t, 'sequences.update');
    expect(JSON.parse(entry?.before ?? '{}')).toMatchObject({ currentValue: 110, step: 1 });
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ currentValue: 500, step: 5, maxValue: 10_000 });
    expect((await api.post<Allocation>(admin, `/sequences/${seq.id}/next`, { count: 1 })).result.first).toBe(505);
    expect((await api.get<{ total: number }>(admin, '/sequences?keyword=GIFT')).result.total).toBe(1);
  });

  it('deletes with the spec rule and keeps the analyst and viewers out', async () => {
    const seq = (await api.post<Seq>(admin, '/sequences', { name: 'temp.seq' })).result;
    const analyst = await t.signIn('analyst');
    expect((await api.get(analyst, '/sequences')).code).toBe(ErrorCode.NO_PERMISSION);
    const viewer = await operatorWith(t, admin, [P.SEQUENCE_LIST]);
    expect((await api.get<{ total: number }>(viewer, '/sequences')).result.total).toBe(1);
    expect((await api.post(viewer, `/sequences/${seq.id}/next`, { count: 1 })).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.put(viewer, `/sequences/${seq.id}`, { step: 2 })).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await api.get<Seq>(admin, `/sequences/${seq.id}`)).result).toMatchObject({ currentValue: 0, step: 1 });

    expect((await api.post(admin, '/sequences/actions/delete', { ids: [] })).message).toBe('Delete needs at least one entry chosen.');
    expect((await api.post<{ changed: number }>(admin, '/sequences/actions/delete', { ids: [seq.id] })).result.changed).toBe(1);
    expect(JSON.parse((await auditEntries(t, 'sequences.delete'))[0]?.before ?? '[]')).toEqual([expect.objectContaining({ name: 'temp.seq' })]);
  });
});
