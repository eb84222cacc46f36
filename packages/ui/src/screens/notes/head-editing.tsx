/*
 * The head of formal minutes while the summary is edited (docs/formal-minutes.md#the-head-by-hand):
 * the keeper of the minutes fills in what the recording did not say (the date, who was there) or
 * corrects what it said. Every field at once, checked with the contract's `HeadInput`; a field
 * entered by hand is marked as such in the reader, never as found in the recording.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  HeadInput,
  missingHeadFields,
  type HeadInputParsed,
  type FormalStructure,
  type MinutesHead,
} from '@protokoll/contract';
import { Pencil } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  TextFormField,
} from '../../components/form.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { textareaLook } from '../../lib/edit-looks.ts';

/** Names as typed: one per line or separated by commas. */
const namesOf = (text: string) =>
  text
    .split(/\r?\n|,/)
    .map((name) => name.trim())
    .filter(Boolean);

/** The form's fields as typed. */
const HeadFields = z.object({
  body: z.string(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  place: z.string(),
  online: z.boolean(),
  chair: z.string(),
  keeper: z.string(),
  present: z.string(),
  excused: z.string(),
  guests: z.string(),
  quorum: z.enum(['yes', 'no', 'unknown']),
});
type HeadFormValues = z.infer<typeof HeadFields>;
export type HeadFormOutput = HeadInputParsed;

/** The fields as the contract's `HeadInput` takes them. */
const inputOf = (form: HeadFormValues): HeadInput => ({
  ...form,
  present: namesOf(form.present),
  excused: namesOf(form.excused),
  guests: namesOf(form.guests),
  quorum: form.quorum === 'unknown' ? null : form.quorum === 'yes',
});

/** The form checked by the contract's own rules, each refusal at its field. */
const HeadForm = HeadFields.superRefine((form, ctx) => {
  const parsed = HeadInput.safeParse(inputOf(form));
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: 'custom', path: [String(issue.path[0])], message: issue.message });
  }
});

function valuesOf(head: MinutesHead): HeadFormValues {
  return {
    body: head.body ?? '',
    date: head.date ?? '',
    start_time: head.start_time ?? '',
    end_time: head.end_time ?? '',
    place: head.place ?? '',
    online: head.online ?? false,
    chair: head.chair ?? '',
    keeper: head.keeper ?? '',
    present: head.present.join('\n'),
    excused: head.excused.join('\n'),
    guests: head.guests.join('\n'),
    quorum: head.quorum === undefined ? 'unknown' : head.quorum ? 'yes' : 'no',
  };
}

export interface HeadEditingProps {
  structure: FormalStructure;
  head: MinutesHead;
  /** No change can be made now (an earlier one failed and waits). */
  blocked?: boolean;
  onSave: (head: HeadFormOutput) => void;
  /** Opens the form at once (stories). */
  initialOpen?: boolean;
}

/** The head's heading with its edit button, or its form. */
export function HeadEditing({
  structure,
  head,
  blocked = false,
  onSave,
  initialOpen = false,
}: HeadEditingProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(initialOpen);
  const button = useRef<HTMLButtonElement>(null);
  const missing = missingHeadFields(structure, head);
  // Once the form has closed, the focus goes back to the button that opened it.
  const returnFocus = useRef(false);
  const close = () => {
    returnFocus.current = true;
    setOpen(false);
  };
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    button.current?.focus();
  }, [open]);
  return (
    <div data-slot="head-editing" className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            {t('noteTools.formal.head')}
          </h3>
          {open ? null : (
            <p className="mt-1 text-sm text-muted-foreground">
              {missing.length > 0
                ? t('noteTools.formal.missingCount', { count: missing.length })
                : t('noteTools.formal.headComplete')}{' '}
              {head.edited?.length ? (
                <Badge variant="neutral">{t('noteTools.formal.byHand')}</Badge>
              ) : null}
            </p>
          )}
        </div>
        {open ? null : (
          <IconButton
            ref={button}
            size="sm"
            label={t('noteTools.formal.editHead')}
            onClick={() => !blocked && setOpen(true)}
          >
            <Pencil />
          </IconButton>
        )}
      </div>
      {open ? (
        <HeadFormView
          head={head}
          onCancel={close}
          onSave={(value) => {
            onSave(value);
            close();
          }}
        />
      ) : null}
    </div>
  );
}

function HeadFormView({
  head,
  onSave,
  onCancel,
}: {
  head: MinutesHead;
  onSave: (head: HeadFormOutput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<HeadFormValues>({
    resolver: zodResolver(HeadForm) as never,
    defaultValues: valuesOf(head),
  });
  const element = useRef<HTMLFormElement>(null);
  const quorumId = useId();
  useEffect(() => form.setFocus('body'), [form]);
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCancel();
      }
    };
    node.addEventListener('keydown', onKey);
    return () => node.removeEventListener('keydown', onKey);
  }, [onCancel]);
  const names = (name: 'present' | 'excused' | 'guests') => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t(`noteTools.formal.fields.${name}`)}</FormLabel>
          <FormControl>
            <textarea data-slot="textarea" className={textareaLook} rows={3} {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
  return (
    <Form {...form}>
      <form
        ref={element}
        noValidate
        data-slot="head-form"
        aria-label={t('noteTools.formal.editHead')}
        onSubmit={(event) =>
          void form.handleSubmit(() => onSave(HeadInput.parse(inputOf(form.getValues()))))(event)
        }
        className="grid grid-cols-[minmax(0,1fr)] gap-3 rounded-md border border-primary/40 bg-surface p-3 shadow-xs"
      >
        <p className="text-sm text-muted-foreground">{t('noteTools.formal.editHint')}</p>
        <TextFormField
          control={form.control}
          name="body"
          label={t('noteTools.formal.fields.body')}
          autoComplete="off"
          maxLength={1000}
        />
        <div className="grid gap-3 sm:grid-cols-3">
          <TextFormField
            control={form.control}
            name="date"
            type="date"
            label={t('noteTools.formal.fields.date')}
          />
          <TextFormField
            control={form.control}
            name="start_time"
            type="time"
            label={t('noteTools.formal.fields.start_time')}
          />
          <TextFormField
            control={form.control}
            name="end_time"
            type="time"
            label={t('noteTools.formal.fields.end_time')}
          />
        </div>
        <TextFormField
          control={form.control}
          name="place"
          label={t('noteTools.formal.fields.place')}
          autoComplete="off"
          maxLength={1000}
        />
        <FormField
          control={form.control}
          name="online"
          render={({ field }) => (
            <FormItem className="flex items-center gap-2">
              <FormControl>
                <Checkbox
                  checked={field.value}
                  onCheckedChange={(v) => field.onChange(v === true)}
                />
              </FormControl>
              <FormLabel className="font-normal">{t('noteTools.formal.online')}</FormLabel>
            </FormItem>
          )}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextFormField
            control={form.control}
            name="chair"
            label={t('noteTools.formal.fields.chair')}
            autoComplete="off"
            maxLength={100}
          />
          <TextFormField
            control={form.control}
            name="keeper"
            label={t('noteTools.formal.fields.keeper')}
            autoComplete="off"
            maxLength={100}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          {names('present')}
          {names('excused')}
          {names('guests')}
        </div>
        <p className="-mt-1 text-sm text-muted-foreground">{t('noteTools.formal.namesHint')}</p>
        <FormField
          control={form.control}
          name="quorum"
          render={({ field }) => (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium text-foreground">
                {t('noteTools.formal.fields.quorum')}
              </legend>
              <div className="flex flex-wrap gap-4">
                {(
                  [
                    ['yes', 'noteTools.formal.quorumYes'],
                    ['no', 'noteTools.formal.quorumNo'],
                    ['unknown', 'noteTools.formal.missing'],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value} className="flex items-center gap-2 text-sm text-foreground">
                    <input
                      type="radio"
                      className="size-4"
                      name={`${quorumId}-quorum`}
                      value={value}
                      checked={field.value === value}
                      onChange={() => field.onChange(value)}
                      onBlur={field.onBlur}
                    />
                    {t(label)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            {t('noteTools.edit.cancel')}
          </Button>
          <Button type="submit" size="sm">
            {t('noteTools.edit.save')}
          </Button>
        </div>
      </form>
    </Form>
  );
}
