import { useMemo } from 'react';
import { Alert, Button, Col, Form, InputNumber, Row, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAIL_CARD_TYPES, MAIL_ITEM_TYPES, MAIL_ITEMS_MAX, MAIL_SOURCE_TYPES, mailItem, type CatalogueItem, type MailItemType } from '@gm/contract/mails.contract.ts';
import { isApiError } from '../../shared/api-client.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { translateKey } from '../../shared/translate.ts';
import { itemName, mailLabel } from '../../shared/catalogue-labels.ts';
import { useMailLanguage } from './mail-parts.tsx';
import { itemCatalogueQueryOptions } from './mails.queries.ts';

/** The catalogue entry of an item, by type and id. */
export function findItem(catalogue: readonly CatalogueItem[] | undefined, itemType: string | undefined, itemId: string | undefined): CatalogueItem | undefined {
  return catalogue?.find((c) => c.itemType === itemType && c.itemId === itemId);
}

/**
 * The mail's attached items: rows of item type, item (chosen from the game's catalogue, so an
 * unknown item cannot be picked), number, source type and card type (each required where the
 * catalogue says the item needs it).
 */
export function MailItemsField({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation(['mails', 'common']);
  const catalogue = useQuery(itemCatalogueQueryOptions());

  return (
    <Form.List name="items">
      {(fields, { add, remove }) => (
        <div data-testid="mail-items">
          {catalogue.isError ? (
            <Alert type="error" showIcon style={{ marginBottom: 12 }} title={isApiError(catalogue.error) ? catalogue.error.message : translateKey('errors:mailItemsCatalogueFailed')} />
          ) : null}
          {fields.length === 0 ? <Typography.Paragraph type="secondary">{t('form.noItems')}</Typography.Paragraph> : null}
          {fields.map((field, index) => (
            <ItemRow key={field.key} name={field.name} index={index} catalogue={catalogue.data} loading={catalogue.isLoading} disabled={disabled} onRemove={() => remove(field.name)} />
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={disabled || fields.length >= MAIL_ITEMS_MAX}
            onClick={() => add({ itemType: 'prop', number: 1 })}
            style={{ width: '100%' }}
          >
            {t('actions.addItem')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

function ItemRow({
  name,
  index,
  catalogue,
  loading,
  disabled,
  onRemove,
}: {
  name: number;
  index: number;
  catalogue: CatalogueItem[] | undefined;
  loading: boolean;
  disabled: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation(['mails', 'common']);
  const language = useMailLanguage();
  const form = Form.useFormInstance();
  const itemType = Form.useWatch(['items', name, 'itemType'], form) as MailItemType | undefined;
  const itemId = Form.useWatch(['items', name, 'itemId'], form) as string | undefined;
  const entry = findItem(catalogue, itemType, itemId);
  const options = useMemo(
    () =>
      (catalogue ?? [])
        .filter((c) => c.itemType === itemType)
        .map((c) => ({ value: c.itemId, label: `${itemName(c.name, language, c.itemId)} · ${c.itemId}` })),
    [catalogue, itemType, language],
  );
  const label = (text: string) => (index === 0 ? text : undefined);
  const needs = (flag: boolean, key: string) => (flag ? [{ required: true, message: translateKey(key) }] : []);

  // `required` marks what the contract and the catalogue require (their rules check it on submit).
  return (
    <Row gutter={8} align="top" data-testid={`mail-item-${index}`}>
      <Col xs={24} sm={12} lg={4}>
        <Form.Item name={[name, 'itemType']} label={label(t('form.itemType'))} required rules={[zodRule(mailItem.shape.itemType)]}>
          <Select
            aria-label={t('form.itemType')}
            disabled={disabled}
            options={MAIL_ITEM_TYPES.map((v) => ({ value: v, label: mailLabel('itemType', v, language) }))}
            onChange={() => form.setFieldValue(['items', name, 'itemId'], undefined)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} lg={7}>
        <Form.Item name={[name, 'itemId']} label={label(t('form.item'))} required rules={[zodRule(mailItem.shape.itemId)]} extra={entry ? mailLabel('category', entry.category, language) : undefined}>
          <Select
            aria-label={t('form.item')}
            disabled={disabled}
            loading={loading}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('form.itemPlaceholder')}
            options={options}
            onChange={(value: string) => {
              // A new item: its source and card types start again from what it needs.
              const next = findItem(catalogue, itemType, value);
              if (!next?.needsCardType) form.setFieldValue(['items', name, 'cardType'], undefined);
            }}
          />
        </Form.Item>
      </Col>
      <Col xs={12} sm={8} lg={3}>
        <Form.Item name={[name, 'number']} label={label(t('form.number'))} required rules={[zodRule(mailItem.shape.number)]}>
          {/* Not clamped: 0, -5 or 1.5 is refused with the rule's message, not quietly turned into another number. */}
          <InputNumber aria-label={t('form.number')} disabled={disabled} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12} sm={8} lg={4}>
        <Form.Item name={[name, 'sourceType']} label={label(t('form.sourceType'))} required={entry?.needsSourceType ?? false} rules={needs(entry?.needsSourceType ?? false, 'validation:mailSourceTypeRequired')}>
          <Select
            aria-label={t('form.sourceType')}
            disabled={disabled}
            allowClear={!entry?.needsSourceType}
            placeholder={entry?.needsSourceType ? undefined : t('form.optional')}
            options={MAIL_SOURCE_TYPES.map((v) => ({ value: v, label: mailLabel('sourceType', v, language) }))}
          />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6} lg={4}>
        <Form.Item name={[name, 'cardType']} label={label(t('form.cardType'))} required={entry?.needsCardType ?? false} rules={needs(entry?.needsCardType ?? false, 'validation:mailCardTypeRequired')}>
          <Select
            aria-label={t('form.cardType')}
            disabled={disabled || !entry?.needsCardType}
            placeholder={entry?.needsCardType ? undefined : t('form.notNeeded')}
            options={MAIL_CARD_TYPES.map((v) => ({ value: v, label: mailLabel('cardType', v, language) }))}
          />
        </Form.Item>
      </Col>
      <Col xs={12} sm={2} lg={2}>
        <Form.Item label={index === 0 ? <span aria-hidden>&nbsp;</span> : undefined} colon={false}>
          <Button danger type="text" icon={<DeleteOutlined />} disabled={disabled} onClick={onRemove} aria-label={t('actions.removeItem')} title={t('actions.removeItem')} />
        </Form.Item>
      </Col>
    </Row>
  );
}
