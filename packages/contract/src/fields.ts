import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

/** E-mail address as typed: trimmed and lower-cased before it is checked. */
export const EmailField = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'validation.required' })
  .pipe(z.email({ error: 'validation.emailInvalid' }));

/** A password being set (registration, reset, change). */
export const NewPassword = z
  .string({ error: 'validation.required' })
  .min(PASSWORD_MIN_LENGTH, { error: 'validation.passwordTooShort' })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.tooLong' });

/** A one-time token from an e-mailed link. */
export const LinkToken = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' });

/** First or last name: required, trimmed. */
export const PersonName = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(NAME_MAX_LENGTH, { error: 'validation.tooLong' });

/** Optional short text (company, phone number); an empty string means "none". */
export const ShortText = z
  .string({ error: 'validation.invalidValue' })
  .trim()
  .max(NAME_MAX_LENGTH, { error: 'validation.tooLong' });
