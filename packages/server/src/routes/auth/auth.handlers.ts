import type { User } from '../../db/schema.ts';
import { confirmEmailChange } from '../../domain/accounts/email-change.ts';
import { requestPasswordReset, resetPassword } from '../../domain/accounts/password.ts';
import { register, signIn, signInWithGoogle } from '../../domain/accounts/sign-in.ts';
import { authOf } from '../../http/auth.ts';
import { revokeSession, rotateRefreshToken, type IssuedSession } from '../../lib/auth/sessions.ts';
import { notFoundError, notAuthenticated } from '../../lib/errors.ts';
import type { AppRouteHandler } from '../../http/openapi.ts';
import { clientIp, enforceRateLimit } from '../../http/rate-limit.ts';
import { findUserById, toUserDto } from '../../lib/users.ts';
import { mailLocale } from '../../http/request-locale.ts';
import { accountDepsOf } from '../deps.ts';
import { mailReachOf } from '../mail-reach.ts';
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

/** The answer of every way in: the user and the session's first tokens. */
function signedIn({ user, session }: { user: User; session: IssuedSession }, message: string) {
  return {
    success: true,
    user: toUserDto(user),
    token: session.token,
    refreshToken: session.refreshToken,
    message,
  };
}

export const postLogin: AppRouteHandler<typeof loginRoute> = async (c) => {
  const body = c.req.valid('json');
  const ip = clientIp(c);
  // Per address and e-mail stops guessing one password; per address alone stops trying one
  // password on many accounts.
  await enforceRateLimit(c, `login-ip:${ip}`, c.var.config.rateLimits.loginIp);
  await enforceRateLimit(c, `login:${ip}:${body.email}`, c.var.config.rateLimits.login);
  return c.json(signedIn(await signIn(accountDepsOf(c), body), 'Signed in'), 200);
};

export const postGoogleLogin: AppRouteHandler<typeof googleLoginRoute> = async (c) => {
  const google = c.var.google;
  if (!google) throw notFoundError('Google sign-in is not configured');
  const { googleCredential } = c.req.valid('json');
  const result = await signInWithGoogle(accountDepsOf(c), {
    google,
    credential: googleCredential,
    locale: mailLocale(c, undefined),
  });
  return c.json(signedIn(result, 'Signed in'), 200);
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
  const result = await register(accountDepsOf(c), body, mailLocale(c, body.locale));
  return c.json(signedIn(result, 'Registration successful'), 200);
};

export const postForgotPassword: AppRouteHandler<typeof forgotPasswordRoute> = async (c) => {
  const { email, locale } = c.req.valid('json');
  await enforceRateLimit(c, `forgot:${clientIp(c)}`, c.var.config.rateLimits.forgotPassword);
  await requestPasswordReset(accountDepsOf(c), { email, reach: mailReachOf(c, locale) });
  // The same answer whether or not the address has an account.
  return c.json(
    { success: true, message: 'If an account exists for this address, a link is on its way.' },
    200,
  );
};

export const postResetPassword: AppRouteHandler<typeof resetPasswordRoute> = async (c) => {
  await resetPassword(accountDepsOf(c), c.req.valid('json'));
  return c.json({ success: true, message: 'Password changed' }, 200);
};

export const postConfirmEmail: AppRouteHandler<typeof confirmEmailRoute> = async (c) => {
  await confirmEmailChange(accountDepsOf(c), c.req.valid('json').token);
  return c.json({ success: true, message: 'E-mail address changed' }, 200);
};

export const getAuthConfigHandler: AppRouteHandler<typeof authConfigRoute> = (c) => {
  c.header('Cache-Control', 'no-cache');
  const clientId = c.var.google ? c.var.config.googleClientId : undefined;
  return c.json({ success: true, ...(clientId ? { google_client_id: clientId } : {}) }, 200);
};
