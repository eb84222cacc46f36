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
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { App } from './app.tsx';
import { initAppI18n, setMessageSource, type InlinedMessages } from './lib/app-i18n.ts';
import { contentAddresses, renderedHead } from './lib/content.ts';
import { DATA_FIRST_PAGES } from './lib/first-requests.ts';
import { renderedRoutes } from './lib/lazy-route.ts';
import { isSignedInPage, PRERENDERED_PATHS } from './prerender-routes.ts';
import { routeTable } from './route-table.ts';
import { setPrerenderedSession } from './session/session-context.ts';

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
  /** A content page's `<title>` and meta description (others keep the shell's). */
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

export async function renderPage(path: string): Promise<PrerenderedPage> {
  const { locale } = splitLocale(path);
  const all = Object.fromEntries(
    MESSAGE_GROUP_NAMES.map((group) => [group, pickMessageGroup(files[locale], group)]),
  ) as Record<MessageGroup, Messages>;
  // Render with every text at hand; the page carries only the groups its routes name.
  setMessageSource(async (lng, group) => pickMessageGroup(files[lng], group));
  const i18n = initAppI18n(locale, all);
  const signedIn = isSignedInPage(path);
  setPrerenderedSession(signedIn ? 'signed-in' : 'signed-out');
  renderedRoutes.clear();
  delete renderedHead.title;
  delete renderedHead.description;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App i18n={i18n} ssrPath={path} />
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  const groups = new Set<MessageGroup>(['common']);
  for (const named of renderedRoutes.values()) for (const group of named) groups.add(group);
  return {
    path,
    locale,
    html,
    head: { ...renderedHead },
    messages: {
      locale,
      groups: Object.fromEntries([...groups].map((group) => [group, all[group]])),
      // Their chunks and CSS go along; the browser loads them before hydrating.
      components: [...renderedRoutes.keys()],
    },
    signedIn,
  };
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
      })),
    );
