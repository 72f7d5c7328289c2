/**
 * The dashboard's one door to chart.js. Only `chart-figure.tsx` loads it, with `import()`, so rspack
 * puts chart.js in a chunk of its own that only the dashboard page downloads. Only the controllers,
 * elements and scales the dashboard draws are registered, so the rest of chart.js is shaken out.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
  type ChartType,
} from 'chart.js';
import { theme } from '@shop/ui';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, DoughnutController, ArcElement, Legend, Tooltip);
Chart.defaults.color = theme.colors.text;
Chart.defaults.borderColor = theme.colors.border;
Chart.defaults.font.family = theme.fonts.body;

/** A chart drawn on a canvas, to be destroyed when its figure goes. */
export interface DrawnChart {
  destroy(): void;
}

/**
 * Draws `config` on `canvas`, without any animation when the user asked for less motion. Answers
 * undefined when the canvas has no 2D context (a browser without canvas, jsdom): the figure's table
 * still holds the numbers.
 */
export function drawChart<T extends ChartType>(canvas: HTMLCanvasElement, config: ChartConfiguration<T>, reducedMotion: boolean): DrawnChart | undefined {
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  const options = { ...config.options, responsive: true, maintainAspectRatio: false, ...(reducedMotion && { animation: false as const }) };
  return new Chart(context, { ...config, options } as ChartConfiguration<T>);
}
