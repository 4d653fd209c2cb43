import { AutoComplete, Badge, Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Area } from '@gm/contract/areas.contract.ts';
import type { RegionHeat, RegionLoginStatus } from '@gm/contract/game-commands.contract.ts';
import { areaGroupsQueryOptions } from './areas.queries.ts';

const STATUS_BADGE = { open: 'success', close: 'error', hide: 'default' } as const;
const LOGIN_COLOR: Record<RegionLoginStatus, string> = { open: 'green', gm: 'gold', blocked: 'red' };
const HEAT_COLOR: Record<RegionHeat, string> = { fluent: 'green', crowded: 'orange', packed: 'red' };

export function AreaStatus({ area }: { area: Area }) {
  const { t } = useTranslation('areas');
  if (area.mergedInto) return <Tag>{t('merged', { intoId: area.mergedInto })}</Tag>;
  return (
    <Tooltip title={area.underMaintenance ? t('maintenance') : undefined}>
      <Badge status={STATUS_BADGE[area.status]} text={t(`status.${area.status}`)} />
    </Tooltip>
  );
}

export function LoginStatusTag({ value }: { value: RegionLoginStatus }) {
  const { t } = useTranslation('areas');
  return <Tag color={LOGIN_COLOR[value]}>{t(`loginStatus.${value}`)}</Tag>;
}

export function HeatTag({ value }: { value: RegionHeat }) {
  const { t } = useTranslation('areas');
  return <Tag color={HEAT_COLOR[value]}>{t(`heat.${value}`)}</Tag>;
}

/** A group: one of the game's groups, or a new name typed in. */
export function GroupInput({ value, onChange, id }: { value?: string; onChange?: (value: string) => void; id?: string }) {
  const { t } = useTranslation('areas');
  const groups = useQuery(areaGroupsQueryOptions());
  return (
    <AutoComplete
      id={id}
      value={value}
      onChange={onChange}
      placeholder={t('form.groupPlaceholder')}
      options={(groups.data ?? []).map((g) => ({ value: g.group, label: `${g.group} (${g.regions})` }))}
      showSearch={{ filterOption: (input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase()) }}
    />
  );
}
