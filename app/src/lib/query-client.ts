import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

/**
 * Wait before a query's next attempt: a busy server's `Retry-After` (503 or 429) when it sent
 * one, else TanStack Query's own doubling from one second, capped at 30 s either way.
 */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  const cap = 30_000;
  if (error instanceof ApiError && error.retryAfterMs !== undefined) {
    return Math.min(error.retryAfterMs, cap);
  }
  return Math.min(1000 * 2 ** failureCount, cap);
}

/** Server state for the signed-in pages. Lives in their chunk, not in the sign-in page's. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: true, retryDelay: queryRetryDelay },
  },
});
