import { ContentScreen } from '@protokoll/ui';
import { use, useEffect } from 'react';
import type { ContentPageEntry } from 'virtual:content';
import { navigate } from 'wouter/use-browser-location';
import { loadContentPage, recordHead } from '../lib/content.ts';

/** `<title>` of a content page. */
export const contentTitle = (title: string) => `${title} – Protokoll`;

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

/** A content page at `/{slug}` (docs/product.md#content-pages). */
export function ContentRoute({ entry }: { entry: ContentPageEntry }) {
  const page = use(loadContentPage(entry));
  if (typeof document === 'undefined') recordHead(contentTitle(page.title), page.description);
  useEffect(() => {
    const previous = document.title;
    document.title = contentTitle(page.title);
    setDescription(page.description);
    return () => {
      document.title = previous;
    };
  }, [page]);
  return (
    <ContentScreen
      title={page.title}
      html={page.html}
      toc={page.toc}
      onNavigate={(href) => navigate(href)}
    />
  );
}
