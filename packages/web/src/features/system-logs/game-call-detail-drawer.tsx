import { Descriptions, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GameCallEntry } from '@gm/contract/system-logs.contract.ts';
import { Stamp } from '../../shared/components/stamp.tsx';
import { GameCallKindTag, GameCallOutcomeTag } from './system-log-tags.tsx';

function prettyParams(params: string | null): string | null {
  if (params === null) return null;
  try {
    return JSON.stringify(JSON.parse(params), null, 2);
  } catch {
    // Cut at 2 KB by the server, so no longer JSON: shown as it is.
    return params;
  }
}

/** One game call: what was sent (parameters, secrets masked) and how it ended. */
export function GameCallDetailDrawer({ call, onClose }: { call: GameCallEntry | null; onClose: () => void }) {
  const { t } = useTranslation('systemLogs');
  const params = prettyParams(call?.params ?? null);
  return (
    <Drawer open={call !== null} title={t('detail.gameCallTitle')} onClose={onClose} size={680} destroyOnHidden>
      {call ? (
        <>
          <Descriptions bordered size="small" column={1} styles={{ label: { width: 140 } }}>
            <Descriptions.Item label={t('columns.at')}>
              <Stamp value={call.at} />
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.kind')}>
              <GameCallKindTag kind={call.kind} />
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.name')}>
              <Typography.Text code>{call.name}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.outcome')}>
              <GameCallOutcomeTag outcome={call.outcome} />
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.reason')}>{call.reasonText === call.reason ? (call.reason ?? '-') : `${call.reasonText ?? ''} (${call.reason ?? ''})`}</Descriptions.Item>
            <Descriptions.Item label={t('columns.duration')}>{t('durationMs', { value: call.durationMs })}</Descriptions.Item>
            <Descriptions.Item label={t('columns.target')}>{call.target ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('detail.commandId')}>{call.commandId ? <Typography.Text copyable>{call.commandId}</Typography.Text> : '-'}</Descriptions.Item>
            <Descriptions.Item label={t('columns.operator')}>{call.operator ?? t('noOperator')}</Descriptions.Item>
            <Descriptions.Item label={t('detail.requestId')}>{call.requestId ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('detail.instance')}>{call.instance}</Descriptions.Item>
          </Descriptions>
          <div className="gm-detail-label" style={{ marginTop: 16 }}>
            {t('detail.params')}
          </div>
          {params ? (
            <pre className="gm-json" data-testid="game-call-params">
              {params}
            </pre>
          ) : (
            <Typography.Text type="secondary">{t('detail.noParams')}</Typography.Text>
          )}
        </>
      ) : null}
    </Drawer>
  );
}
