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
import { routeFor } from '../../lib/openapi.ts';

export const loginRoute = routeFor(login);
export const googleLoginRoute = routeFor(googleLogin);
export const logoutRoute = routeFor(logout);
export const refreshRoute = routeFor(refreshToken);
export const validateRoute = routeFor(validateToken);
export const registerRoute = routeFor(register);
export const forgotPasswordRoute = routeFor(forgotPassword);
export const resetPasswordRoute = routeFor(resetPassword);
export const confirmEmailRoute = routeFor(confirmEmailUpdate);
export const authConfigRoute = routeFor(getAuthConfig);
