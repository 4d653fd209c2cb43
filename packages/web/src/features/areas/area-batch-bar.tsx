import { Button, Dropdown, Flex, Typography } from 'antd';
import { DownOutlined, EyeInvisibleOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REGION_HEATS, REGION_LOGIN_STATUSES, type AreaStatusAction } from '@gm/contract/areas.contract.ts';
import type { RegionHeat, RegionLoginStatus } from '@gm/contract/game-commands.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { confirmAction } from '../../shared/components/confirm-action.tsx';
import { Allowed } from '../../shared/components/permission.tsx';
import { showInfo, showSuccess } from '../../shared/feedback.ts';
import type { ListSelection } from '../../shared/hooks/use-list-selection.ts';
import { useSetAreaHeat, useSetAreaLoginStatus, useSetAreaStatus } from './areas.queries.ts';

const STATUS_ICONS = { open: <PlayCircleOutlined />, close: <PauseCircleOutlined />, hide: <EyeInvisibleOutlined /> };

const idList = (ids: readonly string[]) => (ids.length > 8 ? `${ids.slice(0, 8).join(', ')} …` : ids.join(', '));

/** Open, close or hide the chosen regions, set their login control or heat: each asks first. */
export function AreaBatchBar({ selection }: { selection: ListSelection }) {
  const { t } = useTranslation(['areas', 'common']);
  const setStatus = useSetAreaStatus();
  const setLogin = useSetAreaLoginStatus();
  const setHeat = useSetAreaHeat();
  const { selected } = selection;

  const withChosen = (ask: (ids: string[]) => void) => {
    if (selected.length === 0) showInfo(t('batch.none'));
    else ask(selected);
  };

  const askStatus = (status: AreaStatusAction) =>
    withChosen((ids) =>
      confirmAction({
        title: t(`confirm.${status}`, { count: ids.length }),
        content: t(`confirm.${status}Content`, { ids: idList(ids) }),
        danger: status !== 'open',
        onOk: async () => {
          const result = await setStatus.mutateAsync({ ids, status });
          const count = result.regions.length;
          showSuccess(status === 'close' ? t('done.close', { count, kicked: String(result.kicked ?? 0) }) : t(`done.${status}`, { count }));
          selection.setSelected([]);
        },
      }),
    );

  const askLogin = (loginStatus: RegionLoginStatus) =>
    withChosen((ids) =>
      confirmAction({
        title: t('confirm.login', { count: ids.length, value: t(`loginStatus.${loginStatus}`) }),
        content: idList(ids),
        danger: loginStatus === 'blocked',
        onOk: async () => {
          const result = await setLogin.mutateAsync({ ids, loginStatus });
          showSuccess(t('done.login', { count: result.regions.length }));
        },
      }),
    );

  const askHeat = (heat: RegionHeat) =>
    withChosen((ids) =>
      confirmAction({
        title: t('confirm.heat', { count: ids.length, value: t(`heat.${heat}`) }),
        content: idList(ids),
        onOk: async () => {
          const result = await setHeat.mutateAsync({ ids, heat });
          showSuccess(t('done.heat', { count: result.regions.length }));
        },
      }),
    );

  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }} data-testid="area-batch-bar">
      <Typography.Text type="secondary" style={{ marginRight: 8 }}>
        {t('batch.selected', { count: selected.length })}
      </Typography.Text>
      <Allowed code={P.AREA_STATUS}>
        {(['open', 'close', 'hide'] as const).map((status) => (
          <Button key={status} icon={STATUS_ICONS[status]} danger={status === 'close'} onClick={() => askStatus(status)}>
            {t(`batch.${status}`)}
          </Button>
        ))}
      </Allowed>
      <Allowed code={P.AREA_LOGIN_CONTROL}>
        <BatchMenu label={t('batch.login')} values={REGION_LOGIN_STATUSES} text={(s) => t(`loginStatus.${s}`)} onPick={askLogin} />
      </Allowed>
      <Allowed code={P.AREA_EDIT}>
        <BatchMenu label={t('batch.heat')} values={REGION_HEATS} text={(s) => t(`heat.${s}`)} onPick={askHeat} />
      </Allowed>
    </Flex>
  );
}

/** A batch action with a choice of value (a login control, a heat). */
function BatchMenu<V extends string>({ label, values, text, onPick }: { label: string; values: readonly V[]; text: (value: V) => string; onPick: (value: V) => void }) {
  return (
    <Dropdown menu={{ items: values.map((value) => ({ key: value, label: text(value) })), onClick: ({ key }) => onPick(key as V) }}>
      <Button>
        {label} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
