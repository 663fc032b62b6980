import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  type Plugin,
  PointElement,
  Tooltip,
} from 'chart.js';

/**
 * Chart.js with only what the report draws (bars, doughnuts, lines, their scales, tooltip and
 * legend): registering parts rather than `chart.js/auto` keeps the page's chunk small. This module
 * is imported by the report page alone, so Chart.js never loads with the shell.
 */
Chart.register(
  BarController,
  BarElement,
  DoughnutController,
  ArcElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

/** A white ground under every chart, so a downloaded PNG is not transparent. */
const whiteBackground: Plugin = {
  id: 'dfWhiteBackground',
  beforeDraw(chart) {
    const { ctx, width, height } = chart;
    ctx.save();
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  },
};
Chart.register(whiteBackground);

Chart.defaults.font.family =
  'Roboto, "Noto Sans TC", "PingFang TC", "Microsoft JhengHei", -apple-system, "Segoe UI", Arial, sans-serif';
Chart.defaults.color = '#595959';

export { Chart };

/**
 * Where each element (bar, slice, point) is drawn, in CSS pixels of the canvas, as
 * `data-elements="[[dataset, index, x, y], …]"`: a canvas has no DOM to find a bar in, and this
 * lets a browser journey (e2e/reports.spec.ts) click the bar it means.
 */
interface Centred {
  getCenterPoint(useFinalPosition: boolean): { x: number; y: number };
}
const elementPositions: Plugin = {
  id: 'dfElementPositions',
  afterRender(chart) {
    const points: number[][] = [];
    chart.data.datasets.forEach((_, s) => {
      const meta = chart.getDatasetMeta(s);
      if (meta.hidden) return;
      meta.data.forEach((element, i) => {
        // Bars, arcs and points all have a centre (the base Element type does not say so).
        const { x, y } = (element as unknown as Centred).getCenterPoint(true);
        if (Number.isFinite(x) && Number.isFinite(y)) points.push([s, i, Math.round(x), Math.round(y)]);
      });
    });
    chart.canvas.dataset.elements = JSON.stringify(points);
  },
};
Chart.register(elementPositions);
