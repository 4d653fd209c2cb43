import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Drawer, Flex, InputNumber, Select, Space, Table, Tag, type FormInstance } from 'antd';
import { HistoryOutlined, SaveOutlined, SyncOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GAME_CONFIG_SCHEMAS, type GameConfigKey, type GameConfigReward, type GameConfigVersion } from '@gm/contract/game-config.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { isApiError } from '../../shared/api-client.ts';
import { confirmAction } from '../../shared/components/confirm-action.tsx';
import { JsonView } from '../../shared/components/json-view.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Allowed } from '../../shared/components/permission.tsx';
import { showError, showSuccess } from '../../shared/feedback.ts';
import { formatStamp } from '../../shared/format.ts';
import { itemName } from '../../shared/catalogue-labels.ts';
import { normalizeLanguage } from '../../shared/language.ts';
import { gameConfigQueryOptions, useGameConfigHistory, useGameConfigOptions, useSaveGameConfig } from './game-config.queries.ts';
import { regionLabel } from '../../shared/region-options.queries.ts';

/** `value.locks.0.reasonEn` (a server detail) as the form's name path `['locks', 0, 'reasonEn']`. */
export function detailPath(path: string): (string | number)[] {
  return path
    .replace(/^value\.?/, '')
    .split('.')
    .filter((p) => p !== '')
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** The screen's document: what is saved and live, and saving (push) with field problems put on the form. */
export function useGameConfigEditor(key: GameConfigKey) {
  const { t } = useTranslation('gameConfig');
  const state = useQuery(gameConfigQueryOptions(key));
  const save = useSaveGameConfig(key);
  let lastDetails: { path: string; message: string }[] | null = null;
  const push = async (value: unknown, form?: FormInstance, mapPath: (path: (string | number)[]) => (string | number)[] = (p) => p) => {
    lastDetails = null;
    // Problems of the last try go; the server names what is still wrong.
    if (form) form.setFields(form.getFieldsError().filter((f) => f.errors.length > 0).map((f) => ({ name: f.name, errors: [] })));
    try {
      const result = await save.mutateAsync({ value, baseVersion: state.data?.saved?.version ?? null });
      const version = result.saved?.version ?? 0;
      showSuccess(result.created ? t('feedback.saved', { version }) : t('feedback.pushed', { version }));
      return result;
    } catch (error) {
      if (isApiError(error) && error.details.length > 0) {
        lastDetails = error.details;
        if (form) form.setFields(error.details.map((d) => ({ name: mapPath(detailPath(d.path)), errors: [d.message] })));
        showError([...new Set(error.details.map((d) => d.message))].join(' '));
      }
      return undefined;
    }
  };
  type Pushed = Awaited<ReturnType<typeof push>>;
  // What players see changes as soon as the game applies it: asked first (spec section 8). A
  // document the contract refuses goes straight to the server, which names each problem on the
  // form and changes nothing; a restore from the history has asked already.
  const ask = (...args: Parameters<typeof push>) =>
    !GAME_CONFIG_SCHEMAS[key].safeParse(args[0]).success
      ? push(...args)
      : new Promise<Pushed>((resolve) => {
          confirmAction({
            title: t('confirm.push'),
            content: t('confirm.pushContent'),
            okText: t('confirm.pushOk'),
            onOk: async () => resolve(await push(...args)),
            onCancel: () => resolve(undefined),
          });
        });
  return { state, save: ask, push, saving: save.isPending, lastError: () => lastDetails };
}

type Editor = ReturnType<typeof useGameConfigEditor>;

/** The page: heading with History / Push again / Save, what is saved and live, then the editor. */
export function GameConfigPage({ configKey, editor, onSave, children }: { configKey: GameConfigKey; editor: Editor; onSave: () => void; children: ReactNode }) {
  const { t } = useTranslation('gameConfig');
  const [historyOpen, setHistoryOpen] = useState(false);
  const data = editor.state.data;
  const saved = data?.saved ?? null;
  const titleKey = configKey;
  return (
    <PageContainer
      title={t(`titles.${titleKey}`)}
      description={t(`descriptions.${titleKey}`)}
      extra={
        <>
          <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
            {t('actions.history')}
          </Button>
          {saved && data && !data.inSync ? (
            <Allowed code={P.INFO_CONFIG_EDIT}>
              <Button icon={<SyncOutlined />} loading={editor.saving} onClick={() => void editor.save(saved.value)}>
                {t('actions.pushAgain')}
              </Button>
            </Allowed>
          ) : null}
          <Allowed code={P.INFO_CONFIG_EDIT}>
            <Button type="primary" icon={<SaveOutlined />} loading={editor.saving} onClick={onSave} data-testid="game-config-save">
              {t('actions.save')}
            </Button>
          </Allowed>
        </>
      }
    >
      <Flex vertical gap={16}>
        <ConfigStatus editor={editor} />
        {children}
      </Flex>
      <HistoryDrawer configKey={configKey} open={historyOpen} onClose={() => setHistoryOpen(false)} onRestore={(v) => { setHistoryOpen(false); void editor.push(v); }} />
    </PageContainer>
  );
}

function ConfigStatus({ editor }: { editor: Editor }) {
  const { t } = useTranslation('gameConfig');
  const data = editor.state.data;
  if (!data) return null;
  const { saved, live } = data;
  return (
    <Card size="small" data-testid="game-config-status">
      <Flex vertical gap={8}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('status.saved')}>
            {saved ? t('status.savedValue', { version: saved.version, by: saved.updatedBy, at: formatStamp(saved.updatedAt) }) : t('status.neverSaved')}
          </Descriptions.Item>
          <Descriptions.Item label={t('status.live')}>
            {live ? t('status.liveValue', { version: live.version, at: formatStamp(live.appliedAt) }) : t('status.nothingLive')}
          </Descriptions.Item>
          <Descriptions.Item label="">
            {saved ? <Tag color={data.inSync ? 'green' : 'orange'}>{data.inSync ? t('status.inSync') : t('status.notInSync')}</Tag> : null}
          </Descriptions.Item>
        </Descriptions>
        {data.gameUnavailable ? <Alert type="warning" showIcon title={t('status.gameUnavailable')} /> : null}
        {!data.gameUnavailable && saved && !data.inSync ? <Alert type="warning" showIcon title={t('status.notPushed', { version: saved.version })} /> : null}
      </Flex>
    </Card>
  );
}

function HistoryDrawer({ configKey, open, onClose, onRestore }: { configKey: GameConfigKey; open: boolean; onClose: () => void; onRestore: (value: unknown) => void }) {
  const { t } = useTranslation('gameConfig');
  const history = useGameConfigHistory(configKey, open);
  return (
    <Drawer open={open} onClose={onClose} title={t('history.title')} size="large">
      <Table<GameConfigVersion>
        rowKey="version"
        size="small"
        loading={history.isLoading}
        dataSource={history.data?.versions ?? []}
        pagination={false}
        expandable={{ expandedRowRender: (v) => <JsonView value={v.value} /> }}
        columns={[
          { title: t('history.version'), dataIndex: 'version', width: 80 },
          { title: t('history.by'), dataIndex: 'updatedBy' },
          { title: t('history.at'), dataIndex: 'updatedAt', render: (v: number) => formatStamp(v) },
          { title: t('history.pushedAt'), dataIndex: 'pushedAt', render: (v: number | null) => (v === null ? <Tag>{t('history.notPushed')}</Tag> : formatStamp(v)) },
          {
            key: 'restore',
            render: (_: unknown, v) => (
              <Allowed code={P.INFO_CONFIG_EDIT}>
                <Button size="small" onClick={() => confirmAction({ title: t('actions.restoreConfirm', { version: v.version }), content: t('actions.restoreHint'), onOk: () => onRestore(v.value) })}>
                  {t('actions.restore')}
                </Button>
              </Allowed>
            ),
          },
        ]}
      />
    </Drawer>
  );
}

/** An item of the game's catalogue and a number; value and onChange work inside `Form.Item`. */
export function RewardInput({ value, onChange, size, disabled }: { value?: GameConfigReward | null; onChange?: (value: GameConfigReward | null) => void; size?: 'small' | 'middle'; disabled?: boolean }) {
  const { t, i18n } = useTranslation('gameConfig');
  const options = useGameConfigOptions();
  const language = normalizeLanguage(i18n.language);
  const items = (options.data?.items ?? []).map((i) => ({ value: `${i.itemType}:${i.itemId}`, label: `${itemName(i.name, language, i.itemId)} (${i.itemId})` }));
  const selected = value ? `${value.itemType}:${value.itemId}` : undefined;
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        size={size}
        showSearch={{ optionFilterProp: 'label' }}
        allowClear
        disabled={disabled}
        placeholder={t('reward.choose')}
        aria-label={t('reward.item')}
        style={{ width: '65%', minWidth: 0 }}
        options={items}
        value={selected}
        loading={options.isLoading}
        onChange={(v: string | undefined) => {
          if (!v) return onChange?.(null);
          const [itemType, ...rest] = v.split(':');
          onChange?.({ itemType: itemType as GameConfigReward['itemType'], itemId: rest.join(':'), number: value?.number ?? 1 });
        }}
      />
      <InputNumber
        size={size}
        disabled={disabled || !value}
        aria-label={t('reward.number')}
        min={1}
        precision={0}
        style={{ width: '35%' }}
        value={value?.number ?? null}
        onChange={(n) => value && onChange?.({ ...value, number: typeof n === 'number' ? n : 1 })}
      />
    </Space.Compact>
  );
}

/** The regions a document may name, as select options. */
export function useRegionChoices() {
  const options = useGameConfigOptions();
  return (options.data?.regions ?? []).map((r) => ({ value: r.id, label: regionLabel(r.id, r.name) }));
}
