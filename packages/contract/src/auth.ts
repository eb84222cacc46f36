import { z } from 'zod';
import { SuccessMessage } from './common.ts';
import {
  LOCALES,
  LOGIN_RETRIES,
  LOGIN_TIMEOUT_MS,
  REFRESH_TIMEOUT_MS,
  REGISTER_RETRIES,
  REGISTER_TIMEOUT_MS,
  VALIDATE_TIMEOUT_MS,
} from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { EmailField, LinkToken, NewPassword, PersonName, ShortText } from './fields.ts';
import { User } from './user.ts';

/** Password sign-in credentials: e-mail and password. */
export const LoginBody = z
  .object({
    email: EmailField,
    password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof LoginBody>;

export const GoogleLoginBody = z
  .object({
    /** The ID token from Google Identity Services. */
    googleCredential: z
      .string({ error: 'validation.required' })
      .min(1, { error: 'validation.required' }),
  })
  .meta({ id: 'GoogleLoginBody' });
export type GoogleLoginBody = z.infer<typeof GoogleLoginBody>;

/** Login and Google login answer with the session (docs/sessions.md#signing-in). */
export const LoginResponse = z
  .object({
    success: z.boolean(),
    user: User,
    token: z.string().min(1),
    refreshToken: z.string().min(1),
    message: z.string().optional(),
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RefreshBody = z
  .object({
    refreshToken: z
      .string({ error: 'validation.required' })
      .min(1, { error: 'validation.required' }),
  })
  .meta({ id: 'RefreshBody' });
export type RefreshBody = z.infer<typeof RefreshBody>;

export const RefreshResponse = z
  .object({
    success: z.boolean(),
    token: z.string().min(1),
    refreshToken: z.string().min(1),
    user: User,
  })
  .meta({ id: 'RefreshResponse' });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const ValidateResponse = z.object({ success: z.boolean() }).meta({ id: 'ValidateResponse' });
export type ValidateResponse = z.infer<typeof ValidateResponse>;

/** The registration form (docs/sessions.md#signing-in), in the server-facing field names. */
export const RegisterBody = z
  .object({
    first_name: PersonName,
    last_name: PersonName,
    email: EmailField,
    password: NewPassword,
    company: ShortText.optional(),
    phone_number: ShortText.optional(),
    accept_terms: z.literal(true, { error: 'validation.termsRequired' }),
    /** Language of the e-mails the account receives; the interface language at sign-up. */
    locale: z.enum(LOCALES).optional(),
  })
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.infer<typeof RegisterBody>;

/**
 * Success, user, token, message. `refreshToken` is our addition, so a new account's
 * session can be refreshed like any other.
 */
export const RegisterResponse = z
  .object({
    success: z.boolean(),
    user: User,
    token: z.string().min(1),
    refreshToken: z.string().min(1).optional(),
    message: z.string().optional(),
  })
  .meta({ id: 'RegisterResponse' });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const ForgotPasswordBody = z
  .object({ email: EmailField, locale: z.enum(LOCALES).optional() })
  .meta({ id: 'ForgotPasswordBody' });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ResetPasswordBody = z
  .object({ token: LinkToken, password: NewPassword })
  .meta({ id: 'ResetPasswordBody' });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const ConfirmEmailBody = z.object({ token: LinkToken }).meta({ id: 'ConfirmEmailBody' });
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBody>;

export const login = defineEndpoint({
  id: 'login',
  method: 'POST',
  path: '/api/auth/login',
  tag: 'auth',
  summary: 'Sign in with e-mail and password',
  auth: false,
  body: LoginBody,
  bodyKind: 'json',
  response: LoginResponse,
  timeoutMs: LOGIN_TIMEOUT_MS,
  retries: LOGIN_RETRIES,
});

export const googleLogin = defineEndpoint({
  id: 'googleLogin',
  method: 'POST',
  path: '/api/auth/google',
  tag: 'auth',
  summary: 'Sign in with a Google ID token',
  auth: false,
  body: GoogleLoginBody,
  bodyKind: 'json',
  response: LoginResponse,
});

export const logout = defineEndpoint({
  id: 'logout',
  method: 'POST',
  path: '/api/auth/logout',
  tag: 'auth',
  summary: 'End the session (the client ignores the answer)',
  auth: true,
  response: SuccessMessage,
});

export const refreshToken = defineEndpoint({
  id: 'refreshToken',
  method: 'POST',
  path: '/api/auth/refresh',
  tag: 'auth',
  summary: 'Exchange a refresh token for a new session',
  auth: false,
  body: RefreshBody,
  bodyKind: 'json',
  response: RefreshResponse,
  timeoutMs: REFRESH_TIMEOUT_MS,
});

export const validateToken = defineEndpoint({
  id: 'validateToken',
  method: 'GET',
  path: '/api/auth/validate',
  tag: 'auth',
  summary: 'Check that the bearer token is still valid',
  auth: true,
  response: ValidateResponse,
  timeoutMs: VALIDATE_TIMEOUT_MS,
});

export const register = defineEndpoint({
  id: 'register',
  method: 'POST',
  path: '/api/auth/register',
  tag: 'auth',
  summary: 'Create an account and sign in',
  auth: false,
  body: RegisterBody,
  bodyKind: 'json',
  response: RegisterResponse,
  timeoutMs: REGISTER_TIMEOUT_MS,
  retries: REGISTER_RETRIES,
});

export const forgotPassword = defineEndpoint({
  id: 'forgotPassword',
  method: 'POST',
  path: '/api/auth/forgot-password',
  tag: 'auth',
  summary: 'Mail a password reset link (always succeeds: no account enumeration)',
  auth: false,
  body: ForgotPasswordBody,
  bodyKind: 'json',
  response: SuccessMessage,
});

export const resetPassword = defineEndpoint({
  id: 'resetPassword',
  method: 'POST',
  path: '/api/auth/reset-password',
  tag: 'auth',
  summary: 'Set a new password with the token of a reset link',
  auth: false,
  body: ResetPasswordBody,
  bodyKind: 'json',
  response: SuccessMessage,
});

export const confirmEmailUpdate = defineEndpoint({
  id: 'confirmEmailUpdate',
  method: 'POST',
  path: '/api/auth/update-email',
  tag: 'auth',
  summary: 'Confirm an e-mail change with the token of the confirmation link',
  auth: false,
  body: ConfirmEmailBody,
  bodyKind: 'json',
  response: SuccessMessage,
});

/** What the sign-in screens need to know about the server: Google sign-in is shown only when on. */
export const AuthConfigResponse = z
  .object({
    success: z.boolean(),
    /** The Google OAuth client id for Google Identity Services; absent when Google sign-in is off. */
    google_client_id: z.string().min(1).optional(),
  })
  .meta({ id: 'AuthConfigResponse' });
export type AuthConfigResponse = z.infer<typeof AuthConfigResponse>;

/** Public capabilities of the sign-in (without GOOGLE_CLIENT_ID the button is hidden). */
export const getAuthConfig = defineEndpoint({
  id: 'getAuthConfig',
  method: 'GET',
  path: '/api/auth/config',
  tag: 'auth',
  summary: 'Sign-in options of this server (Google client id when Google sign-in is on)',
  auth: false,
  response: AuthConfigResponse,
});
