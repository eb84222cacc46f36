import { z } from 'zod';
import { SuccessMessage } from './common.ts';
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { textField } from './fields.ts';

/** Topics of the contact form; labels at `support.categories.<category>`. */
export const SupportCategory = z.enum(['question', 'technical', 'billing', 'feedback', 'other'], {
  error: 'validation.required',
});
export type SupportCategory = z.infer<typeof SupportCategory>;
export const supportCategories = SupportCategory.options;

export const SupportBody = z
  .object({
    category: SupportCategory,
    subject: textField('validation.required')
      .min(1, { error: 'validation.required' })
      .max(SUPPORT_SUBJECT_MAX_LENGTH, { error: 'validation.tooLong' }),
    message: textField('validation.required', { multiline: true })
      .min(1, { error: 'validation.required' })
      .max(SUPPORT_MESSAGE_MAX_LENGTH, { error: 'validation.tooLong' }),
  })
  .meta({ id: 'SupportBody' });
export type SupportBody = z.infer<typeof SupportBody>;

export const createSupportRequest = defineEndpoint({
  id: 'createSupportRequest',
  method: 'POST',
  path: '/api/support',
  tag: 'support',
  summary: 'Send a message to support',
  auth: true,
  body: SupportBody,
  bodyKind: 'json',
  response: SuccessMessage,
});
