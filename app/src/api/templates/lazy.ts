import { useQuery } from '@tanstack/react-query';
import { useLocale } from '../../lib/use-locale.ts';

// The templates for the upload form and the re-summary dialog: the call and its schemas load on
// first use, so the pages' own chunks stay within their budgets (docs/architecture.md#budgets).

/** The templates and the default, with the call's module loaded when the query first runs. */
export function useLazyTemplates(enabled = true) {
  const { locale } = useLocale();
  return useQuery({
    // templateKeys.list of templates.ts, which this module must not import statically.
    queryKey: ['templates', locale],
    queryFn: async ({ signal }) => (await import('./templates.ts')).fetchTemplates(locale, signal),
    retry: false,
    enabled,
  });
}
