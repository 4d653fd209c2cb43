import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { DEFAULT_MAIL_SENDER, mailBody, type MailDetail } from '@gm/contract/mails.contract.ts';
import { STAMP_FORMAT } from '../../shared/format.ts';
import { parseMailFilters, parseRoleIds } from './mail-filters.ts';
import { formFieldOf, fromDetail, newMailValues, toBody, type MailFormValues } from './mail-edit-page.tsx';

const values = (patch: Partial<MailFormValues>): MailFormValues => ({
  ...newMailValues(Date.UTC(2026, 10, 26, 2, 0, 0)),
  title: 'Compensation',
  content: 'Sorry for the downtime.',
  ...patch,
});

describe('mail form', () => {
  it('splits typed and pasted role ids, without repeats', () => {
    expect(parseRoleIds('1001\n1002, 1003，1004;1001  1005\n\n')).toEqual(['1001', '1002', '1003', '1004', '1005']);
  });

  it('starts a new mail now in the default zone, valid for a week', () => {
    const v = newMailValues(Date.UTC(2026, 10, 26, 2, 0, 0));
    expect(v.timeZone).toBe('UTC+08:00');
    expect(v.startTime?.format(STAMP_FORMAT)).toBe('2026-11-26 10:00:00');
    expect(v.endTime?.format(STAMP_FORMAT)).toBe('2026-12-03 10:00:00');
  });

  it('sends a private mail with its ids and no public targets', () => {
    const body = toBody(values({ roleIdsText: '7\n8,8', items: [{ itemType: 'prop', itemId: 'p1', number: 3 }] }));
    expect(body).toMatchObject({ type: 'private', roleIds: ['7', '8'], startTime: '2026-11-26 10:00:00', timeZone: 'UTC+08:00' });
    expect(body).not.toHaveProperty('areaIds');
    expect(body.items).toEqual([{ itemType: 'prop', itemId: 'p1', number: 3 }]);
    expect(mailBody.safeParse(body).success).toBe(true);
  });

  it('sends a public mail to all regions with its filters; a blank sender is left out', () => {
    const body = toBody(values({ type: 'public', allAreas: true, areaIds: ['1001'], excludeRoleIdsText: '9', minLevel: 10, maxLevel: null, sender: '  ' }));
    expect(body).toMatchObject({ type: 'public', allAreas: true, areaIds: [], excludeRoleIds: ['9'], minLevel: 10, maxLevel: 0, minCreateTime: 0 });
    expect(body).not.toHaveProperty('sender');
    expect(mailBody.safeParse(body).success).toBe(true);
  });

  it('puts the contract\'s problems on the fields that show them', () => {
    const parsed = mailBody.safeParse(toBody(values({ title: '', roleIdsText: '', endTime: dayjs('2026-11-01 00:00:00', STAMP_FORMAT), items: [{ itemType: 'prop', itemId: '', number: 0 }] })));
    expect(parsed.success).toBe(false);
    const fields = (parsed.error?.issues ?? []).map((i) => [formFieldOf(i.path).join('.'), i.message]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['title', 'validation.mailTitleRequired'],
        ['roleIdsText', 'validation.mailTargetsRequired'],
        ['endTime', 'validation.mailEndAfterStart'],
        ['items.0.itemId', 'validation.mailItemIdRequired'],
        ['items.0.number', 'validation.mailItemNumberRequired'],
      ]),
    );
  });

  it('puts a problem of one id on the ids text, where it shows', () => {
    const parsed = mailBody.safeParse(toBody(values({ roleIdsText: `100000001\n${'x'.repeat(101)}` })));
    const fields = (parsed.error?.issues ?? []).map((i) => formFieldOf(i.path).join('.'));
    expect(fields).toEqual(['roleIdsText']);
    expect(formFieldOf(['excludeRoleIds', 2])).toEqual(['excludeRoleIdsText']);
  });

  it('fills the form from a stored mail (the default sender shown as blank)', () => {
    const detail = {
      id: 'm1', type: 'private', title: 'T', content: 'C', sender: DEFAULT_MAIL_SENDER, status: 'draft',
      startTime: '2026-11-26 10:00:00', endTime: '2026-11-27 10:00:00', timeZone: 'UTC-05:00', startAt: 0, endAt: 0,
      areaIds: [], allAreas: false, recipientCount: 2, itemCount: 1, progress: { batches: 0, batchesDone: 0, delivered: 0, unknown: 0 },
      failure: null, createdBy: 'admin', createdAt: 0, updatedAt: 0, sentAt: null, withdrawnAt: null, scheduledAt: null,
      roleIds: ['1', '2'], excludeRoleIds: [], minCreateTime: 0, maxCreateTime: 0, minLevel: 0, maxLevel: 0,
      items: [{ itemType: 'weapon', itemId: 'w1', number: 1, cardType: 'sp', name: { en: 'Blade', zh: '刀' } }],
    } satisfies MailDetail;
    const v = fromDetail(detail);
    expect(v.sender).toBe('');
    expect(v.roleIdsText).toBe('1\n2');
    expect(v.startTime?.format(STAMP_FORMAT)).toBe('2026-11-26 10:00:00');
    expect(v.items).toEqual([{ itemType: 'weapon', itemId: 'w1', number: 1, cardType: 'sp' }]);
    expect(toBody(v)).toMatchObject({ roleIds: ['1', '2'], timeZone: 'UTC-05:00', startTime: '2026-11-26 10:00:00' });
  });

  it('reads the list filters from the URL through the contract query, dropping what it refuses', () => {
    const f = parseMailFilters(new URLSearchParams('status=draft,sent&type=public&page=2&keyword=%20comp%20&start=200&end=100'));
    expect(f).toMatchObject({ status: ['draft', 'sent'], type: 'public', page: 2, size: 20, keyword: 'comp' });
    expect(f).not.toHaveProperty('start');
    expect(parseMailFilters(new URLSearchParams('status=nope&type=x')).status).toBeUndefined();
  });
});
