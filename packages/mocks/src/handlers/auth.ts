import { http, HttpResponse } from 'msw';
import { endpoints, ErrorCode, type User } from '@protokoll/contract';
import { mockDb, type MockDb } from '../db.ts';
import {
  DEMO_PASSWORD,
  DEMO_REFRESH_TOKEN,
  DEMO_TOKEN,
  EXPIRED_LINK_TOKEN,
  EXPIRED_REFRESH_TOKEN,
  INVALID_GOOGLE_CREDENTIAL,
} from '../fixtures/user.ts';
import { failWith, handle, hang, reply, type HandleOptions } from '../handle.ts';
import { errorResponse } from '../respond.ts';

const e = endpoints;

/** Handlers of the auth resource: sign-in, registration, tokens, password reset. */
export function createAuthHandlers(db: MockDb = mockDb, options: HandleOptions = {}) {
  const session = (user: User) => ({
    success: true,
    user,
    token: DEMO_TOKEN,
    refreshToken: DEMO_REFRESH_TOKEN,
    message: 'Login successful',
  });
  return [
    handle(
      e.login,
      ({ body }) => {
        if (body.email !== db.user.email || body.password !== DEMO_PASSWORD) {
          return errorResponse(401, ErrorCode.INVALID_CREDENTIALS);
        }
        return reply(e.login, session(db.user));
      },
      options,
    ),
    handle(
      e.googleLogin,
      ({ body }) =>
        body.googleCredential === INVALID_GOOGLE_CREDENTIAL
          ? errorResponse(401, ErrorCode.GOOGLE_AUTH_FAILED)
          : reply(e.googleLogin, session(db.user)),
      options,
    ),
    handle(e.logout, () => reply(e.logout, { success: true }), options),
    handle(
      e.refreshToken,
      ({ body }) =>
        body.refreshToken === EXPIRED_REFRESH_TOKEN
          ? errorResponse(401, ErrorCode.NOT_AUTHENTICATED)
          : reply(e.refreshToken, {
              success: true,
              token: `${DEMO_TOKEN}-refreshed`,
              refreshToken: `${DEMO_REFRESH_TOKEN}-refreshed`,
              user: db.user,
            }),
      options,
    ),
    handle(e.validateToken, () => reply(e.validateToken, { success: true }), options),
    // Google sign-in is off in the mocks, as it is on a server without GOOGLE_CLIENT_ID.
    handle(e.getAuthConfig, () => reply(e.getAuthConfig, { success: true }), options),
    handle(
      e.register,
      ({ body }) => {
        if (body.email === db.user.email) return errorResponse(409, ErrorCode.EMAIL_EXISTS);
        const user: User = {
          id: db.nextId++,
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          company: body.company || null,
          phoneNumber: body.phone_number || null,
          planId: 'free',
        };
        return reply(
          e.register,
          {
            success: true,
            user,
            token: DEMO_TOKEN,
            refreshToken: DEMO_REFRESH_TOKEN,
            message: 'Registered',
          },
          { status: 201 },
        );
      },
      options,
    ),
    // Always success: the server never tells whether an account exists.
    handle(e.forgotPassword, () => reply(e.forgotPassword, { success: true }), options),
    handle(
      e.resetPassword,
      ({ body }) =>
        body.token === EXPIRED_LINK_TOKEN
          ? errorResponse(400, ErrorCode.INVALID_TOKEN)
          : reply(e.resetPassword, { success: true }),
      options,
    ),
    handle(
      e.confirmEmailUpdate,
      ({ body }) =>
        body.token === EXPIRED_LINK_TOKEN
          ? errorResponse(400, ErrorCode.INVALID_TOKEN)
          : reply(e.confirmEmailUpdate, { success: true }),
      options,
    ),
  ];
}

export const authHandlers = createAuthHandlers();

const signIn = [e.login, e.googleLogin, e.register];

/** Named auth scenarios; each returns the whole resource, so a story can swap the `auth` key. */
export const auth = {
  signedIn: () => authHandlers,
  /** Login (and Google login) answer 429. */
  tooManyAttempts: () => [
    failWith(e.login, 429, ErrorCode.TOO_MANY_ATTEMPTS),
    failWith(e.googleLogin, 429, ErrorCode.TOO_MANY_ATTEMPTS),
    ...authHandlers,
  ],
  /** Login answers 401 whatever is typed. */
  invalidCredentials: () => [
    failWith(e.login, 401, ErrorCode.INVALID_CREDENTIALS),
    ...authHandlers,
  ],
  /** Google login answers 401. */
  googleFailed: () => [failWith(e.googleLogin, 401, ErrorCode.GOOGLE_AUTH_FAILED), ...authHandlers],
  /** Login, Google login and registration answer a server error. */
  serverError: (status = 500) => [
    ...signIn.map((endpoint) => failWith(endpoint, status, ErrorCode.SERVER)),
    ...authHandlers,
  ],
  /**
   * Login answers 4xx with a message of its own (docs/errors.md#texts-by-context: the server
   * message).
   */
  serverMessage: (message = 'Ihr Konto ist gesperrt.', status = 403) => [
    failWith(e.login, status, 'accountLocked', message),
    ...authHandlers,
  ],
  /** Every auth call fails as a network error. */
  offline: () => [http.all('*/api/auth/*', () => HttpResponse.error())],
  /** Every auth call answers after `ms`. */
  slow: (ms = 3_000) => createAuthHandlers(mockDb, { latency: ms }),
  /** Login, Google login and registration never answer, so the client times out. */
  timeout: () => [...signIn.map(hang), ...authHandlers],
  /** Registration answers 409 "Email already exists". */
  emailExists: () => [failWith(e.register, 409, ErrorCode.EMAIL_EXISTS), ...authHandlers],
  /** Registration answers 422 "Invalid input data". */
  invalidRegistration: () => [failWith(e.register, 422, ErrorCode.INVALID_INPUT), ...authHandlers],
  /** Refresh and validation reject the session. */
  sessionExpired: () => [
    failWith(e.refreshToken, 401, ErrorCode.NOT_AUTHENTICATED),
    failWith(e.validateToken, 401, ErrorCode.NOT_AUTHENTICATED),
    ...authHandlers,
  ],
  /** Reset and e-mail confirmation links are expired. */
  expiredLink: () => [
    failWith(e.resetPassword, 400, ErrorCode.INVALID_TOKEN),
    failWith(e.confirmEmailUpdate, 400, ErrorCode.INVALID_TOKEN),
    ...authHandlers,
  ],
};
