import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldIssues } from './error-body.ts';
import {
  describeFailure,
  ErrorCode,
  isFailureText,
  noteFailure,
  type Failure,
  type FailureContext,
} from './errors.ts';

const http = (status: number, message?: string, code?: string): Failure => ({
  kind: 'http',
  status,
  message,
  code,
});
const timeout: Failure = { kind: 'timeout' };
const offline: Failure = { kind: 'offline' };

/** docs/errors.md#texts-by-context, row by row: [context, failure, expected]. */
const cases: [FailureContext, Failure, ReturnType<typeof describeFailure>][] = [
  // Login
  ['login', timeout, { code: ErrorCode.TIMEOUT }],
  ['login', http(401), { code: ErrorCode.INVALID_CREDENTIALS }],
  ['googleLogin', http(401), { code: ErrorCode.GOOGLE_AUTH_FAILED }],
  ['login', http(429), { code: ErrorCode.TOO_MANY_ATTEMPTS }],
  ['googleLogin', http(429), { code: ErrorCode.TOO_MANY_ATTEMPTS }],
  ['login', http(500), { code: ErrorCode.SERVER }],
  ['login', http(503, 'Wartung'), { code: ErrorCode.SERVER }],
  ['login', offline, { code: ErrorCode.OFFLINE }],
  ['login', http(403, 'Account locked'), { message: 'Account locked' }],
  ['login', http(400), { code: ErrorCode.LOGIN_FAILED }],
  ['googleLogin', http(400), { code: ErrorCode.LOGIN_FAILED }],
  ['login', { kind: 'invalid-response' }, { code: ErrorCode.LOGIN_FAILED }],
  // Registration
  ['register', http(409), { code: ErrorCode.EMAIL_EXISTS }],
  ['register', http(422), { code: ErrorCode.INVALID_INPUT }],
  ['register', http(500), { code: ErrorCode.SERVER }],
  ['register', http(502), { code: ErrorCode.SERVER }],
  ['register', timeout, { code: ErrorCode.TIMEOUT }],
  ['register', offline, { code: ErrorCode.OFFLINE }],
  ['register', http(400, 'whatever'), { code: ErrorCode.REGISTRATION_FAILED }],
  // Checkout
  ['checkout', timeout, { code: ErrorCode.TIMEOUT }],
  ['checkout', http(404), { code: ErrorCode.PLAN_NOT_FOUND }],
  ['checkout', http(401), { code: ErrorCode.AUTH_FAILED }],
  ['checkout', http(500), { code: ErrorCode.SERVER }],
  ['checkout', http(504), { code: ErrorCode.SERVER }],
  ['checkout', offline, { code: ErrorCode.OFFLINE }],
  ['checkout', http(400), { code: ErrorCode.CHECKOUT_FAILED }],
  ['checkout', http(403, 'nope'), { code: ErrorCode.CHECKOUT_FAILED }],
  // …and the refusals of this product, in their own words
  [
    'checkout',
    http(503, 'Payments off', 'paymentsDisabled'),
    { code: ErrorCode.PAYMENTS_DISABLED },
  ],
  ['checkout', http(503, 'Down', 'server'), { code: ErrorCode.SERVER }],
  [
    'checkout',
    http(409, 'Subscription exists', 'subscriptionExists'),
    { code: ErrorCode.SUBSCRIPTION_EXISTS },
  ],
  ['checkout', http(409), { code: ErrorCode.CHECKOUT_FAILED }],
  ['checkout', http(422, 'Invalid', 'validation'), { code: ErrorCode.CHECKOUT_FAILED }],
  ['checkout', http(404, 'Not found', 'notFound'), { code: ErrorCode.PLAN_NOT_FOUND }],
  // Portal: as checkout, plus 400
  ['portal', http(400), { code: ErrorCode.NO_STRIPE_CUSTOMER }],
  ['portal', http(404), { code: ErrorCode.PLAN_NOT_FOUND }],
  ['portal', http(401), { code: ErrorCode.AUTH_FAILED }],
  ['portal', http(500), { code: ErrorCode.SERVER }],
  ['portal', timeout, { code: ErrorCode.TIMEOUT }],
  ['portal', offline, { code: ErrorCode.OFFLINE }],
  ['portal', http(403), { code: ErrorCode.PORTAL_FAILED }],
  ['portal', http(503, 'Payments off', 'paymentsDisabled'), { code: ErrorCode.PAYMENTS_DISABLED }],
  ['portal', http(502, 'Bad gateway', 'server'), { code: ErrorCode.SERVER }],
  // Upload: "Upload failed", or the refusal the server worded in the interface language
  ['upload', timeout, { code: ErrorCode.UPLOAD_FAILED }],
  ['upload', offline, { code: ErrorCode.UPLOAD_FAILED }],
  ['upload', { kind: 'invalid-response' }, { code: ErrorCode.UPLOAD_FAILED }],
  ['upload', http(500, 'boom', 'internal'), { code: ErrorCode.UPLOAD_FAILED }],
  [
    'upload',
    http(402, 'Noch 3 Minuten frei', 'insufficientMinutes'),
    { message: 'Noch 3 Minuten frei' },
  ],
  ['upload', http(413, 'Höchstens 1 GB', 'uploadFailed'), { message: 'Höchstens 1 GB' }],
  ['upload', http(400, 'Malformed', 'uploadFailed'), { code: ErrorCode.UPLOAD_FAILED }],
  ['upload', http(422, 'Invalid', 'validation'), { code: ErrorCode.VALIDATION }],
  [
    'upload',
    http(401, 'Not authenticated', 'notAuthenticated'),
    { code: ErrorCode.NOT_AUTHENTICATED },
  ],
  ['upload', http(400), { code: ErrorCode.UPLOAD_FAILED }],
];

describe('describeFailure (text by context and failure)', () => {
  it.each(cases)('%s %j → %j', (context, failure, expected) => {
    expect(describeFailure(context, failure)).toEqual(expected);
  });

  it('maps generic failures to the catalogue', () => {
    expect(describeFailure('generic', http(401))).toEqual({ code: ErrorCode.NOT_AUTHENTICATED });
    expect(describeFailure('generic', http(404))).toEqual({ code: ErrorCode.NOT_FOUND });
    expect(describeFailure('generic', http(500))).toEqual({ code: ErrorCode.SERVER });
    expect(describeFailure('generic', http(429))).toEqual({ code: ErrorCode.TOO_MANY_ATTEMPTS });
    expect(describeFailure('generic', timeout)).toEqual({ code: ErrorCode.TIMEOUT });
    expect(describeFailure('generic', offline)).toEqual({ code: ErrorCode.OFFLINE });
  });

  it('reads a known server code in the interface language, never the English server text', () => {
    expect(describeFailure('generic', http(409, 'Folder exists', 'folderExists'))).toEqual({
      code: ErrorCode.FOLDER_EXISTS,
    });
    expect(
      describeFailure('generic', http(400, 'Folder name required', 'folderNameRequired')),
    ).toEqual({
      code: ErrorCode.FOLDER_NAME_REQUIRED,
    });
  });

  it('answers internal when nothing specific is known, for the screen to word the action', () => {
    expect(describeFailure('generic', http(400, 'whatever', 'mystery'))).toEqual({
      code: ErrorCode.INTERNAL,
    });
    expect(describeFailure('generic', http(422, 'Invalid', 'validation'))).toEqual({
      code: ErrorCode.INTERNAL,
    });
    expect(describeFailure('generic', { kind: 'invalid-response' })).toEqual({
      code: ErrorCode.INTERNAL,
    });
  });
});

describe('noteFailure', () => {
  it('reads a stored errors.* key as its code, anything else as nothing', () => {
    expect(noteFailure('errors.transcriptionFailed')).toEqual({
      code: ErrorCode.TRANSCRIPTION_FAILED,
    });
    expect(noteFailure('errors.noSuchCode')).toBeUndefined();
    expect(noteFailure('transcriptionFailed')).toBeUndefined();
    expect(noteFailure(null)).toBeUndefined();
  });
});

describe('isFailureText', () => {
  it('takes a known code or a message, nothing else', () => {
    expect(isFailureText({ code: ErrorCode.OFFLINE })).toBe(true);
    expect(isFailureText({ message: 'Noch 3 Minuten' })).toBe(true);
    expect(isFailureText({ code: 'noSuchCode' })).toBe(false);
    expect(isFailureText(new Error('bug'))).toBe(false);
    expect(isFailureText(undefined)).toBe(false);
    expect(isFailureText('offline')).toBe(false);
  });
});

describe('fieldIssues', () => {
  it('writes dotted paths and the i18n messages', () => {
    const schema = z.object({
      a: z.object({ b: z.string().min(1, { error: 'validation.required' }) }),
    });
    const result = schema.safeParse({ a: { b: '' } });
    expect(result.success).toBe(false);
    expect(fieldIssues(result.error!)).toEqual([{ path: 'a.b', message: 'validation.required' }]);
  });
});
