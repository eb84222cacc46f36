import {
  confirmEmailUpdate,
  forgotPassword,
  getAuthConfig,
  googleLogin,
  login,
  logout,
  refreshToken,
  register,
  resetPassword,
  validateToken,
} from '@protokoll/contract';
import { routeFor } from '../../http/openapi.ts';

const TOO_MANY = 'Too many attempts from this address (Retry-After says when to try again)';

export const loginRoute = routeFor(login, {
  errors: { 401: 'Wrong e-mail address or password', 429: TOO_MANY },
});
export const googleLoginRoute = routeFor(googleLogin, {
  errors: { 401: 'Google did not confirm the sign-in', 404: 'Google sign-in is not configured' },
});
export const logoutRoute = routeFor(logout);
export const refreshRoute = routeFor(refreshToken);
export const validateRoute = routeFor(validateToken);
export const registerRoute = routeFor(register, {
  errors: { 409: 'The e-mail address has an account already', 429: TOO_MANY },
});
export const forgotPasswordRoute = routeFor(forgotPassword, { errors: { 429: TOO_MANY } });
export const resetPasswordRoute = routeFor(resetPassword, {
  errors: { 400: 'The link is invalid or has expired' },
});
export const confirmEmailRoute = routeFor(confirmEmailUpdate, {
  errors: { 400: 'The link is invalid or has expired', 409: 'The new address has an account' },
});
export const authConfigRoute = routeFor(getAuthConfig);
