import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@gm/contract/errors.ts';
import { isApiError } from '../../shared/api-client.ts';

/** A game's refusal as a dialog shows it: the reason, the ids it did not find, and that nothing changed. */
export interface Refusal {
  message: string;
  details: string[];
}

export function refusalOf(error: unknown): Refusal | null {
  if (!isApiError(error) || error.code !== ErrorCode.GAME_ERROR) return null;
  return { message: error.message, details: error.details.map((d) => d.message) };
}

export function GameRefusal({ refusal, hint }: { refusal: Refusal | null; hint?: string }) {
  const { t } = useTranslation('players');
  if (!refusal) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      title={refusal.message}
      description={
        <>
          {refusal.details.map((detail) => (
            <Typography.Paragraph key={detail} style={{ margin: 0 }} copyable={{ text: detail }}>
              {detail}
            </Typography.Paragraph>
          ))}
          <Typography.Text type="secondary">{hint ?? t('results.refused')}</Typography.Text>
        </>
      }
    />
  );
}
