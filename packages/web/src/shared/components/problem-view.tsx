import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';

/**
 * A failure in place of a page: icon, title, one line, actions. Drawn with plain elements, not
 * antd's Result, whose status illustrations would sit in the first download of every visit:
 * this shows when a route's code fails to load and when the session cannot be read.
 */
export function ProblemView({ title, subtitle, extra, fullPage = false }: { title: ReactNode; subtitle?: ReactNode; extra?: ReactNode; fullPage?: boolean }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" justify="center" gap={12} role="alert" style={{ minHeight: fullPage ? '100vh' : '60vh', padding: 24, textAlign: 'center' }}>
      <CloseCircleFilled style={{ fontSize: 72, color: token.colorError, marginBottom: 12 }} />
      <div style={{ fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3, color: token.colorTextHeading }}>{title}</div>
      {subtitle ? <div style={{ color: token.colorTextDescription }}>{subtitle}</div> : null}
      {extra ? <div style={{ marginTop: 12 }}>{extra}</div> : null}
    </Flex>
  );
}
