import { createRouter } from '../../http/openapi.ts';
import {
  addMinutesObjectionHandler,
  correctMinutesHandler,
  downloadMinutesExtractHandler,
  finaliseMinutesHandler,
  getMinutesApprovalHandler,
  getMinutesVersionHandler,
  getSignatureRequestHandler,
  refuseSignatureHandler,
  signMinutesHandler,
  submitMinutesHandler,
} from './minutes-approval.handlers.ts';
import {
  addMinutesObjectionRoute,
  correctMinutesRoute,
  downloadMinutesExtractRoute,
  finaliseMinutesRoute,
  getMinutesApprovalRoute,
  getMinutesVersionRoute,
  getSignatureRequestRoute,
  refuseSignatureRoute,
  signMinutesRoute,
  submitMinutesRoute,
} from './minutes-approval.routes.ts';

export const minutesApprovalRouter = () =>
  createRouter()
    .openapi(getMinutesApprovalRoute, getMinutesApprovalHandler)
    .openapi(submitMinutesRoute, submitMinutesHandler)
    .openapi(finaliseMinutesRoute, finaliseMinutesHandler)
    .openapi(correctMinutesRoute, correctMinutesHandler)
    .openapi(addMinutesObjectionRoute, addMinutesObjectionHandler)
    .openapi(getMinutesVersionRoute, getMinutesVersionHandler)
    .openapi(downloadMinutesExtractRoute, downloadMinutesExtractHandler)
    .openapi(getSignatureRequestRoute, getSignatureRequestHandler)
    .openapi(signMinutesRoute, signMinutesHandler)
    .openapi(refuseSignatureRoute, refuseSignatureHandler);
