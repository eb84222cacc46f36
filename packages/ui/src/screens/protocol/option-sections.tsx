import type { MessageKey } from '../../lib/i18next.ts';
import {
  NoteDesign,
  NoteStructure,
  TranscriptType,
  type Folder,
  type SummaryModel,
} from '@protokoll/contract';
import { useMemo } from 'react';
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
import { Switch } from '../../components/switch.tsx';
import { FormSection } from './form-section.tsx';
import { ChoiceField, SelectField, type ProtocolControl } from './option-fields.tsx';
import { NO_FOLDER } from './protocol-form.ts';

/** Language names in the interface language, capitalised ("Deutsch", "Englisch"). */
function useLanguageName(): (code: string) => string {
  const { i18n } = useTranslation();
  const names = useMemo(
    () => new Intl.DisplayNames([i18n.language], { type: 'language', fallback: 'code' }),
    [i18n.language],
  );
  return (code) => {
    const name = names.of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(i18n.language) + name.slice(1);
  };
}

export interface NoteSectionProps {
  control: ProtocolControl;
  /** The user's folders, offered besides "no folder". */
  folders: readonly Folder[];
}

/** "Notiz": the note's name and folder. */
export function NoteSection({ control, folders }: NoteSectionProps) {
  const { t } = useTranslation();
  return (
    <FormSection
      title={t('protocol.sections.note.title')}
      description={t('protocol.sections.note.description')}
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
}

/** "Transkript": the spoken language, the number of speakers, whether and how to transcribe. */
export function TranscriptSection({ control, languages }: TranscriptSectionProps) {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  return (
    <FormSection
      title={t('protocol.sections.transcript.title')}
      description={t('protocol.sections.transcript.description')}
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
              <Input type="number" inputMode="numeric" min={0} max={50} {...field} />
            </FormControl>
            <FormDescription>{t('protocol.fields.speakersHint')}</FormDescription>
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
}

/** "Zusammenfassung": the model, the summary's language, its structure and design. */
export function SummarySection({ control, summaryModels, paid, languages }: SummarySectionProps) {
  const { t, i18n } = useTranslation();
  const languageName = useLanguageName();
  const modelName = (id: string) => {
    const key = `protocol.models.${id}`;
    return i18n.exists(key) ? t(key as MessageKey) : id;
  };
  return (
    <FormSection
      title={t('protocol.sections.summary.title')}
      description={t('protocol.sections.summary.description')}
      className="grid items-start gap-4 sm:grid-cols-2"
    >
      <SelectField
        control={control}
        name="summary_model"
        label={t('protocol.fields.summaryModel')}
        hint={
          !paid && summaryModels.some((model) => model.premium)
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
      <SelectField
        control={control}
        name="summary_language"
        label={t('protocol.fields.summaryLanguage')}
        options={languages.map((code) => ({ value: code, label: languageName(code) }))}
      />
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
      <ChoiceField
        control={control}
        name="design"
        label={t('protocol.fields.design')}
        hint={t('protocol.fields.designHint')}
        columns="sm:grid-cols-3"
        options={NoteDesign.options.map((design) => ({
          value: design,
          label: t(`protocol.designs.${design}`),
        }))}
      />
    </FormSection>
  );
}
