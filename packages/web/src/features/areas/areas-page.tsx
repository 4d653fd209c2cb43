import { useEffect, useState } from 'react';
import { Button, Card, Col, Dropdown, Flex, Form, Input, Row, Select, Space, Table, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  ClockCircleOutlined,
  DownOutlined,
  EditOutlined,
  EyeInvisibleOutlined,
  MergeCellsOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Area, AreaStatusAction } from '@gm/contract/areas.contract.ts';
import { REGION_HEATS, REGION_LOGIN_STATUSES, REGION_STATUSES, type RegionHeat, type RegionLoginStatus } from '@gm/contract/game-commands.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { confirmAction } from '../../shared/components/confirm-action.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Permission, useCan } from '../../shared/components/permission.tsx';
import { showInfo, showSuccess } from '../../shared/feedback.ts';
import { formatStamp, fromNow } from '../../shared/format.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { paths } from '../../shared/paths.ts';
import { AreaAutoCloseDialog } from './area-auto-close-dialog.tsx';
import { AreaEditDialog } from './area-edit-dialog.tsx';
import { AreaStatus, HeatTag, LoginStatusTag } from './area-fields.tsx';
import { parseAreaFilters } from './area-filters.ts';
import { AreaMergeDialog } from './area-merge-dialog.tsx';
import {
  areaGroupsQueryOptions,
  areasQueryOptions,
  useCancelAutoClose,
  useSetAreaHeat,
  useSetAreaLoginStatus,
  useSetAreaStatus,
} from './areas.queries.ts';

interface FilterForm {
  keyword?: string;
  status?: string[];
  loginStatus?: string[];
  heat?: string[];
  group?: string;
  merged?: 'include' | 'only';
}

const STATUS_ICONS = { open: <PlayCircleOutlined />, close: <PauseCircleOutlined />, hide: <EyeInvisibleOutlined /> };

/** /area/list: the game's server regions, with batch and single-region operations. */
export function AreasPage() {
  const { t } = useTranslation(['areas', 'common']);
  const navigate = useNavigate();
  const { state: filters, update, reset } = useSearchState(parseAreaFilters);
  const [form] = Form.useForm<FilterForm>();
  const query = useQuery(areasQueryOptions(filters));
  const groups = useQuery(areaGroupsQueryOptions());
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Area | null>(null);
  const [merging, setMerging] = useState<Area | null>(null);
  const [scheduling, setScheduling] = useState<Area | null>(null);

  const setStatus = useSetAreaStatus();
  const setLogin = useSetAreaLoginStatus();
  const setHeat = useSetAreaHeat();
  const cancelAutoClose = useCancelAutoClose();
  const can = {
    edit: useCan(P.AREA_EDIT),
    status: useCan(P.AREA_STATUS),
    login: useCan(P.AREA_LOGIN_CONTROL),
    merge: useCan(P.AREA_MERGE),
    autoClose: useCan(P.AREA_AUTO_CLOSE),
  };

  useEffect(() => {
    form.setFieldsValue({
      keyword: filters.keyword,
      status: filters.status,
      loginStatus: filters.loginStatus,
      heat: filters.heat,
      group: filters.group,
      merged: filters.merged,
    });
  }, [filters, form]);

  // A selection only makes sense on the rows it was made on.
  useEffect(() => setSelected([]), [filters]);

  const onSearch = (values: FilterForm) =>
    update({
      keyword: values.keyword?.trim(),
      status: values.status?.join(','),
      loginStatus: values.loginStatus?.join(','),
      heat: values.heat?.join(','),
      group: values.group,
      merged: values.merged,
    });

  const withSelection = (run: (ids: string[]) => void) => () => {
    if (selected.length === 0) {
      showInfo(t('batch.none'));
      return;
    }
    run(selected);
  };

  const idList = (ids: readonly string[]) => (ids.length > 8 ? `${ids.slice(0, 8).join(', ')} …` : ids.join(', '));

  const askStatus = (status: AreaStatusAction) =>
    withSelection((ids) =>
      confirmAction({
        title: t(`confirm.${status}`, { count: ids.length }),
        content: t(`confirm.${status}Content`, { ids: idList(ids) }),
        danger: status !== 'open',
        onOk: async () => {
          const result = await setStatus.mutateAsync({ ids, status });
          const count = result.regions.length;
          showSuccess(status === 'close' ? t('done.close', { count, kicked: String(result.kicked ?? 0) }) : t(`done.${status}`, { count }));
          setSelected([]);
        },
      }),
    );

  const askLogin = (loginStatus: RegionLoginStatus) =>
    withSelection((ids) =>
      confirmAction({
        title: t('confirm.login', { count: ids.length, value: t(`loginStatus.${loginStatus}`) }),
        content: idList(ids),
        danger: loginStatus === 'blocked',
        onOk: async () => {
          const result = await setLogin.mutateAsync({ ids, loginStatus });
          showSuccess(t('done.login', { count: result.regions.length }));
        },
      }),
    )();

  const askHeat = (heat: RegionHeat) =>
    withSelection((ids) =>
      confirmAction({
        title: t('confirm.heat', { count: ids.length, value: t(`heat.${heat}`) }),
        content: idList(ids),
        onOk: async () => {
          const result = await setHeat.mutateAsync({ ids, heat });
          showSuccess(t('done.heat', { count: result.regions.length }));
        },
      }),
    )();

  const askCancelAutoClose = (area: Area) =>
    confirmAction({
      title: t('confirm.cancelAutoClose', { id: area.id, at: formatStamp(area.autoCloseJob?.at ?? area.autoCloseAt) }),
      onOk: async () => {
        await cancelAutoClose.mutateAsync(area.id);
        showSuccess(t('done.autoCloseCancelled', { id: area.id }));
      },
    });

  const columns: TableColumnsType<Area> = [
      { key: 'id', title: t('columns.id'), dataIndex: 'id', width: 110, fixed: 'left' },
      { key: 'name', title: t('columns.name'), dataIndex: 'name', width: 160, ellipsis: true },
      { key: 'status', title: t('columns.status'), width: 130, render: (_, a) => <AreaStatus area={a} /> },
      { key: 'login', title: t('columns.loginStatus'), width: 120, render: (_, a) => <LoginStatusTag value={a.loginStatus} /> },
      { key: 'heat', title: t('columns.heat'), width: 100, render: (_, a) => <HeatTag value={a.heat} /> },
      { key: 'online', title: t('columns.online'), dataIndex: 'onlineNumber', width: 90, align: 'right', render: (n: number) => n.toLocaleString() },
      {
        key: 'queue',
        title: t('columns.queue'),
        width: 90,
        align: 'right',
        render: (_, a) => <Tooltip title={t('queueTip', { sequence: a.queueSequence.toLocaleString() })}>{a.queueSize.toLocaleString()}</Tooltip>,
      },
      {
        key: 'autoClose',
        title: t('columns.autoClose'),
        width: 180,
        render: (_, a) =>
          a.autoCloseJob ? (
            <Tooltip title={fromNow(a.autoCloseJob.at)}>
              <Space size={4}>
                <ClockCircleOutlined style={{ color: '#fa8c16' }} />
                <span>{formatStamp(a.autoCloseJob.at)}</span>
              </Space>
            </Tooltip>
          ) : (
            <Typography.Text type="secondary">-</Typography.Text>
          ),
      },
      { key: 'uiSort', title: t('columns.uiSort'), dataIndex: 'uiSort', width: 90, align: 'right' },
      { key: 'group', title: t('columns.group'), dataIndex: 'group', width: 120 },
      {
        key: 'actions',
        title: t('common:table.actions'),
        width: 230,
        fixed: 'right',
        render: (_, a) => {
          const merged = a.mergedInto !== null;
          return (
            <Space size={0} wrap>
              {can.edit ? (
                <Permission value={[P.AREA_EDIT]}>
                  <Button type="link" size="small" icon={<EditOutlined />} disabled={merged} onClick={() => setEditing(a)}>
                    {t('actions.edit')}
                  </Button>
                </Permission>
              ) : null}
              {can.merge ? (
                <Permission value={[P.AREA_MERGE]}>
                  <Button type="link" size="small" icon={<MergeCellsOutlined />} disabled={merged} onClick={() => setMerging(a)}>
                    {t('actions.merge')}
                  </Button>
                </Permission>
              ) : null}
              {can.autoClose ? (
                <Permission value={[P.AREA_AUTO_CLOSE]}>
                  {a.autoCloseJob ? (
                    <Button type="link" size="small" danger onClick={() => askCancelAutoClose(a)}>
                      {t('actions.cancelAutoClose')}
                    </Button>
                  ) : (
                    <Button type="link" size="small" icon={<ClockCircleOutlined />} disabled={merged || a.status === 'close'} onClick={() => setScheduling(a)}>
                      {t('actions.autoClose')}
                    </Button>
                  )}
                </Permission>
              ) : null}
            </Space>
          );
        },
      },
  ];

  const anyBatch = can.status || can.login || can.edit;

  return (
    <PageContainer
      title={t('title')}
      description={t('description')}
      extra={
        can.edit ? (
          <Permission value={[P.AREA_EDIT]}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(paths.areaAdd)}>
              {t('actions.add')}
            </Button>
          </Permission>
        ) : null
      }
    >
      <Card>
        <Form form={form} layout="vertical" onFinish={onSearch}>
          <Row gutter={16}>
            <Col xs={24} sm={12} lg={8} xl={6}>
              <Form.Item name="keyword" label={t('filters.keyword')}>
                <Input allowClear placeholder={t('filters.keywordPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8} xl={6}>
              <Form.Item name="status" label={t('filters.status')}>
                <Select mode="multiple" allowClear options={REGION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} placeholder={t('common:words.all')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8} xl={6}>
              <Form.Item name="loginStatus" label={t('filters.loginStatus')}>
                <Select mode="multiple" allowClear options={REGION_LOGIN_STATUSES.map((s) => ({ value: s, label: t(`loginStatus.${s}`) }))} placeholder={t('common:words.all')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8} xl={6}>
              <Form.Item name="heat" label={t('filters.heat')}>
                <Select mode="multiple" allowClear options={REGION_HEATS.map((s) => ({ value: s, label: t(`heat.${s}`) }))} placeholder={t('common:words.all')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8} xl={6}>
              <Form.Item name="group" label={t('filters.group')}>
                <Select allowClear options={(groups.data ?? []).map((g) => ({ value: g.group, label: `${g.group} (${g.regions})` }))} placeholder={t('common:words.all')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8} xl={6}>
              <Form.Item name="merged" label={t('filters.merged')}>
                <Select
                  allowClear
                  placeholder={t('filters.mergedHide')}
                  options={[
                    { value: 'include', label: t('filters.mergedInclude') },
                    { value: 'only', label: t('filters.mergedOnly') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} xl={12}>
              <Form.Item label={<span aria-hidden>&nbsp;</span>} colon={false} className="gm-filter-actions">
                <Space wrap>
                  <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                    {t('common:buttons.search')}
                  </Button>
                  <Button icon={<UndoOutlined />} onClick={() => reset()}>
                    {t('common:buttons.reset')}
                  </Button>
                  <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
                    {t('common:buttons.refresh')}
                  </Button>
                </Space>
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>
      <Card>
        {anyBatch ? (
          <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }} data-testid="area-batch-bar">
            <Typography.Text type="secondary" style={{ marginRight: 8 }}>
              {t('batch.selected', { count: selected.length })}
            </Typography.Text>
            {can.status
              ? (['open', 'close', 'hide'] as const).map((status) => (
                  <Permission key={status} value={[P.AREA_STATUS]}>
                    <Button icon={STATUS_ICONS[status]} danger={status === 'close'} onClick={askStatus(status)}>
                      {t(`batch.${status}`)}
                    </Button>
                  </Permission>
                ))
              : null}
            {can.login ? (
              <Permission value={[P.AREA_LOGIN_CONTROL]}>
                <Dropdown menu={{ items: REGION_LOGIN_STATUSES.map((s) => ({ key: s, label: t(`loginStatus.${s}`) })), onClick: ({ key }) => askLogin(key as RegionLoginStatus) }}>
                  <Button>
                    {t('batch.login')} <DownOutlined />
                  </Button>
                </Dropdown>
              </Permission>
            ) : null}
            {can.edit ? (
              <Permission value={[P.AREA_EDIT]}>
                <Dropdown menu={{ items: REGION_HEATS.map((s) => ({ key: s, label: t(`heat.${s}`) })), onClick: ({ key }) => askHeat(key as RegionHeat) }}>
                  <Button>
                    {t('batch.heat')} <DownOutlined />
                  </Button>
                </Dropdown>
              </Permission>
            ) : null}
          </Flex>
        ) : null}
        <Table<Area>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.results ?? []}
          loading={query.isFetching && !query.data}
          scroll={{ x: 1450 }}
          rowSelection={anyBatch ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), getCheckboxProps: (a) => ({ disabled: a.mergedInto !== null }) } : undefined}
          pagination={{
            current: filters.page,
            pageSize: filters.size,
            total: query.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t('common:table.total', { total }),
            onChange: (page, size) => update({ page: size !== filters.size ? 1 : page, size }, { resetPage: false }),
          }}
        />
      </Card>
      <AreaEditDialog area={editing} onClose={() => setEditing(null)} />
      <AreaMergeDialog area={merging} onClose={() => setMerging(null)} />
      <AreaAutoCloseDialog area={scheduling} onClose={() => setScheduling(null)} />
    </PageContainer>
  );
}
