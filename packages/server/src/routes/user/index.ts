import { createRouter } from '../../http/openapi.ts';
import {
  changePasswordHandler,
  deleteUserHandler,
  getMinutesHandler,
  getPlanHandler,
  getUserHandler,
  requestEmailChangeHandler,
  updateUserHandler,
} from './user.handlers.ts';
import {
  changePasswordRoute,
  deleteUserRoute,
  getMinutesRoute,
  getPlanRoute,
  getUserRoute,
  requestEmailChangeRoute,
  updateUserRoute,
} from './user.routes.ts';

export const userRouter = () =>
  createRouter()
    .openapi(getUserRoute, getUserHandler)
    .openapi(updateUserRoute, updateUserHandler)
    .openapi(deleteUserRoute, deleteUserHandler)
    .openapi(getMinutesRoute, getMinutesHandler)
    .openapi(getPlanRoute, getPlanHandler)
    .openapi(requestEmailChangeRoute, requestEmailChangeHandler)
    .openapi(changePasswordRoute, changePasswordHandler);
