import type { QueryObserverResult, UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '../lib/api-error.ts';

/** The load state a widget shows (`MinutesMeter`, `PlanCard`). */
export type WidgetStatus = 'loading' | 'error' | 'ready';

/**
 * What a widget may say about one value of the account (docs/minutes.md#when-loading-fails):
 * what the server answered, or that the last load failed, with the value it answered before and
 * when. Never a fallback in place of "not known".
 */
export interface LoadView<T> {
  /**
   * The server's last answer: the current value while `ready`, the last known one while `error`
   * (TanStack Query keeps it through a failed load); undefined when there is none.
   */
  data: T | undefined;
  status: WidgetStatus;
  /** When the last known value was answered (ISO), while `error` shows one: "Stand: …". */
  asOf: string | undefined;
  /** A new load after the failure is on its way ("Retry" pressed, or the server's Retry-After). */
  retrying: boolean;
}

type LoadedQuery<T> = Pick<UseQueryResult<T>, 'data' | 'isError' | 'isFetching' | 'dataUpdatedAt'>;

export function loadView<T>(query: LoadedQuery<T>): LoadView<T> {
  if (query.isError) {
    return {
      data: query.data,
      status: 'error',
      asOf: query.data === undefined ? undefined : new Date(query.dataUpdatedAt).toISOString(),
      retrying: query.isFetching,
    };
  }
  return {
    data: query.data,
    status: query.data === undefined ? 'loading' : 'ready',
    asOf: undefined,
    retrying: false,
  };
}

/** Loads the busy answers of one page visit bring about by themselves; then "Retry" is left. */
export const MAX_RETRY_AFTER_LOADS = 3;
/** A `Retry-After` further off than this is not waited for on the page ("Retry" is). */
export const MAX_RETRY_AFTER_AUTO_MS = 5 * 60_000;

type RetryableQuery = Pick<
  QueryObserverResult,
  'error' | 'isError' | 'errorUpdatedAt' | 'dataUpdatedAt' | 'refetch'
>;

/**
 * A busy server's 503 names when to come back (`Retry-After`, docs/sessions.md#timeouts-and-retries):
 * the query loads again then, while the widget shows the failure meanwhile. The SPEC's one
 * attempt per load stays; this is a new load, at most `MAX_RETRY_AFTER_LOADS` in a row without an
 * answer. Failures that name no time wait for "Retry" (or the next visit).
 */
export function useRetryAfter(query: RetryableQuery): void {
  const { error, isError, errorUpdatedAt, dataUpdatedAt, refetch } = query;
  const wait = isError && error instanceof ApiError ? error.retryAfterMs : undefined;
  // Automatic loads since the last answer: an answer starts the count again.
  const streak = useRef({ since: dataUpdatedAt, loads: 0 });

  useEffect(() => {
    if (wait === undefined || wait > MAX_RETRY_AFTER_AUTO_MS) return;
    if (streak.current.since !== dataUpdatedAt) streak.current = { since: dataUpdatedAt, loads: 0 };
    if (streak.current.loads >= MAX_RETRY_AFTER_LOADS) return;
    const timer = setTimeout(() => {
      streak.current.loads += 1;
      // Another observer's load of the same key is joined, not cancelled.
      void refetch({ cancelRefetch: false });
    }, wait);
    return () => clearTimeout(timer);
    // One timer per failure: `errorUpdatedAt` tells one failure from the next.
  }, [wait, errorUpdatedAt, dataUpdatedAt, refetch]);
}
