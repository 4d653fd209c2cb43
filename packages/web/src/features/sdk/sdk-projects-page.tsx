import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Select, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { P } from '@gm/contract/permissions.ts';
import {
  sdkCallbackUrl,
  sdkProjectBody,
  sdkProjectListQuery,
  sdkProjectPlatformId,
  SDK_PLATFORMS,
  type SdkProject,
  type SdkProjectBody,
  type SdkProjectWithKey,
} from '@gm/contract/sdk.contract.ts';
import { confirmAction } from '../../shared/components/confirm-action.tsx';
import { FilterCard, FilterField } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { useCan } from '../../shared/components/permission.tsx';
import { RowAction, RowActions } from '../../shared/components/row-actions.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { showFormError } from '../../shared/form-errors.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { useFilterForm } from '../../shared/hooks/use-filter-form.ts';
import { trimmed, useSearchState } from '../../shared/hooks/use-search-state.ts';
import { readListQuery } from '../../shared/url-filters.ts';
import { projectsQueryOptions, useCreateProject, useRotateKey, useUpdateProject } from './sdk.queries.ts';

const parseFilters = (params: URLSearchParams) => readListQuery(sdkProjectListQuery, params);
type Filters = ReturnType<typeof parseFilters>;
interface FilterValues {
  appId?: string;
  name?: string;
  platform?: string;
}
const fieldsOf = (f: Filters): FilterValues => ({ appId: f.appId, name: f.name, platform: f.platform });
const FORM_FIELDS = ['appId', 'name', 'platform', 'sdkPlatformId', 'callbackUrl'];

/** /sdk/project/list: the SDK's projects; create, edit, rotate the key (shown once). */
export function SdkProjectsPage() {
  const { t } = useTranslation(['sdk', 'common']);
  const search = useSearchState(parseFilters);
  const projects = useQuery(projectsQueryOptions(search.state));
  const form = useFilterForm(search.state, fieldsOf);
  const canEdit = useCan(P.SDK_EDIT);
  const rotate = useRotateKey();
  // The project being edited; `null` for a new one, `undefined` when the dialog is closed.
  const [editing, setEditing] = useState<SdkProject | null | undefined>(undefined);
  const [shownKey, setShownKey] = useState<SdkProjectWithKey | null>(null);

  const askRotate = (p: SdkProject) =>
    confirmAction({
      title: t('projects.rotateTitle', { appId: p.appId }),
      content: t('projects.rotateContent', { hint: p.keyHint }),
      onOk: async () => {
        const result = await rotate.mutateAsync(p.id);
        showSuccess(t('projects.rotated', { appId: p.appId }));
        setShownKey(result);
      },
    });

  const columns = useMemo<TableColumnsType<SdkProject>>(
    () => [
      { key: 'appId', title: t('fields.appId'), width: 200, fixed: 'left', render: (_, p) => <Typography.Text strong>{p.appId}</Typography.Text> },
      { key: 'name', title: t('fields.name'), dataIndex: 'name', width: 200 },
      { key: 'platform', title: t('fields.platform'), width: 100, render: (_, p) => <Tag>{t(`platforms.${p.platform}`)}</Tag> },
      { key: 'sdkPlatformId', title: t('fields.sdkPlatformId'), dataIndex: 'sdkPlatformId', width: 190 },
      { key: 'callbackUrl', title: t('fields.callbackUrl'), dataIndex: 'callbackUrl', width: 280, ellipsis: true },
      { key: 'keyHint', title: t('fields.keyHint'), width: 120, render: (_, p) => <Typography.Text code>…{p.keyHint}</Typography.Text> },
      { key: 'keyRotatedAt', title: t('fields.keyRotatedAt'), width: 170, render: (_, p) => <Stamp value={p.keyRotatedAt} /> },
      { key: 'createdBy', title: t('fields.createdBy'), dataIndex: 'createdBy', width: 120 },
      { key: 'updatedAt', title: t('fields.updatedAt'), width: 170, render: (_, p) => <Stamp value={p.updatedAt} /> },
    ],
    [t],
  );

  const rowActions = (p: SdkProject) => (
    <RowActions>
      <RowAction onClick={() => setEditing(p)}>{t('common:buttons.edit')}</RowAction>
      <RowAction onClick={() => askRotate(p)}>{t('projects.rotate')}</RowAction>
    </RowActions>
  );

  const onSearch = (v: FilterValues) => search.update({ ...trimmed({ appId: v.appId, name: v.name }), platform: v.platform });

  return (
    <PageContainer
      title={t('projects.title')}
      description={t('projects.description')}
      extra={canEdit ? <Button type="primary" onClick={() => setEditing(null)}>{t('projects.add')}</Button> : null}
    >
      <FilterCard form={form} onFinish={onSearch} query={projects} onReset={() => search.reset()}>
        <FilterField name="appId" label={t('fields.appId')}>
          <Input allowClear placeholder={t('filters.exact')} />
        </FilterField>
        <FilterField name="name" label={t('fields.name')}>
          <Input allowClear placeholder={t('filters.contains')} />
        </FilterField>
        <FilterField name="platform" label={t('fields.platform')}>
          <Select allowClear placeholder={t('projects.anyPlatform')} options={SDK_PLATFORMS.map((p) => ({ value: p, label: t(`platforms.${p}`) }))} />
        </FilterField>
      </FilterCard>
      <Card>
        <ListTable<SdkProject>
          query={projects}
          columns={columns}
          paging={search}
          rowKey="id"
          rowActions={canEdit ? rowActions : undefined}
          actionsWidth={150}
          scroll={{ x: 1500 }}
          locale={{ emptyText: t('projects.none') }}
        />
      </Card>
      <ProjectDialog project={editing} onClose={() => setEditing(undefined)} onCreated={setShownKey} />
      <KeyDialog shown={shownKey} onClose={() => setShownKey(null)} />
    </PageContainer>
  );
}

function ProjectDialog({ project, onClose, onCreated }: { project: SdkProject | null | undefined; onClose: () => void; onCreated: (r: SdkProjectWithKey) => void }) {
  const { t } = useTranslation(['sdk', 'common']);
  const [form] = Form.useForm<SdkProjectBody>();
  const create = useCreateProject();
  const update = useUpdateProject();
  const open = project !== undefined;

  useEffect(() => {
    if (project) form.setFieldsValue({ appId: project.appId, name: project.name, platform: project.platform, sdkPlatformId: project.sdkPlatformId, callbackUrl: project.callbackUrl });
  }, [project, form]);

  const onFinish = (values: SdkProjectBody) => {
    if (project) {
      const { appId: _appId, ...body } = values;
      update.mutate(
        { id: project.id, body },
        {
          onSuccess: (saved) => {
            showSuccess(t('projects.updated', { appId: saved.appId }));
            onClose();
          },
          onError: (error) => showFormError(form, error, FORM_FIELDS),
        },
      );
      return;
    }
    create.mutate(values, {
      onSuccess: (result) => {
        showSuccess(t('projects.created', { appId: result.project.appId }));
        onClose();
        onCreated(result);
      },
      onError: (error) => showFormError(form, error, FORM_FIELDS),
    });
  };

  return (
    <Modal
      open={open}
      title={project ? t('projects.editTitle', { appId: project.appId }) : t('projects.addTitle')}
      okText={t('common:buttons.save')}
      cancelText={t('common:buttons.cancel')}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {/* `required` marks what the contract requires (its rules, zod validators antd cannot see, check it on submit). */}
      <Form form={form} name="sdkProject" layout="vertical" onFinish={onFinish} preserve={false} initialValues={{ platform: 'android' }}>
        <Form.Item name="appId" label={t('fields.appId')} required extra={t('help.appId')} rules={[zodRule(sdkProjectBody.shape.appId)]}>
          <Input maxLength={64} disabled={Boolean(project)} />
        </Form.Item>
        <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(sdkProjectBody.shape.name)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="platform" label={t('fields.platform')} required rules={[zodRule(sdkProjectBody.shape.platform)]}>
          <Select options={SDK_PLATFORMS.map((p) => ({ value: p, label: t(`platforms.${p}`) }))} />
        </Form.Item>
        <Form.Item name="sdkPlatformId" label={t('fields.sdkPlatformId')} required extra={t('help.sdkPlatformId')} rules={[zodRule(sdkProjectPlatformId)]}>
          <Input maxLength={19} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="callbackUrl" label={t('fields.callbackUrl')} required extra={t('help.callbackUrl')} rules={[zodRule(sdkCallbackUrl)]}>
          <Input maxLength={500} placeholder="https://" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The key, this once: copyable, with the warning that it cannot be shown again. */
function KeyDialog({ shown, onClose }: { shown: SdkProjectWithKey | null; onClose: () => void }) {
  const { t } = useTranslation('sdk');
  return (
    <Modal
      open={shown !== null}
      title={t('projects.keyTitle', { appId: shown?.project.appId ?? '' })}
      onOk={onClose}
      onCancel={onClose}
      okText={t('projects.keyCopied')}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={t('projects.keyWarning')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph copyable={{ text: shown?.signingKey ?? '' }} code data-testid="sdk-signing-key" style={{ wordBreak: 'break-all' }}>
        {shown?.signingKey}
      </Typography.Paragraph>
    </Modal>
  );
}
