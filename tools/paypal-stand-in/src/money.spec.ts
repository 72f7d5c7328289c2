import { currencyDecimals, formatMinor, moneyOf, readAmount } from './money.js';
import { Issues } from './validation.js';

const read = (raw: unknown, sign: 'positive' | 'not-negative' = 'positive') => {
  const issues = new Issues();
  const amount = readAmount(raw, '/amount', issues, sign);
  return { amount, schema: issues.schema.map((i) => i.issue), business: issues.business.map((i) => i.issue) };
};

describe('money as PayPal writes it', () => {
  it('writes minor units with the currency decimals', () => {
    expect(formatMinor(1050n, 2)).toBe('10.50');
    expect(formatMinor(5n, 2)).toBe('0.05');
    expect(formatMinor(-5n, 2)).toBe('-0.05');
    expect(formatMinor(1000n, 0)).toBe('1000');
  });

  it.each([
    ['10.5', '10.50', 1050n],
    ['10', '10.00', 1000n],
    ['.5', '0.50', 50n],
    ['007.25', '7.25', 725n],
    [10.5, '10.50', 1050n],
  ])('reads %p as %s', (value, written, minor) => {
    const { amount } = read({ currency_code: 'USD', value });
    expect(amount).toMatchObject({ currency_code: 'USD', value: written, minor });
  });

  it('keeps currencies without decimals whole', () => {
    expect(read({ currency_code: 'JPY', value: '1500' }).amount).toMatchObject({ value: '1500', minor: 1500n });
    expect(read({ currency_code: 'JPY', value: '1500.5' }).business).toEqual(['DECIMALS_NOT_SUPPORTED']);
  });

  it.each([
    [undefined, ['MISSING_REQUIRED_PARAMETER'], []],
    ['10 USD', ['INVALID_PARAMETER_SYNTAX'], []],
    [{ value: '1.00' }, ['MISSING_REQUIRED_PARAMETER'], []],
    [{ currency_code: 'USD' }, ['MISSING_REQUIRED_PARAMETER'], []],
    [{ currency_code: 'USD', value: 'abc' }, ['INVALID_PARAMETER_SYNTAX'], []],
    [{ currency_code: 'USD', value: '1e3' }, ['INVALID_PARAMETER_SYNTAX'], []],
    [{ currency_code: 'USD', value: '1'.repeat(33) }, ['INVALID_PARAMETER_SYNTAX'], []],
    [{ currency_code: 'US', value: '1.00' }, ['INVALID_STRING_LENGTH'], []],
    [{ currency_code: 7, value: '1.00' }, ['INVALID_PARAMETER_SYNTAX'], []],
    [{ currency_code: 'XYZ', value: '1.00' }, [], ['INVALID_CURRENCY_CODE']],
    [{ currency_code: 'USD', value: '10.555' }, [], ['DECIMAL_PRECISION']],
    [{ currency_code: 'USD', value: '0.00' }, [], ['CANNOT_BE_ZERO_OR_NEGATIVE']],
    [{ currency_code: 'USD', value: '-1' }, [], ['CANNOT_BE_ZERO_OR_NEGATIVE']],
  ])('refuses %p as a total', (raw, schema, business) => {
    const result = read(raw);
    expect(result.amount).toBeUndefined();
    expect(result.schema).toEqual(schema);
    expect(result.business).toEqual(business);
  });

  it('lets a breakdown line be zero but not negative', () => {
    expect(read({ currency_code: 'USD', value: '0' }, 'not-negative').amount).toMatchObject({ value: '0.00' });
    expect(read({ currency_code: 'USD', value: '-0.01' }, 'not-negative').business).toEqual(['CANNOT_BE_NEGATIVE']);
  });

  // Currency codes come from requests: a name of Object's own properties is an unknown currency, never a hit.
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('knows no currency %s', (code) => {
    expect(currencyDecimals(code)).toBeUndefined();
    expect(moneyOf(1050n, code)).toMatchObject({ value: '10.50', decimals: 2 });
    expect(read({ currency_code: code, value: '1.00' })).toEqual({ amount: undefined, schema: ['INVALID_STRING_LENGTH'], business: [] });
  });

  it('knows the currencies PayPal takes, with their decimals', () => {
    expect([currencyDecimals('USD'), currencyDecimals('JPY'), currencyDecimals('XYZ')]).toEqual([2, 0, undefined]);
  });
});
