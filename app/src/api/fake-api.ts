import { endpoints, type Endpoint } from '@protokoll/contract';
import { ApiError } from '../lib/api-error.ts';

/*
 * A stand-in for `session-context.ts` in the tests of the API modules: what each endpoint
 * answers is set per test in `handlers`, every call is recorded in `calls`, and the session
 * records what the fetchers ask of it. Use it with
 * `vi.mock('…/session/session-context.ts', () => import('…/api/fake-api.ts'))`.
 */

export type Handler = (input: { query?: unknown; body?: unknown; params?: unknown }) => unknown;

export const handlers: Record<string, Handler> = {};
export const calls: { id: string; input: unknown }[] = [];

export const fakeSession = {
  state: { isAuthenticated: true },
  remembered: [] as unknown[],
  ended: 0,
  getState() {
    return this.state;
  },
  rememberUser(user: unknown) {
    this.remembered.push(user);
  },
  end() {
    this.ended++;
    this.state = { isAuthenticated: false };
  },
};

/** Forgets the handlers, the calls and what the session was asked. */
export function resetFakeApi(): void {
  for (const key of Object.keys(handlers)) delete handlers[key];
  calls.length = 0;
  fakeSession.state = { isAuthenticated: true };
  fakeSession.remembered = [];
  fakeSession.ended = 0;
}

/** The ids of the calls made so far, or how often one endpoint was called. */
export const callIds = (): string[] => calls.map((call) => call.id);
export const callCount = (id: string): number => calls.filter((call) => call.id === id).length;

const client = {
  async call(endpoint: Endpoint, input: Parameters<Handler>[0] = {}) {
    calls.push({ id: endpoint.id, input });
    const handler = handlers[endpoint.id];
    if (!handler) throw new ApiError('http', 500, 'internal', `no handler: ${endpoint.id}`);
    return handler(input);
  },
};

export async function loadSession() {
  return { endpoints, client, session: fakeSession };
}

export function useSessionState() {
  return fakeSession.state;
}
