import { describe, expect, it } from '@jest/globals';
import { theme } from '@shop/ui';
import { barLabel, counted, lowStockConfig, salesConfig, STATE_COLORS, statesConfig, topProductsConfig } from './chart-configs.js';

describe('the dashboard charts', () => {
  it('draws a bar a day, labelled by month and day, at the day’s sales', () => {
    const config = salesConfig([
      { date: '2026-11-25', orders: 0, sales: 0 },
      { date: '2026-11-26', orders: 2, sales: 150.5 },
    ]);
    expect(config.data.labels).toEqual(['11-25', '11-26']);
    expect(config.data.datasets[0].data).toEqual([0, 150.5]);
  });

  it('gives each order state its own theme colour, in the order of the answer', () => {
    const config = statesConfig([
      { state: 'paid', count: 3 },
      { state: 'cancelled', count: 1 },
    ]);
    expect(config.data.labels).toEqual(['Paid, not delivered', 'Cancelled']);
    expect(config.data.datasets[0].backgroundColor).toEqual([theme.colors.link, theme.colors.danger]);
    expect(new Set(Object.values(STATE_COLORS)).size).toBe(6);
  });

  it('draws best sellers and low stock as horizontal bars by name', () => {
    const top = topProductsConfig([{ productId: 'p1', name: 'Lamp', quantity: 4, sales: 80 }]);
    expect(top.options?.indexAxis).toBe('y');
    expect(top.data).toMatchObject({ labels: ['Lamp'], datasets: [{ data: [4] }] });
    const low = lowStockConfig([{ _id: 'p2', name: 'Desk', countInStock: 0 }]);
    expect(low.options?.indexAxis).toBe('y');
    expect(low.data).toMatchObject({ labels: ['Desk'], datasets: [{ data: [0] }] });
  });

  it('cuts a long product name on its bar, and leaves a short one whole', () => {
    expect(barLabel('Logitech MX Master 3S Wireless Mouse')).toBe('Logitech MX Maste…');
    expect(barLabel('Desk lamp')).toBe('Desk lamp');
  });

  it('counts in words that agree with the number', () => {
    expect([counted(0, 'order'), counted(1, 'order'), counted(2, 'paid order')]).toEqual(['0 orders', '1 order', '2 paid orders']);
  });
});
