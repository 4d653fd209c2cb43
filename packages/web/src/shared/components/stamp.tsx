import { Tooltip } from 'antd';
import { formatStamp, fromNow } from '../format.ts';

/** A time in the display time zone, with "3 hours ago" on hover; `-` when there is none. */
export function Stamp({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <span>-</span>;
  return (
    // "3 hours ago" worked out when the tooltip opens (true at that moment, and no work for
    // the stamps never hovered).
    <Tooltip title={() => fromNow(value)}>
      <span style={{ whiteSpace: 'nowrap' }}>{formatStamp(value)}</span>
    </Tooltip>
  );
}
