import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { crossProblem, formField, toBody, type FormValues } from './announcement-form.ts';

const base: FormValues = {
  type: 'site',
  tab: 1,
  tabTitle: 'News',
  title: 'Maintenance',
  areaId: 'all',
  progress: 0,
  secondaryTitle: '',
  remark: '',
  content: '<p>x</p>',
  hotType: 0,
  jumpType: 1,
  jumpTarget: 'https://example.com',
  image: '/api/gm/admin/uploads/' + 'a'.repeat(64) + '.png',
  previewImage: '',
  videoName: '',
  effectiveMode: 'exact',
  daysAfterRegistration: 5,
  showTime: true,
  popupType: 'none',
  restrictionLevel: 0,
  mapId: '',
  range: [dayjs('2026-12-01 10:00:00'), dayjs('2026-12-02 10:00:00')],
  publishTime: null,
};

describe('the announcement form and the contract body', () => {
  it('sends the range as start and end, and no days in exact mode', () => {
    const body = toBody(base);
    expect(typeof body.startTime).toBe('number');
    expect(typeof body.endTime).toBe('number');
    expect((body.endTime ?? 0) - (body.startTime ?? 0)).toBe(86_400_000);
    expect(body.daysAfterRegistration).toBeNull();
  });

  it('sends days and no times after registration', () => {
    const body = toBody({ ...base, effectiveMode: 'afterRegistration' });
    expect(body.startTime).toBeNull();
    expect(body.endTime).toBeNull();
    expect(body.daysAfterRegistration).toBe(5);
  });

  it('sends a scrolling announcement without images', () => {
    const body = toBody({ ...base, type: 'scrolling', previewImage: base.image });
    expect(body.image).toBe('');
    expect(body.previewImage).toBe('');
  });

  it("checks the contract's cross-field rules on their own field", () => {
    expect(crossProblem('image', { type: 'site', image: '' })).toBe('validation.announcementImageRequired');
    expect(crossProblem('image', { type: 'scrolling', image: '' })).toBeNull();
    expect(crossProblem('jumpTarget', { jumpType: 1, jumpTarget: 'javascript:alert(1)' })).toBe('validation.announcementJumpLink');
    expect(crossProblem('jumpTarget', { jumpType: 1, jumpTarget: 'https://example.com/a' })).toBeNull();
    expect(crossProblem('jumpTarget', { jumpType: 0, jumpTarget: 'bad id with spaces' })).toBe('validation.announcementJumpId');
    expect(crossProblem('daysAfterRegistration', { effectiveMode: 'afterRegistration', daysAfterRegistration: 0 })).toBe('validation.announcementDays');
    expect(crossProblem('range', { effectiveMode: 'exact', startTime: 2000, endTime: 1000 })).toBe('validation.timeRange');
    expect(crossProblem('range', { effectiveMode: 'exact', startTime: null, endTime: null })).toBe('validation.announcementEffectiveRequired');
  });

  it('puts the two times of the body on the range field', () => {
    expect(formField('startTime')).toBe('range');
    expect(formField('endTime')).toBe('range');
    expect(formField('title')).toBe('title');
  });
});
