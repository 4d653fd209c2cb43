import { useEffect } from 'react';
import { Form } from 'antd';

/**
 * The form of a list's filters, showing the URL's filters as `toFields` turns them into field
 * values. The URL is the truth: fields it no longer names are cleared, not left as they were.
 * `toFields` should be a module-level function, so the form refills only when the filters change.
 */
export function useFilterForm<Filters, Fields>(filters: Filters, toFields: (filters: Filters) => Fields) {
  const [form] = Form.useForm<Fields>();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toFields(filters));
  }, [filters, form, toFields]);
  return form;
}
