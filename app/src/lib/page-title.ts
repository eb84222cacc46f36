import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageRender } from './page-render.ts';
import { documentTitle, ERROR_TITLE_KEYS, PAGE_TITLE_KEYS, type PagePath } from './page-titles.ts';

export { documentTitle };

/** The `<title>` of the page at `path`, in the interface language. */
export function usePageTitleText(path: PagePath): string {
  const { t } = useTranslation();
  const key = PAGE_TITLE_KEYS[path];
  return key === null ? `${t('app.name')} – ${t('app.tagline')}` : documentTitle(t(key));
}

/** The error page's `<title>`: not found, or any other failure. */
export function useErrorTitleText(kind: keyof typeof ERROR_TITLE_KEYS): string {
  const { t } = useTranslation();
  return documentTitle(t(ERROR_TITLE_KEYS[kind]));
}

/**
 * Gives the document `title` (and a meta description) while the calling page is shown; the
 * prerender records them for the page's HTML (docs/architecture.md#prerendered-pages). The last
 * page to set one wins, so a 404 inside a page's route names itself.
 */
export function useDocumentTitle(title: string, description?: string): void {
  const head = usePageRender().record?.head;
  if (head) {
    head.title = title;
    if (description !== undefined) head.description = description;
    else delete head.description;
  }
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
  useDocumentTitle(usePageTitleText(path));
  return null;
}
