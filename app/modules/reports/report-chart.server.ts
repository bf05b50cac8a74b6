// Report charts drawn on the server as SVG with Apache ECharts' server-side renderer (ADR 055): the browser
// loads no chart code and a chart shows without JavaScript. Colours are drawn in a fixed palette of
// Radix's light-theme values, which app/styles/app.css maps onto the theme's variables by attribute, so
// one SVG follows the light and the dark theme.
import { BarChart, LineChart, PieChart } from "echarts/charts";
import { AriaComponent, GridComponent, LegendComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { type ChartData, type ChartKind, formatReportValue } from "~/rules/reports/report-kit.ts";

echarts.use([BarChart, LineChart, PieChart, AriaComponent, GridComponent, LegendComponent, SVGRenderer]);

/** The series colours (Radix's blue, green, orange, red, amber, pink, slate at step 9, then step 11). */
export const CHART_PALETTE = [
  "#0090ff",
  "#30a46c",
  "#f76b15",
  "#e5484d",
  "#ffc53d",
  "#d6409f",
  "#8b8d98",
  "#0d74ce",
  "#218358",
  "#cc4e00",
] as const;
/** Text, axis lines and grid lines (Radix slate 11, 8 and 5). */
export const CHART_INK = { text: "#60646c", axis: "#b9bbc6", grid: "#e0e1e6" } as const;

const WIDTH = 720;
const HEIGHT = 320;

const axisValue = (valueType: ChartData["valueType"]) => (value: number) =>
  valueType === "percent"
    ? formatReportValue("percent", value)
    : valueType === "money"
      ? formatReportValue("money", value)
      : formatReportValue("count", value);

function optionOf(kind: ChartKind, title: string, data: ChartData): echarts.EChartsCoreOption {
  const text = { color: CHART_INK.text, fontSize: 12 };
  const legend =
    data.series.length > 1 || kind === "pie"
      ? { legend: { bottom: 0, textStyle: text, itemWidth: 14, itemHeight: 10, type: "plain" as const } }
      : {};
  const base = { animation: false, aria: { enabled: true, label: { description: title } }, color: [...CHART_PALETTE] };
  if (kind === "pie") {
    const [first] = data.series;
    return {
      ...base,
      ...legend,
      series: [
        {
          type: "pie",
          radius: ["0%", "62%"],
          center: ["50%", "44%"],
          label: { color: CHART_INK.text, formatter: "{b}: {d}%" },
          labelLine: { lineStyle: { color: CHART_INK.axis } },
          data: data.categories.map((name, index) => ({ name, value: first?.values[index] ?? 0 })),
        },
      ],
    };
  }
  return {
    ...base,
    ...legend,
    grid: { left: 64, right: 24, top: 24, bottom: data.series.length > 1 ? 72 : 48 },
    xAxis: {
      type: "category",
      data: data.categories,
      axisLabel: { ...text, hideOverlap: true },
      axisLine: { lineStyle: { color: CHART_INK.axis } },
      axisTick: { lineStyle: { color: CHART_INK.axis } },
    },
    yAxis: {
      type: "value",
      axisLabel: { ...text, formatter: axisValue(data.valueType) },
      splitLine: { lineStyle: { color: CHART_INK.grid } },
    },
    series: data.series.map((series) => ({
      type: kind === "line" ? "line" : "bar",
      name: series.name,
      data: series.values,
      ...(kind === "stacked-bar" ? { stack: "total" } : {}),
      ...(kind === "line" ? { showSymbol: data.categories.length <= 40 } : {}),
    })),
  };
}

/** The chart as an SVG document (no script, no external reference), sized by its viewBox. */
export function renderChartSvg(kind: ChartKind, title: string, data: ChartData): string {
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width: WIDTH, height: HEIGHT });
  try {
    chart.setOption(optionOf(kind, title, data));
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
