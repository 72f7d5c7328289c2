import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../api/http.js';
import { createShopQueryClient, isClientError } from './query-client.js';

describe('createShopQueryClient', () => {
  const retry = createShopQueryClient().getDefaultOptions().queries?.retry as (count: number, error: unknown) => boolean;

  it('retries a server or network error once', () => {
    expect(retry(0, new ApiError(503, 'Service Unavailable'))).toBe(true);
    expect(retry(0, new ApiError(0, 'Failed to fetch'))).toBe(true);
    expect(retry(1, new ApiError(503, 'Service Unavailable'))).toBe(false);
  });

  it('never retries a 4xx, which would answer the same', () => {
    expect(isClientError(new ApiError(404, 'Product not found'))).toBe(true);
    expect(retry(0, new ApiError(404, 'Product not found'))).toBe(false);
  });
});
