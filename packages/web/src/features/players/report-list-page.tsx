import { useState } from 'react';
import { Card, Col, Form, Input, Row, Select, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { P } from '@gm/contract/permissions.ts';
import { REPORT_REASONS, type PlayerReport, type ReportReason } from '@gm/contract/players.contract.ts';
import { DateRangeFilter, timeRange, type TimeRange } from '../../shared/components/date-range-filter.tsx';
import { FilterFormButtons } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { RowAction, RowActions } from '../../shared/components/row-actions.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { useCan } from '../../shared/user-context.tsx';
import { parseReportFilters } from './player-filters.ts';
import { reportsQueryOptions, type ReportFilters } from './players.queries.ts';
import { SanctionDialog, type SanctionDialogState } from './sanction-dialog.tsx';
import { useRegionOptions } from '../../shared/region-options.queries.ts';

interface FilterValues {
  roleId?: string;
  areaId?: string;
  reason?: ReportReason;
  range?: TimeRange;
}

const fieldsOf = (filters: ReportFilters): FilterValues => ({ roleId: filters.roleId, areaId: filters.areaId, reason: filters.reason, range: timeRange(filters.from, filters.to) });

const REASON_COLORS: Record<ReportReason, string> = { cheating: 'red', abuse: 'volcano', spam: 'orange', inappropriateName: 'purple', fraud: 'magenta', other: 'default' };

/** /report/list: reports with the reported role's marks; mute or ban straight from a report. */
export function ReportListPage() {
  const { t } = useTranslation(['players', 'common']);
  const search = useSearchState(parseReportFilters);
  const { state: filters, update } = search;
  const form = useFilterForm(filters, fieldsOf);
  const reports = useQuery(reportsQueryOptions(filters));
  const { options: regionOptions, labelOf: regionLabelOf } = useRegionOptions();
  const canBan = useCan(P.PLAYER_BAN);
  const canMute = useCan(P.PLAYER_MUTE);
  const [dialog, setDialog] = useState<SanctionDialogState>(null);

  const act = (kind: 'ban' | 'mute' | 'unban' | 'unmute', r: PlayerReport) =>
    setDialog({ target: 'players', kind, targets: [{ id: r.roleId, label: r.roleName }], reason: kind === 'ban' || kind === 'mute' ? `${t(`reasons.${r.reason}`)} · ${t('reports.fromReport')}` : '' });

  // What decides an action first (count, mute and ban marks), then when and what: at 1440 px they
  // are in sight beside the pinned actions, and the free-text content takes what room is left.
  const columns: TableColumnsType<PlayerReport> = [
    { key: 'roleId', title: t('fields.roleId'), dataIndex: 'roleId', width: 110, fixed: 'left' },
    { key: 'roleName', title: t('fields.roleName'), dataIndex: 'roleName', width: 130, ellipsis: true },
    { key: 'area', title: t('fields.area'), width: 130, ellipsis: true, render: (_, r) => regionLabelOf(r.areaId) },
    { key: 'reason', title: t('fields.reason'), width: 110, render: (_, r) => <Tag color={REASON_COLORS[r.reason]}>{t(`reasons.${r.reason}`)}</Tag> },
    { key: 'count', title: t('fields.reportCount'), width: 110, align: 'right', render: (_, r) => <Typography.Text strong={r.reportCount > 2} type={r.reportCount > 2 ? 'danger' : undefined}>{r.reportCount}</Typography.Text> },
    { key: 'muted', title: t('fields.muted'), width: 80, render: (_, r) => (r.muted ? <Tag color="orange">{t('states.muted')}</Tag> : '-') },
    { key: 'banned', title: t('fields.banned'), width: 80, render: (_, r) => (r.banned ? <Tag color="red">{t('states.banned')}</Tag> : '-') },
    { key: 'reportedAt', title: t('fields.reportedAt'), width: 160, render: (_, r) => <Stamp value={r.reportedAt} /> },
    { key: 'content', title: t('fields.content'), width: 260, ellipsis: { showTitle: true }, dataIndex: 'content' },
    { key: 'reporter', title: t('fields.reporter'), dataIndex: 'reporterRoleId', width: 110 },
  ];
  const actions = (r: PlayerReport) => (
    <RowActions>
      {canMute ? <RowAction onClick={() => act(r.muted ? 'unmute' : 'mute', r)}>{r.muted ? t('actions.unmute') : t('actions.mute')}</RowAction> : null}
      {canBan ? (
        <RowAction danger={!r.banned} onClick={() => act(r.banned ? 'unban' : 'ban', r)}>
          {r.banned ? t('actions.unban') : t('actions.ban')}
        </RowAction>
      ) : null}
    </RowActions>
  );

  return (
    <PageContainer title={t('titles.reports')} description={t('descriptions.reports')}>
      <Card>
        <Form form={form} layout="vertical" onFinish={(v) => update({ roleId: v.roleId?.trim() || undefined, areaId: v.areaId, reason: v.reason, from: v.range?.[0], to: v.range?.[1] })}>
          <Row gutter={16}>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="roleId" label={t('fields.roleId')}>
                <Input allowClear placeholder={t('filters.exact')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="areaId" label={t('fields.area')}>
                <Select allowClear placeholder={t('filters.any')} options={regionOptions} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="reason" label={t('fields.reason')}>
                <Select allowClear placeholder={t('filters.any')} options={REPORT_REASONS.map((r) => ({ value: r, label: t(`reasons.${r}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="range" label={t('filters.reportedAt')}>
                <DateRangeFilter style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <FilterFormButtons besideField={false} query={reports} onReset={() => search.reset()} />
        </Form>
      </Card>
      <Card>
        <ListTable<PlayerReport> query={reports} columns={columns} paging={search} rowKey="reportId" rowActions={actions} actionsWidth={150} spinWhileFetching scroll={{ x: 1370 }} />
      </Card>
      <SanctionDialog state={dialog} onClose={() => setDialog(null)} />
    </PageContainer>
  );
}
