import { useQuery } from '@tanstack/react-query';

// The templates for the upload form and the re-summary dialog: the call and its schemas load on
// first use, so the pages' own chunks stay within their budgets (docs/architecture.md#budgets).

/** The templates and the default, with the call's module loaded when the query first runs. */
export function useLazyTemplates(enabled = true) {
  return useQuery({
    queryKey: ['templates'],
    queryFn: async ({ signal }) => (await import('./templates.ts')).fetchTemplates(signal),
    retry: false,
    enabled,
  });
}
