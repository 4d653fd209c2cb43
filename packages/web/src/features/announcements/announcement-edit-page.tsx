import { lazy, Suspense, useMemo, useState, type KeyboardEvent } from 'react';
import {
  Alert,
  AutoComplete,
  Button,
  Card,
  Col,
  DatePicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
} from 'antd';
import { ArrowLeftOutlined, SaveOutlined, SendOutlined, SnippetsOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ALL_AREAS,
  ANNOUNCEMENT_EFFECTIVE_MODES,
  ANNOUNCEMENT_HOT_TYPES,
  ANNOUNCEMENT_KINDS,
  ANNOUNCEMENT_POPUP_TYPES,
  ANNOUNCEMENT_TAB_TITLE_MAX,
  ANNOUNCEMENT_TABS,
  ANNOUNCEMENT_TITLE_MAX,
  UPLOAD_IMAGE_MAX_BYTES,
  announcementBody,
  type Announcement,
  type AnnouncementBody,
} from '@gm/contract/announcements.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { isApiError } from '../../shared/api-client.ts';
import { lazyDialog } from '../../shared/components/lazy-dialog.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { Allowed } from '../../shared/components/permission.tsx';
import { showError, showInfo, showSuccess } from '../../shared/feedback.ts';
import { translateIssue, zodRule } from '../../shared/form-rules.ts';
import { paths } from '../../shared/paths.ts';
import { useRegionOptions } from '../../shared/region-options.queries.ts';
import { joinSentences, translateKey } from '../../shared/translate.ts';
import { AnnouncementPreview } from './announcement-preview.tsx';
import {
  announcementQueryOptions,
  redirectsQueryOptions,
  templatesQueryOptions,
  useCreateAnnouncement,
  usePublishAnnouncement,
  useSaveTemplate,
  useUpdateAnnouncement,
} from './announcements.queries.ts';
import { AnnouncementContentField } from './announcement-content-field.tsx';
import { ImageUpload } from './image-upload.tsx';
import { crossProblem, FORM_FIELDS, formField, toBody, toFormValues, type FormValues } from './announcement-form.ts';
import './announcements.css';

/** antd's Result (its status illustrations): only for an announcement that is not there. */
const Result = lazy(() => import('antd/es/result/index.js'));
const SaveTemplateDialog = lazyDialog(() => import('./save-template-dialog.tsx').then((m) => m.SaveTemplateDialog), (p) => p.open);

const DEFAULTS: Partial<FormValues> = {
  type: 'site',
  areaId: ALL_AREAS,
  progress: 0,
  hotType: 0,
  effectiveMode: 'exact',
  showTime: true,
  popupType: 'none',
  restrictionLevel: 0,
  content: '',
  image: '',
  previewImage: '',
  secondaryTitle: '',
  remark: '',
  videoName: '',
  mapId: '',
};

/**
 * Enter in a field of this long form does not save it: it confirms a date in a picker, picks an
 * option, and so on (a browser submits a form on Enter in any input). Saving is the buttons'.
 */
function noImplicitSubmit(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
}

/**
 * /info/announcement/add: a new announcement, or with `?id=` the one to edit, or with
 * `?template=` a new one filled from a template. Every field of spec section 3 with the rules of
 * section 5 (taken from the contract's `announcementBody`); the preview beside the form shows
 * it as the game will.
 */
export function AnnouncementEditPage() {
  const { t } = useTranslation(['announcements', 'common']);
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() || null;
  const templateId = params.get('template')?.trim() || null;
  const existing = useQuery({ ...announcementQueryOptions(id ?? ''), enabled: id !== null });
  const templates = useQuery({ ...templatesQueryOptions(), enabled: templateId !== null });
  const template = templateId ? templates.data?.find((tpl) => tpl.id === templateId) : undefined;

  if (id && existing.isError) {
    return (
      <PageContainer title={t('titles.add')}>
        <Card>
          <Suspense fallback={<Skeleton active />}>
            <Result status="404" title={t('form.notFound')} extra={<BackButton />} />
          </Suspense>
        </Card>
      </PageContainer>
    );
  }
  if ((id && !existing.data) || (templateId && templates.isPending)) {
    return (
      <PageContainer title={id ? t('titles.edit', { title: '' }) : t('titles.add')}>
        <Card>
          <Skeleton active />
        </Card>
      </PageContainer>
    );
  }
  const initial = existing.data ? toFormValues(existing.data) : template ? toFormValues(template.body) : {};
  return <AnnouncementForm key={id ?? templateId ?? 'new'} editing={existing.data ?? null} initial={{ ...DEFAULTS, ...initial }} templateName={template?.name} />;
}

function BackButton() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(paths.announcementList)}>
      {t('buttons.back')}
    </Button>
  );
}

function AnnouncementForm({ editing, initial, templateName }: { editing: Announcement | null; initial: Partial<FormValues>; templateName: string | undefined }) {
  const { t, i18n } = useTranslation(['announcements', 'common']);
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const values = Form.useWatch([], { form, preserve: true }) as FormValues | undefined;
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const publish = usePublishAnnouncement();
  const saveTemplate = useSaveTemplate();
  const [templateOpen, setTemplateOpen] = useState(false);
  const { options: regionOptions } = useRegionOptions({ liveOnly: true });
  const redirects = useQuery(redirectsQueryOptions());
  const type = values?.type ?? initial.type ?? 'site';
  const jumpType = values?.jumpType;
  const effectiveMode = values?.effectiveMode ?? 'exact';
  const saving = create.isPending || update.isPending || publish.isPending;

  const previewFields = useMemo(() => (values ? toBody({ ...initial, ...values }) : toBody(initial as FormValues)), [values, initial]);

  /** The whole body against the contract (cross-field rules too): problems go on their fields. */
  const checked = (all: FormValues): AnnouncementBody | null => {
    const body = toBody(all);
    const parsed = announcementBody.safeParse(body);
    if (parsed.success) return body;
    const byField = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const name = formField(String(issue.path[0] ?? ''));
      if (!byField.has(name)) byField.set(name, translateIssue(issue));
    }
    form.setFields([...byField].map(([name, message]) => ({ name: name as keyof FormValues, errors: [message] })));
    const first = [...byField.keys()][0];
    if (first) form.scrollToField(first, { block: 'center' });
    return null;
  };

  const serverProblem = (error: unknown) => {
    if (!isApiError(error) || error.details.length === 0) return;
    const fields = error.details.filter((d) => FORM_FIELDS.includes(formField(d.path.split('.')[0] ?? '')));
    if (fields.length > 0) form.setFields(fields.map((d) => ({ name: formField(d.path.split('.')[0] ?? '') as keyof FormValues, errors: [d.message] })));
    const rest = error.details.filter((d) => !fields.includes(d));
    if (rest.length > 0 || fields.length === 0) showError(rest.map((d) => d.message).join(' ') || error.message);
  };

  const save = async (andPublish: boolean) => {
    let all: FormValues;
    try {
      all = await form.validateFields();
    } catch {
      // antd has put the contract's messages on the fields (cross-field rules included).
      return;
    }
    const body = checked({ ...initial, ...all });
    if (!body) return;
    let saved: Announcement;
    try {
      saved = editing ? await update.mutateAsync({ id: editing.id, body }) : await create.mutateAsync(body);
    } catch (error) {
      serverProblem(error);
      return;
    }
    if (andPublish) {
      try {
        await publish.mutateAsync(saved.id);
      } catch {
        // Saved, not sent (the game said why). Carry on from the saved row, so pressing Create
        // again updates it instead of saving a second copy.
        showInfo(t('done.savedNotSent'));
        if (!editing) void navigate(`${paths.announcementAdd}?id=${encodeURIComponent(saved.id)}`, { replace: true });
        return;
      }
      showSuccess(t('done.published'));
    } else {
      showSuccess(editing ? t('done.saved') : t('done.created'));
    }
    void navigate(`${paths.announcementList}?type=${saved.type}`);
  };

  /** A rule of the contract's cross-field check, on one field, given the fields it depends on. */
  const crossRule = (field: string, patch: (all: FormValues) => Partial<AnnouncementBody>) => ({
    validator: async () => {
      const problem = crossProblem(field, patch(form.getFieldsValue(true) as FormValues));
      if (problem) throw new Error(problem);
    },
  });
  const imageRule = crossRule('image', (all) => ({ type: all.type, image: all.image ?? '' }));
  // Until a jump type is chosen the field is labelled as a link, and asks for one.
  const jumpTargetRule = crossRule('jumpTarget', (all) => ({ jumpType: all.jumpType ?? 1, jumpTarget: all.jumpTarget ?? '' }));
  const rangeRule = crossRule('range', (all) => {
    const body = toBody({ ...all, effectiveMode: 'exact' });
    return { effectiveMode: 'exact', startTime: body.startTime, endTime: body.endTime };
  });
  const daysRule = crossRule('daysAfterRegistration', (all) => ({ effectiveMode: 'afterRegistration', daysAfterRegistration: all.daysAfterRegistration ?? null }));

  const zh = i18n.language.startsWith('zh');
  const jumpIdOptions = (redirects.data?.jumpTargets ?? []).map((j) => ({ value: j.jumpId, label: `${j.jumpId} · ${zh ? j.nameZh : j.nameEn}` }));
  const linkOptions = (redirects.data?.linkDomains ?? []).map((d) => ({ value: `https://${d}/` }));

  return (
    <PageContainer
      title={editing ? t('titles.edit', { title: editing.title }) : t('titles.add')}
      description={t('descriptions.add')}
      extra={
        <>
          <Allowed code={P.ANNOUNCEMENT_EDIT}>
            <Button icon={<SnippetsOutlined />} onClick={() => setTemplateOpen(true)}>
              {t('actions.saveTemplate')}
            </Button>
          </Allowed>
          <BackButton />
        </>
      }
    >
      {templateName ? <Alert type="info" showIcon title={t('form.fromTemplate', { name: templateName })} /> : null}
      {redirects.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={translateKey('errors:announcementRedirectInitFailed')}
          action={
            <Button size="small" onClick={() => void redirects.refetch()}>
              {t('common:buttons.retry')}
            </Button>
          }
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card>
            <Form<FormValues> form={form} layout="vertical" initialValues={initial} onFinish={() => void save(false)} onKeyDown={noImplicitSubmit} scrollToFirstError={{ block: 'center' }}>
              <Divider titlePlacement="start" className="gm-form-divider">
                {t('sections.basic')}
              </Divider>
              <Form.Item name="type" label={t('fields.type')} rules={[zodRule(announcementBody.shape.type)]}>
                <Radio.Group optionType="button" buttonStyle="solid" options={ANNOUNCEMENT_KINDS.map((k) => ({ value: k, label: t(`typesLong.${k}`) }))} />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item required name="tab" label={t('fields.tab')} rules={[zodRule(announcementBody.shape.tab)]}>
                    <Select placeholder={translateKey('validation:announcementTabRequired')} options={ANNOUNCEMENT_TABS.map((tab) => ({ value: tab, label: `${tab} · ${t(`tabs.${String(tab) as '1'}`)}` }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item required name="tabTitle" label={t('fields.tabTitle')} rules={[zodRule(announcementBody.shape.tabTitle)]}>
                    <Input showCount maxLength={ANNOUNCEMENT_TAB_TITLE_MAX} placeholder={t('placeholders.tabTitle')} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="areaId" label={t('fields.areaId')} rules={[zodRule(announcementBody.shape.areaId)]}>
                    <Select showSearch optionFilterProp="label" options={[{ value: ALL_AREAS, label: t('fields.allAreas') }, ...regionOptions]} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item name="sort" label={t('fields.sort')}>
                    <InputNumber min={0} precision={0} className="gm-full-width" />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item name="progress" label={t('fields.progress')} rules={[zodRule(announcementBody.shape.progress)]}>
                    <InputNumber min={0} max={100} precision={0} className="gm-full-width" />
                  </Form.Item>
                </Col>
              </Row>

              <Divider titlePlacement="start" className="gm-form-divider">
                {t('sections.content')}
              </Divider>
              <Form.Item required name="title" label={t('fields.title')} rules={[zodRule(announcementBody.shape.title)]}>
                <Input showCount maxLength={ANNOUNCEMENT_TITLE_MAX} placeholder={t('placeholders.title')} />
              </Form.Item>
              <Form.Item name="secondaryTitle" label={t('fields.secondaryTitle')} rules={[zodRule(announcementBody.shape.secondaryTitle)]}>
                <Input maxLength={ANNOUNCEMENT_TITLE_MAX} />
              </Form.Item>
              <Form.Item name="content" label={t('fields.content')}>
                <AnnouncementContentField />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="hotType" label={t('fields.hotType')}>
                    <Radio.Group options={ANNOUNCEMENT_HOT_TYPES.map((h) => ({ value: h, label: t(`hotTypes.${String(h) as '0'}`) }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="remark" label={t('fields.remark')} rules={[zodRule(announcementBody.shape.remark)]}>
                    <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={255} />
                  </Form.Item>
                </Col>
              </Row>

              <Divider titlePlacement="start" className="gm-form-divider">
                {t('sections.media')}
              </Divider>
              {type === 'scrolling' ? (
                <Alert type="info" showIcon title={t('form.scrollingNoImage')} className="gm-form-note" />
              ) : (
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="image"
                      required
                      label={t('fields.image')}
                      extra={joinSentences(translateKey('validation:announcementUploadImage'), t('fields.imageHelp', { megabytes: UPLOAD_IMAGE_MAX_BYTES / 1024 / 1024 }))}
                      rules={[imageRule]}
                    >
                      <ImageUpload label={t('fields.image')} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="previewImage" label={t('fields.previewImage')} extra={t('fields.imageHelp', { megabytes: UPLOAD_IMAGE_MAX_BYTES / 1024 / 1024 })}>
                      <ImageUpload label={t('fields.previewImage')} />
                    </Form.Item>
                  </Col>
                </Row>
              )}
              <Form.Item name="videoName" label={t('fields.videoName')} rules={[zodRule(announcementBody.shape.videoName)]}>
                <Input maxLength={128} />
              </Form.Item>

              <Divider titlePlacement="start" className="gm-form-divider">
                {t('sections.redirect')}
              </Divider>
              <Row gutter={16}>
                <Col xs={24} md={10}>
                  <Form.Item required name="jumpType" label={t('fields.jumpType')} rules={[zodRule(announcementBody.shape.jumpType)]}>
                    <Radio.Group options={[0, 1].map((j) => ({ value: j, label: t(`jumpTypes.${String(j) as '0'}`) }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={14}>
                  <Form.Item
                    name="jumpTarget"
                    required
                    label={jumpType === 0 ? t('fields.jumpTargetId') : t('fields.jumpTargetLink')}
                    rules={[jumpTargetRule]}
                    dependencies={['jumpType']}
                  >
                    {jumpType === 0 ? (
                      // The game's jump targets; typed by hand only when they could not be loaded.
                      redirects.isError ? (
                        <Input placeholder={t('placeholders.jumpTargetId')} maxLength={100} />
                      ) : (
                        <Select showSearch optionFilterProp="label" loading={redirects.isPending} options={jumpIdOptions} placeholder={t('placeholders.jumpTargetId')} />
                      )
                    ) : (
                      <AutoComplete options={linkOptions} placeholder={t('placeholders.jumpTargetLink')} maxLength={2048} filterOption />
                    )}
                  </Form.Item>
                </Col>
              </Row>

              <Divider titlePlacement="start" className="gm-form-divider">
                {t('sections.timing')}
              </Divider>
              <Form.Item name="effectiveMode" label={t('fields.effectiveMode')}>
                <Radio.Group options={ANNOUNCEMENT_EFFECTIVE_MODES.map((m) => ({ value: m, label: t(`effectiveModes.${m}`) }))} />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} md={16}>
                  {effectiveMode === 'exact' ? (
                    <Form.Item required name="range" label={t('fields.effectiveRange')} rules={[rangeRule]}>
                      <DatePicker.RangePicker showTime className="gm-full-width" />
                    </Form.Item>
                  ) : (
                    <Form.Item name="daysAfterRegistration" label={t('fields.daysAfterRegistration')} rules={[daysRule]}>
                      {/* Not clamped or rounded: 0 or 1.5 is refused with the rule's message, not turned into another number. */}
                      <InputNumber suffix={t('fields.daysUnit')} className="gm-full-width" />
                    </Form.Item>
                  )}
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="showTime" label={t('fields.showTime')} valuePropName="checked">
                    <Switch />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="publishTime" label={t('fields.publishTime')} extra={t('fields.publishTimeHelp')}>
                    <DatePicker showTime className="gm-full-width" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="popupType" label={t('fields.popupType')}>
                    <Select options={ANNOUNCEMENT_POPUP_TYPES.map((p) => ({ value: p, label: t(`popupTypes.${p}`) }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="restrictionLevel" label={t('fields.restrictionLevel')} extra={t('fields.restrictionLevelHelp')} rules={[zodRule(announcementBody.shape.restrictionLevel)]}>
                    <InputNumber min={0} precision={0} className="gm-full-width" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="mapId" label={t('fields.mapId')} extra={t('fields.mapIdHelp')} rules={[zodRule(announcementBody.shape.mapId)]}>
                    <Input maxLength={100} />
                  </Form.Item>
                </Col>
              </Row>
              <Space wrap>
                <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={create.isPending || update.isPending}>
                  {editing ? t('actions.save') : t('actions.create')}
                </Button>
                <Button icon={<SendOutlined />} onClick={() => void save(true)} loading={publish.isPending} disabled={saving}>
                  {t('actions.saveAndPublish')}
                </Button>
                <Button onClick={() => void navigate(paths.announcementList)}>{t('common:buttons.cancel')}</Button>
              </Space>
            </Form>
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('titles.preview')} className="gm-sticky-card">
            <AnnouncementPreview fields={previewFields} />
          </Card>
        </Col>
      </Row>
      <SaveTemplateDialog
        open={templateOpen}
        saving={saveTemplate.isPending}
        defaultName={values?.title ?? ''}
        onClose={() => setTemplateOpen(false)}
        onSave={(name) => {
          const body = checked({ ...initial, ...(form.getFieldsValue(true) as FormValues) });
          if (!body) {
            setTemplateOpen(false);
            return;
          }
          saveTemplate.mutate(
            { name, body },
            {
              onSuccess: () => {
                showSuccess(t('done.templateSaved'));
                setTemplateOpen(false);
              },
              onError: (error) => showError(isApiError(error) ? (error.details[0]?.message ?? error.message) : String(error)),
            },
          );
        }}
      />
    </PageContainer>
  );
}

