import type { Dayjs } from 'dayjs';
import { announcementBody, type Announcement, type AnnouncementBody, type AnnouncementInput } from '@gm/contract/announcements.contract.ts';
import { translateIssue } from '../../shared/form-rules.ts';
import { fromPickerValue, toPickerValue } from '../../shared/format.ts';

/**
 * The announcement form's values and the contract's body, both ways, and the contract's
 * cross-field rules on one field (pure: tested in announcement-form.test.ts).
 */

/** The form's values: the body's fields, times as the pickers hold them. */
export type FormValues = Omit<AnnouncementInput, 'publishTime' | 'startTime' | 'endTime' | 'tab' | 'jumpType'> & {
  tab?: AnnouncementInput['tab'];
  jumpType?: AnnouncementInput['jumpType'];
  publishTime?: Dayjs | null;
  range?: [Dayjs | null, Dayjs | null] | null;
};

/** Field names of the body -> the form's (the two times are one range picker). */
export const formField = (path: string): string => (path === 'startTime' || path === 'endTime' ? 'range' : path);
export const FORM_FIELDS = [
  'type', 'tab', 'areaId', 'sort', 'progress', 'title', 'tabTitle', 'secondaryTitle', 'remark', 'content', 'publishTime', 'hotType', 'jumpType', 'jumpTarget',
  'image', 'previewImage', 'videoName', 'effectiveMode', 'range', 'daysAfterRegistration', 'showTime', 'popupType', 'restrictionLevel', 'mapId',
];

export function toBody(values: FormValues): AnnouncementBody {
  const { range, publishTime, ...rest } = values;
  const [start, end] = range ?? [null, null];
  return {
    ...rest,
    // Absent choices reach the schema as absent, so it answers with the spec's own words.
    tab: values.tab as AnnouncementInput['tab'],
    jumpType: values.jumpType as AnnouncementInput['jumpType'],
    title: values.title ?? '',
    tabTitle: values.tabTitle ?? '',
    jumpTarget: values.jumpTarget ?? '',
    publishTime: publishTime ? fromPickerValue(publishTime) : null,
    startTime: values.effectiveMode === 'exact' && start ? fromPickerValue(start) : null,
    endTime: values.effectiveMode === 'exact' && end ? fromPickerValue(end) : null,
    daysAfterRegistration: values.effectiveMode === 'afterRegistration' ? (values.daysAfterRegistration ?? null) : null,
    // A scrolling announcement is a line of text.
    ...(values.type === 'scrolling' ? { image: '', previewImage: '' } : {}),
  };
}

export function toFormValues(a: AnnouncementInput | Announcement | Partial<AnnouncementInput>): Partial<FormValues> {
  const { publishTime, startTime, endTime, ...rest } = a;
  return {
    ...rest,
    publishTime: publishTime ? toPickerValue(publishTime) : null,
    range: startTime || endTime ? [startTime ? toPickerValue(startTime) : null, endTime ? toPickerValue(endTime) : null] : null,
  };
}

/**
 * A body that passes every rule, for checking one cross-field rule of the contract (image for
 * the type, the redirect's target for its kind, the effective time) on the fields it concerns.
 */
const VALID_SAMPLE: AnnouncementBody = {
  type: 'scrolling',
  tab: 1,
  tabTitle: 'x',
  title: 'x',
  jumpType: 0,
  jumpTarget: 'x',
  effectiveMode: 'afterRegistration',
  daysAfterRegistration: 1,
};

export function crossProblem(field: string, patch: Partial<AnnouncementBody>): string | null {
  const parsed = announcementBody.safeParse({ ...VALID_SAMPLE, ...patch });
  if (parsed.success) return null;
  const issue = parsed.error.issues.find((i) => formField(String(i.path[0] ?? '')) === field);
  return issue ? translateIssue(issue) : null;
}

