import { join } from 'node:path';
import type { Locale } from '@protokoll/contract';
import { hasText, translatorFor } from '../lib/locale-files.ts';
import { repoRoot } from '../lib/paths.ts';

/** The `exports.*` texts every renderer needs; a missing one is a defect of the locale files. */
export const wordingKeys = [
  'summary',
  'topics',
  'decisions',
  'actionItems',
  'transcript',
  'date',
  'duration',
  'language',
  'owner',
  'due',
  'done',
  'extractive',
  'noSummary',
  'speaker',
  'page',
  'bullets',
  'interview',
  'question',
  'answer',
  'keyTerms',
  'untranslated',
  // Formal minutes (exports/formal.ts).
  'head',
  'head_body',
  'head_date',
  'head_start_time',
  'head_end_time',
  'head_place',
  'head_chair',
  'head_keeper',
  'head_present',
  'head_excused',
  'head_guests',
  'head_quorum',
  'missing',
  'byHand',
  'online',
  'quorumYes',
  'quorumNo',
  'agendaItem',
  'agendaItemNumber',
  'itemEmpty',
  'resolution',
  'task',
  'unanimous',
  'votesYes',
  'votesNo',
  'votesAbstain',
  'voteMissing',
  'accepted',
  'rejected',
  'backedBy',
  'unbacked',
  // Approval and signature (exports/approval.ts).
  'signatures',
  'signedOn',
  'typedOn',
  'signaturePending',
  'signatureRefused',
  'objections',
  'versionFooter',
  'draftFooter',
  'attendance',
  'attendanceHint',
  'attendanceName',
  'attendanceSignature',
  'stateSubmitted',
  'stateSigned',
  'stateFinal',
  // A Gremium's Beschluss-Sammlung (exports/register.ts).
  'register',
  'registerAsOf',
  'registerEntry',
  'registerVersion',
  'registerDeleted',
  'registerStruck',
  'registerEmpty',
  'registerNumber',
  'registerPlace',
  'registerItem',
  'registerText',
  'registerYes',
  'registerNo',
  'registerAbstain',
  'registerResult',
  'registerMeeting',
  'registerEntered',
  'registerStruckOn',
  'registerItemTitle',
  'registerVersionColumn',
  // An extract of formal minutes (exports/approval.ts).
  'extract',
  'extractNotice',
  'extractFooter',
] as const;
export type WordingKey = (typeof wordingKeys)[number];
export type Wording = Record<WordingKey, string>;

/** Where `locales/` lives when the caller names no folder (the config's LOCALES_DIR default). */
export const defaultLocalesDir = join(repoRoot, 'locales');

/** The `exports.*` texts of a locale (the file is parsed once and re-read after a change). */
export async function loadWording(
  locale: Locale,
  localesDir = defaultLocalesDir,
): Promise<Wording> {
  const t = await translatorFor(localesDir, locale);
  const wording = {} as Wording;
  for (const name of wordingKeys) {
    if (!(await hasText(localesDir, locale, `exports.${name}`)))
      throw new Error(`${locale}.json: exports.${name} is missing`);
    // Placeholders (`{{page}}`, `{{number}}`) are filled later, per page or speaker.
    wording[name] = t(`exports.${name}`);
  }
  return wording;
}
