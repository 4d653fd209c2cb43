import { Button, Result } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/**
 * A dialog's read that failed, said inside the dialog with a retry: a shared link may name a
 * role the game no longer knows, and a toast alone left an empty dialog behind it.
 */
export function LoadFailure({ title, query }: { title: string; query: UseQueryResult<unknown, Error> }) {
  const { t } = useTranslation('common');
  return (
    <Result
      status="warning"
      title={title}
      subTitle={query.error?.message}
      extra={
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('buttons.retry')}
        </Button>
      }
    />
  );
}
