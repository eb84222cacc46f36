import {
  addMinutesObjection,
  correctMinutes,
  downloadMinutesExtract,
  finaliseMinutes,
  getMinutesApproval,
  getMinutesVersion,
  getSignatureRequest,
  refuseSignature,
  signMinutes,
  submitMinutes,
} from '@protokoll/contract';
import { routeFor } from '../../http/openapi.ts';

export const getMinutesApprovalRoute = routeFor(getMinutesApproval);
export const submitMinutesRoute = routeFor(submitMinutes);
export const finaliseMinutesRoute = routeFor(finaliseMinutes);
export const correctMinutesRoute = routeFor(correctMinutes);
export const addMinutesObjectionRoute = routeFor(addMinutesObjection);
export const getMinutesVersionRoute = routeFor(getMinutesVersion);
export const getSignatureRequestRoute = routeFor(getSignatureRequest);
export const signMinutesRoute = routeFor(signMinutes);
export const refuseSignatureRoute = routeFor(refuseSignature);
export const downloadMinutesExtractRoute = routeFor(downloadMinutesExtract);
