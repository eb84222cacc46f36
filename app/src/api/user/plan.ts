import type { Plan } from '@protokoll/contract';
import { useQuery, type QueryState } from '@tanstack/react-query';
import { fetchPlanWith, planQuery } from '../../session/account-queries.ts';
import { loadSession } from '../../session/session-context.ts';
import { loadView, useRetryAfter } from '../load-view.ts';

// GET /api/user/plan

/** The current plan (`session/account-queries.ts`, where its load rules are). */
export function fetchPlan(signal?: AbortSignal): Promise<Plan> {
  return fetchPlanWith(loadSession, signal);
}

export function planQueryOptions() {
  return planQuery(loadSession);
}

/**
 * The session's plan as the API rule has it: a failed load clears it (null). No screen shows that as
 * "no plan" or "Free" (they use `usePlan().view`).
 */
export function sessionPlan(
  state: Pick<QueryState<Plan>, 'status' | 'data'> | undefined,
): Plan | null | undefined {
  if (state?.status === 'error') return null;
  return state?.data;
}

/** The plan for a page: the query, and what its widgets may say (`view`). */
export function usePlan() {
  const query = useQuery(planQueryOptions());
  useRetryAfter(query);
  return { ...query, view: loadView(query) };
}
