import { describe, expect, it } from '@jest/globals';
import { errorRate, layoutShift, milliseconds, nextShares, shareLabel, utcMinute } from './release-format.js';

describe('how the releases page writes its figures', () => {
  it('writes an error rate with one decimal and %, a dash before any session', () => {
    expect(errorRate(2.54)).toBe('2.5 %');
    expect(errorRate(0)).toBe('0.0 %');
    expect(errorRate(100)).toBe('100.0 %');
    expect(errorRate(null)).toBe('–');
  });

  it('rounds LCP and INP to whole milliseconds, a dash before any report', () => {
    expect(milliseconds(2480.5)).toBe('2481');
    expect(milliseconds(187.4)).toBe('187');
    expect(milliseconds(null)).toBe('–');
  });

  it('writes CLS with two decimals, a dash before any report', () => {
    expect(layoutShift(0.0512)).toBe('0.05');
    expect(layoutShift(0)).toBe('0.00');
    expect(layoutShift(null)).toBe('–');
  });

  it('writes a time to the minute in UTC, and an unreadable one as it came', () => {
    expect(utcMinute('2026-11-26T12:30:59.000Z')).toBe('2026-11-26 12:30 UTC');
    expect(utcMinute('2026-11-26T14:30:00+02:00')).toBe('2026-11-26 12:30 UTC');
    expect(utcMinute('soon')).toBe('soon');
  });

  it('offers the shares above the canary, 100 % (the current build) always among them', () => {
    expect(nextShares(1)).toEqual([10, 25, 50, 100]);
    expect(nextShares(10)).toEqual([25, 50, 100]);
    expect(nextShares(50)).toEqual([100]);
    expect(nextShares(99)).toEqual([100]);
    expect(shareLabel(50)).toBe('50 %');
    expect(shareLabel(100)).toBe('100 %');
  });
});
