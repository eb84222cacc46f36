import './zod-config.ts';
import { splitLocale } from '@protokoll/contract';
import { FONTS_LATER_ATTRIBUTE } from './lib/boot-scripts.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import {
  INLINED_MESSAGES_ID,
  initAppI18n,
  loadMessageGroups,
  type InlinedMessages,
} from './lib/app-i18n.ts';
import { preloadContentPage } from './lib/content.ts';
import { FIRST_DATA_WAIT_MS, firstDataLoaded, markFirstDataLoaded } from './lib/first-data.ts';
import { guardChunkLoads, preloadComponents } from './lib/lazy-route.ts';
import { preloadCurrentPage } from './prefetch-page.ts';
import { readLocaleCookie } from './lib/locale.ts';
import { watchTheme } from './lib/theme.ts';
import { fetchWebFont } from './lib/web-font.ts';
import { isSignedInPage } from './prerender-routes.ts';
import { PageRenderContext, type RenderedAccess } from './lib/page-render.ts';
import { readStoredSession } from './session/stored-session.ts';
import { startFirstRequests } from './lib/first-requests.ts';
import { inlinedQueries, INLINED_QUERIES_ID, matchesBrowser } from './lib/inlined-queries.ts';
import { replayClicks, takeHeldClicks } from './lib/held-clicks.ts';
import './styles/public.css';

/** The messages a prerendered page carries, when it is one (docs/architecture.md#prerendered-pages). */
function inlinedMessages(): InlinedMessages | undefined {
  const script = document.getElementById(INLINED_MESSAGES_ID);
  return script?.textContent ? (JSON.parse(script.textContent) as InlinedMessages) : undefined;
}

/**
 * A page the browser renders whose `<html>` holds the web font back (`FONTS_LATER_ATTRIBUTE`: a
 * signed-in page's shell) fetches it after the first data, so that its ~49 KiB do not share the
 * line with the session chunk and the page's data; a prerendered page's script loader fetched it
 * after the first paint (docs/architecture.md#the-web-font).
 */
function fontsAfterFirstData() {
  setTimeout(markFirstDataLoaded, FIRST_DATA_WAIT_MS);
  if (!document.documentElement.hasAttribute(FONTS_LATER_ATTRIBUTE)) return;
  void firstDataLoaded.then(() => fetchWebFont());
}

/** Ends the current task: what follows runs in a new one, after the browser's pending work. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // Every lazily loaded module after a deploy or while offline (docs/architecture.md#new-builds).
  guardChunkLoads();
  watchTheme();
  if (import.meta.env.MODE === 'mock') {
    const { startMockMode } = await import('./mock-mode.ts');
    await startMockMode();
  }
  // The remembered language applies where the visitor did not choose one: the bare home page.
  if (location.pathname === '/' && readLocaleCookie() === 'en') {
    const english = `/en${location.search}${location.hash}`;
    // A prerendered German page cannot become the English one in place: load that one.
    if (inlinedMessages()) return location.replace(english);
    history.replaceState(null, '', english);
  }
  const { locale } = splitLocale(location.pathname);
  document.documentElement.lang = locale;
  const container = document.getElementById('root')!;

  const inlined = inlinedMessages();
  let ssrSearch = '';
  let data = inlinedQueries();
  if (
    data &&
    (!matchesBrowser(data, readStoredSession(localStorage)?.user.id) || inlined?.locale !== locale)
  ) {
    // Rendered for another account, in another time zone than this browser's or with another
    // language's texts: the browser renders the page itself
    // (docs/architecture.md#pages-rendered-with-data).
    container.replaceChildren();
    document.getElementById(INLINED_QUERIES_ID)?.remove();
    data = undefined;
  }
  // How the page was rendered, so that hydration starts from the same state.
  let access: RenderedAccess = 'signed-out';
  if (data) {
    // Rendered by the server with the account's data: hydrated from the same cache (the query
    // client takes it when its chunk loads) and at the same address.
    access = 'account';
    ssrSearch = location.search.replace(/^\?/, '');
  }
  if (inlined && inlined.locale === locale && container.hasChildNodes()) {
    if (isSignedInPage(location.pathname) && !data) {
      // A signed-in page's frame (docs/architecture.md#signed-in-frames): hydrated as the build
      // rendered it, signed in with no account known; its first data starts at once.
      access = 'signed-in';
      const stored = readStoredSession(localStorage);
      if (stored)
        startFirstRequests(splitLocale(location.pathname).path, location.search, stored.token);
    }
    // The modules have just been evaluated, in one long task: the texts and the page's chunks
    // follow in a task of their own, so the browser may handle input in between
    // (docs/architecture.md#prerendered-pages).
    await yieldToBrowser();
    const i18n = initAppI18n(locale, inlined.groups);
    // Its numbers and dates as the markup shows them: hydrating needs no `Intl` formatter. The
    // module comes with the page's chunks where it formats any (not to /login, which does not).
    if (inlined.formats) (await import('@protokoll/ui/format')).seedFormats(inlined.formats);
    await Promise.all([
      preloadComponents(inlined.components),
      preloadContentPage(location.pathname),
    ]);
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page; an input on the page still hydrates its part
    // at once (docs/architecture.md#prerendered-pages).
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <PageRenderContext.Provider value={{ access }}>
            <App i18n={i18n} ssrPath={location.pathname} ssrSearch={ssrSearch} />
          </PageRenderContext.Provider>
        </StrictMode>,
      );
    });
    // Clicks made before hydration: React hydrates their part at once and handles them.
    replayClicks(takeHeldClicks());
    return;
  }

  // The prerendered markup is not used: what was clicked on it is gone with it.
  takeHeldClicks();
  fontsAfterFirstData();
  const root = createRoot(container);
  try {
    const i18n = initAppI18n(locale, inlined?.locale === locale ? inlined.groups : {});
    preloadCurrentPage();
    await loadMessageGroups(i18n, locale, []);
    root.render(
      <StrictMode>
        <App i18n={i18n} />
      </StrictMode>,
    );
  } catch {
    // Without texts nothing can be translated: say so in both languages.
    root.render(
      <main role="alert" style={{ padding: '2rem', fontFamily: 'sans-serif' }}>
        <p>Die Anwendung konnte nicht geladen werden. Bitte laden Sie die Seite neu.</p>
        <p lang="en">The application could not be loaded. Please reload the page.</p>
      </main>,
    );
  }
}

void start();
