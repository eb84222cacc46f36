import { zodResolver } from '@hookform/resolvers/zod';
import {
  searchFaq,
  SupportBody,
  supportCategories,
  type FailureText,
  type FaqEntry,
  type FieldIssue,
} from '@protokoll/contract';
import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { FormErrorAlert } from '../../components/form-error-alert.tsx';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  TextFormField,
  useServerFieldErrors,
} from '../../components/form.tsx';
import { Input } from '../../components/input.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/select.tsx';
import { Textarea } from '../../components/textarea.tsx';
import { cn } from '../../lib/cn.ts';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';

/** The note picker's "no note" choice (Radix selects take no empty value). */
const NO_NOTE = 'none';

/** The form as typed: the note as the picker's value. */
const SupportForm = SupportBody.omit({ note_id: true }).extend({ note: z.string() });
type SupportFormValues = z.input<typeof SupportForm>;
type SupportFormOutput = z.output<typeof SupportForm>;

const serverFields = ['category', 'subject', 'message', 'note'] as const;

/** A note the message can be about. */
export interface SupportNoteOption {
  id: number;
  name: string;
}

/** How sending the last message went. */
export type SupportSendStatus = 'idle' | 'pending' | 'success' | 'error';

export interface SupportScreenProps extends Omit<
  React.ComponentProps<'div'>,
  'children' | 'onSubmit'
> {
  /** The FAQ in the page's language. */
  faq: readonly FaqEntry[];
  /** The person's recent notes for the optional note picker; empty hides nothing, the picker offers "no note" only. */
  notes?: readonly SupportNoteOption[];
  /** The form was submitted with valid, trimmed values. */
  onSubmit: (values: SupportBody) => void;
  /** `pending` while sending, `success` once received (the form empties), `error` when it failed (the text stays). */
  status?: SupportSendStatus;
  /** Why sending failed. */
  error?: FailureText | undefined;
  /** Field issues of a 422 answer. */
  fieldErrors?: FieldIssue[] | undefined;
  /** The ticket number of the message just sent. */
  ticketId?: number | undefined;
  /** Start the FAQ search with this text (stories, links). */
  defaultQuery?: string;
}

/**
 * `/support`: a searchable FAQ and the contact form (category, subject, message, optionally one
 * of the person's notes). What was typed stays when sending fails; it empties after a success.
 */
export function SupportScreen({
  faq,
  notes = [],
  onSubmit,
  status = 'idle',
  error,
  fieldErrors,
  ticketId,
  defaultQuery = '',
  className,
  ...props
}: SupportScreenProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const titleId = useId();
  const faqTitleId = useId();
  const [query, setQuery] = useState(defaultQuery);
  const found = useMemo(() => searchFaq(faq, query, locale), [faq, query, locale]);

  const form = useForm<SupportFormValues, unknown, SupportFormOutput>({
    resolver: zodResolver(SupportForm),
    defaultValues: { category: undefined, subject: '', message: '', note: NO_NOTE },
  });
  useServerFieldErrors(
    form.setError,
    (fieldErrors ?? []).map((issue) =>
      issue.path === 'note_id' ? { ...issue, path: 'note' } : issue,
    ),
    serverFields,
  );
  const { reset } = form;
  useEffect(() => {
    if (status === 'success') reset();
  }, [status, reset]);

  return (
    <div
      data-slot="support-screen"
      className={cn('mx-auto grid w-full max-w-5xl min-w-0 gap-8 px-4 py-8 sm:px-6', className)}
      {...props}
    >
      <PageHeader
        titleId={titleId}
        title={t('support.title')}
        description={t('support.subtitle')}
      />

      <div className="grid min-w-0 gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <section aria-labelledby={faqTitleId} className="grid min-w-0 content-start gap-4">
          <h2 id={faqTitleId} className="text-lg font-semibold text-foreground">
            {t('support.faq.title')}
          </h2>
          <div className="relative">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label={t('support.faq.search')}
              placeholder={t('support.faq.searchPlaceholder')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              className="pl-9"
            />
          </div>
          <p className="sr-only" role="status">
            {t('support.faq.results', { count: found.length })}
          </p>
          {found.length ? (
            <ul className="grid gap-2" data-slot="faq-list">
              {found.map((entry) => (
                <li key={entry.id}>
                  <details className="group rounded-lg border border-border bg-card px-4 py-3">
                    <summary className="cursor-pointer font-medium text-foreground marker:text-muted-foreground">
                      {entry.question}
                    </summary>
                    <p className="mt-2 text-sm text-muted-foreground">{entry.answer}</p>
                  </details>
                </li>
              ))}
            </ul>
          ) : (
            <p data-slot="faq-empty" className="text-sm text-muted-foreground">
              {t('support.faq.noResults')}
            </p>
          )}
        </section>

        <FormCard
          form={form}
          title={t('support.form.title')}
          description={t('support.form.description')}
          onValid={({ note, ...values }) =>
            onSubmit({ ...values, ...(note === NO_NOTE ? {} : { note_id: Number(note) }) })
          }
          className="min-w-0"
          actions={
            <>
              <Button type="submit" loading={status === 'pending'}>
                {t('support.form.submit')}
              </Button>
            </>
          }
        >
          {status === 'error' ? (
            <FormErrorAlert error={error} fallbackKey="support.form.failed" />
          ) : null}
          {status === 'success' ? (
            <Alert
              variant="success"
              data-slot="support-sent"
              title={t('support.form.sent', { ticket: ticketId ?? '' })}
              description={t('support.form.sentHint')}
            />
          ) : null}
          <FormField
            control={form.control}
            name="category"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('support.form.category')}</FormLabel>
                <FormControl>
                  <Select value={field.value ?? ''} onValueChange={field.onChange}>
                    <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                      <SelectValue placeholder={t('support.form.categoryPlaceholder')} />
                    </SelectTrigger>
                    <SelectContent>
                      {supportCategories.map((category) => (
                        <SelectItem key={category} value={category}>
                          {t(`support.categories.${category}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <TextFormField
            control={form.control}
            name="subject"
            label={t('support.form.subject')}
            autoComplete="off"
          />
          <FormField
            control={form.control}
            name="message"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('support.form.message')}</FormLabel>
                <FormControl>
                  <Textarea rows={6} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="note"
            render={({ field }) => (
              <FormItem>
                <FormLabel>
                  {t('support.form.note')}{' '}
                  <span className="font-normal text-muted-foreground">
                    ({t('common.optional')})
                  </span>
                </FormLabel>
                <FormControl>
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NO_NOTE}>{t('support.form.noNote')}</SelectItem>
                      {notes.map((note) => (
                        <SelectItem key={note.id} value={String(note.id)}>
                          {note.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </FormControl>
                <FormDescription>{t('support.form.noteHint')}</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        </FormCard>
      </div>
    </div>
  );
}
