/**
 * A small line of values (the last 24 hours of online players) drawn as SVG: the dashboard
 * needs no chart library for it, so it stays light (docs/performance.md, "First visit").
 */
export function Sparkline({ values, width = 160, height = 40, label }: { values: readonly number[]; width?: number; height?: number; label: string }) {
  if (values.length < 2) return null;
  const max = Math.max(...values, 1);
  const step = width / (values.length - 1);
  const y = (v: number) => height - 2 - (v / max) * (height - 4);
  const line = values.map((v, i) => `${(i * step).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  return (
    <svg role="img" aria-label={label} data-testid="online-sparkline" data-points={values.length} width="100%" height={height} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none">
      <polygon points={`0,${height} ${line} ${width},${height}`} fill="rgba(22, 119, 255, 0.12)" />
      <polyline points={line} fill="none" stroke="#1677ff" strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
