import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

// Matching control characters is the point of these two patterns.
/* eslint-disable no-control-regex */
/** No C0 control character (NUL to U+001F) and no DEL. */
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
/** The same, but tab and line breaks are allowed. */
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
/* eslint-enable no-control-regex */

export interface TextFieldOptions {
  /** Tab, CR and LF allowed (a message body); otherwise one line. */
  multiline?: boolean;
  /** Trim surrounding white space first (default true); off for names given by a system. */
  trim?: boolean;
}

/**
 * The text every free-text field starts from: a string without control characters (NUL cannot
 * even be stored in PostgreSQL, the others have no place in a name). `error` is the i18n key for
 * a missing or non-string value; callers chain their own `.min()`/`.max()`.
 */
export function textField(error = 'validation.required', options: TextFieldOptions = {}) {
  const text = z.string({ error });
  return (options.trim === false ? text : text.trim()).regex(
    options.multiline ? MULTI_LINE : SINGLE_LINE,
    { error: 'validation.controlCharacters' },
  );
}

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
export const PersonName = textField('validation.required')
  .min(1, { error: 'validation.required' })
  .max(NAME_MAX_LENGTH, { error: 'validation.tooLong' });

/** Optional short text (company, phone number); an empty string means "none". */
export const ShortText = textField('validation.invalidValue').max(NAME_MAX_LENGTH, {
  error: 'validation.tooLong',
});
