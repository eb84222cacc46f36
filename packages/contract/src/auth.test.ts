import { describe, expect, it } from 'vitest';
import {
  ConfirmEmailBody,
  ForgotPasswordBody,
  GoogleLoginBody,
  LoginBody,
  LoginResponse,
  RefreshBody,
  RefreshResponse,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  ValidateResponse,
} from './auth.ts';
import type { User } from './user.ts';

const user: User = {
  id: 1,
  email: 'erika@example.de',
  firstName: 'Erika',
  lastName: 'Mustermann',
  company: null,
  phoneNumber: null,
  planId: 'free',
};

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('auth requests', () => {
  it('accepts credentials and normalises the e-mail', () => {
    expect(LoginBody.parse({ email: '  Erika@Example.DE ', password: 'x' })).toEqual({
      email: 'erika@example.de',
      password: 'x',
    });
  });

  it('rejects missing or malformed credentials with i18n keys', () => {
    expect(messagesOf(LoginBody.safeParse({ email: 'erika@example.de' }))).toEqual([
      'validation.required',
    ]);
    expect(messagesOf(LoginBody.safeParse({ email: 'no-at-sign', password: 'x' }))).toEqual([
      'validation.emailInvalid',
    ]);
    expect(LoginBody.safeParse({ email: 1, password: 'x' }).success).toBe(false);
  });

  it('needs the Google credential', () => {
    expect(GoogleLoginBody.safeParse({ googleCredential: 'eyJ…' }).success).toBe(true);
    expect(GoogleLoginBody.safeParse({}).success).toBe(false);
    expect(GoogleLoginBody.safeParse({ googleCredential: '' }).success).toBe(false);
  });

  it('needs the refresh token', () => {
    expect(RefreshBody.safeParse({ refreshToken: 'r' }).success).toBe(true);
    expect(RefreshBody.safeParse({ refresh_token: 'r' }).success).toBe(false);
  });

  const registration = {
    first_name: 'Erika',
    last_name: 'Mustermann',
    email: 'erika@example.de',
    password: 'geheim123',
    accept_terms: true,
  };

  it('accepts the registration form, company and phone optional', () => {
    expect(RegisterBody.safeParse(registration).success).toBe(true);
    expect(
      RegisterBody.safeParse({
        ...registration,
        company: 'ACME',
        phone_number: '+49',
        locale: 'de',
      }).success,
    ).toBe(true);
  });

  it('rejects a short password, unaccepted terms, blank names and an unknown locale', () => {
    expect(messagesOf(RegisterBody.safeParse({ ...registration, password: 'kurz' }))).toEqual([
      'validation.passwordTooShort',
    ]);
    expect(messagesOf(RegisterBody.safeParse({ ...registration, accept_terms: false }))).toEqual([
      'validation.termsRequired',
    ]);
    expect(messagesOf(RegisterBody.safeParse({ ...registration, first_name: '   ' }))).toEqual([
      'validation.required',
    ]);
    expect(RegisterBody.safeParse({ ...registration, locale: 'fr' }).success).toBe(false);
    const { last_name: _, ...withoutLastName } = registration;
    expect(RegisterBody.safeParse(withoutLastName).success).toBe(false);
  });

  it('checks the password-reset and e-mail confirmation bodies', () => {
    expect(ForgotPasswordBody.safeParse({ email: 'erika@example.de' }).success).toBe(true);
    expect(ForgotPasswordBody.safeParse({ email: '' }).success).toBe(false);
    expect(ResetPasswordBody.safeParse({ token: 't', password: 'geheim123' }).success).toBe(true);
    expect(ResetPasswordBody.safeParse({ token: '', password: 'geheim123' }).success).toBe(false);
    expect(ResetPasswordBody.safeParse({ token: 't', password: 'kurz' }).success).toBe(false);
    expect(ConfirmEmailBody.safeParse({ token: 't' }).success).toBe(true);
    expect(ConfirmEmailBody.safeParse({}).success).toBe(false);
  });
});

describe('auth responses', () => {
  it('accepts the login answer and rejects one without tokens', () => {
    const answer = { success: true, user, token: 't', refreshToken: 'r', message: 'ok' };
    expect(LoginResponse.safeParse(answer).success).toBe(true);
    expect(LoginResponse.safeParse({ ...answer, refreshToken: undefined }).success).toBe(false);
    expect(LoginResponse.safeParse({ ...answer, user: { ...user, id: 'x' } }).success).toBe(false);
  });

  it('accepts the registration answer with or without a refresh token', () => {
    expect(RegisterResponse.safeParse({ success: true, user, token: 't' }).success).toBe(true);
    expect(
      RegisterResponse.safeParse({ success: true, user, token: 't', refreshToken: 'r' }).success,
    ).toBe(true);
    expect(RegisterResponse.safeParse({ success: true, user }).success).toBe(false);
  });

  it('accepts refresh and validate answers', () => {
    expect(
      RefreshResponse.safeParse({ success: true, token: 't', refreshToken: 'r', user }).success,
    ).toBe(true);
    expect(RefreshResponse.safeParse({ success: true, token: 't', user }).success).toBe(false);
    expect(ValidateResponse.safeParse({ success: false }).success).toBe(true);
    expect(ValidateResponse.safeParse({ success: 'yes' }).success).toBe(false);
  });
});
