import { Card, Col, Flex, Row, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@gm/contract/audit.contract.ts';
import { auditActionLabel, permissionLabel } from '../../shared/audit-labels.ts';
import { formatStamp } from '../../shared/format.ts';
import { normalizeLanguage } from '../../shared/language.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { JsonView } from '../../shared/components/json-view.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { OutcomeTag } from '../../shared/components/outcome-tag.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { errorCodeMessage } from '../../shared/translate.ts';
import { GmLogFilterForm } from './gm-log-filter-form.tsx';
import { parseGmLogFilters } from './gm-log-filters.ts';
import { gmLogQueryOptions } from './gm-log.queries.ts';
import { IdTag } from '../../shared/components/id-tag.tsx';

/** /sysinfo/show_gm_log: the audit entries, filtered and paged, with the filters in the URL. */
export function GmLogPage() {
  const { t, i18n } = useTranslation(['gmLog', 'common']);
  const language = normalizeLanguage(i18n.language);
  const search = useSearchState(parseGmLogFilters);
  const query = useQuery(gmLogQueryOptions(search.state));

  const columns: TableColumnsType<AuditEntry> = [
    { key: 'stamp', title: t('columns.stamp'), width: 170, render: (_, row) => formatStamp(row.stamp) },
    { key: 'operator', title: t('columns.operator'), dataIndex: 'accountName', width: 130 },
    { key: 'action', title: t('columns.action'), width: 180, render: (_, row) => <Typography.Text strong>{auditActionLabel(row.action, language)}</Typography.Text> },
    {
      key: 'code',
      title: t('columns.code'),
      width: 90,
      render: (_, row) =>
        row.code === null ? (
          '-'
        ) : (
          <Tooltip title={permissionLabel(row.code, language)}>
            <Tag>{row.code}</Tag>
          </Tooltip>
        ),
    },
    { key: 'targets', title: t('columns.targets'), width: 180, render: (_, row) => <Targets targets={row.targets} /> },
    // Wide enough to read (it was squeezed to a few letters); the table scrolls sideways instead.
    { key: 'log', title: t('columns.log'), dataIndex: 'log', width: 280, ellipsis: { showTitle: true } },
    { key: 'outcome', title: t('columns.outcome'), width: 110, render: (_, row) => <OutcomeTag outcome={row.outcome} /> },
    { key: 'ip', title: t('columns.ip'), dataIndex: 'ip', width: 130 },
  ];

  return (
    <PageContainer title={t('title')} description={t('description')}>
      <GmLogFilterForm filters={search.state} query={query} onSearch={search.update} onReset={() => search.reset()} />
      <Card>
        <ListTable query={query} columns={columns} paging={search} spinWhileFetching scroll={{ x: 1330 }} expandable={{ expandedRowRender: (row) => <EntryDetail entry={row} /> }} />
      </Card>
    </PageContainer>
  );
}

/** The first three targets, then how many more. */
function Targets({ targets }: { targets: string[] }) {
  if (targets.length === 0) return '-';
  return (
    // A Flex, not a Space: Space wraps each tag in a box as wide as the tag, so a long id ran over the next column.
    <Flex wrap gap={4}>
      {targets.slice(0, 3).map((target) => (
        <IdTag key={target} id={target} color="geekblue" />
      ))}
      {targets.length > 3 ? <Tag>+{targets.length - 3}</Tag> : null}
    </Flex>
  );
}

/** An entry opened: its error, parameters, and the object before and after. */
function EntryDetail({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('gmLog');
  return (
    <Row gutter={[16, 16]}>
      {entry.errorCode !== null ? (
        <Col span={24}>
          <Typography.Text type="danger">
            {t('detail.errorCode')}: {entry.errorCode} · {errorCodeMessage(entry.errorCode, {}, '')}
          </Typography.Text>
        </Col>
      ) : null}
      {(['params', 'before', 'after'] as const).map((part) => (
        <Col xs={24} lg={8} key={part}>
          <div className="gm-detail-label">{t(`detail.${part}`)}</div>
          <JsonView value={entry[part]} emptyText={t('detail.noValue')} />
        </Col>
      ))}
    </Row>
  );
}
