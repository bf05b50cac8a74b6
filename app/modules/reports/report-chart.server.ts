// Report charts drawn on the server as SVG with Apache ECharts' server-side renderer (ADR 055): the browser
// loads no chart code and a chart shows without JavaScript. Colours are drawn in a fixed palette of
// Radix's light-theme values, which app/styles/app.css maps onto the theme's variables by attribute, so
// one SVG follows the light and the dark theme.
import { BarChart, LineChart, MapChart, PieChart } from "echarts/charts";
import { AriaComponent, GridComponent, LegendComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import type { GeometryObject, Topology } from "topojson-specification";
import { feature } from "topojson-client";
import statesTopology from "us-atlas/states-albers-10m.json";
import { type ChartData, type ChartKind, formatReportValue } from "~/rules/reports/report-kit.ts";

echarts.use([BarChart, LineChart, MapChart, PieChart, AriaComponent, GridComponent, LegendComponent, SVGRenderer]);

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

/** A map's shades, fewest units to most (Radix blue 3, 5, 7, 9, 11), and a state with none (slate 3). */
export const MAP_SCALE = ["#e6f4fe", "#c2e5ff", "#8ec8f6", "#0090ff", "#0d74ce"] as const;
export const MAP_EMPTY = "#f0f0f3";

/** The shade of a state with this many units when the most any state has is `max`. */
export function mapShade(value: number, max: number): string {
  if (value <= 0 || max <= 0) return MAP_EMPTY;
  return MAP_SCALE[Math.min(MAP_SCALE.length - 1, Math.ceil((value / max) * MAP_SCALE.length) - 1)]!;
}

/** Points nearer than this to the last one kept are dropped (the atlas is 975 wide): a third of the SVG. */
const MAP_TOLERANCE = 2.5;
const US_MAP = "us-states";
let mapRegistered = false;

/**
 * The states, already projected (Albers, planar, y down), registered once: each shared border is thinned
 * once in the topology, so neighbours keep meeting, then turned into features by name.
 */
function registerStates(): void {
  if (mapRegistered) return;
  const topology = statesTopology as unknown as Topology & { transform: { scale: number[]; translate: number[] } };
  const [sx = 1, sy = 1] = topology.transform.scale;
  const [tx = 0, ty = 0] = topology.transform.translate;
  const arcs = topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    const points = arc.map(([dx = 0, dy = 0]) => {
      x += dx;
      y += dy;
      return [x * sx + tx, y * sy + ty];
    });
    const kept = points.slice(0, 1);
    for (const point of points.slice(1, -1)) {
      const last = kept[kept.length - 1]!;
      if (Math.hypot(point[0]! - last[0]!, point[1]! - last[1]!) >= MAP_TOLERANCE) kept.push(point);
    }
    if (points.length > 1) kept.push(points[points.length - 1]!);
    return kept;
  });
  const thinned: Topology = { type: "Topology", arcs, objects: topology.objects };
  const states = feature(thinned, topology.objects.states as GeometryObject);
  echarts.registerMap(US_MAP, states as unknown as Parameters<typeof echarts.registerMap>[1]);
  mapRegistered = true;
}

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
  if (kind === "map") {
    registerStates();
    const values = data.series[0]?.values ?? [];
    const max = Math.max(0, ...values);
    return {
      ...base,
      series: [
        {
          type: "map",
          map: US_MAP,
          // The atlas is projected already: its coordinates are drawn as they are.
          projection: { project: (point: number[]) => point, unproject: (point: number[]) => point },
          label: { show: false },
          emphasis: { disabled: true },
          select: { disabled: true },
          itemStyle: { areaColor: MAP_EMPTY, borderColor: CHART_INK.axis, borderWidth: 0.5 },
          data: data.categories.map((name, index) => ({
            name,
            value: values[index] ?? 0,
            itemStyle: { areaColor: mapShade(values[index] ?? 0, max) },
          })),
        },
      ],
    };
  }
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
