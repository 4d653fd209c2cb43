import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, MarkPointComponentOption, TooltipComponentOption } from 'echarts/components';

/** The options the statistics charts may use: what `echarts.ts` registers (types only: nothing of ECharts is bundled here). */
export type ChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | PieSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption | MarkPointComponentOption
>;

export interface SeriesSummary {
  name: string;
  type: string;
  /** Data points. */
  points: number;
  /** Points with a value other than 0 (a drawn chart has some). */
  nonZero: number;
}

function valueOf(item: unknown): unknown {
  if (Array.isArray(item)) return item[item.length - 1];
  if (item !== null && typeof item === 'object' && 'value' in item) return valueOf(item.value);
  return item;
}

/** What the chart shows, in a few numbers: exposed on its element so a browser test can tell a drawn chart from an empty one. */
export function summarizeOption(option: ChartOption): SeriesSummary[] {
  const series = option.series === undefined ? [] : Array.isArray(option.series) ? option.series : [option.series];
  return series.map((s) => {
    const data = (Array.isArray(s.data) ? s.data : []) as unknown[];
    return {
      name: String(s.name ?? ''),
      type: String(s.type ?? ''),
      points: data.length,
      nonZero: data.filter((item) => {
        const value = valueOf(item);
        return typeof value === 'number' && value !== 0;
      }).length,
    };
  });
}
