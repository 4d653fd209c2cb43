import { Button, Flex, Select, Space, Tooltip, Typography } from 'antd';
import { LeftOutlined, RightOutlined, VerticalRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/**
 * Pages by cursor: there are no page numbers to jump to, only the first page, the one before
 * (from the trail of cursors) and the next (the server's `nextCursor`).
 */
export function CursorPager({
  page,
  size,
  canPrevious,
  canNext,
  noTrail,
  busy,
  onFirst,
  onPrevious,
  onNext,
  onSize,
}: {
  page: number;
  size: number;
  canPrevious: boolean;
  canNext: boolean;
  /** Opened past the first page from a link: the pages before are not known. */
  noTrail: boolean;
  busy: boolean;
  onFirst: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onSize: (size: number) => void;
}) {
  const { t } = useTranslation('logs');
  const previous = (
    <Button icon={<LeftOutlined />} disabled={!canPrevious || busy} onClick={onPrevious}>
      {t('pager.previous')}
    </Button>
  );
  return (
    <Flex justify="flex-end" align="center" gap={8} wrap style={{ marginTop: 16 }}>
      <Space wrap>
        <Button icon={<VerticalRightOutlined />} disabled={page <= 1 || busy} onClick={onFirst}>
          {t('pager.first')}
        </Button>
        {noTrail ? <Tooltip title={t('pager.noTrail')}>{previous}</Tooltip> : previous}
        <Typography.Text strong aria-live="polite" style={{ minWidth: 64, textAlign: 'center', display: 'inline-block' }}>
          {t('pager.page', { page })}
        </Typography.Text>
        <Button disabled={!canNext || busy} onClick={onNext}>
          {t('pager.next')} <RightOutlined />
        </Button>
        <Select
          aria-label={t('pager.size', { size })}
          value={size}
          onChange={onSize}
          style={{ width: 120 }}
          options={PAGE_SIZES.map((s) => ({ value: s, label: t('pager.size', { size: s }) }))}
        />
      </Space>
    </Flex>
  );
}
