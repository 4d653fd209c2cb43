import { Progress } from 'antd';

/**
 * The preview's progress bar, in its own file: antd's Progress (about 5 KB as sent) downloads
 * only when an announcement has a progress value, not with every visit to the board
 * (docs/performance.md, "First visit").
 */
export function AnnouncementProgress({ percent }: { percent: number }) {
  return <Progress percent={percent} size="small" />;
}
