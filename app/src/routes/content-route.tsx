import { ContentScreen } from '@protokoll/ui';
import { use } from 'react';
import type { ContentPageEntry } from 'virtual:content';
import { navigate } from 'wouter/use-browser-location';
import { loadContentPage } from '../lib/content.ts';
import { documentTitle, useDocumentTitle } from '../lib/page-title.ts';

/** `<title>` of a content page. */
export const contentTitle = documentTitle;

/** A content page at `/{slug}` (docs/product.md#content-pages). */
export function ContentRoute({ entry }: { entry: ContentPageEntry }) {
  const page = use(loadContentPage(entry));
  useDocumentTitle(contentTitle(page.title), page.description);
  return (
    <ContentScreen
      title={page.title}
      html={page.html}
      toc={page.toc}
      onNavigate={(href) => navigate(href)}
    />
  );
}
