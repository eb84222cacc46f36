import { cva } from 'class-variance-authority';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';

export type PaginationItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The pages to show for `page` of `pageCount` with `siblings` neighbours on each side, e.g.
 * 1 … 4 5 6 … 20. Always the same number of slots once there are many pages, so the bar does
 * not jump about while paging, and an ellipsis never stands in for a single page.
 */
export function getPaginationItems(
  page: number,
  pageCount: number,
  siblings = 1,
): PaginationItem[] {
  const slots = siblings * 2 + 5; // first, last, current, two ellipses
  if (pageCount <= slots) return range(1, pageCount);
  const current = Math.min(Math.max(page, 1), pageCount);
  const left = Math.max(current - siblings, 1);
  const right = Math.min(current + siblings, pageCount);
  const showStartEllipsis = left > 3;
  const showEndEllipsis = right < pageCount - 2;
  const edgeLength = slots - 2; // everything but one ellipsis and the far end page
  if (!showStartEllipsis) return [...range(1, edgeLength), 'ellipsis-end', pageCount];
  if (!showEndEllipsis) {
    return [1, 'ellipsis-start', ...range(pageCount - edgeLength + 1, pageCount)];
  }
  return [1, 'ellipsis-start', ...range(left, right), 'ellipsis-end', pageCount];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

export const paginationButtonVariants = cva(
  [
    'inline-flex h-8 min-w-8 shrink-0 items-center justify-center gap-1 rounded-md px-2',
    'text-sm font-medium tabular-nums transition-colors outline-none select-none sm:h-9 sm:min-w-9',
    'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
    'focus-visible:ring-offset-background',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  ],
  {
    variants: {
      current: {
        true: 'bg-primary text-primary-foreground hover:bg-primary-hover',
        false: 'text-foreground hover:bg-muted',
      },
    },
    defaultVariants: { current: false },
  },
);

export interface PaginationProps extends Omit<React.ComponentProps<'nav'>, 'onChange'> {
  /** The current page, starting at 1. */
  page: number;
  /** How many pages there are. With one page or none nothing is rendered. */
  pageCount: number;
  /** Called with the page the person picked (never with the current page). */
  onPageChange: (page: number) => void;
  /** Pages shown on each side of the current one before an ellipsis. Defaults to 1. */
  siblings?: number;
}

/**
 * Previous / page numbers / next, as buttons inside a labelled `nav` landmark. The ui never knows
 * URLs: the caller turns `onPageChange` into a navigation (e.g. a `?page=` search parameter).
 */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  siblings = 1,
  className,
  ...props
}: PaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const go = (target: number) => {
    if (target !== page && target >= 1 && target <= pageCount) onPageChange(target);
  };
  return (
    <nav
      data-slot="pagination"
      aria-label={t('pagination.label')}
      className={cn('flex justify-center', className)}
      {...props}
    >
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <button
            type="button"
            data-slot="pagination-previous"
            className={paginationButtonVariants()}
            disabled={page <= 1}
            onClick={() => go(page - 1)}
          >
            <ChevronLeft aria-hidden />
            <span className="max-sm:sr-only">{t('pagination.previous')}</span>
          </button>
        </li>
        {getPaginationItems(page, pageCount, siblings).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                data-slot="pagination-page"
                className={paginationButtonVariants({ current: item === page })}
                aria-label={t('pagination.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item}>
              <span
                data-slot="pagination-ellipsis"
                className="flex h-8 min-w-8 items-end justify-center pb-1 text-muted-foreground sm:h-9"
              >
                <span aria-hidden>…</span>
                <span className="sr-only">{t('pagination.more')}</span>
              </span>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            data-slot="pagination-next"
            className={paginationButtonVariants()}
            disabled={page >= pageCount}
            onClick={() => go(page + 1)}
          >
            <span className="max-sm:sr-only">{t('pagination.next')}</span>
            <ChevronRight aria-hidden />
          </button>
        </li>
      </ul>
    </nav>
  );
}
