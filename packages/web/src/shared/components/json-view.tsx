import { Typography } from 'antd';
import { prettyJson } from '../format.ts';

/** Formatted JSON (audit parameters, before and after values). */
export function JsonView({ value, emptyText = '-' }: { value: unknown; emptyText?: string }) {
  const text = value === null || value === undefined ? '' : prettyJson(value);
  if (!text) return <Typography.Text type="secondary">{emptyText}</Typography.Text>;
  return (
    <pre className="gm-json" data-testid="json-view">
      {text}
    </pre>
  );
}
