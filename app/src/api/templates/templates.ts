import {
  templateEndpoints,
  type CreateTemplateBody,
  type Locale,
  type Template,
  type TemplateListResponse,
  type UpdateTemplateBody,
} from '@protokoll/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../lib/use-locale.ts';
import { loadSession } from '../../session/session-context.ts';

// GET, POST /api/templates; PUT /api/templates/default; PUT, DELETE /api/templates/{id}
// (docs/product.md#summary-templates). The calls are the contract's `templateEndpoints`, loaded
// with the pages that use them, not with every page's first script.

// The same keys as lazy.ts, so a change here reloads the upload form's and the dialog's list too.
// The built-in templates' names and headings are in the interface's language, which the calls
// name (a copy of a built-in one starts with its headings in that language).
const templateKeys = {
  all: () => ['templates'] as const,
  list: (locale: Locale) => ['templates', locale] as const,
};

export async function fetchTemplates(
  locale: Locale,
  signal?: AbortSignal,
): Promise<TemplateListResponse> {
  const { client } = await loadSession();
  return client.call(templateEndpoints.listTemplates, {
    signal,
    headers: { 'Accept-Language': locale },
  });
}

export function templatesQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: templateKeys.list(locale),
    queryFn: ({ signal }) => fetchTemplates(locale, signal),
    retry: false,
  });
}

/** The built-in templates, the user's own and the default. */
export function useTemplates(enabled = true) {
  const { locale } = useLocale();
  return useQuery({ ...templatesQueryOptions(locale), enabled });
}

function useTemplateMutation<T>(call: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all() }),
  });
}

export function useCreateTemplate() {
  const { locale } = useLocale();
  return useTemplateMutation(async (body: CreateTemplateBody) => {
    const { client } = await loadSession();
    return client.call(templateEndpoints.createTemplate, {
      body,
      headers: { 'Accept-Language': locale },
    });
  });
}

export function useUpdateTemplate() {
  return useTemplateMutation(async ({ id, body }: { id: number; body: UpdateTemplateBody }) => {
    const { client } = await loadSession();
    return client.call(templateEndpoints.updateTemplate, { params: { id }, body });
  });
}

export function useDeleteTemplate() {
  return useTemplateMutation(async (id: number) => {
    const { client } = await loadSession();
    return client.call(templateEndpoints.deleteTemplate, { params: { id } });
  });
}

export function useSetDefaultTemplate() {
  return useTemplateMutation(async (template: Template['id']) => {
    const { client } = await loadSession();
    return client.call(templateEndpoints.setDefaultTemplate, { body: { template } });
  });
}
