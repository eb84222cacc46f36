import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldIssues } from './error-body.ts';
import { describeFailure, ErrorCode, type Failure, type FailureContext } from './errors.ts';

const http = (status: number, message?: string): Failure => ({ kind: 'http', status, message });
const timeout: Failure = { kind: 'timeout' };
const offline: Failure = { kind: 'offline' };

/** SPEC §8, row by row: [context, failure, expected]. */
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
  // Portal: as checkout, plus 400
  ['portal', http(400), { code: ErrorCode.NO_STRIPE_CUSTOMER }],
  ['portal', http(404), { code: ErrorCode.PLAN_NOT_FOUND }],
  ['portal', http(401), { code: ErrorCode.AUTH_FAILED }],
  ['portal', http(500), { code: ErrorCode.SERVER }],
  ['portal', timeout, { code: ErrorCode.TIMEOUT }],
  ['portal', offline, { code: ErrorCode.OFFLINE }],
  ['portal', http(403), { code: ErrorCode.PORTAL_FAILED }],
];

describe('describeFailure (SPEC §8)', () => {
  it.each(cases)('%s %j → %j', (context, failure, expected) => {
    expect(describeFailure(context, failure)).toEqual(expected);
  });

  it('maps generic failures to the catalogue', () => {
    expect(describeFailure('generic', http(401))).toEqual({ code: ErrorCode.NOT_AUTHENTICATED });
    expect(describeFailure('generic', http(404))).toEqual({ code: ErrorCode.NOT_FOUND });
    expect(describeFailure('generic', http(500))).toEqual({ code: ErrorCode.SERVER });
    expect(describeFailure('generic', http(400, 'Folder name required'))).toEqual({
      message: 'Folder name required',
    });
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
