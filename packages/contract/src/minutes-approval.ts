// Approval and signature of formal minutes (docs/formal-minutes.md#approval-and-signature): the
// keeper of the minutes submits the note's minutes as a version, the people the meeting type
// names sign it (a Protokoll account invited by e-mail, or a name the keeper enters), the keeper
// makes the signed version final, objections are attached to it, a correction starts the next
// version. Every version stays as it was submitted, with the hash of its content.
import { z } from 'zod';
import { EntityId, Id, Timestamp } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { EmailField, LinkToken, PersonName, textField } from './fields.ts';
import { Download, Summary } from './notes.ts';
import { FORMAL_STRUCTURES, HEAD_FIELDS, type FormalStructure } from './values.ts';

/** Who signs: Sitzungsleitung, a further member, an owner, the advisory board's chair, the keeper. */
export const SIGNER_ROLES = ['chair', 'member', 'owner', 'advisory_chair', 'keeper'] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];

/**
 * The signatures each type needs at least (docs/formal-minutes.md#who-signs): § 34 BetrVG the
 * chair and one further member, § 24 WEG the chair and one owner (and the advisory board's chair
 * where there is one, which the keeper adds), a Verein as its statutes say, here chair and keeper.
 */
export const REQUIRED_SIGNER_ROLES: Record<FormalStructure, readonly SignerRole[]> = {
  works_council: ['chair', 'member'],
  owners_meeting: ['chair', 'owner'],
  members_meeting: ['chair', 'keeper'],
};

export const SIGNERS_MAX = 8;
export const OBJECTION_MAX_LENGTH = 4000;
export const REFUSAL_MAX_LENGTH = 1000;

/** The state of the newest version; `draft` while none is open (never submitted, or corrected). */
export const MINUTES_STATES = ['draft', 'submitted', 'signed', 'final'] as const;
export type MinutesState = (typeof MINUTES_STATES)[number];

export const SIGNATURE_STATES = ['pending', 'signed', 'refused'] as const;
export type SignatureState = (typeof SIGNATURE_STATES)[number];

/** A signer as the keeper names them: with an address an account is asked by e-mail. */
export const SignerInput = z
  .object({
    role: z.enum(SIGNER_ROLES, { error: 'validation.invalidValue' }),
    name: PersonName,
    email: EmailField.optional(),
  })
  .meta({ id: 'SignerInput' });
export type SignerInput = z.input<typeof SignerInput>;

export const SubmitMinutesBody = z
  .object({
    /** The summary's edit count the keeper saw (`summary_edit_version`): a stale tab is refused. */
    base_version: z.number().int().nonnegative(),
    signers: z
      .array(SignerInput)
      .min(1, { error: 'validation.required' })
      .max(SIGNERS_MAX, { error: 'validation.invalidValue' }),
  })
  .meta({ id: 'SubmitMinutesBody' });
export type SubmitMinutesBody = z.input<typeof SubmitMinutesBody>;

export const ObjectionBody = z
  .object({
    author: PersonName,
    text: textField('validation.required', { multiline: true })
      .min(1, { error: 'validation.required' })
      .max(OBJECTION_MAX_LENGTH, { error: 'validation.tooLong' }),
  })
  .meta({ id: 'ObjectionBody' });
export type ObjectionBody = z.input<typeof ObjectionBody>;

export const RefuseSignatureBody = z
  .object({
    reason: textField('validation.required', { multiline: true })
      .min(1, { error: 'validation.required' })
      .max(REFUSAL_MAX_LENGTH, { error: 'validation.tooLong' }),
  })
  .meta({ id: 'RefuseSignatureBody' });
export type RefuseSignatureBody = z.input<typeof RefuseSignatureBody>;

export const Signer = z
  .object({
    id: EntityId,
    role: z.enum(SIGNER_ROLES),
    name: z.string(),
    /** The invited address; null for a name the keeper entered (`typed`). */
    email: z.string().nullable(),
    /** Entered by the keeper for someone who signed on paper or in person. */
    typed: z.boolean(),
    state: z.enum(SIGNATURE_STATES),
    reason: z.string().nullable(),
    decided_at: Timestamp.nullable(),
  })
  .meta({ id: 'Signer' });
export type Signer = z.infer<typeof Signer>;

export const Objection = z
  .object({ id: EntityId, author: z.string(), text: z.string(), created_at: Timestamp })
  .meta({ id: 'Objection' });
export type Objection = z.infer<typeof Objection>;

/** What a version changed against the one before: a head field, the title, an agenda item. */
export const MinutesChange = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('head'), field: z.enum(HEAD_FIELDS) }),
    z.object({ kind: z.literal('overview') }),
    z.object({
      kind: z.literal('item'),
      number: z.number().int().nonnegative(),
      title: z.string(),
      change: z.enum(['added', 'removed', 'changed']),
    }),
    z.object({ kind: z.literal('tasks') }),
  ])
  .meta({ id: 'MinutesChange' });
export type MinutesChange = z.infer<typeof MinutesChange>;

export const MinutesVersion = z
  .object({
    number: z.number().int().positive(),
    state: z.enum(['submitted', 'signed', 'final']),
    /** SHA-256 of the version's content, hex; printed in the PDF's footer. */
    content_hash: z.string(),
    submitted_at: Timestamp,
    signed_at: Timestamp.nullable(),
    finalised_at: Timestamp.nullable(),
    /** A correction was started from it: a later version replaces it. */
    replaced: z.boolean(),
    changes: z.array(MinutesChange),
    signers: z.array(Signer),
    objections: z.array(Objection),
  })
  .meta({ id: 'MinutesVersion' });
export type MinutesVersion = z.infer<typeof MinutesVersion>;

export const MinutesApproval = z
  .object({
    state: z.enum(MINUTES_STATES),
    /** Newest first. */
    versions: z.array(MinutesVersion),
  })
  .meta({ id: 'MinutesApproval' });
export type MinutesApproval = z.infer<typeof MinutesApproval>;

export const MinutesApprovalResponse = z
  .object({ success: z.boolean(), approval: MinutesApproval })
  .meta({ id: 'MinutesApprovalResponse' });
export type MinutesApprovalResponse = z.infer<typeof MinutesApprovalResponse>;

/** A version's content as it was submitted. */
export const MinutesContent = z
  .object({
    name: z.string(),
    structure: z.enum(FORMAL_STRUCTURES),
    summary: Summary,
    speaker_names: z.record(z.string(), z.string()),
  })
  .meta({ id: 'MinutesContent' });
export type MinutesContent = z.infer<typeof MinutesContent>;

export const MinutesVersionResponse = z
  .object({ success: z.boolean(), version: MinutesVersion, content: MinutesContent })
  .meta({ id: 'MinutesVersionResponse' });
export type MinutesVersionResponse = z.infer<typeof MinutesVersionResponse>;

/** What an invited signer sees: the version to sign and their own place in it. */
export const SignatureRequest = z
  .object({
    signer: Signer,
    version: MinutesVersion,
    content: MinutesContent,
    /** Who asked: the keeper's name. */
    keeper: z.string(),
  })
  .meta({ id: 'SignatureRequest' });
export type SignatureRequest = z.infer<typeof SignatureRequest>;

export const SignatureRequestResponse = z
  .object({ success: z.boolean(), request: SignatureRequest })
  .meta({ id: 'SignatureRequestResponse' });
export type SignatureRequestResponse = z.infer<typeof SignatureRequestResponse>;

export const NoteMinutesParams = z.object({ id: Id }).meta({ id: 'NoteMinutesParams' });
export const MinutesVersionParams = z
  .object({ id: Id, number: Id })
  .meta({ id: 'MinutesVersionParams' });
export const SignatureParams = z.object({ token: LinkToken }).meta({ id: 'SignatureParams' });

/** The formats an extract comes in: the document exports. */
export const EXTRACT_FORMATS = ['pdf', 'docx', 'md', 'txt'] as const;
export type ExtractFormat = (typeof EXTRACT_FORMATS)[number];

export const ExtractParams = z
  .object({ id: Id, format: z.enum(EXTRACT_FORMATS, { error: 'validation.invalidValue' }) })
  .meta({ id: 'ExtractParams' });

/** "1,3": the agenda items' numbers, at most 30. */
export const EXTRACT_ITEMS_PATTERN = /^\d{1,3}(,\d{1,3}){0,29}$/;

export const ExtractQuery = z
  .object({
    items: z.string().regex(EXTRACT_ITEMS_PATTERN, { error: 'validation.invalidValue' }),
    /** As for a whole download: the version, else the locked one, else the draft. */
    minutes_version: Id.optional(),
  })
  .meta({ id: 'ExtractQuery' });
export type ExtractQuery = z.input<typeof ExtractQuery>;

const noteMinutes = (id: string, path: string, summary: string) =>
  ({
    id,
    method: 'POST' as const,
    path: `/api/note/{id}/minutes${path}`,
    tag: 'minutes',
    summary,
    auth: true,
    params: NoteMinutesParams,
    response: MinutesApprovalResponse,
  }) as const;

export const getMinutesApproval = defineEndpoint({
  ...noteMinutes('getMinutesApproval', '', 'The approval state of a formal note and its versions'),
  method: 'GET',
});

export const submitMinutes = defineEndpoint({
  ...noteMinutes('submitMinutes', '/submit', 'Submit the minutes as a new version for signature'),
  body: SubmitMinutesBody,
  bodyKind: 'json',
});

export const finaliseMinutes = defineEndpoint(
  noteMinutes('finaliseMinutes', '/finalise', 'Make the signed version final'),
);

export const correctMinutes = defineEndpoint(
  noteMinutes('correctMinutes', '/correction', 'Open the minutes again for a corrected version'),
);

export const addMinutesObjection = defineEndpoint({
  ...noteMinutes('addMinutesObjection', '/objections', 'Attach an objection to the final version'),
  body: ObjectionBody,
  bodyKind: 'json',
});

export const getMinutesVersion = defineEndpoint({
  id: 'getMinutesVersion',
  method: 'GET',
  path: '/api/note/{id}/minutes/versions/{number}',
  tag: 'minutes',
  summary: 'One version of the minutes with its content as submitted',
  auth: true,
  params: MinutesVersionParams,
  response: MinutesVersionResponse,
});

export const getSignatureRequest = defineEndpoint({
  id: 'getSignatureRequest',
  method: 'GET',
  path: '/api/signatures/{token}',
  tag: 'minutes',
  summary: 'The minutes an invited signer is asked to sign (the invited account only)',
  auth: true,
  params: SignatureParams,
  response: SignatureRequestResponse,
});

export const signMinutes = defineEndpoint({
  id: 'signMinutes',
  method: 'POST',
  path: '/api/signatures/{token}/sign',
  tag: 'minutes',
  summary: 'Sign the minutes',
  auth: true,
  params: SignatureParams,
  response: SignatureRequestResponse,
});

export const refuseSignature = defineEndpoint({
  id: 'refuseSignature',
  method: 'POST',
  path: '/api/signatures/{token}/refuse',
  tag: 'minutes',
  summary: 'Refuse to sign the minutes, with a reason',
  auth: true,
  params: SignatureParams,
  body: RefuseSignatureBody,
  bodyKind: 'json',
  response: SignatureRequestResponse,
});

/**
 * An extract of formal minutes (docs/formal-minutes.md#partial-minutes): only the chosen agenda
 * items, with the head and the signatures of the whole, as § 34 (2) BetrVG has the employer or a
 * union's representative receive the part of the minutes they attended.
 */
export const downloadMinutesExtract = defineEndpoint({
  id: 'downloadMinutesExtract',
  method: 'GET',
  path: '/api/note/{id}/minutes/extract/{format}',
  tag: 'minutes',
  summary: 'The minutes of chosen agenda items only, with the head and signatures of the whole',
  auth: true,
  params: ExtractParams,
  query: ExtractQuery,
  response: Download,
});

export const minutesApprovalEndpoints = {
  downloadMinutesExtract,
  getMinutesApproval,
  submitMinutes,
  finaliseMinutes,
  correctMinutes,
  addMinutesObjection,
  getMinutesVersion,
  getSignatureRequest,
  signMinutes,
  refuseSignature,
} as const;
