import type { ReactNode } from 'react';
import { Descriptions, Modal, Skeleton, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlayerDetail } from '@gm/contract/players.contract.ts';
import { Stamp } from '../../shared/components/stamp.tsx';
import { LoadFailure } from '../../shared/components/load-failure.tsx';
import { MarkTag, OnlineBadge, SanctionTags, untilText } from './player-format.tsx';
import { playerDetailQueryOptions } from './players.queries.ts';
import { regionLabel } from '../../shared/region-options.queries.ts';

const number = (n: number) => n.toLocaleString();

/** Every field of spec section 3 "Player (role)", pvp ranks and score included. */
export function PlayerDetailDialog({ roleId, onClose }: { roleId: string | null; onClose: () => void }) {
  const { t } = useTranslation(['players', 'common']);
  const detail = useQuery({ ...playerDetailQueryOptions(roleId ?? ''), enabled: roleId !== null });
  if (roleId === null) return null;
  const p = detail.data;

  const section = (title: string, items: [string, ReactNode][]) => (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2 }}
      title={title}
      style={{ marginBottom: 16 }}
      items={items.map(([label, children]) => ({ key: label, label, children }))}
    />
  );

  const body = (d: PlayerDetail) => (
    <>
      {section(t('detail.identity'), [
        [t('fields.roleId'), d.roleId],
        [t('fields.roleName'), d.roleName],
        [t('fields.userId'), d.userId],
        [t('fields.thirdId'), d.thirdId ?? '-'],
        [t('fields.account'), d.account],
        [t('fields.accountType'), d.accountType ? t(`accountTypes.${d.accountType as 'guest'}`, { defaultValue: d.accountType }) : '-'],
        [t('fields.area'), regionLabel(d.areaId, d.areaName)],
        [t('fields.level'), d.level],
        [t('fields.unionName'), d.unionName ?? '-'],
        [t('fields.identityMark'), <MarkTag key="mark" mark={d.identityMark} />],
        [t('fields.identityRemark'), d.identityRemark || '-'],
      ])}
      {section(t('detail.activity'), [
        [t('fields.createdAt'), <Stamp key="c" value={d.createdAt} />],
        [t('fields.lastLoginAt'), <Stamp key="l" value={d.lastLoginAt} />],
        [t('fields.recentLoginAt'), <Stamp key="r" value={d.recentLoginAt} />],
        [t('fields.offlineAt'), <Stamp key="o" value={d.offlineAt} />],
        [t('fields.isOnline'), <OnlineBadge key="on" online={d.isOnline} />],
      ])}
      {section(t('detail.money'), [
        [t('fields.isRecharge'), d.isRecharge ? <Tag color="gold">{t('states.payer')}</Tag> : t('filters.no')],
        [t('fields.rechargeCurrency'), number(d.rechargeCurrency)],
        [t('fields.nonRechargeCurrency'), number(d.nonRechargeCurrency)],
        [t('fields.unionCoin'), number(d.unionCoin)],
      ])}
      {section(t('detail.state'), [
        [t('fields.state'), <SanctionTags key="s" {...d} />],
        [t('fields.banUntil'), untilText(d.banned ? d.banUntil : null, t)],
        [t('fields.banReason'), d.banned ? (d.banReason ?? '-') : '-'],
        [t('fields.muteUntil'), untilText(d.muted ? d.muteUntil : null, t)],
        [t('fields.muteReason'), d.muted ? (d.muteReason ?? '-') : '-'],
        [t('fields.accountBanned'), d.accountBanned ? <Tag color="red">{untilText(d.accountBanUntil, t)}</Tag> : t('filters.no')],
      ])}
      {section(t('detail.progress'), [
        [t('fields.mainStoryProgress'), d.mainStoryProgress],
        [t('fields.currentExp'), number(d.currentExp)],
        [t('fields.energy'), d.energy],
        [t('fields.pvpRanks'), d.pvpRanks],
        [t('fields.pvpScore'), number(d.pvpScore)],
        [t('fields.bagStacks'), d.bagStacks],
        [
          t('fields.unlockedMaps'),
          <Space key="maps" size={4} wrap>
            {(['explore', 'stage', 'quantum'] as const).map((kind) => (
              <Tag key={kind}>
                {t(`maps.tabs.${kind}`)}: {d.unlockedMaps[kind]}
              </Tag>
            ))}
          </Space>,
        ],
        [t('fields.updatedAt'), <Stamp key="u" value={d.updatedAt} />],
      ])}
    </>
  );

  return (
    <Modal open width={880} title={t('detail.title', { name: p?.roleName ?? roleId })} footer={null} onCancel={onClose} destroyOnHidden>
      {p ? (
        body(p)
      ) : detail.isError ? (
        <LoadFailure title={t('failures.detail')} query={detail} />
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </Modal>
  );
}
