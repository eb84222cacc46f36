import type { MessageKey } from '../../lib/i18next.ts';
import {
  EXTRACTIVE_MODEL_ID,
  isFormalStructure,
  NoteStructure,
  TranscriptType,
  type Folder,
  type SummaryModel,
  type Template,
} from '@protokoll/contract';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../components/form.tsx';
import { Input } from '../../components/input.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/select.tsx';
import { Switch } from '../../components/switch.tsx';
import { Textarea } from '../../components/textarea.tsx';
import { FormSection } from './form-section.tsx';
import { ChoiceField, SelectField, type ProtocolControl } from './option-fields.tsx';
import { NO_FOLDER } from './protocol-form.ts';
import { useLanguageName } from '../../widgets/language-name.ts';

export { useLanguageName } from '../../widgets/language-name.ts';

export interface NoteSectionProps {
  control: ProtocolControl;
  /** The user's folders, offered besides "no folder". */
  folders: readonly Folder[];
}

/** "Ablage": the note's name and folder. */
export function NoteSection({ control, folders }: NoteSectionProps) {
  const { t } = useTranslation();
  return (
    <FormSection
      title={t('protocol.sections.note.title')}
      className="grid items-start gap-4 sm:grid-cols-2"
    >
      <FormField
        control={control}
        name="name"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t('protocol.fields.name')}</FormLabel>
            <FormControl>
              <Input autoComplete="off" {...field} />
            </FormControl>
            <FormDescription>{t('protocol.fields.nameHint')}</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <SelectField
        control={control}
        name="folder_id"
        label={t('protocol.fields.folder')}
        options={[
          { value: NO_FOLDER, label: t('protocol.fields.noFolder') },
          ...folders.map((folder) => ({ value: String(folder.id), label: folder.name })),
        ]}
      />
    </FormSection>
  );
}

export interface TranscriptSectionProps {
  control: ProtocolControl;
  /** Language codes on offer for the recording (`auto` comes first). */
  languages: readonly string[];
  /**
   * The name of the person's plan when it does not label speakers: the speakers field says so.
   * Undefined when the plan labels them (or is not known yet).
   */
  planWithoutSpeakers?: string | undefined;
}

/** "Transkript": the spoken language, the number of speakers, whether and how to transcribe. */
export function TranscriptSection({
  control,
  languages,
  planWithoutSpeakers,
}: TranscriptSectionProps) {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  return (
    <FormSection
      title={t('protocol.sections.transcript.title')}
      className="grid items-start gap-4 sm:grid-cols-2"
    >
      <SelectField
        control={control}
        name="language"
        label={t('protocol.fields.language')}
        options={[
          { value: 'auto', label: t('protocol.fields.languageAuto') },
          ...languages.map((code) => ({ value: code, label: languageName(code) })),
        ]}
      />
      <FormField
        control={control}
        name="speakers"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t('protocol.fields.speakers')}</FormLabel>
            <FormControl>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={50}
                placeholder={t('protocol.fields.speakersAuto')}
                {...field}
              />
            </FormControl>
            <FormDescription>
              {t('protocol.fields.speakersHint')}
              {planWithoutSpeakers ? (
                <span data-slot="speakers-plan-hint" className="mt-1 block text-foreground">
                  {t('protocol.fields.speakersNotInPlan', { plan: planWithoutSpeakers })}
                </span>
              ) : null}
            </FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="transcribe"
        render={({ field }) => (
          <FormItem orientation="horizontal" className="sm:col-span-2">
            <FormLabel>{t('protocol.fields.transcribe')}</FormLabel>
            <FormControl>
              <Switch
                ref={field.ref}
                checked={field.value === true}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
              />
            </FormControl>
            <FormDescription>{t('protocol.fields.transcribeHint')}</FormDescription>
          </FormItem>
        )}
      />
      <ChoiceField
        control={control}
        name="transcript_type"
        label={t('protocol.fields.transcriptType')}
        columns="sm:grid-cols-2"
        options={TranscriptType.options.map((type) => ({
          value: type,
          label: t(`protocol.transcriptTypes.${type}.label`),
          description: t(`protocol.transcriptTypes.${type}.description`),
        }))}
      />
    </FormSection>
  );
}

export interface SummarySectionProps {
  control: ProtocolControl;
  /** Every summary model; premium ones are shown locked without a paid plan. */
  summaryModels: readonly SummaryModel[];
  /** Whether the plan opens premium models. */
  paid: boolean;
  /** Language codes on offer for the summary. */
  languages: readonly string[];
  /** The summary templates (docs/product.md#summary-templates); the own ones are offered. */
  templates?: readonly TemplateChoice[] | undefined;
}

/** What the upload form needs of a template. */
export type TemplateChoice = Pick<Template, 'id' | 'name' | 'structure' | 'built_in'>;

/** The select's value for "no own template": the structure cards decide. */
const STRUCTURE_ONLY = 'structure';

/**
 * "Vorlage": one of the user's own templates, whose structure the note gets, or none (the
 * structure cards decide). The form preselects the default template (ProtocolScreen).
 */
function TemplateField({
  control,
  templates,
}: {
  control: ProtocolControl;
  templates: readonly TemplateChoice[];
}) {
  const { t } = useTranslation();
  const { setValue } = useFormContext();
  const own = templates.filter((template) => !template.built_in);
  const chosen = useWatch({ control, name: 'template' });
  if (own.length === 0) return null;
  return (
    <FormField
      control={control}
      name="template"
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t('protocol.fields.template')}</FormLabel>
          <FormControl>
            <Select
              value={chosen === undefined ? STRUCTURE_ONLY : String(chosen)}
              onValueChange={(value) => {
                const template = own.find((entry) => String(entry.id) === value);
                field.onChange(template ? template.id : undefined);
                if (template) setValue('structure', template.structure, { shouldDirty: true });
              }}
            >
              <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={STRUCTURE_ONLY}>{t('protocol.fields.templateNone')}</SelectItem>
                {own.map((template) => (
                  <SelectItem key={template.id} value={String(template.id)}>
                    {template.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * A formal meeting's agenda, one item per line (docs/formal-minutes.md#agenda-first): offered
 * only while a formal meeting type (or an own template of one) is chosen.
 */
function AgendaField({ control }: { control: ProtocolControl }) {
  const { t } = useTranslation();
  const structure = useWatch({ control, name: 'structure' });
  if (!isFormalStructure(structure)) return null;
  return (
    <FormField
      control={control}
      name="agenda"
      render={({ field }) => (
        <FormItem className="sm:col-span-2">
          <FormLabel>{t('protocol.fields.agenda')}</FormLabel>
          <FormControl>
            <Textarea
              rows={5}
              placeholder={t('protocol.fields.agendaPlaceholder')}
              {...field}
              value={field.value ?? ''}
            />
          </FormControl>
          <FormDescription>{t('protocol.fields.agendaHint')}</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * "Protokoll": the note's language, its structure and the model that writes it. A server without
 * a language model offers the built-in summariser only, which picks sentences and cannot
 * translate: the language field says so.
 */
export function SummarySection({
  control,
  summaryModels,
  paid,
  languages,
  templates = [],
}: SummarySectionProps) {
  const { t, i18n } = useTranslation();
  const languageName = useLanguageName();
  const modelName = (id: string) => {
    const key = `protocol.models.${id}`;
    return i18n.exists(key) ? t(key as MessageKey) : id;
  };
  const builtInOnly = summaryModels.every((model) => model.id === EXTRACTIVE_MODEL_ID);
  const ownChosen = useWatch({ control, name: 'template' }) !== undefined;
  return (
    <FormSection
      title={t('protocol.sections.summary.title')}
      className="grid items-start gap-4 sm:grid-cols-2"
    >
      <SelectField
        control={control}
        name="summary_language"
        label={t('protocol.fields.summaryLanguage')}
        hint={builtInOnly ? t('protocol.fields.summaryLanguageBuiltIn') : undefined}
        options={languages.map((code) => ({ value: code, label: languageName(code) }))}
      />
      <SelectField
        control={control}
        name="summary_model"
        label={t('protocol.fields.summaryModel')}
        hint={
          builtInOnly
            ? t('protocol.fields.builtInHint')
            : !paid && summaryModels.some((model) => model.premium)
              ? t('protocol.fields.premiumHint')
              : undefined
        }
        options={summaryModels.map((model) => {
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
      <TemplateField control={control} templates={templates} />
      {ownChosen ? null : (
        <ChoiceField
          control={control}
          name="structure"
          label={t('protocol.fields.structure')}
          columns="sm:grid-cols-2 xl:grid-cols-3"
          options={NoteStructure.options.map((structure) => ({
            value: structure,
            label: t(`protocol.structures.${structure}.label`),
            description: t(`protocol.structures.${structure}.description`),
          }))}
        />
      )}
      <AgendaField control={control} />
    </FormSection>
  );
}
