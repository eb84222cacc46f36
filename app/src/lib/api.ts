import { createApiClient } from './http.ts';

/** The app's one client. The session (next issue) plugs its token in through `getToken`. */
export const api = createApiClient({
  baseUrl: import.meta.env.VITE_API_BASE ?? '',
  getToken: () => null,
});
