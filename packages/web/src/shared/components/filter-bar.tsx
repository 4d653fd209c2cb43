import { useEffect, type ReactNode } from 'react';
import { Button, Card, Col, Flex, Form, Input, Row, Select, Space, type FormInstance, type FormItemProps, type SelectProps } from 'antd';
import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { trimmed } from '../hooks/use-search-state.ts';
import { RefreshButton, type RefreshQuery } from './list-toolbar.tsx';

/**
 * The filters above a list: an inline form of the page's fields, then Search and Reset, with
 * `extra` (a checker, the batch actions) at the right end of the row. Each field is named after
 * a key of the parsed URL filters and shows its value, so back, forward and Reset show up in it.
 * Without `onReset` there is no Reset (a list searched by one key needs none).
 */
export function FilterBar<T extends object>({
  filters,
  onSearch,
  onReset,
  extra,
  children,
}: {
  filters: T;
  /** The fields' values when Search is pressed, text trimmed. */
  onSearch: (values: Partial<T>) => void;
  onReset?: () => void;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const [form] = Form.useForm<Partial<T>>();
  useEffect(() => form.setFieldsValue(filters), [filters, form]);

  return (
    <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 12 }}>
      {/* Named so its fields' ids (filters_status) cannot clash with a dialog's fields of the same name. */}
      <Form form={form} name="filters" layout="inline" style={{ rowGap: 8, marginBottom: 8 }} onFinish={(values) => onSearch(trimmed(values))}>
        {children}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('buttons.search')}
            </Button>
            {onReset ? (
              <Button icon={<UndoOutlined />} onClick={onReset}>
                {t('buttons.reset')}
              </Button>
            ) : null}
          </Space>
        </Form.Item>
      </Form>
      {extra}
    </Flex>
  );
}

/** A free-text filter; its label is also its placeholder unless it has one of its own. */
export function TextFilter({ name, label, placeholder = label, width }: { name: string; label: string; placeholder?: string; width: number }) {
  return (
    <Form.Item name={name}>
      <Input allowClear aria-label={label} placeholder={placeholder} style={{ width }} />
    </Form.Item>
  );
}

/** A choice of one value (or none); its label is also its placeholder. */
export function SelectFilter({ name, label, width, options }: { name: string; label: string; width: number; options: SelectProps['options'] }) {
  return (
    <Form.Item name={name}>
      <Select allowClear aria-label={label} placeholder={label} style={{ width }} options={options} />
    </Form.Item>
  );
}

/**
 * Search, Reset and Refresh for a list whose filters are a vertical form of labelled fields (too
 * many for one FilterBar row); `children` (a "More filters" link) follow them. `besideField`: the
 * buttons share a row with fields, so an empty label keeps them level with the inputs; on a row
 * of their own they sit straight under the fields; 'wide': beside the fields on wide screens only
 * (a column `xs={24} xl={12}`), on a row of their own below that. Reset empties the form, then
 * `onReset` the URL.
 */
export function FilterFormButtons({ onReset, query, besideField, children }: { onReset: () => void; query: RefreshQuery; besideField: boolean | 'wide'; children?: ReactNode }) {
  const { t } = useTranslation('common');
  const form = Form.useFormInstance();
  const buttons = (
    <Space wrap>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
        {t('buttons.search')}
      </Button>
      <Button
        icon={<UndoOutlined />}
        onClick={() => {
          // Empties the fields even when the URL has no filters to drop (nothing else would).
          form.resetFields();
          onReset();
        }}
      >
        {t('buttons.reset')}
      </Button>
      <RefreshButton query={query} />
      {children}
    </Space>
  );
  return besideField ? (
    <Form.Item label={<span aria-hidden>&nbsp;</span>} colon={false} className={besideField === 'wide' ? 'gm-filter-actions' : undefined}>
      {buttons}
    </Form.Item>
  ) : (
    buttons
  );
}

/**
 * A list's filters as a card of labelled fields in a grid (their columns `xs={24} sm={12} lg={8}
 * xl={6}`), then Search, Reset and Refresh: beside the last fields from `xl` up when they fit, below them otherwise.
 */
export function FilterCard<V>({ form, onFinish, query, onReset, children }: { form: FormInstance<V>; onFinish: (values: V) => void; query: RefreshQuery; onReset: () => void; children: ReactNode }) {
  return (
    <Card>
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Row gutter={16}>
          {children}
          {/* From xl the rest of the last row when the three buttons fit there (a field is a quarter
              of the row), else a row of their own; below xl always a row of their own. */}
          <Col xs={24} xl={{ flex: 'auto' }} style={{ minWidth: 300 }}>
            <FilterFormButtons besideField="wide" query={query} onReset={onReset} />
          </Col>
        </Row>
      </Form>
    </Card>
  );
}

/** One labelled field of a FilterCard: a quarter of a wide row, or half of it when `wide` (a time range). */
export function FilterField({ name, label, rules, wide = false, children }: { name: string; label: ReactNode; rules?: FormItemProps['rules']; wide?: boolean; children: ReactNode }) {
  const item = (
    <Form.Item name={name} label={label} {...(rules ? { rules } : {})}>
      {children}
    </Form.Item>
  );
  return wide ? (
    <Col xs={24} lg={16} xl={12}>
      {item}
    </Col>
  ) : (
    <Col xs={24} sm={12} lg={8} xl={6}>
      {item}
    </Col>
  );
}
