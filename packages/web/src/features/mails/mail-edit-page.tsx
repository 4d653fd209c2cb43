import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, type FormInstance, Checkbox, Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, FileExcelOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_MAIL_SENDER,
  DEFAULT_MAIL_TIME_ZONE,
  MAIL_EDITABLE_STATUSES,
  MAIL_KINDS,
  MAIL_SENDER_MAX,
  MAIL_TIME_ZONES,
  MAIL_TITLE_MAX,
  epochToMailWallTime,
  mailBody,
  type MailBodyInput,
  type MailDetail,
  type MailItem,
  type MailKind,
} from '@gm/contract/mails.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { isApiError } from '../../shared/api-client.ts';
import { useCan } from '../../shared/components/permission.tsx';
import { lazyDialog } from '../../shared/components/lazy-dialog.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { showError, showSuccess } from '../../shared/feedback.ts';
import { formatStamp, STAMP_FORMAT } from '../../shared/format.ts';
import { translateIssue, zodRule } from '../../shared/form-rules.ts';
import { paths } from '../../shared/paths.ts';
import { translateKey } from '../../shared/translate.ts';
import { useRegionOptions } from '../../shared/region-options.queries.ts';
import { mailHrefs, parseMailId, parseRoleIds } from './mail-filters.ts';
import { findItem, MailItemsField } from './mail-items-field.tsx';
import { mailLabel } from '../../shared/catalogue-labels.ts';
import { useMailLanguage } from './mail-parts.tsx';
import type { MailToSend } from './mail-send-dialog.tsx';
import { itemCatalogueQueryOptions, mailDetailQueryOptions, mailKeys, useCreateMail, useUpdateMail } from './mails.queries.ts';
import { useLeaveGuard } from '../../shared/hooks/use-leave-guard.ts';

// Loaded when first opened: the import's Excel upload (antd Upload and Progress, about 14 KB as
// sent) would otherwise come with every visit to the mail form (docs/performance.md, "First visit").
const MailImportDialog = lazyDialog(() => import('./mail-import-dialog.tsx').then((m) => m.MailImportDialog), (p) => p.open);
const MailSendDialog = lazyDialog(() => import('./mail-send-dialog.tsx').then((m) => m.MailSendDialog), (p) => p.mail !== null);

type FieldData = Parameters<FormInstance<MailFormValues>['setFields']>[0][number];

/** The form's values: ids as the text the operator typed or pasted, times as the pickers hold them. */
export interface MailFormValues {
  type: MailKind;
  title: string;
  content: string;
  sender?: string;
  allAreas: boolean;
  areaIds: string[];
  roleIdsText: string;
  excludeRoleIdsText: string;
  minCreateTime: number | null;
  maxCreateTime: number | null;
  minLevel: number | null;
  maxLevel: number | null;
  startTime: Dayjs | null;
  endTime: Dayjs | null;
  timeZone: string;
  items: Partial<MailItem>[];
}

/** The fields whose cross-field problems a change to a field settles. */
const CLEARS: Partial<Record<keyof MailFormValues, (keyof MailFormValues)[]>> = {
  type: ['roleIdsText', 'areaIds'],
  roleIdsText: ['roleIdsText'],
  excludeRoleIdsText: ['excludeRoleIdsText'],
  areaIds: ['areaIds'],
  allAreas: ['areaIds'],
  minCreateTime: ['maxCreateTime'],
  maxCreateTime: ['maxCreateTime'],
  minLevel: ['maxLevel'],
  maxLevel: ['maxLevel'],
  startTime: ['endTime'],
  endTime: ['endTime'],
  timeZone: ['startTime', 'endTime'],
};

/**
 * Which form field shows a problem of the body's `path`. The ids are typed as one text, so a
 * problem of one id (`roleIds.3`, over 100 characters) is shown on that text: a field named
 * `roleIdsText.3` does not exist, and the problem showed nowhere while Save did nothing.
 */
const FIELD_OF: Record<string, string> = { roleIds: 'roleIdsText', excludeRoleIds: 'excludeRoleIdsText' };
export function formFieldOf(path: readonly PropertyKey[]): (string | number)[] {
  const [first, ...rest] = path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  const text = FIELD_OF[String(first)];
  return text ? [text] : [String(first), ...rest];
}

/** The form's values as the API's body (only the targets of the mail's type). */
export function toBody(v: MailFormValues): MailBodyInput {
  const common = {
    type: v.type,
    title: v.title ?? '',
    content: v.content ?? '',
    ...(v.sender?.trim() ? { sender: v.sender.trim() } : {}),
    startTime: v.startTime ? v.startTime.format(STAMP_FORMAT) : '',
    endTime: v.endTime ? v.endTime.format(STAMP_FORMAT) : '',
    timeZone: v.timeZone,
    items: (v.items ?? []).map((i) => ({
      itemType: i.itemType,
      itemId: i.itemId ?? '',
      number: i.number,
      ...(i.sourceType ? { sourceType: i.sourceType } : {}),
      ...(i.cardType ? { cardType: i.cardType } : {}),
    })) as MailItem[],
  };
  if (v.type === 'private') return { ...common, roleIds: parseRoleIds(v.roleIdsText ?? '') };
  return {
    ...common,
    allAreas: v.allAreas,
    areaIds: v.allAreas ? [] : (v.areaIds ?? []),
    excludeRoleIds: parseRoleIds(v.excludeRoleIdsText ?? ''),
    minCreateTime: v.minCreateTime ?? 0,
    maxCreateTime: v.maxCreateTime ?? 0,
    minLevel: v.minLevel ?? 0,
    maxLevel: v.maxLevel ?? 0,
  };
}

/** A new mail: private, valid from now for a week in the default zone. */
export function newMailValues(now = Date.now()): MailFormValues {
  const wall = (ms: number) => dayjs(epochToMailWallTime(ms, DEFAULT_MAIL_TIME_ZONE), STAMP_FORMAT);
  return {
    type: 'private',
    title: '',
    content: '',
    allAreas: false,
    areaIds: [],
    roleIdsText: '',
    excludeRoleIdsText: '',
    minCreateTime: 0,
    maxCreateTime: 0,
    minLevel: 0,
    maxLevel: 0,
    startTime: wall(now),
    endTime: wall(now + 7 * 86_400_000),
    timeZone: DEFAULT_MAIL_TIME_ZONE,
    items: [],
  };
}

/** A stored mail as the form's values. */
export function fromDetail(m: MailDetail): MailFormValues {
  return {
    type: m.type,
    title: m.title,
    content: m.content,
    sender: m.sender === DEFAULT_MAIL_SENDER ? '' : m.sender,
    allAreas: m.allAreas,
    areaIds: m.areaIds,
    roleIdsText: m.roleIds.join('\n'),
    excludeRoleIdsText: m.excludeRoleIds.join('\n'),
    minCreateTime: m.minCreateTime,
    maxCreateTime: m.maxCreateTime,
    minLevel: m.minLevel,
    maxLevel: m.maxLevel,
    startTime: dayjs(m.startTime, STAMP_FORMAT),
    endTime: dayjs(m.endTime, STAMP_FORMAT),
    timeZone: m.timeZone,
    items: m.items.map(({ name: _name, ...item }) => item),
  };
}

/** /info/mail/add (and `?id=` to edit a draft): write a mail, choose its recipients and items, save or send it. */
export function MailEditPage() {
  const { t } = useTranslation(['mails', 'common']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = parseMailId(params);
  const queryClient = useQueryClient();
  const existing = useQuery({ ...mailDetailQueryOptions(id ?? ''), enabled: id !== null, refetchInterval: false });
  const mail = existing.data?.mail;
  // Kept here, not in the form: a new mail's form is replaced by the saved mail's when it is created.
  const [sending, setSending] = useState<MailToSend | null>(null);

  const onCreated = (created: MailDetail) => {
    // The saved mail is the form's next state: no round trip (and no spinner) before it shows.
    queryClient.setQueryData(mailKeys.detail(created.id), { mail: created, recipients: null, recipientsError: null });
    setParams({ id: created.id }, { replace: true });
  };

  if (id !== null && !mail) {
    return (
      <PageContainer title={t('titles.add')}>
        <Card>{existing.isError ? <Alert type="error" showIcon title={t('form.loadFailed')} /> : <Spin style={{ display: 'block', margin: '48px auto' }} />}</Card>
      </PageContainer>
    );
  }
  return (
    <>
      {/* A new form for each mail, so its values start from that mail. */}
      <MailForm key={mail?.id ?? 'new'} mail={mail ?? null} onCreated={onCreated} onSend={setSending} />
      {/* Send saves the form first (the preview counts the saved mail's recipients): a declined send says the mail was kept. */}
      <MailSendDialog mail={sending} onClose={() => setSending(null)} onSent={(result) => void navigate(mailHrefs.detail(result.mail.id))} declined={t('done.notSentSaved')} />
    </>
  );
}

function MailForm({ mail, onCreated, onSend: openSend }: { mail: MailDetail | null; onCreated: (mail: MailDetail) => void; onSend: (mail: MailToSend) => void }) {
  const { t } = useTranslation(['mails', 'common']);
  const language = useMailLanguage();
  const navigate = useNavigate();
  const [form] = Form.useForm<MailFormValues>();
  const initial = useMemo(() => (mail ? fromDetail(mail) : newMailValues()), [mail]);
  const type = Form.useWatch('type', form) ?? initial.type;
  const allAreas = Form.useWatch('allAreas', form) ?? false;
  const roleIdsText = Form.useWatch('roleIdsText', form) ?? '';
  const excludeText = Form.useWatch('excludeRoleIdsText', form) ?? '';
  const minCreateTime = Form.useWatch('minCreateTime', form);
  const maxCreateTime = Form.useWatch('maxCreateTime', form);
  // The region list and the Excel reader belong to Player management (docs/decisions.md, "Mail screens").
  const canReadPlayers = useCan(P.GROUP_PLAYERS);
  const { options: regionOptions, regions } = useRegionOptions({ liveOnly: true, enabled: canReadPlayers });
  const catalogue = useQuery(itemCatalogueQueryOptions());
  const create = useCreateMail();
  const update = useUpdateMail();
  const [importing, setImporting] = useState<'roleIdsText' | 'excludeRoleIdsText' | null>(null);
  const editable = mail === null || (MAIL_EDITABLE_STATUSES as readonly string[]).includes(mail.status);
  const saving = create.isPending || update.isPending;
  // A mail may hold thousands of pasted ids: leaving with unsaved changes asks first.
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(dirty && editable);

  useEffect(() => form.setFieldsValue(initial), [form, initial]);

  /**
   * The problems of rules spanning fields (set by `checkBody` or the server) sit on fields with
   * no rule of their own to clear them: a change to the field, or to its partner, clears them.
   */
  const onValuesChange = (changed: Partial<MailFormValues>) => {
    setDirty(true);
    const cleared = new Set<keyof MailFormValues>();
    for (const key of Object.keys(changed) as (keyof MailFormValues)[]) for (const name of CLEARS[key] ?? []) cleared.add(name);
    const names = [...cleared].filter((name) => form.getFieldError(name).length > 0 && (!['startTime', 'endTime'].includes(name) || form.getFieldValue(name)));
    if (names.length > 0) form.setFields(names.map((name) => ({ name, errors: [] })));
  };

  /** Checks the whole body with the contract's rules (those spanning fields too); shows each problem on its field. */
  const checkBody = (body: MailBodyInput): boolean => {
    const parsed = mailBody.safeParse(body);
    const problems = new Map<string, { name: (string | number)[]; errors: string[] }>();
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const name = formFieldOf(issue.path);
      const key = name.join('.');
      const entry = problems.get(key) ?? { name, errors: [] };
      entry.errors.push(translateIssue(issue));
      problems.set(key, entry);
    }
    // The catalogue's own rules (the server checks them too).
    body.items?.forEach((item, i) => {
      const entry = findItem(catalogue.data, item.itemType, item.itemId);
      if (entry?.needsSourceType && !item.sourceType) problems.set(`items.${i}.sourceType`, { name: ['items', i, 'sourceType'], errors: [translateKey('validation:mailSourceTypeRequired')] });
      if (entry?.needsCardType && !item.cardType) problems.set(`items.${i}.cardType`, { name: ['items', i, 'cardType'], errors: [translateKey('validation:mailCardTypeRequired')] });
    });
    if (problems.size === 0) return true;
    form.setFields([...problems.values()] as FieldData[]);
    return false;
  };

  /** Saves the form (a new draft or the mail's changes); resolves with the stored mail, or null when it was refused. */
  const save = async (): Promise<MailDetail | null> => {
    const fieldsValid = await form.validateFields().then(
      () => true,
      () => false,
    );
    // The rules spanning fields are checked too when a field is wrong, so every problem shows at once.
    const body = toBody({ ...initial, ...(form.getFieldsValue(true) as Partial<MailFormValues>) });
    if (!checkBody(body) || !fieldsValid) return null;
    try {
      const saved = mail ? await update.mutateAsync({ id: mail.id, body }) : await create.mutateAsync(body);
      setDirty(false);
      return saved;
    } catch (error) {
      showServerError(error);
      return null;
    }
  };

  /** Field problems go on their fields; the API client has shown anything else. */
  const showServerError = (error: unknown) => {
    if (!isApiError(error) || error.details.length === 0) return;
    form.setFields(error.details.map((d) => ({ name: formFieldOf(d.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p))), errors: [d.message] })) as FieldData[]);
    if (!error.details.some((d) => d.path)) showError(error.message);
  };

  const onSaveDraft = async () => {
    const saved = await save();
    if (!saved) return;
    showSuccess(mail ? t('done.saved') : t('done.created'));
    if (!mail) onCreated(saved);
  };

  const onSend = async () => {
    const saved = await save();
    if (!saved) return;
    openSend(saved);
    if (!mail) onCreated(saved);
  };

  const idsCount = (text: string) => <Typography.Text type="secondary">{t('form.idsCount', { count: parseRoleIds(text).length })}</Typography.Text>;
  const secondsExtra = (seconds: number | null | undefined) => (seconds ? `${formatStamp(seconds * 1000)} · ${t('form.createTimeHelp')}` : t('form.createTimeHelp'));

  /** Import from Excel and Clear, under the ids field of the mail's type. */
  const idsActions = (field: 'roleIdsText' | 'excludeRoleIdsText') => (
    <Space wrap style={{ marginBottom: 24 }}>
      {canReadPlayers ? (
        <Button icon={<FileExcelOutlined />} disabled={!editable} onClick={() => setImporting(field)}>
          {t('actions.import')}
        </Button>
      ) : null}
      <Button disabled={!editable} onClick={() => form.setFieldValue(field, '')}>
        {t('actions.clearIds')}
      </Button>
    </Space>
  );

  return (
    <PageContainer
      title={mail ? t('titles.edit', { title: mail.title }) : t('titles.add')}
      description={t('descriptions.add')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(paths.mailList)}>
          {t('common:buttons.back')}
        </Button>
      }
    >
      {!editable && mail ? <Alert type="info" showIcon title={t('form.notEditable', { status: mailLabel('status', mail.status, language) })} /> : null}
      <Form<MailFormValues> form={form} name="mail" layout="vertical" initialValues={initial} disabled={!editable || saving} onValuesChange={onValuesChange} scrollToFirstError>
        <Card title={t('form.basics')}>
          <Row gutter={16}>
            <Col xs={24} lg={16}>
              {/* `required` marks what the contract requires (its rules check it on submit). */}
              <Form.Item name="title" label={t('fields.title')} required rules={[zodRule(mailBody.shape.title)]}>
                <Input count={{ show: true, max: MAIL_TITLE_MAX }} placeholder={t('form.titlePlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={8}>
              <Form.Item name="sender" label={t('fields.sender')} rules={[zodRule(mailBody.shape.sender)]}>
                <Input maxLength={MAIL_SENDER_MAX} placeholder={t('form.senderPlaceholder', { sender: DEFAULT_MAIL_SENDER })} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="content" label={t('fields.content')} required rules={[zodRule(mailBody.shape.content)]}>
                <Input.TextArea rows={5} placeholder={t('form.contentPlaceholder')} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title={t('form.recipients')} style={{ marginTop: 16 }}>
          <Form.Item name="type" label={t('fields.type')} extra={t(`typeHelp.${type}`)}>
            <Radio.Group optionType="button" buttonStyle="solid" options={MAIL_KINDS.map((k) => ({ value: k, label: mailLabel('type', k, language) }))} />
          </Form.Item>
          {type === 'private' ? (
            <Form.Item name="roleIdsText" required label={<Space>{t('fields.roleIds')}{idsCount(roleIdsText)}</Space>} extra={t('form.idsHelp')}>
              <Input.TextArea rows={5} placeholder={t('form.idsPlaceholder')} aria-label={t('fields.roleIds')} />
            </Form.Item>
          ) : null}
          {type === 'private' ? idsActions('roleIdsText') : null}
          {type === 'private' ? null : (
            <>
              <Row gutter={16}>
                <Col xs={24} lg={16}>
                  <Form.Item name="areaIds" required={!allAreas} label={t('fields.areas')} extra={allAreas ? t('form.allAreasHelp') : undefined}>
                    <Select mode="multiple" allowClear disabled={allAreas || !editable} loading={regions.isLoading} placeholder={t('form.areasPlaceholder')} options={regionOptions} optionFilterProp="label" aria-label={t('fields.areas')} />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={8}>
                  <Form.Item name="allAreas" valuePropName="checked" label={<span aria-hidden>&nbsp;</span>} colon={false}>
                    <Checkbox>{t('fields.allAreas')}</Checkbox>
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="excludeRoleIdsText" label={<Space>{t('fields.excludeRoleIds')}{idsCount(excludeText)}</Space>} extra={t('form.excludeHelp')}>
                <Input.TextArea rows={3} placeholder={t('form.idsPlaceholder')} aria-label={t('fields.excludeRoleIds')} />
              </Form.Item>
              {idsActions('excludeRoleIdsText')}
              <Row gutter={16}>
                <Col xs={12} lg={6}>
                  <Form.Item name="minCreateTime" label={`${t('fields.createTime')} · ${t('fields.minimum')}`} extra={secondsExtra(minCreateTime)}>
                    <InputNumber min={0} precision={0} style={{ width: '100%' }} aria-label={`${t('fields.createTime')} ${t('fields.minimum')}`} />
                  </Form.Item>
                </Col>
                <Col xs={12} lg={6}>
                  <Form.Item name="maxCreateTime" label={`${t('fields.createTime')} · ${t('fields.maximum')}`} extra={secondsExtra(maxCreateTime)}>
                    <InputNumber min={0} precision={0} style={{ width: '100%' }} aria-label={`${t('fields.createTime')} ${t('fields.maximum')}`} />
                  </Form.Item>
                </Col>
                <Col xs={12} lg={6}>
                  <Form.Item name="minLevel" label={`${t('fields.level')} · ${t('fields.minimum')}`} extra={t('form.levelHelp')}>
                    <InputNumber min={0} precision={0} style={{ width: '100%' }} aria-label={`${t('fields.level')} ${t('fields.minimum')}`} />
                  </Form.Item>
                </Col>
                <Col xs={12} lg={6}>
                  <Form.Item name="maxLevel" label={`${t('fields.level')} · ${t('fields.maximum')}`} extra={t('form.levelHelp')}>
                    <InputNumber min={0} precision={0} style={{ width: '100%' }} aria-label={`${t('fields.level')} ${t('fields.maximum')}`} />
                  </Form.Item>
                </Col>
              </Row>
            </>
          )}
        </Card>

        <Card title={t('form.timing')} style={{ marginTop: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="startTime" label={t('fields.startTime')} rules={[{ required: true, message: translateKey('validation:mailStartRequired') }]}>
                <DatePicker showTime format={STAMP_FORMAT} style={{ width: '100%' }} aria-label={t('fields.startTime')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="endTime" label={t('fields.endTime')} rules={[{ required: true, message: translateKey('validation:mailEndRequired') }]}>
                <DatePicker showTime format={STAMP_FORMAT} style={{ width: '100%' }} aria-label={t('fields.endTime')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="timeZone" label={t('fields.timeZone')} extra={t('form.timeZoneHelp')} rules={[zodRule(mailBody.shape.timeZone)]}>
                <Select showSearch options={MAIL_TIME_ZONES.map((z) => ({ value: z, label: z }))} aria-label={t('fields.timeZone')} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title={t('fields.items')} style={{ marginTop: 16 }}>
          <MailItemsField disabled={!editable} />
        </Card>

        <Space style={{ marginTop: 16 }}>
          <Button icon={<SaveOutlined />} loading={saving} disabled={!editable} onClick={() => void onSaveDraft()}>
            {t('actions.saveDraft')}
          </Button>
          <Button type="primary" icon={<SendOutlined />} loading={saving} disabled={!editable || (mail !== null && !['draft', 'failed', 'scheduled'].includes(mail.status))} onClick={() => void onSend()}>
            {t('actions.send')}
          </Button>
          <Button disabled={false} onClick={() => void navigate(paths.mailList)}>
            {t('common:buttons.cancel')}
          </Button>
        </Space>
      </Form>

      <MailImportDialog
        open={importing !== null}
        onClose={() => setImporting(null)}
        onUse={(ids) => {
          if (!importing) return;
          const current = parseRoleIds(String(form.getFieldValue(importing) ?? ''));
          form.setFieldValue(importing, [...new Set([...current, ...ids])].join('\n'));
        }}
      />
    </PageContainer>
  );
}
