import { z } from 'zod';
import { ID_MAX } from './constants.ts';

/** `{ success, message }`: the answer of calls that report nothing more. */
export const SuccessMessage = z
  .object({ success: z.boolean(), message: z.string().optional() })
  .meta({ id: 'SuccessMessage' });
export type SuccessMessage = z.infer<typeof SuccessMessage>;

/**
 * Numeric id as it travels in paths, queries and multipart fields; `message` is the i18n key
 * shown when it is missing or malformed. Only the database's range (1 … 2^31 − 1) is an id: a
 * larger number names nothing (the server answers a path id past it with 404).
 */
export function idField(message = 'validation.invalidValue') {
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(ID_MAX, { error: message });
}

/** Numeric id as it travels in paths, queries and multipart fields. */
export const Id = idField();

/** Numeric id as the server writes it in a JSON answer (no coercion: answers are typed). */
export const EntityId = z.number().int().positive().max(ID_MAX);

/** Point in time as the server writes it: ISO 8601 with `Z` or an offset. */
export const Timestamp = z.iso.datetime({ offset: true });

/** Calendar day `YYYY-MM-DD`, as the note filters send it. */
export const CalendarDate = z.iso.date({ error: 'validation.dateInvalid' });

/** Language code such as `de`, `en` or `pt-BR`. */
export const LanguageCode = z
  .string({ error: 'validation.required' })
  .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, { error: 'validation.languageInvalid' });

/**
 * A boolean that may arrive as text: multipart fields and query strings only carry strings.
 * Only `'true'` and `'false'` are accepted as text (`z.coerce.boolean` would turn `'false'` into
 * true).
 */
export const FormBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false'], { error: 'validation.invalidValue' }).transform((v) => v === 'true'),
]);

/**
 * A multipart field holding JSON text, parsed and then checked with `schema`. An already-parsed
 * object is accepted too, so the same schema serves a JSON body.
 */
export function jsonField<S extends z.ZodType>(schema: S) {
  return z.union([
    schema,
    z
      .string()
      .transform((text, ctx): unknown => {
        try {
          return JSON.parse(text);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'validation.invalidValue' });
          return z.NEVER;
        }
      })
      .pipe(schema),
  ]);
}
