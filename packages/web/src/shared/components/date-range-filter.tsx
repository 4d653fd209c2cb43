import type { CSSProperties } from 'react';
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { QUICK_RANGES, quickRange } from '../quick-ranges.ts';
import { keepTypedStart } from '../keep-typed-start.ts';
import { fromPickerValue, nowInZone, STAMP_FORMAT, toPickerValue } from '../format.ts';

export type TimeRange = [number, number] | null;

/** The range a filter form shows for a pair of URL bounds: both or none. */
export const timeRange = (from: number | undefined, to: number | undefined): TimeRange => (from !== undefined && to !== undefined ? [from, to] : null);

/**
 * A date-time range with the spec's quick ranges. Value and onChange are epoch milliseconds;
 * the operator picks wall-clock times of the display time zone. Works inside `Form.Item`.
 */
export function DateRangeFilter({
  value,
  onChange,
  style,
}: {
  value?: TimeRange | undefined;
  onChange?: (value: TimeRange) => void;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('common');
  const presets = QUICK_RANGES.map((range) => ({
    label: t(`time.quick.${range}`),
    value: (): [Dayjs, Dayjs] => {
      const [from, to] = quickRange(range, nowInZone());
      return [toPickerValue(from), toPickerValue(to)];
    },
  }));
  return (
    <DatePicker.RangePicker
      showTime
      format={STAMP_FORMAT}
      allowEmpty={[false, false]}
      presets={presets}
      placeholder={[t('time.start'), t('time.end')]}
      style={style}
      onKeyDown={keepTypedStart}
      value={value ? [toPickerValue(value[0]), toPickerValue(value[1])] : null}
      onChange={(range) => {
        const [from, to] = range ?? [];
        onChange?.(from && to ? [fromPickerValue(from), fromPickerValue(to)] : null);
      }}
    />
  );
}
