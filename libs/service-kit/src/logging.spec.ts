import type { IncomingMessage } from 'node:http';
import { requestIdOf } from './logging.js';

const requestWith = (id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as IncomingMessage;

describe('requestIdOf', () => {
  it('keeps a well-formed request id from the gateway', () => {
    expect(requestIdOf(requestWith('0b7c3e9a-1f2d-4c5b-8a9e-123456789abc'))).toBe('0b7c3e9a-1f2d-4c5b-8a9e-123456789abc');
  });

  it('replaces a missing or malformed one with a new uuid', () => {
    for (const bad of [undefined, '', 'short', 'has spaces in it', 'x'.repeat(65), 'evil\nline-injection']) {
      expect(requestIdOf(requestWith(bad))).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
