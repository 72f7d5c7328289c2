/**
 * What each dashboard chart draws, as chart.js configurations built from the API's answers. Only
 * chart.js's types are imported here: the library itself stays in chart-engine.ts's lazy chunk.
 */
import type { ChartConfiguration } from 'chart.js';
import { dollars, theme } from '@shop/ui';
import type { DashboardFigures, LowStockProduct, OrderDisplayState } from './dashboard-types.js';

const { colors } = theme;

/** What an admin reads for each display state of an order. */
export const STATE_LABELS: Record<OrderDisplayState, string> = {
  'awaiting-stock': 'Awaiting stock',
  'awaiting-payment': 'Awaiting payment',
  paid: 'Paid, not delivered',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** Each state's colour: theme colours at 3:1 or more against the white page (WCAG 1.4.11, graphics). */
export const STATE_COLORS: Record<OrderDisplayState, string> = {
  'awaiting-stock': colors.secondary,
  'awaiting-payment': colors.star,
  paid: colors.link,
  delivered: colors.successText,
  cancelled: colors.danger,
  refunded: colors.infoText,
};

/** `count` and its noun, singular for 1: '1 order', '3 orders'. */
export function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The most characters of a product name a bar's label shows: a phone's chart keeps room for its bars. */
export const BAR_LABEL_LENGTH = 18;

/** A product name as a bar's label: cut with an ellipsis past BAR_LABEL_LENGTH (the tooltip and the table have it whole). */
export function barLabel(name: string): string {
  return name.length > BAR_LABEL_LENGTH ? `${name.slice(0, BAR_LABEL_LENGTH - 1).trimEnd()}…` : name;
}

/** The category axis of horizontal bars, labelled with barLabel. */
const namedBars = {
  ticks: {
    callback(this: { getLabelForValue(value: number): string }, value: string | number) {
      return barLabel(this.getLabelForValue(Number(value)));
    },
  },
};

const money = { callback: (value: string | number) => dollars(Number(value)) };
const wholeNumbers = { precision: 0 };

/** Sales per UTC day: one bar a day, in dollars. */
export function salesConfig(days: DashboardFigures['days']): ChartConfiguration<'bar'> {
  return {
    type: 'bar',
    data: {
      labels: days.map((day) => day.date.slice(5)),
      datasets: [{ label: 'Sales', data: days.map((day) => day.sales), backgroundColor: colors.link }],
    },
    options: {
      plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item) => `${dollars(Number(item.raw))}, ${counted(days[item.dataIndex].orders, 'order')}` } } },
      scales: { y: { beginAtZero: true, ticks: money } },
    },
  };
}

/** The window's orders by state: a doughnut with its legend. */
export function statesConfig(byState: DashboardFigures['byState']): ChartConfiguration<'doughnut'> {
  return {
    type: 'doughnut',
    data: {
      labels: byState.map((row) => STATE_LABELS[row.state]),
      datasets: [{ data: byState.map((row) => row.count), backgroundColor: byState.map((row) => STATE_COLORS[row.state]), borderColor: colors.background }],
    },
    options: { plugins: { legend: { position: 'bottom' } } },
  };
}

/** The best sellers: horizontal bars of units sold. */
export function topProductsConfig(products: DashboardFigures['topProducts']): ChartConfiguration<'bar'> {
  return {
    type: 'bar',
    data: {
      labels: products.map((product) => product.name),
      datasets: [{ label: 'Units sold', data: products.map((product) => product.quantity), backgroundColor: colors.primary }],
    },
    options: { indexAxis: 'y', plugins: { legend: { display: false } }, scales: { x: { beginAtZero: true, ticks: wholeNumbers }, y: namedBars } },
  };
}

/** The products running out: horizontal bars of what is left. */
export function lowStockConfig(products: LowStockProduct[]): ChartConfiguration<'bar'> {
  return {
    type: 'bar',
    data: {
      labels: products.map((product) => product.name),
      datasets: [{ label: 'In stock', data: products.map((product) => product.countInStock), backgroundColor: colors.danger }],
    },
    options: { indexAxis: 'y', plugins: { legend: { display: false } }, scales: { x: { beginAtZero: true, ticks: wholeNumbers }, y: namedBars } },
  };
}
