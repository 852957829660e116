// One ECharts chart in a box: built from ECharts' modular core with only the charts and components the
// dashboard draws, on the SVG renderer (crisp at any zoom, and light), resized with its box.
import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, LineChart, AriaComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent, SVGRenderer]);

export interface ChartProps {
  /** An ECharts option (see chartOptions.ts). */
  option: object;
  /** What the chart shows, for screen readers (ECharts' aria adds the figures). */
  label: string;
  height?: number;
}

export function Chart({ option, label, height = 260 }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = box.current!;
    const instance = echarts.init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option as echarts.EChartsCoreOption, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={label} className="qy-dash-chart" style={{ height }} />;
}

export default Chart;
