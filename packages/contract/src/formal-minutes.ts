// Formal minutes (docs/formal-minutes.md): the head and the agenda items of a formal meeting
// type's summary. Every resolution and task cites the transcript passages it comes from; the
// server keeps only citations it could check, so an item without one is "ohne Beleg". The types
// and the rule of what a head must hold are plain values in `values.ts`.
import { z } from 'zod';
import { CalendarDate } from './common.ts';
import { HEAD_FIELDS } from './values.ts';

const Seconds = z.number().nonnegative();

/** A transcript passage an item comes from: the segment's index and its start. */
export const Citation = z
  .object({ segment: z.number().int().nonnegative(), start: Seconds })
  .meta({ id: 'Citation' });
export type Citation = z.infer<typeof Citation>;

/** The citations of an item: the checked ones only; empty means "ohne Beleg im Transkript". */
const Citations = z.array(Citation);

/**
 * How a resolution was voted: counts as said, or `unanimous`. Absent counts were not said (the
 * reader marks a resolution of a type that needs its majority when none is known).
 */
export const Vote = z
  .object({
    yes: z.number().int().nonnegative().optional(),
    no: z.number().int().nonnegative().optional(),
    abstain: z.number().int().nonnegative().optional(),
    unanimous: z.boolean().optional(),
  })
  .meta({ id: 'Vote' });
export type Vote = z.infer<typeof Vote>;

export const ResolutionResult = z.enum(['accepted', 'rejected']);
export type ResolutionResult = z.infer<typeof ResolutionResult>;

/** A resolution in its wording, with its vote and result when they were said. */
export const Resolution = z
  .object({
    text: z.string(),
    vote: Vote.optional(),
    result: ResolutionResult.optional(),
    start: Seconds,
    citations: Citations,
  })
  .meta({ id: 'Resolution' });
export type Resolution = z.infer<typeof Resolution>;

/** A task of an agenda item. */
export const FormalTask = z
  .object({
    task: z.string(),
    owner: z.string().optional(),
    /** `YYYY-MM-DD` when a date is known, otherwise the wording of the recording. */
    due: z.string().optional(),
    start: Seconds,
    citations: Citations,
  })
  .meta({ id: 'FormalTask' });
export type FormalTask = z.infer<typeof FormalTask>;

/**
 * An agenda item (TOP): its number as on the agenda (0 for "Verschiedenes", what was said
 * outside it), its title, the course of its discussion in a few sentences, its resolutions and
 * tasks.
 */
export const AgendaItem = z
  .object({
    number: z.number().int().nonnegative(),
    title: z.string(),
    start: Seconds,
    discussion: z.array(z.string()),
    resolutions: z.array(Resolution),
    tasks: z.array(FormalTask),
  })
  .meta({ id: 'AgendaItem' });
export type AgendaItem = z.infer<typeof AgendaItem>;

const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const Names = z.array(z.string());

/**
 * The head of formal minutes. A field is absent (a list empty) when it was not said; `sources`
 * names the passages a filled field was taken from. Nothing here is guessed.
 */
export const MinutesHead = z
  .object({
    /** Gremium or organisation ("Betriebsrat Werk Nord"). */
    body: z.string().optional(),
    date: CalendarDate.optional(),
    start_time: Time.optional(),
    end_time: Time.optional(),
    place: z.string().optional(),
    /** Held online (video or telephone conference): stands for the place. */
    online: z.boolean().optional(),
    /** Sitzungsleitung. */
    chair: z.string().optional(),
    /** Protokollführung. */
    keeper: z.string().optional(),
    present: Names,
    excused: Names,
    guests: Names,
    /** Beschlussfähigkeit as stated in the meeting. */
    quorum: z.boolean().optional(),
    sources: z.partialRecord(z.enum(HEAD_FIELDS), Citations).optional(),
    /** Fields entered or changed by hand (docs/formal-minutes.md#the-head-by-hand): no passage. */
    edited: z.array(z.enum(HEAD_FIELDS)).optional(),
  })
  .meta({ id: 'MinutesHead' });
export type MinutesHead = z.infer<typeof MinutesHead>;

/** The formal part of a summary: its head and its agenda items in order. */
export const FormalMinutes = z
  .object({
    head: MinutesHead,
    /** Whether the agenda was given before processing (else it was found in the recording). */
    agenda_given: z.boolean().optional(),
    items: z.array(AgendaItem),
  })
  .meta({ id: 'FormalMinutes' });
export type FormalMinutes = z.infer<typeof FormalMinutes>;
