import { Fragment, type ReactNode } from 'react';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ALL_AREAS, type Announcement, type AnnouncementKind, type AnnouncementStatus } from '@gm/contract/announcements.contract.ts';
import { formatStamp } from '../../shared/format.ts';

const STATUS_COLORS: Record<AnnouncementStatus, string> = { created: 'blue', sent: 'green', expired: 'default', deleted: 'red' };
const TYPE_COLORS: Record<AnnouncementKind, string> = { site: 'geekblue', login: 'purple', scrolling: 'gold' };
const TAB_COLORS: Record<number, string> = { 1: 'red', 2: 'orange', 3: 'blue', 4: 'purple' };

/** An expired scrolling announcement stays off the game until it is reset (spec section 4). */
export const needsReset = (a: Pick<Announcement, 'type' | 'status'>): boolean => a.type === 'scrolling' && a.status === 'expired';

export function StatusTag({ announcement }: { announcement: Pick<Announcement, 'type' | 'status'> }) {
  const { t } = useTranslation('announcements');
  const tag = <Tag color={STATUS_COLORS[announcement.status]}>{t(`status.${announcement.status}`)}</Tag>;
  if (!needsReset(announcement)) return tag;
  return (
    <Tooltip title={t('list.expiredScrolling')}>
      <Space size={4}>
        {tag}
        <WarningOutlined className="gm-text-warning" aria-label={t('list.expiredScrolling')} />
      </Space>
    </Tooltip>
  );
}

export function TypeTag({ type }: { type: AnnouncementKind }) {
  const { t } = useTranslation('announcements');
  return <Tag color={TYPE_COLORS[type]}>{t(`types.${type}`)}</Tag>;
}

/** The tab category and the tab's own title ("Event · Gacha"). */
export function TabCell({ tab, tabTitle }: { tab: number; tabTitle: string }) {
  const { t } = useTranslation('announcements');
  return (
    <Space size={4}>
      <Tag color={TAB_COLORS[tab]}>{t(`tabs.${String(tab) as '1'}`)}</Tag>
      <span>{tabTitle}</span>
    </Space>
  );
}

export function AreaText({ areaId }: { areaId: string }) {
  const { t } = useTranslation('announcements');
  return <>{areaId === ALL_AREAS ? t('fields.allAreas') : areaId}</>;
}

/** The effective time as an operator reads it: both ends, or days after registration. */
export function EffectiveText({ announcement }: { announcement: Pick<Announcement, 'effectiveMode' | 'startTime' | 'endTime' | 'daysAfterRegistration'> }) {
  const { t } = useTranslation('announcements');
  if (announcement.effectiveMode === 'afterRegistration') return <>{t('effective.afterRegistration', { days: announcement.daysAfterRegistration ?? 0 })}</>;
  const parts: ReactNode[] = [formatStamp(announcement.startTime), formatStamp(announcement.endTime)];
  return (
    <Typography.Text className="gm-nowrap-lines">
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {p}
        </Fragment>
      ))}
    </Typography.Text>
  );
}

export function HotTag({ hotType }: { hotType: number }) {
  const { t } = useTranslation('announcements');
  if (hotType === 0) return <Typography.Text type="secondary">{t('hotTypes.0')}</Typography.Text>;
  return <Tag color={hotType === 1 ? 'volcano' : 'cyan'}>{t(`hotTypes.${String(hotType) as '1'}`)}</Tag>;
}
