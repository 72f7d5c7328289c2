import { describe, expect, it } from '@jest/globals';
import { sampledIn } from './server-spans.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

describe('sampledIn', () => {
  it('reads the sampled bit of a W3C traceparent', () => {
    expect(sampledIn(`00-${TRACE}-${SPAN}-01`)).toBe(true);
    expect(sampledIn(`00-${TRACE}-${SPAN}-03`)).toBe(true);
    expect(sampledIn(`00-${TRACE}-${SPAN}-00`)).toBe(false);
    expect(sampledIn(`00-${TRACE}-${SPAN}-02`)).toBe(false);
  });

  it('lets a later version with more fields through to the propagator, by its flags', () => {
    expect(sampledIn(`cc-${TRACE}-${SPAN}-01-what-the-future-brings`)).toBe(true);
  });

  it('is false for no header, several, or one of another shape', () => {
    expect(sampledIn(undefined)).toBe(false);
    expect(sampledIn([`00-${TRACE}-${SPAN}-01`, `00-${TRACE}-${SPAN}-01`])).toBe(false);
    expect(sampledIn('')).toBe(false);
    expect(sampledIn(`00-${TRACE}-${SPAN}-0`)).toBe(false);
    expect(sampledIn(`00-${TRACE}-${SPAN}x01`)).toBe(false);
    expect(sampledIn(`00-${TRACE}-${SPAN}-zz`)).toBe(false);
  });
});
