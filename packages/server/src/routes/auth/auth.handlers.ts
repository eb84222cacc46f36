import { ErrorCode, PASSWORD_RESET_TTL_MS } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { authOf, notAuthenticated } from '../../lib/auth/middleware.ts';
import { consumeOneTimeToken, issueOneTimeToken } from '../../lib/auth/one-time.ts';
import { hashPassword, verifyPassword } from '../../lib/auth/passwords.ts';
import {
  revokeSession,
  revokeUserSessions,
  rotateRefreshToken,
  startSession,
} from '../../lib/auth/sessions.ts';
import { ApiError, notFoundError } from '../../lib/errors.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { clientIp, enforceRateLimit } from '../../lib/rate-limit.ts';
import {
  appLink,
  findUserByEmail,
  findUserById,
  isUniqueViolation,
  mailLocale,
  toUserDto,
} from '../../lib/users.ts';
import { passwordResetMail } from '../../providers/mail/templates.ts';
import type {
  authConfigRoute,
  confirmEmailRoute,
  forgotPasswordRoute,
  googleLoginRoute,
  loginRoute,
  logoutRoute,
  refreshRoute,
  registerRoute,
  resetPasswordRoute,
  validateRoute,
} from './auth.routes.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const GOOGLE_AUTH_FAILED_MESSAGE = 'Google authentication failed';
export const EMAIL_EXISTS_MESSAGE = 'Email already exists';
export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired.';

export function invalidLink(): ApiError {
  return new ApiError(400, ErrorCode.INVALID_TOKEN, INVALID_LINK_MESSAGE);
}

export function emailExists(): ApiError {
  return new ApiError(409, ErrorCode.EMAIL_EXISTS, EMAIL_EXISTS_MESSAGE);
}

export const postLogin: AppRouteHandler<typeof loginRoute> = async (c) => {
  const { email, password } = c.req.valid('json');
  await enforceRateLimit(c, `login:${clientIp(c)}:${email}`, c.var.config.rateLimits.login);
  const user = await findUserByEmail(c.var.db, email);
  // Unknown address and wrong password: the same answer after the same work (a hash check).
  const valid = await verifyPassword(user?.passwordHash, password);
  if (!user || !valid) {
    throw new ApiError(401, ErrorCode.INVALID_CREDENTIALS, INVALID_CREDENTIALS_MESSAGE);
  }
  const session = await startSession(c.var.db, c.var.jwtSecret, user.id);
  return c.json(
    {
      success: true,
      user: toUserDto(user),
      token: session.token,
      refreshToken: session.refreshToken,
      message: 'Signed in',
    },
    200,
  );
};

export const postGoogleLogin: AppRouteHandler<typeof googleLoginRoute> = async (c) => {
  const google = c.var.google;
  if (!google) throw notFoundError('Google sign-in is not configured');
  const { googleCredential } = c.req.valid('json');
  const identity = await google.verify(googleCredential);
  if (!identity) throw new ApiError(401, ErrorCode.GOOGLE_AUTH_FAILED, GOOGLE_AUTH_FAILED_MESSAGE);
  let user = await findUserByEmail(c.var.db, identity.email);
  if (!user) {
    try {
      [user] = await c.var.db
        .insert(users)
        .values({
          email: identity.email,
          firstName: identity.givenName ?? null,
          lastName: identity.familyName ?? null,
          locale: mailLocale(c, undefined),
        })
        .returning();
    } catch (error) {
      // Created by a concurrent sign-in a moment ago.
      if (!isUniqueViolation(error)) throw error;
      user = await findUserByEmail(c.var.db, identity.email);
    }
  }
  if (!user) throw new ApiError(401, ErrorCode.GOOGLE_AUTH_FAILED, GOOGLE_AUTH_FAILED_MESSAGE);
  const session = await startSession(c.var.db, c.var.jwtSecret, user.id);
  return c.json(
    {
      success: true,
      user: toUserDto(user),
      token: session.token,
      refreshToken: session.refreshToken,
      message: 'Signed in',
    },
    200,
  );
};

export const postLogout: AppRouteHandler<typeof logoutRoute> = async (c) => {
  const { userId, sessionId } = authOf(c);
  await revokeSession(c.var.db, userId, sessionId);
  return c.json({ success: true, message: 'Signed out' }, 200);
};

export const postRefresh: AppRouteHandler<typeof refreshRoute> = async (c) => {
  const { refreshToken } = c.req.valid('json');
  const result = await rotateRefreshToken(c.var.db, c.var.jwtSecret, refreshToken);
  if (!result.ok) {
    if (result.reason === 'reused') {
      c.var.logger.warn('refresh token reused: session revoked');
    }
    throw notAuthenticated();
  }
  const user = await findUserById(c.var.db, result.userId);
  if (!user) throw notAuthenticated();
  return c.json(
    {
      success: true,
      token: result.session.token,
      refreshToken: result.session.refreshToken,
      user: toUserDto(user),
    },
    200,
  );
};

export const getValidate: AppRouteHandler<typeof validateRoute> = (c) =>
  c.json({ success: true }, 200);

export const postRegister: AppRouteHandler<typeof registerRoute> = async (c) => {
  const body = c.req.valid('json');
  await enforceRateLimit(c, `register:${clientIp(c)}`, c.var.config.rateLimits.register);
  if (await findUserByEmail(c.var.db, body.email)) throw emailExists();
  const passwordHash = await hashPassword(body.password);
  let created;
  try {
    [created] = await c.var.db
      .insert(users)
      .values({
        email: body.email,
        passwordHash,
        firstName: body.first_name,
        lastName: body.last_name,
        company: body.company || null,
        phoneNumber: body.phone_number || null,
        locale: mailLocale(c, body.locale),
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExists();
    throw error;
  }
  if (!created) throw new Error('insert returned no user');
  const session = await startSession(c.var.db, c.var.jwtSecret, created.id);
  return c.json(
    {
      success: true,
      user: toUserDto(created),
      token: session.token,
      refreshToken: session.refreshToken,
      message: 'Registration successful',
    },
    200,
  );
};

export const postForgotPassword: AppRouteHandler<typeof forgotPasswordRoute> = async (c) => {
  const { email, locale } = c.req.valid('json');
  await enforceRateLimit(c, `forgot:${clientIp(c)}`, c.var.config.rateLimits.forgotPassword);
  const user = await findUserByEmail(c.var.db, email);
  if (user) {
    const token = await issueOneTimeToken(c.var.db, {
      userId: user.id,
      purpose: 'password_reset',
      ttlMs: PASSWORD_RESET_TTL_MS,
    });
    const lang = mailLocale(c, locale, user.locale);
    const link = appLink(c, lang, '/reset-password', { token });
    try {
      await c.var.mailer.send(passwordResetMail(lang, user.email, link));
    } catch (error) {
      // An error answer would tell the caller that the address has an account.
      c.var.logger.error('password reset mail could not be sent', { userId: user.id, err: error });
    }
  }
  // The same answer whether or not the address has an account.
  return c.json(
    { success: true, message: 'If an account exists for this address, a link is on its way.' },
    200,
  );
};

export const postResetPassword: AppRouteHandler<typeof resetPasswordRoute> = async (c) => {
  const { token, password } = c.req.valid('json');
  const passwordHash = await hashPassword(password);
  const done = await c.var.db.transaction(async (tx) => {
    const spent = await consumeOneTimeToken(tx, token, 'password_reset');
    if (!spent) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.userId));
    // Whoever knew the old password is signed out everywhere.
    await revokeUserSessions(tx, spent.userId);
    return true;
  });
  if (!done) throw invalidLink();
  return c.json({ success: true, message: 'Password changed' }, 200);
};

export const postConfirmEmail: AppRouteHandler<typeof confirmEmailRoute> = async (c) => {
  const { token } = c.req.valid('json');
  const outcome = await c.var.db
    .transaction(async (tx) => {
      const spent = await consumeOneTimeToken(tx, token, 'email_change');
      if (!spent?.newEmail) return 'invalid' as const;
      await tx.update(users).set({ email: spent.newEmail }).where(eq(users.id, spent.userId));
      return 'changed' as const;
    })
    .catch((error: unknown) => {
      // Taken by another account since the link was sent; the token stays unspent (rollback).
      if (isUniqueViolation(error)) return 'taken' as const;
      throw error;
    });
  if (outcome === 'invalid') throw invalidLink();
  if (outcome === 'taken') throw emailExists();
  return c.json({ success: true, message: 'E-mail address changed' }, 200);
};

export const getAuthConfigHandler: AppRouteHandler<typeof authConfigRoute> = (c) => {
  c.header('Cache-Control', 'no-cache');
  const clientId = c.var.google ? c.var.config.googleClientId : undefined;
  return c.json({ success: true, ...(clientId ? { google_client_id: clientId } : {}) }, 200);
};
