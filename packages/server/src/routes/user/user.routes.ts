import {
  changePassword,
  deleteUser,
  getMinutes,
  getPlan,
  getUser,
  requestEmailChange,
  updateUser,
} from '@protokoll/contract';
import { routeFor } from '../../http/openapi.ts';

export const getUserRoute = routeFor(getUser);
export const updateUserRoute = routeFor(updateUser);
export const deleteUserRoute = routeFor(deleteUser);
export const getMinutesRoute = routeFor(getMinutes);
export const getPlanRoute = routeFor(getPlan);
export const requestEmailChangeRoute = routeFor(requestEmailChange);
export const changePasswordRoute = routeFor(changePassword);
