import { zodResolver } from '@hookform/resolvers/zod';
import {
  GLOSSARY_KINDS,
  GLOSSARY_NOTE_MAX_LENGTH,
  GLOSSARY_TERM_MAX_LENGTH,
  GLOSSARY_TERMS_MAX,
  GLOSSARY_VARIANTS_MAX,
  GlossaryTermInput,
  GlossaryVariants,
  type FailureText,
  type GlossaryTerm,
} from '@protokoll/contract';
import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../components/alert.tsx';
import { Badge } from '../components/badge.tsx';
import { Button } from '../components/button.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  TextFormField,
} from '../components/form.tsx';
import { IconButton } from '../components/icon-button.tsx';
import { selectTriggerVariants } from '../components/select.tsx';
import { cn } from '../lib/cn.ts';
import { useFailureText } from '../lib/failure-text.ts';
import type { LoadStatus } from '../lib/load-status.ts';
import { LoadState } from './load-state.tsx';

/** Where the last add, change or delete stands. */
export type GlossaryActionStatus = 'idle' | 'pending' | 'success' | 'error';

/** The term form: variants typed as one comma-separated text. */
const TermForm = GlossaryTermInput.extend({
  variants: z
    .string()
    .transform((text) => text.split(',').map((variant) => variant.trim()))
    .pipe(GlossaryVariants),
});
type TermFormIn = z.input<typeof TermForm>;
type TermFormOut = z.output<typeof TermForm>;

const empty: TermFormIn = { term: '', kind: 'name', variants: '', note: '' };
const valuesOf = (term: GlossaryTerm): TermFormIn => ({
  term: term.term,
  kind: term.kind,
  variants: term.variants.join(', '),
  note: term.note,
});

interface TermFieldsFormProps {
  initial: TermFormIn;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: TermFormOut) => void;
  onCancel?: () => void;
  /** Empties the form once the addition went through. */
  resetKey?: number;
}

function TermFieldsForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  resetKey,
}: TermFieldsFormProps) {
  const { t } = useTranslation();
  const form = useForm<TermFormIn, unknown, TermFormOut>({
    resolver: zodResolver(TermForm),
    defaultValues: initial,
  });
  const { reset } = form;
  useEffect(() => {
    if (resetKey) reset(empty);
  }, [resetKey, reset]);
  return (
    <Form {...form}>
      <form
        noValidate
        data-slot="glossary-term-form"
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={form.handleSubmit(onSubmit)}
      >
        <TextFormField
          name="term"
          label={t('glossary.term')}
          maxLength={GLOSSARY_TERM_MAX_LENGTH}
          autoComplete="off"
        />
        <FormField
          name="kind"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('glossary.kind')}</FormLabel>
              <FormControl>
                <select {...field} className={cn(selectTriggerVariants(), 'w-full')}>
                  {GLOSSARY_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`glossary.kinds.${kind}`)}
                    </option>
                  ))}
                </select>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <TextFormField
          name="variants"
          label={t('glossary.variants')}
          optional
          description={t('glossary.variantsHint', { count: GLOSSARY_VARIANTS_MAX })}
          autoComplete="off"
        />
        <TextFormField
          name="note"
          label={t('glossary.note')}
          optional
          maxLength={GLOSSARY_NOTE_MAX_LENGTH}
          autoComplete="off"
        />
        <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
          {onCancel ? (
            <Button type="button" variant="ghost" onClick={onCancel}>
              {t('glossary.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Form>
  );
}

export interface GlossaryEditorProps {
  /** The glossary's terms, A to Z. */
  terms: readonly GlossaryTerm[];
  /** Where loading the terms stands. */
  status: LoadStatus;
  /** Loads the terms again after a failure. */
  onRetry?: (() => void) | undefined;
  /** A term to add. */
  onAdd: (input: GlossaryTermInput) => void;
  /** A term changed. */
  onUpdate: (id: number, input: GlossaryTermInput) => void;
  /** A term to delete. */
  onDelete: (id: number) => void;
  /** Where the last add, change or delete stands. */
  actionStatus: GlossaryActionStatus;
  /** What the last action was, for its message. */
  lastAction?: { type: 'add' | 'update' | 'delete'; term: string } | undefined;
  /** Why the last action failed. */
  actionError?: FailureText | undefined;
}

/**
 * A glossary (docs/product.md#glossary): its terms with their kind, heard spellings and note,
 * each editable and deletable, and a form to add one. The settings page shows the user's own,
 * a folder's menu the folder's.
 */
export function GlossaryEditor({
  terms,
  status,
  onRetry,
  onAdd,
  onUpdate,
  onDelete,
  actionStatus,
  lastAction,
  actionError,
}: GlossaryEditorProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const listId = useId();
  const [editing, setEditing] = useState<number>();
  const [added, setAdded] = useState(0);
  const pending = actionStatus === 'pending';
  // A finished addition empties the form, a finished change closes its row.
  const [seen, setSeen] = useState(actionStatus);
  if (actionStatus !== seen) {
    setSeen(actionStatus);
    if (actionStatus === 'success' && lastAction?.type === 'add') setAdded((n) => n + 1);
    if (actionStatus === 'success' && lastAction?.type === 'update') setEditing(undefined);
  }

  const done =
    actionStatus === 'success' && lastAction
      ? lastAction.type === 'add'
        ? t('glossary.added', { term: lastAction.term })
        : lastAction.type === 'delete'
          ? t('glossary.deleted', { term: lastAction.term })
          : t('glossary.saved')
      : undefined;

  return (
    <div data-slot="glossary-editor" className="grid gap-4">
      <TermFieldsForm
        initial={empty}
        submitLabel={t('glossary.add')}
        pending={pending && lastAction?.type === 'add'}
        onSubmit={(values) => onAdd(values)}
        resetKey={added}
      />
      <div aria-live="polite" className="empty:hidden">
        {actionStatus === 'error' ? (
          <Alert variant="danger" description={failureText(actionError ?? { code: 'internal' })} />
        ) : done ? (
          <Alert variant="success" description={done} />
        ) : null}
      </div>
      <LoadState
        status={status}
        loadingText={t('glossary.loading')}
        failedText={t('glossary.loadFailed')}
        onRetry={onRetry}
        isEmpty={terms.length === 0}
        empty={<EmptyState title={t('glossary.empty')} />}
      >
        <p id={listId} className="text-sm text-muted-foreground">
          {t('glossary.count', { count: terms.length, max: GLOSSARY_TERMS_MAX })}
        </p>
        <ul aria-labelledby={listId} className="grid divide-y rounded-md border">
          {terms.map((term) => (
            <li key={term.id} data-slot="glossary-term" className="grid gap-2 p-3">
              {editing === term.id ? (
                <TermFieldsForm
                  initial={valuesOf(term)}
                  submitLabel={t('glossary.save')}
                  pending={pending}
                  onSubmit={(values) => onUpdate(term.id, values)}
                  onCancel={() => setEditing(undefined)}
                />
              ) : (
                <div className="flex items-start gap-3">
                  <div className="grid min-w-0 flex-1 gap-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-medium wrap-anywhere">{term.term}</span>
                      <Badge variant="neutral">{t(`glossary.kinds.${term.kind}`)}</Badge>
                    </p>
                    {term.variants.length > 0 ? (
                      <p className="text-sm text-muted-foreground wrap-anywhere">
                        {t('glossary.variants')}: {term.variants.join(', ')}
                      </p>
                    ) : null}
                    {term.note ? (
                      <p className="text-sm text-muted-foreground wrap-anywhere">{term.note}</p>
                    ) : null}
                  </div>
                  <IconButton
                    label={t('glossary.edit', { term: term.term })}
                    variant="ghost"
                    onClick={() => setEditing(term.id)}
                  >
                    <Pencil aria-hidden />
                  </IconButton>
                  <IconButton
                    label={t('glossary.delete', { term: term.term })}
                    variant="ghost"
                    disabled={pending}
                    onClick={() => onDelete(term.id)}
                  >
                    <Trash2 aria-hidden />
                  </IconButton>
                </div>
              )}
            </li>
          ))}
        </ul>
      </LoadState>
    </div>
  );
}
