import { init, use } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkPointComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * ECharts with only what the statistics charts draw, loaded on demand by `chart.tsx` (its own
 * chunk: no other page downloads it). A chart type or component added here must also be in
 * `ChartOption` (`chart-option.ts`).
 */
use([LineChart, BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, MarkPointComponent, CanvasRenderer]);

export { init };
