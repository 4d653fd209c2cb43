import type { ReactNode } from 'react';
import { Tag } from 'antd';

/** A tag naming an id: a long one (a uuid, a pasted mistake) ends in an ellipsis inside its box, whole on hover. */
export function IdTag({ id, color, children }: { id: string; color?: string; children?: ReactNode }) {
  return (
    <Tag color={color} title={id} style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {children ?? id}
    </Tag>
  );
}
