import { Progress } from 'antd';

/**
 * The running export's bar, in its own file: antd's Progress (about 5 KB as sent) downloads
 * when an export runs, not with every log list (docs/performance.md, "First visit").
 */
export function ExportProgressBar({ percent, label }: { percent: number; label: string }) {
  return <Progress percent={percent} status="active" size="small" aria-label={label} />;
}
