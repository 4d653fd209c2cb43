import { Button, Checkbox, Divider, Flex, Popover, Typography } from 'antd';
import { TableOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Language } from '@gm/contract/messages.ts';
import type { LogColumnView } from '@gm/contract/logs.contract.ts';

/** Which columns the table shows: a check box per column, "All", and back to the defaults. */
export function ColumnChooser({
  columns,
  chosen,
  language,
  onChange,
  onReset,
}: {
  columns: readonly LogColumnView[];
  chosen: readonly string[];
  language: Language;
  onChange: (chosen: string[]) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('logs');
  const all = columns.map((c) => c.name);
  const content = (
    <Flex vertical style={{ width: 260 }}>
      <Flex justify="space-between" align="center">
        <Checkbox
          checked={chosen.length === all.length}
          indeterminate={chosen.length > 0 && chosen.length < all.length}
          onChange={(e) => onChange(e.target.checked ? all : all.slice(0, 1))}
        >
          {t('columns.all')}
        </Checkbox>
        <Button type="link" size="small" onClick={onReset}>
          {t('columns.reset')}
        </Button>
      </Flex>
      <Divider style={{ margin: '8px 0' }} />
      <div style={{ maxHeight: 360, overflowY: 'auto' }}>
        <Checkbox.Group
          value={[...chosen]}
          // Always at least one column, so the table never goes blank.
          onChange={(values) => values.length > 0 && onChange(all.filter((name) => values.includes(name)))}
          style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
          options={columns.map((c) => ({
            value: c.name,
            label: (
              <span>
                {language === 'zh-CN' ? c.zh : c.en}{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {c.name}
                </Typography.Text>
              </span>
            ),
          }))}
        />
      </div>
    </Flex>
  );
  return (
    <Popover content={content} title={t('columns.title')} trigger="click" placement="bottomRight">
      <Button icon={<TableOutlined />}>{t('columns.button')}</Button>
    </Popover>
  );
}
