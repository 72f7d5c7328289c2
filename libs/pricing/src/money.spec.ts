import { centsOf, decimalOf, toCents, toDollars } from './money.js';

describe('money', () => {
  it('reads decimal amounts as PayPal writes them into exact cents', () => {
    expect(centsOf('110.00')).toBe(110_00);
    expect(centsOf('0.1')).toBe(10);
    expect(centsOf('19.99')).toBe(19_99);
    expect(centsOf('7')).toBe(7_00);
  });

  it('refuses anything else', () => {
    for (const value of ['', '1.234', '-1.00', '1e3', ' 1.00', 'abc', 110, null, undefined]) expect(centsOf(value)).toBeUndefined();
  });

  it('writes cents as PayPal reads amounts', () => {
    expect(decimalOf(110_00)).toBe('110.00');
    expect(decimalOf(10_05)).toBe('10.05');
    expect(decimalOf(7)).toBe('0.07');
  });

  it('turns dollars with at most two decimals into cents, without float drift', () => {
    expect(toCents(10.5)).toBe(10_50);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(19_99);
  });

  it('answers cents as dollars', () => {
    expect(toDollars(10_50)).toBe(10.5);
    expect(toDollars(5)).toBe(0.05);
  });
});
