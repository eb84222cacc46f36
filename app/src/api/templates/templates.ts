import {
  templateEndpoints,
  type CreateTemplateBody,
  type Template,
  type TemplateListResponse,
  type UpdateTemplateBody,
} from '@protokoll/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';

// GET, POST /api/templates; PUT /api/templates/default; PUT, DELETE /api/templates/{id}
// (docs/product.md#summary-templates). The calls are the contract's `templateEndpoints`, loaded
// with the pages that use them, not with every page's first script.

// The same key as lazy.ts, so a change here reloads the upload form's and the dialog's list too.
const templateKeys = { all: () => ['templates'] as const };

export async function fetchTemplates(signal?: AbortSignal): Promise<TemplateListResponse> {
  const { client } = await loadSession();
  return client.call(templateEndpoints.listTemplates, { signal });
}

export function templatesQueryOptions() {
  return queryOptions({
    queryKey: templateKeys.all(),
    queryFn: ({ signal }) => fetchTemplates(signal),
    retry: false,
  });
}

/** The built-in templates, the user's own and the default. */
export function useTemplates(enabled = true) {
  return useQuery({ ...templatesQueryOptions(), enabled });
}

function useTemplateMutation<T>(call: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all() }),
  });
}

export function useCreateTemplate() {
  return useTemplateMutation(async (body: CreateTemplateBody) => {
    const { client } = await loadSession();
    return client.call(templateEndpoints.createTemplate, { body });
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
