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

/** One question of the support page's FAQ (`content/faq/<locale>.json`). */
export const FaqEntry = z
  .object({
    id: z.string().min(1),
    question: z.string().min(1),
    answer: z.string().min(1),
  })
  .meta({ id: 'FaqEntry' });
export type FaqEntry = z.infer<typeof FaqEntry>;
export const FaqFile = z.array(FaqEntry);

/**
 * The FAQ entries whose question or answer holds every word of `query` (case and accents
 * ignored), in their order; all of them for an empty query.
 */
export function searchFaq(entries: readonly FaqEntry[], query: string, locale: string): FaqEntry[] {
  const fold = (text: string) =>
    text
      .toLocaleLowerCase(locale)
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '');
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [...entries];
  return entries.filter((entry) => {
    const text = fold(`${entry.question} ${entry.answer}`);
    return words.every((word) => text.includes(word));
  });
}
