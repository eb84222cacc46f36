import { zodResolver } from '@hookform/resolvers/zod';
import {
  isPremium,
  isUnlimited,
  NoteDesign,
  NoteStructure,
  TranscriptType,
  UploadNoteBody,
  type CapabilitiesResponse,
  type FailureText,
  type FieldIssue,
  type Folder,
  type Locale,
  type Minutes,
  type Plan,
  type PlanOffer,
  type SummaryModel,
} from '@protokoll/contract';
import { Upload } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Resolver,
  type ResolverResult,
} from 'react-hook-form';
import { useTranslation } from '../../lib/i18n.tsx';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/card.tsx';
import { Field } from '../../components/field.tsx';
import { Input } from '../../components/input.tsx';
import { RadioGroup, RadioGroupItem } from '../../components/radio-group.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/select.tsx';
import { Switch } from '../../components/switch.tsx';
import { cn } from '../../lib/cn.ts';
import { MinutesMeter } from '../../widgets/minutes-meter.tsx';
import { formatBytes } from '../../widgets/upload-toasts.tsx';
import {
  FormErrorAlert,
  useFailureText,
  useMessageText,
  useServerFieldErrors,
} from '../auth/auth-parts.tsx';
import { AudioDropZone } from './audio-drop-zone.tsx';
import { billableMinutes, fileStem, formatDuration, isAcceptedAudio } from './audio-file.ts';

/** What the server reports it can do (`GET /api/capabilities`), in the app's spelling. */
export interface ProtocolCapabilities {
  /** False when no speech-to-text engine is configured: the form explains it and cannot be sent. */
  sttAvailable: boolean;
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
    summaryModels: answer.summary_models,
    languages: answer.languages,
    maxUploadBytes: answer.max_upload_bytes,
  };
}

/**
 * The user's plan. `type` decides whether premium models are open (SPEC §3); `max_file_minutes`
 * (from the plan catalogue, `null` for none) is the longest recording the plan takes.
 */
export type ProtocolPlan = Pick<Plan, 'name' | 'type'> &
  Partial<Pick<PlanOffer, 'max_file_minutes'>>;

/**
 * What the form hands over: the contract's `POST /api/note` body, file included. `speakers` is
 * left out when 0, `folder_id` and `name` when not set (SPEC §5), so the app appends every
 * present field to the form data as it is.
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
  /** The current plan, or `null` without one; opens premium models and sets the per-file limit. */
  plan?: ProtocolPlan | null | undefined;
  /** The user's folders, offered besides "no folder". */
  folders: readonly Folder[];
  /** Interface language; the note's language defaults to it. */
  locale: Locale;
  /** `submitting` while the upload is being started: the submit button spins and blocks. */
  status: 'ready' | 'submitting';
  /** Why the last upload failed (SPEC §8 "Upload failed" or the parse error's own text). */
  serverError?: FailureText | undefined;
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
  /** Start with this file chosen, e.g. one dropped on the dashboard; it is not reported again. */
  defaultFile?: File | undefined;
  /** "Upgrade" next to a refusal for too few minutes or too long a recording. */
  onUpgrade?: (() => void) | undefined;
}

/** What the form holds while being edited; the resolver turns it into the contract body. */
interface ProtocolFormValues {
  audio_file: File | undefined;
  file_name: string;
  size: number;
  name: string;
  /** A folder id, or `NO_FOLDER`: Radix Select has no empty value. */
  folder: string;
  language: string;
  transcribe: boolean;
  transcript_type: TranscriptType;
  /** As typed; empty counts as 0 (automatic). */
  speakers: string;
  summary_model: string;
  summary_language: string;
  structure: NoteStructure;
  design: NoteDesign;
}

const NO_FOLDER = 'none';

/**
 * Form field names by contract field: `folder_id` is edited as `folder`, and the file's name
 * and size come with the file, so their problems are the file's.
 */
const formFieldOf: Partial<Record<string, keyof ProtocolFormValues>> = {
  folder_id: 'folder',
  file_name: 'audio_file',
  size: 'audio_file',
};
const serverFields = [
  'name',
  'folder',
  'language',
  'speakers',
  'summary_model',
  'summary_language',
  'structure',
  'design',
  'transcript_type',
] as const satisfies readonly (keyof ProtocolFormValues)[];

/**
 * The form's values as `POST /api/note` fields. SPEC §5: `speakers` only if not 0, `folder_id`
 * and `name` only if set; absent keys stay absent, so the app appends exactly what is here.
 */
function toBody(values: ProtocolFormValues): Record<string, unknown> {
  const speakers = values.speakers.trim() === '' ? 0 : Number(values.speakers);
  const name = values.name.trim();
  return {
    audio_file: values.audio_file,
    file_name: values.file_name,
    size: values.size,
    language: values.language,
    summary_model: values.summary_model,
    summary_language: values.summary_language,
    design: values.design,
    structure: values.structure,
    transcribe: values.transcribe,
    transcript_type: values.transcript_type,
    ...(speakers === 0 ? {} : { speakers }),
    ...(values.folder === NO_FOLDER ? {} : { folder_id: Number(values.folder) }),
    ...(name ? { name } : {}),
  };
}

const contractResolver = zodResolver(UploadNoteBody);

/**
 * Validates with the contract's own schema. Its messages are i18n keys, except for bounds it
 * leaves to zod (speakers above 50), which become "invalid value".
 */
const protocolResolver: Resolver<ProtocolFormValues, unknown, UploadNoteBody> = async (
  values,
  context,
  options,
) => {
  const result = (await contractResolver(
    toBody(values) as never,
    context,
    options as never,
  )) as ResolverResult<Record<string, unknown>, UploadNoteBody>;
  if (!Object.keys(result.errors).length)
    return result as ResolverResult<ProtocolFormValues, UploadNoteBody>;
  const errors: FieldErrors<ProtocolFormValues> = {};
  for (const [name, error] of Object.entries(result.errors)) {
    if (!error) continue;
    const message = typeof error.message === 'string' ? error.message : '';
    const known = /^(validation|errors)\./.test(message);
    const field = formFieldOf[name] ?? (name as keyof ProtocolFormValues);
    if (errors[field]) continue;
    errors[field] = {
      type: String(error.type ?? 'validate'),
      message: known ? message : 'validation.invalidValue',
    };
  }
  return { values: {}, errors };
};

type FileRefusal =
  { kind: 'wrongType'; name: string } | { kind: 'tooBig'; name: string; size: number };

/**
 * `/protocol`: the new-note form. A recording goes in through the drop zone; the form shows its
 * duration and what it costs against the remaining minutes, and refuses before sending when the
 * minutes or the plan's per-file limit do not suffice, when the file is too big or no audio, or
 * when the server has no speech-to-text engine.
 */
export function ProtocolScreen({
  capabilities,
  minutes,
  plan,
  folders,
  locale,
  status,
  serverError,
  fieldErrors,
  onSubmit,
  onFileSelected,
  fileDuration,
  defaultFile,
  onUpgrade,
  className,
  ...props
}: ProtocolScreenProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const refusalId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<FileRefusal>();

  const paid = isPremium(plan);
  const engine = capabilities.sttAvailable;
  const submitting = status === 'submitting';
  const openModels = useMemo(
    () => capabilities.summaryModels.filter((model) => paid || !model.premium),
    [capabilities.summaryModels, paid],
  );
  const defaultModel = openModels[0]?.id ?? '';
  const summaryLanguages = capabilities.languages.includes(locale)
    ? capabilities.languages
    : [locale, ...capabilities.languages];

  const {
    control,
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    clearErrors,
    formState: { errors, isSubmitted },
  } = useForm<ProtocolFormValues, unknown, UploadNoteBody>({
    resolver: protocolResolver,
    defaultValues: {
      audio_file: defaultFile,
      file_name: defaultFile?.name ?? '',
      size: defaultFile?.size ?? 0,
      name: defaultFile ? fileStem(defaultFile.name) : '',
      folder: NO_FOLDER,
      language: 'auto',
      transcribe: true,
      transcript_type: 'verbatim',
      speakers: '0',
      summary_model: defaultModel,
      summary_language: locale,
      structure: 'minutes',
      design: 'classic',
    },
  });
  useServerFieldErrors(fieldErrors, serverFields, setError);

  // Models may arrive (or the plan change) after the form started: never keep a closed one.
  useEffect(() => {
    const current = getValues('summary_model');
    if (!openModels.some((model) => model.id === current)) setValue('summary_model', defaultModel);
  }, [openModels, defaultModel, getValues, setValue]);

  const file = useWatch({ control, name: 'audio_file' });
  const duration = file ? fileDuration : undefined;
  const cost = typeof duration === 'number' ? billableMinutes(duration) : undefined;
  const unlimited = minutes ? isUnlimited(minutes) : false;
  const remaining = minutes?.has_active_plan ? Math.max(0, minutes.remaining) : 0;
  const limitMinutes = plan?.max_file_minutes ?? null;
  const overLimit =
    typeof duration === 'number' && limitMinutes != null && duration > limitMinutes * 60;
  const notEnough = cost !== undefined && minutes != null && !unlimited && cost > remaining;
  const reading = file != null && duration === undefined;
  const blocked = !engine || overLimit || notEnough || reading;

  const messageText = useMessageText();
  const errorText = useFailureText(serverError);
  const minuteFormat = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'minute',
    unitDisplay: 'long',
  });
  const formatMinutes = (value: number) => minuteFormat.format(value);
  const languageNames = useMemo(
    () => new Intl.DisplayNames([i18n.language], { type: 'language', fallback: 'code' }),
    [i18n.language],
  );
  const languageName = (code: string) => {
    const name = languageNames.of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(i18n.language) + name.slice(1);
  };
  const modelName = (id: string) => {
    const key = `protocol.models.${id}`;
    return i18n.exists(key) ? t(key) : id;
  };

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
    if (!name.trim() || (previous && name === fileStem(previous.name))) {
      setValue('name', fileStem(next.name), { shouldValidate: isSubmitted });
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
            size: formatBytes(refusal.size, i18n.language, capabilities.maxUploadBytes),
            max: formatBytes(capabilities.maxUploadBytes, i18n.language),
          })
        : undefined;
  const fileError = refusalText ?? messageText(errors.audio_file?.message);

  function submitValid(values: UploadNoteBody) {
    if (!blocked && !submitting) onSubmit(values);
  }

  function focusFileWhenAlone(invalid: FieldErrors<ProtocolFormValues>) {
    // The file input is not a registered field, so react-hook-form cannot focus it itself.
    if (Object.keys(invalid).length === 1 && invalid.audio_file) fileInput.current?.focus();
  }

  return (
    <div
      data-slot="protocol-screen"
      className={cn('mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10', className)}
      {...props}
    >
      <header className="min-w-0">
        <h1
          id={titleId}
          className="text-2xl font-semibold tracking-tight text-balance text-foreground sm:text-3xl"
        >
          {t('protocol.title')}
        </h1>
        <p className="mt-2 text-muted-foreground">{t('protocol.description')}</p>
      </header>

      {engine ? null : (
        // Shown on load, not in answer to an action: polite, not an interrupting alert.
        <Alert
          variant="warning"
          role="status"
          data-slot="no-engine"
          className="mt-6"
          title={t('protocol.noEngine.title')}
          description={t('protocol.noEngine.description')}
        />
      )}

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <form
          noValidate
          aria-labelledby={titleId}
          className="grid min-w-0 gap-6"
          onSubmit={(event) => void handleSubmit(submitValid, focusFileWhenAlone)(event)}
        >
          {/* Without an engine nothing here can lead anywhere, so nothing can be edited. */}
          <fieldset disabled={!engine} className="contents">
            <Section
              title={t('protocol.sections.file.title')}
              description={t('protocol.sections.file.description')}
            >
              <AudioDropZone
                file={file}
                maxBytes={capabilities.maxUploadBytes}
                onFile={chooseFile}
                error={fileError}
                disabled={!engine}
                inputRef={fileInput}
              />
              {file ? (
                <FileCost
                  duration={duration}
                  cost={cost}
                  minutes={minutes}
                  unlimited={unlimited}
                  remaining={remaining}
                  formatMinutes={formatMinutes}
                />
              ) : null}
              {overLimit || notEnough ? (
                <Alert
                  id={refusalId}
                  variant="danger"
                  data-slot="refusal"
                  title={
                    overLimit
                      ? t('protocol.refusal.overPlanLimitTitle')
                      : t('protocol.refusal.notEnoughMinutesTitle')
                  }
                  description={
                    overLimit
                      ? t('protocol.refusal.overPlanLimit', {
                          plan: plan?.name ?? '',
                          limit: formatMinutes(limitMinutes ?? 0),
                          duration: formatDuration(duration ?? 0, i18n.language),
                        })
                      : t('protocol.refusal.notEnoughMinutes', {
                          cost: formatMinutes(cost ?? 0),
                          remaining: formatMinutes(remaining),
                        })
                  }
                >
                  {onUpgrade ? (
                    <Button variant="outline" size="sm" className="mt-2" onClick={onUpgrade}>
                      {t('protocol.refusal.upgrade')}
                    </Button>
                  ) : null}
                </Alert>
              ) : null}
            </Section>

            <Section
              title={t('protocol.sections.note.title')}
              description={t('protocol.sections.note.description')}
              className="grid items-start gap-4 sm:grid-cols-2"
            >
              <Field
                label={t('protocol.fields.name')}
                hint={t('protocol.fields.nameHint')}
                error={messageText(errors.name?.message)}
              >
                <Input autoComplete="off" {...register('name')} />
              </Field>
              <SelectField
                control={control}
                name="folder"
                label={t('protocol.fields.folder')}
                options={[
                  { value: NO_FOLDER, label: t('protocol.fields.noFolder') },
                  ...folders.map((folder) => ({ value: String(folder.id), label: folder.name })),
                ]}
              />
            </Section>

            <Section
              title={t('protocol.sections.transcript.title')}
              description={t('protocol.sections.transcript.description')}
              className="grid items-start gap-4 sm:grid-cols-2"
            >
              <SelectField
                control={control}
                name="language"
                label={t('protocol.fields.language')}
                error={messageText(errors.language?.message)}
                options={[
                  { value: 'auto', label: t('protocol.fields.languageAuto') },
                  ...capabilities.languages.map((code) => ({
                    value: code,
                    label: languageName(code),
                  })),
                ]}
              />
              <Field
                label={t('protocol.fields.speakers')}
                hint={t('protocol.fields.speakersHint')}
                error={messageText(errors.speakers?.message)}
              >
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={50}
                  {...register('speakers')}
                />
              </Field>
              <Controller
                control={control}
                name="transcribe"
                render={({ field }) => (
                  <Field
                    orientation="horizontal"
                    label={t('protocol.fields.transcribe')}
                    hint={t('protocol.fields.transcribeHint')}
                    className="sm:col-span-2"
                  >
                    <Switch
                      ref={field.ref}
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      onBlur={field.onBlur}
                    />
                  </Field>
                )}
              />
              <ChoiceField
                control={control}
                name="transcript_type"
                label={t('protocol.fields.transcriptType')}
                error={messageText(errors.transcript_type?.message)}
                columns="sm:grid-cols-2"
                options={TranscriptType.options.map((type) => ({
                  value: type,
                  label: t(`protocol.transcriptTypes.${type}.label`),
                  description: t(`protocol.transcriptTypes.${type}.description`),
                }))}
              />
            </Section>

            <Section
              title={t('protocol.sections.summary.title')}
              description={t('protocol.sections.summary.description')}
              className="grid items-start gap-4 sm:grid-cols-2"
            >
              <SelectField
                control={control}
                name="summary_model"
                label={t('protocol.fields.summaryModel')}
                hint={
                  !paid && capabilities.summaryModels.some((model) => model.premium)
                    ? t('protocol.fields.premiumHint')
                    : undefined
                }
                error={messageText(errors.summary_model?.message)}
                options={capabilities.summaryModels.map((model) => {
                  const locked = model.premium && !paid;
                  return {
                    value: model.id,
                    label: locked
                      ? t('protocol.fields.premiumLocked', { model: modelName(model.id) })
                      : modelName(model.id),
                    disabled: locked,
                  };
                })}
              />
              <SelectField
                control={control}
                name="summary_language"
                label={t('protocol.fields.summaryLanguage')}
                error={messageText(errors.summary_language?.message)}
                options={summaryLanguages.map((code) => ({
                  value: code,
                  label: languageName(code),
                }))}
              />
              <ChoiceField
                control={control}
                name="structure"
                label={t('protocol.fields.structure')}
                error={messageText(errors.structure?.message)}
                columns="sm:grid-cols-2 xl:grid-cols-3"
                options={NoteStructure.options.map((structure) => ({
                  value: structure,
                  label: t(`protocol.structures.${structure}.label`),
                  description: t(`protocol.structures.${structure}.description`),
                }))}
              />
              <ChoiceField
                control={control}
                name="design"
                label={t('protocol.fields.design')}
                hint={t('protocol.fields.designHint')}
                error={messageText(errors.design?.message)}
                columns="sm:grid-cols-3"
                options={NoteDesign.options.map((design) => ({
                  value: design,
                  label: t(`protocol.designs.${design}`),
                }))}
              />
            </Section>
          </fieldset>

          <div data-slot="protocol-submit" className="grid gap-4">
            <FormErrorAlert text={errorText} submitting={submitting} />
            <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
              {cost !== undefined ? (
                <p className="text-sm text-muted-foreground">
                  {t('protocol.cost.label')}:{' '}
                  <span className="font-medium text-foreground tabular-nums">
                    {formatMinutes(cost)}
                  </span>
                </p>
              ) : null}
              <Button
                type="submit"
                size="lg"
                disabled={blocked}
                loading={submitting}
                aria-describedby={overLimit || notEnough ? refusalId : undefined}
                className="max-sm:w-full"
              >
                {submitting ? null : <Upload aria-hidden />}
                {t('protocol.submit')}
              </Button>
            </div>
          </div>
        </form>

        <aside className="min-w-0">
          <MinutesMeter minutes={minutes} status={minutes ? 'ready' : 'loading'} />
        </aside>
      </div>
    </div>
  );
}

interface SectionProps {
  title: string;
  description: string;
  className?: string;
  children: React.ReactNode;
}

/** One card of the form, named by its heading. */
function Section({ title, description, className, children }: SectionProps) {
  const headingId = useId();
  return (
    <Card role="group" aria-labelledby={headingId} className="gap-5">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={headingId}>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={cn('grid gap-4', className)}>{children}</CardContent>
    </Card>
  );
}

interface ChoiceCardProps {
  value: string;
  label: string;
  description?: string;
}

/**
 * A radio option drawn as a card; the whole card is its label. The radio is named by the title
 * only, and its one-line explanation is its description.
 */
interface SelectFieldProps {
  control: Control<ProtocolFormValues, unknown, UploadNoteBody>;
  name: 'folder' | 'language' | 'summary_model' | 'summary_language';
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  options: { value: string; label: string; disabled?: boolean }[];
}

/** One value from a list, as a Radix select. */
function SelectField({ control, name, label, hint, error, options }: SelectFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} hint={hint} error={error}>
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value} disabled={option.disabled}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      )}
    />
  );
}

interface ChoiceFieldProps {
  control: Control<ProtocolFormValues, unknown, UploadNoteBody>;
  name: 'transcript_type' | 'structure' | 'design';
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** Grid columns of the cards per breakpoint. */
  columns: string;
  options: ChoiceCardProps[];
}

/** One choice of a few, as a group of cards spanning the section's width. */
function ChoiceField({ control, name, label, hint, error, columns, options }: ChoiceFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} hint={hint} error={error} className="sm:col-span-2">
          <RadioGroup
            ref={field.ref}
            value={field.value}
            onValueChange={field.onChange}
            className={cn('grid gap-3', columns)}
          >
            {options.map((option) => (
              <ChoiceCard key={option.value} {...option} />
            ))}
          </RadioGroup>
        </Field>
      )}
    />
  );
}

function ChoiceCard({ value, label, description }: ChoiceCardProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <label
      data-slot="choice-card"
      className={cn(
        'flex min-w-0 cursor-pointer items-start gap-3 rounded-md border border-border p-3',
        'text-sm text-foreground transition-colors hover:bg-muted/60',
        'has-data-[state=checked]:border-primary has-data-[state=checked]:bg-accent/60',
        'has-disabled:cursor-not-allowed has-disabled:hover:bg-transparent',
      )}
    >
      <RadioGroupItem
        value={value}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
      />
      <span className="min-w-0 pt-0.5">
        <span id={labelId} className="block font-medium">
          {label}
        </span>
        {description ? (
          <span id={descriptionId} className="mt-1 block text-muted-foreground">
            {description}
          </span>
        ) : null}
      </span>
    </label>
  );
}

interface FileCostProps {
  duration: number | null | undefined;
  cost: number | undefined;
  minutes: Minutes | undefined;
  unlimited: boolean;
  remaining: number;
  formatMinutes: (value: number) => string;
}

/** Duration, cost and remaining minutes of the chosen file, side by side. */
function FileCost({ duration, cost, minutes, unlimited, remaining, formatMinutes }: FileCostProps) {
  const { t, i18n } = useTranslation();
  const insufficient = cost !== undefined && minutes != null && !unlimited && cost > remaining;
  // A row per value on phones, three boxes side by side from `sm` on.
  const item = cn(
    'flex min-w-0 flex-wrap items-baseline justify-between gap-x-3 rounded-md bg-muted px-3 py-2',
    'sm:grid sm:gap-0.5',
  );
  const term = 'text-sm text-muted-foreground sm:text-xs';
  const value = 'font-semibold text-foreground tabular-nums';
  return (
    <div data-slot="file-cost" className="grid gap-3">
      <dl className="grid gap-2 sm:grid-cols-3 sm:gap-3">
        <div className={item}>
          <dt className={term}>{t('protocol.file.duration')}</dt>
          <dd data-slot="file-duration" className={value}>
            {typeof duration === 'number'
              ? formatDuration(duration, i18n.language)
              : duration === null
                ? t('protocol.file.durationUnknown')
                : t('protocol.file.durationReading')}
          </dd>
        </div>
        <div className={item}>
          <dt className={term}>{t('protocol.cost.label')}</dt>
          <dd
            data-slot="file-cost-minutes"
            data-state={insufficient ? 'insufficient' : undefined}
            className={cn(value, insufficient && 'text-danger')}
          >
            {cost === undefined ? '–' : formatMinutes(cost)}
          </dd>
        </div>
        {minutes ? (
          <div className={item}>
            <dt className={term}>{t('protocol.cost.remaining')}</dt>
            <dd data-slot="file-remaining" className={value}>
              {unlimited ? t('protocol.cost.unlimited') : formatMinutes(remaining)}
            </dd>
          </div>
        ) : null}
      </dl>
      {duration === null ? <Alert variant="info" description={t('protocol.cost.unknown')} /> : null}
      {cost !== undefined && minutes && !insufficient ? (
        <p className="text-sm text-muted-foreground">
          {unlimited
            ? t('protocol.cost.afterUnlimited')
            : `${t('protocol.cost.after', { minutes: formatMinutes(remaining - cost) })} ${t('protocol.cost.rule')}`}
        </p>
      ) : null}
    </div>
  );
}
