import { createRouter } from '../../http/openapi.ts';
import {
  downloadResolutionRegisterHandler,
  getFolderRegistersHandler,
  markRegisterTaskHandler,
  setFolderGremiumHandler,
} from './registers.handlers.ts';
import {
  downloadResolutionRegisterRoute,
  getFolderRegistersRoute,
  markRegisterTaskRoute,
  setFolderGremiumRoute,
} from './registers.routes.ts';

/** A folder's registers (docs/formal-minutes.md#registers). */
export const registersRouter = () =>
  createRouter()
    .openapi(getFolderRegistersRoute, getFolderRegistersHandler)
    .openapi(setFolderGremiumRoute, setFolderGremiumHandler)
    .openapi(markRegisterTaskRoute, markRegisterTaskHandler)
    .openapi(downloadResolutionRegisterRoute, downloadResolutionRegisterHandler);
