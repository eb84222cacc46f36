import { createRouter } from '../../http/openapi.ts';
import {
  getAuthConfigHandler,
  getValidate,
  postConfirmEmail,
  postForgotPassword,
  postGoogleLogin,
  postLogin,
  postLogout,
  postRefresh,
  postRegister,
  postResetPassword,
} from './auth.handlers.ts';
import {
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

export const authRouter = () =>
  createRouter()
    .openapi(authConfigRoute, getAuthConfigHandler)
    .openapi(loginRoute, postLogin)
    .openapi(googleLoginRoute, postGoogleLogin)
    .openapi(logoutRoute, postLogout)
    .openapi(refreshRoute, postRefresh)
    .openapi(validateRoute, getValidate)
    .openapi(registerRoute, postRegister)
    .openapi(forgotPasswordRoute, postForgotPassword)
    .openapi(resetPasswordRoute, postResetPassword)
    .openapi(confirmEmailRoute, postConfirmEmail);
