import { NEW_BUILD_POLL_MS } from '@protokoll/contract';

/*
 * New-version detection (docs/architecture.md#new-builds): the build writes `latest-build.json`
 * with its id; an open tab asks for it now and then (a timestamp in the query gets past every
 * cache) and when it becomes visible again. Once another build is out, the app offers a reload
 * and the next navigation loads the page anew.
 */

/** The id of the build this tab runs. */
export const CURRENT_BUILD = __BUILD_ID__;

let newBuildSeen = false;

/** Whether a newer build than this tab's is out: navigations then load the page anew. */
export const newBuildIsOut = () => newBuildSeen;

/** Asks for the latest build's id; answers whether it differs from ours (errors: no). */
export async function isNewBuildOut({
  fetch: doFetch = fetch,
  now = Date.now(),
  current = CURRENT_BUILD,
}: { fetch?: typeof fetch; now?: number; current?: string } = {}): Promise<boolean> {
  try {
    const response = await doFetch(`/latest-build.json?t=${now}`, { cache: 'no-store' });
    if (!response.ok) return false;
    const { buildId } = (await response.json()) as { buildId?: unknown };
    return typeof buildId === 'string' && buildId !== current;
  } catch {
    return false;
  }
}

/**
 * Watches for a new build every `intervalMs` and whenever the tab becomes visible; calls
 * `onNewBuild` once. Returns a function that stops watching.
 */
export function watchForNewBuild(
  onNewBuild: () => void,
  { intervalMs = NEW_BUILD_POLL_MS, check = () => isNewBuildOut() } = {},
): () => void {
  let stopped = false;
  let checking = false;
  const run = async () => {
    if (stopped || checking) return;
    checking = true;
    const out = await check();
    checking = false;
    if (!out || stopped) return;
    newBuildSeen = true;
    stop();
    onNewBuild();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void run();
  };
  const timer = setInterval(() => void run(), intervalMs);
  document.addEventListener('visibilitychange', onVisible);
  function stop() {
    stopped = true;
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  }
  return stop;
}
