import { localizePath, splitLocale, type Locale } from '@protokoll/contract';
import { contentPages, type ContentPageEntry, type ContentPageModule } from 'virtual:content';

/*
 * The content pages the build rendered (docs/product.md#content-pages): which slugs exist per
 * locale, their counterparts, and each page's data, loaded once per page.
 */

const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The content page at a German-form path of `locale`, if there is one. */
export function findContentPage(locale: Locale, path: string): ContentPageEntry | undefined {
  return contentPages[locale][normalize(path)];
}

/**
 * The address of the same page in `next`: a content page's counterpart slug, any other page
 * under the other prefix (`/x` ⇄ `/en/x`).
 */
export function localizedCounterpart(locale: Locale, path: string, next: Locale): string {
  if (locale === next) return localizePath(path, next);
  const page = findContentPage(locale, path);
  return localizePath(page ? page.counterpart : path, next);
}

/** Every content page's address (`/agb`, `/en/terms`), for the prerender. */
export function contentAddresses(): string[] {
  return Object.entries(contentPages).flatMap(([locale, pages]) =>
    Object.keys(pages).map((slug) => localizePath(slug, locale as Locale)),
  );
}

const loaded = new Map<ContentPageEntry, Promise<ContentPageModule>>();

/** The page's data; the same promise on every call, so `use()` can suspend on it. */
export function loadContentPage(entry: ContentPageEntry): Promise<ContentPageModule> {
  let promise = loaded.get(entry);
  if (!promise) {
    const tracked = entry.load().then((module) => {
      // React's `use()` reads these: a page loaded ahead renders without suspending, so a
      // prerendered page hydrates in one pass.
      Object.assign(tracked, { status: 'fulfilled', value: module.default });
      return module.default;
    });
    promise = tracked;
    loaded.set(entry, promise);
  }
  return promise;
}

/** Loads the content page at a browser address ahead, if it is one; never rejects. */
export async function preloadContentPage(pathname: string): Promise<void> {
  const { locale, path } = splitLocale(pathname);
  const entry = findContentPage(locale, path);
  if (entry) await loadContentPage(entry).catch(() => undefined);
}
