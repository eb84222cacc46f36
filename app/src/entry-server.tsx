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
import {
  DATA_RENDERED_PATHS,
  type DataRenderRequest,
  type ShareRenderRequest,
  type User,
} from '@protokoll/contract';
import { UiProvider } from '@protokoll/ui';
import type { I18n } from '@protokoll/ui/i18n';
import { FormatRecordContext } from '@protokoll/ui/format';
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFile } from 'node:fs/promises';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { keys } from './lib/query-keys.ts';
import { App } from './app.tsx';
import { cloneAppI18n, createAppI18n, type InlinedMessages } from './lib/app-i18n.ts';
import { contentAddresses } from './lib/content.ts';
import { DATA_FIRST_PAGES } from './lib/first-requests.ts';
import { newRenderRecord, PageRenderContext, type RenderedAccess } from './lib/page-render.ts';
import { pageTitleFrom } from './lib/page-titles.ts';
import { createQueryClient } from './lib/query-client.ts';
import { scriptJson } from './lib/script-json.ts';
import { INLINED_QUERIES_ID, type InlinedQueries } from './lib/inlined-queries.ts';
import { pageQueriesOf } from './page-queries.ts';
import { isSignedInPage, PRERENDERED_PATHS } from './prerender-routes.ts';
import { routeTable } from './route-table.ts';
import { createRenderSession, type AppSession } from './session/app-session.ts';
import { findRenderSessionWith } from './session/session-context.ts';
import { shareDocument, SHARE_TEMPLATE_FILE } from './share-document.tsx';

export { SHARE_TEMPLATE_FILE, shareTemplateOf } from './share-document.tsx';

export { scriptJson };
/** Each lazy component's module: the build finds a rendered component's chunk by it. */
export { LAZY_MODULES } from './route-modules.ts';

/** The pages' inline scripts, for the build to inline and hash. */
export {
  BOOT_MODULES_ID,
  BOOT_SCRIPT,
  FONTS_LATER_ATTRIBUTE,
  INLINE_SCRIPTS,
  SIGNED_IN_SCRIPT,
} from './lib/boot-scripts.ts';
export { SCRIPT_HASHES_FILE } from '@protokoll/contract';

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

/** Every group of a locale's texts, picked once per locale. */
const groupsOfLocale = new Map<Locale, Record<MessageGroup, Messages>>();
function allGroups(locale: Locale): Record<MessageGroup, Messages> {
  let groups = groupsOfLocale.get(locale);
  if (!groups) {
    groups = Object.fromEntries(
      MESSAGE_GROUP_NAMES.map((group) => [group, pickMessageGroup(files[locale], group)]),
    ) as Record<MessageGroup, Messages>;
    groupsOfLocale.set(locale, groups);
  }
  return groups;
}

/**
 * Each locale's texts in one translator, built once; every render gets a clone of its own
 * (`cloneAppI18n`), which shares the texts (nothing adds any during a render) and nothing else.
 */
const localeTranslators = new Map<Locale, I18n>();
function translatorFor(locale: Locale): I18n {
  let base = localeTranslators.get(locale);
  if (!base) {
    base = createAppI18n(locale, allGroups(locale));
    localeTranslators.set(locale, base);
  }
  return cloneAppI18n(base);
}

/**
 * Renders the app at `path` (and `search`) with every text at hand, `wrap` around it, and answers
 * its markup, its head and the message groups and lazy components it used: the page carries only
 * those. Everything the render needs or records is its own (translator, record, formats, and the
 * caller's query client): renders may run side by side.
 */
async function renderApp(
  path: string,
  search: string,
  access: RenderedAccess,
  wrap: (app: ReactNode) => ReactNode = (app) => app,
): Promise<{ html: string; head: PrerenderedPage['head']; messages: InlinedMessages }> {
  const { locale } = splitLocale(path);
  const all = allGroups(locale);
  const record = newRenderRecord();
  const formats = new Map<string, string>();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageRenderContext.Provider value={{ access, record }}>
        <FormatRecordContext.Provider value={formats}>
          {wrap(
            <App
              i18n={translatorFor(locale)}
              ssrPath={path}
              ssrSearch={search.replace(/^\?/, '')}
            />,
          )}
        </FormatRecordContext.Provider>
      </PageRenderContext.Provider>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  const groups = new Set<MessageGroup>(['common']);
  for (const named of record.routes.values()) for (const group of named) groups.add(group);
  return {
    html,
    head: record.head,
    messages: {
      locale,
      groups: Object.fromEntries([...groups].map((group) => [group, all[group]])),
      // Their chunks and CSS go along; the browser loads them before hydrating.
      components: [...record.routes.keys()],
      ...(formats.size > 0 && { formats: Object.fromEntries(formats) }),
    },
  };
}

export async function renderPage(path: string): Promise<PrerenderedPage> {
  const signedIn = isSignedInPage(path);
  const page = await renderApp(path, '', signedIn ? 'signed-in' : 'signed-out');
  return { path, locale: splitLocale(path).locale, ...page, signedIn };
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
/** A template file of `DATA_TEMPLATES_DIR`, read once. */
const templateFile = (file: string) => {
  let template = templates.get(file);
  if (!template) {
    template = readFile(new URL(`./${DATA_TEMPLATES_DIR}/${file}`, import.meta.url), 'utf8');
    templates.set(file, template);
  }
  return template;
};
const templateOf = (address: string) => templateFile(dataTemplateFile(address));

/** A share page's document (docs/sharing.md#the-page), in the request's language. */
export async function renderShareDocument(request: ShareRenderRequest): Promise<string> {
  const template = await templateFile(SHARE_TEMPLATE_FILE);
  return shareDocument(template, request, translatorFor(request.locale));
}

/**
 * The session of the render at hand: each render with data runs in its own async context, so the
 * queries it asks use its reader's token, whatever other renders run meanwhile.
 */
const renderSessions = new AsyncLocalStorage<AppSession>();
findRenderSessionWith(() => renderSessions.getStore());

/** A page rendered with the reader's data: its markup, texts and query cache. */
export interface RenderedWithData {
  html: string;
  messages: InlinedMessages;
  data: InlinedQueries;
}

/**
 * Renders a page with the reader's data: asks its first queries with the request's token and
 * renders it from that cache, in the request's language and time zone. Null when the address
 * is not rendered so or an answer failed.
 */
export async function renderWithData(request: DataRenderRequest): Promise<RenderedWithData | null> {
  const { address, search, token, timeZone, fetch } = request;
  const queries = pageQueriesOf(splitLocale(address).path, search);
  if (!queries) return null;
  // This render's own cache: nothing of this account outlives it.
  const queryClient: QueryClient = createQueryClient();
  const session = createRenderSession(token, fetch);
  try {
    await renderSessions.run(session, () =>
      Promise.all(queries.map((query) => queryClient.fetchQuery(query))),
    );
  } catch {
    // A refused token or a failed answer: the page is rendered as for anyone, in the browser.
    return null;
  }
  const user = queryClient.getQueryData<User>(keys.user());
  if (!user) return null;
  const { html, messages } = await renderSessions.run(session, () =>
    renderApp(address, search, 'account', (app) => (
      <QueryClientProvider client={queryClient}>
        <UiProvider timeZone={timeZone}>{app}</UiProvider>
      </QueryClientProvider>
    )),
  );
  const data: InlinedQueries = { state: dehydrate(queryClient), timeZone, userId: user.id };
  queryClient.clear();
  return { html, messages, data };
}

export async function renderDocumentWithData(request: DataRenderRequest): Promise<string | null> {
  if (!dataRenderedAddresses().includes(request.address)) return null;
  const template = await templateOf(request.address);
  const page = await renderWithData(request);
  if (!page) return null;
  return template
    .replace(ROOT_OUTLET, () => page.html)
    .replace(
      /<script id="messages" type="application\/json">[^<]*<\/script>/,
      () =>
        `<script id="${INLINED_QUERIES_ID}" type="application/json">${scriptJson(page.data)}</script>` +
        `\n    <script id="messages" type="application/json">${scriptJson(page.messages)}</script>`,
    );
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
