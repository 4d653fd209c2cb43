import { Card, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SWITCH_STATES } from '@gm/contract/basic-management.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { DOMAIN_PURPOSES, type DomainPurpose, type DomainWhitelistEntry } from '@gm/contract/whitelists.contract.ts';
import { FilterBar, SelectFilter, TextFilter } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { AddButton, ListToolbar } from '../../shared/components/list-toolbar.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { useCan } from '../../shared/components/permission.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { useListSelection } from '../../shared/hooks/use-list-selection.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { paths } from '../../shared/paths.ts';
import { parseDomainFilters } from './whitelist-filters.ts';
import { CheckAlerts, CheckInput, StatusBatchBar, StatusRowActions, StatusTag, useWhitelistCheck, useWhitelistDelete, useWhitelistStatus } from './whitelist-parts.tsx';
import { useCheckDomain, whitelistQueryOptions } from './whitelists.queries.ts';

const PURPOSE_COLORS: Record<DomainPurpose, string> = { redirect: 'blue', payment: 'gold', resource: 'cyan' };

/** /server/domain_white: hosts allowed for redirect links, payment callbacks and resource downloads. */
export function DomainWhitelistPage() {
  const { t } = useTranslation(['whitelists', 'common']);
  const navigate = useNavigate();
  const search = useSearchState(parseDomainFilters);
  const query = useQuery(whitelistQueryOptions('domain', search.state));
  const canEdit = useCan(P.WHITELIST_EDIT);
  const selection = useListSelection(query.data?.results ?? [], (r) => r.domain, search.state);
  const status = useWhitelistStatus('domain', selection);
  const remove = useWhitelistDelete('domain', selection);
  const check = useWhitelistCheck(useCheckDomain());

  const columns: TableColumnsType<DomainWhitelistEntry> = [
    {
      key: 'domain',
      title: t('columns.domain'),
      fixed: 'left',
      render: (_, row) => (
        <Space size={6}>
          <Typography.Text strong copyable={{ text: row.domain }} style={{ fontFamily: 'monospace' }}>
            {row.domain}
          </Typography.Text>
          {row.wildcard ? <Tag variant="filled">{t('domain.wildcard')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'purpose', title: t('columns.purpose'), render: (_, row) => <Tag color={PURPOSE_COLORS[row.purpose]}>{t(`purposes.${row.purpose}`)}</Tag> },
    { key: 'status', title: t('columns.status'), render: (_, row) => <StatusTag value={row.status} /> },
    { key: 'notes', title: t('columns.notes'), dataIndex: 'notes', ellipsis: true, render: (notes: string) => notes || <Typography.Text type="secondary">-</Typography.Text> },
    { key: 'creator', title: t('columns.creator'), dataIndex: 'creator' },
    { key: 'createdAt', title: t('columns.createdAt'), render: (_, row) => <Stamp value={row.createdAt} /> },
  ];

  return (
    <PageContainer title={t('domain.title')} description={t('domain.description')}>
      <Card>
        <FilterBar
          filters={search.state}
          onSearch={search.update}
          onReset={() => search.reset()}
          extra={<CheckInput check={check} label={t('check.urlLabel')} placeholder={t('check.urlPlaceholder')} icon={<LinkOutlined />} width={380} />}
        >
          <TextFilter name="keyword" label={t('filters.keyword')} placeholder={t('filters.domainKeyword')} width={220} />
          <SelectFilter name="purpose" label={t('filters.purpose')} width={170} options={DOMAIN_PURPOSES.map((p) => ({ value: p, label: t(`purposes.${p}`) }))} />
          <SelectFilter name="status" label={t('filters.status')} width={130} options={SWITCH_STATES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        </FilterBar>
        <CheckAlerts check={check} subject={(answer) => answer.host} describe={(e) => `${e.domain} (${t(`purposes.${e.purpose}`)}, ${t(`status.${e.status}`)})`} />
        <ListToolbar
          query={query}
          batch={<StatusBatchBar count={selection.selected.length} status={status} remove={remove} />}
          extra={
            <AddButton permission={P.WHITELIST_EDIT} onClick={() => void navigate(paths.domainWhitelistAdd)}>
              {t('actions.addDomain')}
            </AddButton>
          }
        />
        <ListTable
          query={query}
          columns={columns}
          paging={search}
          selection={canEdit ? selection : undefined}
          rowActions={
            canEdit
              ? (row) => (
                  <StatusRowActions
                    row={row}
                    name={row.domain}
                    onEdit={() => void navigate(`${paths.domainWhitelistAdd}?id=${encodeURIComponent(row.id)}`)}
                    status={status}
                    remove={remove}
                  />
                )
              : undefined
          }
        />
      </Card>
    </PageContainer>
  );
}
