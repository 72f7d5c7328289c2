import { priceOrder } from './order-prices.js';

describe('priceOrder', () => {
  it('adds price × quantity of every line, with 10 % tax and shipping under 100.00', () => {
    expect(priceOrder([{ priceCents: 19_99, quantity: 2 }, { priceCents: 5_00, quantity: 1 }])).toEqual({
      itemsCents: 44_98,
      shippingCents: 50_00,
      taxCents: 4_50,
      totalCents: 99_48,
    });
  });

  it('charges shipping at exactly 100.00 and ships free from 100.01', () => {
    expect(priceOrder([{ priceCents: 100_00, quantity: 1 }]).shippingCents).toBe(50_00);
    expect(priceOrder([{ priceCents: 100_01, quantity: 1 }]).shippingCents).toBe(0);
  });

  it('rounds tax half up to the cent', () => {
    expect(priceOrder([{ priceCents: 5, quantity: 1 }]).taxCents).toBe(1); // 0.005 -> 0.01
    expect(priceOrder([{ priceCents: 4, quantity: 1 }]).taxCents).toBe(0); // 0.004 -> 0.00
    expect(priceOrder([{ priceCents: 15, quantity: 1 }]).taxCents).toBe(2); // 0.015 -> 0.02
    expect(priceOrder([{ priceCents: 10_01, quantity: 3 }]).taxCents).toBe(3_00); // 3.003 -> 3.00
  });

  it('never drifts the way floats do (0.1 + 0.2)', () => {
    const prices = priceOrder([{ priceCents: 10, quantity: 1 }, { priceCents: 20, quantity: 1 }]);
    expect(prices).toEqual({ itemsCents: 30, shippingCents: 50_00, taxCents: 3, totalCents: 50_33 });
  });
});
