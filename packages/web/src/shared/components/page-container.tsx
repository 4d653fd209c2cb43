import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { useHeadingFirst } from '../hooks/use-heading-first.ts';

/** The heading block of a page (title, one line of context, actions) above its cards. */
export function PageContainer({
  title,
  description,
  extra,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  // On a cold visit the heading paints first, the cards below one commit later.
  const bodyShown = useHeadingFirst();
  return (
    <div className="gm-page">
      <Flex className="gm-page-header" justify="space-between" align="flex-start" gap={16} wrap>
        {/* The text gives way first (a long description wraps), so the actions stay at the top
            right until the row is too narrow for both. */}
        <div style={{ minWidth: 0, flex: '1 1 360px' }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {description ? (
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
              {description}
            </Typography.Paragraph>
          ) : null}
        </div>
        {extra ? (
          <Flex gap={8} wrap style={{ flex: 'none', maxWidth: '100%' }}>
            {extra}
          </Flex>
        ) : null}
      </Flex>
      {bodyShown ? (
        <Flex vertical gap={16}>
          {children}
        </Flex>
      ) : null}
    </div>
  );
}
