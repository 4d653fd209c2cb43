import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { areaCreateBody, areaGroup, areaId, areaName, uiSort, type AreaCreateBody } from '@gm/contract/areas.contract.ts';
import { REGION_HEATS, REGION_LOGIN_STATUSES, REGION_STATUSES } from '@gm/contract/game-commands.contract.ts';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { showFormError } from '../../shared/form-errors.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { showSuccess } from '../../shared/feedback.ts';
import { paths } from '../../shared/paths.ts';
import { GroupInput } from './area-fields.tsx';
import { useCreateArea } from './areas.queries.ts';

const FIELDS = ['id', 'name', 'group', 'uiSort', 'status', 'loginStatus', 'heat'];

/** /area/add: a new region in the game's server list (closed and GM only unless chosen). */
export function AreaAddPage() {
  const { t } = useTranslation(['areas', 'common']);
  const navigate = useNavigate();
  const [form] = Form.useForm<AreaCreateBody>();
  const create = useCreateArea();
  const defaults = areaCreateBody.parse({ id: 'x', name: 'x', group: 'x' });

  const onFinish = (values: AreaCreateBody) => {
    create.mutate(
      { ...values, id: values.id.trim(), name: values.name.trim(), group: values.group.trim() },
      {
        onSuccess: (area) => {
          showSuccess(t('done.created', { id: area.id }));
          void navigate(`${paths.areaList}?keyword=${encodeURIComponent(area.id)}`);
        },
        onError: (error) => showFormError(form, error, FIELDS),
      },
    );
  };

  return (
    <PageContainer
      title={t('addTitle')}
      description={t('addDescription')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(paths.areaList)}>
          {t('common:buttons.back')}
        </Button>
      }
    >
      <Card style={{ maxWidth: 880 }}>
        <Form
          form={form}
          layout="vertical"
          onFinish={onFinish}
          initialValues={{ status: defaults.status, loginStatus: defaults.loginStatus, heat: defaults.heat, uiSort: defaults.uiSort }}
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item required name="id" label={t('form.id')} extra={t('form.idHelp')} rules={[zodRule(areaId)]}>
                <Input placeholder={t('form.idPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item required name="name" label={t('form.name')} rules={[zodRule(areaName)]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item required name="group" label={t('form.group')} rules={[zodRule(areaGroup)]}>
                <GroupInput />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="uiSort" label={t('form.uiSort')} extra={t('form.uiSortHelp')} rules={[zodRule(uiSort)]}>
                <InputNumber style={{ width: '100%' }} precision={0} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="status" label={t('form.status')}>
                <Select options={REGION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="loginStatus" label={t('form.loginStatus')}>
                <Select options={REGION_LOGIN_STATUSES.map((s) => ({ value: s, label: t(`loginStatus.${s}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="heat" label={t('form.heat')}>
                <Select options={REGION_HEATS.map((s) => ({ value: s, label: t(`heat.${s}`) }))} />
              </Form.Item>
            </Col>
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" loading={create.isPending}>
              {t('common:buttons.create')}
            </Button>
            <Button onClick={() => void navigate(paths.areaList)}>{t('common:buttons.cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </PageContainer>
  );
}
