import type { Decorator, Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { useLayoutEffect, useMemo } from 'react';
import { I18nextProvider as I18nProvider } from 'react-i18next';
import { configure } from 'storybook/test';
import type { Locale } from '@protokoll/contract';
import { defaultHandlers, resetMockDb } from '@protokoll/mocks';
import { createI18n } from '@protokoll/ui/i18n';
import { UiProvider } from '@protokoll/ui';
import de from '../locales/de.json';
import en from '../locales/en.json';
import '../packages/ui/src/styles.css';
import './preview.css';
import { installFixedClock } from './fixed-clock.ts';
import { installStorageSandbox } from './sandbox.ts';

/** Every story renders as if it were this moment, so dates and relative times never drift. */
export const FIXED_NOW = new Date('2026-03-02T09:30:00.000Z');
installFixedClock(FIXED_NOW);
installStorageSandbox();

/**
 * `findBy…` and `waitFor` in play functions: a cap of 15 s instead of testing-library's 1 s. They
 * return as soon as their state holds; on a busy machine (a story test beside the server suites)
 * a toast or a focus took longer than a second to arrive (docs/architecture.md#suite-time).
 */
configure({ asyncUtilTimeout: 15_000 });

/**
 * MSW's worker script sits next to the stories' page: at the root in development and tests, under
 * /storybook/ when the production server serves a build (docs/storybook.md#a-deployed-storybook).
 */
function serviceWorkerUrl(): string {
  const { pathname } = location;
  return pathname.endsWith('/iframe.html')
    ? `${pathname.slice(0, -'iframe.html'.length)}mockServiceWorker.js`
    : '/mockServiceWorker.js';
}

function LocaleProvider({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  const i18n = useMemo(() => createI18n(locale, { de, en }), [locale]);
  useLayoutEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <I18nProvider i18n={i18n}>
      <UiProvider locale={locale}>{children}</UiProvider>
    </I18nProvider>
  );
}

/** In a layout effect: the class is set before the play function runs, as it is before a paint. */
function ThemeRoot({ dark, children }: { dark: boolean; children: React.ReactNode }) {
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('dark', dark);
  }, [dark]);
  return children;
}

const withLocale: Decorator = (Story, context) => (
  <LocaleProvider locale={(context.globals.locale ?? 'de') as Locale}>
    <Story />
  </LocaleProvider>
);

const withTheme: Decorator = (Story, context) => (
  <ThemeRoot dark={context.globals.theme === 'dark'}>
    <Story />
  </ThemeRoot>
);

/** API-shaped requests nobody mocked fail loudly instead of reaching a real server. */
function isApiRequest(url: URL): boolean {
  return (
    url.origin !== location.origin ||
    url.pathname.startsWith('/api/') ||
    url.pathname.startsWith('/_i18n/')
  );
}

const preview: Preview = {
  // A docs page for every component, widget, layout, screen and route (docs/storybook.md#docs-pages).
  tags: ['autodocs'],
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker();
      await worker.start({
        quiet: true,
        serviceWorker: { url: serviceWorkerUrl() },
        onUnhandledRequest(request, print) {
          if (!isApiRequest(new URL(request.url))) return;
          print.error();
          throw new Error(
            `Unhandled ${request.method} ${request.url}: add a handler in packages/mocks`,
          );
        },
      });
      return worker;
    }),
    // Every story starts from the same mock data, whatever the previous one changed.
    () => {
      resetMockDb();
      return {};
    },
    // Screenshots must never catch a fallback font.
    async () => {
      await document.fonts.load('400 1em "Inter Variable"');
      await document.fonts.load('600 1em "Inter Variable"');
      await document.fonts.ready;
      return {};
    },
  ],
  decorators: [withTheme, withLocale],
  globalTypes: {
    locale: {
      description: 'Sprache / language',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'de', title: 'Deutsch' },
          { value: 'en', title: 'English' },
        ],
        dynamicTitle: true,
      },
    },
    theme: {
      description: 'Light or dark tokens',
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'de', theme: 'light' },
  parameters: {
    layout: 'padded',
    options: {
      storySort: {
        order: [
          'Introduction',
          'Foundations',
          'Primitives',
          'Widgets',
          'Layouts',
          'Screens',
          'Routes',
        ],
      },
    },
    msw: { handlers: defaultHandlers },
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    viewport: {
      options: {
        mobile: { name: 'Mobile', styles: { width: '375px', height: '740px' }, type: 'mobile' },
        tablet: { name: 'Tablet', styles: { width: '834px', height: '1112px' }, type: 'tablet' },
        desktop: { name: 'Desktop', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
      },
    },
  },
};
export default preview;
