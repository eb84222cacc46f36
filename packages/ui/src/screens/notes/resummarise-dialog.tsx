import { zodResolver } from '@hookform/resolvers/zod';
import {
  EXTRACTIVE_MODEL_ID,
  hasHandEdits,
  NoteStructure,
  ResummariseBody,
  resummaryMinutes,
  type FieldIssue,
  type NoteDetail,
  type SummaryModel,
  type Template,
} from '@protokoll/contract';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useServerFieldErrors,
} from '../../components/form.tsx';
import { RadioGroup, RadioGroupItem } from '../../components/radio-group.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/select.tsx';
import { useFailureText } from '../../lib/failure-text.ts';
import { useFormat } from '../../lib/format.ts';
import type { MessageKey } from '../../lib/i18next.ts';
import { useOfflineReason } from '../../lib/offline-reason.tsx';
import { useLanguageName } from '../../widgets/language-name.ts';
import { useAction, type ActionResult, type ActionState } from './action.ts';

export interface ResummariseDialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** The dialog wants to open or close (Escape, "Abbrechen", after the re-summary was queued). */
  onOpenChange: (open: boolean) => void;
  /** The note: its structure, language and model are the form's first values. */
  note: Pick<NoteDetail, 'structure' | 'summary_language' | 'summary_model'> &
    Partial<Pick<NoteDetail, 'summary'>>;
  /** Every summary model the server offers; premium ones are locked without a plan for them. */
  summaryModels: readonly SummaryModel[];
  /** Whether the plan opens premium models. */
  paid: boolean;
  /** Language codes on offer for the summary. */
  languages: readonly string[];
  /**
   * Summarise again with these values. A returned promise keeps the dialog open with a spinner
   * until it settles; a rejection is shown in the dialog.
   */
  onSubmit: (body: ResummariseBody) => ActionResult;
  /** A 422's issues, put on their fields. */
  fieldErrors?: FieldIssue[] | undefined;
  /** The user's own templates, offered beside the structures (docs/product.md#summary-templates). */
  templates?: readonly Pick<Template, 'id' | 'name' | 'structure'>[] | undefined;
}

/**
 * "Neu zusammenfassen": another structure, language or model for a finished note's summary,
 * written from its transcript as it is now. States what it costs before it is confirmed: free
 * for a standard model, a fixed number of minutes for a premium one.
 */
export function ResummariseDialog({ open, onOpenChange, ...props }: ResummariseDialogProps) {
  const { t } = useTranslation();
  const action = useAction();
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) action.reset();
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) action.cancel();
        onOpenChange(next);
      }}
    >
      <DialogContent data-slot="resummarise-dialog" size="lg">
        <DialogHeader>
          <DialogTitle>{t('noteTools.resummary.title')}</DialogTitle>
          <DialogDescription>{t('noteTools.resummary.description')}</DialogDescription>
        </DialogHeader>
        <ResummariseForm {...props} action={action} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

interface ResummariseFormProps extends Omit<ResummariseDialogProps, 'open' | 'onOpenChange'> {
  action: ActionState;
  onDone: () => void;
}

function ResummariseForm({
  note,
  summaryModels,
  paid,
  languages,
  onSubmit,
  fieldErrors,
  action,
  onDone,
  templates = [],
}: ResummariseFormProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const failureText = useFailureText();
  const languageName = useLanguageName();
  const offline = useOfflineReason();
  const formId = useId();
  const { pending, error, run } = action;
  const offered = (id: string) => summaryModels.some((model) => model.id === id);
  const firstAllowed = summaryModels.find((model) => !model.premium || paid)?.id ?? '';
  const handEdits = hasHandEdits(note.summary);
  const form = useForm({
    resolver: zodResolver(ResummariseBody),
    defaultValues: {
      structure: note.structure,
      summary_language: languages.includes(note.summary_language)
        ? note.summary_language
        : (languages[0] ?? note.summary_language),
      summary_model: offered(note.summary_model) ? note.summary_model : firstAllowed,
      // Kept by default: hand work is lost only when the person says so
      // (docs/uploads.md#keeping-hand-edits).
      ...(handEdits ? { keep_edits: true } : {}),
    },
  });
  const template = useWatch({ control: form.control, name: 'template' });
  useServerFieldErrors(form.setError, fieldErrors, [
    'template',
    'structure',
    'summary_language',
    'summary_model',
  ]);
  const modelId = useWatch({ control: form.control, name: 'summary_model' });
  const chosen = summaryModels.find((model) => model.id === modelId);
  const cost = chosen ? resummaryMinutes(chosen) : 0;
  const modelName = (id: string) => {
    const key = `protocol.models.${id}`;
    return i18n.exists(key) ? t(key as MessageKey) : id;
  };
  const builtInOnly = summaryModels.every((model) => model.id === EXTRACTIVE_MODEL_ID);
  const submit = form.handleSubmit((body) => run(() => onSubmit(body), onDone));

  return (
    <>
      <Form {...form}>
        <form
          id={formId}
          noValidate
          onSubmit={(event) => {
            if (offline.disabled) return event.preventDefault();
            void submit(event);
          }}
          className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2"
        >
          <FormField
            control={form.control}
            name="summary_language"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('protocol.fields.summaryLanguage')}</FormLabel>
                <FormControl>
                  <Select value={field.value} onValueChange={field.onChange} disabled={pending}>
                    <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {languages.map((code) => (
                        <SelectItem key={code} value={code}>
                          {languageName(code)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </FormControl>
                {builtInOnly ? (
                  <FormDescription>{t('protocol.fields.summaryLanguageBuiltIn')}</FormDescription>
                ) : null}
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="summary_model"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('protocol.fields.summaryModel')}</FormLabel>
                <FormControl>
                  <Select value={field.value} onValueChange={field.onChange} disabled={pending}>
                    <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {summaryModels.map((model) => {
                        const locked = model.premium && !paid;
                        return (
                          <SelectItem key={model.id} value={model.id} disabled={locked}>
                            {locked
                              ? t('protocol.fields.premiumLocked', { model: modelName(model.id) })
                              : model.premium
                                ? t('noteTools.resummary.premiumModel', {
                                    model: modelName(model.id),
                                  })
                                : modelName(model.id)}
                          </SelectItem>
                        );
                      })}
                    </SelectContent>
                  </Select>
                </FormControl>
                {!paid && summaryModels.some((model) => model.premium) ? (
                  <FormDescription>{t('protocol.fields.premiumHint')}</FormDescription>
                ) : null}
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="structure"
            render={({ field }) => (
              <FormItem className="sm:col-span-2">
                <FormLabel>{t('protocol.fields.structure')}</FormLabel>
                <FormControl>
                  <RadioGroup
                    ref={field.ref}
                    value={template === undefined ? field.value : `template:${template}`}
                    onValueChange={(value) => {
                      // An own template: its structure, and the template with it.
                      const own = templates.find((entry) => `template:${entry.id}` === value);
                      form.setValue('template', own?.id);
                      field.onChange(own ? own.structure : value);
                    }}
                    disabled={pending}
                    className="grid gap-2 sm:grid-cols-2"
                  >
                    {NoteStructure.options.map((structure) => (
                      <RadioGroupItem
                        key={structure}
                        value={structure}
                        label={t(`protocol.structures.${structure}.label`)}
                      />
                    ))}
                    {templates.map((entry) => (
                      <RadioGroupItem
                        key={entry.id}
                        value={`template:${entry.id}`}
                        label={`${t('noteTools.resummary.template')}: ${entry.name}`}
                      />
                    ))}
                  </RadioGroup>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          {handEdits ? (
            <FormField
              control={form.control}
              name="keep_edits"
              render={({ field: { value, onChange, ...field } }) => (
                <FormItem orientation="horizontal" className="sm:col-span-2">
                  <FormLabel>{t('noteTools.resummary.keepEdits')}</FormLabel>
                  <FormControl>
                    <Checkbox
                      checked={value === true}
                      onCheckedChange={(checked) => onChange(checked === true)}
                      disabled={pending}
                      {...field}
                    />
                  </FormControl>
                  <FormDescription>{t('noteTools.resummary.keepEditsHint')}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          ) : null}
          <p data-slot="resummary-cost" className="text-sm text-foreground sm:col-span-2">
            {cost > 0
              ? t('noteTools.resummary.costPremium', { minutes: format.minutes(cost) })
              : t('noteTools.resummary.costFree')}{' '}
            <span className="text-muted-foreground">{t('noteTools.resummary.keepsVersion')}</span>
          </p>
          {error ? (
            <Alert
              variant="danger"
              className="sm:col-span-2"
              description={failureText(error, 'noteTools.resummary.failed')}
            />
          ) : null}
          {offline.reason}
        </form>
      </Form>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </DialogClose>
        <Button
          type="submit"
          form={formId}
          loading={pending}
          disabled={offline.disabled}
          aria-describedby={offline.describedBy}
        >
          {cost > 0
            ? t('noteTools.resummary.submitPaid', { minutes: format.minutes(cost) })
            : t('noteTools.resummary.submit')}
        </Button>
      </DialogFooter>
    </>
  );
}
