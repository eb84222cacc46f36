// Approval and signature in the document exports (docs/formal-minutes.md#approval-and-signature):
// the signature block and the objections after the agenda items, the version and its SHA-256 in
// every page's footer (or "Entwurf, nicht unterschrieben"), and for a Betriebsrat the attendance
// list as a page of its own, to be signed by hand.
import type {
  FormalStructure,
  Locale,
  MinutesHead,
  MinutesVersion,
  Signer,
} from '@protokoll/contract';
import { interpolate } from '../lib/locale-files.ts';
import { formatDate, tidy, type ListItem, type Section } from './sections.ts';
import type { Wording } from './wording.ts';

/** What an export of formal minutes knows of their approval; `version` null: a draft. */
export interface ExportApproval {
  version: MinutesVersion | null;
  /** The role names in the export's language (`approval.roles.*`). */
  roles: Record<Signer['role'], string>;
  /**
   * An extract (docs/formal-minutes.md#partial-minutes): the numbers of the agenda items it
   * holds, the summary already cut down to them.
   */
  extract?: number[] | undefined;
}

/** "TOP 1, TOP 3". */
export function extractItems(numbers: readonly number[], wording: Wording): string {
  return numbers.map((number) => interpolate(wording.agendaItemNumber, { number })).join(', ');
}

/** The attendance page: a row per person present, a column to sign in. */
export interface AttendanceSheet {
  heading: string;
  notice: string;
  nameHeading: string;
  signatureHeading: string;
  names: string[];
}

/** Blank rows under the names, for those the recording did not name. */
const SPARE_ROWS = 3;

function signerLine(signer: Signer, locale: Locale, wording: Wording): string {
  const date = signer.decided_at ? formatDate(signer.decided_at, locale, 'long') : '';
  if (signer.state === 'pending') return wording.signaturePending;
  if (signer.state === 'refused') {
    return interpolate(wording.signatureRefused, { reason: tidy(signer.reason ?? '') });
  }
  return signer.typed
    ? interpolate(wording.typedOn, { date })
    : interpolate(wording.signedOn, { date, email: signer.email ?? '' });
}

/** The signature block and the objections of a submitted version; nothing for a draft. */
export function approvalSections(
  approval: ExportApproval,
  locale: Locale,
  wording: Wording,
): Section[] {
  const { version } = approval;
  if (!version) return [];
  const signatures: ListItem[] = version.signers.map((signer) => ({
    lead: approval.roles[signer.role],
    text: tidy(signer.name),
    details: signerLine(signer, locale, wording),
  }));
  const objections: ListItem[] = version.objections.map((objection) => ({
    lead: tidy(objection.author),
    text: tidy(objection.text),
    details: formatDate(objection.created_at, locale, 'long'),
  }));
  return [
    { kind: 'list', heading: wording.signatures, items: signatures },
    ...(objections.length
      ? [{ kind: 'list' as const, heading: wording.objections, items: objections }]
      : []),
  ];
}

const stateWords = {
  submitted: 'stateSubmitted',
  signed: 'stateSigned',
  final: 'stateFinal',
} as const;

/** "Fassung 2 · endgültig · SHA-256 3f9a…" on every page, or that it is a draft. */
export function approvalFooter(approval: ExportApproval, wording: Wording): string {
  const { version } = approval;
  const footer = version
    ? interpolate(wording.versionFooter, {
        number: version.number,
        state: wording[stateWords[version.state]],
        hash: version.content_hash,
      })
    : wording.draftFooter;
  return approval.extract
    ? interpolate(wording.extractFooter, { items: extractItems(approval.extract, wording), footer })
    : footer;
}

/** The attendance page where the law asks for one (§ 34 (1) BetrVG), else undefined. */
export function attendanceSheet(
  structure: FormalStructure,
  head: MinutesHead,
  wording: Wording,
): AttendanceSheet | undefined {
  if (structure !== 'works_council') return undefined;
  return {
    heading: wording.attendance,
    notice: wording.attendanceHint,
    nameHeading: wording.attendanceName,
    signatureHeading: wording.attendanceSignature,
    names: [...head.present, ...head.guests].map(tidy).concat(Array(SPARE_ROWS).fill('')),
  };
}
