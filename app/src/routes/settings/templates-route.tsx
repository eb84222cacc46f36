import type { FieldIssue } from '@protokoll/contract';
import { TemplatesScreen } from '@protokoll/ui';
import { useState } from 'react';
import {
  useCreateTemplate,
  useDeleteTemplate,
  useSetDefaultTemplate,
  useTemplates,
  useUpdateTemplate,
} from '../../api/templates/templates.ts';
import { toFailureText, toFieldIssues } from '../../lib/failure.ts';
import { SettingsFrame } from './settings-frame.tsx';

/** `/settings/templates`: the summary templates (docs/product.md#summary-templates). */
export function TemplatesRoute() {
  const list = useTemplates();
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const remove = useDeleteTemplate();
  const setDefault = useSetDefaultTemplate();
  const [fieldErrors, setFieldErrors] = useState<FieldIssue[] | undefined>();

  // The screen waits for the promise; a refusal with field issues goes on the fields.
  async function run<T>(work: Promise<T>): Promise<T> {
    setFieldErrors(undefined);
    try {
      return await work;
    } catch (error) {
      setFieldErrors(toFieldIssues(error));
      throw toFailureText(error);
    }
  }

  return (
    <SettingsFrame>
      <TemplatesScreen
        status={list.isPending ? 'loading' : list.isError ? 'error' : 'ready'}
        error={list.error ? toFailureText(list.error) : undefined}
        templates={list.data?.templates ?? []}
        defaultTemplate={list.data?.default_template ?? 'minutes'}
        onRetry={() => void list.refetch()}
        onCreate={(body) => run(create.mutateAsync(body))}
        onSave={(id, body) => run(update.mutateAsync({ id, body }))}
        onDelete={(id) => run(remove.mutateAsync(id))}
        onSetDefault={(id) => run(setDefault.mutateAsync(id))}
        fieldErrors={fieldErrors}
      />
    </SettingsFrame>
  );
}
