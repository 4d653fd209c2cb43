import { useEffect } from 'react';
import { Card, Form, Input, Select, Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FUNCTION_LOCK_REASON_MAX, FUNCTION_LOCK_SCOPES, GAME_FUNCTIONS, type FunctionLockConfig, type GameFunction } from '@gm/contract/game-config.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { useCan } from '../../shared/components/permission.tsx';
import { GameConfigPage, useGameConfigEditor, useRegionChoices } from './game-config-parts.tsx';

interface Row {
  function: GameFunction;
  locked: boolean;
  scope: 'all' | 'regions';
  areaIds: string[];
  reasonEn: string;
  reasonZh: string;
}

/** Every function of the catalogue as a row; the document lists only the locked ones. */
export function rowsOf(value: FunctionLockConfig | null): Row[] {
  const locks = new Map((value?.locks ?? []).map((l) => [l.function, l]));
  return GAME_FUNCTIONS.map((f) => {
    const l = locks.get(f);
    return l ? { ...l, locked: true } : { function: f, locked: false, scope: 'all', areaIds: [], reasonEn: '', reasonZh: '' };
  });
}

export function documentOf(rows: readonly Row[]): FunctionLockConfig {
  return {
    locks: rows
      .filter((r) => r.locked)
      .map((r) => ({ function: r.function, scope: r.scope, areaIds: r.scope === 'regions' ? r.areaIds : [], reasonEn: r.reasonEn ?? '', reasonZh: r.reasonZh ?? '' })),
  };
}

/** /set/index: switch game functions off for everyone or for regions, with the reason players see. */
export function FunctionLockPage() {
  const { t } = useTranslation('gameConfig');
  const editor = useGameConfigEditor('functionLock');
  const [form] = Form.useForm<{ rows: Row[] }>();
  const regions = useRegionChoices();
  const canEdit = useCan(P.INFO_CONFIG_EDIT);
  const saved = editor.state.data?.saved?.value as FunctionLockConfig | undefined;
  const version = editor.state.data?.saved?.version;
  useEffect(() => {
    form.setFieldsValue({ rows: rowsOf(saved ?? null) });
  }, [form, saved, version]);
  // The watched rows hold the registered fields only: the function is the row's place in the catalogue.
  const watched = (Form.useWatch('rows', form) as Partial<Row>[] | undefined) ?? rowsOf(saved ?? null);
  const rows: Row[] = GAME_FUNCTIONS.map((f, i) => ({ ...rowsOf(null)[i], ...watched[i], function: f }) as Row);
  const lockedCount = rows.filter((r) => r?.locked).length;

  const save = async () => {
    const stored = (form.getFieldValue('rows') as Partial<Row>[] | undefined) ?? [];
    const all: Row[] = GAME_FUNCTIONS.map((f, i) => ({ ...rowsOf(null)[i], ...stored[i], function: f }) as Row);
    const doc = documentOf(all);
    // The server's `locks.<i>` is the i-th locked function: put its problems on that function's row.
    const rowIndex = (i: number) => all.findIndex((r) => r.function === doc.locks[i]?.function);
    await editor.save(doc, form, (path) => (path[0] === 'locks' && typeof path[1] === 'number' ? ['rows', rowIndex(path[1]), ...path.slice(2)] : path));
  };

  return (
    <GameConfigPage configKey="functionLock" editor={editor} onSave={() => void save()}>
      <Card title={t('titles.functionLock')} extra={<Typography.Text type="secondary">{t('functionLock.lockedCount', { count: lockedCount, total: GAME_FUNCTIONS.length })}</Typography.Text>}>
        <Form form={form} component={false} disabled={!canEdit}>
          <Table<Row>
            rowKey="function"
            size="small"
            pagination={false}
            dataSource={rows}
            scroll={{ x: 1000 }}
            columns={[
              { title: t('functionLock.function'), dataIndex: 'function', width: 140, render: (f: GameFunction) => <Typography.Text strong>{t(`functionLock.functions.${f}`)}</Typography.Text> },
              {
                title: t('functionLock.locked'),
                width: 90,
                render: (_: unknown, __: Row, i: number) => (
                  <Form.Item name={['rows', i, 'locked']} valuePropName="checked" noStyle>
                    <Switch aria-label={`${t('functionLock.locked')} ${t(`functionLock.functions.${GAME_FUNCTIONS[i] ?? 'gacha'}`)}`} data-testid={`lock-${GAME_FUNCTIONS[i]}`} />
                  </Form.Item>
                ),
              },
              {
                title: t('functionLock.scope'),
                width: 150,
                render: (_: unknown, r: Row, i: number) => (
                  <Form.Item name={['rows', i, 'scope']} noStyle>
                    <Select disabled={!r.locked || !canEdit} style={{ width: '100%' }} options={FUNCTION_LOCK_SCOPES.map((s) => ({ value: s, label: t(`functionLock.scopes.${s}`) }))} />
                  </Form.Item>
                ),
              },
              {
                title: t('functionLock.regions'),
                width: 220,
                render: (_: unknown, r: Row, i: number) => (
                  <Form.Item name={['rows', i, 'areaIds']} style={{ margin: 0 }}>
                    <Select mode="multiple" maxTagCount="responsive" disabled={!r.locked || r.scope !== 'regions' || !canEdit} placeholder={t('functionLock.chooseRegions')} options={regions} style={{ width: '100%' }} />
                  </Form.Item>
                ),
              },
              {
                title: t('functionLock.reasonEn'),
                render: (_: unknown, r: Row, i: number) => (
                  <Form.Item name={['rows', i, 'reasonEn']} style={{ margin: 0 }}>
                    <Input disabled={!r.locked || !canEdit} maxLength={FUNCTION_LOCK_REASON_MAX} aria-label={t('functionLock.reasonEn')} />
                  </Form.Item>
                ),
              },
              {
                title: t('functionLock.reasonZh'),
                render: (_: unknown, r: Row, i: number) => (
                  <Form.Item name={['rows', i, 'reasonZh']} style={{ margin: 0 }}>
                    <Input disabled={!r.locked || !canEdit} maxLength={FUNCTION_LOCK_REASON_MAX} aria-label={t('functionLock.reasonZh')} />
                  </Form.Item>
                ),
              },
            ]}
          />
        </Form>
      </Card>
    </GameConfigPage>
  );
}
