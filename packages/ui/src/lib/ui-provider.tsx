import type { Locale } from '@protokoll/contract';
import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RenderLink } from './link-item.ts';

/** What the app tells every screen once, instead of handing it down prop by prop. */
export interface UiSettings {
  /**
   * Renders a link with the app's router link (client-side navigation, prefetch); without it, or
   * `null` below a provider that set one, links are plain `<a href>`.
   */
  renderLink?: RenderLink | null | undefined;
  /** The active interface language; without it, the language i18next is set to. */
  locale?: Locale | undefined;
  /**
   * The time zone timestamps are shown in; none (the default) is the browser's own. Set only
   * where a page is rendered outside the reader's browser
   * (docs/architecture.md#pages-rendered-with-data).
   */
  timeZone?: string | undefined;
}

const UiContext = createContext<UiSettings>({});

/**
 * Provides the settings below it. Nested providers add to the outer one: a setting left out
 * (undefined) keeps the outer value, so the server can add a time zone around the app's links.
 */
export function UiProvider({ children, ...settings }: UiSettings & { children: React.ReactNode }) {
  const outer = useContext(UiContext);
  const { renderLink, locale, timeZone } = settings;
  const value = useMemo<UiSettings>(
    () => ({
      renderLink: renderLink === undefined ? outer.renderLink : renderLink,
      locale: locale ?? outer.locale,
      timeZone: timeZone ?? outer.timeZone,
    }),
    [outer, renderLink, locale, timeZone],
  );
  return <UiContext value={value}>{children}</UiContext>;
}

/** The settings of the nearest `UiProvider`, the locale filled in from i18next. */
export function useUi(): UiSettings & { locale: Locale } {
  const settings = useContext(UiContext);
  const { i18n } = useTranslation();
  return { ...settings, locale: settings.locale ?? (i18n.language as Locale) };
}
