import { useEffect, useMemo } from 'react';
import { Alert, Button, Col, DatePicker, Form, Input, InputNumber, Modal, Radio, Row, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { MAIL_CARD_TYPES, MAIL_ITEM_NUMBER_MAX, MAIL_ITEM_TYPES, MAIL_SOURCE_TYPES, type CatalogueItem, type MailItem, type MailItemType } from '@gm/contract/mails.contract.ts';
import {
  REDEEM_CODE_LENGTH_DEFAULT,
  REDEEM_CODE_LENGTH_MAX,
  REDEEM_CODE_LENGTH_MIN,
  REDEEM_KINDS,
  REDEEM_MAX_CODES,
  REDEEM_PER_PLAYER_MAX,
  REDEEM_REWARDS_MAX,
  redeemBatchBody,
  type RedeemBatch,
  type RedeemBatchInput,
  type RedeemKind,
} from '@gm/contract/redeem-codes.contract.ts';
import { isApiError } from '../../shared/api-client.ts';
import { translateKey } from '../../shared/translate.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { showSuccess, showError } from '../../shared/feedback.ts';
import { showFormError } from '../../shared/form-errors.ts';
import { fromPickerValue, nowInZone, STAMP_FORMAT, toPickerValue } from '../../shared/format.ts';
import { itemName, mailLabel } from '../../shared/catalogue-labels.ts';
import { itemCatalogueQueryOptions, useLanguage } from './redeem-labels.ts';
import { useRegionOptions } from '../../shared/region-options.queries.ts';
import { useCreateBatch, useUpdateBatch } from './redeem-codes.queries.ts';
import { keepTypedStart } from '../../shared/keep-typed-start.ts';

interface FormValues {
  name: string;
  kind: RedeemKind;
  sharedCode?: string;
  codeCount?: number;
  codePrefix?: string;
  codeLength?: number;
  rewards: Partial<MailItem>[];
  perPlayerLimit: number;
  totalLimit: number;
  validity: [Dayjs, Dayjs] | null;
  areaIds: string[];
}

const FIELDS = ['name', 'kind', 'sharedCode', 'codeCount', 'codePrefix', 'codeLength', 'rewards', 'perPlayerLimit', 'totalLimit', 'validFrom', 'validTo', 'validity', 'areaIds'];

function initialValues(batch: RedeemBatch | null): FormValues {
  if (batch) {
    return {
      name: batch.name,
      kind: batch.kind,
      sharedCode: batch.sharedCode ?? '',
      codeCount: batch.codeCount,
      codePrefix: batch.codePrefix,
      codeLength: batch.codeLength,
      rewards: batch.rewards.map(({ name: _name, ...item }) => item),
      perPlayerLimit: batch.perPlayerLimit,
      totalLimit: batch.totalLimit,
      validity: [toPickerValue(batch.validFrom), toPickerValue(batch.validTo)],
      areaIds: batch.areaIds,
    };
  }
  const start = nowInZone().startOf('day');
  return {
    name: '',
    kind: 'unique',
    sharedCode: '',
    codeCount: 1000,
    codePrefix: '',
    codeLength: REDEEM_CODE_LENGTH_DEFAULT,
    rewards: [{ itemType: 'prop', number: 1 }],
    perPlayerLimit: 1,
    totalLimit: 0,
    validity: [start, start.add(30, 'day')],
    areaIds: [],
  };
}

/** Create or edit a batch. `batch` null: a new one. Server rules come back onto their fields. */
export function RedeemBatchDialog({ open, batch, onClose }: { open: boolean; batch: RedeemBatch | null; onClose: () => void }) {
  const { t } = useTranslation(['redeemCodes', 'common']);
  const [form] = Form.useForm<FormValues>();
  const create = useCreateBatch();
  const update = useUpdateBatch();
  const { options: regionOptions } = useRegionOptions({ enabled: open, liveOnly: true });
  const kind = Form.useWatch('kind', form) ?? batch?.kind ?? 'unique';
  const editing = batch !== null;

  useEffect(() => {
    if (open) form.setFieldsValue(initialValues(batch));
  }, [open, batch, form]);

  const onFinish = (v: FormValues) => {
    const [from, to] = v.validity ?? [];
    const common = {
      name: v.name,
      rewards: v.rewards as MailItem[],
      perPlayerLimit: v.perPlayerLimit,
      totalLimit: v.totalLimit ?? 0,
      validFrom: from ? fromPickerValue(from) : Number.NaN,
      validTo: to ? fromPickerValue(to) : Number.NaN,
      areaIds: v.areaIds ?? [],
    };
    const done = (saved: RedeemBatch, text: string) => {
      if (saved.published) showSuccess(text);
      else showError(t('notPublished', { reason: saved.publishError ?? '' }));
      onClose();
    };
    const failed = (error: unknown) => {
      // Paths like validFrom / rewards.0.itemId go to their fields; the validity shows both ends.
      if (isApiError(error)) {
        const details = error.details.map((d) => (d.path === 'validFrom' || d.path === 'validTo' ? { ...d, path: 'validity' } : d));
        showFormError(form, Object.assign(error, { details }), FIELDS);
      }
    };
    if (editing) {
      update.mutate({ id: batch.id, body: common }, { onSuccess: (saved) => done(saved, t('done.updated')), onError: failed });
    } else {
      const body: RedeemBatchInput =
        v.kind === 'shared'
          ? { ...common, kind: 'shared', sharedCode: v.sharedCode ?? '' }
          : { ...common, kind: 'unique', codeCount: v.codeCount ?? 0, codePrefix: v.codePrefix ?? '', codeLength: v.codeLength ?? REDEEM_CODE_LENGTH_DEFAULT };
      create.mutate(body, { onSuccess: (saved) => done(saved, t('done.created')), onError: failed });
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('dialog.edit') : t('dialog.create')}
      okText={t('common:buttons.save')}
      cancelText={t('common:buttons.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      width={980}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onFinish} style={{ marginTop: 16 }} data-testid="redeem-batch-form">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(redeemBatchBody.shape.name)]}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="kind" label={t('fields.kind')} extra={editing ? t('help.fixed') : undefined}>
              <Radio.Group disabled={editing} optionType="button" options={REDEEM_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
            </Form.Item>
          </Col>
        </Row>
        {kind === 'shared' ? (
          <Form.Item name="sharedCode" label={t('fields.sharedCode')} extra={t('help.sharedCode')} rules={[{ required: true, pattern: /^[A-Za-z0-9]{4,32}$/, message: translateKey('validation:redeemSharedCode') }]}>
            <Input disabled={editing} maxLength={32} style={{ maxWidth: 360, textTransform: 'uppercase' }} />
          </Form.Item>
        ) : (
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="codeCount" label={t('fields.codeCount')} extra={t('help.codeCount')} rules={[{ required: true, type: 'integer', min: 1, max: REDEEM_MAX_CODES, message: translateKey('validation:redeemCodeCount') }]}>
                <InputNumber disabled={editing} min={1} max={REDEEM_MAX_CODES} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="codePrefix" label={t('fields.codePrefix')} extra={t('help.codePrefix')} rules={[{ pattern: /^[A-HJ-NP-Za-hj-km-np-z2-9]{0,8}$/, message: translateKey('validation:redeemPrefix') }]}>
                <Input disabled={editing} maxLength={8} style={{ textTransform: 'uppercase' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="codeLength" required label={t('fields.codeLength')} rules={[zodRule(redeemBatchBody.shape.codeLength)]}>
                <InputNumber disabled={editing} min={REDEEM_CODE_LENGTH_MIN} max={REDEEM_CODE_LENGTH_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Form.Item label={t('fields.rewards')} required>
          <RewardsField />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item name="perPlayerLimit" required label={t('fields.perPlayerLimit')} tooltip={t('help.perPlayerLimit')} rules={[zodRule(redeemBatchBody.shape.perPlayerLimit)]}>
              <InputNumber min={1} max={REDEEM_PER_PLAYER_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="totalLimit" required label={t('fields.totalLimit')} tooltip={t('help.totalLimit')} rules={[zodRule(redeemBatchBody.shape.totalLimit)]}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="validity" label={t('fields.validity')} rules={[{ required: true, message: translateKey('validation:redeemValidityRequired') }]}>
              <DatePicker.RangePicker showTime format={STAMP_FORMAT} style={{ width: '100%' }} onKeyDown={keepTypedStart} aria-label={t('fields.validity')} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="areaIds" label={t('fields.areas')} extra={t('help.areas')}>
          <Select mode="multiple" allowClear options={regionOptions} placeholder={t('allAreas')} optionFilterProp="label" aria-label={t('fields.areas')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The catalogue entry of an item, by type and id. */
function findItem(catalogue: readonly CatalogueItem[] | undefined, itemType: string | undefined, itemId: string | undefined): CatalogueItem | undefined {
  return catalogue?.find((c) => c.itemType === itemType && c.itemId === itemId);
}

/** Reward rows: item type, item (from the game's catalogue), number, source and card type where the item needs them. */
function RewardsField() {
  const { t } = useTranslation(['redeemCodes', 'common']);
  const catalogue = useQuery(itemCatalogueQueryOptions());
  return (
    <Form.List name="rewards">
      {(fields, { add, remove }, { errors }) => (
        <div data-testid="redeem-rewards">
          {catalogue.isError ? <Alert type="error" showIcon style={{ marginBottom: 12 }} title={isApiError(catalogue.error) ? catalogue.error.message : translateKey('errors:mailItemsCatalogueFailed')} /> : null}
          {fields.length === 0 ? <Typography.Paragraph type="secondary">{t('noRewards')}</Typography.Paragraph> : null}
          {fields.map((field, index) => (
            <RewardRow key={field.key} name={field.name} index={index} catalogue={catalogue.data} loading={catalogue.isLoading} onRemove={() => remove(field.name)} />
          ))}
          <Form.ErrorList errors={errors} />
          <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= REDEEM_REWARDS_MAX} onClick={() => add({ itemType: 'prop', number: 1 })} style={{ width: '100%' }}>
            {t('actions.addReward')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

function RewardRow({ name, index, catalogue, loading, onRemove }: { name: number; index: number; catalogue: CatalogueItem[] | undefined; loading: boolean; onRemove: () => void }) {
  const { t } = useTranslation(['redeemCodes', 'common']);
  const language = useLanguage();
  const form = Form.useFormInstance();
  const itemType = Form.useWatch(['rewards', name, 'itemType'], form) as MailItemType | undefined;
  const itemId = Form.useWatch(['rewards', name, 'itemId'], form) as string | undefined;
  const entry = findItem(catalogue, itemType, itemId);
  const options = useMemo(
    () => (catalogue ?? []).filter((c) => c.itemType === itemType).map((c) => ({ value: c.itemId, label: `${itemName(c.name, language, c.itemId)} · ${c.itemId}` })),
    [catalogue, itemType, language],
  );
  const label = (text: string) => (index === 0 ? text : undefined);
  return (
    <Row gutter={8} align="top" data-testid={`redeem-reward-${index}`}>
      <Col xs={24} sm={12} lg={4}>
        <Form.Item name={[name, 'itemType']} label={label(t('fields.itemType'))} rules={[{ required: true, message: translateKey('validation:mailItemTypeRequired') }]}>
          <Select aria-label={t('fields.itemType')} options={MAIL_ITEM_TYPES.map((v) => ({ value: v, label: mailLabel('itemType', v, language) }))} onChange={() => form.setFieldValue(['rewards', name, 'itemId'], undefined)} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} lg={7}>
        <Form.Item name={[name, 'itemId']} label={label(t('fields.item'))} rules={[{ required: true, message: translateKey('validation:mailItemIdRequired') }]}>
          <Select aria-label={t('fields.item')} loading={loading} showSearch={{ optionFilterProp: 'label' }} placeholder={t('itemPlaceholder')} options={options} />
        </Form.Item>
      </Col>
      <Col xs={12} sm={8} lg={3}>
        <Form.Item name={[name, 'number']} label={label(t('fields.number'))} rules={[{ required: true, type: 'integer', min: 1, message: translateKey('validation:mailItemNumberRequired') }]}>
          <InputNumber aria-label={t('fields.number')} min={1} max={MAIL_ITEM_NUMBER_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12} sm={8} lg={4}>
        <Form.Item name={[name, 'sourceType']} label={label(t('fields.sourceType'))} rules={entry?.needsSourceType ? [{ required: true, message: translateKey('validation:mailSourceTypeRequired') }] : []}>
          <Select
            aria-label={t('fields.sourceType')}
            allowClear={!entry?.needsSourceType}
            placeholder={entry?.needsSourceType ? undefined : t('optional')}
            options={MAIL_SOURCE_TYPES.map((v) => ({ value: v, label: mailLabel('sourceType', v, language) }))}
          />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6} lg={4}>
        <Form.Item name={[name, 'cardType']} label={label(t('fields.cardType'))} rules={entry?.needsCardType ? [{ required: true, message: translateKey('validation:mailCardTypeRequired') }] : []}>
          <Select
            aria-label={t('fields.cardType')}
            disabled={!entry?.needsCardType}
            placeholder={entry?.needsCardType ? undefined : t('notNeeded')}
            options={MAIL_CARD_TYPES.map((v) => ({ value: v, label: mailLabel('cardType', v, language) }))}
          />
        </Form.Item>
      </Col>
      <Col xs={12} sm={2} lg={2}>
        <Form.Item label={label('\u00a0')}>
          <Button aria-label={t('actions.removeReward')} icon={<DeleteOutlined />} onClick={onRemove} />
        </Form.Item>
      </Col>
    </Row>
  );
}
