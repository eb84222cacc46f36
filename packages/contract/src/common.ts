import { z } from 'zod';

/** `{ success, message }`: the answer of calls whose SPEC row shows no more. */
export const SuccessMessage = z
  .object({ success: z.boolean(), message: z.string().optional() })
  .meta({ id: 'SuccessMessage' });
export type SuccessMessage = z.infer<typeof SuccessMessage>;

/** Numeric id as it travels in paths, queries and multipart fields. */
export const Id = z.coerce.number().int().positive();
