import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Form, Input, InputNumber, Modal, Progress, Row, Select, Space, Steps, Typography } from 'antd';
import { AimOutlined, LogoutOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { P } from '@gm/contract/permissions.ts';
import { EXPLORE_BOUNDS, EXPLORE_KICK_DELAY_SECONDS, enteredRoleId, mapPositionValue, type MapPositionValue } from '@gm/contract/players.contract.ts';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { confirmAction } from '../../shared/components/confirm-action.tsx';
import { showFormError } from '../../shared/form-errors.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { formatStamp } from '../../shared/format.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { useCountdown } from '../../shared/hooks/use-countdown.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { useCan } from '../../shared/user-context.tsx';
import { readExploreFilters, type ExploreLookupValues } from './explore-filters.ts';
import { positionsQueryOptions, useExploreKick, useSetPosition } from './explore.queries.ts';

const SIZE = 420;
const GRID = 500;

const text = (p: { x: number; y: number; z: number } | null) => (p ? `${p.x}, ${p.y}, ${p.z}` : '-');

/** The known map: a grid in world units, the current position and the picked one; click to pick. */
function MapView({ current, target, onPick, label }: { current: MapPositionValue | null; target: MapPositionValue | null; onPick: (x: number, y: number) => void; label: string }) {
  const far = Math.max(2_500, ...[current, target].flatMap((p) => (p ? [Math.abs(p.x), Math.abs(p.y)] : [])));
  const extent = Math.min(EXPLORE_BOUNDS.max, Math.ceil(far / GRID) * GRID + GRID);
  const sx = (x: number) => ((x + extent) / (2 * extent)) * SIZE;
  const sy = (y: number) => ((extent - y) / (2 * extent)) * SIZE;
  const lines = [];
  for (let v = -extent; v <= extent; v += GRID) {
    const strong = v === 0;
    lines.push(<line key={`v${v}`} x1={sx(v)} y1={0} x2={sx(v)} y2={SIZE} stroke={strong ? '#8c8c8c' : '#e5e7eb'} strokeWidth={strong ? 1.2 : 1} />);
    lines.push(<line key={`h${v}`} x1={0} y1={sy(v)} x2={SIZE} y2={sy(v)} stroke={strong ? '#8c8c8c' : '#e5e7eb'} strokeWidth={strong ? 1.2 : 1} />);
  }
  return (
    <svg
      role="img"
      aria-label={label}
      width={SIZE}
      height={SIZE}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      style={{ maxWidth: '100%', background: '#f8fafc', border: '1px solid #d9d9d9', borderRadius: 8, cursor: 'crosshair' }}
      onClick={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        const x = ((e.clientX - box.left) / box.width) * 2 * extent - extent;
        const y = extent - ((e.clientY - box.top) / box.height) * 2 * extent;
        onPick(Math.round(x), Math.round(y));
      }}
    >
      {lines}
      <text x={4} y={12} fontSize={10} fill="#8c8c8c">{`${-extent}, ${extent}`}</text>
      <text x={SIZE - 4} y={SIZE - 4} fontSize={10} fill="#8c8c8c" textAnchor="end">{`${extent}, ${-extent}`}</text>
      {current ? (
        <g data-testid="current-marker">
          <circle cx={sx(current.x)} cy={sy(current.y)} r={7} fill="#1677ff" stroke="#fff" strokeWidth={2} />
        </g>
      ) : null}
      {target ? (
        <g data-testid="target-marker">
          {current ? <line x1={sx(current.x)} y1={sy(current.y)} x2={sx(target.x)} y2={sy(target.y)} stroke="#ff4d4f" strokeDasharray="4 3" /> : null}
          <circle cx={sx(target.x)} cy={sy(target.y)} r={7} fill="#ff4d4f" stroke="#fff" strokeWidth={2} />
        </g>
      ) : null}
    </svg>
  );
}

/**
 * /explore/pos_setting (spec section 4): show the known map, kick the player, then submit the
 * edit. The kick takes effect after a delay, so a countdown dialog closes itself before the
 * edit can be sent.
 */
export function ExplorePosPage() {
  const { t } = useTranslation(['explore', 'common']);
  const { state, update } = useSearchState(readExploreFilters);
  const [lookup] = Form.useForm<ExploreLookupValues>();
  const [form] = Form.useForm<MapPositionValue>();
  const canEdit = useCan(P.EXPLORE_POS_EDIT);
  const positions = useQuery({ ...positionsQueryOptions(state.roleId ?? ''), enabled: state.roleId !== undefined });
  const kick = useExploreKick();
  const save = useSetPosition();
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const left = useCountdown(waitUntil);
  const data = positions.data;
  const unlocked = useMemo(() => (data?.maps ?? []).filter((m) => m.unlocked), [data]);
  const mapId = state.mapId && unlocked.some((m) => m.mapId === state.mapId) ? state.mapId : unlocked[0]?.mapId;
  const map = data?.maps.find((m) => m.mapId === mapId);
  const target = Form.useWatch([], form) as Partial<MapPositionValue> | undefined;
  const picked = target && typeof target.x === 'number' && typeof target.y === 'number' ? { x: target.x, y: target.y, z: typeof target.z === 'number' ? target.z : 0 } : null;

  useEffect(() => {
    lookup.setFieldsValue({ roleId: state.roleId });
  }, [state.roleId, lookup]);

  useEffect(() => {
    form.setFieldsValue(map?.position ?? { x: 0, y: 0, z: 0 });
  }, [map, form]);

  // The countdown closes its own dialog, then the page reads the map again as the game saved it.
  useEffect(() => {
    if (waitUntil !== null && left === 0) {
      setWaitUntil(null);
      void positions.refetch();
    }
  }, [left, waitUntil, positions]);

  const step = !data ? 0 : data.isOnline ? 1 : 2;

  const doKick = () =>
    confirmAction({
      title: t('kick'),
      content: t('kickConfirm', { name: data?.roleName ?? '' }),
      danger: true,
      onOk: async () => {
        if (!data) return;
        const result = await kick.mutateAsync(data.roleId);
        setWaitUntil(Date.now() + (result?.delaySeconds ?? EXPLORE_KICK_DELAY_SECONDS) * 1000);
      },
    });

  const onSubmit = (values: MapPositionValue) => {
    if (!data || !mapId) return;
    save.mutate(
      { roleId: data.roleId, mapId, position: { x: values.x, y: values.y, z: values.z } },
      {
        onSuccess: (result) => showSuccess(t('saved', { mapId, before: text(result?.before ?? null), after: text(result?.after ?? null) })),
        onError: (error) => showFormError(form, error, ['x', 'y', 'z']),
      },
    );
  };

  return (
    <PageContainer title={t('title')} description={t('description')}>
      <Card>
        <Form form={lookup} layout="inline" onFinish={(v) => update({ roleId: v.roleId?.trim() || undefined, mapId: undefined })}>
          <Form.Item name="roleId" label={t('roleId')} rules={[zodRule(enteredRoleId)]}>
            <Input allowClear style={{ width: 220 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('load')}
          </Button>
        </Form>
      </Card>
      {state.roleId !== undefined && data ? (
        <Card>
          <Steps
            current={step}
            style={{ marginBottom: 24 }}
            items={[{ title: t('steps.show') }, { title: t('steps.kick') }, { title: t('steps.submit') }]}
          />
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('player', { name: data.roleName, areaId: data.areaId })}
          </Typography.Title>
          <Alert
            type={data.isOnline ? 'warning' : 'success'}
            showIcon
            style={{ marginBottom: 16 }}
            title={data.isOnline ? t('online') : t('offline', { time: formatStamp(data.offlineAt) })}
            action={
              data.isOnline && canEdit ? (
                <Button danger icon={<LogoutOutlined />} onClick={doKick} loading={kick.isPending}>
                  {t('kick')}
                </Button>
              ) : undefined
            }
          />
          {unlocked.length === 0 ? (
            <Empty description={t('noMaps')} />
          ) : (
            <Row gutter={24}>
              <Col xs={24} lg={12}>
                <MapView current={map?.position ?? null} target={picked} label={`${t('map')} ${mapId ?? ''}`} onPick={(x, y) => form.setFieldsValue({ x, y })} />
                <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                  <AimOutlined /> {t('clickHint')}
                </Typography.Paragraph>
              </Col>
              <Col xs={24} lg={12}>
                <Form.Item label={t('map')} layout="vertical">
                  <Select
                    value={mapId}
                    onChange={(v: string) => update({ mapId: v }, { resetPage: false })}
                    options={data.maps.map((m) => ({ value: m.mapId, label: m.unlocked ? m.mapId : `${m.mapId} (${t('locked')})`, disabled: !m.unlocked }))}
                    aria-label={t('map')}
                  />
                </Form.Item>
                <Typography.Paragraph>
                  <Typography.Text type="secondary">{t('current')}: </Typography.Text>
                  <Typography.Text strong data-testid="current-position">
                    {map?.position ? text(map.position) : t('none')}
                  </Typography.Text>
                </Typography.Paragraph>
                <Form form={form} layout="vertical" onFinish={onSubmit} disabled={!canEdit}>
                  <Typography.Text type="secondary">{t('target')}</Typography.Text>
                  <Flex gap={8} style={{ marginTop: 8 }}>
                    <Form.Item name="x" label={t('x')} required rules={[zodRule(mapPositionValue.shape.x)]}>
                      <InputNumber style={{ width: '100%' }} />
                    </Form.Item>
                    <Form.Item name="y" label={t('y')} required rules={[zodRule(mapPositionValue.shape.y)]}>
                      <InputNumber style={{ width: '100%' }} />
                    </Form.Item>
                    <Form.Item name="z" label={t('z')} required rules={[zodRule(mapPositionValue.shape.z)]}>
                      <InputNumber style={{ width: '100%' }} />
                    </Form.Item>
                  </Flex>
                  <Space>
                    <Button type="primary" htmlType="submit" disabled={!canEdit || data.isOnline || waitUntil !== null} loading={save.isPending}>
                      {t('submit')}
                    </Button>
                  </Space>
                </Form>
              </Col>
            </Row>
          )}
        </Card>
      ) : null}
      <Modal open={waitUntil !== null} title={t('waiting')} footer={null} closable={false} maskClosable={false}>
        <Typography.Paragraph>{t('waitingText', { seconds: left })}</Typography.Paragraph>
        <Progress percent={Math.round(((EXPLORE_KICK_DELAY_SECONDS - left) / EXPLORE_KICK_DELAY_SECONDS) * 100)} showInfo={false} />
      </Modal>
    </PageContainer>
  );
}
