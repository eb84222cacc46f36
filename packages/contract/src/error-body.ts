import { z } from 'zod';

// Kept apart from errors.ts, which stays free of zod: the sign-in page's first paint needs the
// error codes and their texts, not the schemas (the 100 KiB first-paint budget,
// docs/architecture.md#web-app).

/** One field problem of a 422 answer. `message` is an i18n key when the contract wrote it. */
export const FieldIssue = z
  .object({
    path: z.string(),
    message: z.string(),
  })
  .meta({ id: 'FieldIssue' });
export type FieldIssue = z.infer<typeof FieldIssue>;

/** A zod failure as the field issues of a 422 body; `path` is dotted (`summary.topics.0.title`). */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** The one error body every failing call answers with (docs/errors.md#error-body). */
export const ErrorBody = z
  .object({
    success: z.literal(false),
    message: z.string(),
    code: z.string(),
    requestId: z.string().optional(),
    issues: z.array(FieldIssue).optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;
