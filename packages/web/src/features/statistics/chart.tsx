import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EChartsType } from 'echarts/core';
import { summarizeOption, type ChartOption } from './chart-option.ts';

const loadECharts = () => import('./echarts.ts');

/**
 * One ECharts chart: ECharts itself is downloaded with the first chart shown, the chart follows
 * its container's size, and `data-series` tells what it draws (series, points, non-zero points).
 * The app has one light theme, so the charts use ECharts' light defaults.
 */
export function Chart({ option, height = 360, label }: { option: ChartOption; height?: number; label: string }) {
  const { t } = useTranslation('statistics');
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latest = useRef(option);
  latest.current = option;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    loadECharts().then(
      ({ init }) => {
        const host = element.current;
        if (disposed || !host) return;
        const instance = init(host);
        instance.setOption(latest.current);
        chart.current = instance;
        observer = new ResizeObserver(() => instance.resize());
        observer.observe(host);
        setState('ready');
      },
      () => !disposed && setState('failed'),
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  const summary = useMemo(() => JSON.stringify(summarizeOption(option)), [option]);
  if (state === 'failed') return <Alert type="error" showIcon title={t('chart.failed')} />;
  return (
    <Spin spinning={state === 'loading'}>
      <div ref={element} role="img" aria-label={label} data-testid="stat-chart" data-series={summary} data-ready={state === 'ready'} style={{ width: '100%', height }} />
    </Spin>
  );
}
