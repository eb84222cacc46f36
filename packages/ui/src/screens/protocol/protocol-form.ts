import { UploadNoteBody } from '@protokoll/contract';
import type { DefaultValues } from 'react-hook-form';
import { z } from 'zod';

/** The folder select's value for "no folder": Radix Select has no empty value. */
export const NO_FOLDER = 'none';

/**
 * The new-note form's schema: the contract's `POST /api/note` body, with the three fields whose
 * input is edited in another shape turned into the contract's first. The folder select holds an
 * id or `NO_FOLDER`, the speakers field its text (empty or 0: automatic), the name and the agenda
 * their text (empty: named after the file; no agenda); each becomes absent when not set (the server takes absent
 * as "not chosen") and is then checked
 * by the contract's own rule for it. (The contract's numbers coerce from anything, so the
 * text goes on typed `unknown`.)
 */
export const ProtocolForm = UploadNoteBody.extend({
  folder_id: z
    .string()
    .transform((value): unknown => (value === NO_FOLDER ? undefined : value))
    .pipe(UploadNoteBody.shape.folder_id),
  speakers: z
    .string()
    .transform((value): unknown => (value.trim() === '' || Number(value) === 0 ? undefined : value))
    .pipe(UploadNoteBody.shape.speakers),
  name: z
    .string()
    .transform((value) => value.trim() || undefined)
    .pipe(UploadNoteBody.shape.name),
  agenda: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(UploadNoteBody.shape.agenda),
});

/** What the form holds while being edited. */
export type ProtocolFormValues = z.input<typeof ProtocolForm>;
/** What it hands over once valid: the contract body. */
export type ProtocolFormOutput = z.output<typeof ProtocolForm>;

/**
 * Bounds the contract leaves to zod's own wording (more than 50 speakers) read as "invalid
 * value"; the contract's messages are i18n keys and stay.
 */
export const protocolParseOptions = { error: () => 'validation.invalidValue' };

/** Fields a server's 422 issue may name (the file's own problems show at the drop zone). */
export const serverFields = [
  'name',
  'folder_id',
  'language',
  'speakers',
  'summary_model',
  'summary_language',
  'structure',
  'transcript_type',
  'agenda',
] as const satisfies readonly (keyof ProtocolFormValues)[];

/** A body sent before, as the form's values again: the form comes back as it was. */
export function formValuesOf(values: UploadNoteBody): DefaultValues<ProtocolFormValues> {
  return {
    ...values,
    folder_id: values.folder_id === undefined ? NO_FOLDER : String(values.folder_id),
    speakers: values.speakers ? String(values.speakers) : '',
    name: values.name ?? '',
    agenda: values.agenda ?? '',
  };
}

/**
 * The options a person chose for their last note, which the form starts with next time
 * (docs/uploads.md#remembered-options): everything but the file, its name and the export design
 * (chosen at download). Stored in the browser, so every value is checked again when read.
 */
export const ProtocolOptions = UploadNoteBody.pick({
  language: true,
  summary_language: true,
  summary_model: true,
  structure: true,
  template: true,
  transcribe: true,
  transcript_type: true,
  speakers: true,
  folder_id: true,
  // Only handed over (the open tasks of a Gremium, docs/formal-minutes.md#registers); never remembered.
  agenda: true,
}).partial();
export type ProtocolOptions = z.infer<typeof ProtocolOptions>;

/** The options of a sent body, to be remembered. */
export function optionsOf(values: UploadNoteBody): ProtocolOptions {
  return {
    language: values.language,
    summary_language: values.summary_language,
    summary_model: values.summary_model,
    structure: values.structure,
    template: values.template,
    transcribe: values.transcribe,
    transcript_type: values.transcript_type,
    speakers: values.speakers,
    folder_id: values.folder_id,
  };
}

/** The form's starting values; a file handed in (dropped on the dashboard) is chosen already. */
export function protocolDefaults(
  file: File | undefined,
  name: string,
  summaryModel: string,
  summaryLanguage: string,
  design: UploadNoteBody['design'] = 'classic',
): DefaultValues<ProtocolFormValues> {
  return {
    audio_file: file,
    file_name: file?.name ?? '',
    size: file?.size ?? 0,
    name,
    folder_id: NO_FOLDER,
    language: 'auto',
    transcribe: true,
    transcript_type: 'verbatim',
    speakers: '',
    summary_model: summaryModel,
    summary_language: summaryLanguage,
    structure: 'minutes',
    agenda: '',
    design,
  };
}
