import { Button, Flex, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../shared/paths.ts';

/** /404: where unknown paths, and pages an operator may not open, end up. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: '#f5f7fb' }}>
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.subtitle')}
        extra={
          <Button type="primary" onClick={() => navigate(paths.dashboard)}>
            {t('buttons.backHome')}
          </Button>
        }
      />
    </Flex>
  );
}
