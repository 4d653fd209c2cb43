import { useMemo, useState } from 'react';
import { Card, Col, Form, Input, Row, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { P } from '@gm/contract/permissions.ts';
import { REDEEM_KINDS, REDEEM_STATUSES, type RedeemBatch, type RedeemKind, type RedeemStatus } from '@gm/contract/redeem-codes.contract.ts';
import { FilterFormButtons } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { AddButton } from '../../shared/components/list-toolbar.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { ConfirmRowAction, RowAction, RowActions, RowLink } from '../../shared/components/row-actions.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { downloadFile } from '../../shared/download.ts';
import { showError, showSuccess } from '../../shared/feedback.ts';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { paths } from '../../shared/paths.ts';
import { useCan } from '../../shared/user-context.tsx';
import { itemName } from '../../shared/catalogue-labels.ts';
import { useLanguage } from './redeem-labels.ts';
import { RedeemBatchDialog } from './redeem-batch-dialog.tsx';
import { RedeemCodesDialog } from './redeem-codes-dialog.tsx';
import { batchesQueryOptions, exportPath, parseBatchFilters, useBatchAction, type BatchFilters } from './redeem-codes.queries.ts';
import './redeem-codes.css';

interface FilterValues {
  name?: string;
  kind?: RedeemKind;
  status?: RedeemStatus;
}

const fieldsOf = (f: BatchFilters): FilterValues => ({ name: f.name, kind: f.kind, status: f.status });

/** /exchange/index: the redeem code batches, their codes, export, and the claims of each. */
export function RedeemBatchListPage() {
  const { t } = useTranslation(['redeemCodes', 'common']);
  const language = useLanguage();
  const search = useSearchState(parseBatchFilters);
  const { state: filters, update } = search;
  const form = useFilterForm(filters, fieldsOf);
  const batches = useQuery(batchesQueryOptions(filters));
  const canEdit = useCan(P.EXCHANGE_CONFIG_EDIT);
  const action = useBatchAction();
  const [editing, setEditing] = useState<{ batch: RedeemBatch | null } | null>(null);
  const [viewing, setViewing] = useState<RedeemBatch | null>(null);

  const onSearch = (v: FilterValues) => update({ name: v.name?.trim() || undefined, kind: v.kind, status: v.status });

  const { columns, actions } = useMemo(() => {
    const run = (batch: RedeemBatch, name: 'enable' | 'disable' | 'publish', done: string) =>
      action.mutateAsync({ id: batch.id, action: name }).then((saved) => {
        if (saved.published) showSuccess(done);
        else showError(t('notPublished', { reason: saved.publishError ?? '' }));
      });
    const exportCodes = (batch: RedeemBatch) =>
      void downloadFile(exportPath(batch.id), { fallbackName: `redeem_codes_${batch.id}.xlsx` })
        .then((file) => showSuccess(t('done.exported', { file })))
        .catch(() => undefined);
    const columns: TableColumnsType<RedeemBatch> = [
      { key: 'name', title: t('fields.name'), fixed: 'left', width: 180, render: (_, b) => <Typography.Text strong>{b.name}</Typography.Text> },
      { key: 'kind', title: t('fields.kind'), width: 100, render: (_, b) => <Tag color={b.kind === 'shared' ? 'purple' : 'blue'}>{t(`kindShort.${b.kind}`)}</Tag> },
      { key: 'status', title: t('fields.status'), width: 90, render: (_, b) => <Tag color={b.status === 'active' ? 'green' : 'default'}>{t(`statuses.${b.status}`)}</Tag> },
      {
        key: 'game',
        title: t('fields.game'),
        width: 110,
        render: (_, b) =>
          b.published ? (
            <Tag color="green">{t('game.published')}</Tag>
          ) : (
            <Tooltip title={b.publishError}>
              <Tag color="red">{t('game.unpublished')}</Tag>
            </Tooltip>
          ),
      },
      {
        key: 'codes',
        title: t('fields.codes'),
        width: 160,
        render: (_, b) => (b.kind === 'shared' ? <Typography.Text code>{b.sharedCode}</Typography.Text> : <span>{`${b.codeCount.toLocaleString()} · ${b.codePrefix || '—'}`}</span>),
      },
      {
        key: 'rewards',
        title: t('fields.rewards'),
        width: 220,
        render: (_, b) => (
          <Space size={[4, 4]} wrap>
            {b.rewards.map((r) => (
              <Tag key={`${r.itemType}:${r.itemId}`}>{`${itemName(r.name, language, r.itemId)} ×${r.number.toLocaleString()}`}</Tag>
            ))}
          </Space>
        ),
      },
      { key: 'limits', title: t('fields.limits'), width: 130, render: (_, b) => `${b.perPlayerLimit} / ${b.totalLimit === 0 ? t('unlimited') : b.totalLimit.toLocaleString()}` },
      {
        key: 'validity',
        title: t('fields.validity'),
        width: 180,
        render: (_, b) => (
          <div className="gm-redeem-validity">
            <Stamp value={b.validFrom} />
            <Stamp value={b.validTo} />
          </div>
        ),
      },
      { key: 'areas', title: t('fields.areas'), width: 140, ellipsis: true, render: (_, b) => (b.areaIds.length === 0 ? t('allAreas') : b.areaIds.join(', ')) },
      { key: 'updated', title: t('fields.updated'), width: 170, render: (_, b) => <Stamp value={b.updatedAt} /> },
    ];
    const actions = (b: RedeemBatch) => (
      <RowActions wrap>
        <RowAction onClick={() => setViewing(b)}>{t('actions.codes')}</RowAction>
        <RowAction onClick={() => exportCodes(b)}>{t('actions.export')}</RowAction>
        <RowLink to={`${paths.exchangeClaims}?batchId=${encodeURIComponent(b.id)}`}>{t('actions.claims')}</RowLink>
        {canEdit ? <RowAction onClick={() => setEditing({ batch: b })}>{t('actions.edit')}</RowAction> : null}
        {canEdit && b.status === 'active' ? (
          <ConfirmRowAction title={t('confirm.disable')} onConfirm={() => run(b, 'disable', t('done.disabled'))}>
            {t('actions.disable')}
          </ConfirmRowAction>
        ) : null}
        {canEdit && b.status === 'disabled' ? <RowAction onClick={() => void run(b, 'enable', t('done.enabled')).catch(() => undefined)}>{t('actions.enable')}</RowAction> : null}
        {canEdit && !b.published ? <RowAction onClick={() => void run(b, 'publish', t('done.published')).catch(() => undefined)}>{t('actions.publish')}</RowAction> : null}
      </RowActions>
    );
    return { columns, actions };
  }, [t, language, canEdit, action]);

  return (
    <PageContainer
      title={t('title')}
      description={t('description')}
      extra={
        <AddButton permission={P.EXCHANGE_CONFIG_EDIT} onClick={() => setEditing({ batch: null })}>
          {t('actions.create')}
        </AddButton>
      }
    >
      <Card>
        <Form form={form} name="filters" layout="vertical" onFinish={onSearch}>
          <Row gutter={16}>
            {/* Fields and buttons share a row from xl up; below it the buttons take a row of their
                own (at 992-1199 px beside the fields, Refresh wrapped and the selects cut their text). */}
            <Col xs={24} sm={12} lg={8} xl={7}>
              <Form.Item name="name" label={t('fields.name')}>
                <Input allowClear placeholder={t('filters.name')} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6} lg={8} xl={4}>
              <Form.Item name="kind" label={t('fields.kind')}>
                <Select allowClear placeholder={t('filters.anyKind')} options={REDEEM_KINDS.map((k) => ({ value: k, label: t(`kindShort.${k}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6} lg={8} xl={4}>
              <Form.Item name="status" label={t('fields.status')}>
                <Select allowClear placeholder={t('filters.anyStatus')} options={REDEEM_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} xl={9}>
              <FilterFormButtons besideField="wide" query={batches} onReset={() => search.reset()} />
            </Col>
          </Row>
        </Form>
      </Card>
      <Card>
        <ListTable<RedeemBatch> query={batches} columns={columns} paging={search} rowActions={actions} actionsWidth={canEdit ? 250 : 190} spinWhileFetching scroll={{ x: 1700 }} />
      </Card>
      <RedeemBatchDialog open={editing !== null} batch={editing?.batch ?? null} onClose={() => setEditing(null)} />
      <RedeemCodesDialog batch={viewing} onClose={() => setViewing(null)} />
    </PageContainer>
  );
}
