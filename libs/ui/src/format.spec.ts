import { dollars, isoDay, orderListDate } from './format.js';

describe('prices and dates', () => {
  it('shows prices in dollars with 2 decimals', () => {
    expect(dollars(89.99)).toBe('$89.99');
    expect(dollars(1099.5)).toBe('$1099.50');
    expect(dollars(0)).toBe('$0.00');
  });

  it('shows profile order dates as dd/mm/yyyy with a 12-hour time, in local time', () => {
    expect(orderListDate(new Date(2026, 10, 20, 9, 30).toISOString())).toBe('20/11/2026 9:30 AM');
    expect(orderListDate(new Date(2026, 0, 5, 0, 7).toISOString())).toBe('05/01/2026 12:07 AM');
    expect(orderListDate(new Date(2026, 11, 31, 12, 0).toISOString())).toBe('31/12/2026 12:00 PM');
    expect(orderListDate(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('31/12/2026 11:59 PM');
  });

  it('keeps an unreadable date as it came', () => {
    expect(orderListDate('soon')).toBe('soon');
  });

  it('shows other dates as the first 10 characters of the ISO date', () => {
    expect(isoDay('2026-11-20T09:30:00.000Z')).toBe('2026-11-20');
  });
});
