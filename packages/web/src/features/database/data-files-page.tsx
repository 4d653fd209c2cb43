import { useState } from 'react';
import { Alert, Button, Card, Flex, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConfigUploadResult, ConfigVersion } from '@gm/contract/config-tables.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { ADMIN_API, isApiError } from '../../shared/api-client.ts';
import { confirmAction } from '../../shared/components/confirm-action.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Allowed } from '../../shared/components/permission.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { downloadFile } from '../../shared/download.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { paths } from '../../shared/paths.ts';
import { readTableChoice } from './database-filters.ts';
import { DiffView, useDiffSummary, TableSelect, useColumnLabel, useTableLabel } from './database-parts.tsx';
import { diffQueryOptions, usePublishVersion, useUploadVersion, versionsQueryOptions } from './database.queries.ts';
import { useFittingColumns } from '../../shared/hooks/use-fitting-columns.ts';

interface Problem {
  id: string;
  /** null: the whole file; 0: the header. */
  row: number | null;
  column: string | null;
  message: string;
}

/** The API's detail paths: `file`, `columns.<column>`, `rows.<row>[.<column>]`. */
export function problemOf(detail: { path: string; message: string }, index: number): Problem {
  const [head, second, ...rest] = detail.path.split('.');
  if (head === 'columns') return { id: String(index), row: 0, column: second ?? null, message: detail.message };
  if (head === 'rows') return { id: String(index), row: Number(second), column: rest.length > 0 ? rest.join('.') : null, message: detail.message };
  return { id: String(index), row: null, column: null, message: detail.message };
}

type Outcome = { kind: 'stored'; result: ConfigUploadResult } | { kind: 'refused'; message: string; problems: Problem[] };

/** /generate/data-json: upload a version (JSON or xlsx), see its problems or its diff, publish or roll back. */
export function DataFilesPage() {
  const { t } = useTranslation(['database', 'common']);
  const search = useSearchState(readTableChoice);
  const queryClient = useQueryClient();
  const { table } = search.state;
  const versions = useQuery(versionsQueryOptions(table));
  const upload = useUploadVersion();
  const publish = usePublishVersion();
  const label = useTableLabel();
  const summarize = useDiffSummary();
  const columnLabel = useColumnLabel();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [comparing, setComparing] = useState<number | null>(null);
  const compared = useQuery(diffQueryOptions(table, comparing));

  const send = async (file: File) => {
    setOutcome(null);
    try {
      const result = await upload.mutateAsync({ table, file });
      setOutcome({ kind: 'stored', result });
    } catch (error) {
      if (isApiError(error) && error.code === 10001) {
        const problems = error.details.map(problemOf);
        // A single problem of the whole file is the message itself: listed once, not twice.
        const onlyTheMessage = problems.length === 1 && problems[0]?.row === null && problems[0].column === null && problems[0].message === error.message;
        setOutcome({ kind: 'refused', message: error.message, problems: onlyTheMessage ? [] : problems });
      }
    }
  };

  const confirmPublish = (v: ConfigVersion, rollback: boolean, summary: string) =>
    confirmAction({
      title: t(rollback ? 'publish.rollbackTitle' : 'publish.title', { table: label(table), version: v.version }),
      content: t('publish.content', { version: v.version, summary }),
      danger: rollback,
      okText: t(rollback ? 'actions.rollback' : 'actions.publish'),
      onOk: async () => {
        await publish.mutateAsync({ table, version: v.version });
        showSuccess(t('publish.done', { version: v.version }));
        setOutcome(null);
      },
    });

  const problemColumns: TableColumnsType<Problem> = [
    { key: 'row', title: t('fields.row'), width: 110, render: (_, p) => (p.row === null ? t('upload.file') : p.row === 0 ? t('upload.header') : p.row) },
    { key: 'column', title: t('fields.column'), width: 200, render: (_, p) => (p.column ? `${columnLabel(table, p.column)} (${p.column})` : '—') },
    { key: 'message', title: t('fields.problem'), dataIndex: 'message' },
  ];

  const publishedVersion = versions.data?.publishedVersion ?? null;
  // The confirmation names what publishing changes: the diff is asked for first.
  const askPublish = async (v: ConfigVersion) => {
    const diff = await queryClient.fetchQuery(diffQueryOptions(table, v.version));
    confirmPublish(v, publishedVersion !== null && v.version < publishedVersion, summarize(diff));
  };

  const columns: TableColumnsType<ConfigVersion> = [
      { key: 'version', title: t('fields.version'), width: 90, render: (_, v) => <Typography.Text strong>v{v.version}</Typography.Text> },
      { key: 'rows', title: t('fields.rowCount'), width: 90, align: 'right', render: (_, v) => v.rowCount.toLocaleString() },
      { key: 'file', title: t('fields.fileName'), dataIndex: 'fileName', ellipsis: true },
      { key: 'by', title: t('fields.uploadedBy'), dataIndex: 'uploadedBy', width: 120 },
      { key: 'at', title: t('fields.uploadedAt'), width: 170, render: (_, v) => <Stamp value={v.uploadedAt} /> },
      {
        key: 'state',
        title: t('fields.state'),
        width: 130,
        render: (_, v) => (v.live ? <Tag color="green">{t('state.live')}</Tag> : v.publishedAt === null ? <Tag>{t('state.never')}</Tag> : <Tag color="default">{t('state.earlier')}</Tag>),
      },
      {
        key: 'actions',
        title: t('common:table.actions'),
        width: 260,
        fixed: 'right',
        render: (_, v) => (
          <Space size={4}>
            <Button type="link" size="small" disabled={v.live} onClick={() => setComparing(v.version)}>
              {t('actions.diff')}
            </Button>
            {/* The version as a file to edit and upload as the next one. */}
            <Button
              type="link"
              size="small"
              onClick={() => void downloadFile(`${ADMIN_API}/config-tables/${table}/versions/${v.version}/file`, { fallbackName: `${table}_v${v.version}.json` }).catch(() => undefined)}
            >
              {t('actions.download')}
            </Button>
            <Allowed code={P.DB_EDIT}>
              {v.live ? null : (
                <Button
                  type="link"
                  size="small"
                  danger={publishedVersion !== null && v.version < publishedVersion}
                  onClick={() => {
                    void askPublish(v);
                  }}
                >
                  {publishedVersion !== null && v.version < publishedVersion ? t('actions.rollback') : t('actions.publish')}
                </Button>
              )}
            </Allowed>
          </Space>
        ),
      },
  ];
  const fittingColumns = useFittingColumns(columns);

  return (
    <PageContainer title={t('titles.dataFiles')} description={t('descriptions.dataFiles')}>
      <Card>
        <Flex gap={16} align="center" wrap>
          <Typography.Text>{t('fields.table')}</Typography.Text>
          <TableSelect
            value={table}
            onChange={(v) => {
              setOutcome(null);
              search.update({ table: v });
            }}
          />
          <Allowed code={P.DB_EDIT}>
            <Upload
              accept=".json,.xlsx,application/json"
              showUploadList={false}
              maxCount={1}
              beforeUpload={(file) => {
                void send(file);
                return false;
              }}
            >
              <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>
                {t('actions.upload')}
              </Button>
            </Upload>
          </Allowed>
          {/* Only for who may open that page: the link would lead to /404. */}
          <Allowed code={P.DB_DOWNLOAD_TASKS}>
            <Link to={paths.dbDownloadTasks}>{t('actions.downloadTasks')}</Link>
          </Allowed>
        </Flex>
        <Allowed code={P.DB_EDIT}>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('upload.hint')}
          </Typography.Paragraph>
        </Allowed>
      </Card>

      {outcome?.kind === 'refused' ? (
        <Card title={<Typography.Text type="danger">{t('upload.refused')}</Typography.Text>} data-testid="upload-problems">
          <Alert type="error" showIcon title={outcome.message} style={{ marginBottom: outcome.problems.length > 0 ? 12 : 0 }} />
          {outcome.problems.length > 0 ? (
            <Table<Problem> rowKey="id" size="small" columns={problemColumns} dataSource={outcome.problems} pagination={outcome.problems.length > 50 ? { pageSize: 50, showSizeChanger: false } : false} />
          ) : null}
        </Card>
      ) : null}
      {outcome?.kind === 'stored' ? (
        <Card data-testid="upload-diff">
          <Alert type="success" showIcon title={t('upload.stored', { version: outcome.result.version.version, count: outcome.result.version.rowCount })} style={{ marginBottom: 12 }} />
          <DiffView table={table} diff={outcome.result.diff} />
        </Card>
      ) : null}

      <Card title={`${label(table)} (${table})`} data-testid="versions">
        <Table<ConfigVersion>
          rowKey="version"
          size="middle"
          columns={fittingColumns}
          dataSource={versions.data?.results ?? []}
          loading={versions.isFetching && !versions.data}
          pagination={(versions.data?.results.length ?? 0) > 20 ? { pageSize: 20 } : false}
          scroll={{ x: 1000 }}
          locale={{ emptyText: t('table.noVersions') }}
        />
      </Card>

      <Modal open={comparing !== null} title={t('diff.title', { version: comparing ?? 0 })} footer={null} width={900} onCancel={() => setComparing(null)} destroyOnHidden>
        {compared.data ? <DiffView table={table} diff={compared.data} /> : null}
      </Modal>
    </PageContainer>
  );
}
