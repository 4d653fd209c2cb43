import { Alert, Card, Col, Descriptions, Row, Tag } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useUserContext } from '../../shared/user-context.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { ChangePasswordCard } from './change-password-card.tsx';
import { MySessionsCard } from './my-sessions-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

/** /setting/profile ("My account"): the only page open while a role's two-factor rule is unmet. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const user = useUserContext();

  return (
    <PageContainer title={t('title')} description={t('description')}>
      {user?.mustEnrollTotp ? (
        <Alert type="warning" showIcon title={t('mustEnroll.title')} description={t('mustEnroll.description')} data-testid="must-enroll" />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <Card title={t('account.title')}>
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    { key: 'account', label: t('account.account'), children: user?.account ?? '-' },
                    { key: 'name', label: t('account.name'), children: user?.userName ?? '-' },
                    { key: 'role', label: t('account.role'), children: user?.roleName ? <Tag color="geekblue">{user.roleName}</Tag> : t('account.noRole') },
                    {
                      key: 'totp',
                      label: t('account.twoFactor'),
                      children: user?.totpEnabled ? (
                        <Tag color="success" icon={<SafetyCertificateOutlined />}>
                          {t('totp.on')}
                        </Tag>
                      ) : (
                        <Tag>{t('totp.off')}</Tag>
                      ),
                    },
                    {
                      key: 'permissions',
                      label: t('account.permissions'),
                      children: t('account.permissionCount', { count: user?.resourceIds.length ?? 0 }),
                    },
                  ]}
                />
              </Card>
            </Col>
            <Col span={24}>
              <ChangePasswordCard />
            </Col>
          </Row>
        </Col>
        <Col xs={24} xl={14}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <TwoFactorCard />
            </Col>
            <Col span={24}>
              <MySessionsCard />
            </Col>
          </Row>
        </Col>
      </Row>
    </PageContainer>
  );
}
