import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';

/** A second-level heading of the page: its anchor id and its text. */
export interface ContentTocEntry {
  id: string;
  text: string;
}

export interface ContentScreenProps extends Omit<React.ComponentProps<'article'>, 'children'> {
  /** The page's title, shown as its only h1. */
  title: string;
  /**
   * The page's body as HTML, rendered from the repository's Markdown at build time
   * (docs/product.md#content-pages); never user input.
   */
  html: string;
  /** The table of contents; empty for short pages, which then show none. */
  toc: ContentTocEntry[];
  /**
   * A link to another page of the site (`/agb`, `/en/help`) was clicked without modifier keys:
   * the app navigates without a page load. Without it links load their page.
   */
  onNavigate?: ((href: string) => void) | undefined;
}

/** Typography of the rendered Markdown, scoped to the body. */
const body = cn(
  'text-base leading-7 text-foreground',
  '[&_h2]:mt-10 [&_h2]:scroll-mt-20 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight',
  '[&_h3]:mt-8 [&_h3]:scroll-mt-20 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li]:mt-1',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4',
  '[&_a.heading-anchor]:font-semibold [&_a.heading-anchor]:text-inherit [&_a.heading-anchor]:no-underline',
  '[&_a.heading-anchor:hover]:underline',
  '[&_blockquote]:mt-6 [&_blockquote]:rounded-md [&_blockquote]:border-l-4 [&_blockquote]:border-warning',
  '[&_blockquote]:bg-muted [&_blockquote]:px-4 [&_blockquote]:py-1 [&_blockquote_p]:mt-2 [&_blockquote_p:last-child]:mb-2',
  '[&_table]:mt-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm',
  '[&_th]:border-b [&_th]:border-border [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold',
  '[&_td]:border-b [&_td]:border-border [&_td]:px-3 [&_td]:py-2',
);

/**
 * A content page (Impressum, privacy, terms, help …): title, a table of contents for long pages
 * and the rendered Markdown with anchored headings.
 */
export function ContentScreen({
  title,
  html,
  toc,
  onNavigate,
  className,
  ...props
}: ContentScreenProps) {
  const { t } = useTranslation();
  const titleId = useId();

  function handleClick(event: React.MouseEvent<HTMLDivElement>) {
    if (!onNavigate || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || link?.target) return;
    event.preventDefault();
    onNavigate(href);
  }

  return (
    <article
      data-slot="content-screen"
      aria-labelledby={titleId}
      className={cn('mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14', className)}
      {...props}
    >
      <h1
        id={titleId}
        className="text-3xl font-semibold tracking-tight text-balance text-foreground"
      >
        {title}
      </h1>
      {toc.length > 0 ? (
        <nav
          aria-label={t('content.toc')}
          className="mt-8 rounded-lg border border-border bg-surface p-5"
        >
          <p className="text-sm font-semibold text-foreground">{t('content.toc')}</p>
          <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
            {toc.map((entry) => (
              <li key={entry.id}>
                <a
                  href={`#${entry.id}`}
                  className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                >
                  {entry.text}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {/* The click handler only routes clicks on links the HTML already contains. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div
        data-slot="content-body"
        className={cn('mt-6', body)}
        onClick={handleClick}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}
