import { zodResolver } from '@hookform/resolvers/zod';
import {
  findInTranscript,
  FIND_TEXT_MAX_LENGTH,
  ReplaceTextForm,
  type Segment,
} from '@protokoll/contract';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/dialog.tsx';
import {
  Form,
  FormField,
  FormItem,
  FormLabel,
  FormControl,
  TextFormField,
} from '../../components/form.tsx';
import { useFailureText } from '../../lib/failure-text.ts';
import { useFormat } from '../../lib/format.ts';
import { useSpeakerName } from '../../widgets/reader-parts.tsx';
import { useAction } from './action.ts';

/** The preview lists this many hits; the rest are counted. */
const HITS_SHOWN = 50;

export interface ReplaceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The transcript as the reader shows it: the hits are found in it. */
  segments: readonly Segment[];
  speakerNames: Record<string, string>;
  /** Replace every hit; the dialog stays open with a spinner until it settles, and shows a rejection. */
  onReplace: (form: z.infer<typeof ReplaceTextForm>) => Promise<unknown>;
}

/**
 * "Suchen und ersetzen": a term and its replacement, with every hit in the transcript listed
 * (line, time, speaker, the line with the change marked) before anything is changed.
 */
export function ReplaceDialog({ open, onOpenChange, ...props }: ReplaceDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-slot="replace-dialog" className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('noteTools.edit.replace.title')}</DialogTitle>
          <DialogDescription>{t('noteTools.edit.replace.description')}</DialogDescription>
        </DialogHeader>
        <ReplaceForm {...props} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ReplaceForm({
  segments,
  speakerNames,
  onReplace,
  onDone,
}: Omit<ReplaceDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const failureText = useFailureText();
  const speakerName = useSpeakerName(speakerNames);
  const formId = useId();
  const previewId = useId();
  const { pending, error, run } = useAction();
  const form = useForm({
    resolver: zodResolver(ReplaceTextForm),
    defaultValues: { find: '', replace: '', match_case: false, whole_words: false },
  });
  const values = useWatch({ control: form.control });
  const [submitted, setSubmitted] = useState(false);
  const options = {
    find: values.find ?? '',
    match_case: values.match_case ?? false,
    whole_words: values.whole_words ?? false,
  };
  const hits = findInTranscript(segments, options);
  const replacement = values.replace ?? '';

  const submit = form.handleSubmit((parsed) => {
    setSubmitted(true);
    return run(() => onReplace(parsed), onDone);
  });

  return (
    <>
      <Form {...form}>
        <form
          id={formId}
          noValidate
          onSubmit={(event) => void submit(event)}
          className="grid grid-cols-[minmax(0,1fr)] gap-4"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextFormField
              name="find"
              label={t('noteTools.edit.replace.find')}
              autoComplete="off"
              maxLength={FIND_TEXT_MAX_LENGTH}
              aria-controls={previewId}
            />
            <TextFormField
              name="replace"
              label={t('noteTools.edit.replace.with')}
              autoComplete="off"
              maxLength={FIND_TEXT_MAX_LENGTH}
            />
          </div>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(['match_case', 'whole_words'] as const).map((name) => (
              <FormField
                key={name}
                control={form.control}
                name={name}
                render={({ field }) => (
                  <FormItem className="flex items-center gap-2">
                    <FormControl>
                      <Checkbox
                        checked={field.value}
                        onCheckedChange={(checked) => field.onChange(checked === true)}
                      />
                    </FormControl>
                    <FormLabel className="font-normal">
                      {t(
                        name === 'match_case'
                          ? 'noteTools.edit.replace.matchCase'
                          : 'noteTools.edit.replace.wholeWords',
                      )}
                    </FormLabel>
                  </FormItem>
                )}
              />
            ))}
          </div>
          <section id={previewId} aria-live="polite" className="grid gap-2">
            <p className="text-sm font-medium">
              {options.find.trim()
                ? hits.length > 0
                  ? t('noteTools.edit.replace.hits', { count: hits.length })
                  : t('noteTools.edit.replace.noHits')
                : null}
            </p>
            {hits.length > 0 ? (
              <ol className="grid gap-1 rounded-md border border-border p-2 text-sm">
                {hits.slice(0, HITS_SHOWN).map((hit) => {
                  const segment = segments[hit.index]!;
                  return (
                    <li
                      key={`${hit.index}:${hit.from}`}
                      className="grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-2 rounded px-1 py-1"
                    >
                      <span className="text-xs text-muted-foreground tabular-nums">
                        {format.clock(segment.start)}
                      </span>
                      <span className="min-w-0 wrap-break-word">
                        <span className="font-semibold">{speakerName(segment.speaker)}: </span>
                        {segment.text.slice(0, hit.from)}
                        <del className="bg-danger-subtle line-through">
                          {segment.text.slice(hit.from, hit.to)}
                        </del>
                        {replacement ? (
                          <ins className="bg-success-subtle font-semibold no-underline">
                            {replacement}
                          </ins>
                        ) : null}
                        {segment.text.slice(hit.to)}
                      </span>
                    </li>
                  );
                })}
                {hits.length > HITS_SHOWN ? (
                  <li className="px-1 text-muted-foreground">
                    {t('noteTools.edit.replace.more', { count: hits.length - HITS_SHOWN })}
                  </li>
                ) : null}
              </ol>
            ) : null}
          </section>
          {error && submitted ? (
            <Alert variant="danger" description={failureText(error, 'noteTools.edit.failed')} />
          ) : null}
        </form>
      </Form>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('noteTools.edit.cancel')}</Button>
        </DialogClose>
        <Button type="submit" form={formId} loading={pending} disabled={hits.length === 0}>
          {t('noteTools.edit.replace.submit', { count: hits.length })}
        </Button>
      </DialogFooter>
    </>
  );
}
