import { z } from 'zod';
import { idField } from './common.ts';
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { textField } from './fields.ts';

/** Topics of the contact form; labels at `support.categories.<category>`. */
export const SupportCategory = z.enum(['account', 'billing', 'transcription', 'bug', 'other'], {
  error: 'validation.required',
});
export type SupportCategory = z.infer<typeof SupportCategory>;
export const supportCategories = SupportCategory.options;

/** The contact form (docs/product.md#support); `note_id` names one of the sender's notes. */
export const SupportBody = z
  .object({
    category: SupportCategory,
    subject: textField('validation.required')
      .min(1, { error: 'validation.required' })
      .max(SUPPORT_SUBJECT_MAX_LENGTH, { error: 'validation.tooLong' }),
    message: textField('validation.required', { multiline: true })
      .min(1, { error: 'validation.required' })
      .max(SUPPORT_MESSAGE_MAX_LENGTH, { error: 'validation.tooLong' }),
    note_id: idField('validation.invalidValue').optional(),
  })
  .meta({ id: 'SupportBody' });
export type SupportBody = z.infer<typeof SupportBody>;
export type SupportInput = z.input<typeof SupportBody>;

/** The stored ticket's id, quoted in both mails. */
export const SupportResponse = z
  .object({
    success: z.boolean(),
    message: z.string().optional(),
    ticket_id: z.number().int().positive(),
  })
  .meta({ id: 'SupportResponse' });
export type SupportResponse = z.infer<typeof SupportResponse>;

export const createSupportRequest = defineEndpoint({
  id: 'createSupportRequest',
  method: 'POST',
  path: '/api/support',
  tag: 'support',
  summary: 'Send a message to support (stored as a ticket, mailed to support and the sender)',
  auth: true,
  body: SupportBody,
  bodyKind: 'json',
  response: SupportResponse,
});
