import { useState } from 'react';
import { Card, Progress, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { NumberOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { P } from '@gm/contract/permissions.ts';
import type { Sequence } from '@gm/contract/sequences.contract.ts';
import { FilterBar, TextFilter } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { AddButton, BatchBar, DeleteChosenButton, RefreshButton } from '../../shared/components/list-toolbar.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Allowed, useCan } from '../../shared/components/permission.tsx';
import { ConfirmRowAction, RowAction, RowActions } from '../../shared/components/row-actions.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { deleteActions, useListSelection } from '../../shared/hooks/use-list-selection.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { paths } from '../../shared/paths.ts';
import { SequenceEditDialog } from './sequence-edit-dialog.tsx';
import { parseSequenceFilters, usedPercent } from './sequence-filters.ts';
import { SequenceNextDialog } from './sequence-next-dialog.tsx';
import { sequencesQueryOptions, useDeleteSequences } from './sequences.queries.ts';

const big = (n: number) => n.toLocaleString();

/** /sequence/list: the id sequences, with allocation, edit and delete. */
export function SequenceListPage() {
  const { t } = useTranslation(['sequences', 'common']);
  const navigate = useNavigate();
  const search = useSearchState(parseSequenceFilters);
  const query = useQuery(sequencesQueryOptions(search.state));
  const canEdit = useCan(P.BASIC_CONFIG_EDIT);
  const [allocating, setAllocating] = useState<Sequence | null>(null);
  const [editing, setEditing] = useState<Sequence | null>(null);
  const selection = useListSelection(query.data?.results ?? [], (s) => s.name, search.state);
  const remove = useDeleteSequences();

  const { deleteIds, askBatchDelete } = deleteActions(selection, (ids) => remove.mutateAsync({ ids }), t);

  const columns: TableColumnsType<Sequence> = [
    { key: 'name', title: t('columns.name'), fixed: 'left', render: (_, s) => <Typography.Text strong code>{s.name}</Typography.Text> },
    { key: 'description', title: t('columns.description'), dataIndex: 'description', ellipsis: true, render: (d: string) => d || <Typography.Text type="secondary">-</Typography.Text> },
    { key: 'current', title: t('columns.currentValue'), align: 'right', render: (_, s) => <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }}>{big(s.currentValue)}</Typography.Text> },
    { key: 'step', title: t('columns.step'), align: 'right', render: (_, s) => big(s.step) },
    {
      key: 'range',
      title: t('columns.range'),
      render: (_, s) => (
        // The bounds in sight under the bar: a bar alone says how much is used, not of what.
        <div style={{ minWidth: 140 }}>
          <Progress percent={Number(usedPercent(s).toFixed(2))} size="small" status={s.remaining === 0 ? 'exception' : 'normal'} showInfo={false} style={{ marginBottom: 0 }} />
          <Typography.Text type="secondary" style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}>{`${big(s.minValue)} – ${big(s.maxValue)}`}</Typography.Text>
        </div>
      ),
    },
    {
      key: 'remaining',
      title: t('columns.remaining'),
      align: 'right',
      render: (_, s) => (s.remaining === 0 ? <Tag color="error">{t('exhausted')}</Tag> : big(s.remaining)),
    },
    { key: 'updated', title: t('columns.updated'), width: 180, render: (_, s) => <Space orientation="vertical" size={0}><Stamp value={s.updatedAt} /><Typography.Text type="secondary" style={{ fontSize: 12 }}>{s.updatedBy}</Typography.Text></Space> },
  ];

  return (
    <PageContainer
      title={t('title')}
      description={t('description')}
      extra={
        <AddButton permission={P.BASIC_CONFIG_EDIT} onClick={() => void navigate(paths.sequenceAdd)}>
          {t('actions.add')}
        </AddButton>
      }
    >
      <Card>
        <FilterBar
          filters={search.state}
          onSearch={search.update}
          onReset={() => search.reset()}
          extra={
            <Space wrap>
              <BatchBar permission={P.BASIC_CONFIG_EDIT} count={selection.selected.length}>
                <DeleteChosenButton onClick={askBatchDelete}>{t('actions.batchDelete')}</DeleteChosenButton>
              </BatchBar>
              <RefreshButton query={query} />
            </Space>
          }
        >
          <TextFilter name="keyword" label={t('filters.keyword')} width={260} />
        </FilterBar>
        <ListTable
          query={query}
          columns={columns}
          paging={search}
          selection={canEdit ? selection : undefined}
          rowActions={
            canEdit
              ? (s) => (
                  <Allowed code={P.BASIC_CONFIG_EDIT}>
                    <RowActions>
                      <RowAction icon={<NumberOutlined />} disabled={s.remaining === 0} onClick={() => setAllocating(s)}>
                        {t('actions.next')}
                      </RowAction>
                      <RowAction onClick={() => setEditing(s)}>{t('actions.edit')}</RowAction>
                      <ConfirmRowAction title={t('confirm.deleteOne', { name: s.name })} description={t('confirm.deleteContent', { names: s.name })} onConfirm={deleteIds([s.id])}>
                        {t('actions.delete')}
                      </ConfirmRowAction>
                    </RowActions>
                  </Allowed>
                )
              : undefined
          }
        />
      </Card>
      <SequenceNextDialog sequence={allocating} onClose={() => setAllocating(null)} />
      <SequenceEditDialog sequence={editing} onClose={() => setEditing(null)} />
    </PageContainer>
  );
}
