import { zodResolver } from '@hookform/resolvers/zod';
import {
  billableMinutes,
  exceedsFileLimit,
  hasEnoughMinutes,
  isAcceptedAudio,
  isPremium,
  isUnlimited,
  noteNameFromFile,
  planFeature,
  type CapabilitiesResponse,
  type FailureText,
  type FieldIssue,
  type Folder,
  type Minutes,
  type NoteDesign,
  type Plan,
  type PlanOffer,
  type SummaryModel,
  type UploadNoteBody,
} from '@protokoll/contract';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUi } from '../../lib/ui-provider.tsx';
import { Alert } from '../../components/alert.tsx';
import { buttonVariants } from '../../components/button.tsx';
import { Form, useFormMessageText, useServerFieldErrors } from '../../components/form.tsx';
import { cn } from '../../lib/cn.ts';
import { useFormat } from '../../lib/format.ts';
import { ItemLink } from '../../lib/render-link.tsx';
import { MinutesMeter } from '../../widgets/minutes-meter.tsx';
import { FileSection, type CostRefusal } from './file-section.tsx';
import { MoreOptions } from './more-options.tsx';
import {
  NoteSection,
  SummarySection,
  TranscriptSection,
  useLanguageName,
  type TemplateChoice,
} from './option-sections.tsx';
import {
  formValuesOf,
  NO_FOLDER,
  ProtocolForm,
  protocolDefaults,
  protocolParseOptions,
  serverFields,
  type ProtocolFormOutput,
  type ProtocolFormValues,
  type ProtocolOptions,
} from './protocol-form.ts';
import { SubmitBar } from './submit-bar.tsx';
import { PageHeader } from '../../components/page-header.tsx';

/** What the server reports it can do (`GET /api/capabilities`), in the app's spelling. */
export interface ProtocolCapabilities {
  /** False when no speech-to-text engine is configured: the form explains it and cannot be sent. */
  sttAvailable: boolean;
  /** Audio tools the server lacks (ffmpeg, ffprobe): like no engine, nothing can be sent. */
  missingAudioTools: readonly string[];
  /** The summary models to choose from; premium ones need a paid plan. */
  summaryModels: readonly SummaryModel[];
  /** Language codes on offer for the recording and the note (`auto` is added for the recording). */
  languages: readonly string[];
  /** Largest file the server accepts, in bytes; bigger files are refused before the upload. */
  maxUploadBytes: number;
}

/** The answer of `GET /api/capabilities` as the screen takes it. */
export function toProtocolCapabilities(
  answer: Omit<CapabilitiesResponse, 'success'>,
): ProtocolCapabilities {
  return {
    sttAvailable: answer.stt_available,
    missingAudioTools: answer.missing_audio_tools,
    summaryModels: answer.summary_models,
    languages: answer.languages,
    maxUploadBytes: answer.max_upload_bytes,
  };
}

/**
 * The user's plan. `type` decides whether premium models are open (docs/minutes.md#premium);
 * `max_file_minutes` (from the plan catalogue, `null` for none) is the longest recording the plan
 * takes.
 */
export type ProtocolPlan = Pick<Plan, 'name' | 'type'> &
  Partial<Pick<Plan, 'features' | 'speaker_labels'>> &
  Partial<Pick<PlanOffer, 'max_file_minutes'>>;

/**
 * Whether a plan labels speakers: its `speaker_labels`, else its features (docs/minutes.md#plans).
 */
export function labelsSpeakers(plan: ProtocolPlan): boolean | undefined {
  return plan.speaker_labels ?? plan.features?.includes(planFeature.speakerDetection);
}

/**
 * What the form hands over: the contract's `POST /api/note` body, file included. `speakers` is
 * left out when 0, `folder_id` and `name` when not set (docs/uploads.md#the-upload-call), so the
 * app appends every present field to the form data as it is.
 */
export type ProtocolSubmitValues = UploadNoteBody;

export interface ProtocolScreenProps extends Omit<
  React.ComponentProps<'div'>,
  'children' | 'onSubmit'
> {
  /** The server's capabilities: engine, summary models, languages, upload size limit. */
  capabilities: ProtocolCapabilities;
  /** Minutes balance (MinutesMeter data); the cost is checked against `remaining`. Undefined while loading. */
  minutes?: Minutes | undefined;
  /**
   * Load state of the balance; without it, `minutes` decides (loading until set). `error`: the
   * balance is not known (`minutes` is the last known one, if any), so the form refuses nothing
   * for want of minutes and says the server checks them at upload (docs/minutes.md#when-loading-fails).
   */
  minutesStatus?: 'loading' | 'error' | 'ready' | undefined;
  /** When the last known balance was answered (ISO), while `minutesStatus` is `error`. */
  minutesAsOf?: string | undefined;
  /** "Retry" in the minutes widget was pressed. */
  onRetryMinutes?: (() => void) | undefined;
  /** The balance loads again after a failure: the widget's retry button spins. */
  minutesRetrying?: boolean | undefined;
  /** The current plan, or `null` without one; opens premium models and sets the per-file limit. */
  plan?: ProtocolPlan | null | undefined;
  /** The user's folders, offered besides "no folder". */
  folders: readonly Folder[];
  /** The summary templates; own ones are offered in "Vorlage" (docs/product.md#summary-templates). */
  templates?: readonly TemplateChoice[] | undefined;
  /** The user's default template, preselected. */
  defaultTemplate?: TemplateChoice['id'] | undefined;
  /** `submitting` while the upload is being started: the submit button spins and blocks. */
  status: 'ready' | 'submitting';
  /**
   * Why the last upload failed ("Upload failed" or the parse error's own text,
   * docs/errors.md#upload-failures).
   */
  error?: FailureText | undefined;
  /** Field issues of a 422 answer, applied to the matching fields. */
  fieldErrors?: FieldIssue[] | undefined;
  /** A valid form was sent. The values are the contract body, file included. */
  onSubmit: (values: ProtocolSubmitValues) => void;
  /**
   * An accepted file was chosen (dropped or picked): the app reads its duration in the browser
   * and passes it back as `fileDuration`. Refused files (wrong type, too big) are not reported.
   */
  onFileSelected: (file: File) => void;
  /**
   * Duration of the chosen file in seconds. `undefined` while it is being read (sending waits),
   * `null` when the browser cannot read it (the server then decides).
   */
  fileDuration?: number | null | undefined;
  /**
   * The chosen file could not be read and its first bytes start no accepted audio format: it is
   * refused with the server's own "not audio" text, before anything is sent.
   */
  fileNotAudio?: boolean | undefined;
  /** Start with this file chosen, e.g. one dropped on the dashboard; it is not reported again. */
  defaultFile?: File | undefined;
  /**
   * The body of an upload that failed: the form comes back with its file and every option as
   * they were (docs/uploads.md#following-a-new-note), and the button reads "Erneut versuchen".
   */
  initialValues?: ProtocolSubmitValues | undefined;
  /** The failure is a refusal a bigger plan lifts (too long, too few minutes): offer `onUpgrade`. */
  errorOffersUpgrade?: boolean | undefined;
  /** "Upgrade" next to a refusal for too few minutes or too long a recording. */
  onUpgrade?: (() => void) | undefined;
  /**
   * The browser recorder, shown under the drop zone (the app loads it lazily). It gets
   * `takeFile`: a finished recording handed to it becomes the chosen file, as if it had been
   * dropped (and is reported through `onFileSelected`).
   */
  recorder?: ((takeFile: (file: File) => void) => React.ReactNode) | undefined;
  /**
   * The options the person chose for their last note (kept by the app): the form starts with
   * them, each checked against what is on offer now, and "Weitere Optionen" says so.
   */
  rememberedOptions?: ProtocolOptions | undefined;
  /**
   * The export design sent with the note (the form no longer asks: it is chosen when
   * downloading). Defaults to `classic`.
   */
  design?: NoteDesign | undefined;
  /** The buy page, resolved for the active locale: at 0 minutes the notice links to it. */
  buyMinutesHref?: string | undefined;
}

const protocolResolver = zodResolver(ProtocolForm, protocolParseOptions);

type FileRefusal =
  { kind: 'wrongType'; name: string } | { kind: 'tooBig'; name: string; size: number };

/** Fields folded under "Weitere Optionen": an error in one of them opens it. */
const OPTION_FIELDS = serverFields;

/**
 * The remembered options as the form's values, each kept only when it is on offer now (a model
 * the server dropped, a folder deleted since): the rest stay at their defaults.
 */
function rememberedValues(
  options: ProtocolOptions | undefined,
  offer: {
    models: readonly string[];
    languages: readonly string[];
    summaryLanguages: readonly string[];
    folders: readonly Folder[];
  },
): Partial<ProtocolFormValues> {
  if (!options) return {};
  const values: Partial<ProtocolFormValues> = {};
  if (
    options.language &&
    (options.language === 'auto' || offer.languages.includes(options.language))
  )
    values.language = options.language;
  if (options.summary_language && offer.summaryLanguages.includes(options.summary_language))
    values.summary_language = options.summary_language;
  if (options.summary_model && offer.models.includes(options.summary_model))
    values.summary_model = options.summary_model;
  if (options.structure) values.structure = options.structure;
  if (options.transcribe !== undefined) values.transcribe = options.transcribe;
  if (options.transcript_type) values.transcript_type = options.transcript_type;
  if (options.speakers) values.speakers = String(options.speakers);
  if (
    options.folder_id !== undefined &&
    offer.folders.some((folder) => folder.id === options.folder_id)
  )
    values.folder_id = String(options.folder_id);
  if (options.agenda) values.agenda = options.agenda;
  return values;
}

/** The sent body without the fields left unset: absent, not empty. */
function withoutUnset(values: UploadNoteBody): UploadNoteBody {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as UploadNoteBody;
}

/**
 * `/protocol`: the new-note form, made for a first note (docs/uploads.md#the-new-note-page): two
 * big actions, record or upload, and the button; every other option folded under "Weitere
 * Optionen", starting from what the person chose last time. The form shows the recording's
 * duration and what it costs against the remaining minutes, and refuses before sending when the
 * minutes or the plan's per-file limit do not suffice, when the file is too big or no audio, or
 * when the server has no speech-to-text engine. At 0 minutes a notice on top says so and links
 * to the buy page; recording stays possible.
 */
export function ProtocolScreen({
  capabilities,
  minutes: lastMinutes,
  minutesStatus = lastMinutes ? 'ready' : 'loading',
  minutesAsOf,
  onRetryMinutes,
  minutesRetrying,
  plan,
  folders,
  templates,
  defaultTemplate,
  status,
  error,
  fieldErrors,
  onSubmit,
  onFileSelected,
  fileDuration,
  fileNotAudio = false,
  defaultFile,
  initialValues,
  errorOffersUpgrade = false,
  onUpgrade,
  recorder,
  rememberedOptions,
  design = 'classic',
  buyMinutesHref,
  className,
  ...props
}: ProtocolScreenProps) {
  const { locale } = useUi();
  const { t } = useTranslation();
  const format = useFormat();
  const languageName = useLanguageName();
  const messageText = useFormMessageText();
  const titleId = useId();
  const refusalId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<FileRefusal>();

  const paid = isPremium(plan);
  // A balance that failed to load is not known: nothing is refused on it, the server decides.
  const minutesUnknown = minutesStatus === 'error';
  const minutes = minutesUnknown ? undefined : lastMinutes;
  // Without an engine or without the audio tools the server cannot process anything.
  const engine = capabilities.sttAvailable && capabilities.missingAudioTools.length === 0;
  const submitting = status === 'submitting';
  const openModels = useMemo(
    () => capabilities.summaryModels.filter((model) => paid || !model.premium),
    [capabilities.summaryModels, paid],
  );
  const defaultModel = openModels[0]?.id ?? '';
  const summaryLanguages = capabilities.languages.includes(locale)
    ? capabilities.languages
    : [locale, ...capabilities.languages];

  const offer = {
    models: openModels.map((model) => model.id),
    languages: capabilities.languages,
    summaryLanguages,
    folders,
  };
  const [remembered] = useState(() => rememberedValues(rememberedOptions, offer));
  const form = useForm<ProtocolFormValues, unknown, ProtocolFormOutput>({
    resolver: protocolResolver,
    defaultValues: initialValues
      ? {
          ...protocolDefaults(undefined, '', defaultModel, locale, design),
          ...formValuesOf(initialValues),
        }
      : {
          ...protocolDefaults(
            defaultFile,
            defaultFile ? noteNameFromFile(defaultFile.name) : '',
            defaultModel,
            locale,
            design,
          ),
          ...remembered,
        },
  });
  const { control, setValue, getValues, clearErrors } = form;
  const { errors, isSubmitted } = form.formState;
  useServerFieldErrors(form.setError, fieldErrors, serverFields);

  // Folders load on their own: a remembered folder is chosen once it is known to exist, unless
  // the person chose one meanwhile.
  const rememberedFolder = rememberedOptions?.folder_id;
  useEffect(() => {
    if (initialValues || rememberedFolder === undefined) return;
    if (form.getFieldState('folder_id').isDirty || getValues('folder_id') !== NO_FOLDER) return;
    if (folders.some((folder) => folder.id === rememberedFolder))
      setValue('folder_id', String(rememberedFolder));
  }, [folders, rememberedFolder, initialValues, form, getValues, setValue]);

  // The template once the list is in, whether or not the options are open: the own one this
  // person sent last time while it exists, else their last structure, else the default template
  // (docs/uploads.md#remembered-options); never over a choice made meanwhile, nor when the form
  // came back with what was sent.
  const rememberedTemplate = rememberedOptions?.template;
  const rememberedStructure = rememberedOptions?.structure;
  useEffect(() => {
    if (initialValues || !templates) return;
    if (form.getFieldState('template').isDirty || form.getFieldState('structure').isDirty) return;
    const own = (id: unknown) => templates.find((entry) => entry.id === id && !entry.built_in);
    const template =
      own(rememberedTemplate) ??
      (rememberedStructure === undefined
        ? templates.find((entry) => entry.id === defaultTemplate)
        : undefined);
    if (!template) return;
    if (!template.built_in) setValue('template', template.id);
    setValue('structure', template.structure);
  }, [
    defaultTemplate,
    templates,
    rememberedTemplate,
    rememberedStructure,
    initialValues,
    form,
    setValue,
  ]);

  // An agenda handed over (a Gremium's open tasks) is shown; an option the server refused (or the
  // check found wrong) is folded away: show it.
  const [optionsOpen, setOptionsOpen] = useState(Boolean(remembered.agenda));
  const optionError = OPTION_FIELDS.some((field) => errors[field] !== undefined);
  const [shownError, setShownError] = useState(false);
  if (optionError !== shownError) {
    // Adjusted while rendering (react.dev/learn/you-might-not-need-an-effect): once per new error.
    setShownError(optionError);
    if (optionError) setOptionsOpen(true);
  }

  // Models may arrive (or the plan change) after the form started: never keep a closed one, and
  // take the remembered one once the plan opens it (a paid plan loads after the form), unless
  // the person chose another meanwhile.
  const rememberedModel = initialValues ? undefined : rememberedOptions?.summary_model;
  useEffect(() => {
    const current = getValues('summary_model');
    const open = (id: string | undefined) => openModels.some((model) => model.id === id);
    if (
      rememberedModel !== undefined &&
      current !== rememberedModel &&
      open(rememberedModel) &&
      !form.getFieldState('summary_model').isDirty
    )
      setValue('summary_model', rememberedModel);
    else if (!open(current)) setValue('summary_model', defaultModel);
  }, [openModels, defaultModel, rememberedModel, form, getValues, setValue]);

  const file = useWatch({ control, name: 'audio_file' });
  const duration = file ? fileDuration : undefined;
  const cost = typeof duration === 'number' ? billableMinutes(duration) : undefined;
  const unlimited = minutes ? isUnlimited(minutes) : false;
  const remaining = minutes?.has_active_plan ? Math.max(0, minutes.remaining) : 0;
  // Only a balance that loaded says 0: while loading (or after a failed load) it is unknown.
  const noMinutes = minutes !== undefined && !unlimited && remaining <= 0;
  const planWithoutSpeakers = plan && labelsSpeakers(plan) === false ? plan.name : undefined;
  const [structure, summaryLanguage, chosenTemplate] = useWatch({
    control,
    name: ['structure', 'summary_language', 'template'],
  });
  // An own template chosen (the default one preselected, too) is named where the structure is.
  const ownTemplate = templates?.find((entry) => entry.id === chosenTemplate && !entry.built_in);
  const optionsSummary = t('protocol.options.summary', {
    structure: ownTemplate?.name ?? t(`protocol.structures.${structure}.label`),
    language: languageName(summaryLanguage),
  });
  const limitMinutes = plan?.max_file_minutes ?? null;
  const overLimit = typeof duration === 'number' && exceedsFileLimit(duration, limitMinutes);
  const notEnough = cost !== undefined && minutes != null && !hasEnoughMinutes(minutes, cost);
  const reading = file != null && duration === undefined;
  const notAudio = file != null && fileNotAudio;
  const blocked = !engine || overLimit || notEnough || reading || notAudio;
  const costRefusal: CostRefusal | undefined = overLimit
    ? {
        kind: 'overPlanLimit',
        plan: plan?.name ?? '',
        limitMinutes: limitMinutes ?? 0,
        duration: duration ?? 0,
      }
    : notEnough
      ? { kind: 'notEnoughMinutes', cost: cost ?? 0, remaining }
      : undefined;

  function chooseFile(next: File) {
    clearErrors('audio_file');
    if (!isAcceptedAudio(next)) {
      setRefusal({ kind: 'wrongType', name: next.name });
      return;
    }
    if (next.size > capabilities.maxUploadBytes) {
      setRefusal({ kind: 'tooBig', name: next.name, size: next.size });
      return;
    }
    setRefusal(undefined);
    // The name follows the file unless the person typed their own.
    const previous = getValues('audio_file');
    const name = getValues('name');
    if (!name.trim() || (previous && name === noteNameFromFile(previous.name))) {
      setValue('name', noteNameFromFile(next.name), { shouldValidate: isSubmitted });
    }
    setValue('audio_file', next, { shouldValidate: isSubmitted });
    setValue('file_name', next.name);
    setValue('size', next.size);
    onFileSelected(next);
  }

  const refusalText =
    refusal?.kind === 'wrongType'
      ? t('protocol.refusal.wrongType', { name: refusal.name })
      : refusal?.kind === 'tooBig'
        ? t('protocol.refusal.tooBig', {
            name: refusal.name,
            size: format.bytes(refusal.size, capabilities.maxUploadBytes),
            max: format.bytes(capabilities.maxUploadBytes),
          })
        : undefined;

  function submitValid(values: ProtocolFormOutput) {
    if (!blocked && !submitting) onSubmit(withoutUnset(values));
  }

  function focusFileWhenAlone(invalid: FieldErrors<ProtocolFormValues>) {
    // The file input is not a form control of its own, so react-hook-form cannot focus it.
    const names = Object.keys(invalid).filter((name) => name !== 'file_name' && name !== 'size');
    if (names.length === 1 && invalid.audio_file) fileInput.current?.focus();
  }

  return (
    <div
      data-slot="protocol-screen"
      className={cn('mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10', className)}
      {...props}
    >
      <PageHeader
        titleId={titleId}
        title={t('protocol.title')}
        description={t('protocol.description')}
      />

      {noMinutes ? (
        // Shown on load, not in answer to an action: polite, not an interrupting alert.
        <Alert
          variant="warning"
          role="status"
          data-slot="no-minutes"
          className="mt-6"
          title={t('protocol.noMinutes.title')}
          description={t('protocol.noMinutes.description')}
        >
          {buyMinutesHref ? (
            <ItemLink
              item={{ key: 'buy', label: t('minutes.buy'), href: buyMinutesHref }}
              className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'mt-2')}
            >
              {t('minutes.buy')}
            </ItemLink>
          ) : null}
        </Alert>
      ) : null}

      {engine ? null : (
        // Shown on load, not in answer to an action: polite, not an interrupting alert.
        <Alert
          variant="warning"
          role="status"
          data-slot="no-engine"
          className="mt-6"
          title={
            capabilities.sttAvailable
              ? t('protocol.noAudioTools.title')
              : t('protocol.noEngine.title')
          }
          description={
            capabilities.sttAvailable
              ? t('protocol.noAudioTools.description', {
                  tools: capabilities.missingAudioTools.join(', '),
                })
              : t('protocol.noEngine.description')
          }
        />
      )}

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Form {...form}>
          <form
            noValidate
            aria-labelledby={titleId}
            className="grid min-w-0 gap-6"
            onSubmit={(event) => void form.handleSubmit(submitValid, focusFileWhenAlone)(event)}
          >
            {/* Without an engine nothing here can lead anywhere, so nothing can be edited. */}
            <fieldset disabled={!engine} className="contents">
              <FileSection
                file={file}
                maxBytes={capabilities.maxUploadBytes}
                onFile={chooseFile}
                error={
                  refusalText ??
                  (notAudio ? t('processing.audio.notAudio') : undefined) ??
                  messageText(errors.audio_file?.message)
                }
                disabled={!engine}
                inputRef={fileInput}
                duration={duration}
                notAudio={notAudio}
                cost={cost}
                minutes={minutes}
                unlimited={unlimited}
                remaining={remaining}
                refusal={costRefusal}
                refusalId={refusalId}
                onUpgrade={onUpgrade}
                recorder={recorder?.(chooseFile)}
              />
              <MoreOptions
                open={optionsOpen}
                onOpenChange={setOptionsOpen}
                summary={optionsSummary}
                remembered={Object.keys(remembered).length > 0 && !initialValues}
              >
                <SummarySection
                  control={control}
                  summaryModels={capabilities.summaryModels}
                  paid={paid}
                  languages={summaryLanguages}
                  templates={templates}
                />
                <TranscriptSection
                  control={control}
                  languages={capabilities.languages}
                  planWithoutSpeakers={planWithoutSpeakers}
                />
                <NoteSection control={control} folders={folders} />
              </MoreOptions>
            </fieldset>

            {minutesUnknown ? (
              <Alert
                variant="info"
                data-slot="minutes-unknown"
                description={t('protocol.cost.minutesUnknown')}
              />
            ) : null}
            <SubmitBar
              error={error}
              submitting={submitting}
              blocked={blocked}
              cost={cost}
              describedBy={costRefusal ? refusalId : undefined}
              again={initialValues !== undefined}
              onUpgrade={errorOffersUpgrade ? onUpgrade : undefined}
            />
          </form>
        </Form>

        <aside className="min-w-0">
          <MinutesMeter
            minutes={lastMinutes}
            status={minutesStatus}
            asOf={minutesAsOf}
            onRetry={onRetryMinutes}
            retrying={minutesRetrying}
          />
        </aside>
      </div>
    </div>
  );
}
