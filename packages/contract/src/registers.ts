// The registers of a folder (docs/formal-minutes.md#registers): a folder kept as a Gremium
// collects the resolutions of its final minutes in a Beschluss-Sammlung, each entered once and
// numbered consecutively per year, never renumbered; the Aufgabenliste lists the tasks of every
// note in the folder with their owner, due date and whether they are done.
import { z } from 'zod';
import { CalendarDate, EntityId, Id, Timestamp } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ResolutionResult, Vote } from './formal-minutes.ts';
import { Download } from './notes.ts';

/** An entry of the Beschluss-Sammlung: the resolution as it stood in the final minutes. */
export const RegisterResolution = z
  .object({
    id: EntityId,
    /** The year it is counted in: the meeting's, or the year it was entered without a date. */
    year: z.number().int(),
    /** Consecutive within the folder and year, from 1. */
    number: z.number().int().positive(),
    /** The note it came from; null once that note is deleted (the entry stays). */
    note_id: EntityId.nullable(),
    note_name: z.string(),
    /** The version of the minutes it was entered from. */
    version: z.number().int().positive(),
    /** The meeting's date and place as the head says (absent: not said). */
    date: CalendarDate.optional(),
    place: z.string().optional(),
    online: z.boolean().optional(),
    item_number: z.number().int().nonnegative(),
    item_title: z.string(),
    text: z.string(),
    vote: Vote.optional(),
    result: ResolutionResult.optional(),
    entered_at: Timestamp,
    /**
     * Set when a corrected final version no longer holds this resolution as entered: the entry
     * stays, marked, and the corrected wording is a new entry.
     */
    struck_at: Timestamp.nullable(),
    struck_in_version: z.number().int().positive().nullable(),
  })
  .meta({ id: 'RegisterResolution' });
export type RegisterResolution = z.infer<typeof RegisterResolution>;

/** A task of the Aufgabenliste: from a note's summary as it is now. */
export const RegisterTask = z
  .object({
    /** Names the task within its note (its wording and owner), for marking it done. */
    key: z.string(),
    note_id: EntityId,
    note_name: z.string(),
    /** The meeting's date (the head's), else the day the note was made. */
    date: CalendarDate,
    /** The agenda item it was given under, in formal minutes. */
    item_number: z.number().int().nonnegative().optional(),
    item_title: z.string().optional(),
    task: z.string(),
    owner: z.string().optional(),
    due: z.string().optional(),
    done: z.boolean(),
    /** Where it was said in the recording. */
    start: z.number().nonnegative(),
  })
  .meta({ id: 'RegisterTask' });
export type RegisterTask = z.infer<typeof RegisterTask>;

export const FolderRegisters = z
  .object({
    folder: z.object({ id: EntityId, name: z.string(), gremium: z.boolean() }),
    /**
     * Newest year first, within a year by number. Entries stay when the folder is no longer kept
     * as a Gremium; no new ones are made then.
     */
    resolutions: z.array(RegisterResolution),
    /** Newest meeting first. */
    tasks: z.array(RegisterTask),
    /** The formal type of the folder's newest formal note: the next meeting's, as offered. */
    structure: z.string().optional(),
  })
  .meta({ id: 'FolderRegisters' });
export type FolderRegisters = z.infer<typeof FolderRegisters>;

export const FolderRegistersResponse = z
  .object({ success: z.boolean(), registers: FolderRegisters })
  .meta({ id: 'FolderRegistersResponse' });
export type FolderRegistersResponse = z.infer<typeof FolderRegistersResponse>;

export const FolderIdParams = z.object({ id: Id }).meta({ id: 'FolderIdParams' });

export const GremiumBody = z
  .object({ gremium: z.boolean({ error: 'validation.invalidValue' }) })
  .meta({ id: 'GremiumBody' });
export type GremiumBody = z.input<typeof GremiumBody>;

export const TASK_KEY_PATTERN = /^[0-9a-f]{16}$/;

export const TaskDoneBody = z
  .object({
    note_id: Id,
    key: z.string().regex(TASK_KEY_PATTERN, { error: 'validation.invalidValue' }),
    done: z.boolean({ error: 'validation.invalidValue' }),
  })
  .meta({ id: 'TaskDoneBody' });
export type TaskDoneBody = z.input<typeof TaskDoneBody>;
export type TaskDone = z.infer<typeof TaskDoneBody>;

export const REGISTER_FORMATS = ['pdf', 'csv'] as const;
export const RegisterDownloadParams = z
  .object({ id: Id, format: z.enum(REGISTER_FORMATS, { error: 'validation.invalidValue' }) })
  .meta({ id: 'RegisterDownloadParams' });

export const getFolderRegisters = defineEndpoint({
  id: 'getFolderRegisters',
  method: 'GET',
  path: '/api/folder/{id}/registers',
  tag: 'folders',
  summary: "A folder's Beschluss-Sammlung and Aufgabenliste",
  auth: true,
  params: FolderIdParams,
  response: FolderRegistersResponse,
});

export const setFolderGremium = defineEndpoint({
  id: 'setFolderGremium',
  method: 'PUT',
  path: '/api/folder/{id}/gremium',
  tag: 'folders',
  summary: 'Keep a folder as a Gremium (its final minutes enter the Beschluss-Sammlung), or not',
  auth: true,
  params: FolderIdParams,
  body: GremiumBody,
  bodyKind: 'json',
  response: FolderRegistersResponse,
});

export const markRegisterTask = defineEndpoint({
  id: 'markRegisterTask',
  method: 'PUT',
  path: '/api/folder/{id}/tasks',
  tag: 'folders',
  summary: 'Mark a task of the Aufgabenliste done or open',
  auth: true,
  params: FolderIdParams,
  body: TaskDoneBody,
  bodyKind: 'json',
  response: FolderRegistersResponse,
});

export const downloadResolutionRegister = defineEndpoint({
  id: 'downloadResolutionRegister',
  method: 'GET',
  path: '/api/folder/{id}/resolutions/{format}',
  tag: 'folders',
  summary: 'The Beschluss-Sammlung as PDF or CSV',
  auth: true,
  params: RegisterDownloadParams,
  response: Download,
});

export const registerEndpoints = {
  getFolderRegisters,
  setFolderGremium,
  markRegisterTask,
  downloadResolutionRegister,
} as const;
