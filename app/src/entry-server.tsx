import './zod-config.ts';
import {
  LOCALES,
  localizePath,
  MESSAGE_GROUP_NAMES,
  pageRoutes,
  pickMessageGroup,
  splitLocale,
  type Locale,
  type MessageGroup,
  type Messages,
} from '@protokoll/contract';
import { DATA_RENDERED_PATHS, type DataRenderRequest, type User } from '@protokoll/contract';
import { UiProvider } from '@protokoll/ui';
import { recordFormats } from '@protokoll/ui/format';
import { dehydrate } from '@tanstack/react-query';
import { readFile } from 'node:fs/promises';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { keys } from './api/keys.ts';
import { App } from './app.tsx';
import { initAppI18n, setMessageSource, type InlinedMessages } from './lib/app-i18n.ts';
import { contentAddresses, renderedHead } from './lib/content.ts';
import { DATA_FIRST_PAGES } from './lib/first-requests.ts';
import { pageTitleFrom } from './lib/page-titles.ts';
import { renderedRoutes } from './lib/lazy-route.ts';
import { queryClient } from './lib/query-client.ts';
import { scriptJson } from './lib/script-json.ts';
import { INLINED_QUERIES_ID, type InlinedQueries } from './lib/inlined-queries.ts';
import { pageQueriesOf } from './page-queries.ts';
import { isSignedInPage, PRERENDERED_PATHS } from './prerender-routes.ts';
import { routeTable } from './route-table.ts';
import { createRenderSession } from './session/app-session.ts';
import { setPrerenderedSession, setRenderSession } from './session/session-context.ts';

export { scriptJson };

/** The prerendered pages' script loader and signed-in check, for the build to inline. */
export {
  BOOT_MODULES_ID,
  BOOT_SCRIPT,
  FONTS_LATER_ATTRIBUTE,
  SIGNED_IN_SCRIPT,
} from '@protokoll/contract';

/*
 * The build's server entry (docs/architecture.md#prerendered-pages): renders one address of the
 * app to HTML, as the browser will hydrate it.
 */

const files: Record<Locale, Messages> = { de, en };

export interface PrerenderedPage {
  /** The address: `/login`, `/en/login`. */
  path: string;
  locale: Locale;
  /** The markup inside `#root`. */
  html: string;
  /** The page's `<title>`, and a content page's meta description (the shell's otherwise). */
  head: { title?: string; description?: string };
  /** The message groups the page shows, to inline. */
  messages: InlinedMessages;
  /**
   * A signed-in page's frame (docs/architecture.md#signed-in-frames): its document checks for a
   * stored session before it paints and loads the session chunk with the page's.
   */
  signedIn: boolean;
}

/** Every address to prerender: each path in each locale. */
export const prerenderedAddresses = (): string[] => [
  ...PRERENDERED_PATHS.flatMap((path) => LOCALES.map((locale) => localizePath(path, locale))),
  ...contentAddresses(),
];

/** Every group of a locale's texts. */
function allGroups(locale: Locale): Record<MessageGroup, Messages> {
  return Object.fromEntries(
    MESSAGE_GROUP_NAMES.map((group) => [group, pickMessageGroup(files[locale], group)]),
  ) as Record<MessageGroup, Messages>;
}

/**
 * Renders the app at `path` (and `search`) with every text at hand, `wrap` around it, and answers
 * its markup and the message groups and lazy components it used: the page carries only those.
 */
async function renderApp(
  path: string,
  search: string,
  wrap: (app: ReactNode) => ReactNode = (app) => app,
): Promise<{ html: string; messages: InlinedMessages }> {
  const { locale } = splitLocale(path);
  const all = allGroups(locale);
  setMessageSource(async (lng, group) => pickMessageGroup(files[lng], group));
  const i18n = initAppI18n(locale, all);
  renderedRoutes.clear();
  delete renderedHead.title;
  delete renderedHead.description;
  const formatted = recordFormats();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      {wrap(<App i18n={i18n} ssrPath={path} ssrSearch={search.replace(/^\?/, '')} />)}
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  const formats = formatted();
  const groups = new Set<MessageGroup>(['common']);
  for (const named of renderedRoutes.values()) for (const group of named) groups.add(group);
  return {
    html,
    messages: {
      locale,
      groups: Object.fromEntries([...groups].map((group) => [group, all[group]])),
      // Their chunks and CSS go along; the browser loads them before hydrating.
      components: [...renderedRoutes.keys()],
      ...(Object.keys(formats).length > 0 && { formats }),
    },
  };
}

export async function renderPage(path: string): Promise<PrerenderedPage> {
  const signedIn = isSignedInPage(path);
  setPrerenderedSession(signedIn ? 'signed-in' : 'signed-out');
  const { html, messages } = await renderApp(path, '');
  return {
    path,
    locale: splitLocale(path).locale,
    html,
    head: { ...renderedHead },
    messages,
    signedIn,
  };
}

/*
 * Signed-in pages rendered with the reader's data (docs/architecture.md#pages-rendered-with-data).
 * The build writes each address's document as a template (`DATA_TEMPLATES_DIR`): the page's frame
 * document with `ROOT_OUTLET` where its markup goes. On a request the server calls
 * `renderDocumentWithData`, which asks the page's first queries through the server's own API
 * with the request's token, renders the page from that cache and puts markup, texts and the
 * dehydrated cache into the template.
 */

/** Where the templates lie, beside this module (`dist/.ssr/templates/notes.html`). */
export const DATA_TEMPLATES_DIR = 'templates';
/** Stands in a template where the page's markup goes. */
export const ROOT_OUTLET = '<!--page-with-data-->';

/** Every address rendered with data: each path in each locale. */
export const dataRenderedAddresses = (): string[] =>
  DATA_RENDERED_PATHS.flatMap((path) => LOCALES.map((locale) => localizePath(path, locale)));

/** The template's file for an address: `/en/notes` → `en/notes.html`. */
export const dataTemplateFile = (address: string): string => `${address.slice(1)}.html`;

const templates = new Map<string, Promise<string>>();
const templateOf = (address: string) => {
  let template = templates.get(address);
  if (!template) {
    const url = new URL(`./${DATA_TEMPLATES_DIR}/${dataTemplateFile(address)}`, import.meta.url);
    template = readFile(url, 'utf8');
    templates.set(address, template);
  }
  return template;
};

let rendering = false;

export async function renderDocumentWithData(request: DataRenderRequest): Promise<string | null> {
  const { address, search, token, timeZone, fetch } = request;
  if (!dataRenderedAddresses().includes(address)) return null;
  const queries = pageQueriesOf(splitLocale(address).path, search);
  if (!queries) return null;
  // The app's session, query cache and translator are one per process.
  if (rendering) throw new Error('renderDocumentWithData: one render at a time');
  rendering = true;
  try {
    const template = await templateOf(address);
    setPrerenderedSession('account');
    setRenderSession(createRenderSession(token, fetch));
    queryClient.clear();
    try {
      await Promise.all(queries.map((query) => queryClient.fetchQuery(query)));
    } catch {
      // A refused token or a failed answer: the page is rendered as for anyone, in the browser.
      return null;
    }
    const { html, messages } = await renderApp(address, search, (app) => (
      <UiProvider timeZone={timeZone}>{app}</UiProvider>
    ));
    const user = queryClient.getQueryData<User>(keys.user());
    if (!user) return null;
    const data: InlinedQueries = { state: dehydrate(queryClient), timeZone, userId: user.id };
    return template
      .replace(ROOT_OUTLET, () => html)
      .replace(
        /<script id="messages" type="application\/json">[^<]*<\/script>/,
        () =>
          `<script id="${INLINED_QUERIES_ID}" type="application/json">${scriptJson(data)}</script>` +
          `\n    <script id="messages" type="application/json">${scriptJson(messages)}</script>`,
      );
  } finally {
    // Nothing of this account may stay for the next render.
    queryClient.clear();
    setRenderSession(undefined);
    setPrerenderedSession('signed-out');
    rendering = false;
  }
}

/** A page the browser renders: what its document names so that it loads at once. */
export interface BrowserRenderedPage {
  /** The address: `/dashboard`, `/en/dashboard`. */
  path: string;
  /** The lazy components it renders first: its route, and its layout's. */
  components: string[];
  /** The message files its first render waits for: `/_i18n/de/common.json`, … */
  messages: string[];
  /** Whether it needs the session chunk soon after its first render (a signed-in page). */
  signedIn: boolean;
  /** Whether its largest first content is its data: the session chunk loads with the page's. */
  dataFirst: boolean;
  /** Its `<title>` from the first byte (the app keeps it once it runs). */
  title: string;
}

/**
 * Every page not prerendered, in each locale (docs/architecture.md#route-prefetch): the build
 * writes each a copy of the shell that preloads its route and layout chunks, its messages and, for
 * a signed-in page, the session chunk after them.
 */
export const browserRenderedPages = (): BrowserRenderedPage[] =>
  pageRoutes
    .filter(({ path }) => !PRERENDERED_PATHS.includes(path))
    .flatMap(({ path, layout, access }) =>
      LOCALES.map((locale) => ({
        path: localizePath(path, locale),
        components: [
          routeTable[path].displayName,
          ...(layout === 'default' ? ['DefaultLayout'] : []),
        ],
        messages: ['common', ...routeTable[path].groups].map(
          (group) => `/_i18n/${locale}/${group}.json`,
        ),
        signedIn: access === 'signed-in',
        dataFirst: DATA_FIRST_PAGES.includes(path),
        title: pageTitleFrom(files[locale], path),
      })),
    );
