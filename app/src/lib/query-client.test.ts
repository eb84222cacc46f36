import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { queryClient, queryRetryDelay } from './query-client.ts';

describe('queryRetryDelay', () => {
  it('waits a busy answer’s Retry-After, otherwise doubles from one second, capped at 30 s', () => {
    const busy = new ApiError('http', 503, 'server', 'busy', undefined, 2_000);
    expect(queryRetryDelay(0, busy)).toBe(2_000);
    expect(queryRetryDelay(0, new ApiError('http', 503, 'server', 'x', undefined, 600_000))).toBe(
      30_000,
    );
    expect(queryRetryDelay(0, new ApiError('http', 500, 'internal', 'x'))).toBe(1_000);
    expect(queryRetryDelay(2, new Error('x'))).toBe(4_000);
    expect(queryRetryDelay(10, new Error('x'))).toBe(30_000);
    expect(queryClient.getDefaultOptions().queries?.retryDelay).toBe(queryRetryDelay);
  });
});
