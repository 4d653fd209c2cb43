import { useMemo } from 'react';
import { Card, DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { P } from '@gm/contract/permissions.ts';
import { keepTypedStart } from '../../shared/keep-typed-start.ts';
import { FilterBar, TextFilter } from '../../shared/components/filter-bar.tsx';
import { QuickRangeButtons } from '../../shared/components/quick-range-buttons.tsx';
import { QUICK_RANGES } from '../../shared/quick-ranges.ts';
import { useRegionOptions } from '../../shared/region-options.queries.ts';
import { useCan } from '../../shared/user-context.tsx';
import { quickDays, type StatSearch } from './stat-filters.ts';
import type { StatPageState } from './use-stat-search.ts';

interface FilterFields {
  range?: [Dayjs, Dayjs];
  areaIds?: string[];
  channel?: string;
  platform?: string;
}

const DAY = 'YYYY-MM-DD';
/** A day of the display zone as the picker's local date (the picker shows and gives back its fields). */
const pickerDay = (date: string) => dayjs(date, DAY);
const fieldsOf = (s: StatSearch): FilterFields => ({ range: [pickerDay(s.start), pickerDay(s.end)], areaIds: s.areaIds.map(String), channel: s.channel, platform: s.platform });

/** The days, with the spec's quick ranges in the picker and as buttons beside it (a button searches at once). */
function DayRangeField() {
  const { t } = useTranslation(['statistics', 'common']);
  const form = Form.useFormInstance<FilterFields>();
  const presets = QUICK_RANGES.map((range) => ({
    label: t(`common:time.quick.${range}`),
    value: (): [Dayjs, Dayjs] => quickDays(range).map(pickerDay) as [Dayjs, Dayjs],
  }));
  return (
    <>
      <Form.Item name="range">
        <DatePicker.RangePicker allowClear={false} presets={presets} format={DAY} onKeyDown={keepTypedStart} aria-label={t('filters.range')} placeholder={[t('filters.start'), t('filters.end')]} />
      </Form.Item>
      {/* At most the bar's width: on a phone the buttons wrap instead of running off the card. */}
      <Form.Item style={{ maxWidth: '100%' }}>
        <QuickRangeButtons
          onPick={(range) => {
            form.setFieldValue('range', quickDays(range).map(pickerDay));
            form.submit();
          }}
        />
      </Form.Item>
    </>
  );
}

/** Regions from the regions list when the operator may read it, else typed ids. */
function RegionField() {
  const { t } = useTranslation('statistics');
  const canList = useCan(P.GROUP_PLAYERS);
  const { options } = useRegionOptions({ enabled: canList });
  return (
    <Form.Item name="areaIds">
      <Select
        mode={canList ? 'multiple' : 'tags'}
        allowClear
        maxTagCount="responsive"
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('filters.regions')}
        placeholder={t('filters.allRegions')}
        options={options}
        style={{ width: 240 }}
      />
    </Form.Item>
  );
}

/**
 * A statistics page's filters: days, regions, and (where they apply) channel and platform.
 * Search writes them into the URL; Reset goes back to the last 7 days, all regions.
 */
export function StatFilterBar({ page, dimensions = true }: { page: StatPageState; dimensions?: boolean }) {
  const { t } = useTranslation('statistics');
  const filters = useMemo(() => fieldsOf(page.search), [page.search]);
  return (
    <Card className="gm-stat-filters">
    <FilterBar<FilterFields>
      filters={filters}
      onSearch={(values) => {
        const [start, end] = values.range ?? [];
        const areaIds = (values.areaIds ?? []).map((id) => id.trim()).filter((id) => /^\d{1,10}$/.test(id));
        page.update({
          start: start?.format(DAY),
          end: end?.format(DAY),
          areaIds: areaIds.join(','),
          channel: dimensions ? values.channel : undefined,
          platform: dimensions ? values.platform : undefined,
        });
      }}
      onReset={() => page.reset(['view'])}
    >
      <DayRangeField />
      <RegionField />
      {dimensions ? (
        <>
          <TextFilter name="channel" label={t('filters.channel')} width={140} />
          <TextFilter name="platform" label={t('filters.platform')} width={120} />
        </>
      ) : null}
    </FilterBar>
    </Card>
  );
}
