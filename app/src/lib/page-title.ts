import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { recordHead } from './content.ts';
import { documentTitle, PAGE_TITLE_KEYS, type PagePath, type PageTitleKey } from './page-titles.ts';

export { documentTitle };

/** The `<title>` of a page by its key; the home page's names the site first. */
export function usePageTitleText(key: PageTitleKey): string {
  const { t } = useTranslation();
  const title = t(`app.pageTitle.${key}`);
  return key === 'home' ? title : documentTitle(title);
}

/**
 * Gives the document `title` (and a meta description) while the calling page is shown; the
 * prerender records them for the page's HTML (docs/architecture.md#prerendered-pages). The last
 * page to set one wins, so a 404 inside a page's route names itself.
 */
export function useDocumentTitle(title: string, description?: string): void {
  if (typeof document === 'undefined') recordHead(title, description);
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    if (description !== undefined) setDescription(description);
    return () => {
      document.title = previous;
    };
  }, [title, description]);
}

/** Sets the description meta tag, adding it when the document has none. */
function setDescription(description: string) {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = description;
}

/** Names the document after the page at `path` (German form). */
export function PageTitle({ path }: { path: PagePath }) {
  useDocumentTitle(usePageTitleText(PAGE_TITLE_KEYS[path]));
  return null;
}
