import { setupWorker } from 'msw/browser';
import { allDefaultHandlers } from './index.ts';

/** API-shaped requests: everything under /api/ and the locale messages. */
function isApiRequest(url: URL): boolean {
  return url.pathname.startsWith('/api/') || url.pathname.startsWith('/_i18n/');
}

export interface MockWorkerOptions {
  /** Where the app serves `mockServiceWorker.js` (default `/mockServiceWorker.js`). */
  serviceWorkerUrl?: string;
  /** Log every mocked request to the console (default false). */
  verbose?: boolean;
}

/**
 * Starts MSW in the browser for the app's mock mode: every API call is answered by the default
 * handlers; other requests (scripts, fonts, icons) go to the network untouched.
 */
export async function startMockWorker(options: MockWorkerOptions = {}) {
  const worker = setupWorker(...allDefaultHandlers());
  await worker.start({
    quiet: !options.verbose,
    serviceWorker: { url: options.serviceWorkerUrl ?? '/mockServiceWorker.js' },
    onUnhandledRequest(request, print) {
      if (isApiRequest(new URL(request.url))) print.error();
    },
  });
  return worker;
}
