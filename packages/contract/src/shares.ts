// Sharing a note (docs/sharing.md): a link to a read-only page of the note, with what it shows
// (summary always; transcript and audio when chosen; only some sections or agenda items as an
// extract), an optional expiry and access code, revocable at once. The link's token is shown once,
// when it is made, and stored only as its hash; the owner sees every link of a note with its
// settings, its views and its last use. Making a link may mail it to the meeting's participants.
import { z } from 'zod';
import { EntityId, Id, Timestamp } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { EmailField, textField } from './fields.ts';

/** The longest a link may live, in days; no expiry is allowed too. */
export const SHARE_EXPIRY_DAYS_MAX = 365;
export const SHARE_CODE_MIN_LENGTH = 4;
export const SHARE_CODE_MAX_LENGTH = 64;
export const SHARE_RECIPIENTS_MAX = 30;
export const SHARE_LINKS_MAX = 50;
export const SHARE_MESSAGE_MAX_LENGTH = 2000;

/**
 * The parts of a summary an extract may keep (outside formal minutes, which keep agenda items):
 * the overview, the structure's own part (points, course, questions, sections), topics,
 * decisions and tasks.
 */
export const SHARE_SECTIONS = ['overview', 'part', 'topics', 'decisions', 'action_items'] as const;
export type ShareSection = (typeof SHARE_SECTIONS)[number];

/** `active` until it is revoked or its expiry has passed. */
export const SHARE_STATES = ['active', 'expired', 'revoked'] as const;
export type ShareState = (typeof SHARE_STATES)[number];

export const ShareLink = z
  .object({
    id: EntityId,
    note_id: EntityId,
    state: z.enum(SHARE_STATES),
    created_at: Timestamp,
    /** Null: the link does not expire. */
    expires_at: Timestamp.nullable(),
    revoked_at: Timestamp.nullable(),
    /** Whether opening it asks for an access code (the code itself is never answered). */
    access_code: z.boolean(),
    transcript: z.boolean(),
    audio: z.boolean(),
    /** An extract of formal minutes: only these agenda items. Null: all of them. */
    items: z.array(z.number().int().nonnegative()).nullable(),
    /** An extract of another summary: only these parts. Null: all of them. */
    sections: z.array(z.enum(SHARE_SECTIONS)).nullable(),
    /** How often the page was opened (with the code, where one is asked). */
    views: z.number().int().nonnegative(),
    last_used_at: Timestamp.nullable(),
    /** The addresses it was mailed to when it was made. */
    mailed_to: z.array(z.string()),
  })
  .meta({ id: 'ShareLink' });
export type ShareLink = z.infer<typeof ShareLink>;

export const ShareLinkBody = z
  .object({
    transcript: z.boolean({ error: 'validation.invalidValue' }).default(false),
    audio: z.boolean({ error: 'validation.invalidValue' }).default(false),
    /** Days until the link stops working; absent or null: never. */
    expires_in_days: z
      .number({ error: 'validation.invalidValue' })
      .int({ error: 'validation.invalidValue' })
      .min(1, { error: 'validation.invalidValue' })
      .max(SHARE_EXPIRY_DAYS_MAX, { error: 'validation.invalidValue' })
      .nullable()
      .optional(),
    /** Asked of everyone who opens the link; absent or empty: none. */
    access_code: textField('validation.invalidValue')
      .max(SHARE_CODE_MAX_LENGTH, { error: 'validation.tooLong' })
      .refine((code) => code.length === 0 || code.length >= SHARE_CODE_MIN_LENGTH, {
        error: 'share.dialog.codeTooShort',
      })
      .optional(),
    /** Formal minutes: the agenda items the extract keeps (by their number). */
    items: z
      .array(z.number({ error: 'validation.invalidValue' }).int().nonnegative())
      .min(1, { error: 'validation.required' })
      .max(100, { error: 'validation.invalidValue' })
      .optional(),
    /** Other notes: the summary's parts the extract keeps. */
    sections: z
      .array(z.enum(SHARE_SECTIONS, { error: 'validation.invalidValue' }))
      .min(1, { error: 'validation.required' })
      .optional(),
    /** Mailed the link with the summary, each in their own mail. */
    recipients: z
      .array(EmailField)
      .max(SHARE_RECIPIENTS_MAX, { error: 'validation.invalidValue' })
      .optional(),
    /** A line of the sender's own above the summary in the mail. */
    message: textField('validation.invalidValue', { multiline: true })
      .max(SHARE_MESSAGE_MAX_LENGTH, { error: 'validation.tooLong' })
      .optional(),
  })
  .meta({ id: 'ShareLinkBody' });
export type ShareLinkBody = z.input<typeof ShareLinkBody>;
export type ShareLinkInput = z.infer<typeof ShareLinkBody>;

export const ShareLinksResponse = z
  .object({ success: z.boolean(), shares: z.array(ShareLink) })
  .meta({ id: 'ShareLinksResponse' });
export type ShareLinksResponse = z.infer<typeof ShareLinksResponse>;

export const ShareLinkCreated = z
  .object({
    success: z.boolean(),
    share: ShareLink,
    /** The link itself: answered this once, never again. */
    url: z.string(),
    /** Recipients whose mail could not be sent (the link stands; send it to them by hand). */
    unsent: z.array(z.string()),
  })
  .meta({ id: 'ShareLinkCreated' });
export type ShareLinkCreated = z.infer<typeof ShareLinkCreated>;

export const ShareLinkResponse = z
  .object({ success: z.boolean(), share: ShareLink })
  .meta({ id: 'ShareLinkResponse' });

export const NoteSharesParams = z.object({ id: Id }).meta({ id: 'NoteSharesParams' });
export const ShareLinkParams = z.object({ id: Id, share_id: Id }).meta({ id: 'ShareLinkParams' });

export const listShareLinks = defineEndpoint({
  id: 'listShareLinks',
  method: 'GET',
  path: '/api/note/{id}/shares',
  tag: 'notes',
  summary: "A note's share links, newest first",
  auth: true,
  params: NoteSharesParams,
  response: ShareLinksResponse,
});

export const createShareLink = defineEndpoint({
  id: 'createShareLink',
  method: 'POST',
  path: '/api/note/{id}/shares',
  tag: 'notes',
  summary: 'Make a link to a read-only page of the note, and mail it if asked',
  auth: true,
  params: NoteSharesParams,
  body: ShareLinkBody,
  bodyKind: 'json',
  response: ShareLinkCreated,
});

export const revokeShareLink = defineEndpoint({
  id: 'revokeShareLink',
  method: 'DELETE',
  path: '/api/note/{id}/shares/{share_id}',
  tag: 'notes',
  summary: 'Revoke a share link: it stops working at once',
  auth: true,
  params: ShareLinkParams,
  response: ShareLinkResponse,
});

/** Loaded by the share dialog only (not in `endpoints`, which every page's client loads). */
export const shareEndpoints = { listShareLinks, createShareLink, revokeShareLink } as const;

/** Where a share link leads: `/s/<token>`; its audio and code form are below it. */
export const SHARE_PATH_PREFIX = '/s/';
